"""A Url as a Python value: pickled (as multiprocessing, Dask and Spark's
workers do), copied, hashed and ordered; the package's version, extras and
abi3 extension."""

from __future__ import annotations

import concurrent.futures
import copy
import importlib.metadata
import multiprocessing
import pickle
import re
import sys
from pathlib import Path

import pytest

import urikit
from conftest import REPO

PYTHON = REPO / "crates" / "python"

# (text, spec, lenient): every spec, strict and lenient, and inputs that a
# lenient parse repairs or lets pass (their warnings must come back too).
URLS = [
    ("ftp://@host.com/pub/file.txt", "rfc1738", False),
    ("HTTP://Info.CERN.ch:80/hypertext/WWW/TheProject.html", "rfc1738", False),
    ("http://h/a b?q=1 2", "rfc1738", True),
    ("news:comp.infosystems.www", "rfc1630", False),
    ("http://h/a{b}", "rfc1630", True),
    ("http://a/b/c/d;p?q#f", "rfc1808", False),
    ("http://h/%zz|", "rfc1808", True),
    ("foo://user:pw@[::1]:99999/p?q#f", "rfc3986", False),
    ("http://h/a\\b c", "rfc3986", True),
    ("HTTP://user@0x7f.1:80/a/../b c?x#y", "whatwg", None),
    ("https://bücher.de/ä", "whatwg", None),
    ("blob:https://example.org/uuid", "whatwg", False),
    ("web+demo:/.//not-a-host/", "whatwg", None),
]

COMPONENTS = ["spec", "scheme", "user", "password", "host", "port", "port_str", "path", "query", "fragment"]


def parsed() -> list:
    return [urikit.parse(text, spec, lenient) for text, spec, lenient in URLS]


def same(a: urikit.Url, b: urikit.Url) -> None:
    assert type(b) is urikit.Url
    assert b == a and not b != a and hash(b) == hash(a)
    assert str(b) == str(a)
    assert [getattr(b, c) for c in COMPONENTS] == [getattr(a, c) for c in COMPONENTS]
    assert [repr(w) for w in b.warnings] == [repr(w) for w in a.warnings]


def test_the_cases_hold_warnings_and_every_spec() -> None:
    urls = parsed()
    assert {u.spec for u in urls} == {s.value for s in urikit.Spec}
    assert all(u.warnings for u, (_, _, lenient) in zip(urls, URLS) if lenient)


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize("url", parsed(), ids=lambda u: f"{u.spec}:{u}"[:40])
def test_pickle_round_trip(url: urikit.Url, protocol: int) -> None:
    same(url, pickle.loads(pickle.dumps(url, protocol)))
    # The pickler multiprocessing sends arguments and results with.
    same(url, pickle.loads(multiprocessing.reduction.ForkingPickler.dumps(url, protocol)))


def test_edited_urls_pickle() -> None:
    u = urikit.parse("http://h/p?a=1", "whatwg")
    for v in [u.set("host", "xn--bcher-kva.de"), u.set("path", "a b"), u.with_search_params([("x", "é")])]:
        same(v, pickle.loads(pickle.dumps(v)))
    r = urikit.parse("http://h/a/b").set("query", "q=1")
    same(r, pickle.loads(pickle.dumps(r)))


def host_of(url: urikit.Url) -> tuple:
    return url.host, url


def test_urls_cross_processes() -> None:
    urls = parsed()
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        back = list(pool.map(host_of, urls))
    for url, (host, copy_) in zip(urls, back):
        assert host == url.host
        same(url, copy_)


def test_rebuild_refuses_what_is_not_a_serialization() -> None:
    # What pickle calls: a strict parse, else a lenient one, of the same string.
    with pytest.raises(ValueError, match="not a URL's serialization"):
        urikit.Url._rebuild("HTTP://h/", "rfc1738", [])
    with pytest.raises(urikit.ParseError):
        urikit.Url._rebuild("no scheme", "rfc3986", [])


def test_copies_are_the_url_itself() -> None:
    for url in parsed():
        assert copy.copy(url) is url
        assert copy.deepcopy(url) is url
        held = copy.deepcopy({"u": [url]})
        assert held["u"][0] == url


def test_equality_is_the_serialization_and_the_spec() -> None:
    strict = urikit.parse("http://h/a", "whatwg", lenient=False)
    lenient = urikit.parse("http://h/a", "whatwg")
    assert strict == lenient and hash(strict) == hash(lenient)
    repaired = urikit.parse("http://h/a b", "rfc3986", lenient=True)
    assert repaired.warnings and repaired == urikit.parse("http://h/a%20b", "rfc3986")
    assert urikit.parse("http://h/a", "rfc3986") != strict
    assert urikit.parse("http://h/%2D") != urikit.parse("http://h/-")
    assert len({strict, lenient, urikit.parse("http://h/a")}) == 2


def test_order_is_the_serialization_then_the_spec() -> None:
    a = urikit.parse("http://a/", "rfc3986")
    b = urikit.parse("http://b/", "rfc1738")
    a_whatwg = urikit.parse("http://a/", "whatwg")
    assert a < b and a <= b and b > a and b >= a and not b < a
    assert a < a_whatwg < b  # "rfc3986" < "whatwg"
    assert a <= a and not a < a
    assert sorted([b, a_whatwg, a]) == [a, a_whatwg, b]


def test_a_url_and_a_str_are_never_equal() -> None:
    url = urikit.parse("http://h/")
    assert url != "http://h/" and not url == "http://h/"
    assert "http://h/" != url
    assert url != None  # noqa: E711
    assert url.__eq__("http://h/") is NotImplemented
    with pytest.raises(TypeError):
        url < "http://i/"  # noqa: B015


def crate_version() -> str:
    cargo = (PYTHON / "Cargo.toml").read_text(encoding="utf-8")
    return re.search(r'^version = "([^"]+)"', cargo, flags=re.M).group(1)


def test_version_is_the_crates() -> None:
    assert urikit.__version__ == crate_version()
    assert urikit.__version__ == importlib.metadata.version("urikit")
    # One source of truth: pyproject.toml takes the version from Cargo.toml.
    pyproject = (PYTHON / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert not re.search(r"^version\s*=", pyproject, flags=re.M)
    assert "__version__" in urikit.__all__


def test_extras_pull_what_each_front_end_needs() -> None:
    extras: dict = {}
    for requirement in importlib.metadata.requires("urikit") or []:
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)[^;]*;\s*extra == ['\"](\w+)['\"]", requirement)
        assert match, requirement
        extras.setdefault(match.group(2), set()).add(match.group(1).lower())
    assert extras == {
        "arrow": {"pyarrow"},
        "polars": {"pyarrow", "polars"},
        "duckdb": {"pyarrow", "duckdb", "numpy"},
        "spark": {"pyarrow", "pyspark", "pandas"},
    }
    for readme in [REPO / "README.md", PYTHON / "README.md"]:
        assert "pip install -v './crates/python[arrow]'" in readme.read_text(encoding="utf-8"), readme


@pytest.mark.skipif(sys.platform == "win32", reason="an abi3 extension is a plain .pyd on Windows")
def test_one_abi3_extension_serves_every_python() -> None:
    assert Path(urikit._urikit.__file__).name == "_urikit.abi3.so"
    cargo = (PYTHON / "Cargo.toml").read_text(encoding="utf-8")
    assert re.search(r'^pyo3 = \{[^}]*features = \[[^]]*"abi3-py39"', cargo, flags=re.M)
    assert 'requires-python = ">=3.9"' in (PYTHON / "pyproject.toml").read_text(encoding="utf-8")
