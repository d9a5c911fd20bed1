"""urikit over Arrow arrays: one call handles a whole column.

Each function takes a ``pyarrow`` array of ``string``, ``large_string``,
``string_view`` (or binary) type, a ``pyarrow.ChunkedArray``, or any object
that exports the Arrow C data or stream interface (``__arrow_c_array__``,
``__arrow_c_stream__``), and returns a pyarrow array (a chunked array for a
chunked or streamed input, chunk for chunk).

Each function takes ``spec``, ``lenient`` and ``base`` as :func:`urikit.parse`
does: by ``spec="whatwg"`` each row goes through the browser's parser, against
``base`` when one is given (a base that is not a URL raises
:class:`urikit.ParseError` once, before any row).

The input's buffers are read in place. A null row gives a null row. A value
that is not UTF-8 is an invalid URL (``valid`` false and an ``error`` naming
the octet) and is never passed on. The work runs with the GIL released, on
``threads`` threads (default: every core) for arrays of more than a few tens
of thousands of rows.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

import pyarrow as pa

from . import Spec, _urikit

SpecLike = Union[Spec, str, None]

COMPONENTS = ("scheme", "user", "password", "host", "port", "path", "query", "fragment")
"""The names :func:`get` accepts, in the order of :func:`parse`'s fields."""


def _apply(
    kernel: Callable[..., Any], array: Any, *args: Any, spec: SpecLike, threads: Optional[int], **options: Any
) -> Any:
    # One spec for every chunk, even if URIKIT_SPEC changes meanwhile.
    spec = _urikit.spec_name(spec)
    if isinstance(array, (list, tuple)):
        array = pa.array(array, type=pa.string())
    if isinstance(array, pa.ChunkedArray) or (
        not hasattr(array, "__arrow_c_array__") and hasattr(array, "__arrow_c_stream__")
    ):
        chunked = array if isinstance(array, pa.ChunkedArray) else pa.chunked_array(array)
        empty = kernel(pa.array([], type=chunked.type), *args, spec, threads, **options)
        chunks = [kernel(chunk, *args, spec, threads, **options) for chunk in chunked.chunks]
        return pa.chunked_array(chunks, type=empty.type)
    return kernel(array, *args, spec, threads, **options)


def is_valid(
    array: Any,
    spec: SpecLike = None,
    *,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """Whether each row is a valid URL by ``spec`` (as :func:`urikit.is_valid`):
    a ``bool`` array."""
    return _apply(_urikit.arrow_is_valid, array, spec=spec, threads=threads, lenient=lenient, base=base)


def parse(
    array: Any,
    spec: SpecLike = None,
    *,
    threads: Optional[int] = None,
    scheme_view: bool = False,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """Each row parsed into a struct: ``scheme``, ``user``, ``password``,
    ``host`` (strings), ``port`` (``uint16``), ``port_str`` (the port as
    written), ``path``, ``query``, ``fragment`` (strings), ``valid``
    (``bool``) and ``error`` (string);
    with ``scheme_view=True``, also ``scheme_view``: the scheme's typed view
    (:attr:`urikit.Url.scheme_view`) as JSON text, as ``urikit parse --json``
    writes it (``json.loads`` gives the dict, pairs as two-item lists).

    A valid row has its components (null where absent, ``""`` where empty)
    and a null ``error``; an invalid row has null components, ``valid`` false
    and its first violation in ``error``; a null row is a null struct. A port
    that no 16-bit number holds (over 65535, which RFC 1808 and RFC 3986
    allow, or empty) has a null ``port`` and its digits in ``port_str``; an
    absent port has both null.

    By ``spec="whatwg"`` the components are those of the URL the browser's
    parser makes (``http://0x7f.1/`` has host ``127.0.0.1``), ``error`` its
    failure; the validation errors it lets pass are not listed
    (:func:`urikit.validate` lists them).
    """
    return _apply(
        _urikit.arrow_parse,
        array,
        spec=spec,
        threads=threads,
        scheme_view=scheme_view,
        lenient=lenient,
        base=base,
    )


def normalize(
    array: Any,
    spec: SpecLike = None,
    *,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """The canonical form of each row (as :func:`urikit.normalize`; by
    ``spec="whatwg"`` the ``href``); null where the row is null or not a
    valid URL."""
    return _apply(_urikit.arrow_normalize, array, spec=spec, threads=threads, lenient=lenient, base=base)


def get(
    array: Any,
    component: str,
    spec: SpecLike = None,
    *,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """One component of each row (one of :data:`COMPONENTS`; ``port`` as its
    digits); null where the row is null, not a valid URL, or has no such
    component."""
    return _apply(_urikit.arrow_get, array, component, spec=spec, threads=threads, lenient=lenient, base=base)


__all__ = ["COMPONENTS", "get", "is_valid", "normalize", "parse"]
