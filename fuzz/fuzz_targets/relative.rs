//! The inverse of resolution. The first byte picks the spec (its value
//! modulo 4, in the order of `Spec::ALL`); the rest is the base URL and,
//! after the first newline, the target: see [`urikit_fuzz::check_relative`].
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Url;
use urikit_fuzz::known;

fuzz_target!(|data: &[u8]| {
    let Some((spec, s)) = urikit_fuzz::any_spec_and_text(data) else {
        return;
    };
    let Some((base, target)) = s.split_once('\n') else {
        return;
    };
    if let (Ok(base), Ok(target)) = (Url::parse_with(base, spec), Url::parse_with(target, spec)) {
        if !known::relative(&target, spec) {
            urikit_fuzz::check_relative(&base, &target, spec);
        }
    }
});
