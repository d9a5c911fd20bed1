//! Shared helpers of the urikit benchmarks: loading `../shared/bench-data`.

use std::path::{Path, PathBuf};

/// The benchmark data folder: `$URIKIT_BENCH_DATA`, or `../shared/bench-data`
/// beside the repository.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("URIKIT_BENCH_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/bench-data"),
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

/// Every `*.txt` file of the data folder, sorted by name, then their union.
///
/// # Panics
///
/// When the folder cannot be read: the benchmarks need it.
pub fn data_sets() -> Vec<DataSet> {
    let dir = data_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut sets: Vec<DataSet> = files
        .iter()
        .map(|p| DataSet {
            name: p.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
            urls: read_urls(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display())),
        })
        .collect();
    let union = sets.iter().flat_map(|s| s.urls.iter().cloned()).collect();
    sets.push(DataSet {
        name: "union".to_owned(),
        urls: union,
    });
    sets
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
pub const CLI_B_LINES: usize = 1_000_000;

/// The inputs of the CLI benchmarks, written to `target/cli-data/` unless a
/// file of the same size is there already: (a) the data files concatenated
/// (the `union` set) ten times over, about 1.1M lines; (b) the first
/// [`CLI_B_LINES`] lines of (a).
///
/// # Panics
///
/// When the data cannot be read or the files written.
pub fn cli_inputs() -> [CliInput; 2] {
    let union = data_sets().pop().expect("the union set comes last").urls;
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
}

/// Every CLI benchmark, in the order they run and are reported. Without
/// `--jobs`, urikit runs one worker per core.
pub const CLI_BENCHES: [CliBench; 7] = [
    CliBench {
        input: "a",
        id: "urikit-check",
        program: Program::Urikit,
        args: &["check"],
    },
    CliBench {
        input: "a",
        id: "urikit-check-jobs1",
        program: Program::Urikit,
        args: &["check", "--jobs", "1"],
    },
    CliBench {
        input: "a",
        id: "fluent_check",
        program: Program::FluentCheck,
        args: &[],
    },
    CliBench {
        input: "b",
        id: "check-jobs1",
        program: Program::Urikit,
        args: &["check", "--jobs", "1"],
    },
    CliBench {
        input: "b",
        id: "check",
        program: Program::Urikit,
        args: &["check"],
    },
    CliBench {
        input: "b",
        id: "parse-json-jobs1",
        program: Program::Urikit,
        args: &["parse", "--json", "--jobs", "1"],
    },
    CliBench {
        input: "b",
        id: "parse-json",
        program: Program::Urikit,
        args: &["parse", "--json"],
    },
];

impl CliBench {
    /// The command line, as the report shows it.
    pub fn command(&self) -> String {
        let program = match self.program {
            Program::Urikit => "urikit",
            Program::FluentCheck => "fluent_check",
        };
        [program].iter().chain(self.args).copied().collect::<Vec<_>>().join(" ")
    }
}
