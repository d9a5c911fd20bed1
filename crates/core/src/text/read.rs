//! [`read_urls`]: URLs in a stream, in constant memory.

use std::io::{self, BufRead};

use super::scan::{Scanner, Step};
use super::{Event, Found};

/// How many bytes a refill of the window reads at most.
const CHUNK: usize = 64 * 1024;

/// Finds the URLs in the text `reader` gives, in order, holding only a
/// bounded window of it.
///
/// The findings are those [`find_urls`](super::find_urls) gives for the same
/// bytes, with offsets, lines and columns counted from the start of the
/// stream. The window holds at most about
/// [`MAX_URL_LEN`](super::MAX_URL_LEN) plus 64 KiB (besides `reader`'s own
/// buffer), however long the input or its lines.
///
/// # Examples
///
/// ```
/// use std::io::Cursor;
///
/// let mail = "Subject: the spec\n\nIt is at <URL:ftp://ds.internic.net/rfc/rfc1738.txt>.\n";
/// let found: Vec<_> = urikit::text::read_urls(Cursor::new(mail)).collect::<Result<_, _>>()?;
/// assert_eq!(found[0].url, "ftp://ds.internic.net/rfc/rfc1738.txt");
/// assert_eq!((found[0].line, found[0].column), (3, 10));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// The iterator yields `reader`'s first error (other than
/// [`Interrupted`](io::ErrorKind::Interrupted), which is retried) after the
/// URLs that end before it, and ends there.
pub fn read_urls<R: BufRead>(reader: R) -> ReadUrls<R> {
    ReadUrls {
        reader,
        window: Vec::new(),
        scanner: Scanner::new(),
        eof: false,
        done: false,
        error: None,
    }
}

/// The iterator of [`read_urls`].
#[derive(Debug)]
pub struct ReadUrls<R> {
    reader: R,
    window: Vec<u8>,
    scanner: Scanner,
    eof: bool,
    done: bool,
    /// A read error met after some bytes were read in the same refill: it is
    /// reported once the findings before it are out.
    error: Option<io::Error>,
}

impl<R: BufRead> ReadUrls<R> {
    /// Drops what the scanner no longer needs and appends up to [`CHUNK`]
    /// bytes of the reader, or notes its end.
    fn refill(&mut self) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let drop = self.scanner.discard(&self.window);
        self.window.drain(..drop);
        let start = self.window.len();
        let target = start + CHUNK;
        while self.window.len() < target {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if self.window.len() == start => return Err(e),
                Err(e) => {
                    self.error = Some(e);
                    break;
                }
            };
            if chunk.is_empty() {
                self.eof = true;
                break;
            }
            let n = chunk.len().min(target - self.window.len());
            self.window.extend_from_slice(&chunk[..n]);
            self.reader.consume(n);
        }
        Ok(())
    }
}

impl<R: BufRead> ReadUrls<R> {
    /// The next URL, as the iterator gives it, or the next place where
    /// something longer than [`MAX_URL_LEN`](super::MAX_URL_LEN) was
    /// skipped ([`TooLong`](super::TooLong)): for a caller that tells its user what it
    /// could not find.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::io::Cursor;
    /// use urikit::text::{read_urls, Event, MAX_URL_LEN};
    ///
    /// let long = format!("http://{} then http://short/", "a".repeat(MAX_URL_LEN));
    /// let mut urls = read_urls(Cursor::new(long));
    /// match urls.next_event() {
    ///     Some(Ok(Event::TooLong(skipped))) => assert_eq!(skipped.offset, 0),
    ///     other => panic!("expected a skipped URL, got {other:?}"),
    /// }
    /// match urls.next_event() {
    ///     Some(Ok(Event::Found(found))) => assert_eq!(found.url, "http://short/"),
    ///     other => panic!("expected a URL, got {other:?}"),
    /// }
    /// assert!(urls.next_event().is_none());
    /// ```
    ///
    /// # Errors
    ///
    /// As the iterator's.
    pub fn next_event(&mut self) -> Option<io::Result<Event>> {
        while !self.done {
            match self.scanner.next(&self.window, self.eof, None) {
                Step::Found(found) => return Some(Ok(Event::Found(found))),
                Step::TooLong(too_long) => return Some(Ok(Event::TooLong(too_long))),
                Step::Done => self.done = true,
                Step::More => {
                    if let Err(e) = self.refill() {
                        self.done = true;
                        return Some(Err(e));
                    }
                }
            }
        }
        None
    }
}

impl<R: BufRead> Iterator for ReadUrls<R> {
    type Item = io::Result<Found>;

    /// The events of [`next_event`](Self::next_event) but the too-long
    /// runs, which the iterator passes over.
    fn next(&mut self) -> Option<io::Result<Found>> {
        loop {
            match self.next_event()? {
                Ok(Event::Found(found)) => return Some(Ok(found)),
                Ok(Event::TooLong(_)) => {}
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

impl<R: BufRead> std::iter::FusedIterator for ReadUrls<R> {}
