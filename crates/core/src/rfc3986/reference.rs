//! [`Reference`]: a URI reference, which may lack a scheme.

use std::borrow::Cow;
use std::fmt;

use super::Parts;
use crate::host::HostKind;
use crate::url::Url;
use crate::Spec;

/// A URI reference: RFC 3986 `URI-reference` (a `URI` or a `relative-ref`),
/// or RFC 1808 `URL` (an `absoluteURL` or a `relativeURL`).
///
/// Where a [`Url`] always has a scheme, a reference may have none: `../g`,
/// `//host/path`, `?q` and the empty string are references. Parsing borrows
/// the input and allocates nothing; [`into_owned`](Reference::into_owned)
/// detaches the value from it. Accessors return `None` for an absent part
/// and `Some("")` for an empty one, as [`Url`]'s do.
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
pub struct Reference<'a> {
    s: Cow<'a, str>,
    p: Parts,
    spec: Spec,
}

impl<'a> Reference<'a> {
    pub(crate) fn from_parts(s: Cow<'a, str>, p: Parts, spec: Spec) -> Reference<'a> {
        Reference { s, p, spec }
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
        Reference {
            s: Cow::Owned(self.s.into_owned()),
            p: self.p,
            spec: self.spec,
        }
    }

    /// Checks the component table against the string; tests call it on
    /// every value they make.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// Reference::parse("http://[::1]:80/a?b#c")?.check_invariants();
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When an invariant is broken: that is a bug in urikit.
    pub fn check_invariants(&self) {
        self.p.check_invariants(&self.s);
    }

    /// The reference as a string.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// // The string is kept as written, scheme case and all.
    /// assert_eq!(Reference::parse("HTTP://h/%7e")?.as_str(), "HTTP://h/%7e");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.s
    }

    /// The spec that validated it.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    /// use urikit::Spec;
    ///
    /// assert_eq!(Reference::parse("/p")?.spec(), Spec::Rfc3986);
    /// assert_eq!(Reference::parse_with("/p", Spec::Rfc1808)?.spec(), Spec::Rfc1808);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn spec(&self) -> Spec {
        self.spec
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
        self.p.scheme_end.is_none()
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
        self.p.scheme_end?;
        let mut s = self.s.clone().into_owned();
        let o = self.p.into_offsets();
        s[..o.scheme_end as usize].make_ascii_lowercase();
        Some(Url::from_parts(s, o, self.spec))
    }

    /// The scheme as written, without its `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("HTTP://h/")?.scheme(), Some("HTTP"));
    /// assert_eq!(Reference::parse("/a:b")?.scheme(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Option<&str> {
        self.p.scheme(&self.s)
    }

    /// The authority, after `//`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("//u@h:8/p")?.authority(), Some("u@h:8"));
    /// assert_eq!(Reference::parse("file:///etc")?.authority(), Some(""));
    /// assert_eq!(Reference::parse("/etc")?.authority(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<&str> {
        self.p.authority(&self.s)
    }

    /// The user name (RFC 3986 `userinfo` up to its first `:`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("//ann:pw@h")?.user(), Some("ann"));
    /// assert_eq!(Reference::parse("//@h")?.user(), Some(""));
    /// assert_eq!(Reference::parse("//h")?.user(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn user(&self) -> Option<&str> {
        self.p.user(&self.s)
    }

    /// The password (RFC 3986 `userinfo` after its first `:`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("//ann:pw@h")?.password(), Some("pw"));
    /// assert_eq!(Reference::parse("//ann:@h")?.password(), Some(""));
    /// assert_eq!(Reference::parse("//ann@h")?.password(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn password(&self) -> Option<&str> {
        self.p.password(&self.s)
    }

    /// The host as written (an IP literal with its brackets).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("//[::1]:80/")?.host(), Some("[::1]"));
    /// assert_eq!(Reference::parse("file:///p")?.host(), Some(""));
    /// assert_eq!(Reference::parse("/p")?.host(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&str> {
        self.p.host(&self.s)
    }

    /// What kind of host it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    /// use urikit::HostKind;
    ///
    /// assert_eq!(Reference::parse("//[::1]/")?.host_kind(), Some(HostKind::Ipv6));
    /// assert_eq!(Reference::parse("//10.0.0.1/")?.host_kind(), Some(HostKind::Ipv4));
    /// assert_eq!(Reference::parse("/p")?.host_kind(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.p.host_kind
    }

    /// The port, when one is written that fits `u16`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("//h:8080/")?.port(), Some(8080));
    /// assert_eq!(Reference::parse("//h:/")?.port(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.p.port
    }

    /// The port as written, `Some("")` for an empty one.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("//h:080/")?.port_str(), Some("080"));
    /// assert_eq!(Reference::parse("//h:/")?.port_str(), Some(""));
    /// assert_eq!(Reference::parse("//h/")?.port_str(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn port_str(&self) -> Option<&str> {
        self.p.port_str(&self.s)
    }

    /// The path, empty when there is none.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("//h/a/b?q")?.path(), "/a/b");
    /// assert_eq!(Reference::parse("//h?q")?.path(), "");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn path(&self) -> &str {
        self.p.path(&self.s)
    }

    /// The query, after `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("?a=1#f")?.query(), Some("a=1"));
    /// assert_eq!(Reference::parse("p?")?.query(), Some(""));
    /// assert_eq!(Reference::parse("p")?.query(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.p.query(&self.s)
    }

    /// The fragment, after `#`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// assert_eq!(Reference::parse("#top")?.fragment(), Some("top"));
    /// assert_eq!(Reference::parse("p#")?.fragment(), Some(""));
    /// assert_eq!(Reference::parse("p")?.fragment(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.p.fragment(&self.s)
    }
}

impl PartialEq for Reference<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.s == other.s && self.spec == other.spec
    }
}

impl Eq for Reference<'_> {}

impl std::hash::Hash for Reference<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.s.hash(state);
        self.spec.hash(state);
    }
}

impl fmt::Display for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.s)
    }
}

impl fmt::Debug for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reference")
            .field("reference", &self.as_str())
            .field("spec", &self.spec)
            .field("scheme", &self.scheme())
            .field("authority", &self.authority())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}
