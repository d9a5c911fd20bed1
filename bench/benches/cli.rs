//! The `urikit` command over stdin beside `fluent_check` (fluent-uri in the
//! smallest stdin validator), and `urikit` on one core beside all of them.
//!
//! `cargo bench --bench cli` in `bench/`; `./run.sh` there runs it with the
//! rest and writes `BENCHMARKS.md`. Each sample runs the program as a process, with
//! stdin from a file of `target/cli-data/` and stdout and stderr to
//! `/dev/null`, and times it from spawn to exit.
//!
//! Which `urikit`: `$URIKIT_BIN` when set; otherwise this benchmark runs
//! `cargo build --release -p urikit-cli --manifest-path ../Cargo.toml` and
//! takes `urikit` from that workspace's `target/release/` (or
//! `$CARGO_TARGET_DIR/release/`).

use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use urikit_bench::{cli_inputs, run_once, urikit_bin, Program, CLI_BENCHES};

fn cli(c: &mut Criterion) {
    let inputs = cli_inputs();
    let urikit = urikit_bin();
    let fluent_check = PathBuf::from(env!("CARGO_BIN_EXE_fluent_check"));
    for input in &inputs {
        let mut group = c.benchmark_group(format!("cli/{}", input.name));
        group.throughput(Throughput::ElementsAndBytes {
            elements: input.lines,
            bytes: input.bytes,
        });
        // A run takes a tenth of a second or more: ten samples of whole runs.
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        for bench in CLI_BENCHES.iter().filter(|b| b.input == input.name) {
            let program = match bench.program {
                Program::Urikit => &urikit,
                Program::FluentCheck => &fluent_check,
            };
            group.bench_function(bench.id, |b| {
                b.iter_custom(|iters| {
                    (0..iters)
                        .map(|_| run_once(program, bench.args, input, bench.at_once))
                        .sum()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, cli);
criterion_main!(benches);
