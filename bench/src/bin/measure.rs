//! Everything of a benchmark run that is not a time: acceptance counts and
//! instruction counts, written to `target/bench-run/measure.json` for
//! `report`. `./run.sh` runs it between the criterion benchmarks.
//!
//! * Acceptance counts: each library workload over each data set, each text
//!   workload over the seed text, each CLI command over its input (the
//!   number of `error:` lines it prints, for `check`).
//! * Instructions, by valgrind's callgrind: each library workload over
//!   every [`SAMPLE_EVERY`]th URL of each set, minus a run that loads the
//!   same URLs and does nothing else, per URL; each text workload over the
//!   seed text (once, not repeated) minus a load-only run, per byte; each
//!   one-thread CLI command over every [`SAMPLE_EVERY`]th line of the union
//!   minus the same command with empty stdin, per line.
//! * URL patterns: what each workload of `urikit_bench::pattern` finds,
//!   and its instructions per call (minus a run that only loads the routes
//!   and URLs); what a loop over the 1,000 routes finds, for the set.
//!
//! `MEASURE=ID,ID cargo run --release --bin measure` measures only the CLI
//! rows named (`explain-differs-jobs1`, `check-whatwg-jobs1`, ... : the ids
//! of `CLI_BENCHES`), prints them and writes no file.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::json;
use urikit_bench::pattern::{loop_counts, units, PatternData, PATTERN_WORKS, URL_SAMPLE_EVERY};
use urikit_bench::{
    cli_inputs, data_sets, seed_text, sibling_bin, urikit_bin, CliInput, Program, CLI_BENCHES, LIBS, TEXT_LIBS,
};

/// Callgrind runs over every this-many-th URL or line.
const SAMPLE_EVERY: usize = 4;

/// The folder of this run's files.
fn run_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-run")
}

/// Instructions executed by `program args < stdin`, by callgrind.
fn instructions(program: &Path, args: &[&str], stdin: Option<&Path>, tag: &str) -> u64 {
    let out = run_dir().join(format!("callgrind/{tag}.out"));
    let stdin = match stdin {
        Some(p) => Stdio::from(File::open(p).expect("the input opens")),
        None => Stdio::null(),
    };
    let status = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(program)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("valgrind runs (is it installed?)");
    assert!(matches!(status.code(), Some(0 | 1)), "{tag}: {status}");
    let text = std::fs::read_to_string(&out).expect("callgrind wrote its output");
    text.lines()
        .find_map(|l| l.strip_prefix("summary:").or_else(|| l.strip_prefix("totals:")))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no instruction total in {}", out.display()))
}

/// Writes `lines`, one a line, to `path`.
fn write_lines<'a>(path: &Path, lines: impl Iterator<Item = &'a str>) {
    let mut text = String::new();
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// How many `error:` lines `program args < input` prints: one per invalid
/// line for `check`; for `fluent_check`, the lines it prints; for `explain
/// --differs`, the inputs with a verdict.
fn cli_rejects(program: &Path, args: &[&str], input: &CliInput, fluent: bool) -> u64 {
    let out = Command::new(program)
        .args(args)
        .stdin(File::open(&input.path).expect("the input opens"))
        .stderr(Stdio::null())
        .output()
        .expect("the program runs");
    let text = String::from_utf8_lossy(&out.stdout);
    if fluent {
        text.lines().count() as u64
    } else if args.first() == Some(&"check") {
        text.lines().filter(|l| l.starts_with("error: ")).count() as u64
    } else if args.first() == Some(&"explain") {
        // `--differs`: an input with a verdict, then its verdicts indented.
        text.lines().filter(|l| !l.starts_with(' ')).count() as u64
    } else {
        text.lines().filter(|l| l.contains("\"valid\":false")).count() as u64
    }
}

/// The URL pattern workloads: what each finds, and its instructions per
/// call (a build of one route, a match of one URL by one pattern, a set
/// lookup of one URL); and what a loop over the large table finds, which
/// the set must find too.
fn patterns(icount: &Path) -> serde_json::Value {
    let data = PatternData::load();
    let load = instructions(icount, &["pattern", "load", "-"], None, "pattern-load");
    let mut works = BTreeMap::new();
    for work in &PATTERN_WORKS {
        let [found, groups] = (work.run)(&data);
        let total = instructions(
            icount,
            &["pattern", work.id, "-"],
            None,
            &format!("pattern-{}", work.id),
        );
        let calls = units(work, &data) as f64 * f64::from(work.calls_per_unit);
        let per_call = total.saturating_sub(load) as f64 / calls;
        eprintln!(
            "pattern: {} finds {found} (groups {groups}), {per_call:.0} instructions/call",
            work.id
        );
        works.insert(
            work.id,
            json!({ "found": found, "groups": groups, "calls": calls, "instructions_per_call": per_call }),
        );
    }
    let ([first, first_groups], all) = loop_counts(&data);
    json!({
        "routes": [data.small.len(), data.large.len()],
        "urls": data.urls.len(),
        "data_urls": data.data_urls,
        "url_sample_every": URL_SAMPLE_EVERY,
        "works": works,
        "loop": { "first": first, "first_groups": first_groups, "all": all },
    })
}

fn main() {
    let dir = run_dir();
    std::fs::create_dir_all(dir.join("sets")).expect("the run folder");
    std::fs::create_dir_all(dir.join("callgrind")).expect("the run folder");
    // MEASURE=id,id measures only those CLI rows, and writes no measure.json.
    let only: Option<Vec<String>> = std::env::var("MEASURE")
        .ok()
        .map(|v| v.split(',').map(str::to_owned).collect());
    let icount = sibling_bin("icount");
    let mut sets_json = BTreeMap::new();
    for set in data_sets().into_iter().filter(|_| only.is_none()) {
        let urls: Vec<&str> = set.urls.iter().map(String::as_str).collect();
        let sample = dir.join(format!("sets/{}.txt", set.name));
        write_lines(&sample, urls.iter().step_by(SAMPLE_EVERY).copied());
        let sample_len = urls.iter().step_by(SAMPLE_EVERY).count() as u64;
        let sample_arg = sample.to_string_lossy().into_owned();
        let load = instructions(
            &icount,
            &["lib", "load", &sample_arg],
            None,
            &format!("{}-load", set.name),
        );
        let mut libs = BTreeMap::new();
        for lib in &LIBS {
            let accepted = lib.run(&urls);
            let total = instructions(
                &icount,
                &["lib", lib.id, &sample_arg],
                None,
                &format!("{}-{}", set.name, lib.id),
            );
            let per_url = total.saturating_sub(load) as f64 / sample_len.max(1) as f64;
            eprintln!(
                "{}: {} accepts {accepted} of {}, {per_url:.0} instructions/URL",
                set.name,
                lib.id,
                urls.len()
            );
            libs.insert(lib.id, json!({ "accepted": accepted, "instructions_per_url": per_url }));
        }
        sets_json.insert(
            set.name.clone(),
            json!({ "urls": urls.len(), "bytes": set.bytes(), "sample_urls": sample_len, "libs": libs }),
        );
    }

    let text = seed_text();
    let text_file = dir.join("sets/seed-text.txt");
    std::fs::write(&text_file, &text).expect("the text writes");
    let text_arg = text_file.to_string_lossy().into_owned();
    let mut text_json = BTreeMap::new();
    let text_libs = if only.is_none() { &TEXT_LIBS[..] } else { &[] };
    let load = if only.is_none() {
        instructions(&icount, &["text", "load", &text_arg], None, "text-load")
    } else {
        0
    };
    for &(id, _, run) in text_libs {
        let total = instructions(&icount, &["text", id, &text_arg], None, &format!("text-{id}"));
        let per_byte = total.saturating_sub(load) as f64 / text.len() as f64;
        eprintln!("text: {id} finds {}, {per_byte:.2} instructions/byte", run(&text));
        text_json.insert(id, json!({ "findings": run(&text), "instructions_per_byte": per_byte }));
    }

    let urikit = urikit_bin();
    let fluent_check = sibling_bin("fluent_check");
    let inputs = cli_inputs();
    let union = data_sets().into_iter().find(|s| s.name == "union").expect("the union");
    let cli_sample = dir.join("sets/cli-sample.txt");
    write_lines(&cli_sample, union.urls.iter().step_by(SAMPLE_EVERY).map(String::as_str));
    let cli_sample_lines = union.urls.iter().step_by(SAMPLE_EVERY).count() as u64;
    let mut cli_json = BTreeMap::new();
    for bench in CLI_BENCHES
        .iter()
        .filter(|b| only.as_ref().is_none_or(|o| o.iter().any(|id| id == b.id)))
    {
        let input = inputs.iter().find(|i| i.name == bench.input).expect("the input");
        let (program, fluent) = match bench.program {
            Program::Urikit => (&urikit, false),
            Program::FluentCheck => (&fluent_check, true),
        };
        let rejected = cli_rejects(program, bench.args, input, fluent);
        // One process of one thread (a run of copies at once is timed only).
        let one_thread = (fluent || bench.args.contains(&"--jobs")) && bench.at_once == 1;
        let per_line = one_thread.then(|| {
            let empty = instructions(program, bench.args, None, &format!("cli-{}-empty", bench.id));
            let total = instructions(program, bench.args, Some(&cli_sample), &format!("cli-{}", bench.id));
            total.saturating_sub(empty) as f64 / cli_sample_lines as f64
        });
        eprintln!(
            "cli: {} rejects {rejected} of {} lines, {per_line:?} instructions/line",
            bench.command(),
            input.lines
        );
        cli_json.insert(
            bench.id,
            json!({ "rejected": rejected, "lines": input.lines, "instructions_per_line": per_line }),
        );
    }

    if only.is_some() {
        return;
    }
    let patterns = patterns(&icount);
    let out = json!({
        "patterns": patterns,
        "sample_every": SAMPLE_EVERY,
        "sets": sets_json,
        "text": { "bytes": text.len(), "libs": text_json },
        "cli": { "sample_lines": cli_sample_lines, "commands": cli_json },
    });
    let path = dir.join("measure.json");
    std::fs::write(&path, serde_json::to_string_pretty(&out).expect("JSON")).expect("measure.json writes");
    eprintln!("wrote {}", path.display());
}
