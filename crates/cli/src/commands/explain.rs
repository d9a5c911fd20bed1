//! `urikit explain`: each URL under every spec, side by side, and the
//! verdicts a security engineer must know.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use urikit::explain::{self, Code, Explanation, FailedIn, Port, Reading, Verdict, SPECS};
use urikit::UrlRef;

use urikit::Spec;

use super::parse::Record;
use super::JobsArg;
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::{self, Format};
use crate::term::Shown;

/// Show each URL under every spec side by side, and where they disagree (verdicts)
#[derive(Debug, clap::Args)]
#[command(after_long_help = after_help())]
pub struct Args {
    /// Read each URL as a reference against BASE, resolved by each spec's own algorithm (whatwg: new URL(URL, BASE))
    #[arg(long, value_name = "BASE", value_parser = super::utf8_string())]
    base: Option<String>,
    /// Write one JSON object per URL, one per line (crates/cli/schema/explain.schema.json)
    #[arg(long)]
    json: bool,
    /// Write only the URLs that have a verdict, each with its verdicts (no table; all with --json)
    #[arg(long)]
    differs: bool,
    /// With --differs: only these verdicts count (repeat, or separate by commas)
    #[arg(long, value_name = "CODE", value_delimiter = ',', value_parser = code_parser(), requires = "differs")]
    verdict: Vec<Code>,
    #[command(flatten)]
    jobs: JobsArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// The `--verdict` values: the codes.
fn code_parser() -> impl TypedValueParser<Value = Code> {
    PossibleValuesParser::new(Code::ALL.map(Code::name))
        .try_map(|name| Code::from_name(&name).ok_or_else(|| format!("no verdict is named {name}")))
}

/// What `explain --help` says after the options: the verdicts, the table,
/// the exit statuses.
fn after_help() -> String {
    let mut text = String::from(
        "Each URL is read by rfc1738, rfc1630, rfc1808 and rfc3986 strictly, and by whatwg as browsers\n\
         read it (validation errors that are not failures are let pass, and listed). The table shows,\n\
         for each spec, whether it accepts the URL, its first error (whatwg: its validation errors),\n\
         the components, the canonical form (whatwg: the href), and where a request would go: the\n\
         host as a resolver is given it, the port with the scheme's default, the address and its class\n\
         (loopback, private, link-local, unspecified, multicast, reserved, shared, documentation,\n\
         public). A row whose cells differ between specs that accept the URL starts with '*'.\n\
         \n\
         Verdicts, most serious first:\n",
    );
    for code in Code::ALL {
        let _ = writeln!(text, "  {}\n      {}", code.name(), code.meaning());
    }
    text.push_str(
        "\n--json writes {input, base, specs: {rfc1738, rfc1630, rfc1808, rfc3986, whatwg}, verdicts:\n\
         [{code, specs, message}]}, each spec's object as `parse --json --spec NAME` writes it (whatwg:\n\
         with --lenient) plus target: {scheme, host, port, ip, class}.\n\
         \n\
         Exit status: 0 no URL has a verdict (of those --verdict names), 1 some URL has one or is not\n\
         UTF-8, 2 a usage or I/O error.",
    );
    text
}

/// Runs `explain`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let explain = Explain {
        base: args.base,
        json: args.json,
        differs: args.differs,
        codes: args.verdict,
    };
    stream::run(&args.urls, args.jobs.get(), out, explain)
}

/// What `explain` does with one URL.
pub struct Explain {
    /// The base each URL is read against.
    pub base: Option<String>,
    /// Whether to write JSON.
    pub json: bool,
    /// Whether to write only the URLs with a verdict.
    pub differs: bool,
    /// The verdicts that count; all when empty.
    pub codes: Vec<Code>,
}

impl Explain {
    fn counts(&self, v: &Verdict) -> bool {
        self.codes.is_empty() || self.codes.contains(&v.code)
    }
}

impl Format for Explain {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        if self.differs && !self.json {
            // The verdicts alone: the readings are not kept.
            let verdicts = match explain::verdicts(input, self.base.as_deref()) {
                Ok(verdicts) => verdicts,
                Err(e) => return out.parse_error(input, &e),
            };
            if !verdicts.iter().any(|v| self.counts(v)) {
                return Ok(());
            }
            out.fail();
            out.shown_line(input)?;
            return write_verdicts(out, verdicts.iter().filter(|v| self.counts(v)));
        }
        let e = match explain::explain(input, self.base.as_deref()) {
            Ok(e) => e,
            Err(e) => return out.parse_error(input, &e),
        };
        let counted = e.verdicts.iter().any(|v| self.counts(v));
        if counted {
            out.fail();
        } else if self.differs {
            return Ok(());
        }
        if self.json {
            return out.line(serde_json::to_string(&e).map_err(io::Error::other)?);
        }
        write_table(out, &e)?;
        write_verdicts(out, e.verdicts.iter())
    }

    /// A line that is not UTF-8: its caret form, or with `--json` an
    /// object whose every spec's reading is `parse --json`'s record of it,
    /// so that the output keeps a line per input line.
    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        if !self.json {
            return out.not_utf8(bad);
        }
        out.fail();
        let mut specs = serde_json::Map::new();
        for spec in SPECS {
            let mut line = Vec::new();
            Record::not_utf8(bad, spec, spec == Spec::Whatwg).write(&mut line)?;
            let mut record: serde_json::Value = serde_json::from_slice(&line).map_err(io::Error::other)?;
            record["target"] = serde_json::Value::Null;
            specs.insert(spec.name().to_owned(), record);
        }
        let object = serde_json::json!({
            "input": bad.text,
            "base": self.base,
            "specs": specs,
            "verdicts": [],
        });
        out.line(object)
    }
}

/// One line per verdict, indented: `code [specs]: message`.
fn write_verdicts<'v, W: Sink>(out: &mut Output<W>, verdicts: impl Iterator<Item = &'v Verdict>) -> io::Result<()> {
    for v in verdicts {
        let specs: Vec<&str> = v.specs.iter().map(|s| s.name()).collect();
        out.shown_line(format_args!("  {} [{}]: {}", v.code, specs.join(", "), v.message))?;
    }
    Ok(())
}

/// The rows of the table: a name, and a cell per reading.
fn rows(e: &Explanation) -> Vec<(&'static str, Vec<String>)> {
    let cells = |f: &dyn Fn(&Reading) -> String| e.readings.iter().map(f).collect::<Vec<_>>();
    let part = |f: &dyn Fn(UrlRef<'_>) -> Option<&str>| {
        cells(&|r| match &r.url {
            Some(url) => text(f(url.as_url_ref())),
            None => "-".to_owned(),
        })
    };
    let target =
        |f: &dyn Fn(&explain::Target) -> String| cells(&|r| r.target.as_ref().map_or_else(|| "-".to_owned(), f));
    vec![
        (
            "valid",
            cells(&|r| if r.url.is_some() { "yes" } else { "no" }.to_owned()),
        ),
        ("errors", cells(&errors)),
        ("scheme", part(&|u| Some(u.scheme()))),
        ("user", part(&|u| u.user())),
        ("password", part(&|u| u.password())),
        ("host", part(&|u| u.host())),
        ("port", part(&|u| u.port_str())),
        ("path", part(&|u| Some(u.path()))),
        ("query", part(&|u| u.query())),
        ("fragment", part(&|u| u.fragment())),
        ("canonical", part(&|u| Some(u.as_str()))),
        (
            "reaches",
            target(&|t| t.host.clone().unwrap_or_else(|| "(no host)".to_owned())),
        ),
        (
            "port used",
            target(&|t| match &t.port {
                Some(Port::Number(n)) => n.to_string(),
                Some(Port::Digits(d)) => format!("{d} (over 65535)"),
                None => "(none)".to_owned(),
            }),
        ),
        (
            "address",
            target(&|t| match (t.ip, t.class) {
                (Some(ip), Some(class)) => format!("{ip} {class}"),
                _ => "(a name)".to_owned(),
            }),
        ),
    ]
}

/// A component's cell: `(none)` when absent, `""` when empty.
fn text(part: Option<&str>) -> String {
    match part {
        None => "(none)".to_owned(),
        Some("") => "\"\"".to_owned(),
        Some(s) => s.to_owned(),
    }
}

/// The errors cell: the first error (`rule at N`), or WHATWG's validation
/// errors let pass.
fn errors(r: &Reading) -> String {
    if let Some(e) = r.errors.first() {
        let place = match &r.failed_in {
            FailedIn::Input => "",
            FailedIn::Base => " in the base",
            FailedIn::Resolved(_) => " in the result",
            _ => "",
        };
        return format!("{} at {}{place}", e.rule, e.offset);
    }
    let named: Vec<String> = r
        .warnings
        .iter()
        .filter_map(|w| match &w.repair {
            urikit::Repair::Tolerated(e) => Some(format!("{} at {}", e.rule, w.offset)),
            _ => None,
        })
        .collect();
    if named.is_empty() {
        "(none)".to_owned()
    } else {
        named.join(", ")
    }
}

/// The input, then the table: a header of the specs, a row per component.
fn write_table<W: Sink>(out: &mut Output<W>, e: &Explanation) -> io::Result<()> {
    out.shown_line(&e.input)?;
    if let Some(base) = &e.base {
        out.shown_line(format_args!("  against {base}"))?;
    }
    let rows = rows(e);
    // Every cell as it is shown, and its width.
    let shown: Vec<(&str, Vec<String>, bool)> = rows
        .into_iter()
        .map(|(name, cells)| {
            let accepted: Vec<&String> = cells
                .iter()
                .zip(&e.readings)
                .filter(|(_, r)| r.url.is_some())
                .map(|(c, _)| c)
                .collect();
            let differs = accepted.windows(2).any(|w| w[0] != w[1]);
            (
                name,
                cells.iter().map(|c| Shown::text(c).to_string()).collect(),
                differs,
            )
        })
        .collect();
    let mut widths: Vec<usize> = SPECS.iter().map(|s| s.name().len()).collect();
    for (_, cells, _) in &shown {
        for (w, c) in widths.iter_mut().zip(cells) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut line = format!("  {:<11}", "");
    for (spec, w) in SPECS.iter().zip(&widths) {
        let _ = write!(line, "{:<w$}  ", spec.name());
    }
    out.line(line.trim_end())?;
    for (name, cells, differs) in shown {
        let mut line = format!("{} {name:<11}", if differs { '*' } else { ' ' });
        for (c, w) in cells.iter().zip(&widths) {
            let _ = write!(line, "{c:<w$}  ");
        }
        // Shown already: written as it is.
        out.line(line.trim_end())?;
    }
    Ok(())
}
