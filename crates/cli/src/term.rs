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

use std::fmt;
use std::io::{self, Write};

use crate::scan;

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

/// The number of chars [`Shown`] writes for `bytes`: the column just after
/// them, where a caret under the next char goes.
pub fn width(bytes: &[u8]) -> usize {
    if is_plain(bytes) {
        return bytes.len();
    }
    bytes
        .utf8_chunks()
        .map(|chunk| {
            let valid: usize = chunk
                .valid()
                .chars()
                .map(|c| match name(c) {
                    Some(Name::Str(s)) => s.len(),
                    Some(Name::Octet(_)) => 6,
                    Some(Name::Code(_)) => 8,
                    None => 1,
                })
                .sum();
            valid + 6 * chunk.invalid().len()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::{is_plain, width, write_shown, Shown};

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
}
