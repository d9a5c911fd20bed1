//! Conversions from strings to [`Url`], [`UrlRef`] and [`Reference`]:
//! strict parsing by each one's default spec (RFC 1738 for URLs, RFC 3986
//! for references).

use std::str::FromStr;

use crate::error::ParseError;
use crate::rfc3986::Reference;
use crate::url::{Url, UrlRef};

impl FromStr for Url {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl<'a> TryFrom<&'a str> for UrlRef<'a> {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<UrlRef<'a>, ParseError> {
        UrlRef::parse(s)
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl TryFrom<String> for Url {
    type Error = ParseError;

    fn try_from(s: String) -> Result<Url, ParseError> {
        Url::parse(&s)
    }
}

impl<'a> TryFrom<&'a str> for Reference<'a> {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Reference<'a>, ParseError> {
        Reference::parse(s)
    }
}
