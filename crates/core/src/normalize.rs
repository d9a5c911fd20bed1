//! The canonical form of a URL, and equivalence.
//!
//! RFC 1630, "Reduced or increased safe character sets": "Before two URIs can
//! be compared, it is therefore necessary to bring them to the same encoding
//! level", and reserved characters "may NEVER be encoded and unencoded in this
//! way". The canonical form is that one level:
//!
//! * scheme and host in lower case (an escape in a host stays encoded, its
//!   hex digits in upper case); a port equal to the scheme's default
//!   dropped, any other written without leading zeros;
//! * every `%XX` in upper case; an escape of an RFC 1738 `unreserved` octet
//!   (letters, digits, `$-_.+!*'(),`) decoded, except `%2B` in a search part,
//!   where `+` means space (RFC 1630, "Query strings"); nothing reserved
//!   decoded, so `%2F` never becomes `/`;
//! * in a search part, a space (written `+`, `%20`, or, as the RFC 1630
//!   draft's grammar allows, as itself) is written `+`; elsewhere a literal
//!   space is written `%20` ("the canonical form for URIs has all white spaces
//!   encoded");
//! * a void fragment identifier dropped: "A void fragment-id with or without
//!   the hash sign means that the URL refers to the whole object";
//! * per scheme, the forms RFC 1738 says mean the same: an `http` URL with
//!   neither path nor search gets its `/` (§3.3); a `gopher` URL with an
//!   empty gopher-path is `/1`, the type it defaults to (§3.4); a `file` URL
//!   for `localhost` has the empty host that means the same machine (§3.10);
//!   an ftp `;type=` code is lower case (§5 allows either case). These
//!   scheme rules are RFC 1738's and apply to [`Spec::Rfc1738`] values only
//!   (the RFC 1630 draft's generic grammar, for one, needs a host after `//`);
//! * under [`Spec::Rfc1630`], whose `xalpha` lacks `+`, `%2B` stays encoded
//!   outside paths, so a canonical form always parses again by its own spec.

pub mod rfc3986;

use crate::ascii::hex_value;
use crate::ascii::rfc1738;
use crate::offsets::{nz, Offsets};
use crate::url::Url;
use crate::Spec;

/// Which component text is copied from, for the rules that differ.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A path: every `unreserved` octet is allowed unencoded.
    Path,
    /// A search part: `+` means space there.
    Search,
    /// User, password, host or fragment. The RFC 1630 draft's `xalpha`
    /// lacks `+`, so under that spec `%2B` stays encoded there.
    Other,
}

/// Appends `text` to `out` at the canonical encoding level.
fn push_normalized(out: &mut String, text: &str, part: Part, spec: Spec) {
    let search = part == Part::Search;
    let keep_plus = search || (part == Part::Other && spec == Spec::Rfc1630);
    for piece in pieces(text) {
        match piece {
            Piece::Escape(b' ', _) if search => out.push('+'),
            Piece::Escape(octet, _) if rfc1738::UNRESERVED.contains(octet) && !(keep_plus && octet == b'+') => {
                out.push(octet as char)
            }
            Piece::Escape(_, written) => push_upper_escape(out, written),
            Piece::Char(" ") if search => out.push('+'),
            Piece::Char(" ") => out.push_str("%20"),
            Piece::Char(c) => out.push_str(c),
        }
    }
}

impl Url {
    /// The canonical form: this URL at the one encoding level URLs are
    /// compared at (see the [module docs](crate::normalize)).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let url = Url::parse("HTTP://Info.CERN.ch:80/albert/bertram/marie%2dclaude%2f?a%2Bb%20c")?;
    /// assert_eq!(url.canonical().as_str(), "http://info.cern.ch/albert/bertram/marie-claude%2F?a%2Bb+c");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn canonical(&self) -> Url {
        match self.spec() {
            Spec::Rfc1738 | Spec::Rfc1630 => {}
            Spec::Rfc1808 | Spec::Rfc3986 => return rfc3986::canonical(self),
            // The URL Standard's serialization is its canonical form.
            Spec::Whatwg => return self.clone(),
        }
        let s = self.as_str();
        let o = self.offsets();
        let spec = self.spec();
        let scheme = self.scheme();
        let (mut out, mut n) = canonical_start(self, |out, text| push_normalized(out, text, Part::Other, spec));
        if o.has_authority() {
            let host = o.host(s).unwrap_or_default();
            n.host_kind = o.host_kind;
            if spec == Spec::Rfc1738 && scheme == "file" && host.eq_ignore_ascii_case("localhost") {
                n.host_kind = Some(crate::HostKind::Empty);
            } else {
                push_lowercase_keeping_escapes(&mut out, host);
            }
            n.host_end = out.len() as u32;
            if let Some(port) = o.port.filter(|&p| Some(p) != crate::ports::default_port(scheme, spec)) {
                out.push(':');
                out.push_str(&port.to_string());
                n.port = Some(port);
            }
            n.path_start = out.len() as u32;
        }
        let path = o.path(s);
        let path_start = out.len();
        let rfc1738 = spec == Spec::Rfc1738;
        match scheme {
            "http" if rfc1738 && path.is_empty() => out.push('/'),
            "gopher" if rfc1738 && (path.is_empty() || path == "/") => out.push_str("/1"),
            _ => push_normalized(&mut out, path, Part::Path, spec),
        }
        if rfc1738 && scheme == "ftp" {
            lower_ftp_type(&mut out, path_start);
        }
        if let Some(query) = o.query(s) {
            n.query_start = Some(out.len() as u32);
            out.push('?');
            push_normalized(&mut out, query, Part::Search, spec);
        }
        if let Some(fragment) = o.fragment(s).filter(|f| !f.is_empty()) {
            n.fragment_start = Some(out.len() as u32);
            out.push('#');
            push_normalized(&mut out, fragment, Part::Other, spec);
        }
        Url::from_parts(out, n, self.spec())
    }

    /// Whether two URLs are the same once both are at one encoding level:
    /// whether their [canonical forms](Url::canonical) are equal.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let a = Url::parse("http://info.cern.ch/albert/bertram/marie-claude")?;
    /// let b = Url::parse("http://info.cern.ch/albert/bertram/marie%2Dclaude")?;
    /// let c = Url::parse("http://info.cern.ch/albert/bertram%2Fmarie-claude")?;
    /// assert!(a.equivalent(&b)); // RFC 1630, Example 1
    /// assert!(!a.equivalent(&c)); // RFC 1630, Example 2
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn equivalent(&self, other: &Url) -> bool {
        self.canonical().as_str() == other.canonical().as_str()
    }
}

/// The start of a canonical form under every RFC: `scheme ":"`, and for a
/// URL with an authority, `"//"` and its user and password as `userinfo`
/// writes each (with `@` after them); with its component table so far, up
/// to where the host starts.
fn canonical_start(url: &Url, userinfo: impl Fn(&mut String, &str)) -> (String, Offsets) {
    let scheme = url.scheme();
    let mut out = String::with_capacity(url.as_str().len() + 4);
    out.push_str(scheme);
    out.push(':');
    let mut n = Offsets::new(scheme.len());
    if url.has_authority() {
        out.push_str("//");
        n.authority_start = Some(nz(out.len()));
        if let Some(user) = url.user() {
            userinfo(&mut out, user);
            n.user_end = Some(nz(out.len()));
            if let Some(password) = url.password() {
                out.push(':');
                userinfo(&mut out, password);
            }
            out.push('@');
        }
        n.host_start = out.len() as u32;
    }
    (out, n)
}

/// Appends a host in lower case, its escapes kept as they are but for the
/// hex digits, in upper case. An escape in a host is never decoded: `%2E`
/// would become a label separator, `%31` a digit where a label must start
/// with a letter (the RFC 1630 draft's `ialpha`).
fn push_lowercase_keeping_escapes(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i].to_ascii_lowercase());
        let end = (i + 3).min(rest.len());
        out.push_str(&rest[i..end].to_ascii_uppercase());
        rest = &rest[end..];
    }
    out.push_str(&rest.to_ascii_lowercase());
}

/// Lower-cases the code of a trailing `;type=X` in the ftp path that starts
/// at `start`.
fn lower_ftp_type(out: &mut String, start: usize) {
    let path = &out[start..];
    if let Some(semi) = path.rfind(';') {
        let suffix = &path[semi..];
        if suffix.len() == 7 && suffix[..6].eq_ignore_ascii_case(";type=") {
            let at = start + semi;
            out.replace_range(at..at + 7, &suffix.to_ascii_lowercase());
        }
    }
}
/// A piece of a text read at the level of its escapes: a well-formed `%XX`
/// escape (its octet, and the three characters as written), or one
/// character as written (a `%` without two hex digits after it among them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    Escape(u8, &'a str),
    Char(&'a str),
}

/// The [`Piece`]s of `text`, in order: what the normalizers of each spec
/// read to bring a component to one encoding level.
pub(crate) fn pieces(text: &str) -> impl Iterator<Item = Piece<'_>> {
    let b = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        let c = *b.get(i)?;
        if c == b'%' && i + 2 < b.len() {
            if let (Some(hi), Some(lo)) = (hex_value(b[i + 1]), hex_value(b[i + 2])) {
                i += 3;
                return Some(Piece::Escape(hi << 4 | lo, &text[i - 3..i]));
            }
        }
        let len = if c.is_ascii() {
            1
        } else {
            text[i..].chars().next().map_or(1, char::len_utf8)
        };
        i += len;
        Some(Piece::Char(&text[i - len..i]))
    })
}

/// Appends the escape `written` (`%xx`) with its hex digits in upper case,
/// as RFC 3986 §6.2.2.1 and the RFC 1630 draft's comparison write them.
pub(crate) fn push_upper_escape(out: &mut String, written: &str) {
    out.push_str(&written.to_ascii_uppercase());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_escapes_or_characters() {
        let got: Vec<Piece<'_>> = pieces("a%2fé%4%g%41").collect();
        assert_eq!(
            got,
            [
                Piece::Char("a"),
                Piece::Escape(0x2f, "%2f"),
                Piece::Char("é"),
                Piece::Char("%"),
                Piece::Char("4"),
                Piece::Char("%"),
                Piece::Char("g"),
                Piece::Escape(b'A', "%41"),
            ]
        );
    }
}
