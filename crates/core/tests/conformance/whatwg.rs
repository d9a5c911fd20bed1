//! The WHATWG URL Standard's suites under [`Spec::Whatwg`]: web-platform-tests'
//! `urltestdata.json`, `toascii.json` and `urlencoded-parser-data.json`,
//! and ada's additions
//! (`ada_extra_urltestdata.json`, `ada_long_urltestdata.json`,
//! `verifydnslength_tests.json`).
//!
//! A `urltestdata` case is the basic URL parser on `input` with `base` (as
//! `new URL(input, base)`): a failure where the case says `failure`, else
//! every getter of the `URL` API compared with the case's value, each a
//! check of its own. A case whose base does not parse (`new URL()` would
//! throw on the base) expects failure.

use serde_json::Value;
use urikit::whatwg::search_params::UrlSearchParams;
use urikit::{Spec, Url};

use super::{cases, opt, read, s, Suite};

/// `new URL(input, base)`: the URL, or why it failed.
fn parse(input: &str, base: Option<&str>) -> Result<Url, String> {
    match base {
        Some(base) => {
            let (base, _) = Url::parse_lenient_with(base, Spec::Whatwg).map_err(|e| format!("base: {e}"))?;
            base.resolve_with(input, Spec::Whatwg).map_err(|e| e.to_string())
        }
        None => Url::parse_lenient_with(input, Spec::Whatwg)
            .map(|(url, _)| url)
            .map_err(|e| e.to_string()),
    }
}

/// The getters a case may give, and urikit's value of each.
fn getters(url: &Url) -> [(&'static str, String); 11] {
    let api = url.api().expect("a WHATWG URL");
    [
        ("href", api.href().to_owned()),
        ("protocol", api.protocol().to_owned()),
        ("username", api.username().to_owned()),
        ("password", api.password().to_owned()),
        ("host", api.host().to_owned()),
        ("hostname", api.hostname().to_owned()),
        ("port", api.port().to_owned()),
        ("pathname", api.pathname().to_owned()),
        ("search", api.search().to_owned()),
        ("hash", api.hash().to_owned()),
        ("origin", api.origin()),
    ]
}

/// Runs one `urltestdata`-shaped file.
fn run_urltestdata(suite: &mut Suite, file: &str) {
    run_urltestdata_cases(suite, &read(file));
}

/// Runs the cases of a `urltestdata`-shaped array.
fn run_urltestdata_cases(suite: &mut Suite, data: &Value) {
    for c in cases(data) {
        if c.is_string() {
            continue; // a comment
        }
        let input = s(c, "input");
        let base = opt(c, "base");
        let name = match base {
            Some(b) => format!("<{input}> against <{b}>"),
            None => format!("<{input}>"),
        };
        let got = parse(input, base);
        if c["failure"] == Value::Bool(true) {
            suite.check_that(format!("{name} fails"), got.is_err(), || {
                format!("parsed as {:?}", got.as_ref().map(|u| u.as_str()))
            });
            continue;
        }
        let url = match got {
            Ok(url) => url,
            Err(e) => {
                suite.check_that(name, false, || e);
                continue;
            }
        };
        url.check_invariants();
        for (getter, value) in getters(&url) {
            if let Some(want) = opt(c, getter) {
                suite.check_that(format!("{name} {getter}"), value == want, || {
                    format!("got {value:?}, want {want:?}")
                });
            }
        }
        // `url.searchParams.toString()`: the query's tuples serialized.
        if let Some(want) = opt(c, "searchParams") {
            let got = url.search_params().to_string();
            suite.check_that(format!("{name} searchParams"), got == want, || {
                format!("got {got:?}, want {want:?}")
            });
        }
        // The href is the URL's serialization: parsed again it is itself,
        // and it is borrowed as it stands.
        let again = Url::parse_lenient_with(url.as_str(), Spec::Whatwg).map(|(u, _)| u.into_string());
        suite.check_that(
            format!("{name} href reparses"),
            again.as_deref() == Ok(url.as_str()),
            || format!("{again:?}"),
        );
    }
}

#[test]
fn wpt_urltestdata() {
    let mut suite = Suite::new("wpt-url/urltestdata");
    run_urltestdata(&mut suite, "wpt-url/urltestdata.json");
    suite.finish();

    let mut suite = Suite::new("ada-extra/ada_extra_urltestdata");
    run_urltestdata(&mut suite, "ada-extra/ada_extra_urltestdata.json");
    suite.finish();

    let mut suite = Suite::new("ada-extra/ada_long_urltestdata");
    run_urltestdata(&mut suite, "ada-extra/ada_long_urltestdata.json");
    suite.finish();
}

/// `urltestdata-javascript-only.json`: inputs only JavaScript can write,
/// with lone surrogates. The `URL` constructor takes a USVString, and
/// WebIDL turns each lone surrogate into U+FFFD before the parser sees the
/// input; a Rust `str` cannot hold one, so the same conversion is made on
/// the JSON text (`\uD800` not paired becomes `\uFFFD`), and the case then
/// runs as any other.
#[test]
fn wpt_urltestdata_javascript_only() {
    let path = super::testdata().join("wpt-url/urltestdata-javascript-only.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = usv_escapes(&text);
    assert!(text.contains("\\uFFFD"), "the file holds lone surrogates");
    let data: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut suite = Suite::new("wpt-url/urltestdata-javascript-only");
    run_urltestdata_cases(&mut suite, &data);
    suite.finish();
}

/// The JSON of `name` in `testdata/`, each lone surrogate read as U+FFFD
/// ([`usv_escapes`]).
fn read_usv(name: &str) -> Value {
    let path = super::testdata().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&usv_escapes(&text)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// JSON text with each `\uXXXX` escape of a lone surrogate replaced by
/// `\uFFFD`, as WebIDL's USVString conversion replaces the surrogate.
fn usv_escapes(text: &str) -> String {
    let unit = |s: &str, i: usize| -> Option<u16> {
        let hex = s.get(i..i + 6)?.strip_prefix("\\u")?;
        u16::from_str_radix(hex, 16).ok()
    };
    let (mut out, mut i) = (String::with_capacity(text.len()), 0);
    while i < text.len() {
        // An escaped backslash is not the start of an escape.
        if text[i..].starts_with("\\\\") {
            out.push_str("\\\\");
            i += 2;
            continue;
        }
        match unit(text, i) {
            Some(0xD800..=0xDBFF) if matches!(unit(text, i + 6), Some(0xDC00..=0xDFFF)) => {
                out.push_str(&text[i..i + 12]);
                i += 12;
            }
            Some(0xD800..=0xDFFF) => {
                out.push_str("\\uFFFD");
                i += 6;
            }
            _ => {
                let c = text[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// `toascii.json`: a host alone, through the host parser as the `URL`
/// constructor reaches it (`https://{input}/x`), and through the `host` and
/// `hostname` getters.
#[test]
fn wpt_toascii() {
    let mut suite = Suite::new("wpt-url/toascii");
    for c in cases(&read("wpt-url/toascii.json")) {
        if c.is_string() {
            continue;
        }
        let input = s(c, "input");
        let want = opt(c, "output");
        let got = parse(&format!("https://{input}/x"), None);
        match (want, got) {
            (Some(want), Ok(url)) => {
                let api = url.api().unwrap();
                suite.check_that(
                    format!("{input} host"),
                    api.host() == want && api.hostname() == want,
                    || format!("got {:?}, want {want:?}", api.host()),
                );
                suite.check_that(format!("{input} pathname"), api.pathname() == "/x", || {
                    api.pathname().to_owned()
                });
            }
            (None, got) => suite.check_that(format!("{input} fails"), got.is_err(), || format!("{got:?}")),
            (Some(want), Err(e)) => suite.check_that(format!("{input} host"), false, || format!("{e}, want {want:?}")),
        }
    }
    suite.finish();
}

/// `toascii.json` through the domain parser alone ([`domain_to_ascii`] with
/// *beStrict* false), where the host parser adds nothing to it: a case
/// whose input has a `%` (decoded by the host parser first) or whose
/// domain ends in a number (an IPv4 address for the host parser) is not
/// applicable. Each output then goes through [`domain_to_unicode`] and back
/// to itself.
#[test]
fn wpt_toascii_domain_functions() {
    use urikit::whatwg::{domain_to_ascii, domain_to_unicode};
    let mut suite = Suite::new("wpt-url/toascii (domain_to_ascii)");
    let mut round = Suite::new("wpt-url/toascii (to Unicode and back)");
    for c in cases(&read("wpt-url/toascii.json")) {
        if c.is_string() {
            continue;
        }
        let input = s(c, "input");
        let want = opt(c, "output");
        let got = domain_to_ascii(input, false);
        if input.contains('%') {
            suite.not_applicable("a '%' the host parser decodes before the domain parser");
            continue;
        }
        if got.as_deref().is_ok_and(ends_in_a_number) {
            suite.not_applicable("a domain that ends in a number: the host parser's IPv4 parser decides");
            continue;
        }
        suite.check_that(input.to_owned(), got.as_deref().ok() == want, || {
            format!("got {got:?}, want {want:?}")
        });
        if let Some(want) = want {
            let back = domain_to_unicode(want).and_then(|u| domain_to_ascii(&u, false).map(|a| a.into_owned()));
            round.check_that(want.to_owned(), back.as_deref() == Ok(want), || format!("{back:?}"));
        }
    }
    suite.finish();
    round.finish();
}

/// URL Standard §3.5 "ends in a number checker".
fn ends_in_a_number(domain: &str) -> bool {
    let mut parts: Vec<&str> = domain.split('.').collect();
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return false;
        }
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
        || last
            .strip_prefix("0x")
            .or_else(|| last.strip_prefix("0X"))
            .is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `verifydnslength_tests.json`: whether the host passes UTS #46's
/// VerifyDnsLength, which the URL Standard applies in its strict domain
/// parser only: the URL parses either way, and `domain-to-ASCII` is among
/// its validation errors exactly when the case says `failure`.
#[test]
fn ada_verifydnslength() {
    let mut suite = Suite::new("ada-extra/verifydnslength_tests");
    for c in cases(&read("ada-extra/verifydnslength_tests.json")) {
        if c.is_string() {
            continue;
        }
        let input = s(c, "input");
        let want = c["failure"] == Value::Bool(true);
        let parsed = Url::parse_lenient_with(input, Spec::Whatwg);
        let flagged = urikit::validate(input, Spec::Whatwg)
            .iter()
            .any(|e| e.rule == "domain-to-ASCII");
        suite.check_that(
            format!("{input} {}", s(c, "message")),
            parsed.is_ok() && flagged == want,
            || {
                format!(
                    "parsed: {:?}, domain-to-ASCII: {flagged}",
                    parsed.map(|(u, _)| u.into_string())
                )
            },
        );
    }
    suite.finish();
}

/// `IdnaTestV2.json`: UTS #46 ToASCII as the URL Standard's domain to ASCII
/// runs it (Transitional_Processing, CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength off; CheckBidi and CheckJoiners on), reached as
/// web-platform-tests' `IdnaTestV2.window.js` does: `new URL("https://" +
/// input + "/x")` fails where the output is null, else its `host` and
/// `hostname` are the output, its `pathname` `/x`. A lone surrogate of the
/// JSON is U+FFFD, as in the `USVString` the `URL` API takes.
///
/// The outputs follow the Unicode version of the suite's IdnaTestV2.txt;
/// urikit's UTS #46 is the `idna` crate's (1.1), whose mapping and
/// properties are ICU4X data of Unicode 18.0 (`icu_normalizer_data` and
/// `icu_properties_data` 2.4): a case that depends on the version is an
/// expected failure naming it.
#[cfg(feature = "idna")]
#[test]
fn wpt_idna_test_v2() {
    let mut suite = Suite::new("wpt-url/IdnaTestV2");
    for c in cases(&read_usv("wpt-url/IdnaTestV2.json")) {
        if c.is_string() {
            continue;
        }
        let input = s(c, "input");
        if input.is_empty() {
            // IdnaTestV2.window.js skips it too.
            suite.not_applicable("an empty input: https:///x is the host x, not an empty host");
            continue;
        }
        let want = opt(c, "output");
        let got = parse(&format!("https://{input}/x"), None);
        let name = format!("{} {input}", opt(c, "comment").unwrap_or("-"));
        match (want, got) {
            (Some(want), Ok(url)) => {
                let api = url.api().unwrap();
                suite.check_that(
                    name,
                    api.host() == want && api.hostname() == want && api.pathname() == "/x",
                    || format!("got {:?} {:?}, want {want:?}", api.host(), api.pathname()),
                );
            }
            (None, got) => suite.check_that(name, got.is_err(), || {
                format!("parsed as {:?}, want failure", got.as_ref().map(|u| u.as_str()))
            }),
            (Some(want), Err(e)) => suite.check_that(name, false, || format!("{e}, want {want:?}")),
        }
    }
    suite.finish();
}

/// Without the `idna` feature, no case of `IdnaTestV2.json` gets a wrong
/// answer: a host that needs UTS #46 is refused as `IdnaUnavailable`, and
/// every host that parses is the case's output.
#[cfg(not(feature = "idna"))]
#[test]
fn wpt_idna_test_v2_without_idna() {
    let mut suite = Suite::new("wpt-url/IdnaTestV2 (no idna)");
    for c in cases(&read_usv("wpt-url/IdnaTestV2.json")) {
        if c.is_string() {
            continue;
        }
        let input = s(c, "input");
        if input.is_empty() {
            suite.not_applicable("an empty input: https:///x is the host x, not an empty host");
            continue;
        }
        let want = opt(c, "output");
        match Url::parse_lenient_with(&format!("https://{input}/x"), Spec::Whatwg) {
            Ok((url, _)) => {
                let host = url.api().unwrap().host().to_owned();
                suite.check_that(format!("{input} parses"), want == Some(host.as_str()), || {
                    format!("got {host:?}, want {want:?}")
                });
            }
            Err(e) if e.kind == urikit::ParseErrorKind::IdnaUnavailable => suite.not_applicable("needs UTS #46"),
            Err(e) => suite.check_that(format!("{input} fails"), want.is_none(), || {
                format!("{e}, want {want:?}")
            }),
        }
    }
    suite.finish();
}

/// `percent-encoding.json`: each input in the query of a special URL
/// (`https://doesnotmatter.invalid/?` and the input), as the standard's own
/// test reaches it. urikit speaks only UTF-8: the URL parser with the UTF-8
/// encoding gives every case's `utf-8` output (7 cases). The other
/// encodings' outputs (big5, euc-kr, windows-1252, iso-2022-jp, gb18030,
/// shift_jis, iso-8859-2: 9 outputs) are what the query's encode step
/// gives for a document in that legacy encoding: not applicable, as
/// urikit's parser has no encoding argument but UTF-8 (`whatwg` module
/// docs).
#[test]
fn wpt_percent_encoding() {
    let mut suite = Suite::new("wpt-url/percent-encoding");
    for c in cases(&read("wpt-url/percent-encoding.json")) {
        if c.is_string() {
            continue;
        }
        let input = s(c, "input");
        let output = c["output"].as_object().expect("outputs by encoding");
        for (encoding, want) in output {
            let want = want.as_str().expect("an output");
            if encoding != "utf-8" {
                suite.not_applicable("a legacy encoding of the query: urikit speaks UTF-8 only");
                continue;
            }
            let got = parse(&format!("https://doesnotmatter.invalid/?{input}"), None)
                .map(|u| u.api().unwrap().search().trim_start_matches('?').to_owned());
            suite.check_that(format!("{input} utf-8"), got.as_deref() == Ok(want), || {
                format!("got {got:?}, want {want:?}")
            });
        }
    }
    suite.finish();
}

/// `urlencoded-parser-data.json`: the `application/x-www-form-urlencoded`
/// parser, reached as web-platform-tests' `urlencoded-parser.any.js` does:
/// `new URLSearchParams(input)` has `size` tuples, each the case's pair in
/// order. The same input in the query of a URL gives the same tuples
/// through the URL's query object (when the URL parser leaves the query as
/// it is, that is when the input is its own query serialization).
#[test]
fn wpt_urlencoded_parser() {
    let mut suite = Suite::new("wpt-url/urlencoded-parser-data");
    let mut in_url = Suite::new("wpt-url/urlencoded-parser-data in a URL");
    for c in cases(&read("wpt-url/urlencoded-parser-data.json")) {
        let input = s(c, "input");
        let want: Vec<(&str, &str)> = c["output"]
            .as_array()
            .expect("an output list")
            .iter()
            .map(|pair| (pair[0].as_str().expect("a name"), pair[1].as_str().expect("a value")))
            .collect();
        let params = UrlSearchParams::parse(input);
        let got: Vec<(&str, &str)> = params.iter().collect();
        suite.check_that(
            format!("URLSearchParams constructed with: {input:?}"),
            params.len() == want.len() && got == want,
            || format!("got {got:?}, want {want:?}"),
        );
        if let Ok((url, _)) = Url::parse_lenient_with(&format!("https://example.com/?{input}"), Spec::Whatwg) {
            if url.query() == Some(input) {
                let from_url = url.search_params();
                let got: Vec<(&str, &str)> = from_url.iter().collect();
                in_url.check_that(format!("url.searchParams of ?{input:?}"), got == want, || {
                    format!("got {got:?}, want {want:?}")
                });
            } else {
                in_url.not_applicable("the URL parser encodes the query");
            }
        }
    }
    suite.finish();
    in_url.finish();
}
