//! The common shapes of an RFC 1738 URL, in one pass and without a sink:
//! `http` (§3.3 `httpurl`), `file` (§3.10 `fileurl`) and schemes RFC 1738
//! does not define (the generic `scheme ":" [ "//" hostport ] urlpath [ "?"
//! search ]`), each with a fragment, a domain-name host, no user or password
//! and no `URL:` prefix handling of its own.
//!
//! It only accepts: anything else (a violation, a four-number host, a user,
//! another scheme of RFC 1738) gives `None`, and the full parser starts over
//! and reports or accepts it. What it accepts, the full parser accepts with
//! the same component table (tested below against it, and by the
//! `parse_rfc1738` fuzz target).

use super::host;
use super::scan;
use super::schemes::Known;
use crate::ascii::rfc1738;
use crate::engine::{self, scan_fast, Stopped, Table};
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

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
    let i = match known {
        None => {
            let p = if slashes {
                hostport(s, start + 2, true, &mut o).ok_or(None)?
            } else {
                start
            };
            let i = scan_fast(s, p, &scan::URLPATH, b"?#", "urlpath")?;
            search(s, i, &scan::XCHAR, &mut o)?
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
            search(s, i, &scan::SEARCH, &mut o)?
        }
        Some(Known::File) if slashes => {
            // fileurl = "file://" [ host | "localhost" ] "/" fpath
            let a = start + 2;
            let p = if s.get(a) == Some(&b'/') {
                o.authority_start = Some(nz(a));
                o.host_start = a as u32;
                o.host_end = a as u32;
                o.host_kind = Some(HostKind::Empty);
                o.path_start = a as u32;
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
            scan_fast(s, p + 1, &scan::FPATH, b"#", "fpath")?
        }
        Some(_) => return Err(None),
    };
    if s.get(i) == Some(&b'#') {
        o.fragment_start = Some(i as u32);
        scan_fast(s, i + 1, &scan::XCHAR, b"", "fragmentid")?;
    }
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
    o.authority_start = Some(nz(a));
    o.host_start = a as u32;
    o.host_end = host_end as u32;
    o.host_kind = Some(HostKind::Domain);
    o.port = port;
    o.path_start = end as u32;
    Some(end)
}

/// From `i`, where a path ended: `[ "?" search ]`. Returns where it ends.
#[inline(always)]
fn search(s: &[u8], i: usize, table: &Table, o: &mut Offsets) -> Result<usize, Stopped> {
    if s.get(i) == Some(&b'?') {
        o.query_start = Some(i as u32);
        return scan_fast(s, i + 1, table, b"#", "search");
    }
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{FirstError, Parser};
    use crate::ParseErrorKind;
    use crate::Spec;
    use proptest::prelude::*;

    /// The full parser's table, bypassing the fast path.
    fn full(s: &str) -> Option<Offsets> {
        let mut sink = FirstError::default();
        Parser::new(s.as_bytes(), 0, Spec::Rfc1738, &mut sink).rfc1738().ok()
    }

    #[track_caller]
    fn agrees(s: &str) {
        match url(s.as_bytes()) {
            Ok(fast) => {
                assert_eq!(Some(fast), full(s), "{s:?}");
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

    #[test]
    fn takes_the_common_forms() {
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
            agrees(s);
        }
    }

    #[test]
    fn leaves_the_rest_to_the_full_parser() {
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
            agrees(s);
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_full_parser(s in "([hH][tT]{2}[pP][sS]?|file|FILE|x1|url)?:?(//)?[a-z0-9.:@%/?#_;~-]{0,24}") {
            agrees(&s);
        }
    }
}
