//! Data-driven runners over the repository's `testdata/` for RFC 1738, RFC 3986,
//! RFC 1808 and the WHATWG URL Standard: each suite counts every case of its file as passed, failed,
//! expected failure or not applicable (with the reason), and fails on any
//! failure not listed in `tests/data/conformance_expected_failures.txt`, or
//! on a listed one that passes. `every_file_is_read` fails when a file of
//! the test data is neither read by a runner here (or in `adversarial.rs`)
//! nor listed in [`NOT_APPLICABLE`] with its reason. Results compare
//! schemes case-insensitively (a `Url` stores its scheme in lower case).
//!
//! The uriparser data is an LGPL-licensed test suite: the repository
//! carries it for these tests only, and no published crate includes it
//! (`testdata/README.md`).
//!
//! Run: `cargo test -p urikit --test conformance -- --nocapture`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;
use urikit::resolve::remove_dot_segments::remove_dot_segments;
use urikit::resolve::rfc3986::{resolve, Strictness};
use urikit::rfc3986::Reference;
use urikit::{relative, Spec, Url, UrlRef};

mod curl;
mod whatwg;
mod whatwg_setters;

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
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
    /// Cases not run, by reason.
    not_applicable: BTreeMap<String, usize>,
}

impl Suite {
    fn new(name: &'static str) -> Suite {
        let text = include_str!("../data/conformance_expected_failures.txt");
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
            not_applicable: BTreeMap::new(),
        }
    }

    /// Counts a case this suite does not run, and why.
    fn not_applicable(&mut self, reason: &str) {
        *self.not_applicable.entry(reason.to_owned()).or_default() += 1;
    }

    /// Records a case: `got` against `want`.
    #[track_caller]
    fn check(&mut self, key: String, got: &str, want: &str) {
        self.check_that(key, same_url(got, want), || format!("got {got:?}, want {want:?}"));
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
        let na: usize = self.not_applicable.values().sum();
        println!(
            "{:<38} {:>4} passed, {:>3} failed ({} expected), {:>3} not applicable",
            self.name,
            self.pass,
            self.failed.len(),
            self.expected.len(),
            na
        );
        for (reason, n) in &self.not_applicable {
            println!("    {n:>3} not applicable: {reason}");
        }
        assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    }
}

/// Two results alike but for the case of a leading scheme.
fn same_url(a: &str, b: &str) -> bool {
    let scheme_len = |s: &str| {
        let end = s.find(':')?;
        let name = &s[..end];
        let ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.bytes().all(|c| c.is_ascii_alphanumeric() || b"+-.".contains(&c));
        ok.then_some(end)
    };
    match (scheme_len(a), scheme_len(b)) {
        (Some(i), Some(j)) if i == j => a[..i].eq_ignore_ascii_case(&b[..j]) && a[i..] == b[j..],
        _ => a == b,
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
        } else {
            strict.not_applicable("CPython's result is not strict RFC 3986's (the data says which agree)");
        }
        if c["test"] == "test_RFC1808" {
            rfc1808.check(key(base, r), &resolved(base, r, Spec::Rfc1808), s(c, "expected"));
        } else {
            rfc1808.not_applicable("not one of CPython's RFC 1808 tests");
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
        } else {
            suite.not_applicable("CPython's result is not strict RFC 3986's (the data says which agree)");
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
        } else {
            x.not_applicable("no RFC 1808 result given");
        }
        if let Some(want) = opt(c, "rfc3986_strict") {
            strict.check(key(base, r), &resolved(base, r, Spec::Rfc3986), want);
        } else {
            strict.not_applicable("no strict RFC 3986 result given");
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
            suite.not_applicable("non-ASCII: an IRI (RFC 3987), not a URI");
            continue;
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

    let mut suite = Suite::new("uriparser/normalize");
    for c in cases(&read("uriparser/normalize.json")) {
        let input = s(c, "input");
        if c["mask"] != "ALL" {
            suite.not_applicable("one step of uriparser's normalization alone (a mask other than ALL); the canonical form applies them all");
        } else if Url::parse_with(input, Spec::Rfc3986).is_ok() {
            suite.check(input.to_owned(), &canonical(input), s(c, "expected"));
        } else {
            assert!(Reference::parse(input).is_ok(), "{input}");
            suite.not_applicable("a relative reference: RFC 3986 §6 normalizes URIs; remove_dot_segments would drop a leading `..` that changes its meaning, and urikit defines no normal form for one");
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

#[test]
fn rfc1738_data() {
    use urikit::scheme::SchemeView;

    let mut suite = Suite::new("rfc1738/examples");
    for c in cases(&read("rfc1738/examples.json")) {
        let input = s(c, "url");
        let url = match UrlRef::parse(input) {
            Ok(url) => url,
            Err(e) => {
                suite.check_that(input.to_owned(), false, || e.to_string());
                continue;
            }
        };
        if let Some(host) = opt(c, "host") {
            suite.check(format!("{input} host"), url.host().unwrap_or("(none)"), host);
        }
        if let Some(user) = opt(c, "user") {
            suite.check(format!("{input} user"), url.user().unwrap_or("(none)"), user);
        }
        let view = url.view();
        if let Some(commands) = c["ftp_commands"].as_array() {
            let want: Vec<&str> = commands.iter().filter_map(Value::as_str).collect();
            let plan = view.as_ref().ok().and_then(|v| v.plan().ok()).map(|p| p.to_string());
            let got: Vec<String> = plan
                .iter()
                .flat_map(|p| p.lines())
                .filter_map(|l| l.strip_prefix("> "))
                .filter_map(|l| l.strip_suffix("<CR><LF>"))
                .filter(|l| l.starts_with("CWD") || l.starts_with("RETR"))
                .map(str::to_owned)
                .collect();
            suite.check_that(format!("{input} ftp commands"), got == want, || {
                format!("got {got:?}, want {want:?}")
            });
        }
        if let Some(hsoname) = opt(c, "hsoname") {
            let got = match &view {
                Ok(SchemeView::Prospero(p)) => p.hsoname().to_text(),
                other => format!("{other:?}"),
            };
            suite.check(format!("{input} hsoname"), &got, hsoname);
        }
        if c.get("meaning").is_some() {
            let all = matches!(&view, Ok(SchemeView::News(n)) if *n.target() == urikit::scheme::NewsTarget::AllGroups);
            suite.check_that(format!("{input} meaning"), all, || format!("{view:?}"));
        }
    }
    suite.finish();

    // Strict, and lenient (libwww-perl, where the cases come from, reads a
    // raw TAB as the separator it stands for).
    let mut suite = Suite::new("rfc1738/gopher");
    for c in cases(&read("rfc1738/gopher.json")) {
        let input = s(c, "url");
        let want = format!(
            "{:?}",
            (
                opt(c, "host"),
                c["port"].as_u64(),
                opt(c, "gopher_type"),
                opt(c, "selector"),
                opt(c, "search")
            )
        );
        let strict = Url::parse(input).map_err(|e| e.to_string());
        let lenient = Url::parse_lenient(input).map(|(u, _)| u).map_err(|e| e.to_string());
        for (how, url) in [("strict", strict), ("lenient", lenient)] {
            let got = url.and_then(|url| match url.view() {
                Ok(SchemeView::Gopher(g)) => {
                    let selector = g.selector().to_text();
                    Ok(format!(
                        "{:?}",
                        (
                            Some(g.host()),
                            g.port().ok().map(u64::from),
                            Some(g.gopher_type().to_string().as_str()),
                            (!selector.is_empty()).then_some(selector.as_str()),
                            g.search().map(|s| s.to_text()).as_deref()
                        )
                    ))
                }
                other => Err(format!("{other:?}")),
            });
            let name = input.replace('\t', "<TAB>");
            suite.check(format!("{name} {how}"), &got.unwrap_or_else(|e| e), &want);
        }
    }
    suite.finish();

    let mut suite = Suite::new("rfc1738/scheme_defaults");
    for c in cases(&read("rfc1738/scheme_defaults.json")) {
        let scheme = s(c, "scheme");
        let want = c["default_port"].as_u64();
        let got = urikit::scheme::default_port(scheme).map(u64::from);
        suite.check_that(scheme.to_owned(), got == want, || format!("got {got:?}, want {want:?}"));
    }
    suite.finish();
}

#[test]
fn more_rfc3986_data() {
    let mut suite = Suite::new("iri-string/resolve_percent_encoded_dots");
    for c in cases(&read("iri-string/resolve_percent_encoded_dots.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        suite.check(key(base, r), &resolved(base, r, Spec::Rfc3986), s(c, "expected"));
    }
    suite.finish();

    let mut suite = Suite::new("iri-string/normalizedness");
    for c in cases(&read("iri-string/normalizedness.json")) {
        let input = s(c, "iri");
        let want = c["is_normalized_rfc3986"].as_bool().unwrap();
        let got = canonical(input) == input;
        suite.check_that(input.to_owned(), got == want, || format!("normalized: {got}"));
    }
    suite.finish();

    let mut suite = Suite::new("network-uri/relative_to_strictness");
    for c in cases(&read("network-uri/relative_to_strictness.json")) {
        let (base, r) = (s(c, "base"), s(c, "ref"));
        let got = match s(c, "mode") {
            "strict" => resolved(base, r, Spec::Rfc3986),
            _ => resolved_non_strict(base, r),
        };
        suite.check(format!("{} {}", s(c, "id"), key(base, r)), &got, s(c, "expected"));
    }
    suite.finish();

    let mut suite = Suite::new("network-uri/normalize");
    for c in cases(&read("network-uri/normalize.json")) {
        let input = s(c, "input");
        if c["functions"].as_array().map_or(0, Vec::len) < 3 {
            suite.not_applicable(
                "one step of normalization alone (case, escapes or dot segments); the canonical form applies them all",
            );
        } else {
            suite.check(format!("{} {input}", s(c, "id")), &canonical(input), s(c, "expected"));
        }
    }
    suite.finish();

    let mut suite = Suite::new("uriparser/tostring_roundtrip");
    for c in cases(&read("uriparser/tostring_roundtrip.json")) {
        let input = s(c, "input");
        let got = Reference::parse(input).map_or_else(|e| e.to_string(), |r| r.as_str().to_owned());
        suite.check(input.to_owned(), &got, input);
    }
    suite.finish();

    let mut suite = Suite::new("libxml2-uri/parse_normalize_path");
    for c in cases(&read("libxml2-uri/parse_normalize_path.json")) {
        let input = s(c, "input");
        match Url::parse_with(input, Spec::Rfc3986) {
            Ok(url) => suite.check(input.to_owned(), url.as_str(), s(c, "expected")),
            Err(_) => suite.not_applicable("a relative path through libxml2's xmlNormalizeURIPath, which keeps a leading `..`; urikit has only RFC 3986 §5.2.4, which drops it"),
        }
    }
    suite.finish();
}

/// Files of the test data no runner reads, and why. Everything else under
/// `testdata/` must be read by a runner: [`READ`] lists them, and
/// `every_file_is_read` fails on a file in neither list.
const NOT_APPLICABLE: [(&str, &str); 14] = [
    ("curl-urlapi/append_query.json", "curl's URL API (CURLU setters and its own leniency), neither RFC 1738 nor RFC 3986"),
    ("curl-urlapi/get_parts.json", "curl's URL API: scheme guessing, default schemes and its own leniency, neither RFC 1738 nor RFC 3986"),
    ("curl-urlapi/get_url.json", "curl's URL API: scheme guessing and its own leniency, neither RFC 1738 nor RFC 3986"),
    ("idna/IdnaTestV2.txt", "UTS 46's own test file, every option of UTS 46: urikit implements no UTS 46 of its own but calls the idna crate with the flags the WHATWG domain parser gives, and runs WHATWG's subset (wpt-url/IdnaTestV2.json, toascii.json)"),
    ("idna/bad_punycode_tests.json", "Punycode (RFC 3492) alone: urikit has no Punycode API; the idna crate it calls is tested with this file where the file comes from (servo/rust-url)"),
    ("idna/punycode_tests.json", "Punycode (RFC 3492) alone: urikit has no Punycode API; the idna crate it calls is tested with this file where the file comes from (servo/rust-url)"),
    ("iri-string/iri_to_uri.json", "IRI to URI mapping (RFC 3987): urikit reads URIs only"),
    ("uriparser/component_wellformed.json", "uriparser's per-component checks (uriIsWellFormed*): urikit validates whole references, with no per-component entry point"),
    ("uriparser/distinction.json", "uriparser's internal flags (absolutePath, an empty last segment), which urikit's model, the path as text, has no counterpart to"),
    ("uriparser/filename_uri.json", "file name to URI conversion: urikit has no such API"),
    ("wpt-url/IdnaTestV2-removed.json", "WHATWG/UTS 46 (not implemented)"),
    ("wpt-url/rust-url-expected_failures.txt", "rust-url's expected failures of the WHATWG tests"),
    ("wpt-urlpattern/urlpattern-compare-test-data.json", "tentative in WPT (Chromium's compareComponent), not in the URLPattern Standard"),
    ("wpt-urlpattern/urlpattern-generate-test-data.json", "tentative in WPT (generate()), not in the URLPattern Standard"),
];

/// Files read by the runners of this folder, by `adversarial.rs`, by
/// `public_suffix.rs`, by `urlpattern_wpt.rs`, and by the CLI's `trurl.rs`.
const READ: [&str; 50] = [
    "ada-extra/ada_extra_setters_tests.json",
    "ada-extra/ada_extra_urltestdata.json",
    "ada-extra/ada_long_urltestdata.json",
    "ada-extra/verifydnslength_tests.json",
    "adversarial/generated.json",
    "adversarial/inputs.json",
    "cpython-urlparse/urljoin-3.13.json",
    "cpython-urlparse/urljoin-main-additions.json",
    "curl-urlapi/set_parts.json",
    "curl-urlapi/set_url.json",
    "curl-urlapi/setget_parts.json",
    "iri-string/components.json",
    "iri-string/normalizedness.json",
    "iri-string/resolve.json",
    "iri-string/resolve_percent_encoded_dots.json",
    "libxml2-uri/parse_normalize_path.json",
    "libxml2-uri/resolve.json",
    "network-uri/classification.json",
    "network-uri/normalize.json",
    "network-uri/relative.json",
    "network-uri/relative_to_strictness.json",
    "psl/test_psl.txt",
    "rfc1738/examples.json",
    "rfc1738/gopher.json",
    "rfc1738/scheme_defaults.json",
    "rfc1808/resolution.json",
    "rfc1808/rfc2396-appendix-c.json",
    "rfc3986/components.json",
    "rfc3986/normalization.json",
    "rfc3986/remove_dot_segments.json",
    "rfc3986/resolution.json",
    "roy-fielding-reltests/roytest.json",
    // Read by the CLI's runner of trurl's cases (crates/cli/tests/trurl.rs).
    "trurl/cases.jsonl",
    "trurl/expected.txt",
    "uriparser/foursuite_relativize.json",
    "uriparser/foursuite_resolve.json",
    "uriparser/ip_literals.json",
    "uriparser/normalize.json",
    "uriparser/parse.json",
    "uriparser/resolve.json",
    "uriparser/tostring_roundtrip.json",
    "wpt-url/IdnaTestV2.json",
    "wpt-url/percent-encoding.json",
    "wpt-url/setters_tests.json",
    "wpt-url/toascii.json",
    "wpt-url/urltestdata-javascript-only.json",
    "wpt-url/urltestdata.json",
    "wpt-url/urlencoded-parser-data.json",
    // Read by urlpattern_wpt.rs (feature `pattern`).
    "wpt-urlpattern/expected-failures.tsv",
    "wpt-urlpattern/urlpatterntestdata.json",
];

#[test]
fn every_file_is_read() {
    fn walk(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else {
                out.push(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let root = testdata();
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    let mut unread = Vec::new();
    let (mut read, mut na) = (0, 0);
    for f in &files {
        if f.ends_with("README.md") {
            continue; // prose about the data
        }
        if READ.contains(&f.as_str()) || f.starts_with("seeds/") {
            // The seed texts are read by the text tests (text.rs,
            // text_stream.rs, text_linkify.rs, the CLI's extract.rs).
            read += 1;
        } else if NOT_APPLICABLE.iter().any(|(n, _)| n == f) {
            na += 1;
        } else {
            unread.push(f.as_str());
        }
    }
    println!(
        "test data: {read} files read, {na} not applicable, {} unread",
        unread.len()
    );
    for (f, reason) in NOT_APPLICABLE {
        println!("  not applicable: {f}: {reason}");
    }
    assert!(unread.is_empty(), "files no runner reads: {unread:?}");
    for f in READ.iter().chain(NOT_APPLICABLE.iter().map(|(f, _)| f)) {
        assert!(files.iter().any(|x| x == f), "{f} is listed but not in the data");
    }
}
