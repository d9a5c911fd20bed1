//! URLPattern Standard §1.2 "The URLPattern class": the constructor
//! ("initialize a URLPattern", "create a URL pattern") and the component
//! getters.

use super::constructor::parse_constructor_string;
use super::{
    compile, process, Canon, Component, InitType, Options, PatternComponent, PatternError, PatternErrorKind,
    PatternInput, UrlPattern, UrlPatternInit,
};
use crate::whatwg::SchemeType;

/// The options of a pattern (`URLPatternOptions`).
///
/// # Examples
///
/// ```
/// use urikit::pattern::{PatternOptions, UrlPattern};
///
/// let options = PatternOptions { ignore_case: true };
/// let p = UrlPattern::new("https://example.com/Books/*".into(), None, options)?;
/// assert!(p.test("https://example.com/BOOKS/1", None)?);
/// # Ok::<(), urikit::pattern::PatternError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PatternOptions {
    /// `ignoreCase`: the pathname, search and hash match without regard to
    /// case (the other components are canonicalized, so lower-case).
    pub ignore_case: bool,
}

/// §1.2 "special scheme list".
const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// §1.3 "protocol component matches a special scheme".
pub(crate) fn protocol_component_matches_a_special_scheme(c: &Component) -> bool {
    SPECIAL_SCHEMES.iter().any(|s| c.test(s))
}

/// §1.2 "hostname pattern is an IPv6 address".
fn hostname_pattern_is_an_ipv6_address(input: &str) -> bool {
    matches!(input.as_bytes(), [b'[', _, ..] | [b'{' | b'\\', b'[', ..])
}

impl UrlPattern {
    /// Builds a pattern from a constructor string, with an optional base
    /// URL (`new URLPattern(input, baseURL)`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::UrlPattern;
    ///
    /// let p = UrlPattern::parse("https://example.com/:page{.html}?", None)?;
    /// assert!(p.test("https://example.com/about.html", None)?);
    /// assert!(p.test("https://example.com/about", None)?);
    /// assert!(UrlPattern::parse("/relative", None).is_err());
    /// assert!(UrlPattern::parse("/relative", Some("https://example.com"))?.test("https://example.com/relative", None)?);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A pattern the standard refuses (the constructor throws a
    /// `TypeError`): a component that does not parse or compile, a
    /// fixed text the URL parser refuses, a relative string without a base
    /// URL, a base URL that does not parse.
    pub fn parse(pattern: &str, base_url: Option<&str>) -> Result<UrlPattern, PatternError> {
        UrlPattern::new(PatternInput::Url(pattern), base_url, PatternOptions::default())
    }

    /// Builds a pattern from an init (`new URLPattern(init, options)`): the
    /// components it does not give match anything, or come from its
    /// `baseURL`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternOptions, UrlPattern, UrlPatternInit};
    ///
    /// let init = UrlPatternInit { pathname: Some("/:id".into()), ..Default::default() };
    /// let p = UrlPattern::from_init(&init, PatternOptions::default())?;
    /// assert_eq!((p.protocol(), p.pathname()), ("*", "/:id"));
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`UrlPattern::parse`].
    pub fn from_init(init: &UrlPatternInit, options: PatternOptions) -> Result<UrlPattern, PatternError> {
        UrlPattern::new(PatternInput::Init(init), None, options)
    }

    /// §1.2 "initialize a URLPattern": a constructor string with an
    /// optional base URL, or an init (with no base URL besides it).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternErrorKind, PatternOptions, UrlPattern, UrlPatternInit};
    ///
    /// let init = UrlPatternInit::default();
    /// let err = UrlPattern::new((&init).into(), Some("https://example.com"), PatternOptions::default());
    /// assert_eq!(err.unwrap_err().kind, PatternErrorKind::BaseWithInit);
    /// ```
    ///
    /// # Errors
    ///
    /// As [`UrlPattern::parse`]; an init together with a base URL.
    pub fn new(
        input: PatternInput<'_>,
        base_url: Option<&str>,
        options: PatternOptions,
    ) -> Result<UrlPattern, PatternError> {
        let rule = "initialize a URLPattern";
        let (init, starts) = match input {
            PatternInput::Url(s) => {
                if s.len() > super::MAX_PATTERN_LEN {
                    return Err(PatternError::new(
                        super::MAX_PATTERN_LEN,
                        PatternErrorKind::TooLong,
                        rule,
                    ));
                }
                let (mut init, starts) = parse_constructor_string(s)?;
                if base_url.is_none() && init.protocol.is_none() {
                    return Err(PatternError::new(0, PatternErrorKind::MissingProtocol, rule));
                }
                init.base_url = base_url.map(str::to_owned);
                (init, Some(starts))
            }
            PatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(PatternError::new(0, PatternErrorKind::BaseWithInit, rule));
                }
                (init.clone(), None)
            }
        };
        let mut processed = process(&init, InitType::Pattern, None)?;
        for v in &mut processed.values {
            if v.is_none() {
                *v = Some("*".to_owned());
            }
        }
        let protocol = processed.get(PatternComponent::Protocol).unwrap_or("");
        if let Some(port) = SchemeType::of(protocol).default_port() {
            if processed.get(PatternComponent::Port) == Some(port.to_string().as_str()) {
                processed.values[PatternComponent::Port as usize] = Some(String::new());
            }
        }
        // An error is located in what the caller gave: for a constructor
        // string, from where the component starts in it.
        let locate = |c: PatternComponent, e: PatternError| {
            let e = processed.locate(c, e);
            match starts {
                Some(starts) if init.get(c).is_some() => e.shifted(starts[c as usize]),
                _ => e,
            }
        };
        let compile_one = |c: PatternComponent, canon: Canon, options: &Options| {
            let value = processed.get(c).unwrap_or("*");
            compile(value, canon, options).map_err(|e| locate(c, e))
        };
        let with_case = |o: Options| Options {
            ignore_case: options.ignore_case,
            ..o
        };
        let protocol = compile_one(PatternComponent::Protocol, Canon::Protocol, &Options::DEFAULT)?;
        let username = compile_one(PatternComponent::Username, Canon::Username, &Options::DEFAULT)?;
        let password = compile_one(PatternComponent::Password, Canon::Password, &Options::DEFAULT)?;
        let hostname_canon =
            if hostname_pattern_is_an_ipv6_address(processed.get(PatternComponent::Hostname).unwrap_or("")) {
                Canon::Ipv6Hostname
            } else {
                Canon::Hostname
            };
        let hostname = compile_one(PatternComponent::Hostname, hostname_canon, &Options::HOSTNAME)?;
        let port = compile_one(PatternComponent::Port, Canon::Port, &Options::DEFAULT)?;
        let pathname = if protocol_component_matches_a_special_scheme(&protocol) {
            compile_one(
                PatternComponent::Pathname,
                Canon::Pathname,
                &with_case(Options::PATHNAME),
            )?
        } else {
            compile_one(
                PatternComponent::Pathname,
                Canon::OpaquePathname,
                &with_case(Options::DEFAULT),
            )?
        };
        let search = compile_one(PatternComponent::Search, Canon::Search, &with_case(Options::DEFAULT))?;
        let hash = compile_one(PatternComponent::Hash, Canon::Hash, &with_case(Options::DEFAULT))?;
        let components = [protocol, username, password, hostname, port, pathname, search, hash];
        let bits = |f: fn(&Component) -> bool| {
            components
                .iter()
                .enumerate()
                .fold(0u8, |acc, (i, c)| if f(c) { acc | 1 << i } else { acc })
        };
        Ok(UrlPattern {
            checked: bits(|c| !c.fixed.is_empty()),
            any: bits(Component::is_any),
            components,
            ignore_case: options.ignore_case,
        })
    }

    pub(crate) fn component(&self, c: PatternComponent) -> &Component {
        &self.components[c as usize]
    }

    /// The normalized pattern string of `component`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternComponent, UrlPattern};
    ///
    /// let p = UrlPattern::parse("https://EXAMPLE.com:443/a/(.*)", None)?;
    /// let strings: Vec<&str> = PatternComponent::ALL.iter().map(|&c| p.pattern(c)).collect();
    /// assert_eq!(strings, ["https", "*", "*", "example.com", "", "/a/*", "*", "*"]);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    pub fn pattern(&self, component: PatternComponent) -> &str {
        &self.component(component).pattern
    }

    /// `protocol`: the protocol's pattern string.
    pub fn protocol(&self) -> &str {
        self.pattern(PatternComponent::Protocol)
    }

    /// `username`: the username's pattern string.
    pub fn username(&self) -> &str {
        self.pattern(PatternComponent::Username)
    }

    /// `password`: the password's pattern string.
    pub fn password(&self) -> &str {
        self.pattern(PatternComponent::Password)
    }

    /// `hostname`: the hostname's pattern string.
    pub fn hostname(&self) -> &str {
        self.pattern(PatternComponent::Hostname)
    }

    /// `port`: the port's pattern string.
    pub fn port(&self) -> &str {
        self.pattern(PatternComponent::Port)
    }

    /// `pathname`: the pathname's pattern string.
    pub fn pathname(&self) -> &str {
        self.pattern(PatternComponent::Pathname)
    }

    /// `search`: the search's pattern string.
    pub fn search(&self) -> &str {
        self.pattern(PatternComponent::Search)
    }

    /// `hash`: the hash's pattern string.
    pub fn hash(&self) -> &str {
        self.pattern(PatternComponent::Hash)
    }

    /// `hasRegExpGroups`: whether a component has a group with a regexp of
    /// its own (`:id(\d+)`), which the matcher runs a regular expression
    /// engine for.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::UrlPattern;
    ///
    /// assert!(!UrlPattern::parse("https://h/:id", None)?.has_regexp_groups());
    /// assert!(UrlPattern::parse("https://h/:id(\\d+)", None)?.has_regexp_groups());
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// `ignoreCase`: whether the pattern was built to ignore case.
    pub fn ignore_case(&self) -> bool {
        self.ignore_case
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_hostname_patterns() {
        assert!(hostname_pattern_is_an_ipv6_address("[::1]"));
        assert!(hostname_pattern_is_an_ipv6_address("{[::1]}"));
        assert!(hostname_pattern_is_an_ipv6_address("\\[::1]"));
        assert!(!hostname_pattern_is_an_ipv6_address("["));
        assert!(!hostname_pattern_is_an_ipv6_address("a[::1]"));
    }
}
