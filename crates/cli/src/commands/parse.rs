//! `urikit parse`: the components of each URL, as text or JSON.

use std::io::{self, Write};

use serde::Serialize;
use urikit::{validate, ParseError, Spec, Url, Warning};

use super::{parse_url, JobsArg, SpecArg};
use crate::line::NotUtf8;
use crate::output::Output;
use crate::stream::{self, Format};

/// Print the components of each URL: scheme, user, password, host, port, path, query, fragment.
#[derive(Debug, clap::Args)]
#[command(after_long_help = JSON_HELP)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// Repair what browsers repair, report each repair, and show the repaired URL
    #[arg(long)]
    lenient: bool,
    /// Write one JSON object per URL, one per line (its keys are listed below)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    jobs: JobsArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

/// The keys of `--json`, as `schema/parse.schema.json` describes them.
const JSON_HELP: &str = "\
--json writes one object per input line (crates/cli/schema/parse.schema.json is its JSON Schema):
  input        the line (U+FFFD for octets that are not UTF-8)
  valid        true or false
  spec         rfc1738, rfc1630, rfc1808 or rfc3986
  scheme, user, password, host, path, query, fragment
               strings; null when absent, \"\" when empty (all null for an invalid URL)
  port         a number, or null
  errors       [{offset, rule, message}]: every violation of an invalid URL
  scheme_view  the scheme's typed view: {kind, ...keys of the kind}, {error} when
               it cannot be made, null for an invalid URL
  warnings     --lenient only: [{offset, message}], each repair
  url          --lenient only: the repaired URL

scheme_view kinds and their keys (port: the URL's, or the scheme's default):
  http:         host, port, path, search, request_target
  ftp:          host, port, user, password, cwd (a list), name, type
  gopher:       host, port, gopher_type, selector, search, gopher_plus, gopher_plus_kind
  mailto:       address, local_part, domain
  news:         target (group, article or all-groups), name
  nntp:         host, port, group, article (a number)
  telnet:       protocol (telnet, rlogin or tn3270), host, port, user, password
  wais:         host, port, form (database, search or document), database, search, wtype, wpath
  file:         host, local (true for an empty host or localhost), path
  prospero:     host, port, hsoname, version, fields ([name, value] pairs)
  message-id:   id
  afs:          cell, path, historical (true)
  urn:          scheme, host, port, path, search
  experimental: scheme, host, port, path, search (an x- scheme)
  generic:      scheme, host, port, path, search (any other scheme)";

/// Runs `parse`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let parse = Parse {
        spec: args.spec.spec,
        lenient: args.lenient,
        json: args.json,
    };
    stream::run(&args.urls, args.jobs.get(), out, parse)
}

/// What `parse` does with one URL.
pub struct Parse {
    /// The grammar.
    pub spec: Spec,
    /// Whether to parse leniently.
    pub lenient: bool,
    /// Whether to write JSON.
    pub json: bool,
}

impl Format for Parse {
    fn input<W: Write>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        let result = parse_url(input, self.spec, self.lenient);
        if self.json {
            let record = Record::new(input, self.spec, self.lenient, &result);
            if !record.valid {
                out.fail();
            }
            return record.write(out.writer());
        }
        match result {
            Ok((url, warnings)) => write_text(out, input, &url, &warnings, self.lenient),
            Err(e) => out.parse_error(input, &e),
        }
    }

    fn not_utf8<W: Write>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        if !self.json {
            return out.not_utf8(bad);
        }
        out.fail();
        Record::not_utf8(bad, self.spec, self.lenient).write(out.writer())
    }
}

/// The input line, then one indented `key: value` line per component.
fn write_text<W: Write>(
    out: &mut Output<W>,
    input: &str,
    url: &Url,
    warnings: &[Warning],
    lenient: bool,
) -> io::Result<()> {
    out.shown_line(input)?;
    if lenient {
        out.shown_line(format_args!("  url: {url}"))?;
    }
    let port = url.port().map(|port| port.to_string());
    let fields = [
        ("scheme", Some(url.scheme())),
        ("user", url.user()),
        ("password", url.password()),
        ("host", url.host()),
        ("port", port.as_deref()),
        ("path", Some(url.path())),
        ("query", url.query()),
        ("fragment", url.fragment()),
    ];
    for (key, value) in fields {
        // An empty part shows as "", which no valid URL holds unencoded.
        let value = match value {
            None => "(none)",
            Some("") => "\"\"",
            Some(v) => v,
        };
        out.shown_line(format_args!("  {key}: {value}"))?;
    }
    for w in warnings {
        out.shown_line(format_args!("  warning: {w}"))?;
    }
    Ok(())
}

/// One line of `parse --json`. Absent components are `null`, empty ones `""`.
#[derive(Debug, Serialize)]
struct Record<'a> {
    input: &'a str,
    valid: bool,
    spec: &'static str,
    scheme: Option<&'a str>,
    user: Option<&'a str>,
    password: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<u16>,
    path: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    errors: Vec<JsonError>,
    /// The scheme's typed view: `kind` and its fields, or `error`; `null`
    /// for an invalid URL.
    scheme_view: serde_json::Value,
    /// Only with `--lenient`.
    #[serde(flatten)]
    lenient: Option<Lenient<'a>>,
}

/// What `--lenient` adds to a [`Record`].
#[derive(Debug, Serialize)]
struct Lenient<'a> {
    warnings: Vec<JsonWarning>,
    /// The repaired URL.
    url: Option<&'a str>,
}

#[derive(Debug, Serialize)]
struct JsonError {
    offset: usize,
    rule: &'static str,
    message: String,
}

#[derive(Debug, Serialize)]
struct JsonWarning {
    offset: usize,
    message: String,
}

/// The scheme view of `url` as JSON: `{"kind": ..., <field>: ...}`, or
/// `{"error": ...}` when the scheme's view cannot be made.
fn scheme_view(url: &Url) -> serde_json::Value {
    use serde_json::{json, Map, Value};
    use urikit::scheme::Field;
    let view = match url.view() {
        Ok(view) => view,
        Err(e) => return json!({ "error": e.to_string() }),
    };
    let mut object = Map::new();
    object.insert("kind".into(), Value::from(view.kind()));
    for (name, field) in view.fields() {
        let value = match field {
            Field::Text(t) => Value::from(t),
            Field::Number(n) => Value::from(n),
            Field::Bool(b) => Value::from(b),
            Field::List(l) => Value::from(l),
            Field::Pairs(pairs) => pairs.into_iter().map(|(k, v)| Value::from(vec![k, v])).collect(),
            _ => Value::Null,
        };
        object.insert(name.into(), value);
    }
    Value::Object(object)
}

impl JsonError {
    fn new(e: &ParseError) -> JsonError {
        JsonError {
            offset: e.offset,
            rule: e.rule,
            message: e.message(),
        }
    }
}

impl<'a> Record<'a> {
    fn empty(input: &'a str, spec: Spec, lenient: bool) -> Record<'a> {
        Record {
            input,
            valid: false,
            spec: spec.name(),
            scheme: None,
            user: None,
            password: None,
            host: None,
            port: None,
            path: None,
            query: None,
            fragment: None,
            errors: Vec::new(),
            scheme_view: serde_json::Value::Null,
            lenient: lenient.then(|| Lenient {
                warnings: Vec::new(),
                url: None,
            }),
        }
    }

    /// The record of `input`, given what parsing it gave.
    ///
    /// A strict parse that fails lists every violation [`validate`] finds; a
    /// lenient one lists the one error no repair could fix (the strict
    /// violations it repaired would mislead).
    fn new(
        input: &'a str,
        spec: Spec,
        lenient: bool,
        result: &'a Result<(Url, Vec<Warning>), ParseError>,
    ) -> Record<'a> {
        let mut record = Record::empty(input, spec, lenient);
        match result {
            Ok((url, warnings)) => {
                record.valid = true;
                record.scheme = Some(url.scheme());
                record.user = url.user();
                record.password = url.password();
                record.host = url.host();
                record.port = url.port();
                record.path = Some(url.path());
                record.query = url.query();
                record.fragment = url.fragment();
                record.scheme_view = scheme_view(url);
                if let Some(l) = &mut record.lenient {
                    l.url = Some(url.as_str());
                    l.warnings = warnings
                        .iter()
                        .map(|w| JsonWarning {
                            offset: w.offset,
                            message: w.repair.to_string(),
                        })
                        .collect();
                }
            }
            Err(e) => {
                let all = if lenient { Vec::new() } else { validate(input, spec) };
                record.errors = if all.is_empty() {
                    vec![JsonError::new(e)]
                } else {
                    all.iter().map(JsonError::new).collect()
                };
            }
        }
        record
    }

    /// The record of a line that is not UTF-8: its text with U+FFFD in place
    /// of what is not, and one error.
    fn not_utf8(bad: &'a NotUtf8, spec: Spec, lenient: bool) -> Record<'a> {
        let mut record = Record::empty(&bad.text, spec, lenient);
        record.errors.push(JsonError {
            offset: bad.offset,
            rule: "UTF-8",
            message: format!("octet 0x{:02X} is not UTF-8, expected UTF-8 text", bad.byte),
        });
        record
    }

    fn write(&self, w: &mut impl Write) -> io::Result<()> {
        serde_json::to_writer(&mut *w, self)?;
        w.write_all(b"\n")
    }
}

/// Writes `url` as `parse --json` writes a valid URL: for commands that
/// print a URL they made.
pub fn write_json<W: Write>(out: &mut Output<W>, url: &Url) -> io::Result<()> {
    let result = Ok((url.clone(), Vec::new()));
    Record::new(url.as_str(), url.spec(), false, &result).write(out.writer())
}
