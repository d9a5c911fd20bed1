//! The errors of URL patterns: where in the pattern, what, and which
//! algorithm of the URLPattern Standard refused it (where a browser throws
//! a `TypeError`).

use std::fmt;

use super::PatternComponent;
use crate::ParseError;

/// The longest pattern string (a constructor string, or one component of
/// an init) a [`UrlPattern`](super::UrlPattern) is built from, in bytes.
///
/// The matcher of a pattern with regexp groups is a backtracking engine:
/// the bound keeps the regular expression, and so the work of one match,
/// of a size a route table needs, and refuses a pattern made to be slow.
pub const MAX_PATTERN_LEN: usize = 16 * 1024;

/// The most parts (fixed texts, groups) one component's pattern holds.
pub const MAX_PARTS: usize = 256;

/// Why a URL pattern could not be built, or a call the standard refuses.
///
/// `offset` is a byte offset into the pattern as given: the constructor
/// string, or the component's string of a [`UrlPatternInit`](super::UrlPatternInit)
/// (`component` says which). Where the pattern of a component was made
/// from more than what was given (a pathname after the base URL's
/// directory), the offset is into what was given.
///
/// # Examples
///
/// ```
/// use urikit::pattern::{PatternComponent, PatternErrorKind, UrlPattern};
///
/// let err = UrlPattern::parse("https://example.com/:id(\\d+", None).unwrap_err();
/// assert_eq!((err.offset, err.kind.clone()), (23, PatternErrorKind::UnclosedRegexp));
/// assert_eq!(err.component, Some(PatternComponent::Pathname));
/// assert_eq!(
///     err.to_string(),
///     "'(' without a matching ')' at offset 23 of the pathname (tokenize, URLPattern)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PatternError {
    /// Byte offset of the offending input.
    pub offset: usize,
    /// What is wrong there.
    pub kind: PatternErrorKind,
    /// The standard's algorithm that failed (`"tokenize"`, `"parse a
    /// pattern string"`, `"canonicalize a hostname"`, ...).
    pub rule: &'static str,
    /// The component whose pattern or value failed; `None` for the
    /// pattern as a whole (a base URL, a constructor string without a
    /// protocol).
    pub component: Option<PatternComponent>,
}

/// What a [`PatternError`] found. Each variant says what the offset points
/// at.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PatternErrorKind {
    /// The pattern is longer than [`MAX_PATTERN_LEN`]; the offset is that
    /// limit.
    TooLong,
    /// A component's pattern has more than [`MAX_PARTS`] parts; the offset
    /// is the first part past it.
    TooManyParts,
    /// A `\` ends the pattern; the offset is the `\`.
    TrailingBackslash,
    /// A `:` not followed by a name (a code point that may start a
    /// JavaScript identifier); the offset is the `:`.
    MissingName,
    /// A regexp group holds a code point that is not ASCII; the offset is
    /// that code point.
    RegexpNotAscii,
    /// A regexp group starts with `?` (`(?:x)` where a group is meant);
    /// the offset is the `?`.
    RegexpStartsWithQuestionMark,
    /// A regexp group holds a `(` that is not `(?` (a capturing group
    /// inside it); the offset is that `(`.
    RegexpCapturingGroup,
    /// A `(` without its `)`; the offset is the `(`.
    UnclosedRegexp,
    /// `()`: a regexp group with nothing inside; the offset is the `(`.
    EmptyRegexp,
    /// A token where the grammar wants another (a `}` without `{`, a
    /// modifier after a fixed text, a group inside a group); the offset is
    /// that token.
    Unexpected {
        /// What was found (`"'}'"`, `"a modifier"`, the end).
        found: &'static str,
        /// What the grammar wanted there.
        expected: &'static str,
    },
    /// Two groups of one component have the same name; the offset is the
    /// second.
    DuplicateName,
    /// The URL parser refuses a fixed text of the pattern, or a value of
    /// an init, as this component (a space in a hostname, a port that is
    /// not digits); the offset is that text. `by` is the URL parser's error
    /// when it gave one.
    Invalid {
        /// The URL parser's error, its offset into the text.
        by: Option<ParseError>,
    },
    /// The regular expression of a component does not compile (the regexp
    /// of a group is not ECMAScript syntax with the `v` flag); the offset
    /// is the `(` of the first regexp group, or 0.
    InvalidRegexp {
        /// The regular expression engine's message.
        message: String,
    },
    /// A constructor string without a protocol, and no base URL; the
    /// offset is 0.
    MissingProtocol,
    /// The base URL does not parse; the offset is 0 (`by` holds the URL
    /// parser's offset into it).
    InvalidBaseUrl {
        /// The URL parser's error.
        by: ParseError,
    },
    /// A base URL given besides an init, which has its own `baseURL`; the
    /// offset is 0.
    BaseWithInit,
}

impl PatternError {
    pub(crate) fn new(offset: usize, kind: PatternErrorKind, rule: &'static str) -> Self {
        PatternError {
            offset,
            kind,
            rule,
            component: None,
        }
    }

    /// The error, said of `component`.
    pub(crate) fn of(self, component: PatternComponent) -> Self {
        PatternError {
            component: Some(component),
            ..self
        }
    }

    /// The error with its offset moved by `by` bytes.
    pub(crate) fn shifted(self, by: usize) -> Self {
        PatternError {
            offset: self.offset + by,
            ..self
        }
    }
}

impl fmt::Display for PatternErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternErrorKind::TooLong => write!(f, "pattern longer than {MAX_PATTERN_LEN} bytes"),
            PatternErrorKind::TooManyParts => write!(f, "more than {MAX_PARTS} parts in one component"),
            PatternErrorKind::TrailingBackslash => f.write_str("'\\' at the end, expected a code point to escape"),
            PatternErrorKind::MissingName => f.write_str("':' without a group name after it"),
            PatternErrorKind::RegexpNotAscii => f.write_str("a code point that is not ASCII in a regexp group"),
            PatternErrorKind::RegexpStartsWithQuestionMark => f.write_str("a regexp group starts with '?'"),
            PatternErrorKind::RegexpCapturingGroup => {
                f.write_str("a capturing group inside a regexp group, expected '(?'")
            }
            PatternErrorKind::UnclosedRegexp => f.write_str("'(' without a matching ')'"),
            PatternErrorKind::EmptyRegexp => f.write_str("empty regexp group '()'"),
            PatternErrorKind::Unexpected { found, expected } => write!(f, "found {found}, expected {expected}"),
            PatternErrorKind::DuplicateName => f.write_str("a second group of the same name"),
            PatternErrorKind::Invalid { by: Some(e) } => write!(f, "not valid in this component: {}", e.message()),
            PatternErrorKind::Invalid { by: None } => f.write_str("not valid in this component"),
            PatternErrorKind::InvalidRegexp { message } => write!(f, "invalid regular expression: {message}"),
            PatternErrorKind::MissingProtocol => f.write_str("no protocol, and no base URL to take it from"),
            PatternErrorKind::InvalidBaseUrl { by } => write!(f, "invalid base URL: {by}"),
            PatternErrorKind::BaseWithInit => f.write_str("a base URL besides an init, which has its own baseURL"),
        }
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {}", self.kind, self.offset)?;
        if let Some(c) = self.component {
            write!(f, " of the {}", c.name())?;
        }
        write!(f, " ({}, URLPattern)", self.rule)
    }
}

impl std::error::Error for PatternError {}
