//! Characters outside US-ASCII after a bare URL: which end it, which are
//! taken off its end as sentence punctuation, and how far the run of a URL
//! goes over the others (see the [module docs](super), "Characters outside
//! US-ASCII").
//!
//! The run is read from a window that may end inside a character, so a
//! character is decoded here with the window's edge in mind: one cut short
//! asks for more bytes, unless the input has ended, where its octets are
//! not UTF-8.

use super::runs;

/// What a character outside US-ASCII is to a bare URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    /// It ends the URL: white space, a quotation mark, a bracket, a dash.
    Ends,
    /// Sentence punctuation: it ends the URL unless a bare-URL character
    /// follows it, and is taken off the end of a run as `.` is.
    Trailing,
    /// Part of the run: the URL does not end at it.
    Part,
}

/// The class of `c`, a character outside US-ASCII.
pub(super) fn class(c: char) -> Class {
    if c.is_whitespace() {
        return Class::Ends;
    }
    match c {
        // Quotation marks: « » ‘ ’ ‚ ‛ “ ” „ ‟ ‹ ›, the CJK corner brackets
        // and double primes 「 」 『 』 〝 〞 〟, the fullwidth and halfwidth
        // forms ＂ ＇ ｢ ｣.
        '\u{ab}' | '\u{bb}' | '\u{2018}'..='\u{201f}' | '\u{2039}' | '\u{203a}' => Class::Ends,
        '\u{300c}'..='\u{300f}' | '\u{301d}'..='\u{301f}' | '\u{ff02}' | '\u{ff07}' | '\u{ff62}' | '\u{ff63}' => {
            Class::Ends
        }
        // Brackets: 〈 〉 ⟨ ⟩, the CJK ones 〈 〉 《 》 【 】 〔 〕 〖 〗 〘 〙
        // 〚 〛, the fullwidth （ ） ［ ］ ｛ ｝ ｟ ｠, and ＜ ＞ as `<` and `>`.
        '\u{2329}' | '\u{232a}' | '\u{27e8}' | '\u{27e9}' => Class::Ends,
        '\u{3008}'..='\u{3011}' | '\u{3014}'..='\u{301b}' => Class::Ends,
        '\u{ff08}' | '\u{ff09}' | '\u{ff1c}' | '\u{ff1e}' | '\u{ff3b}' | '\u{ff3d}' | '\u{ff5b}' | '\u{ff5d}' => {
            Class::Ends
        }
        '\u{ff5f}' | '\u{ff60}' => Class::Ends,
        // The en and em dash, which set off a clause in prose.
        '\u{2013}' | '\u{2014}' => Class::Ends,
        // The ellipsis, and the sentence punctuation of CJK text and of the
        // fullwidth and halfwidth forms: 、 。 ！ ， ． ： ； ？ ｡ ､.
        '\u{2026}' | '\u{3001}' | '\u{3002}' => Class::Trailing,
        '\u{ff01}' | '\u{ff0c}' | '\u{ff0e}' | '\u{ff1a}' | '\u{ff1b}' | '\u{ff1f}' | '\u{ff61}' | '\u{ff64}' => {
            Class::Trailing
        }
        _ => Class::Part,
    }
}

/// The character at the start of `bytes` (their first byte is not ASCII).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Next {
    /// A character and its length in bytes.
    Char(char, usize),
    /// That many octets that are not UTF-8 (the longest start of a
    /// sequence, or one octet).
    NotUtf8(usize),
    /// `bytes` end inside a sequence: what it is depends on what follows.
    Short,
}

/// Decodes the character at the start of `bytes`; `eof` says that nothing
/// follows them.
pub(super) fn next(bytes: &[u8], eof: bool) -> Next {
    let head = &bytes[..bytes.len().min(4)];
    match std::str::from_utf8(head) {
        Ok(s) => first(s),
        Err(e) if e.valid_up_to() > 0 => first(std::str::from_utf8(&head[..e.valid_up_to()]).expect("valid")),
        Err(e) => match e.error_len() {
            Some(n) => Next::NotUtf8(n),
            None if eof => Next::NotUtf8(head.len()),
            None => Next::Short,
        },
    }
}

fn first(s: &str) -> Next {
    let c = s.chars().next().expect("a character");
    Next::Char(c, c.len_utf8())
}

/// Where the run of a bare URL ends, as [`run`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum End {
    /// Before the byte at this index: an ASCII byte that is no URL
    /// character, or the first byte of a character that ends a URL.
    At(usize),
    /// The run goes on to the limit: to this index, at or past it, the
    /// first character boundary there.
    Reaches(usize),
    /// The window ends inside a character at this index, whose class
    /// depends on the bytes that follow.
    Short(usize),
}

/// The run of a bare URL from `from` in `buf`: bare-URL characters
/// ([`runs::is_bare`]), the characters outside US-ASCII of the class
/// [`Class::Part`] and octets that are not UTF-8, and those of
/// [`Class::Trailing`] that a bare-URL character follows; looked at before
/// `limit` (at most `buf.len()`). Also the index of its first byte outside
/// US-ASCII, if it has one.
#[inline(always)]
pub(super) fn run(buf: &[u8], from: usize, limit: usize, eof: bool) -> (End, Option<usize>) {
    // Most runs end at a byte of US-ASCII: that needs no decoding.
    let i = from + runs::bare(&buf[from..limit]);
    if i < limit && buf[i].is_ascii() {
        return (End::At(i), None);
    }
    run_wide(buf, i, limit, eof)
}

/// [`run`] from `i`, the end of its US-ASCII part: at the limit, or at a
/// byte outside US-ASCII. Out of line, so that `run` inlines.
#[inline(never)]
fn run_wide(buf: &[u8], mut i: usize, limit: usize, eof: bool) -> (End, Option<usize>) {
    let mut wide = None;
    while i < limit {
        i += runs::bare(&buf[i..limit]);
        if i >= limit {
            break;
        }
        if buf[i].is_ascii() {
            return (End::At(i), wide);
        }
        let len = match next(&buf[i..], eof) {
            Next::Char(c, len) => match class(c) {
                Class::Ends => return (End::At(i), wide),
                // Sentence punctuation goes on only into more of the URL.
                Class::Trailing => match buf.get(i + len) {
                    Some(&b) if runs::is_bare(b) => len,
                    Some(_) => return (End::At(i), wide),
                    None if eof => return (End::At(i), wide),
                    None => return (End::Short(i), wide),
                },
                Class::Part => len,
            },
            Next::NotUtf8(len) => len,
            Next::Short => return (End::Short(i), wide),
        };
        wide.get_or_insert(i);
        i += len;
    }
    (End::Reaches(i), wide)
}

/// The sentence punctuation outside US-ASCII ([`Class::Trailing`]) at the
/// end of `bytes`, as its length in bytes; 0 when there is none.
pub(super) fn trailing(bytes: &[u8]) -> usize {
    // Every character of the class is three bytes long in UTF-8.
    let Some(tail) = bytes.len().checked_sub(3).map(|i| &bytes[i..]) else {
        return 0;
    };
    let mut chars = std::str::from_utf8(tail).map(str::chars).ok();
    match chars.as_mut().map(|c| (c.next(), c.next())) {
        Some((Some(c), None)) if class(c) == Class::Trailing => 3,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_trailing_char_is_found_at_the_end() {
        for c in (0x80..=0x10ffffu32).filter_map(char::from_u32) {
            let s = format!("a{c}");
            let want = if class(c) == Class::Trailing { c.len_utf8() } else { 0 };
            assert_eq!(trailing(s.as_bytes()), want, "U+{:04X}", u32::from(c));
        }
        assert_eq!(trailing(b""), 0);
        assert_eq!(trailing(b"\x80\x80\x80"), 0);
    }

    #[test]
    fn next_knows_the_window_edge() {
        assert_eq!(next("é!".as_bytes(), false), Next::Char('é', 2));
        assert_eq!(next(b"\xc3", false), Next::Short);
        assert_eq!(next(b"\xc3", true), Next::NotUtf8(1));
        assert_eq!(next(b"\xe2\x80", false), Next::Short);
        assert_eq!(next(b"\xe2\x80", true), Next::NotUtf8(2));
        assert_eq!(next(b"\xe2\x80x", false), Next::NotUtf8(2));
        assert_eq!(next(b"\xff", false), Next::NotUtf8(1));
        assert_eq!(next("\u{10348}".as_bytes(), false), Next::Char('\u{10348}', 4));
    }

    #[test]
    fn runs_end_at_what_ends_a_url() {
        let r = |s: &str| run(s.as_bytes(), 0, s.len(), true);
        assert_eq!(r("abc def"), (End::At(3), None));
        assert_eq!(r("ab\u{e9}c\u{a0}d"), (End::At(5), Some(2)));
        assert_eq!(r("ab\u{bb}c"), (End::At(2), None));
        assert_eq!(r("ab\u{3002}c"), (End::Reaches(6), Some(2)));
        assert_eq!(r("ab\u{3002}\u{8c22}"), (End::At(2), None));
        assert_eq!(r("ab\u{3002} c"), (End::At(2), None));
        assert_eq!(r("ab\u{3002}"), (End::At(2), None));
        assert_eq!(run("ab\u{3002}".as_bytes(), 0, 5, false), (End::Short(2), None));
        assert_eq!(r("ab\u{e9}"), (End::Reaches(4), Some(2)));
        // A limit inside a character: the run reaches past it.
        assert_eq!(run("ab\u{e9}c".as_bytes(), 0, 3, true), (End::Reaches(4), Some(2)));
        assert_eq!(run(b"ab\xc3", 0, 3, false), (End::Short(2), None));
        assert_eq!(run(b"ab\xc3", 0, 3, true), (End::Reaches(3), Some(2)));
    }
}
