//! `urikit get`: components of each URL, by a template.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use anyhow::bail;
use urikit::pct::{decode, decode_form};
use urikit::query::QueryPairs;
use urikit::{Component, Spec, Url, UrlRef};

use super::edit::reject_not_utf8;
use super::{parse_url_in, utf8_string, BaseArg, JobsArg, SpecArg};
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::{self, Format};

/// Print components of each URL by a template: {url} {scheme} {user} {password} {host} {port}
/// {default:port} {path} {query} {fragment} {query:NAME} {query-all:NAME}
///
/// Components are decoded ('+' is a space in the query); {:name} gives one as
/// written, still encoded. A missing component prints empty. {query:NAME} is
/// the first value of the pairs named NAME, {query-all:NAME} all of them,
/// separated by spaces. \{ is a literal '{'. Decoded control characters are
/// written %XX, so that each URL gives one line. An invalid URL gives a
/// message on stderr and no output, and the exit status 1.
///
/// By whatwg, the components are those of the URL the parser gives (its
/// href: {host} is the URL API's hostname, {path} its pathname); strictly, a
/// URL with a validation error is invalid, and --lenient takes it as
/// browsers do. --base parses each URL against a base (new URL(URL, BASE)).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// Read each URL leniently: repair what browsers repair (whatwg: take the URL the parser gives, validation errors and all)
    #[arg(long)]
    lenient: bool,
    #[command(flatten)]
    base: BaseArg,
    #[command(flatten)]
    jobs: JobsArg,
    /// The template, e.g. '{scheme}://{host}{path}'
    #[arg(value_name = "TEMPLATE", value_parser = utf8_string())]
    template: String,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// Runs `get`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    let get = Get {
        spec,
        lenient: args.lenient,
        base: args.base.get(spec, args.lenient)?,
        template: parse_template(&args.template)?,
    };
    stream::run(&args.urls, args.jobs.get(), out, get)
}

/// What a `{...}` names.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Field {
    Url,
    Component(Component),
    DefaultPort,
    Query(String),
    QueryAll(String),
}

/// A piece of the template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Field { field: Field, encoded: bool },
}

/// Splits a template into text and fields.
fn parse_template(template: &str) -> anyhow::Result<Vec<Piece>> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut rest = template;
    while let Some(c) = rest.chars().next() {
        match c {
            '\\' if rest[1..].starts_with(['{', '\\']) => {
                text.push_str(&rest[1..2]);
                rest = &rest[2..];
            }
            '{' => {
                let Some(end) = rest.find('}') else {
                    // An unclosed '{' is text, as the rest of the template.
                    text.push_str(rest);
                    break;
                };
                let inner = &rest[1..end];
                let (encoded, name) = match inner.strip_prefix(':') {
                    Some(name) => (true, name),
                    None => (false, inner),
                };
                let field = match name {
                    "url" => Field::Url,
                    "default:port" => Field::DefaultPort,
                    _ => match (name.strip_prefix("query:"), name.strip_prefix("query-all:")) {
                        (Some(n), _) => Field::Query(n.to_owned()),
                        (_, Some(n)) => Field::QueryAll(n.to_owned()),
                        _ => match name.parse::<Component>() {
                            Ok(c) => Field::Component(c),
                            Err(_) => bail!(
                                "unknown template field {{{inner}}}, expected one of: url, scheme, user, password, \
                                 host, port, default:port, path, query, fragment, query:NAME, query-all:NAME"
                            ),
                        },
                    },
                };
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Field { field, encoded });
                rest = &rest[end + 1..];
            }
            _ => {
                text.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

/// What `get` does with one URL.
struct Get {
    spec: Spec,
    lenient: bool,
    /// The base URL each input is parsed against (`--base`).
    base: Option<Url>,
    template: Vec<Piece>,
}

impl Get {
    /// Writes the line of `url`, made in the output's buffer.
    fn write<W: Sink>(&self, out: &mut Output<W>, url: &UrlRef<'_>) -> io::Result<()> {
        let line = out.writer().buffer()?;
        for piece in &self.template {
            match piece {
                Piece::Text(t) => line.extend_from_slice(t.as_bytes()),
                Piece::Field { field, encoded } => push_field(line, url, field, *encoded),
            }
        }
        line.push(b'\n');
        Ok(())
    }
}

impl Format for Get {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        // A WHATWG URL is its serialization, which a borrowed one must be
        // already; a repaired URL is a new string too.
        if self.lenient || self.base.is_some() || self.spec == Spec::Whatwg {
            return match parse_url_in(input, self.spec, self.lenient, self.base.as_ref()) {
                Ok((url, _)) => self.write(out, &url.as_url_ref()),
                Err(e) => out.reject_parse(input, &e),
            };
        }
        // The URL as parsed, not copied.
        match UrlRef::parse_with(input, self.spec) {
            Ok(url) => self.write(out, &url),
            Err(e) => out.reject_parse(input, &e),
        }
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        reject_not_utf8(out, bad)
    }
}

/// Appends the value of `field` in `url` to `line`. The scheme is in lower
/// case, as a parsed [`Url`] holds it.
fn push_field(line: &mut Vec<u8>, url: &UrlRef, field: &Field, encoded: bool) {
    match field {
        Field::Url => {
            let (scheme, rest) = url.as_str().split_at(url.scheme().len());
            push_lower(line, scheme);
            line.extend_from_slice(rest.as_bytes());
        }
        Field::DefaultPort => match url.port_or_default() {
            Ok(Some(port)) => {
                // Writing to a Vec cannot fail.
                let _ = write!(line, "{port}");
            }
            Ok(None) => {}
            // Over 65535: the digits as written, never the default.
            Err(_) => line.extend_from_slice(url.port_str().unwrap_or_default().as_bytes()),
        },
        Field::Component(Component::Scheme) => push_lower(line, url.scheme()),
        Field::Component(c) => {
            let value = url.get(*c).unwrap_or("");
            match (encoded, c) {
                (true, _) => line.extend_from_slice(value.as_bytes()),
                (false, Component::Query) => push_decoded(line, decode_form(value).ok()),
                (false, _) => push_decoded(line, decode(value).ok()),
            }
        }
        Field::Query(name) => {
            if let Some(raw) = raw_values(url, name).next() {
                push_value(line, raw, encoded);
            }
        }
        Field::QueryAll(name) => {
            for (i, raw) in raw_values(url, name).enumerate() {
                if i > 0 {
                    line.push(b' ');
                }
                push_value(line, raw, encoded);
            }
        }
    }
}

/// Appends `s` in lower case.
fn push_lower(line: &mut Vec<u8>, s: &str) {
    line.extend(s.bytes().map(|b| b.to_ascii_lowercase()));
}

/// The values of the pairs named `name` (decoded), as written.
fn raw_values<'a>(url: &UrlRef<'a>, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    let query = url.query().unwrap_or("");
    query.split('&').filter(|p| !p.is_empty()).filter_map(move |pair| {
        let (n, v) = pair.split_once('=').unwrap_or((pair, ""));
        let decoded = QueryPairs::new(n).next().map(|(n, _)| n);
        (decoded.as_deref() == Some(name)).then_some(v)
    })
}

fn push_value(line: &mut Vec<u8>, raw: &str, encoded: bool) {
    if encoded {
        line.extend_from_slice(raw.as_bytes());
    } else {
        push_decoded(line, decode_form(raw).ok());
    }
}

/// Appends decoded octets as UTF-8 (U+FFFD for what is not), with control
/// characters written `%XX`.
fn push_decoded(line: &mut Vec<u8>, bytes: Option<Cow<'_, [u8]>>) {
    let Some(bytes) = bytes else { return };
    // Printable ASCII, the usual case, as it is.
    if bytes.iter().all(|b| (b' '..=b'~').contains(b)) {
        line.extend_from_slice(&bytes);
        return;
    }
    let mut buf = [0; 4];
    for c in String::from_utf8_lossy(&bytes).chars() {
        let utf8 = c.encode_utf8(&mut buf).as_bytes();
        if c.is_control() {
            for b in utf8 {
                // Writing to a Vec cannot fail.
                let _ = write!(line, "%{b:02X}");
            }
        } else {
            line.extend_from_slice(utf8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_template, Field, Piece};
    use urikit::Component;

    #[test]
    fn templates() {
        let t = parse_template("\\{{:host}:{query-all:a b}x{").unwrap();
        assert_eq!(
            t,
            [
                Piece::Text("{".into()),
                Piece::Field {
                    field: Field::Component(Component::Host),
                    encoded: true
                },
                Piece::Text(":".into()),
                Piece::Field {
                    field: Field::QueryAll("a b".into()),
                    encoded: false
                },
                Piece::Text("x{".into()),
            ]
        );
        assert!(parse_template("{nope}").is_err());
    }
}
