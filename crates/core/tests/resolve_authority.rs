//! Resolution never replaces the base's scheme and authority unless the
//! reference carries its own (a scheme, or `//`): `..` stops at the root of
//! the path, under every spec.

use urikit::{relative, Spec, Url};

#[track_caller]
fn resolves(base: &str, reference: &str, spec: Spec, want: &str) {
    let base = Url::parse_with(base, spec).unwrap_or_else(|e| panic!("{base}: {e}"));
    let url = base.resolve_with(reference, spec).unwrap_or_else(|e| panic!("{e}"));
    url.check_invariants();
    assert_eq!(url.as_str(), want, "{base} + {reference} by {spec}");
}

#[test]
fn dot_segments_never_climb_into_the_host() {
    let base = "http://bank.example/a/b";
    let r = "../../evil.example/login";
    // RFC 1630 as CERN libwww's HTParse and HTSimplify read it, and RFC 1808
    // §5.2 ("../../../g" = "http://a/../g"): a `..` with nothing left to
    // remove stays in the path.
    resolves(base, r, Spec::Rfc1738, "http://bank.example/../evil.example/login");
    resolves(base, r, Spec::Rfc1630, "http://bank.example/../evil.example/login");
    resolves(base, r, Spec::Rfc1808, "http://bank.example/../evil.example/login");
    // RFC 3986 §5.2.4 drops it.
    resolves(base, r, Spec::Rfc3986, "http://bank.example/evil.example/login");
}

#[test]
fn dot_segments_never_consume_the_authority() {
    let base = "https://example.com/docs/guide/index.html?x=1";
    let r = "../../../../up";
    resolves(base, r, Spec::Rfc1738, "https://example.com/../../up");
    resolves(base, r, Spec::Rfc1808, "https://example.com/../../up");
    resolves(base, r, Spec::Rfc3986, "https://example.com/up");
    let base = "magic://a/b";
    resolves(base, "../g", Spec::Rfc1738, "magic://a/../g");
    resolves(base, "../g", Spec::Rfc1630, "magic://a/../g");
    resolves(base, "../../../g/..", Spec::Rfc1630, "magic://a/../../../g/..");
    resolves(base, "./../g/./..", Spec::Rfc1630, "magic://a/../g/..");
}

#[test]
fn a_base_without_a_path_keeps_its_host() {
    // The literal rules would give "http://g" and "http:/g".
    resolves("http://h", "g", Spec::Rfc1738, "http://h/g");
    resolves("http://h", "/g", Spec::Rfc1738, "http://h/g");
    resolves("http://h", "../g", Spec::Rfc1738, "http://h/../g");
    resolves("magic://h", "./g", Spec::Rfc1630, "magic://h/g");
    // A base with no single slash in it: "/g" keeps the authority.
    resolves("magic://h//x", "/g", Spec::Rfc1630, "magic://h/g");
}

#[test]
fn a_path_never_becomes_an_authority() {
    for spec in [Spec::Rfc1630, Spec::Rfc1808, Spec::Rfc3986] {
        resolves("news:/c/..//a", "g", spec, "news:/.//g");
    }
}

#[test]
fn references_with_their_own_authority_still_replace_it() {
    resolves(
        "http://bank.example/a/b",
        "//evil.example/",
        Spec::Rfc1738,
        "http://evil.example/",
    );
    resolves("http://bank.example/a/b", "ftp://x/", Spec::Rfc1738, "ftp://x/");
    for spec in [Spec::Rfc1808, Spec::Rfc3986] {
        resolves(
            "http://bank.example/a/b",
            "//evil.example/",
            spec,
            "http://evil.example/",
        );
    }
}

#[test]
fn relative_stays_the_inverse() {
    for (base, target) in [
        ("http://bank.example/a/b", "http://bank.example/../evil.example/login"),
        ("magic://a/b", "magic://a/../g"),
        ("http://h", "http://h/g"),
        ("magic://h//x", "magic://h/g"),
        ("magic://a/b/c//d/e/f", "magic://a/g"),
        ("magic://a/b/c//d/e/f", "magic://g/h"),
    ] {
        for spec in [Spec::Rfc1738, Spec::Rfc1630] {
            let b = Url::parse_with(base, spec).unwrap();
            let t = Url::parse_with(target, spec).unwrap();
            let r = relative(&b, &t, spec);
            assert_eq!(
                b.resolve_with(&r, spec).unwrap(),
                t,
                "{base} -> {target} by {spec}: {r}"
            );
        }
    }
}

/// The scheme and authority of a URL as written: up to the first `/`, `?`
/// or `#` after `scheme://`, or up to the colon when there is no `//`.
fn scheme_and_authority(url: &str) -> &str {
    let colon = url.find(':').map_or(0, |i| i + 1);
    match url[colon..].strip_prefix("//") {
        Some(rest) => &url[..colon + 2 + rest.find(['/', '?', '#']).unwrap_or(rest.len())],
        None => &url[..colon],
    }
}

/// Whether `reference` names its own scheme or authority.
fn carries_its_own(reference: &str) -> bool {
    let head = &reference[..reference.find(['/', '?', '#']).unwrap_or(reference.len())];
    reference.starts_with("//") || head.contains(':')
}

mod property {
    use super::*;
    use proptest::prelude::*;

    fn base() -> impl Strategy<Value = String> {
        let scheme = prop::sample::select(vec![
            "http://h",
            "https://u@h:8",
            "magic://h",
            "file://",
            "news:",
            "magic:",
        ]);
        let segment = prop::sample::select(vec!["a", "b", "", "..", ".", "c.d"]);
        let tail = prop::sample::select(vec!["", "?x//y", "#f//g", "?q#f"]);
        (scheme, prop::collection::vec(segment, 0..5), tail)
            .prop_map(|(s, segs, t)| segs.iter().fold(s.to_owned(), |acc, seg| format!("{acc}/{seg}")) + t)
    }

    fn reference() -> impl Strategy<Value = String> {
        let slashes = prop::sample::select(vec!["", "", "", "/", "//", "///"]);
        let segment = prop::sample::select(vec!["g", "..", ".", "", "evil.example", "h:1"]);
        let tail = prop::sample::select(vec!["", "", "?q", "?a/../b", "#f"]);
        (slashes, prop::collection::vec(segment, 0..6), tail)
            .prop_map(|(s, segs, t)| format!("{s}{}{t}", segs.join("/")))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn resolution_keeps_scheme_and_authority(b in base(), r in reference()) {
            for spec in Spec::ALL {
                let Ok(base) = Url::parse_with(&b, spec) else { continue };
                let Ok(url) = base.resolve_with(&r, spec) else { continue };
                if !carries_its_own(&r) {
                    prop_assert_eq!(
                        scheme_and_authority(url.as_str()),
                        scheme_and_authority(base.as_str()),
                        "{} + {} = {} by {}", base, r, url, spec
                    );
                }
            }
        }
    }
}
