//! `mid`, `cid`, `afs`, `urn`, experimental `x-` schemes, and the rest.

use std::borrow::Cow;

use super::{raw_ref, Decoded, Field, FieldRef, Plan};
use crate::error::SchemeError;
use crate::url::UrlRef;

/// A `mid:` or `cid:` URL (RFC 1630 draft): an RFC 822 message-id or a MIME
/// content-id, without its `<>`.
///
/// # Examples
///
/// ```
/// use urikit::scheme::SchemeView;
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("mid:9403231758.AA14263@ptpc00.cern.ch")?;
/// let SchemeView::MessageId(m) = url.view().unwrap() else { panic!() };
/// assert_eq!((m.is_content_id(), m.id().as_bytes()), (false, &b"9403231758.AA14263@ptpc00.cern.ch"[..]));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageIdUrl<'a> {
    content: bool,
    id: Decoded<'a>,
}

impl<'a> MessageIdUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> MessageIdUrl<'a> {
        let start = super::path_offset(&url);
        MessageIdUrl {
            content: url.scheme().eq_ignore_ascii_case("cid"),
            id: Decoded::new(url.as_str(), start, start + url.path().len()),
        }
    }

    /// Whether this is a `cid:` (a MIME body part) rather than `mid:`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("cid:part1.abc@host")?;
    /// let SchemeView::MessageId(m) = url.view().unwrap() else { panic!() };
    /// assert!(m.is_content_id());
    /// let url = UrlRef::parse("mid:msg1@host")?;
    /// let SchemeView::MessageId(m) = url.view().unwrap() else { panic!() };
    /// assert!(!m.is_content_id());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn is_content_id(&self) -> bool {
        self.content
    }

    /// The decoded identifier.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("mid:a%25b@host")?;
    /// let SchemeView::MessageId(m) = url.view().unwrap() else { panic!() };
    /// assert_eq!(m.id().as_bytes(), b"a%b@host");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn id(&self) -> &Decoded<'a> {
        &self.id
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![
            (
                "id_kind",
                Field::Text(if self.content { "content-id" } else { "message-id" }.to_owned()),
            ),
            ("id", Field::Text(self.id.to_text())),
        ]
    }

    pub(crate) fn plan(&self) -> Plan {
        let mut plan = Plan::default();
        plan.note(if self.content {
            format!(
                "the body part with Content-ID <{}> of the same MIME message",
                self.id.to_text()
            )
        } else {
            format!(
                "the mail message with Message-ID <{}>, among mail already received",
                self.id.to_text()
            )
        });
        plan
    }
}

/// An `afs://<cellname>/<path>` URL: the RFC 1630 draft keeps it "as
/// historical note, but is not a url production".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AfsUrl<'a> {
    cell: &'a str,
    path: Decoded<'a>,
}

impl<'a> AfsUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<AfsUrl<'a>, SchemeError> {
        super::need_host(&url)?;
        let start = super::path_offset(&url);
        Ok(AfsUrl {
            cell: url.host().unwrap_or_default(),
            path: Decoded::new(url.as_str(), start, start + url.path().len()),
        })
    }

    /// The AFS cell name.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("afs://cern.ch/usr/tbl")?;
    /// let SchemeView::Afs(afs) = url.view().unwrap() else { panic!() };
    /// assert_eq!(afs.cell(), "cern.ch");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn cell(&self) -> &'a str {
        self.cell
    }

    /// The decoded path within the cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("afs://cern.ch/usr/my%20notes")?;
    /// let SchemeView::Afs(afs) = url.view().unwrap() else { panic!() };
    /// assert_eq!(afs.path().as_bytes(), b"/usr/my notes");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn path(&self) -> &Decoded<'a> {
        &self.path
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        vec![
            ("cell", Field::Text(self.cell.to_owned())),
            ("path", Field::Text(self.path.to_text())),
            ("historical", Field::Bool(true)),
        ]
    }

    pub(crate) fn plan(&self) -> Plan {
        let mut plan = Plan::default();
        plan.note(format!(
            "the file /afs/{}{} in the Andrew File System (a historical form, not a URL production)",
            self.cell,
            self.path.to_text()
        ));
        plan
    }
}

/// A URL of a scheme with no view of its own: `urn:` (reserved), `x-`
/// (experimental) or anything else (generic syntax only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherUrl<'a> {
    url: UrlRef<'a>,
}

impl<'a> OtherUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> OtherUrl<'a> {
        OtherUrl { url }
    }

    /// The URL.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("x-my-scheme:some/thing")?;
    /// let SchemeView::Experimental(other) = url.view().unwrap() else { panic!() };
    /// assert_eq!(other.url().path(), "some/thing");
    /// assert_eq!(other.url(), url);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn url(&self) -> UrlRef<'a> {
        self.url
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        super::collect_fields(|f| self.each_field(f))
    }

    /// The fields, borrowed where they can be (see [`SchemeView::each_field`](super::SchemeView::each_field)).
    pub(crate) fn each_field<E, F>(&self, f: &mut F) -> Result<(), E>
    where
        F: FnMut(&'static str, FieldRef<'_>) -> Result<(), E> + ?Sized,
    {
        let scheme = self.url.scheme();
        let scheme = if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(scheme.to_ascii_lowercase())
        } else {
            Cow::Borrowed(scheme)
        };
        f("scheme", FieldRef::Text(scheme))?;
        f("host", raw_ref(self.url.host()))?;
        // The port given, or the scheme's default by the URL's spec.
        f("port", super::port_ref(&self.url))?;
        f("path", FieldRef::Text(Cow::Borrowed(self.url.path())))?;
        f("search", raw_ref(self.url.query()))
    }

    /// The note that no access algorithm is known, but for `https`
    /// (RFC 9110 §4.2.2), which has no view of its own (its fields are the
    /// generic ones) and http's plan over TLS.
    pub(crate) fn plan(&self, kind: &str) -> Result<Plan, SchemeError> {
        if kind == "generic" && self.url.scheme().eq_ignore_ascii_case("https") {
            return super::http::HttpUrl::new(self.url)?.tls_plan();
        }
        let mut plan = Plan::default();
        plan.note(match kind {
            "urn" => "urn: is reserved for Uniform Resource Names; no access algorithm is defined".to_owned(),
            "experimental" => format!(
                "{}: is an experimental scheme, used by agreement between parties; urikit knows no access algorithm",
                self.url.scheme()
            ),
            _ => format!("urikit knows no access algorithm for {}:", self.url.scheme()),
        });
        Ok(plan)
    }
}
