//! Findings not yet fixed in urikit, each with a failing regression test in
//! `crates/core/tests/fuzz_regressions.rs`.
//!
//! The targets skip an input that shows one of these, so that a run goes on
//! to find other bugs instead of the same one again. Delete a predicate once
//! its regression test passes. With `URIKIT_FUZZ_KNOWN=1` in the environment
//! nothing is skipped (to reproduce or minimize a finding).

use std::sync::OnceLock;

use urikit::{Spec, Url};

/// Whether `URIKIT_FUZZ_KNOWN=1` asks that nothing be skipped.
fn show() -> bool {
    static SHOW: OnceLock<bool> = OnceLock::new();
    *SHOW.get_or_init(|| std::env::var_os("URIKIT_FUZZ_KNOWN").is_some_and(|v| v == "1"))
}

/// Whether `s` shows a known finding when parsed by `spec`.
pub fn finding(s: &str, spec: Spec) -> bool {
    if show() {
        return false;
    }
    // None at present: every finding of a parsed URL so far is fixed. A new
    // one goes here as a predicate on `s` and `spec`, with the name of its
    // regression test.
    let _ = (s, spec);
    false
}

/// Whether resolving to `target` by `spec` shows a known finding of
/// `relative` (or of the resolution it inverts).
pub fn relative(target: &Url, spec: Spec) -> bool {
    if show() {
        return false;
    }
    // None at present (`relative_to_an_rfc1630_scheme_resolves_back` is
    // fixed). A new one goes here with the name of its regression test.
    let _ = (target, spec);
    false
}
