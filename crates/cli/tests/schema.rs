//! `parse --json` output checked against `schema/parse.schema.json`, for
//! every input of the seed cases and a URL of each scheme view kind, by
//! every spec, strict and lenient (by whatwg, with a base too).
//!
//! The schema is JSON Schema (2020-12), read by the checker of
//! `common/schema.rs`, which refuses any keyword it does not check.

mod common;

use std::collections::BTreeSet;

use common::schema::check;
use common::urikit_with_stdin;
use serde_json::{json, Value};

const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/parse.schema.json");

/// Every input of the seed cases (inputs, contexts, references), and a URL
/// of each view kind the seeds lack.
fn inputs() -> Vec<String> {
    common::seed_inputs(&[
        "mailto:a@b.c",
        "nntp://h/g/1",
        "telnet://u:p@h:23/",
        "rlogin://h/",
        "news:id@host",
        "news:*",
        "afs://cell/path",
        "x-foo:bar",
        "mid:x@y",
        "wais://h/db",
        "http://h:99999/",
        "http://u@h/",
    ])
}

#[test]
fn parse_json_matches_the_schema() {
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let mut stdin = inputs().join("\n").into_bytes();
    stdin.extend_from_slice(b"\nhttp://a/\xff\n");
    let mut kinds = BTreeSet::new();
    let mut whatwg_records = std::collections::BTreeMap::new();
    let mut lines = 0;
    common::each_json_record(&stdin, |args, line| {
        let value: Value = serde_json::from_str(line).unwrap();
        if let Some(why) = check(&schema, &schema, &value, "$") {
            panic!("{args:?}: {why}\n{line}");
        }
        if let Some(kind) = value["scheme_view"]["kind"].as_str() {
            kinds.insert(kind.to_owned());
        }
        // The URL API's getters: for a valid WHATWG URL, and for no other.
        let whatwg = value["spec"] == json!("whatwg");
        let valid = value["valid"] == json!(true);
        assert_eq!(value.get("api").is_some(), whatwg && valid, "{args:?}: {line}");
        if whatwg {
            let based = args.contains(&"--base");
            let lenient = args.contains(&"--lenient");
            *whatwg_records.entry((based, lenient, valid)).or_insert(0) += 1;
        }
        lines += 1;
    });
    // By whatwg, with and without a base, strictly and leniently: valid
    // records and invalid ones were checked.
    assert_eq!(whatwg_records.len(), 8, "{whatwg_records:?}");
    // Every kind the schema describes was seen, and checked.
    let described: BTreeSet<String> = schema["$defs"]
        .as_object()
        .unwrap()
        .iter()
        .filter_map(|(_, def)| def["properties"]["kind"]["const"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(kinds, described);
    println!("{lines} records checked, {} kinds", kinds.len());
}

#[test]
fn edit_json_matches_the_schema() {
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let mut stdin = inputs().join("\n").into_bytes();
    stdin.extend_from_slice(b"\nhttp://a/\xff\n");
    let (mut failed, mut edited_by_whatwg) = (0, 0);
    for edit in [
        &["--set", "fragment=top"][..],
        &["--set", "user=me"],
        &["--clear", "scheme"],
        &["--redirect", "../x?y", "--append", "query=a=b"],
        &["--if", "scheme=http", "--set", "fragment=top"],
        &["--lenient", "--if", "host=*.*", "--set", "port=1"],
    ] {
        for spec in ["rfc1738", "whatwg"] {
            let run = urikit_with_stdin(&[&["edit", "--json", "--spec", spec], edit].concat(), &stdin);
            for line in run.stdout().lines() {
                let value: Value = serde_json::from_str(line).unwrap();
                if let Some(why) = check(&schema, &schema, &value, "$") {
                    panic!("{edit:?}: {why}\n{line}");
                }
                let lenient = edit.contains(&"--lenient");
                assert!(value.get("url").is_some(), "{line}");
                assert_eq!(value.get("warnings").is_some(), lenient, "{line}");
                let valid = value["valid"] == json!(true);
                // With --if, a URL read says whether it met the conditions
                // (a failed edit, invalid, met them); without, none does.
                let matched = value.get("matched").is_some();
                assert!(matched || !valid || !edit.contains(&"--if"), "{line}");
                assert!(!matched || edit.contains(&"--if"), "{line}");
                // A URL edited by whatwg has the URL API's getters.
                assert_eq!(value.get("api").is_some(), valid && spec == "whatwg", "{line}");
                failed += usize::from(!valid);
                edited_by_whatwg += usize::from(valid && spec == "whatwg");
            }
        }
    }
    assert!(failed > 0 && edited_by_whatwg > 0, "{failed} {edited_by_whatwg}");
}

#[test]
fn the_checker_refuses_what_the_schema_does_not_allow() {
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let run = urikit_with_stdin(&["parse", "--json"], b"ftp://u@h/a/b;type=d\n");
    let good: Value = serde_json::from_str(run.stdout().trim()).unwrap();
    assert_eq!(check(&schema, &schema, &good, "$"), None);
    let mut bad = Vec::new();
    for (pointer, replacement) in [
        ("/port", json!(-1)),
        ("/port", json!(70_000)),
        ("/port", json!(true)),
        ("/spec", json!("rfc2396")),
        ("/scheme_view/kind", json!("gopher")),
        ("/scheme_view/cwd", json!([1])),
        ("/scheme_view/port", json!(70_000)),
        ("/errors", json!([{"offset": 1}])),
    ] {
        let mut value = good.clone();
        *value.pointer_mut(pointer).unwrap() = replacement;
        bad.push(value);
    }
    let mut extra = good.clone();
    extra["scheme_view"]["extra"] = json!(1);
    bad.push(extra);
    // The URL API's getters: each a string, each there, no other.
    let run = urikit_with_stdin(&["parse", "--json", "--spec", "whatwg"], b"https://h:8/p?q#f\n");
    let good: Value = serde_json::from_str(run.stdout().trim()).unwrap();
    assert_eq!(check(&schema, &schema, &good, "$"), None);
    for (pointer, replacement) in [
        ("/api/port", json!(8)),
        ("/api/hash", Value::Null),
        ("/api/x", json!("")),
    ] {
        let mut value = good.clone();
        match value.pointer_mut(pointer) {
            Some(v) => *v = replacement,
            None => {
                value["api"]["x"] = replacement;
            }
        }
        bad.push(value);
    }
    let mut missing = good.clone();
    missing["api"].as_object_mut().unwrap().remove("origin");
    bad.push(missing);
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("query");
    bad.push(missing);
    for value in bad {
        assert!(check(&schema, &schema, &value, "$").is_some(), "accepted: {value}");
    }
}
