//! One table of default ports per spec, used by `port_or_default`, the
//! canonical forms, the lint and the scheme views, checked against the
//! facts of `testdata/rfc1738/scheme_defaults.json`.

use serde::Deserialize;
use urikit::lint::lint;
use urikit::ports::default_port;
use urikit::scheme::Field;
use urikit::{Spec, Url};

#[derive(Deserialize)]
struct SchemeDefault {
    scheme: String,
    default_port: Option<u16>,
    section: String,
}

fn scheme_defaults() -> Vec<SchemeDefault> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/rfc1738/scheme_defaults.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

#[test]
fn rfc1738_schemes_keep_their_defaults_under_every_spec() {
    let facts = scheme_defaults();
    assert_eq!(facts.len(), 10);
    for fact in &facts {
        for spec in Spec::ALL {
            // RFC 5538 gave news URLs a server and nntp's port since; RFC
            // 1808 and RFC 3986 leave the port to the scheme.
            let later = matches!(spec, Spec::Rfc1808 | Spec::Rfc3986);
            if later && fact.scheme == "news" {
                assert_eq!(default_port("news", spec), Some(119));
                continue;
            }
            assert_eq!(
                default_port(&fact.scheme, spec),
                fact.default_port,
                "{} (RFC 1738 §{}) by {spec}",
                fact.scheme,
                fact.section
            );
            assert_eq!(default_port(&fact.scheme.to_uppercase(), spec), fact.default_port);
        }
        // The 1994 table is also what `scheme::default_port` gives.
        assert_eq!(urikit::scheme::default_port(&fact.scheme), fact.default_port);
    }
}

#[test]
fn later_schemes_have_defaults_only_under_later_specs() {
    for (scheme, port) in [("https", 443), ("ws", 80), ("wss", 443)] {
        for spec in [Spec::Rfc1808, Spec::Rfc3986] {
            assert_eq!(default_port(scheme, spec), Some(port), "{scheme} by {spec}");
        }
        for spec in [Spec::Rfc1738, Spec::Rfc1630] {
            assert_eq!(default_port(scheme, spec), None, "{scheme} by {spec}");
        }
    }
    assert_eq!(default_port("rlogin", Spec::Rfc1630), Some(513));
    assert_eq!(default_port("urn", Spec::Rfc3986), None);
}

#[test]
fn https_443_under_rfc3986_everywhere() {
    let url = Url::parse_with("https://example.com/", Spec::Rfc3986).unwrap();
    assert_eq!(url.port_or_default(), Ok(Some(443)));
    let explicit = Url::parse_with("https://example.com:443/", Spec::Rfc3986).unwrap();
    assert_eq!(explicit.canonical().as_str(), "https://example.com/");
    // The lint agrees with the canonical form: 443 is https's default.
    let findings = lint("https://example.com:443/", Spec::Rfc3986);
    assert!(findings.iter().all(|f| f.code != "port-not-default"), "{findings:?}");
    // Another port is not the default, and is said so by RFC 3986's words.
    let findings = lint("https://example.com:8443/", Spec::Rfc3986);
    let f = findings
        .iter()
        .find(|f| f.code == "port-not-default")
        .expect("a finding");
    assert_eq!(f.message, "port 8443 is not https's default 443");
    assert_eq!(f.section, "RFC 3986 §7.2");
    // The view shows the default port.
    let view = url.view().unwrap();
    let fields = view.fields();
    assert!(fields.contains(&("port", Field::Number(443))), "{fields:?}");
}

#[test]
fn https_has_no_default_in_1994() {
    let url = Url::parse_with("https://example.com:443/", Spec::Rfc1738).unwrap();
    assert_eq!(url.canonical().as_str(), "https://example.com:443/");
    let findings = lint("https://example.com:443/", Spec::Rfc1738);
    let f = findings
        .iter()
        .find(|f| f.code == "port-not-default")
        .expect("a finding");
    assert_eq!(f.message, "port 443: https has no default port");
    assert_eq!(f.section, "RFC 1738 §6");
}

/// The RFC 3986 column knows today's schemes beyond the web's; the 1994
/// specs and the URL Standard do not.
#[test]
fn todays_schemes_have_defaults_under_later_specs_only() {
    for (scheme, port) in [
        ("imap", 143),
        ("imaps", 993),
        ("pop", 110),
        ("smtp", 25),
        ("ldap", 389),
        ("ldaps", 636),
        ("ssh", 22),
        ("sftp", 22),
        ("rtsp", 554),
        ("rtsps", 322),
        ("sip", 5060),
        ("sips", 5061),
        ("git", 9418),
        ("redis", 6379),
        ("mqtt", 1883),
        ("mqtts", 8883),
        ("xmpp", 5222),
        ("irc", 6667),
        ("ircs", 6697),
        ("coap", 5683),
        ("coaps", 5684),
        ("postgres", 5432),
        ("postgresql", 5432),
        ("mysql", 3306),
        ("mongodb", 27017),
        ("amqp", 5672),
        ("amqps", 5671),
    ] {
        for spec in [Spec::Rfc1808, Spec::Rfc3986] {
            assert_eq!(default_port(scheme, spec), Some(port), "{scheme} by {spec}");
            assert!(urikit::ports::source(scheme, spec).is_some_and(|s| !s.is_empty()));
        }
        for spec in [Spec::Rfc1738, Spec::Rfc1630, Spec::Whatwg] {
            assert_eq!(default_port(scheme, spec), None, "{scheme} by {spec}");
        }
    }
    let url = Url::parse_with("imap://h/", Spec::Rfc3986).unwrap();
    assert_eq!(url.port_or_default(), Ok(Some(143)));
    let url = Url::parse_with("imap://h:143/INBOX", Spec::Rfc3986).unwrap();
    assert_eq!(url.canonical().as_str(), "imap://h/INBOX");
    let url = Url::parse_with("imap://h:993/INBOX", Spec::Rfc3986).unwrap();
    assert_eq!(url.canonical().as_str(), "imap://h:993/INBOX");
}
