//! The WHATWG URL Standard through urikit's entry points: the standard's own
//! examples, its validation errors by name and offset, and what each entry
//! point means under `Spec::Whatwg` (the conformance suites are in
//! `tests/conformance/whatwg.rs`).

use urikit::{validate, HostKind, ParseErrorKind, Repair, Spec, Url, UrlRef};

/// The href of `input` parsed leniently (as a browser parses it).
#[track_caller]
fn ok(input: &str, want: &str) {
    let (url, _) = Url::parse_lenient_with(input, Spec::Whatwg).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    url.check_invariants();
    assert_eq!(url.as_str(), want, "{input:?}");
    // The href is a fixed point, and a borrowed URL when it is valid.
    let again = Url::parse_lenient_with(want, Spec::Whatwg).unwrap().0;
    assert_eq!(again.as_str(), want);
    if validate(want, Spec::Whatwg).is_empty() {
        let r = UrlRef::parse_with(want, Spec::Whatwg).unwrap();
        assert_eq!((r.as_str(), r.path()), (want, url.path()));
    }
}

/// `input` fails, at `offset`, with the validation error `rule`.
#[track_caller]
fn fails(input: &str, offset: usize, rule: &str) {
    let e = Url::parse_lenient_with(input, Spec::Whatwg).unwrap_err();
    assert_eq!((e.offset, e.rule), (offset, rule), "{input:?}: {e}");
    assert_eq!(e.spec, Spec::Whatwg);
}

/// The validation errors of `input`, as (offset, name).
fn errors(input: &str) -> Vec<(usize, &'static str)> {
    validate(input, Spec::Whatwg)
        .iter()
        .map(|e| (e.offset, e.rule))
        .collect()
}

#[test]
fn examples_of_the_standard() {
    ok("https://example.com/", "https://example.com/");
    ok(
        "https://localhost:8000/search?q=text#hello",
        "https://localhost:8000/search?q=text#hello",
    );
    ok("urn:isbn:9780307476463", "urn:isbn:9780307476463");
    ok(
        "file:///ada/Analytical%20Engine/README.md",
        "file:///ada/Analytical%20Engine/README.md",
    );
    ok("web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/");
    ok("web+demo:/path/..//not-a-host/", "web+demo:/.//not-a-host/");
    ok("https://EXAMPLE.com/../x", "https://example.com/x");
    ok("https://ex%61mple.com/", "https://example.com/");
    ok("http://[1:0::]", "http://[1::]/");
    ok("http://0x7f.1/", "http://127.0.0.1/");
    ok("http://192.168.257/", "http://192.168.1.1/");
    fails("http://192.168.0.257/", 17, "IPv4-out-of-range-part");
    ok("https://☕.example/", "https://xn--53h.example/");
    ok("\t h\nttp://ab/?x y#z w ", "http://ab/?x%20y#z%20w");
}

#[test]
fn the_2026_edition() {
    // `^` is in the path percent-encode set.
    ok("https://h/a^b", "https://h/a%5Eb");
    ok("https://h/?a^b#c^d", "https://h/?a^b#c^d");
    // An opaque path keeps a space but before '?' or '#'.
    ok("sc:a b", "sc:a b");
    ok("sc:a ?q", "sc:a%20?q");
    ok("sc:a #f", "sc:a%20#f");
    // The domain parser's ASCII fallback: an ASCII host is lower-cased
    // whatever strict ToASCII says of it, which is a validation error only.
    ok("http://A_b.example/", "http://a_b.example/");
    ok("http://xn--a.example/", "http://xn--a.example/");
    assert_eq!(errors("http://a_b.example/"), [(7, "domain-to-ASCII")]);
}

#[test]
fn paths_without_a_host() {
    let url = Url::parse_lenient_with("web+demo:/.//not-a-host/?q#f", Spec::Whatwg)
        .unwrap()
        .0;
    assert_eq!(url.path(), "//not-a-host/");
    assert_eq!((url.query(), url.fragment(), url.host()), (Some("q"), Some("f"), None));
    assert_eq!(url.api().unwrap().pathname(), "//not-a-host/");
    let base = Url::parse_lenient_with("web+demo:/.//a/b", Spec::Whatwg).unwrap().0;
    assert_eq!(
        base.resolve_with("c", Spec::Whatwg).unwrap().as_str(),
        "web+demo:/.//a/c"
    );
    assert_eq!(base.resolve_with("/c", Spec::Whatwg).unwrap().as_str(), "web+demo:/c");
}

#[test]
fn failures_by_name_and_offset() {
    fails("", 0, "missing-scheme-non-relative-URL");
    fails("//x", 0, "missing-scheme-non-relative-URL");
    fails("http://", 7, "host-missing");
    fails("http://u@/", 9, "host-missing");
    fails("http://h:99999/", 9, "port-out-of-range");
    fails("http://h:8a/", 10, "port-invalid");
    fails("http://[::1/", 7, "IPv6-unclosed");
    fails("http://[1::2::3]/", 13, "IPv6-multiple-compression");
    fails("http://1.2.3.4.5/", 15, "IPv4-too-many-parts");
    fails("http://256.1.1.1/", 7, "IPv4-out-of-range-part");
    fails("sc://a b/", 6, "host-invalid-code-point");
    fails("http://a b/", 8, "domain-to-ASCII");
    fails("\u{0}", 1, "missing-scheme-non-relative-URL");
}

#[test]
fn validation_errors_are_listed_and_offsets_are_into_the_input() {
    assert_eq!(
        errors(" http:\\\\u@h\t/a b"),
        [
            (0, "invalid-URL-unit"),
            // The special authority slashes state, then the special authority
            // ignore slashes state, at the same '\\'.
            (6, "special-scheme-missing-following-solidus"),
            (6, "special-scheme-missing-following-solidus"),
            (7, "special-scheme-missing-following-solidus"),
            (9, "invalid-credentials"),
            (11, "invalid-URL-unit"),
            (14, "invalid-URL-unit"),
        ]
    );
    assert_eq!(
        errors("http://1.0x2/"),
        [(7, "IPv4-too-few-parts"), (9, "IPv4-non-decimal-part")]
    );
    assert_eq!(errors("http://[::01]/"), [(10, "IPv6-piece-leading-zero")]);
    assert_eq!(errors("file:///C:/x"), Vec::<(usize, &str)>::new());
    assert_eq!(errors("file:///C|/x"), [(9, "invalid-URL-unit")]);
    assert_eq!(errors("file://C|/x"), [(7, "file-invalid-Windows-drive-letter-host")]);
    assert!(errors("https://example.com/").is_empty());
    // Each kind is the closest urikit has.
    let e = &validate("http://h/%zz", Spec::Whatwg)[0];
    assert_eq!((e.offset, e.kind), (9, ParseErrorKind::BadEscape { found: *b"zz" }));
}

#[test]
fn strict_stops_at_the_first_validation_error() {
    let e = Url::parse_with("http://u@h/a b", Spec::Whatwg).unwrap_err();
    assert_eq!(
        (e.offset, e.kind, e.rule),
        (8, ParseErrorKind::UserNotAllowed, "invalid-credentials")
    );
    assert_eq!(
        Url::parse_with("HTTP://H:80/a/./b", Spec::Whatwg).unwrap().as_str(),
        "http://h/a/b"
    );
    let (url, warnings) = Url::parse_lenient_with("http://u@h/a b", Spec::Whatwg).unwrap();
    assert_eq!(url.as_str(), "http://u@h/a%20b");
    assert!(matches!(warnings[0].repair, Repair::Tolerated(e) if e.rule == "invalid-credentials"));
    assert_eq!(warnings.len(), 2);
}

#[test]
fn borrowed_only_in_serialized_form() {
    let url = UrlRef::parse_with("https://example.com:8080/a?b#c", Spec::Whatwg).unwrap();
    assert_eq!(
        (url.user(), url.host(), url.port(), url.path()),
        (None, Some("example.com"), Some(8080), "/a")
    );
    // Credentials are a validation error: only a lenient parse has them.
    let e = UrlRef::parse_with("https://user:pw@example.com/", Spec::Whatwg).unwrap_err();
    assert_eq!((e.offset, e.rule), (15, "invalid-credentials"));
    let url = Url::parse_lenient_with("https://user:pw@example.com/", Spec::Whatwg)
        .unwrap()
        .0;
    assert_eq!((url.user(), url.password()), (Some("user"), Some("pw")));
    let url = Url::parse_lenient_with("https://:pw@example.com/", Spec::Whatwg)
        .unwrap()
        .0;
    assert_eq!(
        (url.as_str(), url.user(), url.password()),
        ("https://:pw@example.com/", Some(""), Some("pw"))
    );
    assert_eq!(url.host_kind(), Some(HostKind::Domain));
    let e = UrlRef::parse_with("HTTPS://example.com/", Spec::Whatwg).unwrap_err();
    assert_eq!((e.offset, e.kind), (0, ParseErrorKind::NotSerialized));
    let e = UrlRef::parse_with("https://example.com", Spec::Whatwg).unwrap_err();
    assert_eq!((e.offset, e.kind), (19, ParseErrorKind::NotSerialized));
    assert_eq!(
        UrlRef::parse_with("sc://x/", Spec::Whatwg).unwrap().host_kind(),
        Some(HostKind::Opaque)
    );
    assert_eq!(
        UrlRef::parse_with("sc:///", Spec::Whatwg).unwrap().host_kind(),
        Some(HostKind::Empty)
    );
    assert_eq!(
        UrlRef::parse_with("http://[::1]/", Spec::Whatwg).unwrap().host_kind(),
        Some(HostKind::Ipv6)
    );
}

#[test]
fn resolution_is_the_parser_with_a_base() {
    let base = Url::parse_with("http://a/b/c/d;p?q", Spec::Whatwg).unwrap();
    for (r, want) in [
        ("g", "http://a/b/c/g"),
        ("../g", "http://a/b/g"),
        ("../../../../g", "http://a/g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("//g", "http://g/"),
        ("\\\\g\\x", "http://g/x"),
        ("", "http://a/b/c/d;p?q"),
        ("https:g", "https://g/"),
        ("http:g", "http://a/b/c/g"),
    ] {
        assert_eq!(base.resolve_with(r, Spec::Whatwg).unwrap().as_str(), want, "{r}");
        let target = Url::parse_with(want, Spec::Whatwg).unwrap();
        let back = urikit::relative(&base, &target, Spec::Whatwg);
        assert_eq!(base.resolve_with(&back, Spec::Whatwg).unwrap(), target, "{r} -> {back}");
    }
    // A base of another spec is read by the WHATWG parser first.
    let base = Url::parse("http://host/a/b").unwrap();
    assert_eq!(
        base.resolve_with("c d", Spec::Whatwg).unwrap().as_str(),
        "http://host/a/c%20d"
    );
    let e = Url::parse_with("sc:opaque", Spec::Whatwg)
        .unwrap()
        .resolve_with("x", Spec::Whatwg)
        .unwrap_err();
    assert_eq!(e.offset(), 0);
}

#[test]
fn default_ports_and_canonical_form() {
    let url = Url::parse_with("ws://h/", Spec::Whatwg).unwrap();
    assert_eq!((url.port(), url.port_or_default()), (None, Ok(Some(80))));
    assert_eq!(
        Url::parse_with("sc://h:1/", Spec::Whatwg).unwrap().port_or_default(),
        Ok(Some(1))
    );
    assert_eq!(
        Url::parse_with("gopher://h/", Spec::Whatwg).unwrap().port_or_default(),
        Ok(None)
    );
    let url = Url::parse_lenient_with("HTTP://h:80/%7e", Spec::Whatwg).unwrap().0;
    assert_eq!(url.canonical(), url);
}

#[test]
fn origins() {
    let origin = |s: &str| {
        Url::parse_lenient_with(s, Spec::Whatwg)
            .unwrap()
            .0
            .api()
            .unwrap()
            .origin()
    };
    assert_eq!(origin("https://a:443/x"), "https://a");
    assert_eq!(origin("ws://a:81/"), "ws://a:81");
    assert_eq!(origin("blob:https://whatwg.org/d0360e2f"), "https://whatwg.org");
    assert_eq!(origin("blob:ftp://x/"), "null");
    assert_eq!(origin("file:///x"), "null");
    assert_eq!(origin("sc://x/"), "null");
}

#[test]
fn the_spec_name() {
    assert_eq!("whatwg".parse::<Spec>(), Ok(Spec::Whatwg));
    assert_eq!(Spec::Whatwg.name(), "whatwg");
    assert_eq!(Spec::Whatwg.title(), "WHATWG URL Standard");
    assert_eq!(Spec::ALL.last(), Some(&Spec::Whatwg));
    let e = "html5".parse::<Spec>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown spec \"html5\", expected one of: rfc1738, rfc1630, rfc1808, rfc3986, whatwg"
    );
}

#[test]
fn parsing_with_a_base_strictly_leniently_and_validating() {
    let base = Url::parse_with("http://a/b/c/d;p?q", Spec::Whatwg).unwrap();
    // Each against `base`: the href, and the rules of its validation errors.
    for (input, href, rules) in [
        ("g", "http://a/b/c/g", &[][..]),
        ("../g", "http://a/b/g", &[]),
        ("\\\\g\\x", "http://g/x", &["invalid-reverse-solidus"; 3][..]),
        ("g h", "http://a/b/c/g%20h", &["invalid-URL-unit"]),
        (
            "//0x7f.1/",
            "http://127.0.0.1/",
            &["IPv4-too-few-parts", "IPv4-non-decimal-part"],
        ),
    ] {
        let (url, warnings) = Url::parse_lenient_with_base(input, &base).unwrap();
        assert_eq!(url.as_str(), href, "{input}");
        assert_eq!(url, base.resolve_with(input, Spec::Whatwg).unwrap(), "{input}");
        let all = urikit::validate_with_base(input, &base).unwrap();
        let got: Vec<&str> = all.iter().map(|e| e.rule).collect();
        assert_eq!(got, rules, "{input}");
        assert_eq!(warnings.len(), all.len(), "{input}");
        match Url::parse_with_base(input, &base) {
            Ok(strict) => {
                assert!(rules.is_empty(), "{input}");
                assert_eq!(strict, url);
            }
            Err(e) => assert_eq!(e, all[0], "{input}"),
        }
    }
    // A failure fails every way.
    let e = Url::parse_lenient_with_base("http://[::1/", &base).unwrap_err();
    assert_eq!(Url::parse_with_base("http://[::1/", &base).unwrap_err(), e);
    assert_eq!(
        urikit::validate_with_base("http://[::1/", &base).unwrap().last(),
        Some(&e)
    );
    // A base of another spec is read by the WHATWG parser; one it fails is the error.
    let other = Url::parse_lenient_with("http://[::1]:8/x", Spec::Rfc3986).unwrap().0;
    assert_eq!(Url::parse_with_base("y", &other).unwrap().as_str(), "http://[::1]:8/y");
    let bad = Url::parse_with("http://a%00b/", Spec::Rfc3986).unwrap();
    assert!(Url::parse_with_base("y", &bad).is_err());
    assert!(Url::parse_lenient_with_base("y", &bad).is_err());
    assert!(urikit::validate_with_base("y", &bad).is_err());
}

/// The lint's offsets are into the input: by whatwg, the URL's own offsets
/// only where the parser wrote the input back as it was (but for case).
#[test]
fn lint_offsets_are_into_the_input() {
    let port = |input: &str| {
        let findings = urikit::lint::lint(input, Spec::Whatwg);
        let f = findings
            .iter()
            .find(|f| f.code == "port-not-default")
            .unwrap_or_else(|| panic!("{input}: {findings:?}"));
        f.offset
    };
    // The port's ':' ends the host; its digits start one on.
    assert_eq!(port("HTTP://u:p@EXAMPLE.com:25/"), Some(23));
    assert_eq!(port("http://h:25/"), Some(9));
    // The host 0x7f.1 is written 127.0.0.1: no offset of the URL is the input's.
    assert_eq!(port("http://0x7f.1:25/"), None);
    assert_eq!(port("http://h:025/"), None);
}
