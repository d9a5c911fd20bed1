"""Shared paths and fixtures of the urikit Python tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import urikit.spark

REPO = Path(__file__).resolve().parents[3]
"""The repository root."""

JVM_JAR = REPO / "crates" / "jvm" / "target" / "urikit-jvm.jar"
JVM_LIBRARY = REPO / "crates" / "jvm" / "target" / "release" / "liburikit_jvm.so"
"""The JVM UDF and its native library, as crates/jvm/build.sh leaves them."""

SEEDS = REPO / "crates" / "core" / "tests" / "data" / "seeds.json"
"""The seed examples the Rust tests run (crates/core/tests/seeds.rs)."""


def seed_cases(kind: str) -> list:
    return [c for c in json.loads(SEEDS.read_text(encoding="utf-8"))["cases"] if c["kind"] == kind]


@pytest.fixture(autouse=True)
def no_spec_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts without URIKIT_SPEC, whatever the caller's shell holds."""
    monkeypatch.delenv("URIKIT_SPEC", raising=False)


def urikit_binary() -> Path:
    """The `urikit` command built from this repository (`cargo build -p
    urikit-cli`), or $URIKIT_BIN."""
    if "URIKIT_BIN" in os.environ:
        return Path(os.environ["URIKIT_BIN"])
    return REPO / "target" / "debug" / "urikit"


def cli_records(urls: list, spec: str) -> list:
    """`urikit parse --json --spec SPEC` over the URLs, one record each."""
    env = {k: v for k, v in os.environ.items() if k != "URIKIT_SPEC"}
    done = subprocess.run(
        [str(urikit_binary()), "parse", "--json", "--spec", spec],
        input="".join(u + "\n" for u in urls).encode(),
        capture_output=True,
        env=env,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
    records = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(records) == len(urls)
    return records


def cli_explain(urls: list, base: "str | None" = None) -> list:
    """`urikit explain --json` over the URLs (against `base`), one object each."""
    env = {k: v for k, v in os.environ.items() if k != "URIKIT_SPEC"}
    args = [str(urikit_binary()), "explain", "--json"] + (["--base", base] if base else [])
    done = subprocess.run(
        args, input="".join(u + "\n" for u in urls).encode(), capture_output=True, env=env, check=False
    )
    assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
    records = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(records) == len(urls)
    return records


BENCH_DATA = REPO / "bench" / "data"
"""The benchmark URL lists of the repository (as the Rust benchmarks read them)."""


def bench_union() -> list:
    """Every URL of bench/data/*.txt, files in name order, read as
    the Rust benchmarks read them: BOM, CR and blank lines dropped."""
    files = sorted(BENCH_DATA.glob("*.txt"))
    assert files, f"no URL lists in {BENCH_DATA}"
    urls = []
    for path in files:
        text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
        urls += [line.rstrip("\r") for line in text.split("\n") if line.strip()]
    return urls


@pytest.fixture(scope="session")
def spark():
    """One local[2] SparkSession for every test that needs Spark, whose
    Python workers run this interpreter (the one urikit is installed in)."""
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable

    session = (
        SparkSession.builder.master("local[2]")
        .appName("urikit-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        # The JVM UDF of crates/jvm (built by crates/jvm/build.sh), for test_spark_jvm.py.
        .config(map=urikit.spark.jvm_conf(str(JVM_JAR), str(JVM_LIBRARY.parent)))
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
