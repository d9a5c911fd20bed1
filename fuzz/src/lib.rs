//! Properties the fuzz targets check, shared between them.
//!
//! Each target in `fuzz_targets/` turns the fuzzer's bytes into a string (and
//! sometimes a spec) and calls one `check_*` function here. Every check
//! panics, with the input in the message, when a property fails; a property is
//! something the library's docs promise, never just "does not crash".

pub mod known;
mod normalize;
mod parse;
mod pct;
mod resolve;

pub use normalize::{check_canonical, check_lowered_equivalent, check_pair, parse_any};
pub use parse::{check_lenient, check_parse};
pub use pct::check_pct;
pub use resolve::check_resolve;

use urikit::Spec;

/// The input as text; `None` when it is not UTF-8 (no API takes bytes).
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The spec named by the first byte, and the text after it.
pub fn spec_and_text(data: &[u8]) -> Option<(Spec, &str)> {
    let (&first, rest) = data.split_first()?;
    let spec = if first & 1 == 0 { Spec::Rfc1738 } else { Spec::Rfc1630 };
    Some((spec, text(rest)?))
}
