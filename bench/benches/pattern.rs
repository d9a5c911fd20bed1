//! The URL pattern workloads of `urikit_bench::pattern` (urikit beside the
//! `urlpattern` crate, and urikit's `PatternSet` over 1,000 routes), each
//! timed over all its routes or URLs; what each found is printed first.
//!
//! `cargo bench --bench pattern` in `bench/`; `./run.sh` there runs it with
//! the rest and writes `BENCHMARKS.md`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use urikit_bench::pattern::{PatternData, PATTERN_WORKS};

fn pattern(c: &mut Criterion) {
    let data = PatternData::load();
    let mut group = c.benchmark_group("pattern");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_millis(2000));
    for work in &PATTERN_WORKS {
        let [found, groups] = (work.run)(&data);
        eprintln!("pattern: {} finds {found} (groups {groups})", work.id);
        group.bench_function(work.id, |b| b.iter(|| (work.run)(&data)));
    }
    group.finish();
}

criterion_group!(benches, pattern);
criterion_main!(benches);
