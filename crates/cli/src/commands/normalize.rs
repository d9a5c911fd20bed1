//! `urikit normalize`: the canonical form of each URL.

use super::{parse_url, SpecArg};
use crate::input;
use crate::output::Output;

/// Print the canonical form of each URL, the one encoding level URLs are compared at.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// Repair what browsers repair before normalizing
    #[arg(long)]
    lenient: bool,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

/// Runs `normalize`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.spec;
    input::for_each(&args.urls, out, |out, input| {
        match parse_url(input, spec, args.lenient) {
            Ok((url, _)) => out.line(url.canonical()),
            Err(e) => out.parse_error(input, &e),
        }
    })
}
