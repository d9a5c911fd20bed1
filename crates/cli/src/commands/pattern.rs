//! `urikit match`: the inputs a URL pattern (the URLPattern Standard)
//! matches, as grep prints the lines a regular expression matches.

use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{bail, Context};
use serde_json::{json, Map, Value};
use urikit::pattern::{
    PatternComponent, PatternInput, PatternMatch, PatternOptions, PatternSet, UrlPattern, UrlPatternInit,
};
use urikit::Spec;

use super::{utf8_string, BaseArg, JobsArg, UrlFileArg};
use crate::line::NotUtf8;
use crate::output::{ArgError, Output, Sink};
use crate::stream::{self, Format};
use crate::term::Shown;

/// What `match --help` says after the options.
const MATCH_HELP: &str = "\
PATTERN is a URL pattern of the URLPattern Standard, as browsers, Node and Deno read it: a
constructor string such as 'https://*.example.com/books/:id(\\d+)' (components that it leaves
out match anything), or with --init a URLPatternInit object in JSON
('{\"pathname\": \"/books/:id\", \"baseURL\": \"https://example.com\"}'). :name is a group of one
path segment (one label of a hostname), * anything, (regexp) an ECMAScript regular expression,
{...} a group of fixed text; ?, * and + after a group make it optional or repeated.

Each input is a URL, parsed by the WHATWG URL parser as browsers run it (against --base when
given; match has no strict mode, so the URLs and the base are read as with --lenient), or with
--input-json a URLPatternInit object. The inputs that match are printed as they are; --json writes
one object per input instead:
  {\"input\": ..., \"match\": true, \"result\": {\"protocol\": {\"input\": \"https\", \"groups\": {}}, ...,
   \"pathname\": {\"input\": \"/books/7\", \"groups\": {\"id\": \"7\"}}, ...}}
with all eight components (protocol, username, password, hostname, port, pathname, search,
hash), a group that matched nothing as null, and result null for an input that does not match.

--patterns FILE reads one constructor string a line (blank lines and lines starting with #
skipped) and, for each input, finds the first pattern that matches (--all: every one); all the
positional arguments are then inputs. The patterns are matched as one set: each input is parsed
once and tried only on the patterns whose fixed text (the start of the pathname, the start or end
of the hostname, the protocol) it has, so a lookup in a thousand routes costs a few times one. The inputs that match are printed after the pattern's line
number and a tab, their groups after another tab (name=value, component.name=value for a
component other than the pathname; none of a component the pattern leaves out); --json adds \"pattern\" (the line number, or null) to each
object, or with --all gives \"matches\": [{\"pattern\": N, \"result\": {...}}].

  urikit match 'https://example.com/books/:id' https://example.com/books/7 https://example.com/
  urikit match --json 'https://*.example.com/*' < urls.txt
  urikit match --patterns routes.txt < access.log.urls

Exit status: 0 some input matched, 1 none did, 2 a pattern that does not compile (the error on
stderr, with a caret under its offset), an init together with --base (the standard refuses a base
besides an init), or a usage or I/O error.";

/// Print the inputs a URL pattern matches (URLPattern Standard); with --json, each input's groups
#[derive(Debug, clap::Args)]
#[command(after_long_help = MATCH_HELP)]
pub struct Args {
    /// PATTERN is a URLPatternInit object in JSON (keys protocol, username, password, hostname, port, pathname, search, hash, baseURL), not a constructor string
    #[arg(long)]
    init: bool,
    /// Each input is a URLPatternInit object in JSON, matched as a URL given in parts (not with --base)
    #[arg(long)]
    input_json: bool,
    /// The base URL of a constructor string that leaves out the protocol (new URLPattern(PATTERN, URL)); not with --init, whose baseURL is a key
    #[arg(long, value_name = "URL", value_parser = utf8_string())]
    pattern_base: Option<String>,
    #[command(flatten)]
    base: BaseArg,
    /// Match the pathname, search and hash without regard to case (the ignoreCase option)
    #[arg(long)]
    ignore_case: bool,
    /// Print the pattern's eight component patterns and hasRegExpGroups as one JSON object (one per line of --patterns), and read no input
    #[arg(long)]
    show_pattern: bool,
    /// Read the patterns from FILE, one constructor string a line: for each input, the line number and the groups of the first that matches
    #[arg(long, value_name = "FILE", conflicts_with = "init")]
    patterns: Option<PathBuf>,
    /// With --patterns, every pattern that matches each input, not only the first
    #[arg(long, requires = "patterns")]
    all: bool,
    /// Write one JSON object per input, matched or not: {input, match, result} (crates/cli/schema/match.schema.json)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The pattern (with --patterns, the first input)
    #[arg(value_name = "PATTERN", required_unless_present = "patterns")]
    pattern: Option<OsString>,
    /// The inputs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// Runs `match`.
pub fn run(mut args: Args, out: &mut Output) -> anyhow::Result<()> {
    let options = PatternOptions {
        ignore_case: args.ignore_case,
    };
    if args.init && args.pattern_base.is_some() {
        bail!("--pattern-base with --init: an init has its own baseURL");
    }
    let base = args.base.get(Spec::Whatwg, true)?.map(|url| url.into_string());
    if args.input_json && base.is_some() {
        bail!("--base with --input-json: the URLPattern Standard takes no base URL besides an init");
    }
    let patterns = match &args.patterns {
        Some(path) => {
            // The pattern argument is the first input.
            if let Some(first) = args.pattern.take() {
                args.urls.insert(0, first);
            }
            read_patterns(path, args.pattern_base.as_deref(), options)?
        }
        None => {
            let arg = args.pattern.take().unwrap_or_default();
            let Some(text) = arg.to_str() else {
                bail!("PATTERN {} is not UTF-8", Shown(arg.as_encoded_bytes()));
            };
            vec![(1, compile(text, args.init, args.pattern_base.as_deref(), options)?)]
        }
    };
    if args.show_pattern {
        for (line, p) in &patterns {
            let mut record = Map::new();
            if args.patterns.is_some() {
                record.insert("line".into(), json!(line));
            }
            for c in PatternComponent::ALL {
                record.insert(c.name().into(), json!(p.pattern(c)));
            }
            record.insert("hasRegExpGroups".into(), json!(p.has_regexp_groups()));
            out.json_line(&record)?;
        }
        return Ok(());
    }
    let matched = Arc::new(AtomicBool::new(false));
    let (lines, set): (Vec<usize>, PatternSet) = patterns.into_iter().unzip();
    let format = Matcher {
        lines,
        set,
        numbered: args.patterns.is_some(),
        all: args.all,
        input_json: args.input_json,
        base,
        json: args.json,
        matched: Arc::clone(&matched),
    };
    stream::run(args.url_file.inputs(&args.urls)?, args.jobs.get(), out, format)?;
    out.set_status(if matched.load(Ordering::Relaxed) { 0 } else { 1 });
    Ok(())
}

/// The pattern of `text`: a constructor string, or with `init` a JSON init.
///
/// # Errors
///
/// A usage error: the pattern's error, in caret form under its offset for
/// a constructor string.
fn compile(text: &str, init: bool, base: Option<&str>, options: PatternOptions) -> anyhow::Result<UrlPattern> {
    if init {
        let init = init_of(text).context("--init")?;
        return UrlPattern::from_init(&init, options).context("--init");
    }
    UrlPattern::new(text.into(), base, options)
        .map_err(|e| ArgError::new("pattern", text.as_bytes(), e.offset, e).into())
}

/// The patterns of `--patterns FILE`, with their line numbers.
fn read_patterns(
    path: &std::path::Path,
    base: Option<&str>,
    options: PatternOptions,
) -> anyhow::Result<Vec<(usize, UrlPattern)>> {
    let shown = Shown(path.as_os_str().as_encoded_bytes());
    let text = std::fs::read_to_string(path).with_context(|| format!("--patterns: cannot read {shown}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let p = UrlPattern::new(line.into(), base, options)
            .map_err(|e| ArgError::new(&format!("{shown}: line {}", i + 1), line.as_bytes(), e.offset, e))?;
        out.push((i + 1, p));
    }
    if out.is_empty() {
        bail!("--patterns {shown}: no pattern in the file");
    }
    Ok(out)
}

/// A URLPatternInit from its JSON object.
fn init_of(text: &str) -> anyhow::Result<UrlPatternInit> {
    let value: Value = serde_json::from_str(text).context("not JSON")?;
    let Value::Object(map) = value else {
        bail!("not a JSON object");
    };
    let mut init = UrlPatternInit::default();
    for (key, v) in map {
        let Value::String(s) = v else {
            bail!("{key}: not a string");
        };
        match PatternComponent::from_name(&key) {
            Some(c) => init.set(c, Some(&s)),
            None if key == "baseURL" => init.base_url = Some(s),
            None => bail!("{key}: not a key of a URLPatternInit"),
        }
    }
    Ok(init)
}

/// What `match` does with one input.
struct Matcher {
    /// The line number of each pattern of the set, by its id.
    lines: Vec<usize>,
    set: PatternSet,
    /// Whether the patterns came from --patterns (their line numbers are
    /// printed).
    numbered: bool,
    all: bool,
    input_json: bool,
    base: Option<String>,
    json: bool,
    /// Whether some input matched (the exit status).
    matched: Arc<AtomicBool>,
}

impl Format for Matcher {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        let init = if self.input_json {
            match init_of(input) {
                Ok(init) => Some(init),
                Err(e) => return out.reject_whole(input.as_bytes(), format!("{e:#}")),
            }
        } else {
            None
        };
        let (query, base) = match &init {
            Some(init) => (PatternInput::Init(init), None),
            None => (PatternInput::Url(input), self.base.as_deref()),
        };
        // The one error is a base besides an init, refused before.
        let found: Vec<(usize, PatternMatch)> = if self.all {
            self.set.exec_all(query, base).unwrap_or_default()
        } else {
            self.set.first(query, base).ok().flatten().into_iter().collect()
        };
        if !found.is_empty() {
            self.matched.store(true, Ordering::Relaxed);
        }
        if self.json {
            return out.json_line(&self.record(input, &found));
        }
        for (id, m) in &found {
            if !self.numbered {
                return out.bytes_line(input.as_bytes());
            }
            let mut text = format!("{}\t{input}\t", self.lines[*id]);
            text.push_str(&self.set.get(*id).map_or_else(String::new, |p| groups_text(p, m)));
            out.bytes_line(text.as_bytes())?;
        }
        Ok(())
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        // Not a URL: no match.
        if self.json {
            return out.json_line(&self.record(&bad.text, &[]));
        }
        Ok(())
    }
}

impl Matcher {
    /// The `--json` object of one input; `found` holds ids in the set.
    fn record(&self, input: &str, found: &[(usize, PatternMatch)]) -> Value {
        let mut record = Map::new();
        record.insert("input".into(), json!(input));
        record.insert("match".into(), json!(!found.is_empty()));
        if self.all {
            let matches: Vec<Value> = found
                .iter()
                .map(|(id, m)| json!({"pattern": self.lines[*id], "result": result(m)}))
                .collect();
            record.insert("matches".into(), Value::Array(matches));
            return Value::Object(record);
        }
        if self.numbered {
            record.insert("pattern".into(), json!(found.first().map(|(id, _)| self.lines[*id])));
        }
        record.insert("result".into(), found.first().map_or(Value::Null, |(_, m)| result(m)));
        Value::Object(record)
    }
}

/// The result of `exec`, as JavaScript's: each component's input and groups.
fn result(m: &PatternMatch) -> Value {
    let mut out = Map::new();
    for c in PatternComponent::ALL {
        let cm = m.get(c);
        let groups: Map<String, Value> = cm
            .groups
            .iter()
            .map(|(name, v)| (name.clone(), v.as_deref().map_or(Value::Null, |v| json!(v))))
            .collect();
        out.insert(c.name().into(), json!({"input": cm.input, "groups": groups}));
    }
    Value::Object(out)
}

/// The groups that matched something, `name=value` (`component.name=value`
/// but for the pathname), space-separated; none of a component the pattern
/// leaves as `*` (left out of a constructor string).
fn groups_text(p: &UrlPattern, m: &PatternMatch) -> String {
    let mut out = Vec::new();
    for c in PatternComponent::ALL {
        if p.pattern(c) == "*" {
            continue;
        }
        for (name, v) in &m.get(c).groups {
            let Some(v) = v else { continue };
            match c {
                PatternComponent::Pathname => out.push(format!("{name}={v}")),
                _ => out.push(format!("{}.{name}={v}", c.name())),
            }
        }
    }
    out.join(" ")
}
