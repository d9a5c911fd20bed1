//! `urikit relative`: the inverse of `resolve`.

use urikit::Url;

use super::SpecArg;
use crate::input;
use crate::output::Output;

/// Print, for each TARGET, the shortest reference that resolves against BASE back to it (by the spec's algorithm).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// The base URL, parsed strictly
    #[arg(value_name = "BASE")]
    base: String,
    /// The target URLs, parsed strictly; read one per line from stdin when none are given
    #[arg(value_name = "TARGET")]
    targets: Vec<String>,
}

/// Runs `relative`. A target that does not parse prints `error: ...` in its
/// place, so that output lines stay aligned with input lines.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.spec;
    let base = match Url::parse_with(&args.base, spec) {
        Ok(base) => base,
        Err(e) => return Ok(out.parse_error(&args.base, &e)?),
    };
    input::for_each(&args.targets, out, |out, target| match Url::parse_with(target, spec) {
        Ok(target) => out.line(urikit::relative(&base, &target, spec)),
        Err(e) => {
            out.fail();
            out.line(format_args!("error: {e}"))
        }
    })
}
