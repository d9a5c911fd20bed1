//! curl's trurl test cases (`testdata/trurl/cases.jsonl`, see its README),
//! each trurl command line mapped to urikit's equivalent where there is one,
//! and its expected output checked.
//!
//! A trurl run parses its URLs, applies `--set`, `--append`, `--redirect`,
//! `--trim`, `--sort-query` and `--replace`, and writes each URL in libcurl's
//! normal form, or `--get`'s template. The equivalent here is a pipeline of
//! `urikit edit`, `urikit normalize` and `urikit get`, by RFC 3986 (the spec
//! libcurl's parser follows), with trurl's `--set C=V` (a value to be
//! encoded) written as urikit's `--set C:=V` (encoded by the set `encode
//! --help` names for C), trurl's `C:=V` as `C=V`, and a command line with no
//! URL (trurl builds one from the parts) as `edit --new`. trurl edits the
//! query in an order of its own, whatever the order given (the path's
//! appends, `--trim`, `--replace`, the query's appends, `--sort-query`), and
//! urikit in the order given: the options are written in trurl's.
//! What urikit cannot express is named by [`translate`], and
//! `testdata/trurl/expected.txt` lists every case that does not pass with
//! its reason: a case that passes though listed, or fails unlisted, fails
//! the test. The counts are printed.

use std::collections::BTreeMap;
use std::process::Command;

use serde::Deserialize;
use urikit::pct::{encode, EncodeSet};

#[derive(Deserialize)]
struct Case {
    case: usize,
    args: Vec<String>,
    #[serde(default)]
    stdout: Option<String>,
    #[serde(default)]
    json: bool,
    code: i32,
}

/// urikit's equivalent of one trurl command line.
#[derive(Debug, Default)]
struct Plan {
    urls: Vec<String>,
    edit: Vec<String>,
    get: Option<String>,
    /// `--query-separator`, for edit and get both.
    sep: Vec<String>,
    /// `--accept-space`, for edit and normalize both.
    accept_space: Vec<String>,
    /// The edits of the query and path, each with its place in the order
    /// trurl runs them ([`Stage`]).
    query_edits: Vec<(Stage, [String; 2])>,
}

/// When trurl runs an edit of the query or the path, whatever the order
/// given (its `singleurl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    AppendPath,
    Trim,
    Replace,
    AppendQuery,
    Sort,
}

impl Plan {
    /// The options of `edit`: the others, then the query's in trurl's order.
    fn edit_args(&self) -> Vec<String> {
        let mut query = self.query_edits.clone();
        query.sort_by_key(|(stage, _)| *stage);
        let mut args = self.edit.clone();
        args.extend(
            query
                .into_iter()
                .flat_map(|(_, option)| option)
                .filter(|a| !a.is_empty()),
        );
        args
    }
}

/// The template fields `urikit get` knows, each with `:` before it or not.
fn field_known(name: &str) -> bool {
    let mut name = name;
    while let Some(n) = name.strip_prefix("must:").or_else(|| name.strip_prefix("strict:")) {
        name = n;
    }
    let name = name.strip_prefix(':').unwrap_or(name);
    matches!(
        name,
        "url"
            | "scheme"
            | "user"
            | "password"
            | "host"
            | "port"
            | "default:port"
            | "path"
            | "query"
            | "fragment"
            | "puny:host"
            | "idn:host"
            | "zoneid"
    ) || name.starts_with("query:")
        || name.starts_with("query-all:")
}

/// Why a template cannot be written for `urikit get`, if it cannot.
fn template(t: &str) -> Result<String, String> {
    if t.contains('[') {
        return Err("template: trurl's [field] syntax and its \\[ escape".into());
    }
    if t.contains("\\n") || t.contains("\\t") {
        return Err("template: trurl's \\n and \\t escapes".into());
    }
    let mut rest = t;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        let name = &rest[open + 1..open + close];
        if !field_known(name) {
            let base = name.trim_start_matches(':');
            let modifier = base.split(':').next().unwrap_or(base);
            return Err(match modifier {
                "puny" | "idn" => "template: {puny:...} and {idn:...} of a field other than host".into(),
                "default" => "template: {default:...} of a field other than port".into(),
                m => format!("template: {{{m}...}}"),
            });
        }
        rest = &rest[open + close + 1..];
    }
    Ok(t.to_owned())
}

/// The components whose value trurl encodes, which urikit's `C:=V` encodes
/// by the set `encode --help` names for the place.
fn encoded_place(name: &str) -> bool {
    matches!(name, "user" | "password" | "path" | "query" | "fragment")
}

/// trurl's `--set C=V`: V is encoded for C (urikit's `C:=V`); `C:=V` is V
/// as written (urikit's `C=V`); `C?=V` only when C is unset (V encoded here
/// by the set `encode --help` names, by RFC 3986); an empty V removes C.
fn set(plan: &mut Plan, arg: &str) -> Result<(), String> {
    let (name, value) = arg.split_once('=').ok_or("--set without '='")?;
    if let Some(name) = name.strip_suffix('?') {
        let encoded = match name {
            "user" | "password" => encode(value, &EncodeSet::USERINFO).into_owned(),
            "fragment" => encode(value, &EncodeSet::FRAGMENT).into_owned(),
            "query" => encode(value, &EncodeSet::FORM_VALUE).into_owned(),
            "path" => value
                .split('/')
                .map(|s| encode(s, &EncodeSet::PATH_SEGMENT).into_owned())
                .collect::<Vec<_>>()
                .join("/"),
            _ => value.to_owned(),
        };
        plan.edit.extend(["--set".into(), format!("{name}?={encoded}")]);
        return Ok(());
    }
    if let Some(name) = name.strip_suffix(':') {
        plan.edit.extend(["--set".into(), format!("{name}={value}")]);
        return Ok(());
    }
    if value.is_empty() {
        plan.edit.extend(["--clear".into(), name.to_owned()]);
        return Ok(());
    }
    let op = if encoded_place(name) { ":=" } else { "=" };
    plan.edit.extend(["--set".into(), format!("{name}{op}{value}")]);
    Ok(())
}

/// The features of trurl that urikit has no equivalent of, by option.
fn unsupported(option: &str) -> Option<&'static str> {
    Some(match option {
        "--json" => "--json: trurl's JSON ({url, parts, params}) is not urikit's",
        "--keep-port" | "--default-port" => "--keep-port and --default-port (a default port kept or written)",
        "-f" | "--url-file" => "-f (a file of URLs: the suite's testfiles are not copied)",
        "--urlencode" => "--urlencode (every field written encoded)",
        "--curl" | "--no-guess-scheme" => "--curl and --no-guess-scheme (libcurl's scheme support)",
        _ => return None,
    })
}

/// urikit's equivalent of a trurl command line, or why there is none.
fn translate(case: &Case) -> Result<Plan, String> {
    let mut plan = Plan::default();
    let args = &case.args;
    let mut i = 0;
    let value = |i: usize| -> Result<&String, String> {
        args.get(i + 1)
            .ok_or_else(|| "trurl's usage errors: their exit statuses (3-12) and messages".to_owned())
    };
    while i < args.len() {
        let a = args[i].as_str();
        if let Some(why) = unsupported(a) {
            return Err(why.into());
        }
        match a {
            "--url" | "-u" => {
                plan.urls.push(value(i)?.clone());
                i += 1;
            }
            "--set" | "-s" => {
                set(&mut plan, &value(i)?.clone())?;
                i += 1;
            }
            "--append" | "-a" => {
                let v = value(i)?;
                let stage = match v.starts_with("path=") {
                    true => Stage::AppendPath,
                    false => Stage::AppendQuery,
                };
                plan.query_edits.push((stage, ["--append".into(), v.clone()]));
                i += 1;
            }
            "--get" | "-g" => {
                if plan.get.is_some() {
                    return Err("trurl's usage errors: their exit statuses (3-12) and messages".into());
                }
                plan.get = Some(template(value(i)?)?);
                i += 1;
            }
            "--redirect" => {
                plan.edit.extend(["--redirect".into(), value(i)?.clone()]);
                i += 1;
            }
            "--trim" => {
                let v = value(i)?;
                let name = v
                    .strip_prefix("query=")
                    .ok_or("--trim of another component than the query")?;
                plan.query_edits
                    .push((Stage::Trim, ["--remove-query".into(), name.replace("\\*", "*")]));
                i += 1;
            }
            "--qtrim" => {
                let name = value(i)?;
                if name.contains("\\*") {
                    return Err("--qtrim '\\*' (a literal '*' in a name pattern)".into());
                }
                plan.query_edits
                    .push((Stage::Trim, ["--remove-query".into(), name.clone()]));
                i += 1;
            }
            "--sort-query" => plan
                .query_edits
                .push((Stage::Sort, ["--sort-query".into(), String::new()])),
            "--punycode" | "--as-idn" => plan.edit.push(a.into()),
            "--query-separator" => {
                plan.sep = vec![a.to_owned(), value(i)?.clone()];
                i += 1;
            }
            "--iterate" => {
                let v = value(i)?;
                let (name, values) = v.split_once('=').ok_or("--iterate without '='")?;
                let op = if encoded_place(name) { ":=" } else { "=" };
                plan.edit.extend(["--iterate".into(), format!("{name}{op}{values}")]);
                i += 1;
            }
            "--replace" | "--force-replace" | "--replace-append" => {
                let v = value(i)?;
                if !v.contains('=') {
                    return Err("--replace KEY (a query key without '=')".into());
                }
                plan.query_edits
                    .push((Stage::Replace, ["--replace".into(), format!("query={v}")]));
                i += 1;
            }
            "--quiet" => {}
            // An invalid URL fails urikit's run (exit 1, a diagnostic)
            // always: what trurl's --verify asks (its status 9).
            "--verify" => {}
            "--accept-space" => plan.accept_space = vec![a.to_owned()],
            _ if a.starts_with("--set=") => set(&mut plan, &a["--set=".len()..])?,
            _ if a.starts_with("-s") && a.len() > 2 => set(&mut plan, &a[2..])?,
            _ if a.starts_with("-g") && a.len() > 2 => plan.get = Some(template(&a[2..])?),
            _ if a.starts_with('-') => return Err(format!("option {a}")),
            _ => plan.urls.push(a.to_owned()),
        }
        i += 1;
    }
    // trurl's 9: an invalid URL under --verify; 10: a --get whose field is missing ({must:...}) or would be
    // written changed ({strict:...}); urikit's get fails such a line.
    let verify = args.iter().any(|a| a == "--verify");
    if case.code != 0 && !(case.code == 10 && plan.get.is_some()) && !(case.code == 9 && verify) {
        return Err("trurl's usage errors: their exit statuses (3-12) and messages".into());
    }
    if plan.urls.iter().any(|u| !u.is_empty() && !u.contains("://")) {
        return Err("scheme guessing (trurl adds http:// or ftp:// to a URL without a scheme)".into());
    }
    Ok(plan)
}

/// Runs urikit with `args`; its stdout lines and whether it exited 0.
fn urikit(args: &[String]) -> (Vec<String>, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .env_remove("URIKIT_SPEC")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    (stdout.lines().map(str::to_owned).collect(), out.status.success())
}

/// Runs a plan: edit (when it edits), then normalize, then get (when it
/// gets); stdout and whether every step exited 0.
fn run(plan: &Plan) -> (String, bool) {
    let spec = ["--spec".to_owned(), "rfc3986".to_owned()];
    let mut urls = plan.urls.clone();
    let mut ok = true;
    let edit = plan.edit_args();
    if !edit.is_empty() {
        // No input URL: trurl builds one from the parts, urikit with --new.
        let new = if urls.is_empty() {
            vec!["--new".to_owned()]
        } else {
            vec![]
        };
        let args: Vec<String> = [
            vec!["edit".to_owned()],
            spec.to_vec(),
            new,
            plan.sep.clone(),
            plan.accept_space.clone(),
            edit,
            urls,
        ]
        .concat();
        let (lines, good) = urikit(&args);
        (urls, ok) = (lines, ok && good);
    }
    let args: Vec<String> = [
        vec!["normalize".to_owned()],
        spec.to_vec(),
        plan.accept_space.clone(),
        urls,
    ]
    .concat();
    let (mut lines, good) = urikit(&args);
    ok &= good;
    if let Some(t) = &plan.get {
        let args: Vec<String> = [
            vec!["get".to_owned()],
            spec.to_vec(),
            plan.sep.clone(),
            vec![t.clone()],
            lines,
        ]
        .concat();
        let (got, good) = urikit(&args);
        (lines, ok) = (got, ok && good);
    }
    let mut stdout = lines.join("\n");
    if !lines.is_empty() {
        stdout.push('\n');
    }
    (stdout, ok)
}

fn data(name: &str) -> String {
    let path = format!("{}/../../testdata/trurl/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn trurl_cases() {
    let cases: Vec<Case> = data("cases.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(cases.len(), 203, "the copy of tests.json holds 203 cases");
    // case -> (status, reason), as listed.
    let mut listed: BTreeMap<usize, (String, String)> = BTreeMap::new();
    for line in data("expected.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let mut cols = line.splitn(3, '\t');
        let (n, status, reason) = (
            cols.next().unwrap(),
            cols.next().unwrap_or(""),
            cols.next().unwrap_or(""),
        );
        let n: usize = n.parse().unwrap_or_else(|_| panic!("{line}"));
        assert!(status == "inexpressible" || status == "fails", "{line}");
        assert!(!reason.is_empty(), "{line}: no reason");
        assert!(
            listed.insert(n, (status.to_owned(), reason.to_owned())).is_none(),
            "{line}: twice"
        );
    }
    let mut problems = Vec::new();
    let (mut passing, mut failing) = (0, 0);
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    for case in &cases {
        let got = match translate(case) {
            Err(why) => {
                *missing.entry(why.clone()).or_default() += 1;
                Some(("inexpressible".to_owned(), why))
            }
            Ok(plan) => {
                assert!(!case.json, "case {}: a JSON case is never expressible", case.case);
                let want = case.stdout.as_deref().unwrap_or_default();
                let (stdout, ok) = run(&plan);
                if stdout == want && ok == (case.code == 0) {
                    passing += 1;
                    None
                } else {
                    failing += 1;
                    Some((
                        "fails".to_owned(),
                        format!("urikit wrote {stdout:?} (ok: {ok}), trurl {want:?}: {plan:?}"),
                    ))
                }
            }
        };
        match (got, listed.get(&case.case)) {
            (None, None) => {}
            (None, Some((status, _))) => problems.push(format!("case {}: passes, but listed as {status}", case.case)),
            (Some((status, why)), None) => problems.push(format!("case {}: {status}, not listed: {why}", case.case)),
            (Some((status, why)), Some((s, reason))) => {
                if &status != s || (status == "inexpressible" && &why != reason) {
                    problems.push(format!(
                        "case {}: {status} ({why}), listed as {s} ({reason})",
                        case.case
                    ));
                }
            }
        }
    }
    let inexpressible: usize = missing.values().sum();
    println!(
        "trurl's cases: {} in all; {} expressible now: {passing} pass, {failing} fail; {inexpressible} not expressible:",
        cases.len(),
        passing + failing
    );
    let mut by_count: Vec<(&String, &usize)> = missing.iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (why, n) in by_count {
        println!("  {n:3}  {why}");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
