//! `urikit get`: components of each URL, by a template.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io;

use serde::Serialize;
use urikit::public_suffix::SuffixList;
use urikit::template::{Options, RenderError, Template};
use urikit::{ParseError, Spec, Url, UrlRef, Warning};

use super::answer::{all_errors, Answer, JsonError};
use super::edit::reject_not_utf8;
use super::lined::{Invalid, InvalidArg, Lined};
use super::{parse_url_in, utf8_string, BaseArg, JobsArg, LenientArg, QuerySepArg, SpecArg, SuffixListArg, UrlFileArg};
use crate::line::NotUtf8;
use crate::output::{ArgError, Output, Sink};
use crate::stream::{self, Format};

/// What `get --help` says of the template.
const TEMPLATE_HELP: &str = "\
Template fields:
  {url}              the URL
  {scheme} {user} {password} {host} {port} {path} {query} {fragment}
                     a component, decoded ('+' is a space in the query)
  {:NAME}            a component as written, still encoded (e.g. {:path})
  {default:port}     the port, or the scheme's default: the spec's own, else
                     the one registered since (https 443 under rfc1738);
                     past 65535: as written
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
  \\{                 a literal '{' (\\\\ a literal '\\'); a '{' that no '}'
                     closes is a usage error (exit status 2)

A missing component prints empty. Decoded control characters are written
%XX, so that each URL gives one line. To a terminal, the bidirectional and
invisible characters a field decodes to are shown by name (<U+202E>), as
decode shows its octets; down a pipe they are written as they are. An invalid URL, and a line that a
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
    #[command(flatten)]
    lenient: LenientArg,
    #[command(flatten)]
    base: BaseArg,
    /// Write one JSON object per input line, valid or not: {input, valid, output, errors} (and warnings with --lenient), output the line the template gives, null for an invalid URL or one a field refuses; crates/cli/schema/get.schema.json. Every input has its record: --invalid is ignored, and nothing goes to stderr
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    invalid: InvalidArg,
    #[command(flatten)]
    query_separator: QuerySepArg,
    #[command(flatten)]
    suffix_list: SuffixListArg,
    /// The template, e.g. '{scheme}://{host}{path}'
    #[arg(value_name = "TEMPLATE", value_parser = utf8_string())]
    template: String,
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// Runs `get`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    // In caret form: the field, or the '{' left open, pointed at.
    let template = Template::parse(&args.template)
        .map_err(|e| ArgError::new("template", args.template.as_bytes(), e.offset, &e))?;
    let suffixes = if template.uses_suffix_list() {
        Some(args.suffix_list.get()?)
    } else {
        None
    };
    let get = Get {
        spec,
        lenient: args.lenient.get(),
        base: args.base.get(spec, args.lenient.get())?,
        template,
        suffixes,
        sep: args.query_separator.get()?,
        json: args.json,
    };
    let inputs = args.url_file.inputs(&args.urls)?;
    // With --json every input has its record already.
    let invalid = if args.json { Invalid::Drop } else { args.invalid.get() };
    stream::run(inputs, args.jobs.get(), out, Lined::new(get, invalid))
}

/// What `get` does with one URL.
struct Get {
    spec: Spec,
    lenient: bool,
    /// The base URL each input is parsed against (`--base`).
    base: Option<Url>,
    template: Template,
    /// The Public Suffix List, when the template asks it.
    suffixes: Option<Cow<'static, SuffixList>>,
    /// `--query-separator`: what separates the query pairs.
    sep: u8,
    /// Whether to write a JSON record for each input.
    json: bool,
}

impl Get {
    /// Writes the line of `url` (parsed from `input`, with `repairs` by
    /// --lenient), made in the output's buffer; a field that refuses the
    /// URL makes it an error instead. With --json, its record.
    fn write<W: Sink>(
        &self,
        out: &mut Output<W>,
        input: &str,
        url: &UrlRef<'_>,
        repairs: &[Warning],
    ) -> io::Result<()> {
        let mut options = Options::new().query_separator(self.sep);
        if let Some(list) = self.suffixes.as_deref() {
            options = options.suffix_list(list);
        }
        if self.json {
            let mut line = Vec::new();
            return match self.template.render_into(url, &options, &mut line) {
                Ok(()) => {
                    let output = Rendered {
                        output: Some(&String::from_utf8_lossy(&line)),
                    };
                    Answer::valid(input, output, self.lenient, repairs).write(out)
                }
                Err(refused) => {
                    Answer::invalid(input, Rendered::NONE, self.lenient, vec![refusal(&refused)]).write(out)
                }
            };
        }
        // Decoded text: shown by name on a terminal, as decode's is.
        match out.data_line_with(|line| self.template.render_into(url, &options, line))? {
            Ok(()) => Ok(()),
            Err(refused) => out.reject_whole(input.as_bytes(), refused),
        }
    }
}

impl Format for Get {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        // A WHATWG URL is its serialization, which a borrowed one must be
        // already; a repaired URL is a new string too.
        if self.lenient || self.base.is_some() || self.spec == Spec::Whatwg {
            return match parse_url_in(input, self.spec, self.lenient, self.base.as_ref()) {
                Ok((url, repairs)) => self.write(out, input, &url.as_url_ref(), &repairs),
                Err(e) => self.reject(out, input, &e),
            };
        }
        // The URL as parsed, not copied.
        match UrlRef::parse_with(input, self.spec) {
            Ok(url) => self.write(out, input, &url, &[]),
            Err(e) => self.reject(out, input, &e),
        }
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        if self.json {
            return Answer::not_utf8(bad, Rendered::NONE, self.lenient).write(out);
        }
        reject_not_utf8(out, bad)
    }
}

impl Get {
    /// Rejects `input`, which did not parse: in caret form on stderr, or
    /// as a `--json` record with every violation.
    fn reject<W: Sink>(&self, out: &mut Output<W>, input: &str, e: &ParseError) -> io::Result<()> {
        if !self.json {
            return out.reject_parse(input, e);
        }
        let errors = all_errors(input, self.spec, self.lenient, self.base.as_ref(), e);
        Answer::invalid(input, Rendered::NONE, self.lenient, errors).write(out)
    }
}

/// The result key of a `get --json` record: the line the template gives.
#[derive(Debug, Serialize)]
struct Rendered<'a> {
    output: Option<&'a str>,
}

impl Rendered<'_> {
    /// No line: an invalid URL, or one a field refused.
    const NONE: Rendered<'static> = Rendered { output: None };
}

/// The error of a field that refused a URL: its offset is the field's in
/// the template, which the message names.
fn refusal(refused: &RenderError) -> JsonError {
    JsonError {
        offset: refused.offset,
        rule: "template",
        message: refused.to_string(),
    }
}
