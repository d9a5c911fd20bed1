//! Hostile inputs from published URL-parser attacks and CVEs, and recipes for
//! huge inputs (`testdata/adversarial`), fed to every entry point.
//!
//! Each entry point must return (`Ok` or a clear `Err` whose offset lies in
//! the input) without panicking, and its time must grow linearly with the
//! input: each recipe runs at two sizes eight times apart, and the larger may
//! take at most [`MAX_GROWTH`] times as long (linear is 8, quadratic 64).
//! Under every spec, an access plan connects to the port the input writes,
//! or to the scheme's default when it writes none, or refuses: never to
//! another ([`check_port`]).
//!
//! The sizes are the recipe's count divided by [`SCALE`] and by 8 x `SCALE`
//! (at most about 1.3 MB, the smaller about 20 KB), each timed as the median
//! of [`RUNS`] alternating runs, in this thread's CPU time (so that other
//! processes on the machine do not count): the full counts (up to 20 MB) made this the
//! slowest test by minutes, and a quadratic cost shows at these sizes just as
//! well (`a_quadratic_cost_is_caught` proves it on a toy). The full counts
//! matter to parsers that cap input at 8 MB; urikit's cap is
//! `MAX_INPUT_LEN` (4 GiB). A recipe of at most [`FULL_BELOW`] units
//! (`sharp-s-label-1000`, `-1001`) runs at its own count, as its count is
//! the point.

use std::io::BufReader;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde::Deserialize;
use urikit::pct::{self, EncodeSet};
use urikit::scheme::Step;
use urikit::text::{find_urls, read_urls, Found, Wrapper};
use urikit::{validate, SchemeErrorKind, Spec, Url, UrlRef};

mod prose;

use prose::{is_bare, kind, run_ends, Kind, PROSE};

/// The largest full/eighth time ratio accepted: 8 is linear, 64 quadratic;
/// the margin absorbs allocator and cache effects on a busy machine.
const MAX_GROWTH: f64 = 24.0;

fn adversarial_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/adversarial")
}

fn read<T: for<'de> Deserialize<'de>>(name: &str) -> T {
    let path = adversarial_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[derive(Deserialize)]
struct Hostile {
    input: String,
    category: String,
    /// The WHATWG `URL.host` a browser gives (`"ERR"`: a failure; `null`:
    /// no host); absent where none was recorded.
    #[serde(default, deserialize_with = "present")]
    whatwg_host: Option<Option<String>>,
}

/// A key that is present, `null` or not, is `Some`.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// Every spec, the WHATWG URL Standard included.
fn every_spec() -> impl Iterator<Item = Spec> {
    Spec::ALL.into_iter()
}

#[derive(Deserialize)]
struct Recipe {
    name: String,
    prefix: String,
    repeat_unit: String,
    count: usize,
    suffix: String,
}

impl Recipe {
    fn build(&self, count: usize) -> String {
        let mut s = String::with_capacity(self.prefix.len() + self.repeat_unit.len() * count + self.suffix.len());
        s.push_str(&self.prefix);
        for _ in 0..count {
            s.push_str(&self.repeat_unit);
        }
        s.push_str(&self.suffix);
        s
    }
}

/// The port a client of `url` may connect to, read from the digits as
/// written (not from the library's own reading of them): their value, or
/// the scheme's default when there are none; `None` when no 16-bit number
/// holds them, and every plan must refuse.
fn allowed_port(url: &Url) -> Option<Option<u16>> {
    let default = urikit::ports::default_port(url.scheme(), url.spec());
    match url.port_str() {
        None | Some("") => Some(default),
        Some(digits) => {
            let significant = digits.trim_start_matches('0');
            if significant.len() > 5 {
                return None;
            }
            let value: u32 = significant.parse().unwrap_or(0);
            u16::try_from(value).ok().map(Some)
        }
    }
}

/// A plan connects only to the port `url` allows ([`allowed_port`]), or,
/// when the URL gives none and its spec defines no default, to the port
/// registered for the scheme, saying so (https by RFC 1738: 443, RFC 9110);
/// one over 65535 is refused as such, at its first digit (unless an escape
/// the plan would send is refused first); `port_or_default` agrees.
fn check_port(url: &Url) {
    let allowed = allowed_port(url);
    match allowed {
        Some(port) => assert_eq!(url.port_or_default(), Ok(port), "{url:?}"),
        None => assert_eq!(
            url.port_or_default().map_err(|e| e.kind),
            Err(SchemeErrorKind::PortOutOfRange),
            "{url:?}"
        ),
    }
    let Ok(view) = url.view() else { return };
    match view.plan() {
        Ok(plan) => {
            for step in &plan.steps {
                if let Step::Connect { port, registered, .. } = step {
                    let registered_port = || urikit::ports::known(url.scheme(), url.spec()).map(|d| d.port);
                    let want = allowed.map(|p| p.or_else(registered_port));
                    assert_eq!(want, Some(Some(*port)), "{url:?} by {}: {plan}", url.spec());
                    assert_eq!(
                        registered.is_some(),
                        allowed == Some(None),
                        "{url:?} by {}: {plan}",
                        url.spec()
                    );
                }
            }
        }
        Err(e) if e.kind == SchemeErrorKind::PortOutOfRange => {
            assert_eq!(allowed, None, "{url:?}: {e}");
            let digits = url.port_str().unwrap_or_default();
            assert_eq!(&url.as_str()[e.offset..e.offset + digits.len()], digits, "{url:?}: {e}");
        }
        Err(e) => assert!(
            matches!(e.kind, SchemeErrorKind::Smuggling { .. } | SchemeErrorKind::RemoteFile),
            "{url:?}: {e}"
        ),
    }
}

/// Every public entry point, once, on `input`, checking what each promises.
fn exercise(input: &str) {
    let len = input.len();
    for spec in every_spec() {
        match UrlRef::parse_with(input, spec) {
            Ok(url) => {
                let owned = url.to_url();
                owned.check_invariants();
                let canonical = owned.canonical();
                canonical.check_invariants();
                assert_eq!(canonical.canonical(), canonical, "canonical form not idempotent");
                assert!(owned.equivalent(&canonical));
                if let Ok(view) = owned.view() {
                    let _ = view.fields();
                    if let Ok(plan) = view.plan() {
                        let _ = plan.to_string();
                    }
                }
                check_port(&owned);
                check_port(&canonical);
                for reference in ["../g", "//g", "g?x#y", ""] {
                    if let Ok(r) = owned.resolve_with(reference, spec) {
                        r.check_invariants();
                    }
                }
            }
            Err(e) => assert!(e.offset <= len, "offset {} past the end", e.offset),
        }
        let errors = validate(input, spec);
        assert!(errors.iter().all(|e| e.offset <= len));
        assert_eq!(errors.is_empty(), Url::parse_with(input, spec).is_ok());
        match Url::parse_lenient_with(input, spec) {
            Ok((url, warnings)) => {
                url.check_invariants();
                assert!(warnings.iter().all(|w| w.offset <= len));
            }
            Err(e) => assert!(e.offset <= len),
        }
        let base = Url::parse("http://a/b/c/d").unwrap();
        if let Ok(r) = base.resolve_with(input, spec) {
            r.check_invariants();
        }
        let findings = urikit::lint::lint(input, spec);
        for finding in &findings {
            assert!(finding.offset.is_none_or(|o| o <= len), "{finding}");
        }
        if let Ok(url) = Url::parse_with(input, spec) {
            let out_of_range = allowed_port(&url).is_none();
            assert_eq!(
                findings.iter().any(|f| f.code == "port-out-of-range"),
                out_of_range,
                "{input:?} by {spec}: {findings:?}"
            );
        }
    }
    if let Err(e) = pct::decode(input) {
        assert_eq!(input.as_bytes()[e.offset], b'%');
    }
    for set in [EncodeSet::UNSAFE, EncodeSet::SEARCH] {
        let encoded = pct::encode(input, &set);
        assert!(encoded.is_ascii());
        let _ = pct::raise(input, &set);
    }
    let _ = pct::lower(input, &urikit::ascii::rfc1738::UNRESERVED);
}

#[test]
fn hostile_inputs() {
    let inputs: Vec<Hostile> = read("inputs.json");
    assert_eq!(inputs.len(), 153, "the data set changed");
    let mut by_category = std::collections::BTreeMap::<&str, (usize, [usize; 5])>::new();
    for h in &inputs {
        exercise(&h.input);
        let entry = by_category.entry(&h.category).or_default();
        entry.0 += 1;
        for (i, spec) in every_spec().enumerate() {
            entry.1[i] += usize::from(UrlRef::parse_with(&h.input, spec).is_ok());
        }
    }
    println!("adversarial inputs: {} survived every entry point", inputs.len());
    let names: Vec<&str> = every_spec().map(|s| s.name()).collect();
    println!("  {:<20} {:>6}  valid by {}", "category", "inputs", names.join(", "));
    for (category, (total, valid)) in by_category {
        println!("  {category:<20} {total:>6}  {valid:?}");
    }
}

/// The `port` inputs, by every spec: the ports over 65535 that RFC 1808 and
/// RFC 3986 accept are refused by every plan, and none of the others is
/// planned to a port it does not write.
#[test]
fn port_inputs_are_planned_to_the_written_port_or_refused() {
    let inputs: Vec<Hostile> = read("inputs.json");
    let ports: Vec<&str> = inputs
        .iter()
        .filter(|h| h.category == "port")
        .map(|h| h.input.as_str())
        .collect();
    assert_eq!(ports.len(), 16, "the data set changed");
    let mut refused = [0; 5];
    for (i, spec) in every_spec().enumerate() {
        for input in &ports {
            let Ok(url) = Url::parse_with(input, spec) else {
                continue;
            };
            check_port(&url);
            check_port(&url.canonical());
            if allowed_port(&url).is_none() {
                let e = url.view().and_then(|v| v.plan()).unwrap_err();
                assert_eq!(e.kind, SchemeErrorKind::PortOutOfRange, "{input} by {spec}");
                refused[i] += 1;
            }
        }
    }
    let names: Vec<&str> = every_spec().map(|s| s.name()).collect();
    println!("ports over 65535 refused by {names:?}: {refused:?}");
    // The 1994 grammars and the URL Standard refuse the nine; RFC 3986
    // accepts them all and RFC 1808 all but the one after an IPv6 literal,
    // and every plan refuses them.
    assert_eq!(refused, [0, 0, 8, 9, 0]);
}

/// Inputs whose recorded `whatwg_host` is not the July 2026 edition's
/// answer, and why.
const WHATWG_HOST_DIFFERS: [(&str, &str); 2] = [
    (
        "http://xn--example-.org/",
        "the 2026 domain parser lower-cases an ASCII domain whatever strict ToASCII says of it (only a domain-to-ASCII validation error); the recorded ERR is the earlier editions' (rust-url 2.5.8, ada 3.4.6)",
    ),
    (
        "http://example.org.xn--/",
        "an empty ACE label in an ASCII domain: the 2026 domain parser lower-cases the domain (a domain-to-ASCII validation error only); the recorded ERR is the earlier editions'",
    ),
];

/// The `URL.host` of each input that records one, by the WHATWG parser as
/// browsers run it.
#[test]
fn whatwg_hosts() {
    let inputs: Vec<Hostile> = read("inputs.json");
    let mut checked = 0;
    let mut differ = Vec::new();
    for h in &inputs {
        let Some(want) = &h.whatwg_host else { continue };
        checked += 1;
        let got = match Url::parse_lenient_with(&h.input, Spec::Whatwg) {
            Ok((url, _)) => url.host().map(|_| url.api().unwrap().host().to_owned()),
            Err(_) => Some("ERR".to_owned()),
        };
        let known = WHATWG_HOST_DIFFERS.iter().find(|(input, _)| *input == h.input);
        match (got == *want, known) {
            (true, None) => {}
            (true, Some(_)) => differ.push(format!("{:?}: agrees now, remove it from WHATWG_HOST_DIFFERS", h.input)),
            (false, Some((_, reason))) => println!("  {:?}: {got:?}, recorded {want:?}: {reason}", h.input),
            (false, None) => differ.push(format!("{:?}: got {got:?}, want {want:?}", h.input)),
        }
    }
    println!(
        "whatwg_host: {checked} inputs checked, {} known to differ",
        WHATWG_HOST_DIFFERS.len()
    );
    assert_eq!(checked, 117, "the data set changed");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Every URL found in `text` is a whole run of it, or is reported as going
/// on past US-ASCII (and then, taken whole, is one); the URL written for
/// it is judged by every spec. The WHATWG parser, which takes characters
/// outside US-ASCII, gives for a URL taken whole what it gives for its
/// RFC 3987 mapping. Returns how many were found and cut.
fn extract(text: &str) -> (usize, usize) {
    let found: Vec<Found> = find_urls(text).collect();
    // Read one byte at a time, every character is cut by a window's end.
    let read: Vec<Found> = read_urls(BufReader::with_capacity(1, text.as_bytes()))
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(read == found, "{text:?}: read_urls {read:#?}\nfind_urls {found:#?}");
    let mut cuts = 0;
    for f in &found {
        let (start, end) = (f.range.start as usize, f.range.end as usize);
        let written = match (f.wrapper, &f.cut) {
            (Wrapper::Bare, None) => {
                assert_eq!(f.url, &text[start..end]);
                assert!(run_ends(text, end), "{text:?}: {} is cut short without a word", f.url);
                f.url.clone()
            }
            (Wrapper::Bare, Some(cut)) => {
                cuts += 1;
                let (offset, whole_end) = (cut.offset as usize, cut.range.end as usize);
                assert_eq!(f.url, &text[start..end]);
                assert!(text[start..offset].chars().all(is_bare), "{text:?}: cut at {offset}");
                assert_eq!(text[offset..].chars().next(), Some(cut.char));
                assert_ne!(kind(cut.char), Kind::Ends, "{text:?}: cut at {:?}", cut.char);
                assert_eq!(cut.whole, &text[start..whole_end]);
                assert!(run_ends(text, whole_end), "{text:?}: {} is cut short", cut.whole);
                let uri = pct::encode_non_ascii(&cut.whole).into_owned();
                let href = |s: &str| Url::parse_lenient_with(s, Spec::Whatwg).map(|(url, _)| url.as_str().to_owned());
                match (href(&cut.whole), href(&uri)) {
                    (Ok(iri), Ok(uri)) => assert_eq!(iri, uri, "{text:?}: {}", cut.whole),
                    (Err(_), Err(_)) => {}
                    (iri, uri) => panic!("{text:?}: {} gives {iri:?}, mapped {uri:?}", cut.whole),
                }
                uri
            }
            (_, cut) => {
                assert_eq!(cut, &None, "{text:?}: a wrapped URL is cut");
                f.url.clone()
            }
        };
        for spec in every_spec() {
            if let Err(e) = UrlRef::parse_with(&written, spec) {
                assert!(e.offset <= written.len());
            }
            match Url::parse_lenient_with(&written, spec) {
                Ok((url, _)) => url.check_invariants(),
                Err(e) => assert!(e.offset <= written.len()),
            }
        }
    }
    (found.len(), cuts)
}

#[test]
fn hostile_inputs_in_prose() {
    let inputs: Vec<Hostile> = read("inputs.json");
    let (mut found, mut cut) = (0, 0);
    for h in &inputs {
        for prose in PROSE {
            let (f, c) = extract(&prose.replace("{}", &h.input));
            found += f;
            cut += c;
        }
    }
    println!(
        "{} inputs in {} kinds of prose: {found} URLs found, {cut} going on past US-ASCII",
        inputs.len(),
        PROSE.len()
    );
    // Every URL before "ï" or "。x" goes on past US-ASCII: the property is
    // not met by finding nothing.
    assert!(cut > 300 && found > 2000, "{found} found, {cut} cut");
}

/// The larger size of a recipe is its count divided by this.
const SCALE: usize = 16;

/// A recipe of at most this many units runs at its own count and an eighth.
const FULL_BELOW: usize = 10_000;

/// Runs per size; the median counts.
const RUNS: usize = 3;

/// Below this, timer and scheduler noise dominate a time: a smaller one
/// counts as this much in a ratio.
const FLOOR: Duration = Duration::from_micros(250);

/// The time this thread has spent on a CPU (`CLOCK_THREAD_CPUTIME_ID`):
/// unlike the wall clock, it does not grow while other processes have the
/// machine. `None` where there is no such clock; the wall clock serves then.
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Some(Duration::new(
        u64::try_from(t.tv_sec).ok()?,
        u32::try_from(t.tv_nsec).ok()?,
    ))
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

/// One growth measurement: the input's bytes, the two median times and
/// their ratio.
struct Growth {
    bytes: usize,
    small: Duration,
    large: Duration,
    ratio: f64,
}

impl Growth {
    /// One row of the table [`worst_growth`] heads.
    fn print(&self, name: &str) {
        println!(
            "{:<28} {:>10} {:>10.2} {:>10.2} {:>6.1}",
            name,
            self.bytes,
            self.small.as_secs_f64() * 1e3,
            self.large.as_secs_f64() * 1e3,
            self.ratio
        );
    }
}

/// Times `f` on `r` built at `count / 8` and at `count`, alternating, and
/// returns the growth between the medians.
fn growth(f: &dyn Fn(&str), r: &Recipe, count: usize) -> Growth {
    let small = r.build(count / 8);
    let large = r.build(count);
    let time = |input: &str| {
        let (cpu, wall) = (thread_cpu_time(), Instant::now());
        f(input);
        match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed(),
        }
    };
    let (mut ts, mut tl) = (Vec::with_capacity(RUNS), Vec::with_capacity(RUNS));
    for _ in 0..RUNS {
        ts.push(time(&small));
        tl.push(time(&large));
    }
    ts.sort();
    tl.sort();
    let (small_t, large_t) = (ts[RUNS / 2], tl[RUNS / 2]);
    Growth {
        bytes: large.len(),
        small: small_t,
        large: large_t,
        ratio: large_t.as_secs_f64() / small_t.max(FLOOR).as_secs_f64(),
    }
}

/// The worst growth of `f` over `recipes`, printed recipe by recipe.
fn worst_growth(f: &dyn Fn(&str), recipes: &[Recipe]) -> (f64, String) {
    let mut worst = (0.0, String::new());
    println!(
        "{:<28} {:>10} {:>10} {:>10} {:>6}",
        "recipe", "bytes", "1/8 (ms)", "size (ms)", "ratio"
    );
    for r in recipes {
        let count = if r.count <= FULL_BELOW {
            r.count
        } else {
            r.count / SCALE
        };
        let g = growth(f, r, count);
        g.print(&r.name);
        if g.ratio > worst.0 {
            worst = (g.ratio, r.name.clone());
        }
    }
    println!("worst growth: {:.1}x ({})", worst.0, worst.1);
    worst
}

#[test]
fn huge_inputs_take_linear_time() {
    let recipes: Vec<Recipe> = read("generated.json");
    assert_eq!(recipes.len(), 35, "the data set changed");
    let worst = worst_growth(&exercise, &recipes);
    assert!(
        worst.0 <= MAX_GROWTH,
        "{} grows {:.1}x for 8x the input",
        worst.1,
        worst.0
    );
}

/// Every entry point, then a cost quadratic in the number of `/` (for each
/// eighth, the `/` before it counted from the start), no larger than the rest at
/// the smaller size: as a naive dot-segment removal would add.
fn exercise_with_a_quadratic_cost(input: &str) {
    exercise(input);
    let b = input.as_bytes();
    let mut total = 0usize;
    for (i, _) in b.iter().enumerate().filter(|&(_, &c)| c == b'/').step_by(8) {
        total += b[..i].iter().filter(|&&c| c == b'/').count();
    }
    std::hint::black_box(total);
}

/// The detection above is no formality: the same measurement fails an
/// entry point with a quadratic cost in it.
#[test]
fn a_quadratic_cost_is_caught() {
    let recipes: Vec<Recipe> = read("generated.json");
    let dots: Vec<Recipe> = recipes.into_iter().filter(|r| r.name == "dot-dot-segments").collect();
    assert_eq!(dots.len(), 1);
    let (linear, _) = worst_growth(&exercise, &dots);
    let (quadratic, _) = worst_growth(&exercise_with_a_quadratic_cost, &dots);
    assert!(linear <= MAX_GROWTH, "the linear run grows {linear:.1}x");
    assert!(quadratic > MAX_GROWTH, "a quadratic cost grows only {quadratic:.1}x");
}

/// The WHATWG entry points on one input: the parser as browsers run it,
/// every validation error, the strict and the borrowing parsers, and the
/// parser with a base.
fn exercise_whatwg(input: &str) {
    let _ = Url::parse_lenient_with(input, Spec::Whatwg);
    let _ = validate(input, Spec::Whatwg);
    let _ = Url::parse_with(input, Spec::Whatwg);
    let _ = UrlRef::parse_with(input, Spec::Whatwg);
    if let Ok(base) = Url::parse_with("http://example.com/a/b", Spec::Whatwg) {
        let _ = base.resolve_with(input, Spec::Whatwg);
    }
}

/// Hosts made to hurt IDNA (UTS #46 and Punycode, whose naive decoding is
/// quadratic), at full size: a 1 MB `xn--` label of letters, of Punycode
/// digits, and beside non-ASCII (so that UTS #46 decodes it), 100,000
/// labels (ASCII and not), 100,000 dots (ASCII and ideographic), and
/// 100,000 code points that UTS #46 maps (fullwidth letters) or ignores
/// (soft hyphens). Each grows as its input does (8x for 8x).
#[test]
fn idna_hostile_hosts_take_linear_time() {
    let recipe = |name: &str, prefix: &str, unit: &str, count: usize, suffix: &str| Recipe {
        name: name.to_owned(),
        prefix: prefix.to_owned(),
        repeat_unit: unit.to_owned(),
        count,
        suffix: suffix.to_owned(),
    };
    let recipes = [
        recipe("xn-- label, 1 MB", "http://xn--", "a", 1_000_000, "/"),
        recipe("xn-- label and non-ASCII", "http://xn--", "a", 1_000_000, "\u{e9}/"),
        recipe("xn-- label of digits, 1 MB", "http://xn--", "99999", 200_000, "/"),
        recipe("100,000 labels", "http://", "a.", 100_000, "x/"),
        recipe("100,000 non-ASCII labels", "http://", "\u{e9}.", 100_000, "x/"),
        recipe("100,000 dots", "http://a", ".", 100_000, "b/"),
        recipe("100,000 ideographic dots", "http://a", "\u{3002}", 100_000, "b/"),
        recipe("100,000 mapped (fullwidth)", "http://", "\u{ff21}", 100_000, "/"),
        recipe("100,000 ignored (soft hyphen)", "http://a", "\u{ad}", 100_000, "b/"),
    ];
    let mut worst = (0.0, "");
    for r in &recipes {
        let g = growth(&exercise_whatwg, r, r.count);
        g.print(&r.name);
        if g.ratio > worst.0 {
            worst = (g.ratio, &r.name);
        }
    }
    assert!(
        worst.0 <= MAX_GROWTH,
        "{} grows {:.1}x for 8x the input",
        worst.1,
        worst.0
    );
}
