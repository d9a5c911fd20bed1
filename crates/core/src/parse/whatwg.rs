//! Parsing by the WHATWG URL Standard: the entry points of the other specs
//! given their WHATWG meaning.
//!
//! * Strict ([`Url::parse_with`]): the basic URL parser, refusing at the
//!   first validation error.
//! * Borrowed ([`UrlRef::parse_with`]): strict, and only for an input that
//!   is already its own serialization (a WHATWG URL is its `href`).
//! * Lenient ([`Url::parse_lenient_with`]): the basic URL parser as browsers
//!   run it; every validation error that is not a failure comes back as a
//!   [`Repair::Tolerated`] warning.
//! * [`validate`](crate::validate): every validation error.
//! * Resolution: the basic URL parser with a base, as browsers run it.

use crate::engine::{AllErrors, FirstError, Sink, Stop};
use crate::error::{ParseError, ParseErrorKind, Repair, Warning};
use crate::offsets::Offsets;
use crate::url::{Url, UrlRef};
use crate::whatwg::{self, Halt};
use crate::Spec;

/// The base of a parse: `url` itself when it is a WHATWG URL, else its
/// string parsed by the WHATWG URL Standard (as a browser would).
fn with_base<T>(url: &Url, f: impl FnOnce(UrlRef<'_>) -> T) -> Result<T, ParseError> {
    match url.spec() {
        Spec::Whatwg => Ok(f(url.as_url_ref())),
        Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986 => {
            let (base, _) = lenient(url.as_str(), None)?;
            Ok(f(base.as_url_ref()))
        }
    }
}

/// The strict parse of `s` for a borrowed URL: its offsets when `s` is
/// valid and its own serialization; otherwise the first validation error,
/// or a [`ParseErrorKind::NotSerialized`], goes to `sink`. Out of line, so
/// that the grammars' `parse` stays small enough to inline.
#[inline(never)]
pub(crate) fn borrowed<S: Sink>(s: &str, sink: &mut S) -> Result<Offsets, Stop> {
    if let Some(o) = whatwg::serialized(s) {
        return Ok(o);
    }
    match whatwg::parse_full(s, None, sink) {
        Ok((href, o)) if href == s => Ok(o),
        Ok((href, _)) => {
            let at = href.bytes().zip(s.bytes()).take_while(|(a, b)| a == b).count();
            let _ = sink.report(ParseError::new(at, ParseErrorKind::NotSerialized, "href", Spec::Whatwg));
            Err(Stop)
        }
        Err(_) => Err(Stop),
    }
}

/// The strict parse of `input` with an optional base.
pub(crate) fn strict(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    let run = |b: Option<UrlRef<'_>>| {
        let mut sink = FirstError::default();
        match whatwg::parse(input, b, &mut sink) {
            Ok((s, o)) => Ok(Url::from_parts(s, o, Spec::Whatwg)),
            Err(Halt::Failure(e)) => Err(sink.0.unwrap_or(e)),
            Err(Halt::Stopped) => Err(sink.0.expect("a parse that stops reports why")),
        }
    };
    match base {
        Some(url) => with_base(url, |b| run(Some(b)))?,
        None => run(None),
    }
}

/// The basic URL parser as browsers run it, with an optional base: the URL
/// and the validation errors as warnings, or the failure.
pub(crate) fn lenient(input: &str, base: Option<&Url>) -> Result<(Url, Vec<Warning>), ParseError> {
    if base.is_none() {
        if let Some(o) = whatwg::serialized(input) {
            return Ok((Url::from_parts(input.to_owned(), o, Spec::Whatwg), Vec::new()));
        }
    }
    let run = |b: Option<UrlRef<'_>>| {
        let mut sink = AllErrors::default();
        let parsed = whatwg::parse(input, b, &mut sink);
        match parsed {
            Ok((s, o)) => {
                let warnings = sink
                    .into_sorted()
                    .into_iter()
                    .map(|e| Warning {
                        offset: e.offset,
                        repair: match e.kind {
                            ParseErrorKind::TooMany { more } => Repair::TooMany { more },
                            _ => Repair::Tolerated(e),
                        },
                    })
                    .collect();
                Ok((Url::from_parts(s, o, Spec::Whatwg), warnings))
            }
            Err(Halt::Failure(e)) => Err(e),
            Err(Halt::Stopped) => unreachable!("collecting every error never stops"),
        }
    };
    match base {
        Some(url) => with_base(url, |b| run(Some(b)))?,
        None => run(None),
    }
}

/// Every validation error of `input`, in input order.
pub(crate) fn validate(input: &str) -> Vec<ParseError> {
    let mut sink = AllErrors::default();
    let _ = whatwg::parse(input, None, &mut sink);
    sink.into_sorted()
}

/// Every validation error of `input` parsed against `base`, in input order.
pub(crate) fn validate_with_base(input: &str, base: &Url) -> Result<Vec<ParseError>, ParseError> {
    with_base(base, |b| {
        let mut sink = AllErrors::default();
        let _ = whatwg::parse(input, Some(b), &mut sink);
        sink.into_sorted()
    })
}

impl<'a> UrlRef<'a> {
    /// The borrowed WHATWG URL of `s`, which must be valid and serialized.
    /// Out of line, so that `UrlRef::parse_with` stays small enough to
    /// inline for the grammars.
    #[inline(never)]
    pub(crate) fn parse_whatwg(s: &'a str) -> Result<UrlRef<'a>, ParseError> {
        let mut sink = FirstError::default();
        match borrowed(s, &mut sink) {
            Ok(o) => Ok(UrlRef::from_parts(s, o, Spec::Whatwg)),
            Err(_) => Err(sink.0.expect("a parse that stops reports why")),
        }
    }
}
