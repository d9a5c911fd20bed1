//! Which grammar a value was parsed by.

use std::fmt;
use std::str::FromStr;

/// A grammar urikit speaks.
///
/// [`Spec::Rfc1738`] is the default: RFC 1738 for the syntax of the schemes it
/// defines, and the RFC 1630 draft for generic URIs, fragments and the
/// `+`-means-space rule of search strings. [`Spec::Rfc1630`] applies the RFC
/// 1630 draft's generic grammar to every scheme.
///
/// # Examples
///
/// ```
/// use urikit::Spec;
///
/// assert_eq!(Spec::default(), Spec::Rfc1738);
/// assert_eq!("rfc1630".parse::<Spec>(), Ok(Spec::Rfc1630));
/// assert_eq!(Spec::Rfc1738.to_string(), "rfc1738");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Spec {
    /// RFC 1738 "Uniform Resource Locators" (December 1994).
    #[default]
    Rfc1738,
    /// "Universal Resource Identifiers in WWW" (RFC 1630 draft, March 1994).
    Rfc1630,
}

impl Spec {
    /// Every spec, in the order the CLI lists them.
    pub const ALL: [Spec; 2] = [Spec::Rfc1738, Spec::Rfc1630];

    /// The short lower-case name (`"rfc1738"`), as the CLI and JSON use it.
    pub const fn name(self) -> &'static str {
        match self {
            Spec::Rfc1738 => "rfc1738",
            Spec::Rfc1630 => "rfc1630",
        }
    }

    /// The title a message shows (`"RFC 1738"`).
    pub const fn title(self) -> &'static str {
        match self {
            Spec::Rfc1738 => "RFC 1738",
            Spec::Rfc1630 => "RFC 1630",
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Spec`] name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSpec(pub String);

impl fmt::Display for UnknownSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown spec {:?}, expected one of: ", self.0)?;
        for (i, spec) in Spec::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(spec.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownSpec {}

impl FromStr for Spec {
    type Err = UnknownSpec;

    fn from_str(s: &str) -> Result<Spec, UnknownSpec> {
        Spec::ALL
            .into_iter()
            .find(|spec| spec.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownSpec(s.to_owned()))
    }
}
