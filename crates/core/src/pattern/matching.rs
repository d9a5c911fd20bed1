//! URLPattern Standard §1.2 `test()` and `exec()`, and §1.3 "match": the
//! eight components of a URL (parsed by the WHATWG URL parser) or of an
//! init (processed as a URL), each matched by its component.

use super::{
    process, ComponentMatch, InitType, PatternComponent, PatternError, PatternErrorKind, PatternInput, PatternMatch,
    UrlPattern,
};
use crate::{Spec, Url};

/// The eight component values of one input, or `None` when the input is
/// not a URL (the standard's "return null").
type Values = [String; 8];

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
        let Some(values) = values(input.into(), base_url)? else {
            return Ok(false);
        };
        Ok(PatternComponent::ALL
            .iter()
            .all(|&c| self.component(c).test(&values[c as usize])))
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
        let Some(values) = values(input.into(), base_url)? else {
            return Ok(None);
        };
        let mut result = PatternMatch::default();
        for c in PatternComponent::ALL {
            let component = self.component(c);
            let value = &values[c as usize];
            let Some(groups) = component.exec(value) else {
                return Ok(None);
            };
            *result.get_mut(c) = ComponentMatch {
                input: value.clone(),
                groups: component
                    .names
                    .iter()
                    .zip(groups)
                    .map(|(n, g)| (n.clone(), g.map(str::to_owned)))
                    .collect(),
            };
        }
        Ok(Some(result))
    }
}

/// Steps 1-4 of "match": the component values of `input`.
fn values(input: PatternInput<'_>, base_url: Option<&str>) -> Result<Option<Values>, PatternError> {
    match input {
        PatternInput::Init(init) => {
            if base_url.is_some() {
                return Err(PatternError::new(0, PatternErrorKind::BaseWithInit, "match"));
            }
            // A value the URL parser refuses is no match.
            let Ok(p) = process(init, InitType::Url, Some("")) else {
                return Ok(None);
            };
            Ok(Some(p.values.map(Option::unwrap_or_default)))
        }
        PatternInput::Url(s) => {
            let url = match base_url {
                Some(b) => {
                    let Ok((base, _)) = Url::parse_lenient_with(b, Spec::Whatwg) else {
                        return Ok(None);
                    };
                    Url::parse_lenient_with_base(s, &base)
                }
                None => Url::parse_lenient_with(s, Spec::Whatwg),
            };
            let Ok((url, _)) = url else {
                return Ok(None);
            };
            let Some(api) = url.api() else {
                return Ok(None);
            };
            Ok(Some([
                url.scheme().to_owned(),
                api.username().to_owned(),
                api.password().to_owned(),
                api.hostname().to_owned(),
                api.port().to_owned(),
                api.pathname().to_owned(),
                url.query().unwrap_or("").to_owned(),
                url.fragment().unwrap_or("").to_owned(),
            ]))
        }
    }
}
