"""The scalar API against the seed examples the Rust tests use, and its
types, errors and default spec."""

from __future__ import annotations

import pytest

import urikit
from conftest import cli_explain, seed_cases

PARSE = seed_cases("parse")
COMPONENTS = ("scheme", "user", "password", "host", "port", "path", "query", "fragment")


def spec_of(case: dict) -> str:
    return case.get("spec", "rfc1738")


def json_view(view: dict) -> dict:
    """The scheme view as the seeds write it: pairs as two-item lists."""
    return {k: [list(p) for p in v] if isinstance(v, list) and v and isinstance(v[0], tuple) else v for k, v in view.items()}


def test_seeds_are_read() -> None:
    assert len(PARSE) >= 100
    assert any(not c["valid"] for c in PARSE) and any(c["valid"] for c in PARSE)


@pytest.mark.parametrize("case", PARSE, ids=lambda c: f"{c['source']}:{c['input']}")
def test_parse_seed(case: dict) -> None:
    spec = spec_of(case)
    assert urikit.is_valid(case["input"], spec) is case["valid"]
    if case["valid"]:
        url = urikit.parse(case["input"], spec)
        for name in COMPONENTS:
            if name in case:
                assert getattr(url, name) == case[name], name
        assert url.spec == spec
        assert urikit.validate(case["input"], spec) == []
        if "view" in case:
            view = json_view(url.scheme_view)
            for name, want in case["view"].items():
                assert view.get(name) == want, name
        if "plan" in case:
            assert urikit.plan(case["input"], spec).splitlines() == case["plan"]
    else:
        with pytest.raises(urikit.ParseError) as info:
            urikit.parse(case["input"], spec)
        e = info.value
        if "error_offset" in case:
            assert e.offset == case["error_offset"]
        if "error_rule" in case:
            assert e.rule == case["error_rule"]
        assert e.spec == spec
        assert e.message and e.message in str(e)
        first = urikit.validate(case["input"], spec)[0]
        assert (first.offset, first.rule, first.message) == (e.offset, e.rule, e.message)


@pytest.mark.parametrize("case", seed_cases("resolve"), ids=lambda c: f"{c['context']} {c['reference']}")
def test_resolve_seed(case: dict) -> None:
    got = urikit.resolve(case["context"], case["reference"], spec_of(case))
    assert str(got) == case["expected"]
    assert str(urikit.parse(case["context"], spec_of(case)).resolve(case["reference"])) == case["expected"]


@pytest.mark.parametrize("case", seed_cases("equivalent"), ids=lambda c: f"{c['a']} {c['b']}")
def test_equivalent_seed(case: dict) -> None:
    spec = spec_of(case)
    assert urikit.equivalent(case["a"], case["b"], spec) is case["expected"]
    same = urikit.normalize(case["a"], spec) == urikit.normalize(case["b"], spec)
    assert same is case["expected"]


@pytest.mark.parametrize("case", seed_cases("lenient"), ids=lambda c: c["input"])
def test_lenient_seed(case: dict) -> None:
    assert str(urikit.parse(case["input"], spec_of(case), lenient=True)) == case["url"]


def test_url_value_semantics() -> None:
    a = urikit.parse("ftp://@host.com/pub/file.txt")
    assert (a.user, a.password, a.host, a.port, a.path) == ("", None, "host.com", None, "/pub/file.txt")
    assert str(a) == "ftp://@host.com/pub/file.txt"
    assert a == urikit.Url("ftp://@host.com/pub/file.txt")
    assert a != urikit.Url("ftp://@host.com/pub/file.txt", urikit.Spec.RFC1630)
    assert len({a, urikit.parse("ftp://@host.com/pub/file.txt")}) == 1
    assert a != "ftp://@host.com/pub/file.txt"
    b = urikit.parse("http://h/%2D")
    assert b != urikit.parse("http://h/-") and b.equivalent(urikit.parse("http://h/-"))
    assert str(b.normalize()) == "http://h/-"
    # Python's repr of each string (quotes, escapes), not Rust's Debug.
    assert repr(a) == "urikit.Url('ftp://@host.com/pub/file.txt', spec='rfc1738')"


def test_scheme_view() -> None:
    view = urikit.parse("ftp://@host.com/pub/file.txt").scheme_view
    assert view["kind"] == "ftp" and view["port"] == 21 and view["name"] == "file.txt"
    assert urikit.parse("rlogin:foo").scheme_view == {"error": 'this scheme needs "//" and a host at offset 7'}


def test_parse_error_fields() -> None:
    with pytest.raises(urikit.ParseError) as info:
        urikit.parse("news:12345667123%asdghfh@info.cern.ch")
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.offset, e.rule, e.spec) == (16, "escape", "rfc1738")
    assert str(e) == "'%' must be followed by two hex digits, found \"%as\" at offset 16 (escape, RFC 1738)"
    assert e.message == "'%' must be followed by two hex digits, found \"%as\""


def test_validate_lists_every_error() -> None:
    errors = urikit.validate("http://us er@host/a b")
    assert [e.offset for e in errors] == [7, 9, 19]
    assert all(isinstance(e, urikit.ParseError) for e in errors)


def test_normalize_and_compare() -> None:
    assert (
        urikit.normalize("HTTP://Info.CERN.ch:80/albert/bertram/marie%2dclaude%2f?a%2Bb%20c")
        == "http://info.cern.ch/albert/bertram/marie-claude%2F?a%2Bb+c"
    )
    with pytest.raises(urikit.ParseError):
        urikit.normalize("http://user@host/")


def test_resolve_relative_3986() -> None:
    assert str(urikit.resolve("http://a/b/c/d;p?q", "../g", spec="rfc3986")) == "http://a/b/g"
    assert urikit.relative("http://a/b/c/d;p?q", "http://a/b/g", spec=urikit.Spec.RFC3986) == "../g"
    with pytest.raises(urikit.ResolveError) as info:
        urikit.resolve("http://host/a/b", "c d")
    assert info.value.offset >= 0 and isinstance(info.value.message, str)


def test_plan_and_scheme_error() -> None:
    assert urikit.plan("ftp://myname@host.dom/%2Fetc/motd").splitlines() == [
        "# connect to host.dom port 21",
        "> USER myname<CR><LF>",
        "> PASS <password asked of the user><CR><LF>",
        "> CWD /etc<CR><LF>",
        "> RETR motd<CR><LF>",
    ]
    with pytest.raises(urikit.SchemeError) as info:
        urikit.plan("ftp://host/a%0D%0AQUIT")
    assert info.value.offset == 12


@pytest.mark.parametrize("spec", ["rfc1808", "rfc3986"])
def test_port_tells_absent_from_out_of_range(spec: str) -> None:
    # An int when the digits fit 16 bits, the digits as a str when they do
    # not (over 65535, or empty), None only when there is no port.
    for text, port, written in [
        ("http://127.0.0.1/", None, None),
        ("http://127.0.0.1:8080/", 8080, "8080"),
        ("http://127.0.0.1:080/", 80, "080"),
        ("http://127.0.0.1:/", "", ""),
        ("http://127.0.0.1:99999/", "99999", "99999"),
        ("http://127.0.0.1:65616/", "65616", "65616"),
    ]:
        url = urikit.parse(text, spec)
        assert (url.port, url.port_str) == (port, written), text
    over = urikit.parse("http://127.0.0.1:99999/", spec)
    assert over.scheme_view["port"] == "99999"
    assert str(over.normalize()) == "http://127.0.0.1:99999/"
    assert not urikit.equivalent("http://h:65616/", "http://h:80/", spec)
    assert [f.code for f in urikit.lint("http://127.0.0.1:99999/", spec)] == ["port-out-of-range"]
    with pytest.raises(urikit.SchemeError) as info:
        urikit.plan("http://127.0.0.1:99999/", spec)
    assert info.value.offset == 17
    assert info.value.message == (
        "port 99999 is over 65535: no 16-bit port holds it, and no other port is used in its place"
    )


def test_extract() -> None:
    text = "See <URL:http://www.example.com/a-\n    very/long/path>.\nand ftp://x.org/y"
    found = urikit.extract(text)
    assert [(f.url, f.line, f.column, f.wrapper) for f in found] == [
        ("http://www.example.com/a-very/long/path", 1, 5, "url"),
        ("ftp://x.org/y", 3, 5, "bare"),
    ]
    assert text.encode()[found[1].start : found[1].end] == b"ftp://x.org/y"
    assert repr(found[1]) == "urikit.Found(url='ftp://x.org/y', line=3, column=5, wrapper='bare')"
    assert found[1].cut is None and found[1].whole is None


def test_extract_says_where_a_url_goes_on_past_us_ascii() -> None:
    text = "see https://example.com/naïve, «http://h/a»"
    found = urikit.extract(text)
    assert [(f.url, f.cut, f.whole) for f in found] == [
        ("https://example.com/na", 26, "https://example.com/naïve"),
        ("http://h/a", None, None),
    ]
    assert repr(found[0]) == (
        "urikit.Found(url='https://example.com/na', line=1, column=5, wrapper='bare', "
        "cut=26, whole='https://example.com/naïve')"
    )


def test_lint() -> None:
    findings = urikit.lint("gopher://mail.example:25/0HELO%0D%0A")
    assert [f.code for f in findings] == ["port-not-default", "bad-port", "encoded-delimiter"]
    assert findings[0].severity == "error" and findings[0].offset == 22 and "§6" in findings[0].section
    assert str(findings[0]).startswith("error[port-not-default]: ")
    # The offset as Python writes it (22, None), not as Rust's Option (Some(22)).
    assert repr(findings[0]) == "urikit.Finding(code='port-not-default', severity='error', offset=22)"
    # A repaired URL's own offsets are not offsets into the input: None.
    nothing_at = [f for f in urikit.lint("http://user:secret@h/a b") if f.offset is None]
    assert nothing_at and all(repr(f).endswith(", offset=None)") for f in nothing_at)


def test_encode_and_decode() -> None:
    assert urikit.encode("a b/c") == "a%20b%2Fc"
    assert urikit.encode("1+1 = 2/3", "search") == "1%2B1+=+2%2F3"
    assert urikit.encode("café", "unsafe") == "caf%C3%A9"
    with pytest.raises(ValueError, match='no encode set is named "nope"; the sets are unsafe, uchar'):
        urikit.encode("x", "nope")
    assert urikit.decode("caf%C3%A9+x") == "café+x".encode()
    assert urikit.decode("caf%C3%A9+x", form=True) == "café x".encode()
    assert urikit.decode("%FF") == b"\xff"
    with pytest.raises(ValueError) as e:
        urikit.decode("100%")
    assert e.value.offset == 3
    for text in ["a b", "100%", "ü/?#&=+", ""]:
        for name in ["uchar", "unsafe", "search"]:
            assert urikit.decode(urikit.encode(text, name), form=name == "search") == text.encode()


def test_explain() -> None:
    e = urikit.explain("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/")
    assert list(e) == ["input", "base", "specs", "verdicts"]
    assert list(e["specs"]) == ["rfc1738", "rfc1630", "rfc1808", "rfc3986", "whatwg"]
    assert e["specs"]["whatwg"]["target"] == {
        "scheme": "http", "host": "2.2.2.2", "port": 80, "ip": "2.2.2.2", "class": "public"
    }
    assert [v["code"] for v in e["verdicts"]] == ["fragment-or-query-in-authority", "userinfo", "rejected-by-some"]
    assert urikit.explain("https://example.com/")["verdicts"] == []
    based = urikit.explain("//evil.example/", base="https://good.example/")
    assert based["base"] == "https://good.example/"
    assert based["verdicts"][0]["code"] == "scheme-relative"


def test_explain_is_the_cli_json() -> None:
    urls = ["http://0x7f.1/", "http://[::ffff:127.0.0.1]/", "java\tscript:alert(1)", "mailto:a@b.c", "x"]
    assert [urikit.explain(u) for u in urls] == cli_explain(urls)
    assert [urikit.explain(u, base="http://a/b/") for u in urls] == cli_explain(urls, base="http://a/b/")


def test_spec_enum() -> None:
    assert isinstance(urikit.parse("http://0x7f.1/", "whatwg").warnings[0], urikit.ParseWarning)
    assert [s.value for s in urikit.Spec] == ["rfc1738", "rfc1630", "rfc1808", "rfc3986", "whatwg"]
    assert urikit.parse("http://a/b", urikit.Spec.RFC3986).spec == "rfc3986"
    assert urikit.Spec("rfc1808") is urikit.Spec.RFC1808
    with pytest.raises(ValueError, match="unknown spec") as e:
        urikit.parse("http://a/", "rfc9999")
    # The message names every spec, the URL Standard's too.
    assert str(e.value).endswith("expected one of: rfc1738, rfc1630, rfc1808, rfc3986, whatwg")


def test_default_spec_follows_env(monkeypatch: pytest.MonkeyPatch) -> None:
    # "http://[::1]/" is an IP literal: valid by RFC 3986, not by RFC 1738.
    assert urikit.default_spec() == "rfc1738"
    assert not urikit.is_valid("http://[::1]/")
    monkeypatch.setenv("URIKIT_SPEC", "rfc3986")
    assert urikit.default_spec() == "rfc3986" and urikit.Spec.default() is urikit.Spec.RFC3986
    assert urikit.is_valid("http://[::1]/")
    assert urikit.parse("http://[::1]/").spec == "rfc3986"
    assert not urikit.is_valid("http://[::1]/", spec="rfc1738")
    monkeypatch.setenv("URIKIT_SPEC", "RFC1630")
    assert urikit.default_spec() == "rfc1630"
    monkeypatch.setenv("URIKIT_SPEC", "")
    assert urikit.default_spec() == "rfc1738"
    monkeypatch.setenv("URIKIT_SPEC", "whatwg2")
    with pytest.raises(ValueError, match="URIKIT_SPEC"):
        urikit.is_valid("http://a/")
