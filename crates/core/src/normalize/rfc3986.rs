//! RFC 3986 §6.2 normalization: the canonical form of [`Spec::Rfc3986`]
//! (and [`Spec::Rfc1808`]) values, which [`Url::canonical`] and
//! [`Url::equivalent`] use for them.
//!
//! # Syntax-based (§6.2.2)
//!
//! * **Case** (§6.2.2.1): the scheme and the host in lower case, the hex
//!   digits of every `%XX` in upper case.
//! * **Percent-encoding** (§6.2.2.2): an escape of an `unreserved` octet
//!   (`ALPHA / DIGIT / "-" / "." / "_" / "~"`) decoded, in every component;
//!   nothing reserved is ever decoded, so `%2F` never becomes `/`.
//! * **A host decoded to an IPv4 address**: `85.14.122.%34` is a `reg-name`
//!   (`%` matches no `dec-octet`), and its decoded form `85.14.122.4`
//!   matches `IPv4address`, which §3.2.2 says wins over `reg-name`. By §2.3
//!   and §6.2.2.2 the two are equivalent, and a name registry given the
//!   decoded name (as §3.2.2 has a reg-name looked up) answers with that
//!   address: both name the same host. So the escape is decoded like any
//!   other, and the canonical form's host is an IPv4 address
//!   ([`HostKind::Ipv4`]); the canonical form parses
//!   again to itself, and `85.14.122.%34` is equivalent to `85.14.122.4`.
//!   Keeping the escape instead would make two URLs §6.2.2.2 calls
//!   equivalent compare unequal, and a filter of IPv4 addresses could be
//!   passed by escaping one digit.
//! * **Dot segments** (§6.2.2.3): [`remove_dot_segments`] on the path. A
//!   result with no authority whose path starts with `//` is written with `/.`
//!   before it, as [resolution](crate::resolve::rfc3986) does, so that the path is not
//!   read as an authority.
//!
//! # Scheme-based (§6.2.3)
//!
//! * An empty port, and a port equal to the scheme's default
//!   ([`default_port`]), are dropped with their `:`; another port is written
//!   without leading zeros (one over 65535 as written).
//! * An `http` or `https` URI with an authority and an empty path gets the
//!   path `/`.
//! * An empty query or fragment is kept: `http://example.com/?` is not
//!   `http://example.com/` (§6.2.3).
//!
//! # RFC 1808
//!
//! RFC 1808 defines no normal form; [`Spec::Rfc1808`] values get the same
//! rules but two: its `unreserved` is RFC 1738's (`~` is not one, `$+!*'(),`
//! are), and dot segments stay, as RFC 1808 resolution keeps `/./g`.
//!
//! [`Url::canonical`]: crate::Url::canonical
//! [`Url::equivalent`]: crate::Url::equivalent
//! [`Spec::Rfc3986`]: crate::Spec::Rfc3986
//! [`Spec::Rfc1808`]: crate::Spec::Rfc1808

use super::{canonical_start, pieces, push_upper_escape, Piece};
use crate::ascii::{rfc1738, ByteSet};
use crate::resolve::remove_dot_segments::remove_dot_segments;
use crate::rfc3986::chars;
use crate::rfc3986::host::is_ipv4address;
use crate::url::Url;
use crate::{HostKind, Spec};

/// The port a scheme's protocol listens on by default under RFC 3986 and
/// RFC 1808: RFC 1738's and the RFC 1630 draft's, and `https` 443 (RFC
/// 9110), `ws` 80 and `wss` 443 (RFC 6455); see [`ports`](crate::ports).
///
/// # Examples
///
/// ```
/// use urikit::normalize::rfc3986::default_port;
/// assert_eq!(default_port("https"), Some(443));
/// assert_eq!(default_port("HTTP"), Some(80));
/// assert_eq!(default_port("urn"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    crate::ports::default_port(scheme, Spec::Rfc3986)
}

/// Appends `text` with escapes of `decode` octets decoded, the rest of the
/// escapes in upper case, and letters in lower case where `lower` says.
fn push_normalized(out: &mut String, text: &str, decode: &ByteSet, lower: bool) {
    for piece in pieces(text) {
        match piece {
            Piece::Escape(octet, _) if decode.contains(octet) => {
                out.push(if lower { octet.to_ascii_lowercase() } else { octet } as char)
            }
            Piece::Escape(_, written) => push_upper_escape(out, written),
            // Valid input is ASCII outside escapes; a UTF-8 sequence is
            // copied whole should an unvalidated value ever reach here.
            Piece::Char(c) if lower => out.extend(c.chars().map(|ch| ch.to_ascii_lowercase())),
            Piece::Char(c) => out.push_str(c),
        }
    }
}

/// The canonical form of a [`Spec::Rfc3986`] or [`Spec::Rfc1808`] value
/// (see the [module docs](self)).
pub(crate) fn canonical(url: &Url) -> Url {
    let spec = url.spec();
    let decode = if spec == Spec::Rfc1808 {
        &rfc1738::UNRESERVED
    } else {
        &chars::UNRESERVED
    };
    let scheme = url.scheme();
    let (mut out, mut n) = canonical_start(url, |out, text| push_normalized(out, text, decode, false));
    if url.has_authority() {
        let host = url.host().unwrap_or_default();
        // An RFC 1808 host may hold ':' (`h::` is the host `h:` and an empty
        // port); decoding in it could put digits after its last ':', which
        // would then read as a port. Such a host keeps its escapes.
        let host_decode = if spec == Spec::Rfc1808 && host.contains(':') {
            &ByteSet::EMPTY
        } else {
            decode
        };
        push_normalized(&mut out, host, host_decode, true);
        n.host_end = out.len() as u32;
        // Decoding may turn a reg-name into the text of an IPv4address
        // (`85.14.122.%34`): first match wins (§3.2.2), so it is one now.
        n.host_kind = match url.host_kind() {
            Some(HostKind::RegName) if is_ipv4address(&out.as_bytes()[n.host_start as usize..]) => Some(HostKind::Ipv4),
            kind => kind,
        };
        // After an RFC 1808 host holding ':', a port is never dropped: the
        // text after the host's last ':' would read as one.
        let keep_port = spec == Spec::Rfc1808 && host.contains(':');
        match (url.port(), url.port_str()) {
            (Some(port), _) if keep_port || Some(port) != crate::ports::default_port(scheme, spec) => {
                out.push(':');
                out.push_str(&port.to_string());
                n.port = Some(port);
            }
            (None, Some(digits)) if !digits.is_empty() => {
                // Over 65535: kept as written, leading zeros aside.
                out.push(':');
                out.push_str(digits.trim_start_matches('0'));
            }
            // An RFC 1808 host may hold ':' (`h::` is the host `h:` and an
            // empty port): the empty port's ':' stays, or the host would end
            // one octet earlier.
            (None, Some("")) if url.host().is_some_and(|h| h.contains(':')) => out.push(':'),
            _ => {}
        }
        n.path_start = out.len() as u32;
    }
    let mut path = String::with_capacity(url.path().len());
    push_normalized(&mut path, url.path(), decode, false);
    if spec == Spec::Rfc3986 {
        path = remove_dot_segments(&path);
        if !url.has_authority() && path.starts_with("//") {
            out.push_str("/.");
        }
    }
    if path.is_empty() && url.has_authority() && matches!(scheme, "http" | "https") {
        path.push('/');
    }
    out.push_str(&path);
    if let Some(query) = url.query() {
        n.query_start = Some(out.len() as u32);
        out.push('?');
        push_normalized(&mut out, query, decode, false);
    }
    if let Some(fragment) = url.fragment() {
        n.fragment_start = Some(out.len() as u32);
        out.push('#');
        push_normalized(&mut out, fragment, decode, false);
    }
    Url::from_parts(out, n, spec)
}

#[cfg(test)]
mod tests {
    use crate::testing::answers;
    use crate::{HostKind, Spec, Url};

    fn canonical(s: &str) -> String {
        Url::parse_with(s, Spec::Rfc3986).unwrap().canonical().into_string()
    }

    #[test]
    fn section_6_2() {
        answers(
            canonical,
            &[
                ("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"),
                ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
                ("http://example.com:/", "http://example.com/"),
                ("http://example.com:80", "http://example.com/"),
                ("http://example.com/?", "http://example.com/?"),
                ("http://h:08080/", "http://h:8080/"),
                ("http://h:099999/", "http://h:99999/"),
                ("f:/a/..//g", "f:/.//g"),
                ("http://%41%62.com/%7E%2F", "http://ab.com/~%2F"),
            ],
        );
    }

    /// A reg-name whose decoded form is an IPv4address is one in canonical
    /// form (fuzz finding: `g5p://85.14.122.%34/`).
    #[test]
    fn reg_name_decoded_to_ipv4() {
        let url = Url::parse_with("g5p://85.14.122.%34/", Spec::Rfc3986).unwrap();
        assert_eq!(url.host_kind(), Some(HostKind::RegName));
        let c = url.canonical();
        assert_eq!(c.as_str(), "g5p://85.14.122.4/");
        assert_eq!(c.host_kind(), Some(HostKind::Ipv4));
        let again = Url::parse_with(c.as_str(), Spec::Rfc3986).unwrap();
        assert_eq!(again, c);
        assert_eq!(again.canonical(), c);
        assert!(url.equivalent(&Url::parse_with("g5p://85.14.122.4/", Spec::Rfc3986).unwrap()));
        // Not every decoded digit makes an address: 256 is no dec-octet.
        let c = Url::parse_with("g5p://85.14.122.2%35%36/", Spec::Rfc3986)
            .unwrap()
            .canonical();
        assert_eq!(
            (c.as_str(), c.host_kind()),
            ("g5p://85.14.122.256/", Some(HostKind::RegName))
        );
        // RFC 1808 classifies its hosts the same way.
        let c = Url::parse_with("g5p://85.14.122.%34/", Spec::Rfc1808)
            .unwrap()
            .canonical();
        assert_eq!(c.host_kind(), Some(HostKind::Ipv4));
        assert_eq!(Url::parse_with(c.as_str(), Spec::Rfc1808).unwrap(), c);
    }
}
