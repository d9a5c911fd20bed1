//! `urikit::template`: every field, modifier and escape, the errors with
//! their offsets, and the options, as tables.

use urikit::public_suffix::SuffixList;
use urikit::template::{host_as, HostForm, Options, RenderErrorKind, Template, TemplateErrorKind};
use urikit::{Spec, Url};

fn url(s: &str, spec: Spec) -> Url {
    let url = match spec {
        Spec::Whatwg => Url::parse_lenient_with(s, spec).map(|(u, _)| u),
        _ => Url::parse_with(s, spec),
    }
    .unwrap_or_else(|e| panic!("{s}: {e}"));
    url.check_invariants();
    url
}

/// `template` over `input` (by `spec`) gives `want`.
#[track_caller]
fn ok(template: &str, input: &str, spec: Spec, want: &str) {
    let t = Template::parse(template).unwrap_or_else(|e| panic!("{template}: {e}"));
    let got = t.render(&url(input, spec).as_url_ref());
    assert_eq!(got.as_deref(), Ok(want), "{template} of {input} by {spec:?}");
}

/// `template` over `input` is refused by the field at `offset`, named
/// `field`, for `kind`.
#[track_caller]
fn refused(template: &str, input: &str, spec: Spec, offset: usize, field: &str, kind: RenderErrorKind) {
    let t = Template::parse(template).unwrap();
    let e = t.render(&url(input, spec).as_url_ref()).unwrap_err();
    assert_eq!(
        (e.offset, e.field.as_str(), &e.kind),
        (offset, field, &kind),
        "{template} of {input}"
    );
}

/// `template` is refused at `offset` for `kind`.
#[track_caller]
fn bad(template: &str, offset: usize, kind: TemplateErrorKind) {
    let e = Template::parse(template).unwrap_err();
    assert_eq!((e.offset, &e.kind), (offset, &kind), "{template}");
}

fn missing(what: &str) -> RenderErrorKind {
    RenderErrorKind::Missing { what: what.into() }
}

#[test]
fn components_decoded_and_as_written() {
    use Spec::*;
    let u = "HTTP://us%65r:p%40ss@Example.COM:8080/a/b%20c?q=x+y%26&r#fr%61g";
    ok(
        "{url}",
        u,
        Rfc3986,
        "http://us%65r:p%40ss@Example.COM:8080/a/b%20c?q=x+y%26&r#fr%61g",
    );
    ok("{scheme}", u, Rfc3986, "http");
    ok("{user}|{:user}", u, Rfc3986, "user|us%65r");
    ok("{password}|{:password}", u, Rfc3986, "p@ss|p%40ss");
    ok("{host}|{:host}", u, Rfc3986, "Example.COM|Example.COM");
    ok("{port}", u, Rfc3986, "8080");
    ok("{path}|{:path}", u, Rfc3986, "/a/b c|/a/b%20c");
    // The query by the form rules: '+' is a space.
    ok("{query}|{:query}", u, Rfc3986, "q=x y&&r|q=x+y%26&r");
    ok("{fragment}|{:fragment}", u, Rfc3986, "frag|fr%61g");
    // By whatwg, the components of the href.
    ok("{url}", "HTTP://EXAMPLE.com:80/a/../b", Whatwg, "http://example.com/b");
    ok("{host}{port}", "http://0x7f.1/", Whatwg, "127.0.0.1");
}

#[test]
fn missing_and_empty_parts() {
    use Spec::Rfc3986;
    ok(
        "<{user}><{port}><{query}><{fragment}>",
        "http://h/",
        Rfc3986,
        "<><><><>",
    );
    ok("<{query}>", "http://h/?", Rfc3986, "<>");
    ok("{must:query}", "http://h/?", Rfc3986, "");
    ok("{must:fragment}", "http://h/#", Rfc3986, "");
    refused("x{must:query}", "http://h/", Rfc3986, 1, "must:query", missing("query"));
    refused(
        "{must:fragment}",
        "http://h/",
        Rfc3986,
        0,
        "must:fragment",
        missing("fragment"),
    );
    refused("{must:port}", "http://h/", Rfc3986, 0, "must:port", missing("port"));
    refused("{must:user}", "http://h/", Rfc3986, 0, "must:user", missing("user"));
    refused(
        "{must:zoneid}",
        "http://[::1]/",
        Rfc3986,
        0,
        "must:zoneid",
        missing("IPv6 zone id"),
    );
    ok("<{zoneid}>", "http://[::1]/", Rfc3986, "<>");
}

#[test]
fn default_ports() {
    ok("{default:port}", "http://h/", Spec::Rfc1738, "80");
    ok("{default:port}", "http://h:81/", Spec::Rfc1738, "81");
    ok("{default:port}", "gopher://h/", Spec::Rfc1738, "70");
    ok("{default:port}", "https://h/", Spec::Rfc3986, "443");
    ok("{default:port}", "imap://h/", Spec::Rfc3986, "143");
    // Past 65535: the digits as written, never the default.
    ok("{default:port}", "http://h:99999/", Spec::Rfc3986, "99999");
    ok("<{default:port}>", "foo://h/", Spec::Rfc3986, "<>");
    refused(
        "{must:default:port}",
        "foo://h/",
        Spec::Rfc3986,
        0,
        "must:default:port",
        missing("port, explicit or default"),
    );
}

#[test]
fn query_values_by_name() {
    use Spec::Rfc3986;
    let u = "http://h/?a=1&b=x+y&a=%32&c&=e&a%20b=z&d=";
    ok("{query:a}", u, Rfc3986, "1");
    ok("{query-all:a}", u, Rfc3986, "1 2");
    ok("{:query-all:a}", u, Rfc3986, "1 %32");
    ok("{query:b}", u, Rfc3986, "x y");
    ok("<{query:c}><{query:d}>", u, Rfc3986, "<><>");
    // An empty name is a name, and names are compared decoded.
    ok("{query:}", u, Rfc3986, "e");
    ok("{query:a b}", u, Rfc3986, "z");
    ok("<{query:x}>", u, Rfc3986, "<>");
    ok("{must:query:c}", u, Rfc3986, "");
    refused(
        "{must:query:x}",
        u,
        Rfc3986,
        0,
        "must:query:x",
        missing("query pair named \"x\""),
    );
    refused(
        "{must:query-all:x}",
        u,
        Rfc3986,
        0,
        "must:query-all:x",
        missing("query pair named \"x\""),
    );
    // Another separator.
    let semi = Options::new().query_separator(b';');
    let t = Template::parse("{query-all:a}|{query:b}").unwrap();
    let u = url("http://h/?a=1;b=2;a=3&b=4", Rfc3986);
    assert_eq!(t.render_with(&u.as_url_ref(), &semi).unwrap(), "1 3&b=4|2");
    assert_eq!(t.render(&u.as_url_ref()).unwrap(), "1;b=2;a=3|4");
}

#[test]
fn path_segments() {
    use Spec::Rfc3986;
    let u = "http://h/a/b%20c/";
    ok("{path:0}|{path:1}|{path:2}", u, Rfc3986, "a|b c|");
    ok("{path:-1}|{path:-2}|{:path:-2}", u, Rfc3986, "|b c|b%20c");
    ok("<{path:3}><{path:-4}>", u, Rfc3986, "<><>");
    ok("{path:0}", "mailto:a@b", Rfc3986, "a@b");
    refused("{must:path:3}", u, Rfc3986, 0, "must:path:3", missing("path segment 3"));
    refused(
        "{must:path:0}",
        "foo:",
        Rfc3986,
        0,
        "must:path:0",
        missing("path segment 0"),
    );
}

#[test]
fn hosts_in_punycode_and_unicode() {
    ok(
        "{puny:host}|{idn:host}",
        "http://☕.example/",
        Spec::Whatwg,
        "xn--53h.example|☕.example",
    );
    ok(
        "{puny:host}|{idn:host}",
        "http://B%C3%BCcher.example/",
        Spec::Rfc3986,
        "xn--bcher-kva.example|bücher.example",
    );
    ok(
        "{puny:host}|{idn:host}",
        "http://[::1]:8/",
        Spec::Rfc3986,
        "[::1]|[::1]",
    );
    ok("<{puny:host}>", "mailto:a@b", Spec::Rfc3986, "<>");
    refused(
        "{must:idn:host}",
        "mailto:a@b",
        Spec::Rfc3986,
        0,
        "must:idn:host",
        missing("host"),
    );
    // A lenient WHATWG URL's opaque host may hold a '%' without two hex
    // digits, which the host parser cannot decode.
    refused(
        "{idn:host}",
        "sc://a%zz/",
        Spec::Whatwg,
        0,
        "idn:host",
        RenderErrorKind::HostBadPercent,
    );
    let t = Template::parse("{puny:host}").unwrap();
    let e = t.render(&url("sc://a%zz/", Spec::Whatwg).as_url_ref()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "{puny:host}: the host holds a '%' not followed by two hex digits, which the host parser cannot decode"
    );
    let t = Template::parse("{host} {idn:host}").unwrap();
    let e = t.render(&url("http://a%25b/", Spec::Rfc3986).as_url_ref()).unwrap_err();
    assert_eq!((e.offset, e.field.as_str()), (7, "idn:host"));
    let RenderErrorKind::Idna { error } = e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(error.rule, "domain-to-ASCII");
    assert!(
        e.to_string().starts_with("{idn:host}: UTS #46 refuses the host: "),
        "{e}"
    );
    // The function of the two fields.
    let u = url("http://xn--rksmrgs-5wao1o.se/", Spec::Rfc3986);
    assert_eq!(
        host_as(&u.as_url_ref(), HostForm::Unicode).unwrap().as_deref(),
        Some("räksmörgås.se")
    );
    assert!(matches!(
        host_as(&u.as_url_ref(), HostForm::Punycode).unwrap(),
        Some(std::borrow::Cow::Borrowed("xn--rksmrgs-5wao1o.se"))
    ));
    let u = url("http://h/", Spec::Rfc1738);
    assert_eq!(
        host_as(&u.as_url_ref(), HostForm::Unicode).unwrap().as_deref(),
        Some("h")
    );
}

#[test]
fn public_suffixes() {
    let t = Template::parse("{subdomain}|{domain}|{suffix}|{:domain}").unwrap();
    assert!(t.uses_suffix_list());
    for (input, spec, want) in [
        (
            "https://www.shop.example.co.uk/",
            Spec::Whatwg,
            "www.shop|example.co.uk|co.uk|example.co.uk",
        ),
        (
            "http://me.github.io/",
            Spec::Rfc3986,
            "|me.github.io|github.io|me.github.io",
        ),
        ("http://github.io/", Spec::Rfc3986, "||github.io|"),
        ("http://127.0.0.1/", Spec::Rfc3986, "|||"),
        ("mailto:a@b.com", Spec::Rfc3986, "|||"),
        (
            "http://WWW.Example.COM/",
            Spec::Rfc3986,
            "WWW|Example.COM|COM|Example.COM",
        ),
    ] {
        assert_eq!(t.render(&url(input, spec).as_url_ref()).unwrap(), want, "{input}");
    }
    let icann = Options::new().suffix_list(SuffixList::builtin_icann());
    let u = url("http://me.github.io/", Spec::Rfc3986);
    assert_eq!(
        t.render_with(&u.as_url_ref(), &icann).unwrap(),
        "me|github.io|io|github.io"
    );
    let mine: SuffixList = "// ===BEGIN ICANN DOMAINS===\nuk\n".parse().unwrap();
    let u = url("http://a.b.co.uk/", Spec::Rfc3986);
    let with_mine = Options::new().suffix_list(&mine);
    assert_eq!(
        t.render_with(&u.as_url_ref(), &with_mine).unwrap(),
        "a.b|co.uk|uk|co.uk"
    );
    refused(
        "{must:domain}",
        "http://github.io/",
        Spec::Rfc3986,
        0,
        "must:domain",
        missing("registrable domain"),
    );
    refused(
        "{must:suffix}",
        "http://[::1]/",
        Spec::Rfc3986,
        0,
        "must:suffix",
        missing("public suffix"),
    );
    refused(
        "{must:subdomain}",
        "http://io/",
        Spec::Rfc3986,
        0,
        "must:subdomain",
        missing("subdomain"),
    );
    assert!(!Template::parse("{host}").unwrap().uses_suffix_list());
}

#[test]
fn strict_values() {
    use Spec::*;
    // A lenient WHATWG URL keeps a '%' without two hex digits.
    refused(
        "{strict:path}",
        "http://h/a%zz",
        Whatwg,
        0,
        "strict:path",
        RenderErrorKind::BadPercent,
    );
    ok("{path}", "http://h/a%zz", Whatwg, "/a%zz");
    refused(
        "{strict:query}",
        "http://h/?a%00",
        Rfc3986,
        0,
        "strict:query",
        RenderErrorKind::Control { c: '\0' },
    );
    ok("{query}", "http://h/?a%00%0A", Rfc3986, "a%00%0A");
    refused(
        "{strict:path}",
        "http://h/%FF",
        Rfc3986,
        0,
        "strict:path",
        RenderErrorKind::NotUtf8,
    );
    ok("{path}|{query:a}", "http://h/%FF?a=%FF", Rfc3986, "/\u{FFFD}|\u{FFFD}");
    ok("{strict:path}", "http://h/%C3%A9", Rfc3986, "/é");
    // A query's octets too, though the form decoder reads them as U+FFFD.
    let not_utf8 = RenderErrorKind::NotUtf8;
    refused(
        "{strict:query}",
        "http://h/?a=%FF",
        Rfc3986,
        0,
        "strict:query",
        not_utf8.clone(),
    );
    refused(
        "{strict:query:a}",
        "http://h/?a=%C3",
        Rfc3986,
        0,
        "strict:query:a",
        not_utf8.clone(),
    );
    refused(
        "{strict:query-all:a}",
        "http://h/?a=1&a=%FF",
        Rfc3986,
        0,
        "strict:query-all:a",
        not_utf8,
    );
    ok("{strict:query:a}", "http://h/?a=%C3%A9+x", Rfc3986, "é x");
    // Encoded values are as written, which strict: never refuses.
    ok("{strict::query}", "http://h/?a%00", Rfc3986, "a%00");
    let e = Template::parse("{strict:query}")
        .unwrap()
        .render(&url("http://h/?%01", Rfc3986).as_url_ref())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "{strict:query}: the value decodes to the control character U+0001"
    );
}

#[test]
fn text_and_escapes() {
    ok(
        r"\{host} \\{host} a\b \{",
        "http://h/",
        Spec::Rfc1738,
        r"{host} \h a\b {",
    );
    ok("", "http://h/", Spec::Rfc1738, "");
    ok("é{host}ü", "http://h/", Spec::Rfc1738, "éhü");
    // A `}` outside a field is text.
    ok("}{host}}", "http://h/", Spec::Rfc1738, "}h}");
}

#[test]
fn template_errors_and_their_offsets() {
    let unknown = |f: &str| TemplateErrorKind::UnknownField { field: f.into() };
    bad("{hostname}", 0, unknown("hostname"));
    bad("ab{host}{nope}", 8, unknown("nope"));
    bad("{}", 0, unknown(""));
    bad("{must:}", 0, unknown("must:"));
    bad("{default:host}", 0, unknown("default:host"));
    bad("é{puny:path}", 2, unknown("puny:path"));
    let index = |f: &str| TemplateErrorKind::NotASegmentIndex { field: f.into() };
    bad("{path:x}", 6, index("path:x"));
    bad("x{must::path:}", 13, index("must::path:"));
    bad("{path:99999999999999999999}", 6, index("path:99999999999999999999"));
    // A field left open, wherever it is; the first '{' that no '}' closes.
    bad("{host", 0, TemplateErrorKind::Unclosed);
    bad("{scheme}://{host", 11, TemplateErrorKind::Unclosed);
    bad("a {", 2, TemplateErrorKind::Unclosed);
    bad(r"\{{", 2, TemplateErrorKind::Unclosed);
    bad(r"\\{host", 2, TemplateErrorKind::Unclosed);
    assert_eq!(
        Template::parse("é{host").unwrap_err().to_string(),
        r"'{' opens a field that no '}' closes (\{ is a literal '{') at offset 2"
    );
    let e = Template::parse("{hostname}").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("unknown template field {hostname} at offset 0, expected one of: url, scheme,"),
        "{e}"
    );
    assert!(e
        .kind
        .to_string()
        .starts_with("unknown template field {hostname}, expected one of:"));
    let e = Template::parse("{path:x}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "template field {path:x}: expected a whole number after path: (-1 is the last segment) at offset 6"
    );
}

#[test]
fn modifiers_in_any_order_name_the_field_in_one() {
    let t = Template::parse("{strict:must::path:-2}").unwrap();
    assert_eq!(t, Template::parse("{must:strict::path:-2}").unwrap());
    assert_eq!(t.to_string(), "{must:strict::path:-2}");
    let e = t.render(&url("foo:", Spec::Rfc3986).as_url_ref()).unwrap_err();
    assert_eq!(e.to_string(), "{must:strict::path:-2}: the URL has no path segment -2");
    assert_eq!(r"\{{host}\\".parse::<Template>().unwrap().to_string(), r"\{{host}\\");
}

#[test]
fn render_into_appends_or_leaves_the_buffer() {
    let t = Template::parse("{host}/{must:query}").unwrap();
    let mut out = b"before ".to_vec();
    t.render_into(
        &url("http://a/?q", Spec::Rfc3986).as_url_ref(),
        &Options::new(),
        &mut out,
    )
    .unwrap();
    assert_eq!(out, b"before a/q");
    let e = t
        .render_into(&url("http://b/", Spec::Rfc3986).as_url_ref(), &Options::new(), &mut out)
        .unwrap_err();
    assert_eq!(e.offset, 7);
    assert_eq!(out, b"before a/q");
}

/// Every value is one line: decoded line breaks and other controls are
/// written `%XX`, whatever the input.
#[test]
fn a_rendering_holds_no_control_character() {
    let t = Template::parse(
        "{url}{user}{password}{host}{port}{path}{query}{fragment}{query:a}{query-all:a}{path:0}{puny:host}{idn:host}",
    )
    .unwrap();
    for input in [
        "http://%0A:%0D@h/%0A%09?a=%0A%1B%5B2J&a=%C2%85#%7F",
        "http://h/?a=%E2%80%A8",
    ] {
        let got = t.render(&url(input, Spec::Rfc3986).as_url_ref()).unwrap();
        assert!(!got.chars().any(char::is_control), "{input}: {got:?}");
    }
}
