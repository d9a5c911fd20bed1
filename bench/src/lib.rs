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
