//! Partial forms.

use urikit::resolve::rfc1630;
use urikit::{ascii::rfc1738, ResolveErrorKind, Spec, Url, MAX_INPUT_LEN};

/// `Url::resolve` is the RFC 1630 algorithm on strings, then strict parsing;
/// an error carries the string the algorithm made and why it does not parse.
pub fn check_resolve(base: &Url, reference: &str, spec: Spec) {
    let b = base.as_str();
    let want = rfc1630(b, reference);
    match base.resolve_with(reference, spec) {
        Ok(url) => {
            url.check_invariants();
            assert_eq!(url.spec(), spec);
            assert_eq!(Ok(&url), Url::parse_with(&want, spec).as_ref(), "{b:?} + {reference:?}");
        }
        Err(err) => match err.kind() {
            ResolveErrorKind::TooLong => assert!(b.len() + reference.len() > MAX_INPUT_LEN),
            ResolveErrorKind::InvalidResult { result, error } => {
                assert_eq!(err.result(), Some(result.as_str()));
                assert_eq!(
                    result, &want,
                    "{b:?} + {reference:?}: the result is not the algorithm's"
                );
                assert_eq!(err.offset(), error.offset);
                assert!(
                    error.offset <= result.len(),
                    "{b:?} + {reference:?}: offset past the end"
                );
                assert_eq!(Url::parse_with(result, spec), Err(*error), "{b:?} + {reference:?}");
            }
            other => panic!("{b:?} + {reference:?}: unexpected {other:?}"),
        },
    }
    // "The reference's own fragment is kept on the result."
    if let Some(i) = reference.find('#') {
        assert!(
            want.ends_with(&reference[i..]),
            "{b:?} + {reference:?} = {want:?} lost the fragment"
        );
    }
    // Rule 1: an absolute form (an RFC 1738 scheme and ':') is the result as it stands.
    let scheme_end = reference.find(|c: char| !c.is_ascii() || !rfc1738::SCHEME.contains(c as u8));
    if scheme_end.is_some_and(|i| i > 0 && reference[i..].starts_with(':')) {
        assert_eq!(want, reference, "{b:?} + absolute {reference:?}");
    }
    // An empty reference is the context document itself, search part included.
    let document = b.find('#').map_or(b, |i| &b[..i]);
    assert_eq!(rfc1630(b, ""), document, "{b:?} + \"\"");
    check_authority_kept(b, reference);
}

/// The scheme and authority of a URL as written: up to the first `/`, `?`
/// or `#` after `scheme://`, or up to the colon when there is no `//`.
fn scheme_and_authority(url: &str) -> &str {
    let colon = url.find(':').map_or(0, |i| i + 1);
    match url[colon..].strip_prefix("//") {
        Some(rest) => &url[..colon + 2 + rest.find(['/', '?', '#']).unwrap_or(rest.len())],
        None => &url[..colon],
    }
}

/// Resolution never changes the base's scheme and authority unless the
/// reference carries its own (a colon before any `/`, `?` or `#`, which
/// covers every spec's scheme, or a leading `//`), under every spec: `..`
/// stops at the root of the path, and a path never reads as an authority.
pub fn check_authority_kept(base: &str, reference: &str) {
    let head = &reference[..reference.find(['/', '?', '#']).unwrap_or(reference.len())];
    if reference.starts_with("//") || head.contains(':') {
        return;
    }
    for spec in Spec::ALL {
        let Ok(base) = Url::parse_with(base, spec) else {
            continue;
        };
        let want = scheme_and_authority(base.as_str());
        if spec.is_1994() {
            // The algorithm itself, whether or not its result parses.
            let result = rfc1630(base.as_str(), reference);
            assert_eq!(
                scheme_and_authority(&result),
                want,
                "{base} + {reference:?} = {result:?} by {spec}"
            );
        }
        if let Ok(url) = base.resolve_with(reference, spec) {
            assert_eq!(
                scheme_and_authority(url.as_str()),
                want,
                "{base} + {reference:?} = {url} by {spec}"
            );
        }
    }
}
