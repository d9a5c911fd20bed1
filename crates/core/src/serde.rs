//! `Serialize` and `Deserialize` for [`Url`] (with the `serde` feature).
//!
//! A URL serializes as its string. It deserializes through the parser of
//! the default spec, [`Spec::Rfc1738`]; to parse by another, name the field's
//! module with `#[serde(with = "urikit::serde::rfc3986")]` (or `rfc1738`,
//! `rfc1630`, `rfc1808`).
//!
//! # Examples
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use urikit::Url;
//!
//! #[derive(Serialize, Deserialize)]
//! struct Link {
//!     home: Url,
//!     #[serde(with = "urikit::serde::rfc3986")]
//!     api: Url,
//! }
//!
//! let json = r#"{"home":"http://info.cern.ch/","api":"https://api.example/~v1"}"#;
//! let link: Link = serde_json::from_str(json).unwrap();
//! assert_eq!(link.api.spec(), urikit::Spec::Rfc3986);
//! assert_eq!(serde_json::to_string(&link).unwrap(), json);
//! // RFC 1738 has no '~': the default spec refuses it.
//! assert!(serde_json::from_str::<Url>(r#""https://api.example/~v1""#).is_err());
//! ```

use std::fmt;

use ::serde::de::{self, Deserializer, Visitor};
use ::serde::{Deserialize, Serialize, Serializer};

use crate::{Spec, Url};

impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        deserialize_with(deserializer, Spec::default())
    }
}

/// A visitor that parses a string by one spec.
struct UrlVisitor(Spec);

impl Visitor<'_> for UrlVisitor {
    type Value = Url;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a URL valid by {}", self.0.title())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Url, E> {
        Url::parse_with(v, self.0).map_err(E::custom)
    }
}

/// Deserializes a [`Url`] parsed by `spec`.
///
/// # Examples
///
/// ```
/// use urikit::{serde::deserialize_with, Spec};
///
/// let mut de = serde_json::Deserializer::from_str(r#""http://[::1]/""#);
/// let url = deserialize_with(&mut de, Spec::Rfc3986).unwrap();
/// assert_eq!(url.host(), Some("[::1]"));
/// ```
///
/// # Errors
///
/// When the value is not a string, or not a URL valid by `spec`.
pub fn deserialize_with<'de, D: Deserializer<'de>>(deserializer: D, spec: Spec) -> Result<Url, D::Error> {
    deserializer.deserialize_str(UrlVisitor(spec))
}

macro_rules! with_module {
    ($name:ident, $spec:expr, $title:literal) => {
        #[doc = concat!("For `#[serde(with = \"urikit::serde::", stringify!($name), "\")]`: a [`Url`] parsed by ", $title, ".")]
        ///
        /// ```
        /// #[derive(serde::Serialize, serde::Deserialize)]
        #[doc = concat!("struct Page(#[serde(with = \"urikit::serde::", stringify!($name), "\")] urikit::Url);")]
        ///
        /// let page: Page = serde_json::from_str(r#""http://info.cern.ch/""#).unwrap();
        #[doc = concat!("assert_eq!(page.0.spec(), urikit::", stringify!($spec), ");")]
        /// assert_eq!(serde_json::to_string(&page).unwrap(), r#""http://info.cern.ch/""#);
        /// ```
        pub mod $name {
            use super::*;

            /// Serializes the URL as its string.
            ///
            /// # Examples
            ///
            /// ```
            /// let url = urikit::Url::parse("http://h/").unwrap();
            /// let mut out = Vec::new();
            #[doc = concat!("urikit::serde::", stringify!($name), "::serialize(&url, &mut serde_json::Serializer::new(&mut out)).unwrap();")]
            /// assert_eq!(out, br#""http://h/""#);
            /// ```
            ///
            /// # Errors
            ///
            /// The serializer's.
            pub fn serialize<S: Serializer>(url: &Url, serializer: S) -> Result<S::Ok, S::Error> {
                url.serialize(serializer)
            }

            #[doc = concat!("Deserializes a URL parsed by ", $title, ".")]
            ///
            /// # Examples
            ///
            /// ```
            /// let mut de = serde_json::Deserializer::from_str(r#""http://h/""#);
            #[doc = concat!("let url = urikit::serde::", stringify!($name), "::deserialize(&mut de).unwrap();")]
            #[doc = concat!("assert_eq!(url.spec(), urikit::", stringify!($spec), ");")]
            /// ```
            ///
            /// # Errors
            ///
            /// When the value is not a string, or not a valid URL.
            pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
                deserialize_with(deserializer, $spec)
            }
        }
    };
}

with_module!(rfc1738, Spec::Rfc1738, "RFC 1738");
with_module!(rfc1630, Spec::Rfc1630, "the RFC 1630 draft");
with_module!(rfc1808, Spec::Rfc1808, "RFC 1808");
with_module!(rfc3986, Spec::Rfc3986, "RFC 3986");
