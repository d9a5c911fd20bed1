//! Turns criterion's estimates for the `parse` benchmark into the markdown
//! table of `BENCHMARKS.md`: ns per URL, MB/s, and each parser's ratio to
//! urikit (time of the peer / time of urikit: above 1 means urikit is faster).
//!
//! `cargo run --release --bin report` after `cargo bench --bench parse`.

use std::path::Path;

use urikit_bench::data_sets;

/// The point estimate of a benchmark's mean time per iteration, in ns.
fn mean_ns(criterion: &Path, group: &str, function: &str) -> Option<f64> {
    let path = criterion.join(group).join(function).join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["mean"]["point_estimate"].as_f64()
}

const PARSERS: [(&str, &str); 6] = [
    ("urikit-validate", "urikit: RFC 1738 strict validation (`UrlRef::parse`)"),
    ("urikit-owned", "urikit: parse to an owned `Url`"),
    ("fluent-uri", "fluent-uri `Uri::parse` (RFC 3986)"),
    ("url", "url (rust-url) `Url::parse` (WHATWG)"),
    ("ada-url", "ada-url `Url::parse` + `href` (WHATWG)"),
    ("ada-url-can-parse", "ada-url `can_parse` (WHATWG)"),
];

fn main() {
    let criterion = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion");
    for set in data_sets() {
        let n = set.urls.len() as f64;
        let bytes = set.bytes() as f64;
        let group = format!("parse_{}", set.name);
        let Some(validate) = mean_ns(&criterion, &group, "urikit-validate") else {
            eprintln!("no estimates for {group}: run `cargo bench --bench parse` first");
            continue;
        };
        let owned = mean_ns(&criterion, &group, "urikit-owned").unwrap_or(f64::NAN);
        println!("\n### {} ({} URLs, {:.1} MB)\n", set.name, set.urls.len(), bytes / 1e6);
        println!("| parser | ns/URL | MB/s | peer time / urikit validate | peer time / urikit owned |");
        println!("|---|---:|---:|---:|---:|");
        for (id, label) in PARSERS {
            let Some(t) = mean_ns(&criterion, &group, id) else { continue };
            println!(
                "| {label} | {:.1} | {:.0} | {:.2} | {:.2} |",
                t / n,
                bytes / (t / 1e9) / 1e6,
                t / validate,
                t / owned
            );
        }
    }
}
