//! Partial (relative) forms.
//!
//! [`Url::resolve`] dispatches on the spec: [`Spec::Rfc1738`] and
//! [`Spec::Rfc1630`] resolve by the RFC 1630 algorithm below,
//! [`Spec::Rfc1808`] by RFC 1808 §4
//! ([`rfc1808`]) and [`Spec::Rfc3986`] by RFC 3986 §5.2 ([`rfc3986`],
//! strict); [`Spec::Whatwg`] by the URL Standard's basic URL parser with
//! the URL as its base, as browsers run it (a URL of another spec is first
//! read by that parser). [`relative`](crate::relative()) is the inverse.
//!
//! # RFC 1630, "Partial (relative) form"
//!
//! [`rfc1630`] transcribes the draft's rules, on the path of the context
//! only: its scheme and authority are never consumed (see "The host is never
//! replaced" below):
//!
//! 1. "If the scheme parts are different, the whole absolute URI must be
//!    given." A reference that is an absolute form (a scheme by RFC 1738's
//!    `scheme` or the draft's `ialpha`, then a colon, before any slash) is the
//!    result as it stands, whatever its scheme.
//! 2. "If the partial URI starts with a non-zero number of consecutive
//!    slashes, then everything from the context URI up to (but not including)
//!    the first occurrence of exactly the same number of consecutive slashes
//!    is taken to be the same and so prepended to the partial URL."
//! 3. "Otherwise: The last part of the path of the context URI (anything
//!    following the rightmost slash) is removed, and the given partial URI
//!    appended in its place, and then: Within the result, all occurrences of
//!    "xxx/../" or "/." are recursively removed, where xxx, ".." and "." are
//!    complete path elements."
//!
//! # The host is never replaced
//!
//! Read purely as text, rule 3 lets `..` climb out of the path and into the
//! host: `http://bank.example/a/b` with `../../evil.example/login` would
//! give `http://evil.example/login`, and `../../../../up` against
//! `https://example.com/docs/guide/index.html` would give `https:/up`. A
//! relative link in a page must not send its reader to another host, so
//! urikit takes the reading of the draft's own implementation, CERN
//! libwww's `HTParse` and `HTSimplify` (1994): a name splits into scheme,
//! host (after `//`, up to the next slash) and path; a partial form inherits
//! the scheme and the host and only the path is merged and simplified;
//! `HTSimplify` starts after the host and leaves a `..` alone when nothing
//! is left to remove ("we should NOT change `http://fred.xxx.edu/../..`").
//! So:
//!
//! * the **authority** (`//` after the scheme, up to the next slash) is
//!   not part of the path: rule 3 takes "the last part of the path" after
//!   it, and its removals never reach it;
//! * the **root** of a path that starts with `/` is no element: a `..` with
//!   nothing but the root before it stays (`http://bank.example/a/b` with
//!   `../../evil.example/login` gives `http://bank.example/../evil.example/login`,
//!   as RFC 1808 §5.2 keeps `http://a/../g`);
//! * a context with an authority and **no path** has the root as its path
//!   (`http://h` with `g` gives `http://h/g`, where libwww would write
//!   `http://hg` and the letter `http://g`);
//! * rule 2 with **one slash**, when the context has no run of exactly one
//!   slash (`http://h`, `magic://h//x`), shares the scheme and the
//!   authority: a single slash names no host;
//! * a result with no authority whose path would start with `//` (from
//!   `news:/a/..//b`) gets `/.` before that path, so that it does not read as
//!   a host (the same rule as for RFC 3986, see [`rfc3986`]).
//!
//! Only a reference that names its own scheme (rule 1) or starts with two
//! slashes or more (rule 2) changes the scheme or the authority. The same
//! holds for RFC 1808 (whose §4 step 6 already keeps an unresolvable `..`)
//! and RFC 3986 (whose §5.2.4 drops it).
//!
//! The text leaves these open; urikit reads them so:
//!
//! * **The context's fragment and search part** are not part of it for
//!   rules 2 and 3: a fragment is outside the URI (`fragmentaddress = uri [ #
//!   fragmentid ]`), and a slash in a search part has no hierarchical meaning.
//! * **An empty reference, or one that is only `#fragment`**, refers to the
//!   context document itself, its search part included (the draft's fragment
//!   identifiers address parts "of the whole object"; RFC 1808 §4 step 2a says
//!   the same). The reference's own fragment is kept on the result.
//! * **A slash run the context lacks**: when the context has no run of
//!   exactly that many slashes, only its scheme is shared, so the result is the
//!   scheme, `:`, and the reference.
//! * **A context path without a slash** (`news:comp.infosystems.www`): the
//!   whole path is its "last part", so the reference replaces it.
//! * **Dot removal** applies to rule 3 only (the text places it there), and
//!   to the path of the result, not its authority or search part. A path
//!   element is any text between slashes after the root, void ones included
//!   ("the trailing slash indicates a void segment of the path"). "xxx" is
//!   an element other than `..`; the removals go from left to right, each
//!   time taking the leftmost occurrence of either form (the order matters:
//!   `//../.` becomes empty this way, but `//..` if "/." went first); a
//!   trailing `..` (with no `/` after it) is not removed.

pub mod remove_dot_segments;
pub mod rfc1808;
pub mod rfc3986;

use crate::error::{ResolveError, ResolveErrorKind, MAX_INPUT_LEN};
use crate::parse::is_absolute;
use crate::rfc3986::Reference;
use crate::url::Url;
use crate::Spec;
use rfc3986::Strictness;

impl Url {
    /// Resolves `reference`, a partial form, with this URL as its context, by
    /// the algorithm of the URL's own spec, and parses the result by it (see
    /// [`resolve_with`](Url::resolve_with) for another spec).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let base = Url::parse_with("http://a/b/c/d;p?q", Spec::Rfc3986)?;
    /// assert_eq!(base.resolve("../g?y").unwrap().as_str(), "http://a/b/g?y");
    /// let context = Url::parse("magic://a/b/c//d/e/f")?;
    /// assert_eq!(context.resolve("../g").unwrap().as_str(), "magic://a/b/c//d/g");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`resolve_with`](Url::resolve_with).
    pub fn resolve(&self, reference: &str) -> Result<Url, ResolveError> {
        self.resolve_with(reference, self.spec())
    }

    /// Resolves `reference`, a partial form, with this URL as its context, by
    /// the algorithm of `spec` (RFC 1630 for the 1994 specs, RFC 1808 §4,
    /// RFC 3986 §5.2 strict), and parses the result by `spec`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let context = Url::parse("magic://a/b/c//d/e/f")?;
    /// let resolve = |r| context.resolve_with(r, Spec::Rfc1738).unwrap().into_string();
    /// assert_eq!(resolve("g"), "magic://a/b/c//d/e/g");
    /// assert_eq!(resolve("/g"), "magic://a/g");
    /// assert_eq!(resolve("//g"), "magic://g");
    /// assert_eq!(resolve("../g"), "magic://a/b/c//d/g");
    /// assert_eq!(resolve("g:a"), "g:a");
    ///
    /// let base = Url::parse_with("http://a/b/c/d;p?q#f", Spec::Rfc3986)?;
    /// assert_eq!(base.resolve_with(";x", Spec::Rfc3986).unwrap().as_str(), "http://a/b/c/;x");
    /// assert_eq!(base.resolve_with(";x", Spec::Rfc1808).unwrap().as_str(), "http://a/b/c/d;x");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the reference is not valid by `spec` (RFC 1808 and RFC 3986
    /// check it), when the result is not valid by `spec`, or too long.
    pub fn resolve_with(&self, reference: &str, spec: Spec) -> Result<Url, ResolveError> {
        if reference.len() + self.as_str().len() > MAX_INPUT_LEN {
            return Err(ResolveError::new(ResolveErrorKind::TooLong));
        }
        let result = match spec {
            Spec::Rfc3986 => return rfc3986::resolve(self, reference, Strictness::Strict),
            // The basic URL parser with this URL as the base, as browsers run
            // it: validation errors that are not failures are let pass.
            Spec::Whatwg => {
                return crate::parse::whatwg::lenient(reference, Some(self))
                    .map(|(url, _)| url)
                    .map_err(|e| ResolveError::new(ResolveErrorKind::InvalidReference(e)))
            }
            Spec::Rfc1808 => {
                let r = Reference::parse_with(reference, spec)
                    .map_err(|e| ResolveError::new(ResolveErrorKind::InvalidReference(e)))?;
                rfc1808::resolve_relative_url(self, &r)
            }
            Spec::Rfc1738 | Spec::Rfc1630 => rfc1630(self.as_str(), reference),
        };
        Url::parse_with(&result, spec)
            .map_err(|error| ResolveError::new(ResolveErrorKind::InvalidResult { result, error }))
    }
}

/// The RFC 1630 partial-form algorithm on strings: `context` is an absolute
/// URI, `reference` a partial (or absolute) form. See the
/// [module docs](crate::resolve) for the readings it makes.
///
/// # Examples
///
/// ```
/// use urikit::resolve::rfc1630;
///
/// assert_eq!(rfc1630("magic://a/b/c//d/e/", "../g"), "magic://a/b/c//d/g");
/// assert_eq!(rfc1630("news:comp.infosystems.www", "comp.lang.c"), "news:comp.lang.c");
/// ```
pub fn rfc1630(context: &str, reference: &str) -> String {
    if is_absolute(reference) {
        return reference.to_owned();
    }
    let (ref_body, ref_fragment) = match reference.find('#') {
        Some(i) => (&reference[..i], Some(&reference[i..])),
        None => (reference, None),
    };
    let context_doc = context.find('#').map_or(context, |i| &context[..i]);
    let mut out = if ref_body.is_empty() {
        context_doc.to_owned()
    } else {
        let context_path = context_doc.find('?').map_or(context_doc, |i| &context_doc[..i]);
        let scheme_len = context_path.find(':').map_or(0, |i| i + 1);
        let root = path_start(context_path, scheme_len);
        let slashes = ref_body.bytes().take_while(|&c| c == b'/').count();
        if slashes > 0 {
            // A single slash names no authority: without a run of exactly
            // one slash, the context's scheme and authority are still shared.
            let prefix = match first_run_of(context_path.as_bytes(), slashes) {
                Some(at) => &context_path[..at],
                None if slashes == 1 => &context_path[..root],
                None => &context_path[..scheme_len],
            };
            format!("{prefix}{ref_body}")
        } else {
            let mut joined = match context_path[root..].rfind('/') {
                Some(i) => context_path[..root + i + 1].to_owned(),
                // An authority and no path: the path is the root.
                None if root > scheme_len => format!("{}/", &context_path[..root]),
                None => context_path[..scheme_len].to_owned(),
            };
            joined.push_str(ref_body);
            let query = joined[root..].find('?').map_or(joined.len(), |i| root + i);
            let mut out = joined[..root].to_owned();
            let path = remove_dots(&joined[root..query]);
            if root == scheme_len && path.starts_with("//") {
                // Without an authority, a path starting "//" would read as one.
                out.push_str("/.");
            }
            out.push_str(&path);
            out.push_str(&joined[query..]);
            out
        }
    };
    if let Some(fragment) = ref_fragment {
        out.push_str(fragment);
    }
    out
}

/// Where the path of `context` starts: after its scheme (`scheme_len`
/// bytes with the colon) and, when `//` follows it, after the authority (up
/// to the next slash), as CERN libwww's `HTParse` splits a name.
fn path_start(context: &str, scheme_len: usize) -> usize {
    let rest = &context[scheme_len..];
    match rest.strip_prefix("//") {
        Some(authority) => scheme_len + 2 + authority.find('/').unwrap_or(authority.len()),
        None => scheme_len,
    }
}

/// The offset of the first run of exactly `n` slashes in `s`.
fn first_run_of(s: &[u8], n: usize) -> Option<usize> {
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'/' {
            let run = s[i..].iter().take_while(|&&c| c == b'/').count();
            if run == n {
                return Some(i);
            }
            i += run;
        } else {
            i += 1;
        }
    }
    None
}

/// Removes "xxx/../" and "/." from `path` until none is left, where xxx,
/// ".." and "." are complete path elements and xxx is not "..".
///
/// One pass from left to right: the result is built in place, with a stack of
/// where each kept element starts, so "xxx/../" pops one.
fn remove_dots(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    // Start (in `out`) of each kept element; `u32` since inputs fit it.
    let mut starts: Vec<u32> = Vec::new();
    let rooted = path.starts_with('/');
    let mut elements = path.split('/').peekable();
    while let Some(e) = elements.next() {
        let slash_after = elements.peek().is_some();
        let last_kept = starts.last().map(|&k| &out[k as usize..]);
        match e {
            // "/." : a "." that has a slash before it: one with an element
            // before it, since removing "xxx/../" takes that slash along.
            "." if last_kept.is_some() => {}
            // "xxx/../" : a ".." with a slash after it, and an element before;
            // the root of a path that starts with '/' is no element, so ".."
            // stops there.
            ".." if slash_after && last_kept.is_some_and(|k| k != "..") && !(starts.len() == 1 && rooted) => {
                let start = starts.pop().map_or(0, |k| k as usize);
                // Drop the element, and the '/' that joined it to the one before.
                out.truncate(start.saturating_sub(usize::from(!starts.is_empty())));
            }
            _ => {
                if !starts.is_empty() {
                    out.push('/');
                }
                starts.push(out.len() as u32);
                out.push_str(e);
            }
        }
    }
    // A "/." at the very end leaves no trailing slash: "a/." is "a".
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::answers;

    #[test]
    fn dot_removal_is_literal() {
        answers(
            remove_dots,
            &[
                ("a/./b", "a/b"),
                ("a/.", "a"),
                ("a/b/../c", "a/c"),
                ("a/b/../../c", "c"),
                ("a/..", "a/.."),
                ("../a", "../a"),
                ("a/../../b", "../b"),
                ("a/./../b", "b"),
                ("c//../g", "c/g"),
                ("./../.", "."),
                ("a/../.", "."),
                ("/./g", "/g"),
            ],
        );
    }

    #[test]
    fn slash_runs() {
        assert_eq!(first_run_of(b"magic://a/b/c//d", 1), Some(9));
        assert_eq!(first_run_of(b"magic://a/b/c//d", 2), Some(6));
        assert_eq!(first_run_of(b"magic://a/b/c//d", 3), None);
        assert_eq!(first_run_of(b"a///b//c", 2), Some(5));
    }

    #[test]
    fn absolute_forms() {
        answers(
            is_absolute,
            &[
                ("g:a", true),
                ("http://x", true),
                ("a/b:c", false),
                ("g?x:y", false),
                (":a", false),
            ],
        );
    }
}
