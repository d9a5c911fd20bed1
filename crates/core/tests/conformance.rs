//! Data-driven runners over `../shared/testdata/` for RFC 3986 and RFC 1808:
//! each suite prints its pass and fail counts, and fails on any failure not
//! listed in `tests/data/conformance_expected_failures.txt`, or on a listed
//! one that passes.
//!
//! The uriparser data is LGPL-licensed: it is read from `../shared` at test
//! time and never copied here.
//!
//! Run: `cargo test -p urikit --test conformance -- --nocapture`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;
use urikit::rfc3986::remove_dot_segments::remove_dot_segments;
use urikit::rfc3986::resolve::{resolve, Strictness};
use urikit::rfc3986::Reference;
use urikit::{relative, Spec, Url, UrlRef};

fn testdata() -> PathBuf {
    std::env::var_os("URIKIT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"))
        .join("testdata")
}

fn read(name: &str) -> Value {
    let path = testdata().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn cases(v: &Value) -> &Vec<Value> {
    v.as_array().expect("an array of cases")
}

fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} in {v}"))
}

fn opt<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v[key].as_str()
}

/// One suite's results, checked against the expected failures.
struct Suite {
    name: &'static str,
    pass: usize,
    failed: Vec<(String, String)>,
    expected: BTreeMap<String, String>,
}

impl Suite {
    fn new(name: &'static str) -> Suite {
        let text = include_str!("data/conformance_expected_failures.txt");
        let expected = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut parts = l.splitn(3, '\t');
                let (suite, case, reason) = (parts.next()?, parts.next()?, parts.next()?);
                assert!(!reason.trim().is_empty(), "an expected failure needs a reason: {l}");
                (suite == name).then(|| (case.to_owned(), reason.to_owned()))
            })
            .collect();
        Suite {
            name,
            pass: 0,
            failed: Vec::new(),
            expected,
        }
    }

    /// Records a case: `got` against `want`.
    #[track_caller]
    fn check(&mut self, key: String, got: &str, want: &str) {
        self.check_that(key, got == want, || format!("got {got:?}, want {want:?}"));
    }

    fn check_that(&mut self, key: String, ok: bool, detail: impl FnOnce() -> String) {
        if ok {
            self.pass += 1;
        } else {
            self.failed.push((key, detail()));
        }
    }

    fn finish(self) {
        let mut unexpected = Vec::new();
        for (key, detail) in &self.failed {
            if !self.expected.contains_key(key) {
                unexpected.push(format!("unexpected failure: {}\t{key}\t{detail}", self.name));
            }
        }
        for key in self.expected.keys() {
            if !self.failed.iter().any(|(k, _)| k == key) {
                unexpected.push(format!(
                    "unexpected pass (remove it from the file): {}\t{key}",
                    self.name
                ));
            }
        }
        println!(
            "{:<34} {:>4} passed, {:>3} failed ({} expected)",
            self.name,
            self.pass,
            self.failed.len(),
            self.expected.len()
        );
        assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    }
}

fn key(base: &str, reference: &str) -> String {
    format!("<{base}> <{reference}>")
}

/// `reference` against `base` by `spec`: the result, or `ERROR: ...`.
fn resolved(base: &str, reference: &str, spec: Spec) -> String {
    match Url::parse_with(base, spec) {
        Ok(b) => b
            .resolve_with(reference, spec)
            .map_or_else(|e| format!("ERROR: {e}"), Url::into_string),
        Err(e) => format!("ERROR: base: {e}"),
    }
}

fn resolved_non_strict(base: &str, reference: &str) -> String {
    let b = Url::parse_with(base, Spec::Rfc3986).unwrap();
    resolve(&b, reference, Strictness::NonStrict).map_or_else(|e| format!("ERROR: {e}"), Url::into_string)
}

#[test]
fn rfc3986_section_5_4() {
    let mut suite = Suite::new("rfc3986/resolution");
    for c in cases(&read("rfc3986/resolution.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        suite.check(key(base, r), &resolved(base, r, Spec::Rfc3986), s(c, "expected"));
        if let Some(compat) = opt(c, "expected_backward_compat") {
            suite.check(key(base, r) + " non-strict", &resolved_non_strict(base, r), compat);
        }
    }
    suite.finish();

    let mut suite = Suite::new("rfc3986/remove_dot_segments");
    for c in cases(&read("rfc3986/remove_dot_segments.json")) {
        suite.check(
            s(c, "input").to_owned(),
            &remove_dot_segments(s(c, "input")),
            s(c, "expected"),
        );
    }
    suite.finish();
}

#[test]
fn rfc3986_components() {
    let mut suite = Suite::new("rfc3986/components");
    for c in cases(&read("rfc3986/components.json")) {
        let input = s(c, "input");
        let got = UrlRef::parse_with(input, Spec::Rfc3986).map(|u| {
            format!(
                "{:?}",
                (Some(u.scheme()), u.authority(), Some(u.path()), u.query(), u.fragment())
            )
        });
        let want = format!(
            "{:?}",
            (
                opt(c, "scheme"),
                opt(c, "authority"),
                opt(c, "path"),
                opt(c, "query"),
                opt(c, "fragment")
            )
        );
        suite.check(input.to_owned(), &got.unwrap_or_else(|e| e.to_string()), &want);
    }
    suite.finish();
}

/// The canonical form by RFC 3986, or the error.
fn canonical(s: &str) -> String {
    Url::parse_with(s, Spec::Rfc3986).map_or_else(|e| format!("ERROR: {e}"), |u| u.canonical().into_string())
}

#[test]
fn rfc3986_normalization() {
    let mut suite = Suite::new("rfc3986/normalization");
    for c in cases(&read("rfc3986/normalization.json")) {
        let normal = s(c, "normal_form");
        suite.check(format!("{normal} is normal"), &canonical(normal), normal);
        for e in c["equivalent"].as_array().into_iter().flatten() {
            let e = e.as_str().unwrap();
            suite.check(format!("{e} == {normal}"), &canonical(e), normal);
        }
        for n in c["not_equivalent"].as_array().into_iter().flatten() {
            let n = n.as_str().unwrap();
            let differs = canonical(n) != normal;
            suite.check_that(format!("{n} != {normal}"), differs, || "equivalent".into());
        }
    }
    suite.finish();
}

#[test]
fn rfc1808_section_5() {
    let mut suite = Suite::new("rfc1808/resolution");
    for c in cases(&read("rfc1808/resolution.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        suite.check(key(base, r), &resolved(base, r, Spec::Rfc1808), s(c, "expected"));
    }
    suite.finish();

    // RFC 2396's examples, with the RFC 3986 results the data gives for them.
    let mut suite = Suite::new("rfc1808/rfc2396-appendix-c as rfc3986");
    for c in cases(&read("rfc1808/rfc2396-appendix-c.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        suite.check(
            key(base, r),
            &resolved(base, r, Spec::Rfc3986),
            s(c, "rfc3986_expected"),
        );
    }
    suite.finish();
}

#[test]
fn cpython_urljoin() {
    let data = read("cpython-urlparse/urljoin-3.13.json");
    let mut strict = Suite::new("cpython/3.13 agreeing with rfc3986");
    let mut rfc1808 = Suite::new("cpython/3.13 test_RFC1808 as rfc1808");
    for c in cases(&data["active"]) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        if c["agrees_with_rfc3986_strict"] == Value::Bool(true) {
            strict.check(key(base, r), &resolved(base, r, Spec::Rfc3986), s(c, "expected"));
        }
        if c["test"] == "test_RFC1808" {
            rfc1808.check(key(base, r), &resolved(base, r, Spec::Rfc1808), s(c, "expected"));
        }
    }
    strict.finish();
    rfc1808.finish();

    let mut suite = Suite::new("cpython/3.13 disabled as rfc1808");
    for c in cases(&data["disabled"]) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        suite.check(key(base, r), &resolved(base, r, Spec::Rfc1808), s(c, "expected"));
    }
    suite.finish();

    let mut suite = Suite::new("cpython/main agreeing with rfc3986");
    for c in cases(&read("cpython-urlparse/urljoin-main-additions.json")["cases"]) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        if c["agrees_with_rfc3986_strict"] == Value::Bool(true) {
            suite.check(key(base, r), &resolved(base, r, Spec::Rfc3986), s(c, "expected"));
        }
    }
    suite.finish();
}

#[test]
fn roy_fielding_reltests() {
    let data = read("roy-fielding-reltests/roytest.json");
    let mut x = Suite::new("roytest rfc1808 (X)");
    let mut strict = Suite::new("roytest rfc3986_strict");
    for c in cases(&data["cases"]) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        if let Some(want) = opt(c, "rfc1808") {
            x.check(key(base, r), &resolved(base, r, Spec::Rfc1808), want);
        }
        if let Some(want) = opt(c, "rfc3986_strict") {
            strict.check(key(base, r), &resolved(base, r, Spec::Rfc3986), want);
        }
    }
    x.finish();
    strict.finish();
}

#[test]
fn iri_string() {
    let mut suite = Suite::new("iri-string/resolve");
    for c in cases(&read("iri-string/resolve.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        suite.check(key(base, r), &resolved(base, r, Spec::Rfc3986), s(c, "expected"));
    }
    suite.finish();

    let mut suite = Suite::new("iri-string/components");
    for c in cases(&read("iri-string/components.json")) {
        let input = s(c, "composed");
        if !input.is_ascii() {
            continue; // an IRI (RFC 3987), not a URI
        }
        let k = &c["components"];
        let want = format!(
            "{:?}",
            (
                opt(k, "scheme"),
                opt(k, "user"),
                opt(k, "password"),
                opt(k, "host"),
                opt(k, "port"),
                opt(k, "path"),
                opt(k, "query"),
                opt(k, "fragment")
            )
        );
        let got = Reference::parse(input).map(|r| {
            format!(
                "{:?}",
                (
                    r.scheme(),
                    r.user(),
                    r.password(),
                    r.host(),
                    r.port_str(),
                    Some(r.path()),
                    r.query(),
                    r.fragment()
                )
            )
        });
        suite.check(input.to_owned(), &got.unwrap_or_else(|e| e.to_string()), &want);
    }
    suite.finish();
}

#[test]
fn uriparser() {
    let mut suite = Suite::new("uriparser/resolve");
    for c in cases(&read("uriparser/resolve.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        let got = if c["identical_scheme_compat"] == Value::Bool(true) {
            resolved_non_strict(base, r)
        } else {
            resolved(base, r, Spec::Rfc3986)
        };
        suite.check(key(base, r), &got, s(c, "expected"));
    }
    suite.finish();

    let mut suite = Suite::new("uriparser/foursuite_resolve");
    for c in cases(&read("uriparser/foursuite_resolve.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        suite.check(key(base, r), &resolved(base, r, Spec::Rfc3986), s(c, "expected"));
    }
    suite.finish();

    let mut suite = Suite::new("uriparser/ip_literals");
    for c in cases(&read("uriparser/ip_literals.json")) {
        let input = s(c, "input");
        let uri = match s(c, "kind") {
            "IPv6address" => format!("x://[{input}]/"),
            _ => format!("x://{input}/"),
        };
        let got = UrlRef::parse_with(&uri, Spec::Rfc3986).ok().and_then(|u| u.host_kind());
        let valid = match s(c, "kind") {
            "IPv6address" => got == Some(urikit::HostKind::Ipv6),
            _ => got == Some(urikit::HostKind::Ipv4),
        };
        let want = c["valid"].as_bool().unwrap();
        suite.check_that(format!("{} {input}", s(c, "kind")), valid == want, || {
            format!("valid: {valid}")
        });
    }
    suite.finish();

    let mut suite = Suite::new("uriparser/parse");
    for c in cases(&read("uriparser/parse.json")) {
        let input = s(c, "input");
        let valid = Reference::parse(input).is_ok();
        let want = c["valid"].as_bool().unwrap();
        suite.check_that(input.to_owned(), valid == want, || format!("valid: {valid}"));
    }
    suite.finish();

    let mut suite = Suite::new("uriparser/normalize ALL");
    for c in cases(&read("uriparser/normalize.json")) {
        if c["mask"] == "ALL" && Url::parse_with(s(c, "input"), Spec::Rfc3986).is_ok() {
            suite.check(s(c, "input").to_owned(), &canonical(s(c, "input")), s(c, "expected"));
        }
    }
    suite.finish();

    let mut suite = Suite::new("uriparser/foursuite_relativize");
    for c in cases(&read("uriparser/foursuite_relativize.json")) {
        let (target, base, want) = (s(c, "target"), s(c, "base"), s(c, "expected"));
        let (b, t) = (
            Url::parse_with(base, Spec::Rfc3986).unwrap(),
            Url::parse_with(target, Spec::Rfc3986).unwrap(),
        );
        let got = relative(&b, &t, Spec::Rfc3986);
        let back = b.resolve_with(&got, Spec::Rfc3986).map(Url::into_string);
        // Ours is the shortest that resolves back; theirs may be another form.
        let ok = back.as_deref() == Ok(target) && got.len() <= want.len();
        suite.check_that(key(base, target), ok, || {
            format!("got {got:?} (back: {back:?}), want {want:?}")
        });
    }
    suite.finish();
}

#[test]
fn network_uri() {
    let mut suite = Suite::new("network-uri/classification");
    for c in cases(&read("network-uri/classification.json")) {
        let input = s(c, "input");
        let got = match Reference::parse(input) {
            Err(_) => "InvRf",
            Ok(r) if r.is_relative() => "RelRf",
            Ok(r) if r.fragment().is_some() => "AbsRf",
            Ok(_) => "AbsId",
        };
        suite.check(format!("{} {input}", s(c, "id")), got, s(c, "type"));
    }
    suite.finish();

    let mut resolution = Suite::new("network-uri/relative resolve");
    let mut relativize = Suite::new("network-uri/relative relativize");
    for c in cases(&read("network-uri/relative.json")) {
        let (base, r, abs) = (s(c, "base"), s(c, "relative"), s(c, "absolute"));
        let checks = c["checks"].as_array().unwrap();
        if checks.iter().any(|x| x == "resolve") {
            resolution.check(
                format!("{} {}", s(c, "id"), key(base, r)),
                &resolved(base, r, Spec::Rfc3986),
                abs,
            );
        }
        if checks.iter().any(|x| x == "relativize") {
            let (b, t) = (
                Url::parse_with(base, Spec::Rfc3986).unwrap(),
                Url::parse_with(abs, Spec::Rfc3986).unwrap(),
            );
            let got = relative(&b, &t, Spec::Rfc3986);
            let back = b.resolve_with(&got, Spec::Rfc3986).map(Url::into_string);
            let ok = back.as_deref() == Ok(abs) && got.len() <= r.len();
            relativize.check_that(format!("{} {}", s(c, "id"), key(base, abs)), ok, || {
                format!("got {got:?} (back: {back:?}), want {r:?}")
            });
        }
    }
    resolution.finish();
    relativize.finish();
}

#[test]
fn libxml2() {
    let mut suite = Suite::new("libxml2-uri/resolve");
    for c in cases(&read("libxml2-uri/resolve.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        suite.check(key(base, r), &resolved(base, r, Spec::Rfc3986), s(c, "expected"));
    }
    suite.finish();
}
