#!/usr/bin/env bash
# Every test of urikit, with what the tests need set up first, on a fresh
# machine as on a used one:
#
#   1. set-up, all before any test runs, installing only what is missing
#      (a second run installs nothing): the protocol servers of the fetch
#      tests (.ci/servers.sh), chromium, Node.js and playwright-core for the
#      browser tests of `explain --html` and `--serve` (.ci/browser.sh),
#      python3's venv and a JDK for the Python and Spark tests, and the
#      Python test venv (.ci/python.sh setup). Debian
#      packages are installed with apt-get as root or through sudo; where
#      that is not possible, it stops at once and prints the command that
#      installs what is missing.
#   2. cargo test --workspace: the unit, integration and doc tests; then
#      the URLPattern suite with its counts (feature `pattern`),
#      urikit's unit tests and IdnaTestV2 without the idna feature, and the
#      WHATWG differential beside url and ada-url (bench/), and the unit
#      tests of the fuzz targets' checks (fuzz/src).
#   3. the Python package's and the JVM UDF's tests (.ci/python.sh test).
#
# Needs a Rust toolchain (https://rustup.rs) and python3.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
start=$(date +%s)
header() {
    printf '\n==> %s (%ds)\n' "$*" $(($(date +%s) - start))
}

command -v cargo >/dev/null 2>&1 || [ -x "$HOME/.cargo/bin/cargo" ] || {
    echo "test.sh: cargo is missing: install Rust with https://rustup.rs, then run again" >&2
    exit 1
}
command -v cargo >/dev/null 2>&1 || export PATH="$HOME/.cargo/bin:$PATH"
command -v python3 >/dev/null 2>&1 || {
    echo "test.sh: python3 is missing: install it (sudo apt-get install -y python3 python3-venv), then run again" >&2
    exit 1
}

header "set-up: the fetch tests' protocol servers"
.ci/servers.sh
header "set-up: the browser tests (chromium, playwright-core)"
.ci/browser.sh
header "set-up: the Python tests"
.ci/python.sh setup

header "cargo test --workspace"
cargo test --workspace

header "urikit::pattern: the URLPattern web-platform-tests with their counts, unit tests, properties"
# Feature `pattern` (urikit-cli turns it on, so the workspace run has it
# too); every entry of testdata/wpt-urlpattern/, expected failures listed.
cargo test -p urikit --features pattern --test urlpattern_wpt -- --nocapture
# Its unit tests (the direct matcher against the regular expressions) and
# properties, and PatternSet against a loop over its patterns, by name too.
cargo test -p urikit --features pattern --lib --test pattern_properties --test pattern_set

header "urikit without the idna feature: the unit tests and IdnaTestV2"
# Without UTS #46 an ASCII host still parses and a host that needs IDNA is
# IdnaUnavailable, never a wrong answer; the other suites expect IDNA.
cargo test -p urikit --no-default-features --lib
cargo test -p urikit --no-default-features --test conformance wpt_idna_test_v2_without_idna
cargo test -p urikit --no-default-features --test whatwg_can_parse
cargo test -p urikit --no-default-features --test domain_to_ascii

header "the WHATWG differential: urikit beside url and ada-url"
# Every difference listed in bench/whatwg-differences.tsv with its reason,
# and every listed one still a difference (about 10 s once built).
cargo test --manifest-path bench/Cargo.toml --test whatwg_diff

header "the fuzz targets' checks: their own unit tests"
# The properties the fuzz targets check, and the quirks of the standard
# they name, on inputs written out (fuzz/src); .ci/run replays the seeds.
cargo test --manifest-path fuzz/Cargo.toml --lib

header "the Python package and the JVM UDF"
.ci/python.sh test

header "all tests passed"
