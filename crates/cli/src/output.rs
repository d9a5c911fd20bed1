//! Writing results: to buffered stdout or to a batch in memory, and the caret
//! form of an error.

use std::fmt::Display;
use std::io::{self, BufWriter, StdoutLock, Write};

use urikit::{ParseError, ParseErrorKind, Spec};

use crate::input::NotUtf8;

/// What the caret line is indented with, a slice at a time.
const SPACES: [u8; 64] = [b' '; 64];

/// Where results go, and whether any input was invalid.
///
/// The command writes to buffered, locked standard output; a worker of the
/// parallel stream ([`crate::stream`]) writes one batch to an `Output<Vec<u8>>`
/// through the same methods, so that both give the same bytes.
pub struct Output<W: Write = BufWriter<StdoutLock<'static>>> {
    w: W,
    failed: bool,
}

impl Output {
    /// Output to standard output.
    pub fn stdout() -> Output {
        Output::new(BufWriter::new(io::stdout().lock()))
    }
}

impl<W: Write> Output<W> {
    /// Output to `w`, with no failure recorded yet.
    pub fn new(w: W) -> Output<W> {
        Output { w, failed: false }
    }

    /// The writer and whether [`fail`](Output::fail) was called.
    pub fn into_parts(self) -> (W, bool) {
        (self.w, self.failed)
    }

    /// The writer, for output that is not a line of text.
    pub fn writer(&mut self) -> &mut W {
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
        // Spaces written out, not by `{:width$}`: a width over u16::MAX panics.
        let mut spaces = caret_column(input, offset);
        while spaces > 0 {
            let n = spaces.min(SPACES.len());
            self.w.write_all(&SPACES[..n])?;
            spaces -= n;
        }
        self.w.write_all(b"^\n")?;
        writeln!(self.w, "error: {message}")
    }

    /// [`error_at`](Output::error_at) for a parse error, and a hint when a
    /// later spec accepts the input as it is.
    pub fn parse_error(&mut self, input: &str, error: &ParseError) -> io::Result<()> {
        self.error_at(input, error.offset, error)?;
        match urikit::later_spec_accepting(input, error.spec) {
            Some(later) => writeln!(self.w, "hint: {}", hint(error, later)),
            None => Ok(()),
        }
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

/// Why `error` fails and that `later` accepts the input: `'~' is unsafe in
/// RFC 1738 §2.2; RFC 3986 allows it (--spec rfc3986)`.
fn hint(error: &ParseError, later: Spec) -> String {
    use urikit::ascii::rfc1738::{NATIONAL, PUNCTUATION};
    let switch = format!("(--spec {})", later.name());
    let ParseErrorKind::InvalidChar { byte } = error.kind else {
        return format!("{} accepts it {switch}", later.title());
    };
    let octet = if byte.is_ascii_graphic() {
        format!("'{}'", byte as char)
    } else {
        format!("0x{byte:02X}")
    };
    if error.spec == Spec::Rfc1738 && (NATIONAL.contains(byte) || PUNCTUATION.contains(byte)) {
        format!(
            "{octet} is unsafe in RFC 1738 §2.2; {} allows it {switch}",
            later.title()
        )
    } else {
        format!(
            "{octet} is not allowed here by {}; {} allows it {switch}",
            error.spec.title(),
            later.title()
        )
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
