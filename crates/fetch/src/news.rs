//! NNTP (RFC 977) as RFC 1738 §3.6 and §3.7 give it: `news:` from the
//! reader's own server (`ARTICLE <id>`, `GROUP` and its article list,
//! `LIST` for `*`), `nntp://host/group/n` from the named one (`GROUP`, then
//! `ARTICLE n`).

use urikit::scheme::{NewsUrl, Plan, Step};

use crate::conn::{self, Conn, Sink, Trace};
use crate::{Error, Options};

/// A reply: its code and its line.
fn reply(conn: &mut Conn<'_, '_>) -> Result<(u16, String), Error> {
    let line = conn.need_line()?;
    let text = String::from_utf8_lossy(&line).into_owned();
    let code = text
        .get(..3)
        .filter(|c| c.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| Error::Protocol(format!("the news server sent {text:?}, not a reply")))?;
    Ok((code, text))
}

fn shown(line: &[u8]) -> String {
    String::from_utf8_lossy(line.strip_suffix(b"\r\n").unwrap_or(line)).into_owned()
}

/// Sends `line`; a reply other than `want` is an error naming the command
/// (411 no such group, 423 no such article number, 430 no such article).
fn command(conn: &mut Conn<'_, '_>, line: &[u8], want: u16) -> Result<String, Error> {
    conn.send(line)?;
    let (code, text) = reply(conn)?;
    if code == want {
        Ok(text)
    } else {
        Err(Error::Reply {
            command: shown(line),
            reply: text,
        })
    }
}

/// The server for `news:` URLs: the option, else `NNTPSERVER`, as `host`
/// or `host:port` (port 119 by default).
fn news_server(opts: &Options) -> Result<(String, u16), Error> {
    let server = opts
        .nntp_server
        .clone()
        .or_else(|| std::env::var("NNTPSERVER").ok().filter(|s| !s.is_empty()))
        .ok_or_else(|| {
            Error::Invalid("a news URL names no server: set NNTPSERVER or pass --nntp-server HOST[:PORT]".into())
        })?;
    match server.rsplit_once(':') {
        Some((host, port)) => port
            .parse()
            .map(|p| (host.to_owned(), p))
            .map_err(|_| Error::Invalid(format!("the news server {server:?} has no valid port"))),
        None => Ok((server, 119)),
    }
}

pub(crate) fn fetch_news(
    _view: &NewsUrl<'_>,
    plan: &Plan,
    opts: &Options,
    sink: &mut Sink<'_>,
    trace: &mut Trace<'_>,
) -> Result<(), Error> {
    let (host, port) = news_server(opts)?;
    run(&host, port, plan.steps.iter(), opts, sink, trace)
}

pub(crate) fn fetch_nntp(plan: &Plan, opts: &Options, sink: &mut Sink<'_>, trace: &mut Trace<'_>) -> Result<(), Error> {
    let mut steps = plan.steps.iter();
    let (host, port) = conn::planned_connection(&mut steps, "an nntp")?;
    run(host, port, steps, opts, sink, trace)
}

fn run<'p>(
    host: &str,
    port: u16,
    steps: impl Iterator<Item = &'p Step>,
    opts: &Options,
    sink: &mut Sink<'_>,
    trace: &mut Trace<'_>,
) -> Result<(), Error> {
    let stream = conn::connect(host, port, opts, trace)?;
    let mut conn = Conn::new(stream, trace, "the news server");
    let (code, text) = reply(&mut conn)?;
    if code != 200 && code != 201 {
        return Err(Error::Reply {
            command: "the connection".into(),
            reply: text,
        });
    }
    let steps: Vec<&Step> = steps.collect();
    let mut i = 0;
    while i < steps.len() {
        match steps[i] {
            Step::Send(line) if line.starts_with(b"LIST") => {
                command(&mut conn, line, 215)?;
                conn.dot_block(sink)?;
            }
            Step::Send(line) if line.starts_with(b"ARTICLE") => {
                command(&mut conn, line, 220)?;
                conn.dot_block(sink)?;
            }
            Step::Send(line) if line.starts_with(b"GROUP ") => {
                let text = command(&mut conn, line, 211)?;
                let followed_by_article =
                    matches!(steps.get(i + 1), Some(Step::Send(next)) if next.starts_with(b"ARTICLE"));
                if !followed_by_article {
                    list_group(&mut conn, &text, sink)?;
                }
            }
            Step::Note(text) => conn.trace.comment(text),
            other => {
                return Err(Error::Protocol(format!(
                    "a news plan step urikit does not know: {other}"
                )))
            }
        }
        i += 1;
    }
    if conn.send(b"QUIT\r\n").is_ok() {
        let _ = reply(&mut conn);
    }
    Ok(())
}

/// A group's articles, one line each: the article's `news:` URL, a TAB, its
/// subject; from `XOVER first-last` (RFC 2980) after `211 n first last group`.
fn list_group(conn: &mut Conn<'_, '_>, group_reply: &str, sink: &mut Sink<'_>) -> Result<(), Error> {
    let numbers: Vec<u64> = group_reply
        .split(' ')
        .skip(1)
        .take(3)
        .filter_map(|n| n.parse().ok())
        .collect();
    let [count, first, last] = numbers[..] else {
        return Err(Error::Protocol(format!("cannot read the GROUP reply {group_reply:?}")));
    };
    if count == 0 || last < first {
        return Ok(());
    }
    conn.trace.comment("list the group's articles");
    command(conn, format!("XOVER {first}-{last}\r\n").as_bytes(), 224)?;
    let mut overview = Vec::new();
    {
        let mut collect = Sink::collecting(&mut overview);
        conn.dot_block(&mut collect)?;
    }
    for line in overview.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let fields: Vec<&[u8]> = line.split(|&b| b == b'\t').collect();
        let (Some(subject), Some(id)) = (fields.get(1), fields.get(4)) else {
            continue;
        };
        let id = id.strip_prefix(b"<").and_then(|i| i.strip_suffix(b">")).unwrap_or(id);
        let mut out = b"news:".to_vec();
        out.extend_from_slice(id);
        out.push(b'\t');
        out.extend(subject.iter().map(|&b| if b.is_ascii_control() { b' ' } else { b }));
        out.push(b'\n');
        sink.write(&out)?;
    }
    Ok(())
}
