//! The public suffix, registrable domain and subdomain of a host
//! (`urikit::public_suffix`, feature `psl`): the Public Suffix List's own
//! test cases (`testdata/psl/test_psl.txt`) against the compiled-in list,
//! and the edge cases its format defines, on small lists written here.

use std::path::PathBuf;

use urikit::public_suffix::{HostParts, Section, SuffixList, SuffixListErrorKind};
use urikit::{Spec, Url, UrlRef};

/// `checkPublicSuffix(domain, registrable)` of `test_psl.txt`: the
/// registrable domain of each domain (`null` for none), compared without
/// regard to ASCII case (the file's answers are lower case; urikit's are
/// slices of the host as given).
#[test]
fn the_lists_own_test_cases() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/psl/test_psl.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let list = SuffixList::builtin();
    let arg = |a: &str| -> Option<String> {
        let a = a.trim();
        (a != "null").then(|| a.trim_matches('\'').to_owned())
    };
    let (mut pass, mut failed) = (0, Vec::new());
    for line in text.lines() {
        let Some(call) = line
            .strip_prefix("checkPublicSuffix(")
            .and_then(|l| l.strip_suffix(");"))
        else {
            continue;
        };
        let (domain, want) = call.split_once(',').expect("two arguments");
        let (domain, want) = (arg(domain).unwrap_or_default(), arg(want));
        let got = list.registrable_domain(&domain);
        let same = match (got, want.as_deref()) {
            (Some(got), Some(want)) => got.eq_ignore_ascii_case(want),
            (None, None) => true,
            _ => false,
        };
        if same {
            pass += 1;
        } else {
            failed.push(format!("{domain:?}: got {got:?}, want {want:?}"));
        }
    }
    println!("psl/test_psl.txt: {pass} passed, {} failed", failed.len());
    assert_eq!(
        pass + failed.len(),
        78,
        "the file's cases (4 more are commented out in it)"
    );
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// A small list with a rule of each kind.
fn small() -> SuffixList {
    let text = "\
// ===BEGIN ICANN DOMAINS===
com
uk
co.uk
*.ck
!www.ck
*.kawasaki.jp
!city.kawasaki.jp
jp
kawasaki.jp
// 中国 and its Punycode form are both matched.
中国
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
blogspot.com
*.compute.example.com
// ===END PRIVATE DOMAINS===
";
    text.parse().unwrap()
}

#[track_caller]
fn parts(list: &SuffixList, host: &str, want: Option<(&str, Option<&str>, Option<&str>, Section)>) {
    let got = list.parts(host);
    let want = want.map(|(suffix, domain, subdomain, section)| HostParts {
        suffix,
        domain,
        subdomain,
        section,
    });
    assert_eq!(got, want, "{host}");
    assert_eq!(list.suffix(host), want.map(|p| p.suffix), "{host}");
    assert_eq!(list.registrable_domain(host), want.and_then(|p| p.domain), "{host}");
    assert_eq!(list.subdomain(host), want.and_then(|p| p.subdomain), "{host}");
}

#[test]
fn rules_wildcards_and_exceptions() {
    use Section::*;
    let list = small();
    parts(
        &list,
        "www.example.com",
        Some(("com", Some("example.com"), Some("www"), Icann)),
    );
    parts(
        &list,
        "a.b.example.co.uk",
        Some(("co.uk", Some("example.co.uk"), Some("a.b"), Icann)),
    );
    // A host that is itself a suffix has no registrable domain.
    parts(&list, "co.uk", Some(("co.uk", None, None, Icann)));
    parts(&list, "com", Some(("com", None, None, Icann)));
    // *.ck: every label under ck is a suffix...
    parts(&list, "b.ck", Some(("b.ck", None, None, Icann)));
    parts(&list, "a.b.ck", Some(("b.ck", Some("a.b.ck"), Some(""), Icann)));
    // ...but the exception !www.ck.
    parts(&list, "www.ck", Some(("ck", Some("www.ck"), Some(""), Icann)));
    parts(&list, "a.www.ck", Some(("ck", Some("www.ck"), Some("a"), Icann)));
    parts(
        &list,
        "city.kawasaki.jp",
        Some(("kawasaki.jp", Some("city.kawasaki.jp"), Some(""), Icann)),
    );
    parts(
        &list,
        "x.y.kawasaki.jp",
        Some(("y.kawasaki.jp", Some("x.y.kawasaki.jp"), Some(""), Icann)),
    );
    // The private section.
    parts(
        &list,
        "me.blogspot.com",
        Some(("blogspot.com", Some("me.blogspot.com"), Some(""), Private)),
    );
    parts(
        &list,
        "a.b.eu.compute.example.com",
        Some((
            "eu.compute.example.com",
            Some("b.eu.compute.example.com"),
            Some("a"),
            Private,
        )),
    );
    // The default rule `*`: an unlisted TLD.
    parts(
        &list,
        "a.example.zz",
        Some(("zz", Some("example.zz"), Some("a"), Unlisted)),
    );
    parts(&list, "zz", Some(("zz", None, None, Unlisted)));
    // IDN: the rule in Unicode matches the host in either form.
    parts(
        &list,
        "www.食狮.中国",
        Some(("中国", Some("食狮.中国"), Some("www"), Icann)),
    );
    parts(
        &list,
        "www.xn--85x722f.xn--fiqs8s",
        Some(("xn--fiqs8s", Some("xn--85x722f.xn--fiqs8s"), Some("www"), Icann)),
    );
}

#[test]
fn icann_only() {
    let list = small().icann_only();
    assert!(list.is_icann_only());
    parts(
        &list,
        "me.blogspot.com",
        Some(("com", Some("blogspot.com"), Some("me"), Section::Icann)),
    );
    assert_eq!(list.suffix("a.b.eu.compute.example.com"), Some("com"));
    // The compiled-in list too.
    assert_eq!(SuffixList::builtin().suffix("me.github.io"), Some("github.io"));
    assert_eq!(SuffixList::builtin_icann().suffix("me.github.io"), Some("io"));
    assert_eq!(SuffixList::builtin_icann(), &SuffixList::builtin().clone().icann_only());
}

#[test]
fn case_and_trailing_dot() {
    use Section::*;
    let list = small();
    // Upper case matches; the answer keeps the host's case.
    parts(
        &list,
        "WWW.Example.CO.UK",
        Some(("CO.UK", Some("Example.CO.UK"), Some("WWW"), Icann)),
    );
    // A trailing dot stays on the suffix and on the registrable domain.
    parts(
        &list,
        "www.example.com.",
        Some(("com.", Some("example.com."), Some("www"), Icann)),
    );
    parts(&list, "co.uk.", Some(("co.uk.", None, None, Icann)));
    parts(&list, "www.ck.", Some(("ck.", Some("www.ck."), Some(""), Icann)));
}

#[test]
fn hosts_without_a_suffix() {
    let list = small();
    for host in [
        "",
        ".",
        "..",
        ".com",
        ".example.com",
        "a..example.com",
        "example.com..",
        "192.0.2.1",
        "10.0.0.1.",
        "[::1]",
        "[2001:db8::1]",
        "127.1",
        "999",
    ] {
        parts(&list, host, None);
    }
}

/// By URL: the host as the URL's spec gives it; an IP address or an empty
/// host has no suffix.
#[test]
fn by_url() {
    let list = SuffixList::builtin();
    let whatwg = |s: &str| Url::parse_lenient_with(s, Spec::Whatwg).unwrap().0;
    // WHATWG gives the host in Punycode, lower case.
    let url = whatwg("https://WWW.食狮.公司.cn/");
    assert_eq!(url.host(), Some("www.xn--85x722f.xn--55qx5d.cn"));
    let p = list.url_parts(&url.as_url_ref()).unwrap();
    assert_eq!(
        (p.suffix, p.domain, p.subdomain),
        ("xn--55qx5d.cn", Some("xn--85x722f.xn--55qx5d.cn"), Some("www"))
    );
    for input in [
        "http://192.168.0.1/",
        "http://0x7f.1/",
        "http://[::1]/",
        "file:///etc",
        "foo://[v1.x]/",
    ] {
        let url = Url::parse_lenient_with(input, Spec::Whatwg)
            .map(|(u, _)| u)
            .or_else(|_| Url::parse_with(input, Spec::Rfc3986))
            .unwrap();
        assert_eq!(list.url_parts(&url.as_url_ref()), None, "{input}");
    }
    // RFC 3986: a registered name as written.
    let url = UrlRef::parse_with("http://Shop.Example.COM/", Spec::Rfc3986).unwrap();
    assert_eq!(list.url_parts(&url).unwrap().domain, Some("Example.COM"));
    // An opaque host (a scheme that is not special).
    let url = whatwg("git+ssh://git@github.com/a/b");
    assert_eq!(list.url_parts(&url.as_url_ref()).unwrap().domain, Some("github.com"));
    assert!(UrlRef::parse_with("mailto:a@example.com", Spec::Rfc3986)
        .map(|u| list.url_parts(&u))
        .unwrap()
        .is_none());
}

#[test]
fn lists_refused() {
    for (text, line, kind) in [
        (&b"com\nnet\n"[..], None, SuffixListErrorKind::NoRules),
        (b"", None, SuffixListErrorKind::NoRules),
        (
            b"// ===BEGIN ICANN DOMAINS===\ncom\n!org\n",
            Some(3),
            SuffixListErrorKind::InvalidRule,
        ),
        (
            b"// ===BEGIN ICANN DOMAINS===\n\ncom\n.net\n",
            Some(4),
            SuffixListErrorKind::InvalidRule,
        ),
        (
            b"// ===BEGIN ICANN DOMAINS===\ncom\n\xc3(\n",
            Some(3),
            SuffixListErrorKind::NotUtf8,
        ),
    ] {
        let e = SuffixList::from_bytes(text).unwrap_err();
        assert_eq!((e.line, e.kind), (line, kind), "{:?}", String::from_utf8_lossy(text));
        assert!(!e.to_string().is_empty());
    }
}
