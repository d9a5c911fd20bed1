//! Results on stdout, one diagnostic per rejected input on stderr.

mod common;

use common::{urikit, urikit_with_stdin};
use urikit::{Spec, Url};

/// The stderr lines that start a diagnostic.
fn diagnostics(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.starts_with("urikit: ")).collect()
}

#[test]
fn normalize_writes_results_on_stdout_and_diagnostics_on_stderr() {
    let run = urikit_with_stdin(&["normalize"], b"http://a/~x\nHTTP://B/\n");
    assert_eq!(run.stdout(), "http://b/\n");
    let want = format!(
        "urikit: line 1: http://a/~x\n{}^\nerror: {}\n",
        " ".repeat(25),
        message("http://a/~x")
    );
    assert!(run.stderr.starts_with(&want), "{}", run.stderr);
    assert_eq!(diagnostics(&run.stderr).len(), 1, "{}", run.stderr);
    assert_eq!(run.code, 1);
}

/// The message of the error strict RFC 1738 parsing gives.
fn message(input: &str) -> String {
    Url::parse(input).unwrap_err().to_string()
}

#[test]
fn arguments_are_named_by_position() {
    let run = urikit(&["normalize", "http://a/", "http://a b/"]);
    assert_eq!(run.stdout(), "http://a/\n");
    assert_eq!(diagnostics(&run.stderr), ["urikit: argument 2: http://a b/"]);
    assert_eq!(run.code, 1);
}

#[test]
fn every_data_command_keeps_stdout_for_results() {
    for (args, input, out, lines) in [
        (
            &["normalize"][..],
            &b"x y\nhttp://h\n\xff\n"[..],
            "http://h/\n",
            &[1, 3][..],
        ),
        (
            &["resolve", "http://h/a"],
            b"b\n x\nc\n",
            "http://h/b\nhttp://h/c\n",
            &[2],
        ),
        (
            &["resolve", "--spec", "rfc3986", "http://h/a"],
            b"b\n%zz\n",
            "http://h/b\n",
            &[2],
        ),
        (&["relative", "http://h/a"], b"http://h/b\nhttp://h/ x\n", "b\n", &[2]),
        (&["decode"], b"%41\n%zz\n%42\n", "A\nB\n", &[2]),
    ] {
        let run = urikit_with_stdin(args, input);
        assert_eq!(run.stdout(), out, "{args:?}: {}", run.stderr);
        let want: Vec<String> = lines.iter().map(|n| format!("urikit: line {n}: ")).collect();
        let got: Vec<&str> = diagnostics(&run.stderr);
        assert_eq!(got.len(), want.len(), "{args:?}: {}", run.stderr);
        for (got, want) in got.iter().zip(&want) {
            assert!(got.starts_with(want), "{args:?}: {got}");
        }
        assert_eq!(run.code, 1, "{args:?}");
    }
}

#[test]
fn an_invalid_base_is_named() {
    for command in ["resolve", "relative"] {
        let run = urikit(&[command, "http://u@h/", "x"]);
        assert_eq!(run.stdout(), "", "{command}");
        assert_eq!(diagnostics(&run.stderr), ["urikit: base: http://u@h/"], "{command}");
        // A bad argument: a usage error, as a bad --base is.
        assert_eq!(run.code, 2, "{command}");
    }
}

/// The bench-data files, one URL per line.
const BENCH: [&str; 4] = ["isaacs_files.txt", "kasztp.txt", "node_files.txt", "userbait.txt"];

/// `normalize --spec rfc3986` over the bench data: one stdout line per
/// accepted input and one diagnostic per rejected one, the counts checked
/// against the library.
#[test]
fn normalize_over_the_bench_data_counts_add_up() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/data/");
    let mut input = Vec::new();
    for name in BENCH {
        input.extend(std::fs::read(format!("{dir}{name}")).expect("bench/data is there"));
        if !input.ends_with(b"\n") {
            input.push(b'\n');
        }
    }
    let (mut accepted, mut rejected) = (0, 0);
    for raw in input.split_inclusive(|&b| b == b'\n') {
        let line = raw.strip_suffix(b"\n").unwrap_or(raw);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        match std::str::from_utf8(line).map(|l| Url::parse_with(l, Spec::Rfc3986)) {
            Ok(Ok(_)) => accepted += 1,
            _ => rejected += 1,
        }
    }
    let run = urikit_with_stdin(&["normalize", "--spec", "rfc3986"], &input);
    let lines = run.stdout.iter().filter(|&&b| b == b'\n').count();
    println!("bench data: {accepted} accepted, {rejected} rejected");
    assert!(accepted > 100_000 && rejected > 0, "{accepted} {rejected}");
    assert_eq!(lines, accepted);
    assert_eq!(diagnostics(&run.stderr).len(), rejected);
    assert_eq!(run.code, 1);
}
