//! urikit's RFC 3986 parse against fluent-uri's, component by component:
//! see [`urikit_fuzz::check_against_fluent_uri`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(s) = urikit_fuzz::text(data) {
        urikit_fuzz::check_against_fluent_uri(s);
    }
});
