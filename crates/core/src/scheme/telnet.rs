//! `telnet` (RFC 1738 §3.8), and `rlogin` and `tn3270`, which the RFC 1630
//! draft lists beside it.

use super::{host_fields, text, Decoded, Field, Plan};
use crate::error::{SchemeError, SchemeErrorKind};
use crate::url::UrlRef;

/// An interactive-session URL: `telnet://<user>:<password>@<host>:<port>/`.
///
/// The user and password are advisory only: a client tells the user what
/// to log in as.
///
/// # Examples
///
/// ```
/// use urikit::scheme::SchemeView;
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("rlogin://guest@info.cern.ch")?;
/// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
/// assert_eq!((t.protocol(), t.user(), t.port()), ("rlogin", Some("guest"), Ok(513)));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TelnetUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> TelnetUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<TelnetUrl<'a>, SchemeError> {
        super::need_host(&url)?;
        // telneturl = "telnet://" login [ "/" ]: RFC 1738 checks telnet;
        // rlogin and tn3270 parse generically, so check them here.
        if !matches!(url.path(), "" | "/") || url.query().is_some() {
            let at = super::path_offset(&url) + usize::from(url.path().starts_with('/'));
            return Err(SchemeError {
                offset: at,
                kind: SchemeErrorKind::UnexpectedPart,
            });
        }
        Ok(TelnetUrl { url })
    }

    /// `telnet`, `rlogin` or `tn3270`, in lower case.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("TN3270://ibm.host")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.protocol(), "tn3270");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn protocol(&self) -> &'static str {
        match self.url.scheme().to_ascii_lowercase().as_str() {
            "rlogin" => "rlogin",
            "tn3270" => "tn3270",
            _ => "telnet",
        }
    }

    /// The host, as written.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("telnet://guest@Info.CERN.ch/")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.host(), "Info.CERN.ch");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or_default()
    }

    /// The port: the URL's, or the protocol's default.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("telnet://h")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.port(), Ok(23));
    /// let url = UrlRef::parse("telnet://h:2323")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.port(), Ok(2323));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SchemeErrorKind::PortOutOfRange`] for a port over 65535 (RFC 1808
    /// and RFC 3986 allow any digits): 23 is never put in its place.
    pub fn port(&self) -> Result<u16, SchemeError> {
        super::port_or(&self.url)
    }

    /// The suggested user name as written (`%`-encoded); see
    /// [`decoded_user`](Self::decoded_user) for the name itself.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("telnet://a%40b@h")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.user(), Some("a%40b"));
    /// let url = UrlRef::parse("telnet://h")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.user(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn user(&self) -> Option<&'a str> {
        self.url.user()
    }

    /// The suggested password as written (`%`-encoded); see
    /// [`decoded_password`](Self::decoded_password).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("telnet://guest:p%3Aw@h")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.password(), Some("p%3Aw"));
    /// let url = UrlRef::parse("telnet://guest:@h")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.password(), Some(""));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn password(&self) -> Option<&'a str> {
        self.url.password()
    }

    /// The suggested user name, decoded (RFC 1738 §3.1: within the user
    /// and password, `:`, `@` and `/` must be encoded), `None` when there is
    /// none.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("telnet://a%40b:p%3Aw@host/")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.decoded_user().unwrap().as_bytes(), b"a@b");
    /// assert_eq!(t.decoded_password().unwrap().as_bytes(), b"p:w");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn decoded_user(&self) -> Option<Decoded<'a>> {
        let user = self.url.user()?;
        let start = user.as_ptr() as usize - self.url.as_str().as_ptr() as usize;
        Some(Decoded::new(self.url.as_str(), start, start + user.len()))
    }

    /// The suggested password, decoded; `None` when there is none.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("telnet://guest:p%40ss@h")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert_eq!(t.decoded_password().unwrap().as_bytes(), b"p@ss");
    /// let url = UrlRef::parse("telnet://guest@h")?;
    /// let SchemeView::Telnet(t) = url.view().unwrap() else { panic!() };
    /// assert!(t.decoded_password().is_none());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn decoded_password(&self) -> Option<Decoded<'a>> {
        let password = self.url.password()?;
        let start = password.as_ptr() as usize - self.url.as_str().as_ptr() as usize;
        Some(Decoded::new(self.url.as_str(), start, start + password.len()))
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        let [host, port] = host_fields(&self.url);
        vec![
            ("protocol", Field::Text(self.protocol().to_owned())),
            host,
            port,
            ("user", text(self.decoded_user().as_ref())),
            ("password", text(self.decoded_password().as_ref())),
        ]
    }

    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::connect(self.host(), super::connect_port(&self.url)?);
        plan.note(format!("start an interactive {} session", self.protocol()));
        let user = self.decoded_user().map(|u| u.to_text());
        let password = self.decoded_password().map(|p| p.to_text());
        // Debug quoting shows any control octet escaped.
        match (user, password) {
            (Some(u), Some(p)) => plan.note(format!("advise the user to log in as {u:?} with password {p:?}")),
            (Some(u), None) => plan.note(format!("advise the user to log in as {u:?}")),
            _ => {}
        }
        Ok(plan)
    }
}
