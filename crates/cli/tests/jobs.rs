//! `--jobs`: `check` and `parse` over stdin give the same bytes and exit
//! status on any number of threads as on one.

use serde_json::Value;

mod common;

use common::{
    answer_before_more_input, answers_before_a_partial_line, diagnostic_before_more_input, urikit, urikit_with_stdin,
    Run,
};

/// Asserts the whole stdout, the exit code, and silence on stderr.
#[track_caller]
fn expect(run: Run, stdout: &str, code: i32) {
    assert_eq!(String::from_utf8_lossy(&run.stdout), stdout, "stderr: {}", run.stderr);
    assert_eq!(run.code, code, "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

/// Parses each stdout line as a JSON object.
#[track_caller]
fn json_lines(run: &Run) -> Vec<serde_json::Map<String, Value>> {
    std::str::from_utf8(&run.stdout)
        .expect("stdout is UTF-8")
        .lines()
        .map(|line| match serde_json::from_str(line) {
            Ok(Value::Object(map)) => map,
            other => panic!("not a JSON object: {line} ({other:?})"),
        })
        .collect()
}

/// `lines` lines of every kind the commands meet, in a fixed pseudo-random
/// order: valid and invalid URLs, empty lines, `\r\n` ends, lines that are
/// not UTF-8, runs of short lines, and a line longer than a batch; the last
/// line has no `\n`.
fn mixed_lines(lines: usize) -> Vec<u8> {
    const KINDS: [&[u8]; 12] = [
        b"http://info.cern.ch/hypertext/WWW/TheProject.html",
        b"ftp://myname@host.dom/%2Fetc/motd",
        b"http://user@host/",
        b"news:12345667123%asdghfh@info.cern.ch",
        b"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        b"",
        b"http://h\xc3\xa4\xff/x",
        b"HTTP://h:8080/x?q#",
        b"http://a/b c\r",
        b"mailto:user@host.dom",
        b"\xc3",
        b"wais://vinca.cnidr.org:210/directory-of-servers?pubs",
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut out = Vec::new();
    for i in 0..lines {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        match i {
            // A run of empty lines, more than a batch holds (16,384).
            1000..=18_000 => {}
            // One line longer than a batch (256 KiB).
            777 => out.extend(std::iter::repeat_n(b'x', 300_000)),
            _ => {
                out.extend_from_slice(KINDS[(state % KINDS.len() as u64) as usize]);
                out.extend_from_slice(format!("/{i}").as_bytes());
            }
        }
        if i + 1 < lines {
            out.extend_from_slice(if state % 5 == 0 { b"\r\n" } else { b"\n" });
        }
    }
    out
}

#[test]
fn every_job_count_gives_the_same_output() {
    let input = mixed_lines(26_000);
    for command in [
        &["check"][..],
        &["check", "--lenient"],
        &["parse"],
        &["parse", "--json"],
    ] {
        let run = |jobs: &str| urikit_with_stdin(&[command, &["--jobs", jobs]].concat(), &input);
        let one = run("1");
        assert_eq!(one.code, 1, "{command:?}");
        assert!(one.stdout.len() > 100_000, "{command:?}");
        for jobs in ["2", "4", "7"] {
            let many = run(jobs);
            assert!(
                many.stdout == one.stdout,
                "{command:?} --jobs {jobs} differs from --jobs 1"
            );
            assert_eq!(many.code, one.code, "{command:?} --jobs {jobs}");
            assert_eq!(many.stderr, "", "{command:?} --jobs {jobs}");
        }
    }
}

#[test]
fn parallel_output_keeps_input_order() {
    let input: String = (0..30_000).map(|i| format!("http://h/{i}\n")).collect();
    let run = urikit_with_stdin(&["parse", "--json", "--jobs", "4"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let inputs: Vec<String> = json_lines(&run)
        .iter()
        .map(|o| o["input"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(inputs, input.lines().collect::<Vec<_>>());
}

#[test]
fn parallel_runs_of_empty_and_single_line_inputs() {
    for jobs in ["1", "2", "4"] {
        expect(urikit_with_stdin(&["check", "--jobs", jobs], b""), "", 0);
        expect(urikit_with_stdin(&["parse", "--json", "-j", jobs], b""), "", 0);
        expect(urikit_with_stdin(&["check", "--jobs", jobs], b"http://a/"), "", 0);
        expect(urikit_with_stdin(&["check", "--jobs", jobs], b"http://a/\n"), "", 0);
        expect(urikit_with_stdin(&["check", "--jobs", jobs], b"\n"), "", 0);
        expect(
            urikit_with_stdin(&["check", "--jobs", jobs], b"\nx"),
            "line 2: x
         ^
error: no scheme, expected letters, digits, '+', '-' or '.' and then ':' at offset 1 (scheme, RFC 1738)
",
            1,
        );
        let run = urikit_with_stdin(&["parse", "--json", "--jobs", jobs], b"ftp://h/\xff\r\n");
        assert_eq!(run.code, 1);
        let objects = json_lines(&run);
        assert_eq!(objects.len(), 1);
        assert_eq!(objects[0]["input"], "ftp://h/\u{fffd}");
    }
}

#[test]
fn jobs_must_be_a_positive_number() {
    for bad in ["0", "-1", "many"] {
        let run = urikit(&["check", &format!("--jobs={bad}")]);
        assert_eq!(run.code, 2, "--jobs {bad}");
        assert!(run.stderr.contains("--jobs"), "{}", run.stderr);
    }
}

#[test]
fn a_closed_stdout_ends_a_parallel_run_quietly() {
    let (first, output) = common::first_line_then_close(&["parse", "--jobs", "2"]);
    assert_eq!(first, "http://h/0\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}

/// A line's output goes out before the command waits for the next line, on
/// one thread or many: `tail -f log | urikit get '{host}'` answers as the
/// log grows. With many, a worker waits for the input while the thread that
/// writes writes.
#[test]
fn a_line_is_answered_before_the_next_comes() {
    // Each line is answered before the next is written, over several lines:
    // with many threads, sometimes the worker reads and sometimes the
    // thread that writes.
    const ROUNDS: usize = 6;
    let wait = std::time::Duration::from_secs(20);
    for (args, line, answer) in [
        (&["get", "--jobs", "1", "{host}"][..], "http://h/a", "h"),
        (&["get", "{host}"], "http://h/a", "h"),
        (&["get", "--jobs", "2", "{host}"], "http://h/a", "h"),
        (&["check", "--jobs", "1"], "http://h/~x", "line "),
        (&["check", "--jobs", "3"], "http://h/~x", "line "),
        (
            &["parse", "--json", "--jobs", "1"],
            "http://h/a",
            "{\"input\":\"http://h/a\"",
        ),
        (
            &["parse", "--json", "--jobs", "4"],
            "http://h/a",
            "{\"input\":\"http://h/a\"",
        ),
        (&["normalize"], "HTTP://h/a", "http://h/a"),
        (&["encode"], "a b", "a%20b"),
    ] {
        let got = answer_before_more_input(args, line, ROUNDS, wait);
        let answered = got.iter().filter(|g| g.starts_with(answer)).count();
        assert_eq!(answered, ROUNDS, "{args:?}: {got:?}");
    }
}

/// One thread holds the diagnostics of a block of lines for one write to
/// stderr, and writes them before a read that may wait: a rejected line
/// from a pipe gets its diagnostic before more input comes.
#[test]
fn a_diagnostic_comes_before_more_input() {
    const ROUNDS: usize = 3;
    let wait = std::time::Duration::from_secs(10);
    for args in [
        &["get", "{host}", "--jobs", "1"][..],
        &["edit", "--set", "fragment=f", "--jobs", "1"],
        &["get", "{host}"],
    ] {
        let got = diagnostic_before_more_input(args, "http://a b/", ROUNDS, wait);
        let named = got.iter().filter(|g| g.starts_with("urikit: line ")).count();
        assert_eq!(named, ROUNDS, "{args:?}: {got:?}");
    }
}

/// The thread that writes the output does not wait in a read for the end
/// of a line while the answers of lines before it are done: a pipe that
/// gives the start of a line holds back no answer before it.
#[test]
fn a_partial_line_holds_back_no_answer_before_it() {
    const ROUNDS: usize = 20;
    let wait = std::time::Duration::from_secs(10);
    for args in [
        &["get", "{host}"][..],
        &["get", "--jobs", "2", "{host}"],
        &["get", "--jobs", "3", "{host}"],
    ] {
        assert_eq!(answers_before_a_partial_line(args, ROUNDS, wait), ROUNDS, "{args:?}");
    }
}
