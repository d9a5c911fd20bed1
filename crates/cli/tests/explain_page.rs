//! `urikit explain --html` and `--serve` in headless Chromium: the page
//! loads with no console error, it shows for each URL the verdicts
//! `explain --json` gives, and a URL typed into the served form is
//! explained.
//!
//! The browser is Debian's chromium, driven by playwright-core through
//! `tests/browser/check.mjs`; `.ci/browser.sh` installs both (a missing one
//! fails the test, saying so). A screenshot of each page is kept as a test
//! artifact: `target/test-artifacts/explain-page.png` (the `--html` page of
//! three URLs, beside it as `explain-page.html`) and
//! `target/test-artifacts/explain-serve.png` (the served page after the form
//! was sent), under the target directory the tests were built in.

mod common;
mod explain_server;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::urikit;
use explain_server::Served;

const SETUP: &str = "run .ci/browser.sh to install chromium and playwright-core";

/// The folder of the node script and its node_modules.
fn browser_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

/// Where the screenshots go: `test-artifacts/` in the target directory
/// (the binary is `target/<profile>/urikit`).
fn artifacts() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_urikit"));
    let dir = bin.parent().and_then(Path::parent).unwrap().join("test-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `check.mjs` with `args`, and gives what it printed.
fn check(args: &[&str]) -> serde_json::Value {
    assert!(
        Path::new("/usr/bin/chromium").exists(),
        "/usr/bin/chromium is missing: {SETUP}"
    );
    let dir = browser_dir();
    assert!(
        dir.join("node_modules/playwright-core").is_dir(),
        "{} has no playwright-core: {SETUP}",
        dir.display()
    );
    let out = Command::new("node")
        .arg(dir.join("check.mjs"))
        .args(args)
        .current_dir(&dir)
        .output()
        .unwrap_or_else(|e| panic!("node does not run ({e}): {SETUP}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "check.mjs {args:?} failed ({}):\n{stderr}",
        out.status
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "check.mjs printed no JSON ({e}):\n{}\n{stderr}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// The verdict codes `explain --json` gives for each of `urls`.
fn json_codes(urls: &[&str], base: Option<&str>) -> Vec<Vec<String>> {
    let mut args = vec!["explain", "--json"];
    if let Some(base) = base {
        args.extend(["--base", base]);
    }
    args.extend(urls);
    let run = urikit(&args);
    assert!(run.code <= 1, "{}", run.stderr);
    run.stdout()
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            record["verdicts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v["code"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

/// What the page showed: each section's input, base and verdict codes.
fn sections(shown: &serde_json::Value) -> Vec<(String, Option<String>, Vec<String>)> {
    shown["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let codes = s["codes"].as_array().unwrap().iter();
            (
                s["input"].as_str().unwrap().to_owned(),
                s["base"].as_str().map(str::to_owned),
                codes.map(|c| c.as_str().unwrap().to_owned()).collect(),
            )
        })
        .collect()
}

/// Asserts that the browser logged no error, and that `png` is a PNG
/// picture of some size.
#[track_caller]
fn assert_clean_and_pictured(shown: &serde_json::Value, png: &Path) {
    assert_eq!(shown["errors"], serde_json::json!([]), "the browser logged errors");
    let bytes = std::fs::read(png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "{} is not a PNG",
        png.display()
    );
    assert_eq!(&bytes[12..16], b"IHDR");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert!(width >= 800 && height >= 400, "{width}x{height}");
    assert!(bytes.len() > 10_000, "{} octets", bytes.len());
    println!("{}: {width}x{height}, {} octets", png.display(), bytes.len());
}

#[test]
fn the_html_page_shows_the_verdicts_of_the_json() {
    let urls = [
        "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
        "http://0x7f.1/",
        "https://example.com/",
    ];
    let dir = artifacts();
    let page = dir.join("explain-page.html");
    let png = dir.join("explain-page.png");
    let _ = std::fs::remove_file(&png);
    let mut args = vec!["explain", "--html", "-o", page.to_str().unwrap()];
    args.extend(urls);
    let run = urikit(&args);
    assert_eq!(run.code, 1, "{}", run.stderr);

    let address = format!("file://{}", page.display());
    let shown = check(&["page", &address, png.to_str().unwrap()]);
    assert_clean_and_pictured(&shown, &png);
    let want = json_codes(&urls, None);
    let got = sections(&shown);
    assert_eq!(got.len(), urls.len());
    for ((input, base, codes), (url, want)) in got.iter().zip(urls.iter().zip(&want)) {
        assert_eq!(input, url);
        assert_eq!(*base, None);
        assert_eq!(codes, want, "{url}");
    }
    assert!(
        want[0].len() >= 2 && want[1].len() >= 2 && want[2].is_empty(),
        "{want:?}"
    );
    // Each verdict links its spec section.
    let links = shown["sections"][1]["links"].as_array().unwrap();
    assert_eq!(links.len(), want[1].len());
    assert!(links.iter().all(|l| l.as_str().unwrap().starts_with("https://")));
    // The differing rows are marked where the specs that accept the URL
    // disagree on the host.
    let differs = shown["sections"][1]["differs"].as_array().unwrap();
    assert!(differs.iter().any(|d| d == "\u{2260}host"), "{differs:?}");
}

#[test]
fn the_served_form_explains_the_url_typed_into_it() {
    let served = Served::start(&[]);
    let png = artifacts().join("explain-serve.png");
    let _ = std::fs::remove_file(&png);
    let (url, base) = ("/\\evil.example/x?y", "https://example.com/dir/page");
    let shown = check(&["form", &served.address, url, base, png.to_str().unwrap()]);
    assert_clean_and_pictured(&shown, &png);
    let address = shown["address"].as_str().unwrap();
    assert!(
        address.starts_with(&format!("{}?url=", served.address)),
        "the form was sent: {address}"
    );
    let want = json_codes(&[url], Some(base));
    assert!(want[0].contains(&"scheme-relative".to_owned()), "{want:?}");
    assert_eq!(
        sections(&shown),
        [(url.to_owned(), Some(base.to_owned()), want[0].clone())]
    );
    // The server saw the page and the form's request, and nothing else
    // (no request for anything the page would load).
    served.wait_log("\"GET /?url=%2F%5Cevil.example");
    let log = served.log();
    assert_eq!(log.len(), 3, "{log:#?}");
    assert!(log[1].ends_with("\"GET / HTTP/1.1\" 200"), "{log:#?}");
}
