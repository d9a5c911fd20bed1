//! `urikit check`: silence for valid URLs, the caret form for invalid ones,
//! each named by its line or argument.

use std::ffi::OsString;
use std::io;

use urikit::{Spec, Url};

use super::{check_url, BaseArg, JobsArg, LenientArg, SpecArg, UrlFileArg};
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
    /// The base URL each input is parsed against (`--base`).
    pub base: Option<Url>,
}

impl Format for Check {
    fn input<W: Sink>(&self, out: &mut Output<W>, url: &str) -> io::Result<()> {
        // A blank line of stdin holds no URL; an argument was given.
        if is_blank(url) && out.source().is_line() {
            return Ok(());
        }
        match check_url(url, self.spec, self.lenient, self.base.as_ref()) {
            Ok(()) => Ok(()),
            Err(e) => out.named_parse_error(url, &e),
        }
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        out.named_not_utf8(bad)
    }
}

/// Whether `line` is blank: empty, or spaces and tabs only.
fn is_blank(line: &str) -> bool {
    line.bytes().all(|b| b == b' ' || b == b'\t')
}
