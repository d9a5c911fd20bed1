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
//! * VerifyDnsLength allows the root label's trailing dot (UTS #46: the
//!   length of the domain name "excluding the root label and its dot").
//! * An ASCII domain with no `xn--` label needs no UTS #46 data: its strict
//!   run is the checks above on the lower-cased name, done here. Without the
//!   `idna` feature that is all there is: a domain that is not ASCII, or
//!   has an `xn--` label, is refused with `ParseErrorKind::IdnaUnavailable`
//!   rather than given an answer that may be wrong.

use std::borrow::Cow;

use super::{Halt, Parser};
use crate::engine::Sink;
use crate::error::ParseErrorKind;

impl<S: Sink> Parser<'_, '_, '_, S> {
    /// The domain parser with *beStrict* false, on `domain` (the host that
    /// starts at input offset `at`): the ASCII domain, or failure.
    pub(super) fn domain_parser<'d>(&mut self, domain: &'d str, at: usize) -> Result<Cow<'d, str>, Halt> {
        let ascii = domain.is_ascii();
        let plain = ascii && !has_ace_label(domain);
        // 1-2.
        let strict_ok = if plain {
            ascii_strict_ok(domain)
        } else {
            match to_ascii_strict(domain) {
                Some(ok) => ok,
                None => return Err(self.failure(at, ParseErrorKind::IdnaUnavailable, "domain-to-ASCII")),
            }
        };
        if !strict_ok {
            self.validation(at, ParseErrorKind::InvalidDomain, "domain-to-ASCII")?;
        }
        // 4-6.
        let result: Cow<'d, str> = if ascii {
            if domain.bytes().any(|c| c.is_ascii_uppercase()) {
                Cow::Owned(domain.to_ascii_lowercase())
            } else {
                Cow::Borrowed(domain)
            }
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
/// (CheckHyphens), and the lengths DNS allows (VerifyDnsLength). CheckBidi
/// and CheckJoiners find nothing in ASCII.
fn ascii_strict_ok(domain: &str) -> bool {
    let name = domain.strip_suffix('.').unwrap_or(domain);
    if name.is_empty() || name.len() > 253 {
        return false;
    }
    name.split('.').all(|label| {
        let b = label.as_bytes();
        !b.is_empty()
            && b.len() <= 63
            && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
            && b[0] != b'-'
            && b[b.len() - 1] != b'-'
            && !(b.len() >= 4 && &b[2..4] == b"--")
    })
}

/// The domain parser ToASCII with *beStrict* true: whether it succeeds;
/// `None` without the `idna` feature.
#[cfg(feature = "idna")]
fn to_ascii_strict(domain: &str) -> Option<bool> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let result = Uts46::new().to_ascii(
        domain.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::Check,
        DnsLength::VerifyAllowRootDot,
    );
    Some(result.is_ok())
}

#[cfg(not(feature = "idna"))]
fn to_ascii_strict(_domain: &str) -> Option<bool> {
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
        for ok in ["example.com", "EXAMPLE.com", "a-b.c", "a.", "x1"] {
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
