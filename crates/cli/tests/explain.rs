//! `urikit explain`: the JSON is the schema's and each spec's object is
//! `parse --json`'s; `--differs` and `--verdict` choose, and the exit status
//! says what was found; the input reaches a terminal escaped.

mod common;

use common::schema::check;
use common::{urikit, urikit_with_stdin};
use serde_json::{json, Value};
use urikit::explain::Code;

const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/explain.schema.json");
const SPECS: [&str; 5] = ["rfc1738", "rfc1630", "rfc1808", "rfc3986", "whatwg"];

/// The seed inputs, the published examples of URL confusion, and the
/// hostile inputs.
fn inputs() -> Vec<String> {
    let mut inputs = common::seed_inputs(&[
        "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
        "http://0x7f.1/",
        "http://[::ffff:127.0.0.1]/",
        "http://169.254.169.254/latest/",
        "http://ｅｘａｍｐｌｅ．ｃｏｍ/",
        "http://ex%61mple.com/",
        "https://example.com:99999/",
        "http://h/a/%2e%2e/b",
        "java\tscript:alert(1)",
        "mailto:a@b.c",
        "telnet://u:p@h:23/",
    ]);
    let hostile: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/adversarial/inputs.json"
        ))
        .unwrap(),
    )
    .unwrap();
    inputs.extend(
        hostile
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|case| case["input"].as_str())
            // One input per line: a line end would split it.
            .filter(|input| !input.contains(['\n', '\r']))
            .map(str::to_owned),
    );
    inputs
}

/// The lines of `run`'s stdout, as JSON.
fn records(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn json_matches_the_schema_and_parse_json() {
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let inputs = inputs();
    let mut stdin = inputs.join("\n").into_bytes();
    stdin.extend_from_slice(b"\nhttp://a/\xff\n");
    for base in [None, Some("http://example.com/a/b?c")] {
        let mut args = vec!["explain", "--json"];
        args.extend(base.iter().flat_map(|b| ["--base", b]));
        let explained = records(urikit_with_stdin(&args, &stdin).stdout());
        assert_eq!(explained.len(), inputs.len() + 1);
        let mut codes = std::collections::BTreeSet::new();
        for record in &explained {
            if let Some(why) = check(&schema, &schema, record, "$") {
                panic!("{why}\n{record}");
            }
            codes.extend(
                record["verdicts"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v["code"].to_string()),
            );
        }
        // Each spec's object, but for `target`, is what `parse --json`
        // writes for the input by that spec (whatwg: leniently, as browsers
        // parse); with a base, parse takes one by whatwg only.
        for spec in SPECS {
            if base.is_some() && spec != "whatwg" {
                continue;
            }
            let mut parse = vec!["parse", "--json", "--spec", spec];
            if spec == "whatwg" {
                parse.push("--lenient");
            }
            parse.extend(base.iter().flat_map(|b| ["--base", b]));
            let parsed = records(urikit_with_stdin(&parse, &stdin).stdout());
            assert_eq!(parsed.len(), explained.len());
            for (record, parsed) in explained.iter().zip(&parsed) {
                // The query's pairs are parse's alone.
                let mut parsed = parsed.clone();
                parsed.as_object_mut().unwrap().remove("params");
                let parsed = &parsed;
                let mut object = record["specs"][spec].clone();
                let target = object.as_object_mut().unwrap().remove("target").unwrap();
                assert_eq!(&object, parsed, "{spec}");
                // A target for a URL, and none for an invalid one.
                assert_eq!(target.is_null(), parsed["valid"] == json!(false), "{spec}: {record}");
            }
        }
        // The inputs raise most verdicts.
        assert!(codes.len() >= 10, "{codes:?}");
    }
}

#[test]
fn the_schema_refuses_what_it_does_not_allow() {
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let run = urikit(&["explain", "--json", "http://0x7f.1/"]);
    let good: Value = serde_json::from_str(run.stdout().trim()).unwrap();
    assert_eq!(check(&schema, &schema, &good, "$"), None);
    for (pointer, replacement) in [
        ("/specs/whatwg/target/class", json!("intranet")),
        ("/specs/whatwg/target/port", json!(70_000)),
        ("/verdicts/0/code", json!("host-differ")),
        ("/verdicts/0/specs/0", json!("rfc2396")),
        ("/specs/rfc3986/valid", json!("yes")),
        ("/base", json!(1)),
    ] {
        let mut bad = good.clone();
        *bad.pointer_mut(pointer).unwrap() = replacement;
        assert!(check(&schema, &schema, &bad, "$").is_some(), "{pointer}");
    }
    let mut bad = good.clone();
    bad["specs"]["rfc2396"] = bad["specs"]["rfc1630"].clone();
    assert!(check(&schema, &schema, &bad, "$").is_some());
}

#[test]
fn json_of_the_readme_example() {
    let run = urikit(&["explain", "--json", "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let record: Value = serde_json::from_str(run.stdout().trim()).unwrap();
    assert_eq!(
        record["specs"]["whatwg"]["target"],
        json!({"scheme": "http", "host": "2.2.2.2", "port": 80, "ip": "2.2.2.2", "class": "public"})
    );
    let codes: Vec<&str> = record["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["fragment-or-query-in-authority", "userinfo", "rejected-by-some"]
    );
    assert_eq!(record["verdicts"][0]["specs"], json!(["whatwg"]));
}

#[test]
fn differs_writes_only_the_inputs_with_a_verdict() {
    let stdin = b"https://example.com/\nhttp://0x7f.1/\nhttp://example.com/a\nhttp://169.254.169.254/\n";
    let run = urikit_with_stdin(&["explain", "--differs"], stdin);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let out = run.stdout();
    let inputs: Vec<&str> = out.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(inputs, ["http://0x7f.1/", "http://169.254.169.254/"], "{out}");
    assert!(out.contains("  host-differs [rfc1808, rfc3986, whatwg]: "), "{out}");
    // Only the verdicts asked for, and only the inputs that have one.
    let run = urikit_with_stdin(
        &["explain", "--differs", "--verdict", "ip-noncanonical,userinfo"],
        stdin,
    );
    assert_eq!(run.code, 1);
    let out = run.stdout();
    assert_eq!(out.lines().next(), Some("http://0x7f.1/"), "{out}");
    assert!(
        out.lines().skip(1).all(|l| l.starts_with("  ip-noncanonical [")),
        "{out}"
    );
    // None found: nothing written, status 0.
    let run = urikit_with_stdin(
        &["explain", "--differs"],
        b"https://example.com/\nhttp://example.com/a\n",
    );
    assert_eq!((run.code, run.stdout()), (0, ""), "{}", run.stderr);
    // With --json, the whole object of each.
    let run = urikit_with_stdin(&["explain", "--differs", "--json", "--verdict", "ip-internal"], stdin);
    let found = records(run.stdout());
    assert_eq!(found.len(), 2);
    assert_eq!(found[1]["input"], json!("http://169.254.169.254/"));
    // Usage errors: an unknown verdict, --verdict without --differs.
    assert_eq!(urikit(&["explain", "--differs", "--verdict", "nope", "x:"]).code, 2);
    assert_eq!(urikit(&["explain", "--verdict", "userinfo", "x:"]).code, 2);
}

#[test]
fn the_same_on_every_core() {
    let inputs = inputs();
    let stdin = inputs.join("\n").into_bytes();
    for args in [&["explain"][..], &["explain", "--json"], &["explain", "--differs"]] {
        let one = urikit_with_stdin(&[args, &["--jobs", "1"]].concat(), &stdin);
        let two = urikit_with_stdin(&[args, &["--jobs", "2"]].concat(), &stdin);
        assert_eq!(one.stdout, two.stdout, "{args:?}");
        assert_eq!(one.code, two.code);
    }
}

#[test]
fn the_table_shows_each_spec_and_escapes_the_input() {
    let run = urikit(&["explain", "http://0x7f.1/\x1b[2J"]);
    assert!(!run.stdout.contains(&0x1b), "{:?}", run.stdout());
    assert!(
        run.stdout().starts_with("http://0x7f.1/<0x1B>[2J\n"),
        "{}",
        run.stdout()
    );
    let run = urikit(&["explain", "http://0x7f.1/"]);
    let out = run.stdout();
    let header = out.lines().nth(1).unwrap();
    assert_eq!(header.split_whitespace().collect::<Vec<_>>(), SPECS);
    // The rows whose cells differ between the specs that accept are marked.
    let host = out.lines().find(|l| l[1..].trim_start().starts_with("host ")).unwrap();
    assert!(host.starts_with('*'), "{out}");
    assert!(host.ends_with("127.0.0.1"), "{out}");
    let scheme = out
        .lines()
        .find(|l| l[1..].trim_start().starts_with("scheme "))
        .unwrap();
    assert!(scheme.starts_with(' '), "{out}");
    // A plain URL: no verdict, status 0.
    let run = urikit(&["explain", "http://example.com/"]);
    assert_eq!(run.code, 0);
    assert!(!run.stdout().lines().any(|l| l.starts_with('*')), "{}", run.stdout());
}

#[test]
fn help_explains_every_verdict() {
    let run = urikit(&["explain", "--help"]);
    let out = run.stdout();
    for code in Code::ALL {
        assert!(
            out.contains(&format!("  {}\n      {}", code.name(), code.meaning())),
            "{code}: {out}"
        );
    }
    for status in ["0 no URL has a verdict", "1 some URL has one", "2 a usage or I/O error"] {
        assert!(out.contains(status), "{status}: {out}");
    }
}

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let (first, output) = common::first_line_then_close(&["explain", "--json"]);
    assert!(first.starts_with("{\"input\":"), "{first}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}

#[test]
fn a_line_of_1_mb_is_cut_around_where_the_specs_differ() {
    // The specs part at its end: WHATWG removes the `x/..`, the RFCs keep it.
    let url = format!("http://h/{}/x/../b", "a".repeat(1_000_000));
    let run = urikit_with_stdin(&["explain"], format!("{url}\n").as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    let out = run.stdout();
    assert!(out.len() < 10_000, "{} bytes", out.len());
    let line = |name: &str| {
        out.lines()
            .find(|l| l.len() > 2 && l[1..].trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("{name}: {out}"))
    };
    // The input, from its start, with a note of what is shown.
    assert!(
        out.starts_with(&format!("http://h/{}… (bytes 0..72 of 1000016)\n", "a".repeat(63))),
        "{}",
        &out[..200]
    );
    // Each long cell around where it differs from the others, and its note.
    let path = line("path ");
    assert!(path.starts_with('*'), "{path}");
    assert_eq!(
        path.matches("a/x/../b (bytes 999936..1000008 of 1000008)").count(),
        4,
        "{path}"
    );
    assert!(path.ends_with("aaaa/b (bytes 999931..1000003 of 1000003)"), "{path}");
    let canonical = line("canonical ");
    assert_eq!(canonical.matches("/x/../b (bytes ").count(), 4, "{canonical}");
    assert!(
        canonical.ends_with("aaa/b (bytes 999939..1000011 of 1000011)"),
        "{canonical}"
    );
    // The short cells whole.
    assert!(line("host ").split_whitespace().skip(1).all(|c| c == "h"), "{out}");
    // The verdicts quote the paths by their ends.
    let dots = line("path-dots ");
    assert!(dots.contains("aaaa/b' (1000003 bytes); kept by"), "{dots}");
    // An input cut around the first place a spec objects to.
    let url = format!("http://h/{}~{}", "a".repeat(500_000), "a".repeat(500_000));
    let run = urikit_with_stdin(&["explain"], format!("{url}\n").as_bytes());
    let first = run.stdout().lines().next().unwrap();
    assert_eq!(
        first,
        format!(
            "…{}~{}… (bytes 499977..500049 of 1000010)",
            "a".repeat(32),
            "a".repeat(39)
        )
    );
    assert!(run.stdout().len() < 10_000, "{}", run.stdout().len());
    // --differs and --html are cut as well.
    let run = urikit_with_stdin(&["explain", "--differs"], format!("{url}\n").as_bytes());
    assert!(run.stdout().len() < 2_000, "{}", run.stdout());
    assert!(
        run.stdout()
            .starts_with(&format!("http://h/{}… (bytes 0..72 of 1000010)\n  ", "a".repeat(63))),
        "{}",
        run.stdout()
    );
    // A control shown by its name, which takes columns of the window.
    let run = urikit_with_stdin(
        &["explain", "--differs"],
        format!("http://h/\t{}\n", "é".repeat(200)).as_bytes(),
    );
    assert!(
        run.stdout()
            .starts_with(&format!("http://h/<TAB>{}… (bytes 0..126 of 410)\n  ", "é".repeat(58))),
        "{}",
        run.stdout()
    );
    let run = urikit_with_stdin(&["explain", "--html"], format!("{url}\n").as_bytes());
    assert!(run.stdout().len() < 40_000, "{}", run.stdout().len());
}

#[test]
fn specs_limits_the_comparison_to_the_specs_named() {
    // RFC 1738 refuses the '~'; RFC 3986 and WHATWG read it alike.
    let run = urikit_with_stdin(&["explain", "--differs", "--specs", "whatwg,rfc3986"], b"http://a/~x\n");
    assert_eq!((run.code, run.stdout()), (0, ""), "{}", run.stderr);
    let run = urikit_with_stdin(&["explain", "--differs"], b"http://a/~x\n");
    assert_eq!(run.code, 1, "{}", run.stdout());
    // The table: a column per spec named, in the order of the five, in any case.
    let run = urikit(&["explain", "--specs", "WHATWG", "--specs", "rfc3986", "http://0x7f.1/"]);
    let out = run.stdout();
    let header = out.lines().nth(1).unwrap();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["rfc3986", "whatwg"],
        "{out}"
    );
    assert!(out.contains("  host-differs [rfc3986, whatwg]: "), "{out}");
    assert!(!out.contains("rfc1738") && !out.contains("rfc1808"), "{out}");
    // The JSON: those specs' objects alone, and the schema's.
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let run = urikit(&[
        "explain",
        "--json",
        "--specs",
        "rfc1738,whatwg",
        "http://0x7f.1/",
        "http://a/~x",
    ]);
    for record in records(run.stdout()) {
        let keys: Vec<&String> = record["specs"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["rfc1738", "whatwg"], "{record}");
        assert_eq!(check(&schema, &schema, &record, "$"), None);
        for v in record["verdicts"].as_array().unwrap() {
            for spec in v["specs"].as_array().unwrap() {
                assert!(spec == "rfc1738" || spec == "whatwg", "{v}");
            }
        }
    }
    // A line that is not UTF-8 keeps the same keys.
    let run = urikit_with_stdin(&["explain", "--json", "--specs", "rfc3986"], b"http://a/\xff\n");
    let record = &records(run.stdout())[0];
    assert_eq!(record["specs"].as_object().unwrap().len(), 1, "{record}");
    // The page: a column per spec named.
    let run = urikit(&["explain", "--html", "--specs", "whatwg,rfc3986", "http://a/~x"]);
    let page = run.stdout();
    assert_eq!(page.matches("<th scope=\"col\" class=").count(), 2, "{page}");
    assert!(!page.contains(">rfc1738<"), "{page}");
    // A name that is no spec, or none: usage errors.
    assert_eq!(urikit(&["explain", "--specs", "rfc2396", "x:"]).code, 2);
    assert_eq!(urikit(&["explain", "--specs", "", "x:"]).code, 2);
}

#[test]
fn localhost_is_loopback() {
    let run = urikit(&["explain", "--json", "http://x.localhost/"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let record: Value = serde_json::from_str(run.stdout().trim()).unwrap();
    assert_eq!(
        record["specs"]["whatwg"]["target"],
        json!({"scheme": "http", "host": "x.localhost", "port": 80, "ip": null, "class": "loopback"})
    );
    assert_eq!(record["verdicts"][0]["code"], json!("ip-internal"));
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    assert_eq!(check(&schema, &schema, &record, "$"), None);
    let run = urikit_with_stdin(
        &["explain", "--differs"],
        b"http://localhost/\nhttp://localhost.example/\n",
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout(),
        "http://localhost/\n  ip-internal [rfc1738, rfc1630, rfc1808, rfc3986, whatwg]: localhost is loopback: a \
         localhost name (RFC 6761 §6.3) (rfc1738, rfc1630, rfc1808, rfc3986, whatwg)\n"
    );
    let run = urikit(&["explain", "http://localhost/"]);
    let address = run.stdout().lines().find(|l| l.contains("address")).unwrap().to_owned();
    assert_eq!(address.matches("(a name) loopback").count(), 5, "{address}");
}
