"""urikit.get, Url.get and urikit.arrow.get_template: the template engine of
the `urikit get` command, compared with the command over the bench URL
lists and WPT's inputs for templates that name every field, modifier and
escape; the Arrow kernel equal to the scalar function; the errors."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess

import pyarrow as pa
import pytest

import urikit
import urikit.arrow
from conftest import REPO, bench_union, urikit_binary

TEMPLATES = [
    "{url}|{scheme}|{user}|{password}|{host}|{port}|{path}|{query}|{fragment}",
    "{:url}|{:user}|{:password}|{:host}|{:port}|{:path}|{:query}|{:fragment}",
    "{default:port}|{query:q}|{query-all:q}|{:query:q}|{query:}|{query-all:a b}|{zoneid}",
    "{path:0}|{path:1}|{path:-1}|{:path:-2}|{path:-9}",
    "{puny:host}|{idn:host}",
    "{suffix}|{domain}|{subdomain}|{:domain}",
    "{must:query}",
    "{must:port}|{must:fragment}",
    "{must:domain}|{must:default:port}",
    "{must:query:q}|{must:path:2}|{must:zoneid}",
    "{strict:path}|{strict:query}|{strict:fragment}|{strict:user}",
    "{strict:query:q}|{must:strict:host}|{strict::path}",
    "\\{{host}\\\\ }{scheme} x\\{",
]
"""Between them, every field of ``get --help``, each modifier and escape."""

RUNS = [("rfc1738", False), ("rfc1630", False), ("rfc3986", False), ("rfc3986", True), ("whatwg", False), ("whatwg", True)]
"""Each spec, strictly; RFC 3986 and WHATWG leniently too."""


def template_urls() -> list:
    """A fixed sample of the bench lists, WPT's inputs and their hrefs, and
    a few URLs for the fields the lists seldom reach; one line each."""
    urls = random.Random(7).sample(bench_union(), 2500)
    wpt = json.loads((REPO / "testdata" / "wpt-url" / "urltestdata.json").read_text(encoding="utf-8"))
    for case in wpt:
        if isinstance(case, dict):
            urls.append(case["input"])
            if case.get("href"):
                urls.append(case["href"])
    urls += [
        "http://h/?q=1&q=%32&a%20b=x+y&=e&q",
        "HTTP://User:P%40ss@Example.COM:8080/a/b%20c/?q=%00#fr%61g",
        "http://xn--rksmrgs-5wao1o.se/",
        "http://B%C3%BCcher.example/p?q=%FF",
        "https://www.shop.example.co.uk/",
        "http://me.github.io/",
        "ftp://ftp.example.org/pub/",
        "http://[::1]:99999/",
        "http://h/?q=1%zz",
        "sc://a%zz/",
    ]
    return [u for u in urls if u and "\n" not in u and "\r" not in u]


URLS = template_urls()


def cli_get(template: str, spec: str, lenient: bool) -> "tuple[list, set]":
    """`urikit get` over URLS: each line's output ("" for a line refused,
    with --invalid empty) and the numbers of the lines refused."""
    env = {k: v for k, v in os.environ.items() if k != "URIKIT_SPEC"}
    args = [str(urikit_binary()), "get", "--spec", spec, "--invalid", "empty"]
    args += ["--lenient"] if lenient else []
    done = subprocess.run(
        args + [template],
        input="".join(u + "\n" for u in URLS).encode(),
        capture_output=True,
        env=env,
        check=False,
    )
    stderr = done.stderr.decode(errors="replace")
    assert done.returncode in (0, 1), stderr
    lines = done.stdout.decode().split("\n")
    assert lines.pop() == ""
    assert len(lines) == len(URLS)
    refused = {int(n) for n in re.findall(r"^urikit: line (\d+): ", stderr, flags=re.M)}
    return lines, refused


def scalar_get(template: str, spec: str, lenient: bool) -> "tuple[list, set]":
    """urikit.get over URLS, as cli_get gives the command's."""
    got, refused = [], set()
    for n, url in enumerate(URLS, 1):
        try:
            got.append(urikit.get(url, template, spec, lenient))
        except (urikit.ParseError, urikit.ResolveError, urikit.TemplateError):
            got.append("")
            refused.add(n)
    return got, refused


@pytest.mark.parametrize("spec,lenient", RUNS, ids=lambda r: str(r))
@pytest.mark.parametrize("template", TEMPLATES)
def test_get_is_the_commands_get(template: str, spec: str, lenient: bool) -> None:
    want, want_refused = cli_get(template, spec, lenient)
    got, got_refused = scalar_get(template, spec, lenient)
    assert got_refused == want_refused
    diffs = [(URLS[i], g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not diffs, diffs[:5]
    # The comparison reads something: most URLs give a line.
    assert len(want_refused) < len(URLS) / 2 or template.startswith("{must:")


@pytest.mark.parametrize("spec,lenient", RUNS, ids=lambda r: str(r))
def test_the_arrow_kernel_is_the_scalar_function(spec: str, lenient: bool) -> None:
    array = pa.array(URLS)
    for template in TEMPLATES:
        want = []
        for url in URLS:
            try:
                want.append(urikit.get(url, template, spec, lenient))
            except (urikit.ParseError, urikit.TemplateError):
                want.append(None)
        got = urikit.arrow.get_template(array, template, spec, lenient=lenient).to_pylist()
        assert got == want, template
        # Chunked, on several threads.
        chunked = pa.chunked_array([URLS[:1000], URLS[1000:]])
        got = urikit.arrow.get_template(chunked, template, spec, lenient=lenient, threads=3)
        assert isinstance(got, pa.ChunkedArray) and got.to_pylist() == want, template


def test_url_get_is_get() -> None:
    for url in URLS[:500]:
        try:
            parsed = urikit.parse(url, "rfc3986")
        except urikit.ParseError:
            continue
        for template in TEMPLATES:
            try:
                want = urikit.get(url, template, "rfc3986")
            except urikit.TemplateError as e:
                with pytest.raises(urikit.TemplateError) as got:
                    parsed.get(template)
                assert str(got.value) == str(e)
                continue
            assert parsed.get(template) == want, (url, template)


def test_fields() -> None:
    url = "HTTP://me:p%40ss@Example.COM:8080/a/b%20c?q=x+y&q=2#top"
    assert urikit.get(url, "{scheme} {user} {password} {host} {port}", "rfc3986") == "http me p@ss Example.COM 8080"
    assert urikit.get(url, "{path} {:path} {path:-1} {query:q} {query-all:q}", "rfc3986") == "/a/b c /a/b%20c b c x y x y 2"
    assert urikit.get("http://h/", "{default:port} <{query}>") == "80 <>"
    assert urikit.get("https://☕.example/", "{host} {idn:host}", "whatwg") == "xn--53h.example ☕.example"
    assert urikit.get("http://h/?a=1;b=2", "{query:b}", query_separator=";") == "2"
    assert urikit.get("http://me.github.io/", "{domain}") == "me.github.io"
    assert urikit.get("http://me.github.io/", "{domain}", icann_only=True) == "github.io"
    mine = "// ===BEGIN ICANN DOMAINS===\nuk\n"
    assert urikit.get("http://a.b.co.uk/", "{domain}", "rfc3986", suffix_list=mine) == "co.uk"
    assert urikit.get("http://a.b.co.uk/", "{domain}", "rfc3986", suffix_list=urikit.SuffixList(mine)) == "co.uk"
    assert urikit.parse("http://a.b.co.uk/").get("{subdomain}", suffix_list=mine) == "a.b"
    assert urikit.get("../x?y", "{path} {query}", "whatwg", base="http://h/a/b") == "/x y"


def test_errors() -> None:
    with pytest.raises(urikit.TemplateError) as e:
        urikit.get("http://h/", "{host} {hostname}")
    assert (e.value.offset, e.value.field) == (7, None)
    assert e.value.message.startswith("unknown template field {hostname}, expected one of: url,")
    assert str(e.value).startswith("unknown template field {hostname} at offset 7, expected one of:")
    assert isinstance(e.value, ValueError)
    with pytest.raises(urikit.TemplateError) as e:
        urikit.get("http://h/", "{path:x}")
    assert e.value.offset == 6
    # A field left open is an error, not text.
    with pytest.raises(urikit.TemplateError) as e:
        urikit.get("http://h/", "{scheme}://{host")
    assert (e.value.offset, e.value.field) == (11, None)
    assert e.value.message == "'{' opens a field that no '}' closes (\\{ is a literal '{')"
    with pytest.raises(urikit.TemplateError) as e:
        urikit.get("http://h/?x", "{host}{must:query:id}")
    assert (e.value.offset, e.value.field) == (6, "must:query:id")
    assert str(e.value) == '{must:query:id}: the URL has no query pair named "id"'
    assert e.value.message == 'the URL has no query pair named "id"'
    with pytest.raises(urikit.TemplateError) as e:
        urikit.parse("http://h/?a=%FF", "rfc3986").get("{strict:query:a}")
    assert str(e.value) == "{strict:query:a}: the value decodes to octets that are not UTF-8"
    with pytest.raises(urikit.ParseError):
        urikit.get("http://h/ x", "{host}")
    with pytest.raises(ValueError, match="query_separator is one ASCII character"):
        urikit.get("http://h/", "{host}", query_separator="&&")
    with pytest.raises(ValueError):
        urikit.get("http://h/", "{domain}", suffix_list="not a list")
    # A suffix list is read only for a template that asks it.
    assert urikit.get("http://h/", "{host}", suffix_list="not a list") == "h"


def test_arrow_rows() -> None:
    array = pa.array(["http://a/?q=1", None, "not a url", "http://b/", "http://c/?q=%00"])
    assert urikit.arrow.get_template(array, "{host}:{query:q}").to_pylist() == ["a:1", None, None, "b:", "c:%00"]
    assert urikit.arrow.get_template(array, "{must:strict:query:q}").to_pylist() == ["1", None, None, None, None]
    binary = pa.array([b"http://a/", b"http://\xff/", None], type=pa.binary())
    assert urikit.arrow.get_template(binary, "{host}").to_pylist() == ["a", None, None]
    assert urikit.arrow.get_template(["http://me.github.io/"], "{domain}", icann_only=True).to_pylist() == ["github.io"]
    with pytest.raises(urikit.TemplateError):
        urikit.arrow.get_template(array, "{nope}")
    with pytest.raises(urikit.ParseError):
        urikit.arrow.get_template(array, "{host}", "whatwg", base="not a base")
