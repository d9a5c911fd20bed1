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
//! for a worker's batch. When what it read ends inside a line and no more
//! has come, its batch holds no line, and the start of the line is left
//! for the next reader, which waits for the rest.
//!
//! A thread that waits for another asks again for a moment before it
//! sleeps ([`soon`]), and each worker starts on a core of its own
//! ([`Cores`]): a thread woken from sleep, or new, may be put on the core
//! of the thread that woke it, where the two take turns for milliseconds
//! while another core idles.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};

use crate::cores::Cores;
use crate::input::{self, Inputs, Lines};
use crate::line::{self, NotUtf8, Source};
use crate::output::{self, Output, Sink};
use crate::progress::Progress;

mod read;

use read::{Filled, Stdin};

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

/// Formats every input: each argument, or each line of stdin or of a file,
/// with `jobs` worker threads when `jobs` is over 1 and the lines are not
/// typed at a terminal, in one thread otherwise. Shows progress on a
/// terminal's stderr while reading lines.
pub fn run(inputs: Inputs<'_>, jobs: usize, out: &mut Output, format: impl Format) -> anyhow::Result<()> {
    let mut progress = match &inputs {
        Inputs::Lines(lines) => Progress::for_lines(lines.is_terminal()),
        Inputs::Args(_) => None,
    };
    // A terminal's lines are typed one at a time: each is answered before
    // the next, in one thread (see `input::for_each_line`).
    let lines = match inputs {
        Inputs::Lines(lines) if jobs > 1 && !lines.is_terminal() => lines,
        inputs => {
            return input::for_each_line(inputs, out, |out, line| {
                if let Some(progress) = &mut progress {
                    progress.add(1);
                }
                format.line(out, line)
            })
        }
    };
    parallel(lines, jobs, out, format, progress.as_mut())
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
    /// Whether the output goes to a terminal ([`Output::is_terminal`]).
    terminal: bool,
    /// The file the lines come from, as diagnostics name it; `None` for
    /// stdin.
    name: Option<&'static str>,
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
            terminal: false,
            name: None,
        }
    }

    /// An empty batch for `lines`, whose output goes where `out` does.
    fn for_output(out: &Output, lines: &Lines) -> Batch {
        Batch {
            terminal: out.is_terminal(),
            name: lines.name(),
            ..Batch::empty()
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

/// What goes down the line, numbered in input order.
enum Item {
    Lines(Batch),
    /// Reading failed after the batches numbered before it.
    Failed(anyhow::Error),
}

/// Formats in `jobs` threads, this one and `jobs - 1` workers, each reading
/// its batches of the lines in turn; this thread also writes `out`, in input
/// order, between its own batches. No thread waits for another while there
/// is input to format, and no more threads run than `jobs`.
fn parallel(
    lines: Lines,
    jobs: usize,
    out: &mut Output,
    format: impl Format,
    progress: Option<&mut Progress>,
) -> anyhow::Result<()> {
    // Enough slots to keep every thread busy while a batch of each waits for
    // an earlier one to be written, and no more: a slot's buffers are pages
    // faulted in the first time it goes round.
    let slots = 2 * jobs;
    let (free_tx, free_rx) = mpsc::sync_channel::<Batch>(slots);
    // This thread keeps one slot of its own; the others go round the workers.
    let mut own = Vec::with_capacity(slots);
    own.push(Batch::for_output(out, &lines));
    for _ in 1..slots {
        free_tx
            .send(Batch::for_output(out, &lines))
            .expect("the receiver is here");
    }
    // Room for every item there can be (a batch and a failure after it for
    // each slot): a worker never waits to hand one on.
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, Item)>(2 * slots);

    // The threads are not joined: on an error (a closed stdout) the command
    // ends while a worker may still wait for stdin. At the end of the input
    // they end by themselves.
    let free_rx = Arc::new(Mutex::new(free_rx));
    let what = lines.what();
    let reader = lines.reader();
    let ready = Wait::IfInput(reader.ready());
    let stdin = Arc::new(Mutex::new(Stdin::new(reader, what)));
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
        if recv_soon(&started_rx).is_none() {
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
            match recv_soon(&done_rx) {
                Some((seq, item)) => writer.write(seq, item, &mut own)?,
                None => break,
            }
            continue;
        };
        match read_and_format(&*format, &stdin, batch, ready) {
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
                match recv_soon(&done_rx) {
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
                output::to_stderr(&batch.diagnostics);
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

/// The next message of `rx`, waited for by [`soon`]; `None` when every
/// sender is gone.
fn recv_soon<T>(rx: &Receiver<T>) -> Option<T> {
    soon(|| try_recv(rx), || rx.recv().ok())
}

/// `Some` of what [`Receiver::recv`] would give now, `None` when it would
/// wait.
fn try_recv<T>(rx: &Receiver<T>) -> Option<Option<T>> {
    match rx.try_recv() {
        Ok(got) => Some(Some(got)),
        Err(TryRecvError::Empty) => None,
        Err(TryRecvError::Disconnected) => Some(None),
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
            || try_recv(&*free.try_lock().ok()?),
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
#[derive(Clone, Copy)]
enum Wait {
    /// As long as it takes: a worker.
    Always,
    /// Only when some has come, and no other thread reads: the thread that
    /// writes, which has other work while there is none. The function tells
    /// whether input has come ([`LineReader::ready`]).
    ///
    /// [`LineReader::ready`]: crate::input::LineReader::ready
    IfInput(fn() -> bool),
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
        Wait::IfInput(ready) => match soon(|| lock().map(Some), lock) {
            Some(stdin) if !stdin.may_wait() || ready() => stdin,
            _ => return Next::NoInput(batch),
        },
    };
    // The thread that writes reads on after the start of a line only while
    // more input has come: the rest is for the next reader to wait for.
    let more = || match wait {
        Wait::Always => true,
        Wait::IfInput(ready) => ready(),
    };
    let Some((seq, error)) = stdin.next_batch(&mut batch, more) else {
        return Next::Ended;
    };
    let what = stdin.what;
    drop(stdin);
    // An empty batch (an error before any line) is handed on all the same:
    // the writer waits for every number.
    let item = match panic::catch_unwind(AssertUnwindSafe(|| format_batch(format, &mut batch))) {
        Ok(Ok(())) => Item::Lines(batch),
        Ok(Err(e)) => Item::Failed(e.into()),
        // The panic message is on stderr already.
        Err(_) => Item::Failed(anyhow!("a worker thread panicked")),
    };
    let failed = error.map(|(seq, e)| {
        (
            seq,
            Item::Failed(anyhow::Error::new(e).context(format!("reading {what}"))),
        )
    });
    Next::Formatted((seq, item), failed)
}

/// Formats every line of `batch.input` into `batch.output`.
/// Diagnostics are kept in the batch, each naming its line, for the main
/// thread to write in input order.
fn format_batch(format: &impl Format, batch: &mut Batch) -> io::Result<()> {
    let mut out = Output::capturing(std::mem::take(&mut batch.output));
    out.keep_diagnostics_in(std::mem::take(&mut batch.diagnostics));
    // Raw octets are shown on a terminal, whichever thread formats them.
    out.set_terminal(batch.terminal);
    let mut line = batch.first_line;
    let name = batch.name;
    batch.lines = line::for_each_in(batch.input.as_slice(), |text| {
        out.set_source(Source::line_of(name, line));
        line += 1;
        format.line(&mut out, text)
    })?;
    batch.failed = out.failed();
    (batch.output, batch.diagnostics) = out.into_diagnostics();
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::time::Instant;

    use super::{soon, SPIN};

    #[test]
    fn soon_asks_until_it_gets_then_sleeps() {
        // On a busy machine this thread may lose its core for longer than
        // the spin between two asks: then it must have asked for the whole
        // spin before it blocked.
        let asked = Cell::new(0);
        let start = Instant::now();
        let got = soon(
            || {
                asked.set(asked.get() + 1);
                (asked.get() == 3).then_some("polled")
            },
            || {
                assert!(start.elapsed() >= SPIN, "blocked before the spin ended");
                "blocked"
            },
        );
        assert!(got == "blocked" || asked.get() == 3, "{got} after {} asks", asked.get());
        let start = Instant::now();
        assert_eq!(soon(|| None, || "blocked"), "blocked");
        assert!(start.elapsed() >= SPIN, "asked for the whole spin first");
    }
}
