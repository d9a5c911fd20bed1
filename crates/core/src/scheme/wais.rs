//! `wais` (RFC 1738 §3.9; draft-03 on the document id).

use std::ops::Deref;

use super::{text, with_host_fields, Decoded, Field, Login, Plan};
use crate::error::SchemeError;
use crate::url::UrlRef;

/// Which of the three WAIS forms a URL has.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum WaisForm<'a> {
    /// `wais://host/database`: a database available for searching.
    Database,
    /// `wais://host/database?search`: a particular search.
    Search(Decoded<'a>),
    /// `wais://host/database/wtype/wpath`: a document, with its WAIS type
    /// and its document id.
    Document {
        /// The WAIS type of the document.
        wtype: Decoded<'a>,
        /// The document id, opaque to the client.
        wpath: Decoded<'a>,
    },
}

/// A `wais` URL.
///
/// # Examples
///
/// ```
/// use urikit::scheme::{SchemeView, WaisForm};
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("wais://quake.think.com/wais-discussion-archives?lynch")?;
/// let SchemeView::Wais(w) = url.view().unwrap() else { panic!() };
/// assert_eq!(w.database().as_bytes(), b"wais-discussion-archives");
/// assert!(matches!(w.form(), WaisForm::Search(s) if s.as_bytes() == b"lynch"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaisUrl<'a> {
    login: Login<'a>,
    database: Decoded<'a>,
    form: WaisForm<'a>,
}

impl<'a> WaisUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<WaisUrl<'a>, SchemeError> {
        let login = Login::new(url)?;
        let s = url.as_str();
        let (start, end) = super::url_path(&url);
        let mut parts = s[start..end].splitn(3, '/');
        let db = parts.next().unwrap_or_default();
        let database = Decoded::new(s, start, start + db.len());
        let form = match (parts.next(), parts.next()) {
            (Some(wtype), Some(wpath)) => {
                let t = start + db.len() + 1;
                let p = t + wtype.len() + 1;
                WaisForm::Document {
                    wtype: Decoded::new(s, t, t + wtype.len()),
                    wpath: Decoded::new(s, p, p + wpath.len()),
                }
            }
            _ => match url.query() {
                Some(q) => {
                    let q_start = end + 1;
                    WaisForm::Search(Decoded::new(s, q_start, q_start + q.len()))
                }
                None => WaisForm::Database,
            },
        };
        Ok(WaisUrl { login, database, form })
    }

    /// The decoded database name.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("wais://h/my%20db/TEXT/0x1234")?;
    /// let SchemeView::Wais(w) = url.view().unwrap() else { panic!() };
    /// assert_eq!(w.database().as_bytes(), b"my db");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn database(&self) -> &Decoded<'a> {
        &self.database
    }

    /// Which form the URL has.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::{SchemeView, WaisForm};
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("wais://h/db/TEXT/0x1234")?;
    /// let SchemeView::Wais(w) = url.view().unwrap() else { panic!() };
    /// let WaisForm::Document { wtype, wpath } = w.form() else { panic!() };
    /// assert_eq!((wtype.as_bytes(), wpath.as_bytes()), (&b"TEXT"[..], &b"0x1234"[..]));
    ///
    /// let url = UrlRef::parse("wais://h/db")?;
    /// let SchemeView::Wais(w) = url.view().unwrap() else { panic!() };
    /// assert_eq!(w.form(), &WaisForm::Database);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn form(&self) -> &WaisForm<'a> {
        &self.form
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        let (form, search, wtype, wpath) = match &self.form {
            WaisForm::Database => ("database", None, None, None),
            WaisForm::Search(q) => ("search", Some(q), None, None),
            WaisForm::Document { wtype, wpath } => ("document", None, Some(wtype), Some(wpath)),
        };
        with_host_fields(
            &self.login.url,
            [
                ("form", Field::Text(form.to_owned())),
                ("database", Field::Text(self.database.to_text())),
                ("search", text(search)),
                ("wtype", text(wtype)),
                ("wpath", text(wpath)),
            ],
        )
    }

    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::connect(self.host(), super::connect_port(&self.login.url)?);
        let db = self.database.to_text();
        plan.note(match &self.form {
            WaisForm::Database => format!("WAIS (Z39.50): the database {db:?}, to search"),
            WaisForm::Search(q) => format!("WAIS (Z39.50): search the database {db:?} for {:?}", q.to_text()),
            WaisForm::Document { wtype, wpath } => format!(
                "WAIS (Z39.50): retrieve the document {:?} of type {:?} from the database {db:?}",
                wpath.to_text(),
                wtype.to_text()
            ),
        });
        Ok(plan)
    }
}

impl<'a> Deref for WaisUrl<'a> {
    type Target = Login<'a>;

    fn deref(&self) -> &Login<'a> {
        &self.login
    }
}
