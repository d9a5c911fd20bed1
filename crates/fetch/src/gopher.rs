//! Gopher (RFC 1436) as RFC 1738 §3.4 gives it: the plan's selector line,
//! then everything the server sends until it closes.

use std::io::Read;

use urikit::scheme::{GopherUrl, Plan, Step};

use crate::conn::{self, Sink, Trace};
use crate::{Error, Options};

pub(crate) fn fetch(
    view: &GopherUrl<'_>,
    plan: &Plan,
    opts: &Options,
    sink: &mut Sink<'_>,
    trace: &mut Trace<'_>,
) -> Result<(), Error> {
    let mut steps = plan.steps.iter();
    let (host, port) = conn::planned_connection(&mut steps, "a gopher")?;
    let mut stream = conn::connect(host, port, opts, trace)?;
    for step in steps {
        match step {
            Step::Send(line) => {
                trace.sent(line);
                std::io::Write::write_all(&mut stream, line)
                    .map_err(|e| Error::io("sending to the gopher server", e))?;
            }
            Step::Note(text) => trace.comment(text),
            other => {
                return Err(Error::Protocol(format!(
                    "a gopher plan step urikit does not know: {other}"
                )))
            }
        }
    }
    let kind = view.gopher_type();
    if opts.raw || !matches!(kind, '0' | '1' | '7') {
        trace.comment("the reply, as it comes, to the end of the connection");
        return sink.copy(&mut stream, "the gopher server");
    }
    // Menus and text are read whole (within the cap), to be rendered.
    let mut reply = Vec::new();
    (&mut stream)
        .take(opts.max_size + 1)
        .read_to_end(&mut reply)
        .map_err(|e| Error::io("reading from the gopher server", e))?;
    if reply.len() as u64 > opts.max_size {
        return Err(Error::TooLarge(opts.max_size));
    }
    trace.comment(&format!("{} bytes received", reply.len()));
    if let Some(error) = error_item(&reply) {
        return Err(Error::Reply {
            command: format!("the selector {:?}", view.selector().to_text()),
            reply: error,
        });
    }
    match kind {
        '1' | '7' => menu(&reply, sink),
        _ => text(&reply, sink),
    }
}

/// The display string of a reply that is one type-3 (error) item.
fn error_item(reply: &[u8]) -> Option<String> {
    let body = strip_terminator(reply).unwrap_or(reply);
    let lines: Vec<&[u8]> = body
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty() && *l != b"\r")
        .collect();
    match lines[..] {
        [line] if line.first() == Some(&b'3') && line.iter().filter(|&&b| b == b'\t').count() >= 3 => {
            let display = line[1..].split(|&b| b == b'\t').next().unwrap_or_default();
            Some(String::from_utf8_lossy(display).into_owned())
        }
        _ => None,
    }
}

/// The reply without its final `.` line, if it ends in one (RFC 1436:
/// "Lastline is a period on a line by itself").
fn strip_terminator(reply: &[u8]) -> Option<&[u8]> {
    if reply == b".\r\n" || reply == b".\n" || reply == b"." {
        return Some(b"");
    }
    for end in [&b"\r\n.\r\n"[..], b"\n.\n", b"\r\n.", b"\n."] {
        if let Some(body) = reply.strip_suffix(end) {
            return Some(&reply[..body.len() + end.iter().position(|&b| b == b'.').unwrap_or(0)]);
        }
    }
    None
}

/// A text item: when the server ended it with a `.` line, that line is
/// dropped and the lines' `.`-stuffing undone (RFC 1436); when it did not
/// (most servers send files as they are), the octets are the file's.
fn text(reply: &[u8], sink: &mut Sink<'_>) -> Result<(), Error> {
    let Some(body) = strip_terminator(reply) else {
        return sink.write(reply);
    };
    let mut out = Vec::with_capacity(body.len());
    for line in body.split_inclusive(|&b| b == b'\n') {
        out.extend_from_slice(
            line.strip_prefix(b"..")
                .map_or(line, |rest| &line[1..1 + rest.len() + 1]),
        );
    }
    sink.write(&out)
}

/// A menu, one line per item: the item's gopher URL, a TAB, its display
/// string. Information items (`i`) have no URL: the TAB and the display.
fn menu(reply: &[u8], sink: &mut Sink<'_>) -> Result<(), Error> {
    let body = strip_terminator(reply).unwrap_or(reply);
    for line in body.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        let kind = line[0];
        let mut fields = line[1..].split(|&b| b == b'\t');
        let display = fields.next().unwrap_or_default();
        let selector = fields.next().unwrap_or_default();
        let host = fields.next().unwrap_or_default();
        let port = fields.next().unwrap_or_default();
        let mut out = Vec::new();
        if kind != b'i' && kind != b'3' && !host.is_empty() {
            out.extend_from_slice(b"gopher://");
            out.extend_from_slice(host);
            if !port.is_empty() && port != b"70" {
                out.push(b':');
                out.extend_from_slice(port);
            }
            out.push(b'/');
            push_xchar(&mut out, &[kind]);
            push_xchar(&mut out, selector);
        }
        out.push(b'\t');
        // The display string goes to a terminal: control characters shown.
        for &b in display {
            if b.is_ascii_control() {
                out.extend_from_slice(format!("%{b:02X}").as_bytes());
            } else {
                out.push(b);
            }
        }
        out.push(b'\n');
        sink.write(&out)?;
    }
    Ok(())
}

/// Encodes what RFC 1738 §2.2 calls unsafe (the controls, space,
/// `<>"#%{}|\^~[]` and `` ` ``, the octets past ASCII, and `?`, which
/// would start a search part): a gopher URL's
/// path is xchars, reserved ones included, so the rest stay as they are.
fn push_xchar(out: &mut Vec<u8>, bytes: &[u8]) {
    for &b in bytes {
        if b <= 0x20 || b >= 0x7F || b"<>\"#%{}|\\^~[]`?".contains(&b) {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminator_lines() {
        assert_eq!(strip_terminator(b"a\r\nb\r\n.\r\n"), Some(&b"a\r\nb\r\n"[..]));
        assert_eq!(strip_terminator(b"a\n.\n"), Some(&b"a\n"[..]));
        assert_eq!(strip_terminator(b".\r\n"), Some(&b""[..]));
        assert_eq!(strip_terminator(b"a\r\nb\r\n"), None);
        // A line that merely ends in '.' is not the terminator.
        assert_eq!(strip_terminator(b"a.\r\n"), None);
    }

    #[test]
    fn error_items() {
        assert_eq!(
            error_item(b"3'/nope' does not exist\t\terror.host\t1\r\n").as_deref(),
            Some("'/nope' does not exist")
        );
        assert_eq!(error_item(b"3 is a number\r\n"), None);
        assert_eq!(error_item(b"0a\t/a\th\t70\r\n3b\t\terror.host\t1\r\n"), None);
    }

    #[test]
    fn selector_encoding() {
        let mut out = Vec::new();
        push_xchar(&mut out, b"/a b\t?%;/x");
        assert_eq!(out, b"/a%20b%09%3F%25;/x");
    }
}
