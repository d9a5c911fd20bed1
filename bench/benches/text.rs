//! URLs in plain text: `urikit::text::find_urls` beside the `linkify`
//! crate's `LinkFinder`, in one run, over the seed texts (the RFC 1630
//! draft, RFC 1738, draft-03) repeated to about 4 MB.
//!
//! `cargo bench --bench text` in `bench/`; criterion reports MB/s
//! (throughput in bytes). The seeds are read from `$URIKIT_SEEDS`, or
//! the repository's `testdata/seeds`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urikit_bench::{seed_text, TEXT_LIBS};

/// About how large the benchmark's text is.
pub const SIZE: usize = 4 << 20;

fn text_benches(c: &mut Criterion) {
    let block = seed_text();
    let text = block.repeat(SIZE.div_ceil(block.len()));
    let mut group = c.benchmark_group("text/seeds");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for (id, _, run) in TEXT_LIBS {
        eprintln!("text/seeds: {id} finds {} in {} bytes", run(&text), text.len());
        group.bench_function(id, |b| b.iter(|| run(black_box(&text))));
    }
    group.finish();
}

criterion_group!(benches, text_benches);
criterion_main!(benches);
