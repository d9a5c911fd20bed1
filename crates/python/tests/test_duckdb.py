"""urikit.duckdb: the SQL functions against the scalar API, row by row."""

from __future__ import annotations

from typing import Any, Callable, Optional

import pytest

import urikit
import urikit.duckdb

duckdb = pytest.importorskip("duckdb")

SPECS = [None, "rfc1738", "rfc1630", "rfc1808", "rfc3986", "whatwg"]
URLS = [
    "http://info.cern.ch/",
    "http://user@host/",  # RFC 1738 refuses a user in http
    "ftp://myname:pw@host.dom:21/%2Fetc/motd;type=a",
    "https://a.b.example.co.uk:8443/p/q?x=1&y=2#frag",
    "http://bücher.de/straße?q=ü",
    "http://0x7f.1/",  # WHATWG: valid leniently, a validation error strictly
    "http://[::1]:80/",
    "http://127.0.0.1/",
    "http://host:99999/",  # a port no 16-bit number holds
    "mailto:ann@example.com",
    "not a url",
    "",
    None,
]
TEMPLATES = ["{host}", "{host}:{default:port}", "{query:x}", "{domain}", "{scheme}://{host}{path}"]
FIELDS = [name for name, _, _ in urikit.duckdb.PARSE_FIELDS]


@pytest.fixture()
def con() -> Any:
    connection = urikit.duckdb.register(duckdb.connect())
    connection.execute("CREATE TABLE t (i INTEGER, u VARCHAR)")
    connection.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(URLS)))
    yield connection
    connection.close()


def column(con: Any, expression: str, *params: Any) -> list:
    return [row[0] for row in con.execute(f"SELECT {expression} FROM t ORDER BY i", list(params)).fetchall()]


def call(expression: str, spec: Optional[str]) -> str:
    """``urikit_NAME(u[, x], ?)``, or without the spec."""
    return expression + (", ?)" if spec else ")")


def scalar(text: Optional[str], spec: Optional[str], read: Callable[[urikit.Url], Any]) -> Any:
    if text is None:
        return None
    try:
        return read(urikit.parse(text, spec))
    except urikit.ParseError:
        return None


def domain(url: urikit.Url) -> Optional[str]:
    return urikit.registrable_domain(url.host) if url.host else None


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_is_valid(con: Any, spec: Optional[str]) -> None:
    got = column(con, call("urikit_is_valid(u", spec), *[spec] if spec else [])
    assert got == [None if u is None else urikit.is_valid(u, spec) for u in URLS]


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_host_and_registrable_domain(con: Any, spec: Optional[str]) -> None:
    params = [spec] if spec else []
    hosts = column(con, call("urikit_host(u", spec), *params)
    assert hosts == [scalar(u, spec, lambda url: url.host) for u in URLS]
    domains = column(con, call("urikit_registrable_domain(u", spec), *params)
    assert domains == [scalar(u, spec, domain) for u in URLS]
    assert "cern.ch" in domains


def scalar_get(text: Optional[str], template: str, spec: Optional[str]) -> Optional[str]:
    if text is None:
        return None
    try:
        return urikit.get(text, template, spec)
    except (urikit.ParseError, urikit.TemplateError):
        return None


@pytest.mark.parametrize("spec", SPECS, ids=str)
@pytest.mark.parametrize("template", TEMPLATES)
def test_get(con: Any, spec: Optional[str], template: str) -> None:
    got = column(con, call("urikit_get(u, ?", spec), template, *[spec] if spec else [])
    assert got == [scalar_get(u, template, spec) for u in URLS]


def scalar_struct(url: urikit.Url) -> dict:
    row = {name: getattr(url, name) for name in FIELDS}
    if not isinstance(row["port"], int):
        row["port"] = None
    return row


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_parse(con: Any, spec: Optional[str]) -> None:
    got = column(con, call("urikit_parse(u", spec), *[spec] if spec else [])
    assert got == [scalar(u, spec, scalar_struct) for u in URLS]
    # An invalid URL is a NULL struct, not a struct of NULLs.
    assert got[URLS.index("not a url")] is None
    assert got[0] == {
        "scheme": "http",
        "user": None,
        "password": None,
        "host": "info.cern.ch",
        "port": None,
        "path": "/",
        "query": None,
        "fragment": None,
    }


def test_parse_type(con: Any) -> None:
    kind = con.execute("SELECT typeof(urikit_parse('http://h/'))").fetchall()[0][0]
    # DuckDB quotes the field names that are SQL keywords.
    assert kind.replace('"', "") == urikit.duckdb.PARSE_TYPE
    assert kind.startswith("STRUCT(scheme VARCHAR, ") and "port USMALLINT" in kind
    row = con.execute(
        "SELECT (urikit_parse('ftp://a:b@h:21/x')).port + 1, urikit_parse('ftp://a:b@h:21/x').user"
    ).fetchall()[0]
    assert row == (22, "a")


def test_spec_and_template_per_row(con: Any) -> None:
    """A spec or template column, not a constant: each row by its own."""
    con.execute("CREATE TABLE r (i INTEGER, u VARCHAR, s VARCHAR, tpl VARCHAR)")
    rows = []
    for i, u in enumerate(URLS * 2):
        rows.append((i, u, SPECS[i % len(SPECS)], TEMPLATES[i % len(TEMPLATES)] if i % 7 else None))
    con.executemany("INSERT INTO r VALUES (?, ?, ?, ?)", rows)
    got = con.execute(
        "SELECT urikit_is_valid(u, s), urikit_host(u, s), urikit_get(u, tpl, s) FROM r ORDER BY i"
    ).fetchall()
    assert got == [
        (
            None if u is None else urikit.is_valid(u, s),
            scalar(u, s, lambda url: url.host),
            None if tpl is None else scalar_get(u, tpl, s),
        )
        for _, u, s, tpl in rows
    ]


def test_null_spec_is_the_default(con: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert column(con, "urikit_is_valid(u, NULL)") == column(con, "urikit_is_valid(u)")
    monkeypatch.setenv("URIKIT_SPEC", "rfc3986")
    assert con.execute("SELECT urikit_is_valid('http://user@host/')").fetchall()[0] == (True,)


def test_lenient(con: Any) -> None:
    query = "SELECT urikit_is_valid('http://0x7f.1/', 'whatwg'), urikit_host('http://0x7f.1/', 'whatwg')"
    # Strict, as `urikit check` says; the host is the browser parser's.
    assert con.execute(query).fetchall()[0] == (False, "127.0.0.1")
    assert urikit.duckdb.register(con, lenient=True) is con
    assert con.execute(query).fetchall()[0] == (True, "127.0.0.1")
    urikit.duckdb.register(con, lenient=False)
    assert con.execute(query).fetchall()[0] == (False, None)


def test_register_twice_and_a_large_table(con: Any) -> None:
    assert urikit.duckdb.register(con) is con
    got = con.execute(
        "SELECT count(*), count(urikit_host(u)), count(DISTINCT urikit_registrable_domain(u, 'whatwg'))"
        " FROM (SELECT 'http://h' || (i % 100) || '.example.com/' AS u FROM range(10000) r(i))"
    ).fetchall()[0]
    assert got == (10000, 10000, 1)


def test_errors_fail_the_query(con: Any) -> None:
    with pytest.raises(duckdb.Error, match="unknown spec"):
        con.execute("SELECT urikit_host(u, 'rfc9999') FROM t").fetchall()
    with pytest.raises(duckdb.Error, match="TemplateError"):
        con.execute("SELECT urikit_get(u, '{host') FROM t").fetchall()
    assert con.execute("SELECT urikit_get('http://h/', NULL)").fetchall()[0] == (None,)


def test_functions_are_the_connections(tmp_path: Any) -> None:
    """The macros are temporary: a database file keeps none of them."""
    path = str(tmp_path / "db.duckdb")
    con = urikit.duckdb.register(duckdb.connect(path))
    assert con.execute("SELECT urikit_host('http://h/')").fetchall()[0] == ("h",)
    con.close()
    con = duckdb.connect(path)
    with pytest.raises(duckdb.Error):
        con.execute("SELECT urikit_host('http://h/')")
    con.close()
