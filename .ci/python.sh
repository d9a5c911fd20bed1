#!/usr/bin/env bash
# The Python package (crates/python, a Cargo workspace of its own) and the
# JVM UDF (crates/jvm), in three steps:
#
#   .ci/python.sh setup   # Java's JDK (apt, when missing), the test venv
#   .ci/python.sh test    # the wheel, the JVM UDF, then pytest: the scalar
#                         # API, the Arrow kernels, Polars, DuckDB, and PySpark
#                         # jobs on local[2], checked against the urikit command;
#                         # the READMEs' Spark snippets run as written in a venv
#                         # of the wheel and its [spark] extra alone, which the
#                         # test makes (target/python/readme-venv, kept while
#                         # the requirements are the same)
#   .ci/python.sh lint    # cargo fmt --check and clippy of both crates
#
# With no argument: setup, then test. Needs python3 (3.9 or later) with venv,
# and a JDK of 17 or later (javac, jar) for PySpark and the UDF. The venv is
# target/python/venv and the builds go to target/python (see
# crates/python/.cargo/config.toml); setup installs the test requirements
# only when requirements-test.txt changed, so a second run installs nothing.
# pip keeps its downloads in $PIP_CACHE_DIR (default ~/.cache/pip); PySpark
# alone is about 460 MB.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=apt.sh
. .ci/apt.sh
crate=crates/python
out=$PWD/target/python
venv=$out/venv
start=$(date +%s)

step() {
    printf '\n==> python: %s (%ds)\n' "$*" $(($(date +%s) - start))
}

java_ok() {
    command -v javac >/dev/null 2>&1 && command -v jar >/dev/null 2>&1 || return 1
    local v
    v=$(javac -version 2>&1 | sed -n 's/^javac \([0-9]*\).*/\1/p')
    [ -n "$v" ] && [ "$v" -ge 17 ]
}

setup() {
    step "set-up: python3 with venv, and a JDK of 17 or later"
    local pkgs=()
    if ! command -v python3 >/dev/null || ! python3 -c 'import ensurepip' 2>/dev/null; then
        pkgs+=(python3 python3-venv)
    fi
    java_ok || pkgs+=(default-jdk-headless)
    [ ${#pkgs[@]} -eq 0 ] || apt_need "the Python and Spark tests" "${pkgs[@]}"
    java_ok || { echo "python.sh: javac 17 or later is still missing after the install" >&2; exit 1; }

    local want have=
    want=$(sha256sum "$crate/requirements-test.txt" | cut -d' ' -f1)
    [ -f "$venv/requirements.sha256" ] && have=$(cat "$venv/requirements.sha256")
    if [ ! -x "$venv/bin/python" ] || [ "$want" != "$have" ]; then
        step "set-up: the test venv with requirements-test.txt ($venv)"
        [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$crate/requirements-test.txt"
        echo "$want" >"$venv/requirements.sha256"
    fi
}

test_() {
    [ -x "$venv/bin/maturin" ] || { echo "python.sh: no test venv; run .ci/python.sh setup" >&2; exit 1; }
    step "maturin build --release, and install the wheel"
    rm -rf "$out/wheels"
    (cd "$crate" && "$venv/bin/maturin" build --release --interpreter "$venv/bin/python" --out "$out/wheels")
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$out"/wheels/urikit-*.whl

    step "the JVM UDF (crates/jvm): unit tests; the JNI library and the jar"
    cargo test --manifest-path crates/jvm/Cargo.toml --release
    SPARK_JARS=$("$venv/bin/python" -c 'import os, pyspark; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))') \
        bash crates/jvm/build.sh

    step "the urikit command, for the tests that compare with it"
    cargo build -p urikit-cli
    # Where cargo put it: target/, or $CARGO_TARGET_DIR (or its config).
    URIKIT_BIN=$(cargo metadata --format-version 1 --no-deps |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')/debug/urikit
    export URIKIT_BIN

    step "pytest"
    local status=0
    (cd "$crate" && "$venv/bin/python" -m pytest -q -p no:cacheprovider) || status=$?
    if [ "$status" -eq 5 ]; then
        echo "pytest collected no tests" >&2
        exit 1
    fi
    step "done"
    return "$status"
}

lint() {
    step "cargo fmt --check, clippy --all-targets -- -D warnings (crates/python, crates/jvm)"
    (cd "$crate" && cargo fmt --check && cargo clippy --all-targets -- -D warnings)
    cargo fmt --manifest-path crates/jvm/Cargo.toml --check
    cargo clippy --manifest-path crates/jvm/Cargo.toml --all-targets -- -D warnings
}

case "${1:-all}" in
    setup) setup ;;
    test) test_ ;;
    lint) lint ;;
    all) setup && test_ ;;
    *) echo "usage: .ci/python.sh [setup|test|lint]" >&2; exit 2 ;;
esac
