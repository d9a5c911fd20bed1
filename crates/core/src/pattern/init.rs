//! URLPattern Standard §3.2 "URLPatternInit processing": the dictionary of
//! components a pattern is built from, or a URL given in parts is matched
//! as, with what it inherits from its `baseURL`.

use super::canonicalize::{canonicalize, Canon};
use super::error::{PatternError, PatternErrorKind};
use super::parser::escape_pattern_string;
use super::PatternComponent;
use crate::whatwg::SchemeType;
use crate::{Spec, Url};

/// A `URLPatternInit`: the components of a pattern (or of a URL to match),
/// each a pattern string (or a value) or absent, and a base URL the absent
/// ones are taken from.
///
/// # Examples
///
/// ```
/// use urikit::pattern::{PatternOptions, UrlPattern, UrlPatternInit};
///
/// let init = UrlPatternInit {
///     pathname: Some("/books/:id".into()),
///     base_url: Some("https://example.com".into()),
///     ..UrlPatternInit::default()
/// };
/// let pattern = UrlPattern::from_init(&init, PatternOptions::default())?;
/// assert_eq!((pattern.hostname(), pattern.search()), ("example.com", "*"));
/// # Ok::<(), urikit::pattern::PatternError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternInit {
    /// `protocol`: the scheme, without `:` (one trailing `:` is dropped).
    pub protocol: Option<String>,
    /// `username`.
    pub username: Option<String>,
    /// `password`.
    pub password: Option<String>,
    /// `hostname`: the host, without a port.
    pub hostname: Option<String>,
    /// `port`.
    pub port: Option<String>,
    /// `pathname`: relative to the base URL's directory when it does not
    /// start with `/`.
    pub pathname: Option<String>,
    /// `search`: the query, without `?` (one leading `?` is dropped).
    pub search: Option<String>,
    /// `hash`: the fragment, without `#` (one leading `#` is dropped).
    pub hash: Option<String>,
    /// `baseURL`: the URL the components not given are taken from.
    pub base_url: Option<String>,
}

impl UrlPatternInit {
    /// The value of `component`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternComponent, UrlPatternInit};
    ///
    /// let init = UrlPatternInit { port: Some("8080".into()), ..Default::default() };
    /// assert_eq!(init.get(PatternComponent::Port), Some("8080"));
    /// ```
    pub fn get(&self, component: PatternComponent) -> Option<&str> {
        self.slot(component).as_deref()
    }

    /// Sets the value of `component` (`None`: absent).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternComponent, UrlPatternInit};
    ///
    /// let mut init = UrlPatternInit::default();
    /// init.set(PatternComponent::Hash, Some("top"));
    /// assert_eq!(init.hash.as_deref(), Some("top"));
    /// ```
    pub fn set(&mut self, component: PatternComponent, value: Option<&str>) {
        *self.slot_mut(component) = value.map(str::to_owned);
    }

    fn slot(&self, component: PatternComponent) -> &Option<String> {
        component_field!(component, &self)
    }

    fn slot_mut(&mut self, component: PatternComponent) -> &mut Option<String> {
        component_field!(component, &mut self)
    }
}

/// What an init is processed as: a pattern (its strings are pattern
/// strings, kept as they are) or a URL (its values are canonicalized).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InitType {
    Pattern,
    Url,
}

/// The result of processing an init: each component's string, and, for a
/// pattern, how many bytes before what the caller gave were added to it
/// (the base URL's directory before a relative pathname), and how many of
/// what was given were dropped (a protocol's `:`, a search's `?`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Processed {
    pub(crate) values: [Option<String>; 8],
    /// For each component, (bytes added before, bytes dropped from the start).
    pub(crate) shift: [(usize, usize); 8],
}

impl Processed {
    pub(crate) fn get(&self, c: PatternComponent) -> Option<&str> {
        self.values[c as usize].as_deref()
    }

    fn set(&mut self, c: PatternComponent, v: String) {
        self.values[c as usize] = Some(v);
    }

    /// An error at `offset` of the processed string of `c`, as an offset
    /// into what the caller gave.
    pub(crate) fn locate(&self, c: PatternComponent, e: PatternError) -> PatternError {
        let (added, dropped) = self.shift[c as usize];
        PatternError {
            offset: e.offset.saturating_sub(added) + dropped,
            ..e
        }
        .of(c)
    }
}

/// "process a base URL string".
fn base_string(input: &str, ty: InitType) -> String {
    match ty {
        InitType::Pattern => escape_pattern_string(input),
        InitType::Url => input.to_owned(),
    }
}

/// §3.2 "is an absolute pathname".
fn is_absolute_pathname(input: &str, ty: InitType) -> bool {
    let b = input.as_bytes();
    match b {
        [] => false,
        [b'/', ..] => true,
        _ if ty == InitType::Url => false,
        [b'\\' | b'{', b'/', ..] => true,
        _ => false,
    }
}

/// §3.2 "process a URLPatternInit": `init` as `ty`, the components not given
/// from `defaults`.
///
/// # Errors
///
/// A base URL that does not parse; for a URL, a value the URL parser
/// refuses.
pub(crate) fn process(init: &UrlPatternInit, ty: InitType, defaults: Option<&str>) -> Result<Processed, PatternError> {
    use PatternComponent as C;
    let mut result = Processed::default();
    if let Some(d) = defaults {
        for v in &mut result.values {
            *v = Some(d.to_owned());
        }
    }
    let mut base = None;
    if let Some(b) = &init.base_url {
        let url = match Url::parse_lenient_with(b, Spec::Whatwg) {
            Ok((url, _)) => url,
            Err(by) => {
                return Err(PatternError::new(
                    0,
                    PatternErrorKind::InvalidBaseUrl { by },
                    "process a URLPatternInit",
                ))
            }
        };
        let api = url.api().expect("a WHATWG URL");
        let has = |cs: &[C]| cs.iter().any(|&c| init.get(c).is_some());
        if init.protocol.is_none() {
            result.set(C::Protocol, base_string(url.scheme(), ty));
        }
        if ty != InitType::Pattern && !has(&[C::Protocol, C::Hostname, C::Port, C::Username]) {
            result.set(C::Username, base_string(api.username(), ty));
        }
        if ty != InitType::Pattern && !has(&[C::Protocol, C::Hostname, C::Port, C::Username, C::Password]) {
            result.set(C::Password, base_string(api.password(), ty));
        }
        if !has(&[C::Protocol, C::Hostname]) {
            result.set(C::Hostname, base_string(api.hostname(), ty));
        }
        if !has(&[C::Protocol, C::Hostname, C::Port]) {
            result.set(C::Port, api.port().to_owned());
        }
        if !has(&[C::Protocol, C::Hostname, C::Port, C::Pathname]) {
            result.set(C::Pathname, base_string(api.pathname(), ty));
        }
        if !has(&[C::Protocol, C::Hostname, C::Port, C::Pathname, C::Search]) {
            result.set(C::Search, base_string(url.query().unwrap_or(""), ty));
        }
        if !has(&[C::Protocol, C::Hostname, C::Port, C::Pathname, C::Search, C::Hash]) {
            result.set(C::Hash, base_string(url.fragment().unwrap_or(""), ty));
        }
        base = Some(url);
    }
    let canon = |c: C, canon: Canon, v: &str, protocol: Option<&str>| -> Result<String, PatternError> {
        match ty {
            InitType::Pattern => Ok(v.to_owned()),
            InitType::Url => {
                canonicalize(canon, v, protocol).map_err(|kind| PatternError::new(0, kind, canon.rule()).of(c))
            }
        }
    };
    if let Some(v) = &init.protocol {
        let stripped = v.strip_suffix(':').unwrap_or(v);
        result.set(C::Protocol, canon(C::Protocol, Canon::Protocol, stripped, None)?);
    }
    if let Some(v) = &init.username {
        result.set(C::Username, canon(C::Username, Canon::Username, v, None)?);
    }
    if let Some(v) = &init.password {
        result.set(C::Password, canon(C::Password, Canon::Password, v, None)?);
    }
    if let Some(v) = &init.hostname {
        result.set(C::Hostname, canon(C::Hostname, Canon::Hostname, v, None)?);
    }
    let protocol = result.get(C::Protocol).unwrap_or("").to_owned();
    if let Some(v) = &init.port {
        result.set(C::Port, canon(C::Port, Canon::Port, v, Some(&protocol))?);
    }
    if let Some(v) = &init.pathname {
        let mut pathname = v.clone();
        if let Some(base) = base.as_ref().filter(|b| !has_opaque_path(b)) {
            if !is_absolute_pathname(&pathname, ty) {
                let base_path = base_string(base.path(), ty);
                if let Some(slash) = base_path.rfind('/') {
                    let mut joined = base_path[..=slash].to_owned();
                    result.shift[C::Pathname as usize].0 = joined.len();
                    joined.push_str(&pathname);
                    pathname = joined;
                }
            }
        }
        let special = protocol.is_empty() || SchemeType::of(&protocol).is_special();
        let callback = if special {
            Canon::Pathname
        } else {
            Canon::OpaquePathname
        };
        result.set(C::Pathname, canon(C::Pathname, callback, &pathname, None)?);
    }
    if let Some(v) = &init.search {
        let stripped = v.strip_prefix('?').unwrap_or(v);
        result.shift[C::Search as usize].1 = v.len() - stripped.len();
        result.set(C::Search, canon(C::Search, Canon::Search, stripped, None)?);
    }
    if let Some(v) = &init.hash {
        let stripped = v.strip_prefix('#').unwrap_or(v);
        result.shift[C::Hash as usize].1 = v.len() - stripped.len();
        result.set(C::Hash, canon(C::Hash, Canon::Hash, stripped, None)?);
    }
    Ok(result)
}

/// Whether a WHATWG URL has an opaque path: no host, and a path that does
/// not start with `/`.
fn has_opaque_path(url: &Url) -> bool {
    url.host().is_none() && !url.path().starts_with('/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_pathnames() {
        assert!(is_absolute_pathname("/a", InitType::Url));
        assert!(!is_absolute_pathname("\\/a", InitType::Url));
        assert!(is_absolute_pathname("\\/a", InitType::Pattern));
        assert!(is_absolute_pathname("{/a}", InitType::Pattern));
        assert!(!is_absolute_pathname("a", InitType::Pattern));
        assert!(!is_absolute_pathname("", InitType::Pattern));
    }

    #[test]
    fn relative_pathname_after_the_base_directory() {
        let init = UrlPatternInit {
            pathname: Some("c".into()),
            base_url: Some("https://h/a/b?q".into()),
            ..Default::default()
        };
        let p = process(&init, InitType::Pattern, None).unwrap();
        assert_eq!(p.get(PatternComponent::Pathname), Some("/a/c"));
        assert_eq!(p.get(PatternComponent::Search), None);
        assert_eq!(p.get(PatternComponent::Hostname), Some("h"));
        assert_eq!(p.get(PatternComponent::Username), None);
    }
}
