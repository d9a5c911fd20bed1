#!/usr/bin/env bash
# CI for the Python package (crates/python, a Cargo workspace of its own):
# formats and lints its Rust code, builds the wheel, installs it with the
# test requirements into a fresh virtual environment, and runs pytest
# (the scalar API, the Arrow kernels, Polars, DuckDB, and PySpark jobs on
# local[2], checked against the urikit command), after building the JVM UDF
# of crates/jvm (a JNI library and a jar; javac 17 and jar on the PATH).
#
# Needs python3 (3.9 or later) with venv, and Java 17 for PySpark. pip keeps
# its downloads in $PIP_CACHE_DIR (default ~/.cache/pip), so a second run
# downloads nothing; PySpark alone is about 460 MB.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
crate=crates/python
start=$(date +%s)

step() {
    printf '\n==> python: %s (%ds)\n' "$*" $(($(date +%s) - start))
}

printf '\n==> Python package (crates/python)\n'
step "cargo fmt --check"
cargo fmt --manifest-path "$crate/Cargo.toml" --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --manifest-path "$crate/Cargo.toml" --all-targets -- -D warnings

step "fresh virtual environment with the test requirements"
venv="$PWD/$crate/target/venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$crate/requirements-test.txt"

step "maturin build --release, and install the wheel"
rm -rf "$crate/target/wheels"
"$venv/bin/maturin" build --release --manifest-path "$crate/Cargo.toml" --interpreter "$venv/bin/python" \
    --out "$crate/target/wheels"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "$crate"/target/wheels/urikit-*.whl

step "the JVM UDF (crates/jvm): cargo fmt --check, clippy, unit tests; the JNI library and the jar"
cargo fmt --manifest-path crates/jvm/Cargo.toml --check
cargo clippy --manifest-path crates/jvm/Cargo.toml --all-targets -- -D warnings
cargo test --manifest-path crates/jvm/Cargo.toml --release
SPARK_JARS=$("$venv/bin/python" -c 'import os, pyspark; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))') \
    bash crates/jvm/build.sh

step "the urikit command, for the tests that compare with it"
cargo build -p urikit-cli
export URIKIT_BIN="$PWD/target/debug/urikit"

step "pytest"
status=0
(cd "$crate" && "$venv/bin/python" -m pytest -q -p no:cacheprovider) || status=$?
if [ "$status" -eq 5 ]; then
    echo "pytest collected no tests" >&2
    exit 1
fi
step "done"
exit "$status"
