"""urikit on Spark: a struct column of URL components, computed by the Arrow
kernels on the executors through an Arrow UDF (or ``DataFrame.mapInArrow``).

The executors import ``urikit``, a compiled module: the wheel must be
installed in the Python environment of every executor (see the package
README for a cluster), not shipped with ``--py-files``.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from . import _urikit


def parsed_type() -> Any:
    """The Spark type of the struct column :func:`parse` adds: the fields of
    :func:`urikit.arrow.parse`, with ``port`` as an integer."""
    from pyspark.sql.types import BooleanType, IntegerType, StringType, StructField, StructType

    fields = [StructField(name, StringType(), True) for name in ("scheme", "user", "password", "host")]
    fields.append(StructField("port", IntegerType(), True))
    fields += [StructField(name, StringType(), True) for name in ("path", "query", "fragment")]
    fields += [StructField("valid", BooleanType(), True), StructField("error", StringType(), True)]
    return StructType(fields)


def parse(
    df: Any, column: str, spec: Optional[Any] = None, *, into: Optional[str] = None, method: Optional[str] = None
) -> Any:
    """``df`` with one more column, ``into`` (default ``<column>_parsed``): the
    struct :func:`urikit.arrow.parse` makes of ``column`` (a string column),
    with ``port`` as an integer.

    ``method`` is ``"arrow_udf"`` (the default where PySpark has
    ``pyspark.sql.functions.arrow_udf``, 4.1 and later: only the new column
    comes back from Python) or ``"mapInArrow"`` (every column goes through
    Python and back). The spec is fixed on the driver (``URIKIT_SPEC`` is read
    there, not on the executors). Each Arrow batch is parsed on the Python
    worker's own thread: Spark already runs one task per core.
    """
    from pyspark.sql import functions as F
    from pyspark.sql.types import StructField, StructType

    spec_name = _urikit.spec_name(spec)
    name = into if into is not None else f"{column}_parsed"
    if name in df.columns:
        raise ValueError(f"column {name!r} exists already")
    if column not in df.columns:
        raise ValueError(f"no column {column!r}")
    if method is None:
        method = "arrow_udf" if hasattr(F, "arrow_udf") else "mapInArrow"
    large = _large_strings(df)

    # No annotations: arrow_udf reads them as the kind of UDF.
    def parsed(urls):  # type: ignore[no-untyped-def]
        import pyarrow as pa

        from urikit import arrow

        string = pa.large_string() if large else pa.string()
        kinds = {"port": pa.int32(), "valid": pa.bool_()}
        target = pa.struct([pa.field(n, kinds.get(n, string)) for n in _FIELDS])
        return arrow.parse(urls, spec_name, threads=1).cast(target)

    if method == "arrow_udf":
        udf = F.arrow_udf(parsed, parsed_type())
        return df.withColumn(name, udf(F.col(column)))
    if method != "mapInArrow":
        raise ValueError(f"unknown method {method!r}, expected 'arrow_udf' or 'mapInArrow'")
    schema = StructType(list(df.schema.fields) + [StructField(name, parsed_type(), True)])

    def run(batches: Iterator[Any]) -> Iterator[Any]:
        import pyarrow as pa

        for batch in batches:
            yield pa.RecordBatch.from_arrays(
                list(batch.columns) + [parsed(batch.column(column))], names=list(batch.schema.names) + [name]
            )

    return df.mapInArrow(run, schema)


def _large_strings(df: Any) -> bool:
    """Whether Spark exchanges strings with Python as ``large_string``."""
    try:
        conf = df.sparkSession.conf.get("spark.sql.execution.arrow.useLargeVarTypes", "false")
    except Exception:  # an older Spark without the setting
        return False
    return str(conf).lower() == "true"


_FIELDS = ("scheme", "user", "password", "host", "port", "path", "query", "fragment", "valid", "error")

__all__ = ["parse", "parsed_type"]
