//! Which later spec accepts what the spec in force refuses, for a hint.

use crate::error::ParseError;
use crate::url::UrlRef;
use crate::Spec;

/// The specs in the order they were published: the RFC 1630 draft (March
/// 1994), RFC 1738 (December 1994), RFC 1808 (June 1995), RFC 3986 (2005).
const BY_DATE: [Spec; 4] = [Spec::Rfc1630, Spec::Rfc1738, Spec::Rfc1808, Spec::Rfc3986];

/// The newest spec published after `spec` by which `input` is valid, when
/// `input` is not valid by `spec` itself; `None` otherwise.
///
/// The newest comes first because it is the one today's data is written to:
/// RFC 3986 is named when it accepts the input, RFC 1808 only when RFC 3986
/// does not.
///
/// A message can then say what would take the input as it is (`'~' is
/// unsafe in RFC 1738 §2.2; RFC 3986 allows it`).
///
/// # Examples
///
/// ```
/// use urikit::{later_spec_accepting, Spec};
///
/// assert_eq!(later_spec_accepting("http://h/~x", Spec::Rfc1738), Some(Spec::Rfc3986));
/// assert_eq!(later_spec_accepting("http://h/x", Spec::Rfc1738), None);
/// assert_eq!(later_spec_accepting("http://h/ x", Spec::Rfc1738), None);
/// ```
pub fn later_spec_accepting(input: &str, spec: Spec) -> Option<Spec> {
    if UrlRef::parse_with(input, spec).is_ok() {
        return None;
    }
    later_than(input, spec)
}

/// [`later_spec_accepting`] for an input already refused: `error` is what
/// parsing `input` by `error.spec` gave, so that spec is not asked again;
/// only the later ones parse the input.
///
/// For a caller that has just parsed the input and reports the error with
/// a hint: the input is not parsed twice by the same spec.
///
/// # Examples
///
/// ```
/// use urikit::{later_spec_accepting_after, Spec, UrlRef};
///
/// let err = UrlRef::parse_with("http://h/~x", Spec::Rfc1738).unwrap_err();
/// assert_eq!(later_spec_accepting_after("http://h/~x", &err), Some(Spec::Rfc3986));
/// let err = UrlRef::parse_with("http://h/ x", Spec::Rfc1738).unwrap_err();
/// assert_eq!(later_spec_accepting_after("http://h/ x", &err), None);
/// ```
pub fn later_spec_accepting_after(input: &str, error: &ParseError) -> Option<Spec> {
    later_than(input, error.spec)
}

/// The newest spec published after `spec` by which `input` is valid.
fn later_than(input: &str, spec: Spec) -> Option<Spec> {
    let at = BY_DATE.iter().position(|&s| s == spec)?;
    BY_DATE[at + 1..]
        .iter()
        .rev()
        .copied()
        .find(|&later| UrlRef::parse_with(input, later).is_ok())
}
