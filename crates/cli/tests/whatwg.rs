//! Every command by `--spec whatwg`: the URL is the one the WHATWG URL
//! Standard's basic URL parser gives (its href); strictly, a validation
//! error makes a URL invalid; `--lenient` takes what browsers take; `--base`
//! parses each input against a base, as `new URL(input, base)`.

mod common;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::Command;

use common::{urikit, urikit_with_stdin, Run};
use serde_json::{json, Value};

/// Runs `urikit` with `args` and stdin empty, and gives stdout, stderr and
/// the exit status.
#[track_caller]
fn sh(args: &[&str]) -> (String, String, i32) {
    let run = urikit(args);
    (run.stdout().to_owned(), run.stderr, run.code)
}

/// The examples every page on the URL Standard starts with, and the href
/// each becomes.
const EXAMPLES: [(&str, &str); 4] = [
    ("http://0x7f.1/", "http://127.0.0.1/"),
    ("HTTP://EXAMPLE.com:80/a/../b", "http://example.com/b"),
    ("http://exa\tmple.com/", "http://example.com/"),
    ("http:\\\\evil.com", "http://evil.com/"),
];

#[test]
fn parse_shows_the_url_browsers_get_with_each_validation_error() {
    let (out, err, code) = sh(&["parse", "--spec", "whatwg", "--lenient", EXAMPLES[0].0, EXAMPLES[2].0]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "http://0x7f.1/
  url: http://127.0.0.1/
  scheme: http
  user: (none)
  password: (none)
  host: 127.0.0.1
  port: (none)
  path: /
  query: (none)
  fragment: (none)
  warning: accepted: IPv4 address with fewer than four parts (IPv4-too-few-parts, WHATWG URL Standard) at offset 7
  warning: accepted: IPv4 address part written in hex or octal (IPv4-non-decimal-part, WHATWG URL Standard) at offset 7
http://exa<TAB>mple.com/
  url: http://example.com/
  scheme: http
  user: (none)
  password: (none)
  host: example.com
  port: (none)
  path: /
  query: (none)
  fragment: (none)
  warning: accepted: control character 0x09 is not allowed here (invalid-URL-unit, WHATWG URL Standard) at offset 10
"
    );
    for (input, href) in EXAMPLES {
        let (out, _, code) = sh(&["parse", "--spec", "whatwg", "--lenient", input]);
        assert_eq!(code, 0, "{input}");
        assert!(out.contains(&format!("\n  url: {href}\n")), "{input}: {out}");
    }
}

#[test]
fn parse_strictly_refuses_a_validation_error_and_shows_the_href() {
    // No validation error: valid, and the href, which is not the input.
    let (out, err, code) = sh(&["parse", "--spec", "whatwg", EXAMPLES[1].0]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "HTTP://EXAMPLE.com:80/a/../b
  url: http://example.com/b
  scheme: http
  user: (none)
  password: (none)
  host: example.com
  port: (none)
  path: /b
  query: (none)
  fragment: (none)
"
    );
    // The report on stdout, as parse reports every input.
    let (out, err, code) = sh(&["parse", "--spec", "whatwg", EXAMPLES[3].0]);
    assert_eq!((err.as_str(), code), ("", 1));
    assert_eq!(
        out,
        "http:\\\\evil.com
     ^
error: expected \"//\" and a host after the scheme at offset 5 (special-scheme-missing-following-solidus, WHATWG URL Standard)
"
    );
}

#[test]
fn parse_json_has_the_url_api_getters() {
    let input = "https://user:pa%20ss@EXAMPLE.com:8080/a/../b?q=1#top";
    let run = urikit(&["parse", "--json", "--spec", "whatwg", "--lenient", input]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record: Value = serde_json::from_str(run.stdout()).unwrap();
    assert_eq!(
        record["api"],
        json!({
            "href": "https://user:pa%20ss@example.com:8080/b?q=1#top",
            "protocol": "https:",
            "username": "user",
            "password": "pa%20ss",
            "host": "example.com:8080",
            "hostname": "example.com",
            "port": "8080",
            "pathname": "/b",
            "search": "?q=1",
            "hash": "#top",
            "origin": "https://example.com:8080",
        })
    );
    assert_eq!(record["url"], json!("https://user:pa%20ss@example.com:8080/b?q=1#top"));
    assert_eq!(record["host"], json!("example.com"));
    assert_eq!(record["port"], json!(8080));
    assert_eq!(record["warnings"][0]["offset"], json!(20));
    // Strictly, the credentials are a validation error: invalid, no api.
    let run = urikit(&["parse", "--json", "--spec", "whatwg", input]);
    assert_eq!(run.code, 1);
    let record: Value = serde_json::from_str(run.stdout()).unwrap();
    assert_eq!(record["valid"], json!(false));
    assert!(record.get("api").is_none(), "{record}");
    assert_eq!(
        record["errors"],
        json!([{"offset": 20, "rule": "invalid-credentials", "message": "this scheme allows no user name or password"}])
    );
    // An input the parser fails: invalid, leniently too, and no api.
    let run = urikit(&["parse", "--json", "--spec", "whatwg", "--lenient", "http://[::1/"]);
    assert_eq!(run.code, 1);
    let record: Value = serde_json::from_str(run.stdout()).unwrap();
    assert_eq!(record["valid"], json!(false));
    assert!(record.get("api").is_none(), "{record}");
    assert_eq!(record["errors"][0]["rule"], json!("IPv6-unclosed"));
    // A valid input in its serialized form (borrowed on the way) has one too;
    // an origin that is not a tuple is "null".
    let run = urikit(&["parse", "--json", "--spec", "whatwg", "https://h/", "sc://x/"]);
    let lines: Vec<Value> = run.stdout().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["api"]["origin"], json!("https://h"));
    assert_eq!(lines[1]["api"]["origin"], json!("null"));
    assert_eq!(lines[1]["api"]["host"], json!("x"));
}

#[test]
fn parse_check_and_get_take_a_base() {
    let base = "http://a/b/c/d;p?q";
    let (out, err, code) = sh(&["parse", "--spec", "whatwg", "--base", base, "../g?y#s"]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "../g?y#s
  url: http://a/b/g?y#s
  scheme: http
  user: (none)
  password: (none)
  host: a
  port: (none)
  path: /b/g
  query: y
  fragment: s
"
    );
    // Strictly against the base: every validation error of the input read
    // against it, not alone (where it would have no scheme).
    let run = urikit(&["parse", "--json", "--spec", "whatwg", "--base", base, "g\\h i"]);
    let record: Value = serde_json::from_str(run.stdout()).unwrap();
    assert_eq!(run.code, 1);
    let rules: Vec<&str> = record["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["invalid-reverse-solidus", "invalid-URL-unit"]);
    let run = urikit(&[
        "parse",
        "--json",
        "--spec",
        "whatwg",
        "--lenient",
        "--base",
        base,
        "g\\h i",
    ]);
    let record: Value = serde_json::from_str(run.stdout()).unwrap();
    assert_eq!(record["api"]["href"], json!("http://a/b/c/g/h%20i"));
    assert_eq!(record["warnings"].as_array().unwrap().len(), 2);
    // check: silent for what parses against the base, the caret otherwise.
    let (out, err, code) = sh(&["check", "--spec", "whatwg", "--base", base, "g", "//h/", "g h"]);
    assert_eq!((err.as_str(), code), ("", 1));
    assert_eq!(
        out,
        "argument 3: g h
             ^
error: space 0x20 is not allowed here at offset 1 (invalid-URL-unit, WHATWG URL Standard)
"
    );
    assert_eq!(
        sh(&["check", "--spec", "whatwg", "--lenient", "--base", base, "g h"]).2,
        0
    );
    // get: the components of the URL made against the base.
    let (out, err, code) = sh(&[
        "get",
        "--spec",
        "whatwg",
        "--base",
        base,
        "{host} {path} {query}",
        "../x?1",
        "//e/f",
    ]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "a /b/x 1\ne /f \n");
}

#[test]
fn a_base_that_does_not_parse_is_a_usage_error() {
    for args in [
        &["parse", "--spec", "whatwg", "--base", "http://[::1/", "x"][..],
        &["check", "--spec", "whatwg", "--base", "http://[::1/", "x"],
        &["get", "--spec", "whatwg", "--base", "http://[::1/", "{host}", "x"],
        &["check", "--spec", "whatwg", "--lenient", "--base", "http://[::1/", "x"],
    ] {
        let (out, err, code) = sh(args);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(
            err.starts_with("urikit: error: --base http://[::1/: not a base URL by the WHATWG URL Standard")
                && err.ends_with("'[' without a matching ']' at offset 7 (IPv6-unclosed, WHATWG URL Standard)\n"),
            "{args:?}: {err}"
        );
    }
    // Strictly, a base with a validation error is refused; leniently it is
    // the base browsers use.
    let (_, err, code) = sh(&["parse", "--spec", "whatwg", "--base", "http:\\\\h/\x1b[2J", "x"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--base http:\\\\h/<0x1B>[2J: not a base URL by the WHATWG URL Standard, strictly"),
        "{err}"
    );
    let (out, _, code) = sh(&[
        "get",
        "--spec",
        "whatwg",
        "--lenient",
        "--base",
        "http:\\\\h/",
        "{url}",
        "x",
    ]);
    assert_eq!((out.as_str(), code), ("http://h/x\n", 0));
    // Only the WHATWG parser takes a base.
    let (out, err, code) = sh(&["parse", "--spec", "rfc3986", "--base", "http://a/", "x"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.contains("--base takes a base by the WHATWG URL Standard (--spec whatwg), not by RFC 3986"),
        "{err}"
    );
}

#[test]
fn check_reports_a_validation_error_with_its_caret_and_control_bytes_by_name() {
    let (out, err, code) = sh(&[
        "check",
        "--spec",
        "whatwg",
        "http://exa\tmple.com/\x1b[31m",
        "https://example.com/",
    ]);
    assert_eq!((err.as_str(), code), ("", 1));
    assert_eq!(
        out,
        "argument 1: http://exa<TAB>mple.com/<0x1B>[31m
                      ^
error: control character 0x09 is not allowed here at offset 10 (invalid-URL-unit, WHATWG URL Standard)
"
    );
    // Valid but not its own serialization: valid all the same.
    assert_eq!(
        sh(&["check", "--spec", "whatwg", EXAMPLES[1].0]),
        (String::new(), String::new(), 0)
    );
    // Leniently, only what the parser fails is reported.
    let run = urikit_with_stdin(
        &["check", "--spec", "whatwg", "--lenient"],
        b"http://0x7f.1/\nhttp://a b/\n\nhttp://[::1/\n",
    );
    assert_eq!((run.stderr.as_str(), run.code), ("", 1));
    assert_eq!(
        run.stdout(),
        "line 2: http://a b/
                ^
error: space 0x20 is not allowed here at offset 8 (domain-to-ASCII, WHATWG URL Standard)
line 4: http://[::1/
               ^
error: '[' without a matching ']' at offset 7 (IPv6-unclosed, WHATWG URL Standard)
"
    );
}

#[test]
fn normalize_prints_the_href() {
    let (out, err, code) = sh(&[
        "normalize",
        "--spec",
        "whatwg",
        "--lenient",
        EXAMPLES[0].0,
        EXAMPLES[1].0,
        EXAMPLES[2].0,
        EXAMPLES[3].0,
    ]);
    assert_eq!((err.as_str(), code), ("", 0));
    let hrefs: Vec<&str> = EXAMPLES.iter().map(|(_, href)| *href).collect();
    assert_eq!(out, format!("{}\n", hrefs.join("\n")));
    // Strictly, a validation error is a diagnostic and exit status 1.
    let (out, err, code) = sh(&["normalize", "--spec", "whatwg", EXAMPLES[1].0, EXAMPLES[0].0]);
    assert_eq!((out.as_str(), code), ("http://example.com/b\n", 1));
    assert!(err.starts_with("urikit: argument 2: http://0x7f.1/\n"), "{err}");
    assert!(err.contains("(IPv4-too-few-parts, WHATWG URL Standard)"), "{err}");
}

#[test]
fn compare_compares_hrefs() {
    let (out, err, code) = sh(&["compare", "--spec", "whatwg", EXAMPLES[1].0, "http://example.com/b"]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "http://example.com/b\nhttp://example.com/b\nequivalent\n");
    // A fragment is part of the href.
    let (out, _, code) = sh(&["compare", "--spec", "whatwg", "http://a/#x", "http://a/"]);
    assert_eq!((out.as_str(), code), ("http://a/#x\nhttp://a/\nnot equivalent\n", 1));
    // %7E is not ~ in a WHATWG path: the serialization keeps it.
    assert_eq!(sh(&["compare", "--spec", "whatwg", "http://a/%7E", "http://a/~"]).2, 1);
    // A validation error: no answer.
    let (out, err, code) = sh(&["compare", "--spec", "whatwg", "http://0x7f.1/", "http://127.0.0.1/"]);
    assert_eq!((out.as_str(), code), ("", 3));
    assert!(err.contains("IPv4-too-few-parts"), "{err}");
}

#[test]
fn resolve_is_new_url_with_a_base() {
    let (out, err, code) = sh(&[
        "resolve",
        "--spec",
        "whatwg",
        "http://a/b/c/d;p?q",
        "g",
        "../../../../g",
        "//0x7f.1/x",
        "\\\\g\\x",
        "https:g",
        "http:g",
        "g h",
    ]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "http://a/b/c/g\nhttp://a/g\nhttp://127.0.0.1/x\nhttp://g/x\nhttps://g/\nhttp://a/b/c/g\nhttp://a/b/c/g%20h\n"
    );
    let (out, err, code) = sh(&["resolve", "--spec", "whatwg", "http://a/", "http://[::1/"]);
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.contains("IPv6-unclosed"), "{err}");
}

#[test]
fn relative_gives_references_that_resolve_back() {
    let base = "http://a/b/c/d;p?q";
    let targets = [
        "http://a/b/c/g",
        "http://a/b/g",
        "http://a/g",
        "http://a/b/c/d;p?y",
        "http://a/b/c/d;p?q#s",
        "http://g/",
        "https://g/",
        "http://a/b/c/d;p?q",
        "file:///x",
        "http://a/b/c/g%20h",
    ];
    let mut args = vec!["relative", "--spec", "whatwg", base];
    args.extend(targets);
    let (out, err, code) = sh(&args);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "g\n../g\n/g\n?y\n#s\n//g/\nhttps://g/\n\nfile:///x\ng%20h\n");
    // Each resolves back to its target, by resolve.
    let references: Vec<&str> = out.lines().collect();
    let mut args = vec!["resolve", "--spec", "whatwg", base];
    args.extend(references);
    let (back, err, code) = sh(&args);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(back, format!("{}\n", targets.join("\n")));
}

#[test]
fn get_reads_the_whatwg_components() {
    let (out, err, code) = sh(&[
        "get",
        "--spec",
        "whatwg",
        "{scheme} {host} {port} {default:port} {path} {url}",
        EXAMPLES[1].0,
    ]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "http example.com  80 /b http://example.com/b\n");
    let (out, _, code) = sh(&[
        "get",
        "--spec",
        "whatwg",
        "--lenient",
        "{host}",
        EXAMPLES[0].0,
        EXAMPLES[3].0,
    ]);
    assert_eq!((out.as_str(), code), ("127.0.0.1\nevil.com\n", 0));
    let (out, err, code) = sh(&["get", "--spec", "whatwg", "{host}", EXAMPLES[0].0]);
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.contains("IPv4-too-few-parts"), "{err}");
}

#[test]
fn edit_runs_the_url_apis_setters() {
    let (out, err, code) = sh(&[
        "edit",
        "--spec",
        "whatwg",
        "--set",
        "path=/x/y",
        "--append",
        "query=a=b c",
        EXAMPLES[1].0,
    ]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, "http://example.com/x/y?a=b+c\n");
    let (out, err, code) = sh(&["edit", "--spec", "whatwg", "--redirect", "../z", "http://a/b/c?x"]);
    assert_eq!((out.as_str(), err.as_str(), code), ("http://a/z\n", "", 0));
    // A value is taken as a browser takes it: made into the href.
    let (out, err, code) = sh(&["edit", "--spec", "whatwg", "--set", "host=EXAMPLE.com", "http://a/p"]);
    assert_eq!((out.as_str(), err.as_str(), code), ("http://example.com/p\n", "", 0));
    let (out, err, code) = sh(&["edit", "--spec", "whatwg", "--set", "path=/a b", "http://a/p"]);
    assert_eq!((out.as_str(), err.as_str(), code), ("http://a/a%20b\n", "", 0));
}

#[test]
fn extract_valid_only_keeps_what_the_parser_takes() {
    let text = b"see http://0x7f.1/ and HTTP://A/b and http://[::1/ and http://h/\n";
    let run = urikit_with_stdin(&["extract", "--valid-only", "--spec", "whatwg"], text);
    assert_eq!((run.stdout(), run.code), ("HTTP://A/b\nhttp://h/\n", 0));
    let run = urikit_with_stdin(&["extract", "--valid-only", "--lenient", "--spec", "whatwg"], text);
    assert_eq!((run.stdout(), run.code), ("http://0x7f.1/\nHTTP://A/b\nhttp://h/\n", 0));
}

#[test]
fn lint_reports_validation_errors_and_hazards_not_1994_grammar() {
    // '~' is unsafe by RFC 1738, and nothing by the URL Standard.
    let (out, err, code) = sh(&["lint", "--spec", "whatwg", "http://a/~x"]);
    assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
    let (out, _, code) = sh(&[
        "lint",
        "--spec",
        "whatwg",
        "http://0x7f.1:25/",
        "gopher://h:70/0HELO%0D%0A",
        "HTTP://u:p@h/",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "http://0x7f.1:25/
  warning[grammar]: IPv4 address with fewer than four parts (IPv4-too-few-parts); browsers accept it at offset 7 (WHATWG URL Standard)
  warning[grammar]: IPv4 address part written in hex or octal (IPv4-non-decimal-part); browsers accept it at offset 7 (WHATWG URL Standard)
  error[port-not-default]: port 25 is not http's default 80 and is in the reserved range: the URL may make another protocol's server act (URL Standard §4.2)
  error[bad-port]: port 25 is on the list of ports browsers refuse to fetch from (WHATWG Fetch, bad port)
gopher://h:70/0HELO%0D%0A
  info[port-registered-default]: port 70 is gopher's registered default, which the URL Standard does not define: its normal form keeps the port at offset 11 (RFC 1738 §3.4)
  error[encoded-delimiter]: encoded CR decodes to a protocol delimiter in what the plan would send: decoding it would add a command at offset 19 (RFC 1738 §6)
HTTP://u:p@h/
  warning[grammar]: this scheme allows no user name or password (invalid-credentials); browsers accept it at offset 10 (WHATWG URL Standard)
  warning[password]: the URL holds a password: URLs with passwords that should be secret are clearly unwise at offset 9 (RFC 1738 §6)
"
    );
    let (out, _, code) = sh(&["lint", "--spec", "whatwg", "http://[::1/"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("error[invalid]: not a URL: '[' without a matching ']' (IPv6-unclosed) at offset 7"),
        "{out}"
    );
}

#[test]
fn plan_plans_the_url_as_the_parser_reads_it() {
    let (out, err, code) = sh(&["plan", "--spec", "whatwg", "--lenient", EXAMPLES[0].0]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "# connect to 127.0.0.1 port 80\n> GET / HTTP/1.0<CR><LF>\n> Host: 127.0.0.1<CR><LF>\n> <CR><LF>\n"
    );
    let (out, _, code) = sh(&["plan", "--spec", "whatwg", "--lenient", EXAMPLES[3].0]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("# connect to evil.com port 80\n> GET / HTTP/1.0<CR><LF>\n> Host: evil.com<CR><LF>\n"),
        "{out}"
    );
    // Strictly, the validation error is the answer: nothing is planned.
    let (out, err, code) = sh(&["plan", "--spec", "whatwg", EXAMPLES[3].0]);
    assert_eq!((err.as_str(), code), ("", 1));
    assert!(
        out.starts_with("http:\\\\evil.com\n     ^\nerror: expected \"//\" and a host after the scheme at offset 5 (special-scheme-missing-following-solidus"),
        "{out}"
    );
    // A port the parser refuses never becomes another: no plan, 80 or any.
    for port in ["65536", "65616", "99999", "4294967376"] {
        for lenient in [&[][..], &["--lenient"]] {
            let url = format!("http://127.0.0.1:{port}/");
            let (out, err, code) = sh(&[&["plan", "--spec", "whatwg"], lenient, &[url.as_str()]].concat());
            assert_eq!((err.as_str(), code), ("", 1), "{url}");
            assert!(out.contains("(port-out-of-range, WHATWG URL Standard)"), "{url}: {out}");
            assert!(!out.contains("connect"), "{url}: {out}");
        }
    }
    // The scheme's default port is dropped by the parser, and planned.
    let (out, _, _) = sh(&["plan", "--spec", "whatwg", "HTTP://EXAMPLE.com:80/a/../b"]);
    assert!(
        out.starts_with("# connect to example.com port 80\n> GET /b HTTP/1.0<CR><LF>\n"),
        "{out}"
    );
}

/// `fetch --spec whatwg` sends what the plan of the href shows, to a
/// listener of the test's own; a URL with a validation error reaches none.
#[test]
fn fetch_sends_the_plan_of_the_href() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let server = std::thread::spawn(move || {
        let (mut conn, _) = listener.accept().unwrap();
        let mut request = Vec::new();
        let mut buf = [0; 1024];
        while !request.ends_with(b"\r\n\r\n") {
            let n = conn.read(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            request.extend_from_slice(&buf[..n]);
        }
        conn.write_all(b"HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nhi\n")
            .unwrap();
        String::from_utf8(request).unwrap()
    });
    let fetch = |url: &str| -> Run {
        let out = Command::new(env!("CARGO_BIN_EXE_urikit"))
            .args(["fetch", "--spec", "whatwg", "--connect-to", &addr, url])
            .env_remove("URIKIT_SPEC")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        Run {
            stdout: out.stdout,
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            code: out.status.code().unwrap(),
        }
    };
    // Refused before anything is sent: the listener's one connection is
    // the next fetch's.
    let refused = fetch(EXAMPLES[3].0);
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(refused.stdout.is_empty());
    let fetched = fetch(EXAMPLES[1].0);
    assert_eq!((fetched.stdout(), fetched.code), ("hi\n", 0), "{}", fetched.stderr);
    let request = server.join().unwrap();
    assert_eq!(request, "GET /b HTTP/1.0\r\nHost: example.com\r\n\r\n");
}

#[test]
fn the_environment_names_whatwg_as_spec_does() {
    let run_env = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_urikit"))
            .args(args)
            .env("URIKIT_SPEC", "WhatWG")
            .output()
            .unwrap();
        (
            out.stdout,
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.status.code(),
        )
    };
    for args in [
        &["parse", "--json", EXAMPLES[1].0][..],
        &["check", EXAMPLES[2].0],
        &["normalize", EXAMPLES[1].0],
        &["get", "--base", "http://a/b", "{url}", "c"],
        &["plan", "--lenient", EXAMPLES[0].0],
    ] {
        let by_option = urikit(&[&args[..1], &["--spec", "whatwg"], &args[1..]].concat());
        let (stdout, stderr, code) = run_env(args);
        assert_eq!(
            (stdout, stderr, code),
            (by_option.stdout, by_option.stderr, Some(by_option.code)),
            "{args:?}"
        );
    }
    // --spec overrides it.
    let (stdout, _, code) = run_env(&["normalize", "--spec", "rfc1738", EXAMPLES[1].0]);
    assert_eq!(
        (String::from_utf8(stdout).unwrap(), code),
        ("http://example.com/a/../b\n".to_owned(), Some(0))
    );
}
