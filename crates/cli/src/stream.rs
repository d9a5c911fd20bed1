//! Streaming the lines of stdin through every core, output in input order.
//!
//! ```text
//!  jobs - 1 worker threads ───────(seq, batch)────────▶ this thread
//!   each in turn reads a batch of stdin,                  formats batches as a
//!   cut at line ends, numbers it and                      worker does, and between
//!   formats each of its lines                             them writes what is done,
//!       ▲                                                 in seq order
//!       └────────────── empty batches (the slots) ───────────────┘
//! ```
//!
//! A thread reads the batch it formats, so that the lines are in the cache
//! of the core that reads them, not copied there from another core's. The
//! thread that writes is one of the `jobs` that format: no thread waits to
//! be woken for each batch, and no more threads run than there are jobs.
//!
//! A fixed number of batch buffers (slots) goes round the loop, so memory
//! stays the same whatever the size of the input, and no buffer is
//! allocated per batch once the slots have grown. Every line is formatted by
//! the same [`Format`] as on the single-threaded path, into the batch's own
//! [`Output`], so both paths give the same bytes and exit status.
//!
//! A batch is cut short when a read gives less than it asked for, with a
//! line end in it: a pipe or a terminal gives what has come so far, and
//! its lines are answered before more input is awaited. For that, the
//! thread that writes never waits for input: it reads only what has come
//! ([`Wait::IfInput`]), and otherwise writes out what is done and waits
//! for a worker's batch.
//!
//! A thread that waits for another asks again for a moment before it
//! sleeps ([`soon`]), and each worker starts on a core of its own
//! ([`Cores`]): a thread woken from sleep, or new, may be put on the core
//! of the thread that woke it, where the two take turns for milliseconds
//! while another core idles.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};

use crate::cores::Cores;
use crate::input;
use crate::line::{self, NotUtf8, Source};
use crate::output::{Output, Sink};
use crate::progress::Progress;

/// A batch holds at least this many bytes of input (and up to the end of the
/// line that crosses it), unless the input ends first ...
const BATCH_BYTES: usize = 256 << 10;

/// ... and at most this many lines.
const BATCH_LINES: usize = 16384;

/// What a batch's buffers keep of their capacity once written.
const KEEP_BYTES: usize = 16 * BATCH_BYTES;

/// How one input becomes output: the code that both the single-threaded and
/// the parallel path run for each line.
pub trait Format: Send + Sync + 'static {
    /// Formats one input (an argument, or a line without its line end).
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()>;

    /// Formats a line of stdin that is not UTF-8: its caret form by default.
    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        out.not_utf8(bad)
    }

    /// Formats what [`line::decode_line`] gave.
    fn line<W: Sink>(&self, out: &mut Output<W>, line: Result<&str, NotUtf8>) -> io::Result<()> {
        match line {
            Ok(text) => self.input(out, text),
            Err(bad) => self.not_utf8(out, &bad),
        }
    }
}

/// Formats every argument, or, when there is none, every line of stdin:
/// with `jobs` worker threads when `jobs` is over 1 and stdin is not a
/// terminal, in one thread otherwise. Shows progress on a terminal's stderr
/// while reading stdin.
pub fn run(args: &[String], jobs: usize, out: &mut Output, format: impl Format) -> anyhow::Result<()> {
    let mut progress = if args.is_empty() { Progress::for_stdin() } else { None };
    // A terminal's lines are typed one at a time: each is answered before
    // the next, in one thread (see `input::for_each_line`).
    if !args.is_empty() || jobs <= 1 || io::stdin().is_terminal() {
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
    input: Filled,
    output: Vec<u8>,
    /// The diagnostics of its rejected lines, for stderr.
    diagnostics: Vec<u8>,
    /// The number of its first line in the input, from 1.
    first_line: u64,
    lines: u64,
    /// Whether some line was invalid.
    failed: bool,
}

impl Batch {
    fn empty() -> Batch {
        Batch {
            input: Filled::default(),
            output: Vec::new(),
            diagnostics: Vec::new(),
            first_line: 1,
            lines: 0,
            failed: false,
        }
    }

    /// Empties the batch for the next lines. A batch that grew for a long
    /// line does not keep the memory; the output of a usual batch (up to
    /// five times its input, for `parse`) stays, not to be grown again.
    fn clear(&mut self) {
        self.input.clear();
        for buf in [&mut self.output, &mut self.diagnostics] {
            buf.clear();
            buf.shrink_to(KEEP_BYTES);
        }
        self.lines = 0;
        self.failed = false;
    }
}

/// A buffer read into in place: `bytes[..len]` is what was read. The rest
/// was written before (zeros, or an earlier batch's octets) and is read over
/// without being zeroed again, so that one read call can fill a batch.
#[derive(Default)]
struct Filled {
    bytes: Vec<u8>,
    len: usize,
}

impl Filled {
    fn as_slice(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Room for `n` more octets after what was read.
    fn room(&mut self, n: usize) -> &mut [u8] {
        let end = self.len + n;
        if self.bytes.len() < end {
            self.bytes.resize(end, 0);
        }
        &mut self.bytes[self.len..end]
    }

    fn extend_from_slice(&mut self, more: &[u8]) {
        self.room(more.len()).copy_from_slice(more);
        self.len += more.len();
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Empties it; the memory of a batch that grew for a long line is not
    /// kept.
    fn clear(&mut self) {
        self.len = 0;
        if self.bytes.len() > KEEP_BYTES {
            self.bytes = Vec::new();
        }
    }
}

/// What goes down the line, numbered in input order.
enum Item {
    Lines(Batch),
    /// Reading failed after the batches numbered before it.
    Failed(anyhow::Error),
}

/// Formats in `jobs` threads, this one and `jobs - 1` workers, each reading
/// its batches of stdin in turn; this thread also writes `out`, in input
/// order, between its own batches. No thread waits for another while there
/// is input to format, and no more threads run than `jobs`.
fn parallel(jobs: usize, out: &mut Output, format: impl Format, progress: Option<&mut Progress>) -> anyhow::Result<()> {
    // Enough slots to keep every thread busy while a batch of each waits for
    // an earlier one to be written, and no more: a slot's buffers are pages
    // faulted in the first time it goes round.
    let slots = 2 * jobs;
    let (free_tx, free_rx) = mpsc::sync_channel::<Batch>(slots);
    // This thread keeps one slot of its own; the others go round the workers.
    let mut own = Vec::with_capacity(slots);
    own.push(Batch::empty());
    for _ in 1..slots {
        free_tx.send(Batch::empty()).expect("the receiver is here");
    }
    // Room for every item there can be (a batch and a failure after it for
    // each slot): a worker never waits to hand one on.
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, Item)>(2 * slots);

    // The threads are not joined: on an error (a closed stdout) the command
    // ends while a worker may still wait for stdin. At the end of the input
    // they end by themselves.
    let free_rx = Arc::new(Mutex::new(free_rx));
    let stdin = Arc::new(Mutex::new(Stdin::new(io::stdin())));
    let format = Arc::new(format);
    let cores = Cores::here();
    let (started_tx, started_rx) = mpsc::channel::<()>();
    for i in 1..jobs {
        let (free_rx, stdin, done_tx, format, started_tx) = (
            Arc::clone(&free_rx),
            Arc::clone(&stdin),
            done_tx.clone(),
            Arc::clone(&format),
            started_tx.clone(),
        );
        spawn("urikit-worker", move || {
            cores.spread(i);
            let _ = started_tx.send(());
            work(&*format, &free_rx, &stdin, &done_tx);
        })?;
    }
    // Only the workers send: the channel ends when the last of them ends.
    drop(done_tx);
    // This thread waits until every worker has run and moved to its core:
    // a worker the scheduler put behind this thread runs at once, and the
    // two do not share a core until the load balancer sees it.
    drop(started_tx);
    for _ in 1..jobs {
        let started = soon(
            || match started_rx.try_recv() {
                Ok(()) => Some(true),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(false),
            },
            || started_rx.recv().is_ok(),
        );
        if !started {
            break;
        }
    }

    let mut writer = Writer {
        out,
        written: InOrder {
            next: 0,
            waiting: BTreeMap::new(),
        },
        progress,
        free: free_tx,
    };
    let done = || {
        soon(
            || match done_rx.try_recv() {
                Ok(done) => Some(Some(done)),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(None),
            },
            || done_rx.recv().ok(),
        )
    };
    loop {
        // What the workers finished, written as soon as its turn comes.
        while let Ok((seq, item)) = done_rx.try_recv() {
            writer.write(seq, item, &mut own)?;
        }
        // Its own slot, or a free one: this thread formats on while an
        // earlier batch, to be written before its own, is still formatted.
        let batch = own.pop().or_else(|| free_rx.try_lock().ok()?.try_recv().ok());
        let Some(batch) = batch else {
            // Every slot is out: one comes back with a batch written.
            match done() {
                Some((seq, item)) => writer.write(seq, item, &mut own)?,
                None => break,
            }
            continue;
        };
        match read_and_format(&*format, &stdin, batch, Wait::IfInput) {
            Next::Formatted(first, then) => {
                writer.write(first.0, first.1, &mut own)?;
                if let Some((seq, item)) = then {
                    writer.write(seq, item, &mut own)?;
                }
            }
            Next::Ended => break,
            Next::NoInput(batch) => {
                // The input is a pipe or a terminal with nothing in it yet,
                // or a worker waits for it: what is written goes out, and
                // this thread waits for a worker's batch instead of waiting
                // for input with the batches before it unwritten.
                own.push(batch);
                writer.out.flush()?;
                match done() {
                    Some((seq, item)) => writer.write(seq, item, &mut own)?,
                    None => break,
                }
            }
        }
    }
    // The input has ended: what the workers still format.
    for (seq, item) in &done_rx {
        writer.write(seq, item, &mut own)?;
    }
    match writer.written.waiting.is_empty() {
        true => Ok(()),
        false => Err(anyhow!("a worker thread stopped before the end of the input")),
    }
}

/// What the main thread writes with.
struct Writer<'o, 'p> {
    out: &'o mut Output,
    written: InOrder,
    progress: Option<&'p mut Progress>,
    /// Where a written batch goes back to, for a worker.
    free: SyncSender<Batch>,
}

impl Writer<'_, '_> {
    /// Takes item `seq`, and writes what is in turn now.
    fn write(&mut self, seq: u64, item: Item, own: &mut Vec<Batch>) -> anyhow::Result<()> {
        for mut batch in self.written.take(seq, item)? {
            self.out.writer().write_batch(&batch.output)?;
            if !batch.diagnostics.is_empty() {
                // A closed stderr is no reason to stop writing results.
                let _ = io::stderr().lock().write_all(&batch.diagnostics);
            }
            if batch.failed {
                self.out.fail();
            }
            if let Some(progress) = self.progress.as_deref_mut() {
                progress.add(batch.lines);
            }
            batch.clear();
            // This thread's own slot first; the workers are gone at the end
            // of the input: nothing to return then.
            if own.is_empty() {
                own.push(batch);
            } else {
                let _ = self.free.send(batch);
            }
        }
        Ok(())
    }
}

/// How long a thread asks again for what it waits for before it sleeps.
///
/// A thread that sleeps is woken by another, and where cores are virtual
/// an idle core may take a millisecond to wake, or the woken thread may be
/// put on the waker's core; most waits here are shorter than that.
const SPIN: Duration = Duration::from_micros(200);

/// What `poll` gives, asked again and again (giving up the core to any
/// other thread waiting for it, which may be the one this thread waits for)
/// for up to [`SPIN`]; then what `block` gives, waiting asleep.
fn soon<T>(mut poll: impl FnMut() -> Option<T>, block: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    loop {
        if let Some(got) = poll() {
            return got;
        }
        if start.elapsed() > SPIN {
            return block();
        }
        thread::yield_now();
    }
}

/// Items in input order: what waits for an earlier one to be written.
struct InOrder {
    /// The number of the next item to write.
    next: u64,
    waiting: BTreeMap<u64, Item>,
}

impl InOrder {
    /// Takes item `seq`, and gives the batches whose turn has come, in order;
    /// an error when a failure's turn comes.
    fn take(&mut self, seq: u64, item: Item) -> anyhow::Result<Vec<Batch>> {
        let mut ready = Vec::new();
        if seq != self.next {
            self.waiting.insert(seq, item);
            return Ok(ready);
        }
        let mut item = item;
        loop {
            self.next += 1;
            match item {
                Item::Lines(batch) => ready.push(batch),
                Item::Failed(error) => return Err(error),
            }
            match self.waiting.remove(&self.next) {
                Some(later) => item = later,
                None => return Ok(ready),
            }
        }
    }
}

fn spawn(name: &str, f: impl FnOnce() + Send + 'static) -> anyhow::Result<()> {
    thread::Builder::new()
        .name(name.to_owned())
        .spawn(f)
        .with_context(|| format!("starting thread {name}"))?;
    Ok(())
}

/// Stdin as the workers share it, one at a time.
struct Stdin<R> {
    r: R,
    /// The start of a line that the last batch cut off.
    carry: Vec<u8>,
    /// Whether the input ended or reading failed: no batch follows.
    ended: bool,
    /// The number of the next item.
    seq: u64,
    /// The number of the next line, from 1.
    next_line: u64,
}

impl<R: Read> Stdin<R> {
    fn new(r: R) -> Stdin<R> {
        Stdin {
            r,
            carry: Vec::new(),
            ended: false,
            seq: 0,
            next_line: 1,
        }
    }

    /// Whether the next batch may wait for input: the input has not ended.
    fn may_wait(&self) -> bool {
        !self.ended
    }

    /// Fills `batch` with the next whole lines (up to [`BATCH_BYTES`] and a
    /// line end, at most [`BATCH_LINES`] lines), numbered: the number of its
    /// item, and when reading failed after it, the error and its number.
    /// `None` when the input has ended.
    fn next_batch(&mut self, batch: &mut Batch) -> Option<(u64, Option<(u64, io::Error)>)> {
        if self.ended && self.carry.is_empty() {
            return None;
        }
        let buf = &mut batch.input;
        buf.extend_from_slice(&self.carry);
        self.carry.clear();
        let error = match if self.ended { Ok(true) } else { fill(&mut self.r, buf) } {
            Ok(end) => {
                self.ended = end;
                None
            }
            Err(e) => {
                self.ended = true;
                Some(e)
            }
        };
        let read = buf.as_slice();
        let end = match error {
            None if self.ended => read.len(),
            // What follows the last line end waits for the next batch, or,
            // after an error, is dropped as the single-threaded path drops it.
            _ => memchr::memrchr(b'\n', read).map_or(0, |i| i + 1),
        };
        // Whole lines, but perhaps the last line of the input; counted once.
        let (cut, lines) = cut_lines(&read[..end], if error.is_some() { usize::MAX } else { BATCH_LINES });
        if error.is_none() {
            self.carry.extend_from_slice(&read[cut..]);
        }
        buf.truncate(cut);
        batch.first_line = self.next_line;
        batch.lines = lines;
        self.next_line += lines;
        let seq = self.seq;
        self.seq += 1;
        let error = error.map(|e| {
            self.seq += 1;
            (seq + 1, e)
        });
        Some((seq, error))
    }
}

/// A worker: takes a free batch, reads the next lines of stdin into it,
/// formats them and hands the batch on, until the input ends, reading
/// fails, or the main thread is gone.
fn work<R: Read>(
    format: &impl Format,
    free: &Mutex<Receiver<Batch>>,
    stdin: &Mutex<Stdin<R>>,
    done: &SyncSender<(u64, Item)>,
) {
    loop {
        let batch = soon(
            || match free.try_lock().ok()?.try_recv() {
                Ok(batch) => Some(Some(batch)),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(None),
            },
            || free.lock().unwrap_or_else(PoisonError::into_inner).recv().ok(),
        );
        let Some(batch) = batch else { return };
        let Next::Formatted(first, then) = read_and_format(format, stdin, batch, Wait::Always) else {
            return;
        };
        if done.send(first).is_err() {
            return;
        }
        if let Some(failed) = then {
            let _ = done.send(failed);
            return;
        }
    }
}

/// Whether a thread waits for input.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// As long as it takes: a worker.
    Always,
    /// Only when some has come, and no other thread reads: the thread that
    /// writes, which has other work while there is none.
    IfInput,
}

/// What [`read_and_format`] gave.
enum Next {
    /// The numbered batch, and when reading failed after it, the numbered
    /// failure.
    Formatted((u64, Item), Option<(u64, Item)>),
    /// The input has ended.
    Ended,
    /// No input to read without waiting ([`Wait::IfInput`]): the batch back.
    NoInput(Batch),
}

/// Reads the next lines of stdin into `batch` and formats them.
fn read_and_format(format: &impl Format, stdin: &Mutex<Stdin<impl Read>>, mut batch: Batch, wait: Wait) -> Next {
    let lock = || match stdin.try_lock() {
        Ok(stdin) => Some(stdin),
        Err(TryLockError::Poisoned(e)) => Some(e.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    };
    let mut stdin = match wait {
        Wait::Always => soon(lock, || stdin.lock().unwrap_or_else(PoisonError::into_inner)),
        Wait::IfInput => match soon(|| lock().map(Some), lock) {
            Some(stdin) if !stdin.may_wait() || input::stdin_ready() => stdin,
            _ => return Next::NoInput(batch),
        },
    };
    let Some((seq, error)) = stdin.next_batch(&mut batch) else {
        return Next::Ended;
    };
    drop(stdin);
    // An empty batch (an error before any line) is handed on all the same:
    // the writer waits for every number.
    let item = match panic::catch_unwind(AssertUnwindSafe(|| format_batch(format, &mut batch))) {
        Ok(Ok(())) => Item::Lines(batch),
        Ok(Err(e)) => Item::Failed(e.into()),
        // The panic message is on stderr already.
        Err(_) => Item::Failed(anyhow!("a worker thread panicked")),
    };
    let failed = error.map(|(seq, e)| (seq, Item::Failed(anyhow::Error::new(e).context("reading stdin"))));
    Next::Formatted((seq, item), failed)
}

/// Reads into `buf` (which may hold the start of a line) until it holds
/// [`BATCH_BYTES`] and a line end, or a read gives less than was asked with
/// a line end in it (a pipe or a terminal gives what has come so far: its
/// lines are answered before more input comes), or the input ends: then
/// returns true. A whole batch is asked of each read call, into memory
/// written before.
fn fill(r: &mut impl Read, buf: &mut Filled) -> io::Result<bool> {
    let mut want = BATCH_BYTES.saturating_sub(buf.len);
    let mut searched = 0;
    loop {
        if want > 0 {
            let room = buf.room(want);
            let (mut got, mut ended) = (0, false);
            let read = loop {
                if got == want {
                    break Ok(());
                }
                match r.read(&mut room[got..]) {
                    Ok(0) => {
                        ended = true;
                        break Ok(());
                    }
                    Ok(n) => {
                        got += n;
                        if got < want && memchr::memchr(b'\n', &room[got - n..got]).is_some() {
                            break Ok(());
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => break Err(e),
                }
            };
            // What was read before an error is kept, as `read_to_end` keeps it.
            buf.len += got;
            read?;
            if ended || got < want {
                return Ok(ended);
            }
        }
        if memchr::memchr(b'\n', &buf.as_slice()[searched..]).is_some() {
            return Ok(false);
        }
        // One line longer than a batch: read on until it ends.
        searched = buf.len;
        want = BATCH_BYTES;
    }
}

/// Where to cut `bytes` after at most `n` lines (each ending in `\n` but
/// perhaps the last), and the number of lines before the cut.
fn cut_lines(bytes: &[u8], n: usize) -> (usize, u64) {
    // Counting is quick (memchr counts a vector at a time); the search is
    // for the rare batch of short lines.
    let partial = bytes.last().is_some_and(|&b| b != b'\n');
    let lines = memchr::memchr_iter(b'\n', bytes).count() + usize::from(partial);
    if lines <= n {
        return (bytes.len(), lines as u64);
    }
    // More than `n` lines: the `n`th ends in a `\n`.
    let end = memchr::memchr_iter(b'\n', bytes)
        .nth(n - 1)
        .map_or(bytes.len(), |i| i + 1);
    (end, n as u64)
}

/// Formats every line of `batch.input` into `batch.output`.
/// Diagnostics are kept in the batch, each naming its line, for the main
/// thread to write in input order.
fn format_batch(format: &impl Format, batch: &mut Batch) -> io::Result<()> {
    let mut out = Output::capturing(std::mem::take(&mut batch.output));
    out.keep_diagnostics_in(std::mem::take(&mut batch.diagnostics));
    let mut line = batch.first_line;
    batch.lines = line::for_each_in(batch.input.as_slice(), |text| {
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
    use std::io::{self, Read};

    use std::cell::Cell;
    use std::time::Instant;

    use super::{cut_lines, fill, soon, Batch, Filled, Stdin, BATCH_BYTES, BATCH_LINES, SPIN};

    /// Gives its bytes, then fails.
    struct Failing<'a>(&'a [u8]);

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("gone"));
            }
            let n = self.0.len().min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn batches_are_numbered_and_cut_after_the_most_lines() {
        let input = "x\n".repeat(BATCH_LINES + 5) + "last";
        let mut stdin = Stdin::new(input.as_bytes());
        let mut batch = Batch::empty();
        assert_eq!(
            stdin.next_batch(&mut batch).map(|(seq, e)| (seq, e.is_some())),
            Some((0, false))
        );
        assert_eq!((batch.first_line, batch.lines), (1, BATCH_LINES as u64));
        assert_eq!(batch.input.as_slice().len(), 2 * BATCH_LINES);
        let mut batch = Batch::empty();
        assert_eq!(
            stdin.next_batch(&mut batch).map(|(seq, e)| (seq, e.is_some())),
            Some((1, false))
        );
        assert_eq!((batch.first_line, batch.lines), (BATCH_LINES as u64 + 1, 6));
        assert!(batch.input.as_slice().ends_with(b"x\nlast"));
        assert!(stdin.next_batch(&mut Batch::empty()).is_none());
    }

    #[test]
    fn a_read_error_follows_the_whole_lines_before_it() {
        let mut stdin = Stdin::new(Failing(b"a\nb\npartial"));
        let mut batch = Batch::empty();
        let (seq, error) = stdin.next_batch(&mut batch).unwrap();
        // The read gave lines: they are a batch before the next read fails.
        assert_eq!((seq, batch.input.as_slice(), batch.lines), (0, &b"a\nb\n"[..], 2));
        assert!(error.is_none());
        // The start of a line before the error is dropped, as the
        // single-threaded path drops it.
        let mut batch = Batch::empty();
        let (seq, error) = stdin.next_batch(&mut batch).unwrap();
        assert_eq!((seq, batch.input.as_slice()), (1, &b""[..]));
        assert_eq!(error.map(|(seq, e)| (seq, e.to_string())), Some((2, "gone".to_owned())));
        assert!(stdin.next_batch(&mut Batch::empty()).is_none());
    }

    #[test]
    fn soon_asks_until_it_gets_then_sleeps() {
        let asked = Cell::new(0);
        let got = soon(
            || {
                asked.set(asked.get() + 1);
                (asked.get() == 3).then_some("polled")
            },
            || "blocked",
        );
        assert_eq!((got, asked.get()), ("polled", 3));
        let start = Instant::now();
        assert_eq!(soon(|| None, || "blocked"), "blocked");
        assert!(start.elapsed() >= SPIN, "asked for the whole spin first");
    }

    #[test]
    fn cut_lines_cuts_after_the_nth_line_and_counts() {
        assert_eq!(cut_lines(b"a\nb\nc\n", 3), (6, 3));
        assert_eq!(cut_lines(b"a\nb\nc", 3), (5, 3));
        assert_eq!(cut_lines(b"a\nb\nc\n", 2), (4, 2));
        assert_eq!(cut_lines(b"a\nb\nc\nd", 3), (6, 3));
        assert_eq!(cut_lines(b"a\nb", 1), (2, 1));
        assert_eq!(cut_lines(b"a\nb", usize::MAX), (3, 2));
        assert_eq!(cut_lines(b"\n\n", 1), (1, 1));
        assert_eq!(cut_lines(b"", 1), (0, 0));
    }

    /// Gives its pieces, one a read, as a pipe gives what has come so far.
    struct Pieces<'a>(&'a [&'a [u8]]);

    impl Read for Pieces<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some((first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            assert!(first.len() <= buf.len());
            buf[..first.len()].copy_from_slice(first);
            self.0 = rest;
            Ok(first.len())
        }
    }

    #[test]
    fn what_has_come_is_a_batch_once_it_holds_a_line_end() {
        // No line end yet: read on; then the lines up to the last line end.
        let mut stdin = Stdin::new(Pieces(&[b"http://a/", b"\nhttp://b/\nhttp://c", b"/\n"]));
        let mut batch = Batch::empty();
        assert_eq!(
            stdin.next_batch(&mut batch).map(|(seq, e)| (seq, e.is_some())),
            Some((0, false))
        );
        assert_eq!(
            (batch.input.as_slice(), batch.lines),
            (&b"http://a/\nhttp://b/\n"[..], 2)
        );
        let mut batch = Batch::empty();
        assert_eq!(stdin.next_batch(&mut batch).map(|(seq, _)| seq), Some(1));
        assert_eq!((batch.input.as_slice(), batch.first_line), (&b"http://c/\n"[..], 3));
        // The read that finds the end gives an empty batch.
        let mut batch = Batch::empty();
        assert_eq!(stdin.next_batch(&mut batch).map(|(seq, _)| seq), Some(2));
        assert_eq!(batch.lines, 0);
        assert!(stdin.next_batch(&mut Batch::empty()).is_none());
    }

    #[test]
    fn fill_reads_to_a_line_end_past_the_batch_size() {
        let mut input = vec![b'x'; BATCH_BYTES * 3];
        input.push(b'\n');
        input.extend_from_slice(&[b'y'; BATCH_BYTES * 2]);
        let mut r = &input[..];
        let mut buf = Filled::default();
        buf.extend_from_slice(b"carried ");
        assert!(!fill(&mut r, &mut buf).unwrap());
        assert_eq!(
            buf.as_slice().len(),
            BATCH_BYTES * 4,
            "whole reads, up to the one with the line end"
        );
        assert!(buf.as_slice().starts_with(b"carried x"));
        // Read again into memory written before: what was there is not read.
        let mut rest = Filled::default();
        rest.extend_from_slice(&[b'z'; 3 * BATCH_BYTES]);
        rest.clear();
        assert!(fill(&mut r, &mut rest).unwrap());
        assert_eq!(
            [buf.as_slice(), rest.as_slice()].concat(),
            [&b"carried "[..], &input].concat()
        );
    }
}
