//! The built binary with `--spec rfc3986` and `--spec rfc1808`, and the
//! `relative` command: whole outputs compared.

use std::process::Command;

/// Runs `urikit` with `args`: (exit code, stdout).
fn urikit(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .output()
        .expect("the urikit binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn resolve_by_each_spec() {
    let base = "http://a/b/c/d;p?q";
    let refs = [";x", "../../../g", "/./g", "http:g"];
    let mut args = vec!["resolve", "--spec", "rfc3986", base];
    args.extend(refs);
    assert_eq!(
        urikit(&args),
        (0, "http://a/b/c/;x\nhttp://a/g\nhttp://a/g\nhttp:g\n".into())
    );
    args[2] = "rfc1808";
    assert_eq!(
        urikit(&args),
        (0, "http://a/b/c/d;x\nhttp://a/../g\nhttp://a/./g\nhttp:g\n".into())
    );
}

#[test]
fn relative_is_the_inverse_of_resolve() {
    let (code, out) = urikit(&[
        "relative",
        "--spec",
        "rfc3986",
        "http://a/b/c/d;p?q",
        "http://a/b/c/g",
        "http://a/b/g?y#s",
        "http://a/b/c/d;p?q#f",
        "https://a/",
        "not a uri",
    ]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    // The target that does not parse is reported on stderr.
    assert_eq!(lines, ["g", "../g?y#s", "#f", "https://a/"]);
    let (code, out) = urikit(&["relative", "magic://a/b/c//d/e/f", "magic://a/g", "magic://g/x"]);
    assert_eq!((code, out.as_str()), (0, "/g\n//g/x\n"));
}

#[test]
fn check_normalize_and_compare_by_rfc3986() {
    let (code, out) = urikit(&[
        "check",
        "--spec",
        "rfc3986",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
    ]);
    assert_eq!(code, 0, "{out}");
    let (code, _) = urikit(&["check", "--spec", "rfc3986", "http://[::1/"]);
    assert_eq!(code, 1);
    let (code, out) = urikit(&["normalize", "--spec", "rfc3986", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"]);
    assert_eq!((code, out.as_str()), (0, "example://a/b/c/%7Bfoo%7D\n"));
    let (code, out) = urikit(&[
        "compare",
        "--spec",
        "rfc3986",
        "http://example.com:80",
        "HTTP://example.com/",
    ]);
    assert_eq!((code, out.lines().last()), (0, Some("equivalent")));
    let (code, out) = urikit(&["parse", "--spec", "rfc3986", "http://[::1]:8080/~a"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("[::1]") && out.contains("8080"), "{out}");
}
