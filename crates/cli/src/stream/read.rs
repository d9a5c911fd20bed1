//! Reading stdin in batches of whole lines, one thread at a time.

use std::io::{self, Read};

use super::{Batch, BATCH_BYTES, BATCH_LINES, KEEP_BYTES};

/// A buffer read into in place: `bytes[..len]` is what was read. The rest
/// was written before (zeros, or an earlier batch's octets) and is read over
/// without being zeroed again, so that one read call can fill a batch.
#[derive(Default)]
pub(super) struct Filled {
    bytes: Vec<u8>,
    len: usize,
}

impl Filled {
    pub(super) fn as_slice(&self) -> &[u8] {
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
    pub(super) fn clear(&mut self) {
        self.len = 0;
        if self.bytes.len() > KEEP_BYTES {
            self.bytes = Vec::new();
        }
    }
}

/// Stdin (or a file) as the workers share it, one at a time.
pub(super) struct Stdin<R> {
    r: R,
    /// What an error in reading names: `stdin`, or the file.
    pub(super) what: &'static str,
    /// The start of a line that the last batch cut off.
    carry: Filled,
    /// Whether the input ended or reading failed: no batch follows.
    ended: bool,
    /// The number of the next item.
    seq: u64,
    /// The number of the next line, from 1.
    next_line: u64,
}

impl<R: Read> Stdin<R> {
    pub(super) fn new(r: R, what: &'static str) -> Stdin<R> {
        Stdin {
            r,
            what,
            carry: Filled::default(),
            ended: false,
            seq: 0,
            next_line: 1,
        }
    }

    /// Whether the next batch may wait for input: the input has not ended.
    pub(super) fn may_wait(&self) -> bool {
        !self.ended
    }

    /// Fills `batch` (empty) with the next whole lines (up to
    /// [`BATCH_BYTES`] and a line end, at most [`BATCH_LINES`] lines),
    /// numbered: the number of its item, and when reading failed after it,
    /// the error and its number. `None` when the input has ended.
    ///
    /// Where a read gives the start of a line only, `more` says whether to
    /// wait for the rest: when it says no, the batch holds no line, and the
    /// start waits for the next batch (see [`fill`]).
    pub(super) fn next_batch(
        &mut self,
        batch: &mut Batch,
        more: impl Fn() -> bool,
    ) -> Option<(u64, Option<(u64, io::Error)>)> {
        if self.ended && self.carry.len == 0 {
            return None;
        }
        let buf = &mut batch.input;
        take_carry(buf, &mut self.carry);
        let error = match if self.ended {
            Ok(true)
        } else {
            fill(&mut self.r, buf, more)
        } {
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
            if cut == 0 {
                take_carry(&mut self.carry, buf);
            } else {
                self.carry.extend_from_slice(&read[cut..]);
            }
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

/// Moves what `from` holds to the end of `to`, and empties `from`. A long
/// start of a line (one that came in many reads, for a thread that would
/// not wait for its end) changes hands, not to be copied again at each
/// read.
fn take_carry(to: &mut Filled, from: &mut Filled) {
    if to.len == 0 && from.len > SMALL_CARRY {
        std::mem::swap(to, from);
    } else {
        to.extend_from_slice(from.as_slice());
    }
    from.len = 0;
}

/// The longest start of a line that is copied from batch to batch.
const SMALL_CARRY: usize = 4096;

/// Reads into `buf` (which may hold the start of a line) until it holds
/// [`BATCH_BYTES`] and a line end, or a read gives less than was asked with
/// a line end in it (a pipe or a terminal gives what has come so far: its
/// lines are answered before more input comes), or the input ends: then
/// returns true. A whole batch is asked of each read call, into memory
/// written before.
///
/// Where what was read holds no line end, it reads on only while `more`
/// says so: the thread that writes the output asks whether input has come,
/// so as not to wait in a read with earlier output unwritten.
fn fill(r: &mut impl Read, buf: &mut Filled, more: impl Fn() -> bool) -> io::Result<bool> {
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
                        if got < want && (memchr::memchr(b'\n', &room[got - n..got]).is_some() || !more()) {
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
        if memchr::memchr(b'\n', &buf.as_slice()[searched..]).is_some() || !more() {
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

#[cfg(test)]
mod tests {
    use std::io::{self, Read};

    use super::{cut_lines, fill, Batch, Filled, Stdin, BATCH_BYTES, BATCH_LINES, SMALL_CARRY};

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
        let mut stdin = Stdin::new(input.as_bytes(), "stdin");
        let mut batch = Batch::empty();
        assert_eq!(
            stdin.next_batch(&mut batch, || true).map(|(seq, e)| (seq, e.is_some())),
            Some((0, false))
        );
        assert_eq!((batch.first_line, batch.lines), (1, BATCH_LINES as u64));
        assert_eq!(batch.input.as_slice().len(), 2 * BATCH_LINES);
        let mut batch = Batch::empty();
        assert_eq!(
            stdin.next_batch(&mut batch, || true).map(|(seq, e)| (seq, e.is_some())),
            Some((1, false))
        );
        assert_eq!((batch.first_line, batch.lines), (BATCH_LINES as u64 + 1, 6));
        assert!(batch.input.as_slice().ends_with(b"x\nlast"));
        assert!(stdin.next_batch(&mut Batch::empty(), || true).is_none());
    }

    #[test]
    fn a_read_error_follows_the_whole_lines_before_it() {
        let mut stdin = Stdin::new(Failing(b"a\nb\npartial"), "stdin");
        let mut batch = Batch::empty();
        let (seq, error) = stdin.next_batch(&mut batch, || true).unwrap();
        // The read gave lines: they are a batch before the next read fails.
        assert_eq!((seq, batch.input.as_slice(), batch.lines), (0, &b"a\nb\n"[..], 2));
        assert!(error.is_none());
        // The start of a line before the error is dropped, as the
        // single-threaded path drops it.
        let mut batch = Batch::empty();
        let (seq, error) = stdin.next_batch(&mut batch, || true).unwrap();
        assert_eq!((seq, batch.input.as_slice()), (1, &b""[..]));
        assert_eq!(error.map(|(seq, e)| (seq, e.to_string())), Some((2, "gone".to_owned())));
        assert!(stdin.next_batch(&mut Batch::empty(), || true).is_none());
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
        let mut stdin = Stdin::new(Pieces(&[b"http://a/", b"\nhttp://b/\nhttp://c", b"/\n"]), "stdin");
        let mut batch = Batch::empty();
        assert_eq!(
            stdin.next_batch(&mut batch, || true).map(|(seq, e)| (seq, e.is_some())),
            Some((0, false))
        );
        assert_eq!(
            (batch.input.as_slice(), batch.lines),
            (&b"http://a/\nhttp://b/\n"[..], 2)
        );
        let mut batch = Batch::empty();
        assert_eq!(stdin.next_batch(&mut batch, || true).map(|(seq, _)| seq), Some(1));
        assert_eq!((batch.input.as_slice(), batch.first_line), (&b"http://c/\n"[..], 3));
        // The read that finds the end gives an empty batch.
        let mut batch = Batch::empty();
        assert_eq!(stdin.next_batch(&mut batch, || true).map(|(seq, _)| seq), Some(2));
        assert_eq!(batch.lines, 0);
        assert!(stdin.next_batch(&mut Batch::empty(), || true).is_none());
    }

    #[test]
    fn a_reader_that_may_not_wait_leaves_the_start_of_a_line_to_the_next() {
        let mut stdin = Stdin::new(Pieces(&[b"http://a/\nhttp://", b"b", b"/\n"]), "stdin");
        let mut batch = Batch::empty();
        assert_eq!(stdin.next_batch(&mut batch, || false).map(|(seq, _)| seq), Some(0));
        assert_eq!((batch.input.as_slice(), batch.lines), (&b"http://a/\n"[..], 1));
        // Only the start of a line has come, and no more: no line, no wait.
        let mut batch = Batch::empty();
        assert_eq!(stdin.next_batch(&mut batch, || false).map(|(seq, _)| seq), Some(1));
        assert_eq!((batch.input.as_slice(), batch.lines), (&b""[..], 0));
        // The next reader waits for the rest, and numbers the line on.
        let mut batch = Batch::empty();
        assert_eq!(stdin.next_batch(&mut batch, || true).map(|(seq, _)| seq), Some(2));
        assert_eq!(
            (batch.input.as_slice(), batch.lines, batch.first_line),
            (&b"http://b/\n"[..], 1, 2)
        );
        // The read that finds the end gives an empty batch.
        assert_eq!(
            stdin.next_batch(&mut Batch::empty(), || true).map(|(seq, _)| seq),
            Some(3)
        );
        assert!(stdin.next_batch(&mut Batch::empty(), || true).is_none());
    }

    #[test]
    fn a_start_of_a_line_longer_than_a_batch_is_kept_whole() {
        // More than a batch without a line end, read by a thread that does
        // not wait, then by one that does.
        let long = vec![b'x'; BATCH_BYTES + SMALL_CARRY];
        let pieces: [&[u8]; 3] = [&long[..BATCH_BYTES], &long[BATCH_BYTES..], b"\n"];
        let mut stdin = Stdin::new(Pieces(&pieces), "stdin");
        let mut batch = Batch::empty();
        assert!(stdin.next_batch(&mut batch, || false).is_some());
        assert_eq!(batch.lines, 0);
        let mut batch = Batch::empty();
        assert!(stdin.next_batch(&mut batch, || false).is_some());
        assert_eq!(batch.lines, 0);
        let mut batch = Batch::empty();
        assert!(stdin.next_batch(&mut batch, || true).is_some());
        assert_eq!(batch.lines, 1);
        assert_eq!(batch.input.as_slice(), [&long[..], b"\n"].concat());
        assert!(stdin.next_batch(&mut Batch::empty(), || true).is_some());
        assert!(stdin.next_batch(&mut Batch::empty(), || true).is_none());
    }

    #[test]
    fn fill_reads_to_a_line_end_past_the_batch_size() {
        let mut input = vec![b'x'; BATCH_BYTES * 3];
        input.push(b'\n');
        input.extend_from_slice(&[b'y'; BATCH_BYTES * 2]);
        let mut r = &input[..];
        let mut buf = Filled::default();
        buf.extend_from_slice(b"carried ");
        assert!(!fill(&mut r, &mut buf, || true).unwrap());
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
        assert!(fill(&mut r, &mut rest, || true).unwrap());
        assert_eq!(
            [buf.as_slice(), rest.as_slice()].concat(),
            [&b"carried "[..], &input].concat()
        );
    }
}
