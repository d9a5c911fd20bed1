//! Properties of `urikit::pattern` over generated patterns and URLs: no
//! input makes it panic; `test` is `exec` found; a pattern built again
//! from its own eight component patterns has the same ones (normalization
//! is idempotent) and matches the same URLs with the same groups.

#![cfg(feature = "pattern")]

use proptest::prelude::*;
use urikit::pattern::{PatternComponent, PatternOptions, UrlPattern, UrlPatternInit};

/// A pattern string made of the tokens that mean something to the
/// tokenizer and the constructor string parser, and some text.
fn pattern() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "/",
        ":",
        ":id",
        ":a",
        "*",
        "?",
        "+",
        "(",
        ")",
        "(\\d+)",
        "(.*)",
        "{",
        "}",
        "\\",
        "\\:",
        ".",
        "a",
        "b",
        "é",
        "#",
        "@",
        "[",
        "]",
        "://",
        "https",
        "http",
        "data:",
        "example.com",
        "-",
        "%",
        " ",
        "(?:x)",
        "|",
    ]);
    let start = prop::sample::select(vec![
        "",
        "https://h/",
        "*://*/",
        "data:",
        "https://{a.}?:sub.example.com",
    ]);
    (start, prop::collection::vec(piece, 0..14)).prop_map(|(s, v)| format!("{s}{}", v.concat()))
}

/// URLs for the patterns to match.
fn url() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a", "b", "/", "1", "42", ".", "é", "%20", "?", "#", ":", "@", "-", "x.y",
    ]);
    let scheme = prop::sample::select(vec!["https://", "http://", "data:", "foo://", "https://u:p@"]);
    let host = prop::sample::select(vec!["example.com", "a.example.com", "h", "[::1]", "h:8080"]);
    (scheme, host, prop::collection::vec(piece, 0..8)).prop_map(|(s, h, p)| format!("{s}{h}/{}", p.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn patterns_build_match_and_normalize_once(p in pattern(), base in any::<bool>(), ignore_case in any::<bool>(), urls in prop::collection::vec(url(), 1..6)) {
        let options = PatternOptions { ignore_case };
        let base = base.then_some("https://example.com/dir/");
        let Ok(built) = UrlPattern::new(p.as_str().into(), base, options) else {
            return Ok(());
        };
        // Built again from its own component patterns; but an init's
        // protocol loses a trailing ':', its search a leading '?' and its
        // hash a leading '#' (URLPattern Standard §3.2), which a pattern
        // string keeps as it is: such a pattern has no init of its own. And
        // a fixed text that the URL parser makes empty (`#` in an opaque
        // path) is written `{}` with its modifier, which reads back as
        // nothing.
        let (protocol, search, hash) = (built.protocol(), built.search(), built.hash());
        let empty_group = PatternComponent::ALL.iter().any(|&c| built.pattern(c).contains("{}"));
        if protocol.ends_with(':') || search.starts_with('?') || hash.starts_with('#') || empty_group {
            return Ok(());
        }
        let mut init = UrlPatternInit::default();
        for c in PatternComponent::ALL {
            init.set(c, Some(built.pattern(c)));
        }
        let again = UrlPattern::from_init(&init, options).unwrap_or_else(|e| panic!("{p:?}: {init:?}: {e}"));
        for c in PatternComponent::ALL {
            prop_assert_eq!(built.pattern(c), again.pattern(c), "{:?} of {:?}", c, p);
        }
        for u in &urls {
            let exec = built.exec(u.as_str(), None).unwrap();
            prop_assert_eq!(built.test(u.as_str(), None).unwrap(), exec.is_some(), "{:?} on {:?}", p, u);
            prop_assert_eq!(again.exec(u.as_str(), None).unwrap(), exec, "{:?} on {:?}", p, u);
        }
    }

    #[test]
    fn inits_of_any_text_never_panic(values in prop::collection::vec(pattern(), 8), input in prop::collection::vec(pattern(), 8)) {
        let mut init = UrlPatternInit::default();
        let mut as_url = UrlPatternInit::default();
        for (i, c) in PatternComponent::ALL.into_iter().enumerate() {
            init.set(c, Some(&values[i]).filter(|v| !v.is_empty()).map(|v| v.as_str()));
            as_url.set(c, Some(input[i].as_str()));
        }
        if let Ok(p) = UrlPattern::from_init(&init, PatternOptions::default()) {
            let _ = p.exec(&as_url, None).unwrap();
            prop_assert!(p.exec(&as_url, Some("https://h/")).is_err());
        }
    }
}
