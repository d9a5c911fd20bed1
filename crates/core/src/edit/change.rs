//! One change of a URL as a value: [`Edit`] (what to change, the value, and
//! whether to encode it), the names that say what to change ([`Target`]),
//! and the two ways a spec sets a part ([`Strategy`]). The command line's
//! `edit --set` and the Python package's `Url.set` translate their
//! arguments into these and nothing more.

use std::fmt;

use crate::component::Component;
use crate::error::{ParseError, ParseErrorKind};
use crate::url::Url;
use crate::whatwg::api::{Setter, Taken};
use crate::Spec;

/// How a URL's spec sets one of its parts.
///
/// # Examples
///
/// ```
/// use urikit::{Spec, Strategy};
///
/// assert_eq!(Strategy::of(Spec::Rfc3986), Strategy::Reparse);
/// assert_eq!(Strategy::of(Spec::Whatwg), Strategy::StateOverride);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The RFCs: the value, as written, goes into a copy of the
    /// serialization, which is parsed again by the spec; the value must
    /// then read back as that part and every other part as before. Nothing
    /// is encoded or cut: a value the grammar does not allow is an error.
    Reparse,
    /// The URL Standard: the `URL` API's setter runs the basic URL parser
    /// on the value with a *state override* (§6.1, §4.4), as a browser
    /// does: it encodes what needs encoding, takes the part of the value
    /// the state reads, and ignores a value the standard ignores.
    StateOverride,
}

impl Strategy {
    /// The strategy of `spec`.
    pub const fn of(spec: Spec) -> Strategy {
        match spec {
            Spec::Rfc1630 | Spec::Rfc1738 | Spec::Rfc1808 | Spec::Rfc3986 => Strategy::Reparse,
            Spec::Whatwg => Strategy::StateOverride,
        }
    }
}

/// What an [`Edit`] changes: one of urikit's components (on a URL of any
/// spec), or one of the `URL` API's setters (on a WHATWG URL).
///
/// A component is the same thing under every spec: the query is what
/// follows the `?`, so that an empty value is an empty query, whatever the
/// strategy. A setter is the API's own: `search` drops one leading `?`
/// and takes the empty string as no query, and `host` sets the host and,
/// after a `:`, the port.
///
/// # Examples
///
/// ```
/// use urikit::whatwg::api::Setter;
/// use urikit::{Component, Spec, Target};
///
/// assert_eq!(Target::parse("query", Spec::Whatwg)?, Target::Component(Component::Query));
/// assert_eq!(Target::parse("search", Spec::Whatwg)?, Target::Setter(Setter::Search));
/// // By WHATWG, `host` is the API's (host and port).
/// assert_eq!(Target::parse("host", Spec::Whatwg)?, Target::Setter(Setter::Host));
/// assert_eq!(Target::parse("host", Spec::Rfc3986)?, Target::Component(Component::Host));
/// let e = Target::parse("search", Spec::Rfc3986).unwrap_err();
/// assert!(e.to_string().contains("whatwg"));
/// # Ok::<(), urikit::UnknownTarget>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A component by urikit's name.
    Component(Component),
    /// A setter of the `URL` API (WHATWG URLs only).
    Setter(Setter),
}

impl Target {
    /// The target `name` names for a URL of `spec`, ASCII
    /// case-insensitively: by WHATWG, a setter's name (`href`, `protocol`,
    /// `username`, `password`, `host`, `hostname`, `port`, `pathname`,
    /// `search`, `hash`) names the setter, and urikit's other component
    /// names (`scheme`, `user`, `path`, `query`, `fragment`) the component;
    /// by the other specs, only the components have names.
    ///
    /// # Errors
    ///
    /// [`UnknownTarget`] for any other name, or a setter's name under a
    /// spec that has no setters; its message lists the names there are.
    pub fn parse(name: &str, spec: Spec) -> Result<Target, UnknownTarget> {
        let unknown = || UnknownTarget {
            name: name.to_owned(),
            spec,
        };
        match Strategy::of(spec) {
            Strategy::StateOverride => match Setter::from_name(name) {
                Some(setter) => Ok(Target::Setter(setter)),
                None => name.parse().map(Target::Component).map_err(|_| unknown()),
            },
            Strategy::Reparse => name.parse().map(Target::Component).map_err(|_| unknown()),
        }
    }

    /// The component this target names; `None` for a setter.
    pub const fn component(self) -> Option<Component> {
        match self {
            Target::Component(c) => Some(c),
            Target::Setter(_) => None,
        }
    }

    /// The setter that runs for this target on a WHATWG URL: the setter
    /// itself, or the one [`Setter::of`] the component.
    pub const fn setter(self) -> Setter {
        match self {
            Target::Component(c) => Setter::of(c),
            Target::Setter(s) => s,
        }
    }

    /// The component whose place in the URL the value goes to: the
    /// component, or the one a setter writes (`hostname` and `host` the
    /// host, `search` the query, ...); `None` for `href`.
    pub const fn place(self) -> Option<Component> {
        Some(match self {
            Target::Component(c) => c,
            Target::Setter(Setter::Href) => return None,
            Target::Setter(Setter::Protocol) => Component::Scheme,
            Target::Setter(Setter::Username) => Component::User,
            Target::Setter(Setter::Password) => Component::Password,
            Target::Setter(Setter::Host | Setter::Hostname) => Component::Host,
            Target::Setter(Setter::Port) => Component::Port,
            Target::Setter(Setter::Pathname) => Component::Path,
            Target::Setter(Setter::Search) => Component::Query,
            Target::Setter(Setter::Hash) => Component::Fragment,
        })
    }

    /// The name as [`parse`](Target::parse) takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Target::Component(c) => c.name(),
            Target::Setter(s) => s.name(),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name [`Target::parse`] does not know for a URL of that spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTarget {
    /// The name as given.
    pub name: String,
    /// The spec of the URL it was to change.
    pub spec: Spec,
}

impl fmt::Display for UnknownTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let components: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        let (name, spec) = (&self.name, self.spec);
        match Strategy::of(spec) {
            Strategy::StateOverride => {
                let setters: Vec<&str> = Setter::ALL.iter().map(|s| s.name()).collect();
                write!(
                    f,
                    "unknown component {name:?}, expected one of the URL API's setters ({}) or urikit's components ({})",
                    setters.join(", "),
                    components.join(", ")
                )
            }
            Strategy::Reparse => {
                write!(
                    f,
                    "unknown component {name:?} of a URL parsed by {}, expected one of: {}",
                    spec.name(),
                    components.join(", ")
                )?;
                if Setter::from_name(name).is_some() {
                    f.write_str(" (the URL API's setters apply to a URL of the whatwg spec)")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for UnknownTarget {}

/// One change of a URL: a [`Target`], the value (`None` removes the part),
/// and whether the value is to be encoded for its place first.
///
/// # Examples
///
/// ```
/// use urikit::{Component, Edit, Spec, Target, Url};
///
/// let mut url = Url::parse_with("http://example.com/", Spec::Rfc3986)?;
/// url.apply(&Edit::encoded(Target::Component(Component::Path), "/a b/c").unwrap())?;
/// url.apply(&Edit::set(Target::Component(Component::Query), "x=1"))?;
/// assert_eq!(url.as_str(), "http://example.com/a%20b/c?x=1");
/// url.apply(&Edit::remove(Target::Component(Component::Query)))?;
/// assert_eq!(url.as_str(), "http://example.com/a%20b/c");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edit {
    target: Target,
    value: Option<String>,
    encode: bool,
}

impl Edit {
    /// Sets `target` to `value`, taken as written in a URL (%-encoded).
    pub fn set(target: Target, value: impl Into<String>) -> Edit {
        Edit {
            target,
            value: Some(value.into()),
            encode: false,
        }
    }

    /// Sets `target` to `value` encoded for its place under the URL's spec
    /// ([`Component::encode`] of [`Target::place`]: a path segment by
    /// segment, `/` kept; a query as a form value), so that every character
    /// of `value`, `%` included, stands for itself; `None` for a target
    /// with no encode set: the scheme, the port, `href`.
    pub fn encoded(target: Target, value: impl Into<String>) -> Option<Edit> {
        match target.place()? {
            Component::Scheme | Component::Port => None,
            _ => Some(Edit {
                target,
                value: Some(value.into()),
                encode: true,
            }),
        }
    }

    /// Removes `target` (by WHATWG: its setter given the empty string).
    pub fn remove(target: Target) -> Edit {
        Edit {
            target,
            value: None,
            encode: false,
        }
    }

    /// What this edit changes.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The value as given; `None` for a removal.
    pub fn value(&self) -> Option<&str> {
        self.value.as_deref()
    }

    /// Whether the value is encoded for its place before it is set.
    pub fn is_encoded(&self) -> bool {
        self.encode
    }

    /// The value this edit sets on a URL of `spec`: the value as given, or
    /// encoded for its place when the edit asks; `None` for a removal.
    ///
    /// ```
    /// use urikit::{Component, Edit, Spec, Target};
    ///
    /// let edit = Edit::encoded(Target::Component(Component::Query), "a&b c").unwrap();
    /// assert_eq!(edit.value_for(Spec::Whatwg).as_deref(), Some("a%26b+c"));
    /// ```
    pub fn value_for(&self, spec: Spec) -> Option<std::borrow::Cow<'_, str>> {
        let value = self.value.as_deref()?;
        match (self.encode, self.target.place()) {
            (true, Some(c)) => Some(c.encode(value, spec).map_or(value.into(), Into::into)),
            _ => Some(value.into()),
        }
    }
}

impl Url {
    /// Applies `edit` by the [`Strategy`] of the URL's spec: a component by
    /// [`set`](Url::set), a setter by [`set_api_taken`](Url::set_api_taken).
    /// What the setter took of the value is returned ([`Taken::All`] for a
    /// component set by reparse, which takes all or nothing). The URL is
    /// unchanged on error.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::api::{Setter, Taken};
    /// use urikit::{Component, Edit, Spec, Target, Url};
    ///
    /// let mut url = Url::parse_with("https://example.com/", Spec::Whatwg)?;
    /// // The component: the query is what follows the '?'.
    /// url.apply(&Edit::set(Target::Component(Component::Query), "?a"))?;
    /// assert_eq!(url.as_str(), "https://example.com/??a");
    /// // The setter: `search` drops one leading '?'.
    /// url.apply(&Edit::set(Target::Setter(Setter::Search), "?a"))?;
    /// assert_eq!(url.as_str(), "https://example.com/?a");
    /// let taken = url.apply(&Edit::set(Target::Setter(Setter::Port), "8080x"))?;
    /// assert_eq!(taken.ignored("8080x"), Some("x"));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`set`](Url::set) and [`set_api_taken`](Url::set_api_taken); a
    /// setter on a URL of another spec than WHATWG.
    pub fn apply(&mut self, edit: &Edit) -> Result<Taken, ParseError> {
        let value = edit.value_for(self.spec());
        match edit.target {
            Target::Component(c) => self.set_taken(c, value.as_deref()),
            Target::Setter(setter) => self.set_api_taken(setter, value.as_deref().unwrap_or("")),
        }
    }

    /// Applies `edits` as one change by the [`Strategy`] of the URL's spec.
    ///
    /// * By reparse, every component is set at once and the URL validated
    ///   once, after them, as [`set_all`](Url::set_all) does: parts that
    ///   only fit together (a scheme and the host it needs) may be set
    ///   together. The URL is unchanged on error.
    /// * By state override, each setter runs in turn, as a script's
    ///   assignments do; one that leaves the URL as it was does not stop
    ///   the others. The result holds, in the order of `edits`, what each
    ///   took of its value or why it left the URL as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Component, Edit, Spec, Target, Url};
    ///
    /// let c = |name| Target::parse(name, Spec::Rfc1738).unwrap();
    /// let mut url = Url::parse("http://h/")?;
    /// // RFC 1738: a news URL has no host; both change at once.
    /// url.apply_all(&[Edit::set(c("scheme"), "news"), Edit::remove(c("host")), Edit::set(c("path"), "comp.infosystems.www")])?;
    /// assert_eq!(url.as_str(), "news:comp.infosystems.www");
    ///
    /// let w = |name| Target::parse(name, Spec::Whatwg).unwrap();
    /// let mut url = Url::parse_with("https://example.com/", Spec::Whatwg)?;
    /// let each = url.apply_all(&[Edit::set(w("port"), "x"), Edit::set(w("pathname"), "/a b")])?;
    /// assert!(each[0].is_err() && each[1].is_ok());
    /// assert_eq!(url.as_str(), "https://example.com/a%20b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// By reparse, as [`set_all`](Url::set_all), and for a setter among the
    /// edits (the error names no component). By state override, never: each
    /// edit's own result is in the list.
    pub fn apply_all<'e>(
        &mut self,
        edits: impl IntoIterator<Item = &'e Edit>,
    ) -> Result<Vec<Result<Taken, ParseError>>, crate::BuildError> {
        let edits: Vec<&Edit> = edits.into_iter().collect();
        match Strategy::of(self.spec()) {
            Strategy::StateOverride => Ok(edits.iter().map(|e| self.apply(e)).collect()),
            Strategy::Reparse => {
                let spec = self.spec();
                let values: Vec<_> = edits.iter().map(|e| e.value_for(spec)).collect();
                let mut changes = Vec::with_capacity(edits.len());
                for (edit, value) in edits.iter().zip(&values) {
                    match edit.target {
                        Target::Component(c) => changes.push((c, value.as_deref())),
                        Target::Setter(setter) => {
                            let why = crate::error::SetterIgnored::NotWhatwg;
                            let kind = ParseErrorKind::SetterIgnored { why };
                            let error = ParseError::new(0, kind, setter.rule(), spec);
                            return Err(crate::BuildError::new(self.as_str().to_owned(), error, None));
                        }
                    }
                }
                self.set_all(changes)?;
                Ok(edits.iter().map(|_| Ok(Taken::All)).collect())
            }
        }
    }
}
