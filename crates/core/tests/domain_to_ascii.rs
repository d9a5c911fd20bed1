//! The domain parser and domain to Unicode as functions of their own
//! (`urikit::whatwg::{domain_to_ascii, domain_to_unicode}`): round trips,
//! the strict and the relaxed runs, and errors returned, never a panic.
//! `toascii.json` runs through them in the conformance runner.

use urikit::whatwg::{domain_to_ascii, domain_to_unicode};
use urikit::{ParseErrorKind, Spec};

#[cfg(feature = "idna")]
#[test]
fn round_trips() {
    for (unicode, ascii) in [
        // Nontransitional: the final sigma stays a final sigma.
        ("βόλος", "xn--nxasmm1c"),
        ("βόλοσ", "xn--nxasmq6b"),
        ("βόλος.com", "xn--nxasmm1c.com"),
        ("☕.example", "xn--53h.example"),
        ("faß.de", "xn--fa-hia.de"),
        ("日本語.jp", "xn--wgv71a119e.jp"),
        ("example.com", "example.com"),
    ] {
        assert_eq!(domain_to_ascii(unicode, false).unwrap(), ascii, "{unicode}");
        assert_eq!(domain_to_ascii(unicode, true).unwrap(), ascii, "{unicode} strict");
        assert_eq!(domain_to_unicode(ascii).unwrap(), unicode, "{ascii}");
        // The host parser gives the same ASCII form.
        let url = urikit::Url::parse_lenient_with(&format!("https://{unicode}/"), Spec::Whatwg)
            .unwrap()
            .0;
        assert_eq!(url.host(), Some(ascii), "{unicode}");
    }
    // Mapped on the way in: upper case, full-width letters.
    assert_eq!(domain_to_ascii("ΒΌΛΟΣ.COM", false).unwrap(), "xn--nxasmq6b.com");
    assert_ne!(
        domain_to_ascii("βόλος", false).unwrap(),
        domain_to_ascii("βόλοσ", false).unwrap()
    );
    assert_eq!(domain_to_ascii("ｅｘａｍｐｌｅ.com", false).unwrap(), "example.com");
    // An error recorded by ToUnicode: the domain as given.
    assert_eq!(domain_to_unicode("xn--8i7caa").unwrap(), "xn--8i7caa");
    assert_eq!(domain_to_ascii("xn--8i7caa", false).unwrap(), "xn--8i7caa");
    assert!(domain_to_ascii("xn--8i7caa", true).is_err());
}

#[test]
fn strict_and_relaxed_ascii() {
    // beStrict false: an ASCII domain is itself, lower-cased.
    for (input, want) in [
        ("EXAMPLE.com", "example.com"),
        ("a_b", "a_b"),
        ("-x-.y", "-x-.y"),
        ("ab--c", "ab--c"),
    ] {
        assert_eq!(domain_to_ascii(input, false).unwrap(), want, "{input}");
    }
    // beStrict true: STD3 rules, hyphens and DNS lengths.
    assert_eq!(domain_to_ascii("EXAMPLE.com", true).unwrap(), "example.com");
    assert_eq!(domain_to_ascii("EXAMPLE.com.", false).unwrap(), "example.com.");
    // VerifyDnsLength: the empty root label after a trailing dot is a label
    // of 0 octets (UTS #46 §4.2 step 4), as the reference implementation
    // reads it, in ASCII or through UTS #46.
    let idna = ["bücher.de."];
    let ascii = ["a_b", "-x-.y", "ab--c", "a..b", "", &"a".repeat(64), "EXAMPLE.com."];
    let inputs = if cfg!(feature = "idna") {
        &[&ascii[..], &idna].concat()
    } else {
        &ascii[..]
    };
    for &input in inputs {
        let e = domain_to_ascii(input, true).unwrap_err();
        assert_eq!(
            (e.kind, e.rule, e.spec),
            (ParseErrorKind::InvalidDomain, "domain-to-ASCII", Spec::Whatwg),
            "{input:?}"
        );
    }
}

#[test]
fn failures_are_errors() {
    // Step 7: an empty result.
    assert_eq!(domain_to_ascii("", false).unwrap_err().kind, ParseErrorKind::EmptyHost);
    // Step 8: a forbidden domain code point, at its offset.
    for (input, at, byte) in [
        ("a b", 1, b' '),
        ("exa%mple", 3, b'%'),
        ("x<y", 1, b'<'),
        ("a\u{7f}", 1, 0x7f),
    ] {
        let e = domain_to_ascii(input, false).unwrap_err();
        assert_eq!(
            (e.offset, e.kind),
            (at, ParseErrorKind::InvalidChar { byte }),
            "{input:?}"
        );
    }
    #[cfg(feature = "idna")]
    {
        // ToASCII fails on a domain that is not ASCII: a bad Punycode
        // label, a disallowed code point, a Bidi rule broken. (An ASCII
        // domain is never given to ToASCII with beStrict false.)
        assert_eq!(domain_to_ascii("xn--a.com", false).unwrap(), "xn--a.com");
        for input in ["xn--a.é", "a\u{FFFF}b", "\u{5D0}1a"] {
            let e = domain_to_ascii(input, false).unwrap_err();
            assert_eq!(e.kind, ParseErrorKind::InvalidDomain, "{input:?}");
        }
    }
    // Whatever the input, an answer or an error.
    for input in [
        ".",
        "..",
        "xn--",
        "xn--.xn--",
        "\u{0}",
        "\u{301}",
        "a.\u{200D}",
        "🏳️‍🌈",
        &"é".repeat(10_000),
    ] {
        let _ = domain_to_ascii(input, false);
        let _ = domain_to_ascii(input, true);
        let _ = domain_to_unicode(input);
    }
}

/// Without the `idna` feature a domain that needs UTS #46 is refused,
/// never given an answer that may be wrong; what needs none still works.
#[cfg(not(feature = "idna"))]
#[test]
fn without_idna_unavailable() {
    for input in ["βόλος", "☕.example"] {
        assert_eq!(
            domain_to_ascii(input, false).unwrap_err().kind,
            ParseErrorKind::IdnaUnavailable
        );
        assert_eq!(
            domain_to_ascii(input, true).unwrap_err().kind,
            ParseErrorKind::IdnaUnavailable
        );
        assert_eq!(
            domain_to_unicode(input).unwrap_err().kind,
            ParseErrorKind::IdnaUnavailable
        );
    }
    assert_eq!(
        domain_to_ascii("xn--nxasmq6b", true).unwrap_err().kind,
        ParseErrorKind::IdnaUnavailable
    );
    assert_eq!(
        domain_to_unicode("xn--nxasmq6b").unwrap_err().kind,
        ParseErrorKind::IdnaUnavailable
    );
    // ASCII needs no UTS #46 data with beStrict false.
    assert_eq!(domain_to_ascii("XN--nxasmq6b", false).unwrap(), "xn--nxasmq6b");
    assert_eq!(domain_to_ascii("Example.COM", true).unwrap(), "example.com");
    assert_eq!(domain_to_unicode("Example.COM").unwrap(), "example.com");
}
