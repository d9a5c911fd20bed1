//! URLPattern Standard §3.3 "Canonicalization": the encoding callbacks,
//! each the WHATWG URL parser run over a dummy URL (`https://dummy.invalid/`)
//! through urikit's own parser: the setters of the URL API, which are the
//! basic URL parser with a state override ([`Url::set_api`]), and the
//! parser itself for a protocol.
//!
//! Where this differs from the standard's text, it differs in the way only:
//!
//! * The `search` and `hash` setters drop one leading `?` or `#` before the
//!   query or fragment state runs; the standard's callbacks do not, so a
//!   value that starts with one is given to the setter with one more.
//! * The opaque path state is run as the parser runs it after `a:-`, with a
//!   `-` after the value so that no trailing space is trimmed; both `-` are
//!   removed again (the second only when no `?` or `#` ended the path).
//! * A port is canonicalized on a URL of the given protocol when it is a
//!   special scheme but `file`, else on a URL whose scheme is not special
//!   (the default port is dropped only for its scheme, and `file` has
//!   none); with no protocol given, on a URL whose scheme is not special,
//!   so that a port pattern keeps `443` whatever protocol it is paired with.

use super::error::PatternErrorKind;
use crate::whatwg::api::Setter;
use crate::{ParseError, Spec, Url};

/// The encoding callback of a component (§3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Canon {
    Protocol,
    Username,
    Password,
    Hostname,
    Ipv6Hostname,
    Port,
    Pathname,
    OpaquePathname,
    Search,
    Hash,
}

impl Canon {
    /// The standard's name of the callback, for errors.
    pub(crate) fn rule(self) -> &'static str {
        match self {
            Canon::Protocol => "canonicalize a protocol",
            Canon::Username => "canonicalize a username",
            Canon::Password => "canonicalize a password",
            Canon::Hostname => "canonicalize a hostname",
            Canon::Ipv6Hostname => "canonicalize an IPv6 hostname",
            Canon::Port => "canonicalize a port",
            Canon::Pathname => "canonicalize a pathname",
            Canon::OpaquePathname => "canonicalize an opaque pathname",
            Canon::Search => "canonicalize a search",
            Canon::Hash => "canonicalize a hash",
        }
    }
}

const DUMMY: &str = "https://dummy.invalid/";

/// "create a dummy URL".
fn dummy() -> Url {
    Url::parse_with(DUMMY, Spec::Whatwg).expect("the dummy URL is valid")
}

fn refused(by: ParseError) -> PatternErrorKind {
    PatternErrorKind::Invalid { by: Some(by) }
}

/// Runs the callback `canon` on `value`; `protocol` is the protocol a port
/// is canonicalized for, when one is given.
///
/// # Errors
///
/// Where the standard throws a `TypeError`: the URL parser fails.
pub(crate) fn canonicalize(canon: Canon, value: &str, protocol: Option<&str>) -> Result<String, PatternErrorKind> {
    if value.is_empty() {
        return Ok(String::new());
    }
    match canon {
        Canon::Protocol => {
            let mut input = String::with_capacity(value.len() + DUMMY.len());
            input.push_str(value);
            input.push_str("://dummy.invalid/");
            let (url, _) = Url::parse_lenient_with(&input, Spec::Whatwg).map_err(refused)?;
            Ok(url.scheme().to_owned())
        }
        Canon::Username | Canon::Password => {
            let mut url = dummy();
            let setter = if canon == Canon::Username {
                Setter::Username
            } else {
                Setter::Password
            };
            url.set_api(setter, value).map_err(refused)?;
            Ok(api(&url, setter).to_owned())
        }
        Canon::Hostname => {
            let mut url = dummy();
            url.set_api(Setter::Hostname, value).map_err(refused)?;
            Ok(api(&url, Setter::Hostname).to_owned())
        }
        Canon::Ipv6Hostname => ipv6_hostname(value),
        Canon::Port => {
            let mut url = match protocol {
                Some(p) if crate::ports::default_port(p, Spec::Whatwg).is_some() => {
                    Url::parse_with(&format!("{p}://dummy.invalid/"), Spec::Whatwg).unwrap_or_else(|_| not_special())
                }
                _ => not_special(),
            };
            url.set_api(Setter::Port, value).map_err(refused)?;
            Ok(api(&url, Setter::Port).to_owned())
        }
        Canon::Pathname => {
            // The parser puts a `/` before a path that has none; a piece of
            // a pathname must stay as it is, so `/-` goes before it (the `-`
            // keeps a leading `.` from being a dot segment) and is removed.
            let leading_slash = value.starts_with('/');
            let mut input = String::with_capacity(value.len() + 2);
            if !leading_slash {
                input.push_str("/-");
            }
            input.push_str(value);
            let mut url = dummy();
            url.set_api(Setter::Pathname, &input).map_err(refused)?;
            let path = api(&url, Setter::Pathname);
            Ok(if leading_slash {
                path
            } else {
                path.get(2..).unwrap_or("")
            }
            .to_owned())
        }
        Canon::OpaquePathname => {
            let mut input = String::with_capacity(value.len() + 4);
            input.push_str("a:-");
            input.push_str(value);
            input.push('-');
            let (url, _) = Url::parse_lenient_with(&input, Spec::Whatwg).map_err(refused)?;
            let path = url.path().strip_prefix('-').unwrap_or(url.path());
            let whole = url.query().is_none() && url.fragment().is_none();
            Ok(if whole {
                path.strip_suffix('-').unwrap_or(path)
            } else {
                path
            }
            .to_owned())
        }
        Canon::Search | Canon::Hash => {
            let (setter, delimiter) = if canon == Canon::Search {
                (Setter::Search, '?')
            } else {
                (Setter::Hash, '#')
            };
            let mut url = dummy();
            if value.starts_with(delimiter) {
                let mut input = String::with_capacity(value.len() + 1);
                input.push(delimiter);
                input.push_str(value);
                url.set_api(setter, &input).map_err(refused)?;
            } else {
                url.set_api(setter, value).map_err(refused)?;
            }
            // The getter's `?` or `#` is not part of the component.
            let got = api(&url, setter);
            Ok(got.get(1..).unwrap_or("").to_owned())
        }
    }
}

/// A URL whose scheme is not special, with a host, for the port callback.
fn not_special() -> Url {
    Url::parse_with("a://dummy.invalid/", Spec::Whatwg).expect("the dummy URL is valid")
}

fn api(url: &Url, setter: Setter) -> &str {
    url.api().map_or("", |a| a.get(setter))
}

/// §3.3 "canonicalize an IPv6 hostname": hex digits, `[`, `]` and `:`,
/// lower-cased.
fn ipv6_hostname(value: &str) -> Result<String, PatternErrorKind> {
    if value
        .bytes()
        .all(|b| b.is_ascii_hexdigit() || matches!(b, b'[' | b']' | b':'))
    {
        Ok(value.to_ascii_lowercase())
    } else {
        Err(PatternErrorKind::Invalid { by: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callbacks() {
        let ok = |c, v, want: &str| assert_eq!(canonicalize(c, v, None).as_deref(), Ok(want), "{c:?} {v:?}");
        ok(Canon::Protocol, "HTTP", "http");
        ok(Canon::Username, "a b", "a%20b");
        ok(Canon::Hostname, "EXAMPLE.com", "example.com");
        ok(Canon::Hostname, "bad#hostname", "bad");
        ok(Canon::Ipv6Hostname, "[::AB]", "[::ab]");
        ok(Canon::Port, "443", "443");
        ok(Canon::Pathname, "a b", "a%20b");
        ok(Canon::Pathname, "a/./b", "a/b");
        ok(Canon::Pathname, "/a b", "/a%20b");
        ok(Canon::Pathname, ".", ".");
        ok(Canon::OpaquePathname, "a b ", "a b ");
        ok(Canon::Search, "?a b", "?a%20b");
        ok(Canon::Search, "a'b", "a%27b");
        ok(Canon::Hash, "#x y", "#x%20y");
        assert_eq!(canonicalize(Canon::Port, "443", Some("https")).as_deref(), Ok(""));
        for (c, v) in [
            (Canon::Protocol, "a b"),
            (Canon::Hostname, "bad hostname"),
            (Canon::Hostname, "a:b"),
            (Canon::Port, "x"),
            (Canon::Port, "65536"),
            (Canon::Ipv6Hostname, "[::x]"),
        ] {
            assert!(canonicalize(c, v, None).is_err(), "{c:?} {v:?}");
        }
    }
}
