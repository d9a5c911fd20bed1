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
            // The URL Standard knows the default ports of its special
            // schemes only (§4.2); the others are still known as registered.
            if spec == Spec::Whatwg && !["ftp", "http"].contains(&fact.scheme.as_str()) {
                assert_eq!(default_port(&fact.scheme, spec), None, "{}", fact.scheme);
                let known = urikit::ports::known(&fact.scheme, spec).map(|d| d.port);
                let registered = if fact.scheme == "news" {
                    Some(119)
                } else {
                    fact.default_port
                };
                assert_eq!(known, registered, "{}", fact.scheme);
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

/// RFC 1738 defines no https, so its normal form keeps `:443`; but 443 is
/// https's registered default (RFC 9110 §4.2.2), which the lint names as
/// such and never calls unusual, and which a client connects to.
#[test]
fn https_443_is_the_registered_default_in_1994() {
    let url = Url::parse_with("https://example.com:443/", Spec::Rfc1738).unwrap();
    assert_eq!(url.canonical().as_str(), "https://example.com:443/");
    for spec in [Spec::Rfc1738, Spec::Rfc1630] {
        let findings = lint("https://example.com:443/", spec);
        assert!(
            findings.iter().all(|f| f.code != "port-not-default"),
            "{spec}: {findings:?}"
        );
        let f = findings
            .iter()
            .find(|f| f.code == "port-registered-default")
            .expect("a finding");
        assert_eq!(f.severity, urikit::lint::Severity::Info);
        assert_eq!(f.section, "RFC 9110 §4.2.2");
        assert_eq!(
            f.message,
            format!(
                "port 443 is https's registered default, which {} does not define: its normal form keeps the port",
                spec.title()
            )
        );
        // Another port is not the registered default, and says which it is.
        let findings = lint("https://example.com:8443/", spec);
        let f = findings
            .iter()
            .find(|f| f.code == "port-not-default")
            .expect("a finding");
        assert_eq!(
            f.message,
            "port 8443 is not https's registered default 443 (RFC 9110 §4.2.2)"
        );
        assert_eq!(f.section, "RFC 1738 §6");
    }
    // A spec that defines the port says nothing of it.
    assert!(lint("https://example.com:443/", Spec::Rfc3986).is_empty());
    // A scheme no one registered a port for has none.
    let findings = lint("foo://example.com:443/", Spec::Rfc1738);
    assert!(
        findings
            .iter()
            .any(|f| f.message == "port 443: foo has no default port"),
        "{findings:?}"
    );
}

/// A view's port, and the plan's connection, are the spec's default or else
/// the registered one: rlogin's 513 by the URL Standard too (not telnet's
/// 23), gopher's 70, each plan naming where a registered port is defined.
#[test]
fn views_connect_to_the_registered_default_under_every_spec() {
    use urikit::scheme::{SchemeView, Step};
    let connect = |url: &str, spec: Spec| {
        let url = Url::parse_lenient_with(url, spec).unwrap().0;
        let plan = url.view().unwrap().plan().unwrap();
        match &plan.steps[0] {
            Step::Connect { port, registered, .. } => (*port, *registered),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(connect("rlogin://h/", Spec::Whatwg), (513, Some("RFC 1282")));
    assert_eq!(connect("rlogin://h/", Spec::Rfc1738), (513, None));
    assert_eq!(connect("gopher://h/1x", Spec::Whatwg), (70, Some("RFC 1738 §3.4")));
    assert_eq!(connect("gopher://h/1x", Spec::Rfc3986), (70, None));
    assert_eq!(connect("gopher://h:7070/1x", Spec::Whatwg), (7070, None));
    assert_eq!(connect("http://h/", Spec::Whatwg), (80, None));
    let url = Url::parse_lenient_with("tn3270://h/", Spec::Whatwg).unwrap().0;
    let Ok(SchemeView::Telnet(t)) = url.view() else {
        panic!()
    };
    assert_eq!(t.port(), Ok(23));
    let url = Url::parse_lenient_with("rlogin://h/", Spec::Whatwg).unwrap().0;
    assert!(url
        .view()
        .unwrap()
        .plan()
        .unwrap()
        .to_string()
        .starts_with("# connect to h port 513 (the registered default, RFC 1282)\n"));
}

/// `{default:port}` is the port a client connects to: the spec's default,
/// or else the registered one.
#[test]
fn default_port_field_knows_the_registered_defaults() {
    use urikit::template::Template;
    let t = Template::parse("{default:port}").unwrap();
    let get = |url: &str, spec: Spec| {
        let url = Url::parse_lenient_with(url, spec).unwrap().0;
        t.render(&url.as_url_ref()).unwrap()
    };
    assert_eq!(get("https://example.com/", Spec::Rfc1738), "443");
    assert_eq!(get("https://example.com/", Spec::Rfc1630), "443");
    assert_eq!(get("imap://h/", Spec::Whatwg), "143");
    assert_eq!(get("gopher://h/", Spec::Whatwg), "70");
    assert_eq!(get("https://example.com:8443/", Spec::Rfc1738), "8443");
    assert_eq!(get("foo://h/", Spec::Rfc3986), "");
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
