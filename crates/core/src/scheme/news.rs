//! `news` and `nntp` (RFC 1738 §3.6, §3.7).

use std::ops::Deref;

use super::{with_host_fields, Decoded, Field, Login, Plan, LINE_BREAKERS};
use crate::error::SchemeError;
use crate::url::UrlRef;

/// What a `news` URL names.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NewsTarget<'a> {
    /// `news:*`: "all available news groups".
    AllGroups,
    /// A newsgroup, such as `comp.infosystems.www.misc`.
    Group(&'a str),
    /// An article by its message-id (without `<` and `>`), told apart from
    /// a group by its `@`.
    Article(Decoded<'a>),
}

/// A `news` URL: `news:<newsgroup-name>`, `news:<message-id>` or `news:*`.
///
/// News URLs name no host: the reader's own news server is used.
///
/// # Examples
///
/// ```
/// use urikit::scheme::{NewsTarget, SchemeView};
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("news:comp.infosystems.www")?;
/// let SchemeView::News(n) = url.view().unwrap() else { panic!() };
/// assert_eq!(n.target(), &NewsTarget::Group("comp.infosystems.www"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsUrl<'a> {
    target: NewsTarget<'a>,
}

impl<'a> NewsUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> NewsUrl<'a> {
        let path = url.path();
        let start = super::path_offset(&url);
        let target = if path == "*" {
            NewsTarget::AllGroups
        } else if path.contains('@') {
            NewsTarget::Article(Decoded::new(url.as_str(), start, start + path.len()))
        } else {
            NewsTarget::Group(path)
        };
        NewsUrl { target }
    }

    /// What the URL names.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::{NewsTarget, SchemeView};
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("news:*")?;
    /// let SchemeView::News(n) = url.view().unwrap() else { panic!() };
    /// assert_eq!(n.target(), &NewsTarget::AllGroups);
    ///
    /// // An '@' makes it a message-id, not a group.
    /// let url = UrlRef::parse("news:1234@cern.ch")?;
    /// let SchemeView::News(n) = url.view().unwrap() else { panic!() };
    /// let NewsTarget::Article(id) = n.target() else { panic!() };
    /// assert_eq!(id.as_bytes(), b"1234@cern.ch");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn target(&self) -> &NewsTarget<'a> {
        &self.target
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        let (kind, value) = match &self.target {
            NewsTarget::AllGroups => ("all-groups", Field::Null),
            NewsTarget::Group(g) => ("group", Field::Text((*g).to_owned())),
            NewsTarget::Article(a) => ("article", Field::Text(a.to_text())),
        };
        vec![("target", Field::Text(kind.to_owned())), ("name", value)]
    }

    /// `ARTICLE <message-id>`, `GROUP name` or `LIST`, on the local news
    /// server (RFC 977 commands).
    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::default();
        plan.note("connect to your own news server (port 119): news URLs name no host");
        match &self.target {
            NewsTarget::AllGroups => plan.line(&[b"LIST"]),
            NewsTarget::Group(g) => plan.line(&[b"GROUP ", g.as_bytes()]),
            NewsTarget::Article(id) => {
                id.check(LINE_BREAKERS)?;
                plan.line(&[b"ARTICLE <", id.as_bytes(), b">"]);
            }
        }
        Ok(plan)
    }
}

/// An `nntp` URL: `nntp://<host>:<port>/<newsgroup-name>/<article-number>`.
///
/// Without an article number it names the group.
///
/// # Examples
///
/// ```
/// use urikit::scheme::SchemeView;
/// use urikit::UrlRef;
///
/// let url = UrlRef::parse("nntp://news.cern.ch/comp.infosystems.www/42")?;
/// let SchemeView::Nntp(n) = url.view().unwrap() else { panic!() };
/// assert_eq!((n.group(), n.article()), ("comp.infosystems.www", Some(42)));
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NntpUrl<'a> {
    login: Login<'a>,
    group: &'a str,
    article: Option<u64>,
}

impl<'a> NntpUrl<'a> {
    pub(crate) fn new(url: UrlRef<'a>) -> Result<NntpUrl<'a>, SchemeError> {
        let login = Login::new(url)?;
        let path = url.path().strip_prefix('/').unwrap_or(url.path());
        let (group, article) = match path.split_once('/') {
            Some((g, n)) => (g, n.parse().ok()),
            None => (path, None),
        };
        Ok(NntpUrl { login, group, article })
    }

    /// The newsgroup.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("nntp://h/comp.infosystems.www")?;
    /// let SchemeView::Nntp(n) = url.view().unwrap() else { panic!() };
    /// assert_eq!(n.group(), "comp.infosystems.www");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn group(&self) -> &'a str {
        self.group
    }

    /// The article number within the group on that server.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::scheme::SchemeView;
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("nntp://h/comp.misc/7")?;
    /// let SchemeView::Nntp(n) = url.view().unwrap() else { panic!() };
    /// assert_eq!(n.article(), Some(7));
    /// let url = UrlRef::parse("nntp://h/comp.misc")?;
    /// let SchemeView::Nntp(n) = url.view().unwrap() else { panic!() };
    /// assert_eq!(n.article(), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn article(&self) -> Option<u64> {
        self.article
    }

    pub(crate) fn fields(&self) -> Vec<(&'static str, Field)> {
        with_host_fields(
            &self.login.url,
            [
                ("group", Field::Text(self.group.to_owned())),
                ("article", self.article.map_or(Field::Null, Field::Number)),
            ],
        )
    }

    pub(crate) fn plan(&self) -> Result<Plan, SchemeError> {
        let mut plan = Plan::connect(self.host(), super::connect_port(&self.login.url)?);
        plan.line(&[b"GROUP ", self.group.as_bytes()]);
        if let Some(n) = self.article {
            plan.line(&[b"ARTICLE ", n.to_string().as_bytes()]);
        }
        Ok(plan)
    }
}

impl<'a> Deref for NntpUrl<'a> {
    type Target = Login<'a>;

    fn deref(&self) -> &Login<'a> {
        &self.login
    }
}
