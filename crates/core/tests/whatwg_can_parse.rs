//! `whatwg::can_parse` answers what the parser answers: over every
//! conformance, adversarial and benchmark input (each with its base, and
//! each base alone), and over made-up ones.

mod whatwg_inputs;

use proptest::prelude::*;
use urikit::whatwg::can_parse;
use urikit::{Spec, Url};

/// `new URL(input, base)` succeeds.
fn parses(input: &str, base: Option<&str>) -> bool {
    match base {
        Some(base) => Url::parse_lenient_with(base, Spec::Whatwg)
            .is_ok_and(|(base, _)| base.resolve_with(input, Spec::Whatwg).is_ok()),
        None => Url::parse_lenient_with(input, Spec::Whatwg).is_ok(),
    }
}

#[track_caller]
fn agree(input: &str, base: Option<&str>) -> bool {
    let want = parses(input, base);
    assert_eq!(can_parse(input, base), want, "{input:?} against {base:?}");
    want
}

#[test]
fn examples() {
    for (input, base, want) in [
        ("https://example.com/", None, true),
        ("", Some("https://example.com/"), true),
        ("", None, false),
        ("  \t", Some("https://example.com/"), true),
        ("#x", Some("mailto:a@b"), true),
        ("x", Some("mailto:a@b"), false),
        ("//h:99999/", Some("https://example.com/"), false),
        ("\\\\h:1/", Some("https://example.com/"), true),
        ("http:h:1", Some("http://example.com/"), true),
        ("http:\\\\[::1/", Some("http://example.com/"), false),
        ("h\tt\ntp://a\t:8\t0/", None, true),
        ("http://%41.com/", None, true),
        ("http://%ff/", None, false),
        ("http://%zz/", None, false),
        ("http://a.b.0x100000000/", None, false),
        ("http://1.2.3.4.5/", None, false),
        ("http://1.2.3.4.5.a/", None, true),
        ("http://0x.0x.0/", None, true),
        ("http://[1:2:3:4:5:6:7:8]/", None, true),
        ("http://[1:2:3:4:5:6:7:8:9]/", None, false),
        ("http://[::1.2.3.4]/", None, true),
        ("foo://[::1/", None, false),
        ("foo://a b/", None, false),
        ("foo://a%/", None, true),
        ("file://C:/", None, true),
        ("file://a:1/", None, false),
        ("file:x", Some("file:///a"), true),
        ("non-spec:/..//p", None, true),
    ] {
        assert_eq!(agree(input, base), want, "{input:?} against {base:?}");
    }
    // Hosts for UTS #46 (refused without the `idna` feature, as the parser
    // refuses them).
    for input in [
        "http://☕.example/",
        "http://%E2%98%95.example/",
        "http://x%E2%80%8B.example/",
        "http://\u{ad}/",
        "http://xn--/",
        "http://a.XN--pokxncvks/",
    ] {
        agree(input, None);
    }
}

#[test]
fn every_known_input() {
    let cases = whatwg_inputs::all();
    let mut accepted = 0;
    for (input, base) in &cases {
        accepted += usize::from(agree(input, base.as_deref()));
        if let Some(base) = base {
            agree(base, None);
        }
    }
    eprintln!("can_parse agrees on {} inputs ({accepted} accepted)", cases.len());
    assert!(cases.len() > 110_000);
}

fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "http:",
        "HTTPS:",
        "file:",
        "foo:",
        "ws:",
        "/",
        "//",
        "\\",
        "?",
        "#",
        "@",
        ":",
        ".",
        "..",
        "%",
        "%2",
        "%41",
        "%2e",
        "%E2%98%95",
        "%ff",
        "[",
        "]",
        "::",
        "1",
        "0x",
        "255",
        "256",
        "4294967296",
        "a",
        "xn--a",
        "☕",
        "\u{ad}",
        "\t",
        "\n",
        " ",
        "\u{0}",
        "<",
        "^",
        "|",
        "C:",
        "c|",
        "localhost",
        "ß",
        "１",
    ])
}

proptest! {
    #[test]
    fn made_up_inputs(
        pieces in prop::collection::vec(piece(), 0..14),
        base in prop::sample::select(vec![None, Some("http://example.com/a/b"), Some("file:///C:/x"), Some("foo:opaque"), Some("foo://h/p"), Some("x:/")]),
    ) {
        let input = pieces.concat();
        agree(&input, base);
    }
}
