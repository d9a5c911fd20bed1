#!/bin/sh
# Every benchmark of BENCHMARKS.md in one run, then the report that writes it:
# criterion times (parse, text, cli, and pattern: urikit::pattern beside the
# urlpattern crate), the time ratios of the targets in alternating rounds
# (pairs), urikit get and edit beside Python's urllib (edit_cli.py),
# acceptance and callgrind instruction counts (measure), BENCHMARKS.md
# (report). About 15-20 minutes on 2 cores.
#
#   cd bench && ./run.sh            # writes ../BENCHMARKS.md
#   ./run.sh OUT.md                 # writes OUT.md instead
#
# Needs valgrind (callgrind). The URL lists are bench/data, the seeds testdata/seeds,
# the route tables bench/patterns (written by `cargo run --release --bin routes`).
set -eu
cd "$(dirname "$0")"
out=${1:-../BENCHMARKS.md}
cargo build --release -p urikit-cli --manifest-path ../Cargo.toml
URIKIT_BIN=${CARGO_TARGET_DIR:-$(cd .. && pwd)/target}/release/urikit
export URIKIT_BIN
cargo build --release --bins
cargo bench --no-run
mkdir -p target/bench-run
rm -rf target/criterion
date +%s > target/bench-run/start
cargo bench --bench parse
cargo bench --bench text
cargo bench --bench cli
cargo bench --bench pattern
cargo run --release --bin pairs
python3 edit_cli.py --urikit "$URIKIT_BIN" --repeat 3 --runs 3 --out target/bench-run/edit.md
cargo run --release --bin measure
cargo run --release --bin report -- "$out"
