//! A closed pipe ends every command quietly, with exit status 0: the reader
//! of its output went away (`urikit ... | head -1`). A closed stderr changes
//! nothing: the exit status is what the input makes it.

use std::path::Path;
use std::process::Command;

/// Lines that every command has something to say about: valid URLs, URLs
/// with a user (invalid in http), ports that lint reports.
fn input(lines: usize) -> String {
    (0..lines)
        .map(|i| match i % 3 {
            0 => format!("http://h/{i}\n"),
            1 => format!("http://u@h/{i}\n"),
            _ => format!("http://h:25/%2F{i}\n"),
        })
        .collect()
}

/// Every command, with arguments, reading the input file (`$IN`) where it
/// reads stdin.
const COMMANDS: &[&str] = &[
    "check < \"$IN\"",
    "check --jobs 1 < \"$IN\"",
    "check --jobs 2 < \"$IN\"",
    "parse < \"$IN\"",
    "parse --jobs 1 < \"$IN\"",
    "parse --jobs 2 --json < \"$IN\"",
    "parse --jobs 2 < \"$IN\"",
    "lint < \"$IN\"",
    "lint --json < \"$IN\"",
    "plan < \"$IN\"",
    "normalize < \"$IN\"",
    "resolve http://h/a/ < \"$IN\"",
    "relative http://h/a/ < \"$IN\"",
    "encode < \"$IN\"",
    "decode < \"$IN\"",
    "extract \"$IN\"",
    "extract --json \"$IN\"",
    "extract --json < \"$IN\"",
    "compare http://h/ http://H/",
    "check --spec whatwg < \"$IN\"",
    "parse --spec whatwg --lenient --jobs 2 < \"$IN\"",
    "parse --spec whatwg --json --base http://b/ < \"$IN\"",
    "lint --spec whatwg < \"$IN\"",
    "plan --spec whatwg --lenient < \"$IN\"",
    "normalize --spec whatwg < \"$IN\"",
    "resolve --spec whatwg http://h/a/ < \"$IN\"",
    "relative --spec whatwg http://h/a/ < \"$IN\"",
    "get --spec whatwg --base http://b/ '{host}' < \"$IN\"",
    "edit --spec whatwg --set fragment=x < \"$IN\"",
    "extract --valid-only --spec whatwg \"$IN\"",
    "--help",
    "parse --help",
    "help",
    "help parse",
];

/// Runs `urikit ARGS` (shell words) into a pipe read by `reader`, gone
/// before the first write when `early`, and gives urikit's exit status and
/// stderr.
fn into_pipe(args: &str, reader: &str, early: bool, dir: &Path) -> (String, String) {
    let err = dir.join("stderr");
    // With `early`, urikit starts after the reader has exited.
    let delay = if early { "sleep 0.2; " } else { "" };
    let script = format!("{{ {delay}\"$URIKIT\" {args} 2>\"$ERR\"; }} | {reader}; echo \"${{PIPESTATUS[0]}}\"");
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("URIKIT", env!("CARGO_BIN_EXE_urikit"))
        .env("IN", dir.join("input.txt"))
        .env("ERR", &err)
        .output()
        .expect("bash runs");
    let code = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    (code, std::fs::read_to_string(&err).unwrap_or_default())
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let dir = std::env::temp_dir().join(format!("urikit-pipes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Enough output to fill a pipe many times over.
    std::fs::write(dir.join("input.txt"), input(60_000)).unwrap();
    let mut failures = Vec::new();
    for args in COMMANDS {
        for (reader, early) in [("head -n 1 >/dev/null", false), ("true", true)] {
            let (code, stderr) = into_pipe(args, reader, early, &dir);
            if code != "0" || stderr.contains("Broken pipe") || stderr.contains("panicked") {
                failures.push(format!("urikit {args} | {reader}: exit {code}, stderr {stderr:?}"));
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every path that writes a diagnostic to stderr (`$IN` holds lines that
/// every command rejects, `$LONG` a URL too long for `extract`), and the exit
/// status that the input, or the usage, gives.
const DIAGNOSED: &[(&str, i32)] = &[
    ("\"$URIKIT\" normalize < \"$IN\"", 1),
    ("\"$URIKIT\" normalize 'bad url' 'bad url' 'bad url'", 1),
    ("\"$URIKIT\" resolve http://h/a/ < \"$IN\"", 1),
    ("\"$URIKIT\" resolve 'bad base' x", 2),
    ("\"$URIKIT\" relative http://h/a/ < \"$IN\"", 1),
    ("\"$URIKIT\" decode < \"$IN\"", 1),
    ("\"$URIKIT\" decode %zz %zz %zz", 1),
    ("\"$URIKIT\" get '{host}' --jobs 1 < \"$IN\"", 1),
    ("\"$URIKIT\" get '{host}' --jobs 2 < \"$IN\"", 1),
    ("\"$URIKIT\" get '{host}' 'bad url' 'bad url'", 1),
    ("\"$URIKIT\" edit --set scheme=ftp --jobs 1 < \"$IN\"", 1),
    ("\"$URIKIT\" edit --set scheme=ftp --jobs 2 < \"$IN\"", 1),
    ("\"$URIKIT\" edit --clear scheme http://h/ http://h/", 1),
    ("\"$URIKIT\" compare 'bad url' 'bad url'", 3),
    ("\"$URIKIT\" extract \"$LONG\"", 1),
    ("\"$URIKIT\" fetch file:///nonexistent/a file:///nonexistent/b", 1),
    ("\"$URIKIT\" extract /nonexistent/file", 2),
    ("\"$URIKIT\" help frobnicate", 2),
    ("\"$URIKIT\" normalize --spec whatwg < \"$IN\"", 1),
    (
        "\"$URIKIT\" get --spec whatwg --base http://h/ '{host}' --jobs 2 < \"$IN\"",
        1,
    ),
    ("\"$URIKIT\" resolve --spec whatwg http://h/a/ 'http://[' 'http://['", 1),
    ("\"$URIKIT\" parse --spec whatwg --base 'http://[' x", 2),
    ("\"$URIKIT\" check --spec nope x", 2),
    ("URIKIT_SPEC=nope \"$URIKIT\" check x", 2),
];

/// Runs the shell command `command` with its stdout to /dev/null and its
/// stderr into a pipe read by `reader`, gone before the first write when
/// `early`, and gives urikit's exit status.
fn stderr_into_pipe(command: &str, reader: &str, early: bool, dir: &Path) -> String {
    let delay = if early { "sleep 0.2; " } else { "" };
    let script = format!("{{ {delay}{command} 2>&1 >/dev/null; }} | {reader}; echo \"${{PIPESTATUS[0]}}\"");
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("URIKIT", env!("CARGO_BIN_EXE_urikit"))
        .env_remove("URIKIT_SPEC")
        .env("IN", dir.join("input.txt"))
        .env("LONG", dir.join("long.txt"))
        .output()
        .expect("bash runs");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

#[test]
fn a_closed_stderr_changes_no_exit_status() {
    let dir = std::env::temp_dir().join(format!("urikit-stderr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Diagnostics enough to fill a pipe many times over.
    std::fs::write(dir.join("input.txt"), "bad url%zz\n".repeat(100_000)).unwrap();
    let long = format!("http://h/{}\n", "a".repeat(urikit::text::MAX_URL_LEN));
    std::fs::write(dir.join("long.txt"), long.repeat(2)).unwrap();
    let mut failures = Vec::new();
    for (command, status) in DIAGNOSED {
        for (reader, early) in [("head -n 1 >/dev/null", false), ("true", true)] {
            let code = stderr_into_pipe(command, reader, early, &dir);
            if code != status.to_string() {
                failures.push(format!(
                    "{command} 2>&1 >/dev/null | {reader}: exit {code}, not {status}"
                ));
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
