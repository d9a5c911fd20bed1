//! `--invalid empty|input` (and trurl's `--keep-going`): the output of `get`,
//! `edit`, `normalize`, `resolve`, `relative` and `decode` lined up with the input, an
//! invalid line giving an empty line or itself, the diagnostic on stderr and
//! the exit status 1 all the same.

mod common;

use common::{urikit, urikit_with_stdin, Run};

/// Lines of every kind: valid, invalid, not UTF-8, valid again.
const INPUT: &[u8] = b"http://a.example/x\nnot a url\nhttp://b.example/%zz\n\xffgopher://c/\nftp://d.example/y\n";

#[track_caller]
fn lined(run: &Run, want: &str, invalid: usize) {
    assert_eq!(run.stdout(), want, "stderr: {}", run.stderr);
    assert_eq!(run.code, 1, "{}", run.stderr);
    // Each invalid line still has its diagnostic.
    assert_eq!(run.stderr.matches("error: ").count(), invalid, "{}", run.stderr);
}

/// `get` and `edit` stream stdin over threads: one thread or two, the same
/// bytes, in input order.
#[test]
fn get_and_edit_keep_the_lines_with_one_thread_or_two() {
    for jobs in ["1", "2"] {
        let run = urikit_with_stdin(&["get", "--jobs", jobs, "--invalid", "empty", "{host}"], INPUT);
        lined(&run, "a.example\n\n\n\nd.example\n", 3);
        let run = urikit_with_stdin(&["get", "--jobs", jobs, "--keep-going", "{host}"], INPUT);
        lined(&run, "a.example\n\n\n\nd.example\n", 3);
        let run = urikit_with_stdin(&["get", "--jobs", jobs, "--invalid", "input", "{host}"], INPUT);
        assert_eq!(
            run.stdout, b"a.example\nnot a url\nhttp://b.example/%zz\n\xffgopher://c/\nd.example\n",
            "{}",
            run.stderr
        );
        let run = urikit_with_stdin(
            &["edit", "--jobs", jobs, "--invalid", "empty", "--set", "port=81"],
            INPUT,
        );
        lined(&run, "http://a.example:81/x\n\n\n\nftp://d.example:81/y\n", 3);
    }
    // Without the option, invalid lines write nothing, as before.
    let run = urikit_with_stdin(&["get", "--jobs", "2", "{host}"], INPUT);
    lined(&run, "a.example\nd.example\n", 3);
}

/// Many lines over many batches: the placeholders stay in their places.
#[test]
fn a_long_input_lines_up_with_two_threads() {
    let mut input = String::new();
    let mut want = String::new();
    for i in 0..40_000 {
        if i % 7 == 3 {
            input.push_str(&format!("bad {i}\n"));
            want.push_str(&format!("bad {i}\n"));
        } else {
            input.push_str(&format!("http://h{i}/\n"));
            want.push_str(&format!("h{i}\n"));
        }
    }
    let one = urikit_with_stdin(
        &["get", "--jobs", "1", "--invalid", "input", "{host}"],
        input.as_bytes(),
    );
    let two = urikit_with_stdin(
        &["get", "--jobs", "2", "--invalid", "input", "{host}"],
        input.as_bytes(),
    );
    assert_eq!(one.stdout(), want);
    assert_eq!(two.stdout, one.stdout);
    assert_eq!((one.code, two.code), (1, 1));
}

#[test]
fn normalize_keeps_the_lines() {
    let run = urikit_with_stdin(&["normalize", "--invalid", "empty"], INPUT);
    lined(&run, "http://a.example/x\n\n\n\nftp://d.example/y\n", 3);
    let run = urikit_with_stdin(&["normalize", "--invalid", "input"], INPUT);
    assert_eq!(
        run.stdout,
        b"http://a.example/x\nnot a url\nhttp://b.example/%zz\n\xffgopher://c/\nftp://d.example/y\n"
    );
    assert_eq!(run.code, 1);
    // Arguments too.
    let run = urikit(&["normalize", "--keep-going", "HTTP://A/", "::", "http://b/"]);
    lined(&run, "http://a/\n\nhttp://b/\n", 1);
}

#[test]
fn resolve_and_relative_keep_the_lines() {
    let run = urikit_with_stdin(&["resolve", "--invalid", "empty", "http://h/a/b"], b"c\n%zz\n\xff\nd\n");
    lined(&run, "http://h/a/c\n\n\nhttp://h/a/d\n", 2);
    let run = urikit_with_stdin(&["resolve", "--invalid", "input", "http://h/a/b"], b"c\n%zz\nd\n");
    lined(&run, "http://h/a/c\n%zz\nhttp://h/a/d\n", 1);
    let run = urikit(&[
        "relative",
        "--invalid",
        "input",
        "http://h/a/b",
        "http://h/a/c",
        "bad url",
        "http://h/x",
    ]);
    lined(&run, "c\nbad url\n/x\n", 1);
    let run = urikit(&["relative", "--keep-going", "http://h/a/b", "bad url", "http://h/a/c"]);
    lined(&run, "\nc\n", 1);
}

/// `decode` drops a text with a bad escape by default, and keeps its line
/// with `--invalid`, whose line as it was holds the octets as they came.
#[test]
fn decode_keeps_the_lines() {
    let input = b"a%41\nb%zz\n\xff%41\nc%42\n";
    let run = urikit_with_stdin(&["decode"], input);
    lined(&run, "aA\ncB\n", 2);
    let run = urikit_with_stdin(&["decode", "--invalid", "empty"], input);
    lined(&run, "aA\n\n\ncB\n", 2);
    let run = urikit_with_stdin(&["decode", "--form", "--invalid", "input"], b"a+%41\nb%zz\nc\n");
    lined(&run, "a A\nb%zz\nc\n", 1);
    let run = urikit_with_stdin(&["decode", "--invalid", "input"], input);
    assert_eq!(run.stdout, b"aA\nb%zz\n\xff%41\ncB\n");
    let run = urikit(&["decode", "--keep-going", "%zz", "%41"]);
    lined(&run, "\nA\n", 1);
}

/// With --json every input has its record: no line is added.
#[test]
fn edit_json_writes_one_record_per_line_whatever_invalid_says() {
    let plain = urikit_with_stdin(&["edit", "--json", "--set", "port=81"], INPUT);
    let lined = urikit_with_stdin(&["edit", "--json", "--invalid", "empty", "--set", "port=81"], INPUT);
    assert_eq!(lined.stdout, plain.stdout);
    assert_eq!(lined.stdout().lines().count(), 5);
}

#[test]
fn an_unknown_invalid_value_is_a_usage_error() {
    let run = urikit(&["get", "--invalid", "skip", "{host}", "http://h/"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("drop") && run.stderr.contains("input"),
        "{}",
        run.stderr
    );
}

/// `--invalid input` to a terminal shows the input's controls by name, in
/// one thread and in two (whose workers do not write to the terminal
/// themselves).
#[cfg(target_os = "linux")]
#[test]
fn an_invalid_input_written_to_a_terminal_shows_its_controls() {
    let dir = std::env::temp_dir().join(format!("urikit-lined-tty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls");
    std::fs::write(&file, b"http://a/\nbad \x1b]0;pwned\x07\n\xff\x1b[2J\n").unwrap();
    for command in [
        "get --jobs 1 '{host}'",
        "get --jobs 2 '{host}'",
        "normalize",
        "edit --jobs 2 --set port=1",
    ] {
        let out = std::process::Command::new("script")
            .args([
                "-qec",
                &format!(
                    "\"$URIKIT\" {command} --invalid input < '{}' 2>/dev/null",
                    file.display()
                ),
                "/dev/null",
            ])
            .env("URIKIT", env!("CARGO_BIN_EXE_urikit"))
            .output()
            .expect("script (util-linux) runs");
        let text = out.stdout.escape_ascii().to_string();
        assert!(
            !out.stdout.contains(&0x1b) && !out.stdout.contains(&0x07),
            "{command}: {text}"
        );
        assert!(
            text.contains("bad <0x1B>]0;pwned<0x07>\\r\\n<0xFF><0x1B>[2J\\r\\n"),
            "{command}: {text}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
