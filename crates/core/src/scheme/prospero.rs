//! `prospero` (RFC 1738 §3.11; the RFC 1630 draft's `%00` version).

use std::ops::Deref;

use super::{with_host_fields, Decoded, Field, Login, Plan};
use crate::error::SchemeError;
use crate::url::UrlRef;

/// A `prospero` URL: `prospero://<host>:<port>/<hsoname>;<field>=<value>`.
///
/// The hsoname may start with `/` (hence `//` after the host). The RFC 1630
/// draft separates an optional version from the hsoname with `%00` (an
/// escaped string terminator); RFC 1738 uses `;OBJECT-VERSION=` fields. Both
/// are read.
///
/// # Examples
///
/// ```
/// use urikit::scheme::SchemeView;
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("prospero://host.dom//pros/name;OBJECT-VERSION=2")?;
/// let SchemeView::Prospero(p) = url.view().unwrap() else { panic!() };
/// assert_eq!(p.hsoname().as_bytes(), b"/pros/name");
/// let fields: Vec<(String, String)> = p.fields_decoded();
/// assert_eq!(fields, [("OBJECT-VERSION".to_owned(), "2".to_owned())]);
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProsperoUrl<'a> {
    login: Login<'a>,
    hsoname: Decoded<'a>,
    version: Option<&'a str>,
    fields: Vec<(Decoded<'a>, Decoded<'a>)>,
}

impl<'a> ProsperoUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<ProsperoUrl<'a>, SchemeError> {
        let login = Login::new(url)?;
        let s = url.as_str();
        let (start, end) = super::url_path(&url);
        let name_end = s[start..end].find(';').map_or(end, |i| start + i);
        let (hsoname, version) = match s[start..name_end].find("%00") {
            Some(i) => (Decoded::new(s, start, start + i), Some(&s[start + i + 3..name_end])),
            None => (Decoded::new(s, start, name_end), None),
        };
        let mut fields = Vec::new();
        let mut at = name_end;
        while at < end {
            let next = s[at + 1..end].find(';').map_or(end, |i| at + 1 + i);
            let eq = s[at + 1..next].find('=').map_or(next, |i| at + 1 + i);
            fields.push((Decoded::new(s, at + 1, eq), Decoded::new(s, (eq + 1).min(next), next)));
            at = next;
        }
        Ok(ProsperoUrl {
            login,
            hsoname,
            version,
            fields,
        })
    }

    /// The decoded host-specific object name.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// // The '/' after the host separates; a second one starts the hsoname.
    /// let url = UrlRef::parse("prospero://h/pros/a%20b")?;
    /// let SchemeView::Prospero(p) = url.view().unwrap() else { panic!() };
    /// assert_eq!(p.hsoname().as_bytes(), b"pros/a b");
    /// let url = UrlRef::parse("prospero://h//pros")?;
    /// let SchemeView::Prospero(p) = url.view().unwrap() else { panic!() };
    /// assert_eq!(p.hsoname().as_bytes(), b"/pros");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn hsoname(&self) -> &Decoded<'a> {
        &self.hsoname
    }

    /// The version after `%00` (RFC 1630 draft), as written.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("prospero://h/pros/name%00v2")?;
    /// let SchemeView::Prospero(p) = url.view().unwrap() else { panic!() };
    /// assert_eq!(p.hsoname().as_bytes(), b"pros/name");
    /// assert_eq!(p.version(), Some("v2"));
    /// let url = UrlRef::parse("prospero://h/pros/name")?;
    /// let SchemeView::Prospero(p) = url.view().unwrap() else { panic!() };
    /// assert_eq!(p.version(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn version(&self) -> Option<&'a str> {
        self.version
    }

    /// The `;field=value` pairs, decoded.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("prospero://h/name;a=1;b=x%20y")?;
    /// let SchemeView::Prospero(p) = url.view().unwrap() else { panic!() };
    /// let (name, value) = &p.field_pairs()[1];
    /// assert_eq!((name.as_bytes(), value.as_bytes()), (&b"b"[..], &b"x y"[..]));
    /// assert_eq!(value.raw(), "x%20y");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn field_pairs(&self) -> &[(Decoded<'a>, Decoded<'a>)] {
        &self.fields
    }

    /// The `;field=value` pairs as text.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("prospero://h/name;a=1;b=x%20y")?;
    /// let SchemeView::Prospero(p) = url.view().unwrap() else { panic!() };
    /// assert_eq!(
    ///     p.fields_decoded(),
    ///     [("a".to_owned(), "1".to_owned()), ("b".to_owned(), "x y".to_owned())]
    /// );
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn fields_decoded(&self) -> Vec<(String, String)> {
        self.fields.iter().map(|(n, v)| (n.to_text(), v.to_text())).collect()
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        with_host_fields(
            &self.login.url,
            [
                ("hsoname", Field::Text(self.hsoname.to_text())),
                (
                    "version",
                    self.version.map_or(Field::Null, |v| Field::Text(v.to_owned())),
                ),
                ("fields", Field::Pairs(self.fields_decoded())),
            ],
        )
    }

    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::connect(self.host(), super::connect_port(&self.login.url)?);
        plan.note(format!(
            "ask the Prospero directory server how to access {:?}: the answer is itself a URL",
            self.hsoname.to_text()
        ));
        Ok(plan)
    }
}

impl<'a> Deref for ProsperoUrl<'a> {
    type Target = Login<'a>;

    fn deref(&self) -> &Login<'a> {
        &self.login
    }
}
