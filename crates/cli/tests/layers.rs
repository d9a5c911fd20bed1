//! The modules of the command import one way: each from the layers below
//! its own, never from its own layer or one above.

use std::path::Path;

/// The layer of a module of `src/` (a file, or the folder `commands`), from
/// the bottom.
fn layer(module: &str) -> Option<usize> {
    Some(match module {
        "scan" | "cores" => 0,
        "term" | "line" | "progress" => 1,
        // JSON escapes the chars `term` names.
        "json" => 2,
        "output" => 3,
        "input" => 4,
        "stream" => 5,
        "commands" => 6,
        _ => return None,
    })
}

/// The modules of this crate that `text` names by a `crate::` path, in code
/// (comments left out).
fn imports(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() {
                // `use crate::{a, b}`.
                let group = rest.trim_start_matches('{').split('}').next().unwrap_or_default();
                found.extend(
                    group
                        .split(',')
                        .map(|m| m.trim().split("::").next().unwrap_or_default().to_owned()),
                );
            } else {
                found.push(name);
            }
        }
    }
    found
}

/// (module, path) of every source file of `src/` but the root.
fn sources() -> Vec<(String, std::path::PathBuf)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            // The folder's files, and those of its modules' own folders.
            let mut folders = vec![path];
            while let Some(folder) = folders.pop() {
                for inner in std::fs::read_dir(&folder).unwrap() {
                    let inner = inner.unwrap().path();
                    if inner.is_dir() {
                        folders.push(inner);
                    } else {
                        files.push((name.clone(), inner));
                    }
                }
            }
        } else if name != "lib" && name != "main" {
            files.push((name, path));
        }
    }
    files
}

#[test]
fn modules_import_only_from_layers_below() {
    let mut wrong = Vec::new();
    let files = sources();
    assert!(files.len() > 10, "the sources are found");
    for (module, path) in &files {
        let own = layer(module).unwrap_or_else(|| panic!("{module} has no layer in this test"));
        let text = std::fs::read_to_string(path).unwrap();
        for import in imports(&text) {
            let theirs = layer(&import).unwrap_or_else(|| panic!("{}: crate::{import} has no layer", path.display()));
            if theirs >= own && import != *module {
                wrong.push(format!("{} imports crate::{import}", path.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that go up or sideways:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_scan_finds_imports() {
    assert_eq!(imports("use crate::output::{Output, Source};"), ["output"]);
    assert_eq!(imports("use crate::{input, line};"), ["input", "line"]);
    assert_eq!(imports("    crate::term::Shown(x) // crate::input"), ["term"]);
    assert!(imports("//! [`crate::input`] reads").is_empty());
}
