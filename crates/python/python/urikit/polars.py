"""urikit as a Polars expression namespace: ``import urikit.polars`` adds
``.urikit`` to every expression.

::

    import polars as pl
    import urikit.polars

    df.with_columns(pl.col("url").urikit.host(spec="whatwg").alias("host"))

Each method is a Polars plugin function: Polars calls urikit's compiled
library on its own threads, a chunk of the column at a time, with no Python
in the loop, and the rows go through the same kernels as :mod:`urikit.arrow`
(the same options, the same results). The column holds strings (or binary);
a null row gives a null row, and so does a row that is not a valid URL by
``spec`` (``is_valid`` gives false there, ``parse`` a struct with ``valid``
false and the ``error``). Every method is elementwise, so it runs in lazy
frames, in ``group_by(...).agg(...)`` and in the streaming engine.

``spec`` is a :class:`urikit.Spec` or its name; left out, it is
``URIKIT_SPEC`` when set and not empty, else ``rfc1738``, read when the
expression is made. ``lenient`` and ``base`` are those of
:func:`urikit.parse`. A spec, a base or a template that is not one raises
when the expression is made, before any row is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import polars as pl
import pyarrow as pa
from polars.plugins import register_plugin_function

from . import _urikit
from . import arrow as _arrow
from .arrow import SpecLike

_LIBRARY = Path(_urikit.__file__)
"""The compiled library, which holds the plugin's functions."""

_EMPTY = pa.array([], type=pa.string())
"""Options are checked by running ``urikit.arrow`` on no row."""


def _call(expr: pl.Expr, function: str, kwargs: dict) -> pl.Expr:
    return register_plugin_function(
        plugin_path=_LIBRARY,
        function_name=function,
        args=expr,
        kwargs=kwargs,
        is_elementwise=True,
    )


@pl.api.register_expr_namespace("urikit")
class UrikitExpr:
    """``expr.urikit``: urikit over a column of URLs (see :mod:`urikit.polars`)."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _reading(self, spec: SpecLike, lenient: Optional[bool], base: Optional[str]) -> dict:
        """The options of a parse, checked, with the spec named."""
        spec = _urikit.spec_name(spec)
        _arrow.is_valid(_EMPTY, spec, lenient=lenient, base=base)
        return {"spec": spec, "lenient": lenient, "base": base}

    def host(self, spec: SpecLike = None, *, lenient: Optional[bool] = None, base: Optional[str] = None) -> pl.Expr:
        """The host of each row (``String``), as :attr:`urikit.Url.host`
        (by ``"whatwg"`` the serialized host: ``http://0x7f.1/`` has
        ``127.0.0.1``); null where the row is null, not a valid URL, or has
        no host."""
        return _call(self._expr, "host", self._reading(spec, lenient, base))

    def is_valid(
        self, spec: SpecLike = None, *, lenient: Optional[bool] = None, base: Optional[str] = None
    ) -> pl.Expr:
        """Whether each row is a valid URL (``Boolean``), as
        :func:`urikit.is_valid` says: strictly unless ``lenient``, as
        ``urikit check``; null where the row is null."""
        return _call(self._expr, "is_valid", self._reading(spec, lenient, base))

    def parse(
        self,
        spec: SpecLike = None,
        *,
        scheme_view: bool = False,
        lenient: Optional[bool] = None,
        base: Optional[str] = None,
    ) -> pl.Expr:
        """Each row parsed into a ``Struct`` of the fields of
        :func:`urikit.arrow.parse`: ``scheme``, ``user``, ``password``,
        ``host``, ``port`` (``UInt16``), ``port_str``, ``path``, ``query``,
        ``fragment``, ``valid`` and ``error`` (and ``scheme_view``, JSON
        text, with ``scheme_view=True``). An invalid row has null components,
        ``valid`` false and its first violation in ``error``; a null row is
        a null struct."""
        kwargs = {**self._reading(spec, lenient, base), "scheme_view": bool(scheme_view)}
        return _call(self._expr, "parse", kwargs)

    def get(
        self,
        template: str,
        spec: SpecLike = None,
        *,
        lenient: Optional[bool] = None,
        base: Optional[str] = None,
        query_separator: str = "&",
        icann_only: bool = False,
    ) -> pl.Expr:
        """``template`` filled in from each row (``String``), as
        :func:`urikit.get` fills it in (``"{host}"``, ``"{query:id}"``,
        ``"{domain}"``, ...); null where the row is null, not a valid URL, or
        refused by a field. The fields that read the Public Suffix List read
        the compiled-in one (its ICANN section only with ``icann_only``). A
        template that is not one raises :class:`urikit.TemplateError`."""
        kwargs = self._reading(spec, lenient, base)
        _arrow.get_template(_EMPTY, template, kwargs["spec"], query_separator=query_separator)
        kwargs.update(template=template, query_separator=query_separator, icann_only=bool(icann_only))
        return _call(self._expr, "get", kwargs)

    def registrable_domain(
        self,
        spec: SpecLike = None,
        *,
        hosts: bool = False,
        icann_only: bool = False,
        lenient: Optional[bool] = None,
        base: Optional[str] = None,
    ) -> pl.Expr:
        """The registrable domain of each row's host (``String``) by the
        compiled-in Public Suffix List, as :func:`urikit.registrable_domain`;
        null where the row is null, not a valid URL, has no host, its host is
        an IP address or a public suffix itself. With ``hosts=True`` each row
        is a host, looked up as it is."""
        kwargs = self._reading(spec, lenient, base)
        kwargs.update(hosts=bool(hosts), icann_only=bool(icann_only))
        return _call(self._expr, "registrable_domain", kwargs)

    def explain_verdicts(self, *, base: Optional[str] = None) -> pl.Expr:
        """The verdicts of each row read under every spec (against ``base``),
        most serious first, as :func:`urikit.explain` lists them: a ``List``
        of ``Struct`` of ``code``, ``specs`` (a ``List`` of spec names) and
        ``message``; empty where the specs agree, null where the row is
        null."""
        return _call(self._expr, "explain_verdicts", {"base": base})


__all__ = ["UrikitExpr"]
