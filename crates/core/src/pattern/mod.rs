//! The URLPattern Standard (<https://urlpattern.spec.whatwg.org/>): URL
//! patterns as browsers, Node and Deno match them, over urikit's WHATWG URL
//! parser. Cargo feature `pattern`.
//!
//! A [`UrlPattern`] is built from a constructor string
//! (`https://*.example.com/books/:id`) with an optional base URL, or from a
//! [`UrlPatternInit`] (the eight components, each a pattern string, and a
//! `baseURL`). Each component is parsed into parts (fixed texts, named and
//! numbered groups with their prefix, suffix and modifier), its fixed texts
//! canonicalized by the WHATWG URL parser (its setters over a dummy URL:
//! the same parser, never a second one), and compiled to a regular
//! expression; [`test`](UrlPattern::test) and [`exec`](UrlPattern::exec)
//! parse a URL (or process an init) and match its eight components.
//!
//! ```
//! use urikit::pattern::UrlPattern;
//!
//! let pattern = UrlPattern::parse("https://*.example.com/books/:id(\\d+)", None)?;
//! assert!(pattern.test("https://shop.example.com/books/42", None)?);
//! let m = pattern.exec("https://shop.example.com/books/42?x", None)?.unwrap();
//! assert_eq!(m.pathname.group("id"), Some("42"));
//! assert_eq!(m.hostname.group("0"), Some("shop"));
//! assert_eq!(pattern.pathname(), "/books/:id(\\d+)");
//! assert!(!pattern.test("https://example.com/books/x", None)?);
//! # Ok::<(), urikit::pattern::PatternError>(())
//! ```
//!
//! # Regular expressions
//!
//! The standard's regular expressions are ECMAScript's with the `v` flag
//! (and `i` for `ignoreCase`); urikit compiles them with the `regress`
//! crate, which targets that syntax and flag. Known differences: `regress`
//! matches on code points of UTF-8 text (as JavaScript does with `v`, so no
//! difference on valid strings; lone surrogates cannot be a Rust string);
//! `\p{…}` properties of strings (`\p{RGI_Emoji}`) and `\q{…}` are as far as
//! `regress` supports them. Group names are checked with Unicode's
//! XID_Start and XID_Continue where JavaScript says ID_Start and
//! ID_Continue (they differ in a handful of code points NFKC changes).
//!
//! A component without regexp groups (most routes: fixed texts, `:name`,
//! `*`, `{...}` with their modifiers) runs no regular expression engine: a
//! direct matcher walks its parts, answering as the regular expression
//! would, group for group, in time polynomial in the input (a state that
//! failed once is not tried again), where a backtracking engine takes
//! exponential time on nested repeats such as `:a*:b*x`. With `ignoreCase`,
//! a component whose fixed texts are not all ASCII, or an input that is not
//! ASCII, goes to the regular expression (Unicode case folding).
//!
//! `regress` backtracks: a regexp group written to backtrack (`(a*)*b`) can
//! take time exponential in the length of the component it matches, as in
//! a browser. A pattern string is at most [`MAX_PATTERN_LEN`] bytes and
//! [`MAX_PARTS`] parts per component.
//!
//! # Many patterns
//!
//! A [`PatternSet`] is a router table: for a URL, the first pattern that
//! matches (by the order they were added) with its groups, or every one.
//! It parses the URL once and runs only the patterns whose fixed text (the
//! start of the pathname, the start or end of the hostname, the protocol)
//! the URL has, found in tries: the time per URL grows with the URL and
//! the patterns that match, far slower than the number of patterns.
//!
//! # Results
//!
//! [`PatternMatch`] holds, per component, the input matched and its groups
//! in the pattern's order (`None` for a group that matched nothing, where
//! JavaScript has `undefined`); it does not repeat the inputs, which the
//! caller holds.

/// The field named after a component, of a struct with the eight
/// components as fields ([`UrlPatternInit`], [`PatternMatch`]), borrowed as
/// the place given says (`&self`, `&mut self`): the one table from
/// components to fields.
macro_rules! component_field {
    ($component:expr, $($place:tt)+) => {
        match $component {
            $crate::pattern::PatternComponent::Protocol => $($place)+.protocol,
            $crate::pattern::PatternComponent::Username => $($place)+.username,
            $crate::pattern::PatternComponent::Password => $($place)+.password,
            $crate::pattern::PatternComponent::Hostname => $($place)+.hostname,
            $crate::pattern::PatternComponent::Port => $($place)+.port,
            $crate::pattern::PatternComponent::Pathname => $($place)+.pathname,
            $crate::pattern::PatternComponent::Search => $($place)+.search,
            $crate::pattern::PatternComponent::Hash => $($place)+.hash,
        }
    };
}

mod canonicalize;
mod component;
mod constructor;
mod direct;
mod error;
mod fixed;
mod generate;
mod init;
mod parser;
mod tokenizer;

pub use error::{PatternError, PatternErrorKind, MAX_PARTS, MAX_PATTERN_LEN};
pub use init::UrlPatternInit;

use canonicalize::Canon;
use component::{compile, Component};
use init::{process, InitType};
use parser::Options;

/// A component of a URL, as URL patterns name them.
///
/// # Examples
///
/// ```
/// use urikit::pattern::PatternComponent;
///
/// assert_eq!(PatternComponent::Hostname.name(), "hostname");
/// assert_eq!(PatternComponent::from_name("hash"), Some(PatternComponent::Hash));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PatternComponent {
    /// `protocol`: the scheme.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `hostname`.
    Hostname,
    /// `port`.
    Port,
    /// `pathname`.
    Pathname,
    /// `search`: the query.
    Search,
    /// `hash`: the fragment.
    Hash,
}

impl PatternComponent {
    /// The eight components, in the standard's order.
    pub const ALL: [PatternComponent; 8] = [
        PatternComponent::Protocol,
        PatternComponent::Username,
        PatternComponent::Password,
        PatternComponent::Hostname,
        PatternComponent::Port,
        PatternComponent::Pathname,
        PatternComponent::Search,
        PatternComponent::Hash,
    ];

    /// The name JavaScript gives it (`"pathname"`).
    pub const fn name(self) -> &'static str {
        match self {
            PatternComponent::Protocol => "protocol",
            PatternComponent::Username => "username",
            PatternComponent::Password => "password",
            PatternComponent::Hostname => "hostname",
            PatternComponent::Port => "port",
            PatternComponent::Pathname => "pathname",
            PatternComponent::Search => "search",
            PatternComponent::Hash => "hash",
        }
    }

    /// The component of that name.
    pub fn from_name(name: &str) -> Option<PatternComponent> {
        PatternComponent::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A URL pattern (the standard's `URLPattern`): eight compiled components.
///
/// # Comparison
///
/// Two patterns are equal when their eight pattern strings and their
/// `ignoreCase` are.
///
/// # Examples
///
/// ```
/// use urikit::pattern::{UrlPattern, UrlPatternInit};
///
/// let p = UrlPattern::parse("/api/:version/*", Some("https://example.com"))?;
/// assert_eq!(p.protocol(), "https");
/// assert_eq!(p.pathname(), "/api/:version/*");
/// assert!(!p.has_regexp_groups());
/// let m = p.exec("https://example.com/api/v2/users/7", None)?.unwrap();
/// assert_eq!(m.pathname.group("version"), Some("v2"));
/// assert_eq!(m.pathname.group("0"), Some("users/7"));
/// # Ok::<(), urikit::pattern::PatternError>(())
/// ```
#[derive(Clone)]
pub struct UrlPattern {
    components: [Component; 8],
    ignore_case: bool,
    /// A bit per component (by its place in [`PatternComponent::ALL`])
    /// whose fixed texts say something, and one per component that is `*`
    /// alone: kept beside the components so that a test of the others
    /// does not touch them (a set's many patterns are mostly out of cache).
    checked: u8,
    any: u8,
}

/// The eight pattern strings and `ignoreCase`, as JavaScript shows them.
impl std::fmt::Debug for UrlPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("UrlPattern");
        for c in PatternComponent::ALL {
            d.field(c.name(), &self.pattern(c));
        }
        d.field("ignore_case", &self.ignore_case).finish()
    }
}

impl PartialEq for UrlPattern {
    fn eq(&self, other: &Self) -> bool {
        self.ignore_case == other.ignore_case
            && self
                .components
                .iter()
                .zip(&other.components)
                .all(|(a, b)| a.pattern == b.pattern)
    }
}

impl Eq for UrlPattern {}

impl std::hash::Hash for UrlPattern {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.ignore_case.hash(state);
        for c in &self.components {
            c.pattern.hash(state);
        }
    }
}

/// What [`UrlPattern::test`] and [`UrlPattern::exec`] match: a URL string
/// (with an optional base URL) or an init.
///
/// # Examples
///
/// ```
/// use urikit::pattern::{PatternInput, UrlPatternInit};
///
/// assert_eq!(PatternInput::from("https://h/"), PatternInput::Url("https://h/"));
/// let init = UrlPatternInit::default();
/// assert!(matches!(PatternInput::from(&init), PatternInput::Init(_)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PatternInput<'a> {
    /// A URL, parsed by the WHATWG URL parser.
    Url(&'a str),
    /// A URL given in parts.
    Init(&'a UrlPatternInit),
}

impl<'a> From<&'a str> for PatternInput<'a> {
    fn from(s: &'a str) -> Self {
        PatternInput::Url(s)
    }
}

impl<'a> From<&'a String> for PatternInput<'a> {
    fn from(s: &'a String) -> Self {
        PatternInput::Url(s)
    }
}

impl<'a> From<&'a UrlPatternInit> for PatternInput<'a> {
    fn from(init: &'a UrlPatternInit) -> Self {
        PatternInput::Init(init)
    }
}

/// The match of one component (`URLPatternComponentResult`): the input it
/// was matched against, and what each group matched.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ComponentMatch {
    /// The component of the URL matched.
    pub input: String,
    /// Each group's name and what it matched, in the pattern's order;
    /// `None` for a group that matched nothing (an optional group).
    pub groups: Vec<(String, Option<String>)>,
}

impl ComponentMatch {
    /// What the group `name` matched; `None` when it matched nothing or
    /// there is no such group.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::UrlPattern;
    ///
    /// let p = UrlPattern::parse("https://h/:a/:b?", None)?;
    /// let m = p.exec("https://h/x", None)?.unwrap();
    /// assert_eq!((m.pathname.group("a"), m.pathname.group("b"), m.pathname.group("c")), (Some("x"), None, None));
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    pub fn group(&self, name: &str) -> Option<&str> {
        self.groups
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// The result of [`UrlPattern::exec`] (`URLPatternResult`), a
/// [`ComponentMatch`] for each component.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PatternMatch {
    /// The protocol's match.
    pub protocol: ComponentMatch,
    /// The username's match.
    pub username: ComponentMatch,
    /// The password's match.
    pub password: ComponentMatch,
    /// The hostname's match.
    pub hostname: ComponentMatch,
    /// The port's match.
    pub port: ComponentMatch,
    /// The pathname's match.
    pub pathname: ComponentMatch,
    /// The search's match.
    pub search: ComponentMatch,
    /// The hash's match.
    pub hash: ComponentMatch,
}

impl PatternMatch {
    /// The match of `component`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternComponent, UrlPattern};
    ///
    /// let m = UrlPattern::parse("https://*.h/*", None)?.exec("https://a.h/b", None)?.unwrap();
    /// assert_eq!(m.get(PatternComponent::Hostname).input, "a.h");
    /// assert_eq!(m.get(PatternComponent::Pathname).group("0"), Some("b"));
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    pub fn get(&self, component: PatternComponent) -> &ComponentMatch {
        component_field!(component, &self)
    }

    fn get_mut(&mut self, component: PatternComponent) -> &mut ComponentMatch {
        component_field!(component, &mut self)
    }
}

mod build;
mod matching;
mod set;

pub(crate) use build::protocol_component_matches_a_special_scheme;
pub use build::PatternOptions;
pub use set::PatternSet;
