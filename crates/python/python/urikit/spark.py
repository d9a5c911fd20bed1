"""urikit on Spark: URL components computed by the Arrow kernels on the
executors, through ``DataFrame.mapInArrow`` or an Arrow UDF.

:func:`parse` adds a struct of every component; :func:`get` adds one
component (``"host"``), which is all a query that only wants the host should
pay for.

The executors import ``urikit``, a compiled module: the wheel must be
installed in the Python environment of every executor (see the package
README for a cluster), not shipped with ``--py-files``.

Speed: Spark hands Python its rows in Arrow batches of
``spark.sql.execution.arrow.maxRecordsPerBatch`` rows (10,000 by default), a
session setting read when a query runs, so this module cannot set it for its
own queries: see the package README for the value the benchmark favours.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, Optional

from . import _urikit

METHODS = ("mapInArrow", "arrow_udf")
"""The ways :func:`parse` and :func:`get` can run through Python workers; the
first is the default. :func:`parse` also takes ``method="jvm"``."""


def parsed_type() -> Any:
    """The Spark type of the struct column :func:`parse` adds: the fields of
    :func:`urikit.arrow.parse`, with ``port`` as an integer and ``port_str``
    the port as written."""
    from pyspark.sql.types import BooleanType, IntegerType, StringType, StructField, StructType

    fields = [StructField(name, StringType(), True) for name in ("scheme", "user", "password", "host")]
    fields.append(StructField("port", IntegerType(), True))
    fields += [StructField(name, StringType(), True) for name in ("port_str", "path", "query", "fragment")]
    fields += [StructField("valid", BooleanType(), True), StructField("error", StringType(), True)]
    return StructType(fields)


def _parsing(spec: Optional[Any], lenient: Optional[bool], base: Optional[str]) -> str:
    """The spec's name, after checking on the driver, once, that ``base`` is
    a URL by it (:class:`urikit.ParseError` if not) and that ``lenient``
    may go with it."""
    spec_name = _urikit.spec_name(spec)
    _urikit.is_valid("", spec_name, lenient=lenient, base=base)
    return spec_name


def parse(
    df: Any,
    column: str,
    spec: Optional[Any] = None,
    *,
    into: Optional[str] = None,
    method: Optional[str] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """``df`` with one more column, ``into`` (default ``<column>_parsed``): the
    struct :func:`urikit.arrow.parse` makes of ``column`` (a string column),
    with ``port`` as an integer.

    ``method`` is ``"mapInArrow"`` (the default, the faster of the two Python
    routes in the benchmark: every column goes to the Python worker and back),
    ``"arrow_udf"`` (PySpark 4.1 and later: only ``column`` goes to Python,
    only the new column comes back; it may pay when the other columns are
    wide), or ``"jvm"``: no Python worker, the Spark expression of
    ``io.urikit.spark.ParseExpression`` calling urikit through JNI on the
    executors' JVM, the fastest, for a session built with :func:`jvm_conf`
    (a classic one, not Spark Connect). The spec is fixed on the driver
    (``URIKIT_SPEC`` is read there, not on the executors). Each Arrow batch
    is parsed on the Python worker's own thread: Spark already runs one task
    per core.

    ``lenient`` and ``base`` are those of :func:`urikit.parse`: by
    ``spec="whatwg"`` each URL goes through the browser's parser, against
    ``base`` when one is given (``new URL(url, base)``), on every route; a
    base that is not a URL raises :class:`urikit.ParseError` here, on the
    driver.
    """
    spec_name = _parsing(spec, lenient, base)
    name = into if into is not None else f"{column}_parsed"
    if method == "jvm":
        return _add_jvm(df, column, name, "ParseExpression", "parse", spec_name, lenient, base)
    large = _large_strings(df)

    # No annotations: arrow_udf reads them as the kind of UDF.
    def parsed(urls):  # type: ignore[no-untyped-def]
        import pyarrow as pa

        from urikit import arrow

        string = pa.large_string() if large else pa.string()
        kinds = {"port": pa.int32(), "valid": pa.bool_()}
        target = pa.struct([pa.field(n, kinds.get(n, string)) for n in _FIELDS])
        return arrow.parse(urls, spec_name, threads=1, lenient=lenient, base=base).cast(target)

    return _add(df, column, name, parsed, parsed_type(), method)


def get(
    df: Any,
    column: str,
    component: str,
    spec: Optional[Any] = None,
    *,
    into: Optional[str] = None,
    method: Optional[str] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """``df`` with one more string column, ``into`` (default
    ``<column>_<component>``): one component of each URL of ``column``, as
    :func:`urikit.arrow.get` gives it (one of :data:`urikit.arrow.COMPONENTS`,
    ``port`` as its digits); null where the row is null, not a valid URL, or
    has no such component. ``spec``, ``method``, ``lenient`` and ``base`` as
    for :func:`parse`, but for ``method="jvm"``: :func:`host_jvm` is the JVM
    route, for the host.

    ``get(df, "url", "host")`` does the work of Spark's
    ``parse_url(url, 'HOST')`` by the letter of the spec, and nothing more.
    """
    from pyspark.sql.types import StringType

    from .arrow import COMPONENTS

    spec_name = _parsing(spec, lenient, base)
    if component not in COMPONENTS:
        raise ValueError(f"unknown component {component!r}, expected one of: {', '.join(COMPONENTS)}")
    large = _large_strings(df)

    def one(urls):  # type: ignore[no-untyped-def]
        import pyarrow as pa

        from urikit import arrow

        result = arrow.get(urls, component, spec_name, threads=1, lenient=lenient, base=base)
        return result.cast(pa.large_string()) if large else result

    name = into if into is not None else f"{column}_{component}"
    return _add(df, column, name, one, StringType(), method)


def _add(
    df: Any, column: str, name: str, kernel: Callable[[Any], Any], spark_type: Any, method: Optional[str]
) -> Any:
    """``df`` with ``name``, ``kernel`` of ``column`` batch by batch, added
    by ``method``."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import StructField, StructType

    if name in df.columns:
        raise ValueError(f"column {name!r} exists already")
    if column not in df.columns:
        raise ValueError(f"no column {column!r}")
    if method is None:
        method = METHODS[0]
    if method == "arrow_udf":
        if not hasattr(F, "arrow_udf"):
            raise ValueError("method 'arrow_udf' needs PySpark 4.1 or later; use 'mapInArrow'")
        return df.withColumn(name, F.arrow_udf(kernel, spark_type)(F.col(column)))
    if method != "mapInArrow":
        raise ValueError(f"unknown method {method!r}, expected one of: {', '.join(METHODS)}")
    schema = StructType(list(df.schema.fields) + [StructField(name, spark_type, True)])

    def run(batches: Iterator[Any]) -> Iterator[Any]:
        import pyarrow as pa

        for batch in batches:
            yield pa.RecordBatch.from_arrays(
                list(batch.columns) + [kernel(batch.column(column))], names=list(batch.schema.names) + [name]
            )

    return df.mapInArrow(run, schema)


def _large_strings(df: Any) -> bool:
    """Whether Spark exchanges strings with Python as ``large_string``."""
    try:
        conf = df.sparkSession.conf.get("spark.sql.execution.arrow.useLargeVarTypes", "false")
    except Exception:  # an older Spark without the setting
        return False
    return str(conf).lower() == "true"


_FIELDS = ("scheme", "user", "password", "host", "port", "port_str", "path", "query", "fragment", "valid", "error")

JVM_CLASSES = {
    "rfc1738": "io.urikit.spark.Host",
    "rfc1630": "io.urikit.spark.Host$Rfc1630",
    "rfc1808": "io.urikit.spark.Host$Rfc1808",
    "rfc3986": "io.urikit.spark.Host$Rfc3986",
}
"""The Java UDF class that gives the host by each spec (``crates/jvm``),
string to string. By ``"whatwg"``, or with ``lenient`` or a base,
:func:`register_jvm` registers an instance of ``io.urikit.spark.Host`` made
for them instead."""

JVM_OCTET_CLASSES = {spec: name.replace(".Host", ".HostOctets") for spec, name in JVM_CLASSES.items()}
"""The same, UTF-8 octets to octets (binary to binary), to call between two
casts that decode nothing."""


def jvm_conf(jar: str, library_dir: str) -> Dict[str, str]:
    """The settings a SparkSession needs, when it is built, for
    :func:`register_jvm`: ``jar`` (``urikit-jvm.jar``) in ``spark.jars``, and
    ``library_dir`` (the directory of ``liburikit_jvm.so``) on the library
    path of the driver and of every executor.

    ``spark.jars`` ships the jar to the executors; the native library is not
    shipped: on a cluster it must be at ``library_dir`` on every executor
    host (installed on the image, or shipped with ``spark.files`` /
    ``--files`` and ``library_dir`` set to ``.``, the executor's working
    directory). Both are built by ``crates/jvm/build.sh``, for the operating
    system and CPU of the executors.
    """
    import os

    library_dir = os.path.abspath(library_dir) if library_dir != "." else library_dir
    return {
        "spark.jars": jar,
        "spark.driver.extraLibraryPath": library_dir,
        "spark.executor.extraLibraryPath": library_dir,
    }


def register_jvm(
    spark: Any,
    name: str = "urikit_host",
    spec: Optional[Any] = None,
    *,
    octets: bool = False,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> str:
    """Registers in ``spark`` the JVM UDF ``name(url)``: the host of ``url``
    by ``spec`` (fixed here, on the driver), the same values as
    ``get(df, column, "host", spec)``, computed on the executors' JVM through
    JNI, with no Python worker. The session must have been built with
    :func:`jvm_conf`. Returns ``name``, for ``F.call_udf`` or SQL.

    With ``octets=True`` the UDF takes and gives UTF-8 octets (binary), which
    spares Spark the conversion of each value to a Java string and back: call
    it as ``CAST(name(CAST(url AS BINARY)) AS STRING)``; the faster of the two
    in the benchmark. :func:`host_jvm`, an expression rather than a UDF, is
    faster still.

    ``spec="whatwg"``, ``lenient`` and ``base`` are those of :func:`parse`;
    with any of them the UDF is an instance made on the driver's JVM (a
    classic session, not Spark Connect), the base checked there, once.
    """
    from pyspark.sql.types import BinaryType, StringType

    spec_name = _parsing(spec, lenient, base)
    if spec_name not in JVM_CLASSES or lenient is not None or base is not None:
        udfs = spark._jvm.io.urikit.spark
        kind = udfs.HostOctets if octets else udfs.Host
        udf = kind.of(SPEC_CODES[spec_name], -1 if lenient is None else int(lenient), base)
        types = spark._jvm.org.apache.spark.sql.types.DataTypes
        spark._jsparkSession.udf().register(name, udf, types.BinaryType if octets else types.StringType)
        return name
    if octets:
        spark.udf.registerJavaFunction(name, JVM_OCTET_CLASSES[spec_name], BinaryType())
    else:
        spark.udf.registerJavaFunction(name, JVM_CLASSES[spec_name], StringType())
    return name


SPEC_CODES = {"rfc1738": 0, "rfc1630": 1, "rfc1808": 2, "rfc3986": 3, "whatwg": 4}
"""Each spec's number on the JVM side: its place in ``urikit::Spec::ALL``,
then WHATWG, which comes after them."""


def host_jvm(
    df: Any,
    column: str,
    spec: Optional[Any] = None,
    *,
    into: Optional[str] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """``df`` with one more string column, ``into`` (default
    ``<column>_host``): ``get(df, column, "host", spec)`` computed on the
    executors' JVM through JNI, with no Python worker, by the Spark
    expression of ``io.urikit.spark.HostExpression``: a static call in the
    code Spark generates, on the UTF-8 octets Spark holds each string in (no
    UDF, no conversion to a Java string, no cast). The session must have been
    built with :func:`jvm_conf`, and be a classic one (not Spark Connect): the
    expression is made on the driver's JVM. ``lenient`` and ``base`` as for
    :func:`parse`."""
    spec_name = _parsing(spec, lenient, base)
    name = into if into is not None else f"{column}_host"
    return _add_jvm(df, column, name, "HostExpression", "host", spec_name, lenient, base)


def _add_jvm(
    df: Any,
    column: str,
    name: str,
    java_class: str,
    function: str,
    spec_name: str,
    lenient: Optional[bool],
    base: Optional[str],
) -> Any:
    """``df`` with ``name``, the Spark expression that the static method
    ``function`` of ``io.urikit.spark.<java_class>`` makes of ``column``;
    ``lenient`` goes as -1 (the spec's default), 0 or 1, ``base`` as a string
    or null."""
    from pyspark.sql import functions as F
    from pyspark.sql.classic.column import Column

    if name in df.columns:
        raise ValueError(f"column {name!r} exists already")
    if column not in df.columns:
        raise ValueError(f"no column {column!r}")
    make = getattr(getattr(df.sparkSession._jvm.io.urikit.spark, java_class), function)
    leniency = -1 if lenient is None else int(lenient)
    return df.withColumn(name, Column(make(F.col(column)._jc, SPEC_CODES[spec_name], leniency, base)))


__all__ = [
    "JVM_CLASSES",
    "JVM_OCTET_CLASSES",
    "METHODS",
    "SPEC_CODES",
    "get",
    "host_jvm",
    "jvm_conf",
    "parse",
    "parsed_type",
    "register_jvm",
]
