//! `urikit edit --spec whatwg`: each `--set` and `--clear` runs the URL API's
//! setter, and a setter that ignores its value says so on stderr, keeps the
//! URL as it was, and makes the exit status 1.

mod common;

use common::{urikit, urikit_with_stdin};
use serde_json::Value;

/// `edit --spec whatwg` with `args`: stdout, stderr and the exit status.
#[track_caller]
fn edit(args: &[&str]) -> (String, String, i32) {
    let run = urikit(&[&["edit", "--spec", "whatwg"], args].concat());
    (run.stdout().to_owned(), run.stderr, run.code)
}

#[test]
fn each_setter_by_its_name_and_by_urikits() {
    let (out, err, code) = edit(&[
        "--set",
        "protocol=http",
        "--set",
        "username=a b",
        "--set",
        "password=p@ss",
        "--set",
        "host=EXAMPLE.org:8080",
        "--set",
        "pathname=/x/../y z",
        "--set",
        "search=?q=1 2",
        "--set",
        "hash=#top",
        "https://example.com/",
    ]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "http://a%20b:p%40ss@example.org:8080/y%20z?q=1%202#top\n");
    let (out, err, code) = edit(&[
        "--set",
        "scheme=http",
        "--set",
        "user=me",
        "--set",
        "hostname=x",
        "--set",
        "port=8080abc",
        "--set",
        "path=a",
        "--set",
        "query=k",
        "--set",
        "fragment=",
        "https://example.com/#f",
    ]);
    assert_eq!((err.as_str(), code), ("", 0));
    // fragment runs hash: the empty string removes the fragment.
    assert_eq!(out, "http://me@x:8080/a?k\n");
    let (out, err, code) = edit(&["--set", "href=HTTPS://Z/../a", "http://example.com/"]);
    assert_eq!((out.as_str(), err.as_str(), code), ("https://z/a\n", "", 0));
    // --clear gives the setter the empty string: the port, query and
    // fragment go.
    let (out, err, code) = edit(&[
        "--clear",
        "port",
        "--clear",
        "search",
        "--clear",
        "hash",
        "http://h:1/?q#f",
    ]);
    assert_eq!((out.as_str(), err.as_str(), code), ("http://h/\n", "", 0));
}

#[test]
fn an_ignored_value_is_named_and_the_url_written_unchanged() {
    let (out, err, code) = edit(&["--set", "port=abc", "--set", "hash=x", "https://example.com/"]);
    assert_eq!((out.as_str(), code), ("https://example.com/#x\n", 1));
    assert_eq!(
        err,
        "urikit: argument 1: https://example.com/
error: --set \"port=abc\": the port setter ignored the value: code point 'a' is not allowed in a number, expected a digit (at offset 0 of the value)
"
    );
    let (out, err, code) = edit(&["--set", "protocol=web+demo", "https://example.com/"]);
    assert_eq!((out.as_str(), code), ("https://example.com/\n", 1));
    assert!(
        err.contains("the protocol setter ignored the value: the URL's scheme is special and the new scheme is not"),
        "{err}"
    );
    let (out, err, code) = edit(&["--set", "port=1", "file:///tmp/x"]);
    assert_eq!((out.as_str(), code), ("file:///tmp/x\n", 1));
    assert!(err.contains("cannot have a username, password or port"), "{err}");
    // A control character of the value is shown escaped.
    let (out, err, code) = edit(&["--set", "hostname=a\u{1b}[31m", "https://example.com/"]);
    assert_eq!((out.as_str(), code), ("https://example.com/\n", 1));
    assert!(
        err.contains("\"hostname=a\\u{1b}[31m\"") && !err.contains('\u{1b}'),
        "{err:?}"
    );
}

#[test]
fn each_line_goes_on_after_an_ignored_value() {
    let run = urikit_with_stdin(
        &["edit", "--spec", "whatwg", "--set", "pathname=/p"],
        b"https://a/\nmailto:x@y\nhttps://b/\n",
    );
    assert_eq!(run.stdout(), "https://a/p\nmailto:x@y\nhttps://b/p\n");
    assert_eq!(run.code, 1);
    assert!(run.stderr.starts_with("urikit: line 2: mailto:x@y\n"), "{}", run.stderr);
    assert!(run.stderr.contains("the URL has an opaque path"), "{}", run.stderr);
}

#[test]
fn json_keeps_the_url_and_lists_the_ignored_setter() {
    let run = urikit(&[
        "edit",
        "--json",
        "--spec",
        "whatwg",
        "--set",
        "port=99999",
        "--set",
        "search=x",
        "https://example.com/",
    ]);
    assert_eq!((run.stderr.as_str(), run.code), ("", 1));
    let record: Value = serde_json::from_str(run.stdout().trim()).unwrap();
    assert_eq!(record["valid"], Value::Bool(true));
    assert_eq!(record["url"], "https://example.com/?x");
    assert_eq!(record["api"]["port"], "");
    let errors = record["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{record}");
    assert_eq!(errors[0]["rule"], "port setter");
    assert_eq!(errors[0]["offset"], 0);
    assert!(
        errors[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("--set \"port=99999\": the port setter ignored the value: port number over 65535"),
        "{record}"
    );
    // Nothing ignored: no errors, exit 0.
    let run = urikit(&[
        "edit",
        "--json",
        "--spec",
        "whatwg",
        "--set",
        "port=1",
        "https://example.com/",
    ]);
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    let record: Value = serde_json::from_str(run.stdout().trim()).unwrap();
    assert_eq!(
        (record["url"].as_str(), record["errors"].as_array().map(Vec::len)),
        (Some("https://example.com:1/"), Some(0))
    );
}

#[test]
fn an_unknown_name_lists_both_vocabularies() {
    let (out, err, code) = edit(&["--set", "origin=x", "https://example.com/"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.contains("href, protocol, username, password, host, hostname, port, pathname, search, hash"),
        "{err}"
    );
    // Under another spec, the URL API's names are not components.
    let run = urikit(&["edit", "--set", "hostname=x", "http://h/"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn help_says_how() {
    let run = urikit(&["edit", "--help"]);
    assert!(run.stdout().contains("runs the URL API's setter"), "{}", run.stdout());
    assert!(run.stdout().contains("hostname"), "{}", run.stdout());
}
