"""Polars and DuckDB through the Arrow kernels, beyond the README's examples:
nulls, several chunks, and the struct of parse."""

from __future__ import annotations

import duckdb
import polars as pl
import pyarrow as pa

import urikit.arrow

URLS = ["http://info.cern.ch/", None, "http://user@host/", "ftp://@h:21/x"]


def test_polars_map_batches_over_chunks() -> None:
    parsed = pl.from_arrow(urikit.arrow.parse(pa.array([], pa.string()))).dtype
    frame = pl.concat([pl.DataFrame({"url": URLS[:2]}), pl.DataFrame({"url": URLS[2:]})], rechunk=False)
    assert frame["url"].n_chunks() == 2
    out = frame.with_columns(
        pl.col("url")
        .map_batches(lambda s: pl.from_arrow(urikit.arrow.is_valid(s.to_arrow())), return_dtype=pl.Boolean)
        .alias("valid"),
        pl.col("url")
        .map_batches(lambda s: pl.from_arrow(urikit.arrow.parse(s.to_arrow())), return_dtype=parsed)
        .alias("parsed"),
    )
    assert out["valid"].to_list() == [True, None, False, True]
    assert out["parsed"].struct.field("host").to_list() == ["info.cern.ch", None, None, "h"]
    assert out["parsed"].struct.field("port").to_list() == [None, None, None, 21]


def test_duckdb_arrow_udf_with_nulls() -> None:
    con = duckdb.connect()
    try:
        # "special": the functions see the null rows, and may return null.
        udf = {"type": "arrow", "null_handling": "special"}
        con.create_function("url_host", lambda a: urikit.arrow.get(a, "host"), ["VARCHAR"], "VARCHAR", **udf)
        con.create_function("url_norm", lambda a: urikit.arrow.normalize(a), ["VARCHAR"], "VARCHAR", **udf)
        table = pa.table({"u": pa.array(URLS + ["HTTP://A:80/%7e"])})
        con.register("t", table)
        rows = con.sql("SELECT url_host(u), url_norm(u) FROM t").fetchall()
    finally:
        con.close()
    assert rows == [
        ("info.cern.ch", "http://info.cern.ch/"),
        (None, None),
        (None, None),
        ("h", "ftp://@h/x"),
        ("A", "http://a/%7E"),
    ]
