//! Properties of RFC 3986 and RFC 1808 values over generated URIs: resolution
//! agrees with a naive, literal transcription of the §5.2 pseudo-code;
//! `relative` is the inverse of resolution for every spec; canonical forms
//! are idempotent; parsing, validating and references agree.

use proptest::prelude::*;
use urikit::rfc3986::Reference;
use urikit::{relative, validate, Spec, Url, UrlRef};

/// URIs and references shaped by RFC 3986's grammar, good and bad.
fn uri_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec!["http:", "HTTPS:", "f:", "urn:", "a+b.c-d:", "", "", "1x:"]);
    let authority = prop::sample::select(vec![
        "",
        "",
        "//",
        "//a",
        "//u:p@h.example:8080",
        "//[::1]",
        "//[2001:db8::7]:80",
        "//[v7.x:y]",
        "//192.0.2.16",
        "//1.2.3.04",
        "//h:",
        "//h:99999",
        "//[::1",
        "//a b",
        "//@",
        "//%41%2f",
    ]);
    let segment = prop::sample::select(vec![
        "g", "..", ".", "", "a:b", "%2E", "%7e", "~x", "c;p", "d=1", "[", " ",
    ]);
    let tail = prop::sample::select(vec!["", "", "?q", "?", "?a/../b?c", "#f", "#", "?q#f", "#a#b"]);
    (
        scheme,
        authority,
        any::<bool>(),
        prop::collection::vec(segment, 0..5),
        tail,
    )
        .prop_map(|(s, a, root, segs, t)| {
            let path = segs.join("/");
            let slash = if root || (!a.is_empty() && !path.is_empty()) {
                "/"
            } else {
                ""
            };
            format!("{s}{a}{slash}{path}{t}")
        })
}

/// Absolute bases, valid by RFC 3986 and RFC 1808 alike.
fn base() -> impl Strategy<Value = String> {
    let start = prop::sample::select(vec!["http://a", "http://a/", "f:", "f:/", "s://h", "http://u@h:1"]);
    let segment = prop::sample::select(vec!["b", "c", "", "..", ".", "d;p", "e=1"]);
    let tail = prop::sample::select(vec!["", "?q", "#f", "?q#f", "?"]);
    (start, prop::collection::vec(segment, 0..5), tail).prop_map(|(s, segs, t)| {
        let mut out = s.to_owned();
        for (i, seg) in segs.iter().enumerate() {
            if i > 0 || !out.ends_with(':') || seg.is_empty() {
                out.push('/');
            }
            out.push_str(seg);
        }
        out.push_str(t);
        out
    })
}

/// References without dot segments or other specials, for round trips.
fn target_path() -> impl Strategy<Value = String> {
    let segment = prop::sample::select(vec!["b", "c", "", "g", "x:y", "d;p", "e"]);
    let tail = prop::sample::select(vec!["", "?q", "#f", "?y#s", "?", "#"]);
    (prop::collection::vec(segment, 0..5), tail).prop_map(|(segs, t)| format!("/{}{t}", segs.join("/")))
}

/// The five components by RFC 3986 Appendix B:
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
type Parts<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn appendix_b(s: &str) -> Parts<'_> {
    let (rest, fragment) = match s.find('#') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (rest, query) = match rest.find('?') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (scheme, rest) = match rest.find([':', '/']) {
        Some(i) if i > 0 && rest.as_bytes()[i] == b':' => (Some(&rest[..i]), &rest[i + 1..]),
        _ => (None, rest),
    };
    let (authority, path) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find('/').unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    (scheme, authority, path, query, fragment)
}

/// §5.2.4, the input and output buffers as strings, each rule as written
/// (rules A and B share a body: the text lists them apart).
#[allow(clippy::if_same_then_else)]
fn naive_remove_dot_segments(path: &str) -> String {
    let mut input = path.to_owned();
    let mut output = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input = input[3..].to_owned();
        } else if input.starts_with("./") {
            input = input[2..].to_owned();
        } else if input.starts_with("/./") {
            input = input[2..].to_owned();
        } else if input == "/." {
            input = "/".to_owned();
        } else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." {
                "/".to_owned()
            } else {
                input[3..].to_owned()
            };
            match output.rfind('/') {
                Some(i) => output.truncate(i),
                None => output.clear(),
            }
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input = input[end..].to_owned();
        }
    }
    output
}

/// §5.2.2 and §5.3, transcribed line by line (strict).
fn naive_resolve(base: &str, reference: &str) -> String {
    let b = appendix_b(base);
    let r = appendix_b(reference);
    let (t_scheme, t_authority, t_path, t_query);
    if r.0.is_some() {
        t_scheme = r.0;
        t_authority = r.1;
        t_path = naive_remove_dot_segments(r.2);
        t_query = r.3;
    } else {
        if r.1.is_some() {
            t_authority = r.1;
            t_path = naive_remove_dot_segments(r.2);
            t_query = r.3;
        } else {
            if r.2.is_empty() {
                t_path = b.2.to_owned();
                t_query = if r.3.is_some() { r.3 } else { b.3 };
            } else {
                if r.2.starts_with('/') {
                    t_path = naive_remove_dot_segments(r.2);
                } else {
                    // §5.2.3 merge
                    let merged = if b.1.is_some() && b.2.is_empty() {
                        format!("/{}", r.2)
                    } else {
                        match b.2.rfind('/') {
                            Some(i) => format!("{}{}", &b.2[..=i], r.2),
                            None => r.2.to_owned(),
                        }
                    };
                    t_path = naive_remove_dot_segments(&merged);
                }
                t_query = r.3;
            }
            t_authority = b.1;
        }
        t_scheme = b.0;
    }
    let mut result = String::new();
    if let Some(s) = t_scheme {
        result += s;
        result += ":";
    }
    if let Some(a) = t_authority {
        result += "//";
        result += a;
    } else if t_path.starts_with("//") {
        // Not §5.3: urikit's documented reading (resolve::rfc3986), so that
        // the path is not read back as an authority.
        result += "/.";
    }
    result += &t_path;
    if let Some(q) = t_query {
        result += "?";
        result += q;
    }
    if let Some(f) = r.4 {
        result += "#";
        result += f;
    }
    result
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn resolution_agrees_with_the_section_5_2_pseudo_code(b in base(), r in uri_like()) {
        let (Ok(base), Ok(reference)) = (Url::parse_with(&b, Spec::Rfc3986), Reference::parse(&r)) else {
            return Ok(());
        };
        let want = naive_resolve(base.as_str(), reference.as_str());
        let got = urikit::resolve::rfc3986::transform_references(&base, &reference, Default::default());
        prop_assert_eq!(got, want);
    }

    #[test]
    fn relative_is_the_inverse_of_resolution(b in base(), t in target_path(), same_authority: bool) {
        for spec in Spec::ALL.into_iter() {
            let Ok(base) = Url::parse_with(&b, spec) else { continue };
            let start = match (base.authority(), same_authority) {
                (Some(a), true) => format!("{}://{a}", base.scheme()),
                _ => format!("{}://other", base.scheme()),
            };
            let Ok(target) = Url::parse_with(&format!("{start}{t}"), spec) else { continue };
            let r = relative(&base, &target, spec);
            prop_assert!(r.len() <= target.as_str().len());
            prop_assert_eq!(base.resolve_with(&r, spec), Ok(target.clone()), "{} via {:?} by {}", target, r, spec);
        }
    }

    /// By the WHATWG URL Standard, of URLs as browsers read them: the
    /// reference resolves back to the target (new URL(r, base).href is the
    /// target's href), and is no longer than the target.
    #[test]
    fn whatwg_relative_is_the_inverse_of_new_url(b in uri_like(), r in uri_like(), t in uri_like()) {
        let Ok((base, _)) = Url::parse_lenient_with(&format!("http://h/{b}"), Spec::Whatwg) else {
            return Ok(());
        };
        for target in [&r, &t] {
            let Ok((target, _)) = Url::parse_lenient_with_base(target, &base) else { continue };
            let reference = relative(&base, &target, Spec::Whatwg);
            prop_assert!(reference.len() <= target.as_str().len());
            let (back, _) = Url::parse_lenient_with_base(&reference, &base).unwrap();
            prop_assert_eq!(back, target.clone(), "via {:?} from {}", reference, base);
        }
    }

    #[test]
    fn canonical_forms_are_idempotent_and_equivalent(s in uri_like()) {
        for spec in [Spec::Rfc3986, Spec::Rfc1808] {
            if let Ok(url) = Url::parse_with(&s, spec) {
                let c = url.canonical();
                c.check_invariants();
                prop_assert_eq!(Url::parse_with(c.as_str(), spec), Ok(c.clone()));
                prop_assert_eq!(c.canonical(), c.clone());
                prop_assert!(url.equivalent(&c));
            }
        }
    }

    #[test]
    fn parsing_validating_and_references_agree(s in uri_like()) {
        for spec in [Spec::Rfc3986, Spec::Rfc1808] {
            let errors = validate(&s, spec);
            match UrlRef::parse_with(&s, spec) {
                Ok(url) => {
                    prop_assert!(errors.is_empty());
                    url.to_url().check_invariants();
                    let r = Reference::parse_with(&s, spec).unwrap();
                    prop_assert_eq!(r.scheme(), Some(url.scheme()));
                    prop_assert_eq!((r.authority(), r.path(), r.query(), r.fragment()), (url.authority(), url.path(), url.query(), url.fragment()));
                }
                Err(e) => prop_assert_eq!(errors.first(), Some(&e)),
            }
            if let Ok(r) = Reference::parse_with(&s, spec) {
                r.check_invariants();
                if spec == Spec::Rfc3986 {
                    let (scheme, authority, path, query, fragment) = appendix_b(&s);
                    prop_assert_eq!((r.scheme(), r.authority(), r.path(), r.query(), r.fragment()), (scheme, authority, path, query, fragment));
                }
            }
        }
    }
}

#[test]
fn generators_reach_the_properties() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut bases, mut refs, mut targets) = (0, 0, 0);
    for _ in 0..500 {
        let b = base().new_tree(&mut runner).unwrap().current();
        let r = uri_like().new_tree(&mut runner).unwrap().current();
        let t = target_path().new_tree(&mut runner).unwrap().current();
        bases += usize::from(Url::parse_with(&b, Spec::Rfc3986).is_ok());
        refs += usize::from(Reference::parse(&r).is_ok());
        targets += usize::from(Url::parse_with(&format!("http://a{t}"), Spec::Rfc3986).is_ok());
    }
    println!("of 500: {bases} bases, {refs} references, {targets} targets valid");
    assert!(bases > 400 && refs > 100 && targets > 400);
}
