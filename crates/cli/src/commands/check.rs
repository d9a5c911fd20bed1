//! `urikit check`: silence for valid URLs, the caret form for invalid ones,
//! each named by its line or argument.

use std::ffi::OsString;
use std::io;

use serde::Serialize;
use urikit::{Spec, Url};

use super::answer::{all_errors, Answer};
use super::{check_url, parse_url_in, BaseArg, JobsArg, LenientArg, SpecArg, UrlFileArg};
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::{self, Format};

/// Report each invalid URL: where it is (line N of stdin, argument N), the URL, a caret under the
/// first error, and the error. Blank lines of stdin (empty, or spaces and tabs only) are skipped.
#[derive(Debug, clap::Args)]
#[command(after_long_help = CHECK_HELP)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    #[command(flatten)]
    base: BaseArg,
    /// Write one JSON object per input, valid or not: {input, valid, errors} (and warnings with --lenient); crates/cli/schema/check.schema.json. Nothing goes to stderr; blank lines of stdin are still skipped
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

/// What `check --help` says of its report.
const CHECK_HELP: &str = "\
Each invalid URL is named by its line of stdin or its argument, then shown with a caret under
the first error:
  line 2: http://user@host/
                 ^
  error: this scheme allows no user name or password at offset 7 (hostport, RFC 1738)
A URL wider than 100 columns is shown as a window of about 72 columns around the error, cut with
…, and a note gives its length and the bytes shown. Blank lines of stdin (empty, or spaces and
tabs only) are skipped, and still counted in the line numbers.

By whatwg, an input with a validation error is invalid (exit status 1), the first one
reported with its name as the rule; with --lenient, only an input the parser fails:
  argument 1: http://exa<TAB>mple.com/
                        ^
  error: control character 0x09 is not allowed here at offset 10 (invalid-URL-unit, WHATWG URL Standard)";

/// Runs `check`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    let check = Check {
        spec,
        lenient: args.lenient.get(),
        json: args.json,
        base: args.base.get(spec, args.lenient.get())?,
    };
    stream::run(args.url_file.inputs(&args.urls)?, args.jobs.get(), out, check)
}

/// What `check` does with one URL.
pub struct Check {
    /// The grammar.
    pub spec: Spec,
    /// Whether to parse leniently.
    pub lenient: bool,
    /// Whether to write a JSON record for each input.
    pub json: bool,
    /// The base URL each input is parsed against (`--base`).
    pub base: Option<Url>,
}

impl Format for Check {
    fn input<W: Sink>(&self, out: &mut Output<W>, url: &str) -> io::Result<()> {
        // A blank line of stdin holds no URL; an argument was given.
        if is_blank(url) && out.source().is_line() {
            return Ok(());
        }
        if self.json {
            return self.json(out, url);
        }
        match check_url(url, self.spec, self.lenient, self.base.as_ref()) {
            Ok(()) => Ok(()),
            Err(e) => out.named_parse_error(url, &e),
        }
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        if self.json {
            return Answer::not_utf8(bad, NoResult {}, self.lenient).write(out);
        }
        out.named_not_utf8(bad)
    }
}

/// A `check --json` record has no result keys: `valid` is the answer.
#[derive(Debug, Serialize)]
struct NoResult {}

impl Check {
    /// Writes the `--json` record of `input`: every violation, as
    /// `parse --json` lists them, and with --lenient the repairs.
    fn json<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        let result = match self.lenient {
            true => parse_url_in(input, self.spec, true, self.base.as_ref()).map(|(_, repairs)| repairs),
            false => check_url(input, self.spec, false, self.base.as_ref()).map(|()| Vec::new()),
        };
        match result {
            Ok(repairs) => Answer::valid(input, NoResult {}, self.lenient, &repairs).write(out),
            Err(e) => {
                let errors = all_errors(input, self.spec, self.lenient, self.base.as_ref(), &e);
                Answer::invalid(input, NoResult {}, self.lenient, errors).write(out)
            }
        }
    }
}

/// Whether `line` is blank: empty, or spaces and tabs only.
fn is_blank(line: &str) -> bool {
    line.bytes().all(|b| b == b' ' || b == b'\t')
}
