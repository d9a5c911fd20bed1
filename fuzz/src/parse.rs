//! Strict and lenient parsing.

use urikit::{validate, ParseError, ParseErrorKind, Repair, Spec, Url, UrlRef};

/// Strict parsing: a URL it accepts checks out and round-trips, and an error
/// is the first of what `validate` reports.
pub fn check_parse(s: &str, spec: Spec) {
    let errors = validate(s, spec);
    match Url::parse_with(s, spec) {
        Ok(url) => {
            url.check_invariants();
            assert_eq!(url.spec(), spec);
            assert!(errors.is_empty(), "{s:?} parses, yet validate reports {errors:?}");
            let r = UrlRef::parse_with(s, spec).unwrap_or_else(|e| panic!("{s:?}: Url parses, UrlRef fails: {e}"));
            assert_ref_agrees(&url, &r);
            assert_eq!(r.to_url(), url, "{s:?}: UrlRef::to_url");
            assert_reassembles(&r);
            // The grammar allows '%' only as the start of an escape.
            if let Err(e) = urikit::pct::decode(s) {
                panic!("{s:?} parses, yet holds a '%' that is not an escape: {e}");
            }
            let again = Url::parse_with(url.as_str(), spec)
                .unwrap_or_else(|e| panic!("{s:?} parses as {:?}, which does not parse again: {e}", url.as_str()));
            assert_eq!(again, url, "{s:?}: the serialization parses to another URL");
        }
        Err(e) => {
            assert!(e.offset <= s.len(), "{s:?}: error offset {} past the end", e.offset);
            assert_eq!(e.spec, spec);
            assert_eq!(errors.first(), Some(&e), "{s:?}: strict error is not validate's first");
            assert_eq!(
                UrlRef::parse_with(s, spec).err(),
                Some(e),
                "{s:?}: UrlRef and Url disagree"
            );
        }
    }
}

/// Every accessor of the owned URL agrees with the borrowed one; only the
/// scheme's case may differ.
pub(crate) fn assert_ref_agrees(url: &Url, r: &UrlRef<'_>) {
    let s = r.as_str();
    let scheme_len = r.scheme().len();
    assert_eq!(url.as_str().len(), s.len(), "{s:?}");
    assert!(
        url.as_str()[..scheme_len].eq_ignore_ascii_case(&s[..scheme_len]),
        "{s:?}"
    );
    assert_eq!(&url.as_str()[scheme_len..], &s[scheme_len..], "{s:?}");
    assert_eq!(url.scheme(), r.scheme().to_ascii_lowercase(), "{s:?}: scheme");
    assert_eq!(url.spec(), r.spec(), "{s:?}: spec");
    assert_eq!(url.has_authority(), r.has_authority(), "{s:?}: has_authority");
    assert_eq!(url.authority(), r.authority(), "{s:?}: authority");
    assert_eq!(url.user(), r.user(), "{s:?}: user");
    assert_eq!(url.password(), r.password(), "{s:?}: password");
    assert_eq!(url.host(), r.host(), "{s:?}: host");
    assert_eq!(url.host_kind(), r.host_kind(), "{s:?}: host_kind");
    assert_eq!(url.port(), r.port(), "{s:?}: port");
    assert_eq!(url.port_or_default(), r.port_or_default(), "{s:?}: port_or_default");
    assert_eq!(url.path(), r.path(), "{s:?}: path");
    assert_eq!(url.query(), r.query(), "{s:?}: query");
    assert_eq!(url.fragment(), r.fragment(), "{s:?}: fragment");
}

/// The components, put back together with their delimiters, are the
/// serialization: no octet is lost or counted twice.
fn assert_reassembles(r: &UrlRef<'_>) {
    let s = r.as_str();
    let mut whole = format!("{}:", r.scheme());
    if let Some(authority) = r.authority() {
        let mut login = String::new();
        if let Some(user) = r.user() {
            login.push_str(user);
            if let Some(password) = r.password() {
                login.push(':');
                login.push_str(password);
            }
            login.push('@');
        }
        login.push_str(r.host().expect("an authority has a host"));
        let port = &authority[login.len().min(authority.len())..];
        assert!(
            authority.starts_with(&login),
            "{s:?}: authority {authority:?} is not {login:?}..."
        );
        match r.port() {
            Some(p) => {
                let digits = port
                    .strip_prefix(':')
                    .unwrap_or_else(|| panic!("{s:?}: port text {port:?}"));
                assert_eq!(
                    digits.parse::<u32>().ok(),
                    Some(u32::from(p)),
                    "{s:?}: port text {port:?}"
                );
            }
            None => assert_eq!(port, "", "{s:?}: authority has text after the host but no port"),
        }
        whole.push_str("//");
        whole.push_str(authority);
    } else {
        assert_eq!(r.port(), None, "{s:?}: a port without an authority");
    }
    whole.push_str(r.path());
    if let Some(query) = r.query() {
        whole.push('?');
        whole.push_str(query);
    }
    if let Some(fragment) = r.fragment() {
        whole.push('#');
        whole.push_str(fragment);
    }
    assert_eq!(whole, s, "components do not reassemble to the URL");
}

/// Lenient parsing: what it makes checks out, parses again leniently with
/// nothing left to repair, and is what strict parsing makes of a valid input.
pub fn check_lenient(s: &str, spec: Spec) {
    let valid = validate(s, spec).is_empty();
    match Url::parse_lenient_with(s, spec) {
        Ok((url, warnings)) => {
            url.check_invariants();
            assert_eq!(url.spec(), spec);
            for w in &warnings {
                assert!(w.offset <= s.len(), "{s:?}: warning {w:?} past the end");
            }
            let out = url.as_str();
            let (again, mut left) = Url::parse_lenient_with(out, spec)
                .unwrap_or_else(|e| panic!("{s:?} repairs to {out:?}, which lenient parsing refuses: {e}"));
            assert_eq!(again, url, "{s:?}: the repaired {out:?} parses to another URL");
            // What is left is exactly what the strict grammar objects to.
            let mut objections = validate(out, spec);
            if let Some(&ParseError {
                offset,
                kind: ParseErrorKind::TooMany { more },
                ..
            }) = objections.last()
            {
                objections.pop();
                let last = left.pop().map(|w| (w.offset, w.repair));
                assert_eq!(
                    last,
                    Some((offset, Repair::TooMany { more })),
                    "{s:?}: repaired to {out:?}"
                );
            }
            let tolerated: Vec<_> = left
                .iter()
                .map(|w| match w.repair {
                    Repair::Tolerated(e) => e,
                    other => panic!("{s:?}: the repaired {out:?} still needs {other:?}"),
                })
                .collect();
            assert_eq!(objections, tolerated, "{s:?}: repaired to {out:?}");
            if valid {
                let strict = Url::parse_with(s, spec).expect("validate found nothing");
                assert_eq!(out, strict.as_str(), "{s:?} is valid, yet lenient parsing changes it");
                assert_eq!(url, strict, "{s:?}: lenient and strict split it differently");
                assert_eq!(warnings, [], "{s:?} is valid, yet lenient parsing warns");
            }
        }
        Err(e) => {
            assert!(e.offset <= s.len(), "{s:?}: error offset {} past the end", e.offset);
            assert!(!valid, "{s:?} is valid, yet lenient parsing refuses it: {e}");
        }
    }
}
