//! A closed pipe ends every command quietly, with exit status 0: the reader
//! of its output went away (`urikit ... | head -1`).

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
