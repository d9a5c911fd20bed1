//! Turns criterion's estimates into the markdown tables of `BENCHMARKS.md`.
//!
//! For the `parse` benchmark: ns per URL, MB/s, and each parser's ratio to
//! urikit (time of the peer / time of urikit: above 1 means urikit is faster).
//! For the `cli` benchmark: ns per line, lines/s and MB/s of each command
//! over stdin, the speed-up of urikit on every core over urikit on one, and
//! `fluent_check` time / `urikit check` time.
//!
//! `cargo run --release --bin report` after `cargo bench --bench parse`
//! and/or `cargo bench --bench cli`; it prints the tables it has estimates
//! for.

use std::path::Path;

use urikit_bench::{cli_inputs, data_sets, CLI_BENCHES};

/// The point estimate of `statistic` (`mean`, `median`) of a benchmark's
/// time per iteration, in ns.
fn estimate_ns(criterion: &Path, group: &str, function: &str, statistic: &str) -> Option<f64> {
    let path = criterion.join(group).join(function).join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json[statistic]["point_estimate"].as_f64()
}

/// The point estimate of a benchmark's mean time per iteration, in ns.
fn mean_ns(criterion: &Path, group: &str, function: &str) -> Option<f64> {
    estimate_ns(criterion, group, function, "mean")
}

const PARSERS: [(&str, &str); 7] = [
    (
        "urikit-validate",
        "urikit: RFC 1738 strict validation (`UrlRef::parse`)",
    ),
    ("urikit-owned", "urikit: parse to an owned `Url`"),
    (
        "urikit-rfc3986",
        "urikit: RFC 3986 strict validation (`UrlRef::parse_with(.., Spec::Rfc3986)`)",
    ),
    ("fluent-uri", "fluent-uri `Uri::parse` (RFC 3986)"),
    ("url", "url (rust-url) `Url::parse` (WHATWG)"),
    ("ada-url", "ada-url `Url::parse` + `href` (WHATWG)"),
    ("ada-url-can-parse", "ada-url `can_parse` (WHATWG)"),
];

fn main() {
    let criterion = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion");
    parse_tables(&criterion);
    cli_tables(&criterion);
}

fn parse_tables(criterion: &Path) {
    for set in data_sets() {
        let n = set.urls.len() as f64;
        let bytes = set.bytes() as f64;
        let group = format!("parse_{}", set.name);
        let Some(validate) = mean_ns(criterion, &group, "urikit-validate") else {
            eprintln!("no estimates for {group}: run `cargo bench --bench parse` first");
            continue;
        };
        let owned = mean_ns(criterion, &group, "urikit-owned").unwrap_or(f64::NAN);
        println!("\n### {} ({} URLs, {:.1} MB)\n", set.name, set.urls.len(), bytes / 1e6);
        println!("| parser | ns/URL | MB/s | peer time / urikit validate | peer time / urikit owned |");
        println!("|---|---:|---:|---:|---:|");
        for (id, label) in PARSERS {
            let Some(t) = mean_ns(criterion, &group, id) else {
                continue;
            };
            println!(
                "| {label} | {:.1} | {:.0} | {:.2} | {:.2} |",
                t / n,
                bytes / (t / 1e9) / 1e6,
                t / validate,
                t / owned
            );
        }
        // The like-for-like pair: both validate RFC 3986 `URI`s.
        if let (Some(ours), Some(fluent)) = (
            mean_ns(criterion, &group, "urikit-rfc3986"),
            mean_ns(criterion, &group, "fluent-uri"),
        ) {
            println!(
                "\nRFC 3986 validation, fluent-uri time / urikit time: {:.2}",
                fluent / ours
            );
        }
    }
}

/// The CLI tables, from the medians of `cargo bench --bench cli`: a process
/// per run is noisier than a loop, and the median shrugs off the odd slow run.
fn cli_tables(criterion: &Path) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let inputs = cli_inputs();
    let median = |input: &str, id: &str| estimate_ns(criterion, &format!("cli_{input}"), id, "median");
    if median("a", "urikit-check").is_none() {
        eprintln!("no estimates for cli_a: run `cargo bench --bench cli` first");
        return;
    }
    for input in &inputs {
        let (lines, bytes) = (input.lines as f64, input.bytes as f64);
        println!(
            "\n### CLI over stdin, input ({}): {} lines, {:.1} MB; {cores} cores (median of 10 samples)\n",
            input.name,
            input.lines,
            bytes / 1e6
        );
        println!("| command | ms | ns/line | lines/s | MB/s |");
        println!("|---|---:|---:|---:|---:|");
        for bench in CLI_BENCHES.iter().filter(|b| b.input == input.name) {
            let Some(t) = median(input.name, bench.id) else {
                continue;
            };
            println!(
                "| `{}` | {:.1} | {:.1} | {:.2}M | {:.0} |",
                bench.command(),
                t / 1e6,
                t / lines,
                lines / (t / 1e9) / 1e6,
                bytes / (t / 1e9) / 1e6
            );
        }
    }
    let ratio = |slow: Option<f64>, fast: Option<f64>| match (slow, fast) {
        (Some(slow), Some(fast)) => format!("{:.2}", slow / fast),
        _ => "-".to_owned(),
    };
    let check_a = median("a", "urikit-check");
    println!("\n| ratio | value | target |");
    println!("|---|---:|---:|");
    println!(
        "| (a) `urikit check --jobs 1` time / `urikit check` time | {} | >= 1.6 |",
        ratio(median("a", "urikit-check-jobs1"), check_a)
    );
    println!(
        "| (a) `fluent_check` time / `urikit check` time | {} | >= 1.0 |",
        ratio(median("a", "fluent_check"), check_a)
    );
    println!(
        "| (b) `urikit check --jobs 1` time / `urikit check` time | {} | >= 1.6 |",
        ratio(median("b", "check-jobs1"), median("b", "check"))
    );
    println!(
        "| (b) `urikit parse --json --jobs 1` time / `urikit parse --json` time | {} | >= 1.6 |",
        ratio(median("b", "parse-json-jobs1"), median("b", "parse-json"))
    );
}
