//! `urikit parse`: the components of each URL, as text or JSON.

use std::ffi::OsString;
use std::io;

use urikit::{Spec, Url, UrlRef, Warning};

use super::{parse_url_in, BaseArg, JobsArg, LenientArg, SpecArg, UrlFileArg};
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::{self, Format};

mod record;

pub use record::Record;

/// Print the components of each URL: scheme, user, password, host, port, path, query, fragment.
///
/// With --lenient, the repaired URL (url:) and each repair (warning:) are shown too.
#[derive(Debug, clap::Args)]
#[command(after_long_help = JSON_HELP)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    #[command(flatten)]
    base: BaseArg,
    /// Write one JSON object per URL, one per line (its keys are listed below)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// The keys of `--json`, as `schema/parse.schema.json` describes them.
const JSON_HELP: &str = "\
--json writes one object per input line (crates/cli/schema/parse.schema.json is its JSON Schema):
  input        the line (U+FFFD for octets that are not UTF-8)
  valid        true or false
  spec         rfc1738, rfc1630, rfc1808, rfc3986 or whatwg
  scheme, user, password, host, path, query, fragment
               strings; null when absent, \"\" when empty (all null for an invalid URL)
  port         a number 0-65535; the digits as written, a string, when no 16-bit
               number holds them (over 65535, or \"\" when empty: RFC 1808 and
               RFC 3986 allow any digits); null when absent
  params       the query's pairs in order, [{key, value}], decoded as the form reader of
               every spec reads them (the URL Standard's application/x-www-form-urlencoded
               parser: split at '&', name and value at the first '=', '+' a space, %XX an
               octet); octets that are not UTF-8 are U+FFFD, as {query:NAME} writes
               them, and the pair has \"not_utf8\":true; [] for an empty query, null for
               none
  errors       [{offset, rule, message}]: every violation of an invalid URL
  scheme_view  the scheme's typed view: {kind, ...keys of the kind}, {error} when
               it cannot be made, null for an invalid URL
  api          whatwg only, for a valid URL: the getters of the URL API, each a string
               as JavaScript gives it: href, protocol, username, password, host,
               hostname, port, pathname, search, hash, origin
  warnings     --lenient only: [{offset, message}], each repair
  url          --lenient only: the repaired URL

By whatwg, the components are those of the URL the parser gives (its href); strictly, an
input with a validation error is invalid and errors lists every validation error (its
name is the rule); with --lenient, the URL is the one browsers get, and each validation
error is a warning. --base parses each input against a base URL (new URL(input, base)).

scheme_view kinds and their keys (port: the URL's, or the scheme's default; the
digits as written, a string, for one over 65535, which is never replaced):
  http:         host, port, path, search, request_target
  ftp:          host, port, user, password, cwd (a list), name, type
  gopher:       host, port, gopher_type, selector, search, gopher_plus, gopher_plus_kind
  mailto:       address, local_part, domain
  news:         target (group, article or all-groups), name
  nntp:         host, port, group, article (a number)
  telnet:       protocol (telnet, rlogin or tn3270), host, port, user, password
  wais:         host, port, form (database, search or document), database, search, wtype, wpath
  file:         host, local (true for an empty host or localhost), path
  prospero:     host, port, hsoname, version, fields ([name, value] pairs)
  message-id:   id_kind (message-id for mid:, content-id for cid:), id
  afs:          cell, path, historical (true)
  urn:          scheme, host, port, path, search
  experimental: scheme, host, port, path, search (an x- scheme)
  generic:      scheme, host, port, path, search (any other scheme)";

/// Runs `parse`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    let parse = Parse {
        spec,
        lenient: args.lenient.get(),
        json: args.json,
        base: args.base.get(spec, args.lenient.get())?,
    };
    stream::run(args.url_file.inputs(&args.urls)?, args.jobs.get(), out, parse)
}

/// What `parse` does with one URL.
pub struct Parse {
    /// The grammar.
    pub spec: Spec,
    /// Whether to parse leniently.
    pub lenient: bool,
    /// Whether to write JSON.
    pub json: bool,
    /// The base URL each input is parsed against (`--base`).
    pub base: Option<Url>,
}

impl Format for Parse {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        if self.json && !self.lenient && self.base.is_none() {
            match UrlRef::parse_with(input, self.spec) {
                // Borrowed, not copied: the same components as the `Url`,
                // whose scheme is lowercased, when the scheme is lowercase
                // already.
                Ok(url) if !url.scheme().bytes().any(|b| b.is_ascii_uppercase()) => {
                    return Record::valid(input, self.spec, url).write(out.writer());
                }
                Ok(_) => {}
                // A WHATWG URL borrows only its own serialization: another
                // input may be valid, and is parsed into one.
                Err(_) if self.spec == Spec::Whatwg => {}
                // The same grammar rejects it as a `Url`: not parsed again.
                Err(e) => {
                    out.fail();
                    return Record::rejected(input, self.spec, &e).write(out.writer());
                }
            }
        }
        let result = parse_url_in(input, self.spec, self.lenient, self.base.as_ref());
        if self.json {
            let record = Record::new(input, self.spec, self.lenient, self.base.as_ref(), &result);
            if !record.is_valid() {
                out.fail();
            }
            return record.write(out.writer());
        }
        match result {
            Ok((url, warnings)) => write_text(out, input, &url, &warnings, self.lenient),
            Err(e) => out.parse_error(input, &e),
        }
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        if !self.json {
            return out.not_utf8(bad);
        }
        out.fail();
        Record::not_utf8(bad, self.spec, self.lenient).write(out.writer())
    }
}

/// The input line, then one indented `key: value` line per component.
fn write_text<W: Sink>(
    out: &mut Output<W>,
    input: &str,
    url: &Url,
    warnings: &[Warning],
    lenient: bool,
) -> io::Result<()> {
    out.shown_line(input)?;
    // A WHATWG URL is its serialization, which may differ from the input.
    if lenient || url.spec() == Spec::Whatwg {
        out.shown_line(format_args!("  url: {url}"))?;
    }
    // The number, or the digits as written when no 16-bit number holds them
    // (empty, or over 65535: RFC 1808 and RFC 3986 allow any digits).
    let number = url.port().map(|port| port.to_string());
    let port = number.as_deref().or(url.port_str());
    let fields = [
        ("scheme", Some(url.scheme())),
        ("user", url.user()),
        ("password", url.password()),
        ("host", url.host()),
        ("port", port),
        ("path", Some(url.path())),
        ("query", url.query()),
        ("fragment", url.fragment()),
    ];
    for (key, value) in fields {
        // An empty part shows as "", which no valid URL holds unencoded.
        let value = match value {
            None => "(none)",
            Some("") => "\"\"",
            Some(v) => v,
        };
        out.shown_line(format_args!("  {key}: {value}"))?;
    }
    for w in warnings {
        out.shown_line(format_args!("  warning: {w}"))?;
    }
    Ok(())
}
