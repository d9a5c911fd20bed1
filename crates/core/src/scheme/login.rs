//! [`Login`]: the server part of the common Internet scheme syntax, which
//! every view of a scheme with a host shares.

use crate::error::SchemeError;
use crate::url::UrlRef;

/// RFC 1738 §3.1's `//<user>:<password>@<host>:<port>/`: where the server
/// is and how to log in to it.
///
/// The views of the schemes that name a server ([`FtpUrl`](super::FtpUrl),
/// [`HttpUrl`](super::HttpUrl), [`GopherUrl`](super::GopherUrl),
/// [`NntpUrl`](super::NntpUrl), [`TelnetUrl`](super::TelnetUrl),
/// [`WaisUrl`](super::WaisUrl), [`ProsperoUrl`](super::ProsperoUrl))
/// dereference to it, so `ftp.host()` is [`Login::host`]. Where a scheme
/// has no use for a user or password (http, gopher, wais...), RFC 1738
/// refuses them and the getters say `None`; under RFC 3986 they are what
/// the URL holds.
///
/// # Examples
///
/// ```
/// use urikit::scheme::SchemeView;
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("ftp://ann:pw@ftp.Example.com:2121/pub/f")?;
/// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
/// assert_eq!((ftp.user(), ftp.password()), (Some("ann"), Some("pw")));
/// assert_eq!((ftp.host(), ftp.port()), ("ftp.Example.com", Ok(2121)));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Login<'a> {
    pub(super) url: UrlRef<'a>,
}

impl<'a> Login<'a> {
    /// The server part of `url`: a [`SchemeError`] when it has no `//host`
    /// (RFC 1738 parses some schemes generically, which allows none).
    pub(super) fn new(url: UrlRef<'a>) -> Result<Login<'a>, SchemeError> {
        super::need_host(&url)?;
        Ok(Login { url })
    }

    /// The host, as written.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://Info.CERN.ch/")?;
    /// let SchemeView::Http(http) = url.view().unwrap() else { panic!() };
    /// assert_eq!(http.host(), "Info.CERN.ch");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or_default()
    }

    /// The port to connect to: the URL's, or else its scheme's default
    /// (21 for ftp, 70 for gopher, 210 for wais...; see
    /// [`ports`](crate::ports)).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("gopher://h/")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.port(), Ok(70));
    /// let url = UrlRef::parse("ftp://h:2121/f")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.port(), Ok(2121));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SchemeErrorKind::PortOutOfRange`](crate::SchemeErrorKind::PortOutOfRange)
    /// for a port over 65535 (RFC 1808 and RFC 3986 allow any digits): the
    /// default is never put in its place.
    pub fn port(&self) -> Result<u16, SchemeError> {
        super::port_or(&self.url)
    }

    /// The user name as written, `None` when there is none (an FTP client
    /// then logs in as `anonymous`; a telnet client asks).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("telnet://guest@h/")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.user(), Some("guest"));
    /// let url = UrlRef::parse("ftp://h/f")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.user(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn user(&self) -> Option<&'a str> {
        self.url.user()
    }

    /// The password as written; `Some("")` is an empty password, `None`
    /// none at all.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://ann:@h/f")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.password(), Some(""));
    /// let url = UrlRef::parse("ftp://ann@h/f")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.password(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn password(&self) -> Option<&'a str> {
        self.url.password()
    }
}
