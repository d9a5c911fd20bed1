//! `URIKIT_SPEC` sets the default spec of every command; `--spec` overrides
//! it; empty, it is as if unset.

use std::process::{Command, Output};

/// Runs `urikit` with `args` and `URIKIT_SPEC` set to `spec` (unset for
/// `None`).
fn urikit(spec: Option<&str>, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_urikit"));
    command.args(args).env_remove("URIKIT_SPEC");
    if let Some(spec) = spec {
        command.env("URIKIT_SPEC", spec);
    }
    command.output().expect("urikit runs")
}

/// Accepted by RFC 3986, not by RFC 1738 (`~` is unsafe there).
const MODERN: &str = "http://a/~x";

#[test]
fn the_environment_sets_the_default_spec_of_every_command() {
    let text = format!("see <URL:{MODERN}>\n");
    let file = std::env::temp_dir().join(format!("urikit-env-{}.txt", std::process::id()));
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let commands: [&[&str]; 10] = [
        &["check", MODERN],
        &["parse", MODERN],
        &["parse", "--json", MODERN],
        &["lint", MODERN],
        &["plan", MODERN],
        &["normalize", MODERN],
        &["resolve", MODERN, "y"],
        &["relative", MODERN, "http://a/y"],
        &["compare", MODERN, MODERN],
        &["extract", "--valid-only", file],
    ];
    for args in commands {
        let strict = urikit(None, args);
        let modern = urikit(Some("rfc3986"), args);
        let overridden = urikit(
            Some("rfc3986"),
            &[&args[..1], &["--spec", "rfc1738"], &args[1..]].concat(),
        );
        let say = |o: &Output| {
            format!(
                "{args:?}: {}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            )
        };
        assert_eq!(modern.status.code(), Some(0), "{}", say(&modern));
        assert_ne!(strict.stdout, modern.stdout, "{}", say(&modern));
        assert_eq!(overridden.stdout, strict.stdout, "{}", say(&overridden));
        assert_eq!(overridden.status.code(), strict.status.code(), "{}", say(&overridden));
    }
    // Case as --spec takes it.
    assert_eq!(urikit(Some("RFC3986"), &["check", MODERN]).status.code(), Some(0));
    std::fs::remove_file(file).unwrap();
}

#[test]
fn an_empty_variable_is_as_if_unset() {
    for args in [
        &["check", MODERN][..],
        &["parse", "--json", MODERN],
        &["normalize", MODERN],
        &["compare", MODERN, MODERN],
        &["get", "{path}", MODERN],
        &["edit", "--set", "query=a", MODERN],
        &["encode", "a b"],
        &["check", "--spec", "rfc3986", MODERN],
    ] {
        let unset = urikit(None, args);
        let empty = urikit(Some(""), args);
        assert_eq!(
            (empty.status.code(), &empty.stdout, &empty.stderr),
            (unset.status.code(), &unset.stdout, &unset.stderr),
            "{args:?}: {}",
            String::from_utf8_lossy(&empty.stderr)
        );
    }
    assert_eq!(urikit(Some(""), &["check", MODERN]).status.code(), Some(1));
    assert_eq!(urikit(Some(""), &["check", "http://a/x"]).status.code(), Some(0));
}

#[test]
fn usage_and_help_are_the_same_whatever_the_variable_holds() {
    // Usage errors show a usage line: --spec is never in it as though it
    // were required.
    for args in [
        &["compare", "http://a/"][..],
        &["resolve"],
        &["relative"],
        &["get"],
        &["check", "--bogus"],
        &["edit", "--set"],
        &["check", "--help"],
        &["parse", "--help"],
        &["--help"],
    ] {
        let unset = urikit(None, args);
        for value in ["rfc3986", ""] {
            let set = urikit(Some(value), args);
            assert_eq!(
                (set.status.code(), &set.stdout, &set.stderr),
                (unset.status.code(), &unset.stdout, &unset.stderr),
                "URIKIT_SPEC={value:?} {args:?}: {}",
                String::from_utf8_lossy(&set.stderr)
            );
            let text = String::from_utf8_lossy(&set.stderr);
            let usage = text.lines().find(|l| l.starts_with("Usage:")).unwrap_or("");
            assert!(!usage.contains("--spec"), "URIKIT_SPEC={value:?} {args:?}: {usage}");
        }
    }
}

#[test]
fn extract_valid_only_takes_a_spec() {
    let text = format!("see <URL:{MODERN}> and http://b/\n");
    let file = std::env::temp_dir().join(format!("urikit-env-x-{}.txt", std::process::id()));
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let strict = urikit(None, &["extract", "--valid-only", file]);
    assert_eq!(String::from_utf8_lossy(&strict.stdout), "http://b/\n");
    let modern = urikit(None, &["extract", "--valid-only", "--spec", "rfc3986", file]);
    assert_eq!(
        String::from_utf8_lossy(&modern.stdout),
        format!("{MODERN}\nhttp://b/\n")
    );
    std::fs::remove_file(file).unwrap();
}

#[test]
fn an_invalid_spec_in_the_environment_is_a_usage_error() {
    let run = urikit(Some("rfc9999"), &["check", "http://a/"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(run.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("URIKIT_SPEC") && stderr.contains("rfc9999"), "{stderr}");
    for name in ["rfc1738", "rfc1630", "rfc1808", "rfc3986", "whatwg"] {
        assert!(stderr.contains(name), "{name} missing from {stderr}");
    }
    // Even where the command has no --spec, or --spec is given.
    assert_eq!(urikit(Some("nope"), &["encode", "x"]).status.code(), Some(2));
    assert_eq!(
        urikit(Some("nope"), &["check", "--spec", "rfc1738", "http://a/"])
            .status
            .code(),
        Some(2)
    );
}

/// The WHATWG URL Standard, named by the variable or by `--spec`, in any
/// case, is taken by every command: each gives what it gives by that spec,
/// not another spec's answer.
#[test]
fn whatwg_is_taken_either_way() {
    // Valid by the URL Standard and its href another string; not valid by
    // RFC 1738, whose http allows no backslash.
    let input = "HTTP://EXAMPLE.com:80/a/../b";
    for spec in ["whatwg", "WHATWG"] {
        let by_env = urikit(Some(spec), &["normalize", input]);
        let by_option = urikit(None, &["normalize", "--spec", spec, input]);
        assert_eq!(String::from_utf8_lossy(&by_env.stdout), "http://example.com/b\n");
        assert_eq!(
            (by_env.status.code(), &by_env.stdout, &by_env.stderr),
            (by_option.status.code(), &by_option.stdout, &by_option.stderr)
        );
    }
    // --spec overrides it.
    let overridden = urikit(Some("whatwg"), &["normalize", "--spec", "rfc1738", input]);
    assert_eq!(
        String::from_utf8_lossy(&overridden.stdout),
        "http://example.com/a/../b\n"
    );
    // Named wrongly, the names it may hold include whatwg.
    let by_option = urikit(None, &["check", "--spec", "whatwgx", "http://a/"]);
    assert_eq!(by_option.status.code(), Some(2));
    let message = String::from_utf8_lossy(&by_option.stderr);
    assert!(
        message.contains("possible values: rfc1738, rfc1630, rfc1808, rfc3986, whatwg"),
        "{message}"
    );
}
