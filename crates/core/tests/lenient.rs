//! Lenient parsing: each repair browsers make, each violation they accept,
//! and what stays fatal.

use urikit::{ParseErrorKind as K, Repair, Spec, Url};

#[track_caller]
fn repairs(input: &str, want: &str, want_warnings: &[(usize, Repair)]) {
    let (url, warnings) = Url::parse_lenient(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    url.check_invariants();
    assert_eq!(url.as_str(), want, "{input}");
    let got: Vec<(usize, Repair)> = warnings.iter().map(|w| (w.offset, w.repair)).collect();
    assert_eq!(got, want_warnings, "{input}");
    // What lenient parsing makes parses again, leniently, with no repairs.
    let (again, warnings) = Url::parse_lenient(url.as_str()).unwrap();
    assert_eq!(again, url);
    assert!(
        warnings.iter().all(|w| matches!(w.repair, Repair::Tolerated(_))),
        "{input}: {warnings:?}"
    );
}

#[track_caller]
fn tolerates(input: &str, kind: K, rule: &str) {
    let (url, warnings) = Url::parse_lenient(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    assert_eq!(url.as_str(), input);
    match warnings.as_slice() {
        [w] => match w.repair {
            Repair::Tolerated(e) => assert_eq!((e.kind, e.rule), (kind, rule), "{input}"),
            other => panic!("{input}: {other:?}"),
        },
        other => panic!("{input}: {other:?}"),
    }
}

#[track_caller]
fn refuses(input: &str, offset: usize, kind: K) {
    let err = Url::parse_lenient(input).expect_err(input);
    assert_eq!((err.offset, err.kind), (offset, kind), "{input}: {err}");
}

#[test]
fn encodes_what_must_be_encoded() {
    repairs(
        "http://h/a b",
        "http://h/a%20b",
        &[(10, Repair::Encoded { byte: b' ' })],
    );
    repairs("http://h/~u", "http://h/%7Eu", &[(9, Repair::Encoded { byte: b'~' })]);
    repairs(
        "http://h/\u{e9}",
        "http://h/%C3%A9",
        &[
            (9, Repair::Encoded { byte: 0xC3 }),
            (10, Repair::Encoded { byte: 0xA9 }),
        ],
    );
    repairs(
        "http://h/100%",
        "http://h/100%25",
        &[(12, Repair::Encoded { byte: b'%' })],
    );
    repairs("http://h/%zz", "http://h/%25zz", &[(9, Repair::Encoded { byte: b'%' })]);
    repairs(
        "http://h/#a#b",
        "http://h/#a%23b",
        &[(11, Repair::Encoded { byte: b'#' })],
    );
    repairs(
        "mailto:<a@b>",
        "mailto:%3Ca@b%3E",
        &[
            (7, Repair::Encoded { byte: b'<' }),
            (11, Repair::Encoded { byte: b'>' }),
        ],
    );
    repairs(
        "gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher",
        "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
        &[
            (44, Repair::Encoded { byte: b' ' }),
            (50, Repair::Encoded { byte: b' ' }),
            (63, Repair::Encoded { byte: b' ' }),
        ],
    );
}

#[test]
fn whitespace_backslashes_and_slashes() {
    repairs("  http://h/  ", "http://h/", &[(0, Repair::Trimmed)]);
    repairs("http://h/\t", "http://h/", &[(9, Repair::Trimmed)]);
    repairs("http://h/a\n  -b", "http://h/a-b", &[(10, Repair::RemovedWhitespace)]);
    repairs("http://h/a-\r\nb", "http://h/a-b", &[(11, Repair::RemovedWhitespace)]);
    repairs("http://h/a \n b", "http://h/ab", &[(10, Repair::RemovedWhitespace)]);
    repairs(
        "http://h/a\tb c",
        "http://h/ab%20c",
        &[(10, Repair::RemovedWhitespace), (12, Repair::Encoded { byte: b' ' })],
    );
    repairs(
        "http:\\\\h\\a",
        "http://h/a",
        &[(5, Repair::Backslash), (6, Repair::Backslash), (8, Repair::Backslash)],
    );
    repairs("http://h?q", "http://h/?q", &[(8, Repair::AddedSlash)]);
    repairs("http:h/", "http://h/", &[(5, Repair::AddedSlash)]);
    repairs("ftp:/h/", "ftp://h/", &[(4, Repair::AddedSlash)]);
    repairs("file:/etc", "file:///etc", &[(5, Repair::AddedSlash)]);
    repairs("file://h", "file://h/", &[(8, Repair::AddedSlash)]);
    repairs("http://h:/", "http://h/", &[(8, Repair::DroppedEmptyPort)]);
    repairs("URL:http://h/", "http://h/", &[]);
}

#[test]
fn accepts_what_browsers_accept() {
    tolerates("http://user:pw@h/", K::UserNotAllowed, "hostport");
    tolerates("http://my_host/", K::InvalidChar { byte: b'_' }, "toplabel");
    tolerates("http://h.com./", K::EmptyLabel, "toplabel");
    tolerates("http://h/a?b/c", K::InvalidChar { byte: b'/' }, "search");
    tolerates("ftp://h/a;type=L8", K::InvalidFtpType, "ftptype");
    tolerates("ftp://h/a;b", K::InvalidChar { byte: b';' }, "fsegment");
    tolerates("telnet://h/x", K::InvalidChar { byte: b'x' }, "telneturl");
}

#[test]
fn refuses_what_no_repair_fixes() {
    refuses("", 0, K::Empty);
    refuses("   ", 3, K::Empty);
    refuses("no scheme", 2, K::MissingScheme);
    refuses("http://h:99999/", 9, K::PortOutOfRange);
    refuses("http://1.2.3.999/", 13, K::HostNumberOutOfRange);
    refuses("http:///", 7, K::EmptyHost);
    refuses("http://a b/", 8, K::InvalidChar { byte: b' ' });
    refuses("news:", 5, K::MissingPart);
    refuses("file://h:1/", 8, K::PortNotAllowed);
}

#[test]
fn rfc1630_lenient_keeps_its_own_grammar() {
    let (url, warnings) = Url::parse_lenient_with("x:a=b", Spec::Rfc1630).unwrap();
    assert_eq!(url.as_str(), "x:a=b");
    assert_eq!(warnings.len(), 1);
}

#[test]
fn warnings_and_errors_are_capped() {
    use urikit::{validate, ParseErrorKind, MAX_REPORTED};
    let input = format!("http://h/{}", " ".repeat(MAX_REPORTED + 500));
    // The trailing spaces are trimmed; put something after them.
    let input = format!("{input}x");
    let (url, warnings) = Url::parse_lenient(&input).unwrap();
    assert_eq!(url.as_str().len(), "http://h/x".len() + 3 * (MAX_REPORTED + 500));
    assert_eq!(warnings.len(), MAX_REPORTED + 1);
    assert_eq!(warnings[MAX_REPORTED].repair, Repair::TooMany { more: 500 });
    assert_eq!(warnings[MAX_REPORTED].offset, 9 + MAX_REPORTED);
    let errors = validate(&input, Spec::Rfc1738);
    assert_eq!(errors.len(), MAX_REPORTED + 1);
    assert_eq!(errors[MAX_REPORTED].kind, ParseErrorKind::TooMany { more: 500 });
    assert_eq!(errors[MAX_REPORTED].offset, 9 + MAX_REPORTED);
}

/// An error after a repair names the octet of the input, not the escape
/// the repair made of it.
#[test]
fn errors_name_the_octet_found() {
    let err = Url::parse_lenient("http://[::1]/").unwrap_err();
    assert_eq!((err.offset, err.kind), (7, K::InvalidChar { byte: b'[' }));
    assert!(err.to_string().contains(" '[' "), "{err}");
    let err = Url::parse_lenient("http://a^b/").unwrap_err();
    assert_eq!((err.offset, err.kind), (8, K::InvalidChar { byte: b'^' }));
    // A '%' written in the input is named as '%'.
    let err = Url::parse_lenient("http://a%41/").unwrap_err();
    assert_eq!((err.offset, err.kind), (8, K::InvalidChar { byte: b'%' }));
}
