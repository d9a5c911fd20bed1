//! The common shape of a URL by the RFC 1630 draft's generic syntax, in one
//! pass and without a sink: `scheme ":" [ "//" hostname [ ":" port ] ] path
//! [ "?" search ] [ "#" fragmentid ]`, with no user or password, a host name
//! of plain octets (no escape) and a port of at most five digits.
//!
//! It only accepts, or stops at what is certainly the first violation (an
//! octet a path, search or fragment does not allow; an empty host, as in
//! `file:///etc`, which the draft's `host` cannot produce). Anything else (a
//! host number, a user, an escape in the host, a scheme that does not start
//! with a letter) gives `Err(None)`, and the full grammar starts over and
//! reports or accepts it. What it accepts, the full grammar accepts with the
//! same component table (tested below against it, in
//! `tests/fast_paths.rs`, and by the `parse_rfc1630` fuzz target).

use super::scan::{RFC1630_FRAGMENTID, RFC1630_PATH, RFC1630_SEARCH};
use crate::ascii::rfc1630;
use crate::engine::{self, scan_fast, Stopped, Table, Violation};
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

/// `scheme = ialpha`, up to its `:` (the table has no `%`).
static SCHEME: Table = Table::new(rfc1630::SCHEME);

/// The octets of a host name label after its first: `hostname`'s, but the
/// `.` that ends the label and the `%` of an escape (left to the full
/// grammar).
const LABEL: crate::ascii::ByteSet = rfc1630::HOSTNAME.without(b'.').without(b'%');

/// The component table of `s` (after any `URL:` prefix) when it is a URL of
/// the common shape by the RFC 1630 draft, or where that shape stopped.
#[inline(always)]
pub(crate) fn url(s: &[u8]) -> Result<Offsets, Stopped> {
    let se = match engine::common_scheme(s) {
        Some(se) => se,
        None => scheme(s).ok_or(None)?,
    };
    let mut o = Offsets::new(se);
    let mut i = se + 1;
    if s[i..].starts_with(b"//") {
        i = authority(s, i + 2, &mut o)?;
    }
    i = scan_fast(s, i, &RFC1630_PATH, b"?#", "path")?;
    if s.get(i) == Some(&b'?') {
        o.query_start = Some(i as u32);
        i = scan_fast(s, i + 1, &RFC1630_SEARCH, b"#", "search")?;
    }
    if s.get(i) == Some(&b'#') {
        o.fragment_start = Some(i as u32);
        scan_fast(s, i + 1, &RFC1630_FRAGMENTID, b"", "fragmentid")?;
    }
    Ok(o)
}

/// `scheme ":"`, the scheme an `ialpha` (a letter first): the offset of the
/// `:`. Not `url`, which is the prefix.
#[inline]
fn scheme(s: &[u8]) -> Option<usize> {
    if !rfc1630::ALPHA.contains(*s.first()?) {
        return None;
    }
    let end = engine::run(s, &SCHEME);
    (s.get(end) == Some(&b':') && !s[..end].eq_ignore_ascii_case(b"url")).then_some(end)
}

/// `hostname [ ":" port ]` from `a` (after `//`), up to the end of the
/// authority (`/`, `?`, `#` or the end of the input): fills the authority
/// part of `o` and returns where it ends.
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
    o.authority_start = Some(nz(a));
    o.host_start = a as u32;
    o.host_end = host_end as u32;
    o.host_kind = Some(HostKind::Domain);
    o.port = port;
    o.path_start = i as u32;
    Ok(i)
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
        Parser::new(s.as_bytes(), 0, Spec::Rfc1630, &mut sink)
            .rfc1630()
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
            assert!(url(s.as_bytes()).is_ok(), "{s}");
            agrees(s);
        }
    }

    #[test]
    fn stops_at_the_first_violation() {
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
