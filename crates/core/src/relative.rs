//! The inverse of resolution: the shortest reference from a base to a
//! target, for each spec's algorithm.
//!
//! Every candidate is checked by resolving it with the spec's own
//! algorithm, so what [`relative`] returns always resolves back:
//! `base.resolve_with(&relative(&base, &t, spec), spec) == Ok(t)` whenever `t`
//! can be reached at all.
//!
//! # RFC 1630
//!
//! The candidates follow the draft's three rules: the empty reference or
//! `#fragment` (the context document itself); a form starting with `n`
//! slashes for each `n` whose first run of exactly `n` slashes in the
//! context starts the part the target shares (`//host/p`, `/p`); a relative
//! path after the context's last slash, climbing with `../` (which the
//! draft's textual removal of `xxx/../` undoes); and the target itself, which
//! resolves to itself since it names a scheme.
//!
//! # RFC 3986 and RFC 1808
//!
//! See [`relative::rfc3986`](self::rfc3986); RFC 1808 takes the
//! same candidates, checked by its own algorithm.

pub mod rfc3986;

use crate::resolve::rfc1630;
use crate::resolve::rfc1808::resolve_relative_url;
use crate::rfc3986::Reference;
use crate::url::Url;
use crate::Spec;
use rfc3986::{candidates, relative_reference, shortest};

/// The shortest reference that resolves against `base` to `target` by the
/// algorithm of `spec` (see the [module docs](self)).
///
/// # Examples
///
/// ```
/// use urikit::{relative, Spec, Url};
///
/// let base = Url::parse("magic://a/b/c//d/e/f")?;
/// let target = Url::parse("magic://a/b/c//d/g")?;
/// let r = relative(&base, &target, Spec::Rfc1738);
/// assert_eq!(r, "../g");
/// assert_eq!(base.resolve_with(&r, Spec::Rfc1738).unwrap(), target);
///
/// let base = Url::parse_with("http://a/b/c/d;p?q", Spec::Rfc3986)?;
/// let target = Url::parse_with("http://a/b/g", Spec::Rfc3986)?;
/// assert_eq!(relative(&base, &target, Spec::Rfc3986), "../g");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn relative(base: &Url, target: &Url, spec: Spec) -> String {
    match spec {
        Spec::Rfc3986 => relative_reference(base, target),
        Spec::Rfc1808 => shortest(candidates(base, target), |c| {
            Reference::parse_with(c, spec).is_ok_and(|r| resolve_relative_url(base, &r) == target.as_str())
        })
        .unwrap_or_else(|| target.as_str().to_owned()),
        // The shortest candidate the basic URL parser resolves against the
        // base to the target's serialization.
        Spec::Whatwg => shortest(candidates(base, target), |c| {
            crate::parse::whatwg::lenient(c, Some(base)).is_ok_and(|(url, _)| url.as_str() == target.as_str())
        })
        .unwrap_or_else(|| target.as_str().to_owned()),
        Spec::Rfc1738 | Spec::Rfc1630 => relative_rfc1630(base.as_str(), target.as_str()),
    }
}

/// The RFC 1630 candidates, checked by [`rfc1630`] (see the [module docs](self)).
fn relative_rfc1630(context: &str, target: &str) -> String {
    let mut out = Vec::new();
    let doc = &context[..context.find('#').unwrap_or(context.len())];
    let (t_body, t_fragment) = target.split_at(target.find('#').unwrap_or(target.len()));
    if t_body == doc {
        out.push(t_fragment.to_owned());
    }
    let path = &doc[..doc.find('?').unwrap_or(doc.len())];
    let scheme_len = path.find(':').map_or(0, |i| i + 1);
    // The first run of each length of slashes: (where, how many).
    let b = path.as_bytes();
    let mut seen: Vec<usize> = Vec::new();
    let mut i = scheme_len;
    while i < b.len() {
        if b[i] != b'/' {
            i += 1;
            continue;
        }
        let n = b[i..].iter().take_while(|&&c| c == b'/').count();
        if !seen.contains(&n) {
            seen.push(n);
            if target.starts_with(&path[..i]) {
                out.push(target[i..].to_owned());
            }
        }
        i += n;
    }
    // A relative path from the context's last slash, climbing with "../".
    let dir = &path[..path[scheme_len..].rfind('/').map_or(scheme_len, |i| scheme_len + i + 1)];
    let common = dir.bytes().zip(target.bytes()).take_while(|(a, b)| a == b).count();
    let cut = dir[..common].rfind('/').map_or(0, |i| i + 1).max(scheme_len);
    let ups = dir[cut..].bytes().filter(|&c| c == b'/').count();
    if cut <= target.len() {
        let rest = &target[cut..];
        out.push(format!("{}{rest}", "../".repeat(ups)));
        out.push(format!("{}./{rest}", "../".repeat(ups)));
    }
    out.push(target.to_owned());
    shortest(out, |c| rfc1630(context, c) == target).unwrap_or_else(|| target.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::answers;

    #[test]
    fn shortest_references() {
        let url = |s, spec| Url::parse_with(s, spec).unwrap();
        answers(
            |(spec, b, t)| relative(&url(b, spec), &url(t, spec), spec),
            &[
                ((Spec::Rfc1630, "magic://a/b/c//d/e/f", "magic://a/b/c//d/e/g"), "g"),
                ((Spec::Rfc1630, "magic://a/b/c//d/e/f", "magic://a/g"), "/g"),
                ((Spec::Rfc1630, "magic://a/b/c//d/e/f", "magic://g"), "//g"),
                ((Spec::Rfc1630, "magic://a/b/c//d/e/f", "magic://a/b/c//d/e/f#x"), "#x"),
                ((Spec::Rfc1630, "magic://a/b/c//d/e/f", "other:x"), "other:x"),
                ((Spec::Rfc1630, "http://h/a/b?q", "http://h/a/b?q"), ""),
                ((Spec::Rfc3986, "http://a/b/c", "http://a/b/"), "."),
                ((Spec::Rfc3986, "http://a/b/c", "http://a/"), "/"),
                ((Spec::Rfc3986, "http://a/b/c/d", "http://a/b/"), ".."),
                ((Spec::Rfc3986, "http://a/b/c", "http://a/b/g:h"), "./g:h"),
                ((Spec::Rfc3986, "http://a/b/c", "http://a/b//g"), ".//g"),
                ((Spec::Rfc3986, "http://a/b/c?q", "http://a/b/c"), "c"),
                ((Spec::Rfc3986, "http://a", "http://a/g"), "g"),
                ((Spec::Rfc3986, "http://a/b", "http://a"), "//a"),
                ((Spec::Rfc3986, "mailto:a@b", "mailto:c@d"), "c@d"),
            ],
        );
    }
}
