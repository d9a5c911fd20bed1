//! The one-scan fast paths of RFC 1630 and RFC 1808 parsing, over inputs
//! built near the edges of each rule: ports (empty, 0, 65535, 65536, leading
//! zeros, letters), empty hosts, users, host numbers, `%` escapes whole and
//! broken, an octet of every class (`uchar`, `reserved`, `national`,
//! `punctuation`, space, non-ASCII), `;params`, `+` and `=` in searches, one
//! fragment or two.
//!
//! `UrlRef::parse_with` takes the fast path first. In builds with debug
//! assertions, `parse` checks every table and every first violation the
//! fast path gives against the full grammar and panics where they differ;
//! these tests also check what holds in any build:
//!
//! * strict parsing accepts exactly when `validate` (which collects every
//!   violation through the full grammar) finds none, and its error is
//!   `validate`'s first;
//! * by RFC 1808, the URL's components are those of the full grammar's
//!   `Reference` parse of the same text (which has no fast path);
//! * by RFC 1630, each component of an accepted URL is what the draft's BNF
//!   lets it hold, checked octet by octet below.

use proptest::prelude::*;
use urikit::ascii::rfc1630;
use urikit::rfc3986::Reference;
use urikit::{validate, Spec, UrlRef};

/// A scheme, or something near one.
fn scheme() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("http"),
        Just("HTTPS"),
        Just("https"),
        Just("file"),
        Just("ftp"),
        Just("news"),
        Just("mailto"),
        Just("x"),
        Just("x+y.z-w"),
        Just("a b"),
        Just("a@b"),
        Just("url"),
        Just("URL:http"),
        Just("1x"),
        Just("\"x"),
        Just(""),
    ]
}

/// A user part, mostly none.
fn user() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        6 => Just(""),
        1 => Just("u@"),
        1 => Just("u:p@"),
        1 => Just("@"),
        1 => Just("u;?&=@"),
    ]
}

/// A host: labels of every kind, host numbers, escapes, octets no host
/// name holds.
fn host() -> impl Strategy<Value = String> {
    let label = prop_oneof![
        4 => "[a-zA-Z][a-zA-Z0-9-]{0,4}",
        1 => "[a-z][_$&!*'(),; \"]",
        1 => "[0-9]{1,3}",
        1 => Just("%41".to_owned()),
        1 => Just("%4".to_owned()),
        1 => Just(String::new()),
        1 => "[~?=\\[\\]\u{e9}\"<>]",
    ];
    let labels = proptest::collection::vec(label, 0..5).prop_map(|labels| labels.join("."));
    // Four numbers: host numbers, some out of range or with leading zeros.
    let number = "(0|1|01|9|10|99|100|255|256|0255|999)\\.[0-9]{1,3}\\.[0-9]{1,3}\\.(0|1|25|255|256|00|001)";
    prop_oneof![3 => labels, 1 => number]
}

/// A port part, mostly none.
fn port() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        5 => Just(""),
        1 => Just(":"),
        1 => Just(":0"),
        1 => Just(":80"),
        1 => Just(":65535"),
        1 => Just(":65536"),
        1 => Just(":00080"),
        1 => Just(":000080"),
        1 => Just(":99999999999"),
        1 => Just(":8a"),
        1 => Just(":1:2"),
    ]
}

/// What follows the authority: path, `;params`, search or query, fragment,
/// with octets of every class and escapes whole and broken.
fn rest() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => "[a-zA-Z0-9]{1,4}",
        3 => "[/?#;=+]",
        2 => "[$_.!*'(),:@&-]",
        1 => "[~ \"<>{}|\\\\^`\\[\\]\u{e9}]",
        1 => "%[0-9a-fA-F]{2}",
        1 => "%[0-9a-g]{0,2}",
    ];
    proptest::collection::vec(piece, 0..10).prop_map(|p| p.concat())
}

/// A URL-like input.
fn url_like() -> impl Strategy<Value = String> {
    (
        scheme(),
        any::<bool>(),
        prop_oneof![3 => Just("//"), 1 => Just(""), 1 => Just("/")],
        user(),
        host(),
        port(),
        rest(),
    )
        .prop_map(|(scheme, colon, slashes, user, host, port, rest)| {
            let colon = if colon || scheme.is_empty() { ":" } else { "" };
            format!("{scheme}{colon}{slashes}{user}{host}{port}{rest}")
        })
}

/// Strict parsing and `validate` agree: the same verdict, the same first
/// violation.
fn agrees_with_validate(s: &str, spec: Spec) -> Result<Option<UrlRef<'_>>, TestCaseError> {
    let errors = validate(s, spec);
    match UrlRef::parse_with(s, spec) {
        Ok(url) => {
            prop_assert!(errors.is_empty(), "{:?} parses, yet validate reports {:?}", s, errors);
            url.to_url().check_invariants();
            Ok(Some(url))
        }
        Err(e) => {
            prop_assert_eq!(errors.first(), Some(&e), "{:?}", s);
            Ok(None)
        }
    }
}

/// Whether `text` holds only octets of `set`, each `%` starting an escape.
fn only(text: &str, set: urikit::ascii::ByteSet) -> bool {
    let b = text.as_bytes();
    b.iter().enumerate().all(|(i, &c)| {
        set.contains(c) && (c != b'%' || (b.len() > i + 2 && rfc1630::HEX.contains_all(&b[i + 1..i + 3])))
    })
}

/// The RFC 1630 draft's `host = hostname | hostnumber`, literally.
fn is_rfc1630_host(host: &str) -> bool {
    let number = host.split('.').count() == 4
        && host
            .split('.')
            .all(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit()) && g.trim_start_matches('0').len() <= 3)
        && host.split('.').all(|g| g.parse::<u32>().is_ok_and(|n| n <= 255));
    let name = host.split('.').all(|label| {
        label.bytes().next().is_some_and(|b| rfc1630::ALPHA.contains(b)) && only(label, rfc1630::HOSTNAME.without(b'.'))
    });
    number || name
}

/// An RFC 1630 URL's components hold what the draft's BNF lets them.
fn holds_rfc1630(url: &UrlRef<'_>) -> Result<(), TestCaseError> {
    let s = url.as_str();
    let scheme = url.scheme().as_bytes();
    prop_assert!(rfc1630::ALPHA.contains(scheme[0]), "{:?}: scheme", s);
    prop_assert!(rfc1630::SCHEME.contains_all(scheme), "{:?}: scheme", s);
    if let Some(host) = url.host() {
        prop_assert!(is_rfc1630_host(host), "{:?}: host {:?}", s, host);
        if let Some(user) = url.user() {
            prop_assert!(only(user, rfc1630::USER), "{:?}: user", s);
        }
        if let Some(password) = url.password() {
            prop_assert!(only(password, rfc1630::USER), "{:?}: password", s);
        }
        let port = url
            .port_str()
            .map(|p| p.parse::<u16>().is_ok() && p.bytes().all(|b| b.is_ascii_digit()));
        prop_assert!(port != Some(false), "{:?}: port", s);
    }
    prop_assert!(only(url.path(), rfc1630::PATH), "{:?}: path", s);
    if let Some(query) = url.query() {
        prop_assert!(only(query, rfc1630::SEARCH), "{:?}: search", s);
    }
    if let Some(fragment) = url.fragment() {
        prop_assert!(only(fragment, rfc1630::FRAGMENTID), "{:?}: fragmentid", s);
    }
    Ok(())
}

/// An RFC 1808 URL's components are those of the full grammar's reference.
fn same_as_reference(url: &UrlRef<'_>) -> Result<(), TestCaseError> {
    let s = url.as_str();
    let r = Reference::parse_with(s, Spec::Rfc1808);
    prop_assert!(r.is_ok(), "{:?}: the reference parse fails: {:?}", s, r);
    let r = r.unwrap();
    prop_assert_eq!(r.scheme(), Some(url.scheme()), "{:?}", s);
    prop_assert_eq!(r.authority(), url.authority(), "{:?}", s);
    prop_assert_eq!(r.user(), url.user(), "{:?}", s);
    prop_assert_eq!(r.password(), url.password(), "{:?}", s);
    prop_assert_eq!(r.host(), url.host(), "{:?}", s);
    prop_assert_eq!(r.host_kind(), url.host_kind(), "{:?}", s);
    prop_assert_eq!(r.port(), url.port(), "{:?}", s);
    prop_assert_eq!(r.port_str(), url.port_str(), "{:?}", s);
    prop_assert_eq!(r.path(), url.path(), "{:?}", s);
    prop_assert_eq!(r.query(), url.query(), "{:?}", s);
    prop_assert_eq!(r.fragment(), url.fragment(), "{:?}", s);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn rfc1630_fast_path_agrees_with_the_grammar(s in url_like()) {
        if let Some(url) = agrees_with_validate(&s, Spec::Rfc1630)? {
            holds_rfc1630(&url)?;
        }
    }

    #[test]
    fn rfc1808_fast_path_agrees_with_the_grammar(s in url_like()) {
        match agrees_with_validate(&s, Spec::Rfc1808)? {
            Some(url) => same_as_reference(&url)?,
            // A reference that starts with a scheme is an absolute URL:
            // the full grammar refuses it too.
            None => {
                let r = Reference::parse_with(&s, Spec::Rfc1808);
                prop_assert!(r.as_ref().map_or(true, |r| r.scheme().is_none()), "{:?}: {:?}", s, r);
            }
        }
    }
}

#[test]
fn the_inputs_reach_every_outcome() {
    // The generator is worth its cases only if both specs accept a good
    // share of its inputs and refuse a good share: counted over a fixed
    // sample.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = url_like();
    for spec in [Spec::Rfc1630, Spec::Rfc1808] {
        let (mut ok, mut err) = (0, 0);
        for _ in 0..2000 {
            let s = strategy.new_tree(&mut runner).expect("a value").current();
            match UrlRef::parse_with(&s, spec) {
                Ok(_) => ok += 1,
                Err(_) => err += 1,
            }
        }
        assert!(ok > 100 && err > 100, "{spec:?}: {ok} accepted, {err} refused");
    }
}

#[test]
fn published_and_edge_examples() {
    for (s, spec, valid) in [
        ("http://info.cern.ch/hypertext/WWW/TheProject.html", Spec::Rfc1630, true),
        ("file:///etc/motd", Spec::Rfc1630, false),
        ("http://h/a?b+c", Spec::Rfc1630, true),
        ("http://h/a?b=c", Spec::Rfc1630, false),
        ("http://h:65535/", Spec::Rfc1630, true),
        ("http://h:65536/", Spec::Rfc1630, false),
        ("news:comp.infosystems.www", Spec::Rfc1630, true),
        ("http://a/b/c/d;p?q#f", Spec::Rfc1808, true),
        ("http://a:/", Spec::Rfc1808, true),
        ("http://a/~u", Spec::Rfc1808, false),
        ("x:#a#b", Spec::Rfc1808, false),
    ] {
        let parsed = UrlRef::parse_with(s, spec);
        assert_eq!(parsed.is_ok(), valid, "{s:?} {spec:?}: {parsed:?}");
        assert_eq!(validate(s, spec).is_empty(), valid, "{s:?} {spec:?}");
    }
}
