//! `parse --json` writes its JSON by hand: every line it writes parses as
//! JSON and gives back the input and its components, whatever they hold.

mod common;

use common::urikit_with_stdin;
use serde_json::Value;

/// Lines that hold what JSON escapes, what it does not, and what is not UTF-8.
const INPUT: &[u8] = b"http://h/a\"b\\c?q=\"#f\\\n\
http://h/\x01\x1f\x7f\t\n\
HTTP://Example.COM:80/%22\n\
ftp://u:p@h/a/b;type=d\n\
prospero://h/x;a=\"1\";b=\\\n\
news:\xc3\xa9\xe2\x80\xa8\n\
http://h/\xff\xfe\n\
\"\\\n\
\n\
gopher://h/1sel%09search\n";

/// What serde_json writes of `value`, each char that `term::Shown` names
/// (none of which serde_json escapes) then written as `\uXXXX`.
#[allow(clippy::disallowed_methods)] // serde_json's own writer is the reference.
fn reserialized(value: &Value) -> String {
    let mut written = String::new();
    for c in serde_json::to_string(value).unwrap().chars() {
        if urikit_cli::term::is_named(c) {
            written.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            written.push(c);
        }
    }
    written
}

#[test]
fn every_line_parses_back_to_its_input() {
    for args in [
        &["parse", "--json", "--jobs", "1"][..],
        &["parse", "--json"],
        &["parse", "--json", "--lenient", "--jobs", "1"],
        &["parse", "--json", "--spec", "rfc3986", "--jobs", "1"],
    ] {
        let run = urikit_with_stdin(args, INPUT);
        let lines: Vec<&str> = run.stdout().lines().collect();
        let inputs: Vec<String> = INPUT
            .split(|&b| b == b'\n')
            .take(lines.len())
            .map(|l| String::from_utf8_lossy(l).into_owned())
            .collect();
        assert_eq!(lines.len(), INPUT.iter().filter(|&&b| b == b'\n').count(), "{args:?}");
        for (line, input) in lines.iter().zip(&inputs) {
            let record: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}"));
            assert_eq!(record["input"].as_str(), Some(input.as_str()), "{args:?}: {line}");
            if record["valid"] == Value::Bool(true) {
                let path = record["path"].as_str().expect("a valid URL has a path");
                // Lenient parsing repairs: the path is then the repaired one.
                assert!(args.contains(&"--lenient") || input.contains(path), "{args:?}: {line}");
                assert!(record["scheme_view"].is_object(), "{args:?}: {line}");
            } else {
                assert!(!record["errors"].as_array().expect("errors").is_empty(), "{line}");
            }
            // Nothing but the escapes serde_json writes, and the `\uXXXX` of
            // each char a terminal would act on: the same line again.
            assert_eq!(reserialized(&record), *line, "{args:?}");
        }
    }
}

/// Every `--json` mode that reads lines writes one object per line, its
/// input as it came, whether the line is a URL or not, UTF-8 or not, and
/// whatever the command does with it: by arguments, and by stdin in one
/// thread and in several.
#[cfg(unix)]
#[test]
fn every_json_mode_writes_one_object_per_line_with_its_input() {
    let modes: [&[&str]; 5] = [
        &["parse", "--json"],
        &["parse", "--json", "--lenient"],
        &["lint", "--json"],
        &["edit", "--json", "--set", "fragment=f"],
        &["edit", "--json", "--set", "user=me", "--sort-query"],
    ];
    let lines: Vec<&[u8]> = INPUT.split(|&b| b == b'\n').filter(|l| !l.is_empty()).collect();
    for mode in modes {
        let mut runs = Vec::new();
        for jobs in [&["--jobs", "1"][..], &["--jobs", "3"], &[]] {
            if jobs.is_empty() || mode[0] != "lint" {
                let args = [mode, jobs].concat();
                runs.push((format!("{args:?}"), urikit_with_stdin(&args, INPUT)));
            }
        }
        // The lines as arguments, octets as they are.
        let texts: Vec<String> = lines.iter().map(|l| String::from_utf8_lossy(l).into_owned()).collect();
        runs.push((format!("{mode:?} ARGS"), by_arguments(mode, &lines)));
        for (what, run) in runs {
            let records: Vec<&str> = run.stdout().lines().collect();
            // An empty line is a line of stdin; an argument is never one.
            let inputs: Vec<String> = if what.ends_with("ARGS") {
                texts.clone()
            } else {
                INPUT
                    .split(|&b| b == b'\n')
                    .take(INPUT.iter().filter(|&&b| b == b'\n').count())
                    .map(|l| String::from_utf8_lossy(l).into_owned())
                    .collect()
            };
            assert_eq!(records.len(), inputs.len(), "{what}: {}", run.stdout());
            for (record, input) in records.iter().zip(&inputs) {
                let record: Value = serde_json::from_str(record).unwrap_or_else(|e| panic!("{what}: {e}: {record}"));
                assert_eq!(record["input"].as_str(), Some(input.as_str()), "{what}: {record}");
            }
        }
    }
}

/// Runs `urikit` with `args` and then `octets`, each an argument as it is.
#[cfg(unix)]
fn by_arguments(args: &[&str], octets: &[&[u8]]) -> common::Run {
    use std::os::unix::ffi::OsStrExt;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .args(octets.iter().map(|o| std::ffi::OsStr::from_bytes(o)))
        .env_remove("URIKIT_SPEC")
        .output()
        .unwrap();
    common::Run {
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap(),
    }
}
