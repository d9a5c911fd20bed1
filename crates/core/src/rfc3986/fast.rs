//! The common shape of an RFC 3986 `URI`, in one pass and without a sink:
//! `scheme ":" [ "//" reg-name-or-IPv4address [ ":" port ] ] path [ "?"
//! query ] [ "#" fragment ]`, with no `userinfo`, no escape in the host and
//! no IP literal.
//!
//! It only accepts: anything else (a violation, or a form it leaves out)
//! gives `None`, and the full parser starts over and reports or accepts it.
//! What it accepts, the full parser accepts with the same component table
//! (tested below against it, and by the `parse_rfc3986` fuzz target).

use super::chars::{self, PATH_T, QUERY_T, REG_NAME_T};
use super::host::is_ipv4address;
use crate::engine;
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

/// The component table of `s` when it is a `URI` of the common shape.
// Inlined into `parse::parse_rfc3986` alone, which is out of line; with
// `authority` inlined too (left to itself, the compiler took it out of line
// there, which cost more instructions than the fast path had out of line).
#[inline(always)]
pub(crate) fn uri(s: &[u8]) -> Option<Offsets> {
    let (se, slashes) = match engine::common_scheme(s) {
        Some(se) => (se, true),
        None => {
            let se = scheme(s)?;
            (se, s[se + 1..].starts_with(b"//"))
        }
    };
    let mut o = Offsets::new(se);
    let mut i = se + 1;
    if slashes {
        i = authority(s, se + 3, &mut o)?;
    }
    // path-abempty, path-absolute, path-rootless and path-empty all hold
    // the octets of PATH_T; none holds '?' or '#'.
    i = engine::run_escaped(s, i, &PATH_T)?;
    if s.get(i) == Some(&b'?') {
        o.query_start = Some(i as u32);
        i = engine::run_escaped(s, i + 1, &QUERY_T)?;
    }
    if s.get(i) == Some(&b'#') {
        o.fragment_start = Some(i as u32);
        i = engine::run_escaped(s, i + 1, &QUERY_T)?;
    }
    (i == s.len()).then_some(o)
}

/// `scheme ":"`: the offset of the `:`.
#[inline]
fn scheme(s: &[u8]) -> Option<usize> {
    if !chars::ALPHA.contains(*s.first()?) {
        return None;
    }
    let end = s.iter().position(|&b| !chars::SCHEME.contains(b))?;
    (s[end] == b':').then_some(end)
}

/// `authority` from `a` (after `//`) when it is a `reg-name` or an
/// `IPv4address` of plain octets and an optional `":" port`: fills the
/// authority part of `o` and returns where the authority ends.
#[inline(always)]
fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Option<usize> {
    let host_end = engine::run_from(s, a, &REG_NAME_T);
    let mut end = host_end;
    let mut port = None;
    if s.get(host_end) == Some(&b':') {
        // port = *DIGIT; a value only when it has one that fits u16.
        let digits = host_end + 1;
        end = digits;
        let mut value: u32 = 0;
        while let Some(&d) = s.get(end).filter(|d| d.is_ascii_digit()) {
            value = (value * 10 + u32::from(d - b'0')).min(1 << 20);
            end += 1;
        }
        if end > digits {
            port = u16::try_from(value).ok();
        }
    }
    if !matches!(s.get(end), None | Some(b'/' | b'?' | b'#')) {
        return None;
    }
    let host = &s[a..host_end];
    o.authority_start = Some(nz(a));
    o.host_start = a as u32;
    o.host_end = host_end as u32;
    o.host_kind = Some(match host.first() {
        None => HostKind::Empty,
        Some(d) if d.is_ascii_digit() && is_ipv4address(host) => HostKind::Ipv4,
        Some(_) => HostKind::RegName,
    });
    o.port = port;
    o.path_start = end as u32;
    Some(end)
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
        let mut p = Parser::new(s.as_bytes(), 0, Spec::Rfc3986, &mut sink);
        p.rfc3986_uri().ok()
    }

    #[track_caller]
    fn agrees(s: &str) {
        if let Some(fast) = uri(s.as_bytes()) {
            assert_eq!(Some(fast), full(s), "{s:?}");
            fast.check_invariants(s);
        }
        // Through the public entry point, fast path first.
        let parsed = crate::UrlRef::parse_with(s, Spec::Rfc3986).ok().map(|u| *u.offsets());
        assert_eq!(parsed, full(s), "{s:?}");
    }

    #[test]
    fn takes_the_common_forms() {
        for s in [
            "https://example.com/a/b.html?x=1&y=%41#top",
            "HTTP://Example.COM:8080/",
            "http://h:/",
            "http://h:65536/p",
            "http://h:00080",
            "file:///usr/lib/%7euser",
            "file://",
            "http://10.0.0.1/",
            "http://10.0.0.256/",
            "http://01.0.0.1/",
            "urn:isbn:0451450523",
            "mailto:a@b.c",
            "x:",
            "x:?#",
            "node:fs",
            "a+b-c.d://h?",
        ] {
            assert!(uri(s.as_bytes()).is_some(), "{s}");
            agrees(s);
        }
    }

    #[test]
    fn leaves_the_rest_to_the_full_parser() {
        for s in [
            "http://u@h/",
            "http://[::1]/",
            "http://h%41/",
            "http://h:8a/",
            "http://h:1:2/",
            "http://h/a b",
            "http://h/%4g",
            "http://h/%4",
            "x:#a#b",
            "1x:y",
            "x",
            ":x",
            "http://h/\u{e9}",
        ] {
            assert_eq!(uri(s.as_bytes()), None, "{s}");
            agrees(s);
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_full_parser(s in "([hH][tT]{2}[pP][sS]?|file|x1|1x)?:?(//)?[a-z0-9.:@%\\[\\]/?#_~ -]{0,24}") {
            agrees(&s);
        }
    }
}
