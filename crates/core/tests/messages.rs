//! Error messages speak the vocabulary of the spec in force, never suggest a
//! fix that cannot work, and name what was expected; and the later spec that
//! accepts an input is found for a hint.

use urikit::{later_spec_accepting, later_spec_accepting_after, Spec, Url, UrlRef};

#[track_caller]
fn message(input: &str, spec: Spec) -> String {
    Url::parse_with(input, spec).expect_err(input).to_string()
}

#[test]
fn rfc3986_has_no_national_or_unsafe_characters() {
    let m = message("http://a/{x", Spec::Rfc3986);
    assert_eq!(
        m,
        "character '{' is not allowed here, it must be %-encoded at offset 9 (path-abempty, RFC 3986)"
    );
    let m = message("http://a/{x", Spec::Rfc1738);
    assert!(m.starts_with("national character '{' "), "{m}");
    for input in ["http://a/^", "http://a/\"", "http://a/<", "http://a/x y"] {
        let m = message(input, Spec::Rfc3986);
        assert!(!m.contains("national") && !m.contains("unsafe"), "{m}");
    }
}

#[test]
fn no_impossible_fix_is_suggested() {
    for spec in Spec::ALL {
        // A scheme holds no escapes.
        let m = message("\"x:y", spec);
        assert!(!m.contains("%-encoded"), "{m}");
        // (The URL Standard reads it as a path with no scheme.)
        if spec != Spec::Whatwg {
            assert!(m.contains("expected a letter"), "{m}");
        }
        // (The RFC 1630 draft's `ialpha` scheme may hold a space.)
        if spec != Spec::Rfc1630 {
            let m = message("x y:z", spec);
            assert!(!m.contains("%-encoded"), "{m}");
        }
    }
    // Nor does a port (an RFC 1808 net_loc is any text).
    for spec in [Spec::Rfc1738, Spec::Rfc1630, Spec::Rfc3986] {
        let m = message("http://h:8x/", spec);
        assert!(!m.contains("%-encoded") && m.contains("expected a digit"), "{m}");
    }
    // RFC 1738 host names hold no escapes; an RFC 3986 reg-name may.
    let m = message("http://a^b/", Spec::Rfc1738);
    assert!(!m.contains("%-encoded"), "{m}");
    let m = message("http://a^b/", Spec::Rfc3986);
    assert!(m.contains("%-encoded"), "{m}");
    // In a path, encoding is the fix.
    assert!(message("http://a/^", Spec::Rfc1738).contains("it must be %-encoded"));
}

#[test]
fn missing_parts_are_named() {
    for (input, want) in [
        (
            "file://node.gypi",
            "expected '/' after the host at offset 16 (fileurl, RFC 1738)",
        ),
        (
            "mailto:",
            "expected a mail address after 'mailto:' at offset 7 (encoded822addr, RFC 1738)",
        ),
        (
            "news:",
            "expected a newsgroup name, a message-id or '*' after 'news:' at offset 5 (grouppart, RFC 1738)",
        ),
        (
            "nntp://h",
            "expected '/' and a newsgroup name after the host at offset 8 (nntpurl, RFC 1738)",
        ),
        (
            "nntp://h/g/",
            "expected an article number after '/' at offset 11 (digits, RFC 1738)",
        ),
        (
            "prospero://h",
            "expected '/' and a path after the host at offset 12 (prosperourl, RFC 1738)",
        ),
        (
            "wais://h",
            "expected '/' and a database name after the host at offset 8 (database, RFC 1738)",
        ),
        (
            "ftp://h/a;type=",
            "expected a type code after ';type=' at offset 15 (ftptype, RFC 1738)",
        ),
    ] {
        assert_eq!(message(input, Spec::Rfc1738), want, "{input}");
    }
    for spec in Spec::ALL {
        assert!(
            !message("file://node.gypi", Spec::Rfc1738).contains("a required part is missing"),
            "{spec}"
        );
    }
}

#[test]
fn the_later_spec_that_accepts_an_input() {
    assert_eq!(later_spec_accepting("http://a/~x", Spec::Rfc1738), Some(Spec::Rfc3986));
    assert_eq!(later_spec_accepting("http://a/~x", Spec::Rfc1808), Some(Spec::Rfc3986));
    // Accepted already, or by nothing later.
    assert_eq!(later_spec_accepting("http://a/b", Spec::Rfc1738), None);
    assert_eq!(later_spec_accepting("http://a/b c", Spec::Rfc1738), None);
    assert_eq!(later_spec_accepting("http://a/~x", Spec::Rfc3986), None);
    // The newest spec that accepts it: RFC 1808 and RFC 3986 both take a
    // user in an http URL; only RFC 1808's net_loc takes a port of letters.
    assert_eq!(later_spec_accepting("http://u@h/", Spec::Rfc1738), Some(Spec::Rfc3986));
    assert_eq!(
        later_spec_accepting("http://h:abc/", Spec::Rfc1738),
        Some(Spec::Rfc1808)
    );
    // The RFC 1630 draft came before RFC 1738.
    assert_eq!(later_spec_accepting("http://u@h/", Spec::Rfc1630), None);
}

#[test]
fn the_later_spec_after_a_known_error_is_the_same() {
    let inputs = [
        "http://a/~x",
        "http://a/b c",
        "http://u@h/",
        "http://h:abc/",
        "http://h:99999/",
        "ftp://h/a;type=q",
        "mailto:",
        "x:\u{7f}",
        "http://[::1]/",
        "file://h",
        "",
    ];
    let mut hinted = 0;
    for spec in [Spec::Rfc1630, Spec::Rfc1738, Spec::Rfc1808, Spec::Rfc3986] {
        for input in inputs {
            let Err(e) = UrlRef::parse_with(input, spec) else {
                continue;
            };
            let later = later_spec_accepting_after(input, &e);
            assert_eq!(later, later_spec_accepting(input, spec), "{input:?} {spec}");
            hinted += usize::from(later.is_some());
        }
    }
    // Some of them have a hint, so the comparison compares something.
    assert!(hinted >= 4, "{hinted}");
}
