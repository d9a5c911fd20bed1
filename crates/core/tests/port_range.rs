//! A port that the grammar allows but no 16-bit number holds (RFC 1808 and
//! RFC 3986 take any digits) is kept as written and never becomes another
//! port: the plans refuse it, the lint reports it, the canonical form keeps
//! it. And the ports at the edges of the range, by every spec.

use urikit::lint::{lint, Severity};
use urikit::scheme::{Field, Step};
use urikit::{ParseErrorKind, SchemeErrorKind, Spec, Url, UrlRef};

/// The specs whose grammar takes any digits in a port.
const ANY_DIGITS: [Spec; 2] = [Spec::Rfc1808, Spec::Rfc3986];

/// Ports no 16-bit number holds: one past the range, two that are 80 and
/// 21 modulo 65536 (or 2^32), one with a leading zero, and 100 digits.
fn out_of_range() -> Vec<String> {
    vec![
        "65536".into(),
        "65616".into(),
        "4294967377".into(),
        "99999".into(),
        "065557".into(),
        "9".repeat(100),
    ]
}

/// A URL of each scheme whose plan connects somewhere, with `port`.
fn connecting(port: &str) -> Vec<String> {
    [
        "http://127.0.0.1:{}/a?b",
        "ftp://u@h.dom:{}/d/f;type=i",
        "gopher://h.dom:{}/0sel",
        "nntp://h.dom:{}/comp.misc/1",
        "telnet://h.dom:{}",
        "rlogin://u@h.dom:{}",
        "tn3270://h.dom:{}/",
        "wais://h.dom:{}/db?q",
        "prospero://h.dom:{}/pros/name",
    ]
    .iter()
    .map(|t| t.replace("{}", port))
    .collect()
}

/// The port of the plan's connection, if it has one.
fn planned_port(url: &Url) -> Option<u16> {
    let plan = url.view().ok()?.plan().ok()?;
    plan.steps.iter().find_map(|s| match s {
        Step::Connect { port, .. } => Some(*port),
        _ => None,
    })
}

#[test]
fn a_port_over_65535_is_kept_as_written() {
    for spec in ANY_DIGITS {
        for digits in out_of_range() {
            for input in connecting(&digits) {
                let url = Url::parse_with(&input, spec).unwrap_or_else(|e| panic!("{input} by {spec}: {e}"));
                url.check_invariants();
                assert_eq!(url.as_str(), input);
                assert_eq!((url.port(), url.port_str()), (None, Some(&*digits)), "{input}");
                assert!(
                    format!("{url:?}").contains(&format!("port: Some({digits:?})")),
                    "{url:?}"
                );
            }
        }
    }
}

#[test]
fn no_plan_connects_to_another_port() {
    for spec in ANY_DIGITS {
        for digits in out_of_range() {
            for input in connecting(&digits) {
                let url = Url::parse_with(&input, spec).unwrap();
                let first_digit = input.find(&format!(":{digits}")).unwrap() + 1;
                let err = url.port_or_default().unwrap_err();
                assert_eq!((err.offset, err.kind), (first_digit, SchemeErrorKind::PortOutOfRange));
                let view = url.view().unwrap_or_else(|e| panic!("{input}: {e}"));
                let err = view.plan().map(|p| p.to_string()).unwrap_err();
                assert_eq!(
                    (err.offset, err.kind),
                    (first_digit, SchemeErrorKind::PortOutOfRange),
                    "{input} by {spec}"
                );
                assert_eq!(
                    err.message_in(url.as_str()),
                    format!(
                        "port {digits} is over 65535: no 16-bit port holds it, and no other port is used in its place"
                    )
                );
                // The view's port field shows the digits, not a default.
                let port = view.fields().into_iter().find(|(name, _)| *name == "port");
                assert_eq!(port, Some(("port", Field::Text(digits.clone()))), "{input}");
            }
        }
    }
}

#[test]
fn each_view_refuses_to_give_a_number() {
    use urikit::scheme::SchemeView;
    let url = UrlRef::parse_with("http://h:65616/", Spec::Rfc3986).unwrap();
    let SchemeView::Http(http) = url.view().unwrap() else {
        panic!()
    };
    assert_eq!(http.port().unwrap_err().kind, SchemeErrorKind::PortOutOfRange);
    // The Host line a proxy or a log would see keeps the digits too.
    assert_eq!(http.host_line(), b"Host: h:65616\r\n");
    let url = UrlRef::parse_with("telnet://h:99999", Spec::Rfc1808).unwrap();
    let SchemeView::Telnet(t) = url.view().unwrap() else {
        panic!()
    };
    assert_eq!(t.port().unwrap_err().offset, 11);
}

#[test]
fn the_lint_reports_it_as_an_error() {
    for (spec, section) in [(Spec::Rfc3986, "RFC 3986 §3.2.3"), (Spec::Rfc1808, "RFC 1738 §3.1")] {
        let findings = lint("http://127.0.0.1:99999/", spec);
        let codes: Vec<&str> = findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, ["port-out-of-range"], "{spec}");
        let f = &findings[0];
        assert_eq!((f.severity, f.section, f.offset), (Severity::Error, section, Some(17)));
        assert_eq!(
            f.message,
            "port 99999 is over 65535: no 16-bit port holds it, and no other port is used in its place"
        );
    }
    // The escape that would smuggle a command is still found beside it.
    let findings = lint("gopher://h:99999/0a%0D%0Ab", Spec::Rfc3986);
    let codes: Vec<&str> = findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, ["port-out-of-range", "encoded-delimiter"]);
}

#[test]
fn a_plan_refused_for_an_escape_and_the_port_names_the_escape() {
    for input in ["gopher://h:99999/0a%0D%0Ab", "ftp://h:99999/a%0D%0Ab"] {
        let url = Url::parse_with(input, Spec::Rfc3986).unwrap();
        let err = url.view().unwrap().plan().unwrap_err();
        assert!(
            matches!(err.kind, SchemeErrorKind::Smuggling { byte: b'\r' }),
            "{input}: {err}"
        );
    }
}

#[test]
fn normalization_keeps_it_and_compares_it_to_no_other_port() {
    for spec in ANY_DIGITS {
        let parse = |s: &str| Url::parse_with(s, spec).unwrap();
        for (input, canonical) in [
            ("http://h:99999/", "http://h:99999/"),
            ("http://h:065616/", "http://h:65616/"),
            ("HTTP://H:4294967377", "http://h:4294967377/"),
        ] {
            let c = parse(input).canonical();
            assert_eq!(c.as_str(), canonical, "{input} by {spec}");
            assert_eq!(c.canonical(), c);
            for other in ["http://h/", "http://h:80/", "http://h:/", "http://h:0/", "http://h:81/"] {
                assert!(!parse(input).equivalent(&parse(other)), "{input} ~ {other} by {spec}");
            }
        }
        assert!(parse("http://h:99999/").equivalent(&parse("http://H:0099999")));
        assert!(!parse("http://h:99999/").equivalent(&parse("http://h:99998/")));
    }
}

/// Each edge of the range, by the spec's own grammar: a number is the port
/// (leading zeros and all), an empty port is the default where the grammar
/// allows it (RFC 3986 §6.2.3; the URL Standard's port state), and the
/// 1994 grammars and the URL Standard refuse the rest.
#[test]
fn the_edges_of_the_range_by_every_spec() {
    let long = "9".repeat(100);
    for spec in Spec::ALL {
        let any_digits = ANY_DIGITS.contains(&spec);
        let empty = if any_digits || spec == Spec::Whatwg {
            Ok(Some(80))
        } else {
            Err(ParseErrorKind::EmptyPort)
        };
        for (port, want) in [
            ("0", Ok(Some(0))),
            ("080", Ok(Some(80))),
            ("65535", Ok(Some(65535))),
            ("", empty),
            (
                "65536",
                if any_digits {
                    Ok(None)
                } else {
                    Err(ParseErrorKind::PortOutOfRange)
                },
            ),
            (
                &long,
                if any_digits {
                    Ok(None)
                } else {
                    Err(ParseErrorKind::PortOutOfRange)
                },
            ),
        ] {
            let input = format!("http://h:{port}/");
            let got = Url::parse_with(&input, spec)
                .map(|url| planned_port(&url))
                .map_err(|e| e.kind);
            assert_eq!(got, want, "{input} by {spec}");
        }
        // Port 0 is a number, and the lint says it is no port to fetch.
        let findings = lint("http://h:0/", spec);
        assert!(
            findings
                .iter()
                .any(|f| f.code == "port-not-default" && f.severity == Severity::Error),
            "{spec}: {findings:?}"
        );
        let zeros = Url::parse_with("http://h:080/", spec).unwrap();
        assert!(zeros.equivalent(&Url::parse_with("http://h/", spec).unwrap()), "{spec}");
    }
}
