"""URLs to the letter of RFC 1738 and the RFC 1630 draft, of RFC 1808 and RFC
3986, and as browsers read them (the WHATWG URL Standard): parsing,
validation, normalization, comparison, resolution, access plans, hazards, and
URLs in text.

Every function takes ``spec``: a :class:`Spec` or its name. When it is
``None`` the default applies: the ``URIKIT_SPEC`` environment variable when it
is set and not empty (as for the ``urikit`` command), else ``rfc1738``.

By ``spec="whatwg"``, :func:`parse` is the browser's parser (``new URL(text,
base)``): each validation error comes back as a :class:`ParseWarning` in
``Url.warnings``, a failure raises :class:`ParseError`, and ``Url.api()``
gives the ``URL`` class's getters. ``lenient=False`` refuses the first
validation error instead. ``base=`` parses each input against a base.

A ``Url`` is an immutable value: equal to another of the same serialization
and spec, hashable, ordered by its serialization, and it pickles (for
multiprocessing and Spark's workers). ``url.set(component, value)`` returns a new one (by
``"whatwg"`` through the URL API's setters), ``url.search_params`` reads the
query as ``URLSearchParams`` does and ``url.with_search_params(pairs)`` writes
it; :class:`SearchParams` is the ``URLSearchParams`` class. Domains:
:func:`domain_to_ascii` and :func:`domain_to_unicode` (IDNA as the URL
Standard runs it), :func:`host` (a bare host by its host parser), and :func:`public_suffix`, :func:`registrable_domain`,
:func:`subdomain` by the Public Suffix List (:class:`SuffixList`).

:class:`URLPattern` matches URLs as the web platform does (the URLPattern
Standard: ``URLPattern("https://*.example.com/books/:id").exec(url)``), and
``urikit.arrow.match`` a whole column against one pattern.

:func:`get` fills in a template of components (``"{host}:{default:port}"``,
``"{query:id}"``, ``"{domain}"``) as the ``urikit get`` command does, and
``Url.get`` from a parsed URL; a template that is not one, or a URL one of
its fields refuses, raises :class:`TemplateError`.

Columns of URLs are handled by :mod:`urikit.arrow` (pyarrow), Spark data
frames by :mod:`urikit.spark`, Polars expressions by :mod:`urikit.polars`
(``pl.col("url").urikit.host()``, a Polars plugin), and DuckDB's SQL by
:mod:`urikit.duckdb` (``register(connection)``: ``urikit_host(url)`` and the
like).
"""

from __future__ import annotations

import enum

from ._urikit import (
    Finding,
    Found,
    ParseError,
    ParseWarning,
    PartIgnoredWarning,
    ResolveError,
    SchemeError,
    SearchParams,
    SuffixList,
    TemplateError,
    Url,
    URLPattern,
    URLPatternError,
    __version__,
    decode,
    default_spec,
    domain_to_ascii,
    domain_to_unicode,
    encode,
    equivalent,
    explain,
    extract,
    get,
    host,
    is_valid,
    lint,
    normalize,
    parse,
    plan,
    public_suffix,
    registrable_domain,
    relative,
    resolve,
    subdomain,
    validate,
)


class Spec(str, enum.Enum):
    """A grammar urikit speaks. Its value is the name functions accept."""

    RFC1738 = "rfc1738"
    """RFC 1738 "Uniform Resource Locators" (1994): the default."""
    RFC1630 = "rfc1630"
    """The RFC 1630 draft "Universal Resource Identifiers in WWW" (1994)."""
    RFC1808 = "rfc1808"
    """RFC 1808 "Relative Uniform Resource Locators" (1995)."""
    RFC3986 = "rfc3986"
    """RFC 3986 "Uniform Resource Identifier (URI): Generic Syntax" (2005)."""
    WHATWG = "whatwg"
    """The WHATWG URL Standard: the URL parser browsers run."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def default(cls) -> "Spec":
        """The default spec: ``URIKIT_SPEC`` when set and not empty, else RFC 1738."""
        return cls(default_spec())


__all__ = [
    "Finding",
    "Found",
    "ParseError",
    "ParseWarning",
    "PartIgnoredWarning",
    "ResolveError",
    "SchemeError",
    "SearchParams",
    "Spec",
    "SuffixList",
    "TemplateError",
    "URLPattern",
    "URLPatternError",
    "Url",
    "__version__",
    "default_spec",
    "domain_to_ascii",
    "domain_to_unicode",
    "equivalent",
    "extract",
    "get",
    "host",
    "is_valid",
    "decode",
    "encode",
    "explain",
    "lint",
    "normalize",
    "parse",
    "plan",
    "public_suffix",
    "registrable_domain",
    "relative",
    "resolve",
    "subdomain",
    "validate",
]
