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

from . import Spec, SuffixList, URLPattern, _urikit

SpecLike = Union[Spec, str, None]

COMPONENTS = ("scheme", "user", "password", "host", "port", "path", "query", "fragment")
"""The names :func:`get` accepts, in the order of :func:`parse`'s fields."""


def _apply(
    kernel: Callable[..., Any], array: Any, *args: Any, spec: SpecLike, threads: Optional[int], **options: Any
) -> Any:
    # One spec for every chunk, even if URIKIT_SPEC changes meanwhile.
    spec = _urikit.spec_name(spec)
    return _each_chunk(lambda a: kernel(a, *args, spec, threads, **options), array)


def _each_chunk(call: Callable[[Any], Any], array: Any) -> Any:
    """``call`` on an array, or on each chunk of a chunked one (a list or
    tuple is an array of strings)."""
    if isinstance(array, (list, tuple)):
        array = pa.array(array, type=pa.string())
    if isinstance(array, pa.ChunkedArray) or (
        not hasattr(array, "__arrow_c_array__") and hasattr(array, "__arrow_c_stream__")
    ):
        chunked = array if isinstance(array, pa.ChunkedArray) else pa.chunked_array(array)
        empty = call(pa.array([], type=chunked.type))
        return pa.chunked_array([call(chunk) for chunk in chunked.chunks], type=empty.type)
    return call(array)


def is_valid(
    array: Any,
    spec: SpecLike = None,
    *,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """Whether each row is a valid URL by ``spec`` (as :func:`urikit.is_valid`:
    strictly unless ``lenient``, as ``urikit check``): a ``bool`` array."""
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


def get_template(
    array: Any,
    template: str,
    spec: SpecLike = None,
    *,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
    query_separator: str = "&",
    suffix_list: Any = None,
    icann_only: bool = False,
) -> Any:
    """``template`` filled in from each row, as :func:`urikit.get` fills it
    in (the fields of ``urikit get``: ``"{host}"``, ``"{query:id}"``,
    ``"{domain}"``, ...): a string array, null where the row is null, not a
    valid URL, or refused by a field (``{must:...}``, ``{strict:...}``, a
    host UTS #46 refuses). A template that is not one raises
    :class:`urikit.TemplateError` before any row is read. (:func:`get` takes
    a component's name, not a template.)"""
    if suffix_list is not None and not isinstance(suffix_list, SuffixList):
        # Text of a list: parsed once, not once per chunk.
        suffix_list = SuffixList(suffix_list)
    return _apply(
        _urikit.arrow_get_template,
        array,
        template,
        spec=spec,
        threads=threads,
        lenient=lenient,
        base=base,
        query_separator=query_separator,
        suffix_list=suffix_list,
        icann_only=icann_only,
    )


def _suffix_part(
    part: str,
    array: Any,
    spec: SpecLike,
    hosts: bool,
    icann_only: bool,
    suffix_list: Any,
    threads: Optional[int],
    lenient: Optional[bool],
    base: Optional[str],
) -> Any:
    if suffix_list is not None and not isinstance(suffix_list, SuffixList):
        # Text of a list: parsed once, not once per chunk.
        suffix_list = SuffixList(suffix_list)
    return _apply(
        _urikit.arrow_suffix_part,
        array,
        part,
        spec=spec,
        threads=threads,
        hosts=hosts,
        icann_only=icann_only,
        suffix_list=suffix_list,
        lenient=lenient,
        base=base,
    )


def public_suffix(
    array: Any,
    spec: SpecLike = None,
    *,
    hosts: bool = False,
    icann_only: bool = False,
    suffix_list: Any = None,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """The public suffix of each row's host (as :func:`urikit.public_suffix`).

    Each row is a URL, parsed as :func:`parse` parses it, and its host is
    looked up: null where the row is null, not a valid URL, has no host, or
    its host is an IP address. With ``hosts=True`` each row is a host
    instead, looked up as it is. ``suffix_list`` is a
    :class:`urikit.SuffixList` or the text of one (default: the compiled-in
    list); ``icann_only`` keeps to its ICANN section."""
    return _suffix_part("suffix", array, spec, hosts, icann_only, suffix_list, threads, lenient, base)


def registrable_domain(
    array: Any,
    spec: SpecLike = None,
    *,
    hosts: bool = False,
    icann_only: bool = False,
    suffix_list: Any = None,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """The registrable domain of each row's host (as
    :func:`urikit.registrable_domain`); rows as :func:`public_suffix` reads
    them, null also where the host is a public suffix itself."""
    return _suffix_part("domain", array, spec, hosts, icann_only, suffix_list, threads, lenient, base)


def subdomain(
    array: Any,
    spec: SpecLike = None,
    *,
    hosts: bool = False,
    icann_only: bool = False,
    suffix_list: Any = None,
    threads: Optional[int] = None,
    lenient: Optional[bool] = None,
    base: Optional[str] = None,
) -> Any:
    """The labels of each row's host before its registrable domain (as
    :func:`urikit.subdomain`: ``""`` when the host is the registrable
    domain); rows as :func:`public_suffix` reads them."""
    return _suffix_part("subdomain", array, spec, hosts, icann_only, suffix_list, threads, lenient, base)


def domain_to_ascii(array: Any, *, strict: bool = False, threads: Optional[int] = None) -> Any:
    """Each row, a domain, through the URL Standard's domain parser (as
    :func:`urikit.domain_to_ascii`); null where the row is null or the
    parser fails."""
    return _apply(_urikit.arrow_domain_to_ascii, array, spec=None, threads=threads, strict=strict)


def explain_verdicts(array: Any, *, base: Optional[str] = None, threads: Optional[int] = None) -> Any:
    """The verdicts of each row read under every spec (against ``base``),
    most serious first, as :func:`urikit.explain` lists them (the answer to
    "which of these URLs do two parsers read differently?"): a list of
    structs of ``code``, ``specs`` (a list of spec names) and ``message``;
    an empty list where the specs agree, null where the row is null."""
    return _apply(_urikit.arrow_explain_verdicts, array, spec=None, threads=threads, base=base)


def match(array: Any, pattern: Any, base_url: Optional[str] = None, *, threads: Optional[int] = None) -> Any:
    """Whether each row, a URL string, matches ``pattern`` (a
    :class:`urikit.URLPattern`, or a constructor string with ``base_url``,
    or a dict of components), as ``URLPattern.test`` answers: a ``bool``
    array; null where the row is null, false where it is not a URL. The
    pattern is compiled once for the whole array."""
    if not isinstance(pattern, URLPattern):
        pattern = URLPattern(pattern, base_url)
    elif base_url is not None:
        raise TypeError("base_url is the constructor's: give it to URLPattern, not with a URLPattern")
    return _each_chunk(lambda a: _urikit.arrow_match(a, pattern, None, threads), array)


__all__ = [
    "COMPONENTS",
    "domain_to_ascii",
    "explain_verdicts",
    "get",
    "get_template",
    "is_valid",
    "match",
    "normalize",
    "parse",
    "public_suffix",
    "registrable_domain",
    "subdomain",
]
