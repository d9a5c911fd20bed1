//! Shared helpers of the urikit benchmarks: loading `bench/data`,
//! the library workloads every runner shares (criterion, acceptance counts,
//! instruction counts), the CLI commands, and the text of the extraction
//! benchmark.

pub mod pattern;
pub mod whatwg_diff;

use std::fs::File;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The benchmark data folder: `$URIKIT_BENCH_DATA`, or `bench/data` of the
/// repository.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("URIKIT_BENCH_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("data"),
    }
}

/// One data set: a name and its URLs.
pub struct DataSet {
    /// The file stem (`kasztp`), or `union`.
    pub name: String,
    /// One URL per entry, without BOM, line ends or blank lines.
    pub urls: Vec<String>,
}

impl DataSet {
    /// Total bytes of the URLs.
    pub fn bytes(&self) -> u64 {
        self.urls.iter().map(|u| u.len() as u64).sum()
    }
}

/// Reads one URL per line: strips a UTF-8 BOM, `\r`, and blank lines.
pub fn read_urls(path: &Path) -> std::io::Result<Vec<String>> {
    let text = std::fs::read_to_string(path)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    Ok(text
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect())
}

/// Every `*.txt` file of the data folder, sorted by name.
///
/// # Panics
///
/// When the folder cannot be read: the benchmarks need it.
pub fn data_files() -> Vec<DataSet> {
    let dir = data_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| DataSet {
            name: p.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
            urls: read_urls(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display())),
        })
        .collect()
}

/// Every `*.txt` file of the data folder ([`data_files`]), then their
/// union, then the URLs of the union that every library workload accepts.
pub fn data_sets() -> Vec<DataSet> {
    let mut sets = data_files();
    let union: Vec<String> = sets.iter().flat_map(|s| s.urls.iter().cloned()).collect();
    let common = union
        .iter()
        .filter(|u| LIBS.iter().all(|lib| (lib.accepts)(u)))
        .cloned()
        .collect();
    sets.push(DataSet {
        name: "union".to_owned(),
        urls: union,
    });
    sets.push(DataSet {
        name: COMMON.to_owned(),
        urls: common,
    });
    sets
}

/// The name of the data set of the URLs of the union that every library
/// workload accepts: where grammars differ, the same work on both sides.
pub const COMMON: &str = "common";

/// One library workload: what it does to each URL of a set.
pub struct Lib {
    /// The benchmark id (`urikit-rfc3986`).
    pub id: &'static str,
    /// What it does, for the report.
    pub what: &'static str,
    /// Whether it accepts one URL (the work of one URL, kept).
    pub accepts: fn(&str) -> bool,
}

impl Lib {
    /// Runs the workload over `urls` and returns how many it accepted.
    pub fn run(&self, urls: &[&str]) -> usize {
        urls.iter().filter(|u| (self.accepts)(black_box(u))).count()
    }
}

/// Every library workload, in the order of the report.
pub const LIBS: [Lib; 10] = [
    Lib {
        id: "urikit-rfc3986",
        what: "urikit RFC 3986 validation: `UrlRef::parse_with(s, Spec::Rfc3986)` (borrowed, component offsets)",
        accepts: |u| urikit::UrlRef::parse_with(u, urikit::Spec::Rfc3986).is_ok(),
    },
    Lib {
        id: "fluent-uri",
        what: "fluent-uri RFC 3986 validation: `Uri::parse(&str)` (borrowed, component offsets)",
        accepts: |u| fluent_uri::Uri::parse(u).is_ok(),
    },
    Lib {
        id: "urikit-rfc3986-owned",
        what: "urikit RFC 3986 owned parse: `Url::parse_with(s, Spec::Rfc3986)` (copies the text into a `String`)",
        accepts: |u| black_box(urikit::Url::parse_with(u, urikit::Spec::Rfc3986)).is_ok(),
    },
    Lib {
        id: "fluent-uri-owned",
        what: "fluent-uri RFC 3986 owned parse: `Uri::<String>::parse(s.to_owned())` (copies the text into a `String`)",
        accepts: |u| black_box(fluent_uri::Uri::<String>::parse(u.to_owned())).is_ok(),
    },
    Lib {
        id: "urikit-rfc1738",
        what: "urikit RFC 1738 validation: `UrlRef::parse(s)` (each scheme's production, host labels, port range)",
        accepts: |u| urikit::UrlRef::parse(u).is_ok(),
    },
    Lib {
        id: "urikit-whatwg-can-parse",
        what: "urikit WHATWG validation: `whatwg::can_parse(s, None)` (no URL built, no allocation)",
        accepts: |u| urikit::whatwg::can_parse(u, None),
    },
    Lib {
        id: "ada-can-parse",
        what: "ada-url WHATWG validation: `Url::can_parse(s, None)` (no URL built)",
        accepts: |u| ada_url::Url::can_parse(u, None),
    },
    Lib {
        id: "urikit-whatwg",
        what: "urikit WHATWG parse + href: `Url::parse_lenient_with(s, Spec::Whatwg)` + `as_str()` (an owned URL, as browsers parse)",
        accepts: |u| {
            urikit::Url::parse_lenient_with(u, urikit::Spec::Whatwg)
                .map(|(url, _)| black_box(url.as_str().len()))
                .is_ok()
        },
    },
    Lib {
        id: "ada-parse",
        what: "ada-url WHATWG parse + href: `Url::parse(s, None)` + `href()` (an owned URL)",
        accepts: |u| ada_url::Url::parse(u, None).map(|url| black_box(url.href().len())).is_ok(),
    },
    Lib {
        id: "url",
        what: "url (rust-url), reference only: WHATWG `Url::parse(s)` + `as_str()` (parses, normalizes and serializes: more work)",
        accepts: |u| url::Url::parse(u).map(|u| black_box(u.as_str().len())).is_ok(),
    },
];

/// The library workloads paired like for like in the report: (urikit, peer).
pub const LIB_PAIRS: [(&str, &str); 7] = [
    ("urikit-rfc3986", "fluent-uri"),
    ("urikit-rfc3986-owned", "fluent-uri-owned"),
    ("urikit-rfc3986", "ada-can-parse"),
    ("urikit-rfc1738", "fluent-uri"),
    ("urikit-whatwg", "ada-parse"),
    ("urikit-whatwg-can-parse", "ada-can-parse"),
    ("urikit-whatwg", "url"),
];

/// Workloads that `icount` runs but the report leaves out: strict parsing by
/// the specs no peer implements, outside [`LIBS`] so that the `common` set
/// stays what the peers accept.
pub const SPEC_LIBS: [Lib; 2] = [
    Lib {
        id: "urikit-rfc1630",
        what: "urikit RFC 1630 validation: `UrlRef::parse_with(s, Spec::Rfc1630)` (borrowed, component offsets)",
        accepts: |u| urikit::UrlRef::parse_with(u, urikit::Spec::Rfc1630).is_ok(),
    },
    Lib {
        id: "urikit-rfc1808",
        what: "urikit RFC 1808 validation: `UrlRef::parse_with(s, Spec::Rfc1808)` (borrowed, component offsets)",
        accepts: |u| urikit::UrlRef::parse_with(u, urikit::Spec::Rfc1808).is_ok(),
    },
];

/// The workload of `id`, in [`LIBS`] or [`SPEC_LIBS`].
pub fn lib(id: &str) -> Option<&'static Lib> {
    LIBS.iter().chain(&SPEC_LIBS).find(|l| l.id == id)
}

/// One input file of the CLI benchmarks (`benches/cli.rs`).
pub struct CliInput {
    /// `a` or `b`.
    pub name: &'static str,
    /// The file, in `target/cli-data/`.
    pub path: PathBuf,
    /// Lines in the file, each ending in `\n`.
    pub lines: u64,
    /// Bytes in the file, line ends included.
    pub bytes: u64,
}

/// Lines of input `b`, taken from the start of input `a`.
pub const CLI_B_LINES: usize = 200_000;

/// The inputs of the CLI benchmarks, written to `target/cli-data/` unless a
/// file of the same size is there already: (a) the data files concatenated
/// (the `union` set) ten times over, about 1.1M lines; (b) the first
/// [`CLI_B_LINES`] lines of (a).
///
/// # Panics
///
/// When the data cannot be read or the files written.
pub fn cli_inputs() -> [CliInput; 2] {
    let union = data_sets()
        .into_iter()
        .find(|s| s.name == "union")
        .expect("the union set")
        .urls;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/cli-data");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let mut a = String::new();
    for _ in 0..10 {
        for url in &union {
            a.push_str(url);
            a.push('\n');
        }
    }
    let b_len = a
        .match_indices('\n')
        .nth(CLI_B_LINES - 1)
        .map_or(a.len(), |(i, _)| i + 1);
    let b = &a[..b_len];
    let write = |name: &'static str, text: &str| {
        let path = dir.join(format!("{name}.txt"));
        if std::fs::metadata(&path).map_or(true, |m| m.len() != text.len() as u64) {
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
        CliInput {
            name,
            path,
            lines: text.bytes().filter(|&b| b == b'\n').count() as u64,
            bytes: text.len() as u64,
        }
    };
    [write("a", &a), write("b", b)]
}

/// The `urikit` binary to run: `$URIKIT_BIN` when set; otherwise this
/// runs `cargo build --release -p urikit-cli` in the main workspace and
/// takes its `target/release/urikit` (or `$CARGO_TARGET_DIR/release/`).
///
/// # Panics
///
/// When the build fails.
pub fn urikit_bin() -> PathBuf {
    if let Some(bin) = std::env::var_os("URIKIT_BIN") {
        return PathBuf::from(bin);
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "-p", "urikit-cli", "--manifest-path"])
        .arg(workspace.join("Cargo.toml"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build of urikit-cli failed");
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace.join("target"), PathBuf::from);
    target.join("release/urikit")
}

/// A program a CLI benchmark runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    /// The release build of `urikit` (see `benches/cli.rs` for which one).
    Urikit,
    /// `src/bin/fluent_check.rs`.
    FluentCheck,
}

/// One CLI benchmark: a program, its arguments and its input.
pub struct CliBench {
    /// The criterion group: `cli/a` or `cli/b`, after the input.
    pub input: &'static str,
    /// The benchmark's name within its group.
    pub id: &'static str,
    /// What runs.
    pub program: Program,
    /// Its arguments; the input comes on stdin.
    pub args: &'static [&'static str],
    /// How many copies run at once, each over the whole input: 2 measures
    /// what the machine itself gives two processes, the ceiling of any
    /// two-thread speed-up.
    pub at_once: u32,
}

/// Every CLI benchmark, in the order they run and are reported. Without
/// `--jobs`, urikit runs one worker per core. Input `a` serves the
/// one-thread comparisons and the scaling, `b` `parse --json`.
pub const CLI_BENCHES: [CliBench; 13] = [
    CliBench {
        input: "a",
        id: "fluent_check",
        program: Program::FluentCheck,
        args: &[],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "check-rfc3986-jobs1",
        program: Program::Urikit,
        args: &["check", "--spec", "rfc3986", "--jobs", "1"],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "check-rfc3986",
        program: Program::Urikit,
        args: &["check", "--spec", "rfc3986"],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "check-jobs1",
        program: Program::Urikit,
        args: &["check", "--jobs", "1"],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "check",
        program: Program::Urikit,
        args: &["check"],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "check-jobs1-two-at-once",
        program: Program::Urikit,
        args: &["check", "--jobs", "1"],
        at_once: 2,
    },
    CliBench {
        input: "b",
        id: "parse-json-jobs1",
        program: Program::Urikit,
        args: &["parse", "--json", "--jobs", "1"],
        at_once: 1,
    },
    // The registrable domain by the Public Suffix List against the host
    // alone: the same parse and output, one lookup more per URL.
    CliBench {
        input: "a",
        id: "get-host-jobs1",
        program: Program::Urikit,
        args: &["get", "--spec", "whatwg", "--lenient", "--jobs", "1", "{host}"],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "get-domain-jobs1",
        program: Program::Urikit,
        args: &["get", "--spec", "whatwg", "--lenient", "--jobs", "1", "{domain}"],
        at_once: 1,
    },
    // Every spec's reading and the verdicts where they disagree, against
    // the WHATWG reading alone.
    CliBench {
        input: "a",
        id: "check-whatwg-jobs1",
        program: Program::Urikit,
        args: &["check", "--spec", "whatwg", "--jobs", "1"],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "explain-differs-jobs1",
        program: Program::Urikit,
        args: &["explain", "--differs", "--jobs", "1"],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "check-whatwg",
        program: Program::Urikit,
        args: &["check", "--spec", "whatwg"],
        at_once: 1,
    },
    CliBench {
        input: "a",
        id: "explain-differs",
        program: Program::Urikit,
        args: &["explain", "--differs"],
        at_once: 1,
    },
];

/// Runs `program args < input > /dev/null`, `at_once` copies of it at the
/// same time, and times them from the first spawn to the last exit.
///
/// # Panics
///
/// When the program cannot run or exits with another status than 0 (all
/// valid) or 1 (some invalid).
pub fn run_once(program: &Path, args: &[&str], input: &CliInput, at_once: u32) -> Duration {
    let stdins: Vec<File> = (0..at_once)
        .map(|_| File::open(&input.path).expect("the input opens"))
        .collect();
    let start = Instant::now();
    let children: Vec<_> = stdins
        .into_iter()
        .map(|stdin| {
            Command::new(program)
                .args(args)
                .stdin(stdin)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("the program runs")
        })
        .collect();
    for mut child in children {
        let status = child.wait().expect("the program runs");
        assert!(
            matches!(status.code(), Some(0 | 1)),
            "{} {args:?}: {status}",
            program.display()
        );
    }
    start.elapsed()
}

/// A program built beside the running one (`fluent_check`).
///
/// # Panics
///
/// When it is not built.
pub fn sibling_bin(name: &str) -> PathBuf {
    let me = std::env::current_exe().expect("the path of this program");
    let path = me.with_file_name(name);
    assert!(
        path.exists(),
        "{} is not built: cargo build --release --bins",
        path.display()
    );
    path
}

/// The CLI benchmark of `id`.
pub fn cli_bench(id: &str) -> Option<&'static CliBench> {
    CLI_BENCHES.iter().find(|b| b.id == id)
}

impl CliBench {
    /// The command line, as the report shows it.
    pub fn command(&self) -> String {
        let program = match self.program {
            Program::Urikit => "urikit",
            Program::FluentCheck => "fluent_check",
        };
        let command = [program].iter().chain(self.args).copied().collect::<Vec<_>>().join(" ");
        match self.at_once {
            1 => command,
            n => format!("{n} x {command}, at once"),
        }
    }
}

/// The seed texts of the extraction benchmark: the RFC 1630 draft, RFC 1738
/// and draft-03.
const SEEDS: [&str; 3] = ["000_", "002_", "004_"];

fn seeds_dir() -> PathBuf {
    match std::env::var_os("URIKIT_SEEDS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/seeds"),
    }
}

/// The three seed texts, one after the other, each followed by a newline.
///
/// # Panics
///
/// When the seeds cannot be read.
pub fn seed_text() -> String {
    let dir = seeds_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            SEEDS.iter().any(|s| name.starts_with(s)) && name.ends_with(".txt")
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), SEEDS.len(), "seeds in {}", dir.display());
    let mut block = String::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap_or_else(|e| panic!("cannot read {}: {e}", f.display()));
        block.push_str(&String::from_utf8_lossy(&bytes));
        block.push('\n');
    }
    block
}

/// linkify's finder, for URLs only.
pub fn linkify_finder() -> linkify::LinkFinder {
    let mut f = linkify::LinkFinder::new();
    f.kinds(&[linkify::LinkKind::Url]);
    f
}

/// A text extraction workload: (id, what, run returning the findings).
pub type TextLib = (&'static str, &'static str, fn(&str) -> usize);

/// The text extraction workloads.
pub const TEXT_LIBS: [TextLib; 2] = [
    (
        "urikit-find_urls",
        "urikit `text::find_urls` (URL, line and column of each finding)",
        |t| urikit::text::find_urls(t).count(),
    ),
    (
        "linkify",
        "linkify `LinkFinder::links`, URLs only (byte range of each finding)",
        |t| linkify_finder().links(t).count(),
    ),
];
