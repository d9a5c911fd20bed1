//! `urikit lint`: the hazards the specifications warn of.

use std::ffi::OsString;
use std::io;

use serde::Serialize;
use urikit::lint::{lint, Finding, Severity};
use urikit::Spec;

use super::{LenientArg, SpecArg, UrlFileArg};
use crate::input;
use crate::line::NotUtf8;
use crate::output::{Output, Sink};

/// Report the hazards in each URL (odd ports, ports over 65535, encoded delimiters, passwords, unsafe characters); exit 1 if any is an error
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
A port over 65535, which RFC 1808 and RFC 3986 allow, is an error (port-out-of-range):
no 16-bit port holds it, and plan and fetch refuse it.

By whatwg, the URL is the one the parser gives; each validation error is a warning (grammar,
with its name), a failure is an error (invalid), and the hazards that do not depend on a
grammar are reported as by every spec: a port other than the default or on the bad port list,
encoded delimiters a client would decode, a password.

An unsafe character left unencoded (unsafe-character) is an error: the URL is not one as
written. With --lenient, the URL is read as lenient parsing reads it, so that what a repair
fixes is a warning, and only the hazards of the repaired URL (and an input no repair makes a
URL of) are errors.")]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    /// One JSON object per URL: {input, findings: [{code, severity, section, offset, message}]}
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

#[derive(Serialize)]
struct Report<'a> {
    input: &'a str,
    findings: Vec<JsonFinding<'a>>,
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    code: &'a str,
    severity: String,
    section: &'a str,
    offset: Option<usize>,
    message: &'a str,
}

/// Runs `lint`: for each URL with findings, the URL and one line per
/// finding, indented; nothing for a URL with none.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    input::for_each_line(args.url_file.inputs(&args.urls)?, out, |out, line| match line {
        Ok(input) => format(out, input, spec, args.lenient.get(), args.json),
        Err(bad) => not_utf8(out, &bad, args.json),
    })
}

/// Reports a line that is not UTF-8: in caret form, or as a JSON record
/// with one finding, as `parse --json` gives one error.
pub fn not_utf8<W: Sink>(out: &mut Output<W>, bad: &NotUtf8, json: bool) -> io::Result<()> {
    if !json {
        return out.not_utf8(bad);
    }
    out.fail();
    let message = format!("octet 0x{:02X} is not UTF-8, expected UTF-8 text", bad.byte);
    let report = Report {
        input: &bad.text,
        findings: vec![JsonFinding {
            code: "not-utf8",
            severity: Severity::Error.to_string(),
            section: "RFC 3629",
            offset: Some(bad.offset),
            message: &message,
        }],
    };
    out.json_line(&report)
}

/// Writes the findings of one URL; `lenient`, what lenient parsing
/// repairs is a warning.
pub fn format<W: Sink>(out: &mut Output<W>, input: &str, spec: Spec, lenient: bool, json: bool) -> io::Result<()> {
    let mut findings = lint(input, spec);
    if lenient {
        // The lint reads the input leniently already; a character the
        // repair encodes is what it calls an error of the URL as written.
        for f in &mut findings {
            if f.code == "unsafe-character" {
                f.severity = Severity::Warning;
            }
        }
    }
    if findings.iter().any(|f| f.severity == Severity::Error) {
        out.fail();
    }
    if json {
        let report = Report {
            input,
            findings: findings.iter().map(self::json).collect(),
        };
        return out.json_line(&report);
    }
    if !findings.is_empty() {
        out.shown_line(input)?;
        for f in &findings {
            out.shown_line(format_args!("  {f}"))?;
        }
    }
    Ok(())
}

fn json(f: &Finding) -> JsonFinding<'_> {
    JsonFinding {
        code: f.code,
        severity: f.severity.to_string(),
        section: f.section,
        offset: f.offset,
        message: &f.message,
    }
}
