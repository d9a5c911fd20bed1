"""Throughput of the urikit Python package, written to BENCHMARKS-python.md.

1. One core: ``urikit.arrow.is_valid`` and ``urikit.arrow.parse`` over the
   union of ``../shared/bench-data`` repeated to 1M rows, beside a pure-Python
   ``urllib.parse.urlsplit`` loop over the same list (and the kernels on every
   core, for reference).
2. Spark ``local[2]``, the same 1M URLs read from Parquet: ``urikit.spark.parse``
   by each of its methods (Arrow UDF, ``mapInArrow``), beside Spark's own
   ``parse_url(url, 'HOST')`` (with ANSI mode off, so that an invalid URL gives
   null instead of failing the job), in one SparkSession. Each side counts the rows
   with a host, and the counts are printed.

Run from the repository root, with the package and the test requirements
installed (``.ci/python.sh`` leaves them in crates/python/target/venv):

    crates/python/target/venv/bin/python crates/python/bench/bench.py

``--rows N`` changes the row count, ``--out PATH`` the report (``-`` for
stdout), ``--no-spark`` skips part 2.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Callable, List, Tuple

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

import urikit
import urikit.arrow

REPO = Path(__file__).resolve().parents[3]
DATA = REPO.parent / "shared" / "bench-data"
MACHINE = ""


def union() -> List[str]:
    """Every URL of the data files, in name order, read as the Rust benchmarks do."""
    urls: List[str] = []
    for path in sorted(DATA.glob("*.txt")):
        text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
        urls += [line.rstrip("\r") for line in text.split("\n") if line.strip()]
    if not urls:
        sys.exit(f"no URL lists in {DATA}")
    return urls


def best(run: Callable[[], object], repeat: int) -> Tuple[float, object]:
    """The fastest of `repeat` runs (wall seconds) and the last result."""
    seconds, _, result = timed(run, repeat)
    return seconds, result


def timed(run: Callable[[], object], repeat: int) -> Tuple[float, float, object]:
    """The fastest of `repeat` runs in wall seconds and in this process's CPU
    seconds (every thread), and the last result. On a busy machine the CPU
    time says what the work costs, the wall time what it took."""
    walls, cpus = [], []
    result = None
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        result = run()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus), result


def urlsplit_count(urls: List[str]) -> int:
    ok = 0
    for url in urls:
        try:
            urllib.parse.urlsplit(url)
            ok += 1
        except ValueError:
            pass
    return ok


def machine() -> str:
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        model = next((l.split(":", 1)[1].strip() for l in lscpu.splitlines() if l.startswith("Model name")), "?")
    except (OSError, subprocess.CalledProcessError):
        model = platform.processor() or "?"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{model}, {os.cpu_count()} cores (load average {load} at the start), "
        f"Python {platform.python_version()}, pyarrow {pa.__version__}"
    )


def local(rows: int, repeat: int) -> Tuple[List[List[str]], List[str]]:
    base = union()
    urls = (base * (rows // len(base) + 1))[:rows]
    array = pa.array(urls, type=pa.string())
    lines = []
    table = []
    cases = [
        ("urikit.arrow.is_valid", "1", lambda: urikit.arrow.is_valid(array, threads=1), "valid"),
        ("urikit.arrow.parse", "1", lambda: urikit.arrow.parse(array, threads=1), "valid"),
        ("urikit.arrow.is_valid", "all", lambda: urikit.arrow.is_valid(array), "valid"),
        ("urikit.arrow.parse", "all", lambda: urikit.arrow.parse(array), "valid"),
    ]
    rates = {}
    for name, threads, run, _ in cases:
        run()  # warm-up
        seconds, cpu, result = timed(run, repeat)
        valid = result.field("valid") if isinstance(result, pa.StructArray) else result
        accepted = pc.sum(valid).as_py() or 0
        rates[(name, threads)] = rows / seconds
        rates[(name, threads, "cpu")] = rows / cpu
        table.append([name, threads, f"{rows / seconds / 1e6:.2f}M", f"{rows / cpu / 1e6:.2f}M", f"{accepted:,}"])
        lines.append(f"{name} threads={threads}: {rows / seconds:,.0f} rows/s, {rows / cpu:,.0f} rows/CPU-s, {accepted:,} accepted")
    seconds, cpu, accepted = timed(lambda: urlsplit_count(urls), 1)
    rates[("urlsplit", "1")] = rows / seconds
    table.append(["urllib.parse.urlsplit loop", "1", f"{rows / seconds / 1e6:.2f}M", f"{rows / cpu / 1e6:.2f}M", f"{accepted:,}"])
    lines.append(f"urlsplit: {rows / seconds:,.0f} rows/s, {accepted:,} accepted (did not raise)")
    for line in lines:
        print(line, file=sys.stderr)
    return table, [
        target("urikit.arrow.is_valid, one core", rates, ("urikit.arrow.is_valid", "1"), 5e6),
        target("urikit.arrow.parse, one core", rates, ("urikit.arrow.parse", "1"), 2e6),
    ]


def target(what: str, rates: dict, key: tuple, want: float) -> str:
    wall, cpu = rates[key], rates[key + ("cpu",)]
    return (
        f"- {what} >= {want / 1e6:g}M rows/s: wall clock {'met' if wall >= want else 'NOT met'} "
        f"({wall / 1e6:.2f}M rows/s); per CPU second {'met' if cpu >= want else 'NOT met'} ({cpu / 1e6:.2f}M)"
    )


def spark_part(rows: int, repeat: int) -> Tuple[List[List[str]], List[str], str]:
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    import urikit.spark

    base = union()
    urls = (base * (rows // len(base) + 1))[:rows]
    # The Python workers run this interpreter, the one urikit is installed in.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("urikit-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "4g")
        # parse_url returns null for an invalid URL, rather than failing the job.
        .config("spark.sql.ansi.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "urls.parquet")
        pq.write_table(pa.table({"url": urls}), path, row_group_size=128 * 1024)
        df = spark.read.parquet(path)
        cases = {
            "Spark parse_url(url, 'HOST')": lambda: df.select(F.expr("parse_url(url, 'HOST')").alias("h"))
            .where("h IS NOT NULL")
            .count(),
            "urikit.spark.parse, Arrow UDF (the default)": lambda: urikit.spark.parse(df, "url", method="arrow_udf")
            .where("url_parsed.host IS NOT NULL")
            .count(),
            "urikit.spark.parse, mapInArrow": lambda: urikit.spark.parse(df, "url", method="mapInArrow")
            .where("url_parsed.host IS NOT NULL")
            .count(),
        }
        table = []
        rates = {}
        for name, run in cases.items():
            run()  # warm-up: JVM, Python workers
            seconds, accepted = best(run, repeat)
            rates[name] = rows / seconds
            table.append([name, "local[2]", f"{rows / seconds / 1e6:.2f}M", f"{accepted:,}"])
            print(f"{name}: {rows / seconds:,.0f} rows/s, {accepted:,} with a host", file=sys.stderr)
    version = spark.version
    spark.stop()
    jvm = rates["Spark parse_url(url, 'HOST')"]
    ours = rates["urikit.spark.parse, Arrow UDF (the default)"]
    targets = [f"- urikit.spark.parse >= 2x parse_url: {'met' if ours >= 2 * jvm else 'NOT met'} ({ours / jvm:.2f}x)"]
    return table, targets, version


def markdown(rows: int, local_table, local_targets, spark_table, spark_targets, spark_version) -> str:
    out = [
        "# Python benchmarks",
        "",
        "<!-- Generated by crates/python/bench/bench.py; do not edit by hand. -->",
        "",
        f"Machine: {MACHINE}",
        "",
        f"Input: the union of `../shared/bench-data` ({len(union()):,} URLs) repeated to {rows:,} rows. "
        "Rates are the best of the timed runs after a warm-up, by the wall clock and by the CPU time "
        "of the process (all its threads; the JVM's is not counted, so Spark has wall clock only); "
        "`accepted` counts the rows each side accepts (urikit: valid by RFC 1738; urlsplit: did not "
        "raise; Spark: has a host).",
        "",
        "## One machine",
        "",
        "| what | threads | rows/s (wall) | rows per CPU second | accepted |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    out += [f"| {' | '.join(r)} |" for r in local_table]
    if spark_table:
        out += [
            "",
            f"## Spark {spark_version}, local[2], from Parquet",
            "",
            "| what | master | rows/s | rows with a host |",
            "| --- | --- | ---: | ---: |",
        ]
        out += [f"| {' | '.join(r)} |" for r in spark_table]
    out += ["", "## Targets", ""] + local_targets + spark_targets + [""]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", default=str(REPO / "BENCHMARKS-python.md"))
    parser.add_argument("--no-spark", action="store_true")
    args = parser.parse_args()
    global MACHINE
    MACHINE = machine()
    local_table, local_targets = local(args.rows, args.repeat)
    spark_table, spark_targets, version = [], [], ""
    if not args.no_spark:
        spark_table, spark_targets, version = spark_part(args.rows, args.repeat)
    report = markdown(args.rows, local_table, local_targets, spark_table, spark_targets, version)
    if args.out == "-":
        print(report)
    else:
        Path(args.out).write_text(report, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
