//! `http` (RFC 1738 §3.3; RFC 1630 draft, "HTTP"; draft-03 on proxies),
//! and the plan of `https` (RFC 9110 §4.2.2), which is http's over TLS.

use std::borrow::Cow;
use std::ops::Deref;

use super::{raw_ref, Field, FieldRef, Login, Plan};
use crate::error::SchemeError;
use crate::url::UrlRef;

/// An `http` URL: `http://<host>:<port>/<path>?<searchpart>`.
///
/// The path and search are "handled transparently" (RFC 1630 draft): they go
/// to the server as written, never decoded, so the view keeps them raw.
///
/// # Examples
///
/// ```
/// use urikit::scheme::SchemeView;
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("http://info.cern.ch:8080/hypertext/WWW?x+y#top")?;
/// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
/// assert_eq!(http.request_line(), b"GET /hypertext/WWW?x+y HTTP/1.0\r\n");
/// assert_eq!(http.proxy_request_line(), b"GET http://info.cern.ch:8080/hypertext/WWW?x+y HTTP/1.0\r\n");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpUrl<'a> {
    login: Login<'a>,
}

impl<'a> HttpUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<HttpUrl<'a>, SchemeError> {
        Ok(HttpUrl {
            login: Login::new(url)?,
        })
    }

    /// The path as sent: the URL's path, or `/` when it has none.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://h")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.path(), "/");
    /// let url = UrlRef::parse("http://h/a%20b")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.path(), "/a%20b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn path(&self) -> &'a str {
        match self.login.url.path() {
            "" => "/",
            p => p,
        }
    }

    /// The search part, as written.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://h/p?x+y")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.search(), Some("x+y"));
    /// let url = UrlRef::parse("http://h/p")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.search(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn search(&self) -> Option<&'a str> {
        self.login.url.query()
    }

    /// What the request names: the path and `?search`, never the fragment
    /// ("The fragmentid part is not sent with the request").
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://h/p?q#frag")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.request_target(), "/p?q");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn request_target(&self) -> String {
        match self.search() {
            Some(q) => format!("{}?{q}", self.path()),
            None => self.path().to_owned(),
        }
    }

    /// `GET <path>?<search> HTTP/1.0` and CR LF, as sent to the server the
    /// URL names.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://h#frag")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.request_line(), b"GET / HTTP/1.0\r\n");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn request_line(&self) -> Vec<u8> {
        format!("GET {} HTTP/1.0\r\n", self.request_target()).into_bytes()
    }

    /// The request line sent to a proxy: the entire URL, without its
    /// fragment (draft-03: "the entire URI ... is passed on the HTTP command
    /// line").
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://h/p?q#frag")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.proxy_request_line(), b"GET http://h/p?q HTTP/1.0\r\n");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn proxy_request_line(&self) -> Vec<u8> {
        let s = self.login.url.as_str();
        let end = self.login.url.fragment().map_or(s.len(), |f| s.len() - f.len() - 1);
        format!("GET {} HTTP/1.0\r\n", &s[..end]).into_bytes()
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        super::collect_fields(|f| self.each_field(f))
    }

    /// The fields, borrowed where they can be (see [`SchemeView::each_field`](super::SchemeView::each_field)).
    pub(crate) fn each_field<E, F>(&self, f: &mut F) -> Result<(), E>
    where
        F: FnMut(&'static str, FieldRef<'_>) -> Result<(), E> + ?Sized,
    {
        f("host", raw_ref(self.login.url.host()))?;
        f("port", super::port_ref(&self.login.url))?;
        f("path", FieldRef::Text(Cow::Borrowed(self.path())))?;
        f("search", raw_ref(self.search()))?;
        // The path and search stand together in the URL, `?` between them:
        // the target is a slice of it, unless the path is empty and so `/`.
        let target = match self.search() {
            None => Cow::Borrowed(self.path()),
            Some(q) => {
                let (url, path) = (self.login.url.as_str(), self.login.url.path());
                let start = path.as_ptr() as usize - url.as_ptr() as usize;
                let end = start + path.len();
                let q_start = q.as_ptr() as usize - url.as_ptr() as usize;
                if !path.is_empty() && q_start == end + 1 {
                    Cow::Borrowed(&url[start..q_start + q.len()])
                } else {
                    Cow::Owned(self.request_target())
                }
            }
        };
        f("request_target", FieldRef::Text(target))
    }

    /// The `Host:` header line (RFC 7230 §5.4; HTTP/1.0 servers ignore it,
    /// name-based virtual hosts need it): the host, and the port when the
    /// URL gives one other than the scheme's own (80; 443 for https; one
    /// over 65535 as written), then CR LF.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://h:80/")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.host_line(), b"Host: h\r\n");
    /// let url = UrlRef::parse("http://h:8080/")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.host_line(), b"Host: h:8080\r\n");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host_line(&self) -> Vec<u8> {
        let own = crate::ports::known(self.login.url.scheme(), self.login.url.spec()).map(|d| d.port);
        match (self.login.url.port(), self.login.url.port_str()) {
            (Some(port), _) if Some(port) == own => format!("Host: {}\r\n", self.host()).into_bytes(),
            (None, None | Some("")) => format!("Host: {}\r\n", self.host()).into_bytes(),
            (Some(port), _) => format!("Host: {}:{port}\r\n", self.host()).into_bytes(),
            (None, Some(digits)) => format!("Host: {}:{digits}\r\n", self.host()).into_bytes(),
        }
    }

    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::connect(self.host(), super::connect_port(&self.login.url)?);
        plan.steps.push(super::Step::Send(self.request_line()));
        plan.steps.push(super::Step::Send(self.host_line()));
        plan.line(&[]);
        Ok(plan)
    }

    /// The plan of an `https` URL (RFC 9110 §4.2.2: "the same as the
    /// http scheme" but over TLS, port 443): the connection, TLS with the
    /// host as the name the certificate must be valid for, then an
    /// HTTP/1.1 request (RFC 9112 §3) with its `Host:` line and
    /// `Connection: close`, so that the one response ends the connection.
    /// HTTP/1.1 rather than http's 1.0: https is a scheme of the HTTP/1.1
    /// specifications, and servers of today answer it as such.
    pub(crate) fn tls_plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::connect(self.host(), super::connect_port(&self.login.url)?);
        // The host as written, less an IPv6 literal's brackets.
        let name = self.host().trim_start_matches('[').trim_end_matches(']');
        plan.steps.push(super::Step::Tls {
            server_name: name.to_owned(),
        });
        plan.line(&[b"GET ", self.request_target().as_bytes(), b" HTTP/1.1"]);
        plan.steps.push(super::Step::Send(self.host_line()));
        plan.line(&[b"Connection: close"]);
        plan.line(&[]);
        Ok(plan)
    }
}

impl<'a> Deref for HttpUrl<'a> {
    type Target = Login<'a>;

    fn deref(&self) -> &Login<'a> {
        &self.login
    }
}
