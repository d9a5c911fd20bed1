//! `--lenient`: one option, one help text and one meaning on every command
//! that reads URLs; the commands that gained it read their URLs as lenient
//! parsing does.

mod common;

use common::{urikit, urikit_with_stdin};

/// Every command that reads a URL, and so takes `--lenient`.
const READERS: [&str; 10] = [
    "check",
    "parse",
    "get",
    "normalize",
    "plan",
    "edit",
    "compare",
    "resolve",
    "relative",
    "lint",
];

/// The help of `--lenient` in `command --help`, its whitespace folded.
fn lenient_help(command: &str) -> String {
    let run = urikit(&[command, "--help"]);
    assert_eq!(run.code, 0, "{command}: {}", run.stderr);
    let out = run.stdout();
    let mut lines = out.lines().skip_while(|l| !l.trim_start().starts_with("--lenient"));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("{command} has no --lenient: {out}"))
        .trim_start()
        .trim_start_matches("--lenient");
    // Up to the next option, or the end of the options.
    let rest = lines.take_while(|l| !l.trim().is_empty() && !l.trim_start().starts_with('-'));
    std::iter::once(first)
        .chain(rest)
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_reader_has_the_same_lenient() {
    let first = lenient_help(READERS[0]);
    assert!(first.starts_with("Read each URL as lenient parsing does"), "{first}");
    for command in &READERS[1..] {
        assert_eq!(lenient_help(command), first, "{command}");
    }
}

#[test]
fn edit_reads_what_browsers_read() {
    // The examples of the URL Standard's setters a strict read refuses.
    for (set, url, want) in [
        (
            "username=me",
            "http://:secret@example.net",
            "http://me:secret@example.net/\n",
        ),
        ("search=", "data:space ?query", "data:space%20\n"),
    ] {
        let strict = urikit(&["edit", "--spec", "whatwg", "--set", set, url]);
        assert_eq!((strict.stdout(), strict.code), ("", 1), "{set} {url}");
        let run = urikit(&["edit", "--spec", "whatwg", "--lenient", "--set", set, url]);
        assert_eq!(
            (run.stdout(), run.stderr.as_str(), run.code),
            (want, "", 0),
            "{set} {url}"
        );
    }
    // By an RFC, the repaired URL is edited; --json lists the repair.
    let run = urikit(&["edit", "--lenient", "--set", "query=q", "http://h/a b"]);
    assert_eq!((run.stdout(), run.code), ("http://h/a%20b?q\n", 0), "{}", run.stderr);
    let run = urikit(&["edit", "--json", "--lenient", "--set", "query=q", "http://h/a b"]);
    let record: serde_json::Value = serde_json::from_str(run.stdout().trim_end()).unwrap();
    assert_eq!(record["url"], "http://h/a%20b?q");
    assert_eq!(
        record["warnings"],
        serde_json::json!([{"offset": 10, "message": "encoded space 0x20 as %20"}])
    );
    // An input no repair makes a URL of: the one error, as parse --lenient.
    let run = urikit(&["edit", "--json", "--lenient", "--set", "query=q", "http://[::1/"]);
    let record: serde_json::Value = serde_json::from_str(run.stdout().trim_end()).unwrap();
    assert_eq!((record["valid"].as_bool(), run.code), (Some(false), 1));
    assert_eq!(record["errors"].as_array().map(Vec::len), Some(1), "{record}");
    assert!(record["url"].is_null());
    // --lenient and --accept-space say the same of a space: one of them.
    assert_eq!(
        urikit(&["edit", "--lenient", "--accept-space", "--set", "query=q", "http://h/"]).code,
        2
    );
}

#[test]
fn compare_resolve_and_relative_read_leniently() {
    let run = urikit(&["compare", "http://h/a b", "http://h/a%20b"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    let run = urikit(&["compare", "--lenient", "http://h/a b", "http://h/a%20b"]);
    assert_eq!(
        (run.stdout(), run.code),
        ("http://h/a%20b\nhttp://h/a%20b\nequivalent\n", 0),
        "{}",
        run.stderr
    );
    let run = urikit(&[
        "compare",
        "--spec",
        "whatwg",
        "--lenient",
        "http://0x7f.1/",
        "http://127.0.0.1/",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);

    // Strictly, the base is not a URL: a usage error.
    let run = urikit(&["resolve", "--spec", "whatwg", "http:\\\\h\\a\\b", "c"]);
    assert_eq!((run.stdout(), run.code), ("", 2));
    let run = urikit(&["resolve", "--spec", "whatwg", "--lenient", "http:\\\\h\\a\\b", "c"]);
    assert_eq!((run.stdout(), run.code), ("http://h/a/c\n", 0), "{}", run.stderr);

    let run = urikit_with_stdin(&["relative", "--lenient", "http://h/a b/"], b"http://h/a b/c d\n");
    assert_eq!((run.stdout(), run.code), ("c%20d\n", 0), "{}", run.stderr);
    let run = urikit_with_stdin(&["relative", "http://h/a/"], b"http://h/a/c d\n");
    assert_eq!((run.stdout(), run.code), ("", 1));
}

#[test]
fn lint_calls_a_repaired_character_a_warning() {
    let run = urikit(&["lint", "http://h/a b"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout().contains("error[unsafe-character]"), "{}", run.stdout());
    let run = urikit(&["lint", "--lenient", "http://h/a b"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout().contains("warning[unsafe-character]"), "{}", run.stdout());
    // A hazard of the repaired URL stays an error.
    let run = urikit(&["lint", "--lenient", "gopher://h:25/0a b%0D%0A"]);
    assert_eq!(run.code, 1, "{}", run.stdout());
}
