//! The layers of the core crate, and a check that imports run one way.
//!
//! Every module of `src/` belongs to one layer of [`LAYERS`], lowest first.
//! A module may name modules of its own layer and of the layers below it,
//! never one above; in a layer marked `apart` (the grammars), the modules of
//! one group (the first segment of the module path: `rfc1738`, `rfc3986`)
//! may not name those of another. A source file whose module is not in the
//! table fails the check, so a new module is given a layer when it is made.
//!
//! What counts as naming a module: `use crate::...` (grouped forms such as
//! `use crate::{a, b::c}` included), `crate::x::y` paths in code, `super::`
//! and `self::` paths, and paths through a child module (`host::check` in
//! `rfc1738/mod.rs`). A name the crate root re-exports (`crate::Spec`) counts
//! as the module that defines it. Comments, doc comments, string literals
//! and `#[cfg(test)]` items are not read: tests may drive a module through
//! the crate's public API.
//!
//! `URIKIT_LAYERS_SRC=/path/to/src cargo test -p urikit --test layers`
//! checks another tree.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One layer: its name, whether its groups must stay apart, and its modules.
struct Layer {
    name: &'static str,
    apart: bool,
    modules: &'static [&'static str],
}

/// The layers, lowest first.
const LAYERS: &[Layer] = &[
    Layer {
        name: "what the unit tests share",
        apart: false,
        modules: &["testing"],
    },
    Layer {
        name: "characters",
        apart: false,
        modules: &["ascii"],
    },
    Layer {
        name: "model",
        apart: false,
        modules: &[
            "spec",
            "error",
            "error::setter",
            "pct",
            "host",
            "host::ipv4",
            "host::ipv6",
            "offsets",
            "ports",
            "url",
            "url::convert",
            "view",
            "component",
        ],
    },
    Layer {
        name: "engine",
        apart: false,
        modules: &["engine", "fast"],
    },
    Layer {
        name: "grammars",
        apart: true,
        modules: &[
            "rfc1738",
            "rfc1738::fast",
            "rfc1738::host",
            "rfc1738::scan",
            "rfc1738::schemes",
            "rfc3986",
            "rfc3986::chars",
            "rfc3986::fast",
            "rfc3986::host",
            "rfc3986::reference",
            "rfc3986::rfc1808",
            "whatwg",
            "whatwg::can_parse",
            "whatwg::encode_sets",
            "whatwg::fast",
            "whatwg::host",
            "whatwg::idna",
            "whatwg::out",
            "whatwg::path",
            "whatwg::scheme_type",
            "whatwg::state",
            "whatwg::state_override",
            "whatwg::validation",
        ],
    },
    Layer {
        name: "parsing by spec",
        apart: false,
        modules: &["parse", "parse::convert", "parse::lenient", "parse::whatwg"],
    },
    Layer {
        name: "operations and schemes",
        apart: false,
        modules: &[
            "resolve",
            "resolve::remove_dot_segments",
            "resolve::rfc1808",
            "resolve::rfc3986",
            "relative",
            "relative::rfc3986",
            "normalize",
            "normalize::rfc3986",
            "edit",
            "edit::change",
            "builder",
            "query",
            "public_suffix",
            "hint",
            "lint",
            "serde",
            "scheme",
            "scheme::decoded",
            "scheme::file",
            "scheme::ftp",
            "scheme::gopher",
            "scheme::http",
            "scheme::key",
            "scheme::login",
            "scheme::mailto",
            "scheme::news",
            "scheme::other",
            "scheme::plan",
            "scheme::prospero",
            "scheme::telnet",
            "scheme::wais",
            "text",
            "text::read",
            "text::scan",
            "text::search",
            "text::runs",
            "text::prose",
            "text::unwrap",
            "whatwg::api",
            "whatwg::form",
            "whatwg::search_params",
            "whatwg::api::setters",
            "template",
            "template::error",
            "pattern",
            "pattern::build",
            "pattern::canonicalize",
            "pattern::component",
            "pattern::constructor",
            "pattern::direct",
            "pattern::error",
            "pattern::fixed",
            "pattern::generate",
            "pattern::init",
            "pattern::matching",
            "pattern::parser",
            "pattern::set",
            "pattern::tokenizer",
            "template::field",
        ],
    },
    Layer {
        name: "comparison of specs",
        apart: false,
        modules: &[
            "explain",
            "explain::address",
            "explain::code",
            "explain::json",
            "explain::plain",
            "explain::quote",
            "explain::verdict",
            "explain::written",
        ],
    },
    Layer {
        name: "facade",
        apart: false,
        modules: &["crate"],
    },
];

/// The crate root: it declares and re-exports, and may name anything.
const ROOT: &str = "crate";

#[test]
fn imports_run_one_way() {
    let dir =
        std::env::var("URIKIT_LAYERS_SRC").unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/src").to_owned());
    let files = read_tree(Path::new(&dir));
    assert!(files.len() > 10, "no sources under {dir}");
    let problems = check(&files, LAYERS);
    assert!(
        problems.is_empty(),
        "{} layering problem(s) in {dir} (the table is LAYERS in crates/core/tests/layers.rs):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Every `.rs` file under `dir`, by its path relative to `dir`.
fn read_tree(dir: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

/// The module a source file holds: `lib.rs` is the root, `a/mod.rs` and
/// `a.rs` are `a`, `a/b.rs` is `a::b`.
fn module_of(path: &str) -> String {
    if path == "lib.rs" {
        return ROOT.to_owned();
    }
    let stem = path.strip_suffix(".rs").unwrap_or(path);
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    stem.replace('/', "::")
}

/// Where a module sits: its layer's index and its group.
fn place(table: &[Layer], module: &str) -> Option<(usize, String)> {
    let layer = table.iter().position(|l| l.modules.contains(&module))?;
    let group = module.split("::").next().unwrap().to_owned();
    Some((layer, group))
}

/// One module naming another.
struct Import {
    line: usize,
    path: String,
    target: String,
}

/// The problems of a tree: files in no layer, table entries with no file,
/// upward imports, imports between groups that must stay apart, and paths
/// that name nothing the check can place.
fn check(files: &[(String, String)], table: &[Layer]) -> Vec<String> {
    let modules: BTreeSet<String> = files.iter().map(|(p, _)| module_of(p)).collect();
    let mut problems = Vec::new();
    for layer in table {
        for m in layer.modules {
            if !modules.contains(*m) {
                problems.push(format!(
                    "the table puts `{m}` in layer \"{}\", but no source file holds it",
                    layer.name
                ));
            }
        }
    }
    let reexports = files
        .iter()
        .find(|(p, _)| p == "lib.rs")
        .map(|(_, src)| root_reexports(&strip(src), &modules))
        .unwrap_or_default();
    for (path, src) in files {
        let module = module_of(path);
        let Some((layer, group)) = place(table, &module) else {
            problems.push(format!(
                "{path}: module `{module}` is in no layer of the table; add it to LAYERS"
            ));
            continue;
        };
        if module == ROOT {
            continue;
        }
        for import in imports(&strip(src), &module, &modules, &reexports) {
            if import.target == ROOT {
                problems.push(format!(
                    "{path}:{}: `{}` names nothing the check can place (not a module, not a re-export of the crate root)",
                    import.line, import.path
                ));
                continue;
            }
            // A module in no layer is reported for its own file.
            let Some((their_layer, their_group)) = place(table, &import.target) else {
                continue;
            };
            let here = &table[layer];
            let there = &table[their_layer];
            if their_layer > layer {
                problems.push(format!(
                    "{path}:{}: `{module}` ({}) imports `{}` ({}), a higher layer, through `{}`",
                    import.line, here.name, import.target, there.name, import.path
                ));
            } else if their_layer == layer && here.apart && their_group != group {
                problems.push(format!(
                    "{path}:{}: `{module}` imports `{}` through `{}`: in layer \"{}\" `{group}` and `{their_group}` must not import each other",
                    import.line, import.target, import.path, here.name
                ));
            }
        }
    }
    problems
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// `src` with comments, string and character literals, and `#[cfg(test)]`
/// items blanked out (newlines kept, so that line numbers stay).
fn strip(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let prev = if i > 0 { b[i - 1] } else { b' ' };
        if b[i..].starts_with(b"//") {
            let end = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            let mut j = i;
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if b[i] == b'r' && (!is_ident(prev) || (prev == b'b' && (i < 2 || !is_ident(b[i - 2])))) && {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            b.get(i + 1 + hashes) == Some(&b'"')
        } {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            let body = i + 2 + hashes;
            let mut close = b"\"".to_vec();
            close.extend(std::iter::repeat_n(b'#', hashes));
            let end = b[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |n| body + n + close.len());
            blank(&mut out, i + 1, end);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j);
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime.
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..].iter().position(|&c| c == b'\'').map(|n| i + 2 + n)
            } else {
                let width = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + width) == Some(&b'\'')).then_some(i + 1 + width)
            };
            match end {
                Some(end) => {
                    blank(&mut out, i + 1, end);
                    i = end + 1;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    let mut code = String::from_utf8(out).unwrap();
    // `#[cfg(test)]` items: to the first `;`, or through the first `{ ... }`.
    while let Some(at) = code.find("#[cfg(test)]") {
        let b = code.as_bytes();
        let start = at + "#[cfg(test)]".len();
        let stop = b[start..]
            .iter()
            .position(|&c| c == b';' || c == b'{')
            .map_or(b.len(), |n| start + n);
        let end = if b.get(stop) == Some(&b'{') {
            matching_brace(b, stop).map_or(b.len(), |n| n + 1)
        } else {
            (stop + 1).min(b.len())
        };
        let blanked: String = code[at..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        code.replace_range(at..end, &blanked);
    }
    code
}

/// The offset of the `}` that closes the `{` at `open`.
fn matching_brace(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn line_of(code: &str, at: usize) -> usize {
    code[..at].bytes().filter(|&c| c == b'\n').count() + 1
}

/// The paths a `use` tree names, its groups expanded: `crate::{a, b::{c, d}}`
/// gives `crate::a`, `crate::b::c`, `crate::b::d`.
fn expand_use(tree: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let b = tree.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            c if c.is_ascii_whitespace() => i += 1,
            b'{' | b'}' | b',' | b'*' => {
                tokens.push((b[i] as char).to_string());
                i += 1;
            }
            b':' if b.get(i + 1) == Some(&b':') => {
                tokens.push("::".to_owned());
                i += 2;
            }
            c if is_ident(c) => {
                let n = b[i..].iter().take_while(|&&c| is_ident(c)).count();
                tokens.push(tree[i..i + n].to_owned());
                i += n;
            }
            _ => i += 1,
        }
    }
    let mut out = Vec::new();
    let mut pos = 0;
    expand_tokens(&tokens, &mut pos, "", &mut out);
    out
}

fn expand_tokens(tokens: &[String], pos: &mut usize, prefix: &str, out: &mut Vec<String>) {
    loop {
        let mut path = prefix.to_owned();
        // One entry of a list: `a::b::{...}`, `a::b`, `a as c`, `*`, `self`.
        loop {
            match tokens.get(*pos).map(String::as_str) {
                Some("{") => {
                    *pos += 1;
                    expand_tokens(tokens, pos, &path, out);
                    path.clear();
                    break;
                }
                Some("::") => {
                    path.push_str("::");
                    *pos += 1;
                }
                Some("as") => *pos += 2,
                Some("*") => {
                    *pos += 1;
                    out.push(path.trim_end_matches("::").to_owned());
                    path.clear();
                    break;
                }
                Some("self") if path.ends_with("::") => {
                    *pos += 1;
                    path.truncate(path.len() - 2);
                }
                Some(word) if word != "," && word != "}" => {
                    path.push_str(word);
                    *pos += 1;
                }
                _ => break,
            }
        }
        if !path.is_empty() && path != prefix {
            out.push(path);
        }
        match tokens.get(*pos).map(String::as_str) {
            Some(",") => *pos += 1,
            Some("}") => {
                *pos += 1;
                return;
            }
            _ => return,
        }
    }
}

/// What the crate root re-exports: each name, with the module defining it.
fn root_reexports(code: &str, modules: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for (_, tree) in use_declarations(code) {
        for path in expand_use(&tree) {
            let segs: Vec<&str> = path.split("::").filter(|s| *s != "crate").collect();
            if let Some(name) = segs.last() {
                if let Some(m) = longest_module(&segs, modules) {
                    map.insert((*name).to_owned(), m);
                }
            }
        }
    }
    map
}

/// Each `use` declaration of `code`: its offset and its tree.
fn use_declarations(code: &str) -> Vec<(usize, String)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(n) = code[from..].find("use ") {
        let at = from + n;
        from = at + 4;
        if at > 0 && is_ident(b[at - 1]) {
            continue;
        }
        let end = code[at..].find(';').map_or(code.len(), |n| at + n);
        out.push((at, code[at + 4..end].to_owned()));
        from = end;
    }
    out
}

/// The longest prefix of `segs` that is a module of the tree.
fn longest_module(segs: &[&str], modules: &BTreeSet<String>) -> Option<String> {
    (1..=segs.len())
        .rev()
        .map(|n| segs[..n].join("::"))
        .find(|m| modules.contains(m))
}

/// The inline modules (`mod name { ... }`) of `code`: name, open, close.
fn inline_modules(code: &str) -> Vec<(String, usize, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(n) = code[from..].find("mod ") {
        let at = from + n;
        from = at + 4;
        if at > 0 && is_ident(b[at - 1]) {
            continue;
        }
        // `$name` in a macro is a module too.
        let name_len = b[at + 4..].iter().take_while(|&&c| is_ident(c) || c == b'$').count();
        let name = &code[at + 4..at + 4 + name_len];
        let rest = code[at + 4 + name_len..].trim_start();
        if rest.starts_with('{') {
            let open = code.len() - rest.len();
            if let Some(close) = matching_brace(b, open) {
                out.push((name.to_owned(), open, close));
            }
        }
    }
    out
}

/// The crate modules `code` (the stripped source of `module`) names.
fn imports(code: &str, module: &str, modules: &BTreeSet<String>, reexports: &BTreeMap<String, String>) -> Vec<Import> {
    let inline = inline_modules(code);
    // The module path at an offset: the file's, then its inline modules.
    let scope_at = |at: usize| -> Vec<String> {
        let mut scope: Vec<String> = module.split("::").map(str::to_owned).collect();
        for (name, open, close) in &inline {
            if *open < at && at < *close {
                scope.push(name.clone());
            }
        }
        scope
    };
    let resolve = |path: &str, at: usize| -> Option<String> {
        let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let scope = scope_at(at);
        let mut full: Vec<String> = match segs.first().copied()? {
            "crate" => Vec::new(),
            "self" | "super" => scope.clone(),
            first => {
                // A child module of this one, or nothing of this crate.
                let mut child = scope.clone();
                child.push(first.to_owned());
                if !modules.contains(&child.join("::")) {
                    return None;
                }
                scope.clone()
            }
        };
        let mut rest = &segs[..];
        if matches!(rest.first(), Some(&"crate" | &"self")) {
            rest = &rest[1..];
        }
        while rest.first() == Some(&"super") {
            full.pop();
            rest = &rest[1..];
        }
        full.extend(rest.iter().map(|s| (*s).to_owned()));
        let refs: Vec<&str> = full.iter().map(String::as_str).collect();
        if let Some(m) = longest_module(&refs, modules) {
            return Some(m);
        }
        // Through the crate root: a re-exported name, or the root itself.
        Some(
            refs.first()
                .and_then(|name| reexports.get(*name).cloned())
                .unwrap_or_else(|| ROOT.to_owned()),
        )
    };
    let mut out = Vec::new();
    let mut push = |path: String, at: usize| {
        if let Some(target) = resolve(&path, at) {
            if target != module {
                out.push(Import {
                    line: line_of(code, at),
                    path,
                    target,
                });
            }
        }
    };
    let declarations = use_declarations(code);
    for (at, tree) in &declarations {
        for path in expand_use(tree) {
            push(path, *at);
        }
    }
    // Paths in code: `crate::`, `super::`, `self::` and child modules.
    let in_use = |at: usize| {
        declarations
            .iter()
            .any(|(start, tree)| *start <= at && at < start + 4 + tree.len())
    };
    let b = code.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let starts_path = is_ident(b[i]) && (i == 0 || (!is_ident(b[i - 1]) && !code[..i].ends_with("::")));
        if !starts_path {
            i += 1;
            continue;
        }
        let mut j = i;
        loop {
            j += b[j..].iter().take_while(|&&c| is_ident(c)).count();
            if code[j..].starts_with("::") && b.get(j + 2).is_some_and(|&c| is_ident(c)) {
                j += 2;
            } else {
                break;
            }
        }
        let path = &code[i..j];
        if path.contains("::") && !in_use(i) {
            push(path.to_owned(), i);
        }
        i = j.max(i + 1);
    }
    out
}

// The check itself, on small trees, so that each rule is seen to fail.

fn tree(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files.iter().map(|(p, s)| ((*p).to_owned(), (*s).to_owned())).collect()
}

const SMALL: &[Layer] = &[
    Layer {
        name: "low",
        apart: false,
        modules: &["low", "low::part"],
    },
    Layer {
        name: "mid",
        apart: true,
        modules: &["a", "a::x", "b"],
    },
    Layer {
        name: "high",
        apart: false,
        modules: &["high"],
    },
    Layer {
        name: "root",
        apart: false,
        modules: &["crate"],
    },
];

fn problems(files: &[(&str, &str)]) -> Vec<String> {
    let mut files = tree(files);
    files.push((
        "lib.rs".into(),
        "mod low; mod a; mod b; mod high;\npub use low::Thing;\n".into(),
    ));
    for (p, s) in [
        ("low.rs", "pub struct Thing;"),
        ("a/mod.rs", "mod x;"),
        ("a/x.rs", ""),
        ("b.rs", ""),
        ("high.rs", ""),
    ] {
        if !files.iter().any(|(q, _)| q == p) {
            files.push((p.into(), s.into()));
        }
    }
    if !files.iter().any(|(q, _)| q == "low/part.rs") {
        files.push(("low/part.rs".into(), String::new()));
    }
    check(&files, SMALL)
}

#[test]
fn a_clean_small_tree_passes() {
    let clean = [
        (
            "high.rs",
            "use crate::a::x::f;\nuse crate::{b, low::part};\nfn g() { crate::Thing; }",
        ),
        ("a/x.rs", "use super::super::low::Thing;\nuse crate::Thing;"),
    ];
    assert_eq!(problems(&clean), Vec::<String>::new());
}

#[test]
fn each_kind_of_upward_import_fails() {
    for (file, src) in [
        ("low.rs", "use crate::high::f;"),
        ("low.rs", "use crate::{low::part, high::f};"),
        ("low.rs", "use crate::{low::{part, x}, high};"),
        ("low.rs", "fn f() { crate::high::g(); }"),
        ("low.rs", "mod inner { use super::super::high::f; }"),
        ("low/part.rs", "use super::super::a::f;"),
        ("low/part.rs", "fn f() -> super::super::b::T { todo!() }"),
        ("a/mod.rs", "mod x; pub use crate::high as h;"),
    ] {
        let found = problems(&[(file, src)]);
        assert_eq!(found.len(), 1, "{file}: {src}: {found:?}");
        assert!(found[0].contains("a higher layer"), "{found:?}");
    }
}

#[test]
fn groups_kept_apart_fail_and_others_do_not() {
    let found = problems(&[("a/x.rs", "use crate::b::f;")]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("`a` and `b` must not import each other"), "{found:?}");
    // Within one group, and in a layer not kept apart, imports are fine.
    assert!(problems(&[("a/x.rs", "use super::f;")]).is_empty());
    assert!(problems(&[("low.rs", "use crate::low::part::f;")]).is_empty());
}

#[test]
fn files_and_table_entries_must_match() {
    let found = problems(&[("c.rs", "")]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("c.rs: module `c` is in no layer"), "{found:?}");
    let found = check(&tree(&[("lib.rs", ""), ("low.rs", "")]), &SMALL[..1]);
    assert!(found.iter().any(|p| p.contains("`low::part`")), "{found:?}");
}

#[test]
fn comments_strings_and_tests_are_not_imports() {
    let quiet = [(
        "low.rs",
        "//! See [`high`](crate::high).\n/* crate::high::f */\nconst S: &str = \"crate::high::f\";\n\
         const R: &str = r#\"use crate::high;\"#;\nconst C: char = '\"';\nfn f<'a>(x: &'a str) {}\n\
         #[cfg(test)]\nmod tests {\n    use crate::high::f;\n}\n#[cfg(test)]\nuse crate::high::g;\n",
    )];
    assert_eq!(problems(&quiet), Vec::<String>::new());
}

#[test]
fn unplaceable_paths_fail() {
    let found = problems(&[("low.rs", "use crate::Missing;")]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("names nothing the check can place"), "{found:?}");
}
