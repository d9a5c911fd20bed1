//! `urikit extract`: the URLs in text, wrapped or bare, from files or stdin.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;

use anyhow::Context;
use serde::Serialize;
use urikit::text::{read_urls, Event, Found, MAX_URL_LEN};
use urikit::UrlRef;

use super::SpecArg;
use crate::output::{self, Output};
use crate::term::Shown;

/// Find the URLs in text: `<URL:...>` and `<scheme:...>` wrappers (whitespace and line breaks inside
/// them ignored, as RFC 1738's appendix says) and bare URLs in prose.
///
/// Reads each FILE in turn, or stdin when none is given (or for `-`), in constant memory whatever
/// its size.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write one JSON object per URL: file, range (bytes), line, column (bytes, from 1), wrapper
    /// (url, angle or bare), url, and alternatives (the URL without a hyphen that stood at a line
    /// break)
    #[arg(long)]
    json: bool,
    /// Keep only the URLs that are valid by the spec (--spec), strictly
    #[arg(long)]
    valid_only: bool,
    #[command(flatten)]
    spec: SpecArg,
    /// The text files; stdin when none is given, and for `-`
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Runs `extract`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    if args.files.is_empty() {
        return extract(io::stdin().lock(), "-", &args, out);
    }
    for path in &args.files {
        let name = path.to_string_lossy();
        if name == "-" {
            extract(io::stdin().lock(), "-", &args, out)?;
            continue;
        }
        let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        extract(BufReader::with_capacity(64 * 1024, file), &name, &args, out)?;
    }
    Ok(())
}

/// Writes the URLs of one input, called `name` in the output.
fn extract(reader: impl BufRead, name: &str, args: &Args, out: &mut Output) -> anyhow::Result<()> {
    let shown = if name == "-" { "stdin" } else { name };
    let mut urls = read_urls(reader);
    while let Some(event) = urls.next_event() {
        let found = match event.with_context(|| format!("reading {shown}"))? {
            Event::Found(found) => found,
            Event::TooLong(t) => {
                out.fail();
                output::say(format_args!(
                    "urikit: {}: line {}, column {}: skipped a URL longer than {MAX_URL_LEN} bytes, the most extract finds",
                    Shown::text(shown),
                    t.line,
                    t.column
                ));
                continue;
            }
            _ => continue,
        };
        if args.valid_only && UrlRef::parse_with(&found.url, args.spec.get()).is_err() {
            continue;
        }
        if args.json {
            // As an `io::Error`, so that a closed pipe is seen for what it is.
            serde_json::to_writer(&mut *out.writer(), &Json::new(name, &found)).map_err(io::Error::from)?;
            out.line("")?;
        } else {
            // As found, or, to a terminal, with its controls shown.
            out.bytes_line(found.url.as_bytes())?;
        }
    }
    Ok(())
}

/// One line of `extract --json`.
#[derive(Debug, Serialize)]
struct Json<'a> {
    /// The file as named on the command line, `-` for stdin.
    file: &'a str,
    /// Byte range of the URL in the file, wrapper included.
    range: [u64; 2],
    line: u64,
    /// In bytes, from 1.
    column: u64,
    wrapper: &'static str,
    url: &'a str,
    alternatives: Vec<String>,
}

impl<'a> Json<'a> {
    fn new(file: &'a str, found: &'a Found) -> Json<'a> {
        Json {
            file,
            range: [found.range.start, found.range.end],
            line: found.line,
            column: found.column,
            wrapper: found.wrapper.name(),
            url: &found.url,
            alternatives: found.alternatives(),
        }
    }
}
