//! `urikit encode` and `urikit decode`: `%XX` escapes.

use std::ffi::OsString;

use anyhow::Context;
use clap::builder::{PossibleValue, PossibleValuesParser};
use urikit::pct::{self, EncodeSet};

use super::lined::{self, InvalidArg};
use super::utf8;
use crate::input::{self, Inputs};
use crate::line;
use crate::output::Output;

/// Percent-encode each text by an encode set.
#[derive(Debug, clap::Args)]
#[command(after_long_help = PLACES)]
pub struct EncodeArgs {
    /// Which octets to encode (every set encodes '%', the controls and non-ASCII octets)
    #[arg(long, value_name = "NAME", default_value = "uchar", value_parser = utf8(set_names()))]
    set: String,
    /// The texts; read one per line from stdin when none are given
    #[arg(value_name = "TEXT")]
    texts: Vec<OsString>,
}

/// Percent-decode each text, writing the decoded octets as they are.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
The octets are written as they are, but to a terminal each control, bidirectional or invisible
character and octet that is not UTF-8 is shown by name (<0x1B>, <U+202E>, <0xFF>), as get
shows what its fields decode to. A text with a '%' not followed by two hex digits is rejected
on stderr (--invalid says what it writes on stdout).")]
pub struct DecodeArgs {
    /// Read '+' as a space, as in a search part: the inverse of `encode --set search`
    #[arg(long)]
    form: bool,
    #[command(flatten)]
    invalid: InvalidArg,
    /// The texts; read one per line from stdin when none are given
    #[arg(value_name = "TEXT")]
    texts: Vec<OsString>,
}

/// Which set encodes a value for which place of a URL, so that `get` reads
/// it back unchanged (tested for every spec by crates/cli/tests/encode_get.rs).
const PLACES: &str = "\
Which set for which place, so that `urikit get` reads the value back unchanged:

  place (get field)            rfc1738, rfc1630         rfc1808       rfc3986, whatwg
  user, password ({user} ...)  user                     user          userinfo
  host ({host})                (a hostname only)        uchar         reg-name (whatwg: non-special URLs)
  path segment ({path})        hsegment                 hsegment      path-segment
  query value ({query:NAME})   query-value, form-value  (the same)    (the same)
  fragment ({fragment})        uchar (rfc1630: xalpha)  uchar         fragment

RFC 1630 reserves '=' in a search: it has no name=value pairs.
By whatwg, credentials are a validation error however written: read them with --lenient.

A segment '.' or '..' is a dot segment whatever its encoding, and a whatwg
special URL's host is a domain (see --spec whatwg): neither reads back as written.
Decoded control characters are written %XX by get.";

/// Set names as [`EncodeSet::ALL`] lists them, each with what it is for and
/// what it encodes. The set itself (256 bytes) is looked up when the
/// command runs.
fn set_names() -> PossibleValuesParser {
    PossibleValuesParser::new(EncodeSet::ALL.map(|set| PossibleValue::new(set.name()).help(describe(&set))))
}

/// What a set is for, and the octets it encodes, read from the set itself.
fn describe(set: &EncodeSet) -> String {
    let purpose = match set.name() {
        "unsafe" => "RFC 1738 unsafe characters, for text that is already a URL",
        "uchar" => "all but letters, digits and $-_.+!*'(), for a value in any component",
        "hsegment" => "what an http path segment does not allow",
        "fsegment" => "what an ftp path segment does not allow",
        "user" => "what a user name or password does not allow",
        "field" => "what a prospero field name or value does not allow",
        "search" => "a search string, a space written as '+'",
        "xalpha" => "what the RFC 1630 xalpha does not allow",
        "query-value" => "a value of a name=value pair in a query, as {query:NAME} reads it; space as %20",
        "form-value" => "application/x-www-form-urlencoded, a space written '+'",
        "userinfo" => "a user name or password (RFC 3986, whatwg)",
        "reg-name" => "a registered name (RFC 3986) or an opaque host (whatwg)",
        "path-segment" => "a path segment (RFC 3986, whatwg)",
        "fragment" => "a fragment (RFC 3986, whatwg)",
        "component" => "what encodeURIComponent encodes",
        _ => "a named set",
    };
    let printable: String = (0x21u8..0x7f).filter(|&b| set.encodes(b)).map(char::from).collect();
    let space = if set.encodes(b' ') { " and space," } else { " and" };
    format!("{purpose}; encodes {printable}{space} the controls and non-ASCII octets")
}

/// Runs `encode`. Texts, arguments or lines of stdin, are read as octets,
/// UTF-8 or not, so that `decode | encode` gives back what `decode` was
/// given.
pub fn encode(args: EncodeArgs, out: &mut Output) -> anyhow::Result<()> {
    let set = EncodeSet::by_name(&args.set).with_context(|| format!("unknown encode set {:?}", args.set))?;
    if !args.texts.is_empty() {
        for text in &args.texts {
            out.line(encode_octets(text.as_encoded_bytes(), &set))?;
        }
        return Ok(());
    }
    input::for_each_raw(out, |out, raw| out.line(encode_octets(line::line_bytes(raw), &set)))
}

/// [`pct::encode`] for octets that may not be UTF-8: every encode set
/// encodes each non-ASCII octet, so what is not UTF-8 is written `%XX`.
fn encode_octets(octets: &[u8], set: &EncodeSet) -> String {
    let mut encoded = String::with_capacity(octets.len());
    for chunk in octets.utf8_chunks() {
        encoded.push_str(&pct::encode(chunk.valid(), set));
        for b in chunk.invalid() {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    encoded
}

/// Runs `decode`.
pub fn decode(args: DecodeArgs, out: &mut Output) -> anyhow::Result<()> {
    let decode = if args.form { pct::decode_form } else { pct::decode };
    // A byte-order mark at the start of the lines is data here, as any
    // other octets, and is decoded (to itself) and written, so that
    // `decode | encode` gives back what `decode` was given.
    let inputs = match Inputs::args_or_stdin(&args.texts) {
        Inputs::Lines(lines) => Inputs::Lines(lines.keeping_bom()),
        args => args,
    };
    lined::for_each_data(inputs, out, args.invalid.get(), |out, text| match decode(text) {
        Ok(bytes) => out.bytes_line(&bytes),
        Err(e) => out.reject(text.as_bytes(), e.offset, e),
    })
}
