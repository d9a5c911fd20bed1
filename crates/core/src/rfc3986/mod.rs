//! The generic syntax that followed the 1994 grammar: RFC 3986 (STD 66) and
//! its ancestor RFC 1808, for parsing and references. What is done with
//! them is above the grammar: resolution in [`resolve::rfc3986`] and
//! [`resolve::rfc1808`], normalization in [`normalize::rfc3986`], the
//! inverse of resolution in [`relative::rfc3986`].
//!
//! Both parse in one forward pass into the same component table as the 1994
//! grammar and report through the same sink, so [`UrlRef::parse_with`],
//! [`Url::parse_with`] and [`validate`](crate::validate) work for
//! [`Spec::Rfc3986`] and [`Spec::Rfc1808`] without allocating. An RFC 3986
//! `URI` of the common shape (no `userinfo`, no escape in the host, no IP
//! literal) is first checked by `fast`, in one pass without a sink; anything
//! else goes to the full grammar, which reports. An RFC 1808 absolute URL of
//! the common shape (no user, a port of digits) is first checked by
//! `fast_rfc1808`, which also stops at the first violation where it is
//! certain of it (an octet neither `uchar` nor `reserved`).
//!
//! # RFC 3986: readings of the text
//!
//! * **What a [`Url`] is.** Under [`Spec::Rfc3986`] a [`Url`] is a `URI`
//!   (Appendix A: `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`);
//!   a `URI-reference`, which may lack the scheme, is a [`Reference`].
//! * **Ports.** `port = *DIGIT`: an empty port and one over 65535 are valid
//!   syntax (§3.2.3 leaves the range to the scheme). Such a port has no `u16`
//!   value: [`Url::port`] is `None`, [`Url::port_str`] shows what is written,
//!   and [`Url::port_or_default`] is the scheme's default for an empty one
//!   (§6.2.3: an empty port means the default) and an error for one over
//!   65535. That is the safe reading: no TCP or UDP port is over 65535 (RFC
//!   9293 §3.1 and RFC 768 give them 16 bits), and a reader that falls back
//!   to the default or keeps 16 bits of the number (`:65616` is 80 modulo
//!   65536) sends the request to a port the URL does not name. So the URL is
//!   valid and kept as written, its canonical form keeps the digits (it is
//!   equivalent to no URL with another port), and whatever needs the number
//!   (an access plan, a fetch) refuses it with that reason; the lint reports
//!   it as an error.
//! * **Hosts.** `IPv4address` is tried before `reg-name`, as §3.2.2 says
//!   ("first-match-wins"), with `dec-octet`'s exact forms: `1.2.3.04` and
//!   `1.2.3.256` are registered names. An empty host is
//!   [`HostKind::Empty`]; [`Url::host`] keeps an IP literal's brackets.
//!   IPv6 zone identifiers (RFC 6874) are not RFC 3986 and are rejected.
//! * **No `URL:` prefix.** `url:` is a scheme under RFC 3986.
//! * **Error rules** name the Appendix A production that failed: `scheme`,
//!   `userinfo`, `reg-name`, `IP-literal`, `IPv6address`, `IPvFuture`,
//!   `port`, `path-abempty`, `path-absolute`, `path-rootless`,
//!   `segment-nz-nc` (the first segment of a relative path, which may not
//!   hold `:`), `path-noscheme`, `query`, `fragment`, `pct-encoded`.
//!
//! # RFC 1808: how [`Spec::Rfc1808`] parses
//!
//! By the §2.2 BNF and the §2.4 parsing algorithm, literally:
//!
//! * an absolute URL is `absoluteURL = generic-RL | ( scheme ":" *( uchar |
//!   reserved ) )`: since the second alternative takes any `uchar` and
//!   `reserved` octet, an absolute URL is valid when its scheme is and every
//!   other octet is a `uchar` or `reserved` (or the `#` of the fragment, whose
//!   octets are the same). RFC 1808's `uchar` is RFC 1738's: `~` must be
//!   encoded. A digit may start the scheme.
//! * the components are split as §2.4 does: the fragment at the first `#`,
//!   the scheme, then `//` and the `net_loc` up to the next `/` (a `?` inside
//!   it is part of it, §2.4.3), the query at the first `?` after that, and
//!   `;params` stays in [`Url::path`] (it matters only to resolution). The
//!   `net_loc` is split as RFC 1738 §3.1 writes a login, `[user[:password]@]
//!   host[:port]` (a port only when all digits), without checking the host
//!   name: RFC 1808's `net_loc` is `*( pchar | ";" | "?" )`. So its port
//!   too may be empty or over 65535, and is read as RFC 3986's is (see
//!   **Ports** above): kept as written, never replaced by another.
//! * a relative [`Reference`] is a `relativeURL`, each part with its own
//!   octets (`net_loc`, `path` and `params`, `query`); `fsegment = 1*pchar`
//!   means an `abs_path` after a `net_loc` may not start with `//`.
//!
//! # Examples
//!
//! ```
//! use urikit::{HostKind, Spec, UrlRef};
//!
//! let url = UrlRef::parse_with("ldap://[2001:db8::7]/c=GB?objectClass?one", Spec::Rfc3986)?;
//! assert_eq!(url.host(), Some("[2001:db8::7]"));
//! assert_eq!(url.host_kind(), Some(HostKind::Ipv6));
//! assert_eq!(url.query(), Some("objectClass?one"));
//!
//! let err = UrlRef::parse_with("http://[::1/", Spec::Rfc3986).unwrap_err();
//! assert_eq!((err.offset, err.rule), (7, "IP-literal"));
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! [`Url`]: crate::Url
//! [`resolve::rfc3986`]: crate::resolve::rfc3986
//! [`resolve::rfc1808`]: crate::resolve::rfc1808
//! [`normalize::rfc3986`]: crate::normalize::rfc3986
//! [`relative::rfc3986`]: crate::relative::rfc3986
//! [`Url::port`]: crate::Components::port
//! [`Url::port_str`]: crate::Components::port_str
//! [`Url::port_or_default`]: crate::Components::port_or_default
//! [`Url::host`]: crate::Components::host
//! [`Url::path`]: crate::Components::path
//! [`Url::parse_with`]: crate::Url::parse_with
//! [`UrlRef::parse_with`]: crate::UrlRef::parse_with
//! [`HostKind::Empty`]: crate::HostKind::Empty
//! [`Spec::Rfc3986`]: crate::Spec::Rfc3986
//! [`Spec::Rfc1808`]: crate::Spec::Rfc1808

pub mod chars;
pub(crate) mod fast;
pub(crate) mod host;
mod reference;
mod rfc1808;

use crate::ascii::ByteSet;
use crate::engine::{Parser, Sink, Stop};
use crate::offsets::Offsets;
use chars::{PATH_T, QUERY_T, SEGMENT_NZ_NC_T};

pub use reference::Reference;

impl<S: Sink> Parser<'_, '_, S> {
    /// RFC 3986 `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
    pub(crate) fn rfc3986_uri(&mut self) -> Result<Offsets, Stop> {
        let se = self.scheme(&chars::SCHEME, &chars::ALPHA)?;
        let mut o = Offsets::new(se);
        self.rfc3986_rest(&mut o, se + 1, false)?;
        Ok(o)
    }

    /// RFC 3986 `URI-reference = URI / relative-ref`. A scheme is a run of
    /// scheme octets that starts with a letter and ends at `:`; anything else
    /// is a `relative-ref`, whose first segment then may not hold `:`.
    pub(crate) fn rfc3986_reference(&mut self) -> Result<Offsets, Stop> {
        self.reference(&chars::SCHEME, &chars::ALPHA, Self::rfc3986_rest)
    }

    /// `[ scheme ":" ] rest`, RFC 3986's reference and RFC 1808's: the
    /// scheme, when there is one, is a run of `scheme` octets that starts
    /// with one of `first` and ends at `:`; `rest` reads what follows it (or
    /// the whole, told that the reference is then relative).
    #[inline]
    fn reference(
        &mut self,
        scheme: &ByteSet,
        first: &ByteSet,
        rest: fn(&mut Self, &mut Offsets, usize, bool) -> Result<(), Stop>,
    ) -> Result<Offsets, Stop> {
        let s = self.s;
        let run = s.iter().position(|&b| !scheme.contains(b)).unwrap_or(s.len());
        let has_scheme = run > 0 && first.contains(s[0]) && s.get(run) == Some(&b':');
        let mut o = Offsets::reference(has_scheme.then_some(run));
        let start = o.after_scheme();
        rest(self, &mut o, start, !has_scheme)?;
        Ok(o)
    }

    /// From `start`: `hier-part` (or `relative-part`, when `relative`), then
    /// `[ "?" query ] [ "#" fragment ]`.
    fn rfc3986_rest(&mut self, o: &mut Offsets, start: usize, relative: bool) -> Result<(), Stop> {
        let s = self.s;
        let end = s.len();
        let path_end = if s[start..].starts_with(b"//") {
            let auth_end = self.rfc3986_authority(o, start + 2)?;
            self.scan_to(auth_end, end, &PATH_T, "path-abempty", b"?#")?
        } else {
            match s.get(start) {
                None | Some(b'?' | b'#') => start,
                Some(b'/') => self.scan_to(start, end, &PATH_T, "path-absolute", b"?#")?,
                Some(_) if relative => {
                    // path-noscheme: the first segment is a segment-nz-nc.
                    let seg_end = self.scan_to(start, end, &SEGMENT_NZ_NC_T, "segment-nz-nc", b"/?#")?;
                    self.scan_to(seg_end, end, &PATH_T, "path-noscheme", b"?#")?
                }
                Some(_) => self.scan_to(start, end, &PATH_T, "path-rootless", b"?#")?,
            }
        };
        let hash = if path_end < end && s[path_end] == b'?' {
            o.query_start = Some(path_end as u32);
            self.scan_to(path_end + 1, end, &QUERY_T, "query", b"#")?
        } else {
            path_end
        };
        if hash < end {
            o.fragment_start = Some(hash as u32);
            self.scan(hash + 1, end, &QUERY_T, "fragment")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{validate, ParseErrorKind, Spec, UrlRef};

    #[track_caller]
    fn fails(input: &str, offset: usize, kind: ParseErrorKind, rule: &str) {
        let e = UrlRef::parse_with(input, Spec::Rfc3986).unwrap_err();
        assert_eq!((e.offset, e.kind, e.rule), (offset, kind, rule), "{input}");
        assert_eq!(validate(input, Spec::Rfc3986).first(), Some(&e));
    }

    #[test]
    fn rules_in_errors() {
        let bad = |byte| ParseErrorKind::InvalidChar { byte };
        fails("1a:b", 0, bad(b'1'), "scheme");
        fails("http://a b/", 8, bad(b' '), "reg-name");
        fails("http://u[@h/", 8, bad(b'['), "userinfo");
        fails("http://h:8a/", 10, bad(b'a'), "port");
        fails("http://h/a b", 10, bad(b' '), "path-abempty");
        fails("x:/a|", 4, bad(b'|'), "path-absolute");
        fails("x:a^", 3, bad(b'^'), "path-rootless");
        fails("x:?a#b#", 6, bad(b'#'), "fragment");
        fails("x:?[", 3, bad(b'['), "query");
        fails("x:%4g", 2, ParseErrorKind::BadEscape { found: *b"4g" }, "escape");
        fails("http://[::1/", 7, ParseErrorKind::UnclosedBracket, "IP-literal");
        fails("http://[::1]x/", 12, bad(b'x'), "authority");
        fails("no-scheme", 9, ParseErrorKind::MissingScheme, "scheme");
    }

    #[test]
    fn ports_without_u16_values() {
        let url = UrlRef::parse_with("http://h:/", Spec::Rfc3986).unwrap();
        assert_eq!(
            (url.port(), url.port_str(), url.port_or_default()),
            (None, Some(""), Ok(Some(80)))
        );
        let url = UrlRef::parse_with("http://h:65536/", Spec::Rfc3986).unwrap();
        let out_of_range = crate::SchemeError {
            offset: 9,
            kind: crate::SchemeErrorKind::PortOutOfRange,
        };
        assert_eq!(
            (url.port(), url.port_str(), url.port_or_default()),
            (None, Some("65536"), Err(out_of_range))
        );
        let url = UrlRef::parse_with("http://h:080/", Spec::Rfc3986).unwrap();
        assert_eq!((url.port(), url.port_str()), (Some(80), Some("080")));
        url.to_url().check_invariants();
    }
}

#[cfg(test)]
mod lenient {
    use crate::{Spec, Url};

    #[test]
    fn repairs_keep_what_rfc3986_needs() {
        let lenient = |s| Url::parse_lenient_with(s, Spec::Rfc3986).map(|(u, w)| (u.into_string(), w.len()));
        assert_eq!(lenient("http://[::1]/a b"), Ok(("http://[::1]/a%20b".into(), 1)));
        assert_eq!(lenient("http://h/~u/[x]"), Ok(("http://h/~u/%5Bx%5D".into(), 2)));
        assert_eq!(lenient("http://h::/"), Ok(("http://h:/".into(), 1)));
        assert!(lenient("http://[::g]/").is_err());
    }
}
