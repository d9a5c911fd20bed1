//! `urikit normalize`: the canonical form of each URL.

use std::ffi::OsString;
use std::io;

use urikit::Spec;

use super::lined::{self, InvalidArg};
use super::{parse_accepting_space, parse_url, LenientArg, SpecArg, UrlFileArg};
use crate::output::{Output, Sink};

/// Print the canonical form of each URL, the one encoding level URLs are compared at.
///
/// By whatwg, the canonical form is the href: the URL the parser gives, written as the URL
/// Standard serializes it (strictly, a URL with a validation error is refused; --lenient takes it
/// as browsers do).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    /// Accept a space in a URL, written %20, and nothing else that is not the spec's (trurl's --accept-space)
    #[arg(long, conflicts_with = "lenient")]
    accept_space: bool,
    #[command(flatten)]
    invalid: InvalidArg,
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// Runs `normalize`: canonical forms on stdout, a diagnostic on stderr for
/// each URL that does not parse.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    lined::for_each_data(
        args.url_file.inputs(&args.urls)?,
        out,
        args.invalid.get(),
        |out, input| {
            if args.accept_space {
                return match parse_accepting_space(input, spec) {
                    Ok(url) => out.line(url.canonical()),
                    Err(e) => out.reject_parse(input, &e),
                };
            }
            format(out, input, spec, args.lenient.get())
        },
    )
}

/// Writes the canonical form of one URL, or rejects it.
pub fn format<W: Sink>(out: &mut Output<W>, input: &str, spec: Spec, lenient: bool) -> io::Result<()> {
    match parse_url(input, spec, lenient) {
        Ok((url, _)) => out.line(url.canonical()),
        Err(e) => out.reject_parse(input, &e),
    }
}
