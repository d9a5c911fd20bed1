//! Reading inputs: the command-line arguments, or else the lines of stdin.

use std::fmt;
use std::io::{self, BufRead};

use anyhow::Context;

use crate::output::{Output, Source};

/// A line of stdin that is not UTF-8.
#[derive(Debug, Clone)]
pub struct NotUtf8 {
    /// The line, with each invalid sequence replaced by U+FFFD.
    pub text: String,
    /// The line as read (without its line end).
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

/// Calls `each` on every argument, or, when there is none, on every line of
/// stdin; a line that is not UTF-8 is reported in caret form instead, in the
/// output (a report).
pub fn for_each(
    args: &[String],
    out: &mut Output,
    mut each: impl FnMut(&mut Output, &str) -> io::Result<()>,
) -> anyhow::Result<()> {
    for_each_line(args, out, |out, line| match line {
        Ok(text) => each(out, text),
        Err(bad) => out.not_utf8(&bad),
    })
}

/// [`for_each`] for a data command: a line that is not UTF-8 is rejected
/// on stderr.
pub fn for_each_data(
    args: &[String],
    out: &mut Output,
    mut each: impl FnMut(&mut Output, &str) -> io::Result<()>,
) -> anyhow::Result<()> {
    for_each_line(args, out, |out, line| match line {
        Ok(text) => each(out, text),
        Err(bad) => out.reject_not_utf8(&bad),
    })
}

/// Calls `each` on every argument, or, when there is none, on every line of
/// stdin as [`decode_line`] gives it, with the output's [`Source`] set to
/// the argument or line.
///
/// Lines are read one at a time into one buffer.
pub fn for_each_line(
    args: &[String],
    out: &mut Output,
    mut each: impl FnMut(&mut Output, Result<&str, NotUtf8>) -> io::Result<()>,
) -> anyhow::Result<()> {
    if !args.is_empty() {
        for (i, arg) in args.iter().enumerate() {
            out.set_source(Source::Argument(i + 1));
            each(out, Ok(arg))?;
        }
        return Ok(());
    }
    for_each_raw(out, |out, raw| each(out, decode_line(raw)))
}

/// Calls `each` on every line of stdin as read, with its line end, with
/// the output's [`Source`] set to the line.
pub fn for_each_raw(
    out: &mut Output,
    mut each: impl FnMut(&mut Output, &[u8]) -> io::Result<()>,
) -> anyhow::Result<()> {
    let mut stdin = io::stdin().lock();
    let mut buf = Vec::new();
    let mut line = 0;
    loop {
        buf.clear();
        if stdin.read_until(b'\n', &mut buf).context("reading stdin")? == 0 {
            return Ok(());
        }
        line += 1;
        out.set_source(Source::Line(line));
        each(out, &buf)?;
    }
}

/// One line of input as read, with its `\n` if it has one: the line without
/// its `\n` or `\r\n`, or, when it is not UTF-8, what [`NotUtf8`] says.
///
/// Nothing else is stripped: a `\r` not followed by `\n` stays, as does
/// every space.
pub fn decode_line(raw: &[u8]) -> Result<&str, NotUtf8> {
    let line = line_bytes(raw);
    std::str::from_utf8(line).map_err(|e| {
        let offset = e.valid_up_to();
        NotUtf8 {
            text: String::from_utf8_lossy(line).into_owned(),
            raw: line.to_vec(),
            offset,
            byte: line[offset],
        }
    })
}

/// Calls `each` on every line of `block` (whole lines, each with its `\n`
/// but perhaps the last) as [`decode_line`] gives it; returns the number of
/// lines.
pub fn for_each_in(block: &[u8], mut each: impl FnMut(Result<&str, NotUtf8>) -> io::Result<()>) -> io::Result<u64> {
    // One check of the whole block is quicker than one per line, and the
    // lines of valid UTF-8, cut after a `\n`, are valid UTF-8.
    let text = std::str::from_utf8(block).ok();
    let mut line_ends = memchr::memchr_iter(b'\n', block);
    let (mut start, mut lines) = (0, 0);
    while start < block.len() {
        let end = line_ends.next().map_or(block.len(), |i| i + 1);
        each(match text {
            Some(text) => Ok(strip_line_end(&text[start..end])),
            None => decode_line(&block[start..end]),
        })?;
        start = end;
        lines += 1;
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
