//! Running the built `urikit` binary, for the CLI tests.

#![allow(dead_code)] // Each test file uses its own part of this.

pub mod schema;

use std::io::Write;
use std::process::{Command, Stdio};
use std::thread;

/// What a run of `urikit` gave.
pub struct Run {
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// Standard output as text.
    #[track_caller]
    pub fn stdout(&self) -> &str {
        std::str::from_utf8(&self.stdout).expect("stdout is UTF-8")
    }
}

/// Runs `urikit` with `args`, writing `stdin` to its standard input.
pub fn urikit_with_stdin(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = spawn(args);
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = thread::spawn(move || {
        // The child may stop reading early; that is its business.
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("urikit runs");
    writer.join().unwrap();
    Run {
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().expect("urikit exits with a code"),
    }
}

/// Starts `urikit` with `args`, its standard streams piped.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        // The tests read the default spec, whatever the environment says.
        .env_remove("URIKIT_SPEC")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urikit starts")
}

/// Runs `urikit` with `args` and an empty standard input.
pub fn urikit(args: &[&str]) -> Run {
    urikit_with_stdin(args, b"")
}

/// Every input of the core's seed cases (inputs, contexts, references) and
/// `more`, once each, without those that span lines.
pub fn seed_inputs(more: &[&str]) -> Vec<String> {
    let seeds: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/data/seeds.json")).unwrap(),
    )
    .unwrap();
    let mut inputs = std::collections::BTreeSet::new();
    for case in seeds["cases"].as_array().unwrap() {
        for key in ["input", "context", "reference"] {
            if let Some(s) = case[key].as_str() {
                inputs.insert(s.to_owned());
            }
        }
    }
    inputs.extend(more.iter().map(|s| (*s).to_owned()));
    inputs.into_iter().filter(|s| !s.contains('\n')).collect()
}

/// The kinds of scheme view `parse --json` writes.
pub const VIEW_KINDS: [&str; 15] = [
    "http",
    "ftp",
    "gopher",
    "mailto",
    "news",
    "nntp",
    "telnet",
    "wais",
    "file",
    "prospero",
    "message-id",
    "afs",
    "urn",
    "experimental",
    "generic",
];

/// Runs `parse --json` over `stdin` by every spec, strictly and leniently,
/// and gives each line it writes, with the arguments of the run.
pub fn each_json_record(stdin: &[u8], mut each: impl FnMut(&[&str], &str)) {
    // By whatwg, with a base too.
    let runs: [&[&str]; 6] = [
        &["--spec", "rfc1738"],
        &["--spec", "rfc1630"],
        &["--spec", "rfc1808"],
        &["--spec", "rfc3986"],
        &["--spec", "whatwg"],
        &["--spec", "whatwg", "--base", "https://base.example:8443/dir/page?q#f"],
    ];
    for run in runs {
        for lenient in [false, true] {
            let mut args = vec!["parse", "--json"];
            args.extend_from_slice(run);
            if lenient {
                args.push("--lenient");
            }
            let run = urikit_with_stdin(&args, stdin);
            for line in run.stdout().lines() {
                each(&args, line);
            }
        }
    }
}

/// The lines of `stdout` (or stderr) as they come, read by a thread of
/// their own.
fn lines_of(
    stdout: impl std::io::Read + Send + 'static,
) -> (std::sync::mpsc::Receiver<String>, thread::JoinHandle<()>) {
    use std::io::{BufRead, BufReader};
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (rx, reader)
}

/// Runs `urikit args` and, `rounds` times, writes `line` and a newline to
/// its stdin, keeping stdin open, and waits up to `wait` for output: the
/// lines it wrote, up to the first round that got none; then stdin is
/// closed and the run ends.
pub fn answer_before_more_input(args: &[&str], line: &str, rounds: usize, wait: std::time::Duration) -> Vec<String> {
    answers_on(args, line, rounds, wait, false)
}

/// [`answer_before_more_input`], reading stderr: the diagnostics of a
/// rejected line.
pub fn diagnostic_before_more_input(
    args: &[&str],
    line: &str,
    rounds: usize,
    wait: std::time::Duration,
) -> Vec<String> {
    answers_on(args, line, rounds, wait, true)
}

fn answers_on(args: &[&str], line: &str, rounds: usize, wait: std::time::Duration, stderr: bool) -> Vec<String> {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let (rx, reader) = if stderr {
        lines_of(child.stderr.take().unwrap())
    } else {
        lines_of(child.stdout.take().unwrap())
    };
    let mut answers = Vec::new();
    for _ in 0..rounds {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        match rx.recv_timeout(wait) {
            Ok(answer) => answers.push(answer),
            Err(_) => break,
        }
        // What else the line gave (a report's caret and error lines).
        while let Ok(more) = rx.recv_timeout(std::time::Duration::from_millis(100)) {
            answers.push(more);
        }
    }
    drop(stdin);
    child.wait().unwrap();
    reader.join().unwrap();
    answers
}

/// Runs `urikit args` (a command that prints each URL's host) and,
/// `rounds` times, writes 2,000 URLs and a last one whose host names the
/// round, then the start of a line with no line end, and waits up to
/// `wait` for the last host before it ends that line: the number of rounds
/// whose last host came in time, up to the first that did not.
pub fn answers_before_a_partial_line(args: &[&str], rounds: usize, wait: std::time::Duration) -> usize {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let (rx, reader) = lines_of(child.stdout.take().unwrap());
    let many: String = (0..2000)
        .map(|k| format!("http://h{k}.example/a/path/to/something.html\n"))
        .collect();
    let mut answered = 0;
    'rounds: for round in 0..rounds {
        writeln!(stdin, "{many}http://round{round}.example/").unwrap();
        stdin.flush().unwrap();
        thread::sleep(std::time::Duration::from_micros(500));
        write!(stdin, "http://partial").unwrap();
        stdin.flush().unwrap();
        let last = format!("round{round}.example");
        let deadline = std::time::Instant::now() + wait;
        loop {
            match rx.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now())) {
                Ok(host) if host == last => break,
                Ok(_) => {}
                Err(_) => break 'rounds,
            }
        }
        answered += 1;
        writeln!(stdin, ".example/").unwrap();
    }
    drop(stdin);
    child.wait().unwrap();
    reader.join().unwrap();
    answered
}

/// Runs `urikit args` with an endless stdin of `http://h/0`, `http://h/1`,
/// ..., reads the first line it writes and closes its stdout: that line
/// and how the run ended.
pub fn first_line_then_close(args: &[&str]) -> (String, std::process::Output) {
    use std::io::{BufRead, BufReader};
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        for i in 0..1_000_000 {
            if writeln!(stdin, "http://h/{i}").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: the next write fails with a broken pipe.
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (first, output)
}
