//! A parse error says when a later spec accepts the input, in one hint, on
//! every command that prints one; and messages speak the spec in force.

mod common;

use common::urikit;

/// Everything a run printed, wherever it went.
fn printed(args: &[&str]) -> (String, i32) {
    let run = urikit(args);
    (
        format!("{}{}", String::from_utf8_lossy(&run.stdout), run.stderr),
        run.code,
    )
}

const HINT: &str = "hint: '~' is unsafe in RFC 1738 §2.2; RFC 3986 allows it (--spec rfc3986)\n";

#[test]
fn every_command_hints_at_the_later_spec() {
    for args in [
        &["check", "http://a/~x"][..],
        &["parse", "http://a/~x"],
        &["normalize", "http://a/~x"],
        &["plan", "http://a/~x"],
        &["compare", "http://a/~x", "http://a/b"],
        &["resolve", "http://a/~x", "g"],
        &["relative", "http://a/~x", "http://a/b"],
    ] {
        let (out, code) = printed(args);
        assert_eq!(out.matches("hint:").count(), 1, "{args:?}: {out}");
        assert!(out.contains(HINT), "{args:?}: {out}");
        assert_ne!(code, 0, "{args:?}");
    }
}

#[test]
fn the_hint_names_the_newest_spec_that_accepts_it() {
    let (out, _) = printed(&["check", "http://u@h/"]);
    assert!(out.contains("hint: RFC 3986 accepts it (--spec rfc3986)\n"), "{out}");
    let (out, _) = printed(&["check", "http://h:abc/"]);
    assert!(out.contains("RFC 1808 allows it (--spec rfc1808)\n"), "{out}");
    // Nothing later accepts a space, and a valid URL needs no hint.
    let (out, _) = printed(&["check", "http://a/b c"]);
    assert!(!out.contains("hint:"), "{out}");
    let (out, code) = printed(&["check", "--spec", "rfc3986", "http://a/~x"]);
    assert!(!out.contains("hint:") && code == 0, "{out}");
}

#[test]
fn messages_speak_the_spec_in_force() {
    let (out, _) = printed(&["check", "--spec", "rfc3986", "http://a/{x"]);
    assert!(
        out.contains("error: character '{' is not allowed here, it must be %-encoded at offset 9"),
        "{out}"
    );
    let (out, _) = printed(&["check", "file://node.gypi"]);
    assert!(
        out.contains("error: expected '/' after the host at offset 16 (fileurl, RFC 1738)"),
        "{out}"
    );
    let (out, _) = printed(&["check", "\"x:y"]);
    assert!(!out.contains("%-encoded"), "{out}");
    let (out, _) = printed(&["parse", "--lenient", "http://[::1]/"]);
    assert!(out.contains(" '[' ") && out.contains("at offset 7"), "{out}");
}
