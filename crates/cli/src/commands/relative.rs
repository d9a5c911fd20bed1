//! `urikit relative`: the inverse of `resolve`.

use std::ffi::OsString;

use super::lined::{self, InvalidArg};
use super::{base_arg, parse_url, LenientArg, SpecArg, UrlFileArg};
use crate::output::Output;

/// Print, for each TARGET, the shortest reference that resolves against BASE back to it (by the spec's algorithm; whatwg: the shortest REF for which new URL(REF, BASE) is the TARGET's href).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    #[command(flatten)]
    invalid: InvalidArg,
    /// The base URL, parsed strictly unless --lenient; one that does not parse is a usage error (exit status 2)
    #[arg(value_name = "BASE")]
    base: OsString,
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The target URLs, parsed strictly unless --lenient; read one per line from stdin when none are given
    #[arg(value_name = "TARGET")]
    targets: Vec<OsString>,
}

/// Runs `relative`: references on stdout, a diagnostic on stderr for each
/// target that does not parse; a base that does not is a usage error.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    let lenient = args.lenient.get();
    let base = base_arg(&args.base, spec, lenient)?;
    lined::for_each_data(
        args.url_file.inputs(&args.targets)?,
        out,
        args.invalid.get(),
        |out, target| match parse_url(target, spec, lenient) {
            Ok((target, _)) => out.line(urikit::relative(&base, &target, spec)),
            Err(e) => out.reject_parse(target, &e),
        },
    )
}
