//! Which grammar a value was parsed by.

/// A grammar urikit speaks.
///
/// [`Spec::Rfc1738`] is the default: RFC 1738 for the syntax of the schemes it
/// defines, and the RFC 1630 draft for generic URIs, fragments and the
/// `+`-means-space rule of search strings. [`Spec::Rfc1630`] applies the RFC
/// 1630 draft's generic grammar to every scheme. [`Spec::Rfc1808`] and
/// [`Spec::Rfc3986`] are the generic syntaxes that followed (see
/// [`rfc3986`](crate::rfc3986) for how urikit reads each).
///
/// # Examples
///
/// ```
/// use urikit::Spec;
///
/// assert_eq!(Spec::default(), Spec::Rfc1738);
/// assert_eq!("rfc1630".parse::<Spec>(), Ok(Spec::Rfc1630));
/// assert_eq!(Spec::Rfc1738.to_string(), "rfc1738");
/// assert_eq!("RFC3986".parse::<Spec>(), Ok(Spec::Rfc3986));
/// assert_eq!(Spec::Rfc1808.title(), "RFC 1808");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Spec {
    /// RFC 1738 "Uniform Resource Locators" (December 1994).
    #[default]
    Rfc1738,
    /// "Universal Resource Identifiers in WWW" (RFC 1630 draft, March 1994).
    Rfc1630,
    /// RFC 1808 "Relative Uniform Resource Locators" (June 1995).
    Rfc1808,
    /// RFC 3986 "Uniform Resource Identifier (URI): Generic Syntax" (STD 66, January 2005).
    Rfc3986,
    /// The WHATWG URL Standard (living standard; this crate follows the July
    /// 2026 edition): the URL parser browsers run. See [`whatwg`](crate::whatwg).
    Whatwg,
}

impl Spec {
    /// Every spec urikit speaks, in the order the command line lists them,
    /// oldest first and the URL Standard last (the JVM codes are places in
    /// it, and `Ord for Url` follows it).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Spec;
    ///
    /// let names: Vec<&str> = Spec::ALL.iter().map(|s| s.name()).collect();
    /// assert_eq!(names, ["rfc1738", "rfc1630", "rfc1808", "rfc3986", "whatwg"]);
    /// ```
    pub const ALL: [Spec; 5] = [Spec::Rfc1738, Spec::Rfc1630, Spec::Rfc1808, Spec::Rfc3986, Spec::Whatwg];

    /// The short lower-case name (`"rfc1738"`), as the CLI and JSON use it.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Spec;
    ///
    /// assert_eq!(Spec::Rfc3986.name(), "rfc3986");
    /// assert_eq!(Spec::Rfc3986.name().parse::<Spec>(), Ok(Spec::Rfc3986));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Spec::Rfc1738 => "rfc1738",
            Spec::Rfc1630 => "rfc1630",
            Spec::Rfc1808 => "rfc1808",
            Spec::Rfc3986 => "rfc3986",
            Spec::Whatwg => "whatwg",
        }
    }

    /// The title a message shows (`"RFC 1738"`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Spec;
    ///
    /// assert_eq!(Spec::Rfc1630.title(), "RFC 1630");
    /// ```
    pub const fn title(self) -> &'static str {
        match self {
            Spec::Rfc1738 => "RFC 1738",
            Spec::Rfc1630 => "RFC 1630",
            Spec::Rfc1808 => "RFC 1808",
            Spec::Rfc3986 => "RFC 3986",
            Spec::Whatwg => "WHATWG URL Standard",
        }
    }

    /// Whether this is one of the 1994 grammars ([`Spec::Rfc1738`],
    /// [`Spec::Rfc1630`]), which accept an optional `URL:` prefix and resolve
    /// partial forms by the RFC 1630 algorithm.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Spec;
    ///
    /// assert!(Spec::Rfc1738.is_1994());
    /// assert!(Spec::Rfc1630.is_1994());
    /// assert!(!Spec::Rfc3986.is_1994());
    /// ```
    pub const fn is_1994(self) -> bool {
        matches!(self, Spec::Rfc1738 | Spec::Rfc1630)
    }
}

/// The error of parsing a [`Spec`] name.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownSpec(pub String);

/// The traits of an enum that the command line and JSON name by a
/// lower-case word (a [`Spec`], a [`Component`](crate::Component)), given its
/// `ALL` and `name()` and the error that holds a word that names none:
/// `Display` writes the name, `FromStr` reads it in any case, and the
/// error's `Display` lists every name. A macro, as no generic impl can give
/// these traits to two types.
macro_rules! named {
    ($t:ident, $unknown:ident, $what:literal) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::fmt::Display for $unknown {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!("unknown ", $what, " {:?}, expected one of: "), self.0)?;
                for (i, v) in $t::ALL.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(v.name())?;
                }
                Ok(())
            }
        }

        impl std::error::Error for $unknown {}

        impl std::str::FromStr for $t {
            type Err = $unknown;

            fn from_str(s: &str) -> Result<$t, $unknown> {
                $t::ALL
                    .into_iter()
                    .find(|v| v.name().eq_ignore_ascii_case(s))
                    .ok_or_else(|| $unknown(s.to_owned()))
            }
        }
    };
}
pub(crate) use named;

named!(Spec, UnknownSpec, "spec");

#[cfg(test)]
mod tests {
    use crate::{Component, Spec, UnknownComponent, UnknownSpec};

    #[test]
    fn names_print_parse_in_any_case_and_list_themselves_when_unknown() {
        for spec in Spec::ALL {
            assert_eq!(spec.to_string().to_uppercase().parse::<Spec>(), Ok(spec));
        }
        for c in Component::ALL {
            assert_eq!(c.to_string().to_uppercase().parse::<Component>(), Ok(c));
        }
        assert_eq!(
            "html5".parse::<Spec>().unwrap_err().to_string(),
            "unknown spec \"html5\", expected one of: rfc1738, rfc1630, rfc1808, rfc3986, whatwg"
        );
        assert_eq!("x".parse::<Spec>(), Err(UnknownSpec("x".to_owned())));
        assert_eq!(
            "hostname".parse::<Component>().unwrap_err().to_string(),
            "unknown component \"hostname\", expected one of: \
             scheme, user, password, host, port, path, query, fragment"
        );
        assert_eq!("".parse::<Component>(), Err(UnknownComponent(String::new())));
    }
}
