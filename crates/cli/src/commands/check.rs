//! `urikit check`: silence for valid URLs, the caret form for invalid ones.

use std::ffi::OsString;
use std::io;

use urikit::{Spec, Url, UrlRef};

use super::{JobsArg, SpecArg};
use crate::output::{Output, Sink};
use crate::stream::{self, Format};

/// Report each invalid URL: the URL, a caret under the first error, and the error.
#[derive(Debug, clap::Args)]
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
        let result = if self.lenient {
            Url::parse_lenient_with(url, self.spec).map(drop)
        } else {
            UrlRef::parse_with(url, self.spec).map(drop)
        };
        match result {
            Ok(()) => Ok(()),
            Err(e) => out.parse_error(url, &e),
        }
    }
}
