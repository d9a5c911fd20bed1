//! The fast paths of RFC 3986 and RFC 1808: their [`Shape`]s, the common
//! shape of a URL read by [`fast::scan`].
//!
//! * RFC 3986 `URI`: `scheme ":" [ "//" reg-name-or-IPv4address [ ":" port
//!   ] ] path [ "?" query ] [ "#" fragment ]`, with no `userinfo`, no escape
//!   in the host and no IP literal. It only accepts: anything else (a
//!   violation, or a form it leaves out) gives `None` (`parse` asks [`uri`]),
//!   and the full parser starts over and reports or accepts it.
//! * RFC 1808 absolute URL, split as §2.4 splits it (see the [module
//!   docs](super)), with no user or password and a port of digits followed
//!   by the end of the `net_loc`. It stops at what is certainly the first
//!   violation (an octet that is neither `uchar` nor `reserved`, in the
//!   host, the path, the query or the fragment); a user, a malformed escape
//!   or a `net_loc` with `:` in what follows the host is left to the full
//!   grammar.
//!
//! What either accepts, the full grammar accepts with the same component
//! table (tested below against it, in `tests/fast_paths.rs`, and by the
//! `parse_rfc3986` and `parse_rfc1808` fuzz targets).

use super::chars::{self, rfc1808, ABSOLUTE_1808_T, PATH_T, QUERY_1808_T, QUERY_T, REG_NAME_T};
use super::host::name_kind;
use crate::engine::{self, Stopped, Table, Violation};
use crate::fast::{self, Part, Shape};
use crate::offsets::Offsets;

/// The common shape of an RFC 3986 `URI`.
pub(crate) struct Rfc3986;

impl Shape for Rfc3986 {
    #[inline]
    fn scheme(s: &[u8]) -> Option<usize> {
        if !chars::ALPHA.contains(*s.first()?) {
            return None;
        }
        let end = s.iter().position(|&b| !chars::SCHEME.contains(b))?;
        (s[end] == b':').then_some(end)
    }

    /// A `reg-name` or an `IPv4address` of plain octets and an optional
    /// `":" port`.
    #[inline(always)]
    fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped> {
        let host_end = engine::run_from(s, a, &REG_NAME_T);
        let (end, port) = match s.get(host_end) {
            Some(b':') => fast::port(s, host_end + 1),
            _ => (host_end, None),
        };
        if !matches!(s.get(end), None | Some(b'/' | b'?' | b'#')) {
            return Err(None);
        }
        o.set_host(a, host_end, name_kind(&s[a..host_end]), port, end);
        Ok(end)
    }

    // path-abempty, path-absolute, path-rootless and path-empty all hold
    // the octets of PATH_T; none holds '?' or '#'.
    const PATH: Part = Part::new(&PATH_T, b"?#", "path");
    const QUERY: Part = Part::new(&QUERY_T, b"#", "query");
    const FRAGMENT: Part = Part::new(&QUERY_T, b"", "fragment");
}

/// The component table of `s` when it is a `URI` of the common shape.
// Inlined into `parse::parse_rfc3986` alone, which is out of line; with
// `authority` inlined too (left to itself, the compiler took it out of line
// there, which cost more instructions than the fast path had out of line).
#[inline(always)]
pub(crate) fn uri(s: &[u8]) -> Option<Offsets> {
    fast::scan::<Rfc3986>(s).ok()
}

/// The octets of the host in a `net_loc`: `uchar | reserved`, but the `/`
/// that ends the `net_loc` and the `:` and `@` that divide it. A `?` is one
/// of them: §2.4.3 ends the `net_loc` at the next `/` alone.
static HOST_T: Table = Table::new(rfc1808::QUERY.without(b'/').without(b':').without(b'@'));

/// The common shape of an RFC 1808 absolute URL.
pub(crate) struct Rfc1808;

impl Shape for Rfc1808 {
    /// `scheme = 1*( alpha | digit | "+" | "-" | "." )`.
    #[inline]
    fn scheme(s: &[u8]) -> Option<usize> {
        let end = s.iter().position(|&b| !rfc1808::SCHEME.contains(b))?;
        (end > 0 && s[end] == b':').then_some(end)
    }

    /// The `net_loc` up to the next `/`, `#` or the end, when it is a host
    /// and an optional `":" port` of digits (the last `:` of the host part).
    #[inline(always)]
    fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped> {
        let host_end = engine::run_escaped(s, a, &HOST_T).ok_or(None)?;
        let (end, port) = match s.get(host_end) {
            None | Some(b'/' | b'#') => (host_end, None),
            Some(b':') => {
                let (end, port) = fast::port(s, host_end + 1);
                if !matches!(s.get(end), None | Some(b'/' | b'#')) {
                    return Err(None);
                }
                (end, port)
            }
            Some(b'@') => return Err(None),
            // Neither `uchar` nor `reserved`, after a host of octets that are.
            Some(_) => return Err(Some((host_end, Violation::Octet, "net_loc"))),
        };
        o.set_host(a, host_end, name_kind(&s[a..host_end]), port, end);
        Ok(end)
    }

    // §2.4.4: the query follows the first '?' after the net_loc; ";params"
    // stay in the path, whose octets are those of the opaque alternative.
    // §2.4.1: the fragment is everything after the first '#'.
    const PATH: Part = Part::new(&ABSOLUTE_1808_T, b"?#", "absoluteURL");
    const QUERY: Part = Part::new(&QUERY_1808_T, b"#", "query");
    const FRAGMENT: Part = Part::new(&QUERY_1808_T, b"", "fragment");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{FirstError, Parser};
    use crate::{ParseErrorKind, Spec};
    use proptest::prelude::*;

    /// What the full grammar of `spec` makes of `s`: its table, or its first
    /// error.
    fn full(s: &str, spec: Spec) -> Result<Offsets, (usize, ParseErrorKind, &'static str)> {
        let mut sink = FirstError::default();
        let mut p = Parser::new(s.as_bytes(), 0, spec, &mut sink);
        let parsed = if spec == Spec::Rfc3986 {
            p.rfc3986_uri()
        } else {
            p.rfc1808_url()
        };
        parsed.map_err(|_| sink.0.map(|e| (e.offset, e.kind, e.rule)).expect("an error"))
    }

    /// The fast path of `spec` over `s`.
    fn fast(s: &str, spec: Spec) -> Result<Offsets, Stopped> {
        if spec == Spec::Rfc3986 {
            uri(s.as_bytes()).ok_or(None)
        } else {
            fast::scan::<Rfc1808>(s.as_bytes())
        }
    }

    /// What the fast path of `spec` gives, the full grammar gives; and the
    /// public entry point, fast path first, agrees with the full grammar.
    #[track_caller]
    fn agrees(s: &str, spec: Spec) {
        match fast(s, spec) {
            Ok(o) => {
                assert_eq!(Ok(o), full(s, spec), "{s:?}");
                o.check_invariants(s);
            }
            Err(Some((at, violation, rule))) => {
                assert_eq!(
                    Err((at, violation.kind(s.as_bytes(), at), rule)),
                    full(s, spec),
                    "{s:?}"
                )
            }
            Err(None) => {}
        }
        let parsed = crate::UrlRef::parse_with(s, spec).ok().map(|u| *u.offsets());
        assert_eq!(parsed, full(s, spec).ok(), "{s:?}");
    }

    #[test]
    fn rfc3986_takes_the_common_forms() {
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
            agrees(s, Spec::Rfc3986);
        }
    }

    #[test]
    fn rfc3986_leaves_the_rest_to_the_full_parser() {
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
            agrees(s, Spec::Rfc3986);
        }
    }

    #[test]
    fn rfc1808_takes_the_common_forms() {
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
            assert!(fast(s, Spec::Rfc1808).is_ok(), "{s}");
            agrees(s, Spec::Rfc1808);
        }
    }

    #[test]
    fn rfc1808_stops_at_the_first_violation() {
        for (s, at, rule) in [
            ("http://a/~u", 9, "absoluteURL"),
            ("x:a b", 3, "absoluteURL"),
            ("http://a\"b/", 8, "net_loc"),
            ("http://a/b?[", 11, "query"),
            ("x:#a#b", 4, "fragment"),
            ("x:?#a b", 5, "fragment"),
        ] {
            let Err(Some((got, _, rule_got))) = fast(s, Spec::Rfc1808) else {
                panic!("{s}: not stopped");
            };
            assert_eq!((got, rule_got), (at, rule), "{s}");
            agrees(s, Spec::Rfc1808);
        }
    }

    #[test]
    fn rfc1808_leaves_the_rest_to_the_full_grammar() {
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
            assert!(matches!(fast(s, Spec::Rfc1808), Err(None)), "{s}");
            agrees(s, Spec::Rfc1808);
        }
    }

    proptest! {
        #[test]
        fn rfc3986_agrees_with_the_full_parser(s in "([hH][tT]{2}[pP][sS]?|file|x1|1x)?:?(//)?[a-z0-9.:@%\\[\\]/?#_~ -]{0,24}") {
            agrees(&s, Spec::Rfc3986);
        }

        #[test]
        fn rfc1808_agrees_with_the_full_grammar(s in "(http|HTTPS|file|x|a b|url|1x)?:?(//)?[a-zA-Z0-9.:@%/?#_;~=+ \"-]{0,24}") {
            agrees(&s, Spec::Rfc1808);
        }
    }
}
