#!/usr/bin/env bash
# Every fuzz target for the same time, JOBS at once, then a table of what
# each run did, taken from libFuzzer's own final statistics.
#
#   cd fuzz && ./run-all.sh                 # 1800 s per target, 2 at once
#   SECONDS_EACH=300 JOBS=1 ./run-all.sh    # shorter, one at a time
#   ./run-all.sh parse_rfc3986 text         # only these targets
#
# Writes logs to target/fuzz-runs/<target>.log and the table to stdout (also
# target/fuzz-runs/summary.md). A finding is a file in artifacts/<target>/
# written during the run; the script exits 1 when any run found one or did
# not finish. The build is cargo-fuzz's default: optimized, with debug
# assertions (so the parser's fast paths are checked against the full
# grammar). Needs cargo-fuzz (`cargo install cargo-fuzz`).
set -eu
cd "$(dirname "$0")"
seconds=${SECONDS_EACH:-1800}
jobs=${JOBS:-2}
if [ $# -gt 0 ]; then
    targets="$*"
else
    targets=$(for f in fuzz_targets/*.rs; do basename "$f" .rs; done)
fi
runs=target/fuzz-runs
mkdir -p "$runs"
# The commit built, taken now: the tree may move while the targets run.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain -- .. 2>/dev/null)" ]; then
    commit="$commit with uncommitted changes"
fi
RUSTC_BOOTSTRAP=1 cargo fuzz build >"$runs/build.log" 2>&1 || {
    echo "run-all.sh: the build failed; see fuzz/$runs/build.log" >&2
    exit 2
}

# One target: its own corpus, the seeds read but not written.
run_one() {
    t=$1
    mkdir -p "corpus/$t" "artifacts/$t"
    touch "$runs/$t.start"
    status=0
    RUSTC_BOOTSTRAP=1 cargo fuzz run "$t" "corpus/$t" "seeds/$t" -- \
        -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 >"$runs/$t.log" 2>&1 || status=$?
    echo "$status" >"$runs/$t.status"
}

# At most $jobs runs at a time.
running=0
for t in $targets; do
    run_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

bad=0
{
    echo "Fuzzing at $commit, $seconds s per target, $jobs at once, on $(nproc) cores ($(date -u +%Y-%m-%d))."
    echo
    echo "| target | execs | exec/s | corpus | findings | exit |"
    echo "|---|---:|---:|---:|---:|---:|"
    for t in $targets; do
        log=$runs/$t.log
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
        corpus=$(find "corpus/$t" -type f | wc -l)
        found=$(find "artifacts/$t" -type f -newer "$runs/$t.start" | wc -l)
        status=$(cat "$runs/$t.status")
        if [ "$found" -gt 0 ] || [ "$status" != 0 ] || [ -z "$execs" ]; then bad=1; fi
        echo "| $t | ${execs:-?} | ${rate:-?} | $corpus | $found | $status |"
    done
} >"$runs/summary.md"
cat "$runs/summary.md"
if [ "$bad" = 1 ]; then
    echo "run-all.sh: a run found something or did not finish; see fuzz/$runs/*.log" >&2
fi
exit "$bad"
