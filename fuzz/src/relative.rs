//! The inverse of resolution.

use urikit::resolve::remove_dot_segments::remove_dot_segments;
use urikit::{relative, Spec, Url};

/// `relative(base, target, spec)` resolves back to `target`, as the
/// `relative` module docs promise:
///
/// * by RFC 3986, to the target with the dot segments of its path removed
///   (the target itself when there are none): no reference can give those
///   segments back, "its own text included";
/// * by the 1994 specs, to the target: one candidate is the target itself,
///   "which resolves to itself since it names a scheme";
/// * by RFC 1808, to the target whenever it can be reached at all, which is
///   known when its own text resolves to it.
pub fn check_relative(base: &Url, target: &Url, spec: Spec) {
    let (b, t) = (base.as_str(), target.as_str());
    let r = relative(base, target, spec);
    let got = base.resolve_with(&r, spec);
    let want = match spec {
        Spec::Rfc3986 => {
            let want = without_dot_segments(target);
            Url::parse_with(&want, spec)
                .unwrap_or_else(|e| panic!("{t:?} without dot segments is {want:?}, which does not parse: {e}"))
        }
        Spec::Rfc1808 => {
            if base.resolve_with(t, spec).as_ref() != Ok(target) {
                return;
            }
            target.clone()
        }
        _ => target.clone(),
    };
    if let Ok(url) = &got {
        url.check_invariants();
    }
    assert_eq!(
        got.as_ref().map(|u| u.as_str()),
        Ok(want.as_str()),
        "{b:?} to {t:?} by {spec}: relative gives {r:?}"
    );
    assert_eq!(got, Ok(want), "{b:?} to {t:?} by {spec}: relative gives {r:?}");
    // The shortest: never longer than the target's own text.
    assert!(
        r.len() <= t.len(),
        "{b:?} to {t:?} by {spec}: {r:?} is longer than the target"
    );
}

/// An RFC 3986 URI with `remove_dot_segments` applied to its path, written
/// as resolution writes it (`/.` before a path that would read as an
/// authority).
fn without_dot_segments(url: &Url) -> String {
    let mut out = format!("{}:", url.scheme());
    if let Some(authority) = url.authority() {
        out.push_str("//");
        out.push_str(authority);
    }
    let path = remove_dot_segments(url.path());
    if url.authority().is_none() && path.starts_with("//") {
        out.push_str("/.");
    }
    out.push_str(&path);
    if let Some(query) = url.query() {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = url.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
    out
}
