//! `urikit check`: silence for valid URLs, the caret form for invalid ones,
//! each named by its line or argument.

use std::ffi::OsString;
use std::io;

use urikit::{Spec, Url, UrlRef};

use super::{JobsArg, SpecArg};
use crate::line::{NotUtf8, Source};
use crate::output::{Output, Sink};
use crate::stream::{self, Format};

/// Report each invalid URL: where it is (line N of stdin, argument N), the URL, a caret under the
/// first error, and the error. Blank lines of stdin (empty, or spaces and tabs only) are skipped.
#[derive(Debug, clap::Args)]
#[command(after_long_help = CHECK_HELP)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// Accept what lenient parsing repairs (what browsers repair)
    #[arg(long)]
    lenient: bool,
    #[command(flatten)]
    jobs: JobsArg,
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
tabs only) are skipped, and still counted in the line numbers.";

/// Runs `check`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let check = Check {
        spec: args.spec.get(),
        lenient: args.lenient,
    };
    stream::run(&args.urls, args.jobs.get(), out, check)
}

/// What `check` does with one URL.
pub struct Check {
    /// The grammar.
    pub spec: Spec,
    /// Whether to parse leniently.
    pub lenient: bool,
}

impl Format for Check {
    fn input<W: Sink>(&self, out: &mut Output<W>, url: &str) -> io::Result<()> {
        // A blank line of stdin holds no URL; an argument was given.
        if is_blank(url) && matches!(out.source(), Source::Line(_)) {
            return Ok(());
        }
        let result = if self.lenient {
            Url::parse_lenient_with(url, self.spec).map(drop)
        } else {
            UrlRef::parse_with(url, self.spec).map(drop)
        };
        match result {
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
