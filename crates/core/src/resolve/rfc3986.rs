//! RFC 3986 §5.2 "Relative Resolution" and §5.3 "Component Recomposition".
//!
//! [`transform_references`] is §5.2.2 step by step, with [`merge`] (§5.2.3)
//! and [`remove_dot_segments`] (§5.2.4).
//!
//! # Readings of the text
//!
//! * **Strict or not.** §5.2.2 lets a parser "for backward compatibility"
//!   ignore a reference's scheme when it equals the base's (`http:g` is then
//!   `http://a/b/c/g`). [`Url::resolve`] is strict, as the RFC recommends;
//!   [`resolve`] takes a [`Strictness`]. Schemes compare without regard to
//!   case.
//! * **A path that would read as an authority.** When the result has no
//!   authority and its path starts with `//` (`f:/a` with `.//g` gives the
//!   path `//g`), §5.3 would write `f://g`, which names the host `g`. urikit
//!   writes `f:/.//g` instead, as uriparser and the WHATWG URL serializer do:
//!   the `/.` is a dot segment, so the path is the same.
//! * **The base** is any [`Url`]: its scheme, authority, path and query are
//!   taken as they are (its fragment never is).

use super::remove_dot_segments::remove_dot_segments;
use crate::error::{ResolveError, ResolveErrorKind, MAX_INPUT_LEN};
use crate::rfc3986::Reference;
use crate::url::Url;
use crate::Spec;

/// Whether a reference's scheme equal to the base's is honoured (§5.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Strictness {
    /// `http:g` is the absolute URI `http:g`: what RFC 3986 recommends.
    #[default]
    Strict,
    /// `http:g` against an `http` base is the relative `g` (§5.2.2, "for
    /// backward compatibility").
    NonStrict,
}

/// The five components of §5.2.1 (`fragment` is unused for a base).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Components<'a> {
    pub(crate) scheme: Option<&'a str>,
    pub(crate) authority: Option<&'a str>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

impl<'a> Components<'a> {
    pub(crate) fn of_url(url: &'a Url) -> Components<'a> {
        Components {
            scheme: Some(url.scheme()),
            authority: url.authority(),
            path: url.path(),
            query: url.query(),
            fragment: url.fragment(),
        }
    }

    pub(crate) fn of_reference(r: &'a Reference<'_>) -> Components<'a> {
        Components {
            scheme: r.scheme(),
            authority: r.authority(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }
}

/// Resolves `reference` against `base` by RFC 3986 §5.2 and parses the
/// result as an RFC 3986 URI.
///
/// # Examples
///
/// ```
/// use urikit::resolve::rfc3986::{resolve, Strictness};
/// use urikit::{Spec, Url};
///
/// let base = Url::parse_with("http://a/b/c/d;p?q", Spec::Rfc3986)?;
/// assert_eq!(resolve(&base, "http:g", Strictness::Strict).unwrap().as_str(), "http:g");
/// assert_eq!(resolve(&base, "http:g", Strictness::NonStrict).unwrap().as_str(), "http://a/b/c/g");
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Errors
///
/// When `reference` is not a `URI-reference`, or the result is too long.
pub fn resolve(base: &Url, reference: &str, strictness: Strictness) -> Result<Url, ResolveError> {
    if reference.len() + base.as_str().len() > MAX_INPUT_LEN {
        return Err(ResolveError::new(ResolveErrorKind::TooLong));
    }
    let r = Reference::parse_with(reference, Spec::Rfc3986)
        .map_err(|e| ResolveError::new(ResolveErrorKind::InvalidReference(e)))?;
    let result = transform_references(base, &r, strictness);
    Url::parse_with(&result, Spec::Rfc3986)
        .map_err(|error| ResolveError::new(ResolveErrorKind::InvalidResult { result, error }))
}

/// RFC 3986 §5.2.2 "Transform References", then §5.3 recomposition: the
/// target URI of `reference` against `base`, as a string.
///
/// # Examples
///
/// ```
/// use urikit::resolve::rfc3986::{transform_references, Strictness};
/// use urikit::rfc3986::Reference;
/// use urikit::{Spec, Url};
///
/// let base = Url::parse_with("http://a/b/c/d;p?q", Spec::Rfc3986)?;
/// let r = Reference::parse("../../../g")?;
/// assert_eq!(transform_references(&base, &r, Strictness::Strict), "http://a/g");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn transform_references(base: &Url, reference: &Reference<'_>, strictness: Strictness) -> String {
    transform(
        Components::of_url(base),
        Components::of_reference(reference),
        strictness,
    )
}

/// §5.2.2 over components.
pub(crate) fn transform(base: Components<'_>, r: Components<'_>, strictness: Strictness) -> String {
    let base_scheme = base.scheme.unwrap_or_default();
    let r_scheme = match r.scheme {
        Some(s) if strictness == Strictness::NonStrict && s.eq_ignore_ascii_case(base_scheme) => None,
        other => other,
    };
    let (scheme, authority, path, query);
    if let Some(s) = r_scheme {
        scheme = s;
        authority = r.authority;
        path = remove_dot_segments(r.path);
        query = r.query;
    } else {
        if r.authority.is_some() {
            authority = r.authority;
            path = remove_dot_segments(r.path);
            query = r.query;
        } else {
            if r.path.is_empty() {
                path = base.path.to_owned();
                query = r.query.or(base.query);
            } else {
                path = if r.path.starts_with('/') {
                    remove_dot_segments(r.path)
                } else {
                    remove_dot_segments(&merge(base.authority.is_some(), base.path, r.path))
                };
                query = r.query;
            }
            authority = base.authority;
        }
        scheme = base_scheme;
    }
    recompose(scheme, authority, &path, query, r.fragment)
}

/// RFC 3986 §5.2.3 "Merge Paths": `reference` after the base path's last
/// `/`, or after `/` when the base has an authority and an empty path.
///
/// # Examples
///
/// ```
/// use urikit::resolve::rfc3986::merge;
///
/// assert_eq!(merge(true, "/b/c/d;p", "g"), "/b/c/g");
/// assert_eq!(merge(true, "", "g"), "/g");
/// assert_eq!(merge(false, "a", "g"), "g");
/// ```
pub fn merge(base_has_authority: bool, base_path: &str, reference: &str) -> String {
    if base_has_authority && base_path.is_empty() {
        return format!("/{reference}");
    }
    let keep = base_path.rfind('/').map_or(0, |i| i + 1);
    let mut out = String::with_capacity(keep + reference.len());
    out.push_str(&base_path[..keep]);
    out.push_str(reference);
    out
}

/// RFC 3986 §5.3 "Component Recomposition", with `/.` before a path that
/// would otherwise read as an authority (see the [module docs](self)).
pub(crate) fn recompose(
    scheme: &str,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let len = scheme.len() + authority.map_or(0, str::len) + path.len() + query.map_or(0, str::len);
    let mut out = String::with_capacity(len + fragment.map_or(0, str::len) + 8);
    if !scheme.is_empty() {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    } else if path.starts_with("//") {
        out.push_str("/.");
    }
    out.push_str(path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_never_read_as_an_authority() {
        let base = Url::parse_with("f:/a", Spec::Rfc3986).unwrap();
        assert_eq!(resolve(&base, ".//g", Strictness::Strict).unwrap().as_str(), "f:/.//g");
    }

    #[test]
    fn invalid_references() {
        let base = Url::parse_with("http://a/b", Spec::Rfc3986).unwrap();
        let err = resolve(&base, "a b", Strictness::Strict).unwrap_err();
        assert_eq!(err.offset(), 1);
        assert!(matches!(err.kind(), ResolveErrorKind::InvalidReference(_)));
    }
}
