//! HTTP as the plan gives it: for http, HTTP/1.0 as RFC 1738 §3.3 has it
//! (`GET path?search HTTP/1.0`, `Host:`, a blank line); for https, the
//! same code over TLS, with HTTP/1.1 and `Connection: close` (RFC 9110
//! §4.2.2). One reader for both: interim 1xx responses passed over, the
//! body by `Content-Length`, in chunks (RFC 9112 §7.1), or to the end of the
//! connection. A redirect is followed up to a limit, each hop through the
//! guards again; to http or https only, and from https to http only when
//! asked ([`Options::allow_downgrade`]).

use std::io::{Read, Write};

use urikit::scheme::{Plan, Step};
use urikit::Url;

use crate::conn::{self, Conn, Sink, Stream, Trace};
use crate::{tls, Error, Options};

/// The most header octets read, interim responses included.
const MAX_HEAD: usize = 64 * 1024;

/// What the header of a response says about what follows.
#[derive(Debug, Default)]
struct Head {
    location: Option<String>,
    length: Option<u64>,
    chunked: bool,
}

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
    let secured = match steps.as_slice().first() {
        Some(step @ Step::Tls { server_name }) => Some((step, server_name, tls::client_config(opts)?)),
        _ => None,
    };
    let tcp = conn::connect(host, port, opts, trace)?;
    let stream = match secured {
        Some((step, server_name, config)) => {
            steps.next();
            trace.step(step);
            tls::secure(tcp, server_name, config, trace)?
        }
        None => Stream::from(tcp),
    };
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
    let writer = conn.reader.get_mut();
    writer
        .write_all(&request)
        .and_then(|()| writer.flush())
        .map_err(|e| Error::io("sending to the HTTP server", e))?;
    let mut head_size = 0;
    let (status_line, status, head) = loop {
        let status_line = conn.need_line()?;
        let status = parse_status(&status_line).ok_or_else(|| {
            Error::Protocol(format!(
                "the HTTP server sent {:?}, not a status line",
                String::from_utf8_lossy(&status_line)
            ))
        })?;
        head_size += status_line.len() + 2;
        let head = read_head(&mut conn, &mut head_size)?;
        // An interim response (RFC 9110 §15.2): the final one follows. 101
        // switches protocols, which was never asked for.
        if (100..200).contains(&status) && status != 101 {
            continue;
        }
        break (status_line, status, head);
    };
    let status_text = String::from_utf8_lossy(&status_line).into_owned();
    match status {
        // No body, whatever the header says (RFC 9112 §6.3).
        204 => Ok(()),
        200..=299 if head.chunked => chunked(&mut conn, sink),
        200..=299 => {
            if let Some(n) = head.length {
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
        300..=399 if head.location.is_some() => {
            let location = head.location.unwrap_or_default();
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
            follows(url, &next, opts).map_err(|why| Error::Refused(format!("{status_text:?} {why}")))?;
            trace.comment(&format!("{status_text}: follow the redirect to {next}"));
            crate::fetch_url(&next, opts, sink, trace, stdin, redirects_left - 1)
        }
        _ => Err(Error::Reply {
            command: format!("GET {}", String::from_utf8_lossy(request_target(&request))),
            reply: status_text,
        }),
    }
}

/// Whether a redirect from `from` to `to` is followed: to http or https
/// (as curl does, from http to https too), but from https to http, which
/// would send the next request in the clear, only when asked. The error
/// says why not, to follow the status line.
fn follows(from: &Url, to: &Url, opts: &Options) -> Result<(), String> {
    let secure = |u: &Url| u.scheme().eq_ignore_ascii_case("https");
    if !secure(to) && !to.scheme().eq_ignore_ascii_case("http") {
        return Err(format!("redirects to {to}, another scheme: not followed"));
    }
    if secure(from) && !secure(to) && !opts.allow_downgrade {
        return Err(format!(
            "redirects from https to {to}, which would send the request unencrypted: not followed \
             (--allow-downgrade to follow it)"
        ));
    }
    Ok(())
}

/// The header lines up to the blank one, each traced; `size` counts the
/// octets of the whole head, against [`MAX_HEAD`].
fn read_head(conn: &mut Conn<'_, '_>, size: &mut usize) -> Result<Head, Error> {
    let mut head = Head::default();
    loop {
        let line = conn.need_line()?;
        *size += line.len() + 2;
        if *size > MAX_HEAD {
            return Err(Error::Protocol(format!(
                "the HTTP header is longer than {MAX_HEAD} bytes"
            )));
        }
        if line.is_empty() {
            return Ok(head);
        }
        let text = String::from_utf8_lossy(&line);
        let Some((name, value)) = text.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("location") {
            head.location = Some(value.to_owned());
        } else if name.eq_ignore_ascii_case("content-length") {
            head.length = value.parse().ok();
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            // No TE header is sent: chunked is the one coding a server may
            // apply (RFC 9112 §7.4).
            if !value.eq_ignore_ascii_case("chunked") {
                return Err(Error::Protocol(format!(
                    "the HTTP server sent the body with Transfer-Encoding {value:?}, which urikit does not decode"
                )));
            }
            head.chunked = true;
        }
    }
}

/// A chunked body (RFC 9112 §7.1): chunks of a hexadecimal size line
/// (extensions after `;` ignored), that many octets and CR LF, up to a
/// chunk of size 0; then the trailer lines, up to a blank one, passed over.
fn chunked(conn: &mut Conn<'_, '_>, sink: &mut Sink<'_>) -> Result<(), Error> {
    let cut = || Error::Protocol("the HTTP server closed the connection inside a chunked body".to_owned());
    loop {
        let line = conn.quiet_line()?.ok_or_else(cut)?;
        let size = chunk_size(&line).ok_or_else(|| {
            Error::Protocol(format!(
                "the HTTP server sent {:?}, not a chunk size",
                String::from_utf8_lossy(&line)
            ))
        })?;
        if size == 0 {
            break;
        }
        let mut chunk = (&mut conn.reader).take(size);
        sink.copy(&mut chunk, "the HTTP server")?;
        if chunk.limit() > 0 {
            return Err(cut());
        }
        if !conn.quiet_line()?.ok_or_else(cut)?.is_empty() {
            return Err(Error::Protocol(
                "the HTTP server sent a chunk longer than its size".to_owned(),
            ));
        }
    }
    let mut trailer = 0;
    loop {
        let line = conn.quiet_line()?.ok_or_else(cut)?;
        trailer += line.len() + 2;
        if trailer > MAX_HEAD {
            return Err(Error::Protocol(format!(
                "the HTTP trailer is longer than {MAX_HEAD} bytes"
            )));
        }
        if line.is_empty() {
            return Ok(());
        }
    }
}

/// The size of a chunk-size line: hexadecimal digits (at most 16, so that
/// it fits), then optionally whitespace and `;` extensions.
fn chunk_size(line: &[u8]) -> Option<u64> {
    let digits = line.split(|&b| b == b';').next()?.trim_ascii_end();
    if digits.is_empty() || digits.len() > 16 || !digits.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    u64::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
}

/// The target of the request's first line, `GET <target> HTTP/1.x`.
fn request_target(request: &[u8]) -> &[u8] {
    let line = request.split(|&b| b == b'\r').next().unwrap_or_default();
    let line = line.strip_prefix(b"GET ").unwrap_or(line);
    match line.iter().rposition(|&b| b == b' ') {
        Some(space) if line[space..].starts_with(b" HTTP/") => &line[..space],
        _ => line,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_sizes() {
        assert_eq!(chunk_size(b"1a"), Some(26));
        assert_eq!(chunk_size(b"0"), Some(0));
        assert_eq!(chunk_size(b"FF;name=value"), Some(255));
        assert_eq!(chunk_size(b"10 ;x"), Some(16));
        assert_eq!(chunk_size(b"ffffffffffffffff"), Some(u64::MAX));
        for bad in [&b""[..], b"x", b"-1", b"+1", b"1 2", b"10000000000000000", b";x"] {
            assert_eq!(chunk_size(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn request_targets() {
        assert_eq!(request_target(b"GET /a?b HTTP/1.0\r\nHost: h\r\n"), b"/a?b");
        assert_eq!(request_target(b"GET /a%20b HTTP/1.1\r\n"), b"/a%20b");
    }

    /// Which redirects are followed, with and without the downgrade.
    #[test]
    fn redirects_by_scheme() {
        let url = |s: &str| Url::parse_with(s, urikit::Spec::Rfc3986).unwrap();
        let mut opts = Options::default();
        assert!(follows(&url("http://h/"), &url("https://h/"), &opts).is_ok());
        assert!(follows(&url("https://h/"), &url("https://g/"), &opts).is_ok());
        assert!(follows(&url("http://h/"), &url("http://g/"), &opts).is_ok());
        let e = follows(&url("https://h/"), &url("http://h/"), &opts).unwrap_err();
        assert!(e.contains("--allow-downgrade"), "{e}");
        let e = follows(&url("https://h/"), &url("gopher://h/"), &opts).unwrap_err();
        assert!(e.contains("another scheme"), "{e}");
        opts.allow_downgrade = true;
        assert!(follows(&url("https://h/"), &url("HTTP://h/"), &opts).is_ok());
        assert!(follows(&url("https://h/"), &url("ftp://h/"), &opts).is_err());
    }
}
