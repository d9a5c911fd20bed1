//! `urikit check` survives every hostile input of
//! `testdata/adversarial`: it exits 0 or 1, never with a panic
//! (101) or a signal; so do `parse --json`, `lint` and `plan` by every
//! spec, and no plan connects to a port the input does not write; and
//! `extract` over them, in prose, under every spec, never cuts a URL short
//! without a word.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde::Deserialize;
use urikit::pct::encode_non_ascii;
use urikit::text::{find_urls, Wrapper};
use urikit::{Spec, UrlRef};

mod common;
#[path = "../../core/tests/prose/mod.rs"]
mod prose;

use prose::{run_ends, PROSE};

fn adversarial_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/adversarial")
}

#[derive(Deserialize)]
struct Hostile {
    input: String,
    category: String,
}

const SPECS: [&str; 5] = ["rfc1738", "rfc1630", "rfc1808", "rfc3986", "whatwg"];

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
    output(args, stdin).0
}

/// Runs `urikit <args>` with `stdin` and returns its exit code and stdout.
fn output(args: &[&str], stdin: &[u8]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .env_remove("URIKIT_SPEC")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("urikit runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // A child that stops reading early is not an error here.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("urikit ends");
    writer.join().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn hostile_inputs() -> Vec<Hostile> {
    let path = adversarial_dir().join("inputs.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// The port a plan of `input` may connect to by `spec`: the number its
/// digits write, or the scheme's default when it writes none; `None` when
/// no 16-bit number holds the digits (the plan must refuse), or when the
/// input is no URL by `spec`.
fn allowed_port(input: &str, spec: urikit::Spec) -> Option<u16> {
    let url = urikit::Url::parse_with(input, spec).ok()?;
    match url.port_str() {
        None | Some("") => urikit::ports::default_port(url.scheme(), spec),
        Some(digits) => {
            let significant = digits.trim_start_matches('0');
            if significant.len() > 5 {
                return None;
            }
            u16::try_from(significant.parse::<u32>().unwrap_or(0)).ok()
        }
    }
}

#[test]
fn check_survives_hostile_inputs() {
    let inputs = hostile_inputs();
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
    for spec in SPECS {
        for command in ["check", "parse", "lint", "plan", "normalize"] {
            let args = [command, "--spec", spec];
            let code = run(&args, &all);
            assert!(matches!(code, Some(0 | 1)), "{args:?}: exit {code:?}");
        }
        let code = run(&["parse", "--json", "--spec", spec], &all);
        assert!(matches!(code, Some(0 | 1)), "parse --json --spec {spec}: exit {code:?}");
    }
}

/// Every hostile input, one at a time, by every spec: `plan` connects to
/// the port the input writes, or to the scheme's default when it writes
/// none (the registered one, said so, where the spec defines none: https by
/// RFC 1738), and refuses a port over 65535, naming it.
#[test]
fn plan_connects_only_to_the_port_written() {
    let (mut planned, mut refused) = (0, 0);
    for h in hostile_inputs() {
        // One line of stdin each: an input that holds a line break is two.
        if h.input.contains(['\n', '\r']) {
            continue;
        }
        for spec in SPECS {
            let parsed: urikit::Spec = spec.parse().unwrap();
            let (code, out) = output(&["plan", "--spec", spec], format!("{}\n", h.input).as_bytes());
            assert!(matches!(code, Some(0 | 1)), "{:?} by {spec}: exit {code:?}", h.input);
            let connects: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("# connect to ")).collect();
            let allowed = allowed_port(&h.input, parsed);
            for c in &connects {
                let (port, registered) = match c.split_once(" (the registered default, ") {
                    Some((before, _)) => (before.rsplit(' ').next().unwrap(), true),
                    None => (c.rsplit(' ').next().unwrap(), false),
                };
                let allowed = match allowed {
                    None if registered => urikit::Url::parse_with(&h.input, parsed)
                        .ok()
                        .filter(|u| u.port_str().is_none_or(str::is_empty))
                        .and_then(|u| urikit::ports::known(u.scheme(), parsed))
                        .filter(|d| !d.by_spec)
                        .map(|d| d.port),
                    allowed => allowed,
                };
                assert_eq!(
                    Some(port.parse::<u16>().unwrap()),
                    allowed,
                    "{:?} by {spec}: {out}",
                    h.input
                );
                planned += 1;
            }
            let out_of_range = urikit::Url::parse_with(&h.input, parsed).is_ok() && allowed.is_none();
            if h.category == "port" && out_of_range {
                assert!(
                    connects.is_empty() && out.contains(" is over 65535: no 16-bit port holds it"),
                    "{:?} by {spec}: {out}",
                    h.input
                );
                refused += 1;
            }
        }
    }
    println!("{planned} connections planned to the port written or the default; {refused} ports over 65535 refused");
    assert_eq!(refused, 17);
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

/// The bare URLs `extract --json` wrote: (range, url).
fn bare_records(stdout: &str) -> Vec<([usize; 2], String)> {
    stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| r["wrapper"] == "bare")
        .map(|r| {
            let range = [0, 1].map(|i| r["range"][i].as_u64().unwrap() as usize);
            (range, r["url"].as_str().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn extract_never_cuts_a_hostile_url_short() {
    let path = adversarial_dir().join("inputs.json");
    let inputs: Vec<Hostile> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut text = String::new();
    for h in &inputs {
        for prose in PROSE {
            text.push_str(&prose.replace("{}", &h.input));
            text.push('\n');
        }
    }
    let found: Vec<_> = find_urls(&text).filter(|f| f.wrapper == Wrapper::Bare).collect();
    let cuts = found.iter().filter(|f| f.cut.is_some()).count();
    assert!(cuts > 300, "{cuts}");
    for spec in SPECS {
        // Strictly: each bare URL written is a whole run of the input, and
        // each one that goes on past US-ASCII is an error instead.
        let strict = common::urikit_with_stdin(&["extract", "--json", "--spec", spec], text.as_bytes());
        assert_eq!(strict.code, 1, "{}", strict.stderr);
        let written = bare_records(strict.stdout());
        for ([start, end], url) in &written {
            assert_eq!(&text[*start..*end], url);
            assert!(run_ends(&text, *end), "{spec}: {url:?} is cut short without a word");
        }
        let errors = strict.stderr.lines().filter(|l| l.starts_with("error: ")).count();
        assert_eq!(
            strict
                .stderr
                .lines()
                .filter(|l| l.starts_with("error: the URL goes on past US-ASCII with "))
                .count(),
            errors
        );
        assert_eq!((written.len(), errors), (found.len() - cuts, cuts), "{spec}");
        // Leniently: every bare URL is written, whole and %-encoded.
        let lenient = common::urikit_with_stdin(&["extract", "--json", "--lenient", "--spec", spec], text.as_bytes());
        assert_eq!(lenient.code, 0, "{}", lenient.stderr);
        let written = bare_records(lenient.stdout());
        for ([start, end], url) in &written {
            assert_eq!(encode_non_ascii(&text[*start..*end]), url.as_str());
            assert!(run_ends(&text, *end), "{spec}: {url:?} is cut short without a word");
        }
        assert_eq!(written.len(), found.len(), "{spec}");
        assert!(lenient.stderr.lines().all(|l| !l.starts_with("error: ")));
        // Kept by --valid-only: valid by the spec (by whatwg, with
        // --lenient, what the parser does not fail on).
        let valid = common::urikit_with_stdin(
            &["extract", "--valid-only", "--lenient", "--spec", spec],
            text.as_bytes(),
        );
        assert_eq!(valid.code, 0, "{}", valid.stderr);
        let spec: Spec = spec.parse().unwrap();
        for url in valid.stdout().lines() {
            let kept = match spec {
                Spec::Whatwg => urikit::Url::parse_lenient_with(url, spec).is_ok(),
                _ => UrlRef::parse_with(url, spec).is_ok(),
            };
            assert!(kept, "{spec}: {url}");
        }
    }
}
