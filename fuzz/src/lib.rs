//! Properties the fuzz targets check, shared between them.
//!
//! Each target in `fuzz_targets/` turns the fuzzer's bytes into a string (and
//! sometimes a spec) and calls one `check_*` function here. Every check
//! panics, with the input in the message, when a property fails; a property is
//! something the library's docs promise, never just "does not crash".

mod ada;
mod edit;
mod fluent;
mod human;
mod json;
pub mod known;
mod normalize;
mod parse;
mod pct;
mod relative;
mod resolve;
mod rfc3986;
mod scheme;
mod setters;
mod text;
mod whatwg;

pub use ada::check_against_ada;
pub use edit::{check_edits, Edit};
pub use fluent::check_against_fluent_uri;
pub use human::check_human;
pub use json::check_json;
pub use normalize::{check_canonical, check_lowered_equivalent, check_pair, parse_any};
pub use parse::{check_lenient, check_parse};
pub use pct::check_pct;
pub use relative::check_relative;
pub use resolve::{check_authority_kept, check_resolve};
pub use rfc3986::{check_generic_parse, check_reference};
pub use scheme::{check_lint, check_scheme};
pub use setters::{check_setters, read_setter};
pub use text::{check_text, text_layout};
pub use whatwg::{check_resolve_whatwg, check_whatwg};

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

/// One of the four RFC grammars, named by the first byte (its value modulo
/// 4, in the order of `Spec::ALL`, whose first four they are), and the text
/// after it.
pub fn any_spec_and_text(data: &[u8]) -> Option<(Spec, &str)> {
    let (&first, rest) = data.split_first()?;
    Some((Spec::ALL[usize::from(first % 4)], text(rest)?))
}
