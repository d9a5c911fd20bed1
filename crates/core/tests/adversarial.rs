//! Hostile inputs from published URL-parser attacks and CVEs, and recipes for
//! huge inputs (`../shared/testdata/adversarial`), fed to every entry point.
//!
//! Each entry point must return (`Ok` or a clear `Err` whose offset lies in
//! the input) without panicking, and its time must grow linearly with the
//! input: each recipe runs at count/8 and at count, and the full run may take
//! at most [`MAX_GROWTH`] times as long (linear is 8, quadratic 64).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde::Deserialize;
use urikit::pct::{self, EncodeSet};
use urikit::{validate, Spec, Url, UrlRef};

/// The largest full/eighth time ratio accepted: 8 is linear, 64 quadratic;
/// the margin absorbs allocator and cache effects on a busy machine.
const MAX_GROWTH: f64 = 24.0;

fn adversarial_dir() -> PathBuf {
    std::env::var_os("URIKIT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"))
        .join("testdata/adversarial")
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

/// Every public entry point, once, on `input`, checking what each promises.
fn exercise(input: &str) {
    let len = input.len();
    for spec in Spec::ALL {
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
        assert_eq!(errors.is_empty(), UrlRef::parse_with(input, spec).is_ok());
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
    }
    for finding in urikit::lint::lint(input, Spec::Rfc1738) {
        assert!(finding.offset.is_none_or(|o| o <= len), "{finding}");
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
    assert_eq!(inputs.len(), 128, "the data set changed");
    let mut by_category = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    for h in &inputs {
        exercise(&h.input);
        let valid = UrlRef::parse(&h.input).is_ok();
        let entry = by_category.entry(&h.category).or_default();
        entry.0 += usize::from(valid);
        entry.1 += 1;
    }
    println!("adversarial inputs: {} survived every entry point", inputs.len());
    for (category, (valid, total)) in by_category {
        println!("  {category:<20} {total:>3} inputs, {valid:>3} valid by RFC 1738");
    }
}

fn time(input: &str) -> Duration {
    // The best of a few runs, to see past a busy machine.
    (0..2)
        .map(|_| {
            let start = Instant::now();
            exercise(input);
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn huge_inputs_take_linear_time() {
    let recipes: Vec<Recipe> = read("generated.json");
    assert_eq!(recipes.len(), 35, "the data set changed");
    let mut worst = (0.0, String::new());
    println!(
        "{:<28} {:>10} {:>10} {:>10} {:>6}",
        "recipe", "bytes", "1/8 (ms)", "full (ms)", "ratio"
    );
    for r in &recipes {
        let small = r.build(r.count / 8);
        let full = r.build(r.count);
        let (t_small, t_full) = (time(&small), time(&full));
        // Below a millisecond, timer noise dominates: compare against 1 ms.
        let ratio = t_full.as_secs_f64() / t_small.as_secs_f64().max(1e-3);
        println!(
            "{:<28} {:>10} {:>10.1} {:>10.1} {:>6.1}",
            r.name,
            full.len(),
            t_small.as_secs_f64() * 1e3,
            t_full.as_secs_f64() * 1e3,
            ratio
        );
        if ratio > worst.0 {
            worst = (ratio, r.name.clone());
        }
    }
    println!("worst growth: {:.1}x ({})", worst.0, worst.1);
    assert!(
        worst.0 <= MAX_GROWTH,
        "{} grows {:.1}x for 8x the input",
        worst.1,
        worst.0
    );
}
