"""Editing URLs (Url.set under every spec, the URL API's setters by
WHATWG), query parameters (Url.search_params, with_search_params,
SearchParams), IDNA (domain_to_ascii, domain_to_unicode), bare hosts
(host), and the Public Suffix List, one at a time and as Arrow kernels; checked on
web-platform-tests' setters_tests.json and urlencoded-parser-data.json (the
copies in testdata/wpt-url) and on the bench URL lists."""

from __future__ import annotations

import json
import os
import subprocess
import warnings
from typing import Optional

import pyarrow as pa

import pytest

import urikit
import urikit.arrow
from conftest import REPO, bench_union, urikit_binary

WPT = REPO / "testdata" / "wpt-url"


def usv(text: Optional[str]) -> Optional[str]:
    """``text`` as a USVString reads it: a lone surrogate becomes U+FFFD."""
    if text is None:
        return None
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


# -- Url.set by WHATWG: the URL API's setters --------------------------------


def setter_cases() -> list:
    data = json.loads((WPT / "setters_tests.json").read_text(encoding="utf-8"))
    return [(setter, case) for setter, cases in data.items() if setter != "comment" for case in cases]


SETTER_CASES = setter_cases()


def test_wpt_setters_are_read() -> None:
    assert len(SETTER_CASES) == 278
    assert {s for s, _ in SETTER_CASES} == {
        "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"
    }


@pytest.mark.parametrize("setter,case", SETTER_CASES, ids=lambda x: x if isinstance(x, str) else None)
def test_wpt_setter(setter: str, case: dict) -> None:
    url = urikit.parse(usv(case["href"]), "whatwg")
    before = str(url)
    try:
        # A value taken in part (28 cases) warns, once, and with nothing else.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            new = url.set(setter, usv(case["new_value"]))
        assert [w.category for w in caught] in ([], [urikit.PartIgnoredWarning]), caught
    except urikit.ParseError as e:
        # The setter ignored the value: the URL as it was, the setter named.
        assert e.rule == f"{setter} setter" and e.spec == "whatwg"
        new = url
    api = new.api()
    for getter, want in case["expected"].items():
        assert api[getter] == want, getter
    assert str(url) == before  # never changed in place


def test_urikit_names_run_the_setters() -> None:
    url = urikit.parse("https://user:pw@example.com/a?x=1#top", "whatwg")
    assert str(url.set("scheme", "wss")) == "wss://user:pw@example.com/a?x=1#top"
    assert str(url.set("user", "me you")) == "https://me%20you:pw@example.com/a?x=1#top"
    assert str(url.set("path", "/a b?")) == "https://user:pw@example.com/a%20b%3F?x=1#top"
    # query and fragment: the value after its '?' or '#', None removes it.
    assert str(url.set("query", "?y")) == "https://user:pw@example.com/a??y#top"
    assert str(url.set("search", "?y")) == "https://user:pw@example.com/a?y#top"
    assert str(url.set("query", "")) == "https://user:pw@example.com/a?#top"
    assert str(url.set("query", None)) == "https://user:pw@example.com/a#top"
    assert str(url.set("fragment", None)) == "https://user:pw@example.com/a?x=1"
    assert str(url.set("hash", None)) == "https://user:pw@example.com/a?x=1"
    # host is the URL API's host (a port after ':'); hostname is the host alone.
    assert str(url.set("host", "EXAMPLE.org:8080")) == "https://user:pw@example.org:8080/a?x=1#top"
    assert str(url.set("port", "443")) == "https://user:pw@example.com/a?x=1#top"
    with pytest.warns(urikit.PartIgnoredWarning):
        assert str(url.set("port", "8080abc").set("port", None)) == "https://user:pw@example.com/a?x=1#top"
    assert str(url.set("href", "http://h/")) == "http://h/"
    assert str(url.set("password", None)) == "https://user@example.com/a?x=1#top"
    assert url.set("password", None).api()["password"] == ""


@pytest.mark.parametrize(
    "href,setter,value,want,taken,ignored",
    [
        ("https://example.com/", "port", "8080abc", "https://example.com:8080/", "8080", "abc"),
        ("https://example.com/", "host", "h.example/x", "https://h.example/", "h.example", "/x"),
        ("https://example.com/", "hostname", "h\\x", "https://h/", "h", "\\x"),
        ("https://example.com/", "protocol", "http:x", "http://example.com/", "http:", "x"),
    ],
)
def test_a_value_taken_in_part_warns(href: str, setter: str, value: str, want: str, taken: str, ignored: str) -> None:
    url = urikit.parse(href, "whatwg")
    with pytest.warns(urikit.PartIgnoredWarning) as caught:
        assert str(url.set(setter, value)) == want
    assert len(caught) == 1
    message = str(caught[0].message)
    assert f"took {taken!r}".replace("'", '"') in message.replace("'", '"'), message
    assert repr(ignored).replace("'", '"') in message.replace("'", '"'), message


def test_a_value_taken_whole_does_not_warn() -> None:
    url = urikit.parse("https://example.com/", "whatwg")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert str(url.set("port", "8080")) == "https://example.com:8080/"
        assert str(url.set("host", "h.example:81")) == "https://h.example:81/"
    # As an error, when asked.
    with warnings.catch_warnings():
        warnings.simplefilter("error", urikit.PartIgnoredWarning)
        with pytest.raises(urikit.PartIgnoredWarning):
            url.set("port", "8080abc")


@pytest.mark.parametrize(
    "href,setter,value,rule,why",
    [
        ("https://example.com:8080/", "port", "abc", "port setter", "is not allowed in a number"),
        ("https://example.com/", "protocol", "web+demo", "protocol setter", "special and the new scheme is not"),
        ("https://example.com/", "scheme", "web+demo", "protocol setter", "special and the new scheme is not"),
        ("web+demo://h/", "protocol", "http", "protocol setter", "not special and the new scheme is"),
        ("file:///tmp", "port", "1", "port setter", "cannot have a username, password or port"),
        ("file:///tmp", "username", "me", "username setter", "cannot have a username, password or port"),
        ("mailto:me@example.com", "hostname", "h", "hostname setter", "opaque path"),
        ("https://example.com/", "hostname", "h:1", "hostname setter", "starts a port"),
        ("https://example.com/", "port", "99999", "port setter", ""),
        ("https://example.com/", "href", "not a url", "href setter", ""),
    ],
)
def test_ignored_setter_leaves_the_url(href: str, setter: str, value: str, rule: str, why: str) -> None:
    url = urikit.parse(href, "whatwg")
    before = (str(url), hash(url))
    with pytest.raises(urikit.ParseError) as info:
        url.set(setter, value)
    assert info.value.rule == rule and info.value.spec == "whatwg"
    assert why in str(info.value) and rule in str(info.value)
    assert (str(url), hash(url)) == before


def test_scheme_and_path_cannot_be_removed() -> None:
    url = urikit.parse("https://example.com/a", "whatwg")
    for component in ("scheme", "path"):
        with pytest.raises(urikit.ParseError, match="found nothing"):
            url.set(component, None)


# -- Url.set by the RFCs -----------------------------------------------------


@pytest.mark.parametrize(
    "spec,text,component,value,want",
    [
        ("rfc1738", "http://host/a?x=1", "query", "y=2", "http://host/a?y=2"),
        ("rfc1738", "http://host/a?x=1", "query", None, "http://host/a"),
        ("rfc1738", "http://host/a", "fragment", "", "http://host/a#"),
        ("rfc1738", "ftp://me:pw@host/a", "password", None, "ftp://me@host/a"),
        ("rfc1738", "ftp://me:pw@host/a", "user", None, "ftp://host/a"),
        ("rfc1738", "ftp://host/a", "port", "2121", "ftp://host:2121/a"),
        ("rfc1738", "http://Host/a", "scheme", "HTTPS", "https://Host/a"),
        ("rfc1630", "http://host/a", "path", "/b#c", None),
        ("rfc1630", "http://host/a", "path", "/b", "http://host/b"),
        ("rfc1808", "http://host/a;p?q", "query", "r", "http://host/a;p?r"),
        ("rfc3986", "http://host/a", "user", "me", "http://me@host/a"),
        ("rfc3986", "http://me@host:8080/a", "host", None, "http:/a"),
        ("rfc3986", "http://host/a", "host", "[::1]", "http://[::1]/a"),
        ("rfc3986", "http://host/a", "path", "b", None),
        ("rfc3986", "http://host/a", "path", "/a?b", None),
        ("rfc1738", "http://host/a", "user", "me", None),
        ("rfc1738", "ftp://host/a", "query", "x", None),
    ],
)
def test_set_by_rfc(spec: str, text: str, component: str, value: Optional[str], want: Optional[str]) -> None:
    url = urikit.parse(text, spec)
    if want is None:
        with pytest.raises(urikit.ParseError) as info:
            url.set(component, value)
        assert info.value.spec == spec
    else:
        new = url.set(component, value)
        assert (str(new), new.spec) == (want, spec)
        assert urikit.parse(want, spec) == new
    assert str(url) == text


def test_set_refusal_says_where() -> None:
    url = urikit.parse("http://host/a?y=2")
    with pytest.raises(urikit.ParseError) as info:
        url.set("user", "me")
    assert (info.value.offset, info.value.rule, info.value.spec) == (0, "hostport", "rfc1738")
    with pytest.raises(urikit.ParseError) as info:
        url.set("path", "/a?b")
    assert info.value.offset == 2


def test_unknown_components() -> None:
    with pytest.raises(ValueError, match='unknown component "hostname" .*setters apply to a URL of the whatwg spec'):
        urikit.parse("http://host/").set("hostname", "h")
    with pytest.raises(ValueError, match="unknown component \"origin\", expected one of the URL API's setters"):
        urikit.parse("http://host/", "whatwg").set("origin", "h")
    with pytest.raises(TypeError):
        urikit.parse("http://host/").set("query", 5)


def test_set_returns_a_new_url() -> None:
    url = urikit.parse("http://host/a?x", "rfc3986")
    new = url.set("query", "x")
    assert new == url and hash(new) == hash(url) and new is not url
    assert {url, url.set("query", "y")} == {url, urikit.parse("http://host/a?y", "rfc3986")}


# -- query parameters ----------------------------------------------------------


def urlencoded_cases() -> list:
    return json.loads((WPT / "urlencoded-parser-data.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", urlencoded_cases(), ids=lambda c: repr(c["input"])[:30])
def test_wpt_urlencoded_parser(case: dict) -> None:
    want = [tuple(pair) for pair in case["output"]]
    assert list(urikit.SearchParams(case["input"])) == want
    url = urikit.parse("https://example.com/", "whatwg").set("search", case["input"])
    assert url.search_params == want


def test_search_params_decode_plus_and_percent() -> None:
    url = urikit.parse("https://h/?a=b+c&d=%20e&a=2&f=%2B", "whatwg")
    assert url.search_params == [("a", "b c"), ("d", " e"), ("a", "2"), ("f", "+")]
    assert urikit.parse("https://h/", "whatwg").search_params == []
    # Every spec's URL has query parameters.
    assert urikit.parse("http://h/p?x=1+1").search_params == [("x", "1 1")]
    params = urikit.SearchParams([("a", "b c"), ("+", "%20"), ("é", "~")])
    assert str(params) == "a=b+c&%2B=%2520&%C3%A9=%7E"


def test_search_params_methods() -> None:
    params = urikit.SearchParams("?b=2&a=1&b=3")
    assert (params.get("b"), params.get("z"), params.get_all("b"), params.get_all("z")) == ("2", None, ["2", "3"], [])
    params.append("c", "x y")
    assert len(params) == 4 and "c" in params and "z" not in params
    params.set("b", "9")
    assert str(params) == "b=9&a=1&c=x+y"
    params.set("d", "")
    params.sort()
    assert list(params) == [("a", "1"), ("b", "9"), ("c", "x y"), ("d", "")]
    assert repr(params) == "urikit.SearchParams('a=1&b=9&c=x+y&d=')"
    with pytest.raises(TypeError):
        hash(params)


def test_delete_and_has_with_a_value() -> None:
    params = urikit.SearchParams("a=b&a=d&c&e&")
    assert params.has("a", "b") and not params.has("a", "c") and params.has("c", "") and params.has("a")
    params.delete("a", "b")
    assert str(params) == "a=d&c=&e="
    params.delete("a", "z")
    assert str(params) == "a=d&c=&e="
    params.delete("a")
    assert str(params) == "c=&e=" and not params.has("a")


@pytest.mark.parametrize(
    "text,want",
    [
        # WPT urlsearchparams-sort: UTF-16 code units, stable.
        ("z=b&a=b&z=a&a=a", [("a", "b"), ("a", "a"), ("z", "b"), ("z", "a")]),
        ("\ufffd=x&\ufffc&\ufffd=a", [("\ufffc", ""), ("\ufffd", "x"), ("\ufffd", "a")]),
        ("ﬃ&🌈", [("🌈", ""), ("ﬃ", "")]),
        ("é&e\ufffd&e\u0301", [("e\u0301", ""), ("e\ufffd", ""), ("é", "")]),
        ("z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
         [("a", "a"), ("a", "b"), ("a", "c"), ("a", "d"), ("a", "e"), ("a", "f"), ("a", "g"),
          ("z", "z"), ("z", "y"), ("z", "x"), ("z", "w"), ("z", "v"), ("z", "u"), ("z", "t")]),
        ("bbb&bb&aaa&aa=x&aa=y", [("aa", "x"), ("aa", "y"), ("aaa", ""), ("bb", ""), ("bbb", "")]),
        ("z=z&=f&=t&=x", [("", "f"), ("", "t"), ("", "x"), ("z", "z")]),
        ("a🌈&a💩", [("a🌈", ""), ("a💩", "")]),
    ],
)
def test_sort_by_utf16_code_units(text: str, want: list) -> None:
    params = urikit.SearchParams(text)
    params.sort()
    assert list(params) == want
    url = urikit.parse("https://example.com/?" + text, "whatwg")
    params = urikit.SearchParams(url)
    params.sort()
    assert url.with_search_params(params).search_params == want


def test_search_params_constructors() -> None:
    url = urikit.parse("https://h/?a=1&b=2", "whatwg")
    assert list(urikit.SearchParams(url)) == [("a", "1"), ("b", "2")]
    assert list(urikit.SearchParams({"a": "1", "b": "x"})) == [("a", "1"), ("b", "x")]
    assert list(urikit.SearchParams((p for p in [["a", "1"], ("b", "2")]))) == [("a", "1"), ("b", "2")]
    copy = urikit.SearchParams(urikit.SearchParams("a=1"))
    assert copy == urikit.SearchParams([("a", "1")]) and copy != urikit.SearchParams("a=2")
    assert len(urikit.SearchParams()) == 0 and str(urikit.SearchParams("")) == ""
    for bad in ([("a",)], [("a", "b", "c")], ["ab"], 5, [("a", 1)], {"a": None}):
        with pytest.raises(TypeError):
            urikit.SearchParams(bad)


def test_with_search_params() -> None:
    url = urikit.parse("https://example.com/p?a=b ~#f", "whatwg")
    assert str(url.with_search_params([("a", "b ~")])) == "https://example.com/p?a=b+%7E#f"
    assert str(url.with_search_params([])) == "https://example.com/p#f"
    assert str(url.with_search_params(urikit.SearchParams())) == "https://example.com/p#f"
    params = urikit.SearchParams(url)
    params.append("c", "&=")
    assert str(url.with_search_params(params)) == "https://example.com/p?a=b+%7E&c=%26%3D#f"
    assert str(url.with_search_params("?x=1")) == "https://example.com/p?x=1#f"
    assert str(url) == "https://example.com/p?a=b%20~#f"
    # By an RFC, the query goes through its setter, which may refuse.
    assert str(urikit.parse("http://host/p?a=1").with_search_params({"b": "x y"})) == "http://host/p?b=x+y"
    ftp = urikit.parse("ftp://host/a")
    with pytest.raises(urikit.ParseError):
        ftp.with_search_params([("x", "1")])
    assert str(ftp.with_search_params([])) == "ftp://host/a"


# -- IDNA --------------------------------------------------------------------


def test_idna_round_trips() -> None:
    assert urikit.domain_to_ascii("βόλος") == "xn--nxasmm1c"
    assert urikit.domain_to_unicode("xn--nxasmm1c") == "βόλος"
    assert urikit.domain_to_ascii(urikit.domain_to_unicode("www.xn--53h.example")) == "www.xn--53h.example"
    assert urikit.domain_to_ascii("ΒΌΛΟΣ.com") == "xn--nxasmq6b.com"
    assert urikit.domain_to_ascii("☕.Example") == "xn--53h.example"
    assert urikit.domain_to_ascii("EXAMPLE.com", strict=True) == "example.com"
    assert urikit.domain_to_ascii("a_b.-x-") == "a_b.-x-"
    assert urikit.domain_to_unicode("xn--8i7caa") == "xn--8i7caa"
    assert urikit.domain_to_unicode("Example.COM") == "example.com"
    # The same mapping as the host parser's.
    assert urikit.parse("http://βόλος.com/", "whatwg").host == urikit.domain_to_ascii("βόλος.com")


@pytest.mark.parametrize("domain,strict", [("a_b.-x-", True), ("a b", False), ("", False), ("xn--a.xn--nxa", True)])
def test_idna_failures(domain: str, strict: bool) -> None:
    with pytest.raises(urikit.ParseError) as info:
        urikit.domain_to_ascii(domain, strict)
    assert (info.value.rule, info.value.spec) == ("domain-to-ASCII", "whatwg")


def test_idna_never_panics_on_odd_text() -> None:
    for text in ["\x00", "xn--", "xn--" + "a" * 5000, ".", "..", "a.-b", "\ud800"[:0] + "\U0010ffff", "é" * 300]:
        try:
            assert isinstance(urikit.domain_to_ascii(text), str)
        except urikit.ParseError:
            pass
        assert isinstance(urikit.domain_to_unicode(text), str)
    with pytest.raises(UnicodeEncodeError):
        urikit.domain_to_ascii("\ud800")


# -- bare hosts --------------------------------------------------------------


def env_without_spec() -> dict:
    return {k: v for k, v in os.environ.items() if k != "URIKIT_SPEC"}


@pytest.mark.parametrize(
    "text,want,display",
    [
        ("bücher.de", "xn--bcher-kva.de", "bücher.de"),
        ("xn--bcher-kva.de", "xn--bcher-kva.de", "bücher.de"),
        ("EXAMPLE.com.", "example.com.", "example.com."),
        ("ex%61mple.org", "example.org", "example.org"),
        ("0x7f.1", "127.0.0.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1", "127.0.0.1"),
        ("[0:0::1]", "[::1]", "[::1]"),
        ("ｅｘａｍｐｌｅ．ｃｏｍ", "example.com", "example.com"),
    ],
)
def test_host(text: str, want: str, display: str) -> None:
    assert urikit.host(text) == want
    assert urikit.host(text, unicode=True) == display
    # The host the URL parser gives a special URL with that host.
    assert urikit.parse(f"https://{text}/", "whatwg").host == want
    # What the command prints.
    done = subprocess.run(
        [str(urikit_binary()), "host", text], capture_output=True, check=False, env=env_without_spec()
    )
    assert (done.returncode, done.stdout.decode()) == (0, want + "\n")


@pytest.mark.parametrize(
    "text,offset,rule",
    [("[::1", 0, "IPv6-unclosed"), ("1.2.3.4.5", 8, "IPv4-too-many-parts"), ("a b", 1, "domain-to-ASCII"), ("", 0, "domain-to-ASCII")],
)
def test_host_failures(text: str, offset: int, rule: str) -> None:
    with pytest.raises(urikit.ParseError) as info:
        urikit.host(text)
    assert (info.value.offset, info.value.rule, info.value.spec) == (offset, rule, "whatwg")
    assert isinstance(info.value, ValueError)
    with pytest.raises(TypeError):
        urikit.host("a", True)  # unicode is keyword-only


# -- the Public Suffix List --------------------------------------------------


@pytest.mark.parametrize(
    "host,suffix,domain,sub",
    [
        ("www.example.co.uk", "co.uk", "example.co.uk", "www"),
        ("www.shop.example.co.uk", "co.uk", "example.co.uk", "www.shop"),
        ("example.com", "com", "example.com", ""),
        ("co.uk", "co.uk", None, None),
        ("com", "com", None, None),
        # *.ck and its exception !www.ck.
        ("a.b.ck", "b.ck", "a.b.ck", ""),
        ("b.ck", "b.ck", None, None),
        ("www.ck", "ck", "www.ck", ""),
        ("x.www.ck", "ck", "www.ck", "x"),
        # An unlisted TLD is its own suffix; case and a trailing dot are kept.
        ("a.example.unlisted-tld", "unlisted-tld", "example.unlisted-tld", "a"),
        ("WWW.Example.COM.", "COM.", "Example.COM.", "WWW"),
        ("user.github.io", "github.io", "user.github.io", ""),
        ("www.xn--85x722f.xn--55qx5d.cn", "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn", "www"),
        ("192.0.2.1", None, None, None),
        ("[::1]", None, None, None),
        ("", None, None, None),
        ("a..example.com", None, None, None),
    ],
)
def test_public_suffix(host: str, suffix: Optional[str], domain: Optional[str], sub: Optional[str]) -> None:
    assert urikit.public_suffix(host) == suffix
    assert urikit.registrable_domain(host) == domain
    assert urikit.subdomain(host) == sub
    builtin = urikit.SuffixList()
    assert (builtin.public_suffix(host), builtin.registrable_domain(host), builtin.subdomain(host)) == (
        suffix, domain, sub)


def test_icann_only() -> None:
    assert urikit.registrable_domain("user.github.io") == "user.github.io"
    assert urikit.registrable_domain("user.github.io", icann_only=True) == "github.io"
    assert urikit.public_suffix("a.blogspot.com", True) == "com"
    assert urikit.subdomain("a.user.github.io", True) == "a.user"
    icann = urikit.SuffixList(icann_only=True)
    assert icann.icann_only and not urikit.SuffixList().icann_only
    assert icann.public_suffix("user.github.io") == "io"
    assert urikit.SuffixList().parts("a.user.github.io") == ("github.io", "user.github.io", "a", "private")
    assert icann.parts("a.user.github.io") == ("io", "github.io", "a.user", "icann")
    assert icann.parts("x.unlisted-tld") == ("unlisted-tld", "x.unlisted-tld", "", "unlisted")
    assert icann.parts("10.0.0.1") is None


CUSTOM = """// ===BEGIN ICANN DOMAINS===
uk
co.uk
*.ck
!www.ck
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
example.co.uk
// ===END PRIVATE DOMAINS===
"""


def test_a_custom_list() -> None:
    for text in (CUSTOM, CUSTOM.encode()):
        assert urikit.registrable_domain("a.b.example.co.uk", suffix_list=text) == "b.example.co.uk"
        assert urikit.registrable_domain("a.b.example.co.uk", True, suffix_list=text) == "example.co.uk"
    listed = urikit.SuffixList(CUSTOM)
    assert not listed.icann_only
    assert urikit.public_suffix("a.b.example.co.uk", suffix_list=listed) == "example.co.uk"
    assert urikit.public_suffix("a.b.example.co.uk", icann_only=True, suffix_list=listed) == "co.uk"
    assert urikit.subdomain("x.www.ck", suffix_list=listed) == "x"
    # github.io is not in this list: io is unlisted, its own suffix.
    assert listed.registrable_domain("user.github.io") == "github.io"
    assert urikit.SuffixList(CUSTOM, icann_only=True).public_suffix("a.example.co.uk") == "co.uk"
    assert "compiled-in" in repr(urikit.SuffixList()) and urikit.SuffixList.BUILTIN_VERSION in repr(urikit.SuffixList())


def test_bad_lists() -> None:
    with pytest.raises(ValueError, match="at line 3") as info:
        urikit.SuffixList("// ===BEGIN ICANN DOMAINS===\ncom\n!org\n")
    assert info.value.line == 3
    with pytest.raises(ValueError, match="no rule"):
        urikit.public_suffix("a.com", suffix_list="com\nnet\n")
    with pytest.raises(ValueError, match="not utf-8") as info:
        urikit.SuffixList(b"// ===BEGIN ICANN DOMAINS===\ncom\n\xff\n")
    assert info.value.line == 3
    with pytest.raises(TypeError):
        urikit.SuffixList(5)


# -- Arrow kernels -------------------------------------------------------------

SCALAR = {
    "public_suffix": urikit.public_suffix,
    "registrable_domain": urikit.registrable_domain,
    "subdomain": urikit.subdomain,
}


def url_host(text: str, spec: str) -> Optional[str]:
    try:
        return urikit.parse(text, spec).host
    except (urikit.ParseError, ValueError):
        return None


@pytest.fixture(scope="module")
def urls() -> list:
    return bench_union()[::4] + [None, "http://[::1]/", "http://10.0.0.1/", "nope", "http://ex ample.com/", "file:///x"]


@pytest.mark.parametrize("spec", ["rfc1738", "rfc3986", "whatwg"])
@pytest.mark.parametrize("name", sorted(SCALAR))
def test_kernels_equal_the_scalar_functions(urls: list, spec: str, name: str) -> None:
    kernel = getattr(urikit.arrow, name)
    hosts = [None if u is None else url_host(u, spec) for u in urls]
    for icann_only in (False, True):
        want = [None if h is None else SCALAR[name](h, icann_only) for h in hosts]
        assert sum(w is not None for w in want) > len(urls) // 2
        got = kernel(pa.array(urls), spec, icann_only=icann_only, threads=2)
        assert got.to_pylist() == want
        by_host = kernel(pa.array(hosts, type=pa.large_string()), hosts=True, icann_only=icann_only)
        assert by_host.to_pylist() == want


def test_kernels_rows() -> None:
    rows = pa.array(["http://www.example.co.uk/", None, "http://[::1]/", "http://user@host/", "http://127.0.0.1/",
                     "https://a.b.user.github.io/"])
    assert urikit.arrow.registrable_domain(rows).to_pylist() == [
        "example.co.uk", None, None, None, None, "user.github.io"]
    # A host of one label is a public suffix (the default rule): no registrable domain.
    assert urikit.arrow.registrable_domain(rows, "whatwg", icann_only=True).to_pylist() == [
        "example.co.uk", None, None, None, None, "github.io"]
    assert urikit.arrow.subdomain(rows, "whatwg").to_pylist() == ["www", None, None, None, None, "a.b"]
    assert urikit.arrow.public_suffix(rows, "whatwg", suffix_list=CUSTOM).to_pylist() == [
        "example.co.uk", None, None, "host", None, "io"]
    assert urikit.arrow.subdomain(pa.array(["../x"]), "whatwg", base="https://a.b.example.com/").to_pylist() == ["a.b"]
    binary = pa.array([b"www.example.com", b"\xff.com", None])
    assert urikit.arrow.public_suffix(binary, hosts=True).to_pylist() == ["com", None, None]
    chunked = pa.chunked_array([["a.example.com"], [None, "co.uk"]])
    got = urikit.arrow.registrable_domain(chunked, hosts=True, suffix_list=urikit.SuffixList(CUSTOM))
    assert isinstance(got, pa.ChunkedArray) and got.to_pylist() == ["example.com", None, None]
    with pytest.raises(TypeError):
        urikit.arrow.public_suffix(pa.array([1, 2]))
    with pytest.raises(ValueError, match="no rule"):
        urikit.arrow.public_suffix(rows, suffix_list="com\n")


def test_domain_to_ascii_kernel(urls: list) -> None:
    hosts = [url_host(u, "rfc3986") if u else None for u in urls] + ["βόλος.com", "a b", "ΒΌΛΟΣ", None]
    for strict in (False, True):
        want = []
        for h in hosts:
            try:
                want.append(None if h is None else urikit.domain_to_ascii(h, strict))
            except urikit.ParseError:
                want.append(None)
        assert urikit.arrow.domain_to_ascii(pa.array(hosts), strict=strict, threads=2).to_pylist() == want
    assert urikit.arrow.domain_to_ascii(pa.array(["βόλος.com", "a b", None])).to_pylist() == [
        "xn--nxasmm1c.com", None, None]
