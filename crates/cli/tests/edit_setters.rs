//! `urikit edit --spec whatwg`: each `--set` and `--clear` runs the URL API's
//! setter, and a setter that ignores its value says so on stderr, keeps the
//! URL as it was, and makes the exit status 1; one that takes a part of its
//! value changes the URL and says on stderr what it ignored, exit status 0.

mod common;

use common::{urikit, urikit_with_stdin};
use serde_json::Value;

/// `edit --spec whatwg` with `args`: stdout, stderr and the exit status.
#[track_caller]
fn edit(args: &[&str]) -> (String, String, i32) {
    let run = urikit(&[&["edit", "--spec", "whatwg"], args].concat());
    (run.stdout().to_owned(), run.stderr, run.code)
}

/// urikit's component names mean the component under every spec (the
/// query is what follows the `?`); the URL API's setter names mean the
/// setter (`search` drops one leading `?`, and takes "" as no query).
#[test]
fn component_names_mean_the_component_setter_names_the_setter() {
    for (set, whatwg, rfc3986) in [
        ("query=?a", "http://h/??a\n", "http://h/??a\n"),
        ("query=", "http://h/?\n", "http://h/?\n"),
        ("fragment=#a", "http://h/##a\n", ""),
        ("fragment=", "http://h/#\n", "http://h/#\n"),
        ("search=?a", "http://h/?a\n", ""),
        ("search=", "http://h/\n", ""),
        ("hash=#a", "http://h/#a\n", ""),
    ] {
        let (out, err, code) = edit(&["--set", set, "http://h/"]);
        assert_eq!((out.as_str(), err.as_str(), code), (whatwg, "", 0), "{set}");
        let run = urikit(&["edit", "--spec", "rfc3986", "--set", set, "http://h/"]);
        if rfc3986.is_empty() {
            // '#' is no fragment character; search and hash are no
            // component names by RFC 3986.
            assert_ne!(run.code, 0, "{set}");
        } else {
            assert_eq!((run.stdout(), run.code), (rfc3986, 0), "{set}");
        }
    }
    // --clear removes the component under every spec.
    for spec in ["whatwg", "rfc3986"] {
        let run = urikit(&[
            "edit",
            "--spec",
            spec,
            "--clear",
            "query",
            "--clear",
            "fragment",
            "http://h/?q#f",
        ]);
        assert_eq!((run.stdout(), run.code), ("http://h/\n", 0), "{spec}");
    }
    // The message of an unknown name lists both vocabularies by whatwg.
    let (_, err, code) = edit(&["--set", "serch=a", "http://h/"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("setters (href, protocol") && err.contains("components (scheme, user"),
        "{err}"
    );
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
    // port=8080abc takes the digits, and says what it ignored.
    assert_eq!(
        (err.as_str(), code),
        (
            "urikit: argument 1: https://example.com/#f
warning: --set \"port=8080abc\": the port setter took \"8080\" and ignored \"abc\": a port ends at its last digit
",
            0
        )
    );
    // fragment is the component: the empty string is an empty fragment,
    // as under every spec (hash= would remove it).
    assert_eq!(out, "http://me@x:8080/a?k#\n");
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

/// Each setter whose state returns before the end of its value: the URL
/// changed as the standard says, a warning naming the setter, the part
/// taken and the part ignored, and the exit status 0.
#[test]
fn a_value_taken_in_part_is_a_change_and_a_warning() {
    for (set, url, want, took, ignored, why) in [
        (
            "port=8080/x",
            "http://h/p",
            "http://h:8080/p",
            "8080",
            "/x",
            "a port ends at its last digit",
        ),
        (
            "host=example.com/stuff",
            "http://h/p",
            "http://example.com/p",
            "example.com",
            "/stuff",
            "a host ends at '/', '?' or '#' ('\\' too in a special URL)",
        ),
        (
            "hostname=example.com?q",
            "http://h/p",
            "http://example.com/p",
            "example.com",
            "?q",
            "a host ends at '/', '?' or '#' ('\\' too in a special URL)",
        ),
        (
            "host=example.com:8080stuff",
            "http://h/p",
            "http://example.com:8080/p",
            "example.com:8080",
            "stuff",
            "a port ends at its last digit",
        ),
        (
            "host=example.com:99999",
            "http://h:81/p",
            "http://example.com:81/p",
            "example.com",
            ":99999",
            "the port is over 65535, so the port is left as it was",
        ),
        (
            "host=example.com:x",
            "http://h:81/p",
            "http://example.com:81/p",
            "example.com",
            ":x",
            "no digit follows ':', so the port is left as it was",
        ),
        (
            "protocol=https:foo",
            "http://h/",
            "https://h/",
            "https:",
            "foo",
            "a scheme ends at its ':'",
        ),
        (
            "scheme=wss://x",
            "ws://h/",
            "wss://h/",
            "wss:",
            "//x",
            "a scheme ends at its ':'",
        ),
    ] {
        let (out, err, code) = edit(&["--set", set, url]);
        assert_eq!((out.trim_end(), code), (want, 0), "{set}: {err}");
        assert_eq!(
            err,
            format!(
                "urikit: argument 1: {url}\nwarning: --set {set:?}: the {} setter took {took:?} and ignored {ignored:?}: {why}\n",
                set.split('=').next().unwrap().replace("scheme", "protocol")
            )
        );
    }
    // The ignored part is shown escaped; a warning and an error together
    // make the exit status 1.
    let (out, err, code) = edit(&[
        "--set",
        "hostname=x/\u{1b}[2J",
        "--set",
        "port=abc",
        "https://example.com/",
    ]);
    assert_eq!((out.as_str(), code), ("https://x/\n", 1));
    assert!(err.contains("and ignored \"/\\u{1b}[2J\""), "{err:?}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("error: --set \"port=abc\""), "{err}");
    // A value taken whole says nothing.
    let (out, err, code) = edit(&["--set", "host=example.com:8080", "--set", "protocol=wss:", "ws://h/"]);
    assert_eq!((out.as_str(), err.as_str(), code), ("wss://example.com:8080/\n", "", 0));
    // --json: a warning in the record, its offset where the ignored part
    // starts; nothing on stderr, exit status 0.
    let run = urikit(&[
        "edit",
        "--json",
        "--spec",
        "whatwg",
        "--set",
        "port=8080abc",
        "https://example.com/",
    ]);
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    let record: Value = serde_json::from_str(run.stdout().trim()).unwrap();
    assert_eq!(record["url"], "https://example.com:8080/");
    assert_eq!(record["errors"].as_array().map(Vec::len), Some(0));
    assert_eq!(
        record["warnings"],
        serde_json::json!([{
            "offset": 4,
            "message": "--set \"port=8080abc\": the port setter took \"8080\" and ignored \"abc\": a port ends at its last digit"
        }])
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
    let help = run.stdout().replace('\n', " ");
    assert!(
        help.contains("takes a part of its value") && help.contains("the exit status stays 0"),
        "{help}"
    );
}

/// The getter `name` of the URL API as `urikit` gives it (a record's `api`)
/// or as the library does.
fn api_getter(url: &urikit::Url, name: &str) -> String {
    let api = url.api().expect("a WHATWG URL");
    match urikit::whatwg::api::Setter::from_name(name) {
        Some(setter) => api.get(setter).to_owned(),
        None if name == "origin" => api.origin(),
        None => panic!("unknown getter {name}"),
    }
}

/// Every case of web-platform-tests' `setters_tests.json` runs through
/// `edit --spec whatwg --lenient --json --set SETTER=VALUE HREF`, and each
/// getter the case expects is the record's: wherever the library passes a
/// case, the command does. Strictly, an href with a validation error is
/// refused (as `check` refuses it), and a browser's reading needs
/// `--lenient`. A value holding NUL cannot be an argument; those cases are
/// counted apart.
#[test]
fn wpt_setter_cases_pass_through_the_command_with_lenient() {
    use urikit::whatwg::api::Setter;
    use urikit::{Spec, Url};

    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/wpt-url/setters_tests.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut run, mut nul, mut refused_strictly) = (0, 0, 0);
    let mut failed = Vec::new();
    for (name, cases) in data.as_object().unwrap() {
        if name == "comment" {
            continue;
        }
        let setter = Setter::from_name(name).unwrap();
        for case in cases.as_array().unwrap() {
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            let expected = case["expected"].as_object().unwrap();
            // The library's answer.
            let mut url = Url::parse_lenient_with(href, Spec::Whatwg).unwrap().0;
            let _ = url.set_api(setter, value);
            let by_library = expected
                .iter()
                .all(|(getter, want)| api_getter(&url, getter) == want.as_str().unwrap());
            assert!(by_library, "the library fails <{href}> {name} = {value:?}");
            if value.contains('\0') || href.contains('\0') {
                nul += 1;
                continue;
            }
            run += 1;
            let set = format!("{name}={value}");
            let strict = urikit(&["edit", "--spec", "whatwg", "--json", "--set", &set, "--", href]);
            let strict: Value = serde_json::from_str(strict.stdout().trim_end()).unwrap();
            if strict["url"].is_null() {
                refused_strictly += 1;
                assert!(Url::parse_with(href, Spec::Whatwg).is_err(), "{href}: {strict}");
            }
            let lenient = urikit(&[
                "edit",
                "--spec",
                "whatwg",
                "--lenient",
                "--json",
                "--set",
                &set,
                "--",
                href,
            ]);
            let record: Value = serde_json::from_str(lenient.stdout().trim_end())
                .unwrap_or_else(|e| panic!("<{href}> {set:?}: {e}: {}", lenient.stderr));
            for (getter, want) in expected {
                if record["api"][getter] != *want {
                    failed.push(format!(
                        "<{href}> {set:?}: {getter} {} != {want}",
                        record["api"][getter]
                    ));
                }
            }
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {run} cases fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
    // Every case but those with a NUL ran; strictly, those whose href has a
    // validation error are refused.
    assert_eq!((run, nul), (263, 15), "cases run, and with a NUL");
    assert_eq!(refused_strictly, 23);
}
