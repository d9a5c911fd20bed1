//! `urikit get`: components of each URL, by a template.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};
use urikit::pct::{decode, decode_form_lossy, decode_lossy};
use urikit::public_suffix::{HostParts, SuffixList};
use urikit::query::QueryPairs;
use urikit::whatwg::{domain_to_ascii, domain_to_unicode};
use urikit::{Component, HostKind, Spec, Url, UrlRef};

use super::edit::reject_not_utf8;
use super::lined::{InvalidArg, Lined};
use super::{parse_url_in, utf8_string, BaseArg, JobsArg, SpecArg};
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::{self, Format};
use crate::term::Shown;

/// What `get --help` says of the template.
const TEMPLATE_HELP: &str = "\
Template fields:
  {url}              the URL
  {scheme} {user} {password} {host} {port} {path} {query} {fragment}
                     a component, decoded ('+' is a space in the query)
  {:NAME}            a component as written, still encoded (e.g. {:path})
  {default:port}     the port, or the scheme's default (past 65535: as written)
  {query:NAME}       the first value of the query pairs named NAME
  {query-all:NAME}   all of them, separated by spaces
  {puny:host}        the host in Punycode (the WHATWG domain to ASCII)
  {idn:host}         the host in Unicode (domain to Unicode)
  {suffix}           the host's public suffix, by the Public Suffix List
  {domain}           its registrable domain: the suffix and the label before it
  {subdomain}        the labels before the registrable domain
  \\{                 a literal '{' (\\\\ a literal '\\')

A missing component prints empty. Decoded control characters are written
%XX, so that each URL gives one line. An invalid URL gives a message on
stderr and no output (--invalid empty or input: a line), and the exit
status 1.

{puny:host} and {idn:host} give an IP address as it is, and nothing when
UTS #46 refuses the host. {suffix}, {domain} and {subdomain} use a copy of
the Public Suffix List compiled in (lists go stale: --suffix-list FILE reads
a newer one; --icann-only leaves out the private suffixes such as
github.io); each is empty for an IP address, for a host that is itself a
public suffix (no registrable domain), or with no host, and is a part of the
host as the URL gives it (whatwg: Punycode, lower case; the others: as
written).

By whatwg, the components are those of the URL the parser gives (its href:
{host} is the URL API's hostname, {path} its pathname); strictly, a URL with
a validation error is invalid, and --lenient takes it as browsers do. --base
parses each URL against a base (new URL(URL, BASE)).";

/// `urikit get`: the components of each URL by a template (the fields are
/// listed in [`TEMPLATE_HELP`]).
#[derive(Debug, clap::Args)]
#[command(after_long_help = TEMPLATE_HELP)]
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
    #[command(flatten)]
    invalid: InvalidArg,
    /// Read the Public Suffix List for {suffix}, {domain} and {subdomain} from FILE (a public_suffix_list.dat), not the copy compiled in
    #[arg(long, value_name = "FILE")]
    suffix_list: Option<PathBuf>,
    /// {suffix}, {domain} and {subdomain} by the ICANN section of the list only, without its private suffixes (github.io, blogspot.com)
    #[arg(long)]
    icann_only: bool,
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
    let template = parse_template(&args.template)?;
    let suffixes = if template.iter().any(Piece::needs_suffix_list) {
        Some(suffix_list(args.suffix_list.as_deref(), args.icann_only)?)
    } else {
        None
    };
    let get = Get {
        spec,
        lenient: args.lenient,
        base: args.base.get(spec, args.lenient)?,
        template,
        suffixes,
    };
    stream::run(&args.urls, args.jobs.get(), out, Lined::new(get, args.invalid.get()))
}

/// The Public Suffix List: read from `file`, or the one compiled in.
fn suffix_list(file: Option<&std::path::Path>, icann_only: bool) -> anyhow::Result<Cow<'static, SuffixList>> {
    let Some(path) = file else {
        return Ok(Cow::Borrowed(if icann_only {
            SuffixList::builtin_icann()
        } else {
            SuffixList::builtin()
        }));
    };
    let shown = path.to_string_lossy();
    let shown = Shown::text(&shown);
    let bytes = std::fs::read(path).with_context(|| format!("--suffix-list: cannot read {shown}"))?;
    let list = SuffixList::from_bytes(&bytes).with_context(|| format!("--suffix-list {shown}"))?;
    Ok(Cow::Owned(if icann_only { list.icann_only() } else { list }))
}

/// What a `{...}` names.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Field {
    Url,
    Component(Component),
    DefaultPort,
    Query(String),
    QueryAll(String),
    /// `{puny:host}`: the host by the domain parser.
    PunyHost,
    /// `{idn:host}`: the host by domain to Unicode.
    IdnHost,
    /// `{suffix}`: the public suffix of the host.
    Suffix,
    /// `{domain}`: the registrable domain of the host.
    Domain,
    /// `{subdomain}`: the labels before the registrable domain.
    Subdomain,
}

/// A piece of the template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Field { field: Field, encoded: bool },
}

impl Piece {
    /// Whether the piece asks the Public Suffix List.
    fn needs_suffix_list(&self) -> bool {
        matches!(
            self,
            Piece::Field {
                field: Field::Suffix | Field::Domain | Field::Subdomain,
                ..
            }
        )
    }
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
                    "puny:host" => Field::PunyHost,
                    "idn:host" => Field::IdnHost,
                    "suffix" => Field::Suffix,
                    "domain" => Field::Domain,
                    "subdomain" => Field::Subdomain,
                    _ => match (name.strip_prefix("query:"), name.strip_prefix("query-all:")) {
                        (Some(n), _) => Field::Query(n.to_owned()),
                        (_, Some(n)) => Field::QueryAll(n.to_owned()),
                        _ => match name.parse::<Component>() {
                            Ok(c) => Field::Component(c),
                            Err(_) => bail!(
                                "unknown template field {{{inner}}}, expected one of: url, scheme, user, password, \
                                 host, port, default:port, path, query, fragment, query:NAME, query-all:NAME, \
                                 puny:host, idn:host, suffix, domain, subdomain"
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
    /// The Public Suffix List, when the template asks it.
    suffixes: Option<Cow<'static, SuffixList>>,
}

impl Get {
    /// Writes the line of `url`, made in the output's buffer.
    fn write<W: Sink>(&self, out: &mut Output<W>, url: &UrlRef<'_>) -> io::Result<()> {
        let line = out.writer().buffer()?;
        // Looked up once, for every field that asks.
        let parts = self.suffixes.as_deref().and_then(|list| list.url_parts(url));
        for piece in &self.template {
            match piece {
                Piece::Text(t) => line.extend_from_slice(t.as_bytes()),
                Piece::Field { field, encoded } => push_field(line, url, parts.as_ref(), field, *encoded),
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

/// Appends the value of `field` in `url` (whose host the suffix list split
/// into `parts`) to `line`. The scheme is in lower case, as a parsed [`Url`]
/// holds it.
fn push_field(line: &mut Vec<u8>, url: &UrlRef, parts: Option<&HostParts<'_>>, field: &Field, encoded: bool) {
    match field {
        Field::PunyHost | Field::IdnHost => {
            if let Some(host) = idna_host(url, field == &Field::IdnHost) {
                push_decoded(line, Some(Cow::Borrowed(host.as_bytes())));
            }
        }
        Field::Suffix | Field::Domain | Field::Subdomain => {
            let value = parts.and_then(|p| match field {
                Field::Suffix => Some(p.suffix),
                Field::Domain => p.domain,
                _ => p.subdomain,
            });
            if let Some(value) = value {
                match encoded {
                    true => line.extend_from_slice(value.as_bytes()),
                    false => push_decoded(line, Some(decode_or_as_is(value))),
                }
            }
        }
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
                (false, Component::Query) => push_decoded(line, Some(form_decoded(value))),
                (false, _) => push_decoded(line, Some(decode_or_as_is(value))),
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

/// The host of `url` in Punycode (`unicode` false: the WHATWG domain
/// parser) or in Unicode (domain to Unicode); an IP address as it is;
/// `None` without a host, or when UTS #46 refuses the host. A host written
/// with `%XX` (an RFC 3986 registered name) is decoded first, as the WHATWG
/// host parser decodes it.
fn idna_host<'a>(url: &UrlRef<'a>, unicode: bool) -> Option<Cow<'a, str>> {
    let host = url.host()?;
    match url.host_kind()? {
        HostKind::Ipv4 | HostKind::Ipv6 | HostKind::IpvFuture | HostKind::Empty => Some(Cow::Borrowed(host)),
        _ => {
            let decoded = decode_lossy(host).ok()?;
            let ascii = domain_to_ascii(&decoded, false).ok()?;
            let answer = if unicode {
                domain_to_unicode(&ascii).ok()?.into_owned()
            } else {
                ascii.into_owned()
            };
            Some(if answer == host {
                Cow::Borrowed(host)
            } else {
                Cow::Owned(answer)
            })
        }
    }
}

/// Appends `s` in lower case.
fn push_lower(line: &mut Vec<u8>, s: &str) {
    line.extend(s.bytes().map(|b| b.to_ascii_lowercase()));
}

/// The values of the pairs named `name` (decoded), as written. The name is
/// read from the whole pair, as `edit --remove-query` reads it, so that an
/// empty name (`?=v`) is a name like any other.
fn raw_values<'a>(url: &UrlRef<'a>, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    let query = url.query().unwrap_or("");
    query.split('&').filter(|p| !p.is_empty()).filter_map(move |pair| {
        let v = pair.split_once('=').map_or("", |(_, v)| v);
        let decoded = QueryPairs::new(pair).next().map(|(n, _)| n);
        (decoded.as_deref() == Some(name)).then_some(v)
    })
}

fn push_value(line: &mut Vec<u8>, raw: &str, encoded: bool) {
    if encoded {
        line.extend_from_slice(raw.as_bytes());
    } else {
        push_decoded(line, Some(form_decoded(raw)));
    }
}

/// `value` decoded by the `application/x-www-form-urlencoded` parser's
/// rules: a `%` not followed by two hex digits (which a lenient URL may
/// hold) is itself, never a reason to print nothing.
fn form_decoded(value: &str) -> Cow<'_, [u8]> {
    match decode_form_lossy(value) {
        Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
        Cow::Owned(s) => Cow::Owned(s.into_bytes()),
    }
}

/// `value` percent-decoded, or as written when it holds a `%` not followed
/// by two hex digits (which a lenient URL may hold).
fn decode_or_as_is(value: &str) -> Cow<'_, [u8]> {
    decode(value).unwrap_or(Cow::Borrowed(value.as_bytes()))
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
