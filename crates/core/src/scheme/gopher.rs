//! `gopher` (RFC 1738 §3.4; draft-03 for the Gopher+ strings).

use std::ops::Deref;

use super::{text, with_host_fields, Decoded, Field, Login, Plan, LINE_BREAKERS};
use crate::error::SchemeError;
use crate::url::UrlRef;

/// What a Gopher+ string asks for (draft-03, "Summary: gopher+ string part
/// of Gopher URL").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GopherPlus {
    /// `+`: the item's default view.
    Item,
    /// `+view_name language_name` (the space written `%20`): an alternate view.
    View {
        /// The view, a MIME type such as `application/postscript`.
        view: String,
        /// The language, such as `Es_ES`, when one is named.
        language: Option<String>,
    },
    /// `!` (all) or `!+ATTR +ATTR` (those named): the item's attributes.
    Attributes(Vec<String>),
    /// `$` (all) or `$+ATTR ...`: the attributes of every item of a directory.
    DirectoryAttributes(Vec<String>),
    /// `?`: an item with a +ASK form the user must fill in.
    Ask,
    /// `+` TAB `1` CR LF ...: the filled-in ASK form, sent as written.
    AskData,
    /// Anything else after the second `%09`.
    Other,
}

impl GopherPlus {
    fn classify(s: &[u8]) -> GopherPlus {
        let text = String::from_utf8_lossy(s);
        let words = |rest: &str| rest.split(' ').filter(|w| !w.is_empty()).map(str::to_owned).collect();
        match s.first() {
            Some(b'+') if s.len() == 1 => GopherPlus::Item,
            Some(b'+') if s.get(1) == Some(&b'\t') => GopherPlus::AskData,
            Some(b'+') => {
                let mut parts = text[1..].splitn(2, ' ');
                GopherPlus::View {
                    view: parts.next().unwrap_or_default().to_owned(),
                    language: parts.next().map(str::to_owned),
                }
            }
            Some(b'!') => GopherPlus::Attributes(words(&text[1..])),
            Some(b'$') => GopherPlus::DirectoryAttributes(words(&text[1..])),
            Some(b'?') if s.len() == 1 => GopherPlus::Ask,
            _ => GopherPlus::Other,
        }
    }
}

/// A `gopher` URL: `gopher://<host>:<port>/<gophertype><selector>%09<search>%09<gopher+_string>`.
///
/// # Examples
///
/// ```
/// use urikit::scheme::{GopherPlus, SchemeView};
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("gopher://host/0a_gopher_selector%09%09+application/postscript%20Es_ES")?;
/// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
/// assert_eq!(g.gopher_type(), '0');
/// assert_eq!(g.selector().as_bytes(), b"a_gopher_selector");
/// assert_eq!(g.search().map(|s| s.as_bytes()), Some(&b""[..]));
/// assert_eq!(
///     g.gopher_plus(),
///     Some(GopherPlus::View { view: "application/postscript".into(), language: Some("Es_ES".into()) })
/// );
/// assert_eq!(g.selector_line().unwrap(), b"a_gopher_selector\t\t+application/postscript Es_ES\r\n");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GopherUrl<'a> {
    login: Login<'a>,
    gopher_type: Option<Decoded<'a>>,
    selector: Decoded<'a>,
    search: Option<Decoded<'a>>,
    plus: Option<Decoded<'a>>,
}

impl<'a> GopherUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<GopherUrl<'a>, SchemeError> {
        let login = Login::new(url)?;
        let s = url.as_str();
        let start = super::path_offset(&url);
        let end = start + url.path().len();
        let (gopher_type, rest) = if end > start + 1 {
            // The type is one xchar: a character, or an escape.
            let t = start + 1;
            let t_end = if s.as_bytes()[t] == b'%' { t + 3 } else { t + 1 }.min(end);
            (Some(Decoded::new(s, t, t_end)), t_end)
        } else {
            (None, end)
        };
        let tab = |from: usize| s[from..end].find("%09").map(|i| from + i);
        let (selector, search, plus) = match tab(rest) {
            None => (Decoded::new(s, rest, end), None, None),
            Some(t1) => match tab(t1 + 3) {
                None => (Decoded::new(s, rest, t1), Some(Decoded::new(s, t1 + 3, end)), None),
                Some(t2) => (
                    Decoded::new(s, rest, t1),
                    Some(Decoded::new(s, t1 + 3, t2)),
                    Some(Decoded::new(s, t2 + 3, end)),
                ),
            },
        };
        Ok(GopherUrl {
            login,
            gopher_type,
            selector,
            search,
            plus,
        })
    }

    /// The gophertype: the first character of the url-path, `1` (a
    /// directory) when the path is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("gopher://h/7search")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.gopher_type(), '7');
    /// // No path: the top-level directory.
    /// let url = UrlRef::parse("gopher://h")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.gopher_type(), '1');
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn gopher_type(&self) -> char {
        self.gopher_type
            .as_ref()
            .and_then(|t| t.as_bytes().first())
            .map_or('1', |&b| b as char)
    }

    /// The decoded selector string.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("gopher://h/0about%20us")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.selector().as_bytes(), b"about us");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn selector(&self) -> &Decoded<'a> {
        &self.selector
    }

    /// The decoded search string, after the first `%09`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("gopher://h/7index%09rfc%201738")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.search().unwrap().as_bytes(), b"rfc 1738");
    /// let url = UrlRef::parse("gopher://h/7index")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert!(g.search().is_none());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn search(&self) -> Option<&Decoded<'a>> {
        self.search.as_ref()
    }

    /// The decoded Gopher+ string, after the second `%09`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("gopher://h/0sel%09%09!+ABSTRACT")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.gopher_plus_string().unwrap().as_bytes(), b"!+ABSTRACT");
    /// let url = UrlRef::parse("gopher://h/0sel%09q")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert!(g.gopher_plus_string().is_none());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn gopher_plus_string(&self) -> Option<&Decoded<'a>> {
        self.plus.as_ref()
    }

    /// What the Gopher+ string asks for.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::{GopherPlus, SchemeView};
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("gopher://h/0sel%09%09!+ABSTRACT")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.gopher_plus(), Some(GopherPlus::Attributes(vec!["+ABSTRACT".into()])));
    /// let url = UrlRef::parse("gopher://h/0sel%09%09+")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.gopher_plus(), Some(GopherPlus::Item));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn gopher_plus(&self) -> Option<GopherPlus> {
        self.plus.as_ref().map(|p| GopherPlus::classify(p.as_bytes()))
    }

    /// The line the client sends: the selector, then a tab and the search
    /// (which may be empty), then a tab and the Gopher+ string, and CR LF
    /// (RFC 1738 §3.4). draft-03 shows one tab where the search is empty
    /// (`a_gopher_selector<tab>+application/postscript Es_ES<cr><lf>`); RFC
    /// 1738, which takes precedence, keeps the empty search between two.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::{SchemeErrorKind, UrlRef};
    ///
    /// let url = UrlRef::parse("gopher://h/7index%09two%20words")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// assert_eq!(g.selector_line().unwrap(), b"index\ttwo words\r\n");
    ///
    /// // An encoded LF in the selector would end the line early.
    /// let url = UrlRef::parse("gopher://h/0a%0Ab")?;
    /// let SchemeView::Gopher(g) = url.view().unwrap() else { panic!() };
    /// let err = g.selector_line().unwrap_err();
    /// assert_eq!(err.kind, SchemeErrorKind::Smuggling { byte: b'\n' });
    /// assert_eq!(&url.as_str()[err.offset..], "%0Ab");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A selector or search holding an encoded TAB, CR, LF or NUL, which
    /// would split or end the line; the Gopher+ string may hold them only as
    /// the ASK form data it carries.
    pub fn selector_line(&self) -> Result<Vec<u8>, SchemeError> {
        self.selector.check(b"\t\r\n\0")?;
        let mut line = self.selector.as_bytes().to_vec();
        if let Some(search) = &self.search {
            search.check(b"\t\r\n\0")?;
            line.push(b'\t');
            line.extend_from_slice(search.as_bytes());
        }
        if let Some(plus) = &self.plus {
            if GopherPlus::classify(plus.as_bytes()) != GopherPlus::AskData {
                plus.check(LINE_BREAKERS)?;
            }
            line.push(b'\t');
            line.extend_from_slice(plus.as_bytes());
        }
        line.extend_from_slice(b"\r\n");
        Ok(line)
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        with_host_fields(
            &self.login.url,
            [
                ("gopher_type", Field::Text(self.gopher_type().to_string())),
                ("selector", Field::Text(self.selector.to_text())),
                ("search", text(self.search.as_ref())),
                ("gopher_plus", text(self.plus.as_ref())),
                (
                    "gopher_plus_kind",
                    self.gopher_plus().map_or(Field::Null, |k| {
                        Field::Text(
                            match k {
                                GopherPlus::Item => "item",
                                GopherPlus::View { .. } => "view",
                                GopherPlus::Attributes(_) => "attributes",
                                GopherPlus::DirectoryAttributes(_) => "directory-attributes",
                                GopherPlus::Ask => "ask",
                                GopherPlus::AskData => "ask-data",
                                GopherPlus::Other => "other",
                            }
                            .to_owned(),
                        )
                    }),
                ),
            ],
        )
    }

    /// The port is judged after the line sent: a URL refused for both is
    /// refused for the escape, which the lint reports as such.
    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let line = self.selector_line()?;
        let mut plan = Plan::connect(self.host(), super::connect_port(&self.login.url)?);
        if self.gopher_plus() == Some(GopherPlus::Ask) {
            plan.note("a +ASK item: fetch its +ASK attribute, have the user fill in the form, send the answers");
        }
        plan.steps.push(super::Step::Send(line));
        Ok(plan)
    }
}

impl<'a> Deref for GopherUrl<'a> {
    type Target = Login<'a>;

    fn deref(&self) -> &Login<'a> {
        &self.login
    }
}
