//! The library workloads of `urikit_bench::LIBS` (urikit and its peers) over
//! every file of `bench/data`, their union, and the subset of the
//! union every workload accepts, in one run.
//!
//! `cargo bench --bench parse` in `bench/`; `./run.sh` there runs it with
//! the rest and writes `BENCHMARKS.md`. Each workload's acceptance count per
//! set is printed before it is timed.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urikit_bench::{data_sets, LIBS};

fn parse(c: &mut Criterion) {
    for set in data_sets() {
        let urls: Vec<&str> = set.urls.iter().map(String::as_str).collect();
        let mut group = c.benchmark_group(format!("parse/{}", set.name));
        group.throughput(Throughput::Bytes(set.bytes()));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_millis(1500));
        for lib in &LIBS {
            eprintln!(
                "parse/{}: {} accepts {} of {}",
                set.name,
                lib.id,
                lib.run(&urls),
                urls.len()
            );
            group.bench_function(lib.id, |b| b.iter(|| lib.run(&urls)));
        }
        group.finish();
    }
}

criterion_group!(benches, parse);
criterion_main!(benches);
