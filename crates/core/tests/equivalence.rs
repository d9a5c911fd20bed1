//! Canonical form and equivalence: URLs compared at one encoding level.

use urikit::{Spec, Url};

#[track_caller]
fn canonical(input: &str, want: &str) {
    let url = Url::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    let c = url.canonical();
    c.check_invariants();
    assert_eq!(c.as_str(), want, "{input}");
    // Idempotent, and still valid.
    assert_eq!(c.canonical(), c);
    assert_eq!(Url::parse(c.as_str()).unwrap(), c);
}

#[track_caller]
fn same(a: &str, b: &str, want: bool) {
    let (x, y) = (Url::parse(a).unwrap(), Url::parse(b).unwrap());
    assert_eq!(x.equivalent(&y), want, "{a} vs {b}");
    assert_eq!(y.equivalent(&x), want, "{b} vs {a}");
}

#[test]
fn rfc1630_examples() {
    same(
        "http://info.cern.ch/albert/bertram/marie-claude",
        "http://info.cern.ch/albert/bertram/marie%2Dclaude",
        true,
    );
    same(
        "http://info.cern.ch/albert/bertram/marie-claude",
        "http://info.cern.ch/albert/bertram%2Fmarie-claude",
        false,
    );
}

#[test]
fn encoding_level() {
    canonical("http://h/%2d%2D%41%7e%7E%2f", "http://h/--A%7E%7E%2F");
    canonical("http://h/a%3Bb%3d", "http://h/a%3Bb%3D");
    // Nothing reserved is decoded, anywhere.
    for reserved in ["/", "?", ":", "@", "&", "="] {
        let hex = format!("%{:02X}", reserved.as_bytes()[0]);
        same(&format!("ftp://h/a{hex}b"), &format!("ftp://h/a{reserved}b"), false);
    }
    same("http://h/a%3Bb", "http://h/a;b", false);
    canonical("ftp://u%41:p%2D@h/", "ftp://uA:p-@h/");
}

#[test]
fn search_strings() {
    // '+' means space in a search: "%2B" is not '+', and "%20" is '+'.
    same("http://h/?a+b", "http://h/?a%2Bb", false);
    same("http://h/?a+b", "http://h/?a%20b", true);
    canonical("http://h/?a%2bb%20c+d", "http://h/?a%2Bb+c+d");
    // '+' outside a search is an ordinary safe character.
    same("http://h/a+b", "http://h/a%2Bb", true);
}

#[test]
fn case_ports_and_paths() {
    canonical("HTTP://Info.CERN.CH:80", "http://info.cern.ch/");
    canonical("http://h:0080/", "http://h/");
    canonical("http://h:8080/", "http://h:8080/");
    canonical("gopher://h:70", "gopher://h/1");
    canonical("gopher://h/", "gopher://h/1");
    same("gopher://h", "gopher://h/1", true);
    same("gopher://h/0", "gopher://h/1", false);
    canonical("file://LocalHost/etc/motd", "file:///etc/motd");
    canonical("ftp://h/a;type=I", "ftp://h/a;type=i");
    canonical("http://h/#", "http://h/");
    canonical("http://h/#%7e", "http://h/#%7E");
    // Path case is significant.
    same("http://h/A", "http://h/a", false);
}

#[test]
fn rfc1630_spaces_are_encoded() {
    let url = Url::parse_with("x:a b?c d", Spec::Rfc1630).unwrap();
    assert_eq!(url.canonical().as_str(), "x:a%20b?c+d");
}

#[test]
fn rfc1630_canonical_forms_parse_by_rfc1630() {
    for input in [
        "file://localhost/x",
        "scheme://plus%2Bplus/a%2Bb?c%2Bd#e%2Bf",
        "http://h",
    ] {
        let url = Url::parse_with(input, Spec::Rfc1630).unwrap();
        let c = url.canonical();
        c.check_invariants();
        assert_eq!(Url::parse_with(c.as_str(), Spec::Rfc1630).as_ref(), Ok(&c), "{input}");
    }
    let url = Url::parse_with("scheme://plus%2Bplus/a%2Bb?c%2Bd#e%2Bf", Spec::Rfc1630).unwrap();
    assert_eq!(url.canonical().as_str(), "scheme://plus%2Bplus/a+b?c%2Bd#e%2Bf");
}
