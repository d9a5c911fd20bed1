//! `ftp` (RFC 1738 §3.2; draft-03 for the data types).

use std::ops::Deref;

use super::{text, with_host_fields, Decoded, Field, Login, Plan, Secret, Step, LINE_BREAKERS};
use crate::error::SchemeError;
use crate::url::UrlRef;

/// The transfer type of a `;type=` suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FtpType<'a> {
    /// `a`: ASCII (`TYPE A`).
    Ascii,
    /// `i`: image, binary (`TYPE I`).
    Image,
    /// `d`: a directory listing (`NLST`).
    Directory,
    /// draft-03's longer codes (`A N`, `E T`, `L 8`, written without the
    /// space): only lenient parsing lets them through.
    Other(&'a str),
}

impl FtpType<'_> {
    /// The argument of the `TYPE` command, or `None` for a directory.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::FtpType;
    ///
    /// assert_eq!(FtpType::Image.type_argument().as_deref(), Some("I"));
    /// assert_eq!(FtpType::Directory.type_argument(), None);
    /// // draft-03 writes the codes without their space.
    /// assert_eq!(FtpType::Other("l8").type_argument().as_deref(), Some("L 8"));
    /// ```
    pub fn type_argument(&self) -> Option<String> {
        match self {
            FtpType::Ascii => Some("A".to_owned()),
            FtpType::Image => Some("I".to_owned()),
            FtpType::Directory => None,
            // draft-03: "the type code is in the format defined in RFC959
            // except that THE SPACE IS OMITTED FROM THE URL".
            FtpType::Other(code) => {
                let (first, rest) = code.split_at(code.chars().next().map_or(0, char::len_utf8));
                Some(if rest.is_empty() {
                    first.to_ascii_uppercase()
                } else {
                    format!("{} {}", first.to_ascii_uppercase(), rest.to_ascii_uppercase())
                })
            }
        }
    }
}

/// An `ftp` URL: `ftp://<user>:<password>@<host>:<port>/<cwd1>/.../<cwdN>/<name>;type=<typecode>`.
///
/// # Examples
///
/// ```
/// use urikit::scheme::{FtpType, SchemeView};
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("ftp://myname@host.dom//etc/motd;type=a")?;
/// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
/// let cwd: Vec<&[u8]> = ftp.cwd().iter().map(|d| d.as_bytes()).collect();
/// assert_eq!(cwd, [&b""[..], b"etc"]);
/// assert_eq!(ftp.name().as_bytes(), b"motd");
/// assert_eq!(ftp.ftp_type(), Some(FtpType::Ascii));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FtpUrl<'a> {
    login: Login<'a>,
    cwd: Vec<Decoded<'a>>,
    name: Decoded<'a>,
    ftp_type: Option<(FtpType<'a>, usize)>,
    has_path: bool,
}

impl<'a> FtpUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<FtpUrl<'a>, SchemeError> {
        let login = Login::new(url)?;
        let s = url.as_str();
        let start = super::path_offset(&url);
        let mut end = start + url.path().len();
        let has_path = end > start;
        let mut ftp_type = None;
        if let Some(semi) = s[start..end].rfind(';').map(|i| start + i) {
            let suffix = &s[semi..end];
            if suffix.len() > 6 && suffix[..6].eq_ignore_ascii_case(";type=") {
                let code = &suffix[6..];
                let t = match code {
                    "a" | "A" => FtpType::Ascii,
                    "i" | "I" => FtpType::Image,
                    "d" | "D" => FtpType::Directory,
                    other => FtpType::Other(other),
                };
                ftp_type = Some((t, semi + 6));
                end = semi;
            }
        }
        // The url-path is what follows the '/'; its segments are the CWD
        // arguments and, last, the name.
        let first = if has_path { start + 1 } else { start };
        let mut segments: Vec<Decoded<'a>> = Vec::new();
        let mut seg_start = first;
        for (i, b) in s[first..end].bytes().enumerate() {
            if b == b'/' {
                segments.push(Decoded::new(s, seg_start, first + i));
                seg_start = first + i + 1;
            }
        }
        let name = Decoded::new(s, seg_start.min(end), end);
        Ok(FtpUrl {
            login,
            cwd: segments,
            name,
            ftp_type,
            has_path,
        })
    }

    /// The decoded arguments of the CWD commands, one per segment before
    /// the name; an empty one is a CWD with a null argument.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/pub/a%2Fb/file")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// let cwd: Vec<&[u8]> = ftp.cwd().iter().map(|d| d.as_bytes()).collect();
    /// // An encoded '/' stays inside its segment.
    /// assert_eq!(cwd, [&b"pub"[..], b"a/b"]);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn cwd(&self) -> &[Decoded<'a>] {
        &self.cwd
    }

    /// The decoded name: the last segment (empty when the path ends in `/`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/pub/read%20me;type=a")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.name().as_bytes(), b"read me");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn name(&self) -> &Decoded<'a> {
        &self.name
    }

    /// The `;type=` code.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::{FtpType, SchemeView};
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/pub;type=d")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.ftp_type(), Some(FtpType::Directory));
    /// let url = UrlRef::parse("ftp://h/pub")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.ftp_type(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn ftp_type(&self) -> Option<FtpType<'a>> {
        self.ftp_type.map(|(t, _)| t)
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        with_host_fields(
            &self.login.url,
            [
                (
                    "user",
                    self.user().map_or(Field::Null, |_| text(self.decoded_user().as_ref())),
                ),
                (
                    "password",
                    self.password()
                        .map_or(Field::Null, |_| text(self.decoded_password().as_ref())),
                ),
                ("cwd", Field::List(self.cwd.iter().map(Decoded::to_text).collect())),
                ("name", Field::Text(self.name.to_text())),
                (
                    "type",
                    match self.ftp_type() {
                        None => Field::Null,
                        Some(FtpType::Ascii) => Field::Text("a".into()),
                        Some(FtpType::Image) => Field::Text("i".into()),
                        Some(FtpType::Directory) => Field::Text("d".into()),
                        Some(FtpType::Other(code)) => Field::Text(code.to_owned()),
                    },
                ),
            ],
        )
    }

    fn decoded_user(&self) -> Option<Decoded<'a>> {
        let user = self.login.url.user()?;
        let start = user.as_ptr() as usize - self.login.url.as_str().as_ptr() as usize;
        Some(Decoded::new(self.login.url.as_str(), start, start + user.len()))
    }

    fn decoded_password(&self) -> Option<Decoded<'a>> {
        let password = self.login.url.password()?;
        let start = password.as_ptr() as usize - self.login.url.as_str().as_ptr() as usize;
        Some(Decoded::new(self.login.url.as_str(), start, start + password.len()))
    }

    /// USER and PASS (anonymous by default), one CWD per segment, then
    /// `TYPE x` and `RETR name`, or `NLST name` (RFC 1738 §3.2.2). The port
    /// is judged after the lines sent: a URL refused for both is refused
    /// for the escape, which the lint reports as such.
    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::default();
        match (self.decoded_user(), self.decoded_password()) {
            (None, _) => {
                plan.line(&[b"USER anonymous"]);
                plan.steps.push(Step::SendSecret {
                    command: "PASS",
                    secret: Secret::MailAddress,
                });
            }
            (Some(user), password) => {
                user.check(LINE_BREAKERS)?;
                plan.line(&[b"USER ", user.as_bytes()]);
                match password {
                    Some(p) => {
                        p.check(LINE_BREAKERS)?;
                        plan.line(&[b"PASS ", p.as_bytes()]);
                    }
                    None => plan.steps.push(Step::SendSecret {
                        command: "PASS",
                        secret: Secret::AskUser,
                    }),
                }
            }
        }
        for dir in &self.cwd {
            dir.check(LINE_BREAKERS)?;
            plan.line(&[b"CWD ", dir.as_bytes()]);
        }
        self.name.check(LINE_BREAKERS)?;
        let name = self.name.as_bytes();
        match self.ftp_type() {
            Some(FtpType::Directory) => list(&mut plan, name),
            Some(t) => {
                if let Some(arg) = t.type_argument() {
                    plan.line(&[b"TYPE ", arg.as_bytes()]);
                }
                plan.line(&[b"RETR ", name]);
            }
            None if name.is_empty() => {
                plan.note(if self.has_path {
                    "no name after the last '/': list the directory"
                } else {
                    "no path: list the login directory"
                });
                list(&mut plan, name);
            }
            // No `;type=`: the client chooses the transfer type itself.
            None => plan.line(&[b"RETR ", name]),
        }
        plan.connect_first(self.host(), super::connect_port(&self.login.url)?);
        Ok(plan)
    }
}

/// `NLST`, with the name as its argument when there is one.
fn list(plan: &mut Plan, name: &[u8]) {
    if name.is_empty() {
        plan.line(&[b"NLST"]);
    } else {
        plan.line(&[b"NLST ", name]);
    }
    plan.note("interpret the result as a directory listing");
}

impl<'a> Deref for FtpUrl<'a> {
    type Target = Login<'a>;

    fn deref(&self) -> &Login<'a> {
        &self.login
    }
}
