//! `urikit explain`: each URL under every spec, side by side, and the
//! verdicts a security engineer must know.

mod html;
mod serve;
mod table;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Write as _};
use std::path::PathBuf;

use anyhow::Context;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use urikit::explain::{self, Code, Explanation, Verdict, SPECS};

use urikit::Spec;

use super::parse::Record;
use super::{JobsArg, UrlFileArg};
use crate::input::{self, Inputs};
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
    /// Write one self-contained HTML page (inline style, no script, loads nothing) with the table and the verdicts of every URL; not with --json or --differs
    #[arg(long, conflicts_with_all = ["json", "differs", "verdict"])]
    html: bool,
    /// Write the page of --html to FILE (created or replaced), not to stdout; implies --html
    #[arg(long, short = 'o', value_name = "FILE", conflicts_with_all = ["json", "differs", "verdict", "serve"])]
    output: Option<PathBuf>,
    /// Serve the page on http://127.0.0.1:PORT/ (loopback only), with a form that explains the URL and base typed into it; runs until killed
    #[arg(long, conflicts_with_all = ["json", "differs", "verdict", "html", "base", "urls", "url_file"])]
    serve: bool,
    /// With --serve: the port to listen on; 0 picks a free one. The address is printed on stderr [default: 0]
    #[arg(long, value_name = "PORT", requires = "serve", conflicts_with_all = ["json", "differs", "html", "base", "urls"], value_parser = super::utf8(clap::value_parser!(u16)))]
    port: Option<u16>,
    /// Read each URL by these specs only, in any case (repeat, or separate by commas): the table, --json, --html and the verdicts compare their readings alone, and the others are not parsed [default: all five]
    #[arg(long, value_name = "SPEC", value_delimiter = ',', ignore_case = true, value_parser = super::utf8(super::spec_parser()), conflicts_with = "serve")]
    specs: Vec<Spec>,
    /// With --differs: only these verdicts count (repeat, or separate by commas)
    #[arg(long, value_name = "CODE", value_delimiter = ',', value_parser = super::utf8(code_parser()), requires = "differs")]
    verdict: Vec<Code>,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    url_file: UrlFileArg,
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
         public; a name has none, but localhost and the names under it, which are loopback). A row whose cells differ between specs that accept the URL starts with '*'.\n\
         A cell over 100 columns is cut to about 72 around where it differs from another cell of its\n\
         row (else from its start), with '…' where text is left out and a note '(bytes A..B of N)'; the\n\
         input above the table around the first offset a spec objects to; a verdict quotes a long text\n\
         by its ends. --json writes every text whole.\n\
         --specs whatwg,rfc3986 reads by those specs only: the columns, the JSON and the verdicts are\n\
         theirs alone, and the other specs are not parsed.\n\
         \n\
         Verdicts, most serious first:\n",
    );
    for code in Code::ALL {
        let _ = writeln!(text, "  {}\n      {}", code.name(), code.meaning());
    }
    text.push_str(
        "\n--json writes {input, base, specs: {rfc1738, rfc1630, rfc1808, rfc3986, whatwg} (or the --specs), verdicts:\n\
         [{code, specs, message}]}, each spec's object as `parse --json --spec NAME` writes it (whatwg:\n\
         with --lenient) plus target: {scheme, host, port, ip, class}.\n\
         \n\
         --html writes one page for all the URLs: open it in a browser (urikit explain --html -o\n\
         page.html URL...; then open page.html). It is self-contained: inline style, no script, and a\n\
         Content-Security-Policy that lets it load nothing. Each input text is escaped, controls shown\n\
         by name. Rows that differ are marked with \u{2260} and their cells outlined; each verdict has its\n\
         meaning and a link to its spec section. --html with --json or --differs is a usage error.\n\
         \n\
         --serve serves that page, with a form for a URL and a base, on 127.0.0.1 only (never another\n\
         address): urikit explain --serve prints `urikit: serving on http://127.0.0.1:PORT/` on stderr;\n\
         open that address. GET and HEAD of / only; one line per request on stderr. It runs until\n\
         killed (Ctrl-C).\n\
         \n\
         Exit status: 0 no URL has a verdict (of those --verdict names), 1 some URL has one or is not\n\
         UTF-8, 2 a usage or I/O error (--serve: the port could not be bound).",
    );
    text
}

/// Runs `explain`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    if args.serve {
        return serve::run(args.port.unwrap_or(0));
    }
    let specs = if args.specs.is_empty() {
        SPECS.to_vec()
    } else {
        args.specs
    };
    if args.html || args.output.is_some() {
        let inputs = args.url_file.inputs(&args.urls)?;
        return page(inputs, args.base.as_deref(), &specs, args.output, out);
    }
    let explain = Explain {
        specs,
        base: args.base,
        json: args.json,
        differs: args.differs,
        codes: args.verdict,
    };
    stream::run(args.url_file.inputs(&args.urls)?, args.jobs.get(), out, explain)
}

/// Writes one page for every URL (or line of stdin) to `output`, or to
/// stdout. The status is the text output's: 1 when some URL has a verdict or
/// is not UTF-8.
fn page(
    inputs: Inputs<'_>,
    base: Option<&str>,
    specs: &[Spec],
    output: Option<PathBuf>,
    out: &mut Output,
) -> anyhow::Result<()> {
    let mut file = match &output {
        Some(path) => {
            Some(BufWriter::new(File::create(path).with_context(|| {
                format!("cannot write the page to {}", path.display())
            })?))
        }
        None => None,
    };
    /// Where the page goes: the file, or stdout.
    fn to<'a>(out: &'a mut Output, file: &'a mut Option<BufWriter<File>>) -> &'a mut dyn io::Write {
        match file {
            Some(file) => file,
            None => out.writer(),
        }
    }
    html::head(to(out, &mut file), None)?;
    let mut n = 0;
    input::for_each_line(inputs, out, |out, line| {
        n += 1;
        match line {
            Ok(input) => match explain::explain_with(input, base, specs) {
                Ok(e) => {
                    if !e.verdicts.is_empty() {
                        out.fail();
                    }
                    html::explanation(to(out, &mut file), n, &e)
                }
                Err(e) => {
                    out.fail();
                    html::failure(to(out, &mut file), n, input.as_bytes(), &e.to_string())
                }
            },
            Err(bad) => {
                out.fail();
                html::failure(to(out, &mut file), n, &bad.raw, &bad.to_string())
            }
        }
    })?;
    html::foot(to(out, &mut file))?;
    if let (Some(mut file), Some(path)) = (file, output) {
        file.flush()
            .with_context(|| format!("cannot write the page to {}", path.display()))?;
    }
    Ok(())
}

/// Appends `cell`, spaces up to `width` chars, and the two spaces between
/// columns. Not `format!`'s width: it holds no more than 65,535, and a
/// cell of a long URL is longer.
fn pad(line: &mut String, cell: &str, width: usize) {
    line.push_str(cell);
    let n = width.saturating_sub(cell.chars().count()) + 2;
    line.extend(std::iter::repeat_n(' ', n));
}

/// What `explain` does with one URL.
pub struct Explain {
    /// The specs each URL is read by.
    pub specs: Vec<Spec>,
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
            let verdicts = match explain::verdicts_with(input, self.base.as_deref(), &self.specs) {
                Ok(verdicts) => verdicts,
                Err(e) => return out.parse_error(input, &e),
            };
            if !verdicts.iter().any(|v| self.counts(v)) {
                return Ok(());
            }
            out.fail();
            table::write_cut_line(out.writer(), input, 0)?;
            return write_verdicts(out, verdicts.iter().filter(|v| self.counts(v)));
        }
        if self.differs {
            // Most inputs of a list have no verdict: the verdicts alone tell
            // them, and only the others are explained in full.
            match explain::verdicts_with(input, self.base.as_deref(), &self.specs) {
                Ok(verdicts) if !verdicts.iter().any(|v| self.counts(v)) => return Ok(()),
                Ok(_) => {}
                Err(e) => return out.parse_error(input, &e),
            }
        }
        let e = match explain::explain_with(input, self.base.as_deref(), &self.specs) {
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
            return out.json_line(&e);
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
        for &spec in SPECS.iter().filter(|spec| self.specs.contains(spec)) {
            let mut line = Vec::new();
            Record::not_utf8(bad, spec, spec == Spec::Whatwg).write(&mut line)?;
            let mut record: serde_json::Value = serde_json::from_slice(&line).map_err(io::Error::other)?;
            record["target"] = serde_json::Value::Null;
            // The query's pairs are parse's alone.
            if let Some(keys) = record.as_object_mut() {
                keys.remove("params");
            }
            specs.insert(spec.name().to_owned(), record);
        }
        let object = serde_json::json!({
            "input": bad.text,
            "base": self.base,
            "specs": specs,
            "verdicts": [],
        });
        out.json_line(&object)
    }
}

/// One line per verdict, indented: `code [specs]: message`.
fn write_verdicts<'v, W: Sink>(out: &mut Output<W>, verdicts: impl Iterator<Item = &'v Verdict>) -> io::Result<()> {
    // `  code [specs]: message`, made in one buffer.
    let mut line = String::with_capacity(256);
    for v in verdicts {
        line.clear();
        line.push_str("  ");
        line.push_str(v.code.name());
        line.push_str(" [");
        for (i, spec) in v.specs.iter().enumerate() {
            if i > 0 {
                line.push_str(", ");
            }
            line.push_str(spec.name());
        }
        line.push_str("]: ");
        line.push_str(&v.message);
        out.shown_str(&line)?;
    }
    Ok(())
}

/// The input, then the table: a header of the specs, a row per component;
/// each long text cut around what matters in it ([`table::cut`]).
fn write_table<W: Sink>(out: &mut Output<W>, e: &Explanation) -> io::Result<()> {
    table::write_cut_line(out.writer(), &e.input, table::input_focus(e))?;
    if let Some(base) = &e.base {
        out.shown_line(format_args!("  against {}", table::cut(base, 0)))?;
    }
    // Every cell as it is shown.
    let shown: Vec<(&str, Vec<String>, bool)> = table::rows(e)
        .into_iter()
        .map(|row| {
            let cells = row.cells.iter().map(|c| Shown::text(c).to_string()).collect();
            (row.name, cells, row.differs)
        })
        .collect();
    let mut widths: Vec<usize> = e.readings.iter().map(|r| r.spec.name().len()).collect();
    for (_, cells, _) in &shown {
        for (w, c) in widths.iter_mut().zip(cells) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut line = format!("  {:<11}", "");
    for (r, &w) in e.readings.iter().zip(&widths) {
        pad(&mut line, r.spec.name(), w);
    }
    out.line(line.trim_end())?;
    for (name, cells, differs) in shown {
        let mut line = format!("{} {name:<11}", if differs { '*' } else { ' ' });
        for (c, &w) in cells.iter().zip(&widths) {
            pad(&mut line, c, w);
        }
        // Shown already: written as it is.
        out.line(line.trim_end())?;
    }
    Ok(())
}
