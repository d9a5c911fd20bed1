//! URL Standard §6.1 "URL class": the getters of the JavaScript `URL` API
//! (`href`, `protocol`, `username`, `password`, `host`, `hostname`, `port`,
//! `pathname`, `search`, `hash`, `origin`), with their exact string forms,
//! over a WHATWG [`Url`] or [`UrlRef`]. Each but `origin` is a slice of the
//! serialization.
//!
//! ```text
//! https://user:pw@example.com:8080/a/b?q=1#top
//! └─────┘ protocol            └──┘ port
//!         └──┘ username, └┘ password
//!                 └──────────────┘ host (hostname:port)
//!                                 └──┘ pathname
//!                                     └───┘ search
//!                                          └──┘ hash
//! ```

mod setters;

pub(crate) use setters::set_component;
pub use setters::{Setter, Taken};

pub use crate::error::PartIgnored;

use super::SchemeType;
use crate::url::{Url, UrlRef};
use crate::Spec;

/// The `URL` API's getters over a WHATWG URL.
///
/// # Examples
///
/// ```
/// use urikit::{Spec, Url};
///
/// let url = Url::parse_lenient_with("HTTPS://user@Example.COM:443/a/../b?#x", Spec::Whatwg)?.0;
/// let api = url.api().unwrap();
/// assert_eq!(api.href(), "https://user@example.com/b?#x");
/// assert_eq!((api.protocol(), api.username(), api.password()), ("https:", "user", ""));
/// assert_eq!((api.host(), api.hostname(), api.port()), ("example.com", "example.com", ""));
/// assert_eq!((api.pathname(), api.search(), api.hash()), ("/b", "", "#x"));
/// assert_eq!(api.origin(), "https://example.com");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UrlApi<'a> {
    url: UrlRef<'a>,
}

impl<'a> UrlApi<'a> {
    /// `href`: the serialization.
    pub fn href(&self) -> &'a str {
        self.url.as_str()
    }

    /// `protocol`: the scheme and `:`.
    pub fn protocol(&self) -> &'a str {
        &self.url.as_str()[..self.url.scheme().len() + 1]
    }

    /// `username`: empty when there is none.
    pub fn username(&self) -> &'a str {
        self.url.user().unwrap_or("")
    }

    /// `password`: empty when there is none.
    pub fn password(&self) -> &'a str {
        self.url.password().unwrap_or("")
    }

    /// `host`: the host and, when there is one, `:` and the port; empty
    /// when the host is null.
    pub fn host(&self) -> &'a str {
        let (Some(host), s) = (self.url.host(), self.url.as_str()) else {
            return "";
        };
        let start = host.as_ptr() as usize - s.as_ptr() as usize;
        match self.url.port_str() {
            Some(port) => &s[start..start + host.len() + 1 + port.len()],
            None => host,
        }
    }

    /// `hostname`: the host, serialized; empty when it is null.
    pub fn hostname(&self) -> &'a str {
        self.url.host().unwrap_or("")
    }

    /// `port`: the port in decimal, empty when it is null (the scheme's
    /// default port is never kept).
    pub fn port(&self) -> &'a str {
        self.url.port_str().unwrap_or("")
    }

    /// `pathname`: the URL path serialized (an opaque path as it is), without
    /// the `/.` the serialization puts before a path that starts with `//`
    /// when there is no host.
    pub fn pathname(&self) -> &'a str {
        self.url.path()
    }

    /// `search`: `?` and the query, empty when the query is null or empty.
    pub fn search(&self) -> &'a str {
        with_delimiter(self.url.as_str(), self.url.query())
    }

    /// `hash`: `#` and the fragment, empty when it is null or empty.
    pub fn hash(&self) -> &'a str {
        with_delimiter(self.url.as_str(), self.url.fragment())
    }

    /// The getter of the attribute `which` names: what a program that
    /// takes an attribute's name (a setter's) reads back.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::api::Setter;
    /// use urikit::{Spec, Url};
    ///
    /// let url = Url::parse_with("https://example.com:8080/a?q#f", Spec::Whatwg)?;
    /// let api = url.api().unwrap();
    /// assert_eq!(api.get(Setter::Host), "example.com:8080");
    /// assert_eq!(api.get(Setter::from_name("search").unwrap()), "?q");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn get(&self, which: Setter) -> &'a str {
        match which {
            Setter::Href => self.href(),
            Setter::Protocol => self.protocol(),
            Setter::Username => self.username(),
            Setter::Password => self.password(),
            Setter::Host => self.host(),
            Setter::Hostname => self.hostname(),
            Setter::Port => self.port(),
            Setter::Pathname => self.pathname(),
            Setter::Search => self.search(),
            Setter::Hash => self.hash(),
        }
    }

    /// `origin`: the serialization of the URL's origin (URL Standard §4.7,
    /// HTML's "serialization of an origin"): `scheme://host[:port]` for the
    /// special schemes but `file`, the origin of the URL in the path of a
    /// `blob` URL whose path is an `http` or `https` URL, and `null` (an
    /// opaque origin) for everything else.
    pub fn origin(&self) -> String {
        let scheme = self.url.scheme();
        match SchemeType::of(scheme) {
            // The special schemes but file.
            SchemeType::Special(_) => {
                let mut out = String::with_capacity(scheme.len() + 3 + self.host().len());
                out.push_str(scheme);
                out.push_str("://");
                out.push_str(self.host());
                out
            }
            _ if scheme == "blob" => match Url::parse_lenient_with(self.url.path(), Spec::Whatwg) {
                Ok((inner, _)) if matches!(inner.scheme(), "http" | "https") => {
                    inner.api().map_or_else(String::new, |a| a.origin())
                }
                _ => "null".to_owned(),
            },
            _ => "null".to_owned(),
        }
    }
}

/// The part of `s` that is `part` with the delimiter before it, or `""`
/// for an absent or empty part.
fn with_delimiter<'a>(s: &'a str, part: Option<&'a str>) -> &'a str {
    match part {
        Some(p) if !p.is_empty() => {
            let start = p.as_ptr() as usize - s.as_ptr() as usize - 1;
            &s[start..start + 1 + p.len()]
        }
        _ => "",
    }
}

impl<'a> UrlRef<'a> {
    /// The `URL` API's getters ([`UrlApi`]), for a URL of [`Spec::Whatwg`];
    /// `None` for a URL of another spec.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, UrlRef};
    ///
    /// let url = UrlRef::parse_with("web+demo:/.//not-a-host/", Spec::Whatwg)?;
    /// assert_eq!(url.api().unwrap().pathname(), "//not-a-host/");
    /// assert!(UrlRef::parse("http://h/")?.api().is_none());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn api(&self) -> Option<UrlApi<'a>> {
        (self.spec() == Spec::Whatwg).then_some(UrlApi { url: *self })
    }
}

impl Url {
    /// See [`UrlRef::api`].
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let url = Url::parse_with("http://example.org:8080/", Spec::Whatwg)?;
    /// assert_eq!(url.api().unwrap().host(), "example.org:8080");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn api(&self) -> Option<UrlApi<'_>> {
        self.as_url_ref().api()
    }
}
