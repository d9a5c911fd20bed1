//! [`Url`] and [`UrlRef`]: one string and a table of component offsets,
//! owned or borrowed; both are [`Components`], which holds their getters.

use std::ops::Deref;

use crate::offsets::Offsets;
use crate::view::Components;
use crate::Spec;

mod convert;

/// A valid URL borrowed from the input: validating and splitting it
/// allocates nothing.
///
/// Its getters are those of [`Components`], to which it dereferences; they
/// return slices of the input (`&'a str`), which outlive the `UrlRef`.
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
pub struct UrlRef<'a>(Components<&'a str>);

/// A valid URL that owns its serialization.
///
/// One `String` and a table of `u32` offsets; every getter (those of
/// [`Components`], to which it dereferences) returns a slice of that string. The scheme is stored in lower case; the rest is kept as
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
pub struct Url(Components<String>);

impl<'a> UrlRef<'a> {
    pub(crate) fn from_parts(s: &'a str, o: Offsets, spec: Spec) -> UrlRef<'a> {
        UrlRef(Components::new(s, o, spec))
    }

    /// The offsets and the spec, to make a [`Url`] of the same string.
    pub(crate) fn layout(&self) -> (Offsets, Spec) {
        (self.0.o, self.0.spec)
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
        &self.0.s[..self.0.o.scheme_len()]
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
        let mut s = self.0.s.to_owned();
        s[..self.0.o.scheme_len()].make_ascii_lowercase();
        Url::from_parts(s, self.0.o, self.0.spec)
    }
}

impl<'a> Deref for UrlRef<'a> {
    type Target = Components<&'a str>;

    fn deref(&self) -> &Components<&'a str> {
        &self.0
    }
}

impl Url {
    pub(crate) fn from_parts(s: String, o: Offsets, spec: Spec) -> Url {
        let url = Url(Components::new(s, o, spec));
        #[cfg(debug_assertions)]
        url.check_invariants();
        url
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
        UrlRef::from_parts(&self.0.s, self.0.o, self.0.spec)
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
        self.0.s
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
        &self.0.s[..self.0.o.scheme_len()]
    }
}

impl Deref for Url {
    type Target = Components<String>;

    fn deref(&self) -> &Components<String> {
        &self.0
    }
}
