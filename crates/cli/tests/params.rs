//! `parse --json`'s `params`: the query's pairs, in order, as the form
//! reader of every spec decodes them (the library's `QueryPairs`), `null`
//! without a query; a pair whose octets are not UTF-8 says so.

mod common;

use common::{urikit, urikit_with_stdin};
use serde_json::{json, Value};
use urikit::query::QueryPairs;
use urikit::{Spec, Url};

/// The `params` of each record `parse --json` writes for `urls`.
fn params(args: &[&str], urls: &[&str]) -> Vec<Value> {
    let run = urikit(&[&["parse", "--json"], args, urls].concat());
    run.stdout()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["params"].clone())
        .collect()
}

#[test]
fn the_pairs_in_order_decoded() {
    // (The RFC 1630 draft reserves '=' and '&' in a search: no such URL.)
    for spec in ["rfc1738", "rfc1808", "rfc3986", "whatwg"] {
        assert_eq!(
            params(&["--spec", spec], &["http://h/?a=x+y&a=z"]),
            [json!([{"key": "a", "value": "x y"}, {"key": "a", "value": "z"}])],
            "{spec}"
        );
    }
    // No query: null; an empty one: no pairs; empty pairs skipped, a name
    // alone an empty value, the value from the first '='.
    assert_eq!(
        params(
            &["--spec", "rfc3986"],
            &["http://h/", "http://h/?", "http://h/?&a&&=v&b=c=d#f"]
        ),
        [
            Value::Null,
            json!([]),
            json!([{"key": "a", "value": ""}, {"key": "", "value": "v"}, {"key": "b", "value": "c=d"}])
        ]
    );
    // An invalid URL has none.
    assert_eq!(params(&[], &["http://h/a b?x=1"]), [Value::Null]);
    // Leniently, the pairs of the repaired URL; a '%' without two hex
    // digits is itself, as the reader reads it.
    assert_eq!(
        params(&["--spec", "whatwg", "--lenient"], &["http://h/?q=a b&r=%zz%41"]),
        [json!([{"key": "q", "value": "a b"}, {"key": "r", "value": "%zzA"}])]
    );
}

#[test]
fn octets_that_are_not_utf8_are_named() {
    let got = params(
        &["--spec", "rfc3986"],
        &["http://h/?a=%FF&b=%EF%BF%BD&c=%ef%bf%bd%C3&%FE=1&d=%C3%A9"],
    );
    assert_eq!(
        got,
        [json!([
            {"key": "a", "value": "\u{FFFD}", "not_utf8": true},
            // U+FFFD written as such is a character like any other.
            {"key": "b", "value": "\u{FFFD}"},
            {"key": "c", "value": "\u{FFFD}\u{FFFD}", "not_utf8": true},
            {"key": "\u{FFFD}", "value": "1", "not_utf8": true},
            {"key": "d", "value": "é"},
        ])]
    );
    // The value `get` writes for {query:NAME} is the pair's.
    let run = urikit(&["get", "[{query:a}]", "http://h/?a=%FF"]);
    assert_eq!(run.stdout(), "[\u{FFFD}]\n");
}

/// Over the seed inputs by every spec, strictly and leniently: the pairs
/// are the library's `QueryPairs` of the URL's query, and the `not_utf8`
/// flag is set exactly where a decoded octet was not UTF-8.
#[test]
fn the_pairs_are_the_librarys() {
    let inputs = common::seed_inputs(&["http://h/?a=1&b=%FF+%41", "http://h/?x=%E2%82"]);
    let stdin = inputs.join("\n");
    let mut compared = 0;
    for spec in [Spec::Rfc1738, Spec::Rfc1630, Spec::Rfc1808, Spec::Rfc3986, Spec::Whatwg] {
        for lenient in [false, true] {
            let mut args = vec!["parse", "--json", "--spec", spec.name()];
            if lenient {
                args.push("--lenient");
            }
            let run = urikit_with_stdin(&args, stdin.as_bytes());
            for (input, line) in inputs.iter().zip(run.stdout().lines()) {
                let record: Value = serde_json::from_str(line).unwrap();
                let parsed = match lenient {
                    true => Url::parse_lenient_with(input, spec).map(|(u, _)| u),
                    false => Url::parse_with(input, spec),
                };
                let want = match parsed.as_ref().ok().and_then(|u| u.query()) {
                    None => Value::Null,
                    Some(query) => {
                        let mut written = QueryPairs::new(query);
                        let mut pairs = Vec::new();
                        for (key, value) in QueryPairs::new(query) {
                            let (k, v) = written.next_written().unwrap();
                            let utf8 = [k, v]
                                .iter()
                                .all(|t| urikit::pct::decode_form(t).map_or(true, |b| std::str::from_utf8(&b).is_ok()));
                            let mut pair = json!({"key": key, "value": value});
                            if !utf8 {
                                pair["not_utf8"] = Value::Bool(true);
                            }
                            pairs.push(pair);
                            compared += 1;
                        }
                        Value::Array(pairs)
                    }
                };
                assert_eq!(record["params"], want, "{input} {spec} lenient {lenient}");
            }
        }
    }
    assert!(compared > 40, "{compared}");
}

#[test]
fn edit_json_has_the_pairs_of_the_edited_url() {
    let run = urikit(&["edit", "--json", "--append", "query=b=x y", "http://h/?a=1"]);
    let record: Value = serde_json::from_str(run.stdout().trim_end()).unwrap();
    assert_eq!(
        record["params"],
        json!([{"key": "a", "value": "1"}, {"key": "b", "value": "x y"}])
    );
}
