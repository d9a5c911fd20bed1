"""The JVM UDF of crates/jvm (io.urikit.spark.Host, urikit through JNI): a
real PySpark job on local[2] over the bench data, checked against
urikit.spark.get (the Python workers) and the urikit command (the Rust side)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import urikit.spark
from conftest import JVM_JAR, JVM_LIBRARY, bench_union, cli_records

ROWS = 100_000


def test_built() -> None:
    # crates/jvm/build.sh (run by .ci/python.sh) makes both.
    assert JVM_JAR.is_file(), JVM_JAR
    assert JVM_LIBRARY.is_file(), JVM_LIBRARY


def test_jvm_hosts_match_get_and_the_command(spark, tmp_path) -> None:  # noqa: ANN001
    urls = bench_union()[:ROWS] + [None]
    records = cli_records(urls[:ROWS], "rfc1738")
    want = [r["host"] if r["valid"] else None for r in records] + [None]
    # Hosts, nulls (invalid rows, valid ones without a host) and repeats all occur.
    assert None in want[:ROWS] and 1 < len(set(want)) < ROWS

    path = str(tmp_path / "urls.parquet")
    ids = pa.array(range(len(urls)), pa.int64())
    pq.write_table(pa.table({"id": ids, "url": pa.array(urls, pa.string())}), path)
    df = spark.read.parquet(path).repartition(4)
    out = urikit.spark.host_jvm(df, "url")
    assert out.columns == ["id", "url", "url_host"]
    assert dict(out.dtypes)["url_host"] == "string"
    python = urikit.spark.get(df, "url", "host").withColumnRenamed("url_host", "py_host")
    joined = out.join(python.select("id", "py_host"), "id")
    got = [None] * len(urls)
    from_python = [None] * len(urls)
    for row in joined.select("id", "url_host", "py_host").collect():
        got[row["id"]] = row["url_host"]
        from_python[row["id"]] = row["py_host"]
    assert got == want
    assert from_python == want
    nulls = sum(h is None for h in want)
    assert out.where("url_host IS NULL").count() == nulls
    assert python.where("py_host IS NULL").count() == nulls


@pytest.mark.parametrize("spec", ["rfc1738", "rfc1630", "rfc1808", "rfc3986"])
def test_jvm_specs_and_odd_strings(spark, spec: str) -> None:  # noqa: ANN001
    urls = [
        "http://[::1]/",
        "http://Example.COM:8080/a?b",
        None,
        "",
        "mailto:a@b.org",
        "http://h\u00e9.example/",  # not ASCII
        "http://h/\ud800",  # a lone surrogate: not Unicode
        "http://h/\U0001f600",
        "http://a b/",
        "ftp://u:p@ftp.x.org/f",
    ]
    want = []
    for url in urls:
        try:
            want.append(urikit.parse(url, spec).host if url is not None and "\ud800" not in url else None)
        except urikit.ParseError:
            want.append(None)
    df = spark.createDataFrame([(i, u) for i, u in enumerate(urls)], "id long, u string")
    out = urikit.spark.host_jvm(df, "u", spec, into="h")
    got = [r["h"] for r in out.orderBy("id").collect()]
    assert got == want
    # The string-to-string UDF, as SQL would call it.
    name = urikit.spark.register_jvm(spark, f"host_{spec}", spec)
    got = [r["h"] for r in df.selectExpr("id", f"{name}(u) AS h").orderBy("id").collect()]
    assert got == want
    # The octets-to-octets UDF, between its casts.
    name = urikit.spark.register_jvm(spark, f"host_octets_{spec}", spec, octets=True)
    sql = f"CAST({name}(CAST(u AS BINARY)) AS STRING) AS h"
    got = [r["h"] for r in df.selectExpr("id", sql).orderBy("id").collect()]
    assert got == want
    assert urikit.spark.get(df, "u", "host", spec).orderBy("id").select("u_host").collect() == [
        (h,) for h in want
    ]


def test_jvm_sql_and_errors(spark) -> None:  # noqa: ANN001
    name = urikit.spark.register_jvm(spark, "host_of", "rfc3986")
    assert name == "host_of"
    assert spark.sql("SELECT host_of('http://[::1]/') AS h").collect()[0]["h"] == "[::1]"
    urikit.spark.register_jvm(spark, "host_octets", "rfc3986", octets=True)
    sql = "SELECT CAST(host_octets(CAST('http://[::1]/' AS BINARY)) AS STRING) AS h"
    assert spark.sql(sql).collect()[0]["h"] == "[::1]"
    df = spark.createDataFrame([("x",)], "u string")
    with pytest.raises(ValueError, match="exists already"):
        urikit.spark.host_jvm(df, "u", into="u")
    with pytest.raises(ValueError, match="no column"):
        urikit.spark.host_jvm(df, "nope")


def test_jvm_spec_codes_follow_the_classes() -> None:
    # Host$Rfc1630 is numbered 1 on the Java side, and so on: the same order;
    # WHATWG, which has no class of its own, comes after them.
    assert list(urikit.spark.SPEC_CODES) == list(urikit.spark.JVM_CLASSES) + ["whatwg"]
    assert list(urikit.spark.SPEC_CODES.values()) == [0, 1, 2, 3, 4]



def test_jvm_expression_of_a_string_inside_a_row(spark) -> None:  # noqa: ANN001
    # Strings that stand inside a larger buffer (a row of several columns,
    # after a substring): the native side reads them where they are.
    df = spark.createDataFrame([("xx", "http://a.b/c", "yy"), ("p", "gopher://g:70/1", "q")], "a string, u string, b string")
    cut = df.selectExpr("a", "substring(concat(a, u, b), length(a) + 1, length(u)) AS u", "b")
    got = [r["u_host"] for r in urikit.spark.host_jvm(cut, "u").orderBy("a").collect()]
    assert got == ["g", "a.b"]


def test_jvm_parse_matches_the_python_workers(spark, tmp_path) -> None:  # noqa: ANN001
    # The struct of urikit.spark.parse, by the JVM expression and by the
    # Python workers (urikit.arrow.parse), over the bench URLs: equal row by row.
    urls = bench_union()[:ROWS] + [None]
    path = str(tmp_path / "urls.parquet")
    ids = pa.array(range(len(urls)), pa.int64())
    pq.write_table(pa.table({"id": ids, "url": pa.array(urls, pa.string())}), path)
    df = spark.read.parquet(path).repartition(4)
    jvm = urikit.spark.parse(df, "url", method="jvm")
    assert jvm.schema["url_parsed"].dataType == urikit.spark.parsed_type()
    python = urikit.spark.parse(df, "url").withColumnRenamed("url_parsed", "py_parsed")
    joined = jvm.join(python.select("id", "py_parsed"), "id")
    differ = joined.where("NOT (url_parsed <=> py_parsed)")
    assert differ.count() == 0, differ.limit(5).collect()
    valid = sum(r["valid"] for r in cli_records(urls[:ROWS], "rfc1738"))
    assert jvm.where("url_parsed.valid").count() == valid
    assert jvm.where("url_parsed IS NULL").count() == 1


@pytest.mark.parametrize("spec", ["rfc1738", "rfc1630", "rfc1808", "rfc3986"])
def test_jvm_parse_of_odd_strings(spark, spec: str) -> None:  # noqa: ANN001
    urls = [
        "HTTP://Example.COM:8080/a?b",
        "ftp://u:p@h/a;type=d",
        "http://u:p@h/a?b#c",
        "http://[::1]:0/",
        "http://h:99999/",
        "http://h:/",
        "mailto:a@b.org",
        "file:///etc/motd",
        "http://h/\U0001f600",
        "http://a b/",
        "",
        None,
    ]
    df = spark.createDataFrame([(i, u) for i, u in enumerate(urls)], "id long, u string")
    # A value that is not UTF-8, as a cast from octets makes it.
    octets = spark.createDataFrame([(len(urls), bytearray(b"http://a/\xff"))], "id long, b binary")
    df = df.union(octets.selectExpr("id", "CAST(b AS STRING) AS u"))
    got = urikit.spark.parse(df, "u", spec, method="jvm").orderBy("id").select("u_parsed").collect()
    want = urikit.spark.parse(df, "u", spec).orderBy("id").select("u_parsed").collect()
    assert got == want
    assert (got[0][0]["scheme"], got[0][0]["host"], got[0][0]["port"]) == ("http", "Example.COM", 8080)
    assert got[-2][0] is None and got[-1][0]["valid"] is False
