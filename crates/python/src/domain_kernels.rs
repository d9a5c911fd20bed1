//! Arrow kernels over domains: the Public Suffix List's parts of each
//! row's host, and the URL Standard's domain to ASCII.
//!
//! As in [`crate::kernels`], nothing here knows Python, values are read in
//! place, and a null row gives a null row.

use arrow_array::builder::StringBuilder;
use arrow_array::{Array, StringArray};
use arrow_schema::ArrowError;
use urikit::public_suffix::{HostParts, SuffixList};

use crate::kernels::{for_each_value, Value};
use crate::parsing::Parsing;

/// A part of a host by the Public Suffix List.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuffixPart {
    /// The public suffix.
    Suffix,
    /// The registrable domain.
    Domain,
    /// The labels before the registrable domain.
    Subdomain,
}

impl SuffixPart {
    fn of<'h>(self, parts: HostParts<'h>) -> Option<&'h str> {
        match self {
            SuffixPart::Suffix => Some(parts.suffix),
            SuffixPart::Domain => parts.domain,
            SuffixPart::Subdomain => parts.subdomain,
        }
    }
}

/// `part` of each row's host by `list`: with `parsing`, each row is a URL
/// parsed as it says, and its host is split (null for an invalid URL, or
/// one without a host, or an IP address); without, each row is a host.
/// Null where there is no such part ([`SuffixList::parts`]).
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn suffix_part(
    array: &dyn Array,
    part: SuffixPart,
    list: &SuffixList,
    parsing: Option<&Parsing>,
) -> Result<StringArray, ArrowError> {
    let mut out = StringBuilder::with_capacity(array.len(), array.get_buffer_memory_size() / 2);
    for_each_value(array, |value| match (value, parsing) {
        (Value::Text(text), Some(parsing)) => parsing.with(text, |url| match url {
            Ok(url) => out.append_option(list.url_parts(&url).and_then(|p| part.of(p))),
            Err(_) => out.append_null(),
        }),
        (Value::Text(host), None) => out.append_option(list.parts(host).and_then(|p| part.of(p))),
        (Value::Null | Value::NotUtf8(_), _) => out.append_null(),
    })?;
    Ok(out.finish())
}

/// The URL Standard's domain parser over each row ([`urikit::whatwg::domain_to_ascii`]);
/// null where the row is null, not UTF-8, or fails.
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn domain_to_ascii(array: &dyn Array, strict: bool) -> Result<StringArray, ArrowError> {
    let mut out = StringBuilder::with_capacity(array.len(), array.get_buffer_memory_size());
    for_each_value(array, |value| match value {
        Value::Text(domain) => out.append_option(urikit::whatwg::domain_to_ascii(domain, strict).ok()),
        Value::Null | Value::NotUtf8(_) => out.append_null(),
    })?;
    Ok(out.finish())
}
