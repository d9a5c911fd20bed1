//! Access plans: the protocol exchange a client performs for a URL, as data
//! ([`Step`]s) and as a transcript.

use std::fmt;

/// What a client must supply itself before sending a [`Step::SendSecret`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Secret {
    /// A password the URL does not give: ask the user, if the server asks
    /// for one (RFC 1738 §3.2.1).
    AskUser,
    /// The anonymous FTP convention: the user's Internet mail address as the
    /// password (RFC 1630 draft, "FTP").
    MailAddress,
}

/// One step of an access plan.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// Open a connection.
    Connect {
        /// Host to connect to, as written in the URL.
        host: String,
        /// Port: the URL's, or the scheme's default when it gives none; never
        /// another in place of one over 65535 (the plan is refused then).
        port: u16,
        /// Where the port is defined (`"RFC 1738 §3.4"`) when it is the
        /// port registered for the scheme, which the URL does not give and
        /// the URL's spec does not define (a `gopher` URL by the URL
        /// Standard): see [`ports::known`](crate::ports::known).
        registered: Option<&'static str>,
    },
    /// Secure the connection with TLS (RFC 8446; TLS 1.2, RFC 5246, where
    /// the server speaks no later version) before anything is sent: the
    /// server's certificate must chain to a trusted authority, be within its
    /// validity and be valid for `server_name` (RFC 9110 §4.3.4), or the
    /// connection is abandoned.
    Tls {
        /// The name the certificate is checked against: the URL's host as
        /// written (an IP address is checked against the certificate's
        /// addresses, and is not sent as a server name, RFC 6066 §3).
        server_name: String,
    },
    /// Send these octets, exactly (line ends included).
    Send(Vec<u8>),
    /// Send `command`, a space, the secret, and CR LF.
    SendSecret {
        /// The command (`PASS`).
        command: &'static str,
        /// Where the secret comes from.
        secret: Secret,
    },
    /// Open a file on this machine.
    OpenLocal(String),
    /// Something the client must know or do that is not protocol traffic.
    Note(String),
}

/// An access plan: the steps in order.
///
/// Its `Display` is a transcript, one line per step: `> ` and the octets
/// sent, control characters shown as `<CR>`, `<LF>`, `<TAB>`, `<NUL>` or
/// `<0xNN>`; `# ` and a comment for the rest.
///
/// # Examples
///
/// ```
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("ftp://myname@host.dom/%2Fetc/motd")?;
/// let plan = url.view().unwrap().plan().unwrap();
/// assert_eq!(
///     plan.to_string(),
///     "# connect to host.dom port 21\n\
///      > USER myname<CR><LF>\n\
///      > PASS <password asked of the user><CR><LF>\n\
///      > CWD /etc<CR><LF>\n\
///      > RETR motd<CR><LF>\n"
/// );
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Plan {
    /// The steps, in order.
    pub steps: Vec<Step>,
}

impl Plan {
    /// A plan that connects to `host` at `port` (and where the port is
    /// defined, when it is a registered default the spec does not define).
    pub(crate) fn connect(host: &str, port: (u16, Option<&'static str>)) -> Plan {
        let mut plan = Plan::default();
        plan.connect_first(host, port);
        plan
    }

    /// Puts the step that connects to `host` at `port` before the others.
    pub(crate) fn connect_first(&mut self, host: &str, (port, registered): (u16, Option<&'static str>)) {
        let connect = Step::Connect {
            host: host.to_owned(),
            port,
            registered,
        };
        self.steps.insert(0, connect);
    }

    /// Appends a line: `parts` concatenated, then CR LF.
    pub(crate) fn line(&mut self, parts: &[&[u8]]) {
        let mut bytes: Vec<u8> = parts.concat();
        bytes.extend_from_slice(b"\r\n");
        self.steps.push(Step::Send(bytes));
    }

    pub(crate) fn note(&mut self, text: impl Into<String>) {
        self.steps.push(Step::Note(text.into()));
    }

    /// The octets sent, all steps together (secrets left out).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// let plan = UrlRef::parse("ftp://h/d/f")?.view().unwrap().plan().unwrap();
    /// // The PASS line carries a secret the client supplies: it is not included.
    /// assert_eq!(plan.sent(), b"USER anonymous\r\nCWD d\r\nRETR f\r\n");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn sent(&self) -> Vec<u8> {
        self.steps
            .iter()
            .filter_map(|s| match s {
                Step::Send(b) => Some(b.as_slice()),
                _ => None,
            })
            .flatten()
            .copied()
            .collect()
    }
}

/// Writes octets with control characters made visible.
pub(crate) struct Visible<'a>(pub(crate) &'a [u8]);

impl fmt::Display for Visible<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.0.utf8_chunks() {
            for c in chunk.valid().chars() {
                match c {
                    '\r' => f.write_str("<CR>")?,
                    '\n' => f.write_str("<LF>")?,
                    '\t' => f.write_str("<TAB>")?,
                    '\0' => f.write_str("<NUL>")?,
                    c if c.is_control() && c.is_ascii() => write!(f, "<0x{:02X}>", c as u8)?,
                    c => write!(f, "{c}")?,
                }
            }
            for b in chunk.invalid() {
                write!(f, "<0x{b:02X}>")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Connect {
                host,
                port,
                registered: None,
            } => write!(f, "# connect to {host} port {port}"),
            Step::Connect {
                host,
                port,
                registered: Some(source),
            } => write!(f, "# connect to {host} port {port} (the registered default, {source})"),
            Step::Tls { server_name } => write!(
                f,
                "# start TLS; the certificate must be valid for {server_name} (RFC 9110 §4.3.4)"
            ),
            Step::Send(bytes) => write!(f, "> {}", Visible(bytes)),
            Step::SendSecret { command, secret } => {
                let what = match secret {
                    Secret::AskUser => "<password asked of the user>",
                    Secret::MailAddress => "<your mail address>",
                };
                write!(f, "> {command} {what}<CR><LF>")
            }
            Step::OpenLocal(path) => write!(f, "# open the local file {path}"),
            Step::Note(text) => write!(f, "# {text}"),
        }
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            writeln!(f, "{step}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_controls() {
        assert_eq!(
            Visible(b"a\tb\r\n\0\x7f\xff").to_string(),
            "a<TAB>b<CR><LF><NUL><0x7F><0xFF>"
        );
        assert_eq!(Visible("é".as_bytes()).to_string(), "é");
    }
}
