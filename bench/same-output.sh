#!/usr/bin/env bash
# Compares what two builds of the urikit CLI write for every URL of
# bench/data: `normalize` under each spec, and `get` of every component
# under RFC 3986 and the URL Standard (stdout, stderr and exit status).
# For a change that must not change output (a refactoring): build the
# commit it starts from and the change, then
#
#   bench/same-output.sh OLD/urikit NEW/urikit
#
# prints one line per comparison and exits 1 at the first difference
# (with the first differing lines).
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
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

for spec in rfc1738 rfc1630 rfc1808 rfc3986 whatwg; do
    compare "normalize --spec $spec" normalize --spec "$spec" --invalid input
    compare "normalize --spec $spec --lenient" normalize --spec "$spec" --lenient --invalid input
done
fields='scheme user password host port path query fragment :scheme :user :password :host :port :path :query :fragment default:port path:0 path:-1 query:q puny:host idn:host suffix domain subdomain url'
for spec in rfc3986 whatwg; do
    for field in $fields; do
        compare "get --spec $spec {$field}" get --spec "$spec" --invalid input "{$field}"
    done
    compare "get --spec $spec --lenient {host}{path}" get --spec "$spec" --lenient --invalid input "{host}{path}"
done
echo "every output the same"
