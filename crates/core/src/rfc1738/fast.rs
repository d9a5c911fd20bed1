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
use crate::engine::{self, Table};
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

/// The component table of `s` (after any `URL:` prefix) when it is an RFC
/// 1738 URL of a common shape.
// Out of line: inlined into the parse functions, it made them larger and
// slower (measured by instruction counts).
#[inline(never)]
pub(crate) fn url(s: &[u8]) -> Option<Offsets> {
    let (se, known) = match engine::common_scheme(s) {
        Some(5) => (5, None),
        Some(se) if s[0] | 0x20 == b'h' => (se, Some(Known::Http)),
        Some(se) => (se, Some(Known::File)),
        None => {
            let se = scheme(s)?;
            (se, Known::of(&s[..se]))
        }
    };
    let mut o = Offsets::new(se);
    let start = se + 1;
    let slashes = s[start..].starts_with(b"//");
    let i = match known {
        None => {
            let p = if slashes {
                hostport(s, start + 2, true, &mut o)?
            } else {
                start
            };
            let i = engine::run_escaped(s, p, &scan::URLPATH)?;
            search(s, i, &scan::XCHAR, &mut o)?
        }
        Some(Known::Http) if slashes => {
            // httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
            let p = hostport(s, start + 2, true, &mut o)?;
            let i = match s.get(p) {
                Some(b'/') => engine::run_escaped(s, p + 1, &scan::HPATH)?,
                // A search needs the '/' of a path before it.
                Some(b'?') => return None,
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
                let p = hostport(s, a, false, &mut o)?;
                if o.port.is_some() {
                    return None;
                }
                p
            };
            if s.get(p) != Some(&b'/') {
                return None;
            }
            engine::run_escaped(s, p + 1, &scan::FPATH)?
        }
        Some(_) => return None,
    };
    let i = match s.get(i) {
        Some(b'#') => {
            o.fragment_start = Some(nz(i));
            engine::run_escaped(s, i + 1, &scan::XCHAR)?
        }
        _ => i,
    };
    (i == s.len()).then_some(o)
}

/// `scheme ":"`: the offset of the `:`. Not `url`, which is the prefix.
#[inline]
fn scheme(s: &[u8]) -> Option<usize> {
    let end = s.iter().position(|&b| !rfc1738::SCHEME.contains(b))?;
    (end > 0 && s[end] == b':' && !s[..end].eq_ignore_ascii_case(b"url")).then_some(end)
}

/// `hostport` from `a` (after `//`) when the host is a domain name: fills
/// the authority part of `o` and returns where the authority ends.
#[inline]
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
#[inline]
fn search(s: &[u8], i: usize, table: &Table, o: &mut Offsets) -> Option<usize> {
    if s.get(i) == Some(&b'?') {
        o.query_start = Some(nz(i));
        return engine::run_escaped(s, i + 1, table);
    }
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{FirstError, Parser};
    use crate::Spec;
    use proptest::prelude::*;

    /// The full parser's table, bypassing the fast path.
    fn full(s: &str) -> Option<Offsets> {
        let mut sink = FirstError::default();
        Parser::new(s.as_bytes(), 0, Spec::Rfc1738, &mut sink).rfc1738().ok()
    }

    #[track_caller]
    fn agrees(s: &str) {
        if let Some(fast) = url(s.as_bytes()) {
            assert_eq!(Some(fast), full(s), "{s:?}");
            fast.check_invariants(s);
        }
        // Through the public entry point, fast path first.
        let parsed = crate::UrlRef::parse_with(s, Spec::Rfc1738).ok().map(|u| *u.offsets());
        let prefix = s.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("url:"));
        assert_eq!(parsed, full(if prefix { &s[4..] } else { s }), "{s:?}");
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
            assert!(url(s.as_bytes()).is_some(), "{s}");
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
            assert_eq!(url(s.as_bytes()), None, "{s}");
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
