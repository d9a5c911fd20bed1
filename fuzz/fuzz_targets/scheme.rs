//! Scheme views, access plans and the hazard lint. The first byte picks the
//! spec (even: RFC 1738, odd: RFC 1630); the rest is the input: see
//! [`urikit_fuzz::check_scheme`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some((spec, s)) = urikit_fuzz::spec_and_text(data) {
        if !urikit_fuzz::known::finding(s, spec) {
            urikit_fuzz::check_scheme(s, spec);
        }
    }
});
