#!/usr/bin/env python3
"""Compares the instruction counts of two runs of `measure` (its
target/bench-run/measure.json): for each urikit workload, before, after and
the change in percent, as a Markdown table; --limit P exits 1 when any
rises by more than P percent.

    python3 bench/compare-measure.py BEFORE.json AFTER.json [--limit 3]
"""
import argparse
import json
import sys


def rows(run):
    """(what, instructions) of every urikit workload of one run."""
    for name, s in sorted(run["sets"].items()):
        for lib, r in sorted(s["libs"].items()):
            if lib.startswith("urikit"):
                yield f"{lib} over {name}, per URL", r["instructions_per_url"]
    for lib, r in sorted(run["text"]["libs"].items()):
        if lib.startswith("urikit"):
            yield f"{lib} over the seed text, per byte", r["instructions_per_byte"]
    for cmd, r in sorted(run["cli"]["commands"].items()):
        if r.get("instructions_per_line") is not None and not cmd.startswith("fluent"):
            yield f"CLI {cmd}, per line", r["instructions_per_line"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--limit", type=float)
    a = ap.parse_args()
    before = dict(rows(json.load(open(a.before))))
    after = dict(rows(json.load(open(a.after))))
    print("| workload | before | after | change |")
    print("| --- | ---: | ---: | ---: |")
    worst = None
    for what in before:
        if what not in after:
            continue
        b, n = before[what], after[what]
        pct = (n - b) / b * 100
        worst = pct if worst is None else max(worst, pct)
        print(f"| {what} | {b:,.1f} | {n:,.1f} | {pct:+.1f}% |")
    print(f"\nlargest rise: {worst:+.1f}%")
    if a.limit is not None and worst > a.limit:
        sys.exit(1)


if __name__ == "__main__":
    main()
