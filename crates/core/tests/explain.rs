//! `explain`: each class of URL-confusion research, with its published
//! example, the verdict it must raise and one it must not.

use urikit::explain::{explain, explain_with, verdicts, verdicts_with, AddressClass, Code, Port, SPECS};
use urikit::Spec;

/// One published example: where it comes from, the input (and base), the
/// verdicts it must raise, and one it must not.
struct Case {
    source: &'static str,
    input: &'static str,
    base: Option<&'static str>,
    raises: &'static [Code],
    not: Code,
}

const CASES: &[Case] = &[
    Case {
        source: "Orange Tsai, A New Era of SSRF (Black Hat 2017): urllib2, requests and urllib each reach another host",
        input: "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
        base: None,
        raises: &[Code::FragmentOrQueryInAuthority, Code::Userinfo, Code::RejectedBySome],
        // Only WHATWG accepts it: no two specs to differ.
        not: Code::HostDiffers,
    },
    Case {
        source: "Orange Tsai 2017: enclosed alphanumerics that IDNA maps to 127.0.0.1",
        input: "http://①②⑦.⓪.⓪.①/",
        base: None,
        raises: &[Code::IpInternal, Code::IdnaMapped],
        not: Code::Backslash,
    },
    Case {
        source: "Orange Tsai 2017: a fragment hides the '@' from the parser, not from a split",
        input: "http://google.com#@evil.com/",
        base: None,
        raises: &[Code::FragmentOrQueryInAuthority],
        not: Code::Userinfo,
    },
    Case {
        source: "Orange Tsai 2017: two '@' (cURL and the others)",
        input: "http://foo@evil.com:80@google.com/",
        base: None,
        raises: &[Code::Userinfo],
        not: Code::FragmentOrQueryInAuthority,
    },
    Case {
        source: "Claroty and Snyk 2022, slashes confusion: a third slash",
        input: "http:///evil.com/",
        base: None,
        raises: &[Code::HostDiffers],
        not: Code::Backslash,
    },
    Case {
        source: "Claroty and Snyk 2022, backslash confusion",
        input: "http://evil.com\\@good.com/",
        base: None,
        raises: &[Code::Backslash, Code::Userinfo],
        not: Code::HostDiffers,
    },
    Case {
        source: "Claroty and Snyk 2022, backslash confusion: backslashes for the slashes after the scheme",
        input: "http:\\\\evil.com/",
        base: None,
        raises: &[Code::Backslash, Code::RejectedBySome],
        not: Code::HostDiffers,
    },
    Case {
        source: "an opaque host (a scheme that is not special) is never decoded by WHATWG",
        input: "foo://%67oogle.com/",
        base: None,
        raises: &[Code::HostDiffers, Code::RejectedBySome],
        not: Code::HostDecoded,
    },
    Case {
        source: "Claroty and Snyk 2022, scheme confusion: a reference with no scheme that changes the host",
        input: "//evil.example/x",
        base: Some("https://good.example/a/b"),
        raises: &[Code::SchemeRelative],
        not: Code::Backslash,
    },
    Case {
        source: "Claroty and Snyk 2022, backslash and scheme confusion: /\\ as //",
        input: "/\\evil.example/x",
        base: Some("https://good.example/a/b"),
        raises: &[Code::SchemeRelative, Code::Backslash],
        not: Code::Userinfo,
    },
    Case {
        source: "Claroty and Snyk 2022, scheme mixup: a same-scheme reference with no slashes",
        input: "http:evil.example",
        base: Some("https://good.example/"),
        raises: &[Code::SchemeRelative, Code::HostDiffers],
        not: Code::IpInternal,
    },
    Case {
        source: "curl CVE-2022-27780: a percent-encoded '/' in the host",
        input: "http://example.com%2F127.0.0.1/",
        base: None,
        raises: &[Code::HostDecoded, Code::RejectedBySome],
        not: Code::IpInternal,
    },
    Case {
        source: "Python CVE-2023-24329: a leading space hides the scheme from urlsplit",
        input: " file:///etc/passwd",
        base: None,
        raises: &[Code::CharsRemoved],
        not: Code::HostDiffers,
    },
    Case {
        source: "Python CVE-2024-11168: a bracketed host that is not an IPv6 address",
        input: "http://[v1.fe80::a+en1]/",
        base: None,
        raises: &[Code::RejectedBySome],
        not: Code::IpInternal,
    },
    Case {
        source: "Spring CVE-2024-22243: a '[' in the userinfo",
        input: "https://good.example[@evil.example/",
        base: None,
        raises: &[Code::Userinfo, Code::RejectedBySome],
        not: Code::HostDiffers,
    },
    Case {
        source: "PortSwigger URL validation bypass cheat sheet: credentials",
        input: "https://expected-host.com@attacker.com",
        base: None,
        raises: &[Code::Userinfo],
        not: Code::RejectedBySome,
    },
    Case {
        source: "PortSwigger cheat sheet: a decimal integer address",
        input: "http://2130706433/",
        base: None,
        raises: &[Code::HostDiffers, Code::IpInternal, Code::IpNoncanonical],
        not: Code::Userinfo,
    },
    Case {
        source: "PortSwigger cheat sheet: an octal address",
        input: "http://0177.0.0.1/",
        base: None,
        raises: &[Code::HostDiffers, Code::IpInternal, Code::IpNoncanonical],
        not: Code::RejectedBySome,
    },
    Case {
        source: "PortSwigger cheat sheet: an IPv4-mapped IPv6 address",
        input: "http://[::ffff:127.0.0.1]/",
        base: None,
        raises: &[Code::IpNoncanonical, Code::IpInternal],
        not: Code::HostDiffers,
    },
    Case {
        source: "PortSwigger cheat sheet: cloud metadata",
        input: "http://169.254.169.254/latest/meta-data/",
        base: None,
        raises: &[Code::IpInternal],
        not: Code::RejectedBySome,
    },
    Case {
        source: "RFC 6761 §6.3: localhost is this host, with no DNS asked (the Fetch Standard's potentially trustworthy origins)",
        input: "http://localhost/admin",
        base: None,
        raises: &[Code::IpInternal],
        not: Code::RejectedBySome,
    },
    Case {
        source: "RFC 6761 §6.3: the names under localhost are this host too",
        input: "http://x.localhost/",
        base: None,
        raises: &[Code::IpInternal],
        not: Code::HostDiffers,
    },
    Case {
        source: "RFC 6761 §6.3: localhost with the root's dot, in capitals",
        input: "http://API.LOCALHOST./",
        base: None,
        raises: &[Code::IpInternal],
        not: Code::HostDiffers,
    },
    Case {
        source: "Apache CVE-2021-41773: encoded dot segments",
        input: "http://h/cgi-bin/.%2e/.%2e/etc/passwd",
        base: None,
        raises: &[Code::PathDots],
        not: Code::HostDiffers,
    },
    Case {
        source: "XSS filter bypass: a tab inside the scheme",
        input: "java\tscript:alert(1)",
        base: None,
        raises: &[Code::CharsRemoved, Code::RejectedBySome],
        not: Code::Userinfo,
    },
    Case {
        source: "Orange Tsai 2017: a port over 65535",
        input: "https://example.com:99999/",
        base: None,
        raises: &[Code::PortUnusual, Code::RejectedBySome],
        not: Code::HostDiffers,
    },
    Case {
        source: "WHATWG Fetch bad port: IRC",
        input: "http://example.com:6667/",
        base: None,
        raises: &[Code::PortUnusual],
        not: Code::RejectedBySome,
    },
];

#[test]
fn every_published_example() {
    for case in CASES {
        let e = explain(case.input, case.base).unwrap();
        let codes: Vec<Code> = e.verdicts.iter().map(|v| v.code).collect();
        for code in case.raises {
            assert!(
                codes.contains(code),
                "{}: {:?} should raise {code}: {codes:?}",
                case.source,
                case.input
            );
        }
        assert!(
            !codes.contains(&case.not),
            "{}: {:?} should not raise {}: {codes:?}",
            case.source,
            case.input,
            case.not
        );
        // Most serious first, and what `verdicts` alone gives.
        assert!(codes.windows(2).all(|w| w[0] <= w[1]), "{codes:?}");
        assert_eq!(verdicts(case.input, case.base).unwrap(), e.verdicts, "{}", case.input);
    }
}

#[test]
fn plain_urls_raise_nothing() {
    for input in [
        "https://example.com/",
        "http://info.cern.ch/hypertext/WWW/TheProject.html",
        "https://example.com/a/b?c#e",
        "http://EXAMPLE.com/",
        "ftp://ftp.example.org/pub/file.txt",
    ] {
        let e = explain(input, None).unwrap();
        assert!(e.verdicts.is_empty(), "{input}: {:?}", e.verdicts);
    }
    let e = explain("../c/d", Some("http://example.com/a/b/")).unwrap();
    assert!(e.verdicts.is_empty(), "{:?}", e.verdicts);
    assert!(e
        .readings
        .iter()
        .all(|r| r.url.as_ref().unwrap().as_str() == "http://example.com/a/c/d"));
}

#[test]
fn the_readings_are_the_parsers() {
    let e = explain("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", None).unwrap();
    assert_eq!(e.readings.len(), 5);
    for spec in SPECS {
        assert_eq!(e.reading(spec).unwrap().spec, spec);
    }
    let whatwg = e.reading(Spec::Whatwg).unwrap();
    let url = whatwg.url.as_ref().unwrap();
    assert_eq!(url.as_str(), "http://1.1.1.1%20&@2.2.2.2/#%20@3.3.3.3/");
    let target = whatwg.target.as_ref().unwrap();
    assert_eq!(target.host.as_deref(), Some("2.2.2.2"));
    assert_eq!(target.port, Some(Port::Number(80)));
    assert_eq!(target.class, Some(AddressClass::Public));
    let rules: Vec<&str> = whatwg
        .warnings
        .iter()
        .filter_map(|w| match &w.repair {
            urikit::Repair::Tolerated(e) => Some(e.rule),
            _ => None,
        })
        .collect();
    assert_eq!(rules, ["invalid-credentials", "invalid-URL-unit"]);
    // The RFCs refuse it, each at its first error, with every violation.
    let rfc3986 = e.reading(Spec::Rfc3986).unwrap();
    assert!(rfc3986.url.is_none());
    assert_eq!((rfc3986.errors[0].offset, rfc3986.errors[0].rule), (14, "userinfo"));
    assert_eq!(rfc3986.errors, urikit::validate(&e.input, Spec::Rfc3986));
}

#[test]
fn messages_name_what_each_side_sees() {
    let message = |input: &str, base: Option<&str>, code: Code| {
        let e = explain(input, base).unwrap();
        e.verdicts
            .into_iter()
            .find(|v| v.code == code)
            .map(|v| v.message)
            .unwrap()
    };
    let m = message("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", None, Code::Userinfo);
    assert!(
        m.contains("host is 2.2.2.2") && m.contains("last '@' finds '3.3.3.3'"),
        "{m}"
    );
    let m = message("http://0177.0.0.1/", None, Code::HostDiffers);
    assert_eq!(
        m,
        "the hosts differ: rfc1738, rfc1630 reach 177.0.0.1; rfc1808, rfc3986 reach 0177.0.0.1; whatwg reaches 127.0.0.1"
    );
    let m = message("http://169.254.169.254/", None, Code::IpInternal);
    assert!(m.contains("cloud instance metadata"), "{m}");
    let m = message("http://0x7f.1/", None, Code::IpNoncanonical);
    assert!(m.contains("127.0.0.1") && m.contains("hex or octal"), "{m}");
    let m = message("http://ｅｘａｍｐｌｅ．ｃｏｍ/", None, Code::IdnaMapped);
    assert!(
        m.contains("U+FF0E '．' → '.'") && m.ends_with("WHATWG reaches 'example.com'"),
        "{m}"
    );
    let m = message("http://c℅.example/", None, Code::IdnaMapped);
    assert!(
        m.contains("'℅' → 'c/o'") && m.ends_with("WHATWG refuses the result"),
        "{m}"
    );
    let m = message("http://a\u{ad}b.example/", None, Code::IdnaMapped);
    assert!(m.contains("U+00AD dropped"), "{m}");
    let m = message(" \thttp://h/\n", None, Code::CharsRemoved);
    assert_eq!(
        m,
        "WHATWG removes a space at 0, a tab at 1, an LF at 11 before it parses"
    );
    let m = message("//evil.example", Some("https://good.example/"), Code::SchemeRelative);
    assert!(m.contains("good.example → evil.example"), "{m}");
    let m = message("https://example.com:99999/", None, Code::PortUnusual);
    assert!(m.contains("34463"), "{m}");
    let m = message("http:\\\\h/", None, Code::Backslash);
    assert_eq!(m, "WHATWG reads the '\\' at offsets 5, 6 as '/', WHATWG's host is h");
    let m = message("http:/\\h/", None, Code::Backslash);
    assert_eq!(m, "WHATWG reads the '\\' at offset 6 as '/', WHATWG's host is h");
    let m = message("https:\t\\\\h\\p", None, Code::Backslash);
    assert_eq!(
        m,
        "WHATWG reads the '\\' at offsets 7, 8, 10 as '/', WHATWG's host is h"
    );
    let m = message("http://ex%61mple.com/", None, Code::HostDecoded);
    assert!(m.contains("'example.com'") && m.contains("rfc3986 keep them"), "{m}");
}

#[test]
fn a_base_that_a_spec_refuses() {
    let e = explain("g", Some("http://a b/")).unwrap();
    let r = e.reading(Spec::Rfc3986).unwrap();
    assert!(r.url.is_none());
    assert_eq!(r.failed_in, urikit::explain::FailedIn::Base);
    // A space in a host is a failure by WHATWG too.
    assert!(e.reading(Spec::Whatwg).unwrap().url.is_none());
}

#[test]
fn hostile_inputs_are_explained() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/adversarial/inputs.json"
    ))
    .unwrap();
    let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut n = 0;
    for case in cases.as_array().unwrap() {
        let Some(input) = case["input"].as_str() else { continue };
        let e = explain(input, None).unwrap();
        assert_eq!(verdicts(input, None).unwrap(), e.verdicts);
        let e = explain("x", Some(input)).unwrap();
        assert_eq!(e.readings.len(), 5);
        n += 1;
    }
    assert!(n > 100, "{n}");
}

#[test]
fn only_the_specs_asked_for_are_read_and_compared() {
    // RFC 1738 refuses the '~' (unsafe), RFC 3986 and WHATWG read it alike.
    let both = [Spec::Whatwg, Spec::Rfc3986];
    let e = explain_with("http://a/~x", None, &both).unwrap();
    let specs: Vec<Spec> = e.readings.iter().map(|r| r.spec).collect();
    assert_eq!(specs, [Spec::Rfc3986, Spec::Whatwg], "in the order of SPECS");
    assert!(e.verdicts.is_empty(), "{:?}", e.verdicts);
    assert!(e.reading(Spec::Rfc1738).is_none());
    assert!(verdicts_with("http://a/~x", None, &both).unwrap().is_empty());
    let codes: Vec<Code> = verdicts("http://a/~x", None).unwrap().iter().map(|v| v.code).collect();
    assert_eq!(codes, [Code::RejectedBySome]);
    // The verdicts about WHATWG's reading need it; those of the text, not.
    let rfcs = [Spec::Rfc3986, Spec::Rfc1808];
    for (input, base) in [
        ("http://evil.com\\@good.com/", None),
        ("http://0x7f.1/", None),
        (" http://h/a/../b", None),
        ("http://ex%61mple.com/", None),
        ("http://ｅｘａｍｐｌｅ．ｃｏｍ/", None),
        ("http://google.com#@evil.com/", None),
        ("/\\evil.example/x", Some("https://good.example/a/b")),
    ] {
        let e = explain_with(input, base, &rfcs).unwrap();
        assert_eq!(verdicts_with(input, base, &rfcs).unwrap(), e.verdicts, "{input}");
        for v in &e.verdicts {
            assert!(v.specs.iter().all(|s| rfcs.contains(s)), "{input}: {v:?}");
            assert!(!v.message.contains("WHATWG"), "{input}: {v:?}");
        }
        // Each spec read gives the reading it gives among all five.
        let all = explain(input, base).unwrap();
        for r in &e.readings {
            let same = all.reading(r.spec).unwrap();
            assert_eq!(r.url, same.url, "{input}");
        }
    }
    // No spec: no reading, no verdict.
    let e = explain_with("http://0x7f.1/", None, &[]).unwrap();
    assert!(e.readings.is_empty() && e.verdicts.is_empty());
}

#[test]
fn localhost_names_are_loopback() {
    for (input, host) in [
        ("http://localhost/", "localhost"),
        ("http://x.localhost/", "x.localhost"),
        ("http://LocalHost./", "localhost."),
        ("http://a.b.localhost:8080/", "a.b.localhost"),
    ] {
        let e = explain(input, None).unwrap();
        let target = e.reading(Spec::Whatwg).unwrap().target.clone().unwrap();
        assert_eq!(target.host.as_deref(), Some(host), "{input}");
        assert_eq!(
            (target.ip, target.class),
            (None, Some(AddressClass::Loopback)),
            "{input}"
        );
        let v = e.verdicts.iter().find(|v| v.code == Code::IpInternal).unwrap();
        assert!(v.specs.contains(&Spec::Whatwg), "{input}: {v:?}");
        assert_eq!(
            v.message,
            format!(
                "{host} is loopback: a localhost name (RFC 6761 §6.3) ({})",
                v.specs.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
            )
        );
        assert_eq!(verdicts(input, None).unwrap(), e.verdicts, "{input}");
    }
    // Other names are no class, and raise nothing.
    for input in ["http://localhost.example/", "http://xlocalhost/", "http://localhosts/"] {
        let e = explain(input, None).unwrap();
        assert_eq!(e.reading(Spec::Whatwg).unwrap().target.as_ref().unwrap().class, None);
        assert!(e.verdicts.is_empty(), "{input}: {:?}", e.verdicts);
    }
    // A file URL's localhost is no host to WHATWG: no verdict of its.
    let e = explain("file://localhost/etc/passwd", None).unwrap();
    let v = e.verdicts.iter().find(|v| v.code == Code::IpInternal).unwrap();
    assert!(!v.specs.contains(&Spec::Whatwg), "{v:?}");
}
