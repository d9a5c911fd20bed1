//! [`Component`]: the eight parts of a URL as the setters, the getters by
//! name and the encoders name them, and the encode set of each under each
//! spec.

use crate::pct::{self, EncodeSet};
use crate::Spec;

/// A component of a URL, as the setters and [`Url::get`](crate::Url::get) name it.
///
/// # Examples
///
/// ```
/// use urikit::Component;
///
/// assert_eq!("host".parse::<Component>(), Ok(Component::Host));
/// assert_eq!(Component::Query.name(), "query");
/// assert!("hostname".parse::<Component>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Component {
    /// The scheme, without its `:`.
    Scheme,
    /// The user name.
    User,
    /// The password.
    Password,
    /// The host.
    Host,
    /// The port, as written.
    Port,
    /// The path (with its leading `/` where there is one).
    Path,
    /// The search part, RFC 3986's query, without its `?`.
    Query,
    /// The fragment, without its `#`.
    Fragment,
}

impl Component {
    /// Every component, in the order they are written.
    pub const ALL: [Component; 8] = [
        Component::Scheme,
        Component::User,
        Component::Password,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The lower-case name (`"host"`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit::Component::Fragment.name(), "fragment");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::User => "user",
            Component::Password => "password",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// Whether the component may be absent (all but the scheme and the path).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Component;
    ///
    /// assert!(Component::Query.is_optional());
    /// assert!(!Component::Path.is_optional());
    /// ```
    pub const fn is_optional(self) -> bool {
        !matches!(self, Component::Scheme | Component::Path)
    }

    /// Whether `b` ends this component wherever it stands in it: a
    /// delimiter that no spec lets the component hold unencoded.
    pub(crate) const fn ends_at(self, b: u8) -> bool {
        match self {
            Component::Scheme | Component::User => matches!(b, b':' | b'@' | b'/' | b'?' | b'#'),
            Component::Password | Component::Host => matches!(b, b'@' | b'/' | b'?' | b'#'),
            Component::Port | Component::Path => matches!(b, b'?' | b'#'),
            Component::Query => b == b'#',
            Component::Fragment => false,
        }
    }

    /// `value` encoded for the place of this component under `spec`, by
    /// [`EncodeSet::for_component`]: a path segment by segment, its `/`
    /// kept; `None` for the scheme and the port, which nothing encodes.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Component, Spec};
    ///
    /// assert_eq!(Component::Path.encode("/a b/c~d", Spec::Rfc1738).as_deref(), Some("/a%20b/c%7Ed"));
    /// assert_eq!(Component::Path.encode("/a b/c~d", Spec::Rfc3986).as_deref(), Some("/a%20b/c~d"));
    /// assert_eq!(Component::Query.encode("a=1 & b", Spec::Whatwg).as_deref(), Some("a%3D1+%26+b"));
    /// assert_eq!(Component::Port.encode("80", Spec::Rfc1738), None);
    /// ```
    pub fn encode(self, value: &str, spec: Spec) -> Option<String> {
        let set = EncodeSet::for_component(self, spec)?;
        Some(match self {
            Component::Path => value
                .split('/')
                .map(|s| pct::encode(s, &set))
                .collect::<Vec<_>>()
                .join("/"),
            _ => pct::encode(value, &set).into_owned(),
        })
    }

    /// This component's bit in a set of components (`1 << c`).
    pub(crate) const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The rule a [`ParseError`](crate::ParseError) about this component names.
    pub(crate) const fn rule(self) -> &'static str {
        match self {
            // RFC 1630 and RFC 1738 call the query the search part.
            Component::Query => "search",
            c => c.name(),
        }
    }
}

impl EncodeSet {
    /// The set a value is encoded by for the place of component `c` under
    /// `spec` (see [`Component::encode`], which applies it): RFC 1738's
    /// `user`, `uchar`, `hsegment` and the RFC 1630 draft's `xalpha`; RFC
    /// 3986's and the URL Standard's userinfo, reg-name, path segment and
    /// fragment; for a query, `application/x-www-form-urlencoded`'s value,
    /// so that a form reader reads it back. `None` for the scheme and the
    /// port, which nothing encodes.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pct::EncodeSet;
    /// use urikit::{Component, Spec};
    ///
    /// assert_eq!(EncodeSet::for_component(Component::Host, Spec::Rfc1738), Some(EncodeSet::UCHAR));
    /// assert_eq!(EncodeSet::for_component(Component::User, Spec::Whatwg), Some(EncodeSet::USERINFO));
    /// assert_eq!(EncodeSet::for_component(Component::Scheme, Spec::Rfc3986), None);
    /// ```
    pub fn for_component(c: Component, spec: Spec) -> Option<EncodeSet> {
        let later = match spec {
            Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 => false,
            Spec::Rfc3986 | Spec::Whatwg => true,
        };
        Some(match c {
            Component::Scheme | Component::Port => return None,
            Component::User | Component::Password if later => EncodeSet::USERINFO,
            Component::User | Component::Password => EncodeSet::USER,
            Component::Host if later => EncodeSet::REG_NAME,
            Component::Host => EncodeSet::UCHAR,
            Component::Path if later => EncodeSet::PATH_SEGMENT,
            Component::Path => EncodeSet::HSEGMENT,
            Component::Query => EncodeSet::FORM_VALUE,
            Component::Fragment if later => EncodeSet::FRAGMENT,
            Component::Fragment if spec == Spec::Rfc1630 => EncodeSet::XALPHA,
            Component::Fragment => EncodeSet::UCHAR,
        })
    }
}

/// The error of parsing a [`Component`] name.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownComponent(pub String);

crate::spec::named!(Component, UnknownComponent, "component");
