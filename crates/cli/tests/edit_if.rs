//! `edit --if COMPONENT=GLOB`: only the URLs that meet every condition are
//! edited; the others are written as they came, in their place.

mod common;

use common::{urikit, urikit_with_stdin};
use serde_json::Value;

/// `edit` with `args` over the lines of `stdin`: stdout, and the exit
/// status (stderr must be empty when it is 0).
#[track_caller]
fn edit(args: &[&str], stdin: &str) -> (String, i32) {
    let run = urikit_with_stdin(&[&["edit"], args].concat(), stdin.as_bytes());
    if run.code == 0 {
        assert_eq!(run.stderr, "", "{args:?}");
    }
    (run.stdout().to_owned(), run.code)
}

#[test]
fn only_the_lines_that_match_are_edited() {
    let (out, code) = edit(
        &["--spec", "rfc3986", "--if", "scheme=http", "--set", "scheme=https"],
        "http://a/\nftp://f/\n",
    );
    assert_eq!((out.as_str(), code), ("https://a/\nftp://f/\n", 0));
    // A line passed through is written as it came, not as it would be
    // written again; the scheme is matched in lower case.
    let (out, code) = edit(
        &["--spec", "rfc3986", "--if", "scheme=http", "--set", "port=8"],
        "HTTP://A/x\nFTP://B/\nhttp://c/\n",
    );
    assert_eq!((out.as_str(), code), ("http://A:8/x\nFTP://B/\nhttp://c:8/\n", 0));
}

#[test]
fn every_condition_must_hold() {
    let input = "http://a.example.com/x\nhttp://example.com/x\nhttps://a.example.com/x\nhttp://a.example.com/y\n";
    let (out, _) = edit(
        &[
            "--if",
            "scheme=http",
            "--if",
            "host=*.example.com",
            "--if",
            "path=/x",
            "--set",
            "fragment=f",
        ],
        input,
    );
    assert_eq!(
        out,
        "http://a.example.com/x#f\nhttp://example.com/x\nhttps://a.example.com/x\nhttp://a.example.com/y\n"
    );
}

#[test]
fn the_glob_reads_the_component_as_written() {
    // %-encoded, never decoded.
    let input = "http://h/a%20b\nhttp://h/a_b\n";
    let (out, _) = edit(&["--if", "path=/a%20*", "--set", "query=q"], input);
    assert_eq!(out, "http://h/a%20b?q\nhttp://h/a_b\n");
    let (out, _) = edit(&["--spec", "rfc3986", "--if", "path=/a b", "--set", "query=q"], input);
    assert_eq!(out, input);
    // ?, sets, ranges and their negation, an escaped '*'.
    let input = "http://h1/\nhttp://h2/\nhttp://hx/\nhttp://h/*\n";
    let (out, _) = edit(&["--if", "host=h[0-1]", "--set", "query=q"], input);
    assert_eq!(out, "http://h1/?q\nhttp://h2/\nhttp://hx/\nhttp://h/*\n");
    let (out, _) = edit(&["--if", "host=h[!0-9]", "--set", "query=q"], input);
    assert_eq!(out, "http://h1/\nhttp://h2/\nhttp://hx/?q\nhttp://h/*\n");
    let (out, _) = edit(&["--if", "host=h?", "--set", "query=q"], input);
    assert_eq!(out, "http://h1/?q\nhttp://h2/?q\nhttp://hx/?q\nhttp://h/*\n");
    let (out, _) = edit(&["--spec", "rfc3986", "--if", "path=/\\*", "--set", "query=q"], input);
    assert_eq!(out, "http://h1/\nhttp://h2/\nhttp://hx/\nhttp://h/*?q\n");
}

#[test]
fn an_absent_component_matches_nothing_and_an_empty_one_the_empty_glob() {
    let input = "http://h/\nhttp://h/?\nhttp://h/?a\n";
    let (out, _) = edit(&["--if", "query=", "--set", "fragment=f"], input);
    assert_eq!(out, "http://h/\nhttp://h/?#f\nhttp://h/?a\n");
    let (out, _) = edit(&["--if", "query=*", "--set", "fragment=f"], input);
    assert_eq!(out, "http://h/\nhttp://h/?#f\nhttp://h/?a#f\n");
    // By whatwg, a getter's name matches what the getter returns: '' for a
    // part the URL lacks (and, by the URL API, for an empty query).
    let (out, _) = edit(&["--spec", "whatwg", "--if", "search=", "--set", "hash=f"], input);
    assert_eq!(out, "http://h/#f\nhttp://h/?#f\nhttp://h/?a\n");
    let (out, _) = edit(&["--spec", "whatwg", "--if", "query=", "--set", "hash=f"], input);
    assert_eq!(out, "http://h/\nhttp://h/?#f\nhttp://h/?a\n");
    let (out, _) = edit(
        &["--spec", "whatwg", "--if", "protocol=http:", "--set", "hash=f"],
        "http://h/\nftp://h/\n",
    );
    assert_eq!(out, "http://h/#f\nftp://h/\n");
}

#[test]
fn json_says_which_lines_matched() {
    let run = urikit_with_stdin(
        &[
            "edit",
            "--json",
            "--if",
            "scheme=http",
            "--set",
            "scheme=https",
            "--iterate",
            "port=1 2",
        ],
        b"http://a/\nftp://f/\nhttp://a b/\n",
    );
    let records: Vec<Value> = run.stdout().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let urls: Vec<&str> = records.iter().map(|r| r["url"].as_str().unwrap_or("null")).collect();
    // A line passed through has one record, whatever --iterate says.
    assert_eq!(urls, ["https://a:1/", "https://a:2/", "ftp://f/", "null"]);
    let matched: Vec<Option<bool>> = records
        .iter()
        .map(|r| r.get("matched").and_then(Value::as_bool))
        .collect();
    assert_eq!(matched, [Some(true), Some(true), Some(false), None]);
    assert_eq!(records[2]["valid"], Value::Bool(true));
    assert_eq!(run.code, 1, "the invalid line");
    // Without --if, no such key.
    let run = urikit(&["edit", "--json", "--set", "port=1", "http://a/"]);
    assert!(!run.stdout().contains("matched"), "{}", run.stdout());
}

#[test]
fn a_bad_condition_is_a_usage_error() {
    for args in [
        &["--if", "host=[a", "--set", "port=1", "http://h/"][..],
        &["--if", "host=a\\", "--set", "port=1", "http://h/"],
        &["--if", "hostx=a", "--set", "port=1", "http://h/"],
        &["--if", "hostname=a", "--set", "port=1", "http://h/"],
        &["--if", "host", "--set", "port=1", "http://h/"],
        &["--new", "--if", "host=a", "--set", "scheme=http", "--set", "host=a"],
    ] {
        let run = urikit(&[&["edit"], args].concat());
        assert_eq!((run.stdout(), run.code), ("", 2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("--if"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn a_glob_that_would_backtrack_is_answered_at_once() {
    let url = format!("http://h/{}", "a".repeat(100_000));
    let glob = format!("path=/{}b", "*a".repeat(40));
    let start = std::time::Instant::now();
    let run = urikit(&["edit", "--if", &glob, "--set", "query=q", &url]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout().trim_end(), url);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}
