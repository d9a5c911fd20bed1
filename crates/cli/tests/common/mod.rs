//! Running the built `urikit` binary, for the CLI tests.

#![allow(dead_code)] // Each test file uses its own part of this.

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
    let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        // The tests read the default spec, whatever the environment says.
        .env_remove("URIKIT_SPEC")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urikit starts");
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

/// Runs `urikit` with `args` and an empty standard input.
pub fn urikit(args: &[&str]) -> Run {
    urikit_with_stdin(args, b"")
}
