//! The time ratios of the report's targets, measured in alternating rounds:
//! each round times one side, then the other (the order swapped every
//! round), so that both meet the same moments of a shared machine. A
//! round's ratio compares two runs side by side in time; the report judges
//! on the median of the rounds' ratios. Each side's fastest round, and the
//! ratio of those, are written too.
//!
//! A command's round is a whole process over its input (50 to 120 ms); a
//! library's or the text's is one pass over its data (under 10 ms), and
//! they get [`IN_PROCESS`] times as many rounds; a URL pattern workload's
//! is one pass over its routes or URLs (up to half a second for the
//! `urlpattern` crate), as many rounds as a command's.
//!
//! Writes `target/bench-run/pairs.json`. `./run.sh` in `bench/` runs it
//! with the rest; alone: `cargo run --release --bin pairs [ROUNDS]`, ROUNDS
//! the rounds of a command (21 by default). `PAIRS=ID,ID` runs only the
//! pairs named (`rfc3986-validation`, `text`, ...) and writes no file.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::json;
use urikit_bench::pattern::{pattern_work, PatternData};
use urikit_bench::{
    cli_bench, cli_inputs, data_sets, lib, run_once, seed_text, sibling_bin, urikit_bin, CliInput, Program, TEXT_LIBS,
};

/// How many more rounds an in-process pair runs than a command's.
const IN_PROCESS: usize = 5;

/// What one side of a pair runs.
#[derive(Clone, Copy)]
enum Side {
    /// A library workload of `LIBS`, over the union of the data files.
    Lib(&'static str),
    /// A text workload of `TEXT_LIBS`, over the seed texts repeated.
    Text(&'static str),
    /// A CLI benchmark of `CLI_BENCHES`, a process over its input.
    Cli(&'static str),
    /// A URL pattern workload of `PATTERN_WORKS`, over its routes or URLs.
    Pattern(&'static str),
}

/// A pair: the ratio is the time of `a` over the time of `b`, each for the
/// same work (a CLI side that runs two copies at once does twice the work;
/// a pattern side matches each URL by as many patterns as it says, so that
/// `pattern-set` is the time of a set lookup over that of one pattern's
/// `exec`).
struct Pair {
    id: &'static str,
    a: Side,
    b: Side,
}

/// Every pair a time target of the report is judged on.
const PAIRS: [Pair; 17] = [
    Pair {
        id: "whatwg-parse",
        a: Side::Lib("ada-parse"),
        b: Side::Lib("urikit-whatwg"),
    },
    Pair {
        id: "whatwg-can-parse",
        a: Side::Lib("ada-can-parse"),
        b: Side::Lib("urikit-whatwg-can-parse"),
    },
    Pair {
        id: "whatwg-parse-url",
        a: Side::Lib("url"),
        b: Side::Lib("urikit-whatwg"),
    },
    Pair {
        id: "rfc3986-validation",
        a: Side::Lib("fluent-uri"),
        b: Side::Lib("urikit-rfc3986"),
    },
    Pair {
        id: "rfc1738-validation",
        a: Side::Lib("fluent-uri"),
        b: Side::Lib("urikit-rfc1738"),
    },
    Pair {
        id: "text",
        a: Side::Text("linkify"),
        b: Side::Text("urikit-find_urls"),
    },
    Pair {
        id: "check-jobs1",
        a: Side::Cli("fluent_check"),
        b: Side::Cli("check-jobs1"),
    },
    Pair {
        id: "check-rfc3986-jobs1",
        a: Side::Cli("fluent_check"),
        b: Side::Cli("check-rfc3986-jobs1"),
    },
    Pair {
        id: "scaling",
        a: Side::Cli("check-jobs1"),
        b: Side::Cli("check"),
    },
    Pair {
        id: "scaling-rfc3986",
        a: Side::Cli("check-rfc3986-jobs1"),
        b: Side::Cli("check-rfc3986"),
    },
    Pair {
        id: "ceiling",
        a: Side::Cli("check-jobs1"),
        b: Side::Cli("check-jobs1-two-at-once"),
    },
    Pair {
        id: "get-domain",
        a: Side::Cli("get-domain-jobs1"),
        b: Side::Cli("get-host-jobs1"),
    },
    Pair {
        id: "explain-differs",
        a: Side::Cli("explain-differs"),
        b: Side::Cli("check-whatwg"),
    },
    Pair {
        id: "pattern-build",
        a: Side::Pattern("urlpattern-build"),
        b: Side::Pattern("urikit-build"),
    },
    Pair {
        id: "pattern-test",
        a: Side::Pattern("urlpattern-test"),
        b: Side::Pattern("urikit-test"),
    },
    Pair {
        id: "pattern-exec",
        a: Side::Pattern("urlpattern-exec"),
        b: Side::Pattern("urikit-exec"),
    },
    Pair {
        id: "pattern-set",
        a: Side::Pattern("urikit-set-first"),
        b: Side::Pattern("urikit-exec"),
    },
];

/// What the sides run on, loaded once.
struct Data<'u> {
    /// The URLs of the union of the data files.
    urls: Vec<&'u str>,
    text: String,
    inputs: [CliInput; 2],
    urikit: PathBuf,
    fluent_check: PathBuf,
    patterns: PatternData,
}

impl Data<'_> {
    /// Runs `side` once: its time, and how much work it did (the copies a
    /// CLI side runs at once).
    fn run(&self, side: Side) -> (Duration, u32) {
        match side {
            Side::Lib(id) => {
                let lib = lib(id).expect("a library workload");
                let start = Instant::now();
                black_box(lib.run(&self.urls));
                (start.elapsed(), 1)
            }
            Side::Text(id) => {
                let (_, _, run) = TEXT_LIBS.iter().find(|t| t.0 == id).expect("a text workload");
                let start = Instant::now();
                black_box(run(black_box(&self.text)));
                (start.elapsed(), 1)
            }
            Side::Cli(id) => {
                let bench = cli_bench(id).expect("a CLI benchmark");
                let input = self.inputs.iter().find(|i| i.name == bench.input).expect("its input");
                let program: &Path = match bench.program {
                    Program::Urikit => &self.urikit,
                    Program::FluentCheck => &self.fluent_check,
                };
                (run_once(program, bench.args, input, bench.at_once), bench.at_once)
            }
            Side::Pattern(id) => {
                let work = pattern_work(id).expect("a pattern workload");
                let start = Instant::now();
                black_box((work.run)(&self.patterns));
                (start.elapsed(), work.calls_per_unit)
            }
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// The load average over the last minute.
fn load() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next().and_then(|l| l.parse().ok()))
        .unwrap_or(f64::NAN)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(21, |n| n.parse().expect("ROUNDS is a number"));
    let block = seed_text();
    let union = data_sets()
        .into_iter()
        .find(|s| s.name == "union")
        .expect("the union")
        .urls;
    let data = Data {
        urls: union.iter().map(String::as_str).collect(),
        // The size of the criterion text benchmark's.
        text: block.repeat((4usize << 20).div_ceil(block.len())),
        inputs: cli_inputs(),
        urikit: urikit_bin(),
        fluent_check: sibling_bin("fluent_check"),
        patterns: PatternData::load(),
    };
    // PAIRS=id,id runs only those pairs, and writes no pairs.json.
    let only: Option<Vec<String>> = std::env::var("PAIRS")
        .ok()
        .map(|v| v.split(',').map(str::to_owned).collect());
    let load_before = load();
    let mut out = BTreeMap::new();
    for pair in PAIRS
        .iter()
        .filter(|p| only.as_ref().is_none_or(|o| o.iter().any(|id| id == p.id)))
    {
        // One run of each side first, not counted: caches and page cache warm.
        data.run(pair.a);
        data.run(pair.b);
        let (mut a_ms, mut b_ms, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        let mut work = (1, 1);
        let rounds = match pair.a {
            // A pattern pass over the crate's side takes 0.1 to 0.5 s.
            Side::Cli(_) | Side::Pattern(_) => rounds,
            Side::Lib(_) | Side::Text(_) => IN_PROCESS * rounds,
        };
        for round in 0..rounds {
            let ((a, wa), (b, wb)) = if round % 2 == 0 {
                let a = data.run(pair.a);
                (a, data.run(pair.b))
            } else {
                let b = data.run(pair.b);
                (data.run(pair.a), b)
            };
            work = (wa, wb);
            let (a, b) = (ms(a), ms(b));
            ratios.push(a * f64::from(wb) / (b * f64::from(wa)));
            a_ms.push(a);
            b_ms.push(b);
        }
        let best = |xs: &[f64]| xs.iter().copied().fold(f64::INFINITY, f64::min);
        let (a_best, b_best) = (best(&a_ms), best(&b_ms));
        let ratio = a_best * f64::from(work.1) / (b_best * f64::from(work.0));
        let median_ratio = median(ratios);
        eprintln!(
            "{}: best {a_best:.2} ms / {b_best:.2} ms = {ratio:.3} (median of {rounds} rounds {median_ratio:.3})",
            pair.id
        );
        out.insert(
            pair.id,
            json!({
                "a_best_ms": a_best,
                "b_best_ms": b_best,
                "a_median_ms": median(a_ms),
                "b_median_ms": median(b_ms),
                "ratio": ratio,
                "median_ratio": median_ratio,
            }),
        );
    }
    let json = json!({
        "rounds": rounds,
        "rounds_in_process": IN_PROCESS * rounds,
        "load_before": load_before,
        "load_after": load(),
        "pairs": out,
    });
    if only.is_some() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-run");
    std::fs::create_dir_all(&dir).expect("target/bench-run is made");
    let path = dir.join("pairs.json");
    std::fs::write(&path, serde_json::to_string_pretty(&json).expect("JSON")).expect("pairs.json writes");
    eprintln!("wrote {}", path.display());
}
