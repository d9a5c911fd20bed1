//! Reading inputs: the command-line arguments, or else the lines of stdin
//! or of a file (`--url-file`). An argument is taken as octets, as a line
//! is: one that is not UTF-8 is reported as such a line is
//! ([`line::decode_arg`]).
//!
//! Lines are read a block at a time ([`BLOCK`] bytes, more for a longer
//! line); each block of whole lines is checked for UTF-8 once and cut at
//! its line ends ([`line::for_each_in`]), so that no line is copied or
//! checked on its own. A UTF-8 byte-order mark at the very start of the
//! lines is dropped ([`LineReader`]): editors on Windows write one, and it
//! is no part of the first URL.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::Path;

use anyhow::Context;

use crate::line::{self, NotUtf8, Source};
use crate::output::Output;
use crate::term::Shown;

/// Bytes read from stdin at a time.
const BLOCK: usize = 64 << 10;

/// The UTF-8 byte-order mark, U+FEFF.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// Where a command's inputs come from.
pub enum Inputs<'a> {
    /// The command-line arguments, each an input.
    Args(&'a [OsString]),
    /// The lines of stdin or of a file, each an input.
    Lines(Lines),
}

impl<'a> Inputs<'a> {
    /// The arguments, or, when there is none, the lines of stdin.
    pub fn args_or_stdin(args: &'a [OsString]) -> Inputs<'a> {
        if args.is_empty() {
            Inputs::Lines(Lines::stdin())
        } else {
            Inputs::Args(args)
        }
    }
}

/// The lines of stdin or of a file.
pub struct Lines {
    from: From,
    /// How diagnostics name the file: its path, shown; `None` for stdin,
    /// whose lines are named by their numbers alone (`line 2`).
    name: Option<&'static str>,
    /// Whether a byte-order mark at the start is dropped.
    drop_bom: bool,
}

/// What [`Lines`] reads.
enum From {
    Stdin(io::Stdin),
    File(File),
}

impl Lines {
    /// The lines of stdin, without a byte-order mark at the start.
    pub fn stdin() -> Lines {
        Lines {
            from: From::Stdin(io::stdin()),
            name: None,
            drop_bom: true,
        }
    }

    /// The lines of the file at `path` (stdin for `-`), without a
    /// byte-order mark at the start.
    ///
    /// # Errors
    ///
    /// The file cannot be opened: the error names it (shown by [`Shown`]).
    pub fn file(path: &Path) -> anyhow::Result<Lines> {
        if path.as_os_str() == "-" {
            return Ok(Lines::stdin());
        }
        let shown = Shown(path.as_os_str().as_encoded_bytes()).to_string();
        let file = File::open(path).with_context(|| format!("cannot open {shown}"))?;
        Ok(Lines {
            from: From::File(file),
            // Once for the run: diagnostics name it on every line, and a
            // `Source` is copied for each.
            name: Some(Box::leak(shown.into_boxed_str())),
            drop_bom: true,
        })
    }

    /// These lines with a byte-order mark at the start kept: for a command
    /// whose lines are octets to transform (`encode`, `decode`), where the
    /// mark is data like any other and `decode | encode` gives back what
    /// it was given.
    pub fn keeping_bom(self) -> Lines {
        Lines {
            drop_bom: false,
            ..self
        }
    }

    /// Whether the lines are those of a terminal, typed one at a time.
    pub fn is_terminal(&self) -> bool {
        match &self.from {
            From::Stdin(stdin) => stdin.is_terminal(),
            From::File(_) => false,
        }
    }

    /// What an error in reading them names: `stdin`, or the file.
    pub fn what(&self) -> &'static str {
        self.name.unwrap_or("stdin")
    }

    /// How diagnostics name the file: its path, shown; `None` for stdin.
    pub fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// Their octets.
    pub fn reader(self) -> LineReader {
        LineReader(SkipBom::new(self.from, self.drop_bom))
    }
}

/// The octets of [`Lines`], a byte-order mark at the start dropped when
/// asked ([`SkipBom`]).
pub struct LineReader(SkipBom<From>);

impl LineReader {
    /// What tells whether a read gives input without waiting, or ends
    /// ([`stdin_ready`]); a file's always does.
    pub fn ready(&self) -> fn() -> bool {
        match self.0.r {
            From::Stdin(_) => stdin_ready,
            From::File(_) => || true,
        }
    }
}

impl Read for LineReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl Read for From {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            From::Stdin(stdin) => stdin.read(buf),
            From::File(file) => file.read(buf),
        }
    }
}

/// A reader's octets, a byte-order mark at their start dropped. Only the
/// very start is looked at: a mark anywhere else is the char U+FEFF of a
/// line, and is reported as any other char is.
pub struct SkipBom<R> {
    r: R,
    bom: Bom,
}

/// How far [`SkipBom`] is with a byte-order mark.
enum Bom {
    /// At the start: `seen[..len]` read so far, a start of the mark.
    Start { seen: [u8; 3], len: usize },
    /// What was read at the start is no mark: `bytes[at..len]` are still
    /// to give.
    Given { bytes: [u8; 3], at: usize, len: usize },
    /// Past the start.
    Done,
}

impl<R: Read> SkipBom<R> {
    /// The octets of `r`, without a byte-order mark at their start when
    /// `skip` says so (else as they are).
    pub fn new(r: R, skip: bool) -> SkipBom<R> {
        let bom = if skip {
            Bom::Start { seen: [0; 3], len: 0 }
        } else {
            Bom::Done
        };
        SkipBom { r, bom }
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match &mut self.bom {
                Bom::Done => return self.r.read(buf),
                // The first octets, until they are the mark or cannot be
                // its start (or the input ends). A read that gives what
                // has come so far stops at whatever it gives, so a short
                // first line is answered at once.
                Bom::Start { seen, len } => {
                    let n = self.r.read(&mut seen[*len..])?;
                    let end = *len + n;
                    if end == BOM.len() && *seen == BOM {
                        self.bom = Bom::Done;
                    } else if n > 0 && seen[..end] == BOM[..end] {
                        *len = end;
                    } else {
                        self.bom = Bom::Given {
                            bytes: *seen,
                            at: 0,
                            len: end,
                        };
                    }
                }
                Bom::Given { bytes, at, len } => {
                    let n = (*len - *at).min(buf.len());
                    buf[..n].copy_from_slice(&bytes[*at..*at + n]);
                    *at += n;
                    if *at == *len {
                        self.bom = Bom::Done;
                    }
                    if n > 0 || buf.is_empty() {
                        return Ok(n);
                    }
                }
            }
        }
    }
}

/// Calls `each` on every input, argument or line; a line that is not UTF-8
/// is reported in caret form instead, in the output (a report).
pub fn for_each(
    inputs: Inputs<'_>,
    out: &mut Output,
    mut each: impl FnMut(&mut Output, &str) -> io::Result<()>,
) -> anyhow::Result<()> {
    for_each_line(inputs, out, |out, line| match line {
        Ok(text) => each(out, text),
        Err(bad) => out.not_utf8(&bad),
    })
}

/// Calls `each` on every argument as [`line::decode_arg`] gives it, or on
/// every line as [`line::decode_line`] gives it, with the output's
/// [`Source`] set to the argument or line.
pub fn for_each_line(
    inputs: Inputs<'_>,
    out: &mut Output,
    mut each: impl FnMut(&mut Output, Result<&str, NotUtf8>) -> io::Result<()>,
) -> anyhow::Result<()> {
    let lines = match inputs {
        Inputs::Args(args) => {
            for (i, arg) in args.iter().enumerate() {
                out.set_source(Source::Argument(i + 1));
                each(out, line::decode_arg(arg))?;
            }
            return Ok(());
        }
        Inputs::Lines(lines) => lines,
    };
    let mut line = 0;
    let name = lines.name;
    for_each_block(lines, out, |out, block| {
        line::for_each_in(block, |text| {
            line += 1;
            out.set_source(Source::line_of(name, line));
            each(out, text)
        })?;
        Ok(())
    })
}

/// Calls `each` on every line of stdin as read, with its line end, with
/// the output's [`Source`] set to the line. A byte-order mark at the start
/// is kept: the lines are octets to transform ([`Lines::keeping_bom`]).
pub fn for_each_raw(
    out: &mut Output,
    mut each: impl FnMut(&mut Output, &[u8]) -> io::Result<()>,
) -> anyhow::Result<()> {
    let mut line = 0;
    for_each_block(Lines::stdin().keeping_bom(), out, |out, block| {
        let mut rest = block;
        while !rest.is_empty() {
            let end = memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1);
            line += 1;
            out.set_source(Source::Line(line));
            each(out, &rest[..end])?;
            rest = &rest[end..];
        }
        Ok(())
    })
}

/// Calls `each` on every block of whole lines. The diagnostics of a
/// block's lines go to stderr in one write, after the block (so before a
/// read that may wait), also when `each` fails.
fn for_each_block(
    lines: Lines,
    out: &mut Output,
    mut each: impl FnMut(&mut Output, &[u8]) -> io::Result<()>,
) -> anyhow::Result<()> {
    let what = lines.what();
    let mut blocks = Blocks::new(lines.reader());
    out.hold_diagnostics();
    while let Some(block) = next_block(&mut blocks, out, what)? {
        let formatted = each(out, block);
        out.release_diagnostics();
        formatted?;
    }
    Ok(())
}

/// Whether stdin has input that a read gives without waiting, or has
/// ended. True where that cannot be told, as on systems without `poll`.
pub fn stdin_ready() -> bool {
    #[cfg(unix)]
    {
        use rustix::event::{poll, PollFd, PollFlags, Timespec};
        let stdin = io::stdin();
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        let now = Timespec { tv_sec: 0, tv_nsec: 0 };
        // An error (a closed stdin) is for the read to report.
        poll(&mut fds, Some(&now)).map_or(true, |n| n > 0)
    }
    #[cfg(not(unix))]
    true
}

/// The next block of the lines (`what`: stdin, or the file). When the read
/// may wait for input (a line typed, or `tail -f`), what was written so
/// far goes out first: the output of a line comes before the next line does.
fn next_block<'b>(
    blocks: &'b mut Blocks<LineReader>,
    out: &mut Output,
    what: &str,
) -> anyhow::Result<Option<&'b [u8]>> {
    if blocks.may_wait() {
        out.flush()?;
    }
    blocks.next().with_context(|| format!("reading {what}"))
}

/// A reader's bytes, a block of whole lines at a time, in one buffer that
/// is reused.
pub struct Blocks<R> {
    r: R,
    buf: Vec<u8>,
    /// Bytes of `buf` read.
    filled: usize,
    /// Bytes of `buf` given out by the last [`next`](Blocks::next).
    taken: usize,
    ended: bool,
    /// Whether the last read gave less than it asked for.
    short: bool,
}

impl<R: Read> Blocks<R> {
    /// The blocks of `r`.
    pub fn new(r: R) -> Blocks<R> {
        Blocks {
            r,
            buf: vec![0; BLOCK],
            filled: 0,
            taken: 0,
            ended: false,
            short: false,
        }
    }

    /// Whether the next read may wait for input: the last read gave less
    /// than it asked for, as a pipe or a terminal gives what has come so
    /// far. A file read to its end gives all it is asked for.
    pub fn may_wait(&self) -> bool {
        self.short
    }

    /// The next block: whole lines, each with its `\n`, but the last line
    /// of the input, which may have none. A block ends at the last line end
    /// of what one read gave; a line longer than the buffer grows it.
    /// `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// What reading gave, but for an interruption, which is retried.
    pub fn next(&mut self) -> io::Result<Option<&[u8]>> {
        // The start of a line that the last block left.
        self.buf.copy_within(self.taken..self.filled, 0);
        self.filled -= self.taken;
        self.taken = 0;
        if self.buf.len() > BLOCK && self.filled < BLOCK {
            // A long line is done with: its memory is not kept.
            self.buf.truncate(BLOCK);
            self.buf.shrink_to_fit();
        }
        loop {
            if self.ended {
                self.taken = self.filled;
                return Ok((self.filled > 0).then(|| &self.buf[..self.filled]));
            }
            if self.filled == self.buf.len() {
                self.buf.resize(2 * self.buf.len(), 0);
            }
            let room = self.buf.len() - self.filled;
            let n = match self.r.read(&mut self.buf[self.filled..]) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            self.short = n < room;
            let from = self.filled;
            self.filled += n;
            if n == 0 {
                self.ended = true;
            } else if let Some(i) = memchr::memrchr(b'\n', &self.buf[from..self.filled]) {
                // What was read before has no line end: the block ends here.
                self.taken = from + i + 1;
                return Ok(Some(&self.buf[..self.taken]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{self, Read};

    use super::{Blocks, SkipBom, BLOCK};

    /// A reader that gives at most `step` bytes a read, and is interrupted
    /// before each.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        interrupt: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// The blocks of `input` read `step` bytes at a time, each checked to
    /// be whole lines.
    fn blocks(input: &[u8], step: usize) -> Vec<Vec<u8>> {
        let mut blocks = Blocks::new(Trickle {
            bytes: input,
            step,
            interrupt: false,
        });
        let mut all = Vec::new();
        while let Some(block) = blocks.next().unwrap() {
            assert!(!block.is_empty());
            all.push(block.to_vec());
        }
        for block in &all[..all.len().saturating_sub(1)] {
            assert_eq!(block.last(), Some(&b'\n'), "a block ends at a line end");
        }
        all
    }

    #[test]
    fn blocks_are_whole_lines_and_give_back_the_input() {
        let long = vec![b'x'; 3 * BLOCK + 5];
        let inputs: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"a".to_vec(),
            b"a\n".to_vec(),
            b"a\nbc\r\n\nd".to_vec(),
            [&b"short\n"[..], &long, b"\nafter\n", &long].concat(),
            b"http://h/\n".repeat(20_000),
        ];
        for input in &inputs {
            for step in [1, 3, 4096, BLOCK, usize::MAX] {
                let got = blocks(input, step).concat();
                assert_eq!(got.len(), input.len(), "step {step}");
                assert!(got == *input, "step {step}");
            }
        }
    }

    #[test]
    fn a_long_line_grows_the_buffer_and_its_memory_is_given_back() {
        let long = vec![b'y'; 5 * BLOCK];
        let input = [&long[..], b"\nz\n", &long].concat();
        let mut blocks = Blocks::new(&input[..]);
        let first = blocks.next().unwrap().unwrap().to_vec();
        assert!(first.len() > 5 * BLOCK && first.ends_with(b"\n"));
        assert!(blocks.buf.len() > 5 * BLOCK);
        let mut all = first;
        while let Some(block) = blocks.next().unwrap() {
            all.extend_from_slice(block);
        }
        assert!(all == input);
        assert_eq!(blocks.buf.len(), BLOCK);
    }

    /// What `SkipBom` gives of `input` read `step` bytes at a time, each
    /// read interrupted first.
    fn skipped(input: &[u8], step: usize, skip: bool) -> Vec<u8> {
        let mut r = SkipBom::new(
            Trickle {
                bytes: input,
                step,
                interrupt: false,
            },
            skip,
        );
        let mut all = Vec::new();
        let mut buf = [0; 7];
        loop {
            match r.read(&mut buf) {
                Ok(0) => return all,
                Ok(n) => all.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => panic!("{e}"),
            }
        }
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped_however_it_is_read() {
        for step in [1, 2, 3, 4, 100] {
            for (input, want) in [
                (&b"\xef\xbb\xbfhttp://h/\n"[..], &b"http://h/\n"[..]),
                (b"\xef\xbb\xbf", b""),
                (b"\xef\xbb\xbf\xef\xbb\xbfx", b"\xef\xbb\xbfx"),
                (b"\xef\xbbx\n", b"\xef\xbbx\n"),
                (b"\xef\xbb", b"\xef\xbb"),
                (b"\xefx", b"\xefx"),
                (b"a\n\xef\xbb\xbf", b"a\n\xef\xbb\xbf"),
                (b"", b""),
            ] {
                assert_eq!(skipped(input, step, true), want, "{} by {step}", input.escape_ascii());
                assert_eq!(skipped(input, step, false), input, "{} by {step}", input.escape_ascii());
            }
        }
    }
}
