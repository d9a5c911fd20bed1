//! `whatwg::host::parse`: the URL Standard's host parser on a host by
//! itself gives the host the URL parser gives a special URL with that host,
//! for every case of WPT's `toascii.json` and each form of address, and
//! fails where it fails.

use urikit::whatwg::host;
use urikit::{HostKind, ParseErrorKind, Spec, Url};

/// The host the URL parser gives `https://{input}/x`, as browsers parse
/// it; `None` when it fails.
fn host_in_a_url(input: &str) -> Option<String> {
    let (url, _) = Url::parse_lenient_with(&format!("https://{input}/x"), Spec::Whatwg).ok()?;
    url.host().map(str::to_owned)
}

/// Whether the URL parser would end the host of `https://{input}/x`
/// elsewhere than at the `/x`, or remove some of it first.
#[cfg(feature = "idna")]
fn splits_a_url(input: &str) -> bool {
    input.contains(['/', '?', '#', ':', '@', '\\', '\t', '\n', '\r'])
        || input.starts_with(|c: char| c <= ' ')
        || input.ends_with(|c: char| c <= ' ')
}

#[cfg(feature = "idna")]
#[test]
fn toascii_json_as_the_url_parser() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/wpt-url/toascii.json"
    ))
    .unwrap();
    let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut n = 0;
    for case in cases.as_array().unwrap() {
        let Some(input) = case["input"].as_str() else { continue };
        if splits_a_url(input) {
            continue;
        }
        let want = case["output"].as_str();
        let got = host::parse(input);
        assert_eq!(got.as_ref().ok().map(host::Host::as_str), want, "{input:?}: {got:?}");
        assert_eq!(got.ok().map(host::Host::into_string), host_in_a_url(input), "{input:?}");
        n += 1;
    }
    assert!(n > 50, "{n}");
}

#[test]
fn each_kind_of_host() {
    for (input, want, kind) in [
        ("example.com", "example.com", HostKind::Domain),
        ("EXAMPLE.com.", "example.com.", HostKind::Domain),
        ("ex%61mple.com", "example.com", HostKind::Domain),
        ("127.0.0.1", "127.0.0.1", HostKind::Ipv4),
        ("0x7f.1", "127.0.0.1", HostKind::Ipv4),
        ("2130706433", "127.0.0.1", HostKind::Ipv4),
        ("0177.0.0.1", "127.0.0.1", HostKind::Ipv4),
        ("1.2.3.4.", "1.2.3.4", HostKind::Ipv4),
        ("[::1]", "[::1]", HostKind::Ipv6),
        ("[0:0:0:0:0:FFFF:7F00:1]", "[::ffff:7f00:1]", HostKind::Ipv6),
        ("[::ffff:127.0.0.1]", "[::ffff:7f00:1]", HostKind::Ipv6),
    ] {
        let h = host::parse(input).unwrap();
        assert_eq!((h.as_str(), h.kind()), (want, kind), "{input}");
        assert_eq!(Some(h.to_string()), host_in_a_url(input), "{input}");
        assert_eq!(h.ip().is_some(), kind != HostKind::Domain, "{input}");
    }
    assert_eq!(host::parse("0x7f.1").unwrap().ip(), Some("127.0.0.1".parse().unwrap()));
    assert_eq!(host::parse("[::1]").unwrap().ip(), Some("::1".parse().unwrap()));
    assert_eq!(host::parse("0x7f.1").unwrap(), host::parse("127.0.0.1").unwrap());
}

#[cfg(feature = "idna")]
#[test]
fn unicode_and_back() {
    let h = host::parse("bücher.de").unwrap();
    assert_eq!(h.as_str(), "xn--bcher-kva.de");
    assert_eq!(h.to_unicode(), "bücher.de");
    let h = host::parse("xn--bcher-kva.de").unwrap();
    assert_eq!(h.to_unicode(), "bücher.de");
    // Mapped on the way in: full-width letters and dots.
    assert_eq!(host::parse("ｅｘａｍｐｌｅ．ｃｏｍ").unwrap().as_str(), "example.com");
    assert_eq!(host::parse("①②⑦.⓪.⓪.①").unwrap().as_str(), "127.0.0.1");
    // An address is displayed as it is serialized.
    assert_eq!(host::parse("[::1]").unwrap().to_unicode(), "[::1]");
}

#[test]
fn failures_name_the_validation_error_and_the_offset() {
    for (input, offset, rule) in [
        ("[::1", 0, "IPv6-unclosed"),
        ("[::1::2]", 5, "IPv6-multiple-compression"),
        ("1.2.3.4.5", 8, "IPv4-too-many-parts"),
        ("1.2.3.256", 6, "IPv4-out-of-range-part"),
        ("a b", 1, "domain-to-ASCII"),
        ("a\tb", 1, "domain-invalid-code-point"),
        ("a\nb", 1, "domain-invalid-code-point"),
        ("x/y", 1, "domain-to-ASCII"),
        ("", 0, "domain-to-ASCII"),
    ] {
        let e = host::parse(input).unwrap_err();
        assert_eq!(
            (e.offset, e.rule, e.spec),
            (offset, rule, Spec::Whatwg),
            "{input:?}: {e}"
        );
    }
    assert!(matches!(
        host::parse("a\tb").unwrap_err().kind,
        ParseErrorKind::InvalidChar { byte: b'\t' }
    ));
}
