//! Writes `BENCHMARKS.md` from one run's criterion estimates
//! (`target/criterion/`) and `measure`'s counts
//! (`target/bench-run/measure.json`), and refuses any file older than the
//! run's start (`target/bench-run/start`, written by `run.sh`): no figure is
//! typed or carried over. Machine, date, commit and toolchain are asked of
//! `lscpu`, the clock, `git` and `rustc`.
//!
//! `./run.sh` in `bench/` runs everything and then this; alone:
//! `cargo run --release --bin report -- OUT.md`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;
use urikit_bench::{cli_bench, lib, COMMON, LIBS, LIB_PAIRS, TEXT_LIBS};

fn bench_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The run's start, in seconds since the epoch.
fn run_start() -> u64 {
    let path = bench_dir().join("target/bench-run/start");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e} (run ./run.sh)", path.display()));
    text.trim().parse().expect("a number of seconds")
}

/// Reads a JSON file written during this run.
fn read_fresh(path: &Path, start: u64) -> Value {
    let text = read_fresh_text(path, start);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads a text file written during this run.
fn read_fresh_text(path: &Path, start: u64) -> String {
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or_else(|e| panic!("{}: {e} (run ./run.sh)", path.display()));
    let secs = modified.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    assert!(
        secs >= start,
        "{} is older than this run: rerun ./run.sh",
        path.display()
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

struct Run {
    start: u64,
    criterion: PathBuf,
    measure: Value,
    /// `pairs`' alternating rounds: the time ratios of the targets.
    pairs: Value,
}

impl Run {
    /// Criterion's mean time per iteration of `group`/`id`, in ns.
    fn mean_ns(&self, group: &str, id: &str) -> f64 {
        let path = self
            .criterion
            .join(group.replace('/', "_"))
            .join(id)
            .join("new/estimates.json");
        read_fresh(&path, self.start)["mean"]["point_estimate"]
            .as_f64()
            .expect("a mean")
    }

    fn set(&self, name: &str) -> &Value {
        &self.measure["sets"][name]
    }

    fn urls(&self, set: &str) -> f64 {
        self.set(set)["urls"].as_f64().expect("urls")
    }

    /// ns per URL of a library workload.
    fn lib_ns(&self, set: &str, id: &str) -> f64 {
        self.mean_ns(&format!("parse/{set}"), id) / self.urls(set)
    }

    fn lib_instr(&self, set: &str, id: &str) -> f64 {
        self.set(set)["libs"][id]["instructions_per_url"]
            .as_f64()
            .expect("instructions")
    }

    fn lib_accepted(&self, set: &str, id: &str) -> u64 {
        self.set(set)["libs"][id]["accepted"].as_u64().expect("accepted")
    }

    /// `pairs`' ratio of `id`: the median of its rounds' own ratios, and
    /// the ratio of each side's fastest round.
    fn pair(&self, id: &str) -> (f64, f64) {
        let pair = &self.pairs["pairs"][id];
        let get = |key: &str| {
            pair[key]
                .as_f64()
                .unwrap_or_else(|| panic!("pairs.json: {id} has no {key}"))
        };
        (get("median_ratio"), get("ratio"))
    }

    fn cli(&self, id: &str) -> &Value {
        &self.measure["cli"]["commands"][id]
    }

    /// ms of a CLI command over its whole input.
    fn cli_ms(&self, id: &str) -> f64 {
        let bench = cli_bench(id).expect("a CLI bench");
        self.mean_ns(&format!("cli/{}", bench.input), id) / 1e6
    }

    fn text_ns(&self, id: &str) -> f64 {
        self.mean_ns("text/seeds", id)
    }
}

fn command(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|| format!("({program} unavailable)"))
}

fn machine() -> String {
    let lscpu = command("lscpu", &[]);
    let field = |name: &str| {
        lscpu
            .lines()
            .find_map(|l| {
                l.strip_prefix(name)
                    .map(|v| v.trim_start_matches(':').trim().to_owned())
            })
            .unwrap_or_else(|| "?".to_owned())
    };
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .next()
                .map(|l| l.split_whitespace().nth(1).unwrap_or("0").to_owned())
        })
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or("?".to_owned(), |kb| format!("{:.0} GiB", kb / 1024.0 / 1024.0));
    // The model name of a virtual machine may be only the vendor's line;
    // family and model tell one generation from another, and ratios of
    // times differ between them.
    format!(
        "{} (family {}, model {}, {} CPUs, {}, hypervisor {}), {mem} memory",
        field("Model name"),
        field("CPU family"),
        field("Model:"),
        field("CPU(s)"),
        field("Architecture"),
        field("Hypervisor vendor")
    )
}

fn date() -> String {
    command("date", &["-u", "+%Y-%m-%d %H:%M UTC"])
}

fn commit() -> String {
    let repo = bench_dir().join("..");
    let repo = repo.to_string_lossy();
    let hash = command("git", &["-C", &repo, "rev-parse", "--short=12", "HEAD"]);
    // The file this writes does not count.
    let status = command(
        "git",
        &[
            "-C",
            &repo,
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ".",
            ":!BENCHMARKS.md",
        ],
    );
    let dirty = !status.is_empty();
    if dirty {
        format!("{hash} with uncommitted changes")
    } else {
        hash
    }
}

/// The scaling targets' names.
const SCALING: &str = "`urikit check --jobs 1` time / `urikit check` (default jobs) time";
const SCALING_3986: &str = "`urikit check --spec rfc3986 --jobs 1` time / default jobs time";

/// Why a target is not met, as far as this run measured it: for the
/// scaling targets, how the machine's own two-process ceiling in the same
/// rounds compares with the target and with urikit's threads.
fn why_not(what: &str, scaling: (f64, f64), scaling_3986: (f64, f64), ceiling: (f64, f64)) -> String {
    let threads = match what {
        SCALING => scaling,
        SCALING_3986 => scaling_3986,
        _ => return "This run measured no cause.".to_owned(),
    };
    let share = 100.0 * threads.0 / ceiling.0;
    if ceiling.0 < 1.8 {
        format!(
            "In the same rounds, two independent processes at once did {:.3} times the work of one: \
             the machine itself stayed below the target, and urikit's threads reached {share:.0}% \
             of that ceiling.",
            ceiling.0
        )
    } else {
        format!(
            "In the same rounds, two independent processes at once did {:.3} times the work of one: \
             the machine allowed the target, and urikit's threads reached {share:.0}% of that ceiling.",
            ceiling.0
        )
    }
}

fn verdict(met: bool) -> &'static str {
    if met {
        "met"
    } else {
        "**not met**"
    }
}

fn main() {
    let out = std::env::args()
        .nth(1)
        .map_or_else(|| bench_dir().join("../BENCHMARKS.md"), PathBuf::from);
    let start = run_start();
    let run = Run {
        start,
        criterion: bench_dir().join("target/criterion"),
        measure: read_fresh(&bench_dir().join("target/bench-run/measure.json"), start),
        pairs: read_fresh(&bench_dir().join("target/bench-run/pairs.json"), start),
    };
    let every = run.measure["sample_every"].as_u64().expect("sample_every");
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load = load.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    let elapsed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) - start;

    let mut md = String::new();
    let w = &mut md;
    writeln!(w, "# Benchmarks\n").unwrap();
    writeln!(
        w,
        "Generated by `./run.sh` in `bench/` (criterion times, callgrind instruction counts, \
         acceptance counts, then `report` writes this file); nothing here is typed by hand.\n"
    )
    .unwrap();
    writeln!(w, "- Machine: {}", machine()).unwrap();
    writeln!(
        w,
        "- Date: {}; measuring took {} s; load average at its end: {load}",
        date(),
        elapsed
    )
    .unwrap();
    writeln!(w, "- Commit: {}", commit()).unwrap();
    writeln!(
        w,
        "- Toolchain: {}; release profile, thin LTO",
        command("rustc", &["-V"])
    )
    .unwrap();
    writeln!(
        w,
        "\nMethod. Times are criterion means (10 samples) of a workload over a whole set, divided by \
         its URLs (or lines, or bytes); ratios are peer time / urikit time, above 1 means urikit is \
         faster. The machine is shared: times move with its load, instruction counts do not. \
         Instructions are valgrind callgrind totals of one pass over every {every}th URL of the set \
         (every {every}th line for the CLI; the seed text once for extraction) minus a run that \
         loads the same input and does nothing else (the CLI: the same command with empty stdin). \
         `accepted` is how many URLs of the set each side accepts; the `{COMMON}` set is the URLs \
         of the union that every library workload accepts, so both sides of a pair do the whole \
         work on each.\n"
    )
    .unwrap();

    // Targets.
    let u3986 = run.lib_instr("union", "urikit-rfc3986");
    let fluent = run.lib_instr("union", "fluent-uri");
    let t3986 = run.pair("rfc3986-validation");
    let u1738 = run.lib_instr("union", "urikit-rfc1738");
    let t1738 = run.pair("rfc1738-validation");
    let text_instr = run.measure["text"]["libs"]["urikit-find_urls"]["instructions_per_byte"]
        .as_f64()
        .expect("text instructions");
    let text_ratio = run.pair("text");
    let check1 = run.pair("check-jobs1");
    let check1_3986 = run.pair("check-rfc3986-jobs1");
    let scaling = run.pair("scaling");
    let scaling_3986 = run.pair("scaling-rfc3986");
    let json_instr = run.cli("parse-json-jobs1")["instructions_per_line"]
        .as_f64()
        .expect("parse --json instructions");
    // What explains a target missed: the same measurements, side by side.
    let check_instr = run.cli("check-jobs1")["instructions_per_line"]
        .as_f64()
        .expect("check instructions");
    let linkify_instr = run.measure["text"]["libs"]["linkify"]["instructions_per_byte"]
        .as_f64()
        .expect("linkify instructions");
    let ceiling = run.pair("ceiling");
    // WHATWG: urikit beside ada-url, like for like, and url for reference.
    let (w_parse, ada_parse) = (
        run.lib_instr("union", "urikit-whatwg"),
        run.lib_instr("union", "ada-parse"),
    );
    let (w_can, ada_can) = (
        run.lib_instr("union", "urikit-whatwg-can-parse"),
        run.lib_instr("union", "ada-can-parse"),
    );
    let url_instr = run.lib_instr("union", "url");
    let t_parse = run.pair("whatwg-parse");
    let t_can = run.pair("whatwg-can-parse");
    let t_url = run.pair("whatwg-parse-url");
    // The Public Suffix List lookup of `get '{domain}'`.
    let t_domain = run.pair("get-domain");
    // Every spec's reading and the verdicts, against the WHATWG reading alone.
    let t_explain = run.pair("explain-differs");
    let explain_instr = |id: &str| {
        run.cli(id)["instructions_per_line"]
            .as_f64()
            .unwrap_or_else(|| panic!("{id} instructions"))
    };
    let (explain_i, check_whatwg_i) = (
        explain_instr("explain-differs-jobs1"),
        explain_instr("check-whatwg-jobs1"),
    );
    let accepted = |id: &str| run.lib_accepted("union", id);
    // A time ratio, and the median of its rounds.
    // Three places: a median just under its target must not read as equal to it.
    let timed = |(median, fastest): (f64, f64)| format!("{median:.3} (fastest rounds: {fastest:.3})");
    let with_ceiling = |pair: (f64, f64)| {
        format!(
            "{}; two processes at once: {:.3} (fastest rounds: {:.3})",
            timed(pair),
            ceiling.0,
            ceiling.1
        )
    };
    // URL patterns: urikit beside the urlpattern crate, and the set.
    let pat = &run.measure["patterns"];
    let found = |id: &str| {
        pat["works"][id]["found"]
            .as_u64()
            .unwrap_or_else(|| panic!("{id} found"))
    };
    let groups = |id: &str| {
        pat["works"][id]["groups"]
            .as_u64()
            .unwrap_or_else(|| panic!("{id} groups"))
    };
    let (t_build, t_test, t_exec, t_set) = (
        run.pair("pattern-build"),
        run.pair("pattern-test"),
        run.pair("pattern-exec"),
        run.pair("pattern-set"),
    );
    let instr = |id: &str| {
        pat["works"][id]["instructions_per_call"]
            .as_f64()
            .unwrap_or_else(|| panic!("{id} instructions"))
    };
    let per_call = |id: &str| run.mean_ns("pattern", id) / pat["works"][id]["calls"].as_f64().expect("calls");
    let calls = format!("{} URLs x {} routes", pat["urls"], pat["routes"][0]);
    let targets: [(&str, String, String, bool); 22] = [
        (
            "RFC 3986 validation, instructions/URL (union)",
            "<= 400".into(),
            format!("{u3986:.0}"),
            u3986 <= 400.0,
        ),
        (
            "RFC 3986 validation, fluent-uri instructions / urikit's (union)",
            ">= 2.0".into(),
            format!("{:.2} ({fluent:.0} / {u3986:.0})", fluent / u3986),
            fluent / u3986 >= 2.0,
        ),
        (
            "RFC 3986 validation, fluent-uri time / urikit's (union)",
            ">= 1.6".into(),
            timed(t3986),
            t3986.0 >= 1.6,
        ),
        (
            "RFC 1738 validation, instructions/URL (union)",
            "<= 480".into(),
            format!("{u1738:.0}"),
            u1738 <= 480.0,
        ),
        (
            "RFC 1738 validation, fluent-uri time / urikit's (union)",
            ">= 1.3".into(),
            timed(t1738),
            t1738.0 >= 1.3,
        ),
        (
            "text extraction, urikit instructions/byte",
            "<= 1.0".into(),
            format!("{text_instr:.2}"),
            text_instr <= 1.0,
        ),
        (
            "text extraction, linkify time / urikit's",
            ">= 1.0".into(),
            format!(
                "{}; instructions/byte: {text_instr:.2} against {linkify_instr:.2}",
                timed(text_ratio)
            ),
            text_ratio.0 >= 1.0,
        ),
        (
            "`fluent_check` time / `urikit check --jobs 1` (RFC 1738) time",
            ">= 1.2".into(),
            timed(check1),
            check1.0 >= 1.2,
        ),
        (
            "`fluent_check` time / `urikit check --spec rfc3986 --jobs 1` time",
            ">= 1.2".into(),
            timed(check1_3986),
            check1_3986.0 >= 1.2,
        ),
        (SCALING, ">= 1.8".into(), with_ceiling(scaling), scaling.0 >= 1.8),
        (
            SCALING_3986,
            ">= 1.8".into(),
            with_ceiling(scaling_3986),
            scaling_3986.0 >= 1.8,
        ),
        (
            "`urikit parse --json --jobs 1`, instructions/line",
            "<= 2000".into(),
            format!(
                "{json_instr:.0} (`check --jobs 1` on the same lines: {check_instr:.0}; the records: {:.0})",
                json_instr - check_instr
            ),
            json_instr <= 2000.0,
        ),
        (
            "WHATWG parse to an owned URL + href, urikit instructions / ada-url's (union)",
            "<= 0.5".into(),
            format!(
                "{:.2} ({w_parse:.0} / {ada_parse:.0}; url: {url_instr:.0}); accepted: urikit {}, ada-url {}, url {}",
                w_parse / ada_parse,
                accepted("urikit-whatwg"),
                accepted("ada-parse"),
                accepted("url")
            ),
            w_parse / ada_parse <= 0.5,
        ),
        (
            "WHATWG parse to an owned URL + href, ada-url time / urikit's (union)",
            ">= 2.0".into(),
            format!(
                "{}; url time / urikit's: {:.3} (fastest rounds: {:.3})",
                timed(t_parse),
                t_url.0,
                t_url.1
            ),
            t_parse.0 >= 2.0,
        ),
        (
            "WHATWG validation (`can_parse`), urikit instructions / ada-url's (union)",
            "<= 0.5".into(),
            format!(
                "{:.2} ({w_can:.0} / {ada_can:.0}); time ratio {}; accepted: urikit {}, ada-url {}",
                w_can / ada_can,
                timed(t_can),
                accepted("urikit-whatwg-can-parse"),
                accepted("ada-can-parse")
            ),
            w_can / ada_can <= 0.5,
        ),
        (
            "`urikit get --spec whatwg --lenient --jobs 1 '{domain}'` time / the same with `'{host}'` (union x 10)",
            "<= 2.0".into(),
            timed(t_domain),
            t_domain.0 <= 2.0,
        ),
        (
            "`urikit explain --differs` time / `urikit check --spec whatwg`'s, every core (union x 10): a speed of at least 40%",
            "<= 2.5".into(),
            format!(
                "{}; {} of {} lines have a verdict",
                timed(t_explain),
                run.cli("explain-differs")["rejected"],
                run.cli("explain-differs")["lines"]
            ),
            t_explain.0 <= 2.5,
        ),
        (
            "`urikit explain --differs --jobs 1` instructions / `urikit check --spec whatwg --jobs 1`'s, per line",
            "<= 2.5".into(),
            format!("{:.2} ({explain_i:.0} / {check_whatwg_i:.0})", explain_i / check_whatwg_i),
            explain_i / check_whatwg_i <= 2.5,
        ),
        (
            "URL patterns: building a pattern, urlpattern time / urikit's (1,000 routes)",
            ">= 20".into(),
            format!(
                "{}; built: urikit {}, urlpattern {}",
                timed(t_build),
                found("urikit-build"),
                found("urlpattern-build")
            ),
            t_build.0 >= 20.0,
        ),
        (
            "URL patterns: `test` on a string, urlpattern time / urikit's",
            ">= 3".into(),
            format!(
                "{}; {calls}, true: urikit {}, urlpattern {}",
                timed(t_test),
                found("urikit-test"),
                found("urlpattern-test")
            ),
            t_test.0 >= 3.0,
        ),
        (
            "URL patterns: `exec` on a string, urlpattern time / urikit's",
            ">= 3".into(),
            format!(
                "{}; {calls}, matches (groups): urikit {} ({}), urlpattern {} ({})",
                timed(t_exec),
                found("urikit-exec"),
                groups("urikit-exec"),
                found("urlpattern-exec"),
                groups("urlpattern-exec")
            ),
            t_exec.0 >= 3.0,
        ),
        (
            "URL patterns: `PatternSet` of 1,000 routes, time per URL / one pattern's `exec` time per call",
            "<= 5".into(),
            format!(
                "{}; each measured on its own (criterion): {:.2}; instructions: {:.2}; URLs with a first match (groups): set {} ({}), a loop over the patterns {} ({})",
                timed(t_set),
                per_call("urikit-set-first") / per_call("urikit-exec"),
                instr("urikit-set-first") / instr("urikit-exec"),
                found("urikit-set-first"),
                groups("urikit-set-first"),
                pat["loop"]["first"],
                pat["loop"]["first_groups"]
            ),
            t_set.0 <= 5.0,
        ),
    ];
    let met = targets.iter().filter(|t| t.3).count();
    writeln!(w, "## Targets: {met} of {} met\n", targets.len()).unwrap();
    writeln!(
        w,
        "A time ratio here comes from `pairs`: the two sides run in alternating rounds ({} of each \
         command, {} of each library pass; load average {:.2} before, {:.2} after). Each round gives \
         a ratio of two runs side by side in time, and the target is judged on the median of these: \
         a moment when the shared machine is slow falls on both sides of a round, and no one lucky \
         run decides. The ratio of each side's fastest round is shown beside it. The tables further \
         down are criterion's means, each benchmark measured on its own.\n",
        run.pairs["rounds"],
        run.pairs["rounds_in_process"],
        run.pairs["load_before"].as_f64().unwrap_or(f64::NAN),
        run.pairs["load_after"].as_f64().unwrap_or(f64::NAN),
    )
    .unwrap();
    writeln!(w, "| target | wanted | measured | |\n|---|---:|---:|---|").unwrap();
    for (what, want, got, ok) in &targets {
        writeln!(w, "| {what} | {want} | {got} | {} |", verdict(*ok)).unwrap();
    }
    for (what, _, _, ok) in &targets {
        if !ok {
            writeln!(
                w,
                "\nNot met: {what}. {}",
                why_not(what, scaling, scaling_3986, ceiling)
            )
            .unwrap();
        }
    }

    // Pairs.
    for set in ["union", COMMON] {
        writeln!(
            w,
            "\n## Like for like, `{set}` set ({} URLs, {:.1} MB)\n",
            run.urls(set),
            run.set(set)["bytes"].as_f64().unwrap_or(0.0) / 1e6
        )
        .unwrap();
        writeln!(
            w,
            "| urikit | peer | urikit accepted | peer accepted | urikit ns/URL | peer ns/URL | time ratio | urikit instr/URL | peer instr/URL | instr ratio |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
        )
        .unwrap();
        for (a, b) in LIB_PAIRS {
            let (la, lb) = (lib(a).expect("lib"), lib(b).expect("lib"));
            let (ta, tb) = (run.lib_ns(set, a), run.lib_ns(set, b));
            let (ia, ib) = (run.lib_instr(set, a), run.lib_instr(set, b));
            writeln!(
                w,
                "| {} | {} | {} | {} | {ta:.1} | {tb:.1} | {:.2} | {ia:.0} | {ib:.0} | {:.2} |",
                la.what,
                lb.what,
                run.lib_accepted(set, a),
                run.lib_accepted(set, b),
                tb / ta,
                ib / ia
            )
            .unwrap();
        }
    }

    urikit_bench::pattern::report_section(w, pat, &|id| run.mean_ns("pattern", id));

    // Every set, every workload.
    writeln!(w, "\n## Every workload on every set\n").unwrap();
    for (i, l) in LIBS.iter().enumerate() {
        writeln!(w, "{}. `{}`: {}", i + 1, l.id, l.what).unwrap();
    }
    let sets: Vec<String> = run.measure["sets"]
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    for set in &sets {
        writeln!(
            w,
            "\n### {set} ({} URLs, {:.1} MB)\n",
            run.urls(set),
            run.set(set)["bytes"].as_f64().unwrap_or(0.0) / 1e6
        )
        .unwrap();
        writeln!(
            w,
            "| workload | accepted | ns/URL | MB/s | instr/URL |\n|---|---:|---:|---:|---:|"
        )
        .unwrap();
        let bytes = run.set(set)["bytes"].as_f64().unwrap_or(0.0);
        for l in &LIBS {
            let ns = run.lib_ns(set, l.id);
            let mbs = bytes / (ns * run.urls(set)) * 1e3;
            writeln!(
                w,
                "| `{}` | {} | {ns:.1} | {mbs:.0} | {:.0} |",
                l.id,
                run.lib_accepted(set, l.id),
                run.lib_instr(set, l.id)
            )
            .unwrap();
        }
    }

    // Text.
    let text_bytes = run.measure["text"]["bytes"].as_f64().unwrap_or(0.0);
    writeln!(
        w,
        "\n## Text extraction\n\nTimes over the seed texts (RFC 1630 draft, RFC 1738, draft-03) repeated to about 4 MB; \
         findings and instructions over the seed texts once ({text_bytes:.0} bytes).\n"
    )
    .unwrap();
    writeln!(
        w,
        "| workload | findings | µs (4 MB) | instr/byte |\n|---|---:|---:|---:|"
    )
    .unwrap();
    for (id, what, _) in TEXT_LIBS {
        let l = &run.measure["text"]["libs"][id];
        writeln!(
            w,
            "| {what} | {} | {:.0} | {:.2} |",
            l["findings"],
            run.text_ns(id) / 1e3,
            l["instructions_per_byte"].as_f64().unwrap_or(f64::NAN)
        )
        .unwrap();
    }

    // CLI.
    let sample = run.measure["cli"]["sample_lines"].as_u64().unwrap_or(0);
    writeln!(
        w,
        "\n## The command over stdin\n\nInput (a): the union ten times over; (b): its first {} lines. \
         Each sample is a whole process run, stdin from a file, stdout to /dev/null; criterion's mean of 10 samples. \
         `fluent_check` (`src/bin/fluent_check.rs`) is a minimal one-thread validator: fluent-uri \
         `Uri::parse` on each line read into one reused buffer, the invalid lines printed. \
         Instructions/line over {sample} lines (every {every}th of the union), one-thread commands only.\n",
        urikit_bench::CLI_B_LINES
    )
    .unwrap();
    writeln!(w, "### One thread\n\n| command | input | rejected / lines | ms | ns/line | instr/line |\n|---|---|---:|---:|---:|---:|").unwrap();
    for id in [
        "fluent_check",
        "check-rfc3986-jobs1",
        "check-jobs1",
        "parse-json-jobs1",
        "check-whatwg-jobs1",
        "explain-differs-jobs1",
    ] {
        let b = cli_bench(id).expect("bench");
        let c = run.cli(id);
        let lines = c["lines"].as_f64().unwrap_or(1.0);
        let ms = run.cli_ms(id);
        writeln!(
            w,
            "| `{}` | ({}) | {} / {} | {ms:.1} | {:.1} | {:.0} |",
            b.command(),
            b.input,
            c["rejected"],
            c["lines"],
            ms * 1e6 / lines,
            c["instructions_per_line"].as_f64().unwrap_or(f64::NAN)
        )
        .unwrap();
    }
    writeln!(
        w,
        "\n`fluent_check` and `urikit check --spec rfc3986` check the same grammar; `urikit check` (RFC 1738) checks more and rejects more.\n"
    )
    .unwrap();
    writeln!(w, "### Scaling: default jobs (one per core) against `--jobs 1`\n\n| command | ms, --jobs 1 | ms, default | speed-up |\n|---|---:|---:|---:|").unwrap();
    for (one, many) in [("check-jobs1", "check"), ("check-rfc3986-jobs1", "check-rfc3986")] {
        let (a, b) = (run.cli_ms(one), run.cli_ms(many));
        writeln!(
            w,
            "| `{}` | {a:.1} | {b:.1} | {:.2} |",
            cli_bench(many).expect("bench").command(),
            a / b
        )
        .unwrap();
    }
    let (one, two) = (run.cli_ms("check-jobs1"), run.cli_ms("check-jobs1-two-at-once"));
    writeln!(
        w,
        "\nThe machine's own ceiling: one `urikit check --jobs 1` takes {one:.1} ms, two of them at \
         once (two processes, each over the whole input) {two:.1} ms, so two cores do {:.2} times the \
         work of one in the same time: about the most two threads over one input can be expected to gain.",
        2.0 * one / two
    )
    .unwrap();

    // `edit_cli.py`, run by `run.sh`: `urikit get` and `edit` beside
    // Python's urllib, a table it writes itself, one level down.
    let edit = bench_dir().join("target/bench-run/edit.md");
    let edit = read_fresh_text(&edit, start);
    writeln!(
        w,
        "\n## Editing: `urikit get` and `urikit edit` beside Python's urllib\n"
    )
    .unwrap();
    for line in edit.lines().skip_while(|l| l.starts_with("# ") || l.is_empty()) {
        writeln!(w, "{line}").unwrap();
    }

    // The Python package and Spark: a report of its own, by its own script,
    // quoted here as it stands.
    writeln!(w, "\n## Python and Spark\n").unwrap();
    let python = bench_dir().join("../BENCHMARKS-python.md");
    match std::fs::read_to_string(&python) {
        Ok(text) => {
            let commit = text
                .lines()
                .find(|l| l.starts_with("Commit: "))
                .unwrap_or("Commit: unknown");
            writeln!(
                w,
                "`crates/python/bench/bench.py` measures the Python package and Spark in a run of its own and \
                 writes `BENCHMARKS-python.md` ({}). Its targets, as it wrote them:\n",
                commit.trim_end()
            )
            .unwrap();
            for line in text
                .lines()
                .skip_while(|l| *l != "## Targets")
                .skip(1)
                .skip_while(|l| l.is_empty())
            {
                writeln!(w, "{line}").unwrap();
            }
        }
        Err(e) => writeln!(w, "`BENCHMARKS-python.md` could not be read: {e}.").unwrap(),
    }

    std::fs::write(&out, md).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    eprintln!("wrote {}", out.display());
}
