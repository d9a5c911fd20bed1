//! One module per command: its arguments and how it runs.

pub mod answer;
pub mod check;
pub mod compare;
pub mod edit;
pub mod explain;
pub mod extract;
pub mod fetch;
pub mod generated;
pub mod get;
pub mod host;
pub mod lined;
pub mod lint;
pub mod normalize;
pub mod parse;
pub mod pattern;
pub mod pct;
pub mod plan;
pub mod relative;
pub mod resolve;

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::str::FromStr;

use anyhow::{bail, Context};
use clap::builder::{PossibleValue, PossibleValuesParser, StringValueParser, TypedValueParser};
use clap::error::ErrorKind;
use urikit::{ParseError, Spec, Url, UrlRef, Warning};

use crate::input::{Inputs, Lines};
use crate::line::{self, Source};
use crate::output::{ArgError, Output};
use crate::term::Shown;

/// The environment variable that sets the default of `--spec`.
pub const SPEC_VAR: &str = "URIKIT_SPEC";

/// The `--spec` option. Its default is applied by [`SpecArg::get`], not by
/// clap's `env`: clap would take an empty [`SPEC_VAR`] for an empty value
/// (a usage error), and would show `--spec` in usage lines as though given.
#[derive(Debug, Clone, clap::Args)]
pub struct SpecArg {
    /// The grammar to apply [default: $URIKIT_SPEC, or else rfc1738]
    #[arg(long, value_name = "SPEC", ignore_case = true, value_parser = utf8(spec_parser()))]
    spec: Option<Spec>,
}

impl SpecArg {
    /// The spec: as `--spec` gives it, or as [`SPEC_VAR`] names it, or the
    /// default.
    pub fn get(&self) -> Spec {
        // `main` has refused a variable that names no spec.
        self.spec.or_else(|| spec_var().ok().flatten()).unwrap_or_default()
    }
}

/// The spec [`SPEC_VAR`] names (in any case); `None` when it is unset or
/// empty.
///
/// # Errors
///
/// What the variable holds, and the names it may hold.
pub fn spec_var() -> Result<Option<Spec>, String> {
    let Some(value) = std::env::var_os(SPEC_VAR) else {
        return Ok(None);
    };
    if value.is_empty() {
        return Ok(None);
    }
    let spec = value.to_str().and_then(|v| v.parse::<Spec>().ok());
    if let Some(spec) = spec.filter(|spec| Spec::ALL.contains(spec)) {
        return Ok(Some(spec));
    }
    let names: Vec<&str> = Spec::ALL.iter().map(|spec| spec.name()).collect();
    Err(format!(
        "{SPEC_VAR}={} is not a spec; it may be one of {}, or empty",
        crate::term::Shown(value.as_encoded_bytes()),
        names.join(", ")
    ))
}

/// `--query-separator C`: the character between the pairs of a query, `&`
/// unless given (trurl's option of that name), for `get`'s `{query:NAME}`
/// and `edit`'s query options.
#[derive(Debug, Clone, clap::Args)]
pub struct QuerySepArg {
    /// The character between query pairs for the query options ({query:NAME}, --append query=, --replace, --remove-query, --sort-query): one printable ASCII character but = % # + (default &; a letter or digit also splits the %XX escapes that hold it)
    #[arg(long, value_name = "C", value_parser = utf8_string())]
    query_separator: Option<String>,
}

impl QuerySepArg {
    /// The separator, `&` unless given.
    ///
    /// # Errors
    ///
    /// A separator that is not one printable ASCII character, or is one of
    /// `=`, `%`, `#`, `+` (which say something else in a query).
    pub fn get(&self) -> anyhow::Result<u8> {
        let Some(given) = &self.query_separator else {
            return Ok(b'&');
        };
        match given.as_bytes() {
            [b] if b.is_ascii_graphic() && !matches!(b, b'=' | b'%' | b'#' | b'+') => Ok(*b),
            _ => {
                anyhow::bail!("--query-separator {given:?}: expected one printable ASCII character other than = % # +")
            }
        }
    }
}

/// The `--lenient` option of every command that reads URLs: one meaning
/// everywhere, which a command's own help may only add to (what `parse`
/// reports of the repairs, what `lint` still calls an error).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct LenientArg {
    /// Read each URL as lenient parsing does: repair what browsers repair (such as a space %-encoded, whitespace around the URL trimmed, '\' read as '/') and go on with the repaired URL; whatwg: take the URL the parser gives, validation errors and all, so that only an input the parser fails is invalid. Without it, a URL must be valid by the spec as written
    #[arg(long)]
    lenient: bool,
}

impl LenientArg {
    /// Whether `--lenient` was given.
    pub fn get(self) -> bool {
        self.lenient
    }
}

/// The `--base` option of `parse`, `check` and `get`.
#[derive(Debug, Clone, clap::Args)]
pub struct BaseArg {
    /// Parse each URL against BASE, as new URL(URL, BASE) does (--spec whatwg only); BASE is parsed as the URLs are, strictly unless --lenient, and one that does not parse is a usage error
    #[arg(long, value_name = "BASE", value_parser = utf8_string())]
    base: Option<String>,
}

impl BaseArg {
    /// The base, parsed by `spec` as the URLs are (strictly, or leniently);
    /// `None` without `--base`.
    ///
    /// # Errors
    ///
    /// A usage error: `--base` with another spec than the WHATWG URL
    /// Standard, whose parser alone takes a base, or a base that does not
    /// parse.
    pub fn get(&self, spec: Spec, lenient: bool) -> anyhow::Result<Option<Url>> {
        let Some(base) = &self.base else {
            return Ok(None);
        };
        if spec != Spec::Whatwg {
            bail!(
                "--base takes a base by the WHATWG URL Standard (--spec whatwg), not by {}; \
                 `urikit resolve` resolves by every spec",
                spec.title()
            );
        }
        match parse_url(base, spec, lenient) {
            Ok((url, _)) => Ok(Some(url)),
            Err(e) => bail!(
                // `main` shows the controls of the message by name.
                "--base {base}: not a base URL by the {}{}: {e}",
                spec.title(),
                if lenient { "" } else { ", strictly" }
            ),
        }
    }
}

/// The base URL that `resolve` and `relative` take as their first argument,
/// parsed by `spec` (strictly, or leniently).
///
/// # Errors
///
/// A usage error ([`ArgError`], exit status 2) whose diagnostic is the
/// caret form of the base, named `base`, as an input's would be: a base
/// that is not UTF-8, or that does not parse, is a bad argument, not an
/// invalid input.
pub fn base_arg(arg: &OsStr, spec: Spec, lenient: bool) -> anyhow::Result<Url> {
    let mut diagnostic = Output::capturing(Vec::new());
    diagnostic.set_source(Source::Named("base"));
    match line::decode_arg(arg) {
        Ok(text) => match parse_url(text, spec, lenient) {
            Ok((url, _)) => return Ok(url),
            Err(e) => diagnostic.reject_parse(text, &e)?,
        },
        Err(bad) => diagnostic.reject_not_utf8(&bad)?,
    }
    Err(ArgError::kept(diagnostic).into())
}

/// The `-f`/`--url-file` option of the commands that read URLs one per
/// line (trurl's option of that name), and `-` for stdin as their one
/// argument: where the lines come from when no URL is given.
#[derive(Debug, Clone, clap::Args)]
pub struct UrlFileArg {
    /// Read the inputs one per line from FILE (- for stdin) as from stdin, each diagnostic naming the file and the line (FILE: line N); no input is then given as an argument. A lone - argument is stdin. A byte-order mark at the start of the lines (of a file or of stdin) is dropped
    #[arg(long, short = 'f', value_name = "FILE")]
    url_file: Option<PathBuf>,
}

impl UrlFileArg {
    /// Whether `--url-file` was given.
    pub fn is_given(&self) -> bool {
        self.url_file.is_some()
    }

    /// The inputs: the arguments, or the lines of the file (of stdin for
    /// `-`), or, with no argument or `-` alone, the lines of stdin.
    ///
    /// # Errors
    ///
    /// A usage error: a file and arguments both, or `-` among other
    /// arguments; and a file that cannot be opened, named.
    pub fn inputs<'a>(&self, args: &'a [OsString]) -> anyhow::Result<Inputs<'a>> {
        let dash = args.iter().any(|arg| arg == "-");
        match &self.url_file {
            Some(path) if !args.is_empty() => bail!(
                "--url-file {} reads the inputs from a file: give no input as an argument besides",
                Shown(path.as_os_str().as_encoded_bytes())
            ),
            Some(path) => Ok(Inputs::Lines(Lines::file(path)?)),
            None if dash && args.len() > 1 => {
                bail!("- (the lines of stdin) is given alone, without other inputs as arguments")
            }
            None if dash => Ok(Inputs::Lines(Lines::stdin())),
            None => Ok(Inputs::args_or_stdin(args)),
        }
    }
}

/// The `--suffix-list` and `--icann-only` options of the commands that read
/// the Public Suffix List: `get` ({suffix}, {domain}, {subdomain}) and
/// `host` (`--json`'s domain).
#[derive(Debug, Clone, clap::Args)]
pub struct SuffixListArg {
    /// Read the Public Suffix List (for the public suffix and the registrable domain) from FILE, a public_suffix_list.dat, not the copy compiled in
    #[arg(long, value_name = "FILE")]
    suffix_list: Option<PathBuf>,
    /// Read public suffixes by the ICANN section of the list only, without its private suffixes (github.io, blogspot.com)
    #[arg(long)]
    icann_only: bool,
}

impl SuffixListArg {
    /// The list: read from `--suffix-list`, or the one compiled in; its
    /// ICANN section alone with `--icann-only`.
    ///
    /// # Errors
    ///
    /// A file that cannot be read, or is not a list, named.
    pub fn get(&self) -> anyhow::Result<std::borrow::Cow<'static, urikit::public_suffix::SuffixList>> {
        use std::borrow::Cow;
        use urikit::public_suffix::SuffixList;
        let Some(path) = &self.suffix_list else {
            return Ok(Cow::Borrowed(if self.icann_only {
                SuffixList::builtin_icann()
            } else {
                SuffixList::builtin()
            }));
        };
        let shown = Shown(path.as_os_str().as_encoded_bytes());
        let bytes = std::fs::read(path).with_context(|| format!("--suffix-list: cannot read {shown}"))?;
        let list = SuffixList::from_bytes(&bytes).with_context(|| format!("--suffix-list {shown}"))?;
        Ok(Cow::Owned(if self.icann_only { list.icann_only() } else { list }))
    }
}

/// The `--jobs` option of the commands that stream stdin over every core.
#[derive(Debug, Clone, clap::Args)]
pub struct JobsArg {
    /// Format URLs from stdin (or -f FILE) in N threads, in input order; what has come is answered before more input is awaited [default: one per core, one when stdin is a terminal; 1: read, format and write in one thread]
    #[arg(long, short = 'j', value_name = "N", value_parser = utf8(clap::value_parser!(u32).range(1..)))]
    jobs: Option<u32>,
}

impl JobsArg {
    /// The number of worker threads: as given, or one per core.
    pub fn get(&self) -> usize {
        match self.jobs {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

/// The value parser of an argument that must be UTF-8 (an option's value,
/// a template): `P`, after a check that names the argument when its value is
/// not UTF-8. clap's own message names none. The arguments that are input
/// (URLs, texts) are taken as octets instead, as stdin's lines are.
#[derive(Debug, Clone)]
pub struct Utf8<P>(P);

/// [`Utf8`] of `parser`.
pub fn utf8<P: TypedValueParser>(parser: P) -> Utf8<P> {
    Utf8(parser)
}

/// [`Utf8`] of a string.
pub fn utf8_string() -> Utf8<StringValueParser> {
    Utf8(StringValueParser::new())
}

/// `T`'s `FromStr`, as a value parser.
type FromStrParser<T> = fn(&str) -> Result<T, <T as FromStr>::Err>;

/// [`Utf8`] of what `T`'s `FromStr` parses.
pub fn utf8_parsed<T: FromStr>() -> Utf8<FromStrParser<T>> {
    Utf8(str::parse::<T>)
}

impl<P: TypedValueParser> TypedValueParser for Utf8<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let Err(bad) = line::decode_arg(value) else {
            return self.0.parse_ref(cmd, arg, value);
        };
        let name = arg.map_or_else(|| "an argument".to_owned(), |arg| format!("'{arg}'"));
        let message = format!("invalid value '{}' for {name}: {bad}", Shown(&bad.raw));
        Err(clap::Error::raw(ErrorKind::InvalidUtf8, message).format(&mut cmd.clone()))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        self.0.possible_values()
    }
}

/// Spec names as [`Spec::ALL`] lists them, parsed by [`Spec`]'s `FromStr`.
fn spec_parser() -> impl TypedValueParser<Value = Spec> {
    PossibleValuesParser::new(Spec::ALL.map(Spec::name)).try_map(|name| name.parse::<Spec>())
}

/// Parses `input` by `spec`, strictly or leniently, against `base` when
/// there is one (the WHATWG URL Standard's `new URL(input, base)`).
pub fn parse_url_in(
    input: &str,
    spec: Spec,
    lenient: bool,
    base: Option<&Url>,
) -> Result<(Url, Vec<Warning>), ParseError> {
    match base {
        Some(base) if lenient => Url::parse_lenient_with_base(input, base),
        Some(base) => Url::parse_with_base(input, base).map(|url| (url, Vec::new())),
        None => parse_url(input, spec, lenient),
    }
}

/// Whether `input` is a URL by `spec` (against `base` when there is one),
/// strictly or leniently: the error that makes it not one.
pub fn check_url(input: &str, spec: Spec, lenient: bool, base: Option<&Url>) -> Result<(), ParseError> {
    // A WHATWG URL borrows only an input that is its own serialization;
    // any other is parsed into one.
    if lenient || base.is_some() || spec == Spec::Whatwg {
        return parse_url_in(input, spec, lenient, base).map(drop);
    }
    UrlRef::parse_with(input, spec).map(drop)
}

/// Parses `input` by `spec`, strictly, but for the spaces in it, which are
/// accepted and %-encoded (trurl's `--accept-space`): the URL the lenient
/// parser gives when each of its repairs encoded a space (`%20`, in the
/// query too), else the strict parser's error.
/// A space the lenient parser would keep or trim (before or after the URL)
/// is not accepted.
pub fn parse_accepting_space(input: &str, spec: Spec) -> Result<Url, ParseError> {
    let strict = match Url::parse_with(input, spec) {
        Ok(url) => return Ok(url),
        Err(e) => e,
    };
    // A space before or after the URL would be trimmed, not encoded.
    if !input.contains(' ') || input.starts_with(' ') || input.ends_with(' ') {
        return Err(strict);
    }
    let spaces_only = |warnings: &[urikit::Warning]| {
        warnings.iter().all(|w| {
            !matches!(w.repair, urikit::Repair::Trimmed | urikit::Repair::TooMany { .. })
                && input.as_bytes().get(w.offset) == Some(&b' ')
        })
    };
    match Url::parse_lenient_with(input, spec) {
        Ok((url, warnings)) if spaces_only(&warnings) && !url.as_str().contains(' ') => Ok(url),
        _ => Err(strict),
    }
}

/// Parses `input` by `spec`, strictly or leniently.
pub fn parse_url(input: &str, spec: Spec, lenient: bool) -> Result<(Url, Vec<Warning>), ParseError> {
    if lenient {
        Url::parse_lenient_with(input, spec)
    } else {
        Url::parse_with(input, spec).map(|url| (url, Vec::new()))
    }
}
