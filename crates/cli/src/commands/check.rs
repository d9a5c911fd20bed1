//! `urikit check`: silence for valid URLs, the caret form for invalid ones.

use urikit::{Url, UrlRef};

use super::SpecArg;
use crate::input;
use crate::output::Output;

/// Report each invalid URL: the URL, a caret under the first error, and the error.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// Accept what lenient parsing repairs (what browsers repair)
    #[arg(long)]
    lenient: bool,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

/// Runs `check`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.spec;
    input::for_each(&args.urls, out, |out, url| {
        let result = if args.lenient {
            Url::parse_lenient_with(url, spec).map(drop)
        } else {
            UrlRef::parse_with(url, spec).map(drop)
        };
        match result {
            Ok(()) => Ok(()),
            Err(e) => out.parse_error(url, &e),
        }
    })
}
