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
}
