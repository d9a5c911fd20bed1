//! URLs in text: `find_urls` on a string and `read_urls` on a stream.

use std::borrow::Cow;
use std::io::{self, BufRead, Read};

use urikit::text::{find_urls, read_urls, Cut, Found, Wrapper, MAX_ALTERNATIVE_BREAKS, MAX_URL_LEN};

/// What `read_urls` reads into its window per refill: the layouts put the
/// input across the first window's end.
const WINDOW: usize = 64 * 1024;

/// The text scanned, made from the input by the layout byte: its low four
/// bits pick one of these, and the high four (`k`, 0 to 15) a distance, so
/// that short inputs reach the end of `read_urls`' first window and the
/// length limit of a finding (the long layouts are the slow ones, so they
/// are the rarer):
///
/// * 0 to 9: the input;
/// * 10 to 12: the input after filler, starting `32 * k` bytes before 64 KiB;
/// * 13, 14: `head NUL body NUL tail` with the body repeated to
///   `MAX_URL_LEN - 256 + 32 * k` bytes (the whole input is the body unless
///   it holds two NULs);
/// * 15: the input repeated past `64 KiB + 128 * k` bytes.
pub fn text_layout(byte: u8, s: &str) -> Cow<'_, str> {
    let k = usize::from(byte >> 4);
    match byte & 15 {
        10..=12 => {
            let pad = WINDOW - 32 * k;
            let mut filler = "ab \n".repeat(pad / 4 + 1);
            filler.truncate(pad);
            Cow::Owned(filler + s)
        }
        13 | 14 => {
            let mut parts = s.splitn(3, '\0');
            let (head, body, tail) = match (parts.next(), parts.next(), parts.next()) {
                (Some(h), Some(b), Some(t)) => (h, b, t),
                _ => ("", s, ""),
            };
            if body.is_empty() {
                return Cow::Borrowed(s);
            }
            let n = (MAX_URL_LEN - 256 + 32 * k) / body.len();
            Cow::Owned(format!("{head}{}{tail}", body.repeat(n.max(1))))
        }
        15 if !s.is_empty() => Cow::Owned(s.repeat((WINDOW + 128 * k) / s.len() + 1)),
        _ => Cow::Borrowed(s),
    }
}

/// A reader that gives `data` in chunks of 1 to 64 bytes, their sizes taken
/// from `sizes` in turn, and fails with `Interrupted` (which `read_urls`
/// retries) once before each chunk whose size byte ends in binary 1111.
struct Chunked<'a> {
    data: &'a [u8],
    sizes: &'a [u8],
    pos: usize,
    end: usize,
    next: usize,
    interrupted: bool,
}

impl BufRead for Chunked<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.end && self.pos < self.data.len() {
            let b = self
                .sizes
                .get(self.next % self.sizes.len().max(1))
                .copied()
                .unwrap_or(0);
            if b % 16 == 15 && !self.interrupted {
                self.interrupted = true;
                return Err(io::ErrorKind::Interrupted.into());
            }
            self.interrupted = false;
            self.next += 1;
            self.end = (self.pos + 1 + usize::from(b % 64)).min(self.data.len());
        }
        Ok(&self.data[self.pos..self.end])
    }

    fn consume(&mut self, n: usize) {
        assert!(self.pos + n <= self.end, "consumed more than fill_buf gave");
        self.pos += n;
    }
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let chunk = self.fill_buf()?;
        let n = chunk.len().min(buf.len());
        buf[..n].copy_from_slice(&chunk[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// `find_urls` and `read_urls` (over small irregular chunks whose sizes
/// come from `sizes`) give the same findings, and each is what the
/// `text` module docs say a finding is.
pub fn check_text(text: &str, sizes: &[u8]) {
    let found: Vec<Found> = find_urls(text).collect();
    let reader = Chunked {
        data: text.as_bytes(),
        sizes,
        pos: 0,
        end: 0,
        next: 0,
        interrupted: false,
    };
    let read: Vec<Found> = read_urls(reader)
        .collect::<io::Result<_>>()
        .unwrap_or_else(|e| panic!("{}: read_urls fails: {e}", excerpt(text)));
    if read != found {
        let first = read.iter().zip(&found).position(|(a, b)| a != b);
        panic!(
            "{}: read_urls gives {} findings, find_urls {}; first difference at {first:?}: {:?} vs {:?}",
            excerpt(text),
            read.len(),
            found.len(),
            first.map(|i| &read[i]),
            first.map(|i| &found[i]),
        );
    }
    let mut lines = Lines::default();
    let mut prev_end = 0;
    for f in &found {
        check_found(text, f, prev_end, &mut lines);
        prev_end = f.range.end as usize;
    }
}

/// The line count up to an offset, carried forward from finding to finding.
#[derive(Default)]
struct Lines {
    at: usize,
    line: u64,
    line_start: usize,
}

impl Lines {
    /// The line (from 1) and the offset where it starts, for `to` at or
    /// after the last offset asked for.
    fn upto(&mut self, text: &str, to: usize) -> (u64, usize) {
        // `str` searches, which use `memchr`: the text may be long.
        let seg = &text[self.at..to];
        if let Some(last) = seg.rfind('\n') {
            self.line += seg.matches('\n').count() as u64;
            self.line_start = self.at + last + 1;
        }
        self.at = to;
        (self.line + 1, self.line_start)
    }
}

fn check_found(text: &str, f: &Found, prev_end: usize, lines: &mut Lines) {
    let (start, end) = (f.range.start as usize, f.range.end as usize);
    let at = || format!("{} at {start}..{end}", excerpt(text));
    assert!(prev_end <= start, "{}: overlaps the finding before", at());
    assert!(start < end && end <= text.len(), "{}: not a range of the input", at());
    assert!(end - start <= MAX_URL_LEN, "{}: longer than MAX_URL_LEN", at());
    assert!(
        text.is_char_boundary(start) && text.is_char_boundary(end),
        "{}: not on character boundaries",
        at()
    );
    let (line, line_start) = lines.upto(text, start);
    assert_eq!(
        (f.line, f.column),
        (line, (start - line_start + 1) as u64),
        "{}: line and column",
        at()
    );
    let url = &f.url;
    assert!(!url.is_empty(), "{}: an empty URL", at());
    assert!(!url.contains(char::is_whitespace), "{}: whitespace in {url:?}", at());
    assert!(!url.contains(['<', '>']), "{}: '<' or '>' in {url:?}", at());
    let written = f.as_written(text);
    let content = match f.wrapper {
        Wrapper::Bare => {
            assert_eq!(url, written, "{}: a bare URL is its text", at());
            assert!(url.chars().all(is_bare), "{}: {url:?} holds what ends a bare URL", at());
            assert!(url.contains(':'), "{}: {url:?} has no scheme", at());
            assert!(f.hyphens.is_empty(), "{}: a bare URL has no line breaks", at());
            match &f.cut {
                None => assert!(
                    run_ends(text, end),
                    "{}: {url:?} is cut short without a word: the URL goes on",
                    at()
                ),
                Some(cut) => check_cut(text, f, cut),
            }
            return;
        }
        Wrapper::Url => {
            let prefix = written.get(..5);
            assert!(
                prefix.is_some_and(|p| p.eq_ignore_ascii_case("<URL:")),
                "{}: {written:?} does not start with <URL:",
                at()
            );
            &written[5..written.len() - 1]
        }
        Wrapper::Angle => {
            assert!(written.starts_with('<'), "{}: {written:?} does not start with <", at());
            &written[1..written.len() - 1]
        }
        other => panic!("{}: an unknown wrapper {other:?}", at()),
    };
    assert!(written.ends_with('>'), "{}: {written:?} does not end with >", at());
    assert!(f.cut.is_none(), "{}: a wrapped URL is cut", at());
    let content = without_line_numbers(content, line_number_before(text, start));
    let unwrapped: String = content.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(
        url,
        &unwrapped,
        "{}: the wrapper's content without whitespace and line numbers",
        at()
    );
    assert!(
        f.hyphens.windows(2).all(|w| w[0] < w[1]),
        "{}: hyphens out of order: {:?}",
        at(),
        f.hyphens
    );
    for &h in &f.hyphens {
        assert_eq!(url.as_bytes().get(h), Some(&b'-'), "{}: hyphen {h} of {url:?}", at());
    }
    let k = f.hyphens.len();
    let want = match k {
        0 => 0,
        k if k <= MAX_ALTERNATIVE_BREAKS => (1 << k) - 1,
        _ => 1,
    };
    assert_eq!(f.alternatives().len(), want, "{}: alternatives of {k} hyphens", at());
}

/// Whether `c` may be part of a bare URL: graphic US-ASCII but `<>"` and
/// the backquote.
fn is_bare(c: char) -> bool {
    c.is_ascii_graphic() && !"<>\"`".contains(c)
}

/// What a character outside US-ASCII is after a bare URL, as the `text`
/// module docs list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ends,
    Trailing,
    Part,
}

fn kind(c: char) -> Kind {
    const ENDS: &str =
        "«»‘’‚‛“”„‟‹›「」『』〝〞〟＂＇｢｣\u{2329}\u{232a}⟨⟩〈〉《》【】〔〕〖〗〘〙〚〛（）［］｛｝｟｠＜＞–—";
    const TRAILING: &str = "…、。！，．：；？｡､";
    if c.is_whitespace() || ENDS.contains(c) {
        Kind::Ends
    } else if TRAILING.contains(c) {
        Kind::Trailing
    } else {
        Kind::Part
    }
}

/// Whether the run of a bare URL ends at byte `at` of `text`, past the
/// sentence punctuation and closing brackets taken off its end: the
/// characters of a URL do not go on there.
fn run_ends(text: &str, at: usize) -> bool {
    let mut rest = text[at..].chars().peekable();
    while let Some(c) = rest.next() {
        match (c.is_ascii(), kind(c)) {
            (true, _) if !is_bare(c) => return true,
            (true, _) if ".,;:!?')]}".contains(c) => {}
            (true, _) => return false,
            (false, Kind::Ends) => return true,
            (false, Kind::Trailing) if !rest.peek().copied().is_some_and(is_bare) => return true,
            (false, Kind::Trailing) => {}
            (false, Kind::Part) => return false,
        }
    }
    true
}

/// A bare URL said to go on past US-ASCII: it does, at the first character
/// outside it, and the URL taken whole is a run of the input that ends
/// where the URL's characters do.
fn check_cut(text: &str, f: &Found, cut: &Cut) {
    let (start, end) = (f.range.start as usize, f.range.end as usize);
    let at = || format!("{} at {start}..{end}, cut at {}", excerpt(text), cut.offset);
    let offset = cut.offset as usize;
    assert!(end <= offset && offset < text.len(), "{}: not after the URL", at());
    assert!(
        text[start..offset].chars().all(is_bare),
        "{}: not the first character outside US-ASCII",
        at()
    );
    assert!(
        text[end..offset].chars().all(|c| ".,;:!?')]}".contains(c)),
        "{}: more than punctuation between the URL and the cut",
        at()
    );
    let next = text[offset..].chars().next();
    assert_eq!(next, Some(cut.char), "{}: the character", at());
    match kind(cut.char) {
        Kind::Part => {}
        Kind::Trailing => assert!(
            text[offset + cut.char.len_utf8()..].chars().next().is_some_and(is_bare),
            "{}: cut at sentence punctuation that ends the URL",
            at()
        ),
        Kind::Ends => panic!("{}: cut at a character that ends a URL", at()),
    }
    assert_eq!(cut.column, f.column + (offset - start) as u64, "{}: the column", at());
    let (whole_start, whole_end) = (cut.range.start as usize, cut.range.end as usize);
    assert_eq!(whole_start, start, "{}: the whole URL starts elsewhere", at());
    assert!(
        offset < whole_end && whole_end <= text.len() && whole_end - start <= MAX_URL_LEN,
        "{}: the whole URL's range {:?}",
        at(),
        cut.range
    );
    assert_eq!(
        cut.whole,
        &text[start..whole_end],
        "{}: the whole URL is its text",
        at()
    );
    assert!(
        run_ends(text, whole_end),
        "{}: the whole URL {:?} is cut short",
        at(),
        cut.whole
    );
}

/// How far before a wrapper's `<` the start of its line is looked for, to
/// read a line number there.
const GUTTER_REACH: usize = 256;

/// A line number where a numbered listing puts it at the start of `line`
/// (spaces or tabs, 1 to 9 digits, a `.`, then whitespace or the line's
/// end), and its length.
fn gutter(line: &str) -> Option<(u64, usize)> {
    let rest = line.trim_start_matches([' ', '\t']);
    let blanks = line.len() - rest.len();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if !(1..=9).contains(&digits) || !rest[digits..].starts_with('.') {
        return None;
    }
    match rest[digits + 1..].chars().next() {
        None | Some(' ' | '\t' | '\r' | '\n') => Some((rest[..digits].parse().unwrap(), blanks + digits + 1)),
        Some(_) => None,
    }
}

/// The line number of the line holding the `<` at `at`, when the line
/// starts with one no more than `GUTTER_REACH` bytes before it.
fn line_number_before(text: &str, at: usize) -> Option<u64> {
    let start = match text[..at].rfind('\n') {
        Some(nl) if at - nl <= GUTTER_REACH => nl + 1,
        None if at <= GUTTER_REACH => 0,
        _ => return None,
    };
    gutter(&text[start..at]).map(|(n, _)| n)
}

/// `content` without the line number that starts each of its lines after
/// the first, while they follow on one by one from `number`.
fn without_line_numbers(content: &str, number: Option<u64>) -> String {
    let mut lines = content.split('\n');
    let mut out = lines.next().unwrap_or("").to_owned();
    let mut expect = number;
    for line in lines {
        out.push('\n');
        expect = expect.and_then(|n| gutter(line).filter(|&(m, _)| m == n + 1).map(|(m, _)| m));
        match (expect, gutter(line)) {
            (Some(_), Some((_, len))) => out.push_str(&line[len..]),
            _ => out.push_str(line),
        }
    }
    out
}

/// The input, or its start when it is long (for messages).
fn excerpt(text: &str) -> String {
    if text.len() <= 200 {
        return format!("{text:?}");
    }
    let mut end = 200;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{:?}... ({} bytes)", &text[..end], text.len())
}
