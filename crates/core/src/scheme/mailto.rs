//! `mailto` (RFC 1738 §3.5).

use super::{Decoded, Field, Plan};
use crate::url::UrlRef;

/// A `mailto` URL: `mailto:<rfc822-addr-spec>`, with no reserved characters
/// inside, so the whole address is decoded.
///
/// # Examples
///
/// ```
/// use urikit::scheme::SchemeView;
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("mailto:joe%25gateway@info.cern.ch")?;
/// let SchemeView::Mailto(m) = url.view().unwrap() else { panic!() };
/// assert_eq!(m.address().as_bytes(), b"joe%gateway@info.cern.ch");
/// assert_eq!(m.local_part().as_deref(), Some(&b"joe%gateway"[..]));
/// assert_eq!(m.domain().as_deref(), Some(&b"info.cern.ch"[..]));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailtoUrl<'a> {
    address: Decoded<'a>,
}

impl<'a> MailtoUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> MailtoUrl<'a> {
        let start = super::path_offset(&url);
        MailtoUrl {
            address: Decoded::new(url.as_str(), start, start + url.path().len()),
        }
    }

    /// The decoded addr-spec.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("mailto:ann%40home@example.com")?;
    /// let SchemeView::Mailto(m) = url.view().unwrap() else { panic!() };
    /// assert_eq!(m.address().raw(), "ann%40home@example.com");
    /// assert_eq!(m.address().as_bytes(), b"ann@home@example.com");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn address(&self) -> &Decoded<'a> {
        &self.address
    }

    /// The part before the last `@`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("mailto:ann%40home@example.com")?;
    /// let SchemeView::Mailto(m) = url.view().unwrap() else { panic!() };
    /// assert_eq!(m.local_part().as_deref(), Some(&b"ann@home"[..]));
    /// let url = UrlRef::parse("mailto:postmaster")?;
    /// let SchemeView::Mailto(m) = url.view().unwrap() else { panic!() };
    /// assert_eq!(m.local_part(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn local_part(&self) -> Option<Vec<u8>> {
        let b = self.address.as_bytes();
        b.iter().rposition(|&c| c == b'@').map(|i| b[..i].to_vec())
    }

    /// The part after the last `@`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("mailto:ann@example.com")?;
    /// let SchemeView::Mailto(m) = url.view().unwrap() else { panic!() };
    /// assert_eq!(m.domain().as_deref(), Some(&b"example.com"[..]));
    /// let url = UrlRef::parse("mailto:postmaster")?;
    /// let SchemeView::Mailto(m) = url.view().unwrap() else { panic!() };
    /// assert_eq!(m.domain(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn domain(&self) -> Option<Vec<u8>> {
        let b = self.address.as_bytes();
        b.iter().rposition(|&c| c == b'@').map(|i| b[i + 1..].to_vec())
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        let lossy =
            |b: Option<Vec<u8>>| b.map_or(Field::Null, |b| Field::Text(String::from_utf8_lossy(&b).into_owned()));
        vec![
            ("address", Field::Text(self.address.to_text())),
            ("local_part", lossy(self.local_part())),
            ("domain", lossy(self.domain())),
        ]
    }

    pub(crate) fn plan(&self) -> Plan {
        let mut plan = Plan::default();
        plan.note(format!(
            "names the mailbox {}: nothing is retrieved; SMTP can add a message to it",
            self.address.to_text()
        ));
        plan
    }
}
