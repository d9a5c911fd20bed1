//! Command-line arguments that are not UTF-8. One that is input (a URL, a
//! text) is taken as octets, as the same octets on a line of stdin are; one
//! that must be UTF-8 (an option's value, a template) is a usage error that
//! names the argument.

#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Output, Stdio};

/// Runs `urikit` with `args` (octets) and `stdin`.
fn urikit(args: &[&[u8]], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args.iter().map(|a| OsStr::from_bytes(a)))
        .env_remove("URIKIT_SPEC")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// A diagnostic without `prefix` where it names the input, and without as
/// many spaces before the caret under it.
fn unprefixed(diagnostic: &str, prefix: &str) -> String {
    let mut lines = Vec::new();
    let mut caret_next = false;
    for line in diagnostic.lines() {
        if let Some(rest) = line.strip_prefix(prefix) {
            lines.push(rest);
            caret_next = true;
        } else if caret_next && line.trim_start() == "^" {
            lines.push(&line[prefix.len()..]);
            caret_next = false;
        } else {
            lines.push(line);
            caret_next = false;
        }
    }
    lines.join("\n")
}

/// Inputs that are not UTF-8: an octet alone, one after a control, an
/// encoded text, a cut UTF-8 sequence.
const INPUTS: [&[u8]; 4] = [b"http://h/a\xffb", b"\x1b[31m\xfe", b"a%20b\xff", b"http://h/\xc3"];

#[test]
fn an_argument_not_utf8_is_taken_as_the_same_line_of_stdin() {
    let commands: [&[&[u8]]; 17] = [
        &[b"check"],
        &[b"check", b"--jobs", b"1"],
        &[b"parse"],
        &[b"parse", b"--json"],
        &[b"lint"],
        &[b"lint", b"--json"],
        &[b"plan"],
        &[b"normalize"],
        &[b"resolve", b"http://h/a/"],
        &[b"relative", b"http://h/a/"],
        &[b"encode"],
        &[b"encode", b"--set", b"unsafe"],
        &[b"decode"],
        &[b"get", b"{host}"],
        &[b"edit", b"--set", b"fragment=f"],
        &[b"edit", b"--json", b"--set", b"fragment=f"],
        &[b"validate"],
    ];
    for command in commands {
        for input in INPUTS {
            let by_argument = urikit(&[command, &[input]].concat(), b"");
            let by_stdin = urikit(command, &[input, b"\n"].concat());
            let what = format!("{command:?} {input:?}");
            assert_eq!(by_argument.status.code(), by_stdin.status.code(), "{what}");
            if [&b"check"[..], b"validate"].contains(&command[0]) {
                // Its report names the argument where it names the line.
                assert_eq!(
                    unprefixed(&String::from_utf8_lossy(&by_argument.stdout), "argument 1: "),
                    unprefixed(&String::from_utf8_lossy(&by_stdin.stdout), "line 1: "),
                    "{what}"
                );
            } else {
                assert_eq!(by_argument.stdout, by_stdin.stdout, "{what}");
            }
            // The diagnostic names the argument where it names the line.
            let stderr = String::from_utf8_lossy(&by_argument.stderr);
            assert_eq!(
                unprefixed(&stderr, "urikit: argument 1: "),
                unprefixed(&String::from_utf8_lossy(&by_stdin.stderr), "urikit: line 1: "),
                "{what}"
            );
            assert!(!stderr.contains("one or more arguments"), "{what}: {stderr}");
            assert!(
                !by_argument.stdout.contains(&0x1b) && !stderr.contains('\u{1b}'),
                "{what}"
            );
        }
    }
}

#[test]
fn a_url_argument_not_utf8_is_an_invalid_url() {
    // compare: no answer, each named.
    let run = urikit(&[b"compare", b"http://h/\xff", b"http://h/"], b"");
    assert_eq!(run.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.starts_with("urikit: argument 1: http://h/<0xFF>\n") && stderr.contains("not UTF-8"),
        "{stderr}"
    );
    // A base.
    for command in [&b"resolve"[..], b"relative"] {
        let run = urikit(&[command, b"http://h/\xff", b"http://h/x"], b"");
        assert_eq!((run.status.code(), &run.stdout[..]), (Some(2), &b""[..]));
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.starts_with("urikit: base: http://h/<0xFF>\n"), "{stderr}");
    }
    // fetch refuses it, and goes on to the next.
    let run = urikit(&[b"fetch", b"file:///\xff", b"file:///nonexistent/x"], b"");
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.starts_with("urikit: argument 1: file:///<0xFF>\n"), "{stderr}");
    assert!(stderr.contains("/nonexistent/x"), "{stderr}");
}

#[test]
fn a_value_that_must_be_utf8_is_a_usage_error_naming_its_argument() {
    for (args, named) in [
        (
            &[&b"check"[..], b"--spec", b"rfc\xff", b"http://h/"][..],
            "'--spec <SPEC>'",
        ),
        (&[b"check", b"--jobs", b"\xff", b"http://h/"], "'--jobs <N>'"),
        (&[b"get", b"{host}\xff", b"http://h/"], "'<TEMPLATE>'"),
        (
            &[b"edit", b"--set", b"host=\xff", b"http://h/"],
            "'--set <COMPONENT=VALUE>'",
        ),
        (
            &[b"edit", b"--redirect", b"\x1b[2J\xff", b"http://h/"],
            "'--redirect <REF>'",
        ),
        (&[b"encode", b"--set", b"\xff", b"x"], "'--set <NAME>'"),
        (
            &[b"fetch", b"--connect-to", b"\xff", b"http://h/"],
            "'--connect-to <ADDR:PORT>'",
        ),
    ] {
        let run = urikit(args, b"");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(
            (run.status.code(), &run.stdout[..]),
            (Some(2), &b""[..]),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.starts_with("error: invalid value '") && stderr.contains(&format!("' for {named}: ")),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("not UTF-8") && stderr.contains("Usage: urikit "),
            "{stderr}"
        );
        // The value is shown, its controls and octets by name.
        assert!(stderr.contains("<0xFF>") && !stderr.contains('\u{1b}'), "{stderr}");
    }
    // help names what it has no command of.
    let run = urikit(&[b"help", b"\xff"], b"");
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no command <0xFF>"));
}
