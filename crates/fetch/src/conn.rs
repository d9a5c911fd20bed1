//! A traced connection (TCP, or TLS over it) with timeouts, and the sink
//! the octets go to.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use urikit::scheme::Step;

use crate::{Error, Options};

/// The longest protocol line read (a reply or header line).
const MAX_LINE: usize = 64 * 1024;

/// Writes the dialogue in the notation of `urikit plan`: `# ` comments, `> `
/// what was sent, and `< ` what was received, control characters shown.
pub(crate) struct Trace<'a>(pub(crate) Option<&'a mut dyn Write>);

impl Trace<'_> {
    pub(crate) fn comment(&mut self, text: &str) {
        if let Some(w) = self.0.as_mut() {
            let _ = writeln!(w, "# {text}");
        }
    }

    pub(crate) fn sent(&mut self, bytes: &[u8]) {
        if let Some(w) = self.0.as_mut() {
            let _ = writeln!(w, "{}", Step::Send(bytes.to_vec()));
        }
    }

    /// A sent line shown other than as sent (a password).
    pub(crate) fn sent_as(&mut self, shown: &str) {
        if let Some(w) = self.0.as_mut() {
            let _ = writeln!(w, "> {shown}<CR><LF>");
        }
    }

    /// A step of the plan that is not traffic, as the plan shows it.
    pub(crate) fn step(&mut self, step: &Step) {
        if let Some(w) = self.0.as_mut() {
            let _ = writeln!(w, "{step}");
        }
    }

    pub(crate) fn received(&mut self, line: &[u8]) {
        if let Some(w) = self.0.as_mut() {
            let shown = Step::Send(line.to_vec()).to_string();
            let _ = writeln!(w, "< {}", &shown[2..]);
        }
    }
}

/// The host and port of the first of `steps`, which is a plan's
/// connection; `protocol` names the plan in the error when it is not.
pub(crate) fn planned_connection<'p>(
    steps: &mut std::slice::Iter<'p, Step>,
    protocol: &str,
) -> Result<(&'p str, u16), Error> {
    match steps.next() {
        Some(Step::Connect { host, port, .. }) => Ok((host, *port)),
        _ => Err(Error::Protocol(format!("{protocol} plan starts with a connection"))),
    }
}

/// Connects to `host` `port` (or to the override of the options), with the
/// connect timeout; sets the idle timeout on reads and writes.
pub(crate) fn connect(host: &str, port: u16, opts: &Options, trace: &mut Trace<'_>) -> Result<TcpStream, Error> {
    trace.comment(&format!("connect to {host} port {port}"));
    let context = || format!("connecting to {host} port {port}");
    let addrs: Vec<SocketAddr> = match opts.connect_to {
        Some(addr) => {
            trace.comment(&format!("(connecting to {addr} instead, as asked)"));
            vec![addr]
        }
        None => {
            // A host written as [v6] is not RFC 1738's; names and dotted quads are.
            (host, port)
                .to_socket_addrs()
                .map_err(|e| Error::io(context(), e))?
                .collect()
        }
    };
    let mut last = io::Error::new(io::ErrorKind::NotFound, "the host name has no address");
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, opts.connect_timeout) {
            Ok(stream) => {
                set_timeouts(&stream, opts).map_err(|e| Error::io(context(), e))?;
                return Ok(stream);
            }
            Err(e) => last = e,
        }
    }
    Err(Error::io(context(), last))
}

pub(crate) fn set_timeouts(stream: &TcpStream, opts: &Options) -> io::Result<()> {
    stream.set_read_timeout(Some(opts.idle_timeout))?;
    stream.set_write_timeout(Some(opts.idle_timeout))
}

/// What a connection reads and writes: TCP, or TLS over it. Every protocol
/// reads through the one [`Conn`], whichever it is.
pub(crate) enum Stream {
    Plain(TcpStream),
    Tls(Box<rustls::StreamOwned<rustls::ClientConnection, TcpStream>>),
}

impl Stream {
    /// The TCP connection under it.
    pub(crate) fn tcp(&self) -> &TcpStream {
        match self {
            Stream::Plain(s) => s,
            Stream::Tls(s) => s.get_ref(),
        }
    }
}

impl From<TcpStream> for Stream {
    fn from(s: TcpStream) -> Stream {
        Stream::Plain(s)
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stream::Plain(s) => s.read(buf),
            Stream::Tls(s) => s.read(buf).map_err(|e| {
                if e.kind() == io::ErrorKind::UnexpectedEof {
                    // A TCP close without the TLS close_notify alert may be
                    // an attacker's: what came may not be all there is.
                    io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the server closed the connection without ending TLS (no close_notify): what came may be cut short",
                    )
                } else {
                    e
                }
            }),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stream::Plain(s) => s.write(buf),
            Stream::Tls(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stream::Plain(s) => s.flush(),
            Stream::Tls(s) => s.flush(),
        }
    }
}

/// A line-oriented connection: writes lines, reads lines, traces both.
pub(crate) struct Conn<'t, 'w> {
    pub(crate) reader: BufReader<Stream>,
    pub(crate) trace: &'t mut Trace<'w>,
    what: String,
}

impl<'t, 'w> Conn<'t, 'w> {
    pub(crate) fn new(stream: impl Into<Stream>, trace: &'t mut Trace<'w>, what: &str) -> Conn<'t, 'w> {
        Conn {
            reader: BufReader::new(stream.into()),
            trace,
            what: what.to_owned(),
        }
    }

    pub(crate) fn stream(&self) -> &TcpStream {
        self.reader.get_ref().tcp()
    }

    /// Sends `bytes` as they are, traced as they are.
    pub(crate) fn send(&mut self, bytes: &[u8]) -> Result<(), Error> {
        self.trace.sent(bytes);
        self.write(bytes)
    }

    /// Sends `bytes`, traced as `shown` (for a password).
    pub(crate) fn send_hidden(&mut self, bytes: &[u8], shown: &str) -> Result<(), Error> {
        self.trace.sent_as(shown);
        self.write(bytes)
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let what = &self.what;
        self.reader
            .get_mut()
            .write_all(bytes)
            .map_err(|e| Error::io(format!("sending to {what}"), e))
    }

    /// One line, its CR LF (or LF) removed; `None` at the end of the stream.
    pub(crate) fn line(&mut self) -> Result<Option<Vec<u8>>, Error> {
        let line = self.quiet_line()?;
        if let Some(line) = &line {
            self.trace.received(line);
        }
        Ok(line)
    }

    /// [`Conn::line`], not traced: for the framing of a body (HTTP's chunk
    /// sizes), which is not the dialogue.
    pub(crate) fn quiet_line(&mut self) -> Result<Option<Vec<u8>>, Error> {
        let mut line = Vec::new();
        let n = (&mut self.reader)
            .take(MAX_LINE as u64 + 2)
            .read_until(b'\n', &mut line)
            .map_err(|e| Error::io(format!("reading from {}", self.what), e))?;
        if n == 0 {
            return Ok(None);
        }
        if line.last() != Some(&b'\n') {
            if line.len() > MAX_LINE {
                return Err(Error::Protocol(format!(
                    "{} sent a line longer than {MAX_LINE} bytes",
                    self.what
                )));
            }
        } else {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        Ok(Some(line))
    }

    /// A line, where the end of the stream is an error.
    pub(crate) fn need_line(&mut self) -> Result<Vec<u8>, Error> {
        self.line()?
            .ok_or_else(|| Error::Protocol(format!("{} closed the connection", self.what)))
    }

    /// A multi-line block ended by a `.` line, dot-stuffing undone
    /// (RFC 977 §2.4.1), each line ended by LF, into `sink`.
    pub(crate) fn dot_block(&mut self, sink: &mut Sink<'_>) -> Result<(), Error> {
        loop {
            let mut line = Vec::new();
            let n = (&mut self.reader)
                .take(MAX_LINE as u64 + 2)
                .read_until(b'\n', &mut line)
                .map_err(|e| Error::io(format!("reading from {}", self.what), e))?;
            if n == 0 {
                return Err(Error::Protocol(format!(
                    "{} closed the connection before the final '.' line",
                    self.what
                )));
            }
            if line.last() != Some(&b'\n') && line.len() > MAX_LINE {
                return Err(Error::Protocol(format!(
                    "{} sent a line longer than {MAX_LINE} bytes",
                    self.what
                )));
            }
            let body = line.strip_suffix(b"\n").unwrap_or(&line);
            let body = body.strip_suffix(b"\r").unwrap_or(body);
            if body == b"." {
                self.trace.received(b".");
                return Ok(());
            }
            let body = body.strip_prefix(b".").unwrap_or(body);
            sink.write(body)?;
            sink.write(b"\n")?;
        }
    }
}

/// Where the octets go: counts them, enforces the size cap, shows progress.
pub(crate) struct Sink<'a> {
    out: &'a mut dyn Write,
    written: u64,
    cap: u64,
    progress: Option<Progress>,
}

struct Progress {
    started: Instant,
    shown: Option<Instant>,
}

impl<'a> Sink<'a> {
    pub(crate) fn new(out: &'a mut dyn Write, opts: &Options) -> Sink<'a> {
        Sink {
            out,
            written: 0,
            cap: opts.max_size,
            progress: opts.progress.then(|| Progress {
                started: Instant::now(),
                shown: None,
            }),
        }
    }

    /// A sink that collects into `out`, up to 16 MiB.
    pub(crate) fn collecting(out: &'a mut Vec<u8>) -> Sink<'a> {
        Sink {
            out,
            written: 0,
            cap: 16 << 20,
            progress: None,
        }
    }

    /// Hands what was written on (for an interactive session).
    pub(crate) fn flush(&mut self) -> Result<(), Error> {
        self.out.flush().map_err(Error::Output)
    }

    pub(crate) fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        if self.written + bytes.len() as u64 > self.cap {
            return Err(Error::TooLarge(self.cap));
        }
        self.out.write_all(bytes).map_err(Error::Output)?;
        self.written += bytes.len() as u64;
        self.tick();
        Ok(())
    }

    pub(crate) fn written(&self) -> u64 {
        self.written
    }

    /// Copies `from` to the end of its stream.
    pub(crate) fn copy(&mut self, from: &mut dyn Read, what: &str) -> Result<(), Error> {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) => return Ok(()),
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::io(format!("reading from {what}"), e)),
            };
            self.write(&buf[..n])?;
        }
    }

    /// Shows the bytes so far and the rate, once a transfer has lasted a
    /// second, at most five times a second.
    fn tick(&mut self) {
        let Some(p) = self.progress.as_mut() else { return };
        let now = Instant::now();
        let elapsed = now - p.started;
        if elapsed < Duration::from_secs(1) || p.shown.is_some_and(|t| now - t < Duration::from_millis(200)) {
            return;
        }
        p.shown = Some(now);
        let rate = self.written as f64 / elapsed.as_secs_f64();
        eprint!("\r\x1b[K{} received, {}/s", human(self.written as f64), human(rate));
    }

    /// Clears the progress line, if one was shown.
    pub(crate) fn finish(&mut self) -> Result<(), Error> {
        if self.progress.as_ref().is_some_and(|p| p.shown.is_some()) {
            eprint!("\r\x1b[K");
        }
        self.out.flush().map_err(Error::Output)
    }
}

fn human(n: f64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut n = n;
    let mut unit = 0;
    while n >= 1024.0 && unit + 1 < UNITS.len() {
        n /= 1024.0;
        unit += 1;
    }
    format!("{n:.1} {}", UNITS[unit])
}

/// Undoes FTP ASCII mode's CR LF for this system's LF, across reads.
pub(crate) struct CrLf<'s, 'a> {
    pub(crate) sink: &'s mut Sink<'a>,
    pub(crate) pending_cr: bool,
}

impl CrLf<'_, '_> {
    pub(crate) fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let mut out = Vec::with_capacity(bytes.len() + 1);
        for &b in bytes {
            if self.pending_cr {
                self.pending_cr = false;
                if b != b'\n' {
                    out.push(b'\r');
                }
            }
            if b == b'\r' {
                self.pending_cr = true;
            } else {
                out.push(b);
            }
        }
        self.sink.write(&out)
    }

    pub(crate) fn finish(&mut self) -> Result<(), Error> {
        if std::mem::take(&mut self.pending_cr) {
            self.sink.write(b"\r")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_across_reads() {
        let mut out = Vec::new();
        let opts = Options::default();
        let mut sink = Sink::new(&mut out, &opts);
        let mut crlf = CrLf {
            sink: &mut sink,
            pending_cr: false,
        };
        for chunk in [&b"a\r"[..], b"\nb\r", b"c\r\n\r", b"\r\n"] {
            crlf.write(chunk).unwrap();
        }
        crlf.write(b"end\r").unwrap();
        crlf.finish().unwrap();
        assert_eq!(out, b"a\nb\rc\n\r\nend\r");
    }

    #[test]
    fn the_cap_counts_every_octet() {
        let mut out = Vec::new();
        let opts = Options {
            max_size: 5,
            ..Options::default()
        };
        let mut sink = Sink::new(&mut out, &opts);
        sink.write(b"abc").unwrap();
        assert!(matches!(sink.write(b"def"), Err(Error::TooLarge(5))));
        sink.write(b"de").unwrap();
        assert_eq!(sink.written(), 5);
    }

    #[test]
    fn sizes_for_people() {
        assert_eq!(human(512.0), "512.0 B");
        assert_eq!(human(1536.0), "1.5 KiB");
        assert_eq!(human(3.0 * 1024.0 * 1024.0 * 1024.0), "3.0 GiB");
    }
}
