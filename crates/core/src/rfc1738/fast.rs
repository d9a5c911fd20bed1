//! The fast paths of RFC 1738 and the RFC 1630 draft, read by
//! [`fast`]'s parts.
//!
//! * RFC 1738: `http` (§3.3 `httpurl`), `file` (§3.10 `fileurl`) and
//!   schemes RFC 1738 does not define (the generic `scheme ":" [ "//"
//!   hostport ] urlpath [ "?" search ]`), each with a fragment, a
//!   domain-name host, no user or password and no `URL:` prefix handling of
//!   its own. Each scheme has its syntax: [`url`] reads the scheme and the
//!   path by it, and ends with [`fast::tail`].
//! * The RFC 1630 draft's generic syntax, a [`Shape`]: `scheme ":" [ "//"
//!   hostname [ ":" port ] ] path [ "?" search ] [ "#" fragmentid ]`, with
//!   no user or password, a host name of plain octets (no escape) and a port
//!   of at most five digits. It stops at what is certainly the first
//!   violation (an octet a path, search or fragment does not allow; an empty
//!   host, as in `file:///etc`, which the draft's `host` cannot produce); a
//!   host number, a user, an escape in the host, a scheme that does not
//!   start with a letter are left to the full grammar.
//!
//! What either accepts, the full grammar accepts with the same component
//! table (tested below against it, in `tests/fast_paths.rs`, and by the
//! `parse_rfc1738` and `parse_rfc1630` fuzz targets).

use super::host;
use super::scan::{self, RFC1630_FRAGMENTID, RFC1630_PATH, RFC1630_SEARCH};
use super::schemes::Known;
use crate::ascii::{rfc1630, rfc1738, ByteSet};
use crate::engine::{self, scan_fast, Stopped, Table, Violation};
use crate::fast::{self, Part, Shape};
use crate::host::HostKind;
use crate::offsets::Offsets;

/// RFC 1738's fragment, after `#`.
const FRAGMENTID: Part = Part::new(&scan::XCHAR, b"", "fragmentid");

/// The component table of `s` (after any `URL:` prefix) when it is an RFC
/// 1738 URL of a common shape, or where that shape stopped.
#[inline(always)]
pub(crate) fn url(s: &[u8]) -> Result<Offsets, Stopped> {
    let (se, known) = match engine::common_scheme(s) {
        Some(5) => (5, None),
        Some(se) if s[0] | 0x20 == b'h' => (se, Some(Known::Http)),
        Some(se) => (se, Some(Known::File)),
        None => {
            let se = scheme(s).ok_or(None)?;
            (se, Known::of(&s[..se]))
        }
    };
    let mut o = Offsets::new(se);
    let start = se + 1;
    let slashes = s[start..].starts_with(b"//");
    let (i, search) = match known {
        None => {
            let p = if slashes {
                hostport(s, start + 2, true, &mut o).ok_or(None)?
            } else {
                start
            };
            let i = scan_fast(s, p, &scan::URLPATH, b"?#", "urlpath")?;
            (i, &scan::XCHAR)
        }
        Some(Known::Http) if slashes => {
            // httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
            let p = hostport(s, start + 2, true, &mut o).ok_or(None)?;
            let i = match s.get(p) {
                Some(b'/') => scan_fast(s, p + 1, &scan::HPATH, b"?#", "hpath")?,
                // A search needs the '/' of a path before it.
                Some(b'?') => return Err(None),
                _ => p,
            };
            (i, &scan::SEARCH)
        }
        Some(Known::File) if slashes => {
            // fileurl = "file://" [ host | "localhost" ] "/" fpath
            let a = start + 2;
            let p = if s.get(a) == Some(&b'/') {
                o.set_host(a, a, HostKind::Empty, None, a);
                a
            } else {
                let p = hostport(s, a, false, &mut o).ok_or(None)?;
                if o.port.is_some() {
                    return Err(None);
                }
                p
            };
            if s.get(p) != Some(&b'/') {
                return Err(None);
            }
            // fpath holds no '?': a file URL has no search.
            (scan_fast(s, p + 1, &scan::FPATH, b"#", "fpath")?, &scan::XCHAR)
        }
        Some(_) => return Err(None),
    };
    let search = Part::new(search, b"#", "search");
    fast::tail(s, i, &mut o, &search, &FRAGMENTID)?;
    Ok(o)
}

/// `scheme ":"`: the offset of the `:`. Not `url`, which is the prefix.
#[inline]
fn scheme(s: &[u8]) -> Option<usize> {
    let end = s.iter().position(|&b| !rfc1738::SCHEME.contains(b))?;
    (end > 0 && s[end] == b':' && !s[..end].eq_ignore_ascii_case(b"url")).then_some(end)
}

/// `hostport` from `a` (after `//`) when the host is a domain name: fills
/// the authority part of `o` and returns where the authority ends.
#[inline(always)]
fn hostport(s: &[u8], a: usize, ends_at_query: bool, o: &mut Offsets) -> Option<usize> {
    let (host_end, port, end) = host::fast_hostport(s, a, s.len(), ends_at_query)?;
    o.set_host(a, host_end, HostKind::Domain, port, end);
    Some(end)
}

/// `scheme = ialpha`, up to its `:` (the table has no `%`).
static SCHEME_1630: Table = Table::new(rfc1630::SCHEME);

/// The octets of a host name label after its first: `hostname`'s, but the
/// `.` that ends the label and the `%` of an escape (left to the full
/// grammar).
const LABEL: ByteSet = rfc1630::HOSTNAME.without(b'.').without(b'%');

/// The common shape of a URL by the RFC 1630 draft's generic syntax.
pub(crate) struct Rfc1630;

impl Shape for Rfc1630 {
    /// The scheme an `ialpha` (a letter first); not `url`, which is the
    /// prefix.
    #[inline]
    fn scheme(s: &[u8]) -> Option<usize> {
        if !rfc1630::ALPHA.contains(*s.first()?) {
            return None;
        }
        let end = engine::run(s, &SCHEME_1630);
        (s.get(end) == Some(&b':') && !s[..end].eq_ignore_ascii_case(b"url")).then_some(end)
    }

    /// `hostname [ ":" port ]`, up to the end of the authority (`/`, `?`,
    /// `#` or the end of the input).
    #[inline(always)]
    fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped> {
        // hostname = ialpha [ "." hostname ]: each label a letter, then plain
        // octets of `xalpha` but ':' and '@'.
        let mut i = a;
        loop {
            match s.get(i) {
                Some(&b) if rfc1630::ALPHA.contains(b) => i += 1,
                // Nothing between "//" and the end of the authority: the host
                // is empty, the first violation (there is no user before it).
                None | Some(b'/' | b'?' | b'#') if i == a => return Err(Some((a, Violation::EmptyHost, "host"))),
                _ => return Err(None),
            }
            while s.get(i).is_some_and(|&b| LABEL.contains(b)) {
                i += 1;
            }
            if s.get(i) != Some(&b'.') {
                break;
            }
            i += 1;
        }
        let host_end = i;
        let mut port = None;
        if s.get(i) == Some(&b':') {
            // port = digits, at most 65535; longer runs of digits (leading
            // zeros) are left to the full grammar.
            let digits = i + 1;
            let mut value: u32 = 0;
            i = digits;
            while let Some(&d) = s.get(i).filter(|d| d.is_ascii_digit() && i - digits < 5) {
                value = value * 10 + u32::from(d - b'0');
                i += 1;
            }
            port = Some(u16::try_from(value).ok().filter(|_| i > digits).ok_or(None)?);
        }
        if !matches!(s.get(i), None | Some(b'/' | b'?' | b'#')) {
            return Err(None);
        }
        o.set_host(a, host_end, HostKind::Domain, port, i);
        Ok(i)
    }

    const PATH: Part = Part::new(&RFC1630_PATH, b"?#", "path");
    const QUERY: Part = Part::new(&RFC1630_SEARCH, b"#", "search");
    const FRAGMENT: Part = Part::new(&RFC1630_FRAGMENTID, b"", "fragmentid");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{FirstError, Parser};
    use crate::ParseErrorKind;
    use crate::Spec;
    use proptest::prelude::*;

    /// The full parser's table, bypassing the fast path.
    fn full_1738(s: &str) -> Option<Offsets> {
        let mut sink = FirstError::default();
        Parser::new(s.as_bytes(), 0, Spec::Rfc1738, &mut sink).rfc1738().ok()
    }

    #[track_caller]
    fn agrees_1738(s: &str) {
        match url(s.as_bytes()) {
            Ok(fast) => {
                assert_eq!(Some(fast), full_1738(s), "{s:?}");
                fast.check_invariants(s);
            }
            Err(Some((at, violation, rule))) => {
                let mut sink = FirstError::default();
                let _ = Parser::new(s.as_bytes(), 0, Spec::Rfc1738, &mut sink).rfc1738();
                let e = sink.0.expect("an error");
                let byte = s.as_bytes()[at];
                assert_eq!(violation.kind(s.as_bytes(), at), ParseErrorKind::InvalidChar { byte });
                assert_eq!(
                    (e.offset, e.kind, e.rule),
                    (at, ParseErrorKind::InvalidChar { byte }, rule),
                    "{s:?}"
                );
            }
            Err(None) => {}
        }
        // Through the public entry point, fast path first: the same table or
        // the same error as the full grammar's.
        let parsed = crate::UrlRef::parse_with(s, Spec::Rfc1738).map(|u| *u.offsets());
        let base = if s.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("url:")) {
            4
        } else {
            0
        };
        let mut sink = FirstError::default();
        let full = Parser::new(&s.as_bytes()[base..], base, Spec::Rfc1738, &mut sink)
            .rfc1738()
            .map_err(|_| sink.0.expect("an error"));
        // (An empty input is refused before any grammar runs.)
        if s.len() > base {
            assert_eq!(parsed, full, "{s:?}");
        }
    }

    /// What the draft's full grammar makes of `s`: its table, or its first
    /// error.
    fn full_1630(s: &str) -> Result<Offsets, (usize, ParseErrorKind, &'static str)> {
        let mut sink = FirstError::default();
        Parser::new(s.as_bytes(), 0, Spec::Rfc1630, &mut sink)
            .rfc1630()
            .map_err(|_| sink.0.map(|e| (e.offset, e.kind, e.rule)).expect("an error"))
    }

    fn url_1630(s: &[u8]) -> Result<Offsets, Stopped> {
        fast::scan::<Rfc1630>(s)
    }

    #[track_caller]
    fn agrees_1630(s: &str) {
        match url_1630(s.as_bytes()) {
            Ok(fast) => {
                assert_eq!(Ok(fast), full_1630(s), "{s:?}");
                fast.check_invariants(s);
            }
            Err(Some((at, violation, rule))) => {
                assert_eq!(Err((at, violation.kind(s.as_bytes(), at), rule)), full_1630(s), "{s:?}")
            }
            Err(None) => {}
        }
    }

    #[test]
    fn rfc1738_takes_the_common_forms() {
        for s in [
            "http://info.cern.ch/hypertext/WWW/TheProject.html",
            "HTTP://Info.Cern.CH:80/a%7E?q=1;x#top",
            "http://a.b",
            "http://a.b#f",
            "https://example.com/a/b?c=d&e=f#g",
            "https://example.com?q",
            "file:///usr/lib/x?y",
            "file://host.dom/etc/motd#frag",
            "File:///",
            "x-y:opaque/part?s#f",
            "z39.50s://host.dom/p",
            "1:x",
        ] {
            assert!(url(s.as_bytes()).is_ok(), "{s}");
            agrees_1738(s);
        }
    }

    #[test]
    fn rfc1738_leaves_the_rest_to_the_full_parser() {
        for s in [
            "http://host?x",
            "http:x",
            "http://10.0.0.1/",
            "http://u@h.dom/",
            "http://h_x.dom/",
            "http://h.dom/~u",
            "http://h.dom:99999/",
            "file://h.dom:21/x",
            "file://h.dom",
            "file://#",
            "file://",
            "ftp://h.dom/x",
            "url:http://h/",
            "https://h.dom/a#b#c",
            "https://h.dom/%zz",
            ":x",
        ] {
            assert!(url(s.as_bytes()).is_err(), "{s}");
            agrees_1738(s);
        }
    }

    #[test]
    fn rfc1630_takes_the_common_forms() {
        for s in [
            "http://info.cern.ch/hypertext/WWW/TheProject.html",
            "HTTPS://Info.Cern.CH:80/a%7E+b?q+r#top",
            "http://a",
            "http://a:65535?",
            "https://a_b.c$d/x#",
            "file://deps/v8/x.js",
            "magic://a/b/c//d/e/f",
            "fxqn:/us/va/reston/cnri/ietf/24/asdf%3A",
            "news:comp.infosystems.www",
            "mailto:timbl@info.cern.ch",
            "a b:c d",
            "x:",
        ] {
            assert!(url_1630(s.as_bytes()).is_ok(), "{s}");
            agrees_1630(s);
        }
    }

    #[test]
    fn rfc1630_stops_at_the_first_violation() {
        for (s, at, rule) in [
            ("file:///etc/motd", 7, "host"),
            ("http://", 7, "host"),
            ("x://?q", 4, "host"),
            ("http://h/~u", 9, "path"),
            ("http://h/a?b=c", 12, "search"),
            ("http://h/a?b/c", 12, "search"),
            ("x:a#b+c", 5, "fragmentid"),
            ("x:a#b#c", 5, "fragmentid"),
        ] {
            let Err(Some((got, _, rule_got))) = url_1630(s.as_bytes()) else {
                panic!("{s}: not stopped");
            };
            assert_eq!((got, rule_got), (at, rule), "{s}");
            agrees_1630(s);
        }
    }

    #[test]
    fn rfc1630_leaves_the_rest_to_the_full_grammar() {
        for s in [
            "http://10.0.0.1/",
            "http://u@h/",
            "http://u:p@h/",
            "http://h.1b/",
            "http://h./",
            "http://h..a/",
            "http://h%41/",
            "http://h:/",
            "http://h:65536/",
            "http://h:000080/",
            "http://h:8a/",
            "http://:80/",
            "http://h/%4g",
            "http://h/%4",
            "url:x",
            "1x:y",
            "\"x:y",
            ":x",
            "",
            "x",
        ] {
            assert!(matches!(url_1630(s.as_bytes()), Err(None)), "{s}");
            agrees_1630(s);
        }
    }

    proptest! {
        #[test]
        fn rfc1738_agrees_with_the_full_parser(s in "([hH][tT]{2}[pP][sS]?|file|FILE|x1|url)?:?(//)?[a-z0-9.:@%/?#_;~-]{0,24}") {
            agrees_1738(&s);
        }

        #[test]
        fn rfc1630_agrees_with_the_full_grammar(s in "(http|HTTPS|file|x|a b|url|1x)?:?(//)?[a-zA-Z0-9.:@%/?#_;~=+ \"-]{0,24}") {
            agrees_1630(&s);
        }
    }
}
