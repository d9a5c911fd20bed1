//! RFC 1808 §4 "Resolving Relative URLs".
//!
//! [`resolve_relative_url`] follows the seven steps in order, on the
//! components of §2.4 (`scheme`, `net_loc`, `path`, `;params`, `?query`,
//! `#fragment`).
//!
//! # Readings of the text
//!
//! * **Params** start at the first `;` of the path part (§2.4.5), so
//!   `;x` against `http://a/b/c/d;p?q` keeps the base path and gives
//!   `http://a/b/c/d;x`; `..` inside params is never a path segment.
//! * **"Non-empty"** is read as written in steps 3 and 5: a reference with an
//!   empty `net_loc` (`///g`), empty params (`;`) or an empty query (`?`)
//!   inherits the base's.
//! * **An empty base path** under a `net_loc` (`http://a`) is read as `/`,
//!   so that step 6 appends after a slash (otherwise `g` would give
//!   `http://ag`); RFC 2396 and RFC 3986 say the same. Step 5 reads it so
//!   too when params follow (`;x` gives `http://a/;x`, not `http://a;x`,
//!   whose `net_loc` would be `a;x`).
//! * **Step 6's segments** are the path's text between slashes after its
//!   leading `/`, empty ones included; `..` never climbs above the root and
//!   is kept where it cannot be resolved (`../../../g` gives `http://a/../g`),
//!   and an absolute reference path (step 4) keeps its dot segments (`/./g`
//!   gives `http://a/./g`), as §5.2 shows.
//! * **A path that would read as a `net_loc`.** When the result has no
//!   `net_loc` and step 6 leaves a path starting with `//` (`news:/a/..//g`
//!   with `.`), step 7 would write what reads as a host; urikit writes `/.`
//!   before such a path, as it does for RFC 3986
//!   ([`resolve::rfc3986`](super::rfc3986)), so resolution never names a
//!   host the reference did not.

use crate::rfc3986::Reference;
use crate::url::Url;

/// The §2.4 components of a URL or relative URL.
struct Parsed<'a> {
    scheme: Option<&'a str>,
    net_loc: Option<&'a str>,
    path: &'a str,
    params: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Splits a path part at its first `;` (§2.4.5).
fn path_and_params(path: &str) -> (&str, Option<&str>) {
    match path.find(';') {
        Some(i) => (&path[..i], Some(&path[i + 1..])),
        None => (path, None),
    }
}

fn non_empty(s: Option<&str>) -> bool {
    s.is_some_and(|s| !s.is_empty())
}

/// Resolves `embedded` against `base` by the seven steps of RFC 1808 §4.
///
/// # Examples
///
/// ```
/// use urikit::resolve::rfc1808::resolve_relative_url;
/// use urikit::rfc3986::Reference;
/// use urikit::{Spec, Url};
///
/// let base = Url::parse_with("http://a/b/c/d;p?q#f", Spec::Rfc1808)?;
/// let resolve = |r| resolve_relative_url(&base, &Reference::parse_with(r, Spec::Rfc1808).unwrap());
/// assert_eq!(resolve(";x"), "http://a/b/c/d;x");
/// assert_eq!(resolve(""), "http://a/b/c/d;p?q#f");
/// assert_eq!(resolve("../../../g"), "http://a/../g");
/// assert_eq!(resolve("/./g"), "http://a/./g");
/// # Ok::<(), urikit::ParseError>(())
/// ```
pub fn resolve_relative_url(base: &Url, embedded: &Reference<'_>) -> String {
    // Step 2a: an empty URL is the whole base, fragment included.
    if embedded.as_str().is_empty() {
        return base.as_str().to_owned();
    }
    // Step 2b: one with a scheme is absolute.
    if embedded.scheme().is_some() {
        return embedded.as_str().to_owned();
    }
    let (path, params) = path_and_params(embedded.path());
    let mut e = Parsed {
        scheme: Some(base.scheme()),
        net_loc: embedded.authority(),
        path,
        params,
        query: embedded.query(),
        fragment: embedded.fragment(),
    };
    let (base_path, base_params) = path_and_params(base.path());
    let mut merged: Option<String> = None;
    // Step 3: a non-empty net_loc keeps its own path.
    if !non_empty(e.net_loc) {
        e.net_loc = base.authority();
        // Step 4: an absolute path stands.
        if !e.path.starts_with('/') {
            if e.path.is_empty() {
                // Step 5.
                e.path = base_path;
                if !non_empty(e.params) {
                    e.params = base_params;
                    if !non_empty(e.query) {
                        e.query = base.query();
                    }
                }
            } else {
                // Step 6.
                let base_path = if e.net_loc.is_some() && base_path.is_empty() {
                    "/"
                } else {
                    base_path
                };
                let keep = base_path.rfind('/').map_or(0, |i| i + 1);
                merged = Some(remove_dots(&format!("{}{}", &base_path[..keep], e.path)));
            }
        }
    }
    let mut path = merged.as_deref().unwrap_or(e.path);
    if e.net_loc.is_some() && path.is_empty() && e.params.is_some() {
        // Params straight after a net_loc would read as part of it: the
        // empty path under a net_loc is `/`, as in step 6.
        path = "/";
    }
    // Step 7.
    let mut out = String::with_capacity(base.as_str().len() + embedded.as_str().len());
    out.push_str(e.scheme.unwrap_or_default());
    out.push(':');
    if let Some(n) = e.net_loc {
        out.push_str("//");
        out.push_str(n);
    } else if path.starts_with("//") {
        // A path read as a net_loc would name another host: "/." keeps it
        // a path (see the module docs).
        out.push_str("/.");
    }
    out.push_str(path);
    for (delimiter, part) in [(';', e.params), ('?', e.query), ('#', e.fragment)] {
        if let Some(part) = part {
            out.push(delimiter);
            out.push_str(part);
        }
    }
    out
}

/// Step 6 a-d on a merged path: `./` and a trailing `.` removed, then
/// `<segment>/../` (leftmost first, until none is left) and a trailing
/// `<segment>/..`, where `<segment>` is a complete segment other than `..`.
fn remove_dots(path: &str) -> String {
    let (root, rest) = match path.strip_prefix('/') {
        Some(rest) => ("/", rest),
        None => ("", path),
    };
    let segments: Vec<&str> = rest.split('/').collect();
    let last = segments.len() - 1;
    // a) and b): "." segments go; a trailing one leaves its slash.
    let mut kept: Vec<&str> = Vec::with_capacity(segments.len());
    for (i, &seg) in segments.iter().enumerate() {
        match seg {
            "." if i == last => kept.push(""),
            "." => {}
            _ => kept.push(seg),
        }
    }
    // c): a ".." with a slash after it takes the segment before it. Popping a
    // stack from the left is the leftmost-first iteration.
    let last = kept.len() - 1;
    let mut stack: Vec<&str> = Vec::with_capacity(kept.len());
    for (i, &seg) in kept.iter().enumerate() {
        if seg == ".." && i < last && stack.last().is_some_and(|&top| top != "..") {
            stack.pop();
        } else {
            stack.push(seg);
        }
    }
    // d): a trailing "<segment>/.." goes, leaving the slash before it.
    if stack.len() >= 2 && stack[stack.len() - 1] == ".." && stack[stack.len() - 2] != ".." {
        stack.truncate(stack.len() - 2);
        stack.push("");
    }
    let mut out = String::with_capacity(path.len());
    out.push_str(root);
    out.push_str(&stack.join("/"));
    out
}

#[cfg(test)]
mod tests {
    use super::remove_dots;
    use crate::testing::answers;

    #[test]
    fn step_6() {
        answers(
            remove_dots,
            &[
                ("/b/c/./g", "/b/c/g"),
                ("/b/c/.", "/b/c/"),
                ("/b/c/..", "/b/"),
                ("/b/c/../../../g", "/../g"),
                ("/b/c/../../../../g", "/../../g"),
                ("/b/c/g/../h", "/b/c/h"),
                ("a/..", ""),
                ("/..", "/.."),
            ],
        );
    }
}
