"""urikit.spark: a real PySpark job on local[2], checked against the urikit
command (the Rust side) on the same 100,000 URLs."""

from __future__ import annotations

from collections import Counter

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import urikit.spark
from conftest import bench_union, cli_records

ROWS = 100_000


def test_spark_job_matches_the_command(spark, tmp_path) -> None:  # noqa: ANN001
    urls = bench_union()[:ROWS]
    assert len(urls) == ROWS
    records = cli_records(urls, "rfc1738")
    want_hosts = [r["host"] if r["valid"] else None for r in records]
    want_valid = sum(r["valid"] for r in records)
    # Both outcomes occur in this data, so the counts below can fail either way.
    assert 0 < want_valid < ROWS

    path = str(tmp_path / "urls.parquet")
    pq.write_table(pa.table({"id": pa.array(range(ROWS), pa.int64()), "url": urls}), path)
    df = spark.read.parquet(path).repartition(4)
    out = urikit.spark.parse(df, "url", spec="rfc1738")
    assert out.columns == ["id", "url", "url_parsed"]

    assert out.where("url_parsed.valid").count() == want_valid
    assert out.where("NOT url_parsed.valid AND url_parsed.error IS NOT NULL").count() == ROWS - want_valid
    rows = out.select("id", "url_parsed.host", "url_parsed.port").collect()
    got_hosts = [None] * ROWS
    got_ports = [None] * ROWS
    for row in rows:
        got_hosts[row["id"]] = row["host"]
        got_ports[row["id"]] = row["port"]
    assert got_hosts == want_hosts
    assert got_ports == [r["port"] for r in records]
    assert Counter(got_hosts).most_common(3) == Counter(want_hosts).most_common(3)


@pytest.mark.parametrize("method", ["mapInArrow", "arrow_udf"])
def test_spark_get_host_matches_the_command(spark, tmp_path, method: str) -> None:  # noqa: ANN001
    urls = bench_union()[:ROWS]
    records = cli_records(urls, "rfc1738")
    want_hosts = [r["host"] if r["valid"] else None for r in records]
    # Hosts, nulls (invalid rows, and valid ones without a host) and repeats all occur.
    assert None in want_hosts and 1 < len(set(want_hosts)) < ROWS

    path = str(tmp_path / "urls.parquet")
    pq.write_table(pa.table({"id": pa.array(range(ROWS), pa.int64()), "url": urls}), path)
    df = spark.read.parquet(path).repartition(4)
    out = urikit.spark.get(df, "url", "host", spec="rfc1738", method=method)
    assert out.columns == ["id", "url", "url_host"]
    got_hosts = [None] * ROWS
    for row in out.select("id", "url_host").collect():
        got_hosts[row["id"]] = row["url_host"]
    assert got_hosts == want_hosts
    assert out.where("url_host IS NOT NULL").count() == sum(h is not None for h in want_hosts)


@pytest.mark.parametrize("method", ["arrow_udf", "mapInArrow"])
def test_spark_parse_options(spark, method: str) -> None:  # noqa: ANN001
    df = spark.createDataFrame([("http://[::1]/",), (None,), ("ftp://@h/x",)], "u string")
    out = urikit.spark.parse(df, "u", spec=urikit.Spec.RFC3986, into="p", method=method)
    assert out.columns == ["u", "p"]
    rows = out.select("p").collect()
    assert rows[0]["p"]["host"] == "[::1]" and rows[0]["p"]["valid"] is True
    assert rows[1]["p"] is None
    assert rows[2]["p"]["user"] == ""
    assert urikit.spark.parse(df, "u").where("u_parsed.valid").count() == 1
    with pytest.raises(ValueError, match="exists already"):
        urikit.spark.parse(df, "u", into="u")
    with pytest.raises(ValueError, match="no column"):
        urikit.spark.parse(df, "nope")
    with pytest.raises(ValueError, match="unknown method"):
        urikit.spark.parse(df, "u", method="rdd")


@pytest.mark.parametrize("method", ["mapInArrow", "arrow_udf"])
def test_spark_get_options(spark, method: str) -> None:  # noqa: ANN001
    df = spark.createDataFrame(
        [("http://[::1]:8080/a?q#f",), (None,), ("HTTP://u:p@h/x",), ("not a url",)], "u string"
    )
    out = urikit.spark.get(df, "u", "host", spec=urikit.Spec.RFC3986, method=method)
    assert out.columns == ["u", "u_host"]
    assert [r["u_host"] for r in out.collect()] == ["[::1]", None, "h", None]
    by_name = {
        "scheme": ["http", None, "http", None],
        "user": [None, None, "u", None],
        "port": ["8080", None, None, None],
        "query": ["q", None, None, None],
    }
    for component, want in by_name.items():
        got = urikit.spark.get(df, "u", component, spec="rfc3986", into="c", method=method)
        assert got.schema["c"].dataType.simpleString() == "string"
        assert [r["c"] for r in got.select("c").collect()] == want, component
    # The default method, whichever it is.
    default = urikit.spark.get(df, "u", "host", spec="rfc3986")
    assert [r["u_host"] for r in default.collect()] == ["[::1]", None, "h", None]
    with pytest.raises(ValueError, match="unknown component"):
        urikit.spark.get(df, "u", "hostname")
    with pytest.raises(ValueError, match="exists already"):
        urikit.spark.get(df, "u", "host", into="u")
    with pytest.raises(ValueError, match="no column"):
        urikit.spark.get(df, "nope", "host")
    with pytest.raises(ValueError, match="unknown method"):
        urikit.spark.get(df, "u", "host", method="rdd")


def test_spark_get_large_strings(spark) -> None:  # noqa: ANN001
    key = "spark.sql.execution.arrow.useLargeVarTypes"
    before = spark.conf.get(key, "false")
    spark.conf.set(key, "true")
    try:
        df = spark.createDataFrame([("ftp://a.b/c",), ("gopher://g:70/1",)], "u string")
        for method in urikit.spark.METHODS:
            out = urikit.spark.get(df, "u", "host", method=method)
            assert [r["u_host"] for r in out.collect()] == ["a.b", "g"]
    finally:
        spark.conf.set(key, before)
