//! Setters: replace one component of a [`Url`], validated by the URL's own spec.
//!
//! Each setter writes the value into a copy of the serialization and parses
//! the result by the URL's spec, so a value is accepted exactly when the URL
//! it makes is valid by that spec's production for the scheme: RFC 1738
//! allows no user in an `http` URL, no search in an `ftp` one, and a port
//! only where the scheme has a `hostport`. The value must then read back as
//! that component and every other component must read as before; otherwise
//! the value is refused as [`Ambiguous`](crate::ParseErrorKind::Ambiguous)
//! (a `?` in a path would start a search).
//!
//! A URL that lenient parsing let through with a violation (a user in an
//! `http` URL) refuses every setter until the violation is gone: each
//! setter checks the whole URL.
//!
//! Values are taken as they are written in a URL, %-encoded: a setter never
//! encodes (see [`pct::encode`](crate::pct::encode) for that), so `get` after
//! `set` gives back the value set. The scheme is stored in lower case.
//!
//! A URL of [`Spec::Whatwg`] is set the browser's way instead: each setter
//! runs the `URL` API's setter of its component ([`Url::set_api`]), which
//! encodes and cuts the value as the URL Standard says.

mod change;

pub use change::{Edit, Strategy, Target, UnknownTarget};

use crate::component::Component;
use crate::error::{ParseError, ParseErrorKind};
use crate::url::{Url, UrlRef};
use crate::whatwg::api::Taken;
use crate::Spec;

impl<'a> UrlRef<'a> {
    /// The component `c`, as written (%-encoded, the scheme in the case it
    /// was written in); `None` when absent. The port is
    /// [`port_str`](crate::Components::port_str), the path is never absent.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Component, UrlRef};
    ///
    /// let url = UrlRef::parse("HTTP://host:8080/a?b#")?;
    /// assert_eq!(url.get(Component::Scheme), Some("HTTP"));
    /// assert_eq!(url.get(Component::Port), Some("8080"));
    /// assert_eq!(url.get(Component::Fragment), Some(""));
    /// assert_eq!(url.get(Component::User), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn get(&self, c: Component) -> Option<&'a str> {
        match c {
            Component::Scheme => Some(self.scheme()),
            Component::User => self.user(),
            Component::Password => self.password(),
            Component::Host => self.host(),
            Component::Port => self.port_str(),
            Component::Path => Some(self.path()),
            Component::Query => self.query(),
            Component::Fragment => self.fragment(),
        }
    }
}

impl Url {
    /// The component `c`, as written (%-encoded); `None` when absent. The
    /// port is [`port_str`](crate::Components::port_str), the path is never absent.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Component, Url};
    ///
    /// let url = Url::parse("http://host:8080/a?b#")?;
    /// assert_eq!(url.get(Component::Port), Some("8080"));
    /// assert_eq!(url.get(Component::Fragment), Some(""));
    /// assert_eq!(url.get(Component::User), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn get(&self, c: Component) -> Option<&str> {
        self.as_url_ref().get(c)
    }

    /// Sets component `c` to `value` (as written, %-encoded), or removes it
    /// for `None`; the URL is unchanged on error.
    ///
    /// Removing the host removes the whole authority (`//`, user, password
    /// and port with it); removing the user removes the password too. The
    /// scheme and the path cannot be removed (`Some("")` empties the path).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Component, ParseErrorKind, Spec, Url};
    ///
    /// let mut url = Url::parse("http://host/a?x=1")?;
    /// url.set(Component::Query, Some("y=2"))?;
    /// assert_eq!(url.as_str(), "http://host/a?y=2");
    /// url.set(Component::Fragment, Some(""))?;
    /// assert_eq!(url.as_str(), "http://host/a?y=2#");
    ///
    /// // RFC 1738 §3.3: no user name in an http URL.
    /// let err = url.set(Component::User, Some("me")).unwrap_err();
    /// assert_eq!((err.offset, err.kind, err.spec), (0, ParseErrorKind::UserNotAllowed, Spec::Rfc1738));
    /// // A '?' in a path would start a search.
    /// let err = url.set(Component::Path, Some("/a?b")).unwrap_err();
    /// assert_eq!((err.offset, err.kind), (2, ParseErrorKind::Ambiguous));
    /// assert_eq!(url.as_str(), "http://host/a?y=2#");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # WHATWG URLs
    ///
    /// On a URL of [`Spec::Whatwg`], `set` runs the `URL` API's setter of
    /// the component ([`Url::set_api`]): scheme → `protocol`, user →
    /// `username`, password → `password`, host → `hostname`, port → `port`,
    /// path → `pathname`, query → `search`, fragment → `hash`. The value is
    /// taken as a browser takes it (encoded where needed, cut where the
    /// part ends); a query or a fragment is given after its `?` or `#`, so
    /// that `Some("")` is an empty one. `None` is the empty string, the
    /// `URL` API's way to remove a port, a query or a fragment (a user or
    /// password becomes empty; a host cannot be removed).
    ///
    /// ```
    /// use urikit::{Component, Spec, Url};
    ///
    /// let mut url = Url::parse_with("https://example.com/", Spec::Whatwg)?;
    /// url.set(Component::Host, Some("EXAMPLE.org"))?;
    /// url.set(Component::Path, Some("/a b"))?;
    /// url.set(Component::Query, Some(""))?;
    /// assert_eq!(url.as_str(), "https://example.org/a%20b?");
    /// // The standard's setter ignores a port on a file URL: so does `set`.
    /// let mut file = Url::parse_with("file:///tmp", Spec::Whatwg)?;
    /// assert!(file.set(Component::Port, Some("1")).is_err());
    /// assert_eq!(file.as_str(), "file:///tmp");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL with this value is not valid by the URL's spec, or the
    /// value would not read back as this component alone. The error's
    /// offset is into `value`; when the value is fine but the rest of the
    /// URL does not fit it (a scheme that allows no user, set on a URL that
    /// has one), the offset is 0 and the rule names what failed. For a
    /// WHATWG URL, when the setter left the URL as it was (see
    /// [`Url::set_api`]).
    pub fn set(&mut self, c: Component, value: Option<&str>) -> Result<(), ParseError> {
        self.set_taken(c, value).map(|_| ())
    }

    /// [`set`](Url::set) by the [`Strategy`] of the URL's spec, and what
    /// the setter took of the value (all of it, by reparse).
    pub(crate) fn set_taken(&mut self, c: Component, value: Option<&str>) -> Result<Taken, ParseError> {
        match Strategy::of(self.spec()) {
            Strategy::StateOverride => crate::whatwg::api::set_component(self, c, value),
            Strategy::Reparse => self.set_by_reparse(c, value).map(|()| Taken::All),
        }
    }

    /// [`Strategy::Reparse`]: [`set_all`](Url::set_all) of this one
    /// change, with what it removes by design (a host's user, password and
    /// port; a user's password); the error's offset brought into the value.
    fn set_by_reparse(&mut self, c: Component, value: Option<&str>) -> Result<(), ParseError> {
        let mut changes = vec![(c, value)];
        match (c, value) {
            (Component::Scheme | Component::Path, None) => {
                return Err(ParseError::new(0, ParseErrorKind::MissingPart, c.rule(), self.spec()));
            }
            (Component::Host, None) => {
                changes.extend([Component::User, Component::Password, Component::Port].map(|o| (o, None)))
            }
            (Component::User, None) => changes.push((Component::Password, None)),
            _ => {}
        }
        self.set_all(changes)
            .map_err(|e| e.in_value(c, value.map_or(0, str::len)))
    }

    /// Sets the scheme (stored in lower case).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/a")?;
    /// url.set_scheme("HTTPS")?;
    /// assert_eq!(url.as_str(), "https://host/a");
    /// // RFC 1738: a news URL has no "//" part.
    /// assert!(url.set_scheme("news").is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set).
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ParseError> {
        self.set(Component::Scheme, Some(scheme))
    }

    /// Sets or removes the user name (removing it removes the password).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("ftp://host/pub")?;
    /// url.set_user(Some("anonymous"))?;
    /// assert_eq!(url.as_str(), "ftp://anonymous@host/pub");
    /// url.set_user(Some(""))?;
    /// assert_eq!(url.as_str(), "ftp://@host/pub");
    /// url.set_user(None)?;
    /// assert_eq!(url.as_str(), "ftp://host/pub");
    /// // RFC 1738 §3.3: an http URL has no user.
    /// assert!(Url::parse("http://host/")?.set_user(Some("me")).is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set); a user needs a host.
    pub fn set_user(&mut self, user: Option<&str>) -> Result<(), ParseError> {
        self.set(Component::User, user)
    }

    /// Sets or removes the password.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("ftp://me@host/pub")?;
    /// url.set_password(Some("secret"))?;
    /// assert_eq!(url.as_str(), "ftp://me:secret@host/pub");
    /// url.set_password(None)?;
    /// assert_eq!(url.as_str(), "ftp://me@host/pub");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set); a password needs a user (set `Some("")` first).
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), ParseError> {
        self.set(Component::Password, password)
    }

    /// Sets the host, or removes the whole authority for `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let mut url = Url::parse("http://host:8080/a")?;
    /// url.set_host(Some("example.com"))?;
    /// assert_eq!(url.as_str(), "http://example.com:8080/a");
    /// // RFC 1738: a top label starts with a letter.
    /// assert_eq!(url.set_host(Some("a.1b")).unwrap_err().offset, 2);
    ///
    /// let mut url = Url::parse_with("http://h/p", Spec::Rfc3986)?;
    /// url.set_host(None)?;
    /// assert_eq!(url.as_str(), "http:/p");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set).
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), ParseError> {
        self.set(Component::Host, host)
    }

    /// Sets or removes the port.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/a")?;
    /// url.set_port(Some(8080))?;
    /// assert_eq!(url.as_str(), "http://host:8080/a");
    /// url.set_port(None)?;
    /// assert_eq!((url.as_str(), url.port_or_default()), ("http://host/a", Ok(Some(80))));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set); a port needs a host, and some schemes allow
    /// none (RFC 1738 `file`).
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), ParseError> {
        let digits = port.map(|p| p.to_string());
        self.set(Component::Port, digits.as_deref())
    }

    /// Sets the path (as written, with its leading `/` where the syntax has one).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/a?q")?;
    /// url.set_path("/b/c")?;
    /// assert_eq!(url.as_str(), "http://host/b/c?q");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set).
    pub fn set_path(&mut self, path: &str) -> Result<(), ParseError> {
        self.set(Component::Path, Some(path))
    }

    /// Sets or removes the search part (the query), without its `?`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/a")?;
    /// url.set_query(Some("x+y"))?;
    /// assert_eq!(url.as_str(), "http://host/a?x+y");
    /// url.set_query(Some(""))?;
    /// assert_eq!(url.as_str(), "http://host/a?");
    /// url.set_query(None)?;
    /// assert_eq!(url.as_str(), "http://host/a");
    /// // RFC 1738: an ftp URL has no search part.
    /// assert!(Url::parse("ftp://host/a")?.set_query(Some("x")).is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set).
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), ParseError> {
        self.set(Component::Query, query)
    }

    /// Sets or removes the fragment: `None` removes the `#`, `Some("")`
    /// keeps an empty one.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/a#top")?;
    /// url.set_fragment(Some(""))?;
    /// assert_eq!(url.as_str(), "http://host/a#");
    /// url.set_fragment(None)?;
    /// assert_eq!(url.as_str(), "http://host/a");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set).
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), ParseError> {
        self.set(Component::Fragment, fragment)
    }
}

/// The production a path after a host fails when it does not start with
/// '/' (RFC 3986 §3.3, RFC 1808 §2.2, RFC 1738 §3.1): written after the
/// host, it would read as part of the host, so the setters refuse it by
/// this name rather than by the host's.
pub(crate) fn path_after_host(spec: Spec) -> &'static str {
    match spec {
        Spec::Rfc3986 => "path-abempty",
        Spec::Rfc1808 => "abs_path",
        Spec::Rfc1738 | Spec::Rfc1630 => "url-path",
        Spec::Whatwg => "path start state",
    }
}
