//! Scheme views, access plans and the hazard lint. The first byte picks the
//! spec (modulo 4, in the order of `Spec::ALL`: RFC 1738, RFC 1630, RFC 1808,
//! RFC 3986); the rest is the input: see [`urikit_fuzz::check_scheme`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some((spec, s)) = urikit_fuzz::any_spec_and_text(data) {
        if !urikit_fuzz::known::finding(s, spec) {
            urikit_fuzz::check_scheme(s, spec);
        }
    }
});
