//! Peak memory against input length: runs one entry point on one generated
//! input in this process and prints the peak resident set size the kernel
//! reports (`VmHWM`), so that a script can run it per size in fresh
//! processes: `memory <family> <entry point> <bytes>`; `memory table` runs
//! the whole table, each case in a child process.

use std::process::Command;

const FAMILIES: [(&str, &str, &str, &str); 4] = [
    ("dot-segments", "http://h/", "../", "x"),
    ("escapes", "http://h/", "%41", ""),
    ("slash-runs", "magic://h/", "/", "x"),
    ("at-runs", "ftp://", "@", "h/"),
];
const ENTRY_POINTS: [&str; 4] = ["validate", "lenient", "resolve", "canonical"];
const SIZES: [usize; 4] = [1 << 20, 1 << 22, 1 << 24, 1 << 26];

fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn run_one(family: &str, entry: &str, bytes: usize) -> u64 {
    let (_, prefix, unit, suffix) = FAMILIES.iter().find(|f| f.0 == family).expect("a known family");
    let n = bytes.saturating_sub(prefix.len() + suffix.len()) / unit.len();
    // Built in place, so that the peak before the call is the input itself.
    let mut input = String::with_capacity(prefix.len() + unit.len() * n + suffix.len());
    input.push_str(prefix);
    for _ in 0..n {
        input.push_str(unit);
    }
    input.push_str(suffix);
    let before = peak_kib();
    let kept = match entry {
        "validate" => urikit::validate(&input, urikit::Spec::Rfc1738).len(),
        "lenient" => urikit::Url::parse_lenient(&input).map_or(0, |(u, w)| u.as_str().len() + w.len()),
        "resolve" => {
            let base = urikit::Url::parse("http://h/a/b/c").expect("a valid base");
            base.resolve_with(&input[prefix.len()..], urikit::Spec::Rfc1738)
                .map_or(0, |u| u.as_str().len())
        }
        "canonical" => urikit::Url::parse_lenient(&input).map_or(0, |(u, _)| u.canonical().as_str().len()),
        other => panic!("unknown entry point {other}"),
    };
    std::hint::black_box(kept);
    // The input itself is `bytes`; report what the entry point added.
    peak_kib().saturating_sub(before)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [family, entry, bytes] => {
            let bytes: usize = bytes.parse().expect("a size in bytes");
            println!("{}", run_one(family, entry, bytes));
        }
        [table] if table == "table" => {
            let me = std::env::current_exe().expect("own path");
            println!(
                "| family | entry point | {} |",
                SIZES.map(|s| format!("{} MiB", s >> 20)).join(" | ")
            );
            println!("|---|---|{}", "---:|".repeat(SIZES.len()));
            for (family, ..) in FAMILIES {
                for entry in ENTRY_POINTS {
                    let cells: Vec<String> = SIZES
                        .iter()
                        .map(|size| {
                            let out = Command::new(&me)
                                .args([family, entry, &size.to_string()])
                                .output()
                                .expect("runs");
                            let kib: f64 = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap_or(f64::NAN);
                            format!("{:.1} MiB ({:.2} B/B)", kib / 1024.0, kib * 1024.0 / *size as f64)
                        })
                        .collect();
                    println!("| {family} | {entry} | {} |", cells.join(" | "));
                }
            }
        }
        _ => eprintln!("usage: memory <family> <entry point> <bytes> | memory table"),
    }
}
