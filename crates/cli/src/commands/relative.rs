//! `urikit relative`: the inverse of `resolve`.

use std::ffi::OsString;
use std::io;

use serde::Serialize;
use urikit::{Spec, Url};

use super::answer::{all_errors, Answer};
use super::lined::{self, InvalidArg};
use super::{base_arg, parse_url, LenientArg, SpecArg, UrlFileArg};
use crate::input;
use crate::line::NotUtf8;
use crate::output::Output;

/// Print, for each TARGET, the shortest reference that resolves against BASE back to it (by the spec's algorithm; whatwg: the shortest REF for which new URL(REF, BASE) is the TARGET's href).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    /// Write one JSON object per input line, valid or not: {input, valid, base, target, relative, errors} (and warnings with --lenient); crates/cli/schema/relative.schema.json. Every input has its record: --invalid is ignored, and nothing goes to stderr
    #[arg(long)]
    json: bool,
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
    if args.json {
        let inputs = args.url_file.inputs(&args.targets)?;
        return input::for_each_line(inputs, out, |out, line| write_json(out, &base, spec, lenient, line));
    }
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

/// Writes the `--json` record of one line.
fn write_json(out: &mut Output, base: &Url, spec: Spec, lenient: bool, line: Result<&str, NotUtf8>) -> io::Result<()> {
    let none = Relative {
        base: base.as_str(),
        target: None,
        relative: None,
    };
    let input = match &line {
        Ok(input) => *input,
        Err(bad) => return Answer::not_utf8(bad, none, lenient).write(out),
    };
    match parse_url(input, spec, lenient) {
        Ok((target, repairs)) => {
            let relative = urikit::relative(base, &target, spec);
            let keys = Relative {
                target: Some(target.as_str()),
                relative: Some(&relative),
                ..none
            };
            Answer::valid(input, keys, lenient, &repairs).write(out)
        }
        Err(e) => Answer::invalid(input, none, lenient, all_errors(input, spec, lenient, None, &e)).write(out),
    }
}

/// The result keys of a `--json` record.
#[derive(Debug, Serialize)]
struct Relative<'a> {
    /// The base URL, as parsed.
    base: &'a str,
    /// The target URL, as parsed; `null` for an invalid one.
    target: Option<&'a str>,
    /// The shortest reference from the base to the target.
    relative: Option<&'a str>,
}
