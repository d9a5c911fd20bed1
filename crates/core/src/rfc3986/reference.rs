//! [`Reference`]: a URI reference, which may lack a scheme.

use std::borrow::Cow;
use std::ops::Deref;

use crate::offsets::Offsets;
use crate::url::Url;
use crate::view::{fmt_as_view, Components};
use crate::Spec;

/// A URI reference: RFC 3986 `URI-reference` (a `URI` or a `relative-ref`),
/// or RFC 1808 `URL` (an `absoluteURL` or a `relativeURL`).
///
/// Where a [`Url`] always has a scheme, a reference may have none: `../g`,
/// `//host/path`, `?q` and the empty string are references. Parsing borrows
/// the input and allocates nothing; [`into_owned`](Reference::into_owned)
/// detaches the value from it. Its getters are those of [`Components`], to
/// which it dereferences, as [`Url`]'s are: `None` for an absent part and
/// `Some("")` for an empty one, and a scheme that may be absent.
///
/// Under [`Spec::Rfc1738`] and [`Spec::Rfc1630`], whose partial forms have no
/// grammar of their own, a reference with a scheme is parsed as a URL of
/// that spec and one without is checked by the RFC 3986 `relative-ref`
/// grammar.
///
/// # Examples
///
/// ```
/// use urikit::rfc3986::Reference;
///
/// let r = Reference::parse("//example.com/a/b?q#f")?;
/// assert!(r.is_relative());
/// assert_eq!(r.scheme(), None);
/// assert_eq!(r.host(), Some("example.com"));
/// assert_eq!(r.path(), "/a/b");
/// assert_eq!(r.query(), Some("q"));
///
/// let r = Reference::parse("")?;
/// assert_eq!((r.path(), r.query(), r.fragment()), ("", None, None));
///
/// // The first segment of a relative path may not hold ':'.
/// assert_eq!(Reference::parse("a:b/c")?.scheme(), Some("a"));
/// assert!(Reference::parse("1a:b").is_err());
/// assert!(Reference::parse("./1a:b").is_ok());
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Comparison
///
/// Two references are equal when their strings and specs are.
#[derive(Clone)]
pub struct Reference<'a>(Components<Cow<'a, str>>);

impl<'a> Reference<'a> {
    pub(crate) fn from_parts(s: Cow<'a, str>, o: Offsets, spec: Spec) -> Reference<'a> {
        Reference(Components::new(s, o, spec))
    }

    /// A reference that owns its string.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// let owned: Reference<'static> = {
    ///     let input = String::from("//h/p?q");
    ///     Reference::parse(&input)?.into_owned()
    /// };
    /// assert_eq!(owned.as_str(), "//h/p?q");
    /// assert_eq!(owned.host(), Some("h"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_owned(self) -> Reference<'static> {
        let Components { s, o, spec } = self.0;
        Reference::from_parts(Cow::Owned(s.into_owned()), o, spec)
    }

    /// Whether it has no scheme (RFC 3986 `relative-ref`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert!(Reference::parse("//h/p")?.is_relative());
    /// assert!(Reference::parse("")?.is_relative());
    /// assert!(!Reference::parse("mailto:x@y")?.is_relative());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_relative(&self) -> bool {
        self.0.o.scheme_end.is_none()
    }

    /// The absolute URL this reference is, when it has a scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    /// assert_eq!(Reference::parse("HTTP://h/p").unwrap().to_url().unwrap().as_str(), "http://h/p");
    /// assert!(Reference::parse("/p").unwrap().to_url().is_none());
    /// ```
    pub fn to_url(&self) -> Option<Url> {
        let o = self.0.o;
        o.scheme_end?;
        let mut s = self.0.s.clone().into_owned();
        s[..o.scheme_len()].make_ascii_lowercase();
        Some(Url::from_parts(s, o, self.0.spec))
    }
}

impl<'a> Deref for Reference<'a> {
    type Target = Components<Cow<'a, str>>;

    fn deref(&self) -> &Components<Cow<'a, str>> {
        &self.0
    }
}

impl PartialEq for Reference<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.s == other.0.s && self.0.spec == other.0.spec
    }
}

impl Eq for Reference<'_> {}

impl std::hash::Hash for Reference<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.s.hash(state);
        self.0.spec.hash(state);
    }
}

fmt_as_view!(Reference<'_>);
