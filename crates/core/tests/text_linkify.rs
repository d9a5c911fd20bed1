//! The URLs urikit finds in the seed texts beside those linkify finds: every
//! difference must be listed, with its reason, in
//! `tests/data/text/linkify_differences.tsv`, and every listed difference
//! must still occur.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

use urikit::text::find_urls;

/// The seed texts compared, by file name prefix.
const SEEDS: [&str; 3] = ["000", "002", "004"];

/// Which finder found a URL the other did not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Side {
    Urikit,
    Linkify,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::Urikit => "urikit-only",
            Side::Linkify => "linkify-only",
        }
    }
}

/// A difference: seed, side, line, URL.
type Key = (String, Side, u64, String);

fn seed(prefix: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/seeds");
    let path = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with(&format!("{prefix}_"))
        })
        .unwrap_or_else(|| panic!("no seed {prefix}_*.txt in {}", dir.display()));
    fs::read_to_string(path).unwrap()
}

/// `url` as the data file writes it: every character that is not graphic
/// ASCII as `\u{..}` (linkify's findings may end in a no-break space).
fn escaped(url: &str) -> String {
    url.chars()
        .map(|c| {
            if c.is_ascii_graphic() {
                c.to_string()
            } else {
                format!("\\u{{{:x}}}", u32::from(c))
            }
        })
        .collect()
}

/// The line (from 1) of each byte offset of `text`, for linkify's findings.
fn line_of(text: &str, offset: usize) -> u64 {
    1 + text.as_bytes()[..offset].iter().filter(|&&b| b == b'\n').count() as u64
}

/// Each finder's (line, URL) findings, counted.
fn findings(text: &str) -> [BTreeMap<(u64, String), usize>; 2] {
    let mut urikit = BTreeMap::new();
    for f in find_urls(text) {
        *urikit.entry((f.line, escaped(&f.url))).or_insert(0) += 1;
    }
    let mut finder = linkify::LinkFinder::new();
    finder.kinds(&[linkify::LinkKind::Url]);
    let mut linkify = BTreeMap::new();
    for link in finder.links(text) {
        *linkify
            .entry((line_of(text, link.start()), escaped(link.as_str())))
            .or_insert(0) += 1;
    }
    [urikit, linkify]
}

/// The differences of the seed texts, as the two finders give them.
fn differences() -> BTreeMap<Key, usize> {
    let mut out = BTreeMap::new();
    for prefix in SEEDS {
        let [urikit, linkify] = findings(&seed(prefix));
        for (side, ours, theirs) in [(Side::Urikit, &urikit, &linkify), (Side::Linkify, &linkify, &urikit)] {
            for ((line, url), &n) in ours {
                let extra = n.saturating_sub(theirs.get(&(*line, url.clone())).copied().unwrap_or(0));
                if extra > 0 {
                    out.insert((prefix.to_owned(), side, *line, url.clone()), extra);
                }
            }
        }
    }
    out
}

/// The listed differences: `seed TAB side TAB line TAB url TAB reason`.
fn listed() -> BTreeMap<Key, String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/text/linkify_differences.tsv");
    let mut out = BTreeMap::new();
    for (i, row) in fs::read_to_string(&path).unwrap().lines().enumerate() {
        if row.starts_with('#') || row.is_empty() {
            continue;
        }
        let cols: Vec<&str> = row.split('\t').collect();
        let [seed, side, line, url, reason] = cols[..] else {
            panic!("{}:{}: want 5 tab-separated columns: {row:?}", path.display(), i + 1);
        };
        let side = match side {
            "urikit-only" => Side::Urikit,
            "linkify-only" => Side::Linkify,
            other => panic!("{}:{}: side {other:?}", path.display(), i + 1),
        };
        assert!(!reason.trim().is_empty(), "{}:{}: no reason", path.display(), i + 1);
        let key = (seed.to_owned(), side, line.parse().unwrap(), url.to_owned());
        assert!(
            out.insert(key, reason.to_owned()).is_none(),
            "{}:{}: listed twice",
            path.display(),
            i + 1
        );
    }
    out
}

#[test]
fn seed_findings_beside_linkify() {
    let found = differences();
    let listed = listed();
    let mut counts = BTreeMap::new();
    for prefix in SEEDS {
        let [urikit, linkify] = findings(&seed(prefix));
        let total = |m: &BTreeMap<_, usize>| m.values().sum::<usize>();
        counts.insert(prefix, (total(&urikit), total(&linkify)));
    }
    for (prefix, (u, l)) in &counts {
        let only = |side| found.keys().filter(|(s, d, _, _)| s == prefix && *d == side).count();
        println!(
            "seed {prefix}: urikit {u} findings, linkify {l}; urikit only {}, linkify only {}",
            only(Side::Urikit),
            only(Side::Linkify)
        );
    }
    let unexplained: Vec<String> = found
        .keys()
        .filter(|k| !listed.contains_key(*k))
        .map(|(s, d, l, u)| format!("{s}\t{}\t{l}\t{u}", d.name()))
        .collect();
    let stale: Vec<String> = listed
        .keys()
        .filter(|k| !found.contains_key(*k))
        .map(|(s, d, l, u)| format!("{s}\t{}\t{l}\t{u}", d.name()))
        .collect();
    println!("{} differences, {} listed with a reason", found.len(), listed.len());
    assert!(
        unexplained.is_empty(),
        "differences with no reason listed:\n{}",
        unexplained.join("\n")
    );
    assert!(
        stale.is_empty(),
        "listed differences that no longer occur:\n{}",
        stale.join("\n")
    );
}
