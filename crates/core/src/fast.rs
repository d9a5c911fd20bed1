//! The fast path of the RFC grammars: one scan, without a sink, of the
//! common shape of a URL,
//!
//! ```text
//! scheme ":" [ "//" authority ] path [ "?" query ] [ "#" fragment ]
//! ```
//!
//! given each grammar's [`Shape`]: its scheme and authority readers and the
//! byte classes of its parts. RFC 3986, RFC 1808 and the RFC 1630 draft are
//! shapes ([`rfc3986::fast`](crate::rfc3986::fast),
//! [`rfc1738::fast`](crate::rfc1738::fast)); RFC 1738, whose schemes each
//! have their own syntax, reads its scheme and path by it and ends with the
//! same [`tail`].
//!
//! A fast path only accepts, or stops at what is certainly the first
//! violation of the input ([`Stopped`]): anything else gives `Err(None)`,
//! and the full grammar starts over and reports or accepts it. What it
//! accepts, the full grammar accepts with the same component table (the
//! tests below hold it for each grammar, as do `tests/fast_paths.rs` and
//! the fuzz targets; debug builds check every input).

use crate::ascii::ByteSet;
use crate::engine::{common_scheme, scan_fast, Stopped, Table};
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};
use crate::Spec;

/// A part of the common shape: the octets it holds (escapes checked), the
/// octets that may end it, and the rule that names it in an error.
pub(crate) struct Part {
    pub(crate) table: &'static Table,
    pub(crate) ends: &'static [u8],
    pub(crate) rule: &'static str,
}

impl Part {
    pub(crate) const fn new(table: &'static Table, ends: &'static [u8], rule: &'static str) -> Part {
        Part { table, ends, rule }
    }

    /// The part from `i`: where it ends, or where it stopped.
    #[inline(always)]
    pub(crate) fn scan(&self, s: &[u8], i: usize) -> Result<usize, Stopped> {
        scan_fast(s, i, self.table, self.ends, self.rule)
    }
}

/// What a grammar's fast path reads its own way.
pub(crate) trait Shape {
    /// The octets a scheme starts with, for a scheme that is not `http`,
    /// `https` or `file` (read by one load, [`common_scheme`]), and those it
    /// holds after its first (see [`scheme`]).
    const SCHEME_FIRST: ByteSet;
    /// See [`SCHEME_FIRST`](Shape::SCHEME_FIRST).
    const SCHEME: ByteSet;

    /// The authority from `a` (after `//`), when it has the common shape:
    /// fills the authority part of `o` (see [`Offsets::set_host`]) and
    /// returns where it ends.
    fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped>;

    /// The path, up to `?`, `#` or the end.
    const PATH: Part;
    /// The query, after `?`, up to `#` or the end.
    const QUERY: Part;
    /// The fragment, after `#`, to the end.
    const FRAGMENT: Part;
    /// The spec whose grammar this is the shape of.
    const SPEC: Spec;
}

/// The component table of `s` when it has the common shape of grammar `G`,
/// or where that shape stopped.
#[inline(always)]
pub(crate) fn scan<G: Shape>(s: &[u8]) -> Result<Offsets, Stopped> {
    let (se, slashes) = match common_scheme(s) {
        Some(se) => (se, true),
        None => {
            let se = scheme(s, &G::SCHEME_FIRST, &G::SCHEME, G::SPEC).ok_or(None)?;
            (se, s[se + 1..].starts_with(b"//"))
        }
    };
    let mut o = Offsets::new(se);
    let mut i = se + 1;
    if slashes {
        i = G::authority(s, i + 2, &mut o)?;
    }
    let i = G::PATH.scan(s, i)?;
    tail(s, i, &mut o, &G::QUERY, &G::FRAGMENT)?;
    Ok(o)
}

/// `scheme ":"`, for a scheme of one octet of `first` and then octets of
/// `rest`: the offset of the `:`. Not `url` under the 1994 grammars of
/// `spec`, where `url:` is the prefix of a URL.
#[inline(always)]
pub(crate) fn scheme(s: &[u8], first: &ByteSet, rest: &ByteSet, spec: Spec) -> Option<usize> {
    if !first.contains(*s.first()?) {
        return None;
    }
    let end = s.iter().position(|&b| !rest.contains(b))?;
    let prefix = spec.is_1994() && s[..end].eq_ignore_ascii_case(b"url");
    (s[end] == b':' && !prefix).then_some(end)
}

/// `[ "?" query ] [ "#" fragment ]` from `i`, where a path ended, to the
/// end of `s`, the fragment's `ends` being empty.
#[inline(always)]
pub(crate) fn tail(s: &[u8], mut i: usize, o: &mut Offsets, query: &Part, fragment: &Part) -> Result<(), Stopped> {
    if s.get(i) == Some(&b'?') {
        o.query_start = Some(i as u32);
        i = query.scan(s, i + 1)?;
    }
    if s.get(i) == Some(&b'#') {
        o.fragment_start = Some(i as u32);
        i = fragment.scan(s, i + 1)?;
    }
    if i < s.len() {
        return Err(None);
    }
    Ok(())
}

/// `port = *digit` from `digits` (after the `:`): where the digits end,
/// and their value when there is one that fits 16 bits.
#[inline(always)]
pub(crate) fn port(s: &[u8], digits: usize) -> (usize, Option<u16>) {
    let mut end = digits;
    let mut value: u32 = 0;
    while let Some(&d) = s.get(end).filter(|d| d.is_ascii_digit()) {
        value = (value * 10 + u32::from(d - b'0')).min(1 << 20);
        end += 1;
    }
    (end, (end > digits).then(|| u16::try_from(value).ok()).flatten())
}

impl Offsets {
    /// An authority of a host alone: `s[a..host_end]` of `kind`, then an
    /// optional port up to `end`, where the path starts.
    #[inline(always)]
    pub(crate) fn set_host(&mut self, a: usize, host_end: usize, kind: HostKind, port: Option<u16>, end: usize) {
        self.authority_start = Some(nz(a));
        self.host_start = a as u32;
        self.host_end = host_end as u32;
        self.host_kind = Some(kind);
        self.port = port;
        self.path_start = end as u32;
    }
}

/// Each grammar's fast path against its full grammar: tables of inputs it
/// takes, stops at (where, and by which rule) or leaves to the full grammar,
/// and random inputs on which the two must agree.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::FirstError;
    use crate::rfc1738::fast::{url, Rfc1630};
    use crate::rfc3986::fast::{uri, Rfc1808};
    use crate::{ParseError, UrlRef};
    use proptest::prelude::*;

    /// A grammar's fast path, to be checked against its full grammar.
    struct Grammar {
        spec: Spec,
        fast: fn(&[u8]) -> Result<Offsets, Stopped>,
    }

    /// RFC 1738 reads its scheme and path by the scheme's own syntax.
    const RFC1738: Grammar = Grammar {
        spec: Spec::Rfc1738,
        fast: url,
    };
    const RFC1630: Grammar = Grammar::shape::<Rfc1630>();
    /// The RFC 3986 fast path only accepts (see [`uri`]): where it stops is
    /// not said to be the first violation.
    const RFC3986: Grammar = Grammar {
        spec: Spec::Rfc3986,
        fast: |s| uri(s).ok_or(None),
    };
    const RFC1808: Grammar = Grammar::shape::<Rfc1808>();

    impl Grammar {
        const fn shape<G: Shape>() -> Grammar {
            Grammar {
                spec: G::SPEC,
                fast: scan::<G>,
            }
        }

        /// What the full grammar makes of `s` after any `URL:` prefix: its
        /// table, or its first error (offsets counted from the input's
        /// start).
        fn full(&self, s: &str) -> Result<Offsets, ParseError> {
            let base = crate::parse::prefix_len(s, self.spec);
            let mut sink = FirstError::default();
            crate::parse::parse_full(&s[base..], base, self.spec, &mut sink).map_err(|_| sink.0.expect("an error"))
        }

        /// What the fast path gives, the full grammar gives (the same table,
        /// or the same first error where it stops); and the public entry
        /// point, fast path first, gives what the full grammar gives.
        #[track_caller]
        fn agrees(&self, s: &str) {
            let full = self.full(s);
            match (self.fast)(s.as_bytes()) {
                Ok(fast) => {
                    assert_eq!(Ok(fast), full, "{s:?}");
                    fast.check_invariants(s);
                }
                Err(Some((at, violation, rule))) => {
                    let kind = violation.kind(s.as_bytes(), at);
                    assert_eq!(Err(ParseError::new(at, kind, rule, self.spec)), full, "{s:?}");
                }
                Err(None) => {}
            }
            // (An empty input is refused before any grammar runs.)
            if s.len() > crate::parse::prefix_len(s, self.spec) {
                let parsed = UrlRef::parse_with(s, self.spec).map(|u| *u.offsets());
                assert_eq!(parsed, full, "{s:?}");
            }
        }

        /// The fast path accepts each of `inputs`, and agrees.
        #[track_caller]
        fn takes(&self, inputs: &[&str]) {
            for s in inputs {
                assert!((self.fast)(s.as_bytes()).is_ok(), "{s:?}");
                self.agrees(s);
            }
        }

        /// The fast path stops at the first violation of `s`, at `at` and
        /// by `rule`, and agrees.
        #[track_caller]
        fn stops(&self, s: &str, at: usize, rule: &str) {
            let Err(Some((got, _, rule_got))) = (self.fast)(s.as_bytes()) else {
                panic!("{s:?}: not stopped");
            };
            assert_eq!((got, rule_got), (at, rule), "{s:?}");
            self.agrees(s);
        }

        /// The fast path leaves each of `inputs` to the full grammar.
        #[track_caller]
        fn leaves(&self, inputs: &[&str]) {
            for s in inputs {
                assert!(matches!((self.fast)(s.as_bytes()), Err(None)), "{s:?}");
                self.agrees(s);
            }
        }
    }

    #[test]
    fn rfc1738_fast_path() {
        RFC1738.takes(&[
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
        ]);
        RFC1738.leaves(&[
            "http://host?x",
            "http:x",
            "http://10.0.0.1/",
            "http://u@h.dom/",
            "http://h_x.dom/",
            "http://h.dom:99999/",
            "file://h.dom:21/x",
            "file://h.dom",
            "file://#",
            "file://",
            "ftp://h.dom/x",
            "url:http://h/",
            "https://h.dom/%zz",
            ":x",
        ]);
    }

    #[test]
    fn rfc1630_fast_path() {
        RFC1630.takes(&[
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
        ]);
        RFC1630.leaves(&[
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
        ]);
    }

    #[test]
    fn rfc3986_fast_path() {
        RFC3986.takes(&[
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
        ]);
        RFC3986.leaves(&[
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
        ]);
    }

    #[test]
    fn rfc1808_fast_path() {
        RFC1808.takes(&[
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
        ]);
        RFC1808.leaves(&[
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
        ]);
    }

    #[test]
    fn where_the_fast_paths_stop() {
        for (grammar, s, at, rule) in [
            (&RFC1738, "http://h.dom/~u", 13, "hpath"),
            (&RFC1738, "https://h.dom/a#b#c", 17, "fragmentid"),
            (&RFC1630, "file:///etc/motd", 7, "host"),
            (&RFC1630, "http://", 7, "host"),
            (&RFC1630, "x://?q", 4, "host"),
            (&RFC1630, "http://h/~u", 9, "path"),
            (&RFC1630, "http://h/a?b=c", 12, "search"),
            (&RFC1630, "http://h/a?b/c", 12, "search"),
            (&RFC1630, "x:a#b+c", 5, "fragmentid"),
            (&RFC1630, "x:a#b#c", 5, "fragmentid"),
            (&RFC1808, "http://a/~u", 9, "absoluteURL"),
            (&RFC1808, "x:a b", 3, "absoluteURL"),
            (&RFC1808, "http://a\"b/", 8, "net_loc"),
            (&RFC1808, "http://a/b?[", 11, "query"),
            (&RFC1808, "x:#a#b", 4, "fragment"),
            (&RFC1808, "x:?#a b", 5, "fragment"),
        ] {
            grammar.stops(s, at, rule);
        }
    }

    proptest! {
        /// Each input, by every grammar: the scheme names and characters
        /// that each fast path reads or refuses.
        #[test]
        fn fast_paths_agree_with_their_full_grammars(s in "([hH][tT]{2}[pP][sS]?|file|FILE|x|x1|1x|a b|url)?:?(//)?[a-zA-Z0-9.:@%\\[\\]/?#_;~=+ \"-]{0,24}") {
            for grammar in [RFC1738, RFC1630, RFC3986, RFC1808] {
                grammar.agrees(&s);
            }
        }
    }
}
