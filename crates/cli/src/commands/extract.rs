//! `urikit extract`: the URLs in text, wrapped or bare, from files or stdin.

use std::borrow::Cow;
use std::fmt::Display;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::ops::Range;
use std::path::PathBuf;

use anyhow::Context;
use serde::Serialize;
use urikit::pct::encode_non_ascii;
use urikit::text::{read_urls, Event, Found, MAX_URL_LEN};
use urikit::Spec;

use super::{check_url, SpecArg};
use crate::output::{self, caret_form_as, Output};
use crate::term::Shown;

/// Find the URLs in text: `<URL:...>` and `<scheme:...>` wrappers (whitespace and line breaks inside
/// them ignored, as RFC 1738's appendix says) and bare URLs in prose.
///
/// Reads each FILE in turn, or stdin when none is given (or for `-`), in constant memory whatever
/// its size.
#[derive(Debug, clap::Args)]
#[command(after_long_help = NON_ASCII_HELP)]
pub struct Args {
    /// Write one JSON object per URL: file, range (bytes), line, column (bytes, from 1), wrapper
    /// (url, angle or bare), url, and alternatives (the URL without a hyphen that stood at a line
    /// break)
    #[arg(long)]
    json: bool,
    /// Keep only the URLs that are valid by the spec (--spec), strictly (whatwg: with no validation
    /// error; with --lenient, every URL the WHATWG parser does not fail on)
    #[arg(long)]
    valid_only: bool,
    /// Take a URL that goes on past US-ASCII whole, and write every URL with characters outside
    /// US-ASCII %-encoded, as RFC 3987 §3.1 maps an IRI to a URI, with a warning on stderr
    #[arg(long)]
    lenient: bool,
    #[command(flatten)]
    spec: SpecArg,
    /// The text files; stdin when none is given, and for `-`
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// What `extract --help` says of characters outside US-ASCII.
const NON_ASCII_HELP: &str = "\
A bare URL is never written cut short at a character outside US-ASCII. White space (U+00A0 too),
quotation marks (» ” ’ 「...), brackets and dashes end it, and so do the ellipsis and the CJK and
fullwidth sentence punctuation (。 ，...) unless more of the URL follows. A URL that goes on with
any other character (naïve, 维基, U+200B) is an error on stderr, with its line and column, the
character and why, and the exit status is 1; --lenient takes it whole and writes it %-encoded
(RFC 3987 §3.1), with a warning.

An octet that is not UTF-8 is part of the URL as any other: written as it is, or with --lenient
as its own %XX (\\xFF is %FF), and named <0xFF> in a diagnostic; --json, whose strings are
text, holds U+FFFD for it (--lenient: its %XX).";

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
        let Some(url) = Taken::new(&found, args.lenient) else {
            out.fail();
            report_cut(shown, &found, args.spec.get())?;
            continue;
        };
        // By whatwg, strictly: no validation error; with --lenient, what
        // the parser does not fail on. Octets that are not UTF-8 make no
        // URL by any spec.
        let spec = args.spec.get();
        let valid = || {
            std::str::from_utf8(&url.url)
                .is_ok_and(|text| check_url(text, spec, args.lenient && spec == Spec::Whatwg, None).is_ok())
        };
        if args.valid_only && !valid() {
            continue;
        }
        url.warn(shown, &found)?;
        if args.json {
            out.json_line(&Json::new(name, &found, &url))?;
        } else {
            // As found, or, to a terminal, with its controls shown.
            out.bytes_line(&url.url)?;
        }
    }
    Ok(())
}

/// The URL written for a finding: its octets as found (those that are not
/// UTF-8 too), or, leniently, taken whole and %-encoded.
struct Taken<'a> {
    url: Cow<'a, [u8]>,
    /// Its byte range in the input, wrapper included.
    range: Range<u64>,
    /// Where the URL went on past US-ASCII, taken whole: the URL as
    /// written, and the byte offset in it of the first octet outside
    /// US-ASCII, for the warning.
    encoded: Option<(&'a [u8], usize)>,
}

impl<'a> Taken<'a> {
    /// The URL of `found`; `None` for a bare URL cut short at a character
    /// outside US-ASCII, unless `lenient`.
    fn new(found: &'a Found, lenient: bool) -> Option<Taken<'a>> {
        let (written, range) = match &found.cut {
            Some(cut) if lenient => (cut.whole_octets(), cut.range.clone()),
            Some(_) => return None,
            None => (found.octets(), found.range.clone()),
        };
        let wide = written.iter().position(|b| !b.is_ascii()).filter(|_| lenient);
        Some(Taken {
            url: match wide {
                Some(_) => Cow::Owned(encode_octets(written)),
                None => Cow::Borrowed(written),
            },
            range,
            encoded: wide.map(|at| (written, at)),
        })
    }

    /// The warning, on stderr, of a URL %-encoded.
    fn warn(&self, shown: &str, found: &Found) -> io::Result<()> {
        let Some((written, at)) = self.encoded else {
            return Ok(());
        };
        let message = match &found.cut {
            Some(cut) => format!(
                "the URL goes on past US-ASCII with {} at column {}: taken whole, %-encoded (RFC 3987 §3.1)",
                describe_at(written, at),
                cut.column
            ),
            None => format!(
                "{} is not US-ASCII: %-encoded (RFC 3987 §3.1)",
                describe_at(written, at)
            ),
        };
        diagnose(shown, found, written, at, "warning", message)
    }
}

/// `octets` with each one outside US-ASCII written `%XX`: a character
/// outside US-ASCII as the `%XX` of its UTF-8 octets (RFC 3987 §3.1, as
/// [`encode_non_ascii`] writes it), and an octet that is not UTF-8 as its
/// own `%XX`, so that the URL written is the one in the text.
fn encode_octets(octets: &[u8]) -> Vec<u8> {
    let mut encoded = Vec::with_capacity(octets.len() + 16);
    for chunk in octets.utf8_chunks() {
        encoded.extend_from_slice(encode_non_ascii(chunk.valid()).as_bytes());
        for b in chunk.invalid() {
            encoded.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
    }
    encoded
}

/// Reports, on stderr, a bare URL cut short at a character outside
/// US-ASCII: the URL as written, a caret under the character, and why.
fn report_cut(shown: &str, found: &Found, spec: Spec) -> io::Result<()> {
    let cut = found.cut.as_ref().expect("a URL cut short");
    // What comes before the character is US-ASCII: an offset of the input
    // less the start is one of the URL as written.
    let at = usize::try_from(cut.offset - cut.range.start).expect("a URL is short");
    let whole = cut.whole_octets();
    let message = format!(
        "the URL goes on past US-ASCII with {} at column {}, which {} allows only %-encoded; --lenient takes it whole and %-encodes it (RFC 3987 §3.1)",
        describe_at(whole, at),
        cut.column,
        spec.title()
    );
    diagnose(shown, found, whole, at, "error", message)
}

/// Writes a diagnostic of `found` in caret form to stderr: its place, the
/// URL as written with a caret under byte `at`, and the message.
fn diagnose(
    shown: &str,
    found: &Found,
    written: &[u8],
    at: usize,
    label: &str,
    message: impl Display,
) -> io::Result<()> {
    let prefix = format!(
        "urikit: {}: line {}, column {}: ",
        Shown::text(shown),
        found.line,
        found.column
    );
    // One write, as every diagnostic.
    let mut diagnostic = Vec::new();
    caret_form_as(&mut diagnostic, &prefix, written, at, label, message)?;
    output::to_stderr(&diagnostic);
    Ok(())
}

/// The character at byte `at` of `written` for a message, as [`describe`]
/// gives it, or an octet that is not UTF-8 by the name [`Shown`] gives it,
/// as `check` names it: `the octet <0xFF> (not UTF-8)`.
fn describe_at(written: &[u8], at: usize) -> String {
    let chunk = written[at..].utf8_chunks().next().expect("an octet");
    match chunk.valid().chars().next() {
        Some(c) => describe(c),
        None => format!("the octet {} (not UTF-8)", Shown(&written[at..=at])),
    }
}

/// A character for a message: `'ï' U+00EF`, or only its code for one that
/// [`Shown`] names (a control, a bidirectional or invisible one).
fn describe(c: char) -> String {
    let code = format!("U+{:04X}", u32::from(c));
    let mut buf = [0; 4];
    let text = c.encode_utf8(&mut buf);
    if Shown::text(text).to_string() == *text {
        format!("'{c}' {code}")
    } else {
        code
    }
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
    /// The URL; an octet that is not UTF-8 (without --lenient, which
    /// %-encodes it) is U+FFFD, as JSON holds text.
    url: Cow<'a, str>,
    alternatives: Vec<String>,
}

impl<'a> Json<'a> {
    fn new(file: &'a str, found: &'a Found, url: &'a Taken<'_>) -> Json<'a> {
        let mut alternatives = found.alternatives();
        if url.encoded.is_some() {
            for alternative in &mut alternatives {
                *alternative = encode_non_ascii(alternative).into_owned();
            }
        }
        Json {
            file,
            range: [url.range.start, url.range.end],
            line: found.line,
            column: found.column,
            wrapper: found.wrapper.name(),
            url: String::from_utf8_lossy(&url.url),
            alternatives,
        }
    }
}
