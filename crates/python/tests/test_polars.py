"""urikit.polars: the expression namespace (a Polars plugin) against the
scalar API, row by row, under every spec; nulls, invalid rows, lazy frames,
group_by, the streaming engine and columns of several chunks."""

from __future__ import annotations

from typing import Any, Callable, Optional

import pytest

import urikit
from conftest import seed_cases

pl = pytest.importorskip("polars")
import urikit.polars  # noqa: E402  (registers .urikit; needs polars)

SPECS = [None, "rfc1738", "rfc1630", "rfc1808", "rfc3986", "whatwg"]
INPUTS = [c["input"] for c in seed_cases("parse")] + [
    "http://user@host/",  # RFC 1738 refuses a user in http
    "https://a.b.example.co.uk:8443/p/q?x=1&y=2#frag",
    "http://bücher.de/straße?q=ü",
    "http://0x7f.1/",  # WHATWG: valid leniently, a validation error strictly
    "http://[::1]:80/",
    "http://host:99999/",  # a port no 16-bit number holds
    "HTTP://Info.CERN.ch:80/a%2d",
    "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
    "not a url",
    "",
    None,
]
FIELDS = ["scheme", "user", "password", "host", "port", "port_str", "path", "query", "fragment", "valid", "error"]
TEMPLATES = ["{host}", "{host}:{default:port}", "{query:x}", "{domain}", "{scheme}://{host}{path}"]


def frame(urls: list = INPUTS) -> Any:
    return pl.DataFrame({"u": urls}, schema={"u": pl.String})


def column(expr: Any, urls: list = INPUTS) -> list:
    out = frame(urls).select(expr)
    assert out.columns == ["u"], "the result keeps the input's name"
    return out["u"].to_list()


def scalar(text: Optional[str], spec: Optional[str], read: Callable[[urikit.Url], Any]) -> Any:
    if text is None:
        return None
    try:
        return read(urikit.parse(text, spec))
    except urikit.ParseError:
        return None


def domain(url: urikit.Url) -> Optional[str]:
    return urikit.registrable_domain(url.host) if url.host else None


def row(text: Optional[str], spec: Optional[str]) -> Optional[dict]:
    """What parse's struct holds for `text`, by the scalar API."""
    if text is None:
        return None
    try:
        url = urikit.parse(text, spec)
    except urikit.ParseError as e:
        return {**{f: None for f in FIELDS}, "valid": False, "error": str(e)}
    got = {f: getattr(url, f) for f in FIELDS[:9]}
    if not isinstance(got["port"], int):
        got["port"] = None  # digits no uint16 holds: in port_str alone
    return {**got, "valid": True, "error": None}


def test_the_inputs_cover_every_case() -> None:
    assert len(INPUTS) > 100
    for spec in SPECS:
        valid = [urikit.is_valid(u, spec) for u in INPUTS if u is not None]
        assert True in valid and False in valid, spec


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_host(spec: Optional[str]) -> None:
    got = column(pl.col("u").urikit.host(spec))
    assert got == [scalar(u, spec, lambda url: url.host) for u in INPUTS]
    assert frame().schema["u"] == pl.String and any(got)


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_is_valid(spec: Optional[str]) -> None:
    got = column(pl.col("u").urikit.is_valid(spec))
    assert got == [None if u is None else urikit.is_valid(u, spec) for u in INPUTS]
    lenient = column(pl.col("u").urikit.is_valid(spec, lenient=True))
    assert lenient == [None if u is None else urikit.is_valid(u, spec, lenient=True) for u in INPUTS]


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_parse(spec: Optional[str]) -> None:
    out = frame().select(pl.col("u").urikit.parse(spec))
    kind = out.schema["u"]
    assert isinstance(kind, pl.Struct) and [f.name for f in kind.fields] == FIELDS
    assert dict((f.name, f.dtype) for f in kind.fields)["port"] == pl.UInt16
    assert out["u"].to_list() == [row(u, spec) for u in INPUTS]
    # The fields, one by one, as a struct column gives them.
    assert out.select(pl.col("u").struct.field("host"))["host"].to_list() == [
        scalar(u, spec, lambda url: url.host) for u in INPUTS
    ]


def test_parse_scheme_view() -> None:
    out = frame().select(pl.col("u").urikit.parse(scheme_view=True))["u"]
    views = out.struct.field("scheme_view").to_list()
    want = __import__("urikit.arrow").arrow.parse(INPUTS, scheme_view=True).field("scheme_view").to_pylist()
    assert views == want and any(views)


@pytest.mark.parametrize("spec", SPECS, ids=str)
@pytest.mark.parametrize("template", TEMPLATES)
def test_get(spec: Optional[str], template: str) -> None:
    def want(text: Optional[str]) -> Optional[str]:
        if text is None:
            return None
        try:
            return urikit.get(text, template, spec)
        except (urikit.ParseError, urikit.TemplateError):
            return None

    assert column(pl.col("u").urikit.get(template, spec)) == [want(u) for u in INPUTS]


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_registrable_domain(spec: Optional[str]) -> None:
    got = column(pl.col("u").urikit.registrable_domain(spec))
    assert got == [scalar(u, spec, domain) for u in INPUTS]
    assert "cern.ch" in got
    hosts = ["www.example.co.uk", "a.user.github.io", "co.uk", None]
    assert column(pl.col("u").urikit.registrable_domain(hosts=True), hosts) == [
        None if h is None else urikit.registrable_domain(h) for h in hosts
    ]
    assert column(pl.col("u").urikit.registrable_domain(hosts=True, icann_only=True), hosts) == [
        None if h is None else urikit.registrable_domain(h, icann_only=True) for h in hosts
    ]


def test_explain_verdicts() -> None:
    out = frame().select(pl.col("u").urikit.explain_verdicts())
    got = out["u"].to_list()
    want = [None if u is None else urikit.explain(u)["verdicts"] for u in INPUTS]
    assert got == want
    assert [] in want and any(want)
    base = "https://good.example/"
    urls = ["//evil.example/", "/a", None]
    assert column(pl.col("u").urikit.explain_verdicts(base=base), urls) == [
        None if u is None else urikit.explain(u, base=base)["verdicts"] for u in urls
    ]


def test_options_reach_the_rows() -> None:
    urls = ["../g", "http://x/", "g;x?y#s"]
    base = "http://a/b/c/d;p?q"
    assert column(pl.col("u").urikit.host("rfc3986", base=base), urls) == ["a", "x", "a"]
    got = column(pl.col("u").urikit.get("{path}", "whatwg", base=base), urls)
    assert got == [urikit.get(u, "{path}", "whatwg", base=base) for u in urls]
    strict = column(pl.col("u").urikit.host("whatwg", lenient=False), ["http://0x7f.1/", "http://a/"])
    assert strict == [None, "a"]
    pairs = ["http://h/?a=1;x=2"]
    assert column(pl.col("u").urikit.get("{query:x}", "rfc3986", query_separator=";"), pairs) == ["2"]


def test_default_spec_is_read_when_the_expression_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("URIKIT_SPEC", "whatwg")
    expr = pl.col("u").urikit.host()
    monkeypatch.delenv("URIKIT_SPEC")
    assert column(expr, ["http://EXAMPLE.com/"]) == ["example.com"]
    assert column(pl.col("u").urikit.host(), ["http://EXAMPLE.com/"]) == ["EXAMPLE.com"]


def test_nulls() -> None:
    nulls = pl.DataFrame({"u": [None, None]})  # a column of type Null
    assert nulls.schema["u"] == pl.Null
    assert nulls.select(pl.col("u").urikit.host())["u"].to_list() == [None, None]
    assert nulls.select(pl.col("u").urikit.is_valid())["u"].to_list() == [None, None]
    assert nulls.select(pl.col("u").urikit.parse())["u"].to_list() == [None, None]
    empty = frame([]).select(
        h=pl.col("u").urikit.host(), p=pl.col("u").urikit.parse(), v=pl.col("u").urikit.explain_verdicts()
    )
    assert empty.height == 0 and isinstance(empty.schema["p"], pl.Struct)
    assert empty.schema["v"] == pl.List(pl.Struct({"code": pl.String, "specs": pl.List(pl.String), "message": pl.String}))


def test_binary_and_other_types() -> None:
    octets = pl.DataFrame({"u": [b"http://a/", b"http://\xff/", None]})
    assert octets.select(pl.col("u").urikit.is_valid())["u"].to_list() == [True, False, None]
    assert octets.select(pl.col("u").urikit.host())["u"].to_list() == ["a", None, None]
    with pytest.raises(pl.exceptions.PolarsError, match="column of strings"):
        pl.DataFrame({"u": [1, 2]}).select(pl.col("u").urikit.host())


def test_bad_options_raise_when_the_expression_is_made() -> None:
    with pytest.raises(ValueError, match="spec"):
        pl.col("u").urikit.host("rfc9999")
    with pytest.raises(urikit.ParseError, match="base"):
        pl.col("u").urikit.host("rfc3986", base="not a url")
    with pytest.raises(ValueError, match="lenient"):
        pl.col("u").urikit.is_valid("rfc3986", lenient=True, base="http://a/")
    with pytest.raises(urikit.TemplateError):
        pl.col("u").urikit.get("{nope}")
    with pytest.raises(ValueError, match="query_separator"):
        pl.col("u").urikit.get("{host}", query_separator="&&")


def test_lazy_streaming_and_several_chunks() -> None:
    parts = [frame(INPUTS[i : i + 17]) for i in range(0, len(INPUTS), 17)]
    chunked = pl.concat(parts, rechunk=False)
    assert chunked["u"].n_chunks() == len(parts) > 1
    exprs = [
        pl.col("u").urikit.host("whatwg").alias("host"),
        pl.col("u").urikit.is_valid().alias("valid"),
        pl.col("u").urikit.parse("rfc3986").alias("parsed"),
        pl.col("u").urikit.get("{domain}").alias("domain"),
        pl.col("u").urikit.registrable_domain("whatwg").alias("registrable"),
        pl.col("u").urikit.explain_verdicts().alias("verdicts"),
    ]
    eager = frame().select(exprs)
    assert eager.select(pl.col("host"))["host"].to_list() == [scalar(u, "whatwg", lambda url: url.host) for u in INPUTS]
    assert chunked.select(exprs).equals(eager)
    lazy = chunked.lazy().filter(pl.col("u").is_not_null()).select(exprs)
    assert lazy.collect().equals(eager.filter(pl.Series([u is not None for u in INPUTS])))
    assert chunked.lazy().select(exprs).collect(engine="streaming").equals(eager)
    # A slice of a chunk (an offset into its buffers) reads its own rows.
    assert frame().slice(5, 30).select(exprs).equals(eager.slice(5, 30))
    assert chunked.slice(20, 50).select(exprs).equals(eager.slice(20, 50))


def test_group_by() -> None:
    df = frame().with_row_index("i").with_columns(k=pl.col("i") % 3)
    got = (
        df.group_by("k", maintain_order=True)
        .agg(
            hosts=pl.col("u").urikit.host("whatwg"),
            valid=pl.col("u").urikit.is_valid("rfc3986").sum(),
            first=pl.col("u").urikit.parse("whatwg").struct.field("scheme").first(),
        )
        .sort("k")
    )
    for k, hosts, valid, first in got.iter_rows():
        urls = INPUTS[k::3]
        assert hosts == [scalar(u, "whatwg", lambda url: url.host) for u in urls]
        assert valid == sum(1 for u in urls if u is not None and urikit.is_valid(u, "rfc3986"))
        assert first == scalar(urls[0], "whatwg", lambda url: url.scheme)
    over = df.select(pl.col("u").urikit.host().n_unique().over("k"))
    assert over.height == len(INPUTS)
