"""urikit.arrow: the kernels against the scalar API, and Arrow's edge cases."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest

import urikit
import urikit.arrow as ua
from conftest import bench_union, cli_records, seed_cases

INPUTS = [c["input"] for c in seed_cases("parse")] + [
    "ftp://@host.com/",
    "http://user@host/",
    "",
    "not a url",
    "HTTP://Info.CERN.ch:80/a%2d",
    "ftp://host:0021/x;type=a",
    "http://héllo/",
]
FIELDS = ["scheme", "user", "password", "host", "port", "port_str", "path", "query", "fragment", "valid", "error"]
TYPES = [pa.string(), pa.large_string(), pa.string_view()]


def expected_row(text: str, spec: str = "rfc1738") -> dict:
    try:
        url = urikit.parse(text, spec)
    except urikit.ParseError as e:
        return {**{f: None for f in FIELDS}, "valid": False, "error": str(e)}
    row = {f: getattr(url, f) for f in FIELDS[:9]}
    # A port no 16-bit number holds is the scalar API's str, and null in
    # the uint16 column, where port_str has its digits.
    if not isinstance(row["port"], int):
        row["port"] = None
    return {**row, "valid": True, "error": None}


@pytest.mark.parametrize("type_", TYPES, ids=str)
def test_parse_matches_scalar(type_: pa.DataType) -> None:
    array = pa.array(INPUTS, type=type_)
    got = ua.parse(array)
    assert isinstance(got, pa.StructArray)
    assert [f.name for f in got.type] == FIELDS
    assert got.type.field("port").type == pa.uint16()
    assert got.to_pylist() == [expected_row(t) for t in INPUTS]
    got.validate(full=True)


VIEW_INPUTS = INPUTS + [
    None,
    "rlogin:foo",
    'ftp://h/a%22b/c%5Cd%0A%01e;type=a',
    "news:comp.lang.c",
    "mailto:ann@example.com",
    "http://h/p?q",
]


def scalar_view(text: object) -> object:
    """The scalar API's scheme view, pairs as two-item lists (as JSON has them)."""
    if text is None:
        return None
    try:
        view = urikit.parse(text).scheme_view
    except urikit.ParseError:
        return None
    return {k: [list(p) for p in v] if isinstance(v, list) and v and isinstance(v[0], tuple) else v for k, v in view.items()}


@pytest.mark.parametrize("type_", TYPES, ids=str)
def test_parse_scheme_view(type_: pa.DataType) -> None:
    array = pa.array(VIEW_INPUTS, type=type_)
    got = ua.parse(array, scheme_view=True)
    assert [f.name for f in got.type] == FIELDS + ["scheme_view"]
    got.validate(full=True)
    views = got.field("scheme_view").to_pylist()
    want = [scalar_view(t) for t in VIEW_INPUTS]
    # Valid rows with a view, with an error for a view, invalid and null rows all occur.
    assert any(w and "kind" in w for w in want) and any(w and "error" in w for w in want) and None in want
    assert [None if v is None else json.loads(v) for v in views] == want
    # The quote, the backslash and the control characters are escaped, never raw.
    escaped = views[VIEW_INPUTS.index('ftp://h/a%22b/c%5Cd%0A%01e;type=a')]
    assert '\\"' in escaped and "\\\\" in escaped and "\\n" in escaped and "\\u0001" in escaped
    assert not any(ord(c) < 0x20 for v in views if v for c in v)
    # Without the option, the struct is as before; the other fields do not change with it.
    plain = ua.parse(array)
    assert [f.name for f in plain.type] == FIELDS
    for name in FIELDS:
        assert got.field(name).to_pylist() == plain.field(name).to_pylist(), name
    chunked = ua.parse(pa.chunked_array([array[:3], array[3:]]), scheme_view=True)
    assert chunked.combine_chunks().field("scheme_view").to_pylist() == views


def test_scheme_view_matches_the_command() -> None:
    urls = bench_union()[::5][:20_000] + [u for u in VIEW_INPUTS if u is not None]
    records = cli_records(urls, "rfc1738")
    got = ua.parse(pa.array(urls), "rfc1738", scheme_view=True).field("scheme_view").to_pylist()
    want = [r["scheme_view"] if r["valid"] else None for r in records]
    assert [None if v is None else json.loads(v) for v in got] == want
    # Every kind of view occurs, and a view that cannot be made.
    kinds = {w.get("kind", "error") for w in want if w}
    assert {"ftp", "http", "news", "mailto", "error", "generic"} <= kinds, kinds


@pytest.mark.parametrize("type_", TYPES, ids=str)
def test_is_valid_normalize_get(type_: pa.DataType) -> None:
    array = pa.array(INPUTS, type=type_)
    assert ua.is_valid(array).to_pylist() == [urikit.is_valid(t) for t in INPUTS]
    want = []
    for t in INPUTS:
        try:
            want.append(urikit.normalize(t))
        except urikit.ParseError:
            want.append(None)
    normalized = ua.normalize(array)
    assert normalized.type == pa.string() and normalized.to_pylist() == want
    for name in ua.COMPONENTS:
        col = ua.get(array, name)
        assert col.type == pa.string()
        want = [expected_row(t)[name] for t in INPUTS]
        if name == "port":
            # The port as written: leading zeros kept.
            want = [None if p is None else ("0021" if t.startswith("ftp://host:0021") else str(p)) for t, p in zip(INPUTS, want)]
        assert col.to_pylist() == want, name


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
def test_parse_tells_absent_from_out_of_range(spec: str) -> None:
    long = "9" * 100
    urls = ["http://h/", "http://h:8080/", "http://h:/", "http://h:99999/", "http://h:065616/", None, f"http://h:{long}/"]
    got = ua.parse(pa.array(urls), spec, scheme_view=True)
    assert got.field("port").to_pylist() == [None, 8080, None, None, None, None, None]
    assert got.field("port_str").to_pylist() == [None, "8080", "", "99999", "065616", None, long]
    plain = ua.parse(pa.array(urls), spec)
    assert plain.to_pylist() == [None if u is None else expected_row(u, spec) for u in urls]
    # The view's port is the scheme's default only where none is written.
    views = [None if v is None else json.loads(v)["port"] for v in got.field("scheme_view").to_pylist()]
    assert views == [80, 8080, 80, "99999", "065616", None, long]
    assert ua.get(pa.array(urls), "port", spec).to_pylist() == [None, "8080", "", "99999", "065616", None, long]


def test_spec_argument() -> None:
    array = pa.array(["http://[::1]/", "http://a/b c"])
    assert ua.is_valid(array).to_pylist() == [False, False]
    assert ua.is_valid(array, "rfc3986").to_pylist() == [True, False]
    assert ua.is_valid(array, urikit.Spec.RFC3986).to_pylist() == [True, False]
    assert ua.parse(array, "rfc3986").field("host").to_pylist() == ["[::1]", None]
    with pytest.raises(ValueError, match="unknown spec"):
        ua.is_valid(array, "rfc0")


def test_default_spec_follows_env(monkeypatch: pytest.MonkeyPatch) -> None:
    array = pa.array(["http://[::1]/"])
    monkeypatch.setenv("URIKIT_SPEC", "rfc3986")
    assert ua.is_valid(array).to_pylist() == [True]
    assert ua.is_valid(pa.chunked_array([array, array])).to_pylist() == [True, True]


def test_nulls_propagate() -> None:
    array = pa.array(["http://a/", None, "bad", None])
    assert ua.is_valid(array).to_pylist() == [True, None, False, None]
    assert ua.normalize(array).to_pylist() == ["http://a/", None, None, None]
    assert ua.get(array, "host").to_pylist() == ["a", None, None, None]
    parsed = ua.parse(array)
    assert parsed.null_count == 2
    assert parsed.to_pylist()[1] is None
    # The children of a null row are null too, not stale values.
    assert parsed.field("valid").to_pylist() == [True, None, False, None]
    assert parsed.field("error").is_null().to_pylist() == [True, True, False, True]


@pytest.mark.parametrize("type_", TYPES, ids=str)
def test_empty(type_: pa.DataType) -> None:
    empty = pa.array([], type=type_)
    assert len(ua.is_valid(empty)) == 0 and ua.is_valid(empty).type == pa.bool_()
    assert len(ua.parse(empty)) == 0 and [f.name for f in ua.parse(empty).type] == FIELDS
    assert ua.normalize(empty).to_pylist() == []
    assert ua.get(empty, "host").to_pylist() == []


def test_all_null_array() -> None:
    assert ua.is_valid(pa.array([None, None], type=pa.string())).to_pylist() == [None, None]
    assert ua.is_valid(pa.nulls(3, pa.string())).null_count == 3


def test_chunked() -> None:
    chunked = pa.chunked_array([["http://a/", None], [], ["bad", "ftp://b/c"]], type=pa.large_string())
    got = ua.is_valid(chunked)
    assert isinstance(got, pa.ChunkedArray)
    assert [len(c) for c in got.chunks] == [2, 0, 2]
    assert got.to_pylist() == [True, None, False, True]
    assert ua.get(chunked, "host").to_pylist() == ["a", None, None, "b"]
    assert ua.parse(chunked).type == ua.parse(pa.array(["x:"])).type
    empty = pa.chunked_array([], type=pa.string())
    assert ua.parse(empty).num_chunks == 0 and ua.parse(empty).type.num_fields == len(FIELDS)


def test_sliced_array() -> None:
    array = pa.array(["x", "http://a/", None, "http://b/", "y"])[1:4]
    assert ua.get(array, "host").to_pylist() == ["a", None, "b"]
    assert ua.parse(array).to_pylist()[1] is None
    assert ua.is_valid(array).to_pylist() == [True, None, True]


def test_stream_and_list_inputs() -> None:
    class Stream:
        """An object exporting only the Arrow C stream interface."""

        def __init__(self, chunked: pa.ChunkedArray) -> None:
            self.chunked = chunked

        def __arrow_c_stream__(self, requested_schema=None):  # noqa: ANN001
            return self.chunked.__arrow_c_stream__(requested_schema)

    chunked = pa.chunked_array([["http://a/"], ["bad"]])
    assert ua.is_valid(Stream(chunked)).to_pylist() == [True, False]
    assert ua.is_valid(["http://a/", None]).to_pylist() == [True, None]


def test_binary_and_not_utf8() -> None:
    # A string array whose bytes are not UTF-8 (built without validation,
    # as a foreign producer could): the kernels report it, never pass it on.
    data = b"http://a/\xff\xfehttp://b/"
    offsets = pa.array([0, 9, 11, 20], type=pa.int32()).buffers()[1]
    bad = pa.Array.from_buffers(pa.string(), 3, [None, offsets, pa.py_buffer(data)])
    parsed = ua.parse(bad)
    assert parsed.field("valid").to_pylist() == [True, False, True]
    assert parsed.field("error")[1].as_py() == "octet 0xFF is not UTF-8, expected UTF-8 text at offset 0"
    assert parsed.field("host").to_pylist() == ["a", None, "b"]
    parsed.validate(full=True)
    assert ua.is_valid(bad).to_pylist() == [True, False, True]
    assert ua.normalize(bad).to_pylist() == ["http://a/", None, "http://b/"]
    binary = pa.array([b"http://a/", b"\x80", None], type=pa.binary())
    assert ua.is_valid(binary).to_pylist() == [True, False, None]
    assert ua.is_valid(binary.cast(pa.binary_view())).to_pylist() == [True, False, None]


def test_wrong_type_and_component() -> None:
    with pytest.raises(TypeError, match="expected an array of strings"):
        ua.is_valid(pa.array([1, 2]))
    with pytest.raises(ValueError, match="unknown component"):
        ua.get(pa.array(["http://a/"]), "hostname")
    with pytest.raises(ValueError, match="threads"):
        ua.is_valid(pa.array(["http://a/"]), threads=0)


def test_large_batch_on_threads_matches_one_thread() -> None:
    # Past the per-thread minimum, the array is split across threads and the
    # slices' results are joined in order.
    urls = [f"http://h{i}.example/p?{i}" if i % 7 else f"http://bad host/{i}" for i in range(100_000)]
    array = pa.array(urls)
    one = ua.parse(array, threads=1)
    many = ua.parse(array, threads=4)
    assert many.equals(one)
    assert ua.get(array, "host", threads=3).to_pylist()[:8] == [None] + [f"h{i}.example" for i in range(1, 7)] + [None]
    assert ua.is_valid(array, threads=2).to_pylist().count(False) == len(range(0, 100_000, 7))


def test_zero_copy_input_is_not_mutated() -> None:
    array = pa.array(["HTTP://A/%2d"])
    ua.normalize(array)
    assert array.to_pylist() == ["HTTP://A/%2d"]


@pytest.mark.parametrize("type_", TYPES, ids=str)
def test_explain_verdicts_matches_scalar(type_: pa.DataType) -> None:
    urls = INPUTS + ["http://0x7f.1/", "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", None]
    got = ua.explain_verdicts(pa.array(urls, type=type_))
    assert got.type == pa.list_(pa.struct([("code", pa.string()), ("specs", pa.list_(pa.string())), ("message", pa.string())]))
    want = [None if u is None else urikit.explain(u)["verdicts"] for u in urls]
    assert got.to_pylist() == want
    assert [] in want and any(want)
    base = "https://good.example/"
    based = ua.explain_verdicts(pa.array(["//evil.example/", "/a"]), base=base).to_pylist()
    assert based == [urikit.explain(u, base=base)["verdicts"] for u in ["//evil.example/", "/a"]]
    assert based[0][0]["code"] == "scheme-relative"
    chunked = ua.explain_verdicts(pa.chunked_array([urls[:5], urls[5:]], type=type_))
    assert chunked.combine_chunks().to_pylist() == want
