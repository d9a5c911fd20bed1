//! `urikit get` and `urikit edit`: one test per behaviour of trurl's test
//! list that applies to urikit's specs (set, append, trim, sort, get,
//! redirect, JSON), with cases of their own, and the Unix-citizen rules.

mod common;

use common::{urikit, urikit_with_stdin, Run};

#[track_caller]
fn ok(run: Run, stdout: &str) {
    assert_eq!((run.stdout(), run.stderr.as_str(), run.code), (stdout, "", 0));
}

// --- get -----------------------------------------------------------------

#[test]
fn get_each_component_decoded() {
    let url = "ftp://smith:se%20cret@files.example.org:2121/pub/a%20b;type=i";
    ok(
        urikit(&["get", "{scheme}|{user}|{password}|{host}|{port}|{path}", url]),
        "ftp|smith|se cret|files.example.org|2121|/pub/a b;type=i\n",
    );
    ok(
        urikit(&["get", "{query}|{fragment}", "http://h/s?who=Ada+L%C3%BC#part"]),
        "who=Ada Lü|part\n",
    );
}

#[test]
fn get_encoded_components_with_a_colon() {
    ok(
        urikit(&["get", "{:path} {:query}", "http://h/a%20b?x=1+2%26"]),
        "/a%20b x=1+2%26\n",
    );
}

#[test]
fn get_url_is_the_serialization() {
    ok(urikit(&["get", "{url}", "HTTP://h/a"]), "http://h/a\n");
    // The scheme is in lower case however it is asked for; the rest is as
    // written.
    ok(
        urikit(&["get", "{scheme} {:scheme} {:host} {url}", "URL:HtTp://EX.com/A"]),
        "http http EX.com http://EX.com/A\n",
    );
}

#[test]
fn get_port_and_default_port() {
    ok(urikit(&["get", "[{port}] {default:port}", "http://h/"]), "[] 80\n");
    ok(
        urikit(&["get", "[{port}] {default:port}", "gopher://h:7070/"]),
        "[7070] 7070\n",
    );
}

#[test]
fn get_missing_components_print_empty() {
    ok(
        urikit(&["get", "<{user}><{query}><{fragment}><{query:x}>", "http://h/"]),
        "<><><><>\n",
    );
}

#[test]
fn get_first_query_value_decoded_and_encoded() {
    let url = "http://h/?utm_source=tra%20cker&address%20=home&here=now&flag";
    ok(urikit(&["get", "{query:utm_source}", url]), "tra cker\n");
    ok(urikit(&["get", "{:query:utm_source}", url]), "tra%20cker\n");
    ok(urikit(&["get", "{query:address }", url]), "home\n");
    // Names match exactly: no prefix, no case folding.
    ok(urikit(&["get", "[{query:utm_}][{query:UTM_SOURCE}]", url]), "[][]\n");
}

#[test]
fn get_all_query_values() {
    ok(
        urikit(&["get", "{query-all:a}", "http://h/p?a=b&a=c+d&x=1&a=e"]),
        "b c d e\n",
    );
}

#[test]
fn get_escapes_decoded_controls() {
    ok(
        urikit(&["get", "{query:name}", "http://h/p?name=mr%00smith%0A"]),
        "mr%00smith%0A\n",
    );
}

#[test]
fn get_template_text_and_escapes() {
    ok(urikit(&["get", "\\{{scheme}} \\{host", "http://h/"]), "{http} {host\n");
    let run = urikit(&["get", "{hostname}", "http://h/"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown template field {hostname}"),
        "{}",
        run.stderr
    );
    // A field left open is a usage error, the '{' pointed at, not text.
    let run = urikit(&["get", "{scheme}://{host", "http://h/"]);
    assert_eq!((run.code, run.stdout()), (2, ""));
    assert_eq!(
        run.stderr,
        "urikit: template: {scheme}://{host\n                             ^\n\
         error: '{' opens a field that no '}' closes (\\{ is a literal '{') at offset 11\n"
    );
}

#[test]
fn get_reads_stdin_in_order_and_rejects_on_stderr() {
    let mut input = String::new();
    for i in 0..20_000 {
        input.push_str(&format!("http://host{i}.example/\n"));
    }
    input.push_str("http://user@bad/\n");
    let run = urikit_with_stdin(&["get", "{host}"], input.as_bytes());
    let hosts: Vec<&str> = run.stdout().lines().collect();
    assert_eq!(hosts.len(), 20_000);
    assert!(hosts.iter().enumerate().all(|(i, h)| *h == format!("host{i}.example")));
    assert_eq!(run.code, 1);
    // One diagnostic, naming the line, across the batches of every core.
    assert!(
        run.stderr.starts_with("urikit: line 20001: http://user@bad/\n"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.matches("urikit: ").count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("allows no user"), "{}", run.stderr);
}

#[test]
fn get_obeys_spec() {
    ok(
        urikit(&["get", "--spec", "rfc3986", "{host}", "http://[::1]:8080/~me"]),
        "[::1]\n",
    );
    let run = urikit(&["get", "{host}", "http://[::1]:8080/~me"]);
    assert_eq!((run.stdout(), run.code), ("", 1));
}

// --- edit: set, clear -------------------------------------------------------

#[test]
fn edit_set_scheme_host_port() {
    ok(
        urikit(&[
            "edit",
            "--set",
            "host=example.com",
            "--set",
            "scheme=https",
            "--set",
            "port=8443",
            "http://h/a",
        ]),
        "https://example.com:8443/a\n",
    );
}

#[test]
fn edit_set_scheme_keeps_the_port_as_written() {
    // trurl drops a port equal to the new scheme's default; urikit keeps
    // what is written (`urikit normalize` drops it).
    ok(
        urikit(&["edit", "--set", "scheme=ftp", "http://hello:443/foo"]),
        "ftp://hello:443/foo\n",
    );
    ok(
        urikit(&["edit", "--set", "scheme=gopher", "http://hello:70/foo"]),
        "gopher://hello:70/foo\n",
    );
}

#[test]
fn edit_set_path_query_fragment() {
    ok(
        urikit(&[
            "edit",
            "--set",
            "path=/hello",
            "--set",
            "query=user=me",
            "--set",
            "fragment=top",
            "http://h/",
        ]),
        "http://h/hello?user=me#top\n",
    );
}

#[test]
fn edit_set_user_and_password_where_the_scheme_has_them() {
    ok(
        urikit(&["edit", "--set", "user=hej", "--set", "password=secret", "ftp://h/pub"]),
        "ftp://hej:secret@h/pub\n",
    );
    ok(
        urikit(&[
            "edit",
            "--spec",
            "rfc3986",
            "--set",
            "user=hej",
            "https://curl.se/hello",
        ]),
        "https://hej@curl.se/hello\n",
    );
}

#[test]
fn edit_sets_are_validated_together() {
    // "http:comp.infosystems.www" alone is no http URL; with a host it is.
    ok(
        urikit(&[
            "edit",
            "--set",
            "scheme=http",
            "--set",
            "host=h",
            "--set",
            "path=/x",
            "news:comp.infosystems.www",
        ]),
        "http://h/x\n",
    );
}

#[test]
fn edit_clear_components() {
    ok(
        urikit(&[
            "edit",
            "--clear",
            "port",
            "--clear",
            "user",
            "--clear",
            "fragment",
            "ftp://daniel@curl.se:22/a#f",
        ]),
        "ftp://curl.se/a\n",
    );
    ok(urikit(&["edit", "--clear", "query", "http://h/a?"]), "http://h/a\n");
    ok(urikit(&["edit", "--set", "fragment=", "http://h/a"]), "http://h/a#\n");
}

#[test]
fn edit_value_that_does_not_fit_is_an_error_and_no_output() {
    let run = urikit(&["edit", "--set", "user=me", "http://h/", "ftp://h/"]);
    assert_eq!(run.stdout(), "ftp://me@h/\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr.matches("urikit: ").count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with("urikit: argument 1: http://h/\n"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("allows no user"), "{}", run.stderr);
    // A delimiter in a value.
    let run = urikit(&["edit", "--set", "path=/a?b", "http://h/"]);
    assert_eq!((run.stdout(), run.code), ("", 1));
    assert!(run.stderr.contains("path"), "{}", run.stderr);
    // Not a number.
    let run = urikit(&["edit", "--set", "port=http", "http://h/"]);
    assert_eq!((run.stdout(), run.code), ("", 1));
}

/// The diagnostic names the option the edit failed at, as it was given.
#[test]
fn edit_errors_name_the_option_given() {
    for (args, option) in [
        (&["--clear", "scheme"][..], "--clear \"scheme\": "),
        (&["--clear", "host"], "--clear \"host\": "),
        (&["--clear", "host", "--clear", "port"], "--clear: "),
        (&["--clear", "host", "--set", "fragment=x"], "--clear and --set: "),
        (&["--set", "user=me", "--clear", "fragment"], "--set \"user=me\": "),
        (&["--clear", "scheme", "--set", "scheme=a b"], "--set \"scheme=a b\": "),
        (&["--set", "host=a_b", "--set", "port=1"], "--set \"host=a_b\": "),
        (&["--redirect", "a b"], "--redirect \"a b\": "),
        (
            &[
                "--replace",
                "query=a=b",
                "--set",
                "scheme=news",
                "--set",
                "path=x",
                "--clear",
                "host",
            ],
            "--replace \"query=a=b\": ",
        ),
        (
            &[
                "--append",
                "query=a=b",
                "--set",
                "scheme=news",
                "--set",
                "path=x",
                "--clear",
                "host",
            ],
            "--append \"query=a=b\": ",
        ),
    ] {
        let run = urikit(&[&["edit"], args, &["http://h/a"]].concat());
        assert_eq!((run.stdout(), run.code), ("", 1), "{args:?}: {}", run.stderr);
        let error = run.stderr.lines().nth(1).unwrap_or("");
        assert!(
            error.starts_with(&format!("error: {option}")),
            "{args:?}: {}",
            run.stderr
        );
    }
}

/// A part kept from the URL need only read back: RFC 1738 allows `?` in a
/// `file` path, so the host of such a URL can change; a `?` given in a
/// value is still refused.
#[test]
fn edit_keeps_a_file_path_with_a_question_mark() {
    ok(
        urikit(&["edit", "--set", "host=x.example", "file:///tmp/a.js?v=1"]),
        "file://x.example/tmp/a.js?v=1\n",
    );
    let run = urikit(&["edit", "--set", "path=/b?c", "file:///tmp/a.js?v=1"]);
    assert_eq!((run.stdout(), run.code), ("", 1));
    assert!(run.stderr.contains("in the path of"), "{}", run.stderr);
    // The query given is named, though the path is where it lands.
    let run = urikit(&["edit", "--set", "query=q", "ftp://h/a"]);
    assert_eq!((run.stdout(), run.code), ("", 1));
    assert!(run.stderr.contains("in the query of"), "{}", run.stderr);
}

#[test]
fn edit_usage_errors_exit_2() {
    for args in [
        &["edit", "--set", "hostname=x", "http://h/"][..],
        &["edit", "--set", "host", "http://h/"],
        &["edit", "--clear", "nope", "http://h/"],
        &["edit", "--append", "fragment=x", "http://h/"],
    ] {
        let run = urikit(args);
        assert_eq!((run.stdout(), run.code), ("", 2), "{args:?}: {}", run.stderr);
    }
}

// --- edit: append, trim, sort ----------------------------------------------

#[test]
fn edit_append_query_pairs_encoded() {
    ok(
        urikit(&["edit", "--append", "query=search=a string&more", "http://h/?name=hello"]),
        "http://h/?name=hello&search=a+string%26more\n",
    );
    ok(
        urikit(&["edit", "--append", "query=hello=foo", "http://h/"]),
        "http://h/?hello=foo\n",
    );
    ok(
        urikit(&["edit", "--append", "query=flag", "http://h/?a=1&"]),
        "http://h/?a=1&flag\n",
    );
}

#[test]
fn edit_append_path_segment_encoded() {
    ok(
        urikit(&["edit", "--append", "path=you", "http://h/hello"]),
        "http://h/hello/you\n",
    );
    ok(
        urikit(&["edit", "--append", "path=you index.html", "http://h/hello/"]),
        "http://h/hello/you%20index.html\n",
    );
}

#[test]
fn edit_append_query_where_the_scheme_has_none_is_an_error() {
    let run = urikit(&["edit", "--append", "query=a=b", "ftp://h/file"]);
    assert_eq!((run.stdout(), run.code), ("", 1));
    ok(
        urikit(&["edit", "--spec", "rfc3986", "--append", "query=a=b", "ftp://h/file"]),
        "ftp://h/file?a=b\n",
    );
}

#[test]
fn edit_remove_query_by_name_and_glob() {
    let url = "http://h/?search=hello&utm_source=tracker&more=data&utm_medium=x";
    ok(
        urikit(&["edit", "--remove-query", "utm_*", url]),
        "http://h/?search=hello&more=data\n",
    );
    ok(
        urikit(&["edit", "--remove-query", "utm_source", url]),
        "http://h/?search=hello&more=data&utm_medium=x\n",
    );
    ok(
        urikit(&[
            "edit",
            "--remove-query",
            "utm_*",
            "--remove-query",
            "more",
            "--remove-query",
            "search",
            url,
        ]),
        "http://h/\n",
    );
    ok(
        urikit(&["edit", "--remove-query", "utm_*", "http://h/?moo&utm_a=1"]),
        "http://h/?moo\n",
    );
    ok(
        urikit(&["edit", "--remove-query", "x", "http://h/?a=1"]),
        "http://h/?a=1\n",
    );
}

#[test]
fn edit_remove_then_append() {
    ok(
        urikit(&[
            "edit",
            "--remove-query",
            "search",
            "--append",
            "query=moo",
            "http://h/?search=hello",
        ]),
        "http://h/?moo\n",
    );
}

/// The query and path edits run one after the other in the order the
/// command line gives them, whatever their kind (the --set and --clear
/// options run before them all).
#[test]
fn edit_query_edits_run_in_the_order_given() {
    let url = "http://h/x?a=hi&b=hello&x=y";
    let edits = |args: &[&str]| urikit(&[&["edit"], args, &[url]].concat());
    // trurl's case 136: the pairs named a go, then one is appended.
    ok(
        edits(&[
            "--remove-query",
            "a",
            "--append",
            "query=a=ciao",
            "--append",
            "query=b=salve",
        ]),
        "http://h/x?b=hello&x=y&a=ciao&b=salve\n",
    );
    // The other way round, the appended pair goes too.
    ok(
        edits(&["--append", "query=a=ciao", "--remove-query", "a"]),
        "http://h/x?b=hello&x=y\n",
    );
    // Sorted, then appended to; appended to, then sorted.
    ok(
        edits(&["--sort-query", "--append", "query=a=ciao"]),
        "http://h/x?a=hi&b=hello&x=y&a=ciao\n",
    );
    ok(
        edits(&["--append", "query=a=ciao", "--sort-query"]),
        "http://h/x?a=hi&a=ciao&b=hello&x=y\n",
    );
    // --replace among them, and a path segment, with the --set first
    // wherever it is given.
    ok(
        edits(&[
            "--replace",
            "query=a=1",
            "--remove-query",
            "a",
            "--append",
            "path=y",
            "--set",
            "query=a=0",
            "--replace",
            "query=a=2",
        ]),
        "http://h/x/y?a=2\n",
    );
    let help = urikit(&["edit", "--help"]).stdout().replace('\n', " ");
    assert!(
        help.contains("--sort-query, one after the other in the order the command line gives them"),
        "{help}"
    );
}

#[test]
fn edit_replace_query_value() {
    ok(
        urikit(&["edit", "--replace", "query=a=x y", "http://h/?a=1&b=2&a=3"]),
        "http://h/?a=x+y&b=2\n",
    );
    ok(
        urikit(&["edit", "--replace", "query=c=4", "http://h/?a=1"]),
        "http://h/?a=1&c=4\n",
    );
    let run = urikit(&["edit", "--replace", "path=x", "http://h/"]);
    assert_eq!(run.code, 2);
}

#[test]
fn edit_sort_query() {
    ok(
        urikit(&[
            "edit",
            "--sort-query",
            "http://h/?utm_source=tracker&monkey=123&b=2&b=1",
        ]),
        "http://h/?b=2&b=1&monkey=123&utm_source=tracker\n",
    );
    ok(
        urikit(&["edit", "--sort-query", "http://h/?a=b&c=d&"]),
        "http://h/?a=b&c=d\n",
    );
    ok(
        urikit(&["edit", "--sort-query", "--remove-query", "a", "http://h/?c=d&a=b&"]),
        "http://h/?c=d\n",
    );
}

// --- edit: redirect, json -----------------------------------------------------

#[test]
fn edit_redirect_resolves_by_the_spec() {
    ok(
        urikit(&["edit", "--redirect", "here.html", "http://curl.se/we/are.html"]),
        "http://curl.se/we/here.html\n",
    );
    ok(
        urikit(&[
            "edit",
            "--spec",
            "rfc3986",
            "--redirect",
            "../g?y",
            "http://a/b/c/d;p?q",
        ]),
        "http://a/b/g?y\n",
    );
    ok(
        urikit(&["edit", "--redirect", "/x?a=1", "--set", "fragment=f", "http://h/p"]),
        "http://h/x?a=1#f\n",
    );
    let run = urikit(&["edit", "--redirect", "a b", "http://h/p"]);
    assert_eq!((run.stdout(), run.code), ("", 1));
}

#[test]
fn edit_json_is_parse_json_of_the_edited_url_with_the_input() {
    let edited = urikit(&["edit", "--json", "--set", "scheme=ftp", "http://h/a"]);
    let parsed = urikit(&["parse", "--json", "ftp://h/a"]);
    assert_eq!((edited.code, edited.stderr.as_str()), (0, ""));
    let mut edited: serde_json::Value = serde_json::from_str(edited.stdout()).unwrap();
    let parsed: serde_json::Value = serde_json::from_str(parsed.stdout()).unwrap();
    assert_eq!(edited["input"], "http://h/a");
    assert_eq!(edited["url"], "ftp://h/a");
    edited.as_object_mut().unwrap().remove("url");
    edited["input"] = parsed["input"].clone();
    assert_eq!(edited, parsed);
}

/// Lines for `edit --json --set user=me`: edited, a failed edit (http has
/// no user), not a URL, not UTF-8, edited.
const EDIT_INPUT: &[u8] = b"ftp://h/a\nhttp://h/a\nbad url\nftp://h/\xff\nftp://h/b\n";

#[test]
fn edit_json_writes_one_object_per_line_with_the_input_as_it_came() {
    for jobs in ["1", "2"] {
        let run = urikit_with_stdin(&["edit", "--json", "--set", "user=me", "--jobs", jobs], EDIT_INPUT);
        assert_eq!((run.code, run.stderr.as_str()), (1, ""), "--jobs {jobs}");
        let records: Vec<serde_json::Value> = run.stdout().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let inputs: Vec<String> = EDIT_INPUT
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| String::from_utf8_lossy(l).into_owned())
            .collect();
        assert_eq!(records.len(), inputs.len(), "--jobs {jobs}: {}", run.stdout());
        for (record, input) in records.iter().zip(&inputs) {
            assert_eq!(record["input"].as_str(), Some(input.as_str()), "{record}");
        }
        let valid: Vec<bool> = records.iter().map(|r| r["valid"].as_bool().unwrap()).collect();
        assert_eq!(valid, [true, false, false, false, true]);
        assert_eq!(records[0]["url"], "ftp://me@h/a");
        assert_eq!(records[0]["user"], "me");
        assert_eq!(records[4]["url"], "ftp://me@h/b");
        // The failed edit: its error names the option.
        let failed = &records[1];
        assert!(failed["url"].is_null() && failed["scheme_view"].is_null(), "{failed}");
        let message = failed["errors"][0]["message"].as_str().unwrap();
        assert!(message.starts_with("--set \"user=me\": "), "{failed}");
        assert_eq!(failed["errors"][0]["rule"], "hostport");
        // An invalid line, and one not UTF-8: what parse --json says, and
        // "url":null.
        for (i, line) in [(2, &b"bad url\n"[..]), (3, b"ftp://h/\xff\n")] {
            let parsed = urikit_with_stdin(&["parse", "--json"], line);
            let mut parsed: serde_json::Value = serde_json::from_str(parsed.stdout()).unwrap();
            parsed["url"] = serde_json::Value::Null;
            assert_eq!(records[i], parsed);
        }
    }
    // Arguments, the same.
    let run = urikit(&[
        "edit",
        "--json",
        "--set",
        "user=me",
        "ftp://h/a",
        "http://h/a",
        "bad url",
    ]);
    assert_eq!((run.code, run.stdout().lines().count()), (1, 3), "{}", run.stdout());
    assert!(run.stdout().lines().all(|l| l.contains("\"url\":")), "{}", run.stdout());
}

#[test]
fn edit_streams_stdin_in_order_and_escapes_what_it_echoes() {
    let mut input = String::new();
    for i in 0..20_000 {
        input.push_str(&format!("http://h/{i}?utm_x=1&a={i}\n"));
    }
    input.push_str("http://h/\u{1b}[31m\n");
    let run = urikit_with_stdin(
        &["edit", "--set", "scheme=https", "--remove-query", "utm_*"],
        input.as_bytes(),
    );
    let lines: Vec<&str> = run.stdout().lines().collect();
    assert_eq!(lines.len(), 20_000);
    assert!(lines
        .iter()
        .enumerate()
        .all(|(i, l)| *l == format!("https://h/{i}?a={i}")));
    assert_eq!(run.code, 1);
    assert!(!run.stderr.contains('\u{1b}'), "{:?}", run.stderr);
    assert!(
        run.stderr.starts_with("urikit: line 20001: http://h/<0x1B>[31m\n"),
        "{:?}",
        run.stderr
    );
}

#[test]
fn edit_closed_pipe_exits_quietly() {
    let input = "http://h/a\n".repeat(200_000);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(["edit", "--set", "scheme=ftp"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(input.as_bytes());
    });
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn a_long_input_is_echoed_as_a_window() {
    let url = format!("http://h/{}\n", "a".repeat(3000));
    let run = urikit_with_stdin(&["edit", "--set", "port=x"], url.as_bytes());
    assert_eq!(run.code, 1);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines[0], format!("urikit: line 1: {}…", &url[..72]), "{}", run.stderr);
    assert_eq!(lines.last(), Some(&"note: 3009 bytes in all; shown: bytes 0..72"));
}

/// `{query:}` and `{query-all:}` find the pairs with an empty name that
/// `--remove-query ''` removes, and nothing else: both read the name of the
/// whole pair.
#[test]
fn an_empty_query_name_is_the_same_name_to_get_and_remove_query() {
    let url = "http://h/?=bar&a=1&=&%3D=x&b";
    ok(
        urikit(&["get", "[{query:}] [{query-all:}] [{:query-all:}]", url]),
        "[bar] [bar ] [bar ]\n",
    );
    ok(urikit(&["edit", "--remove-query", "", url]), "http://h/?a=1&%3D=x&b\n");
    // What get found is what remove-query removed: after it, nothing.
    let run = urikit(&["edit", "--remove-query", "", url]);
    ok(urikit(&["get", "[{query-all:}]", run.stdout().trim_end()]), "[]\n");
    // A name that is not empty matches only itself.
    ok(urikit(&["get", "[{query:=}] [{query:b}]", url]), "[x] []\n");
    ok(urikit(&["get", "[{query:}]", "http://h/?a=bar"]), "[]\n");
}
