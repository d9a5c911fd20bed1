//! [`Decoded`]: a component's octets, %-decoded, beside what is written.

use std::borrow::Cow;

use super::Field;
use crate::error::{SchemeError, SchemeErrorKind};

/// A component's octets, %-decoded, with where it stands in the URL.
///
/// # Comparison
///
/// Equal when the written text, its offset and so its octets are equal.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Decoded<'a> {
    raw: &'a str,
    offset: usize,
    bytes: Cow<'a, [u8]>,
}

impl<'a> Decoded<'a> {
    /// `url[start..end]`, decoded.
    pub(crate) fn new(url: &'a str, start: usize, end: usize) -> Decoded<'a> {
        let raw = &url[start..end];
        // A valid URL has only well-formed escapes; were one not, its text
        // stands for itself.
        let bytes = crate::pct::decode(raw).unwrap_or(Cow::Borrowed(raw.as_bytes()));
        Decoded {
            raw,
            offset: start,
            bytes,
        }
    }

    /// The text as written in the URL.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/a%20b")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.name().raw(), "a%20b");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn raw(&self) -> &'a str {
        self.raw
    }

    /// Where the text starts in the URL.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/dir/name")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.name().offset(), 12);
    /// assert_eq!(&url.as_str()[12..], "name");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The decoded octets.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/a%20b%FF")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.name().as_bytes(), b"a b\xFF");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The decoded octets as text, invalid UTF-8 replaced.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/a%20b%FF")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.name().to_text(), "a b\u{FFFD}");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn to_text(&self) -> String {
        self.text().into_owned()
    }

    /// The decoded octets as text, invalid UTF-8 replaced, borrowed when
    /// nothing was decoded or replaced.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/a%20b")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert_eq!(ftp.name().text(), "a b");
    /// let url = UrlRef::parse("ftp://h/ab")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert!(matches!(ftp.name().text(), Cow::Borrowed("ab")));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn text(&self) -> Cow<'_, str> {
        // Each decoded escape shortens the text by two octets: the same
        // length means the octets are those of the text as written.
        if self.bytes.len() == self.raw.len() {
            return Cow::Borrowed(self.raw);
        }
        String::from_utf8_lossy(&self.bytes)
    }

    /// Whether there are no octets.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("ftp://h/dir/")?;
    /// let SchemeView::Ftp(ftp) = url.view().unwrap() else { panic!() };
    /// assert!(ftp.name().is_empty());
    /// assert!(!ftp.cwd()[0].is_empty());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.raw.is_empty()
    }

    /// The first escape whose octet is in `forbidden`, as a smuggling error.
    pub(crate) fn check(&self, forbidden: &[u8]) -> Result<(), SchemeError> {
        match escaped(self.raw, forbidden) {
            Some((i, byte)) => Err(SchemeError {
                offset: self.offset + i,
                kind: SchemeErrorKind::Smuggling { byte },
            }),
            None => Ok(()),
        }
    }
}

/// The offset and octet of the first `%XX` in `raw` whose octet is in
/// `forbidden`.
pub(crate) fn escaped(raw: &str, forbidden: &[u8]) -> Option<(usize, u8)> {
    let b = raw.as_bytes();
    let mut i = 0;
    while let Some(j) = memchr::memchr(b'%', &b[i..]) {
        let at = i + j;
        if let Ok(byte) = crate::pct::escape_at(b, at) {
            if forbidden.contains(&byte) {
                return Some((at, byte));
            }
        }
        i = at + 1;
    }
    None
}

/// The octets no protocol line may carry decoded: they end or split it.
pub(crate) const LINE_BREAKERS: &[u8] = b"\r\n\0";

/// `Text` of a decoded part, or `Null`.
pub(crate) fn text(d: Option<&Decoded<'_>>) -> Field {
    d.map_or(Field::Null, |d| Field::Text(d.to_text()))
}
