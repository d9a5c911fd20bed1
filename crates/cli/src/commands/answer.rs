//! The `--json` records of the commands that answer each URL with one
//! result (`check`, `normalize`, `resolve`, `relative`, `compare`, `get`),
//! and the error and warning lists every `--json` record shares with
//! `parse --json`'s.
//!
//! One record per input line, valid or not: `input`, `valid`, the
//! command's result keys (`null` where there is no result), `errors`, and
//! with `--lenient` `warnings`. An invalid record's errors are its
//! diagnostics: nothing goes to stderr, and the exit status is what the
//! text output gives.

use std::io;

use serde::Serialize;
use urikit::{validate, validate_with_base, ParseError, Spec, Url, Warning};

use crate::line::NotUtf8;
use crate::output::{Output, Sink};

/// One error of a record: `{offset, rule, message}`.
#[derive(Debug, Serialize)]
pub struct JsonError {
    /// The byte offset in what `message` names (the input, unless it says).
    pub offset: usize,
    /// The rule broken (a grammar's production, a WHATWG validation error,
    /// `UTF-8`).
    pub rule: &'static str,
    /// The message, as the text output gives it.
    pub message: String,
}

/// One repair of lenient parsing: `{offset, message}`.
#[derive(Debug, Serialize)]
pub struct JsonWarning {
    /// The byte offset in the input.
    pub offset: usize,
    /// What was repaired.
    pub message: String,
}

impl JsonError {
    /// The error of a parse.
    pub fn new(e: &ParseError) -> JsonError {
        JsonError {
            offset: e.offset,
            rule: e.rule,
            message: e.message(),
        }
    }

    /// The error of a line that is not UTF-8.
    pub fn not_utf8(bad: &NotUtf8) -> JsonError {
        JsonError {
            offset: bad.offset,
            rule: "UTF-8",
            message: format!("octet 0x{:02X} is not UTF-8, expected UTF-8 text", bad.byte),
        }
    }
}

impl JsonWarning {
    /// A repair lenient parsing made, at its offset into the input.
    pub fn repair(w: &Warning) -> JsonWarning {
        JsonWarning {
            offset: w.offset,
            message: w.repair.to_string(),
        }
    }
}

/// The errors of a record of `input`, which parsing rejected with `e`:
/// every violation [`validate`] finds, strictly; leniently, the one error
/// no repair could fix (the strict violations it repaired would mislead).
/// Against a `base` (by the WHATWG URL Standard), the errors are those of
/// the input parsed against it.
pub fn all_errors(input: &str, spec: Spec, lenient: bool, base: Option<&Url>, e: &ParseError) -> Vec<JsonError> {
    let all = match (lenient, base) {
        (true, _) => Vec::new(),
        (false, Some(base)) => validate_with_base(input, base).unwrap_or_default(),
        (false, None) => validate(input, spec),
    };
    if all.is_empty() {
        vec![JsonError::new(e)]
    } else {
        all.iter().map(JsonError::new).collect()
    }
}

/// The record of one input: `R` holds the command's result keys, written
/// between `valid` and `errors`.
#[derive(Debug, Serialize)]
pub struct Answer<'a, R> {
    input: &'a str,
    valid: bool,
    #[serde(flatten)]
    result: R,
    errors: Vec<JsonError>,
    /// `--lenient` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    warnings: Option<Vec<JsonWarning>>,
}

impl<'a, R: Serialize> Answer<'a, R> {
    /// The record of a valid `input`: its `result`, and with `lenient` the
    /// `repairs` parsing made.
    pub fn valid(input: &'a str, result: R, lenient: bool, repairs: &[Warning]) -> Answer<'a, R> {
        Answer {
            input,
            valid: true,
            result,
            errors: Vec::new(),
            warnings: lenient.then(|| repairs.iter().map(JsonWarning::repair).collect()),
        }
    }

    /// The record of an invalid `input`: `result` (its keys `null`), and
    /// its `errors`.
    pub fn invalid(input: &'a str, result: R, lenient: bool, errors: Vec<JsonError>) -> Answer<'a, R> {
        Answer {
            input,
            valid: false,
            result,
            errors,
            warnings: lenient.then(Vec::new),
        }
    }

    /// The record of a line that is not UTF-8: its text with U+FFFD in
    /// place of what is not, and one error.
    pub fn not_utf8(bad: &'a NotUtf8, result: R, lenient: bool) -> Answer<'a, R> {
        Answer::invalid(&bad.text, result, lenient, vec![JsonError::not_utf8(bad)])
    }

    /// Writes the record as one line; an invalid one counts as a failure
    /// (exit status 1).
    ///
    /// # Errors
    ///
    /// What writing gave.
    pub fn write<W: Sink>(&self, out: &mut Output<W>) -> io::Result<()> {
        if !self.valid {
            out.fail();
        }
        out.json_line(self)
    }
}
