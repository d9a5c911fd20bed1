//! The URL inside a wrapper (`<URL:...>`, `<scheme:...>`): its content with
//! the whitespace of its line breaks, and the line numbers of a numbered
//! listing, taken out.

use memchr::memrchr;

use super::prose;
use super::runs;

/// How far before a wrapper's `<` the start of its line is looked for, to
/// read a line number there (see [`gutter`]).
pub(super) const GUTTER_REACH: usize = 256;

/// The most digits a line number has.
const GUTTER_DIGITS: usize = 9;

/// The URL inside a wrapper: its content with the whitespace removed, and
/// the line numbers of a numbered listing, as [`unwrap`] gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Unwrapped {
    /// The URL; U+FFFD for each run of octets that are not UTF-8.
    pub(super) url: String,
    /// Byte offsets in `url` of the hyphens that stood right before a line
    /// break.
    pub(super) hyphens: Vec<usize>,
    /// The URL's octets, where they are not UTF-8 (`url` is then not
    /// them); `None` when `url` is.
    pub(super) raw: Option<Vec<u8>>,
}

/// The URL inside a wrapper: whitespace removed, the line numbers of a
/// numbered listing removed, with the offsets of the hyphens that stood
/// right before a line break. `number` is the line number of the wrapper's
/// first line, when it has one. Octets that are not UTF-8 are part of the
/// URL, kept as they are in [`Unwrapped::raw`].
///
/// RFC 1738's appendix asks that the whitespace of a URL broken across lines
/// "be ignored when extracting the URL". A numbered listing (the RFC 1630
/// draft among the seed texts is one: "  1246. <ftp:" then
/// "  1247. //quake.think.com/...") puts its line numbers into that
/// whitespace; they are no more part of the URL than the indentation is, and
/// joined with it they make another URL (`ftp:1247.//quake.think.com/...`).
/// So a number is layout when it is where the listing puts it (see
/// [`gutter`]) and follows the number of the line before; from the first
/// line that has no such number on, every line is kept as it is, so a line
/// of a URL that merely starts with digits and a dot keeps them.
pub(super) fn unwrap(content: &[u8], number: Option<u64>) -> Unwrapped {
    let bytes = content;
    let mut url = Vec::with_capacity(bytes.len());
    let mut hyphens = Vec::new();
    let (mut gap, mut gap_breaks) = (false, false);
    // The number of the current line, while the numbering goes on.
    let mut line = number;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (len, class) = if b.is_ascii_graphic() {
            // Most of a wrapper's content is graphic ASCII: a run at once.
            (runs::graphic(&bytes[i..]), Class::Text)
        } else {
            class(bytes, i)
        };
        if class == Class::Text {
            if gap {
                if gap_breaks && url.last() == Some(&b'-') {
                    hyphens.push(url.len() - 1);
                }
                gap = false;
                gap_breaks = false;
            }
            url.extend_from_slice(&bytes[i..i + len]);
        } else {
            gap = true;
            gap_breaks |= class == Class::Break;
        }
        i += len;
        if b == b'\n' {
            if let Some(n) = line {
                line = match gutter(&bytes[i..]) {
                    Some((next, number_len)) if next == n + 1 => {
                        i += number_len;
                        Some(next)
                    }
                    _ => None,
                };
            }
        }
    }
    match String::from_utf8(url) {
        Ok(url) => Unwrapped {
            url,
            hyphens,
            raw: None,
        },
        Err(e) => {
            let raw = e.into_bytes();
            let hyphens = hyphens.iter().map(|&at| lossy_offset(&raw, at)).collect();
            Unwrapped {
                url: String::from_utf8_lossy(&raw).into_owned(),
                hyphens,
                raw: Some(raw),
            }
        }
    }
}

/// Where byte `at` of `raw` (a byte of a UTF-8 sequence) is in
/// `String::from_utf8_lossy(raw)`, which writes U+FFFD for each run of
/// octets that are not UTF-8.
fn lossy_offset(raw: &[u8], at: usize) -> usize {
    let (mut from, mut to) = (0, 0);
    for chunk in raw.utf8_chunks() {
        let valid = chunk.valid().len();
        if at < from + valid {
            break;
        }
        from += valid + chunk.invalid().len();
        to += valid
            + if chunk.invalid().is_empty() {
                0
            } else {
                '\u{fffd}'.len_utf8()
            };
    }
    to + (at - from)
}

/// What a character of a wrapper's content is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Part of the URL.
    Text,
    /// White space (Unicode's `White_Space`) that does not break a line.
    Space,
    /// A line break.
    Break,
}

/// The length and class of the character at byte `i` of `bytes`; octets
/// that are not UTF-8 are text.
fn class(bytes: &[u8], i: usize) -> (usize, Class) {
    match bytes[i] {
        b'\n' | b'\r' | 0x0b | 0x0c => (1, Class::Break),
        b' ' | b'\t' => (1, Class::Space),
        0..=0x7f => (1, Class::Text),
        // U+00A0, the no-break space, the commonest non-ASCII one.
        0xc2 if bytes.get(i + 1) == Some(&0xa0) => (2, Class::Space),
        _ => match prose::next(&bytes[i..], true) {
            prose::Next::Char(c, len) => (len, char_class(c)),
            prose::Next::NotUtf8(len) => (len, Class::Text),
            prose::Next::Short => (bytes.len() - i, Class::Text),
        },
    }
}

/// The line number of the line that holds `buf[at]`, when the line starts
/// with one (see [`gutter`]) within [`GUTTER_REACH`] bytes. `at_input_start`
/// says that `buf` starts where the input does.
pub(super) fn line_number(buf: &[u8], at: usize, at_input_start: bool) -> Option<u64> {
    let from = at.saturating_sub(GUTTER_REACH);
    let start = match memrchr(b'\n', &buf[from..at]) {
        Some(i) => from + i + 1,
        None if from == 0 && at_input_start => 0,
        None => return None,
    };
    gutter(&buf[start..at]).map(|(n, _)| n)
}

/// The line number at the start of `line`, and its length: spaces or tabs,
/// one to [`GUTTER_DIGITS`] digits and a `.`, then whitespace or the end of
/// the line, as a numbered listing puts it (`"  1247. "`).
fn gutter(line: &[u8]) -> Option<(u64, usize)> {
    let blanks = line.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    let digits = line[blanks..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > GUTTER_DIGITS {
        return None;
    }
    let dot = blanks + digits;
    if line.get(dot) != Some(&b'.') {
        return None;
    }
    if !matches!(line.get(dot + 1), None | Some(b' ' | b'\t' | b'\r' | b'\n')) {
        return None;
    }
    let n = line[blanks..dot]
        .iter()
        .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
    Some((n, dot + 1))
}

/// The class of `c` by Unicode's `White_Space` and line breaks, which
/// [`class`] reads from the octets themselves for ASCII and U+00A0.
fn char_class(c: char) -> Class {
    if is_line_break(c) {
        Class::Break
    } else if c.is_whitespace() {
        Class::Space
    } else {
        Class::Text
    }
}

fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unwrap_bytes(content: &[u8], number: Option<u64>) -> (String, Vec<usize>) {
        let unwrapped = unwrap(content, number);
        assert_eq!(unwrapped.raw, None);
        (unwrapped.url, unwrapped.hyphens)
    }

    #[test]
    fn unwrap_removes_whitespace_and_marks_hyphens() {
        let (url, hyphens) = unwrap_bytes(b"http://a-\n   b/c- d/e-\r\n\tf", None);
        assert_eq!(url, "http://a-b/c-d/e-f");
        assert_eq!(hyphens, [8, 16]);
        let (url, hyphens) = unwrap_bytes("ftp://x/wa\n\u{a0}\u{a0}is".as_bytes(), None);
        assert_eq!((url.as_str(), hyphens.len()), ("ftp://x/wais", 0));
        // A hyphen at the very end has nothing after its break.
        assert_eq!(unwrap_bytes(b"http://a-\n", None).1, Vec::<usize>::new());
    }

    #[test]
    fn classes_agree_with_unicode_white_space() {
        for c in (0..=0x3000u32).filter_map(char::from_u32) {
            let text = format!("{c}x");
            assert!(
                class(text.as_bytes(), 0) == (c.len_utf8(), char_class(c)),
                "U+{:04X}",
                u32::from(c)
            );
        }
    }

    #[test]
    fn gutters_are_read_where_a_listing_puts_them() {
        assert_eq!(gutter(b"  1247. //quake"), Some((1247, 7)));
        assert_eq!(gutter(b"12."), Some((12, 3)));
        assert_eq!(gutter(b"\t7.\r\n"), Some((7, 3)));
        assert_eq!(gutter(b"  1247.//quake"), None);
        assert_eq!(gutter(b"  1247 //quake"), None);
        assert_eq!(gutter(b"  . x"), None);
        assert_eq!(gutter(b"x 12. y"), None);
        assert_eq!(gutter(b"1234567890. x"), None);
    }

    #[test]
    fn line_numbers_in_a_wrapper_are_taken_out_when_they_follow_on() {
        let u = |s: &str, n| unwrap_bytes(s.as_bytes(), n).0;
        assert_eq!(u("ftp:\n  1247. //q/d.txt", Some(1246)), "ftp://q/d.txt");
        assert_eq!(u("ftp://h/a\n 8. b\n 9. c\n 10. ", Some(7)), "ftp://h/abc");
        // Not the next number, or no number on the wrapper's line: kept.
        assert_eq!(u("ftp:\n  1248. //q/d.txt", Some(1246)), "ftp:1248.//q/d.txt");
        assert_eq!(u("ftp:\n  1247. //q/d.txt", None), "ftp:1247.//q/d.txt");
        // Once the numbering stops, the rest is kept as it is.
        assert_eq!(u("ftp://h/a\n 8. b\n 10. c", Some(7)), "ftp://h/ab10.c");
    }

    #[test]
    fn a_wrapper_line_number_is_looked_for_back_to_its_line_start() {
        assert_eq!(line_number(b"  12. see <", 10, true), Some(12));
        assert_eq!(line_number(b"x\n  12. see <", 12, false), Some(12));
        assert_eq!(line_number(b"  12. see <", 10, false), None);
        assert_eq!(line_number(b"see 12. <", 8, true), None);
    }

    #[test]
    fn octets_that_are_not_utf8_are_kept() {
        let got = unwrap(b"http://a-\n b/\xffc-\n\xc3d", None);
        assert_eq!(got.raw.as_deref(), Some(&b"http://a-b/\xffc-\xc3d"[..]));
        assert_eq!(got.url, "http://a-b/\u{fffd}c-\u{fffd}d");
        // The hyphens are offsets in the URL as written with U+FFFD.
        assert_eq!(got.hyphens, [8, 15]);
        assert!(got.hyphens.iter().all(|&at| got.url.as_bytes()[at] == b'-'));
        // A sequence that a break cut in two is joined, as the URL is.
        let got = unwrap(b"http://h/\xe2\x80\n \xae", None);
        assert_eq!((got.url.as_str(), got.raw), ("http://h/\u{202e}", None));
    }
}
