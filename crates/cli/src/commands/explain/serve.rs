//! `explain --serve`: the page of `explain --html`, with a form, from a
//! small HTTP/1.1 server on 127.0.0.1.
//!
//! It listens on the loopback address only (there is no option for another)
//! and answers one request per connection (`Connection: close`), each in a
//! thread of its own, at most [`MAX_CONNECTIONS`] at a time:
//!
//! - `GET /` (and `HEAD /`) gives the page with an empty form, and
//!   `GET /?url=U&base=B`, what the form sends, the page explaining `U`
//!   against `B` (an empty `base` is none), computed by the library;
//! - another path is 404, another method 405, a request line and headers
//!   over [`HEAD_LIMIT`] octets 431, a `Host` other than this server's 421
//!   (a page of another name that resolves here gets nothing), a query
//!   with a `%` not followed by two hex digits, or whose decoded `url` or
//!   `base` is not UTF-8, 400, each with a page saying why.
//!
//! Every answer carries the page's Content-Security-Policy (it loads
//! nothing, and its form posts only here), and each request is logged on
//! stderr, one line with its request line shown by [`Shown`].

use std::fmt;
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::Context;
use urikit::explain;

use super::html::{self, Form};
use crate::output;
use crate::term::Shown;

/// The request line and the headers, with their line ends, may take this
/// many octets: more is answered 431.
pub const HEAD_LIMIT: usize = 32 * 1024;

/// Connections answered at once; one more is closed at once.
const MAX_CONNECTIONS: usize = 64;

/// How long a client may take to send its request line and headers, and
/// to read the answer: a slow one does not hold a thread longer.
const TIMEOUT: Duration = Duration::from_secs(10);

/// How much of a request line a log line shows.
const LOGGED: usize = 300;

/// Serves on 127.0.0.1:`port` (0: a free port), saying where on stderr,
/// until the process is killed.
///
/// # Errors
///
/// When the port cannot be bound.
pub fn run(port: u16) -> anyhow::Result<()> {
    let listener =
        TcpListener::bind((Ipv4Addr::LOCALHOST, port)).with_context(|| format!("cannot listen on 127.0.0.1:{port}"))?;
    let here = listener.local_addr()?;
    output::say(format_args!("urikit: serving on http://{here}/"));
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            Err(e) => {
                // Out of descriptors, or a connection reset before it was
                // taken: the next one may do.
                output::say(format_args!("urikit: cannot accept a connection: {e}"));
                thread::sleep(Duration::from_millis(50));
                continue;
            }
        };
        if open.fetch_add(1, Ordering::AcqRel) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::AcqRel);
            continue;
        }
        let counted = Arc::clone(&open);
        let spawned = thread::Builder::new().name("urikit-serve".into()).spawn(move || {
            connection(stream, here);
            counted.fetch_sub(1, Ordering::AcqRel);
        });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::AcqRel);
        }
    }
    Ok(())
}

/// Answers the one request of a connection, and logs it.
fn connection(mut stream: TcpStream, here: SocketAddr) {
    let _ = stream.set_read_timeout(Some(TIMEOUT));
    let _ = stream.set_write_timeout(Some(TIMEOUT));
    let peer = stream
        .peer_addr()
        .map_or_else(|_| "(unknown)".to_owned(), |a| a.to_string());
    let (head, answer) = match read_head(&mut stream, Instant::now() + TIMEOUT) {
        Ok(Some(head)) => {
            let answer = answer(&head, here.port());
            (head, answer)
        }
        Err(TooLarge(head)) => (head, Answer::error(431, "the request line and headers are over 32 KiB")),
        // Closed or timed out before a whole request: nothing to answer.
        Ok(None) => return,
    };
    let sent = stream.write_all(&answer.bytes()).and_then(|()| stream.flush());
    let _ = stream.shutdown(Shutdown::Write);
    if answer.status == 431 {
        // What the client still sends is read (up to a bound) before the
        // connection is closed, so that the close does not reset it before
        // the client has read the answer.
        let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
        let _ = io::copy(&mut (&mut stream).take(1 << 20), &mut io::sink());
    }
    let line = request_line(&head);
    let cut = if line.len() > LOGGED {
        cut_at(line, LOGGED)
    } else {
        line
    };
    output::say(format_args!(
        "urikit: {peer} \"{}{}\" {}{}",
        Shown(cut),
        if cut.len() < line.len() { "…" } else { "" },
        answer.status,
        if sent.is_err() { " (not sent)" } else { "" }
    ));
}

/// A request whose head is over [`HEAD_LIMIT`], with what was read of it.
struct TooLarge(Vec<u8>);

/// Reads up to the empty line that ends the headers: the head, or `None`
/// when the connection ended before it, or `deadline` passed.
fn read_head(stream: &mut TcpStream, deadline: Instant) -> Result<Option<Vec<u8>>, TooLarge> {
    let mut head = Vec::with_capacity(1024);
    let mut buf = [0; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return Ok(None);
        }
        let n = match stream.read(&mut buf) {
            Ok(0) | Err(_) => return Ok(None),
            Ok(n) => n,
        };
        let searched = head.len().saturating_sub(3);
        head.extend_from_slice(&buf[..n]);
        if let Some(end) = head_end(&head, searched) {
            if end > HEAD_LIMIT {
                return Err(TooLarge(head));
            }
            head.truncate(end);
            return Ok(Some(head));
        }
        if head.len() > HEAD_LIMIT {
            return Err(TooLarge(head));
        }
    }
}

/// Where the head ends, just after its empty line (`\r\n\r\n`, or `\n\n`
/// of a client that ends lines with LF alone), searched for from `from`.
fn head_end(head: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(at) = memchr::memchr(b'\n', &head[i..]) {
        let lf = i + at;
        match head.get(lf + 1) {
            Some(b'\n') => return Some(lf + 2),
            Some(b'\r') if head.get(lf + 2) == Some(&b'\n') => return Some(lf + 3),
            _ => i = lf + 1,
        }
    }
    None
}

/// The first line of a head, without its line end.
fn request_line(head: &[u8]) -> &[u8] {
    let line = head.split(|&b| b == b'\n').next().unwrap_or_default();
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The first `n` octets of `s` or fewer, not cut inside a UTF-8 sequence.
fn cut_at(s: &[u8], n: usize) -> &[u8] {
    let mut end = n.min(s.len());
    while end > 0 && end < s.len() && (s[end] & 0xc0) == 0x80 {
        end -= 1;
    }
    &s[..end]
}

/// An answer: its status, and the page (not sent for HEAD).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The page.
    pub body: Vec<u8>,
    /// Whether the body is left out (HEAD).
    pub head_only: bool,
}

impl Answer {
    /// A page saying what is wrong, with `status`.
    fn error(status: u16, message: &str) -> Answer {
        let mut body = Vec::new();
        // Writing to memory does not fail.
        let _ = html::head(&mut body, None).and_then(|()| {
            write!(
                body,
                "<section class=\"error\">\n<h2>{status} {}</h2>\n<p class=\"failure\">",
                reason(status)
            )?;
            html::text(&mut body, message)?;
            body.write_all(b"</p>\n<p><a href=\"/\">The form</a></p>\n</section>\n</main>\n</body>\n</html>\n")
        });
        Answer {
            status,
            body,
            head_only: false,
        }
    }

    /// The answer as sent: the status line, the headers, the body.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.body.len() + 512);
        let _ = write!(
            out,
            "HTTP/1.1 {} {}\r\n\
             Content-Type: text/html; charset=utf-8\r\n\
             Content-Length: {}\r\n\
             Content-Security-Policy: {}; frame-ancestors 'none'\r\n\
             X-Content-Type-Options: nosniff\r\n\
             Referrer-Policy: no-referrer\r\n\
             Cache-Control: no-store\r\n\
             Connection: close\r\n",
            self.status,
            reason(self.status),
            self.body.len(),
            html::POLICY,
        );
        if self.status == 405 {
            out.extend_from_slice(b"Allow: GET, HEAD\r\n");
        }
        out.extend_from_slice(b"\r\n");
        if !self.head_only {
            out.extend_from_slice(&self.body);
        }
        out
    }
}

/// The reason phrase of a status this server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        505 => "HTTP Version Not Supported",
        _ => "Error",
    }
}

/// The answer to the request whose head is `head`, for a server on `port`.
pub fn answer(head: &[u8], port: u16) -> Answer {
    let line = request_line(head);
    let parts: Vec<&[u8]> = line.split(|&b| b == b' ').collect();
    let [method, target, version] = parts[..] else {
        return Answer::error(400, "the request line is not METHOD TARGET HTTP/1.1");
    };
    if version != b"HTTP/1.1" && version != b"HTTP/1.0" {
        return Answer::error(505, "this server speaks HTTP/1.0 and HTTP/1.1");
    }
    if let Some(wrong) = wrong_host(head, port, version == b"HTTP/1.1") {
        return Answer::error(421, &wrong);
    }
    let (path, query) = match memchr::memchr(b'?', target) {
        Some(i) => (&target[..i], Some(&target[i + 1..])),
        None => (target, None),
    };
    if path != b"/" {
        return Answer::error(404, "there is only the form, at /");
    }
    let head_only = match method {
        b"GET" => false,
        b"HEAD" => true,
        _ => return Answer::error(405, "only GET and HEAD are answered"),
    };
    let mut answer = match query.map(form).transpose() {
        Ok(fields) => page(&fields.unwrap_or_default()),
        Err(e) => Answer::error(400, &e.to_string()),
    };
    answer.head_only = head_only;
    answer
}

/// What is wrong with the `Host` header, for a server on 127.0.0.1:`port`:
/// one that names another host or port, or none in an HTTP/1.1 request.
fn wrong_host(head: &[u8], port: u16, required: bool) -> Option<String> {
    let host = head
        .split(|&b| b == b'\n')
        .skip(1)
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .find_map(|l| {
            let colon = memchr::memchr(b':', l)?;
            l[..colon]
                .eq_ignore_ascii_case(b"host")
                .then(|| l[colon + 1..].trim_ascii())
        });
    let Some(host) = host else {
        return required.then(|| "an HTTP/1.1 request names its Host".to_owned());
    };
    let ours = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    if ours.iter().any(|h| host.eq_ignore_ascii_case(h.as_bytes())) {
        return None;
    }
    Some(format!(
        "this server answers for 127.0.0.1:{port} only, not for Host {}",
        Shown(host)
    ))
}

/// The fields of the form, decoded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fields {
    /// The URL to explain: none when absent or empty.
    pub url: Option<String>,
    /// The base: none when absent or empty.
    pub base: Option<String>,
}

/// Why a query is not one the form sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormError {
    /// The query is not UTF-8 (a form sends `%XX` for every other octet).
    NotUtf8,
    /// A `%` at this offset of the query is not followed by two hex digits.
    BadEscape(usize),
    /// The decoded value of this field is not UTF-8.
    ValueNotUtf8(&'static str),
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormError::NotUtf8 => f.write_str("the query is not UTF-8; a form sends %XX for such octets"),
            FormError::BadEscape(at) => write!(
                f,
                "the query has a '%' not followed by two hex digits at offset {at}; a form sends '%' as %25"
            ),
            FormError::ValueNotUtf8(name) => {
                write!(
                    f,
                    "the field {name}, percent-decoded, is not UTF-8: only UTF-8 text is explained"
                )
            }
        }
    }
}

/// Decodes the query a form sends (`application/x-www-form-urlencoded`:
/// pairs split at `&`, `+` a space, `%XX` an octet): the first `url` and
/// the first `base`; other fields are let be.
///
/// # Errors
///
/// A query that is not UTF-8, a `%` not followed by two hex digits, and a
/// `url` or `base` that is not UTF-8 once decoded.
pub fn form(query: &[u8]) -> Result<Fields, FormError> {
    let query = std::str::from_utf8(query).map_err(|_| FormError::NotUtf8)?;
    let mut fields = Fields::default();
    let mut at = 0;
    for pair in query.split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = decode(name, at)?;
        let value = decode(value, at + pair.len() - value.len())?;
        at += pair.len() + 1;
        let (slot, field) = match &name[..] {
            b"url" => (&mut fields.url, "url"),
            b"base" => (&mut fields.base, "base"),
            _ => continue,
        };
        if slot.is_some() {
            continue;
        }
        let value = String::from_utf8(value.into_owned()).map_err(|_| FormError::ValueNotUtf8(field))?;
        *slot = Some(value).filter(|v| !v.is_empty());
    }
    Ok(fields)
}

/// `application/x-www-form-urlencoded` decoding of `s`, found at `offset`
/// of the query.
fn decode(s: &str, offset: usize) -> Result<std::borrow::Cow<'_, [u8]>, FormError> {
    urikit::pct::decode_form(s).map_err(|e| FormError::BadEscape(offset + e.offset))
}

/// The page for `fields`: the form filled with them, and the explanation of
/// the URL when there is one.
fn page(fields: &Fields) -> Answer {
    let mut body = Vec::new();
    let form = Form {
        url: fields.url.as_deref().unwrap_or(""),
        base: fields.base.as_deref().unwrap_or(""),
    };
    // Writing to memory does not fail.
    let _ = (|| -> io::Result<()> {
        html::head(&mut body, Some(form))?;
        if let Some(url) = &fields.url {
            match explain::explain(url, fields.base.as_deref()) {
                Ok(e) => html::explanation(&mut body, 1, &e)?,
                Err(e) => html::failure(&mut body, 1, url.as_bytes(), &e.to_string())?,
            }
        }
        html::foot(&mut body)
    })();
    Answer {
        status: 200,
        body,
        head_only: false,
    }
}

#[cfg(test)]
mod tests {
    use super::{answer, form, head_end, Fields, FormError};

    fn get(target: &str) -> super::Answer {
        answer(
            format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n").as_bytes(),
            8000,
        )
    }

    #[test]
    fn the_form_decodes_plus_and_escapes() {
        assert_eq!(
            form(b"url=http%3A%2F%2Fa+b%2F&base=&x=%zz"),
            Err(FormError::BadEscape(32)),
            "a bad escape in any field"
        );
        assert_eq!(
            form(b"url=http%3A%2F%2Fa+b%2F&base=&url=2"),
            Ok(Fields {
                url: Some("http://a b/".into()),
                base: None
            })
        );
        assert_eq!(
            form(b"base=%E2%82%AC"),
            Ok(Fields {
                url: None,
                base: Some("\u{20ac}".into())
            })
        );
        assert_eq!(form(b"url=%FF"), Err(FormError::ValueNotUtf8("url")));
        assert_eq!(form(b"url=a%2"), Err(FormError::BadEscape(5)));
        assert_eq!(form(b"url=\xff"), Err(FormError::NotUtf8));
    }

    #[test]
    fn answers_by_method_path_and_host() {
        assert_eq!(get("/").status, 200);
        assert_eq!(get("/?url=http%3A%2F%2Fh%2F").status, 200);
        assert_eq!(get("/x").status, 404);
        assert_eq!(get("/?url=%").status, 400);
        let head = answer(b"HEAD / HTTP/1.1\r\nHost: localhost:8000\r\n\r\n", 8000);
        assert!(head.head_only && head.status == 200);
        assert!(head.bytes().ends_with(b"\r\n\r\n"));
        assert_eq!(
            answer(b"POST / HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n", 8000).status,
            405
        );
        assert_eq!(
            answer(b"GET / HTTP/1.1\r\nHost: evil.example:8000\r\n\r\n", 8000).status,
            421
        );
        assert_eq!(answer(b"GET / HTTP/1.1\r\n\r\n", 8000).status, 421);
        assert_eq!(answer(b"GET / HTTP/1.0\r\n\r\n", 8000).status, 200);
        assert_eq!(answer(b"GET / HTTP/2\r\n\r\n", 8000).status, 505);
        assert_eq!(answer(b"GET /\r\n\r\n", 8000).status, 400);
    }

    #[test]
    fn the_head_ends_at_its_empty_line() {
        assert_eq!(head_end(b"GET / HTTP/1.1\r\n\r\nrest", 0), Some(18));
        assert_eq!(head_end(b"GET / HTTP/1.1\n\nrest", 0), Some(16));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: h\r\n", 0), None);
    }
}
