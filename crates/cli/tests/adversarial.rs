//! `urikit check` survives every hostile input of
//! `testdata/adversarial`: it exits 0 or 1, never with a panic
//! (101) or a signal.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde::Deserialize;

fn adversarial_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/adversarial")
}

#[derive(Deserialize)]
struct Hostile {
    input: String,
}

#[derive(Deserialize)]
struct Recipe {
    name: String,
    prefix: String,
    repeat_unit: String,
    count: usize,
    suffix: String,
}

/// Runs `urikit <args>` with `stdin` and returns its exit code (`None` when
/// a signal ended it).
fn run(args: &[&str], stdin: &[u8]) -> Option<i32> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("urikit runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    // A child that stops reading early is not an error here.
    let _ = pipe.write_all(stdin);
    drop(pipe);
    child.wait().expect("urikit ends").code()
}

#[test]
fn check_survives_hostile_inputs() {
    let path = adversarial_dir().join("inputs.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let inputs: Vec<Hostile> = serde_json::from_str(&text).unwrap();
    let mut all = Vec::new();
    for h in &inputs {
        let code = run(&["check"], h.input.as_bytes());
        assert!(matches!(code, Some(0 | 1)), "{:?}: exit {code:?}", h.input);
        all.extend_from_slice(h.input.as_bytes());
        all.push(b'\n');
    }
    for args in [&["check", "--lenient"][..], &["parse", "--json"], &["normalize"]] {
        let code = run(args, &all);
        assert!(matches!(code, Some(0 | 1)), "{args:?}: exit {code:?}");
    }
}

#[test]
fn check_survives_huge_inputs() {
    let path = adversarial_dir().join("generated.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let recipes: Vec<Recipe> = serde_json::from_str(&text).unwrap();
    for r in recipes.iter().filter(|r| {
        [
            "userinfo-percent-signs",
            "path-spaces",
            "many-host-labels",
            "long-url-8mb-over",
        ]
        .contains(&r.name.as_str())
    }) {
        let input = format!("{}{}{}", r.prefix, r.repeat_unit.repeat(r.count), r.suffix);
        for args in [&["check"][..], &["check", "--lenient"]] {
            let code = run(args, input.as_bytes());
            assert!(matches!(code, Some(0 | 1)), "{} {args:?}: exit {code:?}", r.name);
        }
    }
}
