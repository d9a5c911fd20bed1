//! The `urikit` command: the command-line face of the [`urikit`] library.
//!
//! The binary calls [`main`]; the formatting of human output is also here,
//! as [`term`] and [`render`], to be tested and fuzzed on its own.
//!
//! Each command turns its arguments into library calls and their results
//! into output, nothing more. Commands that take URLs read one per line from
//! standard input when none are given, and stream: one line of output (or one
//! block) per line of input, in input order. `check` and `parse` format the
//! lines of stdin in one thread per core (the `stream` module).
//!
//! Exit status: 0 when all is well, 1 when some input is invalid, 2 for a
//! usage or I/O error; `compare` exits 1 when the URLs are not equivalent
//! and 3 when one is invalid.

mod commands;
mod cores;
mod input;
mod json;
mod line;
mod output;
mod progress;
mod scan;
mod stream;
pub mod term;

use std::ffi::OsString;
use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use urikit::Spec;

use crate::commands::{
    check, compare, edit, explain, extract, fetch, get, host, lint, normalize, parse, pattern, pct, plan, relative,
    resolve,
};
use crate::output::Output;

/// URLs by RFC 1738, the RFC 1630 draft, RFC 1808, RFC 3986 and the WHATWG URL
/// Standard: parse, check, resolve, normalize, compare, encode and decode.
///
/// Commands that take URLs (or text) read one per line from stdin when none
/// are given, or from a file with -f FILE (--url-file; - is stdin). An
/// argument is taken as octets, as a line of stdin is: one that is not UTF-8
/// gets what that line would get.
#[derive(Debug, Parser)]
#[command(name = "urikit", version, disable_help_subcommand = true, after_help = after_help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Split each URL into its components (URLs from stdin when none are given)
    Parse(parse::Args),
    /// Report each invalid URL, named by its line or argument, with a caret under the error (URLs from stdin when none are given; blank lines skipped)
    #[command(visible_alias = "validate")]
    Check(check::Args),
    /// Resolve partial forms against a base URL (references from stdin when none are given)
    #[command(visible_alias = "join")]
    Resolve(resolve::Args),
    /// The shortest reference from a base URL to each target, the inverse of resolve (targets from stdin when none are given)
    #[command(visible_alias = "relativize")]
    Relative(relative::Args),
    /// Print the canonical form of each URL (URLs from stdin when none are given)
    #[command(visible_aliases = ["normalise", "canonicalize"])]
    Normalize(normalize::Args),
    /// Tell whether two URLs are equivalent, by comparing their canonical forms
    Compare(compare::Args),
    /// Percent-encode each text by an encode set (texts from stdin when none are given)
    Encode(pct::EncodeArgs),
    /// Percent-decode each text, writing the raw octets (texts from stdin when none are given)
    Decode(pct::DecodeArgs),
    /// Find the URLs in text, wrapped as <URL:...> or <...> or bare, one per line (text from stdin when no file is given)
    Extract(extract::Args),
    /// Print the protocol exchange a client performs for each URL (URLs from stdin when none are given)
    Plan(plan::Args),
    /// Report the hazards the specs warn of in each URL; exit 1 if any is an error (URLs from stdin when none are given)
    Lint(lint::Args),
    /// Retrieve what each URL names, by the exchange plan prints, to stdout
    Fetch(fetch::Args),
    /// Print components of each URL by a template such as '{host}' (URLs from stdin when none are given)
    Get(get::Args),
    /// Change components of each URL: set, clear, append, remove and sort query pairs, redirect (URLs from stdin when none are given)
    Edit(edit::Args),
    /// Show each URL under every spec side by side, and the verdicts where they disagree (URLs from stdin when none are given)
    Explain(explain::Args),
    /// Print each bare host as the URL Standard's host parser serializes it: IDNA to ASCII, IPv4 in any form as dotted decimal (hosts from stdin when none are given)
    Host(host::Args),
    /// Print the URLs a URL pattern matches, by the URLPattern Standard; exit 1 if none does (URLs from stdin when none are given)
    Match(pattern::Args),
    /// Print the completion script of a shell: bash, zsh, fish, powershell or elvish
    Completions(commands::generated::CompletionsArgs),
    /// Print the man page of urikit, or of a command, in roff (urikit man | man -l -)
    Man(commands::generated::ManArgs),
    /// Print this help, or the help of a command
    Help(HelpArgs),
}

/// Print the help of urikit, or of COMMAND.
#[derive(Debug, clap::Args)]
struct HelpArgs {
    /// The command whose help to print
    #[arg(value_name = "COMMAND")]
    command: Option<OsString>,
}

/// What the top-level help says of `--spec whatwg`.
const WHATWG_HELP: &str = "
By whatwg, a URL is what the basic URL parser gives (new URL(input), or new URL(input, base)
with --base or for resolve), and its canonical form is its href. Strictly, a URL with a
validation error is invalid, and the first one is reported (check: line, caret, the error's
name); --lenient takes the URL the parser gives, as browsers do, and reports each validation
error as a warning. Only a failure of the parser is an error then.
";

/// What the top-level help says after the commands: the specs, where the
/// output goes, the exit statuses.
fn after_help() -> String {
    let mut text =
        String::from("Specs (--spec SPEC; the default is $URIKIT_SPEC unless unset or empty, or else rfc1738):\n");
    for spec in Spec::ALL {
        let about = match spec {
            Spec::Rfc1738 => "Uniform Resource Locators (1994): each scheme's own grammar",
            Spec::Rfc1630 => "Universal Resource Identifiers in WWW (1994): the generic grammar",
            Spec::Rfc1808 => "Relative Uniform Resource Locators (1995)",
            Spec::Rfc3986 => "URI Generic Syntax (2005): today's URLs",
            Spec::Whatwg => "the URL parser browsers run",
            // `Spec` is non-exhaustive: a spec added to the library is
            // listed once it has its line here.
            _ => continue,
        };
        text.push_str(&format!("  {:<9}{}, {about}\n", spec.name(), spec.title()));
    }
    text.push_str(WHATWG_HELP);
    text.push_str(
        "\nResults go to stdout. normalize, resolve, relative, encode, decode, extract and host write one\n\
         diagnostic per rejected input on stderr (urikit: line N: ..., or urikit: FILE: line N: ...\n\
         for the lines of -f FILE); check, parse, lint and plan report errors in their output.\n\
         Input echoed in human output shows its control characters by name (<0x1B>); a --json\n\
         string writes them, and the chars that would reorder or hide text (U+202E, U+200B...),\n\
         as \\uXXXX escapes, to a terminal or not.\n\
         \n\
         Exit status:\n  \
         0 all is well (compare: the URLs are equivalent)\n  \
         1 some input is invalid (compare: the URLs are not equivalent)\n  \
         2 a usage error (a bad option value, template or base URL), or an I/O error other than\n    \
           a closed stdout\n  \
         3 compare: A or B is not a valid URL\n\
         match exits 0 when some input matched, 1 when none did.\n\
         \n\
         A closed stdout ends a command quietly with 0; a closed stderr changes no status.",
    );
    text
}

/// Runs `help`: the long help of urikit or of one command.
fn help(args: HelpArgs) -> ExitCode {
    use clap::CommandFactory;
    let mut cli = Cli::command();
    // Built, so that a command's usage line starts with `urikit`.
    cli.build();
    let printed = match &args.command {
        None => cli.print_long_help(),
        Some(name) => match name.to_str().and_then(|name| cli.find_subcommand_mut(name)) {
            Some(command) => command.print_long_help(),
            None => {
                output::say(format_args!(
                    "urikit: error: no command {}; `urikit --help` lists them",
                    term::Shown(name.as_encoded_bytes())
                ));
                return ExitCode::from(2);
            }
        },
    };
    match printed {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => ExitCode::from(2),
        _ => ExitCode::SUCCESS,
    }
}

/// What clap says of arguments it refuses, on stderr, with the controls of
/// what the user typed shown by name (clap writes its message's values as
/// they are, an escape sequence included); and the help or version asked
/// for, as clap writes it.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // Text of urikit's own, to stdout (to stderr when no command was given).
        e.exit();
    }
    // Plain text: clap's styles would be escape sequences among the
    // user's, which could not be told apart.
    let mut shown = String::new();
    for line in e.render().to_string().lines() {
        shown.push_str(&term::Shown::text(line).to_string());
        shown.push('\n');
    }
    output::to_stderr(shown.as_bytes());
    ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
}

/// Runs the command the arguments name, and gives its exit status.
pub fn main() -> ExitCode {
    if let Err(message) = commands::spec_var() {
        output::say(format_args!("urikit: error: {message}"));
        return ExitCode::from(2);
    }
    // The matches, for `edit`, whose query edits run in the order given.
    let matches = match Cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) => return usage_error(e),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return usage_error(e.format(&mut Cli::command())),
    };
    let mut out = Output::stdout();
    let result = match cli.command {
        Command::Parse(args) => parse::run(args, &mut out),
        Command::Check(args) => check::run(args, &mut out),
        Command::Resolve(args) => resolve::run(args, &mut out),
        Command::Relative(args) => relative::run(args, &mut out),
        Command::Normalize(args) => normalize::run(args, &mut out),
        Command::Compare(args) => compare::run(args, &mut out),
        Command::Encode(args) => pct::encode(args, &mut out),
        Command::Decode(args) => pct::decode(args, &mut out),
        Command::Extract(args) => extract::run(args, &mut out),
        Command::Plan(args) => plan::run(args, &mut out),
        Command::Lint(args) => lint::run(args, &mut out),
        Command::Fetch(args) => fetch::run(args, &mut out),
        Command::Get(args) => get::run(args, &mut out),
        Command::Edit(args) => match matches.subcommand_matches("edit") {
            Some(matches) => edit::run(args, matches, &mut out),
            None => Err(anyhow::anyhow!("edit: its arguments were not read")),
        },
        Command::Explain(args) => explain::run(args, &mut out),
        Command::Host(args) => host::run(args, &mut out),
        Command::Match(args) => pattern::run(args, &mut out),
        Command::Completions(args) => commands::generated::completions(args, Cli::command(), &mut out),
        Command::Man(args) => commands::generated::man(args, Cli::command(), &mut out),
        Command::Help(args) => return help(args),
    };
    match result.and_then(|()| Ok(out.flush()?)) {
        Ok(()) => ExitCode::from(out.status()),
        // The reader went away (`urikit parse < big | head`): stop quietly.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // What was written before the error goes out before the message.
            let _ = out.flush();
            if let Some(arg) = e.downcast_ref::<output::ArgError>() {
                output::to_stderr(arg.diagnostic());
                return ExitCode::from(2);
            }
            output::say(format_args!("urikit: error: {}", term::Shown::text(&format!("{e:#}"))));
            ExitCode::from(2)
        }
    }
}

/// A command whose human output [`render`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Human {
    /// `urikit check`.
    Check,
    /// `urikit parse`.
    Parse,
    /// `urikit lint`.
    Lint,
    /// `urikit normalize`.
    Normalize,
}

/// What a command writes, to stdout and to stderr, for one line of stdin
/// (given without its line end), as a run over that line alone would write
/// it: the human output, whose input is always shown by [`term::Shown`].
///
/// # Examples
///
/// ```
/// use urikit::Spec;
/// use urikit_cli::{render, Human};
///
/// let (stdout, stderr) = render(Human::Normalize, Spec::Rfc1738, false, b"http://a b/\x1b[2J");
/// assert!(stdout.is_empty());
/// assert!(stderr.starts_with(b"urikit: line 1: http://a b/<0x1B>[2J\n"));
/// ```
pub fn render(command: Human, spec: Spec, lenient: bool, line: &[u8]) -> (Vec<u8>, Vec<u8>) {
    use crate::stream::Format;
    let mut out = output::Output::capturing(Vec::new());
    out.set_source(line::Source::Line(1));
    let line = line::decode_line(line);
    // Writing to memory does not fail.
    let _ = match command {
        Human::Check => check::Check {
            spec,
            lenient,
            json: false,
            base: None,
        }
        .line(&mut out, line),
        Human::Parse => parse::Parse {
            spec,
            lenient,
            json: false,
            base: None,
        }
        .line(&mut out, line),
        Human::Lint => match line {
            Ok(text) => lint::format(&mut out, text, spec, lenient, false),
            Err(bad) => lint::not_utf8(&mut out, &bad, false),
        },
        Human::Normalize => match line {
            Ok(text) => normalize::format(&mut out, text, spec, lenient),
            Err(bad) => out.reject_not_utf8(&bad),
        },
    };
    out.into_diagnostics()
}

/// What `parse --json` writes to stdout for one line of stdin (given
/// without its line end, so holding no `\n`), strictly or leniently, as a
/// run over that line alone would write it: one record and a newline.
///
/// # Examples
///
/// ```
/// use urikit::Spec;
/// use urikit_cli::render_json;
///
/// let record = render_json(Spec::Rfc1738, false, b"http://h/");
/// assert!(record.starts_with(br#"{"input":"http://h/","valid":true"#));
/// assert!(record.ends_with(b"}\n"));
/// ```
pub fn render_json(spec: Spec, lenient: bool, line: &[u8]) -> Vec<u8> {
    use crate::stream::Format;
    let mut out = output::Output::capturing(Vec::new());
    out.set_source(line::Source::Line(1));
    // Writing to memory does not fail.
    let _ = parse::Parse {
        spec,
        lenient,
        json: true,
        base: None,
    }
    .line(&mut out, line::decode_line(line));
    out.into_diagnostics().0
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        let kind = match (
            cause.downcast_ref::<io::Error>(),
            cause.downcast_ref::<serde_json::Error>(),
        ) {
            (Some(e), _) => Some(e.kind()),
            (_, Some(e)) => e.io_error_kind(),
            _ => None,
        };
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }

    /// Every argument of every command, given a value that is not UTF-8,
    /// takes it (as octets) or says which argument it was given to: none
    /// gets clap's message that names no argument.
    #[cfg(unix)]
    #[test]
    fn a_value_not_utf8_is_taken_or_its_argument_named() {
        use std::ffi::OsString;
        use std::os::unix::ffi::OsStringExt;

        let mut cli = super::Cli::command();
        cli.build();
        let bad = || OsString::from_vec(b"x\xffy".to_vec());
        let mut checked = 0;
        for command in cli.get_subcommands() {
            let positionals: Vec<&clap::Arg> = command.get_positionals().collect();
            for arg in command.get_arguments() {
                if !arg.get_action().takes_values() {
                    continue;
                }
                let mut argv = vec![OsString::from("urikit"), OsString::from(command.get_name())];
                let named = if arg.is_positional() {
                    format!("<{}>", arg.get_value_names().unwrap()[0])
                } else {
                    argv.push(format!("--{}", arg.get_long().unwrap()).into());
                    argv.push(bad());
                    format!("--{}", arg.get_long().unwrap())
                };
                // The positionals, in order: each a URL, or the value.
                for p in &positionals {
                    argv.push(if p.get_id() == arg.get_id() {
                        bad()
                    } else {
                        "http://h/".into()
                    });
                }
                if let Err(e) = <super::Cli as clap::Parser>::try_parse_from(&argv) {
                    let message = e.render().to_string();
                    assert!(
                        message.contains(&format!("'{named}")) && message.contains("not UTF-8"),
                        "{argv:?}: {message}"
                    );
                    assert_eq!(e.exit_code(), 2);
                }
                checked += 1;
            }
        }
        assert!(checked > 30, "{checked}");
    }
}
