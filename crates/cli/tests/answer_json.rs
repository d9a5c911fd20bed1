//! `--json` of `check`, `normalize`, `resolve`, `relative`, `get` and
//! `compare`: each record checked against its schema in `schema/`, one per
//! input line (valid, invalid, not UTF-8), its result what the text output
//! gives, nothing on stderr, the exit status the text output's, and
//! `--invalid` ignored.

mod common;

use common::schema::check;
use common::urikit_with_stdin;
use serde_json::{json, Value};

/// The schema `schema/NAME.schema.json`.
fn schema(name: &str) -> Value {
    let path = format!("{}/schema/{name}.schema.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The input lines: the seed cases' inputs, one that `--lenient` repairs,
/// one with a control char, and one that is not UTF-8.
fn lines() -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = common::seed_inputs(&["HTTP://H/x", "http://h/a b", "http://h/\u{9b}x"])
        .into_iter()
        .filter(|s| !s.contains('\r'))
        .map(String::into_bytes)
        .collect();
    lines.push(b"http://a/\xff".to_vec());
    lines
}

/// The runs of each command: by three specs, strictly and leniently.
fn runs() -> Vec<Vec<&'static str>> {
    let mut runs = Vec::new();
    for spec in ["rfc1738", "rfc3986", "whatwg"] {
        runs.push(vec!["--spec", spec]);
        runs.push(vec!["--spec", spec, "--lenient"]);
    }
    runs
}

/// The records `args` (with `--json`) writes for `stdin`, each checked
/// against the schema `name`, and its exit status; nothing on stderr.
fn records(name: &str, args: &[&str], stdin: &[u8]) -> (Vec<Value>, i32) {
    let schema = schema(name);
    let run = urikit_with_stdin(&[args, &["--json"]].concat(), stdin);
    assert_eq!(run.stderr, "", "{args:?}");
    let records = run
        .stdout()
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            if let Some(why) = check(&schema, &schema, &value, "$") {
                panic!("{args:?}: {why}\n{line}");
            }
            value
        })
        .collect();
    (records, run.code)
}

/// Checks the records of a command that writes one line per valid input:
/// one record per line, in order, its `key` the line the text output
/// (with `--invalid empty`) gives, `null` for an invalid input; warnings
/// with --lenient only (`lenient_warns`: the command has them).
fn lined(name: &str, args: &[&str], key: &str, lenient_warns: bool) {
    let lines = lines();
    let stdin = lines.join(&b'\n');
    let mut seen = [0, 0];
    for run in runs() {
        let args = [args, &run].concat();
        let (records, code) = records(name, &args, &stdin);
        let text = urikit_with_stdin(&[&args[..], &["--invalid", "empty"]].concat(), &stdin);
        assert_eq!(code, text.code, "{args:?}");
        let text = String::from_utf8_lossy(&text.stdout).into_owned();
        let text: Vec<&str> = text.split_terminator('\n').collect();
        assert_eq!(records.len(), lines.len(), "{args:?}");
        assert_eq!(text.len(), lines.len(), "{args:?}");
        let lenient = args.contains(&"--lenient");
        for ((record, line), text) in records.iter().zip(&lines).zip(text) {
            assert_eq!(record["input"], json!(String::from_utf8_lossy(line)), "{args:?}");
            let valid = record["valid"] == json!(true);
            if valid {
                assert_eq!(record[key], json!(text), "{args:?}: {record}");
                assert_eq!(record["errors"], json!([]), "{record}");
            } else {
                assert_eq!(record[key], Value::Null, "{record}");
                assert_eq!(text, "", "{args:?}: {record}");
                assert_ne!(record["errors"], json!([]), "{record}");
            }
            assert_eq!(record.get("warnings").is_some(), lenient && lenient_warns, "{record}");
            seen[usize::from(valid)] += 1;
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn normalize_json() {
    lined("normalize", &["normalize"], "normalized", true);
}

#[test]
fn resolve_json() {
    lined("resolve", &["resolve", "http://h/a/b?q"], "resolved", false);
    let (records, _) = records("resolve", &["resolve", "http://H/a/b"], b"../x\nc d\n");
    assert_eq!(records[0]["base"], json!("http://H/a/b"));
    assert_eq!(records[0]["resolved"], json!("http://H/x"));
    // The absolute form the algorithm made is what failed: the message
    // names it, the offset is into it.
    let error = &records[1]["errors"][0];
    assert_eq!(error["offset"], json!(12), "{error}");
    assert!(
        error["message"].as_str().unwrap().contains("\"http://H/a/c d\""),
        "{error}"
    );
}

#[test]
fn relative_json() {
    lined("relative", &["relative", "http://h/a/b?q"], "relative", true);
    let (records, _) = records("relative", &["relative", "http://h/a/b"], b"HTTP://h/a/c\n");
    assert_eq!(records[0]["target"], json!("http://h/a/c"));
    assert_eq!(records[0]["relative"], json!("c"));
}

#[test]
fn get_json() {
    lined("get", &["get", "{scheme}|{host}|{path}|{query}"], "output", true);
    // A field that refuses a valid URL: invalid, with the field's offset in
    // the template.
    let (records, code) = records("get", &["get", "{host} {must:query}"], b"http://h/?q\nhttp://h/\n");
    assert_eq!(code, 1);
    assert_eq!(records[0]["output"], json!("h q"));
    assert_eq!(records[1]["valid"], json!(false));
    assert_eq!(records[1]["output"], Value::Null);
    assert_eq!(records[1]["errors"][0]["rule"], json!("template"));
    assert_eq!(records[1]["errors"][0]["offset"], json!(7));
}

#[test]
fn check_json() {
    let lines = lines();
    let mut stdin = lines.join(&b'\n');
    // A blank line is skipped, as without --json.
    stdin.extend_from_slice(b"\n \n");
    let blank = lines
        .iter()
        .filter(|l| l.iter().all(|&b| b == b' ' || b == b'\t'))
        .count();
    for run in runs() {
        let args = [&["check"][..], &run].concat();
        let (records, code) = records("check", &args, &stdin);
        let text = urikit_with_stdin(&args, &stdin);
        assert_eq!(code, text.code, "{args:?}");
        let report = String::from_utf8_lossy(&text.stdout);
        assert_eq!(records.len(), lines.len() - blank, "{args:?}");
        let lenient = args.contains(&"--lenient");
        let mut record = records.iter();
        for (n, line) in lines.iter().enumerate() {
            if line.iter().all(|&b| b == b' ' || b == b'\t') {
                continue;
            }
            let record = record.next().unwrap();
            assert_eq!(record["input"], json!(String::from_utf8_lossy(line)), "{args:?}");
            // Invalid when the text report names the line.
            let named = report.lines().any(|l| l.starts_with(&format!("line {}: ", n + 1)));
            assert_eq!(record["valid"] == json!(false), named, "{args:?}: {record}");
            assert_eq!(record["errors"] == json!([]), !named, "{record}");
            assert_eq!(record.get("warnings").is_some(), lenient, "{record}");
        }
    }
}

#[test]
fn compare_json() {
    let pairs: [(&[u8], &[u8]); 5] = [
        (b"HTTP://a/", b"http://A/"),
        (b"http://a/", b"http://b/"),
        (b"http://a/", b"http://a_b/"),
        (b"http://a b/", b"http://a/%ff"),
        (b"http://a/", b"http://a/\xff"),
    ];
    let schema = schema("compare");
    for (a, b) in pairs {
        for run in runs() {
            let [a, b] = [a, b].map(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes);
            let args = |json: bool| {
                let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_urikit"));
                cmd.arg("compare")
                    .args(&run)
                    .args(json.then_some("--json"))
                    .arg(a)
                    .arg(b);
                cmd.output().unwrap()
            };
            let (json_run, text) = (args(true), args(false));
            assert_eq!(json_run.status.code(), text.status.code(), "{run:?} {a:?} {b:?}");
            assert!(json_run.stderr.is_empty());
            let out = String::from_utf8(json_run.stdout).unwrap();
            assert_eq!(out.lines().count(), 1, "{out}");
            let record: Value = serde_json::from_str(&out).unwrap();
            if let Some(why) = check(&schema, &schema, &record, "$") {
                panic!("{run:?}: {why}\n{out}");
            }
            let text = String::from_utf8_lossy(&text.stdout).into_owned();
            let text: Vec<&str> = text.lines().collect();
            match text[..] {
                [na, nb, answer] => {
                    assert_eq!(record["a"]["normalized"], json!(na));
                    assert_eq!(record["b"]["normalized"], json!(nb));
                    assert_eq!(record["equivalent"], json!(answer == "equivalent"));
                }
                _ => {
                    assert_eq!(json_run.status.code(), Some(3));
                    assert_eq!(record["equivalent"], Value::Null);
                }
            }
            let lenient = run.contains(&"--lenient");
            assert_eq!(record["a"].get("warnings").is_some(), lenient, "{record}");
        }
    }
}

/// `--invalid` (and `--keep-going`) changes nothing with `--json`: every
/// input has its record already.
#[test]
fn json_ignores_invalid() {
    let stdin = b"http://a/\nhttp://a b/\nhttp://a/\xff\n";
    for args in [
        &["normalize"][..],
        &["resolve", "http://h/"],
        &["relative", "http://h/"],
        &["get", "{host}"],
    ] {
        let want = urikit_with_stdin(&[args, &["--json"]].concat(), stdin);
        assert_eq!(want.stdout().lines().count(), 3, "{args:?}");
        for more in [&["--invalid", "input"][..], &["--invalid", "empty"], &["--keep-going"]] {
            let run = urikit_with_stdin(&[args, &["--json"], more].concat(), stdin);
            assert_eq!(
                (run.stdout(), run.code),
                (want.stdout(), want.code),
                "{args:?} {more:?}"
            );
            assert_eq!(run.stderr, "");
        }
    }
}

/// `check --json` and `get --json` stream over cores: with --jobs 2 the
/// records come in the order of the input, as with --jobs 1.
#[test]
fn json_records_keep_their_order_on_every_core() {
    let stdin: String = (0..20_000)
        .map(|i| match i % 3 {
            0 => format!("http://h{i}.example/p?q={i}\n"),
            1 => format!("http://h {i}/\n"),
            _ => format!("x{i}\n"),
        })
        .collect();
    for args in [&["check", "--json"][..], &["get", "--json", "{host}{query}"]] {
        let one = urikit_with_stdin(&[args, &["--jobs", "1"]].concat(), stdin.as_bytes());
        let two = urikit_with_stdin(&[args, &["--jobs", "2"]].concat(), stdin.as_bytes());
        assert_eq!(one.stdout, two.stdout, "{args:?}");
        for (record, line) in two.stdout().lines().zip(stdin.lines()) {
            let record: Value = serde_json::from_str(record).unwrap();
            assert_eq!(record["input"], json!(line));
        }
        assert_eq!(two.stdout().lines().count(), 20_000);
    }
}
