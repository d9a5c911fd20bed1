//! `urikit parse`: the components of each URL, as text or JSON.

use std::cell::RefCell;
use std::convert::Infallible;
use std::io::{self, Write};

use urikit::scheme::{FieldRef, SchemeView};
use urikit::{validate, ParseError, Spec, Url, UrlRef, Warning};

use super::{parse_url, JobsArg, SpecArg};
use crate::json;
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
  message-id:   id_kind (message-id for mid:, content-id for cid:), id
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
        if self.json && !self.lenient {
            match UrlRef::parse_with(input, self.spec) {
                // Borrowed, not copied: the same components as the `Url`,
                // whose scheme is lowercased, when the scheme is lowercase
                // already.
                Ok(url) if !url.scheme().bytes().any(|b| b.is_ascii_uppercase()) => {
                    let mut record = Record::empty(input, self.spec, false);
                    record.valid = true;
                    record.url = Some(url);
                    return record.write(out.writer());
                }
                Ok(_) => {}
                // The same grammar rejects it as a `Url`: not parsed again.
                Err(e) => {
                    let mut record = Record::empty(input, self.spec, false);
                    record.errors = all_errors(input, self.spec, false, &e);
                    out.fail();
                    return record.write(out.writer());
                }
            }
        }
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

/// One line of `parse --json`. Absent components are `null`, empty ones
/// `""`; [`Record::write`] writes the keys in the order of the fields.
#[derive(Debug)]
struct Record<'a> {
    input: &'a str,
    valid: bool,
    spec: &'static str,
    /// The valid URL, whose components and scheme view are written, read
    /// from it as they are written; `None` for an invalid one: its
    /// components and its view are `null`.
    url: Option<UrlRef<'a>>,
    errors: Vec<JsonError>,
    /// Only with `--lenient`, its keys after the others.
    lenient: Option<Lenient<'a>>,
}

/// What `--lenient` adds to a [`Record`].
#[derive(Debug)]
struct Lenient<'a> {
    warnings: Vec<JsonWarning>,
    /// The repaired URL.
    url: Option<&'a str>,
}

#[derive(Debug)]
struct JsonError {
    offset: usize,
    rule: &'static str,
    message: String,
}

#[derive(Debug)]
struct JsonWarning {
    offset: usize,
    message: String,
}

/// Writes the scheme view of a valid `url`: `{"kind": ..., <field>: ...}`,
/// or `{"error": ...}` when the scheme's view cannot be made. A text that
/// is a slice of `input` is written without looking at it again when
/// `plain` says `input` has nothing to escape.
///
/// The view lives on the stack while it is written, never moved into a
/// record: it is large, and moving it would copy it for every line.
fn write_view(w: &mut Vec<u8>, url: &UrlRef<'_>, input: &str, plain: bool) {
    let view = match url.view() {
        Ok(view) => view,
        Err(e) => {
            w.extend_from_slice(b"{\"error\":");
            json::str(w, &e.to_string());
            w.extend_from_slice(b"}");
            return;
        }
    };
    write_fields(w, &view, input, plain);
}

/// The `{"kind": ..., <field>: ...}` of [`write_view`].
fn write_fields(w: &mut Vec<u8>, view: &SchemeView<'_>, input: &str, plain: bool) {
    // Kinds and field names are lowercase words: nothing to escape.
    w.extend_from_slice(b"{\"kind\":\"");
    w.extend_from_slice(view.kind().as_bytes());
    w.extend_from_slice(b"\"");
    let written = view.each_field(|name, field| {
        // `,"name":` then the value, the quotes written with the text
        // around them.
        debug_assert!(!json::needs_escape(name.as_bytes()));
        w.extend_from_slice(b",\"");
        w.extend_from_slice(name.as_bytes());
        match field {
            FieldRef::Text(t) => {
                w.extend_from_slice(b"\":\"");
                json::body_in(w, &t, input, plain);
                w.extend_from_slice(b"\"");
            }
            FieldRef::Number(n) => {
                w.extend_from_slice(b"\":");
                json::uint(w, n);
            }
            FieldRef::Bool(b) => w.extend_from_slice(if b { b"\":true" } else { b"\":false" }),
            FieldRef::List(list) => {
                w.extend_from_slice(b"\":[");
                for (i, item) in list.iter().enumerate() {
                    if i > 0 {
                        w.extend_from_slice(b",");
                    }
                    json::str(w, item);
                }
                w.extend_from_slice(b"]");
            }
            FieldRef::Pairs(pairs) => {
                w.extend_from_slice(b"\":[");
                for (i, (k, v)) in pairs.iter().enumerate() {
                    w.extend_from_slice(if i > 0 { b",[" } else { b"[" });
                    json::str(w, k);
                    w.extend_from_slice(b",");
                    json::str(w, v);
                    w.extend_from_slice(b"]");
                }
                w.extend_from_slice(b"]");
            }
            _ => w.extend_from_slice(b"\":null"),
        }
        Ok::<(), Infallible>(())
    });
    let Ok(()) = written;
    w.extend_from_slice(b"}");
}

/// The errors of a record of `input`, which parsing rejected with `e`:
/// every violation [`validate`] finds, strictly; leniently, the one error
/// no repair could fix (the strict violations it repaired would mislead).
fn all_errors(input: &str, spec: Spec, lenient: bool, e: &ParseError) -> Vec<JsonError> {
    let all = if lenient { Vec::new() } else { validate(input, spec) };
    if all.is_empty() {
        vec![JsonError::new(e)]
    } else {
        all.iter().map(JsonError::new).collect()
    }
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
            url: None,
            errors: Vec::new(),
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
                record.url = Some(url.as_url_ref());
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
            Err(e) => record.errors = all_errors(input, spec, lenient, e),
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

    /// Writes the record and a newline in one write: made in a line
    /// buffer kept per thread.
    fn write<W: Write>(&self, w: &mut W) -> io::Result<()> {
        thread_local! {
            static LINE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
        }
        LINE.with_borrow_mut(|line| {
            line.clear();
            self.render(line);
            let written = w.write_all(line);
            // A rare long line is not kept for the rest of the run.
            if line.capacity() > 1 << 16 {
                *line = Vec::new();
            }
            written
        })
    }

    /// Appends the record and a newline to `w`: the keys in the order of
    /// the fields, those of `lenient` last.
    fn render(&self, w: &mut Vec<u8>) {
        // The components of a URL parsed from the input are slices of it:
        // when it has nothing to escape, neither have they.
        let plain = !json::needs_escape(self.input.as_bytes());
        w.extend_from_slice(b"{\"input\":\"");
        json::body_in(w, self.input, self.input, plain);
        w.extend_from_slice(if self.valid {
            b"\",\"valid\":true,\"spec\":"
        } else {
            b"\",\"valid\":false,\"spec\":"
        });
        // A spec's name is a lowercase word: nothing to escape.
        debug_assert!(!json::needs_escape(self.spec.as_bytes()));
        w.extend_from_slice(b"\"");
        w.extend_from_slice(self.spec.as_bytes());
        w.extend_from_slice(b"\"");
        // `key` ends in the opening quote of the value, which `null` has
        // not. A macro, so that each key is a constant copied inline.
        macro_rules! component {
            ($key:literal, $value:expr) => {
                match $value {
                    Some(value) => {
                        w.extend_from_slice($key);
                        json::body_in(w, value, self.input, plain);
                        w.extend_from_slice(b"\"");
                    }
                    None => {
                        w.extend_from_slice(&$key[..$key.len() - 1]);
                        w.extend_from_slice(b"null");
                    }
                }
            };
        }
        match &self.url {
            Some(url) => {
                component!(b",\"scheme\":\"", Some(url.scheme()));
                component!(b",\"user\":\"", url.user());
                component!(b",\"password\":\"", url.password());
                component!(b",\"host\":\"", url.host());
                w.extend_from_slice(b",\"port\":");
                match url.port() {
                    Some(port) => json::uint(w, port.into()),
                    None => w.extend_from_slice(b"null"),
                }
                component!(b",\"path\":\"", Some(url.path()));
                component!(b",\"query\":\"", url.query());
                component!(b",\"fragment\":\"", url.fragment());
            }
            None => w.extend_from_slice(
                b",\"scheme\":null,\"user\":null,\"password\":null,\"host\":null,\"port\":null,\
                  \"path\":null,\"query\":null,\"fragment\":null",
            ),
        }
        w.extend_from_slice(b",\"errors\":[");
        for (i, e) in self.errors.iter().enumerate() {
            w.extend_from_slice(if i > 0 { b",{\"offset\":" } else { b"{\"offset\":" });
            json::uint(w, e.offset as u64);
            w.extend_from_slice(b",\"rule\":");
            json::str(w, e.rule);
            w.extend_from_slice(b",\"message\":");
            json::str(w, &e.message);
            w.extend_from_slice(b"}");
        }
        w.extend_from_slice(b"],\"scheme_view\":");
        match &self.url {
            Some(url) => write_view(w, url, self.input, plain),
            None => w.extend_from_slice(b"null"),
        }
        if let Some(lenient) = &self.lenient {
            w.extend_from_slice(b",\"warnings\":[");
            for (i, warning) in lenient.warnings.iter().enumerate() {
                w.extend_from_slice(if i > 0 { b",{\"offset\":" } else { b"{\"offset\":" });
                json::uint(w, warning.offset as u64);
                w.extend_from_slice(b",\"message\":");
                json::str(w, &warning.message);
                w.extend_from_slice(b"}");
            }
            w.extend_from_slice(b"],\"url\":");
            json::opt_str(w, lenient.url);
        }
        w.extend_from_slice(b"}\n");
    }
}

/// Writes `url` as `parse --json` writes a valid URL: for commands that
/// print a URL they made.
pub fn write_json<W: Write>(out: &mut Output<W>, url: &Url) -> io::Result<()> {
    let result = Ok((url.clone(), Vec::new()));
    Record::new(url.as_str(), url.spec(), false, &result).write(out.writer())
}
