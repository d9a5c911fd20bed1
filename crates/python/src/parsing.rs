//! How an input becomes a URL: a spec, strict or lenient, and an optional
//! base that each input is parsed against. The scalar API and the Arrow
//! kernels share it; nothing here knows Python.
//!
//! * By RFC 1738, RFC 1630, RFC 1808 and RFC 3986 the default is strict (the
//!   grammar, refusing at the first violation); lenient repairs what
//!   browsers repair. A base must be valid by the spec, and each input is
//!   resolved against it by the spec's own algorithm (RFC 1630, RFC 1808 §4,
//!   RFC 3986 §5.2), the result checked by the spec.
//! * By the WHATWG URL Standard the default is lenient: the basic URL parser
//!   as browsers run it (`new URL(input, base)`), each validation error a
//!   warning, a failure the error. Strict refuses the first validation
//!   error: what is left is a "valid URL string". The base is read by the
//!   basic URL parser too.

use std::fmt;

use urikit::{ParseError, ResolveError, Spec, Url, UrlRef, Warning};

/// How inputs are parsed, fixed once for a whole call (and a whole column).
#[derive(Debug, Clone)]
pub struct Parsing {
    spec: Spec,
    lenient: bool,
    base: Option<Url>,
}

/// Why a [`Parsing`] cannot be made.
#[derive(Debug, Clone)]
pub enum BadParsing {
    /// The base is not a URL by the spec.
    Base(ParseError),
    /// Lenient parsing by an RFC with a base, which no RFC defines.
    LenientBase(Spec),
}

impl fmt::Display for BadParsing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadParsing::Base(e) => write!(f, "the base is not a valid URL: {e}"),
            BadParsing::LenientBase(spec) => write!(
                f,
                "lenient parsing takes no base by {}: a base resolves by the spec's own algorithm, which is strict",
                spec.name()
            ),
        }
    }
}

/// Why an input gave no URL.
#[derive(Debug, Clone)]
pub enum Failure {
    /// Not a URL by the spec (WHATWG: the parser's failure, or in a strict
    /// parse the first validation error).
    Parse(ParseError),
    /// By an RFC with a base: the input does not resolve against it to a
    /// valid URL.
    Resolve(ResolveError),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Parse(e) => e.fmt(f),
            Failure::Resolve(e) => e.fmt(f),
        }
    }
}

impl Parsing {
    /// By `spec`; `lenient` `None` is the spec's default (lenient by WHATWG,
    /// strict by the RFCs); each input parsed against `base` when there is
    /// one.
    ///
    /// # Errors
    ///
    /// When `base` is not a URL by `spec` (read as the inputs are read,
    /// strictly by the RFCs, by the basic URL parser by WHATWG), or is given
    /// with lenient parsing by an RFC.
    pub fn new(spec: Spec, lenient: Option<bool>, base: Option<&str>) -> Result<Parsing, BadParsing> {
        // `Spec` is non-exhaustive outside its crate: every spec but WHATWG
        // is a grammar of the RFCs here.
        let whatwg = spec == Spec::Whatwg;
        let lenient = lenient.unwrap_or(whatwg);
        let base = match base {
            None => None,
            Some(_) if lenient && !whatwg => return Err(BadParsing::LenientBase(spec)),
            Some(text) if whatwg => Some(Url::parse_lenient_with(text, spec).map_err(BadParsing::Base)?.0),
            Some(text) => Some(Url::parse_with(text, spec).map_err(BadParsing::Base)?),
        };
        Ok(Parsing { spec, lenient, base })
    }

    /// The spec.
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// Whether a plain strict parse by an RFC, which [`UrlRef`] does
    /// without allocating: no base, not lenient, not WHATWG.
    fn borrows(&self) -> bool {
        self.base.is_none() && !self.lenient && self.spec != Spec::Whatwg
    }

    /// `text` as a URL, with the warnings of a lenient parse (each validation
    /// error, by WHATWG).
    ///
    /// # Errors
    ///
    /// As [`Failure`] says.
    pub fn parse(&self, text: &str) -> Result<(Url, Vec<Warning>), Failure> {
        let strict = |parsed: Result<Url, ParseError>| parsed.map(|url| (url, Vec::new())).map_err(Failure::Parse);
        match &self.base {
            None if self.lenient => Url::parse_lenient_with(text, self.spec).map_err(Failure::Parse),
            None => strict(Url::parse_with(text, self.spec)),
            // The basic URL parser with a base (URL Standard §4.4).
            Some(base) if self.spec == Spec::Whatwg && self.lenient => {
                Url::parse_lenient_with_base(text, base).map_err(Failure::Parse)
            }
            Some(base) if self.spec == Spec::Whatwg => strict(Url::parse_with_base(text, base)),
            Some(base) => base
                .resolve_with(text, self.spec)
                .map(|url| (url, Vec::new()))
                .map_err(Failure::Resolve),
        }
    }

    /// Calls `f` with `text` as a URL, borrowed when it can be (a strict
    /// parse by an RFC without a base allocates nothing), or with why it is
    /// none.
    pub fn with<T>(&self, text: &str, f: impl FnOnce(Result<UrlRef<'_>, Failure>) -> T) -> T {
        if self.borrows() {
            return f(UrlRef::parse_with(text, self.spec).map_err(Failure::Parse));
        }
        match self.parse(text) {
            Ok((url, _)) => f(Ok(url.as_url_ref())),
            Err(e) => f(Err(e)),
        }
    }

    /// Whether `text` parses.
    pub fn is_valid(&self, text: &str) -> bool {
        if self.borrows() {
            return UrlRef::parse_with(text, self.spec).is_ok();
        }
        self.parse(text).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn href(p: &Parsing, text: &str) -> Result<String, String> {
        p.parse(text).map(|(u, _)| u.into_string()).map_err(|e| e.to_string())
    }

    #[test]
    fn whatwg_is_lenient_by_default_and_strict_on_request() {
        let lenient = Parsing::new(Spec::Whatwg, None, None).unwrap();
        let strict = Parsing::new(Spec::Whatwg, Some(false), None).unwrap();
        assert_eq!(href(&lenient, "http://0x7f.1/").as_deref(), Ok("http://127.0.0.1/"));
        assert!(href(&strict, "http://0x7f.1/")
            .unwrap_err()
            .contains("IPv4-too-few-parts"));
        assert_eq!(
            href(&strict, "HTTP://EXAMPLE.com:80/a/../b").as_deref(),
            Ok("http://example.com/b")
        );
        assert!(href(&lenient, "http://[::1").is_err());
    }

    #[test]
    fn whatwg_base() {
        let p = Parsing::new(Spec::Whatwg, None, Some("http://a/b/c")).unwrap();
        assert_eq!(href(&p, "../x").as_deref(), Ok("http://a/x"));
        assert_eq!(href(&p, "..\\x").as_deref(), Ok("http://a/x"));
        let strict = Parsing::new(Spec::Whatwg, Some(false), Some("http://a/b/c")).unwrap();
        assert_eq!(href(&strict, "../x").as_deref(), Ok("http://a/x"));
        assert!(href(&strict, "..\\x").unwrap_err().contains("invalid-reverse-solidus"));
        assert!(matches!(
            Parsing::new(Spec::Whatwg, None, Some("x")),
            Err(BadParsing::Base(_))
        ));
    }

    #[test]
    fn rfc_base_resolves_by_the_spec() {
        let p = Parsing::new(Spec::Rfc3986, None, Some("http://a/b/c/d;p?q")).unwrap();
        assert_eq!(href(&p, "../g").as_deref(), Ok("http://a/b/g"));
        assert!(Parsing::new(Spec::Rfc3986, Some(true), Some("http://a/")).is_err());
        assert!(Parsing::new(Spec::Rfc3986, None, Some("http://a/ b")).is_err());
    }
}
