//! Partial (relative) forms by the RFC 1630 algorithm, including each reading
//! the `resolve` module documents.

use urikit::resolve::rfc1630;
use urikit::{ResolveErrorKind, Spec, Url};

#[track_caller]
fn resolves(context: &str, reference: &str, want: &str) {
    assert_eq!(rfc1630(context, reference), want, "{context} + {reference}");
    let base = Url::parse(context).unwrap();
    let url = base
        .resolve_with(reference, Spec::Rfc1738)
        .unwrap_or_else(|e| panic!("{e}"));
    url.check_invariants();
    assert_eq!(url.as_str(), want);
}

#[test]
fn the_seed_examples_for_both_contexts() {
    for context in ["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"] {
        resolves(context, "g", "magic://a/b/c//d/e/g");
        resolves(context, "/g", "magic://a/g");
        resolves(context, "//g", "magic://g");
        resolves(context, "../g", "magic://a/b/c//d/g");
        resolves(context, "g:a", "g:a");
    }
}

#[test]
fn dots_are_removed_recursively() {
    let c = "magic://a/b/c//d/e/f";
    resolves(c, "./g", "magic://a/b/c//d/e/g");
    resolves(c, "g/.", "magic://a/b/c//d/e/g");
    resolves(c, "../../g", "magic://a/b/c//g");
    resolves(c, "../../../g", "magic://a/b/c/g");
    resolves(c, "../../../../g", "magic://a/b/g");
    resolves(c, "g/../h", "magic://a/b/c//d/e/h");
    // "xxx/../" needs the slash after "..".
    resolves(c, "g/..", "magic://a/b/c//d/e/g/..");
    // Dot removal is on the path only, as CERN libwww's HTSimplify does it:
    // ".." stops at the root and never climbs into the host (the letter of
    // the draft, purely textual, would give "magic://g").
    resolves("magic://a/b", "../g", "magic://a/../g");
    resolves(c, "../../../../../../g", "magic://a/../g");
}

#[test]
fn slash_runs() {
    let c = "magic://a/b/c//d/e/f";
    // The first run of exactly three slashes: there is none, so only the
    // scheme is shared.
    assert_eq!(rfc1630(c, "///g"), "magic:///g");
    // ... which RFC 1738 does not accept: `//` must be followed by a host.
    let err = Url::parse(c).unwrap().resolve_with("///g", Spec::Rfc1738).unwrap_err();
    assert_eq!((err.result(), err.offset()), (Some("magic:///g"), 8));
    resolves("magic://a///b/c", "///g", "magic://a///g");
    // No dot removal after rule 2.
    resolves(c, "/g/../h", "magic://a/g/../h");
}

#[test]
fn search_and_fragment() {
    let c = "foo://h/a/b?x/y#f";
    resolves(c, "g", "foo://h/a/g");
    resolves(c, "g?q", "foo://h/a/g?q");
    resolves(c, "g#s", "foo://h/a/g#s");
    resolves(c, "../g?a/../b", "foo://h/g?a/../b");
    // The context's slashes after '?' do not count.
    resolves("foo://h/a?b//c", "//g", "foo://g");
    // An empty reference is the context document itself.
    resolves(c, "", "foo://h/a/b?x/y");
    resolves(c, "#s", "foo://h/a/b?x/y#s");
    // A search alone replaces the last path element, as the text says.
    resolves(c, "?q", "foo://h/a/?q");
}

#[test]
fn paths_without_slashes() {
    resolves("news:comp.infosystems.www", "comp.lang.c", "news:comp.lang.c");
    resolves("mailto:a@b", "c@d", "mailto:c@d");
}

#[test]
fn absolute_forms_are_kept() {
    resolves("http://h/a", "ftp://x/y", "ftp://x/y");
    // Same scheme written out: still an absolute form.
    resolves("http://h/a/b", "http://x/y", "http://x/y");
    // A colon after a slash does not make a scheme.
    resolves("http://h/a/b", "c/d:e", "http://h/a/c/d:e");
}

#[test]
fn invalid_results_are_errors() {
    let base = Url::parse("http://h/a").unwrap();
    let err = base.resolve_with("b c", Spec::Rfc1738).unwrap_err();
    assert_eq!(err.result(), Some("http://h/b c"));
    assert_eq!(err.offset(), 10);
    assert!(matches!(err.kind(), ResolveErrorKind::InvalidResult { .. }));
    assert_eq!(
        err.to_string(),
        "resolved form \"http://h/b c\" is invalid: space 0x20 is not allowed here, it must be %-encoded at offset 10 (hpath, RFC 1738)"
    );
    // The same reference under another spec.
    let base = Url::parse_with("magic://a/b", Spec::Rfc1630).unwrap();
    assert_eq!(
        base.resolve_with("b c", Spec::Rfc1630).unwrap().as_str(),
        "magic://a/b c"
    );
}
