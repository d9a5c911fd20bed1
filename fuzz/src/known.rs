//! Findings not yet fixed in urikit, each with a failing regression test in
//! `crates/core/tests/fuzz_regressions.rs`.
//!
//! The targets skip an input that shows one of these, so that a run goes on
//! to find other bugs instead of the same one again. Delete a predicate once
//! its regression test passes. With `URIKIT_FUZZ_KNOWN=1` in the environment
//! nothing is skipped (to reproduce or minimize a finding).

use std::sync::OnceLock;

use urikit::Spec;

/// Whether `s` shows a known finding when parsed by `spec`.
pub fn finding(s: &str, spec: Spec) -> bool {
    static SHOW: OnceLock<bool> = OnceLock::new();
    if *SHOW.get_or_init(|| std::env::var_os("URIKIT_FUZZ_KNOWN").is_some_and(|v| v == "1")) {
        return false;
    }
    // None at present: every finding so far is fixed. A new one goes here as
    // a predicate on `s` and `spec`, with the name of its regression test.
    let _ = (s, spec);
    false
}
