//! Time against input length: inputs of 1 KB to 64 MB made of dot segments,
//! `%` escapes, `/` runs and `@` runs, through every entry point that reads
//! a whole URL. Linear time shows as a constant time per byte
//! (criterion's throughput) across the sizes.
//!
//! `cargo bench --bench limits`; `URIKIT_LIMITS_MAX=4194304` caps the size.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use urikit::{Spec, Url, UrlRef};

/// (family, prefix, repeated unit, suffix)
const FAMILIES: [(&str, &str, &str, &str); 4] = [
    ("dot-segments", "http://h/", "../", "x"),
    ("escapes", "http://h/", "%41", ""),
    ("slash-runs", "magic://h/", "/", "x"),
    ("at-runs", "ftp://", "@", "h/"),
];

fn sizes() -> Vec<usize> {
    let max: usize = std::env::var("URIKIT_LIMITS_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64 << 20);
    [1 << 10, 1 << 14, 1 << 18, 1 << 22, 1 << 26]
        .into_iter()
        .filter(|&n| n <= max)
        .collect()
}

fn build(prefix: &str, unit: &str, suffix: &str, bytes: usize) -> String {
    let n = bytes.saturating_sub(prefix.len() + suffix.len()) / unit.len();
    format!("{prefix}{}{suffix}", unit.repeat(n))
}

fn limits(c: &mut Criterion) {
    for (family, prefix, unit, suffix) in FAMILIES {
        let mut group = c.benchmark_group(format!("limits/{family}"));
        group.sample_size(10);
        for bytes in sizes() {
            let input = build(prefix, unit, suffix, bytes);
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(BenchmarkId::new("validate", bytes), &input, |b, s| {
                b.iter(|| urikit::validate(black_box(s), Spec::Rfc1738).len())
            });
            group.bench_with_input(BenchmarkId::new("parse", bytes), &input, |b, s| {
                b.iter(|| UrlRef::parse(black_box(s)).is_ok())
            });
            group.bench_with_input(BenchmarkId::new("lenient", bytes), &input, |b, s| {
                b.iter(|| Url::parse_lenient(black_box(s)).map(|(u, w)| u.as_str().len() + w.len()))
            });
            group.bench_with_input(BenchmarkId::new("resolve", bytes), &input, |b, s| {
                let base = Url::parse("http://h/a/b/c").unwrap();
                let reference = &s[prefix.len()..];
                b.iter(|| {
                    base.resolve_with(black_box(reference), Spec::Rfc1738)
                        .map(|u| u.as_str().len())
                })
            });
            if let Ok(url) = Url::parse_lenient(&input).map(|(u, _)| u) {
                group.bench_with_input(BenchmarkId::new("canonical", bytes), &url, |b, u| {
                    b.iter(|| black_box(u).canonical().as_str().len())
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, limits);
criterion_main!(benches);
