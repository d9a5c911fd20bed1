//! FTP (RFC 959) as RFC 1738 §3.2.2 drives it: the plan's USER, PASS, one
//! CWD per segment, TYPE, then RETR or NLST over a passive data connection.

use std::io::Read;
use std::net::{SocketAddr, TcpStream};

use urikit::scheme::{FtpUrl, Plan, Secret, Step};

use crate::conn::{self, Conn, CrLf, Sink, Trace};
use crate::{Error, Options};

/// A reply: its code and its text (all lines, joined by `\n`).
struct Reply {
    code: u16,
    text: String,
}

fn reply(conn: &mut Conn<'_, '_>) -> Result<Reply, Error> {
    let first = conn.need_line()?;
    let code = parse_code(&first).ok_or_else(|| {
        Error::Protocol(format!(
            "the FTP server sent {:?}, not a reply",
            String::from_utf8_lossy(&first)
        ))
    })?;
    let mut text = String::from_utf8_lossy(&first).into_owned();
    if first.get(3) == Some(&b'-') {
        // Multi-line: up to a line that starts with the same code and a space.
        loop {
            let line = conn.need_line()?;
            text.push('\n');
            text.push_str(&String::from_utf8_lossy(&line));
            if line.len() >= 4 && parse_code(&line) == Some(code) && line[3] == b' ' {
                break;
            }
            if text.len() > 64 * 1024 {
                return Err(Error::Protocol("the FTP server's reply does not end".into()));
            }
        }
    }
    Ok(Reply { code, text })
}

fn parse_code(line: &[u8]) -> Option<u16> {
    let digits = line.get(..3)?;
    if !digits.iter().all(u8::is_ascii_digit) || !matches!(line.get(3), None | Some(b' ' | b'-')) {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// The command as the error shows it: the line without its CR LF.
fn shown(line: &[u8]) -> String {
    String::from_utf8_lossy(line.strip_suffix(b"\r\n").unwrap_or(line)).into_owned()
}

fn refused(command: impl Into<String>, r: Reply) -> Error {
    Error::Reply {
        command: command.into(),
        reply: r.text,
    }
}

/// Sends `line` and reads the reply.
fn command(conn: &mut Conn<'_, '_>, line: &[u8]) -> Result<Reply, Error> {
    conn.send(line)?;
    reply(conn)
}

/// Sends `line` and wants a 2xx reply.
fn expect_ok(conn: &mut Conn<'_, '_>, line: &[u8]) -> Result<Reply, Error> {
    let r = command(conn, line)?;
    if (200..300).contains(&r.code) {
        Ok(r)
    } else {
        Err(refused(shown(line), r))
    }
}

pub(crate) fn fetch(
    _view: &FtpUrl<'_>,
    plan: &Plan,
    opts: &Options,
    sink: &mut Sink<'_>,
    trace: &mut Trace<'_>,
) -> Result<(), Error> {
    let mut steps = plan.steps.iter();
    let (host, port) = conn::planned_connection(&mut steps, "an FTP")?;
    let stream = conn::connect(host, port, opts, trace)?;
    let mut conn = Conn::new(stream, trace, "the FTP server");
    let greeting = reply(&mut conn)?;
    if !(200..300).contains(&greeting.code) {
        return Err(refused("the connection", greeting));
    }
    let mut logged_in = false;
    let mut typed = false;
    let mut ascii = false;
    for step in steps {
        match step {
            Step::Send(line) if line.starts_with(b"USER ") => {
                let r = command(&mut conn, line)?;
                match r.code {
                    // "a server that answers 230 after USER needs no PASS"
                    230 => logged_in = true,
                    331 | 332 => {}
                    _ => return Err(refused(shown(line), r)),
                }
            }
            Step::Send(line) if line.starts_with(b"PASS ") => {
                if !logged_in {
                    conn.send_hidden(line, "PASS <password>")?;
                    login_reply(&mut conn)?;
                }
            }
            Step::SendSecret { command: cmd, secret } => {
                if !logged_in {
                    let (password, shown_as) = match secret {
                        Secret::MailAddress => (opts.mail_address.clone(), "<your mail address>"),
                        Secret::AskUser => (
                            opts.password.clone().ok_or_else(|| {
                                Error::Invalid(
                                    "the server asks a password the URL does not give: pass one (URIKIT_PASSWORD)"
                                        .into(),
                                )
                            })?,
                            "<password asked of the user>",
                        ),
                        _ => return Err(Error::Protocol("a secret urikit cannot supply".into())),
                    };
                    if password.bytes().any(|b| b == b'\r' || b == b'\n' || b == 0) {
                        return Err(Error::Invalid("the password holds a CR, LF or NUL".into()));
                    }
                    let line = format!("{cmd} {password}\r\n");
                    conn.send_hidden(line.as_bytes(), &format!("{cmd} {shown_as}"))?;
                    login_reply(&mut conn)?;
                }
            }
            Step::Send(line) if line.starts_with(b"CWD ") => {
                expect_ok(&mut conn, line)?;
            }
            Step::Send(line) if line.starts_with(b"TYPE ") => {
                expect_ok(&mut conn, line)?;
                typed = true;
                ascii = line.starts_with(b"TYPE A");
            }
            Step::Send(line) if line.starts_with(b"RETR ") => {
                if !typed {
                    // The plan leaves the type to the client: image, so the
                    // octets arrive as stored.
                    expect_ok(&mut conn, b"TYPE I\r\n")?;
                }
                retrieve(&mut conn, line, ascii, opts, sink)?;
            }
            Step::Send(line) if line.starts_with(b"NLST") => {
                transfer(&mut conn, line, true, opts, sink)?;
            }
            Step::Note(text) => conn.trace.comment(text),
            other => {
                return Err(Error::Protocol(format!(
                    "an FTP plan step urikit does not know: {other}"
                )))
            }
        }
    }
    // Politeness; the transfer is complete whatever the answer.
    if conn.send(b"QUIT\r\n").is_ok() {
        let _ = reply(&mut conn);
    }
    Ok(())
}

fn login_reply(conn: &mut Conn<'_, '_>) -> Result<(), Error> {
    let r = reply(conn)?;
    match r.code {
        200..=299 => Ok(()),
        _ => Err(refused("PASS <password>", r)),
    }
}

/// RETR; when the server refuses it and the name is a directory (a `CWD`
/// to it succeeds), its listing instead (RFC 1738 §3.2.2: a name that is a
/// directory is listed).
fn retrieve(
    conn: &mut Conn<'_, '_>,
    line: &[u8],
    ascii: bool,
    opts: &Options,
    sink: &mut Sink<'_>,
) -> Result<(), Error> {
    match transfer(conn, line, ascii, opts, sink) {
        Err(Error::Reply {
            command: retr,
            reply: text,
        }) if text.starts_with('5') && sink.written() == 0 => {
            let name = &line[b"RETR ".len()..line.len() - 2];
            let mut cwd = b"CWD ".to_vec();
            cwd.extend_from_slice(name);
            cwd.extend_from_slice(b"\r\n");
            conn.trace.comment("RETR refused: is the name a directory?");
            let r = command(conn, &cwd)?;
            if (200..300).contains(&r.code) {
                conn.trace.comment("it is: list it");
                transfer(conn, b"NLST\r\n", true, opts, sink)
            } else {
                Err(Error::Reply {
                    command: retr,
                    reply: text,
                })
            }
        }
        other => other,
    }
}

/// Opens a passive data connection, sends `line`, copies the data to
/// `sink`, and reads the completion reply.
fn transfer(
    conn: &mut Conn<'_, '_>,
    line: &[u8],
    ascii: bool,
    opts: &Options,
    sink: &mut Sink<'_>,
) -> Result<(), Error> {
    let addr = passive(conn)?;
    let mut data = TcpStream::connect_timeout(&addr, opts.connect_timeout)
        .map_err(|e| Error::io(format!("opening the FTP data connection to {addr}"), e))?;
    conn::set_timeouts(&data, opts).map_err(|e| Error::io("the FTP data connection", e))?;
    let r = command(conn, line)?;
    if !(100..200).contains(&r.code) && !(200..300).contains(&r.code) {
        return Err(refused(shown(line), r));
    }
    let preliminary = r.code < 200;
    if ascii {
        let mut crlf = CrLf {
            sink: &mut *sink,
            pending_cr: false,
        };
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = data
                .read(&mut buf)
                .map_err(|e| Error::io("reading the FTP data connection", e))?;
            if n == 0 {
                break;
            }
            crlf.write(&buf[..n])?;
        }
        crlf.finish()?;
    } else {
        sink.copy(&mut data, "the FTP data connection")?;
    }
    drop(data);
    if preliminary {
        let done = reply(conn)?;
        if !(200..300).contains(&done.code) {
            return Err(refused(shown(line), done));
        }
    }
    Ok(())
}

/// EPSV (RFC 2428), and PASV when the server does not know it; the data
/// connection goes to the control connection's peer, never to an address
/// the server names (no FTP bounce).
fn passive(conn: &mut Conn<'_, '_>) -> Result<SocketAddr, Error> {
    let peer = conn
        .stream()
        .peer_addr()
        .map_err(|e| Error::io("the FTP control connection", e))?;
    let r = command(conn, b"EPSV\r\n")?;
    if r.code == 229 {
        let port = r
            .text
            .split_once("(|||")
            .and_then(|(_, rest)| rest.split_once("|)"))
            .and_then(|(p, _)| p.parse::<u16>().ok())
            .ok_or_else(|| Error::Protocol(format!("cannot read the port of the EPSV reply {:?}", r.text)))?;
        return Ok(SocketAddr::new(peer.ip(), port));
    }
    let r = command(conn, b"PASV\r\n")?;
    if r.code != 227 {
        return Err(refused("PASV (after EPSV)", r));
    }
    let numbers: Vec<u16> = r
        .text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .skip(1) // the code
        .filter_map(|s| s.parse().ok())
        .collect();
    match numbers[..] {
        [.., p1, p2] if numbers.len() >= 6 && p1 < 256 && p2 < 256 => Ok(SocketAddr::new(peer.ip(), p1 * 256 + p2)),
        _ => Err(Error::Protocol(format!(
            "cannot read the address of the PASV reply {:?}",
            r.text
        ))),
    }
}
