//! The URLPattern Standard's web-platform-tests
//! (`testdata/wpt-urlpattern/urlpatterntestdata.json`), each entry run as
//! WPT's `urlpattern.any.js` runs it: the constructor (or its error), the
//! eight component pattern strings (those the entry gives, else what the
//! harness computes from the pattern and its base URL), `test()`, and
//! `exec()`'s input and groups per component (a component the entry does
//! not give matched `""` with the group `0` of a `*`, or with no group when
//! listed in `exactly_empty_components`).
//!
//! Strings are USVStrings in JavaScript: a lone surrogate given to the
//! constructor or to `test()` becomes U+FFFD by WebIDL's conversion, which
//! is what reading the file does here (a Rust string cannot hold one).
//!
//! Expected failures are in `testdata/wpt-urlpattern/expected-failures.tsv`
//! (the entry's pattern and inputs as JSON, a tab, the reason); the test
//! fails on a failure not listed there and on a listed entry that passes.
//!
//! The last test puts every pattern in one `PatternSet` and checks its
//! answers against a loop over the patterns, on every input.
//!
//! Run: `cargo test -p urikit --features pattern --test urlpattern_wpt -- --nocapture`.

#![cfg(feature = "pattern")]

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{json, Value};
use urikit::pattern::{
    PatternComponent, PatternInput, PatternMatch, PatternOptions, PatternSet, UrlPattern, UrlPatternInit,
};
use urikit::{Spec, Url};

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/wpt-urlpattern")
}

/// The JSON text with each `\uD800`-`\uDFFF` escape that is not half of a
/// pair replaced by `\uFFFD`, as WebIDL converts a USVString.
fn usv(text: &str) -> String {
    let b = text.as_bytes();
    let hex = |i: usize| -> Option<u16> {
        let h = text.get(i..i + 4)?;
        u16::from_str_radix(h, 16).ok()
    };
    let escape_at = |i: usize| -> Option<u16> {
        (b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u'))
            .then(|| hex(i + 2))
            .flatten()
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if let Some(u) = escape_at(i) {
                let pair =
                    (0xd800..0xdc00).contains(&u) && escape_at(i + 6).is_some_and(|l| (0xdc00..0xe000).contains(&l));
                if pair {
                    out.push_str(&text[i..i + 12]);
                    i += 12;
                } else if (0xd800..0xe000).contains(&u) {
                    out.push_str("\\uFFFD");
                    i += 6;
                } else {
                    out.push_str(&text[i..i + 6]);
                    i += 6;
                }
                continue;
            }
            // Another escape: copy it whole, so that `\\u` is not read as one.
            out.push_str(&text[i..i + 2]);
            i += 2;
            continue;
        }
        let c = text[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

fn init_of(v: &Value) -> UrlPatternInit {
    let mut init = UrlPatternInit::default();
    for c in PatternComponent::ALL {
        init.set(c, v[c.name()].as_str());
    }
    init.base_url = v["baseURL"].as_str().map(str::to_owned);
    init
}

/// What the entry's arguments hold: (input, init, base, options).
fn arguments(args: &[Value]) -> (Option<String>, Option<UrlPatternInit>, Option<String>, Value) {
    let mut input = None;
    let mut init = None;
    let mut base = None;
    let mut options = Value::Null;
    for (i, a) in args.iter().enumerate() {
        match a {
            Value::String(s) if i == 0 => input = Some(s.clone()),
            Value::String(s) if i == 1 => base = Some(s.clone()),
            Value::Object(_) if i == 0 => init = Some(init_of(a)),
            // (input, baseURL, options): WebIDL makes a string of an object
            // given as the base URL.
            Value::Object(_) if i == 1 && args.len() == 3 => base = Some("[object Object]".to_owned()),
            Value::Object(_) => options = a.clone(),
            _ => {}
        }
    }
    (input, init, base, options)
}

/// The harness's expected pattern string of `c` when the entry gives none.
fn default_pattern(entry: &Value, c: PatternComponent) -> String {
    let pattern = &entry["pattern"];
    let first = &pattern[0];
    let base = first["baseURL"]
        .as_str()
        .or_else(|| pattern[1].as_str())
        .map(|b| Url::parse_lenient_with(b, Spec::Whatwg).unwrap().0);
    let exactly_empty = entry["exactly_empty_components"]
        .as_array()
        .is_some_and(|a| a.iter().any(|v| v == c.name()));
    if exactly_empty {
        return String::new();
    }
    if let Some(v) = first[c.name()].as_str() {
        return v.to_owned();
    }
    use PatternComponent as C;
    let earlier: &[C] = match c {
        C::Protocol | C::Username | C::Password => &[],
        C::Hostname => &[C::Protocol],
        C::Port => &[C::Protocol, C::Hostname],
        C::Pathname => &[C::Protocol, C::Hostname, C::Port],
        C::Search => &[C::Protocol, C::Hostname, C::Port, C::Pathname],
        C::Hash => &[C::Protocol, C::Hostname, C::Port, C::Pathname, C::Search],
    };
    let given_earlier = earlier.iter().any(|e| first[e.name()].is_string());
    match base {
        Some(url) if !matches!(c, C::Username | C::Password) && !given_earlier => {
            let api = url.api().unwrap();
            match c {
                C::Protocol => url.scheme().to_owned(),
                C::Hostname => api.hostname().to_owned(),
                C::Port => api.port().to_owned(),
                C::Pathname => api.pathname().to_owned(),
                C::Search => url.query().unwrap_or("").to_owned(),
                C::Hash => url.fragment().unwrap_or("").to_owned(),
                C::Username | C::Password => unreachable!(),
            }
        }
        _ => "*".to_owned(),
    }
}

/// Runs one entry: `Err` says what differs.
fn run(entry: &Value) -> Result<(), String> {
    let (input, init, base, options) = arguments(entry["pattern"].as_array().unwrap());
    let options = PatternOptions {
        ignore_case: options["ignoreCase"].as_bool().unwrap_or(false),
    };
    let empty = UrlPatternInit::default();
    let pattern_input = match (&input, &init) {
        (Some(s), _) => PatternInput::Url(s),
        (None, Some(i)) => PatternInput::Init(i),
        (None, None) => PatternInput::Init(&empty),
    };
    let built = UrlPattern::new(pattern_input, base.as_deref(), options);
    if entry["expected_obj"] == "error" {
        return match built {
            Err(_) => Ok(()),
            Ok(p) => Err(format!("built, expected an error: {p:?}")),
        };
    }
    let pattern = built.map_err(|e| format!("constructor: {e}"))?;
    for c in PatternComponent::ALL {
        let want = match entry["expected_obj"][c.name()].as_str() {
            Some(w) => w.to_owned(),
            None => default_pattern(entry, c),
        };
        if pattern.pattern(c) != want {
            return Err(format!("{}: {:?}, expected {want:?}", c.name(), pattern.pattern(c)));
        }
    }
    let Some(inputs) = entry["inputs"].as_array() else {
        return Ok(());
    };
    let (input, init, base, _) = arguments(inputs);
    let match_input = match (&input, &init) {
        (Some(s), _) => PatternInput::Url(s),
        (None, Some(i)) => PatternInput::Init(i),
        (None, None) => PatternInput::Init(&empty),
    };
    let expected = &entry["expected_match"];
    let tested = pattern.test(match_input, base.as_deref());
    let executed = pattern.exec(match_input, base.as_deref());
    if expected == "error" {
        return match (tested, executed) {
            (Err(_), Err(_)) => Ok(()),
            (t, e) => Err(format!("test {t:?}, exec {e:?}, expected errors")),
        };
    }
    let tested = tested.map_err(|e| format!("test: {e}"))?;
    let executed = executed.map_err(|e| format!("exec: {e}"))?;
    if tested != expected.is_object() {
        return Err(format!("test: {tested}, expected {}", expected.is_object()));
    }
    let Some(m) = executed else {
        return match expected.is_object() {
            true => Err("exec: null, expected a match".to_owned()),
            false => Ok(()),
        };
    };
    if !expected.is_object() {
        return Err(format!("exec: {m:?}, expected null"));
    }
    let exactly_empty: Vec<&str> = entry["exactly_empty_components"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for c in PatternComponent::ALL {
        let want = match &expected[c.name()] {
            Value::Null if exactly_empty.contains(&c.name()) => json!({"input": "", "groups": {}}),
            Value::Null => json!({"input": "", "groups": {"0": ""}}),
            w => w.clone(),
        };
        let got = m.get(c);
        let groups: BTreeMap<&str, Value> = got
            .groups
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_deref().map_or(Value::Null, |v| json!(v))))
            .collect();
        let got = json!({"input": got.input, "groups": groups});
        if got != want {
            return Err(format!("exec {}: {got}, expected {want}", c.name()));
        }
    }
    Ok(())
}

/// The key of an entry in the expected failures: its pattern and inputs.
fn key(entry: &Value) -> String {
    format!("{}{}", entry["pattern"], entry["inputs"])
}

#[test]
fn wpt_urlpatterntestdata() {
    let text = std::fs::read_to_string(testdata().join("urlpatterntestdata.json")).unwrap();
    let entries: Vec<Value> = serde_json::from_str(&usv(&text)).unwrap();
    assert_eq!(entries.len(), 369);
    let expected_text = std::fs::read_to_string(testdata().join("expected-failures.tsv")).unwrap();
    let expected: BTreeMap<&str, &str> = expected_text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once('\t').expect("key, a tab, the reason"))
        .collect();
    let (mut passed, mut failed, mut known) = (0, Vec::new(), 0);
    let mut unexpected_passes = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let k = key(entry);
        let result = std::panic::catch_unwind(|| run(entry)).unwrap_or_else(|_| Err("panicked".to_owned()));
        match (result, expected.contains_key(k.as_str())) {
            (Ok(()), false) => passed += 1,
            (Ok(()), true) => unexpected_passes.push(format!("#{i} {k}")),
            (Err(_), true) => known += 1,
            (Err(why), false) => failed.push(format!("#{i} {k}\n    {why}")),
        }
    }
    println!(
        "urlpatterntestdata.json: {} entries, {passed} passed, {} failed, {known} expected failures",
        entries.len(),
        failed.len()
    );
    for f in &failed {
        println!("FAIL {f}");
    }
    for p in &unexpected_passes {
        println!("UNEXPECTED PASS {p}");
    }
    assert!(
        failed.is_empty() && unexpected_passes.is_empty(),
        "{} failed, {} passed unexpectedly",
        failed.len(),
        unexpected_passes.len()
    );
}

/// Every pattern of the entries that builds, in one [`PatternSet`], gives
/// for every entry's input the answer of a loop over the patterns in the
/// same order: which match, the first with its groups, all with theirs.
#[test]
fn wpt_patterns_as_one_set() {
    let text = std::fs::read_to_string(testdata().join("urlpatterntestdata.json")).unwrap();
    let entries: Vec<Value> = serde_json::from_str(&usv(&text)).unwrap();
    let empty = UrlPatternInit::default();
    let mut patterns = Vec::new();
    for entry in &entries {
        let (input, init, base, options) = arguments(entry["pattern"].as_array().unwrap());
        let options = PatternOptions {
            ignore_case: options["ignoreCase"].as_bool().unwrap_or(false),
        };
        let pattern_input = match (&input, &init) {
            (Some(s), _) => PatternInput::Url(s),
            (None, Some(i)) => PatternInput::Init(i),
            (None, None) => PatternInput::Init(&empty),
        };
        if let Ok(p) = UrlPattern::new(pattern_input, base.as_deref(), options) {
            patterns.push(p);
        }
    }
    let set: PatternSet = patterns.iter().cloned().collect();
    assert_eq!(set.len(), patterns.len());
    let (mut inputs, mut matched) = (0, 0);
    for entry in &entries {
        let Some(args) = entry["inputs"].as_array() else {
            continue;
        };
        let (input, init, base, _) = arguments(args);
        let match_input = match (&input, &init) {
            (Some(s), _) => PatternInput::Url(s),
            (None, Some(i)) => PatternInput::Init(i),
            (None, None) => PatternInput::Init(&empty),
        };
        let base = base.as_deref();
        inputs += 1;
        let looped: Result<Vec<(usize, PatternMatch)>, _> = patterns
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.exec(match_input, base).map(|m| m.map(|m| (i, m))).transpose())
            .collect();
        let Ok(looped) = looped else {
            assert!(set.exec_all(match_input, base).is_err(), "{args:?}");
            assert!(set.first(match_input, base).is_err(), "{args:?}");
            assert!(set.matches(match_input, base).is_err(), "{args:?}");
            assert!(set.test(match_input, base).is_err(), "{args:?}");
            continue;
        };
        matched += looped.len();
        let ids: Vec<usize> = looped.iter().map(|(i, _)| *i).collect();
        assert_eq!(set.matches(match_input, base).unwrap(), ids, "{args:?}");
        assert_eq!(set.test(match_input, base).unwrap(), !ids.is_empty(), "{args:?}");
        assert_eq!(
            set.first(match_input, base).unwrap(),
            looped.first().cloned(),
            "{args:?}"
        );
        assert_eq!(set.exec_all(match_input, base).unwrap(), looped, "{args:?}");
    }
    println!(
        "{} patterns in one set, {inputs} inputs, {matched} matches",
        patterns.len()
    );
    assert!(
        patterns.len() > 250 && inputs > 250 && matched > 1000,
        "{} {inputs} {matched}",
        patterns.len()
    );
}
