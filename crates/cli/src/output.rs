//! Writing results: one buffered stdout, and the caret form of an error.

use std::fmt::Display;
use std::io::{self, BufWriter, StdoutLock, Write};

use urikit::ParseError;

use crate::input::NotUtf8;

/// Buffered, locked standard output, and whether any input was invalid.
pub struct Output {
    w: BufWriter<StdoutLock<'static>>,
    failed: bool,
}

impl Output {
    /// Output to standard output.
    pub fn stdout() -> Output {
        Output {
            w: BufWriter::new(io::stdout().lock()),
            failed: false,
        }
    }

    /// The writer, for output that is not a line of text.
    pub fn writer(&mut self) -> &mut impl Write {
        &mut self.w
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: impl Display) -> io::Result<()> {
        writeln!(self.w, "{text}")
    }

    /// Writes `bytes` as they are, and a newline.
    pub fn bytes_line(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.w.write_all(bytes)?;
        self.w.write_all(b"\n")
    }

    /// Records that some input was invalid: the exit status will be 1.
    pub fn fail(&mut self) {
        self.failed = true;
    }

    /// Whether [`fail`](Output::fail) was called.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Writes the caret form of an error and records the failure:
    ///
    /// ```text
    /// news:12345667123%asdghfh@info.cern.ch
    ///                 ^
    /// error: '%' must be followed by two hex digits, found "%as" at offset 16 (escape, RFC 1738)
    /// ```
    pub fn error_at(&mut self, input: &str, offset: usize, message: impl Display) -> io::Result<()> {
        self.fail();
        writeln!(self.w, "{input}")?;
        writeln!(self.w, "{:width$}^", "", width = caret_column(input, offset))?;
        writeln!(self.w, "error: {message}")
    }

    /// [`error_at`](Output::error_at) for a parse error.
    pub fn parse_error(&mut self, input: &str, error: &ParseError) -> io::Result<()> {
        self.error_at(input, error.offset, error)
    }

    /// [`error_at`](Output::error_at) for a line that is not UTF-8.
    pub fn not_utf8(&mut self, bad: &NotUtf8) -> io::Result<()> {
        self.error_at(&bad.text, bad.offset, bad)
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// The column of the caret for byte `offset` of `input`: the number of chars
/// before it, or after the last char for an offset at or past the end.
pub fn caret_column(input: &str, offset: usize) -> usize {
    let before = &input.as_bytes()[..offset.min(input.len())];
    // Count the bytes that start a char, so an offset inside one still works.
    before.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::caret_column;

    #[test]
    fn caret_counts_chars_not_bytes() {
        assert_eq!(caret_column("abc", 0), 0);
        assert_eq!(caret_column("abc", 2), 2);
        assert_eq!(caret_column("abc", 3), 3);
        assert_eq!(caret_column("abc", 99), 3);
        assert_eq!(caret_column("äbc", 2), 1);
        assert_eq!(caret_column("äbc", 1), 1);
        assert_eq!(caret_column("", 0), 0);
    }
}
