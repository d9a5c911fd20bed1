//! Streaming the lines of stdin through every core, output in input order.
//!
//! ```text
//! reader thread ──(seq, batch)──▶ worker threads ──(seq, output)──▶ main thread
//!  stdin, cut at line ends         format each line                 writes in seq order
//!       ▲                                                                 │
//!       └─────────────────────── empty batches (the slots) ───────────────┘
//! ```
//!
//! A fixed number of batch buffers (slots) goes round the loop, so memory
//! stays the same whatever the size of the input, and no buffer is
//! allocated per batch once the slots have grown. Every line is formatted by
//! the same [`Format`] as on the single-threaded path, into the batch's own
//! [`Output`], so both paths give the same bytes and exit status.

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use anyhow::{anyhow, Context};

use crate::input;
use crate::line::Source;
use crate::line::{self, NotUtf8};
use crate::output::Output;
use crate::progress::Progress;

/// A batch holds at least this many bytes of input (and up to the end of the
/// line that crosses it), unless the input ends first ...
const BATCH_BYTES: usize = 64 << 10;

/// ... and at most this many lines.
const BATCH_LINES: usize = 4096;

/// What a batch's buffers keep of their capacity once written.
const KEEP_BYTES: usize = 16 * BATCH_BYTES;

/// How one input becomes output: the code that both the single-threaded and
/// the parallel path run for each line.
pub trait Format: Send + Sync + 'static {
    /// Formats one input (an argument, or a line without its line end).
    fn input<W: Write>(&self, out: &mut Output<W>, input: &str) -> io::Result<()>;

    /// Formats a line of stdin that is not UTF-8: its caret form by default.
    fn not_utf8<W: Write>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        out.not_utf8(bad)
    }

    /// Formats what [`line::decode_line`] gave.
    fn line<W: Write>(&self, out: &mut Output<W>, line: Result<&str, NotUtf8>) -> io::Result<()> {
        match line {
            Ok(text) => self.input(out, text),
            Err(bad) => self.not_utf8(out, &bad),
        }
    }
}

/// Formats every argument, or, when there is none, every line of stdin:
/// with `jobs` worker threads when `jobs` is over 1, in one thread
/// otherwise. Shows progress on a terminal's stderr while reading stdin.
pub fn run(args: &[String], jobs: usize, out: &mut Output, format: impl Format) -> anyhow::Result<()> {
    let mut progress = if args.is_empty() { Progress::for_stdin() } else { None };
    if !args.is_empty() || jobs <= 1 {
        return input::for_each_line(args, out, |out, line| {
            if let Some(progress) = &mut progress {
                progress.add(1);
            }
            format.line(out, line)
        });
    }
    parallel(jobs, out, format, progress.as_mut())
}

/// Lines of stdin, and what formatting them gave.
struct Batch {
    /// Whole lines, each with its `\n` but perhaps the last at the end of
    /// the input.
    input: Vec<u8>,
    output: Vec<u8>,
    /// The diagnostics of its rejected lines, for stderr.
    diagnostics: Vec<u8>,
    /// The number of its first line in the input, from 1.
    first_line: u64,
    lines: u64,
    /// Whether some line was invalid.
    failed: bool,
}

/// What goes down the line, numbered in input order.
enum Item {
    Lines(Batch),
    /// Reading failed after the batches numbered before it.
    Failed(anyhow::Error),
}

/// Reads stdin in one thread, formats in `jobs` threads and writes `out`
/// in this one, in input order.
fn parallel(
    jobs: usize,
    out: &mut Output,
    format: impl Format,
    mut progress: Option<&mut Progress>,
) -> anyhow::Result<()> {
    // Enough slots to keep every worker busy while one batch is written and
    // the next read.
    let slots = 2 * jobs + 2;
    let (free_tx, free_rx) = mpsc::sync_channel::<Batch>(slots);
    for _ in 0..slots {
        let batch = Batch {
            input: Vec::new(),
            output: Vec::new(),
            diagnostics: Vec::new(),
            first_line: 1,
            lines: 0,
            failed: false,
        };
        free_tx.send(batch).expect("the receiver is here");
    }
    let (todo_tx, todo_rx) = mpsc::sync_channel::<(u64, Item)>(2 * jobs);
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, Item)>(2 * jobs);

    // The threads are not joined: on an error (a closed stdout) the command
    // ends while the reader may still wait for stdin. At the end of the
    // input they end by themselves, as their channels close.
    spawn("urikit-reader", move || read_batches(&free_rx, &todo_tx))?;
    let todo_rx = Arc::new(Mutex::new(todo_rx));
    let format = Arc::new(format);
    for _ in 0..jobs {
        let (todo_rx, done_tx, format) = (Arc::clone(&todo_rx), done_tx.clone(), Arc::clone(&format));
        spawn("urikit-worker", move || format_batches(&*format, &todo_rx, &done_tx))?;
    }
    drop(done_tx);

    let mut next = 0;
    let mut waiting = BTreeMap::new();
    for (seq, item) in done_rx {
        waiting.insert(seq, item);
        while let Some(item) = waiting.remove(&next) {
            next += 1;
            let mut batch = match item {
                Item::Lines(batch) => batch,
                Item::Failed(error) => return Err(error),
            };
            out.writer().write_all(&batch.output)?;
            if !batch.diagnostics.is_empty() {
                // A closed stderr is no reason to stop writing results.
                let _ = io::stderr().lock().write_all(&batch.diagnostics);
            }
            if batch.failed {
                out.fail();
            }
            if let Some(progress) = progress.as_deref_mut() {
                progress.add(batch.lines);
            }
            // A batch that grew for a long line does not keep the memory;
            // the output of a usual batch (up to five times its input, for
            // `parse`) stays, not to be grown again.
            for buf in [&mut batch.input, &mut batch.output, &mut batch.diagnostics] {
                buf.clear();
                buf.shrink_to(KEEP_BYTES);
            }
            // The reader is gone at the end of the input: nothing to return.
            let _ = free_tx.send(batch);
        }
    }
    match waiting.is_empty() {
        true => Ok(()),
        false => Err(anyhow!("a worker thread stopped before the end of the input")),
    }
}

fn spawn(name: &str, f: impl FnOnce() + Send + 'static) -> anyhow::Result<()> {
    thread::Builder::new()
        .name(name.to_owned())
        .spawn(f)
        .with_context(|| format!("starting thread {name}"))?;
    Ok(())
}

/// The reader: fills each free batch with whole lines of stdin and numbers
/// it, until the input ends, reading fails, or the main thread is gone.
fn read_batches(free: &Receiver<Batch>, todo: &SyncSender<(u64, Item)>) {
    let mut stdin = io::stdin().lock();
    // The start of a line that the last batch cut off.
    let mut carry = Vec::new();
    let mut ended = false;
    let mut seq = 0;
    let mut next_line = 1;
    loop {
        if ended && carry.is_empty() {
            return;
        }
        let Ok(mut batch) = free.recv() else { return };
        let buf = &mut batch.input;
        buf.append(&mut carry);
        let error = match if ended { Ok(true) } else { fill(&mut stdin, buf) } {
            Ok(end) => {
                ended = end;
                None
            }
            Err(e) => Some(e),
        };
        let end = match (ended, &error) {
            (true, None) => buf.len(),
            // What follows the last line end waits for the next batch, or,
            // after an error, is dropped as the single-threaded path drops it.
            _ => memchr::memrchr(b'\n', buf).map_or(0, |i| i + 1),
        };
        let cut = match error {
            None => nth_line_end(&buf[..end], BATCH_LINES).unwrap_or(end),
            Some(_) => end,
        };
        carry.extend_from_slice(&buf[cut..]);
        buf.truncate(cut);
        batch.first_line = next_line;
        // Whole lines, but perhaps the last line of the input.
        next_line +=
            memchr::memchr_iter(b'\n', buf).count() as u64 + u64::from(buf.last().is_some_and(|&b| b != b'\n'));
        if !buf.is_empty() {
            if todo.send((seq, Item::Lines(batch))).is_err() {
                return;
            }
            seq += 1;
        }
        if let Some(e) = error {
            let _ = todo.send((seq, Item::Failed(anyhow::Error::new(e).context("reading stdin"))));
            return;
        }
    }
}

/// Reads into `buf` (which may hold the start of a line) until it holds
/// [`BATCH_BYTES`] and a line end, or the input ends: then returns true.
fn fill(r: &mut impl Read, buf: &mut Vec<u8>) -> io::Result<bool> {
    let mut want = BATCH_BYTES.saturating_sub(buf.len());
    let mut searched = 0;
    loop {
        if want > 0 {
            buf.reserve(want);
            // Reads up to `want` bytes without zeroing them first; retries
            // when interrupted.
            let n = r.by_ref().take(want as u64).read_to_end(buf)?;
            if n < want {
                return Ok(true);
            }
        }
        if memchr::memchr(b'\n', &buf[searched..]).is_some() {
            return Ok(false);
        }
        // One line longer than a batch: read on until it ends.
        searched = buf.len();
        want = BATCH_BYTES;
    }
}

/// The offset just after the `n`th `\n` of `bytes`, if more follows it.
fn nth_line_end(bytes: &[u8], n: usize) -> Option<usize> {
    // Counting first is quick (memchr counts a vector at a time); the search
    // is for the rare batch of short lines.
    if memchr::memchr_iter(b'\n', bytes).count() < n {
        return None;
    }
    let end = memchr::memchr_iter(b'\n', bytes).nth(n - 1)? + 1;
    (end < bytes.len()).then_some(end)
}

/// A worker: formats each batch it takes into the batch's output, and hands
/// it on, until the reader is done or the main thread is gone.
fn format_batches(format: &impl Format, todo: &Mutex<Receiver<(u64, Item)>>, done: &SyncSender<(u64, Item)>) {
    loop {
        let received = todo.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok((seq, item)) = received else { return };
        let item = match item {
            Item::Lines(mut batch) => {
                match panic::catch_unwind(AssertUnwindSafe(|| format_batch(format, &mut batch))) {
                    Ok(Ok(())) => Item::Lines(batch),
                    Ok(Err(e)) => Item::Failed(e.into()),
                    // The panic message is on stderr already.
                    Err(_) => Item::Failed(anyhow!("a worker thread panicked")),
                }
            }
            failed => failed,
        };
        if done.send((seq, item)).is_err() {
            return;
        }
    }
}

/// Formats every line of `batch.input` into `batch.output`.
/// Diagnostics are kept in the batch, each naming its line, for the main
/// thread to write in input order.
fn format_batch(format: &impl Format, batch: &mut Batch) -> io::Result<()> {
    let mut out = Output::capturing(std::mem::take(&mut batch.output));
    out.keep_diagnostics_in(std::mem::take(&mut batch.diagnostics));
    let mut line = batch.first_line;
    batch.lines = line::for_each_in(&batch.input, |text| {
        out.set_source(Source::Line(line));
        line += 1;
        format.line(&mut out, text)
    })?;
    batch.failed = out.failed();
    (batch.output, batch.diagnostics) = out.into_diagnostics();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{fill, nth_line_end, BATCH_BYTES};

    #[test]
    fn nth_line_end_cuts_after_the_nth_line() {
        assert_eq!(nth_line_end(b"a\nb\nc\n", 3), None);
        assert_eq!(nth_line_end(b"a\nb\nc", 3), None);
        assert_eq!(nth_line_end(b"a\nb\nc\n", 2), Some(4));
        assert_eq!(nth_line_end(b"a\nb\nc\nd", 3), Some(6));
        assert_eq!(nth_line_end(b"a\nb", 1), Some(2));
        assert_eq!(nth_line_end(b"", 1), None);
    }

    #[test]
    fn fill_reads_to_a_line_end_past_the_batch_size() {
        let mut input = vec![b'x'; BATCH_BYTES * 3];
        input.push(b'\n');
        input.extend_from_slice(&[b'y'; BATCH_BYTES * 2]);
        let mut r = &input[..];
        let mut buf = b"carried ".to_vec();
        assert!(!fill(&mut r, &mut buf).unwrap());
        assert_eq!(
            buf.len(),
            BATCH_BYTES * 4,
            "whole reads, up to the one with the line end"
        );
        assert!(buf.starts_with(b"carried x"));
        let mut rest = Vec::new();
        assert!(fill(&mut r, &mut rest).unwrap());
        assert_eq!([buf, rest].concat(), [&b"carried "[..], &input].concat());
    }
}
