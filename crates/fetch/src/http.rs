//! HTTP/1.0 as RFC 1738 §3.3 and the plan give it: `GET path?search
//! HTTP/1.0`, `Host:`, a blank line; a redirect is followed up to a limit,
//! each hop through the guards again.

use std::io::Read;

use urikit::scheme::{Plan, Step};
use urikit::Url;

use crate::conn::{self, Conn, Sink, Trace};
use crate::{Error, Options};

/// The most header octets read.
const MAX_HEAD: usize = 64 * 1024;

pub(crate) fn fetch(
    url: &Url,
    plan: &Plan,
    opts: &Options,
    sink: &mut Sink<'_>,
    trace: &mut Trace<'_>,
    stdin: &mut Option<crate::Stdin>,
    redirects_left: u32,
) -> Result<(), Error> {
    let mut steps = plan.steps.iter();
    let (host, port) = conn::planned_connection(&mut steps, "an HTTP")?;
    let stream = conn::connect(host, port, opts, trace)?;
    let mut conn = Conn::new(stream, trace, "the HTTP server");
    let mut request = Vec::new();
    for step in steps {
        match step {
            Step::Send(bytes) => {
                conn.trace.sent(bytes);
                request.extend_from_slice(bytes);
            }
            Step::Note(text) => conn.trace.comment(text),
            other => {
                return Err(Error::Protocol(format!(
                    "an HTTP plan step urikit does not know: {other}"
                )))
            }
        }
    }
    // One write: the request as the plan has it.
    conn.reader
        .get_mut()
        .write_all(&request)
        .map_err(|e| Error::io("sending to the HTTP server", e))?;
    let status_line = conn.need_line()?;
    let status = parse_status(&status_line).ok_or_else(|| {
        Error::Protocol(format!(
            "the HTTP server sent {:?}, not a status line",
            String::from_utf8_lossy(&status_line)
        ))
    })?;
    let mut location = None;
    let mut length: Option<u64> = None;
    let mut head = status_line.len();
    loop {
        let line = conn.need_line()?;
        head += line.len() + 2;
        if head > MAX_HEAD {
            return Err(Error::Protocol(format!(
                "the HTTP header is longer than {MAX_HEAD} bytes"
            )));
        }
        if line.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        if let Some((name, value)) = text.split_once(':') {
            let value = value.trim();
            if name.eq_ignore_ascii_case("location") {
                location = Some(value.to_owned());
            } else if name.eq_ignore_ascii_case("content-length") {
                length = value.parse().ok();
            }
        }
    }
    let status_text = String::from_utf8_lossy(&status_line).into_owned();
    match status {
        200..=299 => {
            if let Some(n) = length {
                if n > opts.max_size {
                    return Err(Error::TooLarge(opts.max_size));
                }
                let mut body = (&mut conn.reader).take(n);
                sink.copy(&mut body, "the HTTP server")?;
                if body.limit() > 0 {
                    return Err(Error::Protocol(format!(
                        "the HTTP server closed the connection {} bytes before the Content-Length",
                        body.limit()
                    )));
                }
                Ok(())
            } else {
                sink.copy(&mut conn.reader, "the HTTP server")
            }
        }
        300..=399 if location.is_some() => {
            let location = location.unwrap_or_default();
            if redirects_left == 0 {
                return Err(Error::Protocol(format!(
                    "too many redirects (limit {}): {status_text:?} to {location}",
                    opts.max_redirects
                )));
            }
            drop(conn);
            let next = url
                .resolve_with(&location, opts.spec)
                .map_err(|e| Error::Protocol(format!("the redirect to {location:?} is not a URL: {e}")))?;
            if !next.scheme().eq_ignore_ascii_case("http") {
                return Err(Error::Refused(format!(
                    "{status_text:?} redirects to {next}, another scheme: not followed"
                )));
            }
            trace.comment(&format!("{status_text}: follow the redirect to {next}"));
            crate::fetch_url(&next, opts, sink, trace, stdin, redirects_left - 1)
        }
        _ => Err(Error::Reply {
            command: format!("GET {}", String::from_utf8_lossy(request_target(&request))),
            reply: status_text,
        }),
    }
}

fn request_target(request: &[u8]) -> &[u8] {
    let line = request.split(|&b| b == b'\r').next().unwrap_or_default();
    let line = line.strip_prefix(b"GET ").unwrap_or(line);
    line.strip_suffix(b" HTTP/1.0").unwrap_or(line)
}

/// The code of `HTTP/x.y ddd reason`.
fn parse_status(line: &[u8]) -> Option<u16> {
    let rest = line.strip_prefix(b"HTTP/")?;
    let space = rest.iter().position(|&b| b == b' ')?;
    let code = rest.get(space + 1..space + 4)?;
    if !code.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(code).ok()?.parse().ok()
}

use std::io::Write as _;
