#!/usr/bin/env python3
"""`urikit get '{host}'` and `urikit edit --set scheme=https` against Python's
urllib.parse, over the union of bench/data.

Both sides read the same file on stdin and write one line per URL to stdout,
stdout and stderr going to files; each side is timed as a whole process
(start-up included), best of --runs.
urikit runs once with --jobs 1 (one thread, as Python) and once with its
default (one thread per core). The counts of lines read, lines written and
URLs rejected are printed beside the times, since the work is not the same:
urikit validates every URL by the spec and rejects what does not fit, while
urlsplit accepts almost any text.

Writes the table to stdout and to --out; `run.sh` runs it and puts the
table into BENCHMARKS.md.

    cargo build --release -p urikit-cli
    python3 bench/edit_cli.py --runs 5
"""

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# The urllib side: one process, reading stdin, one line out per line in.
PY_GET = r"""
import sys
from urllib.parse import urlsplit
out = sys.stdout
bad = 0
for line in sys.stdin:
    line = line.rstrip("\n")
    try:
        host = urlsplit(line).hostname
    except ValueError:
        bad += 1
        continue
    out.write((host or "") + "\n")
sys.stderr.write(f"{bad}\n")
"""

PY_EDIT = r"""
import sys
from urllib.parse import urlsplit, urlunsplit
out = sys.stdout
bad = 0
for line in sys.stdin:
    line = line.rstrip("\n")
    try:
        parts = urlsplit(line)
    except ValueError:
        bad += 1
        continue
    out.write(urlunsplit(parts._replace(scheme="https")) + "\n")
sys.stderr.write(f"{bad}\n")
"""


def read_urls(path):
    """One URL per line, as bench/src/lib.rs reads them: no BOM, no \\r, no blank lines."""
    text = path.read_text(encoding="utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    return [l.rstrip("\r") for l in text.split("\n") if l.rstrip("\r").strip()]


def run(cmd, data, work):
    """Runs cmd with data on stdin, stdout and stderr to files, as a shell's
    redirections would (a pipe read by this script would time the reading
    too): (seconds, stdout lines, stderr text, exit code)."""
    out_path, err_path = work / "stdout", work / "stderr"
    with open(data, "rb") as stdin, open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.perf_counter()
        p = subprocess.run(cmd, stdin=stdin, stdout=out, stderr=err)
        elapsed = time.perf_counter() - start
    return elapsed, out_path.read_bytes().count(b"\n"), err_path.read_bytes().decode("utf-8", "replace"), p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--urikit", default=str(HERE.parent / "target" / "release" / "urikit"))
    ap.add_argument("--data", default=os.environ.get("URIKIT_BENCH_DATA", str(HERE / "data")))
    ap.add_argument("--repeat", type=int, default=10, help="copies of the union in the input file")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--out", default=str(HERE / "target" / "bench-run" / "edit.md"))
    args = ap.parse_args()

    files = sorted(Path(args.data).glob("*.txt"))
    if not files:
        sys.exit(f"no *.txt in {args.data}")
    union = [u for f in files for u in read_urls(f)]
    work = HERE / "target" / "edit-data"
    work.mkdir(parents=True, exist_ok=True)
    data = work / "union.txt"
    data.write_text("".join(u + "\n" for u in union) * args.repeat, encoding="utf-8")
    lines = len(union) * args.repeat

    tasks = [
        ("get '{host}'", ["get", "{host}"], PY_GET),
        ("edit --set scheme=https", ["edit", "--set", "scheme=https"], PY_EDIT),
    ]
    rows = []
    for task, uargs, py in tasks:
        sides = [
            ("urikit --jobs 1", 1, [args.urikit, *uargs, "--jobs", "1"]),
            ("urikit (default jobs)", os.cpu_count(), [args.urikit, *uargs]),
            ("python urllib.parse", 1, [sys.executable, "-c", py]),
        ]
        results = {}
        for name, threads, cmd in sides:
            best = None
            for _ in range(args.runs):
                t, out_lines, err, code = run(cmd, data, work)
                if code not in (0, 1):
                    sys.exit(f"{name} failed with exit code {code}: {err[:500]}")
                best = t if best is None else min(best, t)
            if name.startswith("python"):
                rejected = int(err.strip().splitlines()[-1])
            else:
                # One diagnostic per rejected input, its first line naming it.
                rejected = sum(1 for line in err.splitlines() if line.startswith("urikit: "))
            if out_lines + rejected != lines:
                sys.exit(f"{name}: {out_lines} lines out and {rejected} rejected for {lines} lines in")
            results[name] = (threads, out_lines, rejected, best)
        base = results["urikit --jobs 1"][3]
        for name, (threads, out_lines, rejected, best) in results.items():
            rows.append((task, name, threads, lines, out_lines, rejected, best, best / base))
        print(f"{task}: done", file=sys.stderr)

    header = (
        "| task | tool | threads | lines in | lines out | rejected | best time (ms) | ns/line | time / urikit --jobs 1 |\n"
        "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
    )
    body = "".join(
        f"| {task} | {name} | {threads} | {n} | {out} | {rej} | {best * 1e3:.1f} | {best * 1e9 / n:.0f} | {ratio:.2f} |\n"
        for task, name, threads, n, out, rej, best, ratio in rows
    )
    load = os.getloadavg()
    text = (
        "# `urikit get` and `urikit edit` against Python's urllib.parse\n\n"
        "Generated by `python3 bench/edit_cli.py"
        f" --repeat {args.repeat} --runs {args.runs}`; do not edit by hand.\n\n"
        f"Input: the union of {len(files)} files of bench-data ({len(union)} URLs), {args.repeat} times over, "
        f"one URL per line on stdin, stdout and stderr to files. Best of {args.runs} runs per row, whole process timed. "
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end.\n\n"
        "urikit validates each URL by RFC 1738 (the default spec) and rejects, with a message on stderr, "
        "what does not fit; urlsplit accepts nearly any text, so the counts of lines written differ.\n\n"
        + header
        + body
    )
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text, encoding="utf-8")
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
