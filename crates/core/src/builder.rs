//! [`UrlBuilder`]: a URL from its parts, validated once at the end.

use std::fmt;

use crate::component::Component;
use crate::edit::{path_after_host, Strategy};
use crate::error::{ParseError, ParseErrorKind};
use crate::query::encode_form;
use crate::url::{Url, UrlRef};
use crate::Spec;

/// The parts of a URL, put together and validated by [`build`](UrlBuilder::build).
///
/// Values are taken as written in a URL (%-encoded), except those of
/// [`query_pair`](UrlBuilder::query_pair), which are encoded for you. No part
/// is checked until `build`, so parts may be set in any order: a scheme that
/// needs a host may be set before the host.
///
/// # Examples
///
/// ```
/// use urikit::{Spec, UrlBuilder};
///
/// let url = UrlBuilder::new("http")
///     .host("info.cern.ch")
///     .port(8080)
///     .path("/hypertext/WWW")
///     .query_pair("q", "a b")
///     .build()?;
/// assert_eq!(url.as_str(), "http://info.cern.ch:8080/hypertext/WWW?q=a+b");
///
/// // RFC 1738 §3.3: no user in an http URL; the error names the part.
/// let err = UrlBuilder::new("http").user("me").host("h").build().unwrap_err();
/// assert_eq!(err.component(), Some(urikit::Component::User));
///
/// let url = UrlBuilder::new("urn").path("isbn:0451450523").spec(Spec::Rfc3986).build()?;
/// assert_eq!(url.as_str(), "urn:isbn:0451450523");
/// # Ok::<(), urikit::BuildError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UrlBuilder {
    scheme: String,
    user: Option<String>,
    password: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
    spec: Spec,
    /// The parts given by [`set`](UrlBuilder::set) (bits of [`Component::bit`]), not
    /// taken from a URL by [`from_url`](UrlBuilder::from_url).
    given: u8,
}

/// Why [`UrlBuilder::build`] failed: the URL it put together and why that
/// is not valid.
///
/// # Examples
///
/// ```
/// use std::error::Error;
/// use urikit::{Component, UrlBuilder};
///
/// let err = UrlBuilder::new("http").host("a_b").build().unwrap_err();
/// assert_eq!(err.url(), "http://a_b");
/// assert_eq!(err.error().offset, 8);
/// assert_eq!(err.component(), Some(Component::Host));
/// assert!(err.source().is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildError {
    url: String,
    error: ParseError,
    component: Option<Component>,
    /// Where the component's value starts in `url`, when the error is in it.
    value_at: Option<usize>,
}

impl BuildError {
    /// `error` of the URL `url` put together, blamed on `component`.
    pub(crate) fn new(url: String, error: ParseError, component: Option<Component>) -> BuildError {
        BuildError {
            url,
            error,
            component,
            value_at: None,
        }
    }

    /// The error as [`Url::set`] of component `c` to a value of `len`
    /// octets gives it: its offset into the value when it is in `c`'s value
    /// (or just past it), else 0, the rule naming what failed.
    pub(crate) fn in_value(self, c: Component, len: usize) -> ParseError {
        let offset = match (self.component, self.value_at) {
            (Some(x), Some(at)) if x == c => self.error.offset.checked_sub(at).filter(|&k| k <= len).unwrap_or(0),
            _ => 0,
        };
        ParseError { offset, ..self.error }
    }

    /// The URL as put together; the error's offset is into it.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = urikit::UrlBuilder::new("http").host("h").path("x").build().unwrap_err();
    /// assert_eq!(err.url(), "http://hx");
    /// ```
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Why the URL is not valid.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{ParseErrorKind, UrlBuilder};
    ///
    /// let err = UrlBuilder::new("http").host("h").port(0).path("/a?b").build().unwrap_err();
    /// assert_eq!(err.error().kind, ParseErrorKind::Ambiguous);
    /// ```
    pub fn error(&self) -> &ParseError {
        &self.error
    }

    /// The part the error's offset falls in, when it falls in one.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Component, UrlBuilder};
    ///
    /// let err = UrlBuilder::new("http").host("h").path("/~me").build().unwrap_err();
    /// assert_eq!(err.component(), Some(Component::Path));
    /// ```
    pub fn component(&self) -> Option<Component> {
        self.component
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.component {
            Some(c) => write!(f, "{} in the {c} of {:?}", self.error, self.url),
            None => write!(f, "{} in {:?}", self.error, self.url),
        }
    }
}

impl std::error::Error for BuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl UrlBuilder {
    /// A builder with this scheme, an empty path, no other part, and the
    /// default spec.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::new("news").path("comp.lang.c").build()?;
    /// assert_eq!(url.as_str(), "news:comp.lang.c");
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn new(scheme: &str) -> UrlBuilder {
        UrlBuilder::default().scheme(scheme)
    }

    /// A builder holding the parts of `url`, and its spec.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Url, UrlBuilder};
    ///
    /// let url = Url::parse("news:comp.infosystems.www")?;
    /// // "http:comp..." alone is not an http URL; with a host it is.
    /// let url = UrlBuilder::from_url(&url).scheme("http").host("h").path("/").build()?;
    /// assert_eq!(url.as_str(), "http://h/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_url(url: &Url) -> UrlBuilder {
        let owned = |c| url.get(c).map(str::to_owned);
        UrlBuilder {
            scheme: url.scheme().to_owned(),
            user: owned(Component::User),
            password: owned(Component::Password),
            host: owned(Component::Host),
            port: owned(Component::Port),
            path: url.path().to_owned(),
            query: owned(Component::Query),
            fragment: owned(Component::Fragment),
            spec: url.spec(),
            given: 0,
        }
    }

    /// Sets part `c` to `value` (as written), or removes it for `None` (the
    /// scheme and the path become empty).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Component, UrlBuilder};
    ///
    /// let url = UrlBuilder::new("ftp")
    ///     .set(Component::Host, Some("host"))
    ///     .set(Component::Path, Some("/pub"))
    ///     .build()?;
    /// assert_eq!(url.as_str(), "ftp://host/pub");
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn set(mut self, c: Component, value: Option<&str>) -> UrlBuilder {
        let value = value.map(str::to_owned);
        self.given |= c.bit();
        match c {
            Component::Scheme => self.scheme = value.unwrap_or_default(),
            Component::User => self.user = value,
            Component::Password => self.password = value,
            Component::Host => self.host = value,
            Component::Port => self.port = value,
            Component::Path => self.path = value.unwrap_or_default(),
            Component::Query => self.query = value,
            Component::Fragment => self.fragment = value,
        }
        self
    }

    /// Sets the scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::default().scheme("HTTP").host("h").build()?;
    /// assert_eq!(url.as_str(), "http://h");
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn scheme(self, scheme: &str) -> UrlBuilder {
        self.set(Component::Scheme, Some(scheme))
    }

    /// Sets the user name.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::new("ftp").user("").host("h").path("/").build()?;
    /// assert_eq!(url.as_str(), "ftp://@h/");
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn user(self, user: &str) -> UrlBuilder {
        self.set(Component::User, Some(user))
    }

    /// Sets the password.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlBuilder;
    ///
    /// let url = UrlBuilder::new("ftp").user("me").password("pw").host("h").build()?;
    /// assert_eq!(url.as_str(), "ftp://me:pw@h");
    /// // A password needs a user.
    /// assert!(UrlBuilder::new("ftp").password("pw").host("h").build().is_err());
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn password(self, password: &str) -> UrlBuilder {
        self.set(Component::Password, Some(password))
    }

    /// Sets the host.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::new("telnet").host("10.0.0.1").build()?;
    /// assert_eq!(url.host(), Some("10.0.0.1"));
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn host(self, host: &str) -> UrlBuilder {
        self.set(Component::Host, Some(host))
    }

    /// Sets the port.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::new("http").host("h").port(8080).path("/").build()?;
    /// assert_eq!(url.port(), Some(8080));
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn port(self, port: u16) -> UrlBuilder {
        self.set(Component::Port, Some(&port.to_string()))
    }

    /// Sets the path.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::new("file").host("").path("/etc/motd").build()?;
    /// assert_eq!(url.as_str(), "file:///etc/motd");
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn path(self, path: &str) -> UrlBuilder {
        self.set(Component::Path, Some(path))
    }

    /// Sets the query (the search part), without its `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::new("http").host("h").path("/s").query("a+b").build()?;
    /// assert_eq!(url.query(), Some("a+b"));
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn query(self, query: &str) -> UrlBuilder {
        self.set(Component::Query, Some(query))
    }

    /// Appends the pair `name=value` to the query, both encoded with
    /// [`encode_form`].
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::new("http").host("h").path("/s").query_pair("q", "1+1").query_pair("x", "").build()?;
    /// assert_eq!(url.as_str(), "http://h/s?q=1%2B1&x=");
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn query_pair(mut self, name: &str, value: &str) -> UrlBuilder {
        self.given |= Component::Query.bit();
        let pair = format!("{}={}", encode_form(name), encode_form(value));
        match &mut self.query {
            Some(q) if !q.is_empty() && !q.ends_with('&') => {
                q.push('&');
                q.push_str(&pair);
            }
            Some(q) => q.push_str(&pair),
            None => self.query = Some(pair),
        }
        self
    }

    /// Sets the fragment, without its `#`.
    ///
    /// # Examples
    ///
    /// ```
    /// let url = urikit::UrlBuilder::new("http").host("h").path("/").fragment("").build()?;
    /// assert_eq!(url.as_str(), "http://h/#");
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn fragment(self, fragment: &str) -> UrlBuilder {
        self.set(Component::Fragment, Some(fragment))
    }

    /// Sets the spec the URL is validated by (the default is [`Spec::Rfc1738`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, UrlBuilder};
    ///
    /// let b = UrlBuilder::new("http").host("h").path("/~me");
    /// assert!(b.clone().build().is_err());
    /// assert_eq!(b.spec(Spec::Rfc3986).build()?.as_str(), "http://h/~me");
    /// # Ok::<(), urikit::BuildError>(())
    /// ```
    pub fn spec(mut self, spec: Spec) -> UrlBuilder {
        self.spec = spec;
        self
    }

    /// Puts the parts together and parses the result by the spec.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{ParseErrorKind, UrlBuilder};
    ///
    /// let err = UrlBuilder::new("http").port(80).build().unwrap_err();
    /// assert_eq!(err.error().kind, ParseErrorKind::MissingPart);
    /// assert!(UrlBuilder::new("http").host("h").build().is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL is not valid by the spec; when a user, password or port
    /// is given without a host ([`MissingPart`](ParseErrorKind::MissingPart));
    /// when a part would not read back as itself
    /// ([`Ambiguous`](ParseErrorKind::Ambiguous): a `?` in a path). A part
    /// set on the builder may not hold the delimiter that would end it, as
    /// [`Url::set`] requires of its value; a part taken from a URL by
    /// [`from_url`](UrlBuilder::from_url) and not set again need only read
    /// back (RFC 1738 allows a `?` in a `file` path, RFC 1808 a `?` in a
    /// `net_loc`). When parts do not read back, the error names a part set
    /// on the builder before one taken from the URL.
    pub fn build(&self) -> Result<Url, BuildError> {
        let parts = Parts([
            Some(&self.scheme),
            self.user.as_deref(),
            self.password.as_deref(),
            self.host.as_deref(),
            self.port.as_deref(),
            Some(&self.path),
            self.query.as_deref(),
            self.fragment.as_deref(),
        ]);
        parts.build(self.spec, self.given)
    }
}

impl Url {
    /// Sets several components at once and validates the URL once, after
    /// all of them, as [`UrlBuilder`] does (a scheme that needs a host may
    /// come with its host); `None` removes a component (the scheme and the
    /// path become empty). The URL keeps its spec, and is unchanged on error.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Component, Url};
    ///
    /// let mut url = Url::parse("news:comp.infosystems.www")?;
    /// // One at a time, neither change gives an http URL.
    /// url.set_all([(Component::Scheme, Some("http")), (Component::Host, Some("h")), (Component::Path, Some("/"))])?;
    /// assert_eq!(url.as_str(), "http://h/");
    ///
    /// let err = url.set_all([(Component::User, Some("me"))]).unwrap_err();
    /// assert_eq!(err.component(), Some(Component::User));
    /// assert_eq!(url.as_str(), "http://h/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A URL of [`Spec::Whatwg`] has no such check: each change runs the
    /// `URL` API's setter of its component ([`Url::set`]) in the order given,
    /// and the first that leaves the URL as it was stops them all.
    ///
    /// # Errors
    ///
    /// As [`UrlBuilder::build`]: the parts changed are the parts set; the
    /// others are taken from this URL. For a WHATWG URL, the error of the
    /// first setter that left the URL as it was, with the URL it ran on
    /// ([`BuildError::url`]; the error's offset is into the value).
    pub fn set_all<'v, I>(&mut self, changes: I) -> Result<(), BuildError>
    where
        I: IntoIterator<Item = (Component, Option<&'v str>)>,
    {
        if Strategy::of(self.spec()) == Strategy::StateOverride {
            let mut url = self.clone();
            for (c, value) in changes {
                if let Err(error) = url.set(c, value) {
                    // The setter's error is at an offset into the value.
                    return Err(BuildError {
                        url: url.into_string(),
                        error,
                        component: Some(c),
                        value_at: Some(0),
                    });
                }
            }
            *self = url;
            return Ok(());
        }
        let mut parts = Parts(Component::ALL.map(|c| self.get(c)));
        let mut given = 0;
        for (c, value) in changes {
            given |= c.bit();
            parts.0[c as usize] = match c {
                Component::Scheme | Component::Path => Some(value.unwrap_or("")),
                _ => value,
            };
        }
        let url = parts.build(self.spec(), given)?;
        *self = url;
        Ok(())
    }
}

/// The parts of a URL, borrowed, in the order of [`Component::ALL`]; the
/// scheme and the path are always there.
struct Parts<'a>([Option<&'a str>; 8]);

impl Parts<'_> {
    fn get(&self, c: Component) -> Option<&str> {
        self.0[c as usize]
    }

    /// Puts the parts together, and parses the result by `spec`. A part in
    /// `given` (bits of [`Component::bit`]) must hold no delimiter that ends it (a `?` in
    /// a path), as [`Url::set`] requires of its value; a part taken from a
    /// URL need only read back as itself (RFC 1738 allows `?` in a `file`
    /// path, RFC 1808 in a `net_loc`).
    fn build(&self, spec: Spec, given: u8) -> Result<Url, BuildError> {
        let len: usize = self.0.iter().map(|p| p.map_or(0, |v| v.len() + 2)).sum();
        let mut s = String::with_capacity(len);
        // Where each part starts and ends in `s`.
        let mut spans = [(Component::Scheme, 0, 0); 8];
        let mut n = 0;
        let mut push = |s: &mut String, c: Component, v: &str| {
            spans[n] = (c, s.len(), s.len() + v.len());
            n += 1;
            s.push_str(v);
        };
        push(&mut s, Component::Scheme, self.get(Component::Scheme).unwrap_or(""));
        s.push(':');
        if let Some(host) = self.get(Component::Host) {
            s.push_str("//");
            if let Some(user) = self.get(Component::User) {
                push(&mut s, Component::User, user);
                if let Some(password) = self.get(Component::Password) {
                    s.push(':');
                    push(&mut s, Component::Password, password);
                }
                s.push('@');
            }
            push(&mut s, Component::Host, host);
            if let Some(port) = self.get(Component::Port) {
                s.push(':');
                push(&mut s, Component::Port, port);
            }
        }
        push(&mut s, Component::Path, self.get(Component::Path).unwrap_or(""));
        if let Some(query) = self.get(Component::Query) {
            s.push('?');
            push(&mut s, Component::Query, query);
        }
        if let Some(fragment) = self.get(Component::Fragment) {
            s.push('#');
            push(&mut s, Component::Fragment, fragment);
        }
        let spans = &spans[..n];
        let fail = |s: String, error: ParseError| {
            let span = spans
                .iter()
                .find(|&&(_, start, end)| start <= error.offset && error.offset < end.max(start + 1));
            BuildError {
                url: s,
                error,
                component: span.map(|&(c, _, _)| c),
                value_at: span.map(|&(_, start, _)| start),
            }
        };
        let orphan = if self.get(Component::Host).is_none() {
            [Component::User, Component::Password, Component::Port]
                .into_iter()
                .find(|&c| self.get(c).is_some())
        } else if self.get(Component::User).is_none() && self.get(Component::Password).is_some() {
            Some(Component::Password)
        } else {
            None
        };
        if let Some(c) = orphan {
            let error = ParseError::new(
                0,
                ParseErrorKind::MissingPart,
                if c == Component::Port { "hostport" } else { "login" },
                spec,
            );
            return Err(BuildError::new(s, error, Some(c)));
        }
        // After a host, the path is empty or starts with '/'.
        if let (Some(_), Some(path)) = (self.get(Component::Host), self.get(Component::Path)) {
            if !path.is_empty() && !path.starts_with('/') {
                let at = spans
                    .iter()
                    .find(|&&(c, _, _)| c == Component::Path)
                    .map_or(0, |&(_, start, _)| start);
                let error = ParseError::new(at, ParseErrorKind::MissingPart, path_after_host(spec), spec);
                return Err(fail(s, error));
            }
        }
        let given_first = spans.iter().filter(|&&(c, _, _)| given & c.bit() != 0);
        for &(c, start, end) in given_first.clone() {
            if let Some(at) = s[start..end].bytes().position(|b| c.ends_at(b)) {
                let error = ParseError::new(start + at, ParseErrorKind::Ambiguous, c.rule(), spec);
                return Err(fail(s, error));
            }
        }
        let (o, spec) = match UrlRef::parse_with(&s, spec) {
            Ok(r) if r.as_str().len() == s.len() => r.layout(),
            Ok(_) => {
                let error = ParseError::new(0, ParseErrorKind::PrefixScheme, "scheme", spec);
                return Err(fail(s, error));
            }
            Err(error) => return Err(fail(s, error)),
        };
        let read = UrlRef::from_parts(&s, o, spec);
        let misread = |&&(c, start, end): &&(Component, usize, usize)| {
            let want = &s[start..end];
            let got = read.get(c);
            let same = match c {
                Component::Scheme => got.is_some_and(|g| g.eq_ignore_ascii_case(want)),
                _ => got == Some(want),
            };
            !same
        };
        // A part given that does not read back is the one to name (a query
        // given to an ftp URL joins its path); else the first part that
        // does not.
        if let Some(&(c, start, end)) = given_first.clone().find(misread).or_else(|| spans.iter().find(misread)) {
            let got = read.get(c).unwrap_or("");
            let common = got
                .bytes()
                .zip(s[start..end].bytes())
                .take_while(|(a, b)| a == b)
                .count();
            let error = ParseError::new(start + common, ParseErrorKind::Ambiguous, c.rule(), spec);
            // The part that does not read back, even where the error's
            // offset is just past it.
            return Err(BuildError {
                url: s,
                error,
                component: Some(c),
                value_at: Some(start),
            });
        }
        s[..o.scheme_len()].make_ascii_lowercase();
        Ok(Url::from_parts(s, o, spec))
    }
}
