//! The `URL` API's setters on WHATWG URLs (`Url::set_api`, and `Url::set`
//! and `Url::set_all`, which run them): what each ignores and why, the URL
//! byte for byte unchanged then, and properties over the conformance and
//! adversarial inputs and the benchmark lists, with made-up values.

mod whatwg_inputs;

use proptest::prelude::*;
use urikit::whatwg::api::Setter;
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
            again.as_ref().map(Url::as_str),
            Ok(url.as_str()),
            "{} {} = {:?}", before, setter, value
        );
        prop_assert!(again.unwrap() == url, "the same offsets");
        let mut twice = url.clone();
        let _ = twice.set_api(setter, &value);
        prop_assert_eq!(twice.as_str(), url.as_str(), "{} {} = {:?} twice", before, setter, value);
    }
}
