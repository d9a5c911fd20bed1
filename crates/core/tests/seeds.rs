//! Every example URL and worked example of the seed texts, from
//! `tests/data/seeds.json`, run against the public API.
//!
//! Each case that does not give what the texts promise is one line of the
//! report; the test fails if there is any.

use std::fmt::Debug;

use serde::{Deserialize, Deserializer};
use serde_json::Value;
use urikit::scheme::Field;
use urikit::{validate, Spec, Url, UrlRef};

#[derive(Deserialize)]
struct Seeds {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Case {
    Parse(Box<Parse>),
    Lenient(Lenient),
    Resolve(Resolve),
    Equivalent(Equivalent),
}

/// Strict parsing: valid with these components, or invalid at this offset by this rule.
///
/// A component left out is not asserted; `null` asserts that it is absent.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Parse {
    source: String,
    note: Option<String>,
    input: String,
    #[serde(default, deserialize_with = "spec")]
    spec: Spec,
    valid: bool,
    scheme: Option<String>,
    #[serde(default, deserialize_with = "asserted")]
    user: Option<Option<String>>,
    #[serde(default, deserialize_with = "asserted")]
    password: Option<Option<String>>,
    #[serde(default, deserialize_with = "asserted")]
    host: Option<Option<String>>,
    #[serde(default, deserialize_with = "asserted")]
    port: Option<Option<u16>>,
    path: Option<String>,
    #[serde(default, deserialize_with = "asserted")]
    query: Option<Option<String>>,
    #[serde(default, deserialize_with = "asserted")]
    fragment: Option<Option<String>>,
    error_offset: Option<usize>,
    error_rule: Option<String>,
    /// The scheme view's `kind` and the fields asserted.
    view: Option<serde_json::Map<String, serde_json::Value>>,
    /// The access plan, one transcript line each.
    plan: Option<Vec<String>>,
}

/// An input strict parsing rejects, and what lenient parsing makes of it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Lenient {
    source: String,
    note: Option<String>,
    input: String,
    #[serde(default, deserialize_with = "spec")]
    spec: Spec,
    url: String,
}

/// A partial form in a context, and the absolute form it stands for.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Resolve {
    source: String,
    note: Option<String>,
    context: String,
    reference: String,
    expected: String,
    #[serde(default, deserialize_with = "spec")]
    spec: Spec,
}

/// Two URLs, and whether they are the same at one encoding level.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Equivalent {
    source: String,
    note: Option<String>,
    a: String,
    b: String,
    expected: bool,
    #[serde(default, deserialize_with = "spec")]
    spec: Spec,
}

/// A field that is present, `null` included, is `Some`.
fn asserted<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

fn spec<'de, D: Deserializer<'de>>(d: D) -> Result<Spec, D::Error> {
    String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
}

/// What went wrong with one case.
type Problems = Vec<String>;

/// Records a mismatch when `want` is asserted and differs from `got`.
fn expect<T: PartialEq + Debug>(problems: &mut Problems, what: &str, want: Option<T>, got: T) {
    if let Some(want) = want {
        if want != got {
            problems.push(format!("{what}: expected {want:?}, got {got:?}"));
        }
    }
}

/// An asserted optional component, as the accessors return it.
fn part(want: &Option<Option<String>>) -> Option<Option<&str>> {
    want.as_ref().map(Option::as_deref)
}

fn parse_url(input: &str, spec: Spec, problems: &mut Problems) -> Option<Url> {
    match Url::parse_with(input, spec) {
        Ok(url) => {
            url.check_invariants();
            url.canonical().check_invariants();
            Some(url)
        }
        Err(e) => {
            problems.push(format!("{input:?} does not parse: {e}"));
            None
        }
    }
}

fn run_parse(c: &Parse) -> Problems {
    let mut p = Problems::new();
    let all = validate(&c.input, c.spec);
    match (UrlRef::parse_with(&c.input, c.spec), c.valid) {
        (Ok(borrowed), true) => {
            let url = borrowed.to_url();
            url.check_invariants();
            url.canonical().check_invariants();
            expect(&mut p, "scheme", c.scheme.as_deref(), url.scheme());
            expect(&mut p, "user", part(&c.user), url.user());
            expect(&mut p, "password", part(&c.password), url.password());
            expect(&mut p, "host", part(&c.host), url.host());
            expect(&mut p, "port", c.port, url.port());
            expect(&mut p, "path", c.path.as_deref(), url.path());
            expect(&mut p, "query", part(&c.query), url.query());
            expect(&mut p, "fragment", part(&c.fragment), url.fragment());
            if let Some(e) = all.first() {
                p.push(format!("validate: expected no error, got {e}"));
            }
            check_view(&mut p, c, &url);
        }
        (Ok(borrowed), false) => {
            borrowed.to_url().check_invariants();
            p.push(format!("expected invalid, got {:?}", borrowed.to_url()));
        }
        (Err(e), true) => p.push(format!("expected valid, got error: {e}")),
        (Err(e), false) => {
            expect(&mut p, "error offset", c.error_offset, e.offset);
            expect(&mut p, "error rule", c.error_rule.as_deref(), e.rule);
            if all.first() != Some(&e) {
                p.push(format!("validate's first error {:?} is not parse's {e}", all.first()));
            }
        }
    }
    p
}

/// A view field as JSON, to compare with the data.
fn json(field: Field) -> Value {
    match field {
        Field::Text(t) => Value::String(t),
        Field::Number(n) => Value::from(n),
        Field::Bool(b) => Value::Bool(b),
        Field::List(l) => Value::from(l),
        Field::Pairs(pairs) => pairs.into_iter().map(|(k, v)| Value::from(vec![k, v])).collect(),
        _ => Value::Null,
    }
}

/// The asserted fields of the scheme view, and the access plan.
fn check_view(p: &mut Problems, c: &Parse, url: &Url) {
    if c.view.is_none() && c.plan.is_none() {
        return;
    }
    let view = match url.view() {
        Ok(view) => view,
        Err(e) => return p.push(format!("view: {e}")),
    };
    for (name, want) in c.view.iter().flatten() {
        let got = if name == "kind" {
            Value::from(view.kind())
        } else {
            match view.fields().into_iter().find(|(n, _)| n == name) {
                Some((_, field)) => json(field),
                None => Value::from(format!("<no field {name}>")),
            }
        };
        expect(p, &format!("view {name}"), Some(want), &got);
    }
    if let Some(want) = &c.plan {
        match view.plan() {
            Ok(plan) => {
                let text = plan.to_string();
                let got: Vec<&str> = text.lines().collect();
                expect(
                    p,
                    "plan",
                    Some(want.iter().map(String::as_str).collect::<Vec<_>>()),
                    got,
                );
            }
            Err(e) => p.push(format!("plan: {e}")),
        }
    }
}

fn run_lenient(c: &Lenient) -> Problems {
    let mut p = Problems::new();
    if let Ok(url) = UrlRef::parse_with(&c.input, c.spec) {
        p.push(format!("expected strict parsing to fail, got {url:?}"));
    }
    match Url::parse_lenient_with(&c.input, c.spec) {
        Ok((url, warnings)) => {
            url.check_invariants();
            expect(&mut p, "url", Some(c.url.as_str()), url.as_str());
            if warnings.is_empty() {
                p.push("expected a warning for each repair, got none".to_owned());
            }
        }
        Err(e) => p.push(format!("url: expected {:?}, got error: {e}", c.url)),
    }
    p
}

fn run_resolve(c: &Resolve) -> Problems {
    let mut p = Problems::new();
    if let Some(context) = parse_url(&c.context, c.spec, &mut p) {
        match context.resolve_with(&c.reference, c.spec) {
            Ok(url) => {
                url.check_invariants();
                expect(&mut p, "result", Some(c.expected.as_str()), url.as_str());
            }
            Err(e) => p.push(format!("result: expected {:?}, got error: {e}", c.expected)),
        }
    }
    p
}

fn run_equivalent(c: &Equivalent) -> Problems {
    let mut p = Problems::new();
    let a = parse_url(&c.a, c.spec, &mut p);
    let b = parse_url(&c.b, c.spec, &mut p);
    if let (Some(a), Some(b)) = (a, b) {
        let (ab, ba) = (a.equivalent(&b), b.equivalent(&a));
        if (ab, ba) != (c.expected, c.expected) {
            p.push(format!(
                "expected equivalent = {}, got {ab} (a to b) and {ba} (b to a); canonical forms {:?} and {:?}",
                c.expected,
                a.canonical().as_str(),
                b.canonical().as_str()
            ));
        }
    }
    p
}

impl Case {
    /// Where the case comes from, what it is about, and the text's own words.
    fn describe(&self) -> (&str, String, Option<&str>) {
        match self {
            Case::Parse(c) => (&c.source, format!("parse {} {:?}", c.spec, c.input), c.note.as_deref()),
            Case::Lenient(c) => (
                &c.source,
                format!("lenient {} {:?}", c.spec, c.input),
                c.note.as_deref(),
            ),
            Case::Resolve(c) => (
                &c.source,
                format!("resolve {} {:?} in {:?}", c.spec, c.reference, c.context),
                c.note.as_deref(),
            ),
            Case::Equivalent(c) => (
                &c.source,
                format!("equivalent {} {:?} {:?}", c.spec, c.a, c.b),
                c.note.as_deref(),
            ),
        }
    }

    fn run(&self) -> Problems {
        match self {
            Case::Parse(c) => run_parse(c),
            Case::Lenient(c) => run_lenient(c),
            Case::Resolve(c) => run_resolve(c),
            Case::Equivalent(c) => run_equivalent(c),
        }
    }
}

#[test]
fn seeds() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seeds.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let seeds: Seeds = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut failures = Vec::new();
    for case in &seeds.cases {
        let problems = case.run();
        if !problems.is_empty() {
            let (source, subject, note) = case.describe();
            let mut line = format!("[{source}] {subject}: {}", problems.join("; "));
            if let Some(note) = note {
                line.push_str(&format!("\n    ({note})"));
            }
            failures.push(line);
        }
    }
    let passed = seeds.cases.len() - failures.len();
    println!("seeds: {passed} passed, {} failed", failures.len());
    for line in &failures {
        println!("{line}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} seed cases failed",
        failures.len(),
        seeds.cases.len()
    );
}
