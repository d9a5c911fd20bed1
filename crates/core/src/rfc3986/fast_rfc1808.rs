//! The common shape of an RFC 1808 absolute URL, in one pass and without a
//! sink: `scheme ":" [ "//" host [ ":" port ] ] path [ "?" query ] [ "#"
//! fragment ]`, split as §2.4 splits it (see the [module docs](super)), with
//! no user or password and a port of digits followed by the end of the
//! `net_loc`.
//!
//! It only accepts, or stops at what is certainly the first violation (an
//! octet that is neither `uchar` nor `reserved`, in the host, the path, the
//! query or the fragment). Anything else (a user, a malformed escape, a
//! `net_loc` with `:` in what follows the host) gives `Err(None)`, and the
//! full grammar starts over and reports or accepts it. What it accepts, the
//! full grammar accepts with the same component table (tested below against
//! it, in `tests/fast_paths.rs`, and by the `parse_rfc1808` fuzz target).

use super::chars::{rfc1808, ABSOLUTE_1808_T, QUERY_1808_T};
use super::host::is_ipv4address;
use crate::engine::{self, scan_fast, Stopped, Table, Violation};
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

/// The octets of the host in a `net_loc`: `uchar | reserved`, but the `/`
/// that ends the `net_loc` and the `:` and `@` that divide it. A `?` is one
/// of them: §2.4.3 ends the `net_loc` at the next `/` alone.
static HOST_T: Table = Table::new(rfc1808::QUERY.without(b'/').without(b':').without(b'@'));

/// The component table of `s` when it is an RFC 1808 absolute URL of the
/// common shape, or where that shape stopped.
#[inline(always)]
pub(crate) fn url(s: &[u8]) -> Result<Offsets, Stopped> {
    let (se, slashes) = match engine::common_scheme(s) {
        Some(se) => (se, true),
        None => {
            let se = scheme(s).ok_or(None)?;
            (se, s[se + 1..].starts_with(b"//"))
        }
    };
    let mut o = Offsets::new(se);
    let mut i = se + 1;
    if slashes {
        i = net_loc(s, se + 3, &mut o)?;
    }
    // §2.4.4: the query follows the first '?' after the net_loc; ";params"
    // stay in the path, whose octets are those of the opaque alternative.
    i = scan_fast(s, i, &ABSOLUTE_1808_T, b"?#", "absoluteURL")?;
    if s.get(i) == Some(&b'?') {
        o.query_start = Some(i as u32);
        i = scan_fast(s, i + 1, &QUERY_1808_T, b"#", "query")?;
    }
    // §2.4.1: the fragment is everything after the first '#'.
    if s.get(i) == Some(&b'#') {
        o.fragment_start = Some(i as u32);
        scan_fast(s, i + 1, &QUERY_1808_T, b"", "fragment")?;
    }
    Ok(o)
}

/// `scheme ":"`, `scheme = 1*( alpha | digit | "+" | "-" | "." )`: the
/// offset of the `:`.
#[inline]
fn scheme(s: &[u8]) -> Option<usize> {
    let end = s.iter().position(|&b| !rfc1808::SCHEME.contains(b))?;
    (end > 0 && s[end] == b':').then_some(end)
}

/// The `net_loc` from `a` (after `//`) to the next `/`, `#` or the end, when
/// it is a host and an optional `":" port` of digits: fills the authority
/// part of `o` and returns where it ends.
#[inline(always)]
fn net_loc(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped> {
    let host_end = engine::run_escaped(s, a, &HOST_T).ok_or(None)?;
    let mut end = host_end;
    let mut port = None;
    match s.get(host_end) {
        None | Some(b'/' | b'#') => {}
        Some(b':') => {
            // The last ':' of the host part, all digits after it (maybe
            // none): a value only when it has one that fits u16.
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
            if !matches!(s.get(end), None | Some(b'/' | b'#')) {
                return Err(None);
            }
        }
        Some(b'@') => return Err(None),
        // Neither `uchar` nor `reserved`, after a host of octets that are.
        Some(_) => return Err(Some((host_end, Violation::Octet, "net_loc"))),
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
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{FirstError, Parser};
    use crate::ParseErrorKind;
    use crate::Spec;
    use proptest::prelude::*;

    /// What the full grammar makes of `s`: its table, or its first error.
    fn full(s: &str) -> Result<Offsets, (usize, ParseErrorKind, &'static str)> {
        let mut sink = FirstError::default();
        Parser::new(s.as_bytes(), 0, Spec::Rfc1808, &mut sink)
            .rfc1808_url()
            .map_err(|_| sink.0.map(|e| (e.offset, e.kind, e.rule)).expect("an error"))
    }

    #[track_caller]
    fn agrees(s: &str) {
        match url(s.as_bytes()) {
            Ok(fast) => {
                assert_eq!(Ok(fast), full(s), "{s:?}");
                fast.check_invariants(s);
            }
            Err(Some((at, violation, rule))) => {
                assert_eq!(Err((at, violation.kind(s.as_bytes(), at), rule)), full(s), "{s:?}")
            }
            Err(None) => {}
        }
    }

    #[test]
    fn takes_the_common_forms() {
        for s in [
            "http://a/b/c/d;p?q#f",
            "HTTPS://Example.COM:8080/a%7E?x=1&y=/?#top",
            "http://a?b/c",
            "http://a?b",
            "http://a#b?c",
            "http://h:/",
            "http://h:65536/p",
            "http://h:00080",
            "http://10.0.0.1/",
            "http://01.0.0.1/",
            "http://%41;b=c/",
            "file:///usr/lib",
            "file://",
            "1x:y",
            "mailto:a@b.c",
            "x:",
            "x:?#",
            "x://h//a",
        ] {
            assert!(url(s.as_bytes()).is_ok(), "{s}");
            agrees(s);
        }
    }

    #[test]
    fn stops_at_the_first_violation() {
        for (s, at, rule) in [
            ("http://a/~u", 9, "absoluteURL"),
            ("x:a b", 3, "absoluteURL"),
            ("http://a\"b/", 8, "net_loc"),
            ("http://a/b?[", 11, "query"),
            ("x:#a#b", 4, "fragment"),
            ("x:?#a b", 5, "fragment"),
        ] {
            let Err(Some((got, _, rule_got))) = url(s.as_bytes()) else {
                panic!("{s}: not stopped");
            };
            assert_eq!((got, rule_got), (at, rule), "{s}");
            agrees(s);
        }
    }

    #[test]
    fn leaves_the_rest_to_the_full_grammar() {
        for s in [
            "http://u@h/",
            "http://u:p@h:1/",
            "http://h:1:2/",
            "http://h:8a/",
            "http://h:8 /",
            "http://h/%4g",
            "http://h%4/",
            "x:%",
            ":x",
            "x",
            "",
            "\"x:y",
        ] {
            assert!(matches!(url(s.as_bytes()), Err(None)), "{s}");
            agrees(s);
        }
    }

    proptest! {
        #[test]
        fn agrees_with_the_full_grammar(s in "(http|HTTPS|file|x|a b|url|1x)?:?(//)?[a-zA-Z0-9.:@%/?#_;~=+ \"-]{0,24}") {
            agrees(&s);
        }
    }
}
