//! `urikit compare`: equivalence of two URLs.

use std::ffi::OsString;

use serde::Serialize;

use urikit::Spec;

use super::answer::Answer;
use super::normalize::{self, Normalized};
use super::{parse_url, LenientArg, SpecArg};
use crate::line::{self, Source};
use crate::output::Output;

/// Print the canonical forms of A and B, then whether they are equivalent.
///
/// By whatwg, two URLs are equivalent when their hrefs are equal (a fragment included), each the
/// URL the parser gives; a URL with a validation error is not valid.
///
/// With --lenient, A and B are read as lenient parsing reads them (by whatwg, as browsers read
/// them), and the repaired URLs compared.
///
/// With --json, one object: {a, b, equivalent}, a and b each what normalize --json writes of it, equivalent null when either is invalid (crates/cli/schema/compare.schema.json); nothing goes to stderr, and the exit status is the same.
///
/// Exit status: 0 equivalent, 1 not equivalent, 2 usage error, 3 A or B is not a valid URL (reported on stderr).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    /// Write one JSON object: {a, b, equivalent}
    #[arg(long)]
    json: bool,
    /// The first URL
    #[arg(value_name = "A")]
    a: OsString,
    /// The second URL
    #[arg(value_name = "B")]
    b: OsString,
}

/// Exit status when A and B are not equivalent.
pub const NOT_EQUIVALENT: u8 = 1;

/// Exit status when A or B is not a valid URL: no answer either way.
pub const INVALID: u8 = 3;

/// Runs `compare`: exit status 0 when equivalent, [`NOT_EQUIVALENT`] when
/// not, [`INVALID`] (with a diagnostic on stderr for each) when either URL
/// is invalid.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    if args.json {
        return json(out, &args.a, &args.b, spec, args.lenient.get());
    }
    let mut urls = Vec::with_capacity(2);
    for (i, input) in [&args.a, &args.b].into_iter().enumerate() {
        out.set_source(Source::Argument(i + 1));
        match line::decode_arg(input).map(|text| (text, parse_url(text, spec, args.lenient.get()))) {
            Ok((_, Ok((url, _)))) => urls.push(url.canonical()),
            Ok((text, Err(e))) => out.reject_parse(text, &e)?,
            Err(bad) => out.reject_not_utf8(&bad)?,
        }
    }
    let [a, b] = &urls[..] else {
        out.set_status(INVALID);
        return Ok(());
    };
    out.line(a)?;
    out.line(b)?;
    if a.equivalent(b) {
        out.line("equivalent")?;
    } else {
        out.set_status(NOT_EQUIVALENT);
        out.line("not equivalent")?;
    }
    Ok(())
}

/// The one `--json` record of a comparison.
#[derive(Debug, Serialize)]
struct Pair<'a> {
    a: Answer<'a, Normalized>,
    b: Answer<'a, Normalized>,
    /// `null` when A or B is invalid: no answer.
    equivalent: Option<bool>,
}

/// Writes the `--json` record of A and B, and sets the exit status.
fn json(out: &mut Output, a: &OsString, b: &OsString, spec: Spec, lenient: bool) -> anyhow::Result<()> {
    let (a, b) = (line::decode_arg(a), line::decode_arg(b));
    let side = |arg| match arg {
        Ok(text) => normalize::answer(text, spec, lenient, false),
        Err(bad) => (None, Answer::not_utf8(bad, Normalized::default(), lenient)),
    };
    let ((url_a, a), (url_b, b)) = (side(a.as_ref().map(|t| *t)), side(b.as_ref().map(|t| *t)));
    let equivalent = match (url_a, url_b) {
        (Some(url_a), Some(url_b)) => Some(url_a.equivalent(&url_b)),
        _ => None,
    };
    out.set_status(match equivalent {
        Some(true) => 0,
        Some(false) => NOT_EQUIVALENT,
        None => INVALID,
    });
    out.json_line(&Pair { a, b, equivalent })?;
    Ok(())
}
