//! `mailto` (RFC 1738 §3.5): a message to the address, its body from
//! stdin, submitted by SMTP (RFC 821) to the server the user names.

use std::io::Read;

use urikit::scheme::MailtoUrl;

use crate::conn::{self, Conn, Sink, Trace};
use crate::{Error, Options};

/// The largest body read from stdin.
const MAX_BODY: u64 = 16 << 20;

fn reply(conn: &mut Conn<'_, '_>) -> Result<(u16, String), Error> {
    let mut text = String::new();
    loop {
        let line = conn.need_line()?;
        let code = line
            .get(..3)
            .filter(|c| c.iter().all(u8::is_ascii_digit))
            .and_then(|c| std::str::from_utf8(c).ok()?.parse::<u16>().ok())
            .ok_or_else(|| {
                Error::Protocol(format!(
                    "the SMTP server sent {:?}, not a reply",
                    String::from_utf8_lossy(&line)
                ))
            })?;
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&String::from_utf8_lossy(&line));
        if line.get(3) != Some(&b'-') {
            return Ok((code, text));
        }
        if text.len() > 64 * 1024 {
            return Err(Error::Protocol("the SMTP server's reply does not end".into()));
        }
    }
}

fn command(conn: &mut Conn<'_, '_>, line: &[u8], want: &[u16]) -> Result<(), Error> {
    conn.send(line)?;
    let (code, text) = reply(conn)?;
    if want.contains(&code) {
        Ok(())
    } else {
        Err(Error::Reply {
            command: String::from_utf8_lossy(line.strip_suffix(b"\r\n").unwrap_or(line)).into_owned(),
            reply: text,
        })
    }
}

/// Whether `bytes` can stand in `<...>` of an SMTP command and a header.
fn plain(bytes: &[u8]) -> bool {
    !bytes.is_empty() && bytes.iter().all(|&b| b.is_ascii_graphic() && b != b'<' && b != b'>')
}

pub(crate) fn send(
    view: &MailtoUrl<'_>,
    opts: &Options,
    _sink: &mut Sink<'_>,
    trace: &mut Trace<'_>,
    stdin: &mut Option<crate::Stdin>,
) -> Result<(), Error> {
    let to = view.address().as_bytes().to_vec();
    if !plain(&to) {
        return Err(Error::Refused(format!(
            "the address {:?} holds a space, a control character, '<' or '>': it cannot go into an SMTP command as it is",
            String::from_utf8_lossy(&to)
        )));
    }
    if !plain(opts.mail_from.as_bytes()) {
        return Err(Error::Invalid(format!(
            "the sender {:?} is not a plain address",
            opts.mail_from
        )));
    }
    let server = opts
        .smtp_server
        .as_deref()
        .ok_or_else(|| Error::Invalid("a mailto URL is sent by SMTP: pass --smtp HOST:PORT".into()))?;
    let (host, port) = server
        .rsplit_once(':')
        .and_then(|(h, p)| Some((h, p.parse::<u16>().ok()?)))
        .ok_or_else(|| Error::Invalid(format!("--smtp {server:?}: expected HOST:PORT")))?;
    let mut body = Vec::new();
    let Some(stdin) = stdin.take() else {
        return Err(Error::Invalid("the message body was read already".into()));
    };
    stdin
        .take(MAX_BODY + 1)
        .read_to_end(&mut body)
        .map_err(|e| Error::io("reading the message body from stdin", e))?;
    if body.len() as u64 > MAX_BODY {
        return Err(Error::TooLarge(MAX_BODY));
    }
    let stream = conn::connect(host, port, opts, trace)?;
    let mut conn = Conn::new(stream, trace, "the SMTP server");
    let (code, text) = reply(&mut conn)?;
    if code != 220 {
        return Err(Error::Reply {
            command: "the connection".into(),
            reply: text,
        });
    }
    command(&mut conn, b"HELO localhost\r\n", &[250])?;
    command(
        &mut conn,
        format!("MAIL FROM:<{}>\r\n", opts.mail_from).as_bytes(),
        &[250],
    )?;
    let mut rcpt = b"RCPT TO:<".to_vec();
    rcpt.extend_from_slice(&to);
    rcpt.extend_from_slice(b">\r\n");
    command(&mut conn, &rcpt, &[250, 251])?;
    command(&mut conn, b"DATA\r\n", &[354])?;
    let mut message = format!("From: <{}>\r\nTo: <", opts.mail_from).into_bytes();
    message.extend_from_slice(&to);
    message.extend_from_slice(b">\r\n\r\n");
    // Lines end in CR LF; a line starting with '.' gets another (RFC 821 §4.5.2).
    for line in body.split_inclusive(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.first() == Some(&b'.') {
            message.push(b'.');
        }
        message.extend_from_slice(line);
        message.extend_from_slice(b"\r\n");
    }
    conn.trace
        .comment(&format!("the message: headers and {} bytes of body", body.len()));
    conn.send_hidden(&message, "<the message>")?;
    command(&mut conn, b".\r\n", &[250])?;
    if conn.send(b"QUIT\r\n").is_ok() {
        let _ = reply(&mut conn);
    }
    Ok(())
}
