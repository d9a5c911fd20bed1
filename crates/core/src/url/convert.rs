//! The standard traits of [`Url`] and [`UrlRef`]: formatting, conversions
//! from and to strings, and ordering.

use std::fmt;
use std::str::FromStr;

use super::{Url, UrlRef};
use crate::error::ParseError;
use crate::Spec;

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.s)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug(&self.as_url_ref(), f)
    }
}

impl fmt::Display for UrlRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.s)
    }
}

impl fmt::Debug for UrlRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug(self, f)
    }
}

fn debug(u: &UrlRef<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.debug_struct("Url")
        .field("url", &u.as_str())
        .field("spec", &u.spec())
        .field("scheme", &u.scheme())
        .field("user", &u.user())
        .field("password", &u.password())
        .field("host", &u.host())
        .field("port", &u.port())
        .field("path", &u.path())
        .field("query", &u.query())
        .field("fragment", &u.fragment())
        .finish()
}

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

impl From<UrlRef<'_>> for Url {
    fn from(u: UrlRef<'_>) -> Url {
        u.to_url()
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

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.s
    }
}

/// URLs order by their serializations, byte by byte, then by spec: the order
/// agrees with `==`, which compares both.
impl Ord for Url {
    fn cmp(&self, other: &Url) -> std::cmp::Ordering {
        self.s
            .cmp(&other.s)
            .then_with(|| spec_rank(self.spec).cmp(&spec_rank(other.spec)))
    }
}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A spec's place in [`Spec::ALL`], for ordering.
fn spec_rank(spec: Spec) -> usize {
    Spec::ALL.iter().position(|&s| s == spec).unwrap_or(usize::MAX)
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.s
    }
}
