//! Writing results: to buffered stdout or to a batch in memory; and
//! diagnostics, in the caret form of an error.
//!
//! A report command (check, parse, lint, plan) writes its errors into its
//! report, on stdout. A data command (normalize, resolve, relative, encode,
//! decode, extract) writes only results on stdout, and one diagnostic per
//! rejected input on stderr, its first line naming the input:
//!
//! ```text
//! urikit: line 2: http://a/~x
//!                          ^
//! error: ...
//! ```
//!
//! Input echoed in either is shown by [`Shown`]: no control reaches a
//! terminal.
//!
//! Diagnostics go to stderr through [`to_stderr`], which ignores a failure:
//! a closed stderr stops no run and changes no exit status.

use std::fmt::Display;
use std::io::{self, IsTerminal, StdoutLock, Write};

use serde::Serialize;
use urikit::{ParseError, ParseErrorKind, Spec};

use crate::json;
use crate::line::{NotUtf8, Source};
use crate::term::{self, Shown, Window};

/// What the caret line is indented with, a slice at a time.
const SPACES: [u8; 64] = [b' '; 64];

/// A writer whose buffer output can be made in: a record is then written
/// where it goes, not made apart and copied there.
pub trait Sink: Write {
    /// The buffer to append to. Appending cannot fail; it is written out
    /// by a later call or by [`flush`](Write::flush).
    ///
    /// # Errors
    ///
    /// What writing out what was buffered before gave.
    fn buffer(&mut self) -> io::Result<&mut Vec<u8>>;
}

impl Sink for Vec<u8> {
    fn buffer(&mut self) -> io::Result<&mut Vec<u8>> {
        Ok(self)
    }
}

/// Buffered, locked standard output: what `BufWriter` does, with its
/// buffer lent out by [`Sink::buffer`]. A write as large as the buffer
/// goes out at once, after what is buffered.
pub struct Stdout {
    buf: Vec<u8>,
    out: StdoutLock<'static>,
}

impl Stdout {
    /// What is buffered before it is written out.
    const CAPACITY: usize = 64 * 1024;

    /// Octets written out from where they are rather than buffered.
    const DIRECT: usize = Stdout::CAPACITY / 4;

    fn new() -> Stdout {
        Stdout {
            buf: Vec::with_capacity(Stdout::CAPACITY),
            out: io::stdout().lock(),
        }
    }

    /// Writes out what is buffered. A buffer a rare long record grew is
    /// not kept.
    fn write_buffered(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        if self.buf.capacity() > 4 * Stdout::CAPACITY {
            self.buf = Vec::with_capacity(Stdout::CAPACITY);
        }
        Ok(())
    }

    /// Writes the output of many lines, formatted elsewhere: a large one
    /// straight from where it is, after what is buffered, not copied into
    /// the buffer first.
    pub fn write_batch(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.len() < Stdout::DIRECT {
            return self.write_all(bytes);
        }
        self.write_through(bytes)
    }

    /// [`Write::write_all`] of what does not fit in the buffer: what is
    /// buffered goes out, and `bytes` too when they are large.
    #[cold]
    fn write_through(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.write_buffered()?;
        if bytes.len() >= Stdout::DIRECT {
            self.out.write_all(bytes)
        } else {
            self.buf.extend_from_slice(bytes);
            Ok(())
        }
    }
}

impl Write for Stdout {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.buf.len() + bytes.len() <= Stdout::CAPACITY {
            self.buf.extend_from_slice(bytes);
            Ok(())
        } else {
            self.write_through(bytes)
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_buffered()?;
        self.out.flush()
    }
}

impl Sink for Stdout {
    fn buffer(&mut self) -> io::Result<&mut Vec<u8>> {
        if self.buf.len() >= Stdout::CAPACITY {
            self.write_buffered()?;
        }
        Ok(&mut self.buf)
    }
}

impl Drop for Stdout {
    /// Writes out what is left, as `BufWriter` does; an error then has no
    /// one to go to.
    fn drop(&mut self) {
        let _ = self.write_buffered();
    }
}

/// Where results go, and whether any input was invalid.
///
/// The command writes to buffered, locked standard output ([`Stdout`]); a worker of the
/// parallel stream ([`crate::stream`]) writes one batch to an `Output<Vec<u8>>`
/// through the same methods, so that both give the same bytes.
pub struct Output<W: Sink = Stdout> {
    w: W,
    failed: bool,
    /// How many times [`fail`](Output::fail) was called.
    fails: u64,
    /// An exit status of the command's own, set by [`Output::set_status`].
    status: Option<u8>,
    /// Whether `w` is a terminal: raw octets are then shown, not written.
    terminal: bool,
    /// The input being formatted, as diagnostics name it.
    source: Source,
    /// Where diagnostics go: stderr when `None`.
    diagnostics: Option<Vec<u8>>,
    /// Whether the diagnostics kept are held for stderr, written by
    /// [`release_diagnostics`](Output::release_diagnostics).
    release: bool,
}

impl Output {
    /// Output to standard output.
    pub fn stdout() -> Output {
        let mut out = Output::new(Stdout::new());
        out.terminal = io::stdout().is_terminal();
        out
    }
}

impl<W: Sink> Output<W> {
    /// Output to `w`, with no failure recorded yet.
    pub fn new(w: W) -> Output<W> {
        Output {
            w,
            failed: false,
            fails: 0,
            status: None,
            terminal: false,
            source: Source::Unknown,
            diagnostics: None,
            release: false,
        }
    }

    /// Output to `w` whose diagnostics are kept, for
    /// [`into_diagnostics`](Output::into_diagnostics), not written to stderr.
    pub fn capturing(w: W) -> Output<W> {
        let mut out = Output::new(w);
        out.diagnostics = Some(Vec::new());
        out
    }

    /// Keeps diagnostics in `buf` (cleared first), to reuse its memory.
    pub fn keep_diagnostics_in(&mut self, mut buf: Vec<u8>) {
        buf.clear();
        self.diagnostics = Some(buf);
    }

    /// Holds the diagnostics meant for stderr until
    /// [`release_diagnostics`](Output::release_diagnostics), so that the
    /// rejected lines of a block of input go to stderr in one write, not one
    /// each. An output that keeps its diagnostics goes on keeping them.
    pub fn hold_diagnostics(&mut self) {
        if self.diagnostics.is_none() {
            self.diagnostics = Some(Vec::new());
            self.release = true;
        }
    }

    /// Writes the diagnostics held by
    /// [`hold_diagnostics`](Output::hold_diagnostics) to stderr
    /// ([`to_stderr`]), and holds on.
    pub fn release_diagnostics(&mut self) {
        if let Some(held) = &mut self.diagnostics {
            if self.release && !held.is_empty() {
                to_stderr(held);
                held.clear();
            }
        }
    }

    /// Whether [`fail`](Output::fail) was called.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The writer and the diagnostics kept by an output made by
    /// [`capturing`](Output::capturing).
    pub fn into_diagnostics(self) -> (W, Vec<u8>) {
        (self.w, self.diagnostics.unwrap_or_default())
    }

    /// The writer, for output that is not a line of text.
    pub fn writer(&mut self) -> &mut W {
        &mut self.w
    }

    /// Sets where the input now formatted comes from.
    pub fn set_source(&mut self, source: Source) {
        self.source = source;
    }

    /// Where the input now formatted comes from.
    pub fn source(&self) -> Source {
        self.source
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: impl Display) -> io::Result<()> {
        writeln!(self.w, "{text}")
    }

    /// Writes `value` as one line of JSON, by the one rule of the CLI's
    /// JSON ([`json`]): each char that [`Shown`] names is a
    /// `\uXXXX` escape, to a terminal or not.
    ///
    /// # Errors
    ///
    /// What writing gave, or what serializing `value` failed at.
    pub fn json_line(&mut self, value: &(impl Serialize + ?Sized)) -> io::Result<()> {
        json::write(&mut self.w, value)?;
        self.w.write_all(b"\n")
    }

    /// Writes `text`, shown by [`Shown`], and a newline: for text that
    /// holds input.
    pub fn shown_line(&mut self, text: impl Display) -> io::Result<()> {
        term::write_shown_display(&mut self.w, text)?;
        self.w.write_all(b"\n")
    }

    /// Writes `text`, shown by [`Shown`], and a newline: [`shown_line`]
    /// for text at hand, with no formatting.
    ///
    /// [`shown_line`]: Output::shown_line
    pub fn shown_str(&mut self, text: &str) -> io::Result<()> {
        term::write_shown(&mut self.w, text.as_bytes())?;
        self.w.write_all(b"\n")
    }

    /// Writes `bytes` and a newline: as they are, or, to a terminal, as
    /// [`Shown`] shows them.
    ///
    /// The one rule for data a command writes that the input gave (decoded
    /// text, a URL as found, an input passed through): its octets are the
    /// result, written as they are down a pipe, but a terminal would act
    /// on its controls and reorder or hide text at its bidirectional and
    /// invisible chars, so there each of them is shown by name.
    /// [`data_line_with`](Output::data_line_with) is the same rule for a
    /// line made in the output's buffer.
    pub fn bytes_line(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.terminal {
            return writeln!(self.w, "{}", Shown(bytes));
        }
        self.w.write_all(bytes)?;
        self.w.write_all(b"\n")
    }

    /// [`bytes_line`](Output::bytes_line) of what `make` appends to the
    /// output's buffer (a rendering made where it goes, not copied there):
    /// as made, or, to a terminal, as [`Shown`] shows it; then a newline.
    /// When `make` fails, what it appended is taken back and no line is
    /// written: its error is given back.
    ///
    /// # Errors
    ///
    /// What writing out what was buffered before gave.
    pub fn data_line_with<E>(&mut self, make: impl FnOnce(&mut Vec<u8>) -> Result<(), E>) -> io::Result<Result<(), E>> {
        let terminal = self.terminal;
        let buf = self.w.buffer()?;
        let start = buf.len();
        let made = make(buf);
        match made {
            Ok(()) => {
                if terminal {
                    term::show_in_place(buf, start);
                }
                buf.push(b'\n');
            }
            Err(_) => buf.truncate(start),
        }
        Ok(made)
    }

    /// Whether the output goes to a terminal, where raw octets are shown,
    /// not written ([`bytes_line`](Output::bytes_line)).
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// Says that the output goes to a terminal (or not): for an output in
    /// memory whose bytes go to stdout later, as a batch of the parallel
    /// stream does.
    pub fn set_terminal(&mut self, terminal: bool) {
        self.terminal = terminal;
    }

    /// Records that some input was invalid: the exit status will be 1.
    pub fn fail(&mut self) {
        self.failed = true;
        self.fails += 1;
    }

    /// How many times [`fail`](Output::fail) was called: a formatter that
    /// reads it before and after an input knows whether that input failed.
    pub fn fail_count(&self) -> u64 {
        self.fails
    }

    /// Sets the exit status, for a command whose statuses say more than
    /// valid or not (`compare`).
    pub fn set_status(&mut self, status: u8) {
        self.status = Some(status);
    }

    /// The exit status when all went through: as set, or 1 after a
    /// [`fail`](Output::fail), or 0.
    pub fn status(&self) -> u8 {
        self.status.unwrap_or(u8::from(self.failed))
    }

    /// Writes the caret form of an error into the output (a report) and
    /// records the failure.
    pub fn error_at(&mut self, input: &str, offset: usize, message: impl Display) -> io::Result<()> {
        self.fail();
        caret_form(&mut self.w, "", input.as_bytes(), offset, message)
    }

    /// [`error_at`](Output::error_at) for a parse error, and a hint when a
    /// later spec accepts the input as it is.
    pub fn parse_error(&mut self, input: &str, error: &ParseError) -> io::Result<()> {
        self.error_at(input, error.offset, error)?;
        match urikit::later_spec_accepting_after(input, error) {
            Some(later) => write_hint(&mut self.w, error, later),
            None => Ok(()),
        }
    }

    /// [`error_at`](Output::error_at) for a line that is not UTF-8.
    pub fn not_utf8(&mut self, bad: &NotUtf8) -> io::Result<()> {
        self.fail();
        caret_form(&mut self.w, "", &bad.raw, bad.offset, bad)
    }

    /// [`parse_error`](Output::parse_error) with the input named before
    /// it (`line 2: http://...`), for a report of the invalid inputs
    /// alone, in which nothing else says which they were (`check`).
    pub fn named_parse_error(&mut self, input: &str, error: &ParseError) -> io::Result<()> {
        self.fail();
        let label = self.source.label();
        caret_form(&mut self.w, &label, input.as_bytes(), error.offset, error)?;
        match urikit::later_spec_accepting_after(input, error) {
            Some(later) => write_hint(&mut self.w, error, later),
            None => Ok(()),
        }
    }

    /// [`not_utf8`](Output::not_utf8) with the input named before it, as
    /// [`named_parse_error`](Output::named_parse_error).
    pub fn named_not_utf8(&mut self, bad: &NotUtf8) -> io::Result<()> {
        self.fail();
        let label = self.source.label();
        caret_form(&mut self.w, &label, &bad.raw, bad.offset, bad)
    }

    /// Writes the diagnostic of a rejected input to stderr, in caret form
    /// with its first line naming the input, and records the failure. For
    /// the data commands, whose stdout holds only results. A closed stderr
    /// is no error ([`to_stderr`]).
    pub fn reject(&mut self, input: &[u8], offset: usize, message: impl Display) -> io::Result<()> {
        self.reject_with_hint(input, offset, message, None)
    }

    /// [`reject`](Output::reject), with a `hint:` line after the error.
    fn reject_with_hint(
        &mut self,
        input: &[u8],
        offset: usize,
        message: impl Display,
        hint: Option<(&ParseError, Spec)>,
    ) -> io::Result<()> {
        self.fail();
        let prefix = self.source.prefix();
        // One write, so that diagnostics of parallel runs do not interleave.
        let mut diagnostic = Vec::new();
        caret_form(&mut diagnostic, &prefix, input, offset, message)?;
        if let Some((error, later)) = hint {
            write_hint(&mut diagnostic, error, later)?;
        }
        self.diagnostic(&diagnostic);
        Ok(())
    }

    /// Writes the diagnostic of a rejected input that has no offset to point
    /// at to stderr: a line naming the input and showing it, then the
    /// message; and records the failure. As [`reject`](Output::reject).
    pub fn reject_whole(&mut self, input: &[u8], message: impl Display) -> io::Result<()> {
        self.fail();
        self.whole(input, "error", message)
    }

    /// Writes a warning about an input that is not rejected to stderr, in
    /// the form of [`reject_whole`](Output::reject_whole), with `warning:`
    /// before the message; the exit status is not changed.
    pub fn warn_whole(&mut self, input: &[u8], message: impl Display) -> io::Result<()> {
        self.whole(input, "warning", message)
    }

    /// The diagnostic of [`reject_whole`](Output::reject_whole) with
    /// `label` before the message.
    fn whole(&mut self, input: &[u8], label: &str, message: impl Display) -> io::Result<()> {
        let mut diagnostic = Vec::new();
        diagnostic.extend_from_slice(self.source.prefix().as_bytes());
        let window = Window::around(input, 0);
        window.write(&mut diagnostic, input, 0)?;
        writeln!(diagnostic)?;
        writeln!(diagnostic, "{label}: {}", Shown::text(&message.to_string()))?;
        write_window_note(&mut diagnostic, input, window)?;
        self.diagnostic(&diagnostic);
        Ok(())
    }

    /// Keeps `diagnostic`, or writes it to stderr ([`to_stderr`]).
    fn diagnostic(&mut self, diagnostic: &[u8]) {
        match &mut self.diagnostics {
            Some(kept) => kept.extend_from_slice(diagnostic),
            None => to_stderr(diagnostic),
        }
    }

    /// [`reject`](Output::reject) for a parse error, with a hint when a later
    /// spec accepts the input as it is.
    pub fn reject_parse(&mut self, input: &str, error: &ParseError) -> io::Result<()> {
        let hint = urikit::later_spec_accepting_after(input, error).map(|later| (error, later));
        self.reject_with_hint(input.as_bytes(), error.offset, error, hint)
    }

    /// [`reject`](Output::reject) for a line that is not UTF-8.
    pub fn reject_not_utf8(&mut self, bad: &NotUtf8) -> io::Result<()> {
        self.reject(&bad.raw, bad.offset, bad)
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// A usage error about an argument, whose diagnostic is the caret form of
/// its value, as an invalid input's is: the value named by the argument
/// (`urikit: base: ...`, `urikit: template: ...`), a caret under what is
/// wrong, and the message. [`crate::main`] writes it as it is, and the exit
/// status is 2.
#[derive(Debug)]
pub struct ArgError {
    diagnostic: Vec<u8>,
}

impl ArgError {
    /// The error of `message` about byte `offset` of `value`, the value of
    /// the argument `name`.
    pub fn new(name: &str, value: &[u8], offset: usize, message: impl Display) -> ArgError {
        let mut diagnostic = Vec::new();
        // Writing to memory does not fail.
        let _ = caret_form(&mut diagnostic, &format!("urikit: {name}: "), value, offset, message);
        ArgError { diagnostic }
    }

    /// The error whose diagnostic `out` (an output made by
    /// [`Output::capturing`], whose source names the argument) kept: what
    /// [`Output::reject_parse`] and the like wrote of it.
    pub fn kept<W: Sink>(out: Output<W>) -> ArgError {
        ArgError {
            diagnostic: out.into_diagnostics().1,
        }
    }

    /// The diagnostic, every line ending in a newline, for stderr.
    pub fn diagnostic(&self) -> &[u8] {
        &self.diagnostic
    }
}

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(String::from_utf8_lossy(&self.diagnostic).trim_end())
    }
}

impl std::error::Error for ArgError {}

/// Writes `diagnostic` to stderr in one write. A failure (a closed stderr)
/// is ignored: it says nothing of the input, so it changes neither the
/// results on stdout nor the exit status, and the run goes on.
pub fn to_stderr(diagnostic: &[u8]) {
    let _ = io::stderr().lock().write_all(diagnostic);
}

/// Writes a one-line diagnostic and a newline to stderr, as [`to_stderr`]
/// does: for messages that name no input line.
pub fn say(message: impl Display) {
    to_stderr(format!("{message}\n").as_bytes());
}

/// Writes the hint line: why `error` fails and that `later` accepts the
/// input: `hint: '~' is unsafe in RFC 1738 §2.2; RFC 3986 allows it (--spec
/// rfc3986)`.
fn write_hint(w: &mut impl Write, error: &ParseError, later: Spec) -> io::Result<()> {
    use urikit::ascii::rfc1738::{NATIONAL, PUNCTUATION};
    let (name, title) = (later.name(), later.title());
    let byte = match error.kind {
        ParseErrorKind::InvalidChar { byte } => byte,
        // The later spec's grammar takes any digits, but no port is over
        // 65535: said here, so that the hint leads to no surprise.
        ParseErrorKind::PortOutOfRange => {
            return writeln!(
                w,
                "hint: {title} allows any digits in a port (--spec {name}), but no 16-bit port holds this one: \
                 plan and fetch refuse it"
            )
        }
        _ => return writeln!(w, "hint: {title} accepts it (--spec {name})"),
    };
    w.write_all(b"hint: ")?;
    if byte.is_ascii_graphic() {
        w.write_all(&[b'\'', byte, b'\''])?;
    } else {
        write!(w, "0x{byte:02X}")?;
    }
    if error.spec == Spec::Rfc1738 && (NATIONAL.contains(byte) || PUNCTUATION.contains(byte)) {
        writeln!(w, " is unsafe in RFC 1738 §2.2; {title} allows it (--spec {name})")
    } else {
        writeln!(
            w,
            " is not allowed here by {}; {title} allows it (--spec {name})",
            error.spec.title()
        )
    }
}

/// Writes the caret form of an error, the shape of every diagnostic: the
/// input after `prefix`, a caret under byte `offset`, and the message.
///
/// ```text
/// news:12345667123%asdghfh@info.cern.ch
///                 ^
/// error: '%' must be followed by two hex digits, found "%as" at offset 16 (escape, RFC 1738)
/// ```
///
/// The input and the message are shown by [`Shown`], and the caret stands
/// under what [`Shown`] wrote for the octet at `offset`. An input wider
/// than [`term::ECHO_WHOLE`] columns is shown as a [`Window`] around
/// `offset`, and a `note:` line after the message gives its length and the
/// octets shown:
///
/// ```text
/// line 1: …aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…
///                                          ^
/// error: space 0x20 is not allowed here, it must be %-encoded at offset 524297 (hpath, RFC 1738)
/// note: 1048586 bytes in all; shown: bytes 524265..524337
/// ```
pub fn caret_form(
    w: &mut impl Write,
    prefix: &str,
    input: &[u8],
    offset: usize,
    message: impl Display,
) -> io::Result<()> {
    caret_form_as(w, prefix, input, offset, "error", message)
}

/// [`caret_form`] with another label than `error` before the message
/// (`warning`).
pub fn caret_form_as(
    w: &mut impl Write,
    prefix: &str,
    input: &[u8],
    offset: usize,
    label: &str,
    message: impl Display,
) -> io::Result<()> {
    w.write_all(prefix.as_bytes())?;
    let window = Window::around(input, offset);
    let caret = window.write(w, input, offset)?;
    w.write_all(b"\n")?;
    // Spaces written out, not by `{:width$}`: a width over u16::MAX panics.
    let mut spaces = term::width(prefix.as_bytes()) + caret;
    while spaces > 0 {
        let n = spaces.min(SPACES.len());
        w.write_all(&SPACES[..n])?;
        spaces -= n;
    }
    w.write_all(b"^\n")?;
    w.write_all(label.as_bytes())?;
    w.write_all(b": ")?;
    term::write_shown_display(w, message)?;
    w.write_all(b"\n")?;
    write_window_note(w, input, window)
}

/// After a diagnostic that echoes a [`Window`] of `input` that leaves some
/// of it out, a note of its length and of the octets shown.
fn write_window_note(w: &mut impl Write, input: &[u8], window: Window) -> io::Result<()> {
    if !window.is_cut(input) {
        return Ok(());
    }
    writeln!(
        w,
        "note: {} bytes in all; shown: bytes {}..{}",
        input.len(),
        window.start,
        window.end
    )
}

#[cfg(test)]
mod tests {
    use crate::term::caret_column;

    #[test]
    fn caret_counts_chars_not_bytes() {
        assert_eq!(caret_column(b"abc", 0), 0);
        assert_eq!(caret_column(b"abc", 2), 2);
        assert_eq!(caret_column(b"abc", 3), 3);
        assert_eq!(caret_column(b"abc", 99), 3);
        assert_eq!(caret_column("äbc".as_bytes(), 2), 1);
        assert_eq!(caret_column("äbc".as_bytes(), 1), 0);
        assert_eq!(caret_column(b"", 0), 0);
    }

    #[test]
    fn caret_stands_under_what_is_shown() {
        assert_eq!(caret_column(b"a\x1bb", 2), 7);
        assert_eq!(caret_column(b"a\xffb", 2), 7);
        assert_eq!(caret_column(b"\tb", 1), 5);
    }
}
