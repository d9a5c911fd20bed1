//! The `URL` API's setters on WHATWG URLs (`Url::set_api`, and `Url::set`
//! and `Url::set_all`, which run them): what each ignores and why, the URL
//! byte for byte unchanged then, and properties over the conformance and
//! adversarial inputs and the benchmark lists, with made-up values.

mod whatwg_inputs;

use proptest::prelude::*;
use urikit::whatwg::api::{PartIgnored, Setter, Taken};
use urikit::{Component, ParseErrorKind, SetterIgnored, Spec, Url};

fn whatwg(s: &str) -> Url {
    let url = Url::parse_lenient_with(s, Spec::Whatwg).unwrap().0;
    url.check_invariants();
    url
}

/// `setter` = `value` on `href` gives `want`.
#[track_caller]
fn sets(href: &str, setter: Setter, value: &str, want: &str) {
    let mut url = whatwg(href);
    url.set_api(setter, value)
        .unwrap_or_else(|e| panic!("{href} {setter} = {value:?}: {e}"));
    url.check_invariants();
    assert_eq!(url.as_str(), want, "{href} {setter} = {value:?}");
}

/// `setter` = `value` on `href` is ignored with `kind`, the URL unchanged.
#[track_caller]
fn ignores(href: &str, setter: Setter, value: &str, kind: ParseErrorKind) {
    let mut url = whatwg(href);
    let before = url.as_str().to_owned();
    let e = url.set_api(setter, value).unwrap_err();
    assert_eq!(e.kind, kind, "{href} {setter} = {value:?}: {e}");
    assert_eq!(e.rule, format!("{setter} setter"));
    assert_eq!(e.spec, Spec::Whatwg);
    assert_eq!(url.as_str(), before, "{href} {setter} = {value:?} changed the URL");
    url.check_invariants();
}

fn why(why: SetterIgnored) -> ParseErrorKind {
    ParseErrorKind::SetterIgnored { why }
}

#[test]
fn every_step_that_returns() {
    use Setter::*;
    use SetterIgnored::*;
    ignores("https://h/", Protocol, "web+demo", why(SpecialToNotSpecial));
    ignores("web+demo://h/", Protocol, "https", why(NotSpecialToSpecial));
    ignores("https://u@h/", Protocol, "file", why(FileWithCredentialsOrPort));
    ignores("https://h:8080/", Protocol, "file", why(FileWithCredentialsOrPort));
    ignores("file:///x", Protocol, "https", why(FileWithEmptyHost));
    ignores("file:///x", Username, "me", why(CannotHaveCredentialsOrPort));
    ignores("file://h/x", Password, "pw", why(CannotHaveCredentialsOrPort));
    ignores("sc:/x", Port, "1", why(CannotHaveCredentialsOrPort));
    ignores("sc:///x", Username, "me", why(CannotHaveCredentialsOrPort));
    ignores("mailto:a@b", Host, "h", why(OpaquePath));
    ignores("mailto:a@b", Hostname, "h", why(OpaquePath));
    ignores("mailto:a@b", Pathname, "/x", why(OpaquePath));
    ignores("sc://u@h/", Hostname, "", why(EmptyHostWithCredentialsOrPort));
    ignores("sc://h:1/", Host, "", why(EmptyHostWithCredentialsOrPort));
    ignores("https://h/", Hostname, "x:1", why(PortInHostname));
}

#[test]
fn every_failure_before_a_change() {
    use Setter::*;
    ignores("https://h/", Protocol, "", ParseErrorKind::EmptyScheme);
    ignores("https://h/", Protocol, "1x", ParseErrorKind::InvalidChar { byte: b'1' });
    ignores(
        "https://h/",
        Protocol,
        "ht tp",
        ParseErrorKind::InvalidChar { byte: b' ' },
    );
    ignores("https://h/", Port, "abc", ParseErrorKind::InvalidChar { byte: b'a' });
    ignores("https://h/", Port, "99999", ParseErrorKind::PortOutOfRange);
    ignores("https://h/", Host, "", ParseErrorKind::EmptyHost);
    ignores("https://h/", Host, ":80", ParseErrorKind::EmptyHost);
    ignores(
        "https://h/",
        Hostname,
        "a b",
        ParseErrorKind::InvalidChar { byte: b' ' },
    );
    ignores("sc://h/", Hostname, "a<b", ParseErrorKind::InvalidChar { byte: b'<' });
    ignores("https://h/", Href, "not a URL", ParseErrorKind::MissingScheme);
}

#[test]
fn errors_point_into_the_value() {
    let mut url = whatwg("https://h/");
    let e = url.set_api(Setter::Hostname, "ab cd").unwrap_err();
    assert_eq!(e.offset, 2);
    let e = url.set_api(Setter::Hostname, "ab:1").unwrap_err();
    assert_eq!((e.offset, e.kind), (2, why(SetterIgnored::PortInHostname)));
    let e = url.set_api(Setter::Port, "x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "code point 'x' is not allowed in a number, expected a digit at offset 0 (port setter, WHATWG URL Standard)"
    );
    let e = url.set_api(Setter::Protocol, "web+demo").unwrap_err();
    assert_eq!(
        e.to_string(),
        "the URL's scheme is special and the new scheme is not at offset 0 (protocol setter, WHATWG URL Standard)"
    );
}

#[test]
fn what_each_setter_takes() {
    use Setter::*;
    sets("https://h/a?q#f", Href, " HTTP://X/b ", "http://x/b");
    sets("https://h:21/", Protocol, "FTP:junk", "ftp://h/");
    sets("https://h:80/", Protocol, "http", "http://h/");
    sets("http://h:8080/", Protocol, "https", "https://h:8080/");
    sets("https://h/", Username, "a b:@", "https://a%20b%3A%40@h/");
    sets("https://a:b@h/", Username, "", "https://:b@h/");
    sets("https://a:b@h/", Password, "", "https://a@h/");
    sets("https://h:8080/p", Host, "x.ORG", "https://x.org:8080/p");
    sets("https://h:8080/p", Host, "x:443", "https://x/p");
    sets("https://h:8080/p", Host, "x:1/ignored", "https://x:1/p");
    // The host is set before the port state fails: the host stays.
    sets("https://h:8080/p", Host, "x:99999", "https://x:8080/p");
    sets("https://h:8080/p", Host, "x:", "https://x:8080/p");
    sets("sc:/.//p", Host, "x", "sc://x//p");
    sets("sc://x/", Hostname, "", "sc:///");
    sets("file://h/p", Hostname, "localhost", "file:///p");
    sets("https://h/", Port, "8080abc", "https://h:8080/");
    sets("https://h:1/", Port, "", "https://h/");
    sets("https://h/a?q#f", Pathname, "b c?#", "https://h/b%20c%3F%23?q#f");
    sets("sc://h/a", Pathname, "", "sc://h");
    sets("sc:/a", Pathname, "//x", "sc:/.//x");
    sets("sc:/.//a?q", Pathname, "/x", "sc:/x?q");
    sets("https://h/?a#f", Search, "?#x", "https://h/?%23x#f");
    sets("https://h/?a#f", Search, "", "https://h/#f");
    sets("https://h/#f", Hash, "#", "https://h/#");
    sets("https://h/#f", Hash, "", "https://h/");
    sets("mailto:a@b", Search, "x y", "mailto:a@b?x%20y");
}

/// `setter` = `value` on `href` gives `want`, having taken the value up to
/// `ignored` (`""`: all of it) for `why`.
#[track_caller]
fn takes(href: &str, setter: Setter, value: &str, ignored: &str, why: Option<PartIgnored>, want: &str) {
    let mut url = whatwg(href);
    let taken = url
        .set_api_taken(setter, value)
        .unwrap_or_else(|e| panic!("{href} {setter} = {value:?}: {e}"));
    url.check_invariants();
    let what = format!("{href} {setter} = {value:?}");
    assert_eq!(url.as_str(), want, "{what}");
    assert_eq!(
        (taken.ignored(value).unwrap_or(""), taken.why()),
        (ignored, why),
        "{what}"
    );
    assert_eq!(taken == Taken::All, why.is_none(), "{what}");
    assert_eq!(format!("{}{ignored}", taken.used(value)), value, "{what}");
}

#[test]
fn what_each_setter_takes_of_its_value() {
    use PartIgnored::*;
    use Setter::*;
    // The port state returns at the first code point that is not a digit.
    takes("https://h/", Port, "8080abc", "abc", Some(AfterPort), "https://h:8080/");
    takes(
        "http://h/p",
        Port,
        "8080/stuff",
        "/stuff",
        Some(AfterPort),
        "http://h:8080/p",
    );
    takes("http://h/p", Port, "8080 ", " ", Some(AfterPort), "http://h:8080/p");
    takes("https://h:4343/", Port, "4wpt", "wpt", Some(AfterPort), "https://h:4/");
    takes("sc://h/", Port, "8\t0x", "x", Some(AfterPort), "sc://h:80/");
    takes("https://h:443/", Port, "\t8080", "", None, "https://h:8080/");
    takes("https://h/", Port, "443\n", "", None, "https://h/");
    // The host state returns at '/', '?', '#', and '\' in a special URL.
    takes(
        "http://a/p",
        Host,
        "x.com/stuff",
        "/stuff",
        Some(AfterHost),
        "http://x.com/p",
    );
    takes(
        "http://a/p",
        Host,
        "x.com?s:8080",
        "?s:8080",
        Some(AfterHost),
        "http://x.com/p",
    );
    takes(
        "http://a/p",
        Hostname,
        "x.com#s",
        "#s",
        Some(AfterHost),
        "http://x.com/p",
    );
    takes(
        "http://a/p",
        Hostname,
        "x.com\\s",
        "\\s",
        Some(AfterHost),
        "http://x.com/p",
    );
    takes("sc://a/", Host, "///bad.com", "///bad.com", Some(AfterHost), "sc:///");
    takes("file://a/p", Host, "x/y", "/y", Some(AfterHost), "file://x/p");
    takes("file://a/p", Hostname, "?y", "?y", Some(AfterHost), "file:///p");
    // Then the port state, after a ':'.
    takes(
        "http://a/p",
        Host,
        "x.com:8080/s",
        "/s",
        Some(AfterPort),
        "http://x.com:8080/p",
    );
    takes(
        "http://a/p",
        Host,
        "x.com:8080s2",
        "s2",
        Some(AfterPort),
        "http://x.com:8080/p",
    );
    takes(
        "http://a/p",
        Host,
        "x.com:65536",
        ":65536",
        Some(PortOutOfRange),
        "http://x.com/p",
    );
    takes(
        "http://a:1/",
        Host,
        "x.com:bad",
        ":bad",
        Some(NoPortDigits),
        "http://x.com:1/",
    );
    takes(
        "http://a:1/",
        Host,
        "x.com:",
        ":",
        Some(NoPortDigits),
        "http://x.com:1/",
    );
    takes("http://a:1/", Host, "[::1]:2", "", None, "http://[::1]:2/");
    // The scheme state returns at the first ':'.
    takes(
        "http://h/",
        Protocol,
        "https:foo : bar",
        "foo : bar",
        Some(AfterScheme),
        "https://h/",
    );
    takes("http://h/", Protocol, "https:", "", None, "https://h/");
    takes("http://h/", Protocol, "h\r\ntt\tps", "", None, "https://h/");
    // The others take the whole value, encoded where the part needs it.
    takes("http://h/", Pathname, "/a?b#c", "", None, "http://h/a%3Fb%23c");
    takes("http://h/", Search, "?a?b#c", "", None, "http://h/?a?b%23c");
    takes("http://h/", Hash, "#a#b", "", None, "http://h/#a#b");
    takes("http://h/", Username, "a:b@c/d", "", None, "http://a%3Ab%40c%2Fd@h/");
    takes("http://h/", Password, "a:b@c", "", None, "http://:a%3Ab%40c@h/");
    takes("http://h/", Href, "https://x/#y", "", None, "https://x/#y");
    // What ignores the whole value is still an error.
    let mut url = whatwg("https://h/");
    assert!(url.set_api_taken(Port, "abc").is_err());
    assert!(url.set_api_taken(Hostname, "x:1").is_err());
}

/// Every case of the suite whose comment says that the setter ignores a
/// part of the value ("Stuff after ... is ignored", "Anything other than
/// ASCII digit stops the port parser") takes a part, and no other case
/// takes a part but those where a part is plainly left: after `:` in a
/// scheme, `/?#\` in a host, a port's last digit.
#[test]
fn the_suites_cases_that_ignore_a_part_say_so() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/wpt-url/setters_tests.json");
    let suite: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut parts, mut commented) = (0, 0);
    for (name, cases) in suite.as_object().unwrap() {
        let Some(setter) = Setter::from_name(name) else {
            continue;
        };
        for case in cases.as_array().unwrap() {
            let (href, value) = (case["href"].as_str().unwrap(), case["new_value"].as_str().unwrap());
            let Ok((mut url, _)) = Url::parse_lenient_with(href, Spec::Whatwg) else {
                continue;
            };
            let comment = case["comment"].as_str().unwrap_or("");
            let says = comment.contains("is ignored")
                || comment.contains("stops the port parser")
                || comment.contains("overflowing is an error. Hostname is still set");
            let taken = url.set_api_taken(setter, value);
            let what = format!("<{href}> {setter} = {value:?} ({comment})");
            if says {
                commented += 1;
                assert!(matches!(taken, Ok(Taken::Part { .. })), "{what}: {taken:?}");
            }
            if let Ok(Taken::Part { end, .. }) = taken {
                parts += 1;
                let first = value[end..].chars().next().unwrap();
                assert!(
                    ":/?#\\+s ".contains(first) || first.is_ascii_alphabetic(),
                    "{what}: {first:?}"
                );
            }
        }
    }
    assert_eq!((commented, parts), (28, 42));
}

#[test]
fn set_runs_the_setter_of_the_component() {
    let mut url = whatwg("https://h/a?q#f");
    url.set(Component::Scheme, Some("http")).unwrap();
    url.set(Component::User, Some("me")).unwrap();
    url.set(Component::Password, Some("pw")).unwrap();
    url.set(Component::Host, Some("x")).unwrap();
    url.set(Component::Port, Some("81")).unwrap();
    url.set(Component::Path, Some("b c")).unwrap();
    url.set(Component::Query, Some("?k")).unwrap();
    url.set(Component::Fragment, Some("")).unwrap();
    // The query and the fragment are given after their '?' and '#': a '?'
    // in the value is kept, and an empty value is an empty part.
    assert_eq!(url.as_str(), "http://me:pw@x:81/b%20c??k#");
    assert_eq!(url.query(), Some("?k"));
    // None is the empty string: the URL API's way to remove a part.
    for c in [
        Component::User,
        Component::Password,
        Component::Port,
        Component::Query,
        Component::Fragment,
    ] {
        url.set(c, None).unwrap();
    }
    assert_eq!(url.as_str(), "http://x/b%20c");
    let before = url.clone();
    let e = url.set(Component::Host, None).unwrap_err();
    assert_eq!((e.kind, e.rule), (ParseErrorKind::EmptyHost, "hostname setter"));
    assert_eq!(
        url.set(Component::Path, None).unwrap_err().kind,
        ParseErrorKind::MissingPart
    );
    assert_eq!(url.set_port(Some(80)), Ok(()));
    assert_eq!(url, before);
    url.set_scheme("web+demo").unwrap_err();
    assert_eq!(url.as_str(), before.as_str());
}

#[test]
fn set_all_runs_the_setters_in_order() {
    let mut url = whatwg("https://h/");
    url.set_all([(Component::Host, Some("x")), (Component::Port, Some("1"))])
        .unwrap();
    assert_eq!(url.as_str(), "https://x:1/");
    let e = url
        .set_all([(Component::Path, Some("/p")), (Component::Port, Some("z"))])
        .unwrap_err();
    assert_eq!(e.component(), Some(Component::Port));
    assert_eq!(e.url(), "https://x:1/p");
    assert_eq!(url.as_str(), "https://x:1/", "unchanged: the first change is undone");
}

#[test]
fn other_specs_are_refused() {
    let mut url = Url::parse_with("http://h/", Spec::Rfc3986).unwrap();
    let e = url.set_api(Setter::Hostname, "x").unwrap_err();
    assert_eq!(e.kind, why(SetterIgnored::NotWhatwg));
    assert_eq!((e.spec, url.as_str()), (Spec::Rfc3986, "http://h/"));
}

/// The URLs of the conformance and adversarial inputs and of the
/// benchmark lists that parse.
fn urls() -> Vec<Url> {
    let cases = whatwg_inputs::all();
    let mut urls: Vec<Url> = cases
        .iter()
        .filter_map(|(input, base)| match base {
            Some(b) => Url::parse_lenient_with(b, Spec::Whatwg)
                .ok()
                .and_then(|(b, _)| b.resolve_with(input, Spec::Whatwg).ok()),
            None => Url::parse_lenient_with(input, Spec::Whatwg).ok().map(|(u, _)| u),
        })
        .filter(|u| u.as_str().len() < 4096)
        .collect();
    urls.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    urls.dedup();
    assert!(urls.len() > 1000, "only {} URLs", urls.len());
    urls
}

/// Values a setter may meet: delimiters, controls, escapes, dots, IPv4 and
/// IPv6 forms, non-ASCII.
fn value() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-zA-Z0-9]{0,4}",
        Just("%".to_owned()),
        Just("%2e".to_owned()),
        Just("..".to_owned()),
        Just(".".to_owned()),
        Just("[::1]".to_owned()),
        Just("0x7f.1".to_owned()),
        Just("xn--".to_owned()),
        Just("é".to_owned()),
        Just("\u{ff0e}".to_owned()),
        "[:/?#@\\\\\\[\\]|^{}<>\"'` \t\n\r\u{0}\u{1f}\u{7f}.!$&()*+,;=~-]",
    ];
    prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    /// After any setter the URL is its own serialization, the same setter
    /// with the same value again changes nothing, and a setter that gives
    /// an error leaves the URL byte for byte as it was.
    #[test]
    fn a_set_url_is_its_own_serialization(
        url in prop::sample::select(urls()),
        setter in prop::sample::select(Setter::ALL.to_vec()),
        value in value(),
    ) {
        let mut url = url;
        let before = url.as_str().to_owned();
        let result = url.set_api(setter, &value);
        url.check_invariants();
        if let Err(e) = &result {
            prop_assert_eq!(url.as_str(), before.as_str(), "{} {} = {:?}: {}", before, setter, value, e);
            prop_assert!(e.offset <= value.len() + 1, "{}", e);
        }
        let again = Url::parse_lenient_with(url.as_str(), Spec::Whatwg).map(|(u, _)| u);
        prop_assert_eq!(
            again.as_ref().map(|u| u.as_str()),
            Ok(url.as_str()),
            "{} {} = {:?}", before, setter, value
        );
        prop_assert!(again.unwrap() == url, "the same offsets");
        let mut twice = url.clone();
        let _ = twice.set_api(setter, &value);
        prop_assert_eq!(twice.as_str(), url.as_str(), "{} {} = {:?} twice", before, setter, value);
    }

    /// A setter that takes a part of its value makes the URL the part alone
    /// makes: what it says it ignored is ignored, and it ignores something.
    #[test]
    fn the_part_taken_alone_makes_the_same_url(
        url in prop::sample::select(urls()),
        setter in prop::sample::select(Setter::ALL.to_vec()),
        value in value(),
    ) {
        let mut whole = url.clone();
        if let Ok(Taken::Part { end, why }) = whole.set_api_taken(setter, &value) {
            prop_assert!(value.is_char_boundary(end) && end < value.len(), "{} {} = {:?}: {}", url, setter, value, end);
            let mut part = url.clone();
            let again = part.set_api_taken(setter, &value[..end]);
            prop_assert_eq!(part.as_str(), whole.as_str(), "{} {} = {:?} ({:?}), then {:?}", url, setter, value, why, &value[..end]);
            prop_assert!(again.is_ok(), "{:?}", again);
        }
    }
}
