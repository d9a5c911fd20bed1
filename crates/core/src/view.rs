//! [`Components`]: the one view of a URL's components, which [`Url`],
//! [`UrlRef`] and [`Reference`] are.
//!
//! A URL is its text and one table of offsets ([`Offsets`]); every getter
//! is a slice of that text, written once here. The three types differ only
//! in who holds the text (an owned `String`, a borrowed `&str`, or either)
//! and in what they add (parsing, editing, a scheme that is always there),
//! and each dereferences to `Components` over its text, as Boost.URL's
//! `url` and `url_view` share `url_view_base`.
//!
//! [`Url`]: crate::Url
//! [`UrlRef`]: crate::UrlRef
//! [`Reference`]: crate::rfc3986::Reference

use std::borrow::Cow;
use std::fmt;

use crate::error::{SchemeError, SchemeErrorKind};
use crate::host::HostKind;
use crate::offsets::Offsets;
use crate::Spec;

/// The components of a URL or a URI reference: its text, where each
/// component starts and ends in it, and the spec that read it.
///
/// [`Url`](crate::Url), [`UrlRef`](crate::UrlRef) and
/// [`Reference`](crate::rfc3986::Reference) dereference to it, so its
/// getters are theirs: `url.host()` is [`Components::host`]. A getter of a
/// borrowed URL returns a slice of the input (`UrlRef<'a>` gives `&'a str`),
/// one of an owned URL a slice of it.
///
/// Every getter returns `None` for an absent part and `Some("")` for an
/// empty one: `ftp://@host/` has an empty user, `ftp://host/` none.
///
/// # Examples
///
/// ```
/// use urikit::{Url, UrlRef};
///
/// let url = Url::parse("ftp://me:pw@host.dom:2121/pub/f?x#y")?;
/// assert_eq!(url.user(), Some("me"));
/// assert_eq!(url.host(), Some("host.dom"));
///
/// // A borrowed URL's getters borrow the input, not the URL.
/// fn host_of(input: &str) -> Option<&str> {
///     UrlRef::parse(input).ok()?.host()
/// }
/// assert_eq!(host_of("http://info.cern.ch/"), Some("info.cern.ch"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Components<S> {
    pub(crate) s: S,
    pub(crate) o: Offsets,
    pub(crate) spec: Spec,
}

/// What a [`Components`] can hold its text in: `&str`, `String` or
/// `Cow<str>`. `Text<'i, 'o>` lends a `&'o str` out of a `&'i` borrow of
/// the holder: for `&'a str` the input's own lifetime `'a`, for an owned
/// text the borrow's.
///
/// It is sealed: no other type can implement it.
pub trait Text<'i, 'o>: sealed::Sealed {
    /// The text.
    fn text(this: &'i Self) -> &'o str;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for &str {}
    impl Sealed for String {}
    impl Sealed for std::borrow::Cow<'_, str> {}
}

impl<'i, 'o, 'a: 'o> Text<'i, 'o> for &'a str {
    #[inline(always)]
    fn text(this: &'i Self) -> &'o str {
        this
    }
}

impl<'i: 'o, 'o> Text<'i, 'o> for String {
    #[inline(always)]
    fn text(this: &'i Self) -> &'o str {
        this.as_str()
    }
}

impl<'i: 'o, 'o> Text<'i, 'o> for Cow<'_, str> {
    #[inline(always)]
    fn text(this: &'i Self) -> &'o str {
        this.as_ref()
    }
}

impl<S> Components<S> {
    pub(crate) fn new(s: S, o: Offsets, spec: Spec) -> Components<S> {
        Components { s, o, spec }
    }

    /// The spec that read it.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, UrlRef};
    ///
    /// assert_eq!(UrlRef::parse_with("http://h/~a", Spec::Rfc3986)?.spec(), Spec::Rfc3986);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// Whether it has the common Internet scheme syntax's `//` part.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert!(UrlRef::parse("ftp://h/")?.has_authority());
    /// assert!(!UrlRef::parse("news:comp.lang.c")?.has_authority());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn has_authority(&self) -> bool {
        self.o.has_authority()
    }

    /// What kind of host it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{HostKind, UrlRef};
    ///
    /// assert_eq!(UrlRef::parse("http://10.0.0.1/")?.host_kind(), Some(HostKind::Ipv4));
    /// assert_eq!(UrlRef::parse("news:comp.lang.c")?.host_kind(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.o.host_kind
    }

    /// The port given, when its digits have a 16-bit value.
    ///
    /// `None` says only that there is no such number: RFC 1808 and RFC 3986
    /// allow a port to be empty or over 65535, and [`port_str`](Components::port_str)
    /// tells those apart from an absent port. Whatever needs the port a
    /// client connects to asks [`port_or_default`](Components::port_or_default),
    /// which refuses a port over 65535 rather than put another in its place.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, UrlRef};
    ///
    /// assert_eq!(UrlRef::parse("http://h:8080/")?.port(), Some(8080));
    /// assert_eq!(UrlRef::parse("http://h/")?.port(), None);
    /// let url = UrlRef::parse_with("http://h:99999/", Spec::Rfc3986)?;
    /// assert_eq!((url.port(), url.port_str()), (None, Some("99999")));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.o.port
    }

    /// The offset table, for the crate's own operations.
    pub(crate) fn offsets(&self) -> &Offsets {
        &self.o
    }
}

/// The getters of the text's parts: `'i` is the borrow of the
/// `Components`, `'o` that of what they return (see [`Text`]).
impl<'i, 'o, S: Text<'i, 'o>> Components<S> {
    /// The text: the URL (without any `URL:` prefix) or the reference, as
    /// stored (a [`Url`](crate::Url) stores its scheme in lower case).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{rfc3986::Reference, Url, UrlRef};
    ///
    /// assert_eq!(UrlRef::parse("URL:HTTP://h/")?.as_str(), "HTTP://h/");
    /// assert_eq!(Url::parse("HTTP://h/")?.as_str(), "http://h/");
    /// assert_eq!(Reference::parse("../g?q")?.as_str(), "../g?q");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_str(&'i self) -> &'o str {
        S::text(&self.s)
    }

    /// The scheme, without its `:`; `None` for a relative reference (a
    /// [`Url`](crate::Url) and a [`UrlRef`](crate::UrlRef) always have one,
    /// and their own `scheme()` says so).
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
    pub fn scheme(&'i self) -> Option<&'o str> {
        self.o.scheme(self.as_str())
    }

    /// The part between `//` and the path: `user:password@host:port`.
    ///
    /// ```text
    /// ftp://user:pw@host.dom:2121/pub
    ///       └───────────────────┘
    /// ```
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("ftp://user:pw@host.dom:2121/pub")?.authority(), Some("user:pw@host.dom:2121"));
    /// assert_eq!(UrlRef::parse("file:///etc/motd")?.authority(), Some(""));
    /// assert_eq!(UrlRef::parse("news:comp.infosystems.www")?.authority(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn authority(&'i self) -> Option<&'o str> {
        self.o.authority(self.as_str())
    }

    /// The user name (RFC 3986 `userinfo` up to its first `:`): `Some("")`
    /// for `ftp://@host.com/`, `None` for `ftp://host.com/` (RFC 1738 §3.1).
    ///
    /// ```text
    /// ftp://user:pw@host.dom/
    ///       └──┘
    /// ```
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("ftp://@host.com/")?.user(), Some(""));
    /// assert_eq!(UrlRef::parse("ftp://host.com/")?.user(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn user(&'i self) -> Option<&'o str> {
        self.o.user(self.as_str())
    }

    /// The password: `Some("")` for `ftp://foo:@host.com/`, `None` for
    /// `ftp://foo@host.com/`.
    ///
    /// ```text
    /// ftp://user:pw@host.dom/
    ///            └┘
    /// ```
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("ftp://foo:@host.com/")?.password(), Some(""));
    /// assert_eq!(UrlRef::parse("ftp://foo@host.com/")?.password(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn password(&'i self) -> Option<&'o str> {
        self.o.password(self.as_str())
    }

    /// The host as written (the URL Standard: as serialized; an IP literal
    /// with its brackets); `Some("")` for `file:///path`.
    ///
    /// ```text
    /// ftp://user:pw@host.dom:2121/pub
    ///               └──────┘
    /// ```
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("file:///etc/motd")?.host(), Some(""));
    /// assert_eq!(UrlRef::parse("news:comp.lang.c")?.host(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host(&'i self) -> Option<&'o str> {
        self.o.host(self.as_str())
    }

    /// The port as written, without its `:`; `Some("")` for an empty one.
    ///
    /// It differs from [`port`](Components::port) only under RFC 1808 and
    /// RFC 3986, whose ports may be empty or over 65535 (see
    /// [`rfc3986`](crate::rfc3986)).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, UrlRef};
    ///
    /// let url = UrlRef::parse_with("http://h:70000/", Spec::Rfc3986)?;
    /// assert_eq!((url.port(), url.port_str()), (None, Some("70000")));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn port_str(&'i self) -> Option<&'o str> {
        self.o.port_str(self.as_str())
    }

    /// The port a client of this URL connects to: the port given, or the
    /// scheme's default by this URL's spec (see [`ports`](crate::ports))
    /// when none is given or it is empty (RFC 3986 §6.2.3); `Ok(None)` when
    /// there is neither (and for a reference without a scheme).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{SchemeErrorKind, Spec, UrlRef};
    ///
    /// assert_eq!(UrlRef::parse("gopher://h/")?.port_or_default(), Ok(Some(70)));
    /// assert_eq!(UrlRef::parse("gopher://h:7070/")?.port_or_default(), Ok(Some(7070)));
    /// assert_eq!(UrlRef::parse("mailto:a@b")?.port_or_default(), Ok(None));
    /// let url = UrlRef::parse_with("http://h:65616/", Spec::Rfc3986)?;
    /// let err = url.port_or_default().unwrap_err();
    /// assert_eq!((err.offset, err.kind), (9, SchemeErrorKind::PortOutOfRange));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SchemeErrorKind::PortOutOfRange`] at its first digit for a port over
    /// 65535, which RFC 1808 and RFC 3986 allow: no 16-bit port holds it,
    /// and neither the default nor the number modulo 65536 is put in its
    /// place.
    // Always inlined, as the default port's lookup is: parse --json's views
    // ask it of most URLs, and out of line it was a call for each.
    #[inline(always)]
    pub fn port_or_default(&'i self) -> Result<Option<u16>, SchemeError> {
        if let Some(port) = self.o.port {
            return Ok(Some(port));
        }
        let s = self.as_str();
        match self.o.port_str(s) {
            Some(digits) if !digits.is_empty() => Err(SchemeError {
                offset: self.o.host_end as usize + 1,
                kind: SchemeErrorKind::PortOutOfRange,
            }),
            _ => Ok(self
                .o
                .scheme(s)
                .and_then(|scheme| crate::ports::default_port(scheme, self.spec))),
        }
    }

    /// The path, with its leading `/` where there is one; empty when absent.
    ///
    /// ```text
    /// http://host/a/b?q#f      news:comp.infosystems.www
    ///            └──┘               └──────────────────┘
    /// ```
    ///
    /// RFC 1738's `url-path` is this without the leading `/`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("http://host/a/b?q#f")?.path(), "/a/b");
    /// assert_eq!(UrlRef::parse("news:comp.infosystems.www")?.path(), "comp.infosystems.www");
    /// assert_eq!(UrlRef::parse("http://host")?.path(), "");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn path(&'i self) -> &'o str {
        self.o.path(self.as_str())
    }

    /// The query (RFC 1630 and RFC 1738's search part) after `?`.
    ///
    /// ```text
    /// http://host/a/b?q#f
    ///                 └ query
    /// ```
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("http://h/s?a+b")?.query(), Some("a+b"));
    /// assert_eq!(UrlRef::parse("http://h/s?")?.query(), Some(""));
    /// assert_eq!(UrlRef::parse("http://h/s")?.query(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn query(&'i self) -> Option<&'o str> {
        self.o.query(self.as_str())
    }

    /// The fragment identifier after `#`.
    ///
    /// ```text
    /// http://host/a/b?q#f
    ///                   └ fragment
    /// ```
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("http://h/s#top")?.fragment(), Some("top"));
    /// assert_eq!(UrlRef::parse("http://h/s")?.fragment(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn fragment(&'i self) -> Option<&'o str> {
        self.o.fragment(self.as_str())
    }

    /// Checks the offset table against the text; tests and fuzz targets
    /// call it on every value they make.
    ///
    /// # Examples
    ///
    /// ```
    /// urikit::Url::parse("ftp://u:p@h:21/a?b#c")?.check_invariants();
    /// urikit::rfc3986::Reference::parse("//[::1]:80/a?b#c")?.check_invariants();
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When an invariant is broken: that is a bug in urikit.
    pub fn check_invariants(&'i self) {
        self.o.check_invariants(self.as_str());
    }

    /// The `Debug` form of the types that are this view, named `name`: the
    /// text, the spec and each component.
    pub(crate) fn debug(&'i self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The port's number, or its digits as written when they have no
        // 16-bit value: never `None` for a port that is there.
        let port: &dyn fmt::Debug = match (self.port(), self.port_str()) {
            (Some(_), _) | (None, None) => &self.o.port,
            (None, Some(digits)) => &Some(digits),
        };
        f.debug_struct(name)
            .field("text", &self.as_str())
            .field("spec", &self.spec)
            .field("scheme", &self.scheme())
            .field("user", &self.user())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", port)
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// `Display` (the text) and `Debug` (see [`Components::debug`]) of a type
/// that is this view, borrowed or owned: trait impls, which no generic impl
/// can give each such type.
macro_rules! fmt_as_view {
    ($t:ident $(<$l:lifetime>)?) => {
        impl std::fmt::Display for $t$(<$l>)? {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::fmt::Debug for $t$(<$l>)? {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.debug(stringify!($t), f)
            }
        }
    };
}
pub(crate) use fmt_as_view;

#[cfg(test)]
mod tests {
    use crate::rfc3986::Reference;
    use crate::{Url, UrlRef};

    #[test]
    fn the_types_that_are_the_view_show_their_text_and_their_name() {
        let s = "ftp://u@h:70000/p?q#f";
        let url = Url::parse_with(s, crate::Spec::Rfc3986).unwrap();
        let borrowed = UrlRef::parse_with(s, crate::Spec::Rfc3986).unwrap();
        let reference = Reference::parse(s).unwrap();
        assert_eq!([url.to_string(), borrowed.to_string(), reference.to_string()], [s; 3]);
        let fields = "{ text: \"ftp://u@h:70000/p?q#f\", spec: Rfc3986, scheme: Some(\"ftp\"), \
                      user: Some(\"u\"), password: None, host: Some(\"h\"), port: Some(\"70000\"), \
                      path: \"/p\", query: Some(\"q\"), fragment: Some(\"f\") }";
        assert_eq!(format!("{url:?}"), format!("Url {fields}"));
        assert_eq!(format!("{borrowed:?}"), format!("UrlRef {fields}"));
        assert_eq!(format!("{reference:?}"), format!("Reference {fields}"));
    }
}
