//! Input shown safely in human output.
//!
//! Human output echoes its input (the URL above a caret, a lint's subject),
//! and a terminal acts on the control characters it is sent: `ESC ] 0 ;`
//! retitles the window, other sequences move the cursor or rewrite what was
//! printed. And a terminal shows text in the order the Unicode
//! bidirectional controls say, not the order of its octets: a right-to-left
//! override makes `http://evil/moc.knab` read as `http://evil/bank.com`
//! (the spoofing of CVE-2021-42574), and invisible chars hide what is there.
//! So wherever input is echoed, each C0 control, DEL, C1 control, such
//! format char and octet that is not UTF-8 is written as a visible name
//! instead, as the plans of the library show what they send:
//!
//! | input | shown |
//! | --- | --- |
//! | CR, LF, TAB, NUL | `<CR>`, `<LF>`, `<TAB>`, `<NUL>` |
//! | other C0 controls, DEL | `<0x1B>`, `<0x7F>` |
//! | C1 controls (U+0080 to U+009F) | `<U+009B>` |
//! | bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) | `<U+202E>` |
//! | invisible ones (U+200B to U+200D, U+2060, the byte order mark U+FEFF) and the line and paragraph separators (U+2028, U+2029) | `<U+FEFF>` |
//! | an octet that is not UTF-8 | `<0xFF>` |
//!
//! Every other char is written as it is.
//!
//! A long input is echoed as a [`Window`] around the place a diagnostic
//! points at, as compilers show a long line: a megabyte on one line makes
//! a diagnostic of a few hundred bytes, not of a megabyte and its caret
//! line.

use std::fmt;
use std::io::{self, Write};

use crate::scan;

/// An input whose echo is at most this many columns wide is echoed whole.
pub const ECHO_WHOLE: usize = 100;

/// How many columns of a longer input a [`Window`] holds ...
const WINDOW_COLUMNS: usize = 72;

/// ... of which at most this many before the char pointed at, when the
/// input goes on far enough after it.
const WINDOW_BEFORE: usize = 32;

/// The octets of an input that a diagnostic echoes, `start..end`: all of
/// them, or, for an input wider than [`ECHO_WHOLE`] columns as [`Shown`]
/// writes it, about 72 columns around the char pointed at, cut between
/// chars (never inside a UTF-8 sequence, nor inside the name [`Shown`]
/// writes for a control or an octet that is not UTF-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The first octet shown.
    pub start: usize,
    /// Just after the last octet shown.
    pub end: usize,
}

impl Window {
    /// The window of `input` around byte `offset` (at or past the end: the
    /// end of the input).
    pub fn around(input: &[u8], offset: usize) -> Window {
        if is_plain(input) {
            return Window::around_plain(input.len(), offset);
        }
        if width(input) <= ECHO_WHOLE {
            return Window {
                start: 0,
                end: input.len(),
            };
        }
        Window::around_units(input, offset)
    }

    /// [`Window::around`] of an input wider than [`ECHO_WHOLE`], char by
    /// char.
    fn around_units(input: &[u8], offset: usize) -> Window {
        let offset = offset.min(input.len());
        // A char is at least one column and at most four octets: the
        // window lies in these octets.
        let reach = 4 * WINDOW_COLUMNS;
        let lo = offset.saturating_sub(reach);
        let hi = offset.saturating_add(reach).min(input.len());
        let units = units(input, lo, hi);
        // The char pointed at; past the end, none.
        let at = units.partition_point(|unit| unit.end <= offset);
        let (mut first, mut last) = (at, at);
        let mut columns = 0;
        while first > 0 && columns + units[first - 1].width <= WINDOW_BEFORE {
            first -= 1;
            columns += units[first].width;
        }
        while last < units.len() && columns + units[last].width <= WINDOW_COLUMNS {
            columns += units[last].width;
            last += 1;
        }
        // An input that ends soon after the char leaves room before it.
        while first > 0 && columns + units[first - 1].width <= WINDOW_COLUMNS {
            first -= 1;
            columns += units[first].width;
        }
        Window {
            start: units.get(first).map_or(offset, |unit| unit.start),
            end: if last > first { units[last - 1].end } else { offset },
        }
    }

    /// [`Window::around`] for `len` plain octets (one column each, see
    /// [`is_plain`]), the common case: the same window, counted without
    /// looking at the octets.
    fn around_plain(len: usize, offset: usize) -> Window {
        if len <= ECHO_WHOLE {
            return Window { start: 0, end: len };
        }
        let offset = offset.min(len);
        // As `around` moves over chars: back at most WINDOW_BEFORE, on to
        // WINDOW_COLUMNS in all, then back over what the end leaves.
        let before = offset.min(WINDOW_BEFORE);
        let end = offset + (len - offset).min(WINDOW_COLUMNS - before);
        let start = (offset - before).saturating_sub(WINDOW_COLUMNS - (end - (offset - before)));
        Window {
            start,
            end: if end > start { end } else { offset },
        }
    }

    /// Whether the window leaves out some of `input`.
    pub fn is_cut(self, input: &[u8]) -> bool {
        self.start > 0 || self.end < input.len()
    }

    /// Writes the window of `input` as [`Shown`] shows it, with `…` where
    /// octets are left out; returns the width of what it wrote before
    /// octet `offset` (of `input`), where a caret under it goes.
    ///
    /// # Errors
    ///
    /// What writing gave.
    pub fn write(self, w: &mut impl Write, input: &[u8], offset: usize) -> io::Result<usize> {
        let shown = &input[self.start..self.end];
        let before = usize::from(self.start > 0);
        if before > 0 {
            w.write_all("…".as_bytes())?;
        }
        write_shown(w, shown)?;
        if self.end < input.len() {
            w.write_all("…".as_bytes())?;
        }
        Ok(before + caret_column(shown, offset.saturating_sub(self.start)))
    }
}

/// A char of an input (or an octet that is not UTF-8), as [`Window`] cuts
/// between them.
#[derive(Debug, Clone, Copy)]
struct Unit {
    start: usize,
    end: usize,
    /// The columns [`Shown`] writes for it.
    width: usize,
}

/// The chars of `input` that start in `lo..hi`, found from its start (only
/// there are its chars known).
fn units(input: &[u8], lo: usize, hi: usize) -> Vec<Unit> {
    let mut units = Vec::with_capacity(hi - lo);
    let mut at = 0;
    'chunks: for chunk in input.utf8_chunks() {
        let valid = chunk.valid();
        if at + valid.len() <= lo {
            at += valid.len();
        } else {
            for c in valid.chars() {
                if at >= hi {
                    break 'chunks;
                }
                let end = at + c.len_utf8();
                if at >= lo {
                    units.push(Unit {
                        start: at,
                        end,
                        width: char_width(c),
                    });
                }
                at = end;
            }
        }
        for _ in chunk.invalid() {
            if at >= hi {
                break 'chunks;
            }
            if at >= lo {
                units.push(Unit {
                    start: at,
                    end: at + 1,
                    width: INVALID_WIDTH,
                });
            }
            at += 1;
        }
    }
    units
}

/// The column of a caret under byte `offset` of `input`: the width of what
/// [`Shown`] writes for the octets before it (or for all of them, for an
/// offset at or past the end). An offset inside a char counts that char.
pub fn caret_column(input: &[u8], offset: usize) -> usize {
    let before = &input[..offset.min(input.len())];
    if is_plain(before) {
        // One column an octet, and the caret's octet counts not.
        return before.len();
    }
    let mut column = 0;
    let mut at = 0;
    for chunk in input.utf8_chunks() {
        for c in chunk.valid().chars() {
            at += c.len_utf8();
            if at > offset {
                return column;
            }
            column += width(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
        for b in chunk.invalid() {
            at += 1;
            if at > offset {
                return column;
            }
            column += width(&[*b]);
        }
    }
    column
}

/// Whether every octet of `bytes` is printable ASCII (a space up to `~`),
/// which [`Shown`] writes as it is: the common case.
pub fn is_plain(bytes: &[u8]) -> bool {
    !scan::any(bytes, |b| b.wrapping_sub(b' ') >= 0x5f)
}

/// Writes `bytes` as [`Shown`] displays them: plain ones at once.
///
/// # Errors
///
/// What writing gave.
pub fn write_shown(w: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    if is_plain(bytes) {
        w.write_all(bytes)
    } else {
        write!(w, "{}", Shown(bytes))
    }
}

/// Replaces `buf[start..]` with what [`Shown`] writes for it (nothing to do
/// for plain octets, the common case).
pub fn show_in_place(buf: &mut Vec<u8>, start: usize) {
    if is_plain(&buf[start..]) {
        return;
    }
    let shown = Shown(&buf[start..]).to_string();
    buf.truncate(start);
    buf.extend_from_slice(shown.as_bytes());
}

/// Writes what `value` displays as [`Shown`] shows it, piece by piece as
/// it is formatted, with no `String` between.
///
/// # Errors
///
/// What writing gave.
pub fn write_shown_display(w: &mut impl Write, value: impl fmt::Display) -> io::Result<()> {
    use std::fmt::Write as _;
    thread_local! {
        /// The text of a value, made here and shown in one piece: a value
        /// formatted in many short pieces is looked at once, not per piece.
        static TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    TEXT.with_borrow_mut(|text| {
        text.clear();
        write!(text, "{value}").map_err(|_| io::Error::other("a value failed to format"))?;
        let shown = write_shown(w, text.as_bytes());
        // A rare long text is not kept for the rest of the run.
        if text.capacity() > 4096 {
            *text = String::new();
        }
        shown
    })
}

/// Octets, displayed with each control and each octet that is not UTF-8
/// made visible (see the [module docs](self)).
///
/// # Examples
///
/// ```
/// use urikit_cli::term::Shown;
///
/// assert_eq!(Shown(b"http://a/\x1b]0;pwned\x07x").to_string(), "http://a/<0x1B>]0;pwned<0x07>x");
/// assert_eq!(Shown(b"caf\xc3\xa9\xff\t").to_string(), "caf\u{e9}<0xFF><TAB>");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a>(pub &'a [u8]);

impl<'a> Shown<'a> {
    /// `text` to be shown.
    pub fn text(text: &'a str) -> Shown<'a> {
        Shown(text.as_bytes())
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Plain octets are ASCII, so UTF-8: written as they are.
        if let Some(plain) = is_plain(self.0).then(|| std::str::from_utf8(self.0).ok()).flatten() {
            return f.write_str(plain);
        }
        for chunk in self.0.utf8_chunks() {
            let valid = chunk.valid();
            // Runs of plain chars are written in one piece.
            let mut start = 0;
            for (i, c) in valid.char_indices() {
                if let Some(name) = name(c) {
                    f.write_str(&valid[start..i])?;
                    name.fmt(f)?;
                    start = i + c.len_utf8();
                }
            }
            f.write_str(&valid[start..])?;
            for b in chunk.invalid() {
                write!(f, "<0x{b:02X}>")?;
            }
        }
        Ok(())
    }
}

/// The name [`Shown`] writes for `c` (`<0x1B>`, `<U+202E>`), or `None`
/// for a char it writes as it is.
pub fn name_of(c: char) -> Option<impl fmt::Display> {
    name(c)
}

/// Whether [`Shown`] writes `c` by a name: the one set of chars that no
/// output writes raw where a terminal may act on it (JSON escapes the same
/// set as `\uXXXX`).
///
/// # Examples
///
/// ```
/// use urikit_cli::term::is_named;
///
/// assert!(is_named('\u{202e}') && is_named('\u{9b}') && is_named('\x1b'));
/// assert!(!is_named('é') && !is_named('a'));
/// ```
#[inline]
pub fn is_named(c: char) -> bool {
    name(c).is_some()
}

/// How a control char is shown, or `None` for a char shown as it is.
fn name(c: char) -> Option<Name> {
    match c {
        '\r' => Some(Name::Str("<CR>")),
        '\n' => Some(Name::Str("<LF>")),
        '\t' => Some(Name::Str("<TAB>")),
        '\0' => Some(Name::Str("<NUL>")),
        '\x01'..='\x1f' | '\x7f' => Some(Name::Octet(c as u8)),
        '\u{80}'..='\u{9f}'
        | '\u{61c}'
        | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}'
        | '\u{2060}'
        | '\u{2066}'..='\u{2069}'
        | '\u{feff}' => Some(Name::Code(c as u32)),
        _ => None,
    }
}

enum Name {
    Str(&'static str),
    Octet(u8),
    /// A char by its code point, of four hex digits: C1 controls and
    /// format chars.
    Code(u32),
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Name::Str(s) => f.write_str(s),
            Name::Octet(b) => write!(f, "<0x{b:02X}>"),
            Name::Code(c) => write!(f, "<U+{c:04X}>"),
        }
    }
}

/// The number of chars [`Shown`] writes for `c`.
fn char_width(c: char) -> usize {
    match name(c) {
        Some(Name::Str(s)) => s.len(),
        Some(Name::Octet(_)) => 6,
        Some(Name::Code(_)) => 8,
        None => 1,
    }
}

/// The number of chars [`Shown`] writes for an octet that is not UTF-8
/// (`<0xFF>`).
const INVALID_WIDTH: usize = 6;

/// The number of chars [`Shown`] writes for `bytes`: the column just after
/// them, where a caret under the next char goes.
pub fn width(bytes: &[u8]) -> usize {
    if is_plain(bytes) {
        return bytes.len();
    }
    bytes
        .utf8_chunks()
        .map(|chunk| {
            let valid: usize = chunk.valid().chars().map(char_width).sum();
            valid + INVALID_WIDTH * chunk.invalid().len()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::{caret_column, is_plain, width, write_shown, Shown, Window, ECHO_WHOLE};

    #[test]
    fn every_control_is_named() {
        for b in (0u8..0x20).chain([0x7f]) {
            let shown = Shown(&[b'a', b, b'z']).to_string();
            assert!(shown.starts_with("a<") && shown.ends_with(">z"), "{shown}");
            assert!(!shown.bytes().any(|c| c < 0x20 || c == 0x7f), "{shown}");
        }
        assert_eq!(Shown::text("\u{9b}1m").to_string(), "<U+009B>1m");
        assert_eq!(Shown::text("\u{a0}é").to_string(), "\u{a0}é");
    }

    #[test]
    fn bidirectional_and_invisible_chars_are_named() {
        assert_eq!(
            Shown::text("http://evil/\u{202e}moc.knab").to_string(),
            "http://evil/<U+202E>moc.knab"
        );
        let named = [
            0x61c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
            0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff,
        ];
        for code in named {
            let c = char::from_u32(code).unwrap();
            assert_eq!(Shown::text(&format!("a{c}z")).to_string(), format!("a<U+{code:04X}>z"));
        }
        // Their neighbours, and letters of right-to-left scripts, are shown as they are.
        for c in [
            '\u{61b}', '\u{200a}', '\u{2027}', '\u{202f}', '\u{2061}', '\u{206a}', '\u{fefe}', 'א', 'ب',
        ] {
            assert_eq!(Shown::text(&format!("a{c}z")).to_string(), format!("a{c}z"));
        }
    }

    #[test]
    fn plain_is_printable_ascii() {
        let plain: Vec<u8> = (b' '..=b'~').collect();
        assert!(is_plain(&plain) && is_plain(b""));
        for b in (0u8..b' ').chain(0x7f..=0xff) {
            for at in [0, 15, 16, 40] {
                let mut bytes = vec![b'a'; 41];
                bytes[at] = b;
                assert!(!is_plain(&bytes), "{b:#x} at {at}");
                let mut written = Vec::new();
                write_shown(&mut written, &bytes).unwrap();
                assert_eq!(written, Shown(&bytes).to_string().into_bytes());
            }
        }
    }

    #[test]
    fn a_display_shows_as_its_text() {
        let value = format_args!("{}|{}|{}", "a\x1bb", 7, "\u{9b}\t\u{e9}");
        let mut written = Vec::new();
        super::write_shown_display(&mut written, value).unwrap();
        assert_eq!(written, Shown::text(&value.to_string()).to_string().into_bytes());
        assert_eq!(written, b"a<0x1B>b|7|<U+009B><TAB>\xc3\xa9");
    }

    #[test]
    fn width_counts_the_chars_written() {
        for input in [
            &b""[..],
            b"plain",
            b"\x1b]0;x\x07",
            b"\r\n\t\0\x7f",
            b"\xc3\xa9\xff\xc3",
            "\u{85}\u{9f}\u{a0}".as_bytes(),
            "\u{202e}x\u{feff}\u{2066}".as_bytes(),
        ] {
            assert_eq!(width(input), Shown(input).to_string().chars().count(), "{input:?}");
        }
    }

    /// What `Window::write` writes for `input` around `offset`, and the
    /// caret column it gives.
    fn windowed(input: &[u8], offset: usize) -> (Window, String, usize) {
        let window = Window::around(input, offset);
        let mut written = Vec::new();
        let caret = window.write(&mut written, input, offset).unwrap();
        (window, String::from_utf8(written).unwrap(), caret)
    }

    /// A window is what `Shown` writes for the whole input between the
    /// columns of its ends (so it cuts no UTF-8 sequence and no name), it
    /// holds the octet at `offset`, and its caret stands under that octet.
    #[track_caller]
    fn check_window(input: &[u8], offset: usize) {
        let (window, written, caret) = windowed(input, offset);
        let all: Vec<char> = Shown(input).to_string().chars().collect();
        let (from, to) = (width(&input[..window.start]), width(&input[..window.end]));
        let mut want: String = all[from..to].iter().collect();
        if window.start > 0 {
            want.insert(0, '…');
        }
        if window.end < input.len() {
            want.push('…');
        }
        assert_eq!(written, want, "{} at {offset}", input.escape_ascii());
        let offset = offset.min(input.len());
        assert!(window.start <= offset && offset <= window.end);
        assert!(
            offset < window.end || window.end == input.len(),
            "the octet pointed at is shown"
        );
        let before = usize::from(window.start > 0);
        assert_eq!(caret, before + caret_column(input, offset) - from, "caret at {offset}");
        if window.is_cut(input) {
            assert!((64..=80).contains(&(to - from)), "{} columns", to - from);
        } else {
            assert!(width(input) <= ECHO_WHOLE);
        }
    }

    #[test]
    fn a_window_cuts_between_chars_and_keeps_the_caret_under_its_octet() {
        let pieces: [&[u8]; 9] = [
            b"a",
            b"\x1b",
            b"\t",
            "\u{e9}".as_bytes(),
            "\u{202e}".as_bytes(),
            "\u{1f600}".as_bytes(),
            b"\xff",
            b"\xe2\x80",
            b"\x80",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for case in 0..400 {
            let mut input = Vec::new();
            let len = [10, 90, 101, 300, 2000][case % 5];
            while width(&input) < len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                input.extend_from_slice(pieces[(state % 9) as usize]);
            }
            for offset in (0..=input.len() + 1).step_by(1 + input.len() / 97) {
                check_window(&input, offset);
            }
            check_window(&input, input.len());
        }
    }

    /// The window of plain octets, counted, is the window char by char.
    #[test]
    fn a_plain_window_is_the_window_of_its_chars() {
        for len in 0..400 {
            let input = vec![b'a'; len];
            for offset in 0..=len + 2 {
                let want = if len <= ECHO_WHOLE {
                    Window { start: 0, end: len }
                } else {
                    Window::around_units(&input, offset)
                };
                assert_eq!(Window::around(&input, offset), want, "{len} at {offset}");
            }
        }
    }

    #[test]
    fn a_short_input_is_shown_whole_and_a_long_one_around_its_offset() {
        let (window, written, caret) = windowed(b"http://a/~x", 9);
        assert_eq!(
            (window, written.as_str(), caret),
            (Window { start: 0, end: 11 }, "http://a/~x", 9)
        );
        let long = [&[b'a'; 500][..], b" ", &[b'b'; 500]].concat();
        let (window, written, caret) = windowed(&long, 500);
        assert_eq!(window, Window { start: 468, end: 540 });
        assert_eq!(written, format!("…{} {}…", "a".repeat(32), "b".repeat(39)));
        assert_eq!(caret, 33);
        // Near an end, the window takes its columns from the other side.
        let (window, _, caret) = windowed(&long, 3);
        assert_eq!((window, caret), (Window { start: 0, end: 72 }, 3));
        let (window, written, caret) = windowed(&long, long.len());
        assert_eq!((window, caret), (Window { start: 929, end: 1001 }, 73));
        assert!(written.starts_with('…') && !written.ends_with('…'));
    }
}
