//! Partial forms. The first byte picks the spec (even: RFC 1738, odd: RFC
//! 1630); the rest is the context URL and, after the first newline, the
//! reference: see [`urikit_fuzz::check_resolve`].
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Url;

fuzz_target!(|data: &[u8]| {
    let Some((spec, s)) = urikit_fuzz::spec_and_text(data) else {
        return;
    };
    let Some((base, reference)) = s.split_once('\n') else {
        return;
    };
    if let Ok(base) = Url::parse_with(base, spec) {
        urikit_fuzz::check_resolve(&base, reference, spec);
    }
});
