#!/usr/bin/env bash
# Compares what two builds of the urikit CLI write for every URL of
# bench/data: `normalize` under each spec, `get` of every component
# under RFC 3986 and the URL Standard, and `explain` (the table, --json,
# --differs, --differs --json, --differs --jobs 1): stdout, stderr and exit
# status. For a change that must not change output (a refactoring): build
# the commit it starts from and the change, then
#
#   bench/same-output.sh OLD/urikit NEW/urikit            # every section
#   bench/same-output.sh OLD/urikit NEW/urikit explain    # one: normalize, get or explain
#
# prints one line per comparison and exits 1 at the first difference
# (with the first differing lines).
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
only=${3:-}
case "$only" in
"" | normalize | get | explain) ;;
*)
    echo "same-output.sh: no section $only (normalize, get, explain)" >&2
    exit 2
    ;;
esac
cd "$(dirname "${BASH_SOURCE[0]}")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat data/*.txt >"$work/urls"
echo "$(wc -l <"$work/urls") URLs from bench/data"

compare() {
    local what=$1
    shift
    local rc_old=0 rc_new=0
    "$old" "$@" -f "$work/urls" >"$work/old.out" 2>"$work/old.err" || rc_old=$?
    "$new" "$@" -f "$work/urls" >"$work/new.out" 2>"$work/new.err" || rc_new=$?
    if [ "$rc_old" != "$rc_new" ] || ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err"; then
        echo "DIFFERENT: $what (exit $rc_old, $rc_new)"
        diff "$work/old.out" "$work/new.out" | head -5 || true
        diff "$work/old.err" "$work/new.err" | head -5 || true
        exit 1
    fi
    printf 'same: %-40s %8d lines out, %8d err, exit %d\n' "$what" \
        "$(wc -l <"$work/new.out")" "$(wc -l <"$work/new.err")" "$rc_new"
}

# One run of `$1 ARGS -f urls` (old or new, $2), its stdout to this
# function's stdout; its stderr and exit status to files.
run() {
    local bin=$1 side=$2
    shift 2
    {
        local rc=0
        "$bin" "$@" -f "$work/urls" 2>"$work/$side.err" || rc=$?
        echo "$rc" >"$work/$side.rc"
    }
}

# As `compare`, for outputs too large to keep (explain writes about 5 kB a
# URL): the two stdouts are compared as they are written.
compare_stream() {
    local what=$1
    shift
    if ! cmp <(run "$old" old "$@") <(run "$new" new "$@") >"$work/cmp" 2>&1; then
        echo "DIFFERENT: $what (stdout)"
        head -3 "$work/cmp"
        exit 1
    fi
    local rc_old rc_new
    rc_old=$(cat "$work/old.rc")
    rc_new=$(cat "$work/new.rc")
    if [ "$rc_old" != "$rc_new" ] || ! cmp -s "$work/old.err" "$work/new.err"; then
        echo "DIFFERENT: $what (exit $rc_old, $rc_new)"
        diff "$work/old.err" "$work/new.err" | head -5 || true
        exit 1
    fi
    printf 'same: %-40s compared as written, %8d err, exit %d\n' "$what" \
        "$(wc -l <"$work/new.err")" "$rc_new"
}

if [ -z "$only" ] || [ "$only" = normalize ]; then
    for spec in rfc1738 rfc1630 rfc1808 rfc3986 whatwg; do
        compare "normalize --spec $spec" normalize --spec "$spec" --invalid input
        compare "normalize --spec $spec --lenient" normalize --spec "$spec" --lenient --invalid input
    done
fi
if [ -z "$only" ] || [ "$only" = get ]; then
    fields='scheme user password host port path query fragment :scheme :user :password :host :port :path :query :fragment default:port path:0 path:-1 query:q puny:host idn:host suffix domain subdomain url'
    for spec in rfc3986 whatwg; do
        for field in $fields; do
            compare "get --spec $spec {$field}" get --spec "$spec" --invalid input "{$field}"
        done
        compare "get --spec $spec --lenient {host}{path}" get --spec "$spec" --lenient --invalid input "{host}{path}"
    done
fi
if [ -z "$only" ] || [ "$only" = explain ]; then
    compare "explain --differs" explain --differs
    compare "explain --differs --jobs 1" explain --differs --jobs 1
    compare "explain --differs --json" explain --differs --json
    compare_stream "explain" explain
    compare_stream "explain --json" explain --json
fi
echo "every output the same"
