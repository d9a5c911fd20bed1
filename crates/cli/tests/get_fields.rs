//! `urikit get`'s `{path:N}` (a path segment by index), `{zoneid}`, and the
//! `must:` and `strict:` modifiers, which make a line an error (on stderr,
//! exit status 1) when its field is absent, or would be written changed.

mod common;

use common::{urikit, Run};

#[track_caller]
fn ok(run: Run, stdout: &str) {
    assert_eq!((run.stdout(), run.stderr.as_str(), run.code), (stdout, "", 0));
}

/// stdout, and that the run failed with `error` on stderr.
#[track_caller]
fn refused(run: Run, stdout: &str, error: &str) {
    assert_eq!((run.stdout(), run.code), (stdout, 1), "{}", run.stderr);
    assert!(run.stderr.contains(error), "{:?} lacks {error:?}", run.stderr);
}

#[test]
fn path_segments_by_index() {
    ok(
        urikit(&[
            "get",
            "{path:0}|{path:1}|{path:-1}|{path:-2}|{path:9}|{path:-9}",
            "http://h/a%20b/c/d",
            "http://h/a/",
            "http://h",
            "mailto:me@example.com",
        ]),
        "a b|c|d|c||\na|||a||\n|||||\nme@example.com||me@example.com|||\n",
    );
    // As written with ':', decoded without.
    ok(
        urikit(&["get", "{:path:0} {path:0}", "http://h/a%2Fb/c"]),
        "a%2Fb a/b\n",
    );
    let run = urikit(&["get", "{path:one}", "http://h/"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("a whole number after path:"), "{}", run.stderr);
}

#[test]
fn zone_ids_are_refused_by_every_spec() {
    // RFC 6874's %25 form: no spec urikit parses accepts it, so {zoneid}
    // never has a URL to read one from.
    for spec in ["rfc3986", "whatwg"] {
        let run = urikit(&["get", "--spec", spec, "{zoneid}", "http://[fe80::1%25eth0]/"]);
        assert_eq!((run.stdout(), run.code), ("", 1), "{spec}");
    }
    ok(
        urikit(&["get", "--spec", "rfc3986", "<{zoneid}>", "http://[fe80::1]/"]),
        "<>\n",
    );
    refused(
        urikit(&["get", "--spec", "rfc3986", "{must:zoneid}", "http://[fe80::1]/"]),
        "",
        "error: {must:zoneid}: the URL has no IPv6 zone id",
    );
}

#[test]
fn must_refuses_an_absent_field_not_an_empty_one() {
    refused(
        urikit(&["get", "{must:query}", "http://h/", "http://h/?", "http://h/?a=1"]),
        "\na=1\n",
        "error: {must:query}: the URL has no query",
    );
    refused(
        urikit(&["get", "[{must:fragment}]", "http://h/"]),
        "",
        "argument 1: http://h/\nerror: {must:fragment}: the URL has no fragment",
    );
    refused(
        urikit(&["get", "{host} {must:query:x}", "http://h/?y=1", "http://g/?x="]),
        "g \n",
        "{must:query:x}: the URL has no query pair named \"x\"",
    );
    refused(
        urikit(&["get", "{must:path:1}", "http://h/a"]),
        "",
        "{must:path:1}: the URL has no path segment 1",
    );
    ok(urikit(&["get", "{must::query}", "http://h/?a%20b"]), "a%20b\n");
    // Lined up with --invalid, the status still 1.
    refused(
        urikit(&["get", "--invalid", "input", "{must:port}", "http://h:1/", "http://h/"]),
        "1\nhttp://h/\n",
        "{must:port}: the URL has no port",
    );
}

#[test]
fn strict_refuses_a_value_that_would_be_written_changed() {
    // trurl's own case: a decoded NUL.
    refused(
        urikit(&["get", "{strict:query}", "https://curl.se?name=mr%00smith"]),
        "",
        "{strict:query}: the value decodes to the control character U+0000",
    );
    ok(
        urikit(&["get", "{query}", "https://curl.se?name=mr%00smith"]),
        "name=mr%00smith\n",
    );
    refused(
        urikit(&["get", "{strict:path}", "http://h/%FF", "http://h/%C3%A9"]),
        "/é\n",
        "{strict:path}: the value decodes to octets that are not UTF-8",
    );
    refused(
        urikit(&[
            "get",
            "--spec",
            "whatwg",
            "--lenient",
            "{strict:query:x}|{query:x}",
            "http://h/?x=1%zz",
            "http://h/?x=a+b",
        ]),
        "a b|a b\n",
        "{strict:query:x}: a '%' not followed by two hex digits",
    );
    // A query's octets that are not UTF-8, which the form decoder would
    // write U+FFFD.
    refused(
        urikit(&["get", "{strict:query:x}", "http://h/?x=%FF", "http://h/?x=%C3%A9+y"]),
        "é y\n",
        "{strict:query:x}: the value decodes to octets that are not UTF-8",
    );
    // As written, nothing is changed: strict has nothing to refuse.
    ok(urikit(&["get", "{strict::path}", "http://h/%FF%00"]), "/%FF%00\n");
}

#[test]
fn query_separator() {
    ok(
        urikit(&[
            "get",
            "--query-separator",
            ";",
            "{query:a}|{query-all:b}|{query:c}",
            "http://h/?a=1;b=2&c=3;b=x+y",
        ]),
        "1|2&c=3 x y|\n",
    );
    ok(
        urikit(&["get", "{query:a}|{query:c}", "http://h/?a=1;b=2&c=3"]),
        "1;b=2|3\n",
    );
}
