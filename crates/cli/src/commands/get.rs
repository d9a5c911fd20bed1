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
use super::{parse_url_in, utf8_string, BaseArg, JobsArg, QuerySepArg, SpecArg};
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
  {path:N}           the Nth segment of the path (from 0; -1 the last), empty
                     when there is none (e.g. {path:-1} of http://h/a/b is b)
  {zoneid}           the IPv6 zone id (RFC 6874): no spec urikit parses
                     accepts one, so it is always empty
  {must:FIELD}       FIELD, and an error when the URL has none (an empty one,
                     such as the query of http://h/?, is not missing)
  {strict:FIELD}     FIELD decoded, and an error rather than a changed value
                     when decoding would write something other than what it
                     decodes to: a control character (else written %XX), an
                     octet that is not UTF-8 (else U+FFFD), a '%' without two
                     hex digits (else kept as written)
  \\{                 a literal '{' (\\\\ a literal '\\')

A missing component prints empty. Decoded control characters are written
%XX, so that each URL gives one line. An invalid URL, and a line that a
field refuses ({must:...}, {strict:...}, a host UTS #46 refuses), gives a
message on stderr and no output (--invalid empty or input: a line), and
the exit status 1. must: and strict: go before the ':' of an encoded field
and before each other: {must:strict:query}, {must::path}.

{puny:host} and {idn:host} give an IP address as it is; a host UTS #46
refuses is an error. {suffix}, {domain} and {subdomain} use a copy of
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
    #[command(flatten)]
    query_separator: QuerySepArg,
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
        sep: args.query_separator.get()?,
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
    /// `{path:N}`: a segment of the path, from the end when negative.
    PathSegment(i64),
    /// `{zoneid}`: the IPv6 zone id, which no spec urikit parses accepts.
    ZoneId,
}

/// A piece of the template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Field {
        field: Field,
        /// `{:...}`: as written.
        encoded: bool,
        /// `{must:...}`: an absent field makes the line an error.
        must: bool,
        /// `{strict:...}`: a value that would be written changed makes the
        /// line an error.
        strict: bool,
    },
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
                let (mut must, mut strict, mut name) = (false, false, inner);
                loop {
                    if let Some(n) = name.strip_prefix("must:") {
                        (must, name) = (true, n);
                    } else if let Some(n) = name.strip_prefix("strict:") {
                        (strict, name) = (true, n);
                    } else {
                        break;
                    }
                }
                let (encoded, name) = match name.strip_prefix(':') {
                    Some(name) => (true, name),
                    None => (false, name),
                };
                let field = match name {
                    "url" => Field::Url,
                    "default:port" => Field::DefaultPort,
                    "puny:host" => Field::PunyHost,
                    "idn:host" => Field::IdnHost,
                    "suffix" => Field::Suffix,
                    "domain" => Field::Domain,
                    "subdomain" => Field::Subdomain,
                    "zoneid" => Field::ZoneId,
                    _ if name.starts_with("path:") => match name["path:".len()..].parse::<i64>() {
                        Ok(n) => Field::PathSegment(n),
                        Err(_) => bail!(
                            "template field {{{inner}}}: expected a whole number after path: (-1 is the last segment)"
                        ),
                    },
                    _ => match (name.strip_prefix("query:"), name.strip_prefix("query-all:")) {
                        (Some(n), _) => Field::Query(n.to_owned()),
                        (_, Some(n)) => Field::QueryAll(n.to_owned()),
                        _ => match name.parse::<Component>() {
                            Ok(c) => Field::Component(c),
                            Err(_) => bail!(
                                "unknown template field {{{inner}}}, expected one of: url, scheme, user, password, \
                                 host, port, default:port, path, query, fragment, query:NAME, query-all:NAME, \
                                 puny:host, idn:host, suffix, domain, subdomain, path:N, zoneid \
                                 (each may follow must: or strict:)"
                            ),
                        },
                    },
                };
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Field {
                    field,
                    encoded,
                    must,
                    strict,
                });
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
    /// `--query-separator`: what separates the query pairs.
    sep: u8,
}

impl Get {
    /// Writes the line of `url` (parsed from `input`), made in the output's
    /// buffer; a field that refuses the URL makes it an error instead.
    fn write<W: Sink>(&self, out: &mut Output<W>, input: &str, url: &UrlRef<'_>) -> io::Result<()> {
        let line = out.writer().buffer()?;
        let start = line.len();
        // Looked up once, for every field that asks.
        let parts = self.suffixes.as_deref().and_then(|list| list.url_parts(url));
        for piece in &self.template {
            let refused = match piece {
                Piece::Text(t) => {
                    line.extend_from_slice(t.as_bytes());
                    continue;
                }
                Piece::Field {
                    field,
                    encoded,
                    must,
                    strict,
                } => match push_field(line, url, parts.as_ref(), self.sep, field, *encoded, *strict) {
                    Ok(true) => continue,
                    Ok(false) if !must => continue,
                    Ok(false) => format!("{{{}}}: the URL has no {}", piece_name(piece), field_noun(field)),
                    Err(why) => format!("{{{}}}: {why}", piece_name(piece)),
                },
            };
            line.truncate(start);
            return out.reject_whole(input.as_bytes(), refused);
        }
        line.push(b'\n');
        Ok(())
    }
}

/// How a field piece is written in a template, for a diagnostic.
fn piece_name(piece: &Piece) -> String {
    let Piece::Field {
        field,
        encoded,
        must,
        strict,
    } = piece
    else {
        return String::new();
    };
    let mut name = String::new();
    if *must {
        name.push_str("must:");
    }
    if *strict {
        name.push_str("strict:");
    }
    if *encoded {
        name.push(':');
    }
    name.push_str(&match field {
        Field::Url => "url".to_owned(),
        Field::Component(c) => c.to_string(),
        Field::DefaultPort => "default:port".to_owned(),
        Field::Query(n) => format!("query:{n}"),
        Field::QueryAll(n) => format!("query-all:{n}"),
        Field::PunyHost => "puny:host".to_owned(),
        Field::IdnHost => "idn:host".to_owned(),
        Field::Suffix => "suffix".to_owned(),
        Field::Domain => "domain".to_owned(),
        Field::Subdomain => "subdomain".to_owned(),
        Field::PathSegment(n) => format!("path:{n}"),
        Field::ZoneId => "zoneid".to_owned(),
    });
    name
}

/// What a `{must:...}` diagnostic says the URL lacks.
fn field_noun(field: &Field) -> String {
    match field {
        Field::Url => "URL".to_owned(),
        Field::Component(c) => c.to_string(),
        Field::DefaultPort => "port, explicit or default".to_owned(),
        Field::Query(n) | Field::QueryAll(n) => format!("query pair named {:?}", n),
        Field::PunyHost | Field::IdnHost => "host".to_owned(),
        Field::Suffix => "public suffix".to_owned(),
        Field::Domain => "registrable domain".to_owned(),
        Field::Subdomain => "subdomain".to_owned(),
        Field::PathSegment(n) => format!("path segment {n}"),
        Field::ZoneId => "IPv6 zone id".to_owned(),
    }
}

impl Format for Get {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        // A WHATWG URL is its serialization, which a borrowed one must be
        // already; a repaired URL is a new string too.
        if self.lenient || self.base.is_some() || self.spec == Spec::Whatwg {
            return match parse_url_in(input, self.spec, self.lenient, self.base.as_ref()) {
                Ok((url, _)) => self.write(out, input, &url.as_url_ref()),
                Err(e) => out.reject_parse(input, &e),
            };
        }
        // The URL as parsed, not copied.
        match UrlRef::parse_with(input, self.spec) {
            Ok(url) => self.write(out, input, &url),
            Err(e) => out.reject_parse(input, &e),
        }
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        reject_not_utf8(out, bad)
    }
}

/// Appends the value of `field` in `url` (whose host the suffix list split
/// into `parts`) to `line`: whether the URL has the field, or why it is
/// refused (a host UTS #46 refuses; with `strict`, a value that would be
/// written changed). The scheme is in lower case, as a parsed [`Url`] holds
/// it.
fn push_field(
    line: &mut Vec<u8>,
    url: &UrlRef,
    parts: Option<&HostParts<'_>>,
    sep: u8,
    field: &Field,
    encoded: bool,
    strict: bool,
) -> Result<bool, String> {
    match field {
        Field::PunyHost | Field::IdnHost => match idna_host(url, field == &Field::IdnHost)? {
            Some(host) => push_decoded(line, Cow::Borrowed(host.as_bytes()), strict).map(|()| true),
            None => Ok(false),
        },
        Field::Suffix | Field::Domain | Field::Subdomain => {
            let value = parts.and_then(|p| match field {
                Field::Suffix => Some(p.suffix),
                Field::Domain => p.domain,
                _ => p.subdomain,
            });
            match value {
                Some(value) => push_text(line, value, encoded, strict, false).map(|()| true),
                None => Ok(false),
            }
        }
        Field::Url => {
            let (scheme, rest) = url.as_str().split_at(url.scheme().len());
            push_lower(line, scheme);
            line.extend_from_slice(rest.as_bytes());
            Ok(true)
        }
        Field::DefaultPort => match url.port_or_default() {
            Ok(Some(port)) => {
                // Writing to a Vec cannot fail.
                let _ = write!(line, "{port}");
                Ok(true)
            }
            Ok(None) => Ok(false),
            // Over 65535: the digits as written, never the default.
            Err(_) => {
                line.extend_from_slice(url.port_str().unwrap_or_default().as_bytes());
                Ok(true)
            }
        },
        Field::Component(Component::Scheme) => {
            push_lower(line, url.scheme());
            Ok(true)
        }
        Field::Component(c) => match url.get(*c) {
            Some(value) => push_text(line, value, encoded, strict, *c == Component::Query).map(|()| true),
            None => Ok(false),
        },
        Field::PathSegment(n) => match path_segment(url.path(), *n) {
            Some(segment) => push_text(line, segment, encoded, strict, false).map(|()| true),
            None => Ok(false),
        },
        // No spec urikit parses accepts a zone id (RFC 3986 refuses
        // RFC 6874's `%25`, and so does the URL Standard).
        Field::ZoneId => Ok(false),
        Field::Query(name) => match raw_values(url, name, sep).next() {
            Some(raw) => push_text(line, raw, encoded, strict, true).map(|()| true),
            None => Ok(false),
        },
        Field::QueryAll(name) => {
            let mut found = false;
            for (i, raw) in raw_values(url, name, sep).enumerate() {
                if i > 0 {
                    line.push(b' ');
                }
                push_text(line, raw, encoded, strict, true)?;
                found = true;
            }
            Ok(found)
        }
    }
}

/// Segment `n` of `path` (from 0; from the end when negative: -1 is the
/// last), split at `/` after the leading one: `/a/b/` has the segments
/// `a`, `b` and an empty one; an empty path has none.
fn path_segment(path: &str, n: i64) -> Option<&str> {
    if path.is_empty() {
        return None;
    }
    let path = path.strip_prefix('/').unwrap_or(path);
    let count = path.split('/').count();
    let index = if n < 0 {
        count.checked_sub(usize::try_from(n.unsigned_abs()).ok()?)?
    } else {
        usize::try_from(n).ok()?
    };
    path.split('/').nth(index)
}

/// Appends `value`: as written when `encoded`, else decoded (by the form
/// rules, `+` a space, when `form`). With `strict`, a value that decoding
/// would write changed is refused.
fn push_text(line: &mut Vec<u8>, value: &str, encoded: bool, strict: bool, form: bool) -> Result<(), String> {
    if encoded {
        line.extend_from_slice(value.as_bytes());
        return Ok(());
    }
    if strict && decode(value).is_err() {
        return Err("a '%' not followed by two hex digits".to_owned());
    }
    let bytes = if form {
        form_decoded(value)
    } else {
        decode_or_as_is(value)
    };
    push_decoded(line, bytes, strict)
}

/// The host of `url` in Punycode (`unicode` false: the WHATWG domain
/// parser) or in Unicode (domain to Unicode); an IP address as it is;
/// `None` without a host. A host written with `%XX` (an RFC 3986 registered
/// name) is decoded first, as the WHATWG host parser decodes it.
///
/// # Errors
///
/// Why the host is refused: not UTF-8 once decoded, or refused by UTS #46.
pub(super) fn idna_host<'a>(url: &UrlRef<'a>, unicode: bool) -> Result<Option<Cow<'a, str>>, String> {
    let (Some(host), Some(kind)) = (url.host(), url.host_kind()) else {
        return Ok(None);
    };
    if matches!(
        kind,
        HostKind::Ipv4 | HostKind::Ipv6 | HostKind::IpvFuture | HostKind::Empty
    ) {
        return Ok(Some(Cow::Borrowed(host)));
    }
    let decoded = decode_lossy(host).map_err(|_| "the host decodes to octets that are not UTF-8".to_owned())?;
    let refused = |e: &dyn std::fmt::Display| format!("UTS #46 refuses the host: {e}");
    let ascii = domain_to_ascii(&decoded, false).map_err(|e| refused(&e))?;
    let answer = if unicode {
        domain_to_unicode(&ascii).map_err(|e| refused(&e))?.into_owned()
    } else {
        ascii.into_owned()
    };
    Ok(Some(if answer == host {
        Cow::Borrowed(host)
    } else {
        Cow::Owned(answer)
    }))
}

/// Appends `s` in lower case.
fn push_lower(line: &mut Vec<u8>, s: &str) {
    line.extend(s.bytes().map(|b| b.to_ascii_lowercase()));
}

/// The values of the pairs named `name` (decoded), as written, the pairs
/// separated by `sep`. The name is read from the whole pair, as `edit
/// --remove-query` reads it, so that an empty name (`?=v`) is a name like
/// any other.
fn raw_values<'a>(url: &UrlRef<'a>, name: &'a str, sep: u8) -> impl Iterator<Item = &'a str> + 'a {
    let query = url.query().unwrap_or("");
    query
        .split(char::from(sep))
        .filter(|p| !p.is_empty())
        .filter_map(move |pair| {
            let v = pair.split_once('=').map_or("", |(_, v)| v);
            let decoded = QueryPairs::new(pair).next().map(|(n, _)| n);
            (decoded.as_deref() == Some(name)).then_some(v)
        })
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
/// characters written `%XX`; with `strict`, octets that would be written
/// so are refused instead.
fn push_decoded(line: &mut Vec<u8>, bytes: Cow<'_, [u8]>, strict: bool) -> Result<(), String> {
    // Printable ASCII, the usual case, as it is.
    if bytes.iter().all(|b| (b' '..=b'~').contains(b)) {
        line.extend_from_slice(&bytes);
        return Ok(());
    }
    let text = match (String::from_utf8_lossy(&bytes), strict) {
        (Cow::Owned(_), true) => return Err("the value decodes to octets that are not UTF-8".to_owned()),
        (text, _) => text,
    };
    let mut buf = [0; 4];
    for c in text.chars() {
        let utf8 = c.encode_utf8(&mut buf).as_bytes();
        if c.is_control() {
            if strict {
                return Err(format!(
                    "the value decodes to the control character U+{:04X}",
                    u32::from(c)
                ));
            }
            for b in utf8 {
                // Writing to a Vec cannot fail.
                let _ = write!(line, "%{b:02X}");
            }
        } else {
            line.extend_from_slice(utf8);
        }
    }
    Ok(())
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
                    encoded: true,
                    must: false,
                    strict: false,
                },
                Piece::Text(":".into()),
                Piece::Field {
                    field: Field::QueryAll("a b".into()),
                    encoded: false,
                    must: false,
                    strict: false,
                },
                Piece::Text("x{".into()),
            ]
        );
        assert!(parse_template("{nope}").is_err());
        assert!(parse_template("{path:x}").is_err());
        let Piece::Field {
            field,
            encoded,
            must,
            strict,
        } = &parse_template("{strict:must::path:-2}").unwrap()[0]
        else {
            panic!("a field");
        };
        assert_eq!(
            (field, *encoded, *must, *strict),
            (&Field::PathSegment(-2), true, true, true)
        );
    }

    #[test]
    fn path_segments() {
        use super::path_segment;
        assert_eq!(path_segment("/a/b/", 0), Some("a"));
        assert_eq!(path_segment("/a/b/", -1), Some(""));
        assert_eq!(path_segment("/a/b/", -3), Some("a"));
        assert_eq!(path_segment("/a/b/", -4), None);
        assert_eq!(path_segment("/a/b/", 3), None);
        assert_eq!(path_segment("", 0), None);
        assert_eq!(path_segment("x", 0), Some("x"));
        assert_eq!(path_segment("/", 0), Some(""));
        assert_eq!(path_segment("/a", i64::MIN), None);
    }
}
