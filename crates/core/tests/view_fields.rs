//! `SchemeView::each_field`: the fields of `fields`, borrowed where they can
//! be; and the view each scheme name selects.

use std::borrow::Cow;

use urikit::scheme::{Field, FieldRef};
use urikit::{Spec, UrlRef};

const URLS: &[&str] = &[
    "http://h",
    "http://h/p?q",
    "HTTP://H:8080/a%20b?x+y",
    "ftp://u:p@h/a/b;type=i",
    "gopher://h/0sel",
    "mailto:a@b",
    "news:comp.x",
    "nntp://h/g/1",
    "telnet://u:p@h:23/",
    "wais://h/db?s",
    "file:///a%20b",
    "file://LocalHost/x",
    "prospero://h/a;x=y",
    "mid:abc",
    "afs://cell/p",
    "urn:x:y",
    "X-My:thing",
    "about:blank",
    "https://h/p?q#f",
];

/// `each_field`'s pairs, owned.
fn each(url: &UrlRef<'_>) -> Vec<(&'static str, Field)> {
    let mut out = Vec::new();
    url.view()
        .unwrap()
        .each_field(|name, value| {
            out.push((name, Field::from(value)));
            Ok::<(), ()>(())
        })
        .unwrap();
    out
}

#[test]
fn each_field_gives_the_fields_in_order() {
    for spec in [Spec::Rfc1738, Spec::Rfc3986] {
        for url in URLS {
            let Ok(url) = UrlRef::parse_with(url, spec) else {
                continue;
            };
            let Ok(view) = url.view() else { continue };
            assert_eq!(each(&url), view.fields(), "{url} {spec:?}");
        }
    }
}

#[test]
fn common_views_borrow_their_texts() {
    for (url, texts) in [
        ("http://h/p?q", vec!["h", "/p", "q", "/p?q"]),
        ("http://h", vec!["h", "/", "/"]),
        ("file:///etc/motd", vec!["", "/etc/motd"]),
        ("https://h/p?q", vec!["https", "h", "/p", "q"]),
    ] {
        let url = UrlRef::parse(url).unwrap();
        let mut seen = Vec::new();
        url.view()
            .unwrap()
            .each_field(|name, value| {
                if let FieldRef::Text(t) = value {
                    assert!(matches!(t, Cow::Borrowed(_)), "{url} {name}: {t:?}");
                    seen.push(t.into_owned());
                }
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!(seen, texts, "{url}");
    }
    // Decoded or lowercased: owned, and right.
    let url = UrlRef::parse("file:///a%20b").unwrap();
    assert_eq!(each(&url)[2], ("path", Field::Text("/a b".into())));
    let url = UrlRef::parse("HTTPS://h/").unwrap();
    assert_eq!(each(&url)[0], ("scheme", Field::Text("https".into())));
}

#[test]
fn each_field_stops_at_the_first_error() {
    let url = UrlRef::parse("http://h/p?q").unwrap();
    let mut calls = 0;
    let r = url.view().unwrap().each_field(|name, _| {
        calls += 1;
        if name == "port" {
            Err(name)
        } else {
            Ok(())
        }
    });
    assert_eq!(r, Err("port"));
    assert_eq!(calls, 2);
}

#[test]
fn scheme_names_select_views_without_regard_to_case() {
    for (url, kind) in [
        ("HTTP://h/", "http"),
        ("Ftp://h/", "ftp"),
        ("rlogin://h", "telnet"),
        ("TN3270://h", "telnet"),
        ("Prospero://h/a", "prospero"),
        ("prosperox://h", "generic"),
        ("prosper://h", "generic"),
        ("CID:a", "message-id"),
        ("x-a:b", "experimental"),
        ("X-a:b", "experimental"),
        ("x-longer-than-eight:b", "experimental"),
        ("xa:b", "generic"),
        ("longer-than-eight:b", "generic"),
        ("urn:a:b", "urn"),
        ("file:///", "file"),
    ] {
        let url = UrlRef::parse(url).unwrap();
        assert_eq!(url.view().unwrap().kind(), kind, "{url}");
    }
}
