//! The 1994 grammar, production by production: what parses, into which
//! components, and where and why what does not parse fails.

use urikit::{validate, HostKind, ParseErrorKind as K, Spec, Url, UrlRef};

/// Components as the accessors return them:
/// (scheme, user, password, host, port, path, query, fragment).
type Parts<'a> = (
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<u16>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

#[track_caller]
fn ok_in(spec: Spec, input: &str, want: Parts<'_>) {
    let url = UrlRef::parse_with(input, spec).unwrap_or_else(|e| panic!("{input}: {e}"));
    let got = (
        url.scheme(),
        url.user(),
        url.password(),
        url.host(),
        url.port(),
        url.path(),
        url.query(),
        url.fragment(),
    );
    assert_eq!(got, want, "{input}");
    let owned = url.to_url();
    owned.check_invariants();
    assert!(
        validate(input, spec).is_empty(),
        "{input}: validate disagrees with parse"
    );
}

#[track_caller]
fn ok(input: &str, want: Parts<'_>) {
    ok_in(Spec::Rfc1738, input, want);
}

#[track_caller]
fn fails_in(spec: Spec, input: &str, offset: usize, kind: K, rule: &str) {
    let err = UrlRef::parse_with(input, spec).expect_err(input);
    assert_eq!((err.offset, err.kind, err.rule), (offset, kind, rule), "{input}: {err}");
    assert_eq!(err.spec, spec);
    let all = validate(input, spec);
    assert_eq!(
        all.first(),
        Some(&err),
        "{input}: validate's first error differs from parse's"
    );
}

#[track_caller]
fn fails(input: &str, offset: usize, kind: K, rule: &str) {
    fails_in(Spec::Rfc1738, input, offset, kind, rule);
}

fn ch(byte: u8) -> K {
    K::InvalidChar { byte }
}

#[test]
fn scheme() {
    ok("HTTP://h/", ("HTTP", None, None, Some("h"), None, "/", None, None));
    ok(
        "x-foo.bar+1:baz",
        ("x-foo.bar+1", None, None, None, None, "baz", None, None),
    );
    // RFC 1738's `scheme` allows a leading digit.
    ok("9p:x", ("9p", None, None, None, None, "x", None, None));
    ok(
        "URL:mid:abc@def",
        ("mid", None, None, None, None, "abc@def", None, None),
    );
    ok(
        "url:mid:abc@def",
        ("mid", None, None, None, None, "abc@def", None, None),
    );
    assert_eq!(Url::parse("HtTp://h/").unwrap().scheme(), "http");
    fails("", 0, K::Empty, "url");
    fails(":x", 0, K::EmptyScheme, "scheme");
    fails("/g", 0, K::MissingScheme, "scheme");
    fails("abc", 3, K::MissingScheme, "scheme");
    fails("a_b:c", 1, ch(b'_'), "scheme");
    // Offsets count the `URL:` prefix.
    fails("URL:a_b:c", 5, ch(b'_'), "scheme");
    fails_in(Spec::Rfc1630, "9p:x", 0, ch(b'9'), "scheme");
}

#[test]
fn login_absent_and_empty_parts_differ() {
    // RFC 1738 §3.1's three examples.
    ok(
        "ftp://@host.com/",
        ("ftp", Some(""), None, Some("host.com"), None, "/", None, None),
    );
    ok(
        "ftp://host.com/",
        ("ftp", None, None, Some("host.com"), None, "/", None, None),
    );
    ok(
        "ftp://foo:@host.com/",
        ("ftp", Some("foo"), Some(""), Some("host.com"), None, "/", None, None),
    );
    ok(
        "ftp://:@host.com",
        ("ftp", Some(""), Some(""), Some("host.com"), None, "", None, None),
    );
    ok(
        "ftp://u%40x;?&=:p%3A@h:0/",
        (
            "ftp",
            Some("u%40x;?&="),
            Some("p%3A"),
            Some("h"),
            Some(0),
            "/",
            None,
            None,
        ),
    );
    // The login ends at the first `/`; `@` is allowed in an fsegment.
    ok(
        "ftp://u/x@h/",
        ("ftp", None, None, Some("u"), None, "/x@h/", None, None),
    );
    fails("ftp://u@/", 8, K::EmptyHost, "host");
    fails("ftp://a:b:c@h/", 9, ch(b':'), "password");
    fails("ftp://a@b@h/", 7, ch(b'@'), "user");
}

#[test]
fn hosts() {
    let kind = |s| UrlRef::parse(s).unwrap().host_kind();
    assert_eq!(kind("http://info.cern.ch/"), Some(HostKind::Domain));
    assert_eq!(kind("http://128.141.201.74/"), Some(HostKind::Ipv4));
    fails("http:///", 7, K::EmptyHost, "host");
    fails("http://-a.b/", 7, K::LabelHyphen, "domainlabel");
    fails("http://a.b-/", 10, K::LabelHyphen, "toplabel");
    fails("http://a.9b/", 9, K::TopLabelDigit, "toplabel");
    fails("http://1.2.3/", 11, K::TopLabelDigit, "toplabel");
    fails("http://1.2.3.256/", 13, K::HostNumberOutOfRange, "hostnumber");
    fails("http://a..b/", 9, K::EmptyLabel, "domainlabel");
    fails("http://a.b./", 11, K::EmptyLabel, "toplabel");
    fails("http://my_host/", 9, ch(b'_'), "toplabel");
    fails("http://my_host.com/", 9, ch(b'_'), "domainlabel");
    fails("http://h%41/", 8, ch(b'%'), "toplabel");
    // The RFC 1630 draft's `hostname = ialpha [ . hostname ]` is wider.
    ok_in(
        Spec::Rfc1630,
        "http://my_host/",
        ("http", None, None, Some("my_host"), None, "/", None, None),
    );
}

#[test]
fn ports() {
    ok(
        "http://h:65535/",
        ("http", None, None, Some("h"), Some(65535), "/", None, None),
    );
    ok(
        "http://h:080",
        ("http", None, None, Some("h"), Some(80), "", None, None),
    );
    fails("http://h:65536/", 9, K::PortOutOfRange, "port");
    fails("http://h:99999999999999999999/", 9, K::PortOutOfRange, "port");
    fails("http://h:/", 8, K::EmptyPort, "port");
    fails("http://h:8a/", 10, ch(b'a'), "port");
    assert_eq!(UrlRef::parse("http://h/").unwrap().port_or_default(), Ok(Some(80)));
    assert_eq!(
        UrlRef::parse("prospero://h/x").unwrap().port_or_default(),
        Ok(Some(1525))
    );
    assert_eq!(UrlRef::parse("mailto:a@b").unwrap().port_or_default(), Ok(None));
}

#[test]
fn escapes() {
    ok(
        "http://h/%2f%2F%00",
        ("http", None, None, Some("h"), None, "/%2f%2F%00", None, None),
    );
    // RFC 1630 Example 3.
    fails(
        "news:12345667123%asdghfh@info.cern.ch",
        16,
        K::BadEscape { found: *b"as" },
        "escape",
    );
    fails(
        "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred",
        36,
        K::BadEscape { found: *b"*." },
        "escape",
    );
    fails("http://h/%4", 9, K::BadEscape { found: [b'4', 0] }, "escape");
    fails("http://h/%", 9, K::BadEscape { found: [0, 0] }, "escape");
    // What follows the '%' is shown as found, delimiter included.
    fails("http://h/%4?x", 9, K::BadEscape { found: *b"4?" }, "escape");
}

#[test]
fn http() {
    ok(
        "http://info.cern.ch:8080/a;b/c:d@e&f=g?x;y:z@w&v=u#top",
        (
            "http",
            None,
            None,
            Some("info.cern.ch"),
            Some(8080),
            "/a;b/c:d@e&f=g",
            Some("x;y:z@w&v=u"),
            Some("top"),
        ),
    );
    ok("http://h", ("http", None, None, Some("h"), None, "", None, None));
    ok("http://h/?", ("http", None, None, Some("h"), None, "/", Some(""), None));
    ok("http://h/#", ("http", None, None, Some("h"), None, "/", None, Some("")));
    fails("http://user@host/", 7, K::UserNotAllowed, "hostport");
    fails("http://u:p@host/", 7, K::UserNotAllowed, "hostport");
    fails("http://host?q", 11, K::UnexpectedSearch, "httpurl");
    fails("http://h/a?b/c", 12, ch(b'/'), "search");
    fails("http://h/a?b?c", 12, ch(b'?'), "search");
    fails("http://h/~user", 9, ch(b'~'), "hpath");
    fails("http://h/a b", 10, ch(b' '), "hpath");
    fails("http://h/a#b#c", 12, ch(b'#'), "fragmentid");
    fails("http:h", 5, K::MissingSlashes, "ip-schemepart");
    fails("http://h/\u{e9}", 9, ch(0xC3), "hpath");
}

#[test]
fn ftp() {
    ok(
        "ftp://myname@host.dom/%2Fetc/motd",
        (
            "ftp",
            Some("myname"),
            None,
            Some("host.dom"),
            None,
            "/%2Fetc/motd",
            None,
            None,
        ),
    );
    ok(
        "ftp://h/a?b/c;type=A",
        ("ftp", None, None, Some("h"), None, "/a?b/c;type=A", None, None),
    );
    ok(
        "ftp://h/;type=d",
        ("ftp", None, None, Some("h"), None, "/;type=d", None, None),
    );
    ok(
        "ftp://h/a;TYPE=i",
        ("ftp", None, None, Some("h"), None, "/a;TYPE=i", None, None),
    );
    fails("ftp://h/a;b", 9, ch(b';'), "fsegment");
    fails("ftp://h/a;type=x", 15, K::InvalidFtpType, "ftptype");
    fails("ftp://h/a;type=", 15, K::MissingPart, "ftptype");
    fails("ftp://h/a;type=ab", 16, ch(b'b'), "ftptype");
}

#[test]
fn gopher() {
    ok("gopher://h", ("gopher", None, None, Some("h"), None, "", None, None));
    ok(
        "gopher://h:70/7a_gopher?selector%09foobar",
        (
            "gopher",
            None,
            None,
            Some("h"),
            Some(70),
            "/7a_gopher?selector%09foobar",
            None,
            None,
        ),
    );
    fails("gopher://u@h/", 9, K::UserNotAllowed, "hostport");
    fails("gopher://h/0a b", 13, ch(b' '), "selector");
    fails("gopher:// h/", 9, ch(b' '), "toplabel");
    fails("gopher://h/ ", 11, ch(b' '), "gtype");
    fails("gopher://h/%zz", 11, K::BadEscape { found: *b"zz" }, "escape");
    fails("gopher://h/7sel%09a/b", 19, ch(b'/'), "search");
    fails("gopher://h/7sel%09a%09+b c", 24, ch(b' '), "gopher+_string");
    ok(
        "gopher://h/%31sel%09%09!",
        ("gopher", None, None, Some("h"), None, "/%31sel%09%09!", None, None),
    );
}

#[test]
fn mailto_and_news() {
    ok(
        "mailto:timbl@info.cern.ch",
        ("mailto", None, None, None, None, "timbl@info.cern.ch", None, None),
    );
    ok(
        "mailto:a%25b@c?d",
        ("mailto", None, None, None, None, "a%25b@c?d", None, None),
    );
    fails("mailto:", 7, K::MissingPart, "encoded822addr");
    fails("mailto:a b@c", 8, ch(b' '), "encoded822addr");
    ok("news:*", ("news", None, None, None, None, "*", None, None));
    ok(
        "news:comp.infosystems.www",
        ("news", None, None, None, None, "comp.infosystems.www", None, None),
    );
    ok(
        "news:a1/b;c?d:e&f=g@h.i",
        ("news", None, None, None, None, "a1/b;c?d:e&f=g@h.i", None, None),
    );
    fails("news:", 5, K::MissingPart, "grouppart");
    fails("news:1comp", 5, ch(b'1'), "group");
    fails("news:comp/x", 9, ch(b'/'), "group");
    fails("news:@h", 5, K::MissingPart, "article");
    fails("news:a@b@c", 6, ch(b'@'), "article");
    fails("news:a@1.2", 9, K::TopLabelDigit, "toplabel");
}

#[test]
fn nntp_telnet_wais() {
    ok(
        "nntp://h/comp.x",
        ("nntp", None, None, Some("h"), None, "/comp.x", None, None),
    );
    ok(
        "nntp://h:119/comp.x/12",
        ("nntp", None, None, Some("h"), Some(119), "/comp.x/12", None, None),
    );
    fails("nntp://h", 8, K::MissingPart, "nntpurl");
    fails("nntp://h/", 9, K::MissingPart, "group");
    fails("nntp://h/comp/", 14, K::MissingPart, "digits");
    fails("nntp://h/comp/1a", 15, ch(b'a'), "digits");
    ok(
        "telnet://u:p@h:23",
        ("telnet", Some("u"), Some("p"), Some("h"), Some(23), "", None, None),
    );
    ok("telnet://h/", ("telnet", None, None, Some("h"), None, "/", None, None));
    fails("telnet://h/x", 11, ch(b'x'), "telneturl");
    ok("wais://h/db", ("wais", None, None, Some("h"), None, "/db", None, None));
    ok(
        "wais://h/db?a+b",
        ("wais", None, None, Some("h"), None, "/db", Some("a+b"), None),
    );
    ok(
        "wais://h/db/TEXT/1%3D2",
        ("wais", None, None, Some("h"), None, "/db/TEXT/1%3D2", None, None),
    );
    fails("wais://h", 8, K::MissingPart, "database");
    fails("wais://h?x", 8, K::MissingPart, "database");
    fails("wais://h/db/t", 13, K::MissingPart, "waisdoc");
    fails("wais://h/db/t/p?x", 15, K::UnexpectedSearch, "waisdoc");
    fails("wais://h/db/t/p/q", 15, ch(b'/'), "wpath");
}

#[test]
fn file_and_prospero() {
    ok(
        "file:///etc/motd",
        ("file", None, None, Some(""), None, "/etc/motd", None, None),
    );
    ok(
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        (
            "file",
            None,
            None,
            Some("vms.host.edu"),
            None,
            "/disk$user/my/notes/note12345.txt",
            None,
            None,
        ),
    );
    ok(
        "file://localhost/x",
        ("file", None, None, Some("localhost"), None, "/x", None, None),
    );
    fails("file://h", 8, K::MissingPart, "fileurl");
    fails("file://u@h/", 7, K::UserNotAllowed, "hostport");
    fails("file://h:1/", 8, K::PortNotAllowed, "host");
    fails("file://h/a;b", 10, ch(b';'), "fpath");
    ok(
        "prospero://host.dom//pros/name;OBJECT-VERSION=2;x=",
        (
            "prospero",
            None,
            None,
            Some("host.dom"),
            None,
            "//pros/name;OBJECT-VERSION=2;x=",
            None,
            None,
        ),
    );
    fails("prospero://h", 12, K::MissingPart, "prosperourl");
    fails("prospero://h/a;b", 16, K::MissingPart, "fieldspec");
    fails("prospero://h/a;b=c=d", 18, ch(b'='), "fieldvalue");
}

#[test]
fn other_schemes() {
    ok(
        "magic://a/b/c//d/e/f",
        ("magic", None, None, Some("a"), None, "/b/c//d/e/f", None, None),
    );
    ok(
        "x-y:a/b?c?d#e",
        ("x-y", None, None, None, None, "a/b", Some("c?d"), Some("e")),
    );
    ok(
        "urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3",
        (
            "urn",
            None,
            None,
            None,
            None,
            "/iana/dns/ch/cern/cn/techdoc/94/1642-3",
            None,
            None,
        ),
    );
    ok("foo:", ("foo", None, None, None, None, "", None, None));
    ok(
        "foo://u:p@h:1?q",
        ("foo", Some("u"), Some("p"), Some("h"), Some(1), "", Some("q"), None),
    );
    // `//` promises the common Internet scheme syntax (RFC 1738 §3.1).
    fails("foo://a_b/", 7, ch(b'_'), "toplabel");
    fails("foo:a~b", 5, ch(b'~'), "urlpath");
}

#[test]
fn rfc1630_generic_grammar() {
    let s = Spec::Rfc1630;
    ok_in(
        s,
        "magic://a/b/c//d/e/f",
        ("magic", None, None, Some("a"), None, "/b/c//d/e/f", None, None),
    );
    ok_in(s, "g:a", ("g", None, None, None, None, "a", None, None));
    ok_in(
        s,
        "x:a b+c?d+e#f",
        ("x", None, None, None, None, "a b+c", Some("d+e"), Some("f")),
    );
    ok_in(
        s,
        "ftp://u:p@h:21/a;b",
        ("ftp", Some("u"), Some("p"), Some("h"), Some(21), "/a;b", None, None),
    );
    fails_in(s, "http://h/a=b", 10, ch(b'='), "path");
    fails_in(s, "http://h/a?b/c", 12, ch(b'/'), "search");
    fails_in(s, "http://h/~x", 9, ch(b'~'), "path");
    fails_in(
        s,
        "news:12345667123%asdghfh@info.cern.ch",
        16,
        K::BadEscape { found: *b"as" },
        "escape",
    );
}

#[test]
fn validate_lists_every_violation() {
    let errors = validate("http://us er@my_host:99999/a b?c/d#e#f", Spec::Rfc1738);
    let got: Vec<(usize, &str)> = errors.iter().map(|e| (e.offset, e.rule)).collect();
    assert_eq!(
        got,
        [
            (7, "hostport"),
            (9, "user"),
            (15, "toplabel"),
            (21, "port"),
            (28, "hpath"),
            (32, "search"),
            (36, "fragmentid")
        ]
    );
    for e in &errors {
        assert_eq!(e.spec, Spec::Rfc1738);
    }
}

#[test]
fn messages_are_one_lower_case_line() {
    for input in [
        "http://user@h/",
        "http://h/~",
        "news:%zz",
        "http://h:99999/",
        "ftp://h/a;type=q",
        "",
        "nope",
    ] {
        let msg = UrlRef::parse(input).unwrap_err().to_string();
        assert!(!msg.contains('\n') && !msg.ends_with('.'), "{msg}");
        assert_eq!(
            msg.chars().next(),
            msg.chars().next().map(|c| c.to_ascii_lowercase()),
            "{msg}"
        );
    }
    assert_eq!(
        UrlRef::parse("http://h/~").unwrap_err().to_string(),
        "national character '~' is not allowed here, it must be %-encoded at offset 9 (hpath, RFC 1738)"
    );
}
