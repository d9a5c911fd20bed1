//! `file` (RFC 1738 §3.10).

use super::{raw_ref, Decoded, Field, FieldRef, Plan, Step};
use crate::error::{SchemeError, SchemeErrorKind};
use crate::url::UrlRef;

/// A `file` URL: `file://<host>/<path>`.
///
/// An empty host or `localhost` means "the machine from which the URL is
/// being interpreted". The scheme names no protocol, so for any other host
/// the plan refuses rather than guess.
///
/// # Examples
///
/// ```
/// use urikit::scheme::SchemeView;
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("file:///etc/my%20motd")?;
/// let SchemeView::File(f) = url.view().unwrap() else { panic!() };
/// assert!(f.is_local());
/// assert_eq!(f.path().as_bytes(), b"/etc/my motd");
/// assert_eq!(url.view().unwrap().plan().unwrap().to_string(), "# open the local file /etc/my motd\n");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileUrl<'a> {
    url: UrlRef<'a>,
    path: Decoded<'a>,
}

impl<'a> FileUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<FileUrl<'a>, SchemeError> {
        super::need_host(&url)?;
        let start = super::path_offset(&url);
        let path = Decoded::new(url.as_str(), start, start + url.path().len());
        Ok(FileUrl { url, path })
    }

    /// The host, as written (empty for `file:///...`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("file://vms.host.edu/disk$user/my/notes")?;
    /// let SchemeView::File(f) = url.view().unwrap() else { panic!() };
    /// assert_eq!(f.host(), "vms.host.edu");
    /// let url = UrlRef::parse("file:///etc/motd")?;
    /// let SchemeView::File(f) = url.view().unwrap() else { panic!() };
    /// assert_eq!(f.host(), "");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn host(&self) -> &'a str {
        self.url.host().unwrap_or_default()
    }

    /// Whether the host is this machine: empty or `localhost`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("file://LocalHost/etc/motd")?;
    /// let SchemeView::File(f) = url.view().unwrap() else { panic!() };
    /// assert!(f.is_local());
    /// let url = UrlRef::parse("file://elsewhere/etc/motd")?;
    /// let SchemeView::File(f) = url.view().unwrap() else { panic!() };
    /// assert!(!f.is_local());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    // Always inlined: parse --json's view asks it of every file URL, and the
    // compiler had left it out of line there.
    #[inline(always)]
    pub fn is_local(&self) -> bool {
        let host = self.host();
        host.is_empty() || host.eq_ignore_ascii_case("localhost")
    }

    /// The decoded path, with its leading `/`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("file:///tmp/a%2Fb")?;
    /// let SchemeView::File(f) = url.view().unwrap() else { panic!() };
    /// assert_eq!(f.path().raw(), "/tmp/a%2Fb");
    /// assert_eq!(f.path().as_bytes(), b"/tmp/a/b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn path(&self) -> &Decoded<'a> {
        &self.path
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        super::collect_fields(|f| self.each_field(f))
    }

    /// The fields, borrowed where they can be (see [`SchemeView::each_field`](super::SchemeView::each_field)).
    pub(crate) fn each_field<E, F>(&self, f: &mut F) -> Result<(), E>
    where
        F: FnMut(&'static str, FieldRef<'_>) -> Result<(), E> + ?Sized,
    {
        f("host", raw_ref(self.url.host()))?;
        f("local", FieldRef::Bool(self.is_local()))?;
        f("path", FieldRef::Text(self.path.text()))
    }

    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        if !self.is_local() {
            let host = self.url.host().unwrap_or_default();
            return Err(SchemeError {
                offset: host.as_ptr() as usize - self.url.as_str().as_ptr() as usize,
                kind: SchemeErrorKind::RemoteFile,
            });
        }
        self.path.check(b"\0")?;
        Ok(Plan {
            steps: vec![Step::OpenLocal(self.path.to_text())],
        })
    }
}
