//! The parser engine the grammars share: a [`Parser`] over the input's
//! octets, the [`Sink`] its violations go to (stop at the first, or collect
//! them all), the scanner [`Table`]s and their chunked scan loop, and the
//! `scheme ":"` rule every grammar starts with.
//!
//! Each grammar (`rfc1738` for RFC 1738 and the RFC 1630 draft, `rfc3986`
//! for RFC 3986 and RFC 1808) adds its productions as methods of [`Parser`];
//! neither names the other, and `parse` picks one per [`Spec`].

use crate::ascii::{rfc1738, ByteSet};
use crate::error::{ParseError, ParseErrorKind, MAX_REPORTED};
use crate::Spec;

/// The signal to stop parsing.
pub(crate) struct Stop;

/// Where violations go.
pub(crate) trait Sink {
    /// Whether the sink keeps the first violation only, so that a parse
    /// that knows the first may report it without checking the rest.
    const FIRST_ONLY: bool = false;

    /// Whether the sink takes every violation and never stops, so that a
    /// parse may skip the checks that only report one.
    const QUIET: bool = false;

    /// Records `error`; `Err(Stop)` when parsing should stop.
    fn report(&mut self, error: ParseError) -> Result<(), Stop>;
}

/// Keeps the first violation and stops.
#[derive(Default)]
pub(crate) struct FirstError(pub(crate) Option<ParseError>);

impl Sink for FirstError {
    const FIRST_ONLY: bool = true;

    #[inline]
    fn report(&mut self, error: ParseError) -> Result<(), Stop> {
        self.0 = Some(error);
        Err(Stop)
    }
}

/// Takes every violation and goes on: for a parse whose only question is
/// whether it fails.
pub(crate) struct Quiet;

impl Sink for Quiet {
    const QUIET: bool = true;

    #[inline]
    fn report(&mut self, _: ParseError) -> Result<(), Stop> {
        Ok(())
    }
}

/// Keeps the first [`MAX_REPORTED`] violations and counts the rest.
#[derive(Default)]
pub(crate) struct AllErrors {
    pub(crate) errors: Vec<ParseError>,
    /// The first violation not kept, and how many were not.
    pub(crate) more: Option<(ParseError, usize)>,
}

impl Sink for AllErrors {
    fn report(&mut self, error: ParseError) -> Result<(), Stop> {
        match &mut self.more {
            Some((_, n)) => *n += 1,
            None if self.errors.len() < MAX_REPORTED => self.errors.push(error),
            None => self.more = Some((error, 1)),
        }
        Ok(())
    }
}

impl AllErrors {
    /// The violations in input order, with a last [`ParseErrorKind::TooMany`]
    /// entry when some were not kept.
    pub(crate) fn into_sorted(self) -> Vec<ParseError> {
        let mut errors = self.errors;
        errors.sort_by_key(|e| e.offset);
        if let Some((first, more)) = self.more {
            errors.push(ParseError {
                kind: ParseErrorKind::TooMany { more },
                ..first
            });
        }
        errors
    }
}

/// The state of one parse.
pub(crate) struct Parser<'a, 's, S> {
    pub(crate) s: &'a [u8],
    base: usize,
    pub(crate) spec: Spec,
    sink: &'s mut S,
}

impl<'a, 's, S: Sink> Parser<'a, 's, S> {
    /// A parse of `s` by `spec`; `base` is added to every error offset.
    pub(crate) fn new(s: &'a [u8], base: usize, spec: Spec, sink: &'s mut S) -> Self {
        Parser { s, base, spec, sink }
    }
}

impl<S: Sink> Parser<'_, '_, S> {
    #[inline]
    pub(crate) fn error(&mut self, offset: usize, kind: ParseErrorKind, rule: &'static str) -> Result<(), Stop> {
        let e = ParseError::new(self.base + offset, kind, rule, self.spec);
        self.sink.report(e)
    }

    /// Reports an error parsing cannot go on after.
    pub(crate) fn fatal(&mut self, offset: usize, kind: ParseErrorKind, rule: &'static str) -> Stop {
        let _ = self.error(offset, kind, rule);
        Stop
    }

    /// Checks that `s[start..end]` holds only octets of `table`, each `%` in
    /// it (where the table allows escapes) starting an `escape`.
    #[inline]
    pub(crate) fn scan(&mut self, start: usize, end: usize, table: &Table, rule: &'static str) -> Result<(), Stop> {
        self.scan_to(start, end, table, rule, &[]).map(|_| ())
    }

    /// [`scan`](Self::scan), ending early at the first of the `stops` (which
    /// the table must not allow): returns its offset, or `end`.
    #[inline]
    pub(crate) fn scan_to(
        &mut self,
        start: usize,
        end: usize,
        table: &Table,
        rule: &'static str,
        stops: &[u8],
    ) -> Result<usize, Stop> {
        let s = &self.s[..end];
        let mut i = start;
        loop {
            i += run(&s[i..], table);
            if i == end {
                return Ok(end);
            }
            let b = s[i];
            if table.0[usize::from(b)] == ESCAPE {
                if i + 2 < end && is_hex(s[i + 1]) && is_hex(s[i + 2]) {
                    i += 3;
                    continue;
                }
                let found = [get(s, i + 1, end), get(s, i + 2, end)];
                self.error(i, ParseErrorKind::BadEscape { found }, "escape")?;
            } else if stops.contains(&b) {
                return Ok(i);
            } else {
                self.error(i, ParseErrorKind::InvalidChar { byte: b }, rule)?;
            }
            i += 1;
        }
    }

    /// The digits of a port, `s[colon + 1..end]` after its `:`: their value
    /// (held at 2^20 once past any port, so that a long run cannot
    /// overflow), or `None` after reporting the first octet that is not a
    /// digit. An empty port is 0; what a grammar makes of it is its own.
    #[inline]
    pub(crate) fn port_digits(&mut self, colon: usize, end: usize) -> Result<Option<u32>, Stop> {
        let mut value: u32 = 0;
        for (i, &d) in self.s[colon + 1..end].iter().enumerate() {
            if !d.is_ascii_digit() {
                self.error(colon + 1 + i, ParseErrorKind::InvalidChar { byte: d }, "port")?;
                return Ok(None);
            }
            value = (value * 10 + u32::from(d - b'0')).min(1 << 20);
        }
        Ok(Some(value))
    }

    /// `scheme ":"`: returns the offset of the `:`.
    pub(crate) fn scheme(&mut self, set: &ByteSet, first: &ByteSet) -> Result<usize, Stop> {
        let s = self.s;
        let mut i = 0;
        while i < s.len() && set.contains(s[i]) {
            i += 1;
        }
        if i < s.len() && s[i] == b':' {
            if i == 0 {
                return Err(self.fatal(0, ParseErrorKind::EmptyScheme, "scheme"));
            }
            if !first.contains(s[0]) {
                self.error(0, ParseErrorKind::InvalidChar { byte: s[0] }, "scheme")?;
            }
            // "URL:" is dropped once as a prefix; a second would make the
            // serialization read differently. RFC 1808 and RFC 3986 have no
            // prefix: there `url` is a scheme like any other.
            if self.spec.is_1994() && s[..i].eq_ignore_ascii_case(b"url") {
                return Err(self.fatal(0, ParseErrorKind::PrefixScheme, "scheme"));
            }
            return Ok(i);
        }
        match memchr::memchr(b':', s) {
            Some(colon) if colon > i && !s[..colon].contains(&b'/') => {
                // A bad octet inside what is clearly meant as a scheme.
                if i > 0 && !first.contains(s[0]) {
                    self.error(0, ParseErrorKind::InvalidChar { byte: s[0] }, "scheme")?;
                }
                self.error(i, ParseErrorKind::InvalidChar { byte: s[i] }, "scheme")?;
                Ok(colon)
            }
            _ => Err(self.fatal(i, ParseErrorKind::MissingScheme, "scheme")),
        }
    }
}

#[inline]
fn is_hex(b: u8) -> bool {
    rfc1738::HEX.contains(b)
}

#[inline]
fn get(s: &[u8], i: usize, end: usize) -> u8 {
    if i < end {
        s[i]
    } else {
        0
    }
}

// The scanner's tables: each production's octets, with `%` marked apart so
// that the hot loop tests one table entry per octet and leaves escapes to a
// slower path.

/// An octet the production does not allow (or a delimiter that ends it).
pub(crate) const OTHER: u8 = 0;
/// An octet the production allows as itself.
pub(crate) const PLAIN: u8 = 1;
/// A `%`, where the production allows an `escape`.
pub(crate) const ESCAPE: u8 = 2;

/// A production's octets, as a scanner table.
pub(crate) struct Table(pub(crate) [u8; 256]);

impl Table {
    pub(crate) const fn new(set: ByteSet) -> Table {
        let mut t = [OTHER; 256];
        let mut i = 0;
        while i < 256 {
            if set.contains(i as u8) {
                t[i] = if i as u8 == b'%' { ESCAPE } else { PLAIN };
            }
            i += 1;
        }
        Table(t)
    }
}

/// The length of the run of [`PLAIN`] octets that starts `bytes`.
#[inline]
pub(crate) fn run(bytes: &[u8], table: &Table) -> usize {
    run_from(bytes, 0, table)
}

/// From `start`, the end of the run of [`PLAIN`] octets: the offset of the
/// first octet that is not, or `bytes.len()`.
///
/// Eight octets at a time, with one branch per chunk (see [`chunk_end`]).
/// The last chunk is the last eight octets of `bytes`, of which those
/// before `i` were scanned already, unless the run starts among them: then
/// an end found before `i` is no end of this run, and the octets from `i`
/// are scanned one at a time, as are inputs shorter than eight octets.
#[inline(always)]
pub(crate) fn run_from(bytes: &[u8], start: usize, table: &Table) -> usize {
    let t = &table.0;
    let len = bytes.len();
    let mut i = start.min(len);
    let by_octet = |i: usize| {
        i + bytes[i..]
            .iter()
            .position(|&b| t[usize::from(b)] != PLAIN)
            .unwrap_or(len - i)
    };
    let Some(last) = bytes.last_chunk::<8>() else {
        return by_octet(i);
    };
    // The chunks that leave more than eight octets after them.
    for chunk in bytes[i..len.max(i + 1) - 1].chunks_exact(8) {
        let chunk = chunk.first_chunk::<8>().expect("a chunk of eight");
        if let Some(k) = chunk_end(t, chunk) {
            return i + k;
        }
        i += 8;
    }
    // `last` starts `skip` octets before `i`.
    let skip = 8 - (len - i);
    match chunk_end(t, last) {
        None => len,
        Some(k) if k >= skip => i + (k - skip),
        Some(_) => by_octet(i),
    }
}

/// Where the run of [`PLAIN`] octets that starts `c` ends, when it ends in
/// `c`.
///
/// The table entries are and-ed, which gives `PLAIN` (1) only when every one
/// is (`OTHER` is 0 and `ESCAPE` is 2), so a chunk in the run costs one
/// branch. Where the run ends, the entries are and-ed again in a tree whose
/// halves and quarters choose the octet by selects, not by a loop whose
/// exit the processor would have to guess.
#[inline(always)]
fn chunk_end(t: &[u8; 256], c: &[u8; 8]) -> Option<usize> {
    let e = |k: usize| t[usize::from(c[k])];
    if e(0) & e(1) & e(2) & e(3) & e(4) & e(5) & e(6) & e(7) == PLAIN {
        return None;
    }
    Some(first_end(t, u64::from_le_bytes(*c)))
}

/// The first octet of `c` (little-endian) whose table entry is not
/// [`PLAIN`], when one is.
///
/// It takes the chunk as one `u64` so that the entries are looked up again
/// here: keeping the scan loop's entries for it costs the loop more (by
/// instruction counts) than looking them up once more where the run ends.
#[inline(always)]
fn first_end(t: &[u8; 256], c: u64) -> usize {
    let e = |k: usize| t[usize::from((c >> (8 * k)) as u8)];
    let (p0, p2) = (e(0) & e(1), e(4) & e(5));
    let high = p0 & e(2) & e(3) == PLAIN;
    let (pair, even, odd) = if high { (p2, e(4), e(6)) } else { (p0, e(0), e(2)) };
    let second = pair == PLAIN;
    let first = if second { odd } else { even };
    usize::from(high) * 4 + usize::from(second) * 2 + usize::from(first == PLAIN)
}

/// From `i`, the end of the run of [`PLAIN`] octets and well-formed escapes
/// (`%` and two hex digits, where the table allows escapes): the offset of
/// the first octet that is neither, or `bytes.len()`. `None` at a `%` not
/// followed by two hex digits.
///
/// The fast paths call it and leave any `None`, and any octet they do not
/// expect where the run ends, to the full parser, which reports it.
#[inline(always)]
pub(crate) fn run_escaped(bytes: &[u8], mut i: usize, table: &Table) -> Option<usize> {
    loop {
        i = run_from(bytes, i, table);
        match bytes.get(i) {
            Some(&b) if table.0[usize::from(b)] == ESCAPE => {
                let hex = |j: usize| bytes.get(j).is_some_and(|&h| rfc1738::HEX.contains(h));
                if !(hex(i + 1) && hex(i + 2)) {
                    return None;
                }
                i += 3;
            }
            _ => return Some(i),
        }
    }
}

/// Where a grammar's fast path stopped short of a whole URL: `Some((offset,
/// violation, rule))` when that is certainly the first violation of the
/// input, as the full grammar reports it; `None` when the full grammar must
/// decide.
pub(crate) type Stopped = Option<(usize, Violation, &'static str)>;

/// What a fast path's first violation is: one byte, so that the fast paths'
/// results stay small; [`Violation::kind`] gives the full grammar's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Violation {
    /// An octet its component does not allow.
    Octet,
    /// An empty host where the grammar needs one.
    EmptyHost,
}

impl Violation {
    /// The kind the full grammar reports for this violation at `at` in `s`.
    pub(crate) fn kind(self, s: &[u8], at: usize) -> ParseErrorKind {
        match self {
            Violation::Octet => ParseErrorKind::InvalidChar {
                byte: s.get(at).copied().unwrap_or_default(),
            },
            Violation::EmptyHost => ParseErrorKind::EmptyHost,
        }
    }
}

/// A fast path's scan of a component by `rule`, from `i` up to the end of
/// the input or the first of `ends`: returns where it ends. As
/// [`Parser::scan_to`] does, an octet neither `table` nor `ends` holds is
/// the violation `rule` reports there (an
/// [`InvalidChar`](ParseErrorKind::InvalidChar)); a malformed escape is left
/// to the full grammar. The violation is the input's first only when
/// everything before `i` was valid: the caller knows.
#[inline(always)]
pub(crate) fn scan_fast(s: &[u8], i: usize, table: &Table, ends: &[u8], rule: &'static str) -> Result<usize, Stopped> {
    let i = run_escaped(s, i, table).ok_or(None)?;
    match s.get(i) {
        Some(b) if !ends.contains(b) => Err(Some((i, Violation::Octet, rule))),
        _ => Ok(i),
    }
}

/// The scheme of `http://`, `https://` and `file://` URLs, recognised in any
/// case by one 8-octet load: the offset of the scheme's `:`, after which
/// `//` follows. `None` for any other start, and for inputs shorter than 8
/// octets.
///
/// Or-ing 0x20 into a letter gives its lower case and turns no other octet
/// into a lower-case letter, so each key matches exactly the names it should
/// in either case; the `:` and `/` octets are compared as they are.
#[inline]
pub(crate) fn common_scheme(bytes: &[u8]) -> Option<usize> {
    const fn key(name: &[u8; 8]) -> u64 {
        u64::from_le_bytes(*name)
    }
    /// 0x20 in the first four or five octets (little-endian).
    const FOLD4: u64 = 0x2020_2020;
    const FOLD5: u64 = 0x20_2020_2020;
    /// The first seven octets.
    const LOW7: u64 = 0x00ff_ffff_ffff_ffff;
    let first: [u8; 8] = bytes.get(..8)?.try_into().ok()?;
    let w = u64::from_le_bytes(first);
    if w | FOLD5 == key(b"https://") {
        return Some(5);
    }
    let w = (w & LOW7) | FOLD4;
    (w == key(b"http://\0") || w == key(b"file://\0")).then_some(4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ascii::rfc1738::{UCHAR, XCHAR};
    use proptest::prelude::*;

    /// Where the run of `table`'s PLAIN octets from `start` ends, one octet
    /// at a time.
    fn naive_run(bytes: &[u8], start: usize, table: &Table) -> usize {
        start
            + bytes[start..]
                .iter()
                .take_while(|&&b| table.0[usize::from(b)] == PLAIN)
                .count()
    }

    proptest! {
        /// Every start, every length around the chunk size, tables that
        /// allow NUL and tables that do not.
        #[test]
        fn run_from_agrees_with_a_byte_loop(bytes in proptest::collection::vec(
            prop_oneof![Just(b'a'), Just(b'a'), Just(b'a'), Just(b'/'), Just(b'%'), Just(0u8), Just(b' ')],
            0..40,
        )) {
            let xchar = Table::new(XCHAR);
            let not_slash = Table::new(ByteSet::from_bytes(b"/%").complement());
            for table in [&xchar, &not_slash] {
                for start in 0..=bytes.len() {
                    prop_assert_eq!(run_from(&bytes, start, table), naive_run(&bytes, start, table), "start {}", start);
                }
            }
        }
    }

    #[test]
    fn run_from_finds_each_end_in_a_chunk() {
        // One octet that ends the run, at each offset of inputs of 1 to 24
        // octets, scanned from each start before it.
        let xchar = Table::new(XCHAR);
        for len in 1..=24 {
            for end in 0..len {
                let mut bytes = vec![b'a'; len];
                bytes[end] = b' ';
                for start in 0..=len {
                    assert_eq!(
                        run_from(&bytes, start, &xchar),
                        naive_run(&bytes, start, &xchar),
                        "{len} {end} {start}"
                    );
                }
            }
        }
    }

    #[test]
    fn run_agrees_with_a_byte_loop() {
        let xchar = Table::new(XCHAR);
        let uchar = Table::new(UCHAR);
        let inputs: [&[u8]; 6] = [
            b"",
            b"abc",
            b"abcdefgh",
            b"abcdefghi/j",
            b"abcdefg%",
            b"%abcdefghijklmnop",
        ];
        for input in inputs {
            for start in 0..input.len() {
                let bytes = &input[start..];
                let naive = bytes.iter().take_while(|&&b| xchar.0[usize::from(b)] == PLAIN).count();
                assert_eq!(run(bytes, &xchar), naive, "{:?}", std::str::from_utf8(bytes));
                let naive = bytes.iter().take_while(|&&b| uchar.0[usize::from(b)] == PLAIN).count();
                assert_eq!(run(bytes, &uchar), naive);
            }
        }
    }

    #[test]
    fn run_escaped_checks_escapes() {
        let uchar = Table::new(UCHAR);
        assert_eq!(run_escaped(b"a%41b/", 0, &uchar), Some(5));
        assert_eq!(run_escaped(b"a%4", 0, &uchar), None);
        assert_eq!(run_escaped(b"a%4g", 0, &uchar), None);
        assert_eq!(run_escaped(b"ab", 1, &uchar), Some(2));
        // Where the table allows no escape, '%' ends the run.
        assert_eq!(run_escaped(b"ab%41", 0, &Table::new(UCHAR.without(b'%'))), Some(2));
    }

    #[test]
    fn common_schemes_in_any_case() {
        for (input, want) in [
            ("https://h", Some(5)),
            ("HTTPS://h", Some(5)),
            ("http://h", Some(4)),
            ("hTtP://", None),
            ("hTtP://h", Some(4)),
            ("FILE:///", Some(4)),
            ("file:/x/y", None),
            ("https:/x", None),
            ("httpx://", None),
            ("ftp://ab", None),
            ("http\x00//h", None),
            ("HTTP\x1a//h", None),
        ] {
            assert_eq!(common_scheme(input.as_bytes()), want, "{input:?}");
        }
        // Every octet that or-s to a letter of a key but is not that letter
        // in either case is refused.
        for b in 0..=255u8 {
            let mut s = *b"https://";
            s[1] = b;
            let want = matches!(b, b't' | b'T').then_some(5);
            assert_eq!(common_scheme(&s), want, "{b}");
        }
    }
}
