//! `-f`/`--url-file FILE` and `-`: the lines of a file, or of stdin, as the
//! inputs of every command that reads URLs one per line; and a byte-order
//! mark at the start of the lines, which is dropped.

mod common;

use std::path::PathBuf;

use common::{urikit, urikit_with_stdin, Run};

/// A folder of this test's own, made anew.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urikit-url-file-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Lines of every kind, after a byte-order mark: valid, invalid, not UTF-8,
/// valid again.
const LINES: &[u8] = b"\xef\xbb\xbfhttp://a.example/x\nhttp://a b/\n\xffgopher://c/\nftp://d.example/y\n";

/// Each command that reads URLs one per line, with what it needs besides.
const COMMANDS: [&[&str]; 14] = [
    &["parse"],
    &["parse", "--json", "--jobs", "2"],
    &["check"],
    &["check", "--jobs", "2"],
    &["get", "{host}"],
    &["get", "--jobs", "2", "--invalid", "input", "{host}"],
    &["normalize"],
    &["resolve", "http://h/a/b"],
    &["relative", "http://a.example/"],
    &["plan"],
    &["lint"],
    &["edit", "--set", "port=81"],
    &["edit", "--jobs", "2", "--set", "port=81"],
    &["explain"],
];

/// What `args` gives for the lines on stdin: `-f FILE` and `-` give the
/// same output, exit status and diagnostics, each diagnostic naming the
/// file and the line (`FILE: line N:`) where stdin's names the line.
#[test]
fn every_command_reads_a_file_as_it_reads_stdin() {
    let dir = folder("same");
    let file = dir.join("urls.txt");
    std::fs::write(&file, LINES).unwrap();
    let name = file.to_str().unwrap();
    for args in COMMANDS {
        let stdin = urikit_with_stdin(args, LINES);
        for option in ["-f", "--url-file"] {
            let from_file = urikit(&[args, &[option, name][..]].concat());
            same(&from_file, &stdin, Some(name), args);
        }
        // `-f -` and a lone `-` are stdin.
        same(
            &urikit_with_stdin(&[args, &["-f", "-"][..]].concat(), LINES),
            &stdin,
            None,
            args,
        );
        same(
            &urikit_with_stdin(&[args, &["-"][..]].concat(), LINES),
            &stdin,
            None,
            args,
        );
    }
    // A report names the file and the line, as a diagnostic does.
    let run = urikit(&["check", "-f", name]);
    assert!(
        run.stdout().starts_with(&format!("{name}: line 2: http://a b/\n")),
        "{}",
        run.stdout()
    );
    let run = urikit(&["normalize", "--url-file", name]);
    assert!(
        run.stderr
            .starts_with(&format!("urikit: {name}: line 2: http://a b/\n")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(&format!("\nurikit: {name}: line 3: <0xFF>gopher://c/\n")),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `got` is what `want`, the run over stdin, gave, each line named by its
/// number (`line 2: `) named by the file too (`FILE: line 2: `) when `file`
/// says which.
#[track_caller]
fn same(got: &Run, want: &Run, file: Option<&str>, args: &[&str]) {
    let named = |s: &str| match file {
        Some(file) => s.replace("line ", &format!("{file}: line ")),
        None => s.to_owned(),
    };
    // The caret lines under a longer name are longer: compared without
    // their spaces.
    let squeeze = |s: &str| s.replace(' ', "");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    assert_eq!(
        squeeze(&text(&got.stdout)),
        squeeze(&named(&text(&want.stdout))),
        "{args:?}"
    );
    assert_eq!(got.code, want.code, "{args:?}");
    assert_eq!(squeeze(&got.stderr), squeeze(&named(&want.stderr)), "{args:?}");
}

/// The multi-core stream reads a file as it reads stdin: a file of many
/// batches gives the same bytes with one thread and with two, in order,
/// each diagnostic numbering its line as stdin's does.
#[test]
fn a_long_file_streams_over_every_core() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/data/kasztp.txt");
    let lines = std::fs::read(file).unwrap();
    for args in [
        &["check", "--spec", "rfc3986"][..],
        &["get", "--invalid", "empty", "{path}"],
    ] {
        let stdin = urikit_with_stdin(&[args, &["--jobs", "1"][..]].concat(), &lines);
        assert_eq!(stdin.code, 1, "{args:?}: some line is invalid");
        for jobs in ["1", "2", "3"] {
            let run = urikit(&[args, &["--jobs", jobs, "-f", file][..]].concat());
            same(&run, &stdin, Some(file), args);
        }
    }
}

#[test]
fn a_file_that_cannot_be_read_is_a_usage_error_that_names_it() {
    let dir = folder("missing");
    let missing = dir.join("no\x1b]0;such");
    for args in [&["normalize"][..], &["check", "--jobs", "2"], &["get", "{host}"]] {
        let run = urikit(&[args, &["-f", missing.to_str().unwrap()][..]].concat());
        assert_eq!((run.code, run.stdout()), (2, ""), "{args:?}");
        let want = format!("urikit: error: cannot open {}/no<0x1B>]0;such: ", dir.display());
        assert!(run.stderr.starts_with(&want), "{args:?}: {}", run.stderr);
    }
    // A folder opens, and its read fails.
    let run = urikit(&["normalize", "-f", dir.to_str().unwrap()]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with(&format!("urikit: error: reading {}: ", dir.display())),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_or_stdin_and_arguments_both_is_a_usage_error() {
    for args in [
        &["normalize", "-f", "urls.txt", "http://h/"][..],
        &["normalize", "-", "http://h/"],
        &["normalize", "http://h/", "-"],
        &[
            "edit",
            "--new",
            "-f",
            "urls.txt",
            "--set",
            "scheme=http",
            "--set",
            "host=h",
        ],
    ] {
        let run = urikit(args);
        assert_eq!((run.code, run.stdout()), (2, ""), "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("urikit: error: "), "{args:?}: {}", run.stderr);
    }
}

/// A byte-order mark at the start of stdin or of a file is no part of the
/// first URL (`bench/data/kasztp.txt` starts with one); elsewhere it is the
/// char U+FEFF, which no URL holds.
#[test]
fn a_byte_order_mark_at_the_start_is_dropped() {
    let kasztp = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/data/kasztp.txt");
    let first = std::fs::read(kasztp).unwrap();
    assert!(first.starts_with(b"\xef\xbb\xbf"), "the bench list starts with a BOM");
    let first_line = &first[..first.iter().position(|&b| b == b'\n').unwrap() + 1];
    for spec in ["rfc1738", "rfc3986", "whatwg"] {
        for jobs in ["1", "2"] {
            let run = urikit_with_stdin(&["check", "--spec", spec, "--lenient", "--jobs", jobs], first_line);
            assert_eq!((run.code, run.stdout()), (0, ""), "{spec} --jobs {jobs}");
        }
    }
    let run = urikit_with_stdin(&["normalize", "--spec", "rfc3986"], b"\xef\xbb\xbfHTTP://H/\n");
    assert_eq!((run.stdout(), run.code), ("http://h/\n", 0), "{}", run.stderr);
    let run = urikit_with_stdin(&["parse", "--json"], b"\xef\xbb\xbfhttp://h/\n");
    assert!(
        run.stdout().starts_with(r#"{"input":"http://h/","valid":true"#),
        "{}",
        run.stdout()
    );
    // The start only: a mark on a later line, or a second one, is the line's.
    for lines in [
        &b"http://h/\n\xef\xbb\xbfhttp://h/\n"[..],
        b"\xef\xbb\xbf\xef\xbb\xbfhttp://h/\n",
    ] {
        let run = urikit_with_stdin(&["check", "--spec", "rfc3986"], lines);
        assert_eq!(run.code, 1);
        assert!(run.stdout().contains("<U+FEFF>http://h/"), "{}", run.stdout());
    }
    // A lone mark, or a start of one, is an input of its own.
    let run = urikit_with_stdin(&["normalize", "--invalid", "input"], b"\xef\xbb\xbf");
    assert_eq!((run.stdout(), run.code), ("", 0));
    let run = urikit_with_stdin(&["normalize", "--invalid", "input"], b"\xef\xbb\n");
    assert_eq!((&run.stdout[..], run.code), (&b"\xef\xbb\n"[..], 1));
    let run = urikit_with_stdin(&["normalize"], b"h\n");
    assert_eq!(run.code, 1);
}

/// `encode` and `decode` transform octets: a byte-order mark at the start
/// is data, as every other octet is, and `decode | encode` gives it back.
#[test]
fn encode_and_decode_keep_a_byte_order_mark() {
    let run = urikit_with_stdin(&["encode"], b"\xef\xbb\xbfa b\n");
    assert_eq!(run.stdout(), "%EF%BB%BFa%20b\n");
    let run = urikit_with_stdin(&["decode"], b"\xef\xbb\xbf%41\n");
    assert_eq!(run.stdout, b"\xef\xbb\xbfA\n");
}
