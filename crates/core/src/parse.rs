//! Parsing by [`Spec`]: the one place that picks a grammar per spec (the
//! 1994 grammar in `rfc1738`, RFC 3986 and RFC 1808 in `rfc3986`), strips the
//! 1994 `URL:` prefix, and gives [`UrlRef`], [`Url`] and [`Reference`] their
//! parsing functions, [`validate`] and lenient parsing.

mod convert;
mod lenient;
pub(crate) mod whatwg;

use std::borrow::Cow;

use crate::ascii::{rfc1630, rfc1738, ByteSet};
use crate::engine::{AllErrors, FirstError, Parser, Sink, Stop, Stopped};
use crate::error::{ParseError, ParseErrorKind, Warning, MAX_INPUT_LEN};
use crate::fast::Shape;
use crate::offsets::Offsets;
use crate::rfc1738::fast::Rfc1630;
use crate::rfc3986::fast::Rfc1808;
use crate::rfc3986::Reference;
use crate::url::{Url, UrlRef};
use crate::Spec;

/// The length of an optional `URL:` prefix (RFC 1738 appendix, draft-03
/// `prefixedurl`), matched without regard to case. RFC 1808 and RFC 3986
/// have none: there `url:` is a scheme.
pub(crate) fn prefix_len(input: &str, spec: Spec) -> usize {
    // One 4-octet load: or-ing 0x20 into the three letters gives their lower
    // case and turns no other octet into them; the `:` is compared as it is.
    match input.as_bytes().first_chunk::<4>() {
        Some(&p) if spec.is_1994() && u32::from_le_bytes(p) | 0x0020_2020 == u32::from_le_bytes(*b"url:") => 4,
        _ => 0,
    }
}

/// Parses `s` (the input after any `URL:` prefix; `base` is that prefix's
/// length, added to every error offset).
///
/// The common shapes of URLs by every spec but WHATWG (which has its own)
/// are taken first, in one pass and without a sink, by the grammars' fast
/// paths (the one scan of `fast`, given each grammar's shape in
/// `rfc1738::fast` and `rfc3986::fast`); anything else goes to the full grammar, which
/// reports violations. Where a fast path knows the first violation and only
/// the first is wanted, it is reported as the full grammar would. In builds
/// with debug assertions (the tests, the fuzz targets) the full grammar
/// checks every fast result.
#[inline]
pub(crate) fn parse<S: Sink>(s: &str, base: usize, spec: Spec, sink: &mut S) -> Result<Offsets, Stop> {
    // Inputs longer than `u32` offsets hold are the full grammar's to refuse.
    if s.len() <= MAX_INPUT_LEN {
        match spec {
            Spec::Rfc1738 => return parse_rfc1738(s, base, sink),
            Spec::Rfc1630 => return parse_shape::<Rfc1630, S>(s, base, sink),
            Spec::Rfc1808 => return parse_shape::<Rfc1808, S>(s, base, sink),
            Spec::Rfc3986 => return parse_rfc3986(s, base, sink),
            Spec::Whatwg => return whatwg::borrowed(s, sink),
        }
    }
    parse_full(s, base, spec, sink)
}

/// [`parse`] by RFC 1738: the fast path, then (see [`fast_or_full`]) the
/// violation it stopped at or the full grammar. Out of line, so that
/// [`parse`] stays small, with the fast path in it.
#[inline(never)]
fn parse_rfc1738<S: Sink>(s: &str, base: usize, sink: &mut S) -> Result<Offsets, Stop> {
    fast_or_full(s, base, Spec::Rfc1738, sink, crate::rfc1738::fast::url(s.as_bytes()))
}

/// [`parse`] by a grammar whose fast path is a [`Shape`] (the RFC 1630
/// draft, RFC 1808), as [`parse_rfc1738`]: one function out of line per
/// grammar.
#[inline(never)]
fn parse_shape<G: Shape, S: Sink>(s: &str, base: usize, sink: &mut S) -> Result<Offsets, Stop> {
    fast_or_full(s, base, G::SPEC, sink, crate::fast::scan::<G>(s.as_bytes()))
}

/// What a fast path gave: its table; or, when it stopped at the first
/// violation (see `engine::Stopped`) and the sink wants only the first,
/// that violation; or else the full grammar's answer.
#[inline(always)]
fn fast_or_full<S: Sink>(
    s: &str,
    base: usize,
    spec: Spec,
    sink: &mut S,
    fast: Result<Offsets, Stopped>,
) -> Result<Offsets, Stop> {
    match fast {
        Ok(o) => {
            #[cfg(debug_assertions)]
            check_fast(s, spec, &o);
            Ok(o)
        }
        Err(Some((at, violation, rule))) if S::FIRST_ONLY => {
            let kind = violation.kind(s.as_bytes(), at);
            #[cfg(debug_assertions)]
            {
                let mut full = FirstError::default();
                let _ = parse_full(s, base, spec, &mut full);
                let fast = ParseError::new(base + at, kind, rule, spec);
                assert_eq!(
                    full.0,
                    Some(fast),
                    "the fast path and the full grammar disagree on {s:?}"
                );
            }
            Err(Parser::new(s.as_bytes(), base, spec, sink).fatal(at, kind, rule))
        }
        Err(_) => parse_full(s, base, spec, sink),
    }
}

/// [`parse`] by RFC 3986: the fast path, or else the full grammar. Out of
/// line with the fast path in it, so that [`parse`] stays small and the
/// table comes back once, in the result: out of line alone, the fast path
/// returned it to a caller that copied it at once into its own result, with
/// loads wider than the stores that had just written its fields, which the
/// processor cannot forward and waits for.
#[inline(never)]
fn parse_rfc3986<S: Sink>(s: &str, base: usize, sink: &mut S) -> Result<Offsets, Stop> {
    match crate::rfc3986::fast::uri(s.as_bytes()) {
        Some(o) => {
            #[cfg(debug_assertions)]
            check_fast(s, Spec::Rfc3986, &o);
            Ok(o)
        }
        None => parse_full(s, base, Spec::Rfc3986, sink),
    }
}

/// In builds with debug assertions: the full grammar gives the table the
/// fast path gave.
#[cfg(debug_assertions)]
fn check_fast(s: &str, spec: Spec, o: &Offsets) {
    let mut sink = FirstError::default();
    let full = parse_full(s, 0, spec, &mut sink).ok();
    assert_eq!(
        full.as_ref(),
        Some(o),
        "the fast path and the full grammar disagree on {s:?}"
    );
}

/// [`parse`] by the full grammar of `spec`.
#[inline(never)]
pub(crate) fn parse_full<S: Sink>(s: &str, base: usize, spec: Spec, sink: &mut S) -> Result<Offsets, Stop> {
    let mut p = Parser::new(s.as_bytes(), base, spec, sink);
    if s.is_empty() {
        return Err(p.fatal(0, ParseErrorKind::Empty, "url"));
    }
    if s.len() > MAX_INPUT_LEN {
        return Err(p.fatal(MAX_INPUT_LEN, ParseErrorKind::TooLong, "url"));
    }
    match spec {
        Spec::Rfc1738 => p.rfc1738(),
        Spec::Rfc1630 => p.rfc1630(),
        Spec::Rfc1808 => p.rfc1808_url(),
        Spec::Rfc3986 => p.rfc3986_uri(),
        // The WHATWG URL Standard's parser writes a new string: its offsets
        // are into the input only when the input is that string.
        Spec::Whatwg => whatwg::borrowed(s, sink),
    }
}

/// The octets a scheme may hold by either 1994 grammar: RFC 1738's
/// `scheme`, and the RFC 1630 draft's `ialpha` (up to its colon).
const SCHEME: ByteSet = rfc1738::SCHEME.union(rfc1630::SCHEME);

/// Whether `reference` is an absolute form: a scheme (by either 1994
/// grammar) and a colon before any slash.
pub(crate) fn is_absolute(reference: &str) -> bool {
    let b = reference.as_bytes();
    let end = b.iter().position(|&c| !SCHEME.contains(c)).unwrap_or(b.len());
    end > 0 && b.get(end) == Some(&b':')
}

/// Every violation of `input` against `spec`, in input order; empty when it
/// is valid.
///
/// Strict parsing stops at the first of these. A valid input allocates
/// nothing. Past [`MAX_REPORTED`](crate::MAX_REPORTED) violations, one last
/// entry of kind [`TooMany`](crate::ParseErrorKind::TooMany) counts the rest.
///
/// # Examples
///
/// ```
/// use urikit::{validate, Spec};
///
/// assert!(validate("http://info.cern.ch/", Spec::Rfc1738).is_empty());
/// let errors = validate("http://us er@host/a b", Spec::Rfc1738);
/// let offsets: Vec<usize> = errors.iter().map(|e| e.offset).collect();
/// assert_eq!(offsets, [7, 9, 19]);
/// ```
pub fn validate(input: &str, spec: Spec) -> Vec<ParseError> {
    if spec == Spec::Whatwg {
        return whatwg::validate(input);
    }
    let base = prefix_len(input, spec);
    let mut sink = AllErrors::default();
    let _ = parse(&input[base..], base, spec, &mut sink);
    sink.into_sorted()
}

/// Every validation error of `input` parsed against `base` by the WHATWG
/// URL Standard's basic URL parser (`new URL(input, base)`), in input
/// order; empty when there is none. [`validate`]`(input, Spec::Whatwg)` is
/// the same without a base.
///
/// # Examples
///
/// ```
/// use urikit::{validate_with_base, Spec, Url};
///
/// let base = Url::parse_with("https://example.com/a/b", Spec::Whatwg)?;
/// assert!(validate_with_base("../c", &base)?.is_empty());
/// let rules: Vec<&str> = validate_with_base("c\\d e", &base)?.iter().map(|e| e.rule).collect();
/// assert_eq!(rules, ["invalid-reverse-solidus", "invalid-URL-unit"]);
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Errors
///
/// The error of `base` when it is of another spec and not a WHATWG URL.
pub fn validate_with_base(input: &str, base: &Url) -> Result<Vec<ParseError>, ParseError> {
    whatwg::validate_with_base(input, base)
}

impl<'a> UrlRef<'a> {
    /// Parses `input` strictly by RFC 1738 (the default spec).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::UrlRef;
    ///
    /// let url = UrlRef::parse("http://info.cern.ch/hypertext/")?;
    /// assert_eq!(url.host(), Some("info.cern.ch"));
    /// assert!(UrlRef::parse("http://host/a b").is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first violation of the grammar, as a [`ParseError`].
    pub fn parse(input: &'a str) -> Result<UrlRef<'a>, ParseError> {
        UrlRef::parse_with(input, Spec::Rfc1738)
    }

    /// Parses `input` strictly by `spec`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, UrlRef};
    ///
    /// // RFC 1738 has no '~'; it is a "national" character that must be encoded.
    /// assert!(UrlRef::parse_with("http://host/~user", Spec::Rfc1738).is_err());
    /// assert!(UrlRef::parse_with("http://host/%7Euser", Spec::Rfc1738).is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// The first violation of the grammar, as a [`ParseError`].
    pub fn parse_with(input: &'a str, spec: Spec) -> Result<UrlRef<'a>, ParseError> {
        if spec == Spec::Whatwg {
            return UrlRef::parse_whatwg(input);
        }
        let base = prefix_len(input, spec);
        let s = &input[base..];
        let mut sink = FirstError::default();
        match parse(s, base, spec, &mut sink) {
            Ok(o) => Ok(UrlRef::from_parts(s, o, spec)),
            Err(_) => Err(sink.0.expect("a parse that stops reports why")),
        }
    }
}

impl Url {
    /// Parses `input` strictly by RFC 1738 (the default spec).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let url = Url::parse("HTTP://info.cern.ch/")?;
    /// assert_eq!(url.as_str(), "http://info.cern.ch/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first violation of the grammar, as a [`ParseError`].
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        Ok(UrlRef::parse(input)?.to_url())
    }

    /// Parses `input` strictly by `spec`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let url = Url::parse_with("http://[::1]/~me", Spec::Rfc3986)?;
    /// assert_eq!(url.host(), Some("[::1]"));
    /// assert!(Url::parse_with("http://[::1]/~me", Spec::Rfc1738).is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first violation of the grammar, as a [`ParseError`].
    pub fn parse_with(input: &str, spec: Spec) -> Result<Url, ParseError> {
        if spec == Spec::Whatwg {
            return whatwg::strict(input, None);
        }
        Ok(UrlRef::parse_with(input, spec)?.to_url())
    }

    /// Parses `input` by RFC 1738, repairing what browsers repair.
    ///
    /// Surrounding whitespace is trimmed; tabs and line breaks inside are
    /// removed; unsafe, national, control and non-ASCII octets and stray `%`
    /// are %-encoded; `\` reads as `/` in the paths of `http`, `ftp`,
    /// `gopher`, `file`, `wais` and `prospero` URLs; a `/` is added before a
    /// search that follows the host. Violations no octet-level repair fixes but
    /// browsers accept (a user name in an `http` URL, `_` in a host name, a
    /// reserved character out of place) are kept as written. Each repair and
    /// each tolerated violation is one [`Warning`].
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let (url, warnings) = Url::parse_lenient("http://user@my_host/~me/a b")?;
    /// assert_eq!(url.as_str(), "http://user@my_host/%7Eme/a%20b");
    /// assert_eq!(warnings.len(), 4);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// What no repair can fix: no scheme, an empty host, a port over 65535, a
    /// required part missing.
    pub fn parse_lenient(input: &str) -> Result<(Url, Vec<Warning>), ParseError> {
        Url::parse_lenient_with(input, Spec::Rfc1738)
    }

    /// Parses `input` by `spec`, repairing what browsers repair (see
    /// [`parse_lenient`](Url::parse_lenient)).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let (url, warnings) = Url::parse_lenient_with("http://h/a b", Spec::Rfc3986)?;
    /// assert_eq!((url.as_str(), warnings.len()), ("http://h/a%20b", 1));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// What no repair can fix.
    pub fn parse_lenient_with(input: &str, spec: Spec) -> Result<(Url, Vec<Warning>), ParseError> {
        match spec {
            Spec::Whatwg => whatwg::lenient(input, None),
            Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986 => lenient::parse_lenient(input, spec),
        }
    }

    /// Parses `input` against `base` by the WHATWG URL Standard's basic URL
    /// parser (`new URL(input, base)`), strictly: refusing at the first
    /// validation error, as [`Url::parse_with`]`(input, Spec::Whatwg)` does
    /// without a base. A base of another spec is read by the WHATWG parser
    /// first, as [`Url::resolve_with`] reads it.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let base = Url::parse_with("https://example.com/a/b", Spec::Whatwg)?;
    /// assert_eq!(Url::parse_with_base("../c?d", &base)?.as_str(), "https://example.com/c?d");
    /// assert_eq!(Url::parse_with_base("c\\d", &base).unwrap_err().rule, "invalid-reverse-solidus");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first validation error of `input` against `base` (or the failure
    /// that ended the parse); the error of `base` when it is of another spec
    /// and not a WHATWG URL.
    pub fn parse_with_base(input: &str, base: &Url) -> Result<Url, ParseError> {
        whatwg::strict(input, Some(base))
    }

    /// Parses `input` against `base` by the WHATWG URL Standard's basic URL
    /// parser, as browsers run it (`new URL(input, base)`): the URL, and
    /// each validation error as a warning, as
    /// [`Url::parse_lenient_with`]`(input, Spec::Whatwg)` gives them without
    /// a base.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let base = Url::parse_with("https://example.com/a/b", Spec::Whatwg)?;
    /// let (url, warnings) = Url::parse_lenient_with_base("c\\d", &base)?;
    /// assert_eq!((url.as_str(), warnings.len()), ("https://example.com/a/c/d", 1));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The failure that ended the parse; the error of `base` when it is of
    /// another spec and not a WHATWG URL.
    pub fn parse_lenient_with_base(input: &str, base: &Url) -> Result<(Url, Vec<Warning>), ParseError> {
        whatwg::lenient(input, Some(base))
    }
}

impl<'a> Reference<'a> {
    /// Parses `input` as an RFC 3986 `URI-reference`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    ///
    /// let r = Reference::parse("../g?q")?;
    /// assert!(r.is_relative());
    /// assert_eq!(r.path(), "../g");
    /// assert_eq!(Reference::parse("a b").unwrap_err().offset, 1);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first violation of the grammar.
    pub fn parse(input: &'a str) -> Result<Reference<'a>, ParseError> {
        Reference::parse_with(input, Spec::Rfc3986)
    }

    /// Parses `input` as a reference by `spec` (see the [type docs](Reference)).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::rfc3986::Reference;
    /// use urikit::Spec;
    ///
    /// // RFC 1808 keeps ";params" in the path, and its uchar has no '~'.
    /// assert_eq!(Reference::parse_with(";x", Spec::Rfc1808)?.path(), ";x");
    /// assert!(Reference::parse_with("~u", Spec::Rfc1808).is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first violation of the grammar.
    pub fn parse_with(input: &'a str, spec: Spec) -> Result<Reference<'a>, ParseError> {
        if input.len() > MAX_INPUT_LEN {
            return Err(ParseError::new(
                MAX_INPUT_LEN,
                ParseErrorKind::TooLong,
                "URI-reference",
                spec,
            ));
        }
        let mut sink = FirstError::default();
        let mut parser = Parser::new(input.as_bytes(), 0, spec, &mut sink);
        let parsed = match spec {
            Spec::Rfc1808 => parser.rfc1808_reference(),
            Spec::Rfc3986 => parser.rfc3986_reference(),
            // The URL Standard has no reference without a base: only an
            // absolute URL string, in its serialized form, is one.
            Spec::Whatwg => {
                return UrlRef::parse_with(input, spec)
                    .map(|u| Reference::from_parts(Cow::Borrowed(u.as_str()), *u.offsets(), spec));
            }
            Spec::Rfc1738 | Spec::Rfc1630 if is_absolute(input) || prefix_len(input, spec) > 0 => {
                return UrlRef::parse_with(input, spec)
                    .map(|u| Reference::from_parts(Cow::Borrowed(u.as_str()), *u.offsets(), spec));
            }
            Spec::Rfc1738 | Spec::Rfc1630 => parser.rfc3986_reference(),
        };
        match parsed {
            Ok(p) => Ok(Reference::from_parts(Cow::Borrowed(input), p, spec)),
            Err(_) => Err(sink.0.expect("a parse that stops reports why")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prefix_in_any_case_and_only_by_the_1994_grammars() {
        for (input, want) in [
            ("URL:http://h/", 4),
            ("uRl:x", 4),
            ("url:", 4),
            ("url", 0),
            ("urlx", 0),
            ("", 0),
        ] {
            assert_eq!(prefix_len(input, Spec::Rfc1738), want, "{input:?}");
            assert_eq!(prefix_len(input, Spec::Rfc1630), want, "{input:?}");
            assert_eq!(prefix_len(input, Spec::Rfc3986), 0, "{input:?}");
        }
        // Every octet that or-s to a letter of the prefix but is not that
        // letter in either case is refused, and so is anything but ':'.
        for i in 0..4 {
            for b in 0..=255u8 {
                let mut s = *b"url:";
                s[i] = b;
                let want = if s[..4].eq_ignore_ascii_case(b"url:") { 4 } else { 0 };
                let input = String::from_utf8_lossy(&s);
                if input.len() == 4 {
                    assert_eq!(prefix_len(&input, Spec::Rfc1738), want, "{b}");
                }
            }
        }
    }
}
