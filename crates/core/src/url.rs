//! [`Url`] and [`UrlRef`]: one string and a table of component offsets.

use crate::error::{SchemeError, SchemeErrorKind};
use crate::host::HostKind;
use crate::offsets::Offsets;
use crate::Spec;

mod convert;

/// A valid URL borrowed from the input: validating and splitting it
/// allocates nothing.
///
/// The string it holds is the input without any `URL:` prefix. The scheme is
/// as written (compare it with [`eq_ignore_ascii_case`](str::eq_ignore_ascii_case),
/// or call [`to_url`](UrlRef::to_url) for a [`Url`], which stores it in lower
/// case).
///
/// # Examples
///
/// ```
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("URL:ftp://foo:@host.com/pub/file;type=i")?;
/// assert_eq!(url.as_str(), "ftp://foo:@host.com/pub/file;type=i");
/// assert_eq!(url.scheme(), "ftp");
/// assert_eq!(url.user(), Some("foo"));
/// assert_eq!(url.password(), Some(""));
/// assert_eq!(url.host(), Some("host.com"));
/// assert_eq!(url.port(), None);
/// assert_eq!(url.port_or_default(), Ok(Some(21)));
/// assert_eq!(url.path(), "/pub/file;type=i");
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Comparison
///
/// Two `UrlRef`s are equal when their strings and specs are; use
/// [`Url::equivalent`] to compare at one encoding level.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UrlRef<'a> {
    s: &'a str,
    o: Offsets,
    spec: Spec,
}

/// A valid URL that owns its serialization.
///
/// One `String` and a table of `u32` offsets; every accessor returns a slice
/// of that string. The scheme is stored in lower case; the rest is kept as
/// given (lenient parsing aside) until [`canonical`](Url::canonical) is asked for.
///
/// # Examples
///
/// ```
/// use urikit::Url;
///
/// let url = Url::parse("HTTP://info.cern.ch/hypertext/WWW/TheProject.html")?;
/// assert_eq!(url.as_str(), "http://info.cern.ch/hypertext/WWW/TheProject.html");
/// assert_eq!(url.host(), Some("info.cern.ch"));
/// assert_eq!(url.path(), "/hypertext/WWW/TheProject.html");
/// assert_eq!(url.query(), None);
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Comparison
///
/// `==` compares the serializations (and the specs) byte for byte, so
/// `http://h/%2D` and `http://h/-` differ; [`equivalent`](Url::equivalent)
/// compares them as RFC 1630 says URLs must be compared, at one encoding level.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Url {
    s: String,
    o: Offsets,
    spec: Spec,
}

impl<'a> UrlRef<'a> {
    pub(crate) fn from_parts(s: &'a str, o: Offsets, spec: Spec) -> UrlRef<'a> {
        UrlRef { s, o, spec }
    }

    /// The offsets and the spec, to make a [`Url`] of the same string.
    pub(crate) fn layout(&self) -> (Offsets, Spec) {
        (self.o, self.spec)
    }

    /// The URL as a string (without any `URL:` prefix).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("URL:http://h/")?.as_str(), "http://h/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    /// The spec that validated it.
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

    /// The scheme, as written, without its `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("HTTP://h/")?.scheme(), "HTTP");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn scheme(&self) -> &'a str {
        self.o.scheme(self.s)
    }

    /// Whether the URL has the common Internet scheme syntax's `//` part.
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
    pub fn authority(&self) -> Option<&'a str> {
        self.o.authority(self.s)
    }

    /// The user name, `None` when there is none: `ftp://@host.com/` has an
    /// empty user, `ftp://host.com/` none (RFC 1738 §3.1).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    /// assert_eq!(UrlRef::parse("ftp://@host.com/").unwrap().user(), Some(""));
    /// assert_eq!(UrlRef::parse("ftp://host.com/").unwrap().user(), None);
    /// ```
    pub fn user(&self) -> Option<&'a str> {
        self.o.user(self.s)
    }

    /// The password, `None` when there is none: `ftp://foo:@host.com/` has an
    /// empty one.
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
    pub fn password(&self) -> Option<&'a str> {
        self.o.password(self.s)
    }

    /// The host as written; `Some("")` for `file:///path`.
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
    pub fn host(&self) -> Option<&'a str> {
        self.o.host(self.s)
    }

    /// What kind of host it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{HostKind, UrlRef};
    ///
    /// assert_eq!(UrlRef::parse("http://10.0.0.1/")?.host_kind(), Some(HostKind::Ipv4));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.o.host_kind
    }

    /// The port given in the URL, when its digits have a 16-bit value.
    ///
    /// `None` says only that there is no such number: RFC 1808 and RFC 3986
    /// allow a port to be empty or over 65535, and [`port_str`](UrlRef::port_str)
    /// tells those apart from an absent port. Whatever needs the port a
    /// client connects to asks [`port_or_default`](UrlRef::port_or_default),
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

    /// The port as written, without its `:`; `Some("")` for an empty one.
    ///
    /// It differs from [`port`](UrlRef::port) only under RFC 1808 and RFC
    /// 3986, whose ports may be empty or over 65535 (see [`rfc3986`](crate::rfc3986)).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, UrlRef};
    /// let url = UrlRef::parse_with("http://h:70000/", Spec::Rfc3986).unwrap();
    /// assert_eq!((url.port(), url.port_str()), (None, Some("70000")));
    /// ```
    pub fn port_str(&self) -> Option<&'a str> {
        self.o.port_str(self.s)
    }

    /// The port a client of this URL connects to: the port given, or the
    /// scheme's default by this URL's spec (see [`ports`](crate::ports))
    /// when none is given or it is empty (RFC 3986 §6.2.3); `Ok(None)` when
    /// there is neither.
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
    pub fn port_or_default(&self) -> Result<Option<u16>, SchemeError> {
        if let Some(port) = self.o.port {
            return Ok(Some(port));
        }
        match self.port_str() {
            Some(digits) if !digits.is_empty() => Err(SchemeError {
                offset: self.o.host_end as usize + 1,
                kind: SchemeErrorKind::PortOutOfRange,
            }),
            _ => Ok(crate::ports::default_port(self.scheme(), self.spec())),
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
    pub fn path(&self) -> &'a str {
        self.o.path(self.s)
    }

    /// The search part (RFC 3986's query) after `?`, for schemes that have one.
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
    pub fn query(&self) -> Option<&'a str> {
        self.o.query(self.s)
    }

    /// The fragment identifier after `#`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("http://h/s#top")?.fragment(), Some("top"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.o.fragment(self.s)
    }

    pub(crate) fn offsets(&self) -> &Offsets {
        &self.o
    }

    /// An owned copy, with the scheme in lower case.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("HTTP://host/")?.to_url();
    /// assert_eq!(url.as_str(), "http://host/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn to_url(&self) -> Url {
        let mut s = self.s.to_owned();
        s[..self.o.scheme_end as usize].make_ascii_lowercase();
        Url::from_parts(s, self.o, self.spec)
    }
}

impl Url {
    pub(crate) fn from_parts(s: String, o: Offsets, spec: Spec) -> Url {
        let url = Url { s, o, spec };
        #[cfg(debug_assertions)]
        url.o.check_invariants(&url.s);
        url
    }

    /// Checks the offset table against the string; tests and fuzz targets
    /// call it on every value they make.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://u:p@h:21/a?b#c")?;
    /// url.check_invariants();
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When an invariant is broken: that is a bug in urikit.
    pub fn check_invariants(&self) {
        self.o.check_invariants(&self.s);
    }

    /// The borrowed view of this URL.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("http://h/a")?;
    /// assert_eq!(url.as_url_ref().path(), "/a");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_url_ref(&self) -> UrlRef<'_> {
        UrlRef {
            s: &self.s,
            o: self.o,
            spec: self.spec,
        }
    }

    /// The serialization.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit::Url::parse("HTTP://h/")?.as_str(), "http://h/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.s
    }

    /// The serialization, by value.
    ///
    /// # Examples
    ///
    /// ```
    /// let s: String = urikit::Url::parse("http://h/")?.into_string();
    /// assert_eq!(s, "http://h/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.s
    }

    /// The spec that validated it.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.spec(), urikit::Spec::Rfc1738);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// The scheme, in lower case, without its `:`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit::Url::parse("FTP://h/")?.scheme(), "ftp");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn scheme(&self) -> &str {
        self.o.scheme(&self.s)
    }

    /// See [`UrlRef::has_authority`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert!(url.has_authority());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn has_authority(&self) -> bool {
        self.o.has_authority()
    }

    /// See [`UrlRef::authority`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.authority(), Some("me:pw@host.dom:2121"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<&str> {
        self.o.authority(&self.s)
    }

    /// See [`UrlRef::user`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.user(), Some("me"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn user(&self) -> Option<&str> {
        self.o.user(&self.s)
    }

    /// See [`UrlRef::password`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.password(), Some("pw"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn password(&self) -> Option<&str> {
        self.o.password(&self.s)
    }

    /// See [`UrlRef::host`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.host(), Some("host.dom"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&str> {
        self.o.host(&self.s)
    }

    /// See [`UrlRef::host_kind`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.host_kind(), Some(urikit::HostKind::Domain));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.o.host_kind
    }

    /// See [`UrlRef::port`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.port(), Some(2121));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.o.port
    }

    /// See [`UrlRef::port_str`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.port_str(), Some("2121"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn port_str(&self) -> Option<&str> {
        self.o.port_str(&self.s)
    }

    /// See [`UrlRef::port_or_default`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit::Url::parse("ftp://h/")?.port_or_default(), Ok(Some(21)));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// See [`UrlRef::port_or_default`].
    pub fn port_or_default(&self) -> Result<Option<u16>, SchemeError> {
        self.as_url_ref().port_or_default()
    }

    /// See [`UrlRef::path`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.path(), "/pub/f");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn path(&self) -> &str {
        self.o.path(&self.s)
    }

    /// See [`UrlRef::query`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit::Url::parse("http://h/s?x")?.query(), Some("x"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.o.query(&self.s)
    }

    /// See [`UrlRef::fragment`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::Url::parse("ftp://me:pw@host.dom:2121/pub/f#x")?;
    /// assert_eq!(url.fragment(), Some("x"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.o.fragment(&self.s)
    }

    pub(crate) fn offsets(&self) -> &Offsets {
        &self.o
    }
}
