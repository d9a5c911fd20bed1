//! urikit's `Spec::Whatwg` against ada: see [`urikit_fuzz::check_against_ada`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(s) = urikit_fuzz::text(data) {
        urikit_fuzz::check_against_ada(s);
    }
});
