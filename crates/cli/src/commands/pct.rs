//! `urikit encode` and `urikit decode`: `%XX` escapes.

use anyhow::Context;
use clap::builder::PossibleValuesParser;
use urikit::pct::{self, EncodeSet};

use crate::input;
use crate::output::Output;

/// Percent-encode each text by an encode set.
#[derive(Debug, clap::Args)]
pub struct EncodeArgs {
    /// Which octets to encode (every set encodes '%', controls and non-ASCII)
    #[arg(long, value_name = "NAME", default_value = "uchar", value_parser = set_names())]
    set: String,
    /// The texts; read one per line from stdin when none are given
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// Percent-decode each text, writing the decoded octets as they are.
#[derive(Debug, clap::Args)]
pub struct DecodeArgs {
    /// The texts; read one per line from stdin when none are given
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
}

/// Set names as [`EncodeSet::ALL`] lists them. The set itself (256 bytes)
/// is looked up when the command runs.
fn set_names() -> PossibleValuesParser {
    PossibleValuesParser::new(EncodeSet::ALL.map(|set| set.name()))
}

/// Runs `encode`.
pub fn encode(args: EncodeArgs, out: &mut Output) -> anyhow::Result<()> {
    let set = EncodeSet::by_name(&args.set).with_context(|| format!("unknown encode set {:?}", args.set))?;
    input::for_each(&args.texts, out, |out, text| out.line(pct::encode(text, &set)))
}

/// Runs `decode`.
pub fn decode(args: DecodeArgs, out: &mut Output) -> anyhow::Result<()> {
    input::for_each_data(&args.texts, out, |out, text| match pct::decode(text) {
        Ok(bytes) => out.bytes_line(&bytes),
        Err(e) => out.reject(text.as_bytes(), e.offset, e),
    })
}
