//! URL Standard §6.1 "URL class": the setters of the JavaScript `URL` API
//! (`href`, `protocol`, `username`, `password`, `host`, `hostname`, `port`,
//! `pathname`, `search`, `hash`), each the standard's steps: the basic URL
//! parser run over the URL with the setter's state override
//! (`whatwg::state_override`), or, for the username and password, "set the
//! username" and "set the password".
//!
//! Where the standard's steps leave the URL as it was (a step that says
//! "return", or a failure before anything is set), the setter gives an
//! error and the URL is unchanged, byte for byte. Where they take a part of
//! the value (the leading digits of `8080abc`, the host of
//! `example.com/path`, the host of `example.com:99999` when the port does
//! not fit, the scheme of `https:foo`), that is a change, as in a browser,
//! and the setter succeeds; [`Url::set_api_taken`] says which part it took
//! ([`Taken`]), and why the rest was ignored ([`PartIgnored`]).

use crate::component::Component;
use crate::error::{ParseError, ParseErrorKind, PartIgnored, SetterIgnored};
use crate::url::Url;
use crate::url::UrlRef;
use crate::whatwg::encode_sets::{push_encoded, USERINFO};
use crate::whatwg::state_override::{self, Nullable, StateOverride};
use crate::whatwg::Parsed;
use crate::Spec;

/// A setter of the `URL` API (URL Standard §6.1), for [`Url::set_api`].
///
/// # Examples
///
/// ```
/// use urikit::whatwg::api::Setter;
///
/// assert_eq!(Setter::from_name("hostname"), Some(Setter::Hostname));
/// assert_eq!(Setter::Search.name(), "search");
/// assert_eq!(Setter::ALL.len(), 10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Setter {
    /// `href`: the URL parsed anew from the value.
    Href,
    /// `protocol`: the scheme (the value up to a `:`).
    Protocol,
    /// `username`: percent-encoded with the userinfo percent-encode set.
    Username,
    /// `password`: percent-encoded with the userinfo percent-encode set.
    Password,
    /// `host`: the host and, after a `:`, the port.
    Host,
    /// `hostname`: the host alone.
    Hostname,
    /// `port`: the leading digits; the empty string removes the port.
    Port,
    /// `pathname`: the path, `?` and `#` percent-encoded.
    Pathname,
    /// `search`: the query (one leading `?` dropped); the empty string
    /// removes it.
    Search,
    /// `hash`: the fragment (one leading `#` dropped); the empty string
    /// removes it.
    Hash,
}

impl Setter {
    /// The ten setters, in the order of the standard's `URL` interface.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// The attribute's name in the `URL` API (`"hostname"`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit::whatwg::api::Setter::Protocol.name(), "protocol");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Setter::Href => "href",
            Setter::Protocol => "protocol",
            Setter::Username => "username",
            Setter::Password => "password",
            Setter::Host => "host",
            Setter::Hostname => "hostname",
            Setter::Port => "port",
            Setter::Pathname => "pathname",
            Setter::Search => "search",
            Setter::Hash => "hash",
        }
    }

    /// The setter of that name in the `URL` API, ASCII case-insensitively;
    /// `None` for another name.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::api::Setter;
    ///
    /// assert_eq!(Setter::from_name("HREF"), Some(Setter::Href));
    /// assert_eq!(Setter::from_name("scheme"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Setter> {
        Setter::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The setter that [`Url::set`] runs for component `c` of a WHATWG
    /// URL: scheme → `protocol`, user → `username`, password → `password`,
    /// host → `hostname`, port → `port`, path → `pathname`, query →
    /// `search`, fragment → `hash`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::api::Setter;
    /// use urikit::Component;
    ///
    /// assert_eq!(Setter::of(Component::Query), Setter::Search);
    /// ```
    pub const fn of(c: Component) -> Setter {
        match c {
            Component::Scheme => Setter::Protocol,
            Component::User => Setter::Username,
            Component::Password => Setter::Password,
            Component::Host => Setter::Hostname,
            Component::Port => Setter::Port,
            Component::Path => Setter::Pathname,
            Component::Query => Setter::Search,
            Component::Fragment => Setter::Hash,
        }
    }

    /// The rule an error of this setter names (`"port setter"`).
    pub(crate) const fn rule(self) -> &'static str {
        match self {
            Setter::Href => "href setter",
            Setter::Protocol => "protocol setter",
            Setter::Username => "username setter",
            Setter::Password => "password setter",
            Setter::Host => "host setter",
            Setter::Hostname => "hostname setter",
            Setter::Port => "port setter",
            Setter::Pathname => "pathname setter",
            Setter::Search => "search setter",
            Setter::Hash => "hash setter",
        }
    }
}

/// What a setter of the `URL` API took of its value
/// ([`Url::set_api_taken`]): all of it, or the part before byte `end`, the
/// rest ignored as the standard's steps ignore it.
///
/// # Examples
///
/// ```
/// use urikit::whatwg::api::{PartIgnored, Setter, Taken};
/// use urikit::{Spec, Url};
///
/// let mut url = Url::parse_with("http://example.net/path", Spec::Whatwg)?;
/// let value = "example.com:8080/stuff";
/// let taken = url.set_api_taken(Setter::Host, value)?;
/// assert_eq!(taken, Taken::Part { end: 16, why: PartIgnored::AfterPort });
/// assert_eq!((taken.used(value), taken.ignored(value)), ("example.com:8080", Some("/stuff")));
/// assert_eq!(url.as_str(), "http://example.com:8080/path");
/// assert_eq!(url.set_api_taken(Setter::Pathname, "/a?b#c")?, Taken::All);
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Taken {
    /// The whole value (tabs and newlines in it are skipped, as always).
    All,
    /// The value up to byte `end`; what follows is ignored, for `why`.
    Part {
        /// The byte offset in the value where the ignored part starts.
        end: usize,
        /// Why the setter's state stopped there.
        why: PartIgnored,
    },
}

impl Taken {
    /// The part of `value` (the value the setter was given) that was taken.
    pub fn used(self, value: &str) -> &str {
        match self {
            Taken::All => value,
            Taken::Part { end, .. } => value.get(..end).unwrap_or(value),
        }
    }

    /// The part of `value` that was ignored; `None` when all was taken.
    pub fn ignored(self, value: &str) -> Option<&str> {
        match self {
            Taken::All => None,
            Taken::Part { end, .. } => value.get(end..),
        }
    }

    /// Why a part was ignored; `None` when all was taken.
    pub fn why(self) -> Option<PartIgnored> {
        match self {
            Taken::All => None,
            Taken::Part { why, .. } => Some(why),
        }
    }
}

impl std::fmt::Display for Setter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Url {
    /// Runs the `URL` API's setter `setter` with `value` (URL Standard
    /// §6.1), as `url.hostname = value` does in a browser, on a URL of
    /// [`Spec::Whatwg`]. The value is taken as a browser takes it: encoded
    /// where the part needs it, cut where the part ends.
    ///
    /// As the standard's setters do, it may leave a URL whose href parses
    /// to another URL: the `protocol` setter turning a special URL into a
    /// `file` one keeps a host `localhost` (which the file host state
    /// empties when the href is parsed) and a first segment such as `C|`
    /// (which the path state writes `C:`). The reference implementation
    /// and ada give the same href.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::api::Setter;
    /// use urikit::{Spec, Url};
    ///
    /// let mut file = Url::parse_with("https://localhost/x", Spec::Whatwg)?;
    /// file.set_api(Setter::Protocol, "file")?;
    /// assert_eq!(file.as_str(), "file://localhost/x");
    /// assert_eq!(Url::parse_lenient_with(file.as_str(), Spec::Whatwg)?.0.as_str(), "file:///x");
    ///
    /// let mut url = Url::parse_with("https://example.com/a?x#top", Spec::Whatwg)?;
    /// url.set_api(Setter::Host, "EXAMPLE.org:8080")?;
    /// url.set_api(Setter::Pathname, "/a b?")?;
    /// url.set_api(Setter::Search, "")?;
    /// url.set_api(Setter::Port, "443")?;
    /// assert_eq!(url.as_str(), "https://example.org/a%20b%3F#top");
    ///
    /// // The standard's port setter takes the leading digits...
    /// url.set_api(Setter::Port, "8080abc")?;
    /// assert_eq!(url.api().unwrap().port(), "8080");
    /// // ...and ignores a value with none: the URL is unchanged.
    /// let err = url.set_api(Setter::Port, "abc").unwrap_err();
    /// assert_eq!((err.rule, err.offset), ("port setter", 0));
    /// assert_eq!(url.as_str(), "https://example.org:8080/a%20b%3F#top");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the standard's steps leave the URL as it was; the URL is then
    /// unchanged. The error's `rule` names the setter (`"port setter"`),
    /// its kind says why: [`ParseErrorKind::SetterIgnored`] for a step
    /// that returns (a special scheme set to a scheme that is not special,
    /// a port on a URL that cannot have one, a host on a URL with an opaque
    /// path, ...), else the failure of the parser's state (a host the host
    /// parser refuses, a port over 65535), its offset into `value`. For
    /// `href`, where the `URL` API throws, the parser's failure. A URL of
    /// another spec gives [`SetterIgnored::NotWhatwg`].
    pub fn set_api(&mut self, setter: Setter, value: &str) -> Result<(), ParseError> {
        self.set_api_taken(setter, value).map(|_| ())
    }

    /// [`set_api`](Self::set_api), saying what the setter took of `value`:
    /// all of it, or a part, the rest ignored as the standard's steps
    /// ignore it (the digits of the `port` setter's `8080abc`; the host
    /// of the `host` and `hostname` setters' `example.com/path`; the host
    /// of the `host` setter's `example.com:99999`, whose port does not
    /// fit; the scheme of the `protocol` setter's `https:foo`). The URL is
    /// changed all the same, as in a browser.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::api::{PartIgnored, Setter, Taken};
    /// use urikit::{Spec, Url};
    ///
    /// let mut url = Url::parse_with("https://example.org/", Spec::Whatwg)?;
    /// let taken = url.set_api_taken(Setter::Port, "8080abc")?;
    /// assert_eq!(taken, Taken::Part { end: 4, why: PartIgnored::AfterPort });
    /// assert_eq!(taken.ignored("8080abc"), Some("abc"));
    /// assert_eq!(url.as_str(), "https://example.org:8080/");
    /// let taken = url.set_api_taken(Setter::Protocol, "wss:x")?;
    /// assert_eq!(taken.ignored("wss:x"), Some("x"));
    /// assert_eq!(url.set_api_taken(Setter::Port, "443")?, Taken::All);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set_api`](Self::set_api).
    pub fn set_api_taken(&mut self, setter: Setter, value: &str) -> Result<Taken, ParseError> {
        let named = |e: ParseError| ParseError {
            rule: setter.rule(),
            ..e
        };
        if self.spec() != Spec::Whatwg {
            let why = SetterIgnored::NotWhatwg;
            return Err(ParseError::new(
                0,
                ParseErrorKind::SetterIgnored { why },
                setter.rule(),
                self.spec(),
            ));
        }
        let url = self.as_url_ref();
        let ((s, o), stop) = run(setter, url, value).map_err(named)?;
        *self = Url::from_parts(s, o, Spec::Whatwg);
        // The protocol setter's input is the value and a ':' after it.
        Ok(match stop {
            Some((end, why)) if end < value.len() => Taken::Part { end, why },
            _ => Taken::All,
        })
    }
}

/// The steps of `setter` on `url` with `value`: the URL it makes, and
/// where in `value` the states stopped reading it, and why.
fn run(setter: Setter, url: UrlRef<'_>, value: &str) -> Result<state_override::Ran, ParseError> {
    let all = |parsed: Parsed| (parsed, None);
    let ignored = |why| Err(state_override::ignored(why));
    let after = |skipped: usize| {
        move |e: ParseError| ParseError {
            offset: e.offset + skipped,
            ..e
        }
    };
    match setter {
        Setter::Href => Url::parse_lenient_with(value, Spec::Whatwg).map(|(url, _)| {
            let o = *url.offsets();
            all((url.into_string(), o))
        }),
        Setter::Protocol => {
            // The value followed by ':'.
            let mut input = String::with_capacity(value.len() + 1);
            input.push_str(value);
            input.push(':');
            state_override::run(url, &input, StateOverride::SchemeStart)
        }
        Setter::Username | Setter::Password if cannot_have_credentials_or_port(url) => {
            ignored(SetterIgnored::CannotHaveCredentialsOrPort)
        }
        Setter::Username => {
            let password = url.o.password(url.s).unwrap_or("");
            Ok(all(state_override::set_userinfo(
                url,
                &userinfo_encoded(value),
                password,
            )))
        }
        Setter::Password => {
            let username = url.o.user(url.s).unwrap_or("");
            Ok(all(state_override::set_userinfo(
                url,
                username,
                &userinfo_encoded(value),
            )))
        }
        Setter::Host | Setter::Hostname | Setter::Pathname if url.has_opaque_path() => {
            ignored(SetterIgnored::OpaquePath)
        }
        Setter::Host => state_override::run(url, value, StateOverride::Host),
        Setter::Hostname => state_override::run(url, value, StateOverride::Hostname),
        Setter::Port if cannot_have_credentials_or_port(url) => ignored(SetterIgnored::CannotHaveCredentialsOrPort),
        Setter::Port if value.is_empty() => Ok(all(state_override::set_null(url, Nullable::Port))),
        Setter::Port => state_override::run(url, value, StateOverride::Port),
        // The pathname setter's "empty this's URL's path" is the cut.
        Setter::Pathname => state_override::run(url, value, StateOverride::PathStart),
        Setter::Search if value.is_empty() => Ok(all(state_override::set_null(url, Nullable::Query))),
        Setter::Search => {
            let input = value.strip_prefix('?').unwrap_or(value);
            state_override::run(url, input, StateOverride::Query).map_err(after(value.len() - input.len()))
        }
        Setter::Hash if value.is_empty() => Ok(all(state_override::set_null(url, Nullable::Fragment))),
        Setter::Hash => {
            let input = value.strip_prefix('#').unwrap_or(value);
            state_override::run(url, input, StateOverride::Fragment).map_err(after(value.len() - input.len()))
        }
    }
}

/// URL Standard §4.1 "cannot have a username/password/port": the host is
/// null or the empty string, or the scheme is `file`.
fn cannot_have_credentials_or_port(url: UrlRef<'_>) -> bool {
    url.o.host(url.s).is_none_or(str::is_empty) || url.scheme() == "file"
}

/// `value`, UTF-8 percent-encoded using the userinfo percent-encode set.
fn userinfo_encoded(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        push_encoded(&mut out, c, &USERINFO);
    }
    out
}

/// [`Url::set`] on a WHATWG URL: the setter [`Setter::of`] `c`. A query
/// or a fragment goes to `search` or `hash` after a `?` or `#` (so that
/// `Some("")` is an empty query, and a `?` the value starts with is kept),
/// `None` as the empty string (which removes it, and removes a port);
/// the scheme and the path cannot be removed.
pub(crate) fn set_component(url: &mut Url, c: Component, value: Option<&str>) -> Result<Taken, ParseError> {
    let setter = Setter::of(c);
    match (c, value) {
        (Component::Scheme | Component::Path, None) => {
            Err(ParseError::new(0, ParseErrorKind::MissingPart, c.rule(), Spec::Whatwg))
        }
        (Component::Query | Component::Fragment, Some(value)) => {
            // The value is given after its '?' or '#', which the setter
            // drops: offsets into what it ran on are one past those into
            // the value.
            let mut given = String::with_capacity(value.len() + 1);
            given.push(if c == Component::Query { '?' } else { '#' });
            given.push_str(value);
            let back = |n: usize| n.saturating_sub(1);
            match url.set_api_taken(setter, &given) {
                Ok(Taken::Part { end, why }) => Ok(Taken::Part { end: back(end), why }),
                Ok(Taken::All) => Ok(Taken::All),
                Err(e) => Err(ParseError {
                    offset: back(e.offset),
                    ..e
                }),
            }
        }
        (_, value) => url.set_api_taken(setter, value.unwrap_or("")),
    }
}
