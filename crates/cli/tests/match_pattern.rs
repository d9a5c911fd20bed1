//! `urikit match`: the URLs a URL pattern matches, grep-like; `--json`
//! (JavaScript's `exec()` result), `--patterns` (first and `--all`),
//! `--show-pattern`, `--init` and `--input-json`, the bases, stdin, and the
//! exit status (0 some matched, 1 none, 2 a pattern or call refused).

mod common;

use common::schema::check;
use common::{urikit, urikit_with_stdin};
use serde_json::{json, Value};

const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/match.schema.json");

/// Every `--json` record of every way to run `match` is described by the
/// schema, its groups strings or null.
#[test]
fn json_matches_the_schema() {
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let routes = std::env::temp_dir().join(format!("urikit-match-schema-{}", std::process::id()));
    std::fs::write(&routes, "https://h/:a/:b?\nhttps://*.h/*\n").unwrap();
    let routes = routes.to_str().unwrap();
    let stdin = b"https://h/x\nhttps://a.h/y/z\nhttps://x/\nnot a URL\nhttps://h/\xff\n";
    let mut records = 0;
    for args in [
        &["match", "--json", "https://:sub.h/:a/:b?"][..],
        &["match", "--json", "--patterns", routes],
        &["match", "--json", "--patterns", routes, "--all"],
        &["match", "--json", "--ignore-case", "https://h/(X)"],
    ] {
        let run = urikit_with_stdin(args, stdin);
        for line in run.stdout().lines() {
            let value: Value = serde_json::from_str(line).unwrap();
            if let Some(why) = check(&schema, &schema, &value, "$") {
                panic!("{args:?}: {why}\n{line}");
            }
            let results = match value.get("matches") {
                Some(m) => m.as_array().unwrap().iter().map(|m| &m["result"]).collect(),
                None => vec![&value["result"]],
            };
            for result in results.into_iter().filter(|r| !r.is_null()) {
                for (_, component) in result.as_object().unwrap() {
                    for (_, group) in component["groups"].as_object().unwrap() {
                        assert!(group.is_string() || group.is_null(), "{line}");
                    }
                }
            }
            records += 1;
        }
    }
    std::fs::remove_file(routes).unwrap();
    assert_eq!(records, 20);
}

#[test]
fn prints_the_urls_that_match() {
    let run = urikit(&[
        "match",
        "https://example.com/books/:id",
        "https://example.com/books/7",
        "https://example.com/",
        "https://example.com/books/8?x",
    ]);
    assert_eq!(
        (run.code, run.stdout()),
        (0, "https://example.com/books/7\nhttps://example.com/books/8?x\n")
    );
    let run = urikit(&[
        "match",
        "https://example.com/books/:id",
        "https://example.com/",
        "not a url",
    ]);
    assert_eq!((run.code, run.stdout(), run.stderr.as_str()), (1, "", ""));
    // From stdin; a line that is not UTF-8 is no match.
    let run = urikit_with_stdin(
        &["match", "*://*/a"],
        b"http://h/a\nhttp://h/b\nhttp://h/a\xff\nftp://x/a\n",
    );
    assert_eq!((run.code, run.stdout()), (0, "http://h/a\nftp://x/a\n"));
}

#[test]
fn json_is_the_exec_result() {
    let run = urikit(&[
        "match",
        "--json",
        "https://:sub.example.com/:section/:id?",
        "https://www.example.com/news",
        "https://example.com/",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records: Vec<Value> = run.stdout().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let wildcard = json!({"input": "", "groups": {"0": ""}});
    assert_eq!(
        records[0],
        json!({
            "input": "https://www.example.com/news",
            "match": true,
            "result": {
                "protocol": {"input": "https", "groups": {}},
                "username": wildcard,
                "password": wildcard,
                "hostname": {"input": "www.example.com", "groups": {"sub": "www"}},
                "port": {"input": "", "groups": {}},
                "pathname": {"input": "/news", "groups": {"section": "news", "id": null}},
                "search": wildcard,
                "hash": wildcard,
            }
        })
    );
    assert_eq!(
        records[1],
        json!({"input": "https://example.com/", "match": false, "result": null})
    );
    // The groups keep the pattern's order.
    let line = run.stdout().lines().next().unwrap();
    assert!(line.contains(r#"{"section":"news","id":null}"#), "{line}");
}

#[test]
fn a_route_table() {
    let dir = std::env::temp_dir().join(format!("urikit-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let routes = dir.join("routes.txt");
    std::fs::write(
        &routes,
        "# routes\nhttps://h/books/:id(\\d+)\n\nhttps://h/books/*\nhttps://*.h/*\n",
    )
    .unwrap();
    let routes = routes.to_str().unwrap();
    let stdin = b"https://h/books/42\nhttps://h/books/new\nhttps://cdn.h/a.css\nhttps://x/\n";
    let run = urikit_with_stdin(&["match", "--patterns", routes], stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout(),
        "2\thttps://h/books/42\tid=42\n4\thttps://h/books/new\t0=new\n5\thttps://cdn.h/a.css\thostname.0=cdn 0=a.css\n"
    );
    // --all: each pattern that matches, one line each.
    let run = urikit(&["match", "--patterns", routes, "--all", "https://h/books/42"]);
    assert_eq!(
        run.stdout(),
        "2\thttps://h/books/42\tid=42\n4\thttps://h/books/42\t0=42\n"
    );
    // --json: the line number, or null.
    let run = urikit_with_stdin(&["match", "--patterns", routes, "--json"], stdin);
    let numbers: Vec<Value> = run
        .stdout()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["pattern"].clone())
        .collect();
    assert_eq!(numbers, [json!(2), json!(4), json!(5), Value::Null]);
    let run = urikit(&["match", "--patterns", routes, "--all", "--json", "https://h/books/42"]);
    let record: Value = serde_json::from_str(run.stdout().trim_end()).unwrap();
    let lines: Vec<&Value> = record["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["pattern"])
        .collect();
    assert_eq!(lines, [&json!(2), &json!(4)]);
    assert_eq!(
        record["matches"][0]["result"]["pathname"]["groups"],
        json!({"id": "42"})
    );
    // A pattern that does not compile: its file, line and offset.
    std::fs::write(dir.join("bad.txt"), "https://h/a\nhttps://h/:id(\n").unwrap();
    let run = urikit(&[
        "match",
        "--patterns",
        dir.join("bad.txt").to_str().unwrap(),
        "https://h/a",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("bad.txt: line 2: https://h/:id("), "{}", run.stderr);
    assert!(
        run.stderr.contains("'(' without a matching ')' at offset 13"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_pattern() {
    let run = urikit(&["match", "--show-pattern", "https://*.EXAMPLE.com:443/a/(.*)"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let got: Value = serde_json::from_str(run.stdout().trim_end()).unwrap();
    assert_eq!(
        got,
        json!({"protocol": "https", "username": "*", "password": "*", "hostname": "*.example.com", "port": "",
               "pathname": "/a/*", "search": "*", "hash": "*", "hasRegExpGroups": false})
    );
    let run = urikit(&["match", "--show-pattern", "--init", r#"{"pathname": "/:id(\\d+)"}"#]);
    let got: Value = serde_json::from_str(run.stdout().trim_end()).unwrap();
    assert_eq!((&got["protocol"], &got["hasRegExpGroups"]), (&json!("*"), &json!(true)));
}

#[test]
fn inits_and_bases() {
    let init = r#"{"pathname": "/books/:id", "baseURL": "https://example.com"}"#;
    let run = urikit(&[
        "match",
        "--init",
        init,
        "https://example.com/books/1",
        "http://example.com/books/1",
    ]);
    assert_eq!((run.code, run.stdout()), (0, "https://example.com/books/1\n"));
    let run = urikit(&[
        "match",
        "--input-json",
        "*://*/a",
        r#"{"protocol": "ftp", "hostname": "x", "pathname": "/a"}"#,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The constructor's base, and test()'s.
    let run = urikit(&[
        "match",
        "--pattern-base",
        "https://example.com/",
        "books/:id",
        "https://example.com/books/1",
    ]);
    assert_eq!(run.stdout(), "https://example.com/books/1\n");
    let run = urikit(&[
        "match",
        "--base",
        "https://example.com/books/",
        "https://example.com/books/:id",
        "2",
    ]);
    assert_eq!(run.stdout(), "2\n");
    // Refused: an init input with a base, a relative pattern without one,
    // a base besides an init, an init that is not one.
    for args in [
        &["match", "--input-json", "--base", "https://h/", "--init", "{}", "{}"][..],
        &["match", "/books/:id", "https://h/books/1"],
        &["match", "--init", "--pattern-base", "https://h/", "{}", "https://h/"],
        &["match", "--init", "[1]", "https://h/"],
        &["match", "--init", r#"{"path": "/"}"#, "https://h/"],
    ] {
        let run = urikit(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty() && !run.stderr.is_empty(), "{args:?}");
    }
    // The caret under the offset of a pattern's error.
    let run = urikit(&["match", "https://h/:id(", "https://h/"]);
    assert!(
        run.stderr.starts_with("urikit: pattern: https://h/:id(\n"),
        "{}",
        run.stderr
    );
    let caret = format!("\n{}^\n", " ".repeat("urikit: pattern: https://h/:id".len()));
    assert!(run.stderr.contains(&caret), "{}", run.stderr);
    // An input that is no init: named on stderr, and no match.
    let run = urikit_with_stdin(&["match", "--input-json", "--init", "{}"], b"nope\n{}\n");
    assert_eq!((run.code, run.stdout()), (0, "{}\n"));
    assert!(run.stderr.contains("line 1"), "{}", run.stderr);
}

#[test]
fn ignore_case() {
    let run = urikit(&["match", "https://h/Books/*", "https://h/books/1"]);
    assert_eq!(run.code, 1);
    let run = urikit(&[
        "match",
        "--ignore-case",
        "https://h/Books/*",
        "https://h/books/1",
        "https://h/BOOKS/2",
    ]);
    assert_eq!(run.stdout(), "https://h/books/1\nhttps://h/BOOKS/2\n");
}

/// The first pattern by line number, whichever text the set files each
/// under: a pattern with no fixed text (line 2) before one filed under its
/// pathname (line 3) and one under its hostname's end (line 4).
#[test]
fn a_route_table_answers_in_line_order() {
    let dir = std::env::temp_dir().join(format!("urikit-match-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let routes = dir.join("routes.txt");
    std::fs::write(
        &routes,
        "https://h/api/v1/users/:id\n*://*/:lang/docs/*\nhttps://h/en/docs/*\nhttps://*.h/:lang/docs/:page\n",
    )
    .unwrap();
    let routes = routes.to_str().unwrap();
    let stdin = b"https://www.h/en/docs/intro\nhttps://h/api/v1/users/7\nhttps://x/\n";
    let run = urikit_with_stdin(&["match", "--patterns", routes], stdin);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout(),
        "2\thttps://www.h/en/docs/intro\tlang=en 0=intro\n1\thttps://h/api/v1/users/7\tid=7\n"
    );
    let run = urikit(&["match", "--patterns", routes, "--all", "https://www.h/en/docs/intro"]);
    let lines: Vec<&str> = run.stdout().lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(lines, ["2", "4"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
