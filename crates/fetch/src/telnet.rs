//! `telnet`, `rlogin` and `tn3270` (RFC 1738 §3.8, RFC 1630 draft): the
//! URL names an interactive session, so the fetch connects and hands over:
//! stdin goes to the connection, the connection to the output. Every telnet
//! option the server offers or asks for is refused (RFC 854: `DONT` for
//! `WILL`, `WONT` for `DO`), so the session stays a plain NVT.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Mutex};

use urikit::scheme::{Plan, Step, TelnetUrl};

use crate::conn::{self, Sink, Trace};
use crate::{Error, Options};

const IAC: u8 = 255;
const DONT: u8 = 254;
const DO: u8 = 253;
const WONT: u8 = 252;
const WILL: u8 = 251;
const SB: u8 = 250;
const SE: u8 = 240;

pub(crate) fn session(
    view: &TelnetUrl<'_>,
    plan: &Plan,
    opts: &Options,
    sink: &mut Sink<'_>,
    trace: &mut Trace<'_>,
    stdin: &mut Option<crate::Stdin>,
) -> Result<(), Error> {
    let Some(Step::Connect { host, port, .. }) = plan.steps.first() else {
        return Err(Error::Protocol("a session plan starts with a connection".into()));
    };
    // The user name and password are advisory (RFC 1738 §3.8): the user
    // types them; the trace says them first (the command prints the name).
    if let Some(user) = view.user() {
        trace.comment(&format!("advise the user to log in as {user:?}"));
    }
    let stream = conn::connect(host, *port, opts, trace)?;
    trace.comment(&format!(
        "interactive {} session: stdin to the server, its output to stdout",
        view.protocol()
    ));
    // A session may be idle as long as its user is; the idle timeout
    // applies once stdin has ended.
    stream.set_read_timeout(None).map_err(|e| Error::io("the session", e))?;
    let writer = Arc::new(Mutex::new(stream.try_clone().map_err(|e| Error::io("the session", e))?));
    let mut reader = stream;
    let idle = opts.idle_timeout;
    let mut input = stdin.take().unwrap_or_else(|| Box::new(std::io::empty()));
    let to_server = {
        let writer = Arc::clone(&writer);
        // Not joined when the server ends the session first: a read of
        // stdin cannot be interrupted, and the process is about to end.
        std::thread::spawn(move || -> Result<(), Error> {
            let mut buf = [0u8; 4096];
            loop {
                let n = match input.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(Error::io("reading stdin", e)),
                };
                // 0xFF is IAC: data octets of that value are doubled.
                let mut out = Vec::with_capacity(n);
                for &b in &buf[..n] {
                    out.push(b);
                    if b == IAC {
                        out.push(IAC);
                    }
                }
                let mut w = writer.lock().unwrap_or_else(|p| p.into_inner());
                w.write_all(&out).map_err(|e| Error::io("sending to the server", e))?;
            }
            let w = writer.lock().unwrap_or_else(|p| p.into_inner());
            let _ = w.set_read_timeout(Some(idle));
            let _ = w.shutdown(Shutdown::Write);
            Ok(())
        })
    };
    let relayed = relay(&mut reader, &writer, sink, trace);
    let _ = reader.shutdown(Shutdown::Both);
    let sent = if to_server.is_finished() {
        to_server.join().unwrap_or(Ok(()))
    } else {
        Ok(())
    };
    relayed.and(sent)
}

/// Copies the server's output to `sink`, answering telnet negotiation.
fn relay(
    reader: &mut TcpStream,
    writer: &Mutex<TcpStream>,
    sink: &mut Sink<'_>,
    trace: &mut Trace<'_>,
) -> Result<(), Error> {
    let mut buf = [0u8; 4096];
    // Parser state: 0 data, 1 after IAC, 2 after IAC + verb, 3 in SB, 4 in SB after IAC.
    let mut state = 0u8;
    let mut verb = 0u8;
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Error::io("reading from the server", e)),
        };
        let mut data = Vec::with_capacity(n);
        let mut answers = Vec::new();
        for &b in &buf[..n] {
            match state {
                0 if b == IAC => state = 1,
                0 => data.push(b),
                1 => match b {
                    IAC => {
                        data.push(IAC);
                        state = 0;
                    }
                    WILL | WONT | DO | DONT => {
                        verb = b;
                        state = 2;
                    }
                    SB => state = 3,
                    _ => state = 0,
                },
                2 => {
                    match verb {
                        WILL => answers.extend_from_slice(&[IAC, DONT, b]),
                        DO => answers.extend_from_slice(&[IAC, WONT, b]),
                        // WONT and DONT confirm the state we are in: no answer.
                        _ => {}
                    }
                    let what = match verb {
                        WILL => "WILL",
                        WONT => "WONT",
                        DO => "DO",
                        _ => "DONT",
                    };
                    trace.comment(&format!("the server sent IAC {what} {b}: refused"));
                    state = 0;
                }
                3 => {
                    if b == IAC {
                        state = 4;
                    }
                }
                _ => state = if b == SE { 0 } else { 3 },
            }
        }
        if !answers.is_empty() {
            let mut w = writer.lock().unwrap_or_else(|p| p.into_inner());
            // After stdin has ended the write side is shut: the server
            // then gets no answer, which leaves every option off as well.
            if let Err(e) = w.write_all(&answers) {
                drop(w);
                trace.comment(&format!("could not answer: {e}"));
            }
        }
        sink.write(&data)?;
        sink.flush()?;
    }
}
