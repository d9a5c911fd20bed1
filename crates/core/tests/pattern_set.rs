//! `PatternSet` against a loop over its patterns: over generated route
//! tables (fixed and wildcard segments, optional and repeated groups,
//! regexp groups, host patterns, each pattern with its own `ignoreCase`)
//! and generated URLs, the set says which patterns match, which is first
//! and what each matched, as the loop does, in the order they were added.

#![cfg(feature = "pattern")]

use proptest::prelude::*;
use urikit::pattern::{PatternMatch, PatternOptions, PatternSet, UrlPattern};

/// A route: a protocol, a host and a path, from the pieces routers use.
fn route() -> impl Strategy<Value = (String, bool)> {
    let protocol = prop::sample::select(vec!["https", "http", "*", "http{s}?", "ws"]);
    let host = prop::sample::select(vec![
        "example.com",
        "api.example.com",
        "*.example.com",
        ":tenant.example.com",
        "*",
        "{www.}?example.com",
        "example.org",
        "*.org",
    ]);
    let segment = prop::sample::select(vec![
        "/api",
        "/v1",
        "/v2",
        "/users",
        "/Users",
        "/:id",
        "/:id(\\d+)",
        "/*",
        "{/:opt}?",
        "/:rest*",
        "/:lang",
        "/docs",
        "/static",
        "/:file.css",
        "{/old}?",
        "/a",
        "/b",
        "/:x+",
        "(.*)",
    ]);
    let path = prop::collection::vec(segment, 0..5);
    let tail = prop::sample::select(vec!["", "", "?*", "?q=:q", "#*"]);
    (protocol, host, path, tail, any::<bool>()).prop_map(|(p, h, path, tail, ignore_case)| {
        let path = if path.is_empty() {
            "/*".to_owned()
        } else {
            path.concat()
        };
        (format!("{p}://{h}{path}{tail}"), ignore_case)
    })
}

/// A URL that routes of [`route`] may match.
fn url() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec!["https://", "http://", "ws://", "ftp://", "HTTPS://"]);
    let host = prop::sample::select(vec![
        "example.com",
        "api.example.com",
        "www.example.com",
        "a.b.example.com",
        "example.org",
        "x.org",
        "h",
    ]);
    let segment = prop::sample::select(vec![
        "/api",
        "/v1",
        "/v2",
        "/users",
        "/USERS",
        "/7",
        "/42",
        "/docs",
        "/static",
        "/site.css",
        "/old",
        "/a",
        "/b",
        "/en",
        "/",
        "/%7E",
        "/x.y",
    ]);
    let tail = prop::sample::select(vec!["", "?q=1", "?x", "#top", "?q=a#b"]);
    (scheme, host, prop::collection::vec(segment, 0..5), tail)
        .prop_map(|(s, h, path, t)| format!("{s}{h}{}{t}", path.concat()))
}

/// The loop: every pattern in order, its match.
fn looped(patterns: &[UrlPattern], url: &str) -> Vec<(usize, PatternMatch)> {
    patterns
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.exec(url, None).unwrap().map(|m| (i, m)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn a_set_answers_as_a_loop_over_its_patterns(
        routes in prop::collection::vec(route(), 1..40),
        urls in prop::collection::vec(url(), 1..12),
    ) {
        let mut set = PatternSet::new();
        let mut patterns = Vec::new();
        for (route, ignore_case) in &routes {
            let options = PatternOptions { ignore_case: *ignore_case };
            let Ok(p) = UrlPattern::new(route.as_str().into(), None, options) else {
                prop_assert!(set.add(route.as_str().into(), None, options).is_err());
                continue;
            };
            prop_assert_eq!(set.add(route.as_str().into(), None, options).unwrap(), patterns.len());
            patterns.push(p);
        }
        prop_assert_eq!(set.len(), patterns.len());
        for url in &urls {
            let want = looped(&patterns, url);
            let ids: Vec<usize> = want.iter().map(|(i, _)| *i).collect();
            prop_assert_eq!(set.matches(url.as_str(), None).unwrap(), ids.clone(), "{}", url);
            prop_assert_eq!(set.test(url.as_str(), None).unwrap(), !ids.is_empty());
            prop_assert_eq!(set.first(url.as_str(), None).unwrap(), want.first().cloned(), "{}", url);
            prop_assert_eq!(set.exec_all(url.as_str(), None).unwrap(), want, "{}", url);
        }
    }
}

/// The same pattern added twice is two entries, and the first added is
/// first; a pattern added later that is filed under a longer text does
/// not come before one added earlier.
#[test]
fn insertion_order_is_kept() {
    let mut set = PatternSet::new();
    let options = PatternOptions::default();
    for p in [
        "https://*/*",
        "https://example.com/api/v1/users/:id",
        "https://*/api/*",
        "https://example.com/api/v1/users/:id",
    ] {
        set.add(p.into(), None, options).unwrap();
    }
    let url = "https://example.com/api/v1/users/7";
    assert_eq!(set.matches(url, None).unwrap(), [0, 1, 2, 3]);
    assert_eq!(set.first(url, None).unwrap().map(|(id, _)| id), Some(0));
    let found: Vec<usize> = set.exec_all(url, None).unwrap().into_iter().map(|(id, _)| id).collect();
    assert_eq!(found, [0, 1, 2, 3]);
    let mut routes: PatternSet = ["https://example.com/api/v1/users/:id", "https://*/*"]
        .iter()
        .map(|p| UrlPattern::parse(p, None).unwrap())
        .collect();
    assert_eq!(
        routes.first(url, None).unwrap().unwrap().1.pathname.group("id"),
        Some("7")
    );
    routes.extend([UrlPattern::parse("https://example.com/api/*", None).unwrap()]);
    assert_eq!(routes.matches(url, None).unwrap(), [0, 1, 2]);
    assert_eq!(routes.matches("https://example.com/", None).unwrap(), [1]);
}
