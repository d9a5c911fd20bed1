//! `urikit edit`: change components of each URL.

use std::ffi::OsString;
use std::fmt::{self, Display};
use std::io::{self, IsTerminal};

use anyhow::{anyhow, bail};
use clap::ArgMatches;
use urikit::pct::{encode, EncodeSet};
use urikit::template::{host_as, HostForm};
use urikit::whatwg::api::{PartIgnored, Setter, Taken};
use urikit::{Component, Edit, ParseError, ParseErrorKind, Spec, Strategy, Target, Url, UrlBuilder, Warning};

mod cond;
mod help;
mod query;

use self::help::EDIT_HELP;
use super::lined::{Invalid, InvalidArg, Lined};
use super::parse::Record;
use super::{parse_accepting_space, parse_url, utf8_string, JobsArg, LenientArg, QuerySepArg, SpecArg, UrlFileArg};
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::{self, Format};

/// Change components of each URL and print the result
///
/// The edits apply in the order [`EDIT_HELP`] gives (shown by `edit --help`):
/// --redirect; every --clear and --set at once; --append, --replace,
/// --remove-query and --sort-query in the order given; --punycode or --as-idn.
/// --set C=V takes a value as it is written in a URL (%-encoded);
/// --set C:=V encodes V by the set `encode --help` names for the place (path:
/// each segment, '/' kept; query: form-value, a space as '+'); --set C?=V sets C
/// only when the URL has no C. --append encodes its value. A value that does not
/// fit the spec gives a message on stderr, naming the option as given (--clear
/// "scheme": ...), no output for that URL, and the exit status 1.
///
/// With --new there is no input URL: the URL is built from the --set options
/// (scheme first), then edited by the others, and written once. Without it and
/// without URL arguments, edit reads one URL per line from stdin, as always.
///
/// Each --iterate C="V1 V2 ..." sets C to each value in turn: one output URL per
/// value, and several --iterate give every combination, the first --iterate
/// changing slowest.
///
/// By whatwg, each --clear and --set runs the URL API's setter
/// ([`EDIT_HELP`], shown by `edit --help`).
#[derive(Debug, clap::Args)]
#[command(after_long_help = EDIT_HELP)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// Set a component: scheme, user, password, host, port, path, query or fragment (by whatwg, the URL API's setter of that name, or href, protocol, username, hostname, pathname, search, hash). C=V takes V as written (%-encoded), C:=V encodes it for the place, C?=V sets C only when the URL has none
    #[arg(long = "set", value_name = "COMPONENT=VALUE", value_parser = utf8_string())]
    set: Vec<String>,
    /// Build the URL from the --set options, with no input URL (no URL argument, nothing read from stdin)
    #[arg(long)]
    new: bool,
    /// Set a component to each of a list of values separated by spaces (C=V or C:=V), writing one URL per value; several make every combination, the first changing slowest
    #[arg(long = "iterate", value_name = "COMPONENT=\"V1 V2 ...\"", value_parser = utf8_string())]
    iterate: Vec<String>,
    /// Write the host in Punycode, as {puny:host} gives it (UTS #46, the WHATWG domain to ASCII)
    #[arg(long, conflicts_with = "as_idn")]
    punycode: bool,
    /// Write the host in Unicode, as {idn:host} gives it (%-encoded under RFC 1808 and RFC 3986; the 1994 specs and whatwg cannot hold it, which is an error)
    #[arg(long)]
    as_idn: bool,
    /// Edit only the URLs whose COMPONENT (a name --set takes) matches GLOB, as written in the URL (%-encoded): * any run, ? one character, [a-z] [!a-z] one of a set, \ the next character as itself; an absent component matches nothing. Repeatable: all must hold. The other URLs are written as they came (see below)
    #[arg(long = "if", value_name = "COMPONENT=GLOB", value_parser = utf8_string())]
    conditions: Vec<String>,
    /// Remove a component (removing the host removes user, password and port)
    #[arg(long = "clear", value_name = "COMPONENT", value_parser = utf8_string())]
    clear: Vec<String>,
    /// Append a query pair (query=NAME=VALUE; query=NAME writes the name alone, query=NAME= an empty value) or a path segment (path=SEGMENT), encoded
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
    #[command(flatten)]
    query_separator: QuerySepArg,
    #[command(flatten)]
    lenient: LenientArg,
    /// Accept a space in an input URL, written %20, and nothing else that is not the spec's (trurl's --accept-space)
    #[arg(long, conflicts_with = "lenient")]
    accept_space: bool,
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
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// Runs `edit`, whose arguments `matches` holds as clap read them (which
/// say in what order the query and path edits were given).
pub fn run(args: Args, matches: &ArgMatches, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    let mut sets = Vec::new();
    for c in &args.clear {
        sets.push(Change {
            edit: Edit::remove(Target::parse(c, spec)?),
            named: c.parse().ok(),
            if_unset: false,
            option: option("--clear", c),
        });
    }
    for s in &args.set {
        sets.push(change("--set", s, spec)?);
    }
    let mut iterate: Vec<Vec<Change>> = Vec::new();
    for it in &args.iterate {
        let (name, values) = it
            .split_once('=')
            .ok_or_else(|| anyhow!("--iterate {it:?}: expected COMPONENT=\"V1 V2 ...\""))?;
        let list = values
            .split(' ')
            .filter(|v| !v.is_empty())
            .map(|v| change("--iterate", &format!("{name}={v}"), spec))
            .collect::<anyhow::Result<Vec<_>>>()?;
        if list.is_empty() {
            bail!("--iterate {it:?}: no values");
        }
        if list[0].if_unset {
            bail!("--iterate {it:?}: C?=V has no meaning in a list");
        }
        if iterate.iter().any(|l| l[0].edit.target() == list[0].edit.target()) {
            bail!("--iterate {it:?}: that component is iterated already");
        }
        iterate.push(list);
    }
    let conds = args
        .conditions
        .iter()
        .map(|c| cond::Cond::parse(c, spec))
        .collect::<anyhow::Result<Vec<_>>>()?;
    if args.new && !conds.is_empty() {
        bail!("--if chooses among input URLs: --new has none");
    }
    if args.new && (!args.urls.is_empty() || args.url_file.is_given()) {
        bail!("--new builds a URL from parts: it takes no URL arguments, and no --url-file");
    }
    let query_edits = query::edits(&args, matches)?;
    let host_form = match (args.punycode, args.as_idn) {
        (true, _) => Some(HostForm::Punycode),
        (_, true) => Some(HostForm::Unicode),
        _ => None,
    };
    let edit = Editor {
        spec,
        redirect: args.redirect,
        sets,
        iterate,
        host_form,
        new: args.new,
        sep: args.query_separator.get()?,
        accept_space: args.accept_space,
        lenient: args.lenient.get(),
        conds,
        terminal: io::stdout().is_terminal(),
        query_edits,
        json: args.json,
    };
    // With --json every input has its record already.
    let invalid = if args.json { Invalid::Drop } else { args.invalid.get() };
    if args.new {
        let lined = Lined::new(edit, invalid);
        out.set_source(crate::line::Source::Named("--new"));
        return Ok(lined.input(out, "")?);
    }
    stream::run(
        args.url_file.inputs(&args.urls)?,
        args.jobs.get(),
        out,
        Lined::new(edit, invalid),
    )
}

/// A `--set` (or one value of an `--iterate`, `option` says which) of
/// `C=V`, `C:=V` (V encoded for the place of C) or `C?=V` (only when the
/// URL has no C).
fn change(option_name: &str, arg: &str, spec: Spec) -> anyhow::Result<Change> {
    let (name, value) = arg
        .split_once('=')
        .ok_or_else(|| anyhow!("{option_name} {arg:?}: expected COMPONENT=VALUE"))?;
    let (name, encoded, if_unset) = match (name.strip_suffix(':'), name.strip_suffix('?')) {
        (Some(n), _) => (n, true, false),
        (_, Some(n)) => (n, false, true),
        _ => (name, false, false),
    };
    let target = Target::parse(name, spec)?;
    let named = name.parse::<Component>().ok();
    if (encoded || if_unset) && named.is_none() {
        bail!("{option_name} {arg:?}: C:=V and C?=V take a component: scheme, user, password, host, port, path, query or fragment");
    }
    let edit = if encoded {
        Edit::encoded(target, value).ok_or_else(|| {
            anyhow!("{option_name} {arg:?}: the {target} has no encode set: write it as it is, with {name}=")
        })?
    } else {
        Edit::set(target, value)
    };
    Ok(Change {
        edit,
        named,
        if_unset,
        option: option(option_name, arg),
    })
}

/// An option as the user gave it, as messages name it: `--set "host=h"`.
fn option(flag: &str, value: &str) -> String {
    format!("{flag} {}", escape(value))
}

/// A `--set` or a `--clear`.
#[derive(Clone)]
struct Change {
    edit: Edit,
    /// The component the option's name is (by whatwg, `host`, `password`
    /// and `port` are setters' names too): what `C?=V` asks of the URL,
    /// and what `--new` builds.
    named: Option<Component>,
    /// `C?=V`: only when the URL has no C.
    if_unset: bool,
    /// The option, as [`option`] names it.
    option: String,
}

/// What `edit` does with one URL.
struct Editor {
    spec: Spec,
    redirect: Option<String>,
    /// The `--clear`s, then the `--set`s: a later change of a component
    /// wins.
    sets: Vec<Change>,
    /// The `--iterate` lists: one output per combination.
    iterate: Vec<Vec<Change>>,
    /// `--punycode` or `--as-idn`.
    host_form: Option<HostForm>,
    /// `--new`: no input URL, one built from the `--set`s.
    new: bool,
    /// `--query-separator`: what separates the query pairs.
    sep: u8,
    /// `--accept-space`: a space in the input is %-encoded.
    accept_space: bool,
    /// `--lenient`: the input is read as lenient parsing reads it.
    lenient: bool,
    /// The `--if`s: a URL that fails one is written as it came.
    conds: Vec<cond::Cond>,
    /// Whether stdout is a terminal, where a URL passed through is shown
    /// as every input is (a worker's output does not know where it goes).
    terminal: bool,
    /// The `--append`s, `--replace`s, `--remove-query`s and `--sort-query`,
    /// in the order given.
    query_edits: Vec<query::QueryEdit>,
    json: bool,
}

/// An edit that left the URL as it was, which is still written, or a
/// setter that took a part of its value: the option, and why.
enum Ignored {
    /// By whatwg, a setter that ignored its value.
    Setter {
        option: String,
        setter: Setter,
        error: ParseError,
    },
    /// `--punycode` or `--as-idn`, of a host it cannot write so.
    Host { option: String, error: String },
    /// By whatwg, a setter that took its value up to `end` and ignored the
    /// rest: a change, and a warning.
    Part {
        option: String,
        setter: Setter,
        value: String,
        end: usize,
        why: PartIgnored,
    },
}

impl Ignored {
    /// The offset and rule a `--json` record gives the error.
    fn at(&self) -> (usize, &'static str) {
        match self {
            Ignored::Setter { error, .. } => (error.offset, error.rule),
            Ignored::Host { .. } => (0, "host"),
            Ignored::Part { end, setter, .. } => (*end, setter.name()),
        }
    }

    /// Whether the URL was changed all the same: a warning, not an error.
    fn is_warning(&self) -> bool {
        matches!(self, Ignored::Part { .. })
    }
}

impl Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ignored::Setter { option, setter, error } => write!(
                f,
                "{option}: the {setter} setter ignored the value: {} (at offset {} of the value)",
                error.message(),
                error.offset
            ),
            Ignored::Host { option, error } => write!(f, "{option}: {error}; the host is left as it was"),
            Ignored::Part {
                option,
                setter,
                value,
                end,
                why,
            } => write!(
                f,
                "{option}: the {setter} setter took {} and ignored {}: {why}",
                escape(&value[..*end]),
                escape(&value[*end..])
            ),
        }
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

impl Editor {
    /// The URL `--new` builds from the `--set`s and one combination of
    /// `--iterate` values (`extra`).
    fn build(&self, extra: &[Change]) -> Result<Url, Failed> {
        let sets: Vec<&Change> = self.sets.iter().chain(extra).collect();
        let mut parts = Vec::new();
        for change in &sets {
            let Some(c) = change.named else {
                return Err(Failed {
                    option: change.option.clone(),
                    offset: 0,
                    rule: "url",
                    message: "--new builds from components: scheme, user, password, host, port, path, query, fragment"
                        .to_owned(),
                });
            };
            parts.push((c, change.edit.value_for(self.spec)));
        }
        let builder = parts
            .into_iter()
            .fold(UrlBuilder::default().spec(self.spec), |b, (c, value)| {
                b.set(c, value.as_deref())
            });
        let built = builder.build().or_else(|e| match e.error().kind {
            // By whatwg, parts valid but not as the standard writes them
            // (EXAMPLE.com) are read by its parser, as a browser reads the
            // URL they make (each part was checked to hold nothing that
            // would end it, so each reads back as that part).
            ParseErrorKind::NotSerialized => Url::parse_with(e.url(), Spec::Whatwg).map_err(|_| e),
            _ => Err(e),
        });
        built.map_err(|e| Failed {
            option: match e.component() {
                Some(c) => sets
                    .iter()
                    .rev()
                    .find(|s| s.named == Some(c))
                    .map_or_else(|| "--new".to_owned(), |s| s.option.clone()),
                None => "--new".to_owned(),
            },
            offset: e.error().offset,
            rule: e.error().rule,
            message: e.to_string(),
        })
    }

    /// The edited URL (`None`: built by `--new`) with one combination of
    /// `--iterate` values (`extra`), and the setters that ignored their
    /// value (and a host `--punycode` or `--as-idn` could not write), or
    /// why there is no URL.
    fn apply(&self, url: Option<Url>, extra: &[Change]) -> Result<(Url, Vec<Ignored>), Failed> {
        let mut ignored = Vec::new();
        let (mut url, sets) = match url {
            Some(url) => (url, self.sets.iter().chain(extra).collect::<Vec<_>>()),
            None => (self.build(extra)?, Vec::new()),
        };
        self.edit(&mut url, &sets, &mut ignored)?;
        if let Some(form) = self.host_form {
            if let Err(error) = write_host(&mut url, form) {
                let option = match form {
                    HostForm::Punycode => "--punycode",
                    HostForm::Unicode => "--as-idn",
                };
                ignored.push(Ignored::Host {
                    option: option.to_owned(),
                    error,
                });
            }
        }
        Ok((url, ignored))
    }

    /// Runs the edits but `--punycode` and `--as-idn` on `url`, with the
    /// changes `sets`.
    fn edit<'s>(&'s self, url: &mut Url, sets: &[&'s Change], ignored: &mut Vec<Ignored>) -> Result<(), Failed> {
        // C?=V asks the URL as it is before any change.
        let sets: Vec<&Change> = sets
            .iter()
            .copied()
            .filter(|c| !c.if_unset || c.named.is_some_and(|n| url.get(n).is_none()))
            .collect();
        if let Some(reference) = &self.redirect {
            *url = url.resolve(reference).map_err(|e| Failed {
                option: option("--redirect", reference),
                offset: e.offset(),
                rule: std::error::Error::source(&e)
                    .and_then(|source| source.downcast_ref::<ParseError>())
                    .map_or("url", |source| source.rule),
                message: e.to_string(),
            })?;
        }
        match Strategy::of(url.spec()) {
            // Each setter in turn; one that ignores its value stops none.
            Strategy::StateOverride => {
                for change in &sets {
                    let setter = change.edit.target().setter();
                    let option = change.option.clone();
                    match url.apply(&change.edit) {
                        Ok(Taken::All) => {}
                        Ok(Taken::Part { end, why }) => ignored.push(Ignored::Part {
                            option,
                            setter,
                            value: change.edit.value().unwrap_or("").to_owned(),
                            end,
                            why,
                        }),
                        Err(error) => ignored.push(Ignored::Setter { option, setter, error }),
                    }
                }
            }
            // All at once, validated once.
            Strategy::Reparse if !sets.is_empty() => {
                url.apply_all(sets.iter().map(|c| &c.edit)).map_err(|e| Failed {
                    option: set_option(&sets, e.component()),
                    offset: e.error().offset,
                    rule: e.error().rule,
                    message: e.to_string(),
                })?;
            }
            Strategy::Reparse => {}
        }
        query::apply(url, &self.query_edits, self.sep)
    }

    /// Each combination of the `--iterate` values, the first list changing
    /// slowest; one empty combination without `--iterate`.
    fn combinations(&self) -> Vec<Vec<Change>> {
        let mut all = vec![Vec::new()];
        for list in &self.iterate {
            all = all
                .into_iter()
                .flat_map(|before: Vec<Change>| {
                    list.iter().map(move |c| {
                        let mut next = before.clone();
                        next.push(c.clone());
                        next
                    })
                })
                .collect();
        }
        all
    }
}

/// The option of `sets` that an error in `component` is blamed on: the
/// last change of it, which is the one made. An error in a part no option
/// changed is blamed on the one option given, or on the kinds of option
/// given.
fn set_option(sets: &[&Change], component: Option<Component>) -> String {
    let changed = sets
        .iter()
        .rev()
        .find(|c| component.is_some_and(|x| c.edit.target() == Target::Component(x)));
    if let Some(change) = changed.or(match sets {
        [only] => Some(only),
        _ => None,
    }) {
        return change.option.clone();
    }
    let flag = |c: &&Change| if c.edit.value().is_some() { "--set" } else { "--clear" };
    let mut flags: Vec<&str> = sets.iter().map(flag).collect();
    flags.dedup();
    flags.sort_unstable();
    flags.dedup();
    flags.join(" and ")
}

/// Writes the host of `url` in Punycode or in Unicode, as `{puny:host}` and
/// `{idn:host}` give it; a Unicode host %-encoded where the spec allows
/// that (RFC 1808, RFC 3986). An IP address, or a host already so written,
/// is left as it is.
///
/// # Errors
///
/// Why the host cannot be so written (UTS #46 refuses it, or the spec
/// cannot hold it); the URL is then as it was.
fn write_host(url: &mut Url, form: HostForm) -> Result<(), String> {
    let Some(host) = host_as(&url.as_url_ref(), form).map_err(|e| e.to_string())? else {
        return Ok(());
    };
    let host = host.into_owned();
    let written = match url.spec() {
        Spec::Rfc1808 | Spec::Rfc3986 if form == HostForm::Unicode => encode(&host, &EncodeSet::REG_NAME).into_owned(),
        _ => host.clone(),
    };
    if Some(written.as_str()) == url.host() {
        return Ok(());
    }
    if url.spec() == Spec::Whatwg && form == HostForm::Unicode {
        return Err(format!(
            "cannot write the host as {host:?}: the URL Standard writes a host in Punycode"
        ));
    }
    let mut edited = url.clone();
    edited
        .set(Component::Host, Some(&written))
        .map_err(|e| format!("cannot write the host as {host:?}: {e}"))?;
    *url = edited;
    Ok(())
}

impl Editor {
    /// Writes `url` (`None`: built by `--new`) edited with one combination
    /// of `--iterate` values, `extra`, or why it cannot be.
    fn write<W: Sink>(
        &self,
        out: &mut Output<W>,
        input: &str,
        url: Option<Url>,
        repairs: &[Warning],
        extra: &[Change],
    ) -> io::Result<()> {
        match self.apply(url, extra) {
            Ok((url, ignored)) if self.json => {
                let mut record = Record::edited(input, &url);
                if self.lenient {
                    record = record.with_repairs(repairs);
                }
                if !self.conds.is_empty() {
                    record = record.with_matched(true);
                }
                for i in &ignored {
                    let (offset, rule) = i.at();
                    if i.is_warning() {
                        record = record.with_warning(offset, i.to_string());
                    } else {
                        out.fail();
                        record = record.with_error(offset, rule, i.to_string());
                    }
                }
                record.write(out.writer())
            }
            Ok((url, ignored)) => {
                for i in &ignored {
                    if i.is_warning() {
                        out.warn_whole(input.as_bytes(), i)?;
                    } else {
                        out.reject_whole(input.as_bytes(), i)?;
                    }
                }
                out.bytes_line(url.as_str().as_bytes())
            }
            Err(failed) if self.json => {
                out.fail();
                let message = failed.to_string();
                let mut record = Record::failed(input, self.spec, failed.offset, failed.rule, message);
                if self.lenient {
                    record = record.with_repairs(repairs);
                }
                if !self.conds.is_empty() {
                    record = record.with_matched(true);
                }
                record.write(out.writer())
            }
            Err(failed) => reject(out, input, &failed),
        }
    }
}

impl Format for Editor {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        let parsed = match self.accept_space {
            true => parse_accepting_space(input, self.spec).map(|url| (url, Vec::new())),
            false => parse_url(input, self.spec, self.lenient),
        };
        let (url, repairs) = match parsed {
            // --new: nothing to parse.
            _ if self.new => (None, Vec::new()),
            Ok((url, repairs)) => (Some(url), repairs),
            Err(e) if self.json && self.lenient => {
                out.fail();
                // The one error no repair could fix, as `parse --lenient`.
                let failed = Err(e);
                return Record::new(input, self.spec, true, None, &failed)
                    .with_url_key()
                    .write(out.writer());
            }
            Err(e) if self.json => {
                out.fail();
                return Record::rejected(input, self.spec, &e)
                    .with_url_key()
                    .write(out.writer());
            }
            Err(e) => return out.reject_parse(input, &e),
        };
        if let Some(url) = url.as_ref().filter(|url| !self.conds.iter().all(|c| c.holds(url))) {
            return self.pass(out, input, url, &repairs);
        }
        for extra in self.combinations() {
            self.write(out, input, url.clone(), &repairs, &extra)?;
        }
        Ok(())
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        if self.json {
            out.fail();
            return Record::not_utf8(bad, self.spec, self.lenient)
                .with_url_key()
                .write(out.writer());
        }
        reject_not_utf8(out, bad)
    }
}

impl Editor {
    /// Writes `input`, whose URL `url` fails an `--if`, as it came (once,
    /// whatever `--iterate` says); with `--json`, the record of the URL as
    /// read, `"matched":false`.
    fn pass<W: Sink>(&self, out: &mut Output<W>, input: &str, url: &Url, repairs: &[Warning]) -> io::Result<()> {
        if self.json {
            let mut record = Record::edited(input, url).with_matched(false);
            if self.lenient {
                record = record.with_repairs(repairs);
            }
            return record.write(out.writer());
        }
        match self.terminal {
            true => out.shown_line(crate::term::Shown(input.as_bytes())),
            false => out.bytes_line(input.as_bytes()),
        }
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
    use super::escape;

    #[test]
    fn escapes_controls() {
        assert_eq!(escape("a\u{1b}[31m\u{9b}"), "\"a\\u{1b}[31m\\u{9b}\"");
    }
}
