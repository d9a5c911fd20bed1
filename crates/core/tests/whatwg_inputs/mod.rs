// The WHATWG inputs the fast path and `can_parse` are checked over, each
// with its base: WPT urltestdata (and ada's extra and long cases, and the
// JavaScript-only one with lone surrogates as U+FFFD), every toascii and
// IdnaTestV2 host as `https://{host}/x`, the adversarial inputs and their
// generated families (at 1,001 repetitions), and every URL of the
// benchmark lists (`bench/data`).

use std::path::{Path, PathBuf};

use serde_json::Value;

/// An input and its base.
pub type Case = (String, Option<String>);

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&usv_escapes(&text)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// JSON text with each `\uXXXX` escape of a lone surrogate replaced by
/// `\uFFFD`, as WebIDL's USVString conversion replaces the surrogate.
fn usv_escapes(text: &str) -> String {
    let unit = |s: &str, i: usize| -> Option<u16> {
        let hex = s.get(i..i + 6)?.strip_prefix("\\u")?;
        u16::from_str_radix(hex, 16).ok()
    };
    let (mut out, mut i) = (String::with_capacity(text.len()), 0);
    while i < text.len() {
        if text[i..].starts_with("\\\\") {
            out.push_str("\\\\");
            i += 2;
            continue;
        }
        match unit(text, i) {
            Some(0xD800..=0xDBFF) if matches!(unit(text, i + 6), Some(0xDC00..=0xDFFF)) => {
                out.push_str(&text[i..i + 12]);
                i += 12;
            }
            Some(0xD800..=0xDFFF) => {
                out.push_str("\\uFFFD");
                i += 6;
            }
            _ => {
                let c = text[i..].chars().next().expect("a char");
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

fn objects(v: &Value) -> impl Iterator<Item = &Value> {
    v.as_array().expect("an array").iter().filter(|c| c.is_object())
}

fn string(c: &Value, key: &str) -> Option<String> {
    c.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// The conformance inputs: urltestdata with bases, the hosts of toascii and
/// IdnaTestV2 in `https://{host}/x`.
pub fn conformance() -> Vec<Case> {
    let data = repo().join("testdata");
    let mut cases = Vec::new();
    for file in [
        "wpt-url/urltestdata.json",
        "wpt-url/urltestdata-javascript-only.json",
        "ada-extra/ada_extra_urltestdata.json",
        "ada-extra/ada_long_urltestdata.json",
    ] {
        for c in objects(&read_json(&data.join(file))) {
            let input = string(c, "input").expect("an input");
            cases.push((input, string(c, "base")));
        }
    }
    for file in ["wpt-url/toascii.json", "wpt-url/IdnaTestV2.json"] {
        for c in objects(&read_json(&data.join(file))) {
            let input = string(c, "input").expect("an input");
            cases.push((format!("https://{input}/x"), None));
        }
    }
    cases
}

/// The adversarial inputs, and each generated family at 1,001 repetitions.
pub fn adversarial() -> Vec<Case> {
    let dir = repo().join("testdata/adversarial");
    let mut cases: Vec<Case> = objects(&read_json(&dir.join("inputs.json")))
        .map(|c| (string(c, "input").expect("an input"), None))
        .collect();
    for r in objects(&read_json(&dir.join("generated.json"))) {
        let part = |k: &str| string(r, k).unwrap_or_default();
        let input = format!(
            "{}{}{}",
            part("prefix"),
            part("repeat_unit").repeat(1001),
            part("suffix")
        );
        cases.push((input, None));
    }
    cases
}

/// Every URL of the benchmark lists.
pub fn bench() -> Vec<Case> {
    let dir = repo().join("bench/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        for line in text.lines().map(|l| l.trim_end_matches('\r')) {
            if !line.trim().is_empty() {
                cases.push((line.to_owned(), None));
            }
        }
    }
    cases
}

/// All of them.
pub fn all() -> Vec<Case> {
    let mut cases = conformance();
    cases.extend(adversarial());
    cases.extend(bench());
    cases
}
