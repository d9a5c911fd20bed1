//! `urikit resolve`: partial forms against a base URL.

use std::ffi::OsString;

use super::lined::{self, InvalidArg};
use super::{base_arg, LenientArg, SpecArg, UrlFileArg};
use crate::output::Output;

/// Resolve each partial form against BASE by the spec's algorithm (RFC 1630 for rfc1738 and rfc1630, RFC 1808 §4, RFC 3986 §5.2; whatwg: the basic URL parser with BASE as the base, new URL(REF, BASE), validation errors let pass as browsers do), one absolute URL per line.
///
/// BASE is a URL, read strictly unless --lenient; each REF is read as the spec's algorithm reads a reference, with or without --lenient.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    #[command(flatten)]
    invalid: InvalidArg,
    /// The context URL, parsed strictly unless --lenient; one that does not parse is a usage error (exit status 2)
    #[arg(value_name = "BASE")]
    base: OsString,
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The partial forms; read one per line from stdin when none are given
    #[arg(value_name = "REF")]
    refs: Vec<OsString>,
}

/// Runs `resolve`: absolute forms on stdout, a diagnostic on stderr for each
/// reference that fails; a base that does not parse is a usage error.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    let base = base_arg(&args.base, spec, args.lenient.get())?;
    lined::for_each_data(
        args.url_file.inputs(&args.refs)?,
        out,
        args.invalid.get(),
        |out, reference| {
            match base.resolve_with(reference, spec) {
                Ok(url) => out.line(url),
                // The caret goes under the error in what the algorithm made, when
                // that is what failed.
                Err(e) => out.reject(e.result().unwrap_or(reference).as_bytes(), e.offset(), &e),
            }
        },
    )
}
