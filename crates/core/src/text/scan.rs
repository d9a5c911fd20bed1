//! The scanner behind [`find_urls`](super::find_urls) and
//! [`read_urls`](super::read_urls): one forward pass over a window of the
//! input, with `memchr` to the next `:` (every URL, wrapped or bare, has one
//! within [`MAX_SCHEME_LEN`] bytes of its start).
//!
//! The window is the whole input for `find_urls`, and a sliding one for
//! `read_urls`: when the scanner cannot decide without bytes past the end of
//! the window it says [`Step::More`], and [`Scanner::discard`] tells how much
//! of the front the reader may drop. Every decision looks at most
//! [`LOOKBACK`] bytes back from the scan position and [`MAX_URL_LEN`] bytes
//! ahead of a candidate's start, so the findings do not depend on where the
//! input was cut into reads.

use super::search::Searchers;
use memchr::{memchr, memrchr};

use super::prose::{self, End};
use super::runs;
use super::unwrap::{line_number, unwrap, GUTTER_REACH};
use super::{Cut, Found, TooLong, Wrapper, KNOWN_SCHEMES, MAX_SCHEME_LEN, MAX_URL_LEN};

/// How far before the scan position the scanner may look: back to the start
/// of a wrapper's line, to read its number ([`GUTTER_REACH`]), which also
/// covers a scheme of [`MAX_SCHEME_LEN`] bytes and the byte before it.
pub(super) const LOOKBACK: usize = GUTTER_REACH + 1;

/// RFC 1738 §2.1 scheme characters, upper case included.
static SCHEME: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.';
        i += 1;
    }
    t
};

/// What the scanner asks of its caller.
pub(super) enum Step {
    /// A URL.
    Found(Found),
    /// Something too long to be a URL, skipped.
    TooLong(TooLong),
    /// The window ends before the scanner can decide: append to it (after
    /// [`Scanner::discard`]) and call again.
    More,
    /// The input is exhausted.
    Done,
}

/// Whether a scheme after `<` starts a wrapper.
enum Decision {
    Yes,
    No,
    More,
}

/// The scanner's position and the line count, carried across windows.
#[derive(Debug, Clone)]
pub(super) struct Scanner {
    /// The searches for the next `:`, and for a wrapper's end.
    search: Searchers,
    /// The next byte to look at, in the window.
    pos: usize,
    /// No scheme is looked for before this (the end of the last finding or
    /// run); always just after a byte that is not a scheme character.
    floor: usize,
    /// Inside a bare run too long to be a URL: skip to its end (which
    /// [`prose::run`] finds, past US-ASCII too).
    skipping: bool,
    /// The input offset of the window's first byte.
    base: u64,
    /// The window index up to which lines are counted.
    counted: usize,
    /// The line at `counted`.
    line: u64,
    /// The input offset at which that line starts.
    line_start: u64,
    /// The input offset up to which an abandoned wrapper was reported as
    /// too long: a bare run in it is not reported again.
    reported: u64,
}

impl Scanner {
    pub(super) fn new() -> Scanner {
        Scanner {
            search: Searchers::new(),
            pos: 0,
            floor: 0,
            skipping: false,
            base: 0,
            counted: 0,
            line: 1,
            line_start: 0,
            reported: 0,
        }
    }

    /// Scans `buf` (the window) on from the last position. `eof` says that
    /// nothing follows the window; `text` is `buf` as a string when the
    /// caller has it, so that no part of it is checked for UTF-8 again.
    pub(super) fn next(&mut self, buf: &[u8], eof: bool, text: Option<&str>) -> Step {
        loop {
            if self.skipping {
                match prose::run(buf, self.pos, buf.len(), eof).0 {
                    End::At(i) => {
                        self.pos = i;
                        self.floor = i;
                        self.skipping = false;
                    }
                    End::Reaches(i) | End::Short(i) => {
                        // A character cut by the window's end is read again
                        // whole.
                        self.pos = i;
                        return exhausted(eof);
                    }
                }
            }
            let Some(i) = self.search.colon(&buf[self.pos..]) else {
                self.pos = buf.len();
                return exhausted(eof);
            };
            if let Some(step) = self.colon(buf, self.pos + i, eof, text) {
                return step;
            }
        }
    }

    /// How many bytes at the front of `buf` the caller may drop before it
    /// appends more; the scanner's state is moved as if they were gone.
    pub(super) fn discard(&mut self, buf: &[u8]) -> usize {
        let drop = self.pos.saturating_sub(LOOKBACK);
        if drop == 0 {
            return 0;
        }
        if self.counted < drop {
            self.count_lines(buf, drop);
        }
        self.counted -= drop;
        self.pos -= drop;
        self.floor = self.floor.saturating_sub(drop);
        self.base += drop as u64;
        drop
    }

    /// A `:` at `colon`: the end of a wrapper's scheme (or of its `URL:`
    /// prefix) or of a bare URL's, or text. `None` when scanning goes on.
    ///
    /// Every wrapper has a `:` at most [`MAX_SCHEME_LEN`] bytes after its
    /// `<`, so the scan looks for `:` alone and looks back from it over scheme
    /// characters for a `<`.
    fn colon(&mut self, buf: &[u8], colon: usize, eof: bool, text: Option<&str>) -> Option<Step> {
        let lim = self.floor.max(colon.saturating_sub(MAX_SCHEME_LEN + 1));
        let mut run = colon;
        while run > lim && SCHEME[buf[run - 1] as usize] {
            run -= 1;
        }
        // A `<` at or after the floor (the end of the last finding, or just
        // after a `<` already judged) right before the run opens a wrapper.
        let wrapper = run > self.floor && run < colon && buf[run - 1] == b'<';
        // Most colons in prose end a word before a space or a line's end: no
        // bare URL goes on from them. (One before a character outside
        // US-ASCII may start a URL that goes on with it; not before U+00A0,
        // the no-break space, the commonest of them, which ends a URL.)
        if !wrapper && ends_run(buf, colon + 1) {
            self.pos = colon + 1;
            return None;
        }
        if wrapper {
            let at = run - 1;
            let step = self.wrapped(buf, at, colon, eof, text);
            if step.is_some() || self.pos > colon {
                return step;
            }
        }
        self.bare(buf, run, colon, eof, text)
    }

    /// A `<` at `at`, with a scheme (or `URL`) up to the `:` at `colon`: a
    /// `<URL:...>` or `<scheme:...>` wrapper, or text. `None` when scanning
    /// goes on (from `self.pos`).
    fn wrapped(&mut self, buf: &[u8], at: usize, colon: usize, eof: bool, text: Option<&str>) -> Option<Step> {
        let (wrapper, content) = if buf[at + 1..colon].eq_ignore_ascii_case(b"URL") {
            (Wrapper::Url, colon + 1)
        } else {
            match angle_scheme(buf, at + 1, colon, eof) {
                Decision::Yes => (Wrapper::Angle, at + 1),
                Decision::No => {
                    self.floor = at + 1;
                    return None;
                }
                Decision::More => {
                    self.pos = at;
                    return Some(Step::More);
                }
            }
        };
        // The `>` may be at most MAX_URL_LEN - 1 bytes after the `<`.
        let limit = (at + MAX_URL_LEN).min(buf.len());
        match self.search.angle(&buf[content..limit]) {
            Some(i) if buf[content + i] == b'>' => {
                let close = content + i;
                self.pos = close + 1;
                self.floor = close + 1;
                let inside = &buf[content..close];
                let as_str = text.map(|t| &t[content..close]);
                let (url, hyphens, raw) = if runs::graphic(inside) == inside.len() {
                    // Most wrapped URLs are one line of graphic ASCII:
                    // nothing to take out.
                    let url = match as_str {
                        Some(url) => url.to_owned(),
                        None => String::from_utf8(inside.to_vec()).expect("ASCII"),
                    };
                    (url, Vec::new(), None)
                } else {
                    // Line numbers matter only to a URL broken across lines.
                    let number = match memchr(b'\n', inside) {
                        Some(_) => line_number(buf, at, self.base == 0),
                        None => None,
                    };
                    let unwrapped = unwrap(inside, number);
                    (unwrapped.url, unwrapped.hyphens, unwrapped.raw)
                };
                if url.is_empty() {
                    return None;
                }
                let mut found = self.found(buf, at..close + 1, wrapper, url, hyphens);
                found.raw = raw;
                Some(Step::Found(found))
            }
            None if limit < at + MAX_URL_LEN && !eof => {
                self.pos = at;
                Some(Step::More)
            }
            // No `>` in reach: not a wrapper after all, but one that was
            // too long to be found; its content is text.
            None if limit == at + MAX_URL_LEN => {
                self.pos = content;
                self.floor = at + 1;
                self.reported = self.base + limit as u64;
                Some(Step::TooLong(self.too_long(buf, at)))
            }
            // Another `<` first: not a wrapper after all; its content is
            // text.
            _ => {
                self.pos = content;
                self.floor = at + 1;
                None
            }
        }
    }

    /// A `:` at `colon` after the scheme characters from `run`: the end of
    /// a bare URL's scheme, or text. `None` when scanning goes on.
    fn bare(&mut self, buf: &[u8], run: usize, colon: usize, eof: bool, text: Option<&str>) -> Option<Step> {
        let letter = buf[run..colon].iter().position(u8::is_ascii_alphabetic);
        let start = match letter {
            Some(i) if colon - run <= MAX_SCHEME_LEN => run + i,
            _ => {
                self.pos = colon + 1;
                return None;
            }
        };
        if buf.len() < colon + 3 && !eof {
            self.pos = colon;
            return Some(Step::More);
        }
        let slashes = buf.get(colon + 1..colon + 3) == Some(b"//");
        if !slashes && !is_known(&buf[start..colon]) {
            self.pos = colon + 1;
            return None;
        }
        // The byte that ends the run may be at most MAX_URL_LEN after the start.
        let cap = start + MAX_URL_LEN + 1;
        let limit = cap.min(buf.len());
        let (end, wide) = match prose::run(buf, colon + 1, limit, eof) {
            (End::At(i), wide) => (i, wide),
            (End::Reaches(i), _) if limit == cap => {
                self.pos = i;
                self.skipping = true;
                if self.base + (start as u64) < self.reported {
                    return None;
                }
                return Some(Step::TooLong(self.too_long(buf, start)));
            }
            (End::Reaches(i), wide) if eof => (i, wide),
            (End::Reaches(_) | End::Short(_), _) => {
                self.pos = colon;
                return Some(Step::More);
            }
        };
        self.pos = end;
        self.floor = end;
        let min = colon + 1 + if slashes { 2 } else { 0 };
        let url_end = trim(&buf[start..end], min - start) + start;
        if url_end == min {
            return None;
        }
        let slice = |to: usize| match text {
            Some(text) => text[start..to].to_owned(),
            None => String::from_utf8_lossy(&buf[start..to]).into_owned(),
        };
        // A character outside US-ASCII that trimming left in the run: the
        // URL goes on past its US-ASCII, which is all `url` holds.
        let Some(at) = wide.filter(|&at| at < url_end) else {
            return Some(Step::Found(self.found(
                buf,
                start..url_end,
                Wrapper::Bare,
                slice(url_end),
                Vec::new(),
            )));
        };
        let ascii_end = trim(&buf[start..at], min - start) + start;
        let mut found = self.found(buf, start..ascii_end, Wrapper::Bare, slice(ascii_end), Vec::new());
        let offset = self.base + at as u64;
        found.cut = Some(Box::new(Cut {
            offset,
            column: offset - self.line_start + 1,
            char: match prose::next(&buf[at..], true) {
                prose::Next::Char(c, _) => c,
                prose::Next::NotUtf8(_) | prose::Next::Short => char::REPLACEMENT_CHARACTER,
            },
            whole: slice(url_end),
            raw: match text {
                Some(_) => None,
                None => std::str::from_utf8(&buf[start..url_end])
                    .is_err()
                    .then(|| buf[start..url_end].to_vec()),
            },
            range: found.range.start..self.base + url_end as u64,
        }));
        Some(Step::Found(found))
    }

    /// A finding over `span` of the window, with its position.
    #[inline(always)]
    fn found(
        &mut self,
        buf: &[u8],
        span: std::ops::Range<usize>,
        wrapper: Wrapper,
        url: String,
        hyphens: Vec<usize>,
    ) -> Found {
        self.count_lines(buf, span.start);
        let start = self.base + span.start as u64;
        Found {
            range: start..self.base + span.end as u64,
            line: self.line,
            column: start - self.line_start + 1,
            wrapper,
            url,
            hyphens,
            cut: None,
            raw: None,
        }
    }

    /// What was skipped as too long from `start` of the window.
    fn too_long(&mut self, buf: &[u8], start: usize) -> TooLong {
        self.count_lines(buf, start);
        let offset = self.base + start as u64;
        TooLong {
            offset,
            line: self.line,
            column: offset - self.line_start + 1,
        }
    }

    /// Counts the lines of `buf[counted..to]`; `to` is never before `counted`.
    fn count_lines(&mut self, buf: &[u8], to: usize) {
        let seg = &buf[self.counted..to];
        let n = bytecount::count(seg, b'\n');
        if n > 0 {
            self.line += n as u64;
            let last = memrchr(b'\n', seg).expect("a counted line break");
            self.line_start = self.base + (self.counted + last + 1) as u64;
        }
        self.counted = to;
    }
}

/// Whether the character at `i` in `buf` ends the run of a bare URL, as its
/// first bytes tell: a byte of US-ASCII that is no bare-URL character, or
/// U+00A0 (white space, see [`prose::class`]). `false` when they do not
/// tell, or `buf` ends before them.
fn ends_run(buf: &[u8], i: usize) -> bool {
    match buf.get(i) {
        Some(&b) if b.is_ascii() => !runs::is_bare(b),
        Some(0xc2) => buf.get(i + 1) == Some(&0xa0),
        _ => false,
    }
}

fn exhausted(eof: bool) -> Step {
    if eof {
        Step::Done
    } else {
        Step::More
    }
}

/// A scheme name of up to 8 bytes as one `u64`, its bytes lower-cased by
/// setting bit 5 (which only letters lack among scheme characters), so that
/// one comparison recognises a scheme in any case.
const fn scheme_key(scheme: &[u8]) -> Option<u64> {
    if scheme.len() > 8 {
        return None;
    }
    let mut key = 0u64;
    let mut i = 0;
    while i < scheme.len() {
        key = key << 8 | (scheme[i] | 0x20) as u64;
        i += 1;
    }
    Some(key)
}

/// The keys of [`KNOWN_SCHEMES`].
static KNOWN_KEYS: [u64; KNOWN_SCHEMES.len()] = {
    let mut keys = [0u64; KNOWN_SCHEMES.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = match scheme_key(KNOWN_SCHEMES[i].as_bytes()) {
            Some(key) => key,
            None => panic!("a known scheme longer than 8 bytes"),
        };
        i += 1;
    }
    keys
};

/// Whether `scheme`, a run of scheme characters, is one of
/// [`KNOWN_SCHEMES`] in any case.
fn is_known(scheme: &[u8]) -> bool {
    scheme_key(scheme).is_some_and(|key| KNOWN_KEYS.contains(&key))
}

/// Whether the scheme characters from `start` (just after a `<`) to the `:`
/// at `colon` are a scheme that opens a wrapper: a letter first, at most
/// [`MAX_SCHEME_LEN`] of them, and a known scheme or `//` after the colon
/// (after any whitespace).
fn angle_scheme(buf: &[u8], start: usize, colon: usize, eof: bool) -> Decision {
    if !buf[start].is_ascii_alphabetic() || colon - start > MAX_SCHEME_LEN {
        return Decision::No;
    }
    if is_known(&buf[start..colon]) {
        return Decision::Yes;
    }
    // The `//` must come within the wrapper's reach.
    let limit = start + MAX_URL_LEN - 1;
    let mut j = colon + 1;
    while j < buf.len() && j < limit && buf[j].is_ascii_whitespace() {
        j += 1;
    }
    if j + 2 > limit {
        return Decision::No;
    }
    match buf.get(j..j + 2) {
        Some(b"//") => Decision::Yes,
        Some(_) => Decision::No,
        None if eof => Decision::No,
        None => Decision::More,
    }
}

/// The length of `run` (a bare URL) once trailing sentence punctuation (of
/// US-ASCII, and [`prose::Class::Trailing`]) and unbalanced closing
/// brackets are taken off, never less than `min`.
fn trim(run: &[u8], min: usize) -> usize {
    const PAIRS: [(u8, u8); 3] = [(b'(', b')'), (b'[', b']'), (b'{', b'}')];
    // How many closing brackets of each kind have no opening partner,
    // counted when first needed.
    let mut unmatched: Option<[usize; 3]> = None;
    let mut end = run.len();
    while end > min {
        let b = run[end - 1];
        if !b.is_ascii() {
            match prose::trailing(&run[..end]) {
                0 => break,
                // Never into the scheme and its slashes.
                len if end - len < min => break,
                len => {
                    end -= len;
                    continue;
                }
            }
        }
        let trim = match b {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => true,
            b')' | b']' | b'}' => {
                let k = PAIRS
                    .iter()
                    .position(|&(_, close)| close == b)
                    .expect("a closing bracket");
                let counts = unmatched.get_or_insert_with(|| {
                    PAIRS.map(|(open, close)| {
                        let opens = memchr::memchr_iter(open, run).count();
                        let closes = memchr::memchr_iter(close, run).count();
                        closes.saturating_sub(opens)
                    })
                });
                if counts[k] > 0 {
                    counts[k] -= 1;
                    true
                } else {
                    false
                }
            }
            _ => false,
        };
        if !trim {
            break;
        }
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::answers;

    #[test]
    fn trim_takes_off_punctuation_and_unbalanced_closers() {
        fn t(s: &str) -> &str {
            &s[..trim(s.as_bytes(), "http://".len())]
        }
        answers(
            t,
            &[
                ("http://h/a.", "http://h/a"),
                ("http://h/a).", "http://h/a"),
                ("http://h/a_(b)", "http://h/a_(b)"),
                ("http://h/a_(b))", "http://h/a_(b)"),
                ("http://h/a]", "http://h/a"),
                ("http://h/[a]", "http://h/[a]"),
                ("http://h/a')", "http://h/a"),
                ("http://...", "http://"),
                ("http://h/a\u{3002}", "http://h/a"),
                ("http://h/a\u{3002}.", "http://h/a"),
                ("http://h/a.\u{ff01})", "http://h/a"),
                ("http://h/a\u{e9}.", "http://h/a\u{e9}"),
                ("http://\u{3002}", "http://"),
            ],
        );
    }

    #[test]
    fn known_schemes_in_any_case_and_nothing_else() {
        for k in KNOWN_SCHEMES {
            assert!(is_known(k.as_bytes()), "{k}");
            assert!(is_known(k.to_ascii_uppercase().as_bytes()), "{k}");
        }
        for other in [
            "ft",
            "ftpx",
            "xftp",
            "http.",
            "https+",
            "gopherx",
            "prosperos",
            "",
            "fax",
            "urn1",
        ] {
            assert!(!is_known(other.as_bytes()), "{other}");
        }
        // The naive comparison, over every scheme-character run of up to 3
        // bytes: bit 5 lower-cases letters and leaves digits, `+`, `-` and `.`.
        let chars: Vec<u8> = (0..=255u8).filter(|&b| SCHEME[b as usize]).collect();
        for &a in &chars {
            for &b in &chars {
                for &c in &chars {
                    let s = [a, b, c];
                    let naive = KNOWN_SCHEMES.iter().any(|k| k.as_bytes().eq_ignore_ascii_case(&s));
                    assert_eq!(is_known(&s), naive, "{:?}", String::from_utf8_lossy(&s));
                }
            }
        }
    }

    #[test]
    fn ends_run_only_where_the_run_is_empty() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let bytes = [a, b, b'x'];
                if ends_run(&bytes, 0) {
                    assert_eq!(prose::run(&bytes, 0, bytes.len(), true).0, End::At(0), "{bytes:?}");
                }
            }
        }
        for ends in [" ", "\n", "<", "\"", "`", "\u{a0}"] {
            assert!(ends_run(ends.as_bytes(), 0), "{ends:?}");
        }
        // Not known from the first byte alone, or not there at all.
        for not in ["a", "/", "\u{b7}", "\u{ab}", "\u{2028}"] {
            assert!(!ends_run(not.as_bytes(), 0), "{not:?}");
        }
        assert!(!ends_run(b"\xc2", 0));
        assert!(!ends_run(b"", 0));
    }

    #[test]
    fn angle_scheme_needs_a_known_scheme_or_slashes() {
        let d = |s: &str, eof| angle_scheme(s.as_bytes(), 0, s.find(':').unwrap(), eof);
        assert!(matches!(d("ftp:x", true), Decision::Yes));
        assert!(matches!(d("FTP:x", true), Decision::Yes));
        assert!(matches!(d("foo://x", true), Decision::Yes));
        assert!(matches!(d("foo:\n //x", true), Decision::Yes));
        assert!(matches!(d("foo:x", true), Decision::No));
        assert!(matches!(d("1ftp:x", true), Decision::No));
        assert!(matches!(
            d(&format!("{}:x", "a".repeat(MAX_SCHEME_LEN)), true),
            Decision::No
        ));
        assert!(matches!(
            d(&format!("{}://x", "a".repeat(MAX_SCHEME_LEN)), true),
            Decision::Yes
        ));
        assert!(matches!(
            d(&format!("{}://x", "a".repeat(MAX_SCHEME_LEN + 1)), true),
            Decision::No
        ));
        assert!(matches!(d("foo:/", false), Decision::More));
        assert!(matches!(d("foo:", false), Decision::More));
        assert!(matches!(d("foo:/", true), Decision::No));
    }
}
