//! The WHATWG URL Standard's entry points (`Spec::Whatwg`), against one
//! another and against themselves.

use urikit::whatwg::validation::{failure, Failure};
use urikit::{validate, ParseError, Repair, Spec, Url, UrlRef};

/// Whether the error `e` may end a WHATWG parse: its validation error is a
/// failure always or in some cases (the "Failure" column), or it is the
/// input-length limit, which is urikit's own.
fn may_fail(e: &ParseError) -> bool {
    e.rule == "url" || matches!(failure(e.rule), Some(Failure::Yes | Failure::Sometimes))
}

/// The errors a lenient parse's warnings carry, in order (the `TooMany`
/// count left out).
fn tolerated(s: &str, warnings: &[urikit::Warning]) -> Vec<ParseError> {
    warnings
        .iter()
        .filter_map(|w| match w.repair {
            Repair::Tolerated(e) => Some(e),
            Repair::TooMany { .. } => None,
            other => panic!("{s:?}: a WHATWG warning is a tolerated validation error, not {other:?}"),
        })
        .collect()
}

/// `parse_whatwg`: the basic URL parser's entry points agree.
///
/// * Lenient ([`Url::parse_lenient_with`]) succeeds exactly when none of
///   the errors [`validate`] lists is the failure that ended the parse: on
///   success its warnings are `validate`'s list, none of them a failure
///   always (the "Failure" column's "Yes"); on failure, the error is in
///   `validate`'s list and is a failure always or in some cases.
/// * Strict ([`Url::parse_with`]) succeeds exactly when `validate` lists
///   nothing, and then gives the lenient URL; its error is one of the list.
/// * Every error offset lies in the input; the URL's offsets check out.
/// * The href parses (leniently) to the same URL; [`UrlRef::parse_with`]
///   borrows the href exactly when strict parsing accepts it, and then
///   splits it as the owned URL does; an input that is valid and its own
///   href is borrowed as it stands.
/// * [`urikit::whatwg::can_parse`] answers as lenient parsing does, and the
///   fast path gives what the state machine gives ([`check_fast_path`]).
pub fn check_whatwg(s: &str) {
    let spec = Spec::Whatwg;
    let errors = validate(s, spec);
    for e in &errors {
        assert!(e.offset <= s.len(), "{s:?}: error {e:?} past the end");
        assert_eq!(e.spec, spec, "{s:?}: {e:?}");
        assert!(
            e.rule == "url" || failure(e.rule).is_some(),
            "{s:?}: unknown rule in {e:?}"
        );
    }
    let strict = Url::parse_with(s, spec);
    let lenient = Url::parse_lenient_with(s, spec);
    assert_eq!(
        urikit::whatwg::can_parse(s, None),
        lenient.is_ok(),
        "{s:?}: can_parse and the parser disagree"
    );
    if let Ok((url, _)) = &lenient {
        check_fast_path(s, url);
    }
    match lenient {
        Ok((url, warnings)) => {
            url.check_invariants();
            assert_eq!(url.spec(), spec);
            let tolerated = tolerated(s, &warnings);
            let listed: Vec<ParseError> = errors
                .iter()
                .copied()
                .filter(|e| !matches!(e.kind, urikit::ParseErrorKind::TooMany { .. }))
                .collect();
            assert_eq!(tolerated, listed, "{s:?}: warnings are not validate's list");
            for e in &tolerated {
                assert_ne!(
                    failure(e.rule),
                    Some(Failure::Yes),
                    "{s:?}: a failure as a warning: {e:?}"
                );
            }
            match &strict {
                Ok(strict) => {
                    assert!(errors.is_empty(), "{s:?}: strict accepts, validate lists {errors:?}");
                    assert_eq!(strict, &url, "{s:?}: strict and lenient differ");
                }
                Err(e) => assert!(errors.contains(e), "{s:?}: strict error {e:?} not in {errors:?}"),
            }
            check_href(s, &url);
        }
        Err(e) => {
            assert!(e.offset <= s.len(), "{s:?}: error {e:?} past the end");
            assert!(
                may_fail(&e),
                "{s:?}: failed with {e:?}, which the standard never fails on"
            );
            // `validate` keeps the first errors only (then a `TooMany`
            // count): a failure after them is not in its list.
            let capped = errors
                .last()
                .is_some_and(|e| matches!(e.kind, urikit::ParseErrorKind::TooMany { .. }));
            assert!(capped || errors.contains(&e), "{s:?}: failure {e:?} not in {errors:?}");
            let e2 = strict.expect_err("lenient fails, strict accepts");
            assert!(errors.contains(&e2), "{s:?}: strict error {e2:?} not in {errors:?}");
        }
    }
}

/// The fast path (an input already in its serialized form, copied once)
/// gives what the state machine gives. The parser with a base always runs
/// its states, and an input whose scheme is not the base's parses against
/// an opaque base as it parses alone (the scheme state looks at the base
/// only for a special scheme equal to the base's): `url`, parsed alone from
/// `s` (by the fast path when it takes `s`), must be that URL, offsets and
/// host kind included. (In builds with debug assertions, as fuzz builds
/// are, the parser also checks each fast answer against its states.)
fn check_fast_path(s: &str, url: &Url) {
    let spec = Spec::Whatwg;
    let (base, _) = Url::parse_lenient_with("urikit-fuzz-base:opaque", spec).expect("the base parses");
    if url.scheme() == base.scheme() {
        return;
    }
    let slow = base
        .resolve_with(s, spec)
        .unwrap_or_else(|e| panic!("{s:?}: parses alone as {url}, not against an opaque base: {e}"));
    assert_eq!(&slow, url, "{s:?}: the fast path and the state machine disagree");
    assert_eq!(slow.host_kind(), url.host_kind(), "{s:?}");
}

/// The href of `url` (made from `s`) is its own serialization: it parses
/// leniently to `url`, and is borrowed exactly when it is valid.
pub(crate) fn check_href(s: &str, url: &Url) {
    let spec = Spec::Whatwg;
    let href = url.as_str();
    let (again, _) =
        Url::parse_lenient_with(href, spec).unwrap_or_else(|e| panic!("{s:?}: href {href:?} does not parse: {e}"));
    assert_eq!(&again, url, "{s:?}: href {href:?} parses to another URL");
    let api = url.api().expect("a WHATWG URL");
    assert_eq!(api.href(), href);
    match (UrlRef::parse_with(href, spec), Url::parse_with(href, spec)) {
        (Ok(r), Ok(owned)) => {
            assert_eq!(&owned, url, "{s:?}: href {href:?}");
            crate::parse::assert_ref_agrees(url, &r);
            assert_eq!(r.to_url(), *url, "{s:?}: href {href:?} borrowed");
        }
        (Err(_), Err(_)) => {}
        (r, owned) => panic!("{s:?}: href {href:?}: borrowed {r:?}, owned {owned:?}"),
    }
    if href == s && validate(s, spec).is_empty() {
        assert!(
            UrlRef::parse_with(s, spec).is_ok(),
            "{s:?}: valid and serialized, not borrowed"
        );
    }
}

/// `resolve_whatwg`: the basic URL parser with a base. The result checks
/// out, its href parses alone to itself, and a reference that parses alone
/// as a URL of another scheme than the base's is that URL (the scheme
/// state, which only a special scheme equal to the base's leaves relative);
/// `can_parse` with the base answers as the parser does.
pub fn check_resolve_whatwg(base: &str, reference: &str) {
    let spec = Spec::Whatwg;
    let can_parse = urikit::whatwg::can_parse(reference, Some(base));
    let Ok((base, _)) = Url::parse_lenient_with(base, spec) else {
        assert!(
            !can_parse,
            "{reference:?} against {base:?}: can_parse with a base that fails"
        );
        return;
    };
    assert_eq!(
        can_parse,
        base.resolve_with(reference, spec).is_ok(),
        "{reference:?} against {base}: can_parse and the parser disagree"
    );
    let alone = Url::parse_lenient_with(reference, spec).map(|(u, _)| u);
    match base.resolve_with(reference, spec) {
        Ok(url) => {
            url.check_invariants();
            assert_eq!(url.spec(), spec);
            check_href(reference, &url);
            if let Ok(alone) = &alone {
                if alone.scheme() != base.scheme() {
                    assert_eq!(&url, alone, "{reference:?} against {base}");
                }
            }
        }
        Err(e) => {
            let urikit::ResolveErrorKind::InvalidReference(e) = e.kind() else {
                panic!("{reference:?} against {base}: {e:?}, not the parser's failure");
            };
            assert!(
                e.offset <= reference.len(),
                "{reference:?} against {base}: {e:?} past the end"
            );
            assert!(may_fail(e), "{reference:?} against {base}: failed with {e:?}");
            if let Ok(alone) = &alone {
                assert_eq!(
                    alone.scheme(),
                    base.scheme(),
                    "{reference:?} parses alone as {alone}, not against {base}: {e}"
                );
            }
        }
    }
}
