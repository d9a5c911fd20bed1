//! Percent-encoding: see [`urikit_fuzz::check_pct`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(s) = urikit_fuzz::text(data) {
        urikit_fuzz::check_pct(s);
    }
});
