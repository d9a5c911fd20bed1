//! What urikit knows of each scheme the 1994 specifications name: default
//! ports, a typed view per scheme, and its access plan.
//!
//! [`UrlRef::view`] and [`Url::view`] give a [`SchemeView`]: for `http`,
//! `ftp`, `gopher`, `mailto`, `news`, `nntp`, `telnet` (and `rlogin`,
//! `tn3270`), `wais`, `file` and `prospero`, a view with the fields RFC 1738
//! describes, %-decoded where the protocol uses the decoded octets; for
//! `mid`, `cid`, `urn` and `afs` (RFC 1630 draft) a smaller view; `x-`
//! schemes are experimental; everything else is generic. Each view's
//! [`plan`](SchemeView::plan) is the exchange a client performs.

mod decoded;
mod file;
mod ftp;
mod gopher;
mod http;
mod key;
mod login;
mod mailto;
mod news;
mod other;
mod plan;
mod prospero;
mod telnet;
mod wais;

use std::borrow::Cow;

pub use decoded::Decoded;
pub(crate) use decoded::{escaped, text, LINE_BREAKERS};
pub use file::FileUrl;
pub use ftp::{FtpType, FtpUrl};
pub use gopher::{GopherPlus, GopherUrl};
pub use http::HttpUrl;
pub use login::Login;
pub use mailto::MailtoUrl;
pub use news::{NewsTarget, NewsUrl, NntpUrl};
pub use other::{AfsUrl, MessageIdUrl, OtherUrl};
pub use plan::{Plan, Secret, Step};
pub use prospero::ProsperoUrl;
pub use telnet::TelnetUrl;
pub use wais::{WaisForm, WaisUrl};

use crate::error::{SchemeError, SchemeErrorKind};
use crate::rfc1738::Known;
use crate::url::{Url, UrlRef};
use key::SchemeKey;

/// The port a scheme's protocol listens on when a URL gives none, by the
/// 1994 specs (see [`ports`](crate::ports) for every spec's table).
///
/// RFC 1738 §3 gives ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais
/// 210 and prospero 1525. The RFC 1630 draft adds rlogin and tn3270 as
/// interactive-session schemes; their protocols' ports are 513 (RFC 1282) and
/// 23 (tn3270 runs over telnet, RFC 1576). The name is compared without
/// regard to case.
///
/// # Examples
///
/// ```
/// assert_eq!(urikit::scheme::default_port("http"), Some(80));
/// assert_eq!(urikit::scheme::default_port("GOPHER"), Some(70));
/// assert_eq!(urikit::scheme::default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    crate::ports::default_port(scheme, crate::Spec::Rfc1738)
}

/// The typed view of a URL, by scheme.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchemeView<'a> {
    /// `http` (RFC 1738 §3.3).
    Http(HttpUrl<'a>),
    /// `ftp` (RFC 1738 §3.2).
    Ftp(FtpUrl<'a>),
    /// `gopher` (RFC 1738 §3.4, draft-03 Gopher+).
    Gopher(GopherUrl<'a>),
    /// `mailto` (RFC 1738 §3.5).
    Mailto(MailtoUrl<'a>),
    /// `news` (RFC 1738 §3.6).
    News(NewsUrl<'a>),
    /// `nntp` (RFC 1738 §3.7).
    Nntp(NntpUrl<'a>),
    /// `telnet` (RFC 1738 §3.8), `rlogin` and `tn3270` (RFC 1630 draft).
    Telnet(TelnetUrl<'a>),
    /// `wais` (RFC 1738 §3.9).
    Wais(WaisUrl<'a>),
    /// `file` (RFC 1738 §3.10).
    File(FileUrl<'a>),
    /// `prospero` (RFC 1738 §3.11).
    Prospero(ProsperoUrl<'a>),
    /// `mid` and `cid` (RFC 1630 draft, "Message-Id", "Content-Id").
    MessageId(MessageIdUrl<'a>),
    /// `afs` (RFC 1630 draft: "left in as historical note").
    Afs(AfsUrl<'a>),
    /// `urn`: a prefix the RFC 1630 draft reserves for Uniform Resource Names.
    Urn(OtherUrl<'a>),
    /// An experimental `x-` scheme (RFC 1630 draft, "Registration of naming
    /// schemes").
    Experimental(OtherUrl<'a>),
    /// Any other scheme: the generic syntax only.
    Generic(OtherUrl<'a>),
}

/// A field of a view, for printing and JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Field {
    /// Absent.
    Null,
    /// A text (decoded octets shown as UTF-8, invalid sequences replaced).
    Text(String),
    /// A number.
    Number(u64),
    /// A flag.
    Bool(bool),
    /// A list of texts.
    List(Vec<String>),
    /// Name-value pairs.
    Pairs(Vec<(String, String)>),
}

/// A field of a view, borrowed where it can be: what
/// [`SchemeView::each_field`] gives, for writing a view without allocating.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FieldRef<'v> {
    /// Absent.
    Null,
    /// A text (decoded octets shown as UTF-8, invalid sequences replaced).
    Text(Cow<'v, str>),
    /// A number.
    Number(u64),
    /// A flag.
    Bool(bool),
    /// A list of texts.
    List(&'v [String]),
    /// Name-value pairs.
    Pairs(&'v [(String, String)]),
}

impl<'v> From<&'v Field> for FieldRef<'v> {
    fn from(field: &'v Field) -> FieldRef<'v> {
        match field {
            Field::Null => FieldRef::Null,
            Field::Text(t) => FieldRef::Text(Cow::Borrowed(t)),
            Field::Number(n) => FieldRef::Number(*n),
            Field::Bool(b) => FieldRef::Bool(*b),
            Field::List(l) => FieldRef::List(l),
            Field::Pairs(p) => FieldRef::Pairs(p),
        }
    }
}

impl From<FieldRef<'_>> for Field {
    fn from(field: FieldRef<'_>) -> Field {
        match field {
            FieldRef::Null => Field::Null,
            FieldRef::Text(t) => Field::Text(t.into_owned()),
            FieldRef::Number(n) => Field::Number(n),
            FieldRef::Bool(b) => Field::Bool(b),
            FieldRef::List(l) => Field::List(l.to_vec()),
            FieldRef::Pairs(p) => Field::Pairs(p.to_vec()),
        }
    }
}

/// The fields `each_field` gives, owned.
pub(crate) fn collect_fields(
    each_field: impl FnOnce(&mut dyn FnMut(&'static str, FieldRef<'_>) -> Result<(), ()>) -> Result<(), ()>,
) -> Vec<(&'static str, Field)> {
    let mut fields = Vec::new();
    let _ = each_field(&mut |name, value| {
        fields.push((name, Field::from(value)));
        Ok(())
    });
    fields
}

impl<'a> SchemeView<'a> {
    /// The view of `url`, by its scheme.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::SchemeErrorKind;
    /// use urikit::UrlRef;
    ///
    /// let view = SchemeView::of(UrlRef::parse("http://example.com/")?).unwrap();
    /// assert_eq!(view.kind(), "http");
    ///
    /// // An rlogin URL is valid by the generic syntax, but its view needs a host.
    /// let err = SchemeView::of(UrlRef::parse("rlogin:somewhere")?).unwrap_err();
    /// assert_eq!(err.kind, SchemeErrorKind::MissingHost);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL is valid in its spec but lacks what the scheme's view
    /// needs: `rlogin` without `//host`, a path after a telnet login.
    // Always inlined: the view is large, and a caller that writes it
    // where it lives (parse --json's records) would otherwise copy it out
    // of this function's return value for every URL.
    #[inline(always)]
    pub fn of(url: UrlRef<'a>) -> Result<SchemeView<'a>, SchemeError> {
        Ok(match SchemeKey::of(url.scheme()) {
            SchemeKey::Rfc1738(Known::Http) => SchemeView::Http(HttpUrl::new(url)?),
            SchemeKey::Rfc1738(Known::Ftp) => SchemeView::Ftp(FtpUrl::new(url)?),
            SchemeKey::Rfc1738(Known::Gopher) => SchemeView::Gopher(GopherUrl::new(url)?),
            SchemeKey::Rfc1738(Known::Mailto) => SchemeView::Mailto(MailtoUrl::new(url)),
            SchemeKey::Rfc1738(Known::News) => SchemeView::News(NewsUrl::new(url)),
            SchemeKey::Rfc1738(Known::Nntp) => SchemeView::Nntp(NntpUrl::new(url)?),
            SchemeKey::Rfc1738(Known::Telnet) => SchemeView::Telnet(TelnetUrl::new(url)?),
            SchemeKey::Rfc1738(Known::Wais) => SchemeView::Wais(WaisUrl::new(url)?),
            SchemeKey::Rfc1738(Known::File) => SchemeView::File(FileUrl::new(url)?),
            SchemeKey::Rfc1738(Known::Prospero) => SchemeView::Prospero(ProsperoUrl::new(url)?),
            SchemeKey::MessageId => SchemeView::MessageId(MessageIdUrl::new(url)),
            SchemeKey::Afs => SchemeView::Afs(AfsUrl::new(url)?),
            SchemeKey::Urn => SchemeView::Urn(OtherUrl::new(url)),
            SchemeKey::Experimental => SchemeView::Experimental(OtherUrl::new(url)),
            SchemeKey::Generic => SchemeView::Generic(OtherUrl::new(url)),
        })
    }

    /// The view's name: the scheme it is for, or `experimental`, `generic`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// assert_eq!(UrlRef::parse("rlogin://host")?.view().unwrap().kind(), "telnet");
    /// assert_eq!(UrlRef::parse("x-my:thing")?.view().unwrap().kind(), "experimental");
    /// assert_eq!(UrlRef::parse("about:blank")?.view().unwrap().kind(), "generic");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            SchemeView::Http(_) => "http",
            SchemeView::Ftp(_) => "ftp",
            SchemeView::Gopher(_) => "gopher",
            SchemeView::Mailto(_) => "mailto",
            SchemeView::News(_) => "news",
            SchemeView::Nntp(_) => "nntp",
            SchemeView::Telnet(_) => "telnet",
            SchemeView::Wais(_) => "wais",
            SchemeView::File(_) => "file",
            SchemeView::Prospero(_) => "prospero",
            SchemeView::MessageId(_) => "message-id",
            SchemeView::Afs(_) => "afs",
            SchemeView::Urn(_) => "urn",
            SchemeView::Experimental(_) => "experimental",
            SchemeView::Generic(_) => "generic",
        }
    }

    /// The view's fields, by name, for printing.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::Field;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://example.com:8080/a")?;
    /// let fields = url.view().unwrap().fields();
    /// assert!(fields.contains(&("port", Field::Number(8080))));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            SchemeView::Http(v) => v.fields(),
            SchemeView::Ftp(v) => v.fields(),
            SchemeView::Gopher(v) => v.fields(),
            SchemeView::Mailto(v) => v.fields(),
            SchemeView::News(v) => v.fields(),
            SchemeView::Nntp(v) => v.fields(),
            SchemeView::Telnet(v) => v.fields(),
            SchemeView::Wais(v) => v.fields(),
            SchemeView::File(v) => v.fields(),
            SchemeView::Prospero(v) => v.fields(),
            SchemeView::MessageId(v) => v.fields(),
            SchemeView::Afs(v) => v.fields(),
            SchemeView::Urn(v) | SchemeView::Experimental(v) | SchemeView::Generic(v) => v.fields(),
        }
    }

    /// The view's fields, by name and in the order of [`fields`](Self::fields),
    /// each given to `f` borrowed where it can be: the views of `http`,
    /// `file` and of schemes with the generic syntax only allocate nothing
    /// unless a field must be decoded or lowercased. It stops at the first
    /// error `f` returns.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::FieldRef;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("file:///etc/motd")?;
    /// let mut names = Vec::new();
    /// url.view().unwrap().each_field(|name, value| {
    ///     if let FieldRef::Text(t) = &value {
    ///         assert!(matches!(t, std::borrow::Cow::Borrowed(_)));
    ///     }
    ///     names.push(name);
    ///     Ok::<(), ()>(())
    /// }).unwrap();
    /// assert_eq!(names, ["host", "local", "path"]);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first error of `f`.
    pub fn each_field<E>(&self, mut f: impl FnMut(&'static str, FieldRef<'_>) -> Result<(), E>) -> Result<(), E> {
        match self {
            SchemeView::Http(v) => v.each_field(&mut f),
            SchemeView::File(v) => v.each_field(&mut f),
            SchemeView::Urn(v) | SchemeView::Experimental(v) | SchemeView::Generic(v) => v.each_field(&mut f),
            _ => {
                for (name, field) in self.fields() {
                    f(name, FieldRef::from(&field))?;
                }
                Ok(())
            }
        }
    }

    /// The access plan: what a client sends to retrieve the resource, or
    /// what it must know where the scheme retrieves nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::SchemeErrorKind;
    /// use urikit::UrlRef;
    ///
    /// let plan = UrlRef::parse("http://h/p?q")?.view().unwrap().plan().unwrap();
    /// assert_eq!(plan.sent(), b"GET /p?q HTTP/1.0\r\nHost: h\r\n\r\n");
    ///
    /// // https is http's plan over TLS, with HTTP/1.1.
    /// let plan = UrlRef::parse("https://h/p")?.view().unwrap().plan().unwrap();
    /// assert!(plan.to_string().contains("# start TLS; the certificate must be valid for h"));
    /// assert_eq!(plan.sent(), b"GET /p HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");
    ///
    /// // An escaped CR LF in a gopher selector would end the request line early.
    /// let url = UrlRef::parse("gopher://h/0a%0D%0Ab")?;
    /// let err = url.view().unwrap().plan().unwrap_err();
    /// assert_eq!(err.kind, SchemeErrorKind::Smuggling { byte: b'\r' });
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SchemeErrorKind::Smuggling`] when a decoded octet would end a
    /// protocol line early; [`SchemeErrorKind::RemoteFile`] for a `file` URL
    /// of another machine; [`SchemeErrorKind::MissingHost`] for an `https`
    /// URL with no host; [`SchemeErrorKind::PortOutOfRange`] for a port
    /// over 65535 (RFC 1808 and RFC 3986 allow any digits), judged after
    /// the octets sent: a plan never connects to a port other than the one
    /// written, or the scheme's default when none is.
    pub fn plan(&self) -> Result<Plan, SchemeError> {
        match self {
            SchemeView::Http(v) => v.plan(),
            SchemeView::Ftp(v) => v.plan(),
            SchemeView::Gopher(v) => v.plan(),
            SchemeView::Mailto(v) => Ok(v.plan()),
            SchemeView::News(v) => v.plan(),
            SchemeView::Nntp(v) => v.plan(),
            SchemeView::Telnet(v) => v.plan(),
            SchemeView::Wais(v) => v.plan(),
            SchemeView::File(v) => v.plan(),
            SchemeView::Prospero(v) => v.plan(),
            SchemeView::MessageId(v) => Ok(v.plan()),
            SchemeView::Afs(v) => Ok(v.plan()),
            SchemeView::Urn(v) | SchemeView::Experimental(v) | SchemeView::Generic(v) => v.plan(self.kind()),
        }
    }
}

impl<'a> UrlRef<'a> {
    /// The typed view of this URL, by its scheme (see [`SchemeView`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://host.dom/pub/file.txt;type=i")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.name().as_bytes(), b"file.txt");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// See [`SchemeView::of`].
    #[inline]
    pub fn view(&self) -> Result<SchemeView<'a>, SchemeError> {
        SchemeView::of(*self)
    }
}

impl Url {
    /// The typed view of this URL, by its scheme (see [`SchemeView`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::Url;
    ///
    /// let url = Url::parse("mailto:ann@example.com")?;
    /// let SchemeView::Mailto(mailto) = url.view().unwrap() else { panic!() };
    /// assert_eq!(mailto.address().as_bytes(), b"ann@example.com");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// See [`SchemeView::of`].
    pub fn view(&self) -> Result<SchemeView<'_>, SchemeError> {
        SchemeView::of(self.as_url_ref())
    }
}

/// `Text` of a raw part, borrowed, or `Null`.
pub(crate) fn raw_ref(s: Option<&str>) -> FieldRef<'_> {
    s.map_or(FieldRef::Null, |s| FieldRef::Text(Cow::Borrowed(s)))
}

/// The port a view connects to: the URL's, or else its scheme's default
/// as [`ports::known`](crate::ports::known) gives it under the URL's spec
/// (the spec's own, or the registered one: a `gopher` URL by the URL
/// Standard still reaches port 70), with where a registered default that the
/// spec does not define is defined.
///
/// # Errors
///
/// A port over 65535; no port at all, for a scheme with no default (none
/// of the views' schemes: a test holds each of them to the table).
pub(crate) fn connect_port(url: &UrlRef<'_>) -> Result<(u16, Option<&'static str>), SchemeError> {
    // A port over 65535 is refused, never replaced.
    url.port_or_default()?;
    if let Some(port) = url.port() {
        return Ok((port, None));
    }
    match crate::ports::known(url.scheme(), url.spec()) {
        Some(d) => Ok((d.port, (!d.by_spec).then_some(d.source))),
        None => Err(SchemeError {
            offset: url.scheme().len() + 1,
            kind: SchemeErrorKind::NoDefaultPort,
        }),
    }
}

/// [`connect_port`]'s port.
pub(crate) fn port_or(url: &UrlRef<'_>) -> Result<u16, SchemeError> {
    connect_port(url).map(|(port, _)| port)
}

/// The port field of a view: the URL's port or its scheme's default; the
/// digits as written, as text, for a port over 65535, which no number holds.
pub(crate) fn port_ref<'a>(url: &UrlRef<'a>) -> FieldRef<'a> {
    match url.port_or_default() {
        Ok(port) => port.map_or(FieldRef::Null, |p| FieldRef::Number(p.into())),
        Err(_) => raw_ref(url.port_str()),
    }
}

/// `Text` of a raw part, or `Null`.
pub(crate) fn raw(s: Option<&str>) -> Field {
    s.map_or(Field::Null, |s| Field::Text(s.to_owned()))
}

/// The host and port fields of a view.
pub(crate) fn host_fields(url: &UrlRef<'_>) -> [(&'static str, Field); 2] {
    [("host", raw(url.host())), ("port", Field::from(port_ref(url)))]
}

/// The fields of a view of a server: [`host_fields`], then `rest`.
pub(crate) fn with_host_fields<const N: usize>(
    url: &UrlRef<'_>,
    rest: [(&'static str, Field); N],
) -> Vec<(&'static str, Field)> {
    let mut fields = Vec::with_capacity(N + 2);
    fields.extend(host_fields(url));
    fields.extend(rest);
    fields
}

/// The `//host` a view needs, for schemes RFC 1738 parses generically.
pub(crate) fn need_host(url: &UrlRef<'_>) -> Result<(), SchemeError> {
    if url.host().is_some() {
        Ok(())
    } else {
        Err(SchemeError {
            offset: url.scheme().len() + 1,
            kind: SchemeErrorKind::MissingHost,
        })
    }
}

/// The offset of the path in the URL.
pub(crate) fn path_offset(url: &UrlRef<'_>) -> usize {
    url.path().as_ptr() as usize - url.as_str().as_ptr() as usize
}

/// Where RFC 1738's `url-path` (the path after its `/`) starts and ends in
/// the URL.
pub(crate) fn url_path(url: &UrlRef<'_>) -> (usize, usize) {
    let path = path_offset(url);
    (path + usize::from(url.path().starts_with('/')), path + url.path().len())
}
