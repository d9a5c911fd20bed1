//! URLPattern Standard §1.2 `test()` and `exec()`, and §1.3 "match": the
//! eight components of a URL (parsed by the WHATWG URL parser) or of an
//! init (processed as a URL), each matched by its component.
//!
//! The input is parsed once and its components compared as slices of it:
//! a URL that is already its own serialization (most URLs of a log) is
//! borrowed, not copied; only `exec` copies what it returns.

use super::direct::is_line_terminator;
use super::{
    process, ComponentMatch, InitType, PatternComponent, PatternError, PatternErrorKind, PatternInput, PatternMatch,
    UrlPattern,
};
use crate::{Spec, Url, UrlRef};

/// One input of a match, parsed: the URL (borrowed from the input when it
/// is its own serialization), or the values of an init.
pub(crate) enum Parsed<'a> {
    Borrowed(UrlRef<'a>),
    Owned(Url),
    Init(Box<[String; 8]>),
}

impl Parsed<'_> {
    /// The eight component values, in [`PatternComponent::ALL`]'s order.
    pub(crate) fn values(&self) -> [&str; 8] {
        match self {
            Parsed::Borrowed(url) => components(*url),
            Parsed::Owned(url) => components(url.as_url_ref()),
            Parsed::Init(values) => values.each_ref().map(String::as_str),
        }
    }
}

/// The components of a WHATWG URL, as the standard's "match" reads them
/// (the URL API's getters without the `:`, `?` and `#` they add).
fn components(url: UrlRef<'_>) -> [&str; 8] {
    let Some(api) = url.api() else {
        // Not reached: every URL here is parsed by the WHATWG parser.
        return [""; 8];
    };
    let protocol = api.protocol();
    [
        protocol.get(..protocol.len() - 1).unwrap_or(""),
        api.username(),
        api.password(),
        api.hostname(),
        api.port(),
        api.pathname(),
        api.search().get(1..).unwrap_or(""),
        api.hash().get(1..).unwrap_or(""),
    ]
}

impl UrlPattern {
    /// Whether `input` matches (`test(input, baseURL)`); `base_url` is the
    /// base a URL string is parsed against.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{UrlPattern, UrlPatternInit};
    ///
    /// let p = UrlPattern::parse("https://example.com/books/:id", None)?;
    /// assert!(p.test("https://example.com/books/1", None)?);
    /// assert!(p.test("books/1", Some("https://example.com/"))?);
    /// assert!(!p.test("not a url", None)?);
    /// let init = UrlPatternInit {
    ///     protocol: Some("https".into()),
    ///     hostname: Some("example.com".into()),
    ///     pathname: Some("/books/2".into()),
    ///     ..Default::default()
    /// };
    /// assert!(p.test(&init, None)?);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An init given together with a base URL (JavaScript throws a
    /// `TypeError`). An input that is not a URL is no match, not an error.
    pub fn test<'a>(&self, input: impl Into<PatternInput<'a>>, base_url: Option<&str>) -> Result<bool, PatternError> {
        Ok(parse_input(input.into(), base_url)?.is_some_and(|p| self.test_values(&p.values())))
    }

    /// What `input` matches (`exec(input, baseURL)`): each component's
    /// input and groups, or `None` when it does not match.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::UrlPattern;
    ///
    /// let p = UrlPattern::parse("https://example.com/:section/:id?", None)?;
    /// let m = p.exec("https://example.com/news", None)?.unwrap();
    /// assert_eq!(m.pathname.input, "/news");
    /// assert_eq!(
    ///     m.pathname.groups,
    ///     [("section".to_owned(), Some("news".to_owned())), ("id".to_owned(), None)]
    /// );
    /// assert_eq!(m.protocol.groups, []);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`UrlPattern::test`].
    pub fn exec<'a>(
        &self,
        input: impl Into<PatternInput<'a>>,
        base_url: Option<&str>,
    ) -> Result<Option<PatternMatch>, PatternError> {
        Ok(parse_input(input.into(), base_url)?.and_then(|p| self.exec_values(&p.values())))
    }

    /// Whether the component values `values` match: first whether each
    /// holds its component's fixed texts, then each matcher (a `*` alone
    /// is answered here, without its component).
    pub(crate) fn test_values(&self, values: &[&str; 8]) -> bool {
        self.may_match(values)
            && ORDER.iter().all(|&c| {
                let value = values[c as usize];
                if self.any & 1 << c as u8 != 0 {
                    !value.contains(is_line_terminator)
                } else {
                    self.component(c).test(value)
                }
            })
    }

    /// Whether each of `values` holds the fixed texts of its component
    /// (those with none are not looked at).
    fn may_match(&self, values: &[&str; 8]) -> bool {
        ORDER
            .iter()
            .all(|&c| self.checked & 1 << c as u8 == 0 || self.component(c).may_match(values[c as usize]))
    }

    /// [`exec`](Self::exec) on the component values `values`: every
    /// component matched before anything is copied.
    pub(crate) fn exec_values(&self, values: &[&str; 8]) -> Option<PatternMatch> {
        if !self.may_match(values) {
            return None;
        }
        // Every component's groups in one list, each from its start.
        let mut groups = Vec::with_capacity(8);
        let mut starts = [0; 8];
        for c in ORDER {
            starts[c as usize] = groups.len();
            if !self.component(c).exec_into(values[c as usize], &mut groups) {
                return None;
            }
        }
        let mut result = PatternMatch::default();
        for c in PatternComponent::ALL {
            let component = self.component(c);
            let start = starts[c as usize];
            let found = groups.get(start..start + component.names.len()).unwrap_or_default();
            *result.get_mut(c) = ComponentMatch {
                input: values[c as usize].to_owned(),
                groups: component
                    .names
                    .iter()
                    .zip(found)
                    .map(|(n, g)| (n.clone(), g.map(str::to_owned)))
                    .collect(),
            };
        }
        Some(result)
    }
}

/// The order components are matched in: the pathname first, where routes
/// differ most, so that most inputs that do not match fail at once.
const ORDER: [PatternComponent; 8] = [
    PatternComponent::Pathname,
    PatternComponent::Hostname,
    PatternComponent::Protocol,
    PatternComponent::Port,
    PatternComponent::Search,
    PatternComponent::Hash,
    PatternComponent::Username,
    PatternComponent::Password,
];

/// Steps 1-4 of "match": `input` parsed (`None`: it is not a URL, no
/// match).
///
/// # Errors
///
/// An init together with a base URL.
pub(crate) fn parse_input<'a>(
    input: PatternInput<'a>,
    base_url: Option<&str>,
) -> Result<Option<Parsed<'a>>, PatternError> {
    match input {
        PatternInput::Init(init) => {
            if base_url.is_some() {
                return Err(PatternError::new(0, PatternErrorKind::BaseWithInit, "match"));
            }
            // A value the URL parser refuses is no match.
            let Ok(p) = process(init, InitType::Url, Some("")) else {
                return Ok(None);
            };
            Ok(Some(Parsed::Init(Box::new(p.values.map(Option::unwrap_or_default)))))
        }
        PatternInput::Url(s) => {
            let url = match base_url {
                Some(b) => {
                    let Ok((base, _)) = Url::parse_lenient_with(b, Spec::Whatwg) else {
                        return Ok(None);
                    };
                    Url::parse_lenient_with_base(s, &base)
                }
                None => {
                    // An input that is its own serialization is its URL.
                    if let Some(o) = crate::whatwg::serialized(s) {
                        return Ok(Some(Parsed::Borrowed(UrlRef::from_parts(s, o, Spec::Whatwg))));
                    }
                    Url::parse_lenient_with(s, Spec::Whatwg)
                }
            };
            Ok(url.ok().map(|(url, _)| Parsed::Owned(url)))
        }
    }
}
