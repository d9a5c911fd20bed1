//! `telnet` (RFC 1738 §3.8), and `rlogin` and `tn3270`, which the RFC 1630
//! draft lists beside it.

use super::{host_fields, raw, Field, Plan};
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
/// assert_eq!((t.protocol(), t.user(), t.port()), ("rlogin", Some("guest"), 513));
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
    pub fn protocol(&self) -> &'static str {
        match self.url.scheme().to_ascii_lowercase().as_str() {
            "rlogin" => "rlogin",
            "tn3270" => "tn3270",
            _ => "telnet",
        }
    }

    /// The host, as written.
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or_default()
    }

    /// The port: the URL's, or the protocol's default.
    pub fn port(&self) -> u16 {
        self.url.port_or_default().unwrap_or(23)
    }

    /// The suggested user name.
    pub fn user(&self) -> Option<&'a str> {
        self.url.user()
    }

    /// The suggested password.
    pub fn password(&self) -> Option<&'a str> {
        self.url.password()
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        let [host, port] = host_fields(&self.url);
        vec![
            ("protocol", Field::Text(self.protocol().to_owned())),
            host,
            port,
            ("user", raw(self.user())),
            ("password", raw(self.password())),
        ]
    }

    pub(crate) fn plan(&self) -> Plan {
        let mut plan = Plan::connect(self.host(), self.port());
        plan.note(format!("start an interactive {} session", self.protocol()));
        match (self.user(), self.password()) {
            (Some(u), Some(p)) => plan.note(format!("advise the user to log in as {u:?} with password {p:?}")),
            (Some(u), None) => plan.note(format!("advise the user to log in as {u:?}")),
            _ => {}
        }
        plan
    }
}
