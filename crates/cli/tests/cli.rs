//! Runs the built `urikit` binary and compares whole outputs and exit codes.

use std::process::Command;

use serde_json::Value;

mod common;

use common::{urikit, urikit_with_stdin, Run};

/// Asserts the whole stdout and the exit code.
#[track_caller]
fn expect(run: Run, stdout: &str, code: i32) {
    assert_eq!(run.stdout(), stdout, "stderr: {}", run.stderr);
    assert_eq!(run.code, code, "stdout: {}\nstderr: {}", run.stdout(), run.stderr);
}

/// Parses each stdout line as a JSON object.
#[track_caller]
fn json_lines(run: &Run) -> Vec<serde_json::Map<String, Value>> {
    run.stdout()
        .lines()
        .map(|line| match serde_json::from_str(line) {
            Ok(Value::Object(map)) => map,
            other => panic!("not a JSON object: {line} ({other:?})"),
        })
        .collect()
}

const KEYS: [&str; 14] = [
    "input",
    "valid",
    "spec",
    "scheme",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
    "params",
    "errors",
    "scheme_view",
];

/// The keys of a JSON object line in the order they are written.
fn raw_key_order(line: &str) -> Vec<String> {
    let Value::Object(map) = serde_json::from_str::<Value>(line).unwrap() else {
        panic!("not an object: {line}");
    };
    let mut found: Vec<(usize, String)> = map
        .keys()
        .map(|k| (line.find(&format!("\"{k}\":")).expect("key written"), k.clone()))
        .collect();
    found.sort();
    found.into_iter().map(|(_, k)| k).collect()
}

// ---------------------------------------------------------------- parse

#[test]
fn parse_prints_every_component() {
    expect(
        urikit(&["parse", "ftp://myname@host.dom/%2Fetc/motd"]),
        "ftp://myname@host.dom/%2Fetc/motd
  scheme: ftp
  user: myname
  password: (none)
  host: host.dom
  port: (none)
  path: /%2Fetc/motd
  query: (none)
  fragment: (none)
",
        0,
    );
}

#[test]
fn parse_tells_empty_from_absent() {
    expect(
        urikit(&["parse", "ftp://foo:@host.com/", "HTTP://h:8080/x?q#"]),
        r#"ftp://foo:@host.com/
  scheme: ftp
  user: foo
  password: ""
  host: host.com
  port: (none)
  path: /
  query: (none)
  fragment: (none)
HTTP://h:8080/x?q#
  scheme: http
  user: (none)
  password: (none)
  host: h
  port: 8080
  path: /x
  query: q
  fragment: ""
"#,
        0,
    );
}

#[test]
fn parse_shows_errors_in_caret_form() {
    expect(
        urikit(&["parse", "http://user@host/", "news:comp.infosystems.www"]),
        "http://user@host/
       ^
error: this scheme allows no user name or password at offset 7 (hostport, RFC 1738)
hint: RFC 3986 accepts it (--spec rfc3986)
news:comp.infosystems.www
  scheme: news
  user: (none)
  password: (none)
  host: (none)
  port: (none)
  path: comp.infosystems.www
  query: (none)
  fragment: (none)
",
        1,
    );
}

#[test]
fn parse_lenient_shows_the_repaired_url_and_warnings() {
    expect(
        urikit(&["parse", "--lenient", " http://host/a b"]),
        " http://host/a b
  url: http://host/a%20b
  scheme: http
  user: (none)
  password: (none)
  host: host
  port: (none)
  path: /a%20b
  query: (none)
  fragment: (none)
  warning: removed leading or trailing whitespace at offset 0
  warning: encoded space 0x20 as %20 at offset 14
",
        0,
    );
}

#[test]
fn parse_json_keys_and_empty_user() {
    let run = urikit(&["parse", "--json", "ftp://@host.com/"]);
    assert_eq!(run.code, 0);
    let line = run.stdout().trim_end();
    assert_eq!(raw_key_order(line), KEYS);
    let objects = json_lines(&run);
    assert_eq!(objects.len(), 1);
    let o = &objects[0];
    assert_eq!(o.len(), KEYS.len());
    assert_eq!(o["input"], "ftp://@host.com/");
    assert_eq!(o["valid"], true);
    assert_eq!(o["spec"], "rfc1738");
    assert_eq!(o["scheme"], "ftp");
    assert_eq!(o["user"], "");
    assert_eq!(o["password"], Value::Null);
    assert_eq!(o["host"], "host.com");
    assert_eq!(o["port"], Value::Null);
    assert_eq!(o["path"], "/");
    assert_eq!(o["query"], Value::Null);
    assert_eq!(o["fragment"], Value::Null);
    assert_eq!(o["errors"], serde_json::json!([]));
    assert!(line.contains(r#""user":"","password":null"#), "{line}");
}

#[test]
fn parse_json_port_is_a_number() {
    let run = urikit(&["parse", "--json", "http://h:8080/x?q#f"]);
    assert_eq!(run.code, 0);
    let o = &json_lines(&run)[0];
    assert_eq!(o["port"], 8080);
    assert_eq!(o["query"], "q");
    assert_eq!(o["fragment"], "f");
}

#[test]
fn parse_json_lists_every_violation() {
    let run = urikit(&["parse", "--json", "http://us er@host/a b"]);
    assert_eq!(run.code, 1);
    let o = &json_lines(&run)[0];
    assert_eq!(o["valid"], false);
    for key in [
        "scheme", "user", "password", "host", "port", "path", "query", "fragment", "params",
    ] {
        assert_eq!(o[key], Value::Null, "{key}");
    }
    assert_eq!(
        o["errors"],
        serde_json::json!([
            {"offset": 7, "rule": "hostport", "message": "this scheme allows no user name or password"},
            {"offset": 9, "rule": "user", "message": "space 0x20 is not allowed here, it must be %-encoded"},
            {"offset": 19, "rule": "hpath", "message": "space 0x20 is not allowed here, it must be %-encoded"},
        ])
    );
}

#[test]
fn parse_json_lenient_adds_warnings_and_url() {
    let run = urikit(&["parse", "--json", "--lenient", "http://host/a b", "nope"]);
    assert_eq!(run.code, 1);
    let lines: Vec<&str> = run.stdout().lines().collect();
    let mut lenient_keys = KEYS.map(String::from).to_vec();
    lenient_keys.extend(["warnings".to_owned(), "url".to_owned()]);
    assert_eq!(raw_key_order(lines[0]), lenient_keys);
    assert_eq!(raw_key_order(lines[1]), lenient_keys);
    let objects = json_lines(&run);
    let ok = &objects[0];
    assert_eq!(ok["valid"], true);
    assert_eq!(ok["url"], "http://host/a%20b");
    assert_eq!(ok["path"], "/a%20b");
    assert_eq!(
        ok["warnings"],
        serde_json::json!([{"offset": 13, "message": "encoded space 0x20 as %20"}])
    );
    let bad = &objects[1];
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["url"], Value::Null);
    assert_eq!(bad["warnings"], serde_json::json!([]));
    assert_eq!(bad["errors"][0]["offset"], 4);
    assert_eq!(bad["errors"][0]["rule"], "scheme");
}

#[test]
fn parse_json_streams_stdin_in_order() {
    let run = urikit_with_stdin(
        &["parse", "--json", "--spec", "rfc1630"],
        b"http://a/1\r\nhttp://b/2\n\nhttp://c/3",
    );
    assert_eq!(run.code, 1, "the empty line is invalid");
    let objects = json_lines(&run);
    let inputs: Vec<&Value> = objects.iter().map(|o| &o["input"]).collect();
    assert_eq!(inputs, ["http://a/1", "http://b/2", "", "http://c/3"]);
    assert!(objects.iter().all(|o| o["spec"] == "rfc1630"));
    assert_eq!(objects[2]["valid"], false);
    assert_eq!(objects[3]["host"], "c");
}

#[test]
fn parse_json_reports_a_line_that_is_not_utf8() {
    let run = urikit_with_stdin(&["parse", "--json"], b"http://a/\xff\nftp://h/\n");
    assert_eq!(run.code, 1);
    let objects = json_lines(&run);
    assert_eq!(objects.len(), 2);
    assert_eq!(objects[0]["valid"], false);
    assert_eq!(objects[0]["errors"][0]["offset"], 9);
    assert_eq!(objects[1]["valid"], true);
}

// ---------------------------------------------------------------- check

#[test]
fn check_points_at_the_bad_escape() {
    expect(
        urikit(&["check", "news:12345667123%asdghfh@info.cern.ch"]),
        r#"argument 1: news:12345667123%asdghfh@info.cern.ch
                            ^
error: '%' must be followed by two hex digits, found "%as" at offset 16 (escape, RFC 1738)
"#,
        1,
    );
}

#[test]
fn check_accepts_an_empty_user() {
    expect(urikit(&["check", "ftp://@host.com/"]), "", 0);
}

#[test]
fn check_rejects_a_user_in_http() {
    expect(
        urikit(&["check", "http://user@host/"]),
        "argument 1: http://user@host/
                   ^
error: this scheme allows no user name or password at offset 7 (hostport, RFC 1738)
hint: RFC 3986 accepts it (--spec rfc3986)
",
        1,
    );
}

#[test]
fn check_puts_the_caret_after_the_end() {
    expect(
        urikit(&["check", "http:"]),
        r#"argument 1: http:
                 ^
error: expected "//" and a host after the scheme at offset 5 (ip-schemepart, RFC 1738)
hint: RFC 3986 accepts it (--spec rfc3986)
"#,
        1,
    );
}

#[test]
fn check_names_the_line_and_skips_blank_ones() {
    let want = "line 2: http://user@b/
               ^
error: this scheme allows no user name or password at offset 7 (hostport, RFC 1738)
hint: RFC 3986 accepts it (--spec rfc3986)
line 6: http://u@c/
               ^
error: this scheme allows no user name or password at offset 7 (hostport, RFC 1738)
hint: RFC 3986 accepts it (--spec rfc3986)
";
    let input = b"http://a/\r\nhttp://user@b/\n\n \t\r\n\t\nhttp://u@c/\nftp://x/%41\n\n";
    for jobs in ["1", "2"] {
        expect(urikit_with_stdin(&["check", "-j", jobs], input), want, 1);
    }
    // Blank lines alone are no invalid input; an empty argument is one.
    expect(urikit_with_stdin(&["check"], b"\n \n\t\r\n"), "", 0);
    expect(
        urikit(&["check", ""]),
        "argument 1: \n            ^\nerror: empty input, expected scheme ':' scheme-specific part at offset 0 (url, RFC 1738)\n",
        1,
    );
}

#[test]
fn check_help_says_how_inputs_are_named_and_blank_lines_skipped() {
    let run = urikit(&["check", "--help"]);
    assert_eq!(run.code, 0);
    for words in [
        "line 2: http://user@host/",
        "Blank lines of stdin",
        "argument",
        "window",
    ] {
        assert!(run.stdout().contains(words), "{words}: {}", run.stdout());
    }
}

#[test]
fn check_all_valid_stdin_exits_0() {
    expect(urikit_with_stdin(&["check"], b"http://a/\nftp://@host.com/\r\n"), "", 0);
}

#[test]
fn check_lenient_accepts_what_it_repairs() {
    expect(
        urikit(&["check", "--lenient", "http://user@my_host/~me/a b", "http://h:99999/"]),
        "argument 2: http://h:99999/
                     ^
error: port number over 65535 at offset 9 (port, RFC 1738)
hint: RFC 3986 allows any digits in a port (--spec rfc3986), but no 16-bit port holds this one: plan and fetch refuse it
",
        1,
    );
}

#[test]
fn check_puts_the_caret_far_out() {
    // A caret column over u16::MAX once panicked in `{:width$}`; the echo
    // is a window around it now, which takes its columns before the caret
    // when the input ends right after it.
    let url = format!("http://h/{}\u{7f}", "a".repeat(70_000));
    let want = format!(
        "line 1: …{}<0x7F>\n{}^\nerror: control character 0x7F is not allowed here, it must be %-encoded at offset 70009 (hpath, RFC 1738)\nnote: 70010 bytes in all; shown: bytes 69943..70010\n",
        "a".repeat(66),
        " ".repeat(8 + 1 + 66)
    );
    for jobs in ["1", "2"] {
        expect(urikit_with_stdin(&["check", "-j", jobs], url.as_bytes()), &want, 1);
    }
}

#[test]
fn check_cuts_the_echo_of_a_long_line_around_its_error() {
    // One invalid line of a megabyte: a diagnostic of a few hundred bytes,
    // not of the megabyte and as many spaces before the caret.
    let half = "a".repeat(512 * 1024);
    let line = format!("http://h/{half} {half}\n");
    let want = format!(
        "line 2: …{} {}…\n{}^\nerror: space 0x20 is not allowed here, it must be %-encoded at offset 524297 (hpath, RFC 1738)\nnote: 1048586 bytes in all; shown: bytes 524265..524337\n",
        "a".repeat(32),
        "a".repeat(39),
        " ".repeat(8 + 1 + 32)
    );
    for jobs in ["1", "2"] {
        let run = urikit_with_stdin(&["check", "-j", jobs], format!("http://ok/\n{line}").as_bytes());
        assert!(run.stdout.len() < 400, "{} bytes", run.stdout.len());
        expect(run, &want, 1);
    }
    // An input of up to 100 columns is shown whole; one more, cut.
    for (len, cut) in [(100, false), (101, true)] {
        let url = format!("http://h/{}\u{7f}", "a".repeat(len - 9 - 6));
        let run = urikit(&["check", &url]);
        assert_eq!(run.stdout().contains('…'), cut, "{}", run.stdout());
        assert_eq!(run.stdout().contains("\nnote: "), cut, "{}", run.stdout());
    }
}

#[test]
fn check_reports_a_line_that_is_not_utf8() {
    expect(
        urikit_with_stdin(&["check"], b"h\xc3\xa4\xff\n"),
        "line 1: h\u{e4}<0xFF>
          ^
error: octet 0xFF is not UTF-8 at offset 3, expected UTF-8 text
",
        1,
    );
}

// ---------------------------------------------------------------- resolve

const MAGIC: &str = "magic://a/b/c//d/e/g
magic://a/g
magic://g
magic://a/b/c//d/g
g:a
";

#[test]
fn resolve_the_rfc1630_examples() {
    expect(
        urikit(&["resolve", "magic://a/b/c//d/e/f", "g", "/g", "//g", "../g", "g:a"]),
        MAGIC,
        0,
    );
    expect(
        urikit(&["resolve", "magic://a/b/c//d/e/", "g", "/g", "//g", "../g", "g:a"]),
        MAGIC,
        0,
    );
}

#[test]
fn resolve_streams_references_from_stdin() {
    expect(
        urikit_with_stdin(&["resolve", "magic://a/b/c//d/e/f"], b"g\n/g\r\n//g\n../g\ng:a"),
        MAGIC,
        0,
    );
}

#[test]
fn resolve_reports_a_failing_reference_on_stderr() {
    let run = urikit_with_stdin(&["resolve", "http://host/a/b"], b"c\nx y\n../d\n");
    assert_eq!(
        run.stderr,
        r#"urikit: line 2: http://host/a/x y
                               ^
error: resolved form "http://host/a/x y" is invalid: space 0x20 is not allowed here, it must be %-encoded at offset 15 (hpath, RFC 1738)
"#
    );
    expect(run, "http://host/a/c\nhttp://host/d\n", 1);
}

#[test]
fn resolve_rejects_an_invalid_base() {
    let run = urikit(&["resolve", "http://user@host/", "g"]);
    assert_eq!(
        run.stderr,
        "urikit: base: http://user@host/
                     ^
error: this scheme allows no user name or password at offset 7 (hostport, RFC 1738)
hint: RFC 3986 accepts it (--spec rfc3986)
"
    );
    // A bad argument, not an invalid input: a usage error.
    expect(run, "", 2);
}

// ---------------------------------------------------------------- normalize

#[test]
fn normalize_prints_canonical_forms() {
    expect(
        urikit(&[
            "normalize",
            "HTTP://Info.CERN.ch:80/albert/bertram/marie%2dclaude%2f?a%2Bb%20c",
            "http://h",
        ]),
        "http://info.cern.ch/albert/bertram/marie-claude%2F?a%2Bb+c\nhttp://h/\n",
        0,
    );
}

#[test]
fn normalize_streams_stdin_and_reports_errors() {
    let run = urikit_with_stdin(&["normalize"], b"gopher://h\nhttp://a b/\nftp://h/x;TYPE=I\n");
    assert_eq!(
        run.stderr,
        "urikit: line 2: http://a b/
                        ^
error: space 0x20 is not allowed in a host name, expected a letter, digit, '-' or '.' at offset 8 (toplabel, RFC 1738)
"
    );
    expect(run, "gopher://h/1\nftp://h/x;type=i\n", 1);
}

#[test]
fn normalize_lenient_repairs_first() {
    expect(
        urikit(&["normalize", "--lenient", "http://h/%7euser/a b"]),
        "http://h/%7Euser/a%20b\n",
        0,
    );
}

// ---------------------------------------------------------------- compare

#[test]
fn compare_equivalent_urls() {
    expect(
        urikit(&[
            "compare",
            "http://info.cern.ch/albert/bertram/marie-claude",
            "http://info.cern.ch/albert/bertram/marie%2Dclaude",
        ]),
        "http://info.cern.ch/albert/bertram/marie-claude
http://info.cern.ch/albert/bertram/marie-claude
equivalent
",
        0,
    );
}

#[test]
fn compare_never_decodes_a_slash() {
    expect(
        urikit(&[
            "compare",
            "http://info.cern.ch/albert/bertram/marie-claude",
            "http://info.cern.ch/albert/bertram%2Fmarie-claude",
        ]),
        "http://info.cern.ch/albert/bertram/marie-claude
http://info.cern.ch/albert/bertram%2Fmarie-claude
not equivalent
",
        1,
    );
}

#[test]
fn compare_reports_an_invalid_url_with_its_own_status() {
    let run = urikit(&["compare", "http://a/", "http://user@a/"]);
    assert_eq!(
        run.stderr,
        "urikit: argument 2: http://user@a/
                           ^
error: this scheme allows no user name or password at offset 7 (hostport, RFC 1738)
hint: RFC 3986 accepts it (--spec rfc3986)
"
    );
    // Neither "equivalent" (0) nor "not equivalent" (1), nor a usage error (2).
    expect(run, "", 3);
    let run = urikit(&["compare", "http://a b/", "http://user@a/"]);
    assert_eq!(
        run.stderr
            .lines()
            .filter(|l| l.starts_with("urikit: argument "))
            .count(),
        2
    );
    assert_eq!(run.code, 3);
}

// ---------------------------------------------------------------- encode, decode

#[test]
fn encode_by_uchar_by_default() {
    expect(
        urikit(&["encode", "Information About Gopher", "a b/c", "marie-claude"]),
        "Information%20About%20Gopher\na%20b%2Fc\nmarie-claude\n",
        0,
    );
}

#[test]
fn encode_by_a_named_set_from_stdin() {
    expect(
        urikit_with_stdin(&["encode", "--set", "unsafe"], b"a b/c\n\xc3\xbcmlaut\r\n"),
        "a%20b/c\n%C3%BCmlaut\n",
        0,
    );
    expect(urikit(&["encode", "--set", "search", "1+1 = 2"]), "1%2B1+=+2\n", 0);
}

#[test]
fn encode_rejects_an_unknown_set() {
    let run = urikit(&["encode", "--set", "nope", "x"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout(), "");
    for name in [
        "unsafe",
        "uchar",
        "hsegment",
        "fsegment",
        "user",
        "field",
        "search",
        "xalpha",
        "query-value",
        "form-value",
        "userinfo",
        "reg-name",
        "path-segment",
        "fragment",
        "component",
    ] {
        assert!(run.stderr.contains(name), "{name} missing from: {}", run.stderr);
    }
}

/// `encode --help` names the set for each place of a URL, and what each set
/// is for.
#[test]
fn encode_help_maps_places_to_sets() {
    let run = urikit(&["encode", "--help"]);
    let help = run.stdout();
    for line in [
        "user, password ({user} ...)  user                     user          userinfo",
        "query value ({query:NAME})   query-value, form-value",
        "path segment ({path})        hsegment                 hsegment      path-segment",
    ] {
        assert!(help.contains(line), "{line:?} missing from:\n{help}");
    }
    assert!(
        help.contains("query-value") && help.contains("as {query:NAME} reads it"),
        "{help}"
    );
    expect(
        urikit(&["encode", "--set", "query-value", "1+1=2 & 3"]),
        "1%2B1%3D2%20%26%203\n",
        0,
    );
    expect(
        urikit(&["encode", "--set", "form-value", "1+1=2 & 3"]),
        "1%2B1%3D2+%26+3\n",
        0,
    );
}

#[test]
fn decode_writes_raw_octets() {
    let run = urikit(&["decode", "%2Fetc", "%41%ff"]);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, b"/etc\nA\xff\n");
}

#[test]
fn decode_reports_a_bad_escape() {
    let run = urikit_with_stdin(&["decode"], "asdf%*.fred\n\u{e4}%zz\nok\n".as_bytes());
    assert_eq!(
        run.stderr,
        r#"urikit: line 1: asdf%*.fred
                    ^
error: '%' must be followed by two hex digits, found "%*." at offset 4
urikit: line 2: ä%zz
                 ^
error: '%' must be followed by two hex digits, found "%zz" at offset 2
"#
    );
    expect(run, "ok\n", 1);
}

// ---------------------------------------------------------------- usage, help, pipes

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["parse", "--spec", "bogus", "x:y"],
        &["parse", "--nope"],
        &["compare", "http://a/"],
        &["compare", "a:b", "c:d", "e:f"],
        &["resolve"],
    ] {
        let run = urikit(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout(), "", "{args:?}");
        assert!(!run.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn spec_names_are_listed_and_case_insensitive() {
    let run = urikit(&["check", "--spec", "bogus", "x:y"]);
    assert!(
        run.stderr.contains("rfc1738") && run.stderr.contains("rfc1630"),
        "{}",
        run.stderr
    );
    expect(urikit(&["check", "--spec", "RFC1630", "x:y"]), "", 0);
}

#[test]
fn help_says_where_urls_come_from() {
    let run = urikit(&["--help"]);
    assert_eq!(run.code, 0);
    for command in ["parse", "check", "resolve", "normalize", "compare", "encode", "decode"] {
        assert!(run.stdout().contains(command), "{command}");
    }
    for command in ["parse", "check", "resolve", "normalize", "encode", "decode"] {
        let run = urikit(&[command, "--help"]);
        assert_eq!(run.code, 0);
        assert!(run.stdout().contains("stdin"), "{command}: {}", run.stdout());
    }
}

#[test]
fn many_lines_stream_in_order() {
    let input: String = (0..20_000).map(|i| format!("http://h/{i}\n")).collect();
    let run = urikit_with_stdin(&["normalize"], input.as_bytes());
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout(), input);
}

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let (first, output) = common::first_line_then_close(&["normalize"]);
    assert_eq!(first, "http://h/0\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}

#[cfg(unix)]
#[test]
fn a_read_error_exits_2() {
    for jobs in ["1", "2"] {
        // Reading a directory fails (EISDIR) after it opens.
        let output = Command::new(env!("CARGO_BIN_EXE_urikit"))
            .args(["check", "--jobs", jobs])
            .stdin(std::fs::File::open(env!("CARGO_MANIFEST_DIR")).unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "--jobs {jobs}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("reading stdin"),
            "--jobs {jobs}"
        );
    }
}

// ---------------------------------------------------------------- README

/// Every `$ urikit ...` example in the README's console blocks prints what the
/// README shows.
#[test]
fn readme_examples_print_what_they_show() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_urikit")).parent().unwrap();
    let path = std::env::join_paths(
        std::iter::once(bin_dir.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let mut examples = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = &block[..block.find("```").expect("console block ends")];
        for example in block.split("$ ").skip(1) {
            let (command, want) = example.split_once('\n').unwrap();
            let output = Command::new("sh")
                .arg("-c")
                .arg(command)
                .env("PATH", &path)
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&output.stdout), want, "{command}");
            examples += 1;
        }
    }
    assert!(examples >= 10, "only {examples} examples found");
}
