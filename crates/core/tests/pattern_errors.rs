//! The errors of `urikit::pattern`: for each way a pattern is refused, the
//! byte offset into what was given (a constructor string, or a component
//! of an init), the kind, the standard's algorithm and the component.

#![cfg(feature = "pattern")]

use urikit::pattern::{
    PatternComponent as C, PatternErrorKind as K, PatternOptions, UrlPattern, UrlPatternInit, MAX_PARTS,
    MAX_PATTERN_LEN,
};

#[track_caller]
fn fails(pattern: &str, base: Option<&str>, offset: usize, kind: K, rule: &str, component: Option<C>) {
    let e = UrlPattern::parse(pattern, base).unwrap_err();
    assert_eq!(
        (e.offset, &e.kind, e.rule, e.component),
        (offset, &kind, rule, component),
        "{pattern}: {e}"
    );
    // One line, lower case, no trailing period.
    let text = e.to_string();
    assert!(!text.contains('\n') && !text.ends_with('.'), "{text}");
}

#[track_caller]
fn init_fails(component: C, value: &str, offset: usize, kind: K, rule: &str) {
    let mut init = UrlPatternInit::default();
    init.set(component, Some(value));
    let e = UrlPattern::from_init(&init, PatternOptions::default()).unwrap_err();
    assert_eq!(
        (e.offset, &e.kind, e.rule, e.component),
        (offset, &kind, rule, Some(component)),
        "{value}: {e}"
    );
}

#[test]
fn tokenizer_errors_at_their_offset_in_the_constructor_string() {
    let t = "tokenize";
    fails("https://h/:id(\\d+", None, 13, K::UnclosedRegexp, t, Some(C::Pathname));
    fails("https://h/a?x=(é)", None, 15, K::RegexpNotAscii, t, Some(C::Search));
    fails(
        "https://h/(a(b))",
        None,
        12,
        K::RegexpCapturingGroup,
        t,
        Some(C::Pathname),
    );
    // In a constructor string, `(?` is no regexp and the `?` starts the
    // search: the pathname is `/(`. In an init, it is refused as it is.
    fails("https://h/(?:a)", None, 10, K::UnclosedRegexp, t, Some(C::Pathname));
    init_fails(C::Pathname, "/(?:a)", 2, K::RegexpStartsWithQuestionMark, t);
    fails("https://h/()", None, 10, K::EmptyRegexp, t, Some(C::Pathname));
    fails("https://h/#a\\", None, 12, K::TrailingBackslash, t, Some(C::Hash));
    fails("https://h/#a:", None, 12, K::MissingName, t, Some(C::Hash));
}

#[test]
fn parser_errors() {
    let p = "parse a pattern string";
    let unexpected = |found, expected| K::Unexpected { found, expected };
    fails(
        "https://h/a{b",
        None,
        13,
        unexpected("the end", "'}'"),
        p,
        Some(C::Pathname),
    );
    fails(
        "https://h/{a{b}}",
        None,
        12,
        unexpected("'{'", "'}'"),
        p,
        Some(C::Pathname),
    );
    fails("https://h/:a/:a", None, 12, K::DuplicateName, p, Some(C::Pathname));
    init_fails(C::Hostname, "{:x.}?:x", 6, K::DuplicateName, p);
    // A modifier after a fixed text: a `?` there is no search prefix.
    init_fails(
        C::Pathname,
        "/a+",
        2,
        unexpected("a modifier", "a group or a fixed text, not a modifier or '}'"),
        p,
    );
}

#[test]
fn the_url_parser_refuses_a_fixed_text() {
    for (component, value, offset, rule) in [
        (C::Hostname, "a b.com", 0, "canonicalize a hostname"),
        // The offset of the text the fixed part starts with: the `{`.
        (C::Hostname, "x.:sub{ b}", 6, "canonicalize a hostname"),
        // The port state takes the digits of `80x` and stops; `x80` has none.
        (C::Port, "x80", 0, "canonicalize a port"),
        (C::Port, "99999", 0, "canonicalize a port"),
        (C::Protocol, "ht tp", 0, "canonicalize a protocol"),
        (C::Hostname, "[\\:\\:xy]", 0, "canonicalize an IPv6 hostname"),
    ] {
        let mut init = UrlPatternInit::default();
        init.set(component, Some(value));
        let e = UrlPattern::from_init(&init, PatternOptions::default()).unwrap_err();
        assert!(matches!(e.kind, K::Invalid { .. }), "{value}: {e}");
        assert_eq!(
            (e.offset, e.rule, e.component),
            (offset, rule, Some(component)),
            "{value}: {e}"
        );
    }
    // The URL parser's own error comes with it.
    let e = UrlPattern::parse("https://a b/", None).unwrap_err();
    let K::Invalid { by: Some(by) } = e.kind else {
        panic!("{e}")
    };
    assert_eq!((e.offset, by.rule), (8, "hostname setter"));
}

#[test]
fn regular_expressions_that_do_not_compile() {
    let e = UrlPattern::parse("https://h/:id([a)", None).unwrap_err();
    assert!(matches!(e.kind, K::InvalidRegexp { .. }), "{e}");
    assert_eq!(
        (e.offset, e.rule, e.component),
        (13, "compile a component", Some(C::Pathname))
    );
    // The `v` flag's strict escapes (`\m` means nothing).
    assert!(UrlPattern::parse("https://h/(\\m)", None).is_err());
    assert!(UrlPattern::parse("https://h/(\\d)", None).is_ok());
}

#[test]
fn errors_of_the_whole_pattern() {
    let init = "initialize a URLPattern";
    fails("/books", None, 0, K::MissingProtocol, init, None);
    let e = UrlPattern::parse("/books", Some("not a base")).unwrap_err();
    assert!(matches!(e.kind, K::InvalidBaseUrl { .. }), "{e}");
    let empty = UrlPatternInit::default();
    let e = UrlPattern::new((&empty).into(), Some("https://h/"), PatternOptions::default()).unwrap_err();
    assert_eq!(e.kind, K::BaseWithInit);
    // test() and exec() with an init and a base: refused too.
    let p = UrlPattern::parse("https://h/*", None).unwrap();
    assert_eq!(p.test(&empty, Some("https://h/")).unwrap_err().kind, K::BaseWithInit);
    assert_eq!(p.exec(&empty, Some("https://h/")).unwrap_err().kind, K::BaseWithInit);
}

#[test]
fn bounds() {
    let long = format!("https://h/{}", "a".repeat(MAX_PATTERN_LEN));
    let e = UrlPattern::parse(&long, None).unwrap_err();
    assert_eq!((e.offset, e.kind), (MAX_PATTERN_LEN, K::TooLong));
    let many: String = (0..=MAX_PARTS).map(|i| format!("/:n{i}")).collect();
    let e = UrlPattern::parse(&format!("https://h{many}"), None).unwrap_err();
    assert_eq!((e.kind, e.component), (K::TooManyParts, Some(C::Pathname)));
    let fine: String = (0..MAX_PARTS).map(|i| format!("/:n{i}")).collect();
    assert!(UrlPattern::parse(&format!("https://h{fine}"), None).is_ok());
}
