//! `urikit resolve`: partial forms against a base URL.

use std::ffi::OsString;
use std::io;

use serde::Serialize;
use urikit::{ResolveError, ResolveErrorKind, Spec, Url};

use super::answer::{Answer, JsonError};
use super::lined::{self, InvalidArg};
use super::{base_arg, LenientArg, SpecArg, UrlFileArg};
use crate::input;
use crate::line::NotUtf8;
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
    /// Write one JSON object per input line, valid or not: {input, valid, base, resolved, errors}; crates/cli/schema/resolve.schema.json. Every input has its record: --invalid is ignored, and nothing goes to stderr
    #[arg(long)]
    json: bool,
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
    if args.json {
        let inputs = args.url_file.inputs(&args.refs)?;
        return input::for_each_line(inputs, out, |out, line| write_json(out, &base, spec, line));
    }
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

/// Writes the `--json` record of one line. No warnings: a reference is
/// read the one way, with --lenient or without.
fn write_json(out: &mut Output, base: &Url, spec: Spec, line: Result<&str, NotUtf8>) -> io::Result<()> {
    let keys = |resolved| Resolved {
        base: base.as_str(),
        resolved,
    };
    match line {
        Ok(reference) => match base.resolve_with(reference, spec) {
            Ok(url) => Answer::valid(reference, keys(Some(url.as_str())), false, &[]).write(out),
            Err(e) => Answer::invalid(reference, keys(None), false, vec![error(&e)]).write(out),
        },
        Err(bad) => Answer::not_utf8(&bad, keys(None), false).write(out),
    }
}

/// The result keys of a `--json` record.
#[derive(Debug, Serialize)]
struct Resolved<'a> {
    /// The base URL, as parsed.
    base: &'a str,
    /// The absolute URL, `null` when resolving failed.
    resolved: Option<&'a str>,
}

/// The error of a reference that did not resolve; when it is the absolute
/// form the algorithm made that failed, the message names it and the
/// offset is into it.
fn error(e: &ResolveError) -> JsonError {
    match e.kind() {
        ResolveErrorKind::InvalidReference(error) => JsonError::new(error),
        ResolveErrorKind::InvalidResult { result, error } => JsonError {
            offset: error.offset,
            rule: error.rule,
            message: format!("resolved form {result:?} is invalid: {}", error.message()),
        },
        _ => JsonError {
            offset: e.offset(),
            rule: "length",
            message: e.to_string(),
        },
    }
}
