//! Lines of input as the commands see them: where one came from, its text
//! without the line end, and what a line that is not UTF-8 becomes.
//!
//! The lowest module of the command's input and output: [`crate::input`]
//! reads lines and [`crate::output`] names them in diagnostics, and both
//! take these types from here.

use std::ffi::OsStr;
use std::fmt;
use std::io;

/// Where an input came from, as a diagnostic names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Not known (a batch of the parallel stream).
    Unknown,
    /// The nth command-line argument of its kind, from 1.
    Argument(usize),
    /// The nth line of stdin, from 1.
    Line(u64),
    /// The nth line, from 1, of the file named (shown by `Shown`).
    FileLine(&'static str, u64),
    /// An argument with a name of its own (`BASE`).
    Named(&'static str),
}

impl Source {
    /// Line `n` of the file `name`, or of stdin when `None`.
    pub fn line_of(name: Option<&'static str>, n: u64) -> Source {
        match name {
            Some(name) => Source::FileLine(name, n),
            None => Source::Line(n),
        }
    }

    /// Whether the input is a line (of stdin or a file), not an argument.
    pub fn is_line(self) -> bool {
        matches!(self, Source::Line(_) | Source::FileLine(..))
    }

    /// The prefix of a diagnostic's first line: `urikit: line 2: `.
    pub fn prefix(self) -> String {
        format!("urikit: {}", self.label())
    }

    /// How a report names the input before echoing it: `line 2: `,
    /// `argument 1: `; nothing when it is not known.
    pub fn label(self) -> String {
        match self {
            Source::Unknown => String::new(),
            Source::Argument(n) => format!("argument {n}: "),
            Source::Line(n) => format!("line {n}: "),
            Source::FileLine(name, n) => format!("{name}: line {n}: "),
            Source::Named(name) => format!("{name}: "),
        }
    }
}

/// A line of stdin, or an argument, that is not UTF-8.
#[derive(Debug, Clone)]
pub struct NotUtf8 {
    /// The line, with each invalid sequence replaced by U+FFFD.
    pub text: String,
    /// The line as read (without its line end), or the argument's octets.
    pub raw: Vec<u8>,
    /// Byte offset of the first invalid octet.
    pub offset: usize,
    /// That octet.
    pub byte: u8,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "octet 0x{:02X} is not UTF-8 at offset {}, expected UTF-8 text",
            self.byte, self.offset
        )
    }
}

/// One line of input as read, with its `\n` if it has one: the line without
/// its `\n` or `\r\n`, or, when it is not UTF-8, what [`NotUtf8`] says.
///
/// Nothing else is stripped: a `\r` not followed by `\n` stays, as does
/// every space.
pub fn decode_line(raw: &[u8]) -> Result<&str, NotUtf8> {
    let line = line_bytes(raw);
    std::str::from_utf8(line).map_err(|e| not_utf8(line, e.valid_up_to()))
}

/// A command-line argument as [`decode_line`] gives a line: its text, or,
/// when its octets are not UTF-8, what [`NotUtf8`] says. An argument has no
/// line end: nothing is stripped.
///
/// The octets are what [`OsStr::as_encoded_bytes`] gives: on Unix, the
/// argument as given.
pub fn decode_arg(arg: &OsStr) -> Result<&str, NotUtf8> {
    arg.to_str().ok_or_else(|| {
        let bytes = arg.as_encoded_bytes();
        let offset = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), str::len);
        not_utf8(bytes, offset)
    })
}

/// What [`decode_line`] says of `line` (without its line end), whose first
/// invalid octet is at `offset`.
#[cold]
fn not_utf8(line: &[u8], offset: usize) -> NotUtf8 {
    NotUtf8 {
        text: String::from_utf8_lossy(line).into_owned(),
        raw: line.to_vec(),
        offset,
        byte: line[offset],
    }
}

/// Calls `each` on every line of `block` (whole lines, each with its `\n`
/// but perhaps the last) as [`decode_line`] gives it; returns the number of
/// lines.
///
/// The block is checked for UTF-8 once (a vector at a time), not line by
/// line: a line end is ASCII, so the lines of valid UTF-8 cut after a `\n`
/// are valid UTF-8. Only a line that holds an invalid sequence is looked at
/// on its own, and the check goes on after it.
pub fn for_each_in(block: &[u8], mut each: impl FnMut(Result<&str, NotUtf8>) -> io::Result<()>) -> io::Result<u64> {
    let mut lines = 0;
    let mut start = 0;
    while start < block.len() {
        let rest = &block[start..];
        if let Ok(text) = simdutf8::basic::from_utf8(rest) {
            return Ok(lines + for_each_valid(text, &mut each)?);
        }
        // Where the first invalid sequence is, which the quick check does
        // not say.
        let bad = std::str::from_utf8(rest).map_or_else(|e| e.valid_up_to(), str::len);
        // The whole lines before the one that holds the invalid octet.
        let bad_line = memchr::memrchr(b'\n', &rest[..bad]).map_or(0, |i| i + 1);
        if bad_line > 0 {
            let valid = std::str::from_utf8(&rest[..bad_line]).map_err(io::Error::other)?;
            lines += for_each_valid(valid, &mut each)?;
        }
        let end = memchr::memchr(b'\n', &rest[bad..]).map_or(rest.len(), |i| bad + i + 1);
        each(decode_line(&rest[bad_line..end]))?;
        lines += 1;
        start += end;
    }
    Ok(lines)
}

/// [`for_each_in`] for a block known to be UTF-8.
fn for_each_valid(text: &str, each: &mut impl FnMut(Result<&str, NotUtf8>) -> io::Result<()>) -> io::Result<u64> {
    let mut lines = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let end = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
        let (line, after) = rest.split_at(end);
        each(Ok(strip_line_end(line)))?;
        lines += 1;
        rest = after;
    }
    Ok(lines)
}

/// One line of input as read, without its `\n` or `\r\n`.
pub fn line_bytes(raw: &[u8]) -> &[u8] {
    match raw.strip_suffix(b"\n") {
        Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
        None => raw,
    }
}

/// [`decode_line`] for a line known to be UTF-8.
fn strip_line_end(raw: &str) -> &str {
    match raw.strip_suffix('\n') {
        Some(line) => line.strip_suffix('\r').unwrap_or(line),
        None => raw,
    }
}

#[cfg(test)]
mod tests {
    use super::{decode_line, for_each_in, NotUtf8};

    /// What [`for_each_in`] gives, as (text, offset of the octet that is not UTF-8).
    fn lines_of(block: &[u8]) -> Vec<(String, Option<usize>)> {
        let mut lines = Vec::new();
        let n = for_each_in(block, |line: Result<&str, NotUtf8>| {
            lines.push(match line {
                Ok(text) => (text.to_owned(), None),
                Err(bad) => (bad.text, Some(bad.offset)),
            });
            Ok(())
        })
        .unwrap();
        assert_eq!(n as usize, lines.len());
        lines
    }

    #[test]
    fn a_block_gives_what_each_line_gives() {
        for block in [
            &b"a\r\nb\n\n c \r\r\nd\r"[..],
            b"a\r\nb\xff\n\n c \r\r\nd\r",
            b"\xc3\n\xa4\n",
            b"\xff",
            b"ok\n\xe2\x82\n",
            b"ok\nok\n\xe2\x82",
            b"\xffa\nb\n\xfe\nc\xc3\xa4\n\xc3",
            b"x\n",
            b"\n",
            b"",
        ] {
            let want: Vec<(String, Option<usize>)> = block
                .split_inclusive(|&b| b == b'\n')
                .map(|raw| match decode_line(raw) {
                    Ok(text) => (text.to_owned(), None),
                    Err(bad) => (bad.text, Some(bad.offset)),
                })
                .collect();
            assert_eq!(lines_of(block), want, "{}", block.escape_ascii());
        }
    }

    #[test]
    fn line_ends_are_stripped_once() {
        assert_eq!(decode_line(b"a\n").unwrap(), "a");
        assert_eq!(decode_line(b"a\r\n").unwrap(), "a");
        assert_eq!(decode_line(b"a\r").unwrap(), "a\r");
        assert_eq!(decode_line(b"a\r\r\n").unwrap(), "a\r");
        assert_eq!(decode_line(b" a \n").unwrap(), " a ");
        assert_eq!(decode_line(b"\n").unwrap(), "");
        assert_eq!(decode_line(b"").unwrap(), "");
    }

    #[test]
    fn a_line_that_is_not_utf8() {
        let bad = decode_line(b"h\xc3\xa4\xff!\r\n").unwrap_err();
        assert_eq!((bad.text.as_str(), bad.offset, bad.byte), ("h\u{e4}\u{fffd}!", 3, 0xFF));
    }
}
