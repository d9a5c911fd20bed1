//! URL Standard §3.3 "IDNA": the domain parser (the July 2026 one, with its
//! ASCII fallback) over UTS #46 ToASCII, through the `idna` crate (cargo
//! feature `idna`, on by default).
//!
//! * The strict run (*beStrict* true: CheckHyphens, UseSTD3ASCIIRules and
//!   VerifyDnsLength on) only decides the `domain-to-ASCII` validation
//!   error; the URL parser runs the domain parser with *beStrict* false.
//! * An ASCII domain is then the domain lower-cased, whatever ToASCII says
//!   of it (the standard's web-compatibility rule); only a non-ASCII domain
//!   is mapped, and fails when the relaxed ToASCII fails.
//! * VerifyDnsLength refuses the empty root label after a trailing dot
//!   (`example.com.`): UTS #46 §4.2 step 4 wants each label of 1 to 63
//!   octets, and the reference implementation's domain-to-ASCII refuses it,
//!   so such a host is valid only leniently (a `domain-to-ASCII` validation
//!   error, not a failure: the parser keeps the dot).
//! * An ASCII domain with no `xn--` label needs no UTS #46 data: its strict
//!   run is the checks above on the lower-cased name, done here. Without the
//!   `idna` feature that is all there is: a domain that is not ASCII, or
//!   has an `xn--` label, is refused with `ParseErrorKind::IdnaUnavailable`
//!   rather than given an answer that may be wrong.
//!
//! The domain parser and domain to Unicode are also public functions of
//! their own, [`domain_to_ascii`] and [`domain_to_unicode`] (the names of
//! the `URL.domainToASCII` of older editions and of Node.js' `url` module):
//! the same code the host parser runs, without a URL around it.

use std::borrow::Cow;

use super::host::is_forbidden_domain_code_point;
use super::{Halt, Parser};
use crate::engine::Sink;
use crate::error::{ParseError, ParseErrorKind};
use crate::Spec;

/// The URL Standard's domain parser (§3.3 "IDNA"; called "domain to
/// ASCII" before its July 2026 edition) on `domain`, with *beStrict*: the
/// domain in ASCII, through UTS #46 ToASCII with exactly the standard's
/// flags.
///
/// * *beStrict* false is what the host parser runs: an ASCII domain is
///   lower-cased whatever ToASCII says of it; any other is mapped by
///   ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off.
///   An empty result, or one with a forbidden domain code point, fails.
/// * *beStrict* true returns the strict ToASCII result (CheckHyphens,
///   UseSTD3ASCIIRules and VerifyDnsLength on, so no empty label, the
///   root label after a trailing dot included), or fails: the test of a
///   valid domain.
///
/// The input is the domain as the host parser sees it, after
/// percent-decoding: no `%XX` is decoded here, and an IPv4 address is not
/// told apart (the host parser does that after this step).
///
/// # Examples
///
/// ```
/// use urikit::whatwg::{domain_to_ascii, domain_to_unicode};
///
/// // Nontransitional processing: a final sigma is kept.
/// assert_eq!(domain_to_ascii("βόλος.com", false)?, "xn--nxasmm1c.com");
/// assert_eq!(domain_to_ascii("ΒΌΛΟΣ.com", false)?, "xn--nxasmq6b.com");
/// assert_eq!(domain_to_ascii("☕.Example", false)?, "xn--53h.example");
/// assert_eq!(domain_to_ascii("EXAMPLE.com", true)?, "example.com");
/// // Web compatibility: an ASCII domain passes as it is, lower-cased...
/// assert_eq!(domain_to_ascii("a_b.-x-", false)?, "a_b.-x-");
/// // ...but not the strict test.
/// assert!(domain_to_ascii("a_b.-x-", true).is_err());
/// assert!(domain_to_ascii("a b", false).is_err());
/// assert_eq!(domain_to_unicode("xn--nxasmm1c.com")?, "βόλος.com");
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Errors
///
/// The domain parser's failure, as a [`ParseError`] with the rule
/// `domain-to-ASCII`: [`ParseErrorKind::InvalidDomain`] when ToASCII
/// fails, [`ParseErrorKind::EmptyHost`] for an empty result,
/// [`ParseErrorKind::InvalidChar`] at a forbidden domain code point. Without
/// the `idna` feature, a domain that needs UTS #46 (not ASCII, or with an
/// `xn--` label when *beStrict* is true) is
/// [`ParseErrorKind::IdnaUnavailable`].
pub fn domain_to_ascii(domain: &str, be_strict: bool) -> Result<Cow<'_, str>, ParseError> {
    let error = |at: usize, kind: ParseErrorKind| ParseError::new(at, kind, "domain-to-ASCII", Spec::Whatwg);
    // 1-3. With *beStrict* false the strict result decides a validation
    // error only, which a function without a URL has nowhere to report.
    if be_strict {
        return match to_ascii_strict(domain) {
            Some(Some(result)) => Ok(result),
            Some(None) => Err(error(0, ParseErrorKind::InvalidDomain)),
            None => Err(error(0, ParseErrorKind::IdnaUnavailable)),
        };
    }
    // 4-6.
    let result = if domain.is_ascii() {
        lower(domain)
    } else {
        match to_ascii_relaxed(domain) {
            Some(Some(result)) => Cow::Owned(result),
            Some(None) => return Err(error(0, ParseErrorKind::InvalidDomain)),
            None => return Err(error(0, ParseErrorKind::IdnaUnavailable)),
        }
    };
    // 7.
    if result.is_empty() {
        return Err(error(0, ParseErrorKind::EmptyHost));
    }
    // 8. The offset is into the input when the result is the input
    // lower-cased, at its start otherwise.
    if let Some(k) = result.find(is_forbidden_domain_code_point) {
        let at = if domain.is_ascii() { k } else { 0 };
        let byte = result.as_bytes()[k];
        return Err(error(at, ParseErrorKind::InvalidChar { byte }));
    }
    Ok(result)
}

/// The URL Standard's domain to Unicode (§3.3 "IDNA"): UTS #46 ToUnicode
/// with CheckHyphens and UseSTD3ASCIIRules off, CheckBidi and CheckJoiners
/// on, nontransitional; when ToUnicode records an error, `domain` as it is
/// (so that, for instance, `xn--8i7caa` round-trips through the domain
/// parser).
///
/// It is meant for a domain the host parser gave (`Url::host` of a WHATWG
/// URL, lower-case ASCII); any other string is mapped too (an ASCII one is
/// lower-cased).
///
/// # Examples
///
/// ```
/// use urikit::whatwg::{domain_to_ascii, domain_to_unicode};
///
/// assert_eq!(domain_to_unicode("xn--nxasmq6b")?, "βόλοσ");
/// assert_eq!(domain_to_ascii(&domain_to_unicode("www.xn--53h.example")?, false)?, "www.xn--53h.example");
/// // An error recorded: the domain as given.
/// assert_eq!(domain_to_unicode("xn--8i7caa")?, "xn--8i7caa");
/// assert_eq!(domain_to_unicode("Example.COM")?, "example.com");
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Errors
///
/// Only without the `idna` feature: [`ParseErrorKind::IdnaUnavailable`]
/// for a domain that is not ASCII or has an `xn--` label.
pub fn domain_to_unicode(domain: &str) -> Result<Cow<'_, str>, ParseError> {
    if domain.is_ascii() && !has_ace_label(domain) {
        // ToUnicode maps ASCII upper case to lower case and, with
        // UseSTD3ASCIIRules off, finds nothing else in ASCII to map, to
        // decode or to refuse.
        return Ok(lower(domain));
    }
    match to_unicode(domain) {
        // 2-3.
        Some((result, ok)) => Ok(if ok { result } else { Cow::Borrowed(domain) }),
        None => Err(ParseError::new(
            0,
            ParseErrorKind::IdnaUnavailable,
            "domain-to-ASCII",
            Spec::Whatwg,
        )),
    }
}

/// `domain` in ASCII lower case, borrowed when it is already.
fn lower(domain: &str) -> Cow<'_, str> {
    if domain.bytes().any(|c| c.is_ascii_uppercase()) {
        Cow::Owned(domain.to_ascii_lowercase())
    } else {
        Cow::Borrowed(domain)
    }
}

impl<S: Sink, W: super::out::Out> Parser<'_, '_, '_, S, W> {
    /// The domain parser with *beStrict* false, on `domain` (the host that
    /// starts at input offset `at`): the ASCII domain, or failure.
    pub(super) fn domain_parser<'d>(&mut self, domain: &'d str, at: usize) -> Result<Cow<'d, str>, Halt> {
        let ascii = domain.is_ascii();
        let plain = ascii && !has_ace_label(domain);
        // 1-2.
        let strict_ok = if plain {
            ascii_strict_ok(domain)
        } else {
            match idna_to_ascii_strict(domain) {
                Some(result) => result.is_some(),
                None => return Err(self.failure(at, ParseErrorKind::IdnaUnavailable, "domain-to-ASCII")),
            }
        };
        if !strict_ok {
            self.validation(at, ParseErrorKind::InvalidDomain, "domain-to-ASCII")?;
        }
        // 4-6.
        let result: Cow<'d, str> = if ascii {
            lower(domain)
        } else {
            match to_ascii_relaxed(domain) {
                Some(Some(result)) => Cow::Owned(result),
                Some(None) => return Err(self.failure(at, ParseErrorKind::InvalidDomain, "domain-to-ASCII")),
                None => return Err(self.failure(at, ParseErrorKind::IdnaUnavailable, "domain-to-ASCII")),
            }
        };
        // 7.
        if result.is_empty() {
            return Err(self.failure(at, ParseErrorKind::EmptyHost, "domain-to-ASCII"));
        }
        // 8 (the forbidden domain code points) is the host parser's, which
        // knows where each is in the input.
        Ok(result)
    }
}

/// Whether a label of `domain` starts with the ACE prefix `xn--` (in any
/// case): one that UTS #46 decodes as Punycode.
fn has_ace_label(domain: &str) -> bool {
    domain
        .split('.')
        .any(|label| label.len() >= 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"))
}

/// UTS #46 ToASCII with *beStrict* true on an ASCII domain without an ACE
/// label: every label lower-cased is letters, digits and `-`
/// (UseSTD3ASCIIRules), no `-` first, last or third and fourth
/// (CheckHyphens), and the lengths DNS allows (VerifyDnsLength: labels of
/// 1 to 63 octets, the empty root label after a trailing dot refused, at
/// most 253 octets). CheckBidi and CheckJoiners find nothing in ASCII.
fn ascii_strict_ok(domain: &str) -> bool {
    if domain.is_empty() || domain.len() > 253 {
        return false;
    }
    domain.split('.').all(|label| {
        let b = label.as_bytes();
        !b.is_empty()
            && b.len() <= 63
            && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
            && b[0] != b'-'
            && b[b.len() - 1] != b'-'
            && !(b.len() >= 4 && &b[2..4] == b"--")
    })
}

/// The domain parser ToASCII with *beStrict* true: the result, or `None`
/// for failure; `None` without the `idna` feature for a domain that needs
/// UTS #46 (one not ASCII, or with an `xn--` label).
fn to_ascii_strict(domain: &str) -> Option<Option<Cow<'_, str>>> {
    if domain.is_ascii() && !has_ace_label(domain) {
        return Some(ascii_strict_ok(domain).then(|| lower(domain)));
    }
    idna_to_ascii_strict(domain)
}

/// UTS #46 ToASCII with *beStrict* true's flags: the result, or `None` for
/// failure; `None` without the `idna` feature.
#[cfg(feature = "idna")]
fn idna_to_ascii_strict(domain: &str) -> Option<Option<Cow<'_, str>>> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let result = Uts46::new().to_ascii(
        domain.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::Check,
        DnsLength::Verify,
    );
    Some(result.ok())
}

#[cfg(not(feature = "idna"))]
fn idna_to_ascii_strict(_domain: &str) -> Option<Option<Cow<'_, str>>> {
    None
}

/// UTS #46 ToUnicode with the flags of domain to Unicode: the result and
/// whether no error was recorded; `None` without the `idna` feature.
#[cfg(feature = "idna")]
fn to_unicode(domain: &str) -> Option<(Cow<'_, str>, bool)> {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let (result, errors) = Uts46::new().to_unicode(domain.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    Some((result, errors.is_ok()))
}

#[cfg(not(feature = "idna"))]
fn to_unicode(_domain: &str) -> Option<(Cow<'_, str>, bool)> {
    None
}

/// The domain parser ToASCII with *beStrict* false: the result, or `None`
/// for failure; `None` without the `idna` feature.
#[cfg(feature = "idna")]
fn to_ascii_relaxed(domain: &str) -> Option<Option<String>> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let result = Uts46::new().to_ascii(
        domain.as_bytes(),
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        DnsLength::Ignore,
    );
    Some(result.ok().map(Cow::into_owned))
}

#[cfg(not(feature = "idna"))]
fn to_ascii_relaxed(_domain: &str) -> Option<Option<String>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_strict() {
        for ok in ["example.com", "EXAMPLE.com", "a-b.c", "x1"] {
            assert!(ascii_strict_ok(ok), "{ok}");
        }
        for bad in [
            "a_b.c",
            "-a.c",
            "a-.c",
            "ab--c",
            "a..b",
            ".a",
            "",
            "a..",
            // VerifyDnsLength: the empty root label is a label too.
            "a.",
            "example.com.",
            &"a".repeat(64),
            "a b",
        ] {
            assert!(!ascii_strict_ok(bad), "{bad}");
        }
        assert!(has_ace_label("a.XN--b") && !has_ace_label("axn--b"));
    }
}

/// Without the `idna` feature a host that needs UTS #46 is refused, never
/// given an answer that may be wrong; an ASCII host still parses.
#[cfg(all(test, not(feature = "idna")))]
mod without_idna {
    use crate::{ParseErrorKind, Spec, Url};

    #[test]
    fn a_host_that_needs_idna_is_unavailable() {
        for input in [
            "https://☕.example/",
            "http://faß.de/",
            "http://XN--53H.example/",
            "http://ｅｘａｍｐｌｅ.com/",
        ] {
            let e = Url::parse_lenient_with(input, Spec::Whatwg).expect_err(input);
            assert_eq!(
                (e.kind, e.rule),
                (ParseErrorKind::IdnaUnavailable, "domain-to-ASCII"),
                "{input}"
            );
        }
        let (url, _) = Url::parse_lenient_with("HTTP://Example.COM./a", Spec::Whatwg).unwrap();
        assert_eq!(url.as_str(), "http://example.com./a");
    }
}
