//! The standard traits of [`Url`] and [`UrlRef`]: formatting, conversions
//! between them and into strings, and ordering. Parsing from a string
//! (`FromStr`, `TryFrom<&str>`) is with the parser, in `parse`.

use super::{Url, UrlRef};
use crate::view::fmt_as_view;
use crate::Spec;

fmt_as_view!(Url);
fmt_as_view!(UrlRef<'_>);

impl From<UrlRef<'_>> for Url {
    fn from(u: UrlRef<'_>) -> Url {
        u.to_url()
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.into_string()
    }
}

/// URLs order by their serializations, byte by byte, then by spec: the order
/// agrees with `==`, which compares both.
impl Ord for Url {
    fn cmp(&self, other: &Url) -> std::cmp::Ordering {
        self.as_str()
            .cmp(other.as_str())
            .then_with(|| spec_rank(self.spec()).cmp(&spec_rank(other.spec())))
    }
}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A spec's place in the order of [`Spec`], for ordering.
fn spec_rank(spec: Spec) -> usize {
    match spec {
        Spec::Rfc1738 => 0,
        Spec::Rfc1630 => 1,
        Spec::Rfc1808 => 2,
        Spec::Rfc3986 => 3,
        Spec::Whatwg => 4,
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}
