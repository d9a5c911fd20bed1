//! Runs one parser over the union of the benchmark data many times, for a
//! profiler: `profile urikit-validate 50 [union|kasztp|...]`.

use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "urikit-validate".to_owned());
    let rounds: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(50);
    let set_name = args.next().unwrap_or_else(|| "union".to_owned());
    let sets = urikit_bench::data_sets();
    let union = &sets
        .iter()
        .find(|s| s.name == set_name)
        .expect("a data set of that name")
        .urls;
    let mut n = 0;
    for _ in 0..rounds {
        n += match which.as_str() {
            "urikit-validate" => union
                .iter()
                .filter(|u| urikit::UrlRef::parse(black_box(u)).is_ok())
                .count(),
            "urikit-owned" => union
                .iter()
                .filter(|u| urikit::Url::parse(black_box(u)).is_ok())
                .count(),
            "fluent-uri" => union
                .iter()
                .filter(|u| fluent_uri::Uri::parse(black_box(u.as_str())).is_ok())
                .count(),
            other => panic!("unknown parser {other}"),
        };
    }
    println!("{which}: {} valid of {} per round", n / rounds, union.len());
}
