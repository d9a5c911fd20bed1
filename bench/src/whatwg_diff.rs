//! The WHATWG differential: urikit's `Spec::Whatwg` beside `url` (rust-url)
//! and `ada-url` (ada) on the same inputs, as `new URL(input, base)`.
//!
//! For each input, each side gives failure or the `URL` API's ten string
//! getters (`href`, `protocol`, `username`, `password`, `host`, `hostname`,
//! `port`, `pathname`, `search`, `hash`). urikit is compared with each peer
//! on its own; a difference is one input where the two sides' outcomes are
//! not the same. Every difference is listed in `bench/whatwg-differences.tsv`
//! with its category, and each category there says why the two sides
//! differ (the standard's step, or the peer's known deviation):
//! `tests/whatwg_diff.rs` fails on a difference not listed, and on a listed
//! one that no longer differs.
//!
//! The inputs: the benchmark union (`bench/data/*.txt`, as [`data_sets`]
//! reads it), the adversarial inputs (`testdata/adversarial/inputs.json`)
//! and their generated families at [`FAMILY_COUNT`] repetitions (see
//! `testdata/adversarial/README.md`), the web-platform-tests inputs
//! (`urltestdata.json` with their bases, and each host of `toascii.json`
//! and `IdnaTestV2.json` as `https://{host}/x`), and [`VALIDITY`]: inputs
//! whose strict validity urikit once read differently from the standard's
//! reference implementation, each with the validation error the reference
//! reports (the parsed URLs were the same), which
//! `tests/whatwg_diff.rs` holds urikit to.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::data_sets;

/// The repetitions of each generated family (the recipes' counts go to
/// 10^7; the differential wants the shape, not the size).
pub const FAMILY_COUNT: usize = 1001;

/// Inputs of the two classes whose strict validity urikit once read
/// differently from the reference implementation (whatwg-url), with the
/// validation error it reports on each; the URL parses either way.
///
/// * A domain that ends in a dot: the strict domain parser's UTS #46
///   VerifyDnsLength refuses the empty root label (§4.2 step 4: every label
///   of 1 to 63 octets), `domain-to-ASCII`.
/// * An IPv4 address reached from code points that are not ASCII, which
///   UTS #46 maps to digits and dots: `IPv4-non-ASCII-input` (the host
///   parser, URL Standard of July 2026).
pub const VALIDITY: [(&str, &str); 10] = [
    ("http://n-change.net./", "domain-to-ASCII"),
    ("https://example.com./x?q", "domain-to-ASCII"),
    ("http://a.b.c.example./", "domain-to-ASCII"),
    ("wss://EXAMPLE.org.:8443/", "domain-to-ASCII"),
    ("https://bücher.de./", "domain-to-ASCII"),
    ("https://①.②.③.④/", "IPv4-non-ASCII-input"),
    ("http://１２７.０.０.１/", "IPv4-non-ASCII-input"),
    ("http://127。0。0。1/x", "IPv4-non-ASCII-input"),
    ("http://0x７f.1/", "IPv4-non-ASCII-input"),
    ("https://%EF%BC%91.2.3.4/", "IPv4-non-ASCII-input"),
];

/// One input of the differential.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Input {
    /// Where it comes from: `bench`, `adversarial`, `generated`, `wpt`,
    /// `validity`.
    pub source: &'static str,
    /// The input.
    pub input: String,
    /// The base URL, when there is one.
    pub base: Option<String>,
}

/// A side's outcome: failure, or the ten getters.
pub type Outcome = Option<[String; 10]>;

/// The getters' names, in the order of an [`Outcome`].
pub const GETTERS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
];

/// The peers urikit is compared with.
pub const PEERS: [&str; 2] = ["url", "ada"];

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

fn read_json(name: &str) -> Value {
    let path = testdata().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&usv_json(&text)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The JSON text with each lone surrogate escape (`\ud900` with no low
/// surrogate after it, or a low one alone) written as `\ufffd`: what a
/// JavaScript string becomes as the `USVString` the `URL` API takes, and
/// what a Rust string can hold.
fn usv_json(text: &str) -> String {
    let b = text.as_bytes();
    let unit = |at: usize| -> Option<u16> {
        let hex = b.get(at..at + 6)?;
        if &hex[..2] != b"\\u" {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            match unit(i) {
                Some(0xd800..=0xdbff) if matches!(unit(i + 6), Some(0xdc00..=0xdfff)) => {
                    out.push_str(&text[i..i + 12]);
                    i += 12;
                }
                Some(0xd800..=0xdfff) => {
                    out.push_str("\\ufffd");
                    i += 6;
                }
                _ => {
                    // Any other escape, with the character it escapes.
                    out.push_str(&text[i..i + 2]);
                    i += 2;
                }
            }
        } else {
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&text[i..i + len]);
            i += len;
        }
    }
    out
}

fn array(v: &Value) -> &Vec<Value> {
    v.as_array().expect("an array")
}

/// Every input, in order, without duplicates.
///
/// # Panics
///
/// When the data cannot be read.
pub fn inputs() -> Vec<Input> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    let mut push = |source: &'static str, input: String, base: Option<String>| {
        if seen.insert((input.clone(), base.clone())) {
            out.push(Input { source, input, base });
        }
    };
    let union = data_sets()
        .into_iter()
        .find(|s| s.name == "union")
        .expect("the union set");
    for url in union.urls {
        push("bench", url, None);
    }
    for c in array(&read_json("adversarial/inputs.json")) {
        push("adversarial", c["input"].as_str().expect("input").to_owned(), None);
    }
    for r in array(&read_json("adversarial/generated.json")) {
        let field = |k: &str| r[k].as_str().unwrap_or_else(|| panic!("{k} in {r}")).to_owned();
        let count = r["count"].as_u64().expect("count") as usize;
        let input = field("prefix") + &field("repeat_unit").repeat(count.min(FAMILY_COUNT)) + &field("suffix");
        let base = (field("name") == "relative-dot-dot").then(|| "http://a/b/c/d;p?q".to_owned());
        push("generated", input, base);
    }
    for c in array(&read_json("wpt-url/urltestdata.json")) {
        if let Some(input) = c["input"].as_str() {
            push("wpt", input.to_owned(), c["base"].as_str().map(str::to_owned));
        }
    }
    for (input, _) in VALIDITY {
        push("validity", input.to_owned(), None);
    }
    for file in ["wpt-url/toascii.json", "wpt-url/IdnaTestV2.json"] {
        for c in array(&read_json(file)) {
            if let Some(host) = c["input"].as_str() {
                push("wpt", format!("https://{host}/x"), None);
            }
        }
    }
    out
}

/// urikit: `Url::parse_lenient_with`, or the base's `resolve_with`.
pub fn urikit(input: &Input) -> Outcome {
    use urikit::{Spec, Url};
    let url = match &input.base {
        None => Url::parse_lenient_with(&input.input, Spec::Whatwg).ok()?.0,
        Some(base) => {
            let base = Url::parse_lenient_with(base, Spec::Whatwg).ok()?.0;
            base.resolve_with(&input.input, Spec::Whatwg).ok()?
        }
    };
    let a = url.api().expect("a WHATWG URL");
    Some(
        [
            a.href(),
            a.protocol(),
            a.username(),
            a.password(),
            a.host(),
            a.hostname(),
            a.port(),
            a.pathname(),
            a.search(),
            a.hash(),
        ]
        .map(str::to_owned),
    )
}

/// rust-url: `Url::options().base_url(base).parse(input)` and its
/// `quirks` getters (the `URL` API's).
pub fn rust_url(input: &Input) -> Outcome {
    use url::{quirks, Url};
    let base = match &input.base {
        None => None,
        Some(b) => Some(Url::parse(b).ok()?),
    };
    let u = Url::options().base_url(base.as_ref()).parse(&input.input).ok()?;
    Some(
        [
            quirks::href(&u),
            quirks::protocol(&u),
            quirks::username(&u),
            quirks::password(&u),
            quirks::host(&u),
            quirks::hostname(&u),
            quirks::port(&u),
            quirks::pathname(&u),
            quirks::search(&u),
            quirks::hash(&u),
        ]
        .map(str::to_owned),
    )
}

/// ada: `Url::parse(input, base)` and its getters.
pub fn ada(input: &Input) -> Outcome {
    let u = ada_url::Url::parse(input.input.as_str(), input.base.as_deref()).ok()?;
    Some(
        [
            u.href(),
            u.protocol(),
            u.username(),
            u.password(),
            u.host(),
            u.hostname(),
            u.port(),
            u.pathname(),
            u.search(),
            u.hash(),
        ]
        .map(str::to_owned),
    )
}

/// How two outcomes differ: `None` when they are the same; else
/// `urikit-only` or `peer-only` (one side fails), `href`, or the first
/// getter that differs when the hrefs are the same.
pub fn difference(urikit: &Outcome, peer: &Outcome) -> Option<&'static str> {
    match (urikit, peer) {
        (None, None) => None,
        (Some(_), None) => Some("urikit-only"),
        (None, Some(_)) => Some("peer-only"),
        (Some(a), Some(b)) => (0..GETTERS.len()).find(|&i| a[i] != b[i]).map(|i| GETTERS[i]),
    }
}

/// One difference found: the peer, the input, how it differs, and both
/// sides' hrefs (or failure).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Found {
    /// `url` or `ada`.
    pub peer: &'static str,
    /// The input and its base.
    pub input: Input,
    /// What differs ([`difference`]).
    pub how: &'static str,
    /// urikit's href, or `failure`.
    pub urikit: String,
    /// The peer's href, or `failure`.
    pub other: String,
}

/// The counts of one run.
#[derive(Debug, Default)]
pub struct Counts {
    /// Inputs.
    pub inputs: usize,
    /// Inputs accepted, by side (`urikit`, `url`, `ada`).
    pub accepted: BTreeMap<&'static str, usize>,
    /// Inputs where urikit and the peer agree, by peer.
    pub equal: BTreeMap<&'static str, usize>,
}

/// Runs every input through the three parsers: the counts and every
/// difference.
pub fn run(inputs: &[Input]) -> (Counts, Vec<Found>) {
    let mut counts = Counts {
        inputs: inputs.len(),
        ..Counts::default()
    };
    let mut found = Vec::new();
    let href = |o: &Outcome| o.as_ref().map_or_else(|| "failure".to_owned(), |g| g[0].clone());
    for input in inputs {
        let ours = urikit(input);
        *counts.accepted.entry("urikit").or_default() += usize::from(ours.is_some());
        for (peer, theirs) in [("url", rust_url(input)), ("ada", ada(input))] {
            *counts.accepted.entry(peer).or_default() += usize::from(theirs.is_some());
            match difference(&ours, &theirs) {
                None => *counts.equal.entry(peer).or_default() += 1,
                Some(how) => found.push(Found {
                    peer,
                    input: input.clone(),
                    how,
                    urikit: href(&ours),
                    other: href(&theirs),
                }),
            }
        }
    }
    (counts, found)
}

/// One listed difference: the peer, the input and base, and its category.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Listed {
    /// `url` or `ada`.
    pub peer: String,
    /// The input, as JSON reads it back.
    pub input: String,
    /// The base, when there is one.
    pub base: Option<String>,
    /// The category, one of the file's `category` lines.
    pub category: String,
}

/// The listed differences: `bench/whatwg-differences.tsv`.
pub fn listed_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("whatwg-differences.tsv")
}

/// Reads the listed differences: the categories with their reasons, and
/// every listed difference.
///
/// # Panics
///
/// When the file cannot be read or a line is malformed, or a difference
/// names a category with no reason.
pub fn read_listed(path: &Path) -> (BTreeMap<String, String>, Vec<Listed>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut categories = BTreeMap::new();
    let mut listed = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", path.display(), n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("category\t") {
            let (name, reason) = rest.split_once('\t').unwrap_or_else(|| panic!("{}: no reason", at()));
            categories.insert(name.to_owned(), reason.to_owned());
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [peer, category, input, base] = fields[..] else {
            panic!("{}: want peer, category, input, base", at());
        };
        assert!(categories.contains_key(category), "{}: no category {category}", at());
        let json = |s: &str| -> String { serde_json::from_str(s).unwrap_or_else(|e| panic!("{}: {e}", at())) };
        listed.push(Listed {
            peer: peer.to_owned(),
            category: category.to_owned(),
            input: json(input),
            base: (base != "-").then(|| json(base)),
        });
    }
    (categories, listed)
}

/// A field of the listing: the string as JSON (one line, tabs escaped).
pub fn json_field(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}
