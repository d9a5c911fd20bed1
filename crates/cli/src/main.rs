//! `urikit`: the command-line face of the [`urikit`] library.
//!
//! Each command turns its arguments into library calls and their results
//! into output, nothing more. Commands that take URLs read one per line from
//! standard input when none are given, and stream: one line of output (or one
//! block) per line of input, in input order. `check` and `parse` format the
//! lines of stdin in one thread per core ([`stream`]).
//!
//! Exit status: 0 when all is well, 1 when some input is invalid (or, for
//! `compare`, the URLs are not equivalent), 2 for a usage or I/O error.

mod commands;
mod input;
mod output;
mod progress;
mod stream;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::commands::{check, compare, edit, extract, get, lint, normalize, parse, pct, plan, relative, resolve};
use crate::output::Output;

/// URLs by RFC 1738 and the RFC 1630 draft: parse, check, resolve, normalize,
/// compare, encode and decode.
///
/// Commands that take URLs (or text) read one per line from stdin when none
/// are given. Exit status: 0 all good, 1 some input invalid (or not
/// equivalent, for compare), 2 usage or I/O error.
#[derive(Debug, Parser)]
#[command(name = "urikit", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Split each URL into its components (URLs from stdin when none are given)
    Parse(parse::Args),
    /// Report each invalid URL with a caret under the error (URLs from stdin when none are given)
    Check(check::Args),
    /// Resolve partial forms against a base URL (references from stdin when none are given)
    Resolve(resolve::Args),
    /// The shortest reference from a base URL to each target, the inverse of resolve (targets from stdin when none are given)
    Relative(relative::Args),
    /// Print the canonical form of each URL (URLs from stdin when none are given)
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
    /// Print components of each URL by a template such as '{host}' (URLs from stdin when none are given)
    Get(get::Args),
    /// Change components of each URL: set, clear, append, remove and sort query pairs, redirect (URLs from stdin when none are given)
    Edit(edit::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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
        Command::Get(args) => get::run(args, &mut out),
        Command::Edit(args) => edit::run(args, &mut out),
    };
    match result.and_then(|()| Ok(out.flush()?)) {
        Ok(()) if out.failed() => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`urikit parse < big | head`): stop quietly.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // What was written before the error goes out before the message.
            let _ = out.flush();
            eprintln!("urikit: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
