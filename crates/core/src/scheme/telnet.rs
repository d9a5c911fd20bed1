//! `telnet` (RFC 1738 §3.8), and `rlogin` and `tn3270`, which the RFC 1630
//! draft lists beside it.

use std::ops::Deref;

use super::{host_fields, text, Decoded, Field, Login, Plan};
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
    login: Login<'a>,
}

impl<'a> TelnetUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<TelnetUrl<'a>, SchemeError> {
        let login = Login::new(url)?;
        // telneturl = "telnet://" login [ "/" ]: RFC 1738 checks telnet;
        // rlogin and tn3270 parse generically, so check them here.
        if !matches!(url.path(), "" | "/") || url.query().is_some() {
            return Err(SchemeError {
                offset: super::url_path(&url).0,
                kind: SchemeErrorKind::UnexpectedPart,
            });
        }
        Ok(TelnetUrl { login })
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
        match self.login.url.scheme().to_ascii_lowercase().as_str() {
            "rlogin" => "rlogin",
            "tn3270" => "tn3270",
            _ => "telnet",
        }
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
        let user = self.login.url.user()?;
        let start = user.as_ptr() as usize - self.login.url.as_str().as_ptr() as usize;
        Some(Decoded::new(self.login.url.as_str(), start, start + user.len()))
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
        let password = self.login.url.password()?;
        let start = password.as_ptr() as usize - self.login.url.as_str().as_ptr() as usize;
        Some(Decoded::new(self.login.url.as_str(), start, start + password.len()))
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        let [host, port] = host_fields(&self.login.url);
        vec![
            ("protocol", Field::Text(self.protocol().to_owned())),
            host,
            port,
            ("user", text(self.decoded_user().as_ref())),
            ("password", text(self.decoded_password().as_ref())),
        ]
    }

    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::connect(self.host(), super::connect_port(&self.login.url)?);
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

impl<'a> Deref for TelnetUrl<'a> {
    type Target = Login<'a>;

    fn deref(&self) -> &Login<'a> {
        &self.login
    }
}
