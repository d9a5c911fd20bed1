//! urikit beside url (rust-url), ada-url and fluent-uri, over every file of
//! `../shared/bench-data` and their union, in one run.
//!
//! `cargo bench --bench parse` in `bench/`; then `cargo run --release --bin
//! report` turns criterion's estimates into the table of `BENCHMARKS.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urikit_bench::data_sets;

fn parse(c: &mut Criterion) {
    for set in data_sets() {
        let urls: Vec<&str> = set.urls.iter().map(String::as_str).collect();
        let mut group = c.benchmark_group(format!("parse/{}", set.name));
        group.throughput(Throughput::Bytes(set.bytes()));
        group.sample_size(20);

        group.bench_function("urikit-validate", |b| {
            b.iter(|| {
                urls.iter()
                    .filter(|u| urikit::UrlRef::parse(black_box(u)).is_ok())
                    .count()
            })
        });
        group.bench_function("urikit-owned", |b| {
            b.iter(|| {
                urls.iter()
                    .filter_map(|u| urikit::Url::parse(black_box(u)).ok())
                    .map(|u| u.as_str().len())
                    .sum::<usize>()
            })
        });
        group.bench_function("urikit-rfc3986", |b| {
            b.iter(|| {
                urls.iter()
                    .filter(|u| urikit::UrlRef::parse_with(black_box(u), urikit::Spec::Rfc3986).is_ok())
                    .count()
            })
        });
        group.bench_function("fluent-uri", |b| {
            b.iter(|| {
                urls.iter()
                    .filter(|u| fluent_uri::Uri::parse(black_box(**u)).is_ok())
                    .count()
            })
        });
        group.bench_function("url", |b| {
            b.iter(|| {
                urls.iter()
                    .filter_map(|u| url::Url::parse(black_box(u)).ok())
                    .map(|u| u.as_str().len())
                    .sum::<usize>()
            })
        });
        group.bench_function("ada-url", |b| {
            b.iter(|| {
                urls.iter()
                    .filter_map(|u| ada_url::Url::parse(black_box(*u), None).ok())
                    .map(|u| u.href().len())
                    .sum::<usize>()
            })
        });
        group.bench_function("ada-url-can-parse", |b| {
            b.iter(|| {
                urls.iter()
                    .filter(|u| ada_url::Url::can_parse(black_box(u), None))
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, parse);
criterion_main!(benches);
