//! Setters, query pairs and the conversions of `Url`: each case checks the
//! offset table after every mutation.

use std::collections::{HashMap, HashSet};

use urikit::{Component, ParseErrorKind, Spec, Url, UrlBuilder, UrlRef};

fn url(s: &str) -> Url {
    Url::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn url_with(s: &str, spec: Spec) -> Url {
    Url::parse_with(s, spec).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn url3986(s: &str) -> Url {
    Url::parse_with(s, Spec::Rfc3986).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Sets `c` to `v` and checks the result's string and invariants.
fn set_ok(u: &mut Url, c: Component, v: Option<&str>, want: &str) {
    u.set(c, v).unwrap_or_else(|e| panic!("set {c}={v:?} on {u}: {e}"));
    u.check_invariants();
    assert_eq!(u.as_str(), want, "set {c}={v:?}");
    assert_eq!(u.get(c).map(str::to_ascii_lowercase), v.map(str::to_ascii_lowercase));
}

/// Sets `c` to `v`, expects an error, and checks the URL is unchanged.
fn set_err(u: &mut Url, c: Component, v: Option<&str>) -> urikit::ParseError {
    let before = u.clone();
    let e = u.set(c, v).expect_err(&format!("set {c}={v:?} on {u} should fail"));
    u.check_invariants();
    assert_eq!(*u, before, "a failed set leaves the URL as it was");
    e
}

#[test]
fn set_every_component_of_an_ftp_url() {
    let mut u = url("ftp://host.dom/pub/file");
    set_ok(&mut u, Component::User, Some("me"), "ftp://me@host.dom/pub/file");
    set_ok(&mut u, Component::Password, Some("pw"), "ftp://me:pw@host.dom/pub/file");
    set_ok(&mut u, Component::Password, Some(""), "ftp://me:@host.dom/pub/file");
    set_ok(
        &mut u,
        Component::Host,
        Some("other.org"),
        "ftp://me:@other.org/pub/file",
    );
    set_ok(
        &mut u,
        Component::Port,
        Some("2121"),
        "ftp://me:@other.org:2121/pub/file",
    );
    set_ok(
        &mut u,
        Component::Path,
        Some("/etc/motd;type=a"),
        "ftp://me:@other.org:2121/etc/motd;type=a",
    );
    set_ok(
        &mut u,
        Component::Fragment,
        Some("x"),
        "ftp://me:@other.org:2121/etc/motd;type=a#x",
    );
    set_ok(
        &mut u,
        Component::Password,
        None,
        "ftp://me@other.org:2121/etc/motd;type=a#x",
    );
    set_ok(&mut u, Component::Port, None, "ftp://me@other.org/etc/motd;type=a#x");
    set_ok(&mut u, Component::User, None, "ftp://other.org/etc/motd;type=a#x");
    set_ok(&mut u, Component::Fragment, None, "ftp://other.org/etc/motd;type=a");
    set_ok(
        &mut u,
        Component::Scheme,
        Some("HTTP"),
        "http://other.org/etc/motd;type=a",
    );
}

#[test]
fn rfc1738_productions_decide_what_fits() {
    // §3.3: no user or password in an http URL.
    let mut u = url("http://host/a");
    let e = set_err(&mut u, Component::User, Some("me"));
    assert_eq!(
        (e.offset, e.kind, e.rule, e.spec),
        (0, ParseErrorKind::UserNotAllowed, "hostport", Spec::Rfc1738)
    );
    // A scheme that does not fit the rest: http has no user, this ftp URL has one.
    let mut u = url("ftp://me@host/a");
    let e = set_err(&mut u, Component::Scheme, Some("http"));
    assert_eq!((e.offset, e.kind), (0, ParseErrorKind::UserNotAllowed));
    // ftp has no search part.
    let mut u = url("ftp://host/a");
    set_err(&mut u, Component::Query, Some("x"));
    // file allows no port.
    let mut u = url("file://host/etc/motd");
    set_err(&mut u, Component::Port, Some("21"));
    // news has no authority.
    let mut u = url("news:comp.infosystems.www");
    set_err(&mut u, Component::Host, Some("host"));
    // The offset is into the value: '_' is not allowed in a host name.
    let mut u = url("http://host/");
    let e = set_err(&mut u, Component::Host, Some("my_host"));
    assert_eq!((e.offset, e.kind), (2, ParseErrorKind::InvalidChar { byte: b'_' }));
    // RFC 1738 has no '~'.
    let e = set_err(&mut u, Component::Path, Some("/~me"));
    assert_eq!((e.offset, e.kind), (1, ParseErrorKind::InvalidChar { byte: b'~' }));
    let e = set_err(&mut u, Component::Port, Some("99999"));
    assert_eq!((e.offset, e.kind), (0, ParseErrorKind::PortOutOfRange));
    let e = set_err(&mut u, Component::Port, Some("8o"));
    assert_eq!((e.offset, e.kind), (1, ParseErrorKind::InvalidChar { byte: b'o' }));
    // The scheme and the path cannot be absent.
    set_err(&mut u, Component::Scheme, None);
    set_err(&mut u, Component::Path, None);
    // A URL lenient parsing let through with a violation refuses every setter.
    let (mut u, _) = Url::parse_lenient("http://user@host/").unwrap();
    let e = set_err(&mut u, Component::Fragment, Some("x"));
    assert_eq!(e.kind, ParseErrorKind::UserNotAllowed);
    // A password needs a user.
    let mut u = url("ftp://host/");
    let e = set_err(&mut u, Component::Password, Some("pw"));
    assert_eq!(e.kind, ParseErrorKind::MissingPart);
}

#[test]
fn delimiters_in_a_value_are_ambiguous() {
    let mut u = url3986("http://host/a");
    let e = set_err(&mut u, Component::Path, Some("/a?b"));
    assert_eq!((e.offset, e.kind, e.rule), (2, ParseErrorKind::Ambiguous, "path"));
    let e = set_err(&mut u, Component::Path, Some("/a#b"));
    assert_eq!((e.offset, e.kind), (2, ParseErrorKind::Ambiguous));
    let e = set_err(&mut u, Component::Host, Some("h/x"));
    assert_eq!((e.offset, e.kind), (1, ParseErrorKind::Ambiguous));
    let e = set_err(&mut u, Component::Query, Some("a#b"));
    assert_eq!((e.offset, e.kind), (1, ParseErrorKind::Ambiguous));
    let e = set_err(&mut u, Component::User, Some("a@b"));
    assert_eq!((e.offset, e.kind), (1, ParseErrorKind::Ambiguous));
    // Without a host, a path starting "//" would read as one.
    let mut u = url3986("s:/p");
    let e = set_err(&mut u, Component::Path, Some("//x"));
    assert_eq!(e.kind, ParseErrorKind::Ambiguous);
    // A path that is not empty and does not start with '/' cannot follow a host.
    let mut u = url3986("urn:isbn:123");
    set_err(&mut u, Component::Host, Some("h"));
}

/// A path set after a host must start with '/': the error says so, at the
/// path, rather than naming the host it would be glued to (a CR there was
/// "not allowed in reg-name").
#[test]
fn a_path_after_a_host_starts_with_a_slash() {
    for (spec, rule) in [
        (Spec::Rfc3986, "path-abempty"),
        (Spec::Rfc1808, "abs_path"),
        (Spec::Rfc1738, "url-path"),
        (Spec::Rfc1630, "url-path"),
    ] {
        for value in ["get", "one\rtwo", "%4A"] {
            let mut u = url_with("http://example.com/", spec);
            let e = set_err(&mut u, Component::Path, Some(value));
            assert_eq!(
                (e.offset, e.kind, e.rule),
                (0, ParseErrorKind::MissingPart, rule),
                "{value:?}"
            );
            assert!(
                e.to_string()
                    .starts_with("expected '/' to start the path after the host"),
                "{e}"
            );
        }
        let mut u = url_with("http://example.com", spec);
        set_ok(&mut u, Component::Path, Some("/get"), "http://example.com/get");
    }
    let mut b = UrlBuilder::new("https").spec(Spec::Rfc3986).host("h").path("x");
    let err = b.build().unwrap_err();
    assert_eq!(
        (err.error().kind, err.component()),
        (ParseErrorKind::MissingPart, Some(Component::Path))
    );
    b = b.path("/x");
    assert_eq!(b.build().unwrap().as_str(), "https://h/x");
}

#[test]
fn absent_and_empty_stay_distinct() {
    let mut u = url("http://host/a");
    set_ok(&mut u, Component::Query, Some(""), "http://host/a?");
    set_ok(&mut u, Component::Fragment, Some(""), "http://host/a?#");
    assert_eq!((u.query(), u.fragment()), (Some(""), Some("")));
    set_ok(&mut u, Component::Query, None, "http://host/a#");
    set_ok(&mut u, Component::Fragment, None, "http://host/a");
    assert_eq!((u.query(), u.fragment()), (None, None));
    let mut u = url("ftp://host/");
    set_ok(&mut u, Component::User, Some(""), "ftp://@host/");
    assert_eq!(u.user(), Some(""));
    // Setting absent on an absent component changes nothing.
    set_ok(&mut u, Component::Password, None, "ftp://@host/");
}

#[test]
fn rfc3986_host_and_authority() {
    let mut u = url3986("http://user@h:70000/p");
    assert_eq!(u.port(), None);
    set_ok(&mut u, Component::Port, Some("8080"), "http://user@h:8080/p");
    assert_eq!(u.port(), Some(8080));
    set_ok(&mut u, Component::Host, Some("[::1]"), "http://user@[::1]:8080/p");
    set_ok(&mut u, Component::Host, None, "http:/p");
    assert_eq!((u.user(), u.port_str()), (None, None));
    set_ok(&mut u, Component::Host, Some("example.com"), "http://example.com/p");
    set_ok(&mut u, Component::Path, Some(""), "http://example.com");
    let mut u = url3986("mailto:a@b");
    set_ok(&mut u, Component::Path, Some("c@d"), "mailto:c@d");
}

#[test]
fn typed_setters() {
    let mut u = url("http://info.cern.ch/hypertext/WWW/TheProject.html#top");
    u.set_scheme("https").unwrap();
    u.set_host(Some("example.com")).unwrap();
    u.set_port(Some(8443)).unwrap();
    u.set_path("/a/b").unwrap();
    u.set_query(Some("q=1")).unwrap();
    u.set_fragment(None).unwrap();
    u.check_invariants();
    assert_eq!(u.as_str(), "https://example.com:8443/a/b?q=1");
    u.set_port(None).unwrap();
    u.set_scheme("http").unwrap();
    assert_eq!(u.port_or_default(), Ok(Some(80)));
    let mut f = url("ftp://h/");
    f.set_user(Some("anonymous")).unwrap();
    f.set_password(Some("guest")).unwrap();
    f.check_invariants();
    assert_eq!(f.as_str(), "ftp://anonymous:guest@h/");
}

#[test]
fn query_pairs_decode_by_form_rules() {
    let u = url("http://h/s?q=a+b%2Bc&empty=&flag&&x=%C3%A9");
    let pairs: Vec<(String, String)> = u.query_pairs().map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
    let want = [("q", "a b+c"), ("empty", ""), ("flag", ""), ("x", "é")];
    assert_eq!(pairs, want.map(|(n, v)| (n.to_owned(), v.to_owned())));
    assert!(url("http://h/s").query_pairs().next().is_none());
    assert!(url("http://h/s?").query_pairs().next().is_none());
    // Invalid UTF-8 reads as U+FFFD.
    assert_eq!(url("http://h/s?a=%FF").query_value("a").as_deref(), Some("\u{FFFD}"));
}

#[test]
fn append_set_remove_sort() {
    let mut u = url("http://example.com/?name=hello");
    u.append_query_pair("search", "a string&more").unwrap();
    u.check_invariants();
    assert_eq!(u.as_str(), "http://example.com/?name=hello&search=a+string%26more");
    assert_eq!(u.query_value("search").as_deref(), Some("a string&more"));

    let mut u = url("http://example.com/?a=b&");
    u.append_query_pair("c", "d").unwrap();
    assert_eq!(u.as_str(), "http://example.com/?a=b&c=d");

    let mut u = url("http://example.com/?search=hello&utm_source=tracker&more=data&utm_x=1#f");
    assert_eq!(u.remove_query_pairs("utm_*").unwrap(), 2);
    u.check_invariants();
    assert_eq!(u.as_str(), "http://example.com/?search=hello&more=data#f");
    assert_eq!(u.remove_query_pairs("nothing").unwrap(), 0);
    assert_eq!(u.remove_query_pairs("search").unwrap(), 1);
    assert_eq!(u.remove_query_pairs("*").unwrap(), 1);
    u.check_invariants();
    assert_eq!(u.as_str(), "http://example.com/#f", "no pair left: no '?'");

    // A name is matched decoded.
    let mut u = url("http://example.com/?utm%5Fsource=x&a+b=1&keep=1");
    assert_eq!(u.remove_query_pairs("utm_*").unwrap(), 1);
    assert_eq!(u.remove_query_pairs("a b").unwrap(), 1);
    assert_eq!(u.as_str(), "http://example.com/?keep=1");

    let mut u = url("http://example.com/?utm_source=tracker&monkey=123&a=2&a=1&&");
    u.sort_query_pairs().unwrap();
    u.check_invariants();
    assert_eq!(u.as_str(), "http://example.com/?a=2&a=1&monkey=123&utm_source=tracker");

    let mut u = url("http://example.com/?a=1&b=2&a=3");
    u.set_query_pair("a", "x").unwrap();
    assert_eq!(u.as_str(), "http://example.com/?a=x&b=2");

    // The spec decides whether there may be a query at all.
    let mut f = url("ftp://host/file");
    assert!(f.append_query_pair("a", "b").is_err());
    assert_eq!(f.as_str(), "ftp://host/file");
    // The RFC 1630 draft's search part is `xalphas` joined by '+': '=' and
    // '&' are reserved there, so a name=value pair cannot be written.
    let mut d = Url::parse_with("s://host/p?a+b", Spec::Rfc1630).unwrap();
    assert_eq!(d.query_value("a b").as_deref(), Some(""));
    let e = d.append_query_pair("x", "y").unwrap_err();
    assert_eq!(e.spec, Spec::Rfc1630);
    assert_eq!(d.as_str(), "s://host/p?a+b");
    let mut g = Url::parse_with("ftp://host/file", Spec::Rfc3986).unwrap();
    g.append_query_pair("a", "b c").unwrap();
    assert_eq!(g.as_str(), "ftp://host/file?a=b+c");
}

#[test]
fn decode_form_is_the_inverse_of_the_search_set() {
    use urikit::pct::{decode, decode_form, encode, EncodeSet};
    for text in ["a b", "1+1 = 2", "x/y?z", "ü & ö", ""] {
        let encoded = encode(text, &EncodeSet::SEARCH);
        assert_eq!(decode_form(&encoded).unwrap(), text.as_bytes(), "{encoded}");
    }
    assert_eq!(decode("a+b").unwrap(), &b"a+b"[..]);
    assert_eq!(decode_form("a+b").unwrap(), &b"a b"[..]);
    assert!(matches!(decode_form("plain").unwrap(), std::borrow::Cow::Borrowed(_)));
    assert_eq!(decode_form("a+%zz").unwrap_err().offset, 2);
}

#[test]
fn conversions_and_traits() {
    let a: Url = "http://b.example/".parse().unwrap();
    let b = Url::try_from("http://a.example/").unwrap();
    let c = Url::try_from(String::from("HTTP://c.example/")).unwrap();
    assert_eq!(c.to_string(), "http://c.example/");
    assert_eq!(AsRef::<str>::as_ref(&c), "http://c.example/");
    assert!(Url::try_from("http://user@host/").is_err());
    let mut v = vec![c.clone(), a.clone(), b.clone()];
    v.sort();
    assert_eq!(v, [b.clone(), a.clone(), c.clone()]);
    let x = Url::parse_with("http://a.example/", Spec::Rfc3986).unwrap();
    assert_ne!(x, b);
    assert_eq!(x.cmp(&b), b.cmp(&x).reverse());
    let mut hits: HashMap<Url, u32> = HashMap::new();
    *hits.entry(a.clone()).or_default() += 1;
    *hits.entry("http://b.example/".parse().unwrap()).or_default() += 1;
    assert_eq!(hits[&a], 2);
    let set: HashSet<Url> = v.into_iter().collect();
    assert_eq!(set.len(), 3);
    let r = UrlRef::parse("FTP://h/").unwrap();
    assert_eq!(r.to_url().as_str(), "ftp://h/");
    let s: String = c.into();
    assert_eq!(s, "http://c.example/");
}

#[test]
fn resolve_uses_the_urls_own_spec() {
    let base = url3986("http://a/b/c/d;p?q");
    assert_eq!(base.resolve(";x").unwrap().as_str(), "http://a/b/c/;x");
    assert_eq!(
        base.resolve_with(";x", Spec::Rfc1808).unwrap().as_str(),
        "http://a/b/c/d;x"
    );
    let base = url("https://curl.se/we/are.html");
    assert_eq!(
        base.resolve("here.html").unwrap().as_str(),
        "https://curl.se/we/here.html"
    );
}

#[test]
fn wrapping_errors_have_a_source() {
    use std::error::Error;
    let base = url("http://host/a/b");
    let err = base.resolve("c d").unwrap_err();
    let source = err.source().expect("an invalid result wraps its parse error");
    assert!(source.to_string().contains("offset"), "{source}");
}

/// A part taken from the URL is judged by whether it reads back, not by the
/// delimiters a value given to a setter may not hold: RFC 1738's `fsegment`
/// allows `?` in a `file` path, RFC 1808's `net_loc` allows `@` and `?`.
#[test]
fn parts_kept_from_the_url_need_only_read_back() {
    let file = url("file:///tmp/a?b");
    assert_eq!(file.path(), "/tmp/a?b");
    for spec_url in [
        file,
        url_with("ftp://u:p@h:2@/a", Spec::Rfc1808),
        url_with("http://a.b?c/p", Spec::Rfc1808),
    ] {
        let mut u = spec_url.clone();
        u.set_all([(Component::Host, Some("x.example"))]).unwrap();
        assert_eq!(u.path(), spec_url.path());
        let built = UrlBuilder::from_url(&spec_url).host("x.example").build().unwrap();
        assert_eq!(built, u);
        let mut one = spec_url.clone();
        one.set(Component::Host, Some("x.example")).unwrap();
        assert_eq!(one, u);
    }
    // A value given holds no delimiter that would end it.
    let mut u = url("file:///tmp/a?b");
    let err = u.set_all([(Component::Path, Some("/c?d"))]).unwrap_err();
    assert_eq!(
        (err.error().offset, err.error().kind, err.component()),
        (9, ParseErrorKind::Ambiguous, Some(Component::Path))
    );
    assert_eq!(err.url(), "file:///c?d");
    let err = UrlBuilder::new("file").host("").path("/c?d").build().unwrap_err();
    assert_eq!((err.error().offset, err.error().kind), (9, ParseErrorKind::Ambiguous));
    assert_eq!(u.as_str(), "file:///tmp/a?b");
}

/// set_all validates once, after every change; it names the part that does
/// not read back.
#[test]
fn set_all_changes_together() {
    let mut u = url("news:comp.infosystems.www");
    assert!(u.clone().set(Component::Scheme, Some("http")).is_err());
    u.set_all([
        (Component::Scheme, Some("HTTP")),
        (Component::Host, Some("h")),
        (Component::Path, Some("/")),
    ])
    .unwrap();
    assert_eq!(u.as_str(), "http://h/");
    // The last change of a component wins; None empties the path.
    u.set_all([(Component::Path, Some("/a")), (Component::Path, None)])
        .unwrap();
    assert_eq!(u.as_str(), "http://h");
    // RFC 1738: no search in an ftp URL; the query does not read back.
    let mut f = url("ftp://h/a");
    let err = f.set_all([(Component::Query, Some("x"))]).unwrap_err();
    assert_eq!(err.component(), Some(Component::Query));
    assert_eq!(f.as_str(), "ftp://h/a");
    // A user without a host.
    let err = f
        .set_all([(Component::Host, None), (Component::User, Some("me"))])
        .unwrap_err();
    assert_eq!(
        (err.error().kind, err.component()),
        (ParseErrorKind::MissingPart, Some(Component::User))
    );
}

/// One vocabulary: by WHATWG a setter's name names the setter and
/// urikit's other names the component; by the RFCs only the components
/// have names, and a setter's name is refused with a message that says
/// where setters apply.
#[test]
fn targets_are_named_once_for_every_spec() {
    use urikit::whatwg::api::Setter;
    use urikit::{Strategy, Target};
    for spec in Spec::ALL {
        for c in Component::ALL {
            let got = Target::parse(c.name(), spec).unwrap();
            match Setter::from_name(c.name()) {
                Some(setter) if Strategy::of(spec) == Strategy::StateOverride => {
                    assert_eq!(got, Target::Setter(setter), "{c} by {spec}")
                }
                _ => assert_eq!(got, Target::Component(c), "{c} by {spec}"),
            }
            assert_eq!(Target::parse(&c.name().to_ascii_uppercase(), spec), Ok(got));
        }
        for setter in Setter::ALL {
            let got = Target::parse(setter.name(), spec);
            match Strategy::of(spec) {
                Strategy::StateOverride => assert_eq!(got, Ok(Target::Setter(setter))),
                Strategy::Reparse => match setter.name().parse::<Component>() {
                    Ok(c) => assert_eq!(got, Ok(Target::Component(c))),
                    Err(_) => {
                        let e = got.unwrap_err().to_string();
                        assert!(e.contains(spec.name()) && e.contains("whatwg spec"), "{e}");
                    }
                },
            }
        }
        assert!(Target::parse("origin", spec).is_err());
    }
}

/// `Url::apply` runs the component's or the setter's contract, by the
/// strategy of the URL's spec; `Url::set` is `apply` of a component.
#[test]
fn apply_is_set_by_the_specs_strategy() {
    use urikit::whatwg::api::{Setter, Taken};
    use urikit::{Edit, Target};
    let query = Target::Component(Component::Query);
    for (spec, base) in [(Spec::Whatwg, "https://h/p"), (Spec::Rfc3986, "https://h/p")] {
        for value in [Some("?a"), Some(""), Some("a b"), None] {
            let mut by_set = url_with(base, spec);
            let set = by_set.set(Component::Query, value);
            let mut by_apply = url_with(base, spec);
            let edit = value.map_or(Edit::remove(query), |v| Edit::set(query, v));
            let applied = by_apply.apply(&edit);
            assert_eq!(set.is_ok(), applied.is_ok(), "{spec} {value:?}");
            assert_eq!(by_set, by_apply, "{spec} {value:?}");
        }
    }
    // The component is what follows the '?' by every strategy; the
    // setter drops one.
    let mut u = url_with("https://h/p", Spec::Whatwg);
    u.apply(&Edit::set(query, "?a")).unwrap();
    assert_eq!(u.query(), Some("?a"));
    u.apply(&Edit::set(Target::Setter(Setter::Search), "?a")).unwrap();
    assert_eq!(u.query(), Some("a"));
    u.apply(&Edit::set(Target::Setter(Setter::Search), "")).unwrap();
    assert_eq!(u.query(), None);
    // A setter says what it took.
    let taken = u.apply(&Edit::set(Target::Setter(Setter::Port), "81x")).unwrap();
    assert_eq!((taken.used("81x"), u.port()), ("81", Some(81)));
    assert_eq!(u.apply(&Edit::set(Target::Setter(Setter::Port), "82")), Ok(Taken::All));
    // No setter runs on a URL of an RFC.
    let mut r = url3986("https://h/p");
    assert!(r.apply(&Edit::set(Target::Setter(Setter::Search), "a")).is_err());
    assert!(r.apply_all([&Edit::set(Target::Setter(Setter::Search), "a")]).is_err());
    assert_eq!(r.as_str(), "https://h/p");
}

/// An encoded edit encodes for the place of its target under the URL's
/// spec: `%` stands for itself; the scheme, the port and href have no
/// encode set.
#[test]
fn encoded_edits_encode_for_the_place() {
    use urikit::whatwg::api::Setter;
    use urikit::{Edit, Target};
    for target in [
        Target::Component(Component::Scheme),
        Target::Component(Component::Port),
        Target::Setter(Setter::Href),
        Target::Setter(Setter::Protocol),
        Target::Setter(Setter::Port),
    ] {
        assert_eq!(Edit::encoded(target, "x"), None, "{target}");
    }
    let mut u = url3986("http://h/");
    u.apply(&Edit::encoded(Target::Component(Component::Path), "/a b/100%").unwrap())
        .unwrap();
    assert_eq!(u.path(), "/a%20b/100%25");
    let mut w = url_with("http://h/", Spec::Whatwg);
    w.apply(&Edit::encoded(Target::Setter(Setter::Password), "p%w").unwrap())
        .unwrap();
    w.apply(&Edit::encoded(Target::Setter(Setter::Username), "u").unwrap())
        .unwrap();
    assert_eq!(w.as_str(), "http://u:p%25w@h/");
}
