"""Throughput of the urikit Python package, written to BENCHMARKS-python.md.

1. One core: ``urikit.arrow.is_valid`` and ``urikit.arrow.parse`` over the
   union of ``bench/data`` repeated to 1M rows, beside a pure-Python
   ``urllib.parse.urlsplit`` loop over the same list (and the kernels on every
   core, for reference).
2. Spark ``local[2]``, the same 1M URLs read from Parquet (two partitions),
   in one SparkSession: Spark's own ``parse_url(url, 'HOST')`` (with ANSI mode
   off, so that an invalid URL gives null instead of failing the job);
   ``urikit.spark.get(df, "url", "host")``, the same work; ``urikit.spark.parse``,
   the full struct (more work); and, without urikit, the identity (the url
   column back as it came) and a null per row (the least a Python worker can
   send back), the floor cost of any path through Python workers. Each by
   ``mapInArrow`` and by an Arrow UDF, at each Arrow batch size of
   ``--batches``; then ``urikit.parse`` row at a time in an Arrow-optimized
   Python UDF. With no Python worker: ``urikit.spark.host_jvm`` and
   ``urikit.spark.parse(..., method="jvm")``, the Spark expressions of
   crates/jvm calling urikit through JNI on Spark's own UTF-8 octets, the Java UDFs on strings (``io.urikit.spark.Host``) and on octets
   (``HostOctets``, between casts), and beside them a Java UDF that returns
   its input (no urikit), on strings and on octets, the floor cost of any
   Java UDF. Every case counts rows (with a host; with a null for the nulls
   case), and the counts are printed. Each runs once to warm up and
   ``--repeat`` times more, the order reversed every other round; the report
   gives medians, by the wall clock and per CPU second of the whole process
   tree (JVM and Python workers).

3. Polars, one DataFrame of the same 1M URLs, on Polars' threads: the host
   of each row by the ``urikit.polars`` plugin (``pl.col("url").urikit.host()``,
   by RFC 1738 and by WHATWG), by the ``map_batches`` recipe over
   ``urikit.arrow.get``, and by Polars' own regex extraction
   (``str.extract(HOST_REGEX, 1)``), each in the in-memory and in the
   streaming engine. Every case counts its non-null rows.
4. DuckDB, a table of the same 1M URLs: ``urikit_host(url)`` of
   ``urikit.duckdb.register`` (Arrow UDFs), DuckDB's own
   ``regexp_extract(url, HOST_REGEX, 1)`` (its empty matches counted as
   none, as DuckDB gives '' where the regex does not match), and
   ``urikit.parse(url).host`` row at a time in a Python UDF. Each counts
   the rows with a host.

Run from the repository root, with the package and the test requirements
installed and the JVM UDF built (``.ci/python.sh`` leaves the first in
target/python/venv, and the second in crates/jvm/target):

    target/python/venv/bin/python crates/python/bench/bench.py

``--rows N`` changes the row count, ``--repeat N`` the timed runs,
``--batches A,B`` the Arrow batch sizes, ``--out PATH`` the report (``-``
for stdout). ``--parts local,spark,polars,duckdb`` runs those parts only
(``--no-spark``: all but Spark); the report keeps, for each part not run,
its section from the report at ``--out`` as that part's last run wrote it,
with the machine and commit of that run.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Any, Callable, List, Optional, Tuple

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

import urikit
import urikit.arrow

HOST_REGEX = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^\]]*\]|[^:/?#]*)"
"""The host of a URL with an authority, as a regex: after the scheme and
``//``, past a userinfo ending in ``@``, a bracketed IPv6 literal or the
text up to ``:``, ``/``, ``?`` or ``#``. What a one-line extraction in a
dataframe does; it checks nothing."""

PARTS = ("local", "spark", "polars", "duckdb")
"""The parts of the report, in its order."""

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "bench" / "data"
JVM_JAR = REPO / "crates" / "jvm" / "target" / "urikit-jvm.jar"
JVM_LIBRARY = REPO / "crates" / "jvm" / "target" / "release" / "liburikit_jvm.so"
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


def commit() -> str:
    """The commit measured, and whether the tree differs from it."""
    try:
        run = lambda *args: subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()  # noqa: E731
        head = run("rev-parse", "--short", "HEAD")
        dirty = run("status", "--porcelain", "--untracked-files=no", "--", ".", ":!BENCHMARKS-python.md")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{head} with uncommitted changes" if dirty else head


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


def tree_cpu() -> float:
    """CPU seconds of this process and every process under it (the JVM, the
    Python daemon and its workers), children that ended included."""
    parents, times = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    tree, grew = {os.getpid()}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    return sum(times.get(pid, 0) for pid in tree) / os.sysconf("SC_CLK_TCK")


def spark_cases(df, batches: List[int]) -> List[Tuple[str, str, int, Callable[[], int]]]:
    """(what, method, Arrow batch rows, run) for every Spark case; each run
    counts the rows with a host."""
    from pyspark.sql import functions as F

    import urikit.spark

    def identity(batches):  # type: ignore[no-untyped-def]
        yield from batches

    def identity_udf(urls):  # type: ignore[no-untyped-def]
        return urls

    def nulls(batches):  # type: ignore[no-untyped-def]
        import pyarrow as pa

        for batch in batches:
            yield pa.RecordBatch.from_arrays([pa.nulls(batch.num_rows, pa.string())], names=["h"])

    def nulls_udf(urls):  # type: ignore[no-untyped-def]
        import pyarrow as pa

        return pa.nulls(len(urls), pa.string())

    def host_row(url):  # type: ignore[no-untyped-def]
        if url is None:
            return None
        try:
            return urikit.parse(url, "rfc1738").host
        except urikit.ParseError:
            return None

    arrow_identity = F.arrow_udf(identity_udf, "string")
    arrow_nulls = F.arrow_udf(nulls_udf, "string")
    python_udf = F.udf(host_row, "string", useArrow=True)
    def count(frame, condition: str) -> Callable[[], int]:  # type: ignore[no-untyped-def]
        return lambda: frame.where(condition).count()

    def host(column) -> Any:  # type: ignore[no-untyped-def]
        return df.select(column.alias("h"))

    identity_name, nulls_name = "identity (url back, no urikit)", "nulls back (no urikit)"
    # The JVM cases have no Arrow batches: None.
    cases = [("Spark parse_url(url, 'HOST')", "JVM", None, count(host(F.expr("parse_url(url, 'HOST')")), "h IS NOT NULL"))]
    for rows in batches:
        cases += [
            (identity_name, "mapInArrow", rows, count(df.mapInArrow(identity, df.schema), "url IS NOT NULL")),
            (identity_name, "arrow_udf", rows, count(host(arrow_identity("url")), "h IS NOT NULL")),
            (nulls_name, "mapInArrow", rows, count(df.mapInArrow(nulls, "h string"), "h IS NULL")),
            (nulls_name, "arrow_udf", rows, count(host(arrow_nulls("url")), "h IS NULL")),
        ]
        for method in urikit.spark.METHODS:
            hosts = urikit.spark.get(df, "url", "host", method=method)
            parsed = urikit.spark.parse(df, "url", method=method)
            cases += [
                ("urikit.spark.get(df, 'url', 'host')", method, rows, count(hosts, "url_host IS NOT NULL")),
                ("urikit.spark.parse, full struct (more work)", method, rows, count(parsed, "url_parsed.host IS NOT NULL")),
            ]
    # Row at a time in Python; its batches follow spark.sql.execution.python.udf.maxRecordsPerBatch.
    one_row = count(host(python_udf("url")), "h IS NOT NULL")
    cases.append(("urikit.parse(url).host, one row at a time", "udf(useArrow=True)", batches[0], one_row))
    # No Python worker: Java UDFs on the JVM (no Arrow batches).
    spark = df.sparkSession
    spark.udf.registerJavaFunction("java_identity", "io.urikit.spark.Identity", "string")
    spark.udf.registerJavaFunction("java_identity_octets", "io.urikit.spark.IdentityOctets", "binary")
    java_identity = count(host(F.call_udf("java_identity", F.col("url"))), "h IS NOT NULL")
    octets = F.call_udf("java_identity_octets", F.col("url").cast("binary")).cast("string")
    java_identity_octets = count(host(octets), "h IS NOT NULL")
    strings = count(host(F.call_udf(urikit.spark.register_jvm(spark, "urikit_host"), F.col("url"))), "h IS NOT NULL")
    octets_udf = urikit.spark.register_jvm(spark, "urikit_host_octets", octets=True)
    octet_hosts = count(host(F.call_udf(octets_udf, F.col("url").cast("binary")).cast("string")), "h IS NOT NULL")
    expression = count(urikit.spark.host_jvm(df, "url"), "url_host IS NOT NULL")
    parsed_jvm = count(urikit.spark.parse(df, "url", method="jvm"), "url_parsed.host IS NOT NULL")
    cases += [
        ("Java UDF returning its input (no urikit)", "JVM UDF, string", None, java_identity),
        ("Java UDF returning its input (no urikit)", "JVM UDF, octets", None, java_identity_octets),
        ("urikit Java UDF on strings, io.urikit.spark.Host", "JVM UDF, string, JNI", None, strings),
        ("urikit Java UDF on octets, io.urikit.spark.HostOctets", "JVM UDF, octets, JNI", None, octet_hosts),
        ("urikit.spark.host_jvm(df, 'url')", "JVM expression, JNI", None, expression),
        ("urikit.spark.parse, full struct (more work)", "JVM expression, JNI", None, parsed_jvm),
    ]
    return cases


def spark_part(rows: int, repeat: int, batches: List[int]) -> Tuple[List[List[str]], List[str], str, str]:
    from pyspark.sql import SparkSession

    import urikit.spark

    for built in (JVM_JAR, JVM_LIBRARY):
        if not built.is_file():
            sys.exit(f"{built} is missing: run crates/jvm/build.sh first")
    base = union()
    urls = (base * (rows // len(base) + 1))[:rows]
    # The Python workers run this interpreter, the one urikit is installed in.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("urikit-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "4g")
        # parse_url returns null for an invalid URL, rather than failing the job.
        .config("spark.sql.ansi.enabled", "false")
        # The default, said outright: one Python worker per core, kept between tasks.
        .config("spark.python.worker.reuse", "true")
        # The Java UDFs and the JNI library of crates/jvm (crates/jvm/build.sh).
        .config(map=urikit.spark.jvm_conf(str(JVM_JAR), str(JVM_LIBRARY.parent)))
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    batch_key = "spark.sql.execution.arrow.maxRecordsPerBatch"
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "urls.parquet")
        # Two row groups: one partition of rows/2 per core.
        pq.write_table(pa.table({"url": urls}), path, row_group_size=(rows + 1) // 2)
        df = spark.read.parquet(path)
        partitions = df.rdd.getNumPartitions()
        cases = spark_cases(df, batches)
        walls: dict = {i: [] for i in range(len(cases))}
        cpus: dict = {i: [] for i in range(len(cases))}
        counts: dict = {}
        for round in range(repeat + 1):  # round 0 warms up: JVM, Python workers
            order = list(range(len(cases)))
            for i in order if round % 2 == 0 else reversed(order):
                name, method, batch, run = cases[i]
                if batch is not None:
                    spark.conf.set(batch_key, str(batch))
                cpu, start = tree_cpu(), time.perf_counter()
                counts[i] = run()
                wall, cpu = time.perf_counter() - start, tree_cpu() - cpu
                if round > 0:
                    walls[i].append(wall)
                    cpus[i].append(cpu)
                rate = f"{rows / wall:,.0f} rows/s, {counts[i]:,} counted"
                print(f"round {round} {name} [{method}, {batch}]: {rate}", file=sys.stderr)
    version = spark.version
    spark.stop()
    table = []
    rates: dict = {}
    per_cpu: dict = {}
    for i, (name, method, batch, _) in enumerate(cases):
        rates[i], per_cpu[i] = rows / statistics.median(walls[i]), rows / statistics.median(cpus[i])
        table.append(
            [name, method, "n/a" if batch is None else f"{batch:,}", f"{rates[i] / 1e6:.2f}M", f"{per_cpu[i] / 1e6:.2f}M", f"{counts[i]:,}"]
        )

    def fastest(prefix: str, by: dict) -> Tuple[float, str]:
        found = [
            (by[i], c[1] if c[2] is None else f"{c[1]}, batches of {c[2]:,}")
            for i, c in enumerate(cases)
            if c[0].startswith(prefix)
        ]
        return max(found)

    def versus(prefix: str) -> Tuple[float, float, str]:
        """The best of `prefix` against the best parse_url, by the wall clock
        and per CPU second, and the words for both."""
        wall, wall_how = fastest(prefix, rates)
        cpu, cpu_how = fastest(prefix, per_cpu)
        jvm, jvm_cpu = fastest("Spark parse_url", rates)[0], fastest("Spark parse_url", per_cpu)[0]
        words = (
            f"wall clock {wall / jvm:.2f}x ({wall / 1e6:.2f}M rows/s by {wall_how}, against {jvm / 1e6:.2f}M); "
            f"per CPU second {cpu / jvm_cpu:.2f}x ({cpu / 1e6:.2f}M by {cpu_how}, against {jvm_cpu / 1e6:.2f}M)"
        )
        return wall / jvm, cpu / jvm_cpu, words

    host_wall, host_cpu, host_words = versus("urikit.spark.get")
    full_wall, _, full_words = versus("urikit.spark.parse")
    ceiling_wall, ceiling_cpu, ceiling_words = versus("identity")
    floor_wall, floor_cpu, floor_words = versus("nulls back")
    jvm_wall, _, jvm_words = versus("urikit.spark.host_jvm")
    _, _, java_floor_words = versus("Java UDF returning")
    # Prefixes that no other case's name starts with.
    _, _, string_words = versus("urikit Java UDF on strings")
    _, _, octet_words = versus("urikit Java UDF on octets")
    reachable = max(ceiling_wall, ceiling_cpu, floor_wall, floor_cpu) >= 2
    targets = [
        f"- urikit.spark.get(df, 'url', 'host') >= 2x parse_url(url, 'HOST'): "
        f"{'met' if host_wall >= 2 else 'NOT met'}: {host_words}",
        f"- urikit.spark.parse, the full struct (ten fields where parse_url makes one) >= 2x parse_url(url, 'HOST'): "
        f"{'met' if full_wall >= 2 else 'NOT met'}: {full_words}",
        f"- the identity through a Python worker (no urikit): {ceiling_words}",
        f"- a null per row back from a Python worker (no urikit, the least any Python path sends back): {floor_words}",
        "- so 2x parse_url "
        + (
            "is within reach of a Python worker here"
            if reachable
            else "cannot be reached through Python workers on this machine: their floor cost alone is below 2x"
        ),
        f"- urikit.spark.host_jvm(df, 'url'), a Spark expression calling urikit through JNI (no Python worker, "
        f"no UDF) >= 2x parse_url(url, 'HOST'): {'met' if jvm_wall >= 2 else 'NOT met'}: {jvm_words}",
        f"- the urikit Java UDF on strings, io.urikit.spark.Host (SQL's urikit_host(url)): {string_words}",
        f"- the urikit Java UDF on octets, io.urikit.spark.HostOctets, between casts: {octet_words}",
        f"- a Java UDF returning its input (no urikit, the least a Java UDF costs, on strings or octets): {java_floor_words}",
    ]
    notes = (
        f"Parquet read as {partitions} partitions; `spark.python.worker.reuse` on; each case run "
        f"{repeat} times after a warm-up round, the order reversed every other round (the machine is "
        "shared); medians. `batch rows` is `spark.sql.execution.arrow.maxRecordsPerBatch` "
        "(Spark's default is 10,000; n/a for the cases on the JVM alone). CPU seconds are those of the "
        "driver's whole process tree: the JVM, the Python daemon and its workers. `rows counted`: "
        "rows with a host (with a null for the nulls cases)."
    )
    return table, targets, f"{version}, local[2], from Parquet", notes


def rows_of(rows: int) -> List[str]:
    base = union()
    return (base * (rows // len(base) + 1))[:rows]


def host_row(url: Optional[str]) -> Optional[str]:
    """The host of one URL by the scalar API (RFC 1738), None where it has none."""
    if url is None:
        return None
    try:
        return urikit.parse(url, "rfc1738").host
    except urikit.ParseError:
        return None


def ratio(rates: dict, a: str, b: str) -> str:
    """`a` against `b`, by the wall clock and per CPU second."""
    (wall_a, cpu_a), (wall_b, cpu_b) = rates[a], rates[b]
    return (
        f"wall clock {wall_a / wall_b:.2f}x ({wall_a / 1e6:.2f}M rows/s against {wall_b / 1e6:.2f}M); "
        f"per CPU second {cpu_a / cpu_b:.2f}x ({cpu_a / 1e6:.2f}M against {cpu_b / 1e6:.2f}M)"
    )


def run_cases(cases: list, rows: int, repeat: int, label: str) -> Tuple[List[List[str]], dict]:
    """Each (what, how, run) warmed up once, then the best of `repeat` runs;
    `run` returns the rows it accepted. The table's rows, and the rates by
    `what, how`."""
    table, rates = [], {}
    for what, how, run in cases:
        run()  # warm-up
        seconds, cpu, accepted = timed(run, repeat)
        rates[f"{what}, {how}"] = (rows / seconds, rows / cpu)
        table.append([what, how, f"{rows / seconds / 1e6:.2f}M", f"{rows / cpu / 1e6:.2f}M", f"{accepted:,}"])
        print(f"{label} {what} [{how}]: {rows / seconds:,.0f} rows/s, {rows / cpu:,.0f} rows/CPU-s, {accepted:,} accepted", file=sys.stderr)
    return table, rates


def polars_part(rows: int, repeat: int) -> Tuple[str, List[str], List[List[str]], List[str]]:
    import polars as pl

    import urikit.polars  # noqa: F401  (registers .urikit)

    df = pl.DataFrame({"url": rows_of(rows)}, schema={"url": pl.String})
    def recipe(spec: str) -> Any:
        return pl.col("url").map_batches(
            lambda s: pl.from_arrow(urikit.arrow.get(s.to_arrow(), "host", spec)), return_dtype=pl.String
        )

    hosts = {
        "urikit.polars plugin, host() by RFC 1738": pl.col("url").urikit.host("rfc1738"),
        "urikit.polars plugin, host(spec='whatwg')": pl.col("url").urikit.host("whatwg"),
        "map_batches over urikit.arrow.get(..., 'host') by RFC 1738": recipe("rfc1738"),
        "map_batches over urikit.arrow.get(..., 'host', 'whatwg')": recipe("whatwg"),
        "Polars regex, str.extract(HOST_REGEX, 1)": pl.col("url").str.extract(HOST_REGEX, 1),
    }
    cases = []
    for engine in ("in-memory", "streaming"):
        for what, expr in hosts.items():
            def run(expr: Any = expr, engine: str = engine) -> int:
                return df.lazy().select(expr.alias("h")).collect(engine=engine)["h"].count()

            cases.append((what, engine, run))
    table, rates = run_cases(cases, rows, repeat, "polars")
    targets = []
    for engine in ("in-memory", "streaming"):
        regex = f"Polars regex, str.extract(HOST_REGEX, 1), {engine}"
        for spec, name, recipe_name in (
            ("RFC 1738", "host() by RFC 1738", "'host') by RFC 1738"),
            ("WHATWG", "host(spec='whatwg')", "'host', 'whatwg')"),
        ):
            plugin = f"urikit.polars plugin, {name}, {engine}"
            recipe_key = f"map_batches over urikit.arrow.get(..., {recipe_name}, {engine}"
            met = "met" if rates[plugin][0] >= 2 * rates[regex][0] else "NOT met"
            targets.append(f"- {engine}: the plugin by {spec} >= 2x the regex: {met}: {ratio(rates, plugin, regex)}")
            targets.append(
                f"- {engine}: the plugin by {spec} against the map_batches recipe by {spec}: {ratio(rates, plugin, recipe_key)}"
            )
    threads = pl.thread_pool_size()
    notes = (
        f"Polars {pl.__version__}, {threads} threads in its pool; one DataFrame of {rows:,} rows in one chunk, "
        "each case `df.lazy().select(expr).collect(engine=...)`. `HOST_REGEX` is "
        f"`{HOST_REGEX}`: the text after the scheme's `//` and any userinfo, up to `:`, `/`, `?` or `#`, "
        "checking nothing (it finds a host in URLs every spec refuses). `accepted`: non-null rows (the regex: "
        "rows it matched, an empty host included; urikit: URLs valid by the spec that have a host)."
    )
    return f"Polars {pl.__version__}", [notes], table, targets


def duckdb_part(rows: int, repeat: int) -> Tuple[str, List[str], List[List[str]], List[str]]:
    import duckdb

    import urikit.duckdb

    con = urikit.duckdb.register(duckdb.connect())
    urls = pa.table({"url": pa.array(rows_of(rows), type=pa.string())})
    con.register("urls_arrow", urls)
    con.execute("CREATE TABLE urls AS SELECT * FROM urls_arrow")
    con.unregister("urls_arrow")
    con.create_function("python_host", host_row, ["VARCHAR"], "VARCHAR", null_handling="special", side_effects=False)
    threads = con.execute("SELECT current_setting('threads')").fetchone()[0]
    regex = HOST_REGEX.replace("'", "''")

    def count(expression: str) -> Callable[[], int]:
        return lambda: con.execute(f"SELECT count({expression}) FROM urls").fetchone()[0]

    cases = [
        ("urikit_host(url)", "Arrow UDF", count("urikit_host(url)")),
        ("urikit_host(url, 'whatwg')", "Arrow UDF", count("urikit_host(url, 'whatwg')")),
        ("regexp_extract(url, HOST_REGEX, 1)", "DuckDB", count(f"NULLIF(regexp_extract(url, '{regex}', 1), '')")),
        ("urikit.parse(url).host, one row at a time", "Python UDF", count("python_host(url)")),
    ]
    table, rates = run_cases(cases, rows, repeat, "duckdb")
    con.close()
    ours, regex_key, udf = "urikit_host(url), Arrow UDF", "regexp_extract(url, HOST_REGEX, 1), DuckDB", "urikit.parse(url).host, one row at a time, Python UDF"
    whatwg = "urikit_host(url, 'whatwg'), Arrow UDF"
    targets = [
        f"- urikit_host(url) against regexp_extract: {ratio(rates, ours, regex_key)}",
        f"- urikit_host(url, 'whatwg') against regexp_extract: {ratio(rates, whatwg, regex_key)}",
        f"- urikit_host(url) against a Python UDF calling urikit.parse row at a time: {ratio(rates, ours, udf)}",
    ]
    notes = (
        f"DuckDB {duckdb.__version__}, threads = {threads}; the {rows:,} URLs in a table, each case "
        "`SELECT count(expression) FROM urls`. `regexp_extract` gives '' where the regex does not match, "
        "so its count is of `NULLIF(regexp_extract(...), '')` (an empty host is not counted either). "
        "`accepted`: rows with a host."
    )
    return f"DuckDB {duckdb.__version__}", [notes], table, targets


HEADERS = {
    "local": ["what", "threads", "rows/s (wall)", "rows per CPU second", "accepted"],
    "spark": ["what", "method", "batch rows", "rows/s (wall, median)", "rows per CPU second (median)", "rows counted"],
    "polars": ["what", "engine", "rows/s (wall)", "rows per CPU second", "accepted"],
    "duckdb": ["what", "engine", "rows/s (wall)", "rows per CPU second", "accepted"],
}
TITLES = {"local": "One machine", "spark": "Spark", "polars": "Polars", "duckdb": "DuckDB"}


def section(part: str, title: str, notes: List[str], table: List[List[str]], targets: List[str]) -> str:
    """One part of the report, with the machine and commit it was measured on."""
    header = HEADERS[part]
    out = [
        f"## {title}",
        "",
        f"Measured on: {MACHINE}; commit {commit()}; load average at the end: "
        + ", ".join(f"{x:.1f}" for x in os.getloadavg()),
        "",
    ]
    for note in notes:
        out += [note, ""]
    # Numbers to the right, words to the left.
    align = ["---" if h in ("what", "method", "engine") else "---:" for h in header]
    out += ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    out += [f"| {' | '.join(r)} |" for r in table]
    out += ["", "Targets:", ""] + targets
    return "\n".join(out)


def previous_sections(path: Path) -> dict:
    """The sections of the report at `path`, by part. A report written
    before each section said where it was measured has one Machine and
    Commit line for all and one Targets section: each section gets those
    lines, and the targets go to the part they are about (`urikit.arrow`:
    the one-machine part; the others: Spark)."""
    if not path.is_file():
        return {}
    text = path.read_text(encoding="utf-8")
    head, *chunks = text.split("\n## ")
    found = {}
    for chunk in chunks:
        title = chunk.split("\n", 1)[0]
        part = next((p for p, t in TITLES.items() if title.startswith(t)), "targets" if title == "Targets" else None)
        if part:
            found[part] = "## " + chunk.rstrip("\n")
    if "targets" in found:
        machine = next((l[len("Machine: ") :] for l in head.splitlines() if l.startswith("Machine: ")), "?")
        measured = next((l[len("Commit: ") :] for l in head.splitlines() if l.startswith("Commit: ")), "?")
        lines = [l for l in found.pop("targets").splitlines() if l.startswith("- ")]
        for part in list(found):
            title, rest = found[part].split("\n", 1)
            mine = [l for l in lines if l.startswith("- urikit.arrow") == (part == "local")]
            found[part] = "\n".join([title, "", f"Measured on: {machine}; commit {measured}", rest.rstrip("\n"), "", "Targets:", ""] + mine)
    return found


def markdown(rows: int, sections: dict) -> str:
    out = [
        "# Python benchmarks",
        "",
        "<!-- Generated by crates/python/bench/bench.py; do not edit by hand. -->",
        "",
        f"Input: the union of `bench/data` ({len(union()):,} URLs) repeated to {rows:,} rows. "
        "Rates are the best of the timed runs after a warm-up (Spark's: medians, as said there), by the "
        "wall clock and by the CPU time of the process (all its threads). `accepted` counts the rows each "
        "side accepts (urikit: valid by RFC 1738 unless said; urlsplit: did not raise; Spark: has a host). "
        "Each section says the machine and the commit it was measured on: `--parts` runs some parts and "
        "keeps the others' last report.",
    ]
    for part in PARTS:
        if part in sections:
            out += ["", sections[part]]
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", default=str(REPO / "BENCHMARKS-python.md"))
    parser.add_argument("--parts", default=",".join(PARTS), help="the parts to run: " + ", ".join(PARTS))
    parser.add_argument("--no-spark", action="store_true", help="every part but Spark")
    parser.add_argument(
        "--batches", default="10000,100000", help="values of spark.sql.execution.arrow.maxRecordsPerBatch to run"
    )
    args = parser.parse_args()
    parts = [p for p in args.parts.split(",") if p]
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown parts {', '.join(sorted(unknown))}; the parts are {', '.join(PARTS)}")
    if args.no_spark:
        parts = [p for p in parts if p != "spark"]
    global MACHINE
    MACHINE = machine()
    sections = {} if args.out == "-" else previous_sections(Path(args.out))
    if "local" in parts:
        table, targets = local(args.rows, args.repeat)
        sections["local"] = section("local", TITLES["local"], [], table, targets)
    if "spark" in parts:
        table, targets, title, notes = spark_part(args.rows, args.repeat, [int(b) for b in args.batches.split(",")])
        sections["spark"] = section("spark", f"Spark {title}", [notes], table, targets)
    for part, run in (("polars", polars_part), ("duckdb", duckdb_part)):
        if part in parts:
            title, notes, table, targets = run(args.rows, args.repeat)
            sections[part] = section(part, title, notes, table, targets)
    report = markdown(args.rows, sections)
    if args.out == "-":
        print(report)
    else:
        Path(args.out).write_text(report, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
