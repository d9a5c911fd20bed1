//! The README's first `sh` block is what a newcomer (and a tool) runs: the
//! run command, then the test command, and nothing else. The test command is
//! the script CI runs, and it exists and is executable.

use std::path::Path;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap()
}

/// The lines of the first fenced block tagged `sh`.
fn first_sh_block(text: &str) -> Vec<String> {
    let start = text.find("```sh\n").expect("a ```sh block") + "```sh\n".len();
    let end = start + text[start..].find("```").expect("the block ends");
    text[start..end].lines().map(str::to_owned).collect()
}

#[test]
fn the_first_sh_block_is_the_run_command_then_the_test_command() {
    let block = first_sh_block(&readme());
    assert_eq!(block.len(), 2, "two commands: {block:?}");
    assert!(
        block[0].starts_with("cargo run --release -p urikit-cli -- "),
        "run first: {}",
        block[0]
    );
    assert_eq!(block[1], "./test.sh");
}

#[test]
fn ci_runs_the_readme_test_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let script = root.join("test.sh");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&script).unwrap().permissions().mode();
        assert!(mode & 0o111 != 0, "test.sh is executable");
    }
    let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l.trim() == "./test.sh"),
        ".ci/run runs ./test.sh itself"
    );
    // Not a copy of its steps: the test run lives in test.sh alone.
    assert!(
        !ci.lines().any(|l| l.trim().starts_with("cargo test")),
        ".ci/run runs no cargo test of its own"
    );
}
