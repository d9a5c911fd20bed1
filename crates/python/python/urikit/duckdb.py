"""urikit as DuckDB SQL functions: ``urikit.duckdb.register(connection)``.

::

    import duckdb
    import urikit.duckdb

    con = urikit.duckdb.register(duckdb.connect())
    con.sql("SELECT urikit_host(url, 'whatwg') FROM visits")

registers, on that connection:

- ``urikit_is_valid(url [, spec])``: ``BOOLEAN``, as ``urikit check`` says
  (strictly unless ``register(..., lenient=True)``);
- ``urikit_host(url [, spec])``: ``VARCHAR``;
- ``urikit_registrable_domain(url [, spec])``: ``VARCHAR``, by the
  compiled-in Public Suffix List;
- ``urikit_get(url, template [, spec])``: ``VARCHAR``, the template filled
  in as ``urikit get`` fills it in (``'{host}:{default:port}'``);
- ``urikit_parse(url [, spec])``: a ``STRUCT(scheme, user, password, host
  VARCHAR, port USMALLINT, path, query, fragment VARCHAR)``.

Each gives NULL where the URL is NULL or not a valid URL by ``spec`` (so a
column with invalid URLs never fails the query), and ``urikit_is_valid``
gives false there (NULL for NULL). A NULL ``spec`` is the default spec, as
``spec=None`` is in Python; a spec that is not one, or a template that is
not one, fails the query. They are Arrow (vectorized) functions over
:mod:`urikit.arrow`: DuckDB hands each a batch of rows, and the work runs
with the GIL released.

DuckDB gives a Python function one signature, so each is registered as
``urikit_NAME_udf(url, spec)`` (``urikit_get_udf(url, template, spec)``)
with a temporary macro ``urikit_NAME`` of one and of two arguments over it;
temporary, since the functions live with the connection, not in the
database file.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pyarrow as pa
import pyarrow.compute as pc

from . import arrow

PARSE_FIELDS = (
    ("scheme", pa.string(), "VARCHAR"),
    ("user", pa.string(), "VARCHAR"),
    ("password", pa.string(), "VARCHAR"),
    ("host", pa.string(), "VARCHAR"),
    ("port", pa.uint16(), "USMALLINT"),
    ("path", pa.string(), "VARCHAR"),
    ("query", pa.string(), "VARCHAR"),
    ("fragment", pa.string(), "VARCHAR"),
)
"""The fields of ``urikit_parse``'s struct: name, Arrow type, DuckDB type.
A port no 16-bit number holds (RFC 3986 allows any digits) is NULL there;
``urikit_get(url, '{port}')`` gives its digits."""

PARSE_TYPE = "STRUCT(" + ", ".join(f"{name} {sql}" for name, _, sql in PARSE_FIELDS) + ")"
"""``urikit_parse``'s return type in DuckDB's SQL."""

_PARSE_ARROW = pa.struct([(name, kind) for name, kind, _ in PARSE_FIELDS])


def _column(values: Any) -> pa.Array:
    """One array of a batch DuckDB passes (a chunked array)."""
    if isinstance(values, pa.ChunkedArray):
        return values.combine_chunks() if values.num_chunks != 1 else values.chunk(0)
    return values


def _by_key(compute: Callable[..., pa.Array], urls: Any, *keys: Any) -> pa.Array:
    """``compute(urls, *key)`` for each distinct key (the spec, the template
    and the spec) among the rows, put back in the rows' order: one call for
    the usual constant argument. A NULL template gives NULL rows."""
    urls = _column(urls)
    arrays = [_column(k) for k in keys]
    if all(len(pc.unique(a)) <= 1 for a in arrays):
        # The usual case (a constant): no Python object per row.
        return compute(urls, *[a[0].as_py() if len(a) else None for a in arrays])
    rows = list(zip(*(a.to_pylist() for a in arrays)))
    distinct = dict.fromkeys(rows)
    parts, order = [], []
    for key in distinct:
        picked = pa.array([i for i, row in enumerate(rows) if row == key], type=pa.int64())
        parts.append(compute(urls.take(picked), *key))
        order.append(picked)
    together = pa.concat_arrays(parts)
    return together.take(pc.sort_indices(pa.concat_arrays(order)))


def _batched(compute: Callable[..., pa.Array], arguments: int) -> Callable[..., pa.Array]:
    """``compute`` over a batch, by :func:`_by_key`, as a function of
    exactly its SQL arguments (DuckDB counts its parameters)."""
    if arguments == 1:
        return lambda url, spec: _by_key(compute, url, spec)
    return lambda url, template, spec: _by_key(compute, url, template, spec)


def register(connection: Any, *, lenient: Optional[bool] = None) -> Any:
    """Registers the ``urikit_*`` functions (see :mod:`urikit.duckdb`) on
    ``connection``, a ``duckdb.DuckDBPyConnection``, and returns it.

    ``lenient`` applies to every function as it does to
    :func:`urikit.arrow.parse`: ``None`` is each spec's default (strict by
    the RFCs, the browser's parser by ``"whatwg"``, and strict for
    ``urikit_is_valid`` under every spec). Registering again replaces the
    functions (with the new ``lenient``)."""

    def is_valid(url: Any, spec: Optional[str]) -> pa.Array:
        return arrow.is_valid(url, spec, lenient=lenient)

    def host(url: Any, spec: Optional[str]) -> pa.Array:
        return arrow.get(url, "host", spec, lenient=lenient)

    def registrable_domain(url: Any, spec: Optional[str]) -> pa.Array:
        return arrow.registrable_domain(url, spec, lenient=lenient)

    def get(url: Any, template: Optional[str], spec: Optional[str]) -> pa.Array:
        if template is None:
            return pa.nulls(len(url), pa.string())
        return arrow.get_template(url, template, spec, lenient=lenient)

    def parse(url: Any, spec: Optional[str]) -> pa.Array:
        parsed = arrow.parse(url, spec, lenient=lenient)
        # A row that is not a valid URL is a NULL struct, not one of NULLs.
        invalid = pc.invert(pc.fill_null(parsed.field("valid"), False))
        fields = [parsed.field(name).cast(kind) for name, kind, _ in PARSE_FIELDS]
        return pa.StructArray.from_arrays(fields, fields=list(_PARSE_ARROW), mask=invalid)

    functions = [
        ("is_valid", is_valid, ["url"], "BOOLEAN"),
        ("host", host, ["url"], "VARCHAR"),
        ("registrable_domain", registrable_domain, ["url"], "VARCHAR"),
        ("get", get, ["url", "template"], "VARCHAR"),
        ("parse", parse, ["url"], PARSE_TYPE),
    ]
    for name, compute, args, returns in functions:
        udf = f"urikit_{name}_udf"
        try:
            connection.remove_function(udf)
        except Exception:  # noqa: BLE001 - not registered yet (DuckDB raises InvalidInputException)
            pass
        connection.create_function(
            udf,
            _batched(compute, len(args)),
            ["VARCHAR"] * (len(args) + 1),
            returns,
            type="arrow",
            null_handling="special",
            side_effects=False,
        )
        given = ", ".join(args)
        connection.execute(
            f"CREATE OR REPLACE TEMP MACRO urikit_{name}({given}) AS {udf}({given}, NULL),"
            f" ({given}, spec) AS {udf}({given}, spec)"
        ).fetchall()
    return connection


__all__ = ["PARSE_FIELDS", "PARSE_TYPE", "register"]
