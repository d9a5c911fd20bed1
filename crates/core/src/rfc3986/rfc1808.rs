//! RFC 1808 §2.2 BNF and §2.4 parsing algorithm (see the
//! [module docs](super) for the reading).

use super::chars::{self, ABSOLUTE_1808_T, NET_LOC_T, PATH_PARAMS_T, QUERY_1808_T};
use crate::engine::{Parser, Sink, Stop};
use crate::error::ParseErrorKind;
use crate::offsets::{nz, Offsets};

impl<S: Sink> Parser<'_, '_, S> {
    /// `absoluteURL [ "#" fragment ]`: `generic-RL | ( scheme ":" *( uchar |
    /// reserved ) )`, split into components by §2.4.
    pub(crate) fn rfc1808_url(&mut self) -> Result<Offsets, Stop> {
        let se = self.scheme(&chars::rfc1808::SCHEME, &chars::rfc1808::SCHEME)?;
        let mut o = Offsets::new(se);
        self.rfc1808_rest(&mut o, se + 1, false)?;
        Ok(o)
    }

    /// `URL = ( absoluteURL | relativeURL ) [ "#" fragment ]`. §2.4.2: a
    /// scheme is one or more scheme octets before a `:`.
    pub(crate) fn rfc1808_reference(&mut self) -> Result<Offsets, Stop> {
        let scheme = &chars::rfc1808::SCHEME;
        self.reference(scheme, scheme, Self::rfc1808_rest)
    }

    /// From `start`, after any scheme. An absolute URL's octets are checked
    /// as `uchar | reserved`; a relative URL's per part.
    fn rfc1808_rest(&mut self, p: &mut Offsets, start: usize, relative: bool) -> Result<(), Stop> {
        let s = self.s;
        let end = s.len();
        // §2.4.1: the fragment is everything after the first '#'.
        let body_end = memchr::memchr(b'#', &s[start..]).map_or(end, |i| start + i);
        let mut i = start;
        if s[start..body_end].starts_with(b"//") {
            // §2.4.3: the net_loc runs to the next '/'.
            let a = start + 2;
            let net_end = memchr::memchr(b'/', &s[a..body_end]).map_or(body_end, |j| a + j);
            let table = if relative { &NET_LOC_T } else { &QUERY_1808_T };
            self.scan(a, net_end, table, "net_loc")?;
            split_net_loc(s, p, a, net_end);
            i = net_end;
            if relative && s[i..body_end].starts_with(b"//") {
                // abs_path = "/" rel_path, whose path starts with fsegment = 1*pchar.
                self.error(i + 1, ParseErrorKind::InvalidChar { byte: b'/' }, "fsegment")?;
            }
        }
        p.path_start = i as u32;
        // §2.4.4: the query follows the first '?'; params stay in the path.
        let (table, rule) = if relative {
            (&PATH_PARAMS_T, "rel_path")
        } else {
            (&ABSOLUTE_1808_T, "absoluteURL")
        };
        let path_end = self.scan_to(i, body_end, table, rule, b"?")?;
        if path_end < body_end {
            p.query_start = Some(path_end as u32);
            self.scan(path_end + 1, body_end, &QUERY_1808_T, "query")?;
        }
        if body_end < end {
            p.fragment_start = Some(body_end as u32);
            self.scan(body_end + 1, end, &QUERY_1808_T, "fragment")?;
        }
        Ok(())
    }
}

/// Splits the `net_loc` `s[a..end]` as RFC 1738 §3.1 writes a login:
/// `[ user [ ":" password ] "@" ] host [ ":" port ]`, a port only when it is
/// all digits.
fn split_net_loc(s: &[u8], p: &mut Offsets, a: usize, end: usize) {
    p.authority_start = Some(nz(a));
    let mut host_start = a;
    if let Some(at) = memchr::memrchr(b'@', &s[a..end]) {
        let at = a + at;
        p.user_end = Some(nz(memchr::memchr(b':', &s[a..at]).map_or(at, |i| a + i)));
        host_start = at + 1;
    }
    p.host_start = host_start as u32;
    let mut host_end = end;
    if let Some(colon) = memchr::memrchr(b':', &s[host_start..end]) {
        let colon = host_start + colon;
        let digits = &s[colon + 1..end];
        if digits.iter().all(u8::is_ascii_digit) {
            host_end = colon;
            p.port = if digits.is_empty() {
                None
            } else {
                std::str::from_utf8(digits).ok().and_then(|d| d.parse().ok())
            };
        }
    }
    p.host_end = host_end as u32;
    p.host_kind = Some(super::host::name_kind(&s[host_start..host_end]));
    p.path_start = end as u32;
}

#[cfg(test)]
mod tests {
    use crate::{HostKind, ParseErrorKind, Spec, UrlRef};

    #[test]
    fn components_by_section_2_4() {
        let url = UrlRef::parse_with("http://u:p@a:80/b/c/d;p?q#f", Spec::Rfc1808).unwrap();
        assert_eq!(
            (
                url.user(),
                url.password(),
                url.host(),
                url.port(),
                url.path(),
                url.query(),
                url.fragment()
            ),
            (
                Some("u"),
                Some("p"),
                Some("a"),
                Some(80),
                "/b/c/d;p",
                Some("q"),
                Some("f")
            )
        );
        // §2.4.3: the net_loc runs to the next '/', past a '?'.
        let url = UrlRef::parse_with("http://a?b/c", Spec::Rfc1808).unwrap();
        assert_eq!((url.host(), url.path(), url.query()), (Some("a?b"), "/c", None));
        assert_eq!(url.host_kind(), Some(HostKind::RegName));
        // The opaque alternative takes any uchar and reserved octet.
        assert!(UrlRef::parse_with("http://a//b", Spec::Rfc1808).is_ok());
        assert!(UrlRef::parse_with("1x:y", Spec::Rfc1808).is_ok());
        let e = UrlRef::parse_with("http://a/~u", Spec::Rfc1808).unwrap_err();
        assert_eq!(
            (e.offset, e.kind, e.rule),
            (9, ParseErrorKind::InvalidChar { byte: b'~' }, "absoluteURL")
        );
    }
}
