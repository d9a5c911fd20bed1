//! The URL pattern benchmarks: `urikit::pattern` beside the `urlpattern`
//! crate (the Rust implementation of the URLPattern Standard that Deno
//! uses), on the same route tables and URLs.
//!
//! The route tables (`bench/patterns/routes-20.txt` and `routes-1000.txt`)
//! are written by [`routes`], deterministically, in the styles of a web
//! application's router: versioned API resources, static folders, host
//! patterns, custom regexp groups, optional suffixes, a few routes that
//! start with a parameter. `cargo run --release --bin routes` writes them
//! again; [`read_routes`] refuses a file that differs from what [`routes`]
//! gives. The URLs are every [`URL_SAMPLE_EVERY`]th URL of `bench/data`
//! (most match no route) and, for each route of the large table, a URL it
//! matches.
//!
//! Each side takes strings, as a router does: `urikit`'s
//! `UrlPattern::test(&str, None)`, the crate's `url::Url::parse` then
//! `UrlPattern::test(UrlPatternMatchInput::Url(url))` (its one way to take a
//! string outside a browser).

use std::hint::black_box;
use std::path::PathBuf;

use urikit::pattern::{PatternSet, UrlPattern};
use urlpattern::{UrlPatternInit, UrlPatternMatchInput, UrlPatternOptions};

/// The crate's pattern, with the regex engine it ships with.
type CratePattern = urlpattern::UrlPattern<regex::Regex>;

/// The sizes of the two route tables.
pub const SMALL: usize = 20;
/// See [`SMALL`].
pub const LARGE: usize = 1000;

/// The URLs of `bench/data` taken: every this-many-th.
pub const URL_SAMPLE_EVERY: usize = 16;

const RESOURCES: [&str; 40] = [
    "users", "orders", "products", "invoices", "carts", "reviews", "payments", "accounts", "teams", "projects",
    "issues", "comments", "files", "images", "videos", "events", "tickets", "messages", "groups", "roles", "tokens",
    "sessions", "devices", "reports", "alerts", "metrics", "logs", "jobs", "builds", "releases", "tags", "branches",
    "commits", "pulls", "wikis", "pages", "posts", "feeds", "plans", "coupons",
];

/// The first `n` routes of the generated router, each with a URL it
/// matches: ten styles in turn.
pub fn routes(n: usize) -> Vec<(String, String)> {
    (0..n)
        .map(|i| {
            let k = i / 10;
            let r = RESOURCES[k % RESOURCES.len()];
            let v = k / RESOURCES.len() % 3 + 1;
            let sub = RESOURCES[(k + 7) % RESOURCES.len()];
            let h = "https://example.com";
            match i % 10 {
                0 => (format!("{h}/api/v{v}/{r}/:id"), format!("{h}/api/v{v}/{r}/42")),
                1 => (format!("{h}/api/v{v}/{r}"), format!("{h}/api/v{v}/{r}?page=2")),
                2 => (
                    format!("{h}/api/v{v}/{r}/:id/{sub}"),
                    format!("{h}/api/v{v}/{r}/7/{sub}"),
                ),
                3 => (
                    format!("{h}/static/{r}{k}/*"),
                    format!("{h}/static/{r}{k}/css/site.css"),
                ),
                4 => (format!("{h}/{r}/v{k}/:id(\\d+)"), format!("{h}/{r}/v{k}/1234")),
                5 => (
                    format!("https://{r}{k}.example.com/*"),
                    format!("https://{r}{k}.example.com/home"),
                ),
                6 => (
                    format!("https://*.{r}{k}.example.net/*"),
                    format!("https://cdn.{r}{k}.example.net/app.js"),
                ),
                7 => (
                    format!("{h}/docs/{r}{k}/:slug{{.html}}?"),
                    format!("{h}/docs/{r}{k}/intro.html"),
                ),
                8 => (
                    format!("{h}/blog/{r}{k}/:year/:month/:slug"),
                    format!("{h}/blog/{r}{k}/2024/05/hello"),
                ),
                _ if k % 10 == 0 => (format!("{h}/:lang/{r}{k}/:slug"), format!("{h}/en/{r}{k}/start")),
                _ => (
                    format!("{h}/shop/{r}{k}/:category/:item?"),
                    format!("{h}/shop/{r}{k}/books/42"),
                ),
            }
        })
        .collect()
}

/// The file of the table of `n` routes.
pub fn routes_file(n: usize) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("patterns/routes-{n}.txt"))
}

/// The table of `n` routes, as its file holds it.
///
/// # Panics
///
/// When the file cannot be read or differs from [`routes`].
pub fn read_routes(n: usize) -> Vec<String> {
    let path = routes_file(n);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let made: Vec<String> = routes(n).into_iter().map(|(r, _)| r).collect();
    assert!(
        lines == made,
        "{} is not what `cargo run --bin routes` writes",
        path.display()
    );
    lines
}

/// Everything the pattern workloads run on, built once.
pub struct PatternData {
    /// The routes of the small table, then of the large one.
    pub small: Vec<String>,
    pub large: Vec<String>,
    /// The URLs: the sample of `bench/data`, then one hit per large route.
    pub urls: Vec<String>,
    /// How many of `urls` come from `bench/data`.
    pub data_urls: usize,
    urikit_small: Vec<UrlPattern>,
    crate_small: Vec<CratePattern>,
    set_large: PatternSet,
}

impl PatternData {
    /// Reads the tables and the URLs, and builds the small table on both
    /// sides and the large one as a [`PatternSet`].
    pub fn load() -> PatternData {
        let small = read_routes(SMALL);
        let large = read_routes(LARGE);
        let mut urls = Vec::new();
        for set in crate::data_files() {
            urls.extend(set.urls.into_iter().step_by(URL_SAMPLE_EVERY));
        }
        let data_urls = urls.len();
        urls.extend(routes(LARGE).into_iter().map(|(_, hit)| hit));
        PatternData {
            urikit_small: small.iter().map(|r| urikit_build(r)).collect(),
            crate_small: small.iter().map(|r| crate_build(r)).collect(),
            set_large: large.iter().map(|r| urikit_build(r)).collect(),
            small,
            large,
            urls,
            data_urls,
        }
    }
}

fn urikit_build(route: &str) -> UrlPattern {
    UrlPattern::parse(route, None).unwrap_or_else(|e| panic!("urikit refuses {route}: {e}"))
}

fn crate_build(route: &str) -> CratePattern {
    crate_try_build(route).unwrap_or_else(|| panic!("urlpattern refuses {route}"))
}

fn crate_try_build(route: &str) -> Option<CratePattern> {
    let init = UrlPatternInit::parse_constructor_string::<regex::Regex>(route, None).ok()?;
    CratePattern::parse(init, UrlPatternOptions::default()).ok()
}

/// The crate's `test` on a string: the URL parsed by `url`, then matched.
fn crate_test(p: &CratePattern, s: &str) -> bool {
    url::Url::parse(s).is_ok_and(|u| p.test(UrlPatternMatchInput::Url(u)).unwrap_or(false))
}

/// The crate's `exec` on a string: how many groups matched something, when
/// it matched.
fn crate_exec(p: &CratePattern, s: &str) -> Option<u64> {
    let u = url::Url::parse(s).ok()?;
    let m = p.exec(UrlPatternMatchInput::Url(u)).ok()??;
    let parts = [
        &m.protocol,
        &m.username,
        &m.password,
        &m.hostname,
        &m.port,
        &m.pathname,
        &m.search,
        &m.hash,
    ];
    Some(
        parts
            .iter()
            .map(|c| c.groups.values().filter(|g| g.is_some()).count() as u64)
            .sum(),
    )
}

/// How many groups of an urikit match matched something.
fn urikit_groups(m: &urikit::pattern::PatternMatch) -> u64 {
    let parts = [
        &m.protocol,
        &m.username,
        &m.password,
        &m.hostname,
        &m.port,
        &m.pathname,
        &m.search,
        &m.hash,
    ];
    parts
        .iter()
        .map(|c| c.groups.iter().filter(|(_, g)| g.is_some()).count() as u64)
        .sum()
}

/// The passes of the set workload over the URLs: a set lookup takes about
/// five times what one pattern's `exec` takes, and the pass of that takes
/// twenty calls per URL; five passes make the two sides' rounds about as
/// long, so that neither side is the short one a shared machine's pauses
/// weigh on most.
pub const SET_PASSES: u32 = 5;

/// One pattern workload: what it does, and how many calls it makes per
/// URL (or per route, for a build), for the time per call.
pub struct PatternWork {
    pub id: &'static str,
    pub what: &'static str,
    /// Calls per unit: 1 for a build of one route, [`SET_PASSES`] for the
    /// set's lookups of a URL, [`SMALL`] for a URL matched by each route of
    /// the small table.
    pub calls_per_unit: u32,
    /// Whether its unit is a route (a build), not a URL.
    pub per_route: bool,
    /// Runs it once; what it found (in one pass over the URLs): patterns
    /// built or matches, and the groups of the matches (0 for a build or a
    /// test).
    pub run: fn(&PatternData) -> [u64; 2],
}

/// Every pattern workload.
pub const PATTERN_WORKS: [PatternWork; 8] = [
    PatternWork {
        id: "urikit-build",
        what: "urikit: `UrlPattern::parse(route, None)`, each route of the 1,000",
        calls_per_unit: 1,
        per_route: true,
        run: |d| [d.large.iter().map(|r| u64::from(UrlPattern::parse(black_box(r), None).is_ok())).sum(), 0],
    },
    PatternWork {
        id: "urlpattern-build",
        what: "urlpattern: `UrlPatternInit::parse_constructor_string` + `UrlPattern::parse`, each route of the 1,000",
        calls_per_unit: 1,
        per_route: true,
        run: |d| [d.large.iter().map(|r| u64::from(crate_try_build(black_box(r)).is_some())).sum(), 0],
    },
    PatternWork {
        id: "urikit-test",
        what: "urikit: `UrlPattern::test(url, None)`, each URL by each of the 20 routes",
        calls_per_unit: SMALL as u32,
        per_route: false,
        run: |d| {
            let mut n = 0;
            for u in &d.urls {
                for p in &d.urikit_small {
                    n += u64::from(p.test(black_box(u.as_str()), None).unwrap_or(false));
                }
            }
            [n, 0]
        },
    },
    PatternWork {
        id: "urlpattern-test",
        what: "urlpattern: `url::Url::parse(url)` + `UrlPattern::test`, each URL by each of the 20 routes",
        calls_per_unit: SMALL as u32,
        per_route: false,
        run: |d| {
            let mut n = 0;
            for u in &d.urls {
                for p in &d.crate_small {
                    n += u64::from(crate_test(p, black_box(u)));
                }
            }
            [n, 0]
        },
    },
    PatternWork {
        id: "urikit-exec",
        what: "urikit: `UrlPattern::exec(url, None)`, each URL by each of the 20 routes",
        calls_per_unit: SMALL as u32,
        per_route: false,
        run: |d| {
            let mut n = [0, 0];
            for u in &d.urls {
                for p in &d.urikit_small {
                    if let Ok(Some(m)) = p.exec(black_box(u.as_str()), None) {
                        n[0] += 1;
                        n[1] += urikit_groups(&m);
                    }
                }
            }
            n
        },
    },
    PatternWork {
        id: "urlpattern-exec",
        what: "urlpattern: `url::Url::parse(url)` + `UrlPattern::exec`, each URL by each of the 20 routes",
        calls_per_unit: SMALL as u32,
        per_route: false,
        run: |d| {
            let mut n = [0, 0];
            for u in &d.urls {
                for p in &d.crate_small {
                    if let Some(groups) = crate_exec(p, black_box(u)) {
                        n[0] += 1;
                        n[1] += groups;
                    }
                }
            }
            n
        },
    },
    PatternWork {
        id: "urikit-set-first",
        what: "urikit: `PatternSet::first(url, None)` (the first route that matches, with its groups) over the 1,000 routes, each URL in each of 5 passes",
        calls_per_unit: SET_PASSES,
        per_route: false,
        run: |d| {
            let mut n = [0, 0];
            for pass in 0..SET_PASSES {
                for u in &d.urls {
                    if let Ok(Some((_, m))) = d.set_large.first(black_box(u.as_str()), None) {
                        if pass == 0 {
                            n[0] += 1;
                            n[1] += urikit_groups(&m);
                        }
                    }
                }
            }
            n
        },
    },
    PatternWork {
        id: "urikit-set-matches",
        what: "urikit: `PatternSet::matches(url, None)` (every route that matches) over the 1,000 routes",
        calls_per_unit: 1,
        per_route: false,
        run: |d| {
            let found = d.urls.iter().map(|u| d.set_large.matches(black_box(u.as_str()), None).map_or(0, |m| m.len() as u64));
            [found.sum(), 0]
        },
    },
];

/// The workload of id `id`.
pub fn pattern_work(id: &str) -> Option<&'static PatternWork> {
    PATTERN_WORKS.iter().find(|w| w.id == id)
}

/// How many units `work` runs over: routes or URLs.
pub fn units(work: &PatternWork, d: &PatternData) -> usize {
    if work.per_route {
        d.large.len()
    } else {
        d.urls.len()
    }
}

/// What `urikit-set-first` and `urikit-set-matches` must find: the first
/// match of a loop over the large table's patterns, with its groups, and
/// every match.
pub fn loop_counts(d: &PatternData) -> ([u64; 2], u64) {
    let patterns: Vec<UrlPattern> = d.large.iter().map(|r| urikit_build(r)).collect();
    let (mut first, mut all) = ([0, 0], 0);
    for u in &d.urls {
        let mut found = patterns.iter().filter_map(|p| p.exec(u.as_str(), None).ok().flatten());
        if let Some(m) = found.next() {
            first[0] += 1;
            first[1] += urikit_groups(&m);
            all += 1 + found.count() as u64;
        }
    }
    (first, all)
}

/// Writes the URL pattern section of `BENCHMARKS.md`: each workload, what
/// it found, its time and instructions per call. `measure` is what
/// `measure` wrote of the patterns, `mean_ns` criterion's mean time of a
/// workload of the group `pattern`.
pub fn report_section(w: &mut String, measure: &serde_json::Value, mean_ns: &dyn Fn(&str) -> f64) {
    use std::fmt::Write as _;
    let _ = writeln!(
        w,
        "\n## URL patterns: urikit beside the `urlpattern` crate\n\n\
         The route tables are `bench/patterns/routes-{SMALL}.txt` and `routes-{LARGE}.txt` (a router's \
         styles: API resources, static folders, host patterns, regexp groups, optional suffixes); the \
         URLs are every {}th URL of `bench/data` ({} URLs, most of which match no route) and, for each \
         of the {LARGE} routes, a URL it matches: {} URLs. A call is a build of one route, a match of one \
         URL by one route, or a lookup of one URL in the set. `found` counts the patterns built, the \
         matches, or (for `matches`) the routes matched; `groups` the groups that matched something. A \
         loop over the {LARGE} patterns finds {} first matches ({} groups) and {} matches in all, which \
         the set finds too.\n",
        measure["url_sample_every"],
        measure["data_urls"],
        measure["urls"],
        measure["loop"]["first"],
        measure["loop"]["first_groups"],
        measure["loop"]["all"],
    );
    let _ = writeln!(
        w,
        "| workload | found | groups | calls | ns/call | instructions/call |\n|---|---:|---:|---:|---:|---:|"
    );
    for work in &PATTERN_WORKS {
        let m = &measure["works"][work.id];
        let calls = m["calls"].as_f64().unwrap_or(f64::NAN);
        let _ = writeln!(
            w,
            "| {} | {} | {} | {calls:.0} | {:.1} | {:.0} |",
            work.what,
            m["found"],
            m["groups"],
            mean_ns(work.id) / calls,
            m["instructions_per_call"].as_f64().unwrap_or(f64::NAN),
        );
    }
}
