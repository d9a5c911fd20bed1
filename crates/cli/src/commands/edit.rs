//! `urikit edit`: change components of each URL.

use std::ffi::OsString;
use std::fmt::{self, Display};
use std::io;

use anyhow::{anyhow, bail};
use urikit::pct::{encode, EncodeSet};
use urikit::whatwg::api::Setter;
use urikit::{Component, ParseError, Spec, Url};

use super::lined::{Invalid, InvalidArg, Lined};
use super::parse::Record;
use super::{utf8_string, JobsArg, SpecArg};
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::{self, Format};

/// Change components of each URL and print the result
///
/// The edits apply in this order, whatever the order given: --redirect, then
/// every --clear and --set at once (the URL is validated once, after them),
/// then --append, --replace, --remove-query and --sort-query. --set takes a value as it
/// is written in a URL (%-encoded); --append encodes its value. A value that
/// does not fit the spec gives a message on stderr, naming the option as
/// given (--clear "scheme": ...), no output for that URL, and the exit
/// status 1.
///
/// By whatwg, each --clear and --set runs the URL API's setter
/// ([`WHATWG_HELP`], shown by `edit --help`).
#[derive(Debug, clap::Args)]
#[command(after_long_help = WHATWG_HELP)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// Set a component: scheme, user, password, host, port, path, query or fragment (by whatwg, the URL API's setter of that name, or href, protocol, username, hostname, pathname, search, hash)
    #[arg(long = "set", value_name = "COMPONENT=VALUE", value_parser = utf8_string())]
    set: Vec<String>,
    /// Remove a component (removing the host removes user, password and port)
    #[arg(long = "clear", value_name = "COMPONENT", value_parser = utf8_string())]
    clear: Vec<String>,
    /// Append a query pair (query=NAME=VALUE) or a path segment (path=SEGMENT), encoded
    #[arg(long = "append", value_name = "query=NAME=VALUE", value_parser = utf8_string())]
    append: Vec<String>,
    /// Set the value of a query pair (query=NAME=VALUE, encoded): the first pair of that name takes it, the others go; appended when there is none
    #[arg(long = "replace", value_name = "query=NAME=VALUE", value_parser = utf8_string())]
    replace: Vec<String>,
    /// Remove the query pairs whose decoded name matches (a name, or a pattern with '*': utm_*)
    #[arg(long = "remove-query", value_name = "NAME", value_parser = utf8_string())]
    remove_query: Vec<String>,
    /// Sort the query pairs by name (pairs of one name keep their order)
    #[arg(long)]
    sort_query: bool,
    /// Resolve this reference against the URL first
    #[arg(long, value_name = "REF", value_parser = utf8_string())]
    redirect: Option<String>,
    /// Write one JSON object per input line: what parse --json writes of the edited URL, with the input as given and the edited URL as "url"; for an invalid input or a failed edit, "valid":false, its "errors" and "url":null (and nothing on stderr); by whatwg, a setter that ignored its value adds an error to a record that keeps the URL
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    invalid: InvalidArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// What `edit --help` says of `--spec whatwg`.
const WHATWG_HELP: &str = "\
By whatwg, the input is read as the parser gives it (its href), strictly, and each
--clear and --set runs the URL API's setter, as a browser does (url.hostname =
\"EXAMPLE.org\" makes the host example.org): the --clears first, then each --set in the
order given. COMPONENT is a setter's name (href, protocol, username, password, host,
hostname, port, pathname, search, hash) or urikit's (scheme, user, path, query and
fragment run protocol, username, pathname, search and hash; host is the URL API's host:
the host, and a port after ':'). --clear gives the setter the empty string (which
removes a port, a query or a fragment). A setter that ignores its value (port=abc;
protocol=foo on an https URL) leaves the URL as it was and says so on stderr, naming the
setter, the value and the reason; the URL is still written, and the exit status is 1
(--json: the record keeps the URL and is valid, the reason in its errors).

  urikit edit --spec whatwg --set host=EXAMPLE.org:8080 --set pathname='/a b' https://example.com/
  https://example.org:8080/a%20b";

/// An `--append`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Append {
    Query(String, String),
    Path(String),
}

/// Runs `edit`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    let mut sets = Vec::new();
    for c in &args.clear {
        sets.push(Change {
            component: target(c, spec)?,
            value: None,
            option: option("--clear", c),
        });
    }
    for s in &args.set {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| anyhow!("--set {s:?}: expected COMPONENT=VALUE"))?;
        sets.push(Change {
            component: target(name, spec)?,
            value: Some(value.to_owned()),
            option: option("--set", s),
        });
    }
    let appends = args
        .append
        .iter()
        .map(|a| Ok((append(a)?, option("--append", a))))
        .collect::<anyhow::Result<_>>()?;
    let replaces = args
        .replace
        .iter()
        .map(|r| match append(r)? {
            Append::Query(name, value) => Ok((name, value, option("--replace", r))),
            Append::Path(_) => bail!("--replace {r:?}: expected query=NAME=VALUE"),
        })
        .collect::<anyhow::Result<_>>()?;
    let edit = Edit {
        spec,
        redirect: args.redirect,
        sets,
        appends,
        replaces,
        remove_query: args.remove_query,
        sort_query: args.sort_query,
        json: args.json,
    };
    // With --json every input has its record already.
    let invalid = if args.json { Invalid::Drop } else { args.invalid.get() };
    stream::run(&args.urls, args.jobs.get(), out, Lined::new(edit, invalid))
}

/// What a `--set` or `--clear` of `name` changes under `spec`: a
/// component, or by whatwg a setter of the URL API (urikit's names run the
/// setter [`Setter::of`] them, but `host`, which is the API's own).
fn target(name: &str, spec: Spec) -> anyhow::Result<Target> {
    if spec == Spec::Whatwg {
        if let Some(setter) = Setter::from_name(name) {
            return Ok(Target::Setter(setter));
        }
        return match name.parse::<Component>() {
            Ok(c) => Ok(Target::Setter(Setter::of(c))),
            Err(_) => {
                let names: Vec<&str> = Setter::ALL.iter().map(|s| s.name()).collect();
                bail!(
                    "unknown component {name:?}, expected one of: {}, or scheme, user, path, query, fragment",
                    names.join(", ")
                )
            }
        };
    }
    Ok(Target::Component(name.parse::<Component>()?))
}

/// What a `--set` or a `--clear` changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// A component, set by the URL's spec ([`Url::set_all`]).
    Component(Component),
    /// By whatwg: the URL API's setter ([`Url::set_api`]).
    Setter(Setter),
}

/// An option as the user gave it, as messages name it: `--set "host=h"`.
fn option(flag: &str, value: &str) -> String {
    format!("{flag} {}", escape(value))
}

fn append(arg: &str) -> anyhow::Result<Append> {
    match arg.split_once('=') {
        Some(("query", pair)) => {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            Ok(Append::Query(name.to_owned(), value.to_owned()))
        }
        Some(("path", segment)) => Ok(Append::Path(segment.to_owned())),
        _ => bail!("--append {arg:?}: expected query=NAME=VALUE or path=SEGMENT"),
    }
}

/// A `--set` or a `--clear`.
struct Change {
    component: Target,
    /// `None` removes the component.
    value: Option<String>,
    /// The option, as [`option`] names it.
    option: String,
}

/// What `edit` does with one URL.
struct Edit {
    spec: Spec,
    redirect: Option<String>,
    /// The `--clear`s, then the `--set`s: a later change of a component
    /// wins.
    sets: Vec<Change>,
    appends: Vec<(Append, String)>,
    replaces: Vec<(String, String, String)>,
    remove_query: Vec<String>,
    sort_query: bool,
    json: bool,
}

/// A setter that left the URL as it was (by whatwg): the option, and why.
struct Ignored {
    option: String,
    setter: Setter,
    error: ParseError,
}

impl Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.error;
        write!(
            f,
            "{}: the {} setter ignored the value: {} (at offset {} of the value)",
            self.option,
            self.setter,
            e.message(),
            e.offset
        )
    }
}

/// Why an edit failed: the option it failed at, as the user gave it, and
/// the error, its offset into the URL that option made (which the message
/// shows).
struct Failed {
    option: String,
    offset: usize,
    rule: &'static str,
    message: String,
}

impl Failed {
    fn parse(option: &str, e: &ParseError) -> Failed {
        Failed {
            option: option.to_owned(),
            offset: e.offset,
            rule: e.rule,
            message: e.to_string(),
        }
    }
}

impl Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.option, self.message)
    }
}

impl Edit {
    /// The edited URL and the setters that ignored their value, or why
    /// there is no URL.
    fn apply(&self, mut url: Url) -> Result<(Url, Vec<Ignored>), Failed> {
        let mut ignored = Vec::new();
        if let Some(reference) = &self.redirect {
            url = url.resolve(reference).map_err(|e| Failed {
                option: option("--redirect", reference),
                offset: e.offset(),
                rule: std::error::Error::source(&e)
                    .and_then(|source| source.downcast_ref::<ParseError>())
                    .map_or("url", |source| source.rule),
                message: e.to_string(),
            })?;
        }
        for change in &self.sets {
            if let Target::Setter(setter) = change.component {
                if let Err(error) = url.set_api(setter, change.value.as_deref().unwrap_or("")) {
                    let option = change.option.clone();
                    ignored.push(Ignored { option, setter, error });
                }
            }
        }
        let components = self.sets.iter().filter_map(|c| match c.component {
            Target::Component(component) => Some((component, c.value.as_deref())),
            Target::Setter(_) => None,
        });
        if self.sets.iter().any(|c| matches!(c.component, Target::Component(_))) {
            url.set_all(components).map_err(|e| Failed {
                option: self.set_option(e.component()),
                offset: e.error().offset,
                rule: e.error().rule,
                message: e.to_string(),
            })?;
        }
        for (a, given) in &self.appends {
            match a {
                Append::Query(name, value) => url.append_query_pair(name, value),
                Append::Path(segment) => {
                    let path = url.path().trim_end_matches('/');
                    let path = format!("{path}/{}", encode(segment, &EncodeSet::UCHAR));
                    url.set_path(&path)
                }
            }
            .map_err(|e| Failed::parse(given, &e))?;
        }
        for (name, value, given) in &self.replaces {
            url.set_query_pair(name, value).map_err(|e| Failed::parse(given, &e))?;
        }
        for pattern in &self.remove_query {
            url.remove_query_pairs(pattern)
                .map_err(|e| Failed::parse(&option("--remove-query", pattern), &e))?;
        }
        if self.sort_query {
            url.sort_query_pairs().map_err(|e| Failed::parse("--sort-query", &e))?;
        }
        Ok((url, ignored))
    }

    /// The option of [`Edit::sets`] that an error in `component` is
    /// blamed on: the last change of it, which is the one made. An error in
    /// a part no option changed is blamed on the one option given, or on
    /// the kinds of option given.
    fn set_option(&self, component: Option<Component>) -> String {
        let changed = self
            .sets
            .iter()
            .rev()
            .find(|c| component.is_some_and(|x| c.component == Target::Component(x)));
        if let Some(change) = changed.or(match &self.sets[..] {
            [only] => Some(only),
            _ => None,
        }) {
            return change.option.clone();
        }
        let flag = |c: &Change| if c.value.is_some() { "--set" } else { "--clear" };
        let mut flags: Vec<&str> = self.sets.iter().map(flag).collect();
        flags.dedup();
        flags.sort_unstable();
        flags.dedup();
        flags.join(" and ")
    }
}

impl Format for Edit {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        let url = match Url::parse_with(input, self.spec) {
            Ok(url) => url,
            Err(e) if self.json => {
                out.fail();
                return Record::rejected(input, self.spec, &e)
                    .with_url_key()
                    .write(out.writer());
            }
            Err(e) => return out.reject_parse(input, &e),
        };
        match self.apply(url) {
            Ok((url, ignored)) if self.json => {
                let mut record = Record::edited(input, &url);
                for i in &ignored {
                    out.fail();
                    record = record.with_error(i.error.offset, i.error.rule, i.to_string());
                }
                record.write(out.writer())
            }
            Ok((url, ignored)) => {
                for i in &ignored {
                    out.reject_whole(input.as_bytes(), i)?;
                }
                out.bytes_line(url.as_str().as_bytes())
            }
            Err(failed) if self.json => {
                out.fail();
                let message = failed.to_string();
                Record::failed(input, self.spec, failed.offset, failed.rule, message).write(out.writer())
            }
            Err(failed) => reject(out, input, &failed),
        }
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        if self.json {
            out.fail();
            return Record::not_utf8(bad, self.spec, false)
                .with_url_key()
                .write(out.writer());
        }
        reject_not_utf8(out, bad)
    }
}

/// Records that `input` was rejected, and says why on stderr, naming its
/// line (or argument) and showing its control characters escaped. Nothing
/// goes to stdout.
pub fn reject<W: Sink>(out: &mut Output<W>, input: &str, message: &dyn Display) -> io::Result<()> {
    out.reject_whole(input.as_bytes(), message)
}

/// [`reject`] for a line of stdin that is not UTF-8.
pub fn reject_not_utf8<W: Sink>(out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
    out.reject(&bad.raw, bad.offset, bad)
}

/// `text` quoted, with control characters, quotes and backslashes escaped.
fn escape(text: &str) -> String {
    format!("{text:?}")
}

#[cfg(test)]
mod tests {
    use super::{append, escape, Append};

    #[test]
    fn appends() {
        assert_eq!(append("query=a=b=c").unwrap(), Append::Query("a".into(), "b=c".into()));
        assert_eq!(
            append("query=flag").unwrap(),
            Append::Query("flag".into(), String::new())
        );
        assert_eq!(append("path=x y").unwrap(), Append::Path("x y".into()));
        assert!(append("host=x").is_err());
    }

    #[test]
    fn escapes_controls() {
        assert_eq!(escape("a\u{1b}[31m\u{9b}"), "\"a\\u{1b}[31m\\u{9b}\"");
    }
}
