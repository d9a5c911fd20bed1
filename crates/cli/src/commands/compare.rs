//! `urikit compare`: equivalence of two URLs.

use std::ffi::OsString;

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
/// Exit status: 0 equivalent, 1 not equivalent, 2 usage error, 3 A or B is not a valid URL (reported on stderr).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
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
