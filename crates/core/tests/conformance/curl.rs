//! curl's URL API tables (`testdata/curl-urlapi`, from curl's
//! `tests/libtest/lib1560.c`) for setting parts and for redirects, run where
//! their meaning is RFC 3986's: `set_parts` and `setget_parts` through
//! [`Url::set_all`] and [`UrlBuilder`] under [`Spec::Rfc3986`], `set_url`
//! (a reference set on a URL, as a redirect does) through RFC 3986 §5.2
//! resolution.
//!
//! curl is not an RFC 3986 implementation (its data's README: "behavioural
//! vectors, not RFC truth"), so:
//! - two rules of curl's own API are applied to urikit's result before it is
//!   compared, because they are how curl writes and reads a URL, not what the
//!   URL is: curl writes an empty path after an authority as `/` (for `http`
//!   and `https` RFC 3986 §6.2.3 makes the two equivalent; curl does it for
//!   every scheme), and without `CURLU_GET_EMPTY` its getters report an empty
//!   query or fragment as absent;
//! - a case whose flags or parts have no meaning in RFC 3986 is not
//!   applicable, and says why ([`not_applicable`]);
//! - a case where RFC 3986 reads differently from curl is an expected
//!   failure in `tests/data/conformance_expected_failures.txt`, with the
//!   reason.

use serde_json::Value;
use urikit::{Component, Spec, Url, UrlBuilder};

use super::{cases, opt, read, s, Suite};

/// Why a case is not run, or `None` when its meaning is RFC 3986's.
fn not_applicable(case: &Value, changes: &[(&str, Option<String>)]) -> Option<&'static str> {
    let flags = ["urlflags", "setflags"]
        .iter()
        .flat_map(|k| case[*k].as_array().into_iter().flatten())
        .filter_map(Value::as_str);
    for flag in flags {
        let reason = match flag {
            // RFC 3986 has no list of schemes: every scheme is supported.
            "CURLU_NON_SUPPORT_SCHEME" => continue,
            "CURLU_URLENCODE" => {
                "CURLU_URLENCODE: curl encodes a value with its own set (it leaves {}[] in a path, which RFC 3986 does not allow); urikit's setters take a value as written, and encoding is pct::encode's"
            }
            "CURLU_APPENDQUERY" => {
                "CURLU_APPENDQUERY: curl's own query append; urikit's query edits are form-encoded name=value pairs"
            }
            "CURLU_NO_AUTHORITY" => {
                "CURLU_NO_AUTHORITY: lets a scheme curl knows go without a host; RFC 3986 has no scheme-specific host rules"
            }
            "CURLU_ALLOW_SPACE" => "CURLU_ALLOW_SPACE: a space in a URL, which RFC 3986 does not allow",
            "CURLU_URLDECODE" => "CURLU_URLDECODE: curl's decoding getter, not a URL",
            _ => "a curl flag with no RFC 3986 meaning (scheme guessing, default schemes, IDN)",
        };
        return Some(reason);
    }
    if case.get("only_if").is_some() {
        return Some("compiled into curl's test only under a build option");
    }
    if opt(case, "pcode") == Some("CURLUE_UNSUPPORTED_SCHEME") {
        return Some("curl refuses a scheme it does not support; RFC 3986 has no list of schemes");
    }
    for (part, _) in changes {
        let reason = match *part {
            "options" => "curl's login options (IMAP, POP3, SMTP: user;options), which RFC 3986 reads as part of the user information",
            "zoneid" => "an IPv6 zone identifier (RFC 6874), not RFC 3986",
            "url" => "curl's whole-URL part, which sets the URL by parsing, not a component",
            _ => continue,
        };
        return Some(reason);
    }
    None
}

/// curl's command list `"part=value,part=value,"`: `NULL` clears a part,
/// `""` is the empty string.
fn changes(set: &str) -> Vec<(&str, Option<String>)> {
    set.split(',')
        .filter(|c| !c.is_empty())
        .map(|c| {
            let (part, value) = c.split_once('=').unwrap_or_else(|| panic!("part=value: {c:?}"));
            let value = match value {
                "NULL" => None,
                "\"\"" => Some(String::new()),
                v => Some(v.to_owned()),
            };
            (part, value)
        })
        .collect()
}

fn component(part: &str) -> Component {
    part.parse()
        .unwrap_or_else(|_| panic!("a curl part urikit names: {part}"))
}

/// The URL as curl writes it: an empty path after an authority is `/`.
fn curl_form(url: &Url) -> String {
    let s = url.as_str();
    if url.host().is_none() || !url.path().is_empty() {
        return s.to_owned();
    }
    let start = s.find("//").expect("an authority") + 2;
    let at = s[start..].find(['?', '#']).map_or(s.len(), |i| start + i);
    format!("{}/{}", &s[..at], &s[at..])
}

/// A case's name in the expected failures file: one line, controls named.
fn key(case: &Value) -> String {
    let input = opt(case, "in").unwrap_or("(no URL)");
    let flags: Vec<&str> = case["setflags"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let text = format!("{input} <{}> {}", s(case, "set"), flags.join("|"));
    let mut out = String::new();
    for c in text.trim_end().chars() {
        match c {
            '\t' => out.push_str("<TAB>"),
            '\n' => out.push_str("<LF>"),
            '\r' => out.push_str("<CR>"),
            c if c.is_control() => out.push_str(&format!("<U+{:04X}>", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The parts set on the case's URL (or on no URL: a builder from the
/// scheme set), by RFC 3986.
fn apply(case: &Value, changes: &[(&str, Option<String>)]) -> Result<Url, String> {
    let parts = changes.iter().map(|(p, v)| (component(p), v.as_deref()));
    match opt(case, "in") {
        Some(input) => {
            let mut url = Url::parse_with(input, Spec::Rfc3986).map_err(|e| format!("parse: {e}"))?;
            url.set_all(parts).map_err(|e| format!("set: {e}"))?;
            Ok(url)
        }
        None => {
            let scheme = changes
                .iter()
                .find(|(p, _)| *p == "scheme")
                .and_then(|(_, v)| v.as_deref())
                .expect("a case with no URL sets the scheme");
            parts
                .fold(UrlBuilder::new(scheme).spec(Spec::Rfc3986), |b, (c, v)| b.set(c, v))
                .build()
                .map_err(|e| format!("build: {e}"))
        }
    }
}

#[test]
fn curl_set_parts() {
    let mut suite = Suite::new("curl-urlapi/set_parts");
    for case in cases(&read("curl-urlapi/set_parts.json")) {
        let changes = changes(s(case, "set"));
        if let Some(reason) = not_applicable(case, &changes) {
            suite.not_applicable(reason);
            continue;
        }
        let got = apply(case, &changes);
        if s(case, "pcode") == "CURLUE_OK" {
            let want = s(case, "out");
            match got {
                Ok(url) => suite.check(key(case), &curl_form(&url), want),
                Err(e) => suite.check_that(key(case), false, || format!("{e}, want {want:?}")),
            }
        } else {
            suite.check_that(key(case), got.is_err(), || {
                format!(
                    "got {:?}, want a refusal ({})",
                    got.map(|u| u.to_string()),
                    s(case, "pcode")
                )
            });
        }
    }
    suite.finish();
}

/// curl's get_parts form: `scheme | user | password | options | host |
/// port | path | query | fragment`, a missing part shown as `[N]`, its
/// CURLUcode.
fn parts_line(url: &Url, get_empty: bool) -> String {
    let text = curl_form(url);
    let url = Url::parse_with(&text, Spec::Rfc3986).expect("curl's form parses");
    let or = |v: Option<&str>, code: u8| v.map_or(format!("[{code}]"), str::to_owned);
    let kept = |v: Option<String>| v.filter(|v| get_empty || !v.is_empty());
    [
        url.scheme().to_owned(),
        or(url.user(), 11),
        or(url.password(), 12),
        "[13]".to_owned(), // curl's login options: none in RFC 3986
        or(url.host(), 14),
        or(url.get(Component::Port), 15),
        url.path().to_owned(),
        or(kept(url.query().map(str::to_owned)).as_deref(), 16),
        or(kept(url.fragment().map(str::to_owned)).as_deref(), 17),
    ]
    .join(" | ")
}

#[test]
fn curl_setget_parts() {
    let mut suite = Suite::new("curl-urlapi/setget_parts");
    for case in cases(&read("curl-urlapi/setget_parts.json")) {
        let changes = changes(s(case, "set"));
        if let Some(reason) = not_applicable(case, &changes) {
            suite.not_applicable(reason);
            continue;
        }
        let get_empty = case["getflags"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|f| f == "CURLU_GET_EMPTY");
        let want = s(case, "out");
        match apply(case, &changes) {
            Ok(url) => {
                let got = parts_line(&url, get_empty);
                suite.check_that(key(case), got == want, || format!("got {got:?}, want {want:?}"));
            }
            Err(e) => suite.check_that(key(case), false, || format!("{e}, want {want:?}")),
        }
    }
    suite.finish();
}

#[test]
fn curl_set_url() {
    let mut suite = Suite::new("curl-urlapi/set_url");
    for case in cases(&read("curl-urlapi/set_url.json")) {
        if let Some(reason) = not_applicable(case, &[]) {
            suite.not_applicable(reason);
            continue;
        }
        let got = Url::parse_with(s(case, "in"), Spec::Rfc3986)
            .map_err(|e| format!("parse: {e}"))
            .and_then(|base| {
                base.resolve_with(s(case, "set"), Spec::Rfc3986)
                    .map_err(|e| format!("resolve: {e}"))
            });
        let want = s(case, "out");
        match (got, s(case, "ucode")) {
            (Ok(url), "CURLUE_OK") => suite.check(key(case), &curl_form(&url), want),
            (Err(e), "CURLUE_OK") => suite.check_that(key(case), false, || format!("{e}, want {want:?}")),
            (got, code) => suite.check_that(key(case), got.is_err(), || format!("got {got:?}, want {code}")),
        }
    }
    suite.finish();
}
