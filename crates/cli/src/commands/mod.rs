//! One module per command: its arguments and how it runs.

pub mod check;
pub mod compare;
pub mod edit;
pub mod extract;
pub mod fetch;
pub mod get;
pub mod lint;
pub mod normalize;
pub mod parse;
pub mod pct;
pub mod plan;
pub mod relative;
pub mod resolve;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use urikit::{ParseError, Spec, Url, Warning};

/// The environment variable that sets the default of `--spec`.
pub const SPEC_VAR: &str = "URIKIT_SPEC";

/// The `--spec` option, whose default the environment sets ([`SPEC_VAR`]).
#[derive(Debug, Clone, clap::Args)]
pub struct SpecArg {
    /// The grammar to apply [default: $URIKIT_SPEC, or else rfc1738]
    #[arg(long, value_name = "SPEC", env = SPEC_VAR, hide_env = true, default_value_t = Spec::default(), hide_default_value = true, ignore_case = true, value_parser = spec_parser())]
    pub spec: Spec,
}

/// Checks [`SPEC_VAR`]: unset, empty or a spec's name (in any case).
///
/// # Errors
///
/// What the variable holds, and the names it may hold.
pub fn check_spec_var() -> Result<(), String> {
    let Some(value) = std::env::var_os(SPEC_VAR) else {
        return Ok(());
    };
    if value.is_empty() || value.to_str().is_some_and(|v| v.parse::<Spec>().is_ok()) {
        return Ok(());
    }
    let names: Vec<&str> = Spec::ALL.iter().map(|spec| spec.name()).collect();
    Err(format!(
        "{SPEC_VAR}={} is not a spec; it may be one of {}",
        crate::term::Shown(value.as_encoded_bytes()),
        names.join(", ")
    ))
}

/// The `--jobs` option of the commands that stream stdin over every core.
#[derive(Debug, Clone, clap::Args)]
pub struct JobsArg {
    /// Format URLs from stdin in N threads, in input order; what has come is answered before more input is awaited [default: one per core, one when stdin is a terminal; 1: read, format and write in one thread]
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
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

/// Spec names as [`Spec::ALL`] lists them, parsed by [`Spec`]'s `FromStr`.
fn spec_parser() -> impl TypedValueParser<Value = Spec> {
    PossibleValuesParser::new(Spec::ALL.map(Spec::name)).try_map(|name| name.parse::<Spec>())
}

/// Parses `input` by `spec`, strictly or leniently.
pub fn parse_url(input: &str, spec: Spec, lenient: bool) -> Result<(Url, Vec<Warning>), ParseError> {
    if lenient {
        Url::parse_lenient_with(input, spec)
    } else {
        Url::parse_with(input, spec).map(|url| (url, Vec::new()))
    }
}
