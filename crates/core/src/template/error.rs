//! Why a template is refused, and why a URL is refused by a template's field.

use std::fmt;

use crate::error::ParseError;

/// Why [`Template::parse`](super::Template::parse) refused a template: the
/// byte offset in the template, and what is wrong there.
///
/// # Examples
///
/// ```
/// use urikit::template::{Template, TemplateErrorKind};
///
/// let e = Template::parse("{host} {hostname}").unwrap_err();
/// assert_eq!(e.offset, 7);
/// assert_eq!(e.kind, TemplateErrorKind::UnknownField { field: "hostname".into() });
/// assert!(e.to_string().starts_with("unknown template field {hostname} at offset 7, expected one of: url,"));
///
/// let e = Template::parse("{path:last}").unwrap_err();
/// assert_eq!(e.offset, 6);
/// assert_eq!(
///     e.to_string(),
///     "template field {path:last}: expected a whole number after path: (-1 is the last segment) at offset 6"
/// );
///
/// // A field left open is a typo, not text.
/// let e = Template::parse("{scheme}://{host").unwrap_err();
/// assert_eq!((e.offset, e.kind), (11, TemplateErrorKind::Unclosed));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TemplateError {
    /// The byte offset in the template of what [`kind`](Self::kind) names.
    pub offset: usize,
    /// What is wrong.
    pub kind: TemplateErrorKind,
}

/// What is wrong with a template.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// A `{...}` that names no field; the offset is that of its `{`.
    UnknownField {
        /// The text between the braces.
        field: String,
    },
    /// `{path:N}` whose `N` is not a whole number that fits in 64 bits;
    /// the offset is that of `N`.
    NotASegmentIndex {
        /// The text between the braces.
        field: String,
    },
    /// A `{` that no `}` closes; the offset is that of the `{`. (`\{` is
    /// a literal `{`.)
    Unclosed,
    /// A field that reads what a cargo feature left out of this build
    /// (`{suffix}`, `{domain}` and `{subdomain}` read the Public Suffix
    /// List: feature `psl`); the offset is that of its `{`.
    FeatureMissing {
        /// The text between the braces.
        field: String,
        /// The cargo feature of urikit the field needs.
        feature: &'static str,
    },
}

/// The fields a template may name, for a message.
const FIELDS: &str = "url, scheme, user, password, host, port, default:port, path, query, fragment, query:NAME, \
                      query-all:NAME, puny:host, idn:host, suffix, domain, subdomain, path:N, zoneid \
                      (each may follow must: or strict:)";

impl fmt::Display for TemplateErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateErrorKind::UnknownField { field } => {
                write!(f, "unknown template field {{{field}}}, expected one of: {FIELDS}")
            }
            TemplateErrorKind::NotASegmentIndex { field } => write!(
                f,
                "template field {{{field}}}: expected a whole number after path: (-1 is the last segment)"
            ),
            TemplateErrorKind::Unclosed => {
                f.write_str("'{' opens a field that no '}' closes (\\{ is a literal '{')")
            }
            TemplateErrorKind::FeatureMissing { field, feature } => write!(
                f,
                "template field {{{field}}}: this build of urikit lacks the cargo feature {feature}, which the field needs"
            ),
        }
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The offset goes where it reads as a part of the sentence: before
        // the list of fields, or at the end.
        match &self.kind {
            TemplateErrorKind::UnknownField { field } => write!(
                f,
                "unknown template field {{{field}}} at offset {}, expected one of: {FIELDS}",
                self.offset
            ),
            kind => write!(f, "{kind} at offset {}", self.offset),
        }
    }
}

impl std::error::Error for TemplateError {}

/// Why a field of a template refused a URL
/// ([`Template::render`](super::Template::render)): the field, as its
/// message names it, its offset in the template, and why.
///
/// # Examples
///
/// ```
/// use urikit::template::{RenderErrorKind, Template};
/// use urikit::UrlRef;
///
/// let t = Template::parse("{host} {must:query:id}")?;
/// let e = t.render(&UrlRef::parse("http://h/?x=1")?).unwrap_err();
/// assert_eq!((e.offset, e.field.as_str()), (7, "must:query:id"));
/// assert_eq!(e.kind, RenderErrorKind::Missing { what: "query pair named \"id\"".into() });
/// assert_eq!(e.to_string(), "{must:query:id}: the URL has no query pair named \"id\"");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RenderError {
    /// The byte offset in the template of the `{` of the field.
    pub offset: usize,
    /// The field as the message names it, between its braces: its name
    /// after its modifiers, in the order `must:`, `strict:`, `:`
    /// (`must:strict::path`).
    pub field: String,
    /// Why the field refused the URL.
    pub kind: RenderErrorKind,
}

/// Why a field refused a URL.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RenderErrorKind {
    /// `{must:...}`: the URL has no such part (an empty one is not
    /// missing).
    Missing {
        /// What the URL lacks (`query pair named "id"`).
        what: String,
    },
    /// `{strict:...}`: a `%` not followed by two hex digits, which decoding
    /// would keep as written.
    BadPercent,
    /// `{strict:...}`: the value decodes to octets that are not UTF-8, which
    /// would be written U+FFFD.
    NotUtf8,
    /// `{strict:...}`: the value decodes to a control character, which
    /// would be written `%XX`.
    Control {
        /// The control character.
        c: char,
    },
    /// `{puny:host}`, `{idn:host}`: the host holds a `%` not followed by
    /// two hex digits (as a lenient WHATWG URL's opaque host may), which
    /// the host parser cannot decode.
    HostBadPercent,
    /// `{puny:host}`, `{idn:host}`: UTS #46 refuses the host (or, in a
    /// build without the `idna` feature, the host needs it).
    Idna {
        /// The domain parser's error.
        error: ParseError,
    },
}

impl fmt::Display for RenderErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderErrorKind::Missing { what } => write!(f, "the URL has no {what}"),
            RenderErrorKind::BadPercent => f.write_str("a '%' not followed by two hex digits"),
            RenderErrorKind::NotUtf8 => f.write_str("the value decodes to octets that are not UTF-8"),
            RenderErrorKind::Control { c } => {
                write!(f, "the value decodes to the control character U+{:04X}", u32::from(*c))
            }
            RenderErrorKind::HostBadPercent => {
                f.write_str("the host holds a '%' not followed by two hex digits, which the host parser cannot decode")
            }
            RenderErrorKind::Idna { error } => write!(f, "UTS #46 refuses the host: {error}"),
        }
    }
}

/// A kind is an error of its own where no field is involved: what
/// [`host_as`](super::host_as) gives.
impl std::error::Error for RenderErrorKind {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RenderErrorKind::Idna { error } => Some(error),
            _ => None,
        }
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{}}}: {}", self.field, self.kind)
    }
}

impl std::error::Error for RenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            RenderErrorKind::Idna { error } => Some(error),
            _ => None,
        }
    }
}
