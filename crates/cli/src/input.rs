//! Reading inputs: the command-line arguments, or else the lines of stdin.

use std::fmt;
use std::io::{self, BufRead};

use anyhow::Context;

use crate::output::Output;

/// A line of stdin that is not UTF-8.
#[derive(Debug, Clone)]
pub struct NotUtf8 {
    /// The line, with each invalid sequence replaced by U+FFFD.
    pub text: String,
    /// Byte offset of the first invalid octet.
    pub offset: usize,
    /// That octet.
    pub byte: u8,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "octet 0x{:02X} is not UTF-8 at offset {}, expected UTF-8 text",
            self.byte, self.offset
        )
    }
}

/// Calls `each` on every argument, or, when there is none, on every line of
/// stdin; a line that is not UTF-8 is reported in caret form instead.
pub fn for_each(
    args: &[String],
    out: &mut Output,
    each: impl FnMut(&mut Output, &str) -> io::Result<()>,
) -> anyhow::Result<()> {
    for_each_line(args, out, each, |out, bad| out.not_utf8(bad))
}

/// [`for_each`], with `bad` called on each line of stdin that is not UTF-8.
///
/// Lines are read one at a time into one buffer and handed on without their
/// `\n` or `\r\n`; nothing else is stripped or skipped.
pub fn for_each_line(
    args: &[String],
    out: &mut Output,
    mut each: impl FnMut(&mut Output, &str) -> io::Result<()>,
    mut bad: impl FnMut(&mut Output, &NotUtf8) -> io::Result<()>,
) -> anyhow::Result<()> {
    if !args.is_empty() {
        for arg in args {
            each(out, arg)?;
        }
        return Ok(());
    }
    let mut stdin = io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if stdin.read_until(b'\n', &mut buf).context("reading stdin")? == 0 {
            return Ok(());
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        match std::str::from_utf8(&buf) {
            Ok(line) => each(out, line)?,
            Err(e) => {
                let offset = e.valid_up_to();
                let text = String::from_utf8_lossy(&buf).into_owned();
                bad(
                    out,
                    &NotUtf8 {
                        text,
                        offset,
                        byte: buf[offset],
                    },
                )?;
            }
        }
    }
}
