//! The inverse of RFC 3986 resolution: the shortest reference that
//! resolves back to a target.
//!
//! The candidates, from shortest in kind to longest: the empty reference
//! and `#fragment` (same document), `?query`, a relative path (`g`, `../g`,
//! `./g:h`, `.`), an absolute path, a network-path reference (`//host/p`),
//! and the target itself. Each is resolved ([`transform_references`],
//! strict) and kept only when it gives the target back; the shortest kept
//! wins, the earliest on a tie.
//!
//! A target whose path holds `.` or `..` segments cannot come back from any
//! reference, its own text included, since resolution removes them: for
//! those the result resolves to the target with its dot segments removed.
//!
//! [`transform_references`]: crate::resolve::rfc3986::transform_references

use crate::resolve::rfc3986::{transform, Components, Strictness};
use crate::rfc3986::Reference;
use crate::url::Url;

/// The candidates for a reference from `base` to `target`, in order of
/// preference on equal length (see the [module docs](self)).
pub(crate) fn candidates(base: &Url, target: &Url) -> Vec<String> {
    let (b, t) = (Components::of_url(base), Components::of_url(target));
    let mut out = Vec::new();
    let whole = target.as_str().to_owned();
    if !b
        .scheme
        .unwrap_or_default()
        .eq_ignore_ascii_case(t.scheme.unwrap_or_default())
    {
        out.push(whole);
        return out;
    }
    let tail = |query: bool| {
        let mut s = String::new();
        if let (true, Some(q)) = (query, t.query) {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = t.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    };
    if t.authority == b.authority {
        if t.path == b.path {
            out.push(tail(false));
            if t.query.is_some() {
                out.push(tail(true));
            }
        }
        if let Some(rel) = relative_path(b, t.path) {
            out.push(rel + &tail(true));
        }
        if t.path.starts_with('/') && !t.path.starts_with("//") {
            out.push(format!("{}{}", t.path, tail(true)));
        }
    }
    if let Some(a) = t.authority {
        out.push(format!("//{a}{}{}", t.path, tail(true)));
    }
    out.push(whole);
    out
}

/// A relative path from the base's directory (what [`merge`] keeps of the
/// base path) to `path`: `../` for each directory to climb, then the rest.
///
/// [`merge`]: crate::resolve::rfc3986::merge
fn relative_path(base: Components<'_>, path: &str) -> Option<String> {
    let dir = if base.authority.is_some() && base.path.is_empty() {
        "/"
    } else {
        &base.path[..base.path.rfind('/').map_or(0, |i| i + 1)]
    };
    if path.is_empty() || (dir.starts_with('/') != path.starts_with('/')) {
        return None;
    }
    let common = dir.bytes().zip(path.bytes()).take_while(|(a, b)| a == b).count();
    let cut = dir[..common].rfind('/').map_or(0, |i| i + 1);
    let ups = dir[cut..].bytes().filter(|&c| c == b'/').count();
    let rest = &path[cut..];
    let mut out = String::with_capacity(3 * ups + rest.len() + 2);
    if rest.is_empty() {
        if ups == 0 {
            out.push('.');
        } else {
            out.push_str(&"../".repeat(ups - 1));
            out.push_str("..");
        }
        return Some(out);
    }
    out.push_str(&"../".repeat(ups));
    let first = rest.split('/').next().unwrap_or_default();
    if ups == 0 && (first.is_empty() || first.contains(':')) {
        // `/x` would be absolute, `a:b` a scheme: "./" keeps them relative.
        out.push_str("./");
    }
    out.push_str(rest);
    Some(out)
}

/// The shortest reference that resolves against `base` by RFC 3986 §5.2
/// (strict) to `target` (see the [module docs](self)).
///
/// # Examples
///
/// ```
/// use urikit::relative::rfc3986::relative_reference;
/// use urikit::{Spec, Url};
///
/// let url = |s| Url::parse_with(s, Spec::Rfc3986).unwrap();
/// let base = url("http://a/b/c/d;p?q");
/// assert_eq!(relative_reference(&base, &url("http://a/b/c/g")), "g");
/// assert_eq!(relative_reference(&base, &url("http://a/b/g?y")), "../g?y");
/// assert_eq!(relative_reference(&base, &url("http://a/b/c/d;p?q#s")), "#s");
/// assert_eq!(relative_reference(&base, &url("http://a/b/c/d;p?y")), "?y");
/// assert_eq!(relative_reference(&base, &url("http://g/x")), "//g/x");
/// assert_eq!(relative_reference(&base, &url("https://a/b")), "https://a/b");
/// ```
pub fn relative_reference(base: &Url, target: &Url) -> String {
    let b = Components::of_url(base);
    let want = transform(b, Components::of_url(target), Strictness::Strict);
    shortest(candidates(base, target), |c| {
        Reference::parse(c).is_ok_and(|r| transform(b, Components::of_reference(&r), Strictness::Strict) == want)
    })
    .unwrap_or_else(|| target.as_str().to_owned())
}

/// The shortest of `candidates` that `resolves_back` accepts, the first on a tie.
pub(crate) fn shortest(candidates: Vec<String>, resolves_back: impl Fn(&str) -> bool) -> Option<String> {
    let mut best: Option<String> = None;
    for c in candidates {
        if best.as_ref().is_none_or(|b| c.len() < b.len()) && resolves_back(&c) {
            best = Some(c);
        }
    }
    best
}
