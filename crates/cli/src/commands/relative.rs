//! `urikit relative`: the inverse of `resolve`.

use std::ffi::OsString;

use super::lined::{self, InvalidArg};
use super::{parse_url, LenientArg, SpecArg};
use crate::line::{self, Source};
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
    /// The base URL, parsed strictly unless --lenient
    #[arg(value_name = "BASE")]
    base: OsString,
    /// The target URLs, parsed strictly unless --lenient; read one per line from stdin when none are given
    #[arg(value_name = "TARGET")]
    targets: Vec<OsString>,
}

/// Runs `relative`: references on stdout, a diagnostic on stderr for each
/// target that does not parse (and for a base that does not).
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    out.set_source(Source::Named("base"));
    let lenient = args.lenient.get();
    let base = match line::decode_arg(&args.base).map(|base| (base, parse_url(base, spec, lenient))) {
        Ok((_, Ok((base, _)))) => base,
        Ok((text, Err(e))) => return Ok(out.reject_parse(text, &e)?),
        Err(bad) => return Ok(out.reject_not_utf8(&bad)?),
    };
    lined::for_each_data(&args.targets, out, args.invalid.get(), |out, target| {
        match parse_url(target, spec, lenient) {
            Ok((target, _)) => out.line(urikit::relative(&base, &target, spec)),
            Err(e) => out.reject_parse(target, &e),
        }
    })
}
