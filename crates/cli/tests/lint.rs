//! `urikit lint`: JSON for every line, and agreement with `check` on
//! control characters.

mod common;

use common::urikit_with_stdin;
use serde_json::Value;

#[test]
fn lint_json_gives_a_record_for_a_line_that_is_not_utf8() {
    let run = urikit_with_stdin(&["lint", "--json"], b"http://a/\xff\nhttp://a/\n");
    let lines: Vec<&str> = run.stdout().lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout());
    let first: Value = serde_json::from_str(lines[0]).expect("a JSON object");
    assert_eq!(first["input"], "http://a/\u{fffd}");
    assert_eq!(first["findings"][0]["code"], "not-utf8");
    assert_eq!(first["findings"][0]["severity"], "error");
    assert_eq!(first["findings"][0]["offset"], 9);
    let second: Value = serde_json::from_str(lines[1]).expect("a JSON object");
    assert_eq!(second["findings"], serde_json::json!([]));
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 1);
}

#[test]
fn lint_calls_a_control_an_error_as_check_does() {
    for input in [
        &b"http://a/\x00"[..],
        b"\x00http://a/",
        b"http://a/\x01",
        b"http://a/\x1b",
        b"http://a/b\x7f",
        b"\x1bhttp://a/",
    ] {
        let mut line = input.to_vec();
        line.push(b'\n');
        assert_eq!(urikit_with_stdin(&["check"], &line).code, 1, "{}", input.escape_ascii());
        let run = urikit_with_stdin(&["lint"], &line);
        assert_eq!(run.code, 1, "{}: {}", input.escape_ascii(), run.stdout());
        assert!(
            run.stdout().contains("  error["),
            "{}: {}",
            input.escape_ascii(),
            run.stdout()
        );
    }
}
