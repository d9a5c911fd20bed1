"""urikit.URLPattern and urikit.arrow.match: every entry of the
web-platform-tests' URLPattern data (the copy in testdata/wpt-urlpattern)
through the Python class, as the Rust runner takes them; JavaScript's
result shapes; a column against a pattern."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

import pyarrow as pa
import pytest

import urikit
import urikit.arrow

from conftest import REPO

WPT = REPO / "testdata" / "wpt-urlpattern" / "urlpatterntestdata.json"
COMPONENTS = ("protocol", "username", "password", "hostname", "port", "pathname", "search", "hash")


def usv(value: Any) -> Any:
    """``value`` with each lone surrogate as U+FFFD, as WebIDL's USVString
    conversion makes it (a Python str may hold one; a Rust str may not)."""
    if isinstance(value, str):
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, list):
        return [usv(v) for v in value]
    if isinstance(value, dict):
        return {k: usv(v) for k, v in value.items()}
    return value


def init(d: Dict[str, Any]) -> Dict[str, Any]:
    """A dict with the keys of a URLPatternInit only: WebIDL drops the
    others (one entry gives ``{"ignoreCase": true}`` as the init), which
    urikit.URLPattern refuses rather than match every URL."""
    return {k: v for k, v in d.items() if k in COMPONENTS or k == "baseURL"}


def arguments(args: List[Any]) -> Tuple[Any, Optional[str], bool]:
    """A constructor's or a call's arguments: the pattern or input (a str, a
    dict, or None), the base URL, and ignoreCase."""
    given: Any = None
    base = None
    ignore_case = False
    for i, a in enumerate(args):
        if i == 0 and isinstance(a, str):
            given = a
        elif i == 0 and isinstance(a, dict):
            given = init(a)
        elif i == 1 and isinstance(a, str):
            base = a
        elif i == 1 and isinstance(a, dict) and len(args) == 3:
            # (input, baseURL, options): WebIDL makes a string of an object
            # given as the base URL.
            base = "[object Object]"
        elif isinstance(a, dict):
            ignore_case = bool(a.get("ignoreCase", False))
    return given, base, ignore_case


def run(entry: Dict[str, Any]) -> None:
    given, base, ignore_case = arguments(entry["pattern"])
    if entry.get("expected_obj") == "error":
        with pytest.raises((urikit.URLPatternError, TypeError)):
            urikit.URLPattern(given, base, ignore_case=ignore_case)
        return
    pattern = urikit.URLPattern(given, base, ignore_case=ignore_case)
    for c, want in (entry.get("expected_obj") or {}).items():
        assert getattr(pattern, c) == want, c
    if "inputs" not in entry:
        return
    given, base, _ = arguments(entry["inputs"])
    expected = entry["expected_match"]
    if expected == "error":
        with pytest.raises((urikit.URLPatternError, TypeError)):
            pattern.test(given, base)
        with pytest.raises((urikit.URLPatternError, TypeError)):
            pattern.exec(given, base)
        return
    assert pattern.test(given, base) == (expected is not None)
    result = pattern.exec(given, base)
    if expected is None:
        assert result is None
        return
    assert result is not None
    empty = entry.get("exactly_empty_components", [])
    for c in COMPONENTS:
        want = expected.get(c)
        if want is None:
            want = {"input": "", "groups": {} if c in empty else {"0": ""}}
        assert result[c] == want, c
    want_inputs = expected.get("inputs", [a for a in entry["inputs"]])
    assert result["inputs"] == want_inputs


ENTRIES = usv(json.loads(WPT.read_text(encoding="utf-8")))


def test_the_wpt_data_is_all_there() -> None:
    assert len(ENTRIES) == 369


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"#{i}" for i in range(len(ENTRIES))])
def test_wpt_entry(entry: Dict[str, Any]) -> None:
    run(entry)


def test_as_javascript_shows_it() -> None:
    p = urikit.URLPattern("https://*.example.com/books/:id(\\d+)")
    assert (p.protocol, p.hostname, p.pathname) == ("https", "*.example.com", "/books/:id(\\d+)")
    assert p.has_regexp_groups and not p.ignore_case
    m = p.exec("https://shop.example.com/books/42?x")
    assert m is not None
    assert m["pathname"] == {"input": "/books/42", "groups": {"id": "42"}}
    assert m["hostname"]["groups"] == {"0": "shop"}
    assert m["inputs"] == ["https://shop.example.com/books/42?x"]
    assert p.exec("https://example.com/books/x") is None
    # An optional group that matched nothing is None.
    q = urikit.URLPattern({"pathname": "/a/:b?"})
    assert q.exec({"pathname": "/a"})["pathname"]["groups"] == {"b": None}
    assert urikit.URLPattern("/x", "https://h/").test("https://h/x")
    assert urikit.URLPattern({"pathname": "/A"}, ignore_case=True).test("https://h/a")
    p = urikit.URLPattern({"pathname": "/a"}, ignore_case=True)
    assert repr(p) == (
        "urikit.URLPattern({'protocol': '*', 'username': '*', 'password': '*', 'hostname': '*', "
        "'port': '*', 'pathname': '/a', 'search': '*', 'hash': '*'}, ignore_case=True)"
    )
    assert eval(repr(p), {"urikit": urikit}) == p
    assert urikit.URLPattern({"pathname": "/a"}) == urikit.URLPattern({"pathname": "/a"})
    assert len({urikit.URLPattern("https://h/a"), urikit.URLPattern("https://h/a")}) == 1


def test_errors_say_where() -> None:
    with pytest.raises(urikit.URLPatternError) as info:
        urikit.URLPattern("https://example.com/:id(\\d+")
    assert (info.value.offset, info.value.component) == (23, "pathname")
    assert info.value.rule == "tokenize"
    # An init with a base URL is refused by the standard.
    with pytest.raises(urikit.URLPatternError):
        urikit.URLPattern({"pathname": "/a"}).test({"pathname": "/a"}, "https://h/")
    # A misspelt key would match every URL: it is refused.
    with pytest.raises(TypeError, match='unknown URLPatternInit key "pathnme", expected one of: protocol'):
        urikit.URLPattern({"pathnme": "/a"})
    with pytest.raises(TypeError):
        urikit.URLPattern(5)  # type: ignore[arg-type]


def test_arrow_match() -> None:
    urls = ["https://h/books/1", None, "https://h/films/1", "not a url", "https://h/books/x"]
    got = urikit.arrow.match(urls, "https://h/books/:id(\\d+)")
    assert got.to_pylist() == [True, None, False, False, False]
    pattern = urikit.URLPattern({"pathname": "/books/*"})
    chunked = pa.chunked_array([urls[:2], urls[2:]])
    assert urikit.arrow.match(chunked, pattern).to_pylist() == [True, None, False, False, True]
    assert urikit.arrow.match(urls, "/books/*", "https://h/").to_pylist() == [True, None, False, False, True]
    with pytest.raises(TypeError):
        urikit.arrow.match(urls, pattern, "https://h/")
    # Each row as URLPattern.test answers it.
    assert got.to_pylist() == [
        None if u is None else urikit.URLPattern("https://h/books/:id(\\d+)").test(u) for u in urls
    ]
