//! URLs in plain text: `urikit::text::find_urls` (and `read_urls` over the
//! same bytes) beside the `linkify` crate's `LinkFinder`, in one run, over
//! the seed texts (the RFC 1630 draft, RFC 1738, draft-03) repeated to about
//! 10 MB.
//!
//! `cargo bench --bench text` in `bench/`; criterion reports MB/s
//! (throughput in bytes). The seeds are read from `$URIKIT_SEEDS`, or
//! `../shared/seeds` beside the repository.

use std::hint::black_box;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use linkify::{LinkFinder, LinkKind};

/// The texts: the RFC 1630 draft, RFC 1738 and draft-03.
const SEEDS: [&str; 3] = ["000_", "002_", "004_"];

/// About how large the benchmark's text is.
const SIZE: usize = 10 << 20;

fn seeds_dir() -> PathBuf {
    match std::env::var_os("URIKIT_SEEDS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds"),
    }
}

/// The three seed texts, one after the other, repeated to [`SIZE`].
fn text() -> String {
    let dir = seeds_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            SEEDS.iter().any(|s| name.starts_with(s)) && name.ends_with(".txt")
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), SEEDS.len(), "seeds in {}", dir.display());
    let mut block = String::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap_or_else(|e| panic!("cannot read {}: {e}", f.display()));
        block.push_str(&String::from_utf8_lossy(&bytes));
        block.push('\n');
    }
    block.repeat(SIZE.div_ceil(block.len()))
}

fn text_benches(c: &mut Criterion) {
    let text = text();
    let finder = {
        let mut f = LinkFinder::new();
        f.kinds(&[LinkKind::Url]);
        f
    };
    let urikit_count = urikit::text::find_urls(&text).count();
    let linkify_count = finder.links(&text).count();
    eprintln!(
        "text: {} bytes; urikit finds {urikit_count} URLs, linkify {linkify_count}",
        text.len()
    );

    let mut group = c.benchmark_group("find-urls/seeds-10MB");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function("urikit-find_urls", |b| {
        b.iter(|| urikit::text::find_urls(black_box(&text)).count())
    });
    group.bench_function("urikit-read_urls", |b| {
        b.iter(|| urikit::text::read_urls(Cursor::new(black_box(text.as_bytes()))).count())
    });
    group.bench_function("linkify", |b| b.iter(|| finder.links(black_box(&text)).count()));
    group.finish();
}

criterion_group!(benches, text_benches);
criterion_main!(benches);
