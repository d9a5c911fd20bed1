//! `urikit normalize`: the canonical form of each URL.

use std::ffi::OsString;
use std::io;

use serde::Serialize;
use urikit::{Spec, Url};

use super::answer::{all_errors, Answer, JsonError};
use super::lined::{self, InvalidArg};
use super::{parse_accepting_space, parse_url, LenientArg, SpecArg, UrlFileArg};
use crate::input;
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
    /// Write one JSON object per input line, valid or not: {input, valid, normalized, errors} (and warnings with --lenient); crates/cli/schema/normalize.schema.json. Every input has its record: --invalid is ignored, and nothing goes to stderr
    #[arg(long)]
    json: bool,
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
    let lenient = args.lenient.get();
    if args.json {
        return input::for_each_line(args.url_file.inputs(&args.urls)?, out, |out, line| match line {
            Ok(input) => answer(input, spec, lenient, args.accept_space).1.write(out),
            Err(bad) => Answer::not_utf8(&bad, Normalized::default(), lenient).write(out),
        });
    }
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
            format(out, input, spec, lenient)
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

/// The result keys of a `--json` record: the canonical form, `null` for an
/// invalid input.
#[derive(Debug, Default, Serialize)]
pub struct Normalized {
    normalized: Option<String>,
}

/// The canonical form of `input` and its `--json` record (`compare --json`
/// writes one for each URL).
pub fn answer(input: &str, spec: Spec, lenient: bool, accept_space: bool) -> (Option<Url>, Answer<'_, Normalized>) {
    let parsed = match accept_space {
        true => parse_accepting_space(input, spec).map(|url| (url, Vec::new())),
        false => parse_url(input, spec, lenient),
    };
    match parsed {
        Ok((url, repairs)) => {
            let canonical = url.canonical();
            let normalized = Normalized {
                normalized: Some(canonical.to_string()),
            };
            (Some(canonical), Answer::valid(input, normalized, lenient, &repairs))
        }
        Err(e) => {
            // With --accept-space, the spaces the strict grammar refuses
            // are not errors: only the one that stayed.
            let errors = match accept_space {
                true => vec![JsonError::new(&e)],
                false => all_errors(input, spec, lenient, None, &e),
            };
            (None, Answer::invalid(input, Normalized::default(), lenient, errors))
        }
    }
}
