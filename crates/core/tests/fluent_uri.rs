//! Differential test against `fluent-uri` (an RFC 3986 parser): over every
//! URI in `bench/data/*.txt`, urikit's `Spec::Rfc3986` and
//! fluent-uri must agree on validity (as a `URI` and as a `URI-reference`)
//! and on every component. Each difference is listed, with its reason, in
//! `tests/data/fluent_uri_expected_differences.txt`; a listed one that no
//! longer differs fails the test too.
//!
//! Run: `cargo test -p urikit --test fluent_uri -- --nocapture`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use fluent_uri::component::Host;
use fluent_uri::{Uri, UriRef};
use urikit::rfc3986::Reference;
use urikit::{HostKind, Spec, UrlRef};

fn bench_data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench/data")
}

/// The components as both libraries name them, for comparison.
type Components<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn ours<'b>(r: &'b Reference<'_>) -> (Components<'b>, Option<HostKind>) {
    let userinfo = r
        .authority()
        .and_then(|a| r.host().and_then(|h| a.find(h).filter(|&i| i > 0)).map(|i| &a[..i - 1]));
    (
        (
            r.scheme(),
            r.authority(),
            userinfo,
            r.host(),
            r.port_str(),
            r.path(),
            r.query(),
            r.fragment(),
        ),
        r.host_kind(),
    )
}

fn theirs<'a>(u: &'a UriRef<&'a str>) -> (Components<'a>, Option<HostKind>) {
    let auth = u.authority();
    let kind = auth.map(|a| match a.host_parsed() {
        Host::Ipv4 { .. } => HostKind::Ipv4,
        Host::Ipv6 { .. } => HostKind::Ipv6,
        Host::IpvFuture { .. } => HostKind::IpvFuture,
        _ if a.host().is_empty() => HostKind::Empty,
        _ => HostKind::RegName,
    });
    (
        (
            u.scheme().map(|s| s.as_str()),
            auth.map(|a| a.as_str()),
            auth.and_then(|a| a.userinfo()).map(|s| s.as_str()),
            auth.map(|a| a.host()),
            auth.and_then(|a| a.port()).map(|p| p.as_str()),
            u.path().as_str(),
            u.query().map(|q| q.as_str()),
            u.fragment().map(|f| f.as_str()),
        ),
        kind,
    )
}

/// What differs for `line`, if anything.
fn difference(line: &str) -> Option<String> {
    let (we, they) = (UrlRef::parse_with(line, Spec::Rfc3986), Uri::parse(line));
    if we.is_ok() != they.is_ok() {
        return Some(format!(
            "URI validity: urikit {:?}, fluent-uri {:?}",
            we.err().map(|e| e.to_string()),
            they.err().map(|e| e.to_string())
        ));
    }
    let (we, they) = (Reference::parse(line), UriRef::parse(line));
    match (we, they) {
        (Ok(we), Ok(they)) => {
            let (a, b) = (ours(&we), theirs(&they));
            (a != b).then(|| format!("components: urikit {a:?}, fluent-uri {b:?}"))
        }
        (Err(_), Err(_)) => None,
        (we, they) => Some(format!(
            "URI-reference validity: urikit {:?}, fluent-uri {:?}",
            we.err().map(|e| e.to_string()),
            they.err().map(|e| e.to_string())
        )),
    }
}

#[test]
fn agrees_with_fluent_uri_over_the_bench_data() {
    let text = include_str!("data/fluent_uri_expected_differences.txt");
    let expected: BTreeMap<&str, &str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once('\t').expect("input<TAB>reason"))
        .collect();
    let mut files: Vec<PathBuf> = std::fs::read_dir(bench_data())
        .expect("bench/data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut problems = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let (mut total, mut valid, mut differ) = (0, 0, 0);
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            total += 1;
            valid += usize::from(UrlRef::parse_with(line, Spec::Rfc3986).is_ok());
            if let Some(what) = difference(line) {
                differ += 1;
                seen.insert(line.to_owned());
                if !expected.contains_key(line) {
                    problems.push(format!("{line}\t{what}"));
                }
            }
        }
        let name = file.file_name().unwrap().to_string_lossy();
        println!("{name:<20} {total:>6} URIs, {valid:>6} valid by RFC 3986, {differ:>3} differ from fluent-uri");
    }
    for input in expected.keys() {
        if !seen.contains(*input) {
            problems.push(format!("{input}\tlisted as a difference, but agrees now: remove it"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} unexplained:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn agrees_on_hand_picked_edges() {
    for input in [
        "http://[::1]:80/",
        "http://[v7.x]/",
        "x://[::ffff:1.2.3.4]",
        "http://1.2.3.04/",
        "http://h:/",
        "http://h:99999/",
        "http://u:p:q@h/",
        "a:b:c",
        "//h",
        "?q",
        "#f",
        "",
        "./a:b",
        "a:b",
        "1a:b",
        "http://[::1",
        "http://a@b@c/",
        "x:%",
        "x:%41",
        "http://h/%zz",
        "http://[fe80::1%25eth0]/",
    ] {
        assert_eq!(difference(input), None, "{input}");
    }
}
