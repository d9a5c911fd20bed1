//! Output lined up with the input: what an invalid line writes on stdout.
//!
//! By default an invalid input writes nothing on stdout (its diagnostic goes
//! to stderr), so line N of the output need not be line N of the input. With
//! `--invalid empty` (trurl's `--keep-going`) it writes an empty line, with
//! `--invalid input` the input as it was, so that every input gives one
//! line and `paste` can put the two side by side. The diagnostic and the
//! exit status are the same either way.

use std::io;

use clap::builder::PossibleValuesParser;

use super::utf8;
use crate::input::{self, Inputs};
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::Format;

/// What an invalid line writes on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Invalid {
    /// Nothing.
    #[default]
    Drop,
    /// An empty line.
    Empty,
    /// The input as it was, without its line end (shown escaped on a
    /// terminal, as every input is).
    Input,
}

/// The `--invalid` and `--keep-going` options of the commands that write one
/// line per valid input (`get`, `edit`, `normalize`, `resolve`, `relative`,
/// `decode`).
#[derive(Debug, Clone, clap::Args)]
pub struct InvalidArg {
    /// What an invalid input writes on stdout: nothing (drop), an empty line (empty), or the input as it was (input). With empty or input, line N of the output answers line N of the input, for paste(1); the diagnostic still goes to stderr and the exit status is still 1
    #[arg(long, value_name = "WHAT", value_parser = utf8(PossibleValuesParser::new(["drop", "empty", "input"])))]
    invalid: Option<String>,
    /// Write an empty line for an invalid input (trurl's name for --invalid empty)
    #[arg(long)]
    keep_going: bool,
}

impl InvalidArg {
    /// What an invalid line writes: as `--invalid` says, else an empty line
    /// with `--keep-going`, else nothing.
    pub fn get(&self) -> Invalid {
        match self.invalid.as_deref() {
            Some("empty") => Invalid::Empty,
            Some("input") => Invalid::Input,
            Some(_) => Invalid::Drop,
            None if self.keep_going => Invalid::Empty,
            None => Invalid::Drop,
        }
    }
}

impl Invalid {
    /// Writes what an invalid `input` gives, when formatting it has just
    /// recorded a failure: `fails` is the output's count of failures
    /// before. To a terminal, the input is shown by [`Shown`]
    /// ([`Output::bytes_line`]).
    ///
    /// [`Shown`]: crate::term::Shown
    fn after<W: Sink>(self, out: &mut Output<W>, fails: u64, input: &[u8]) -> io::Result<()> {
        if out.fail_count() == fails {
            return Ok(());
        }
        match self {
            Invalid::Drop => Ok(()),
            Invalid::Empty => out.line(""),
            Invalid::Input => out.bytes_line(input),
        }
    }
}

/// A [`Format`] whose invalid lines write what [`Invalid`] says.
pub struct Lined<F> {
    format: F,
    invalid: Invalid,
}

impl<F: Format> Lined<F> {
    /// `format`, with invalid lines writing what `invalid` says.
    pub fn new(format: F, invalid: Invalid) -> Lined<F> {
        Lined { format, invalid }
    }
}

impl<F: Format> Format for Lined<F> {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        let fails = out.fail_count();
        self.format.input(out, input)?;
        self.invalid.after(out, fails, input.as_bytes())
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        let fails = out.fail_count();
        self.format.not_utf8(out, bad)?;
        self.invalid.after(out, fails, &bad.raw)
    }
}

/// [`input::for_each_line`] for a data command: a line that is not UTF-8
/// is rejected on stderr, and invalid lines (those `each` rejects, and
/// those that are not UTF-8) write what `invalid` says.
pub fn for_each_data(
    inputs: Inputs<'_>,
    out: &mut Output,
    invalid: Invalid,
    mut each: impl FnMut(&mut Output, &str) -> io::Result<()>,
) -> anyhow::Result<()> {
    input::for_each_line(inputs, out, |out, line| {
        let fails = out.fail_count();
        match line {
            Ok(text) => {
                each(out, text)?;
                invalid.after(out, fails, text.as_bytes())
            }
            Err(bad) => {
                out.reject_not_utf8(&bad)?;
                invalid.after(out, fails, &bad.raw)
            }
        }
    })
}
