"""spec="whatwg" and base= on every route: the scalar API, the Arrow kernels,
urikit.spark through Python workers and on the JVM; checked on the
examples browsers are known for and against web-platform-tests'
urltestdata.json (the copy in testdata/wpt-url)."""

from __future__ import annotations

import json
from typing import Optional

import pyarrow as pa
import pytest

import urikit
import urikit.arrow
import urikit.spark
from conftest import REPO

WPT = REPO / "testdata" / "wpt-url" / "urltestdata.json"
GETTERS = ("href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash")


def usv(text: Optional[str]) -> Optional[str]:
    """``text`` as the URL API's USVString reads it: a lone surrogate of the
    JSON becomes U+FFFD (the Rust runner reads it so too)."""
    if text is None:
        return None
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def wpt_cases() -> list:
    cases = [c for c in json.loads(WPT.read_text(encoding="utf-8")) if isinstance(c, dict)]
    for case in cases:
        case["input"] = usv(case["input"])
        case["base"] = usv(case.get("base"))
    return cases


CASES = wpt_cases()


def test_wpt_is_read() -> None:
    assert len(CASES) == 891
    assert sum(1 for c in CASES if c.get("failure")) == 267


# -- the scalar API ---------------------------------------------------------


def test_browser_examples() -> None:
    assert str(urikit.parse("http://0x7f.1/", "whatwg")) == "http://127.0.0.1/"
    assert urikit.parse("http://0x7f.1/", "whatwg").host == "127.0.0.1"
    assert urikit.normalize("HTTP://EXAMPLE.com:80/a/../b", "whatwg") == "http://example.com/b"
    assert urikit.parse("http:\\\\evil.com", "whatwg").api()["host"] == "evil.com"
    assert urikit.parse("http://exa\tmple.com/", spec=urikit.Spec.WHATWG).host == "example.com"
    # The same inputs by RFC 3986: another reading, so the spec is not ignored.
    assert urikit.parse("http://0x7f.1/", "rfc3986").host == "0x7f.1"
    assert not urikit.is_valid("http:\\\\evil.com", "rfc3986")


def test_failure_raises_parse_error() -> None:
    with pytest.raises(urikit.ParseError) as info:
        urikit.parse("http://[::1", "whatwg")
    e = info.value
    assert (e.offset, e.rule, e.spec) == (7, "IPv6-unclosed", "whatwg")
    assert "at offset 7" in str(e)
    assert not urikit.is_valid("http://[::1", "whatwg")
    with pytest.raises(urikit.ParseError):
        urikit.normalize("http://[::1", "whatwg")


def test_validation_errors_are_warnings() -> None:
    url = urikit.parse("http://0x7f.1/", "whatwg")
    assert [(w.offset, w.rule) for w in url.warnings] == [(7, "IPv4-too-few-parts"), (7, "IPv4-non-decimal-part")]
    assert str(url.warnings[1]).startswith("accepted: IPv4 address part written in hex or octal")
    assert [(w.offset, w.rule) for w in urikit.parse("http://exa\tmple.com/", "whatwg").warnings] == [
        (10, "invalid-URL-unit")
    ]
    assert urikit.parse("https://example.com/", "whatwg").warnings == []
    # Strict: the first validation error refuses; is_valid says the same.
    with pytest.raises(urikit.ParseError) as info:
        urikit.parse("http://0x7f.1/", "whatwg", lenient=False)
    assert info.value.rule == "IPv4-too-few-parts"
    assert not urikit.is_valid("http://0x7f.1/", "whatwg")
    assert not urikit.is_valid("http://0x7f.1/", "whatwg", lenient=False)
    assert urikit.is_valid("http://0x7f.1/", "whatwg", lenient=True)
    assert urikit.is_valid("HTTP://EXAMPLE.com:80/a/../b", "whatwg", lenient=False)


def test_api_getters() -> None:
    api = urikit.parse("HTTPS://user@Example.COM:443/a/../b?#x", "whatwg").api()
    assert api == {
        "href": "https://user@example.com/b?#x",
        "protocol": "https:",
        "username": "user",
        "password": "",
        "host": "example.com",
        "hostname": "example.com",
        "port": "",
        "pathname": "/b",
        "search": "",
        "hash": "#x",
        "origin": "https://example.com",
    }
    assert urikit.parse("http://h:8080/", "whatwg").href == "http://h:8080/"
    with pytest.raises(ValueError, match="WHATWG"):
        urikit.parse("http://h/", "rfc3986").api()


def test_base() -> None:
    assert str(urikit.parse("../x", "whatwg", base="http://a/b/c")) == "http://a/x"
    assert str(urikit.resolve("http://a/b/c", "../x", "whatwg")) == "http://a/x"
    assert str(urikit.Url("../x", "whatwg", base="http://a/b/c").resolve("y")) == "http://a/y"
    assert urikit.normalize("../X", "whatwg", base="HTTP://A/b/c") == "http://a/X"
    assert urikit.is_valid("../x", "whatwg", base="http://a/b/c")
    assert not urikit.is_valid("../x", "whatwg")
    # The base's warnings are its own; those of the input against it come back.
    assert [w.rule for w in urikit.parse("..\\x", "whatwg", base="http://a/b/c").warnings] == [
        "invalid-reverse-solidus"
    ]
    assert not urikit.is_valid("..\\x", "whatwg", lenient=False, base="http://a/b/c")
    # A base that is not a URL: ParseError naming the base.
    for call in (
        lambda: urikit.parse("x", "whatwg", base="no base"),
        lambda: urikit.is_valid("x", "whatwg", base="no base"),
        lambda: urikit.normalize("x", "whatwg", base="no base"),
    ):
        with pytest.raises(urikit.ParseError, match="the base is not a valid URL"):
            call()
    # By an RFC, a base resolves by the spec's algorithm.
    assert str(urikit.parse("../g", "rfc3986", base="http://a/b/c/d;p?q")) == "http://a/b/g"
    with pytest.raises(ValueError, match="lenient"):
        urikit.parse("g", "rfc3986", lenient=True, base="http://a/")


@pytest.mark.parametrize("case", CASES, ids=lambda c: repr((c["input"], c["base"]))[:60])
def test_wpt_scalar(case: dict) -> None:
    if case.get("failure"):
        with pytest.raises(urikit.ParseError):
            urikit.parse(case["input"], "whatwg", base=case["base"])
        assert not urikit.is_valid(case["input"], "whatwg", base=case["base"])
        return
    url = urikit.parse(case["input"], "whatwg", base=case["base"])
    api = url.api()
    assert {k: api[k] for k in GETTERS} == {k: case[k] for k in GETTERS}
    if "origin" in case:
        assert api["origin"] == case["origin"]
    assert urikit.normalize(case["input"], "whatwg", base=case["base"]) == case["href"]
    assert urikit.is_valid(case["input"], "whatwg", lenient=True, base=case["base"])


# -- the Arrow kernels ------------------------------------------------------


def by_base() -> dict:
    groups: dict = {}
    for case in CASES:
        groups.setdefault(case["base"], []).append(case)
    return groups


def expected_row(case: dict) -> dict:
    """The struct row of urikit.arrow.parse, as WPT's getters say it."""
    if case.get("failure"):
        return {"valid": False}
    return {
        "valid": True,
        "scheme": case["protocol"][:-1],
        "user": case["username"],
        "password": case["password"],
        "host": case["hostname"],
        "port_str": case["port"],
        "path": case["pathname"],
        "search": case["search"],
        "hash": case["hash"],
    }


def row_as_expected(row: dict) -> dict:
    """A struct row in the terms of expected_row (absent reads as empty, as
    the URL API's getters give it)."""
    if not row["valid"]:
        return {"valid": False}
    return {
        "valid": True,
        "scheme": row["scheme"],
        "user": row["user"] or "",
        "password": row["password"] or "",
        "host": row["host"] or "",
        "port_str": row["port_str"] or "",
        "path": row["path"],
        "search": "?" + row["query"] if row["query"] else "",
        "hash": "#" + row["fragment"] if row["fragment"] else "",
    }


def test_wpt_arrow() -> None:
    groups = by_base()
    assert len(groups) > 20
    for base, cases in groups.items():
        inputs = pa.array([c["input"] for c in cases] + [None], pa.string())
        parsed = urikit.arrow.parse(inputs, "whatwg", base=base).to_pylist()
        assert parsed[-1] is None
        assert [row_as_expected(r) for r in parsed[:-1]] == [expected_row(c) for c in cases], base
        hrefs = urikit.arrow.normalize(inputs, "whatwg", base=base).to_pylist()
        assert hrefs == [None if c.get("failure") else c["href"] for c in cases] + [None], base
        valid = urikit.arrow.is_valid(inputs, "whatwg", lenient=True, base=base).to_pylist()
        assert valid == [not c.get("failure") for c in cases] + [None], base
        hosts = urikit.arrow.get(inputs, "host", "whatwg", base=base).to_pylist()
        assert [h or "" for h in hosts[:-1]] == [c.get("hostname", "") for c in cases], base


def test_arrow_examples() -> None:
    urls = pa.array(["http://0x7f.1/", "HTTP://EXAMPLE.com:80/a/../b", "http:\\\\evil.com", "http://exa\tmple.com/", "http://[::1"])
    assert urikit.arrow.get(urls, "host", "whatwg").to_pylist() == [
        "127.0.0.1",
        "example.com",
        "evil.com",
        "example.com",
        None,
    ]
    assert urikit.arrow.normalize(urls, "whatwg").to_pylist()[:2] == ["http://127.0.0.1/", "http://example.com/b"]
    assert urikit.arrow.is_valid(urls, "whatwg", lenient=False).to_pylist() == [False, True, False, False, False]
    failed = urikit.arrow.parse(urls, "whatwg").to_pylist()[4]
    assert failed["valid"] is False and "IPv6-unclosed" in failed["error"]
    chunked = pa.chunked_array([["../x"], ["../../y"]])
    assert urikit.arrow.normalize(chunked, "whatwg", base="http://a/b/c").to_pylist() == ["http://a/x", "http://a/y"]
    with pytest.raises(urikit.ParseError, match="the base is not a valid URL"):
        urikit.arrow.parse(urls, "whatwg", base="no base")


# -- Spark: Python workers and the JVM -------------------------------------

SPARK_BASE = "http://example.org/foo/bar"
"""The base of the most WPT cases after none."""


def spark_cases() -> list:
    return [c for c in CASES if c["base"] == SPARK_BASE]


@pytest.mark.parametrize("method", ["mapInArrow", "jvm"])
def test_wpt_spark_parse(spark, method: str) -> None:  # noqa: ANN001
    cases = spark_cases()
    assert len(cases) == 102
    rows = [(i, c["input"]) for i, c in enumerate(cases)] + [(len(cases), None)]
    df = spark.createDataFrame(rows, "id long, url string").repartition(2)
    out = urikit.spark.parse(df, "url", "whatwg", method=method, base=SPARK_BASE)
    got = {r["id"]: r["url_parsed"] for r in out.collect()}
    assert got[len(cases)] is None
    assert [row_as_expected(got[i].asDict()) for i in range(len(cases))] == [expected_row(c) for c in cases]
    # Without the base, the relative inputs fail instead.
    plain = urikit.spark.parse(df, "url", "whatwg", method=method)
    no_base = {r["id"]: r["url_parsed"] for r in plain.collect()}
    relative = [i for i, c in enumerate(cases) if not c.get("failure") and not urikit.is_valid(c["input"], "whatwg", lenient=True)]
    assert relative and all(no_base[i]["valid"] is False for i in relative)


@pytest.mark.parametrize("method", ["mapInArrow", "jvm"])
def test_spark_examples(spark, method: str) -> None:  # noqa: ANN001
    urls = ["http://0x7f.1/", "HTTP://EXAMPLE.com:80/a/../b", "http:\\\\evil.com", "http://exa\tmple.com/", "http://[::1", "../x"]
    df = spark.createDataFrame(list(enumerate(urls)), "id long, url string")
    out = urikit.spark.parse(df, "url", "whatwg", method=method, base="http://a/b/c")
    rows = {r["id"]: r["url_parsed"] for r in out.collect()}
    assert [rows[i]["host"] for i in range(len(urls))] == ["127.0.0.1", "example.com", "evil.com", "example.com", None, "a"]
    assert [rows[i]["path"] for i in (1, 5)] == ["/b", "/x"]
    assert rows[4]["valid"] is False and "IPv6-unclosed" in rows[4]["error"]
    strict = urikit.spark.parse(df, "url", "whatwg", method=method, lenient=False, base="http://a/b/c", into="s")
    assert [r["s"]["valid"] for r in strict.orderBy("id").collect()] == [False, True, False, False, False, True]
    if method == "jvm":
        hosts = urikit.spark.host_jvm(df, "url", "whatwg", base="http://a/b/c")
    else:
        hosts = urikit.spark.get(df, "url", "host", "whatwg", base="http://a/b/c")
    got = [r["url_host"] for r in hosts.orderBy("id").collect()]
    assert got == ["127.0.0.1", "example.com", "evil.com", "example.com", None, "a"]
    # The base is checked once, on the driver.
    with pytest.raises(urikit.ParseError, match="the base is not a valid URL"):
        urikit.spark.parse(df, "url", "whatwg", method=method, base="no base")


def test_jvm_refuses_a_bad_base_itself(spark) -> None:  # noqa: ANN001
    from pyspark.errors import IllegalArgumentException
    from pyspark.sql import functions as F

    df = spark.createDataFrame([("x",)], "url string")
    make = df.sparkSession._jvm.io.urikit.spark.ParseExpression.parse
    with pytest.raises(IllegalArgumentException, match="the base is not a valid URL"):
        make(F.col("url")._jc, urikit.spark.SPEC_CODES["whatwg"], -1, "no base")


@pytest.mark.parametrize("octets", [False, True])
def test_jvm_udf(spark, octets: bool) -> None:  # noqa: ANN001
    urls = ["http://0x7f.1/", "HTTP://EXAMPLE.com:80/a/../b", "http:\\\\evil.com", "http://exa\tmple.com/", "http://[::1", "../x", None]
    df = spark.createDataFrame(list(enumerate(urls)), "id long, url string")
    df.createOrReplaceTempView("whatwg_urls")
    name = urikit.spark.register_jvm(spark, "whatwg_host", "whatwg", octets=octets, base="http://a/b/c")
    call = f"CAST({name}(CAST(url AS BINARY)) AS STRING)" if octets else f"{name}(url)"
    got = [r["h"] for r in spark.sql(f"SELECT id, {call} AS h FROM whatwg_urls ORDER BY id").collect()]
    assert got == ["127.0.0.1", "example.com", "evil.com", "example.com", None, "a", None]
    strict = urikit.spark.register_jvm(spark, "whatwg_strict_host", "whatwg", octets=octets, lenient=False)
    call = f"CAST({strict}(CAST(url AS BINARY)) AS STRING)" if octets else f"{strict}(url)"
    got = [r["h"] for r in spark.sql(f"SELECT id, {call} AS h FROM whatwg_urls ORDER BY id").collect()]
    assert got == [None, "example.com", None, None, None, None, None]
    with pytest.raises(urikit.ParseError, match="the base is not a valid URL"):
        urikit.spark.register_jvm(spark, "bad", "whatwg", octets=octets, base="no base")


def _check_says(urls: list, spec: str, lenient: bool) -> list:
    """Whether `urikit check --spec SPEC [--lenient]` finds each URL valid,
    one run per URL (the exit status is the answer)."""
    import os
    import subprocess

    from conftest import urikit_binary

    env = {k: v for k, v in os.environ.items() if k != "URIKIT_SPEC"}
    args = [str(urikit_binary()), "check", "--spec", spec] + (["--lenient"] if lenient else [])
    answers = []
    for url in urls:
        done = subprocess.run(args + ["--", url], capture_output=True, env=env, check=False)
        assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
        answers.append(done.returncode == 0)
    return answers


def test_is_valid_means_what_check_means() -> None:
    # The example: validation errors, but the parser does not fail.
    assert urikit.is_valid("http://0x7f.1/", "whatwg") is False
    assert urikit.is_valid("http://0x7f.1/", "whatwg", lenient=True) is True
    assert urikit.is_valid("http://[::1", "whatwg", lenient=True) is False
    assert urikit.arrow.is_valid(pa.array(["http://0x7f.1/"]), "whatwg").to_pylist() == [False]
    assert urikit.arrow.is_valid(pa.array(["http://0x7f.1/"]), "whatwg", lenient=True).to_pylist() == [True]
    # parse by WHATWG stays the browser's parser, lenient unless told.
    assert str(urikit.parse("http://0x7f.1/", "whatwg")) == "http://127.0.0.1/"
    # Every input of urltestdata.json without a NUL or a line end, and a few
    # of each spec's own, as the command answers, strictly and leniently.
    cases = json.loads(WPT.read_text(encoding="utf-8"))
    wpt = [c["input"] for c in cases if isinstance(c, dict) and "base" in c and c["base"] is None]
    wpt = [u for u in wpt if not any(ch in u for ch in "\0\n\r")]
    assert len(wpt) > 100
    own = ["http://a b/", "http://[::1]/", "http://u@h/", "ftp://h/%2F", "http:\\\\evil.com", " http://h/ "]
    for spec, urls in [("whatwg", wpt + own), ("rfc1738", own), ("rfc3986", own)]:
        answers = {}
        for lenient in (False, True):
            says = answers[lenient] = _check_says(urls, spec, lenient)
            got = [urikit.is_valid(u, spec, lenient=lenient) for u in urls]
            differ = [(u, g) for u, g, s in zip(urls, got, says) if g != s]
            assert not differ, (spec, lenient, differ[:10])
            column = urikit.arrow.is_valid(pa.array(urls), spec, lenient=lenient).to_pylist()
            assert column == says, (spec, lenient)
        # Both readings occur: the rule is not vacuous.
        assert answers[False] != answers[True], spec
