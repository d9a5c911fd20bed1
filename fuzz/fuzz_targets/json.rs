//! `parse --json` for one line of any octets: see [`urikit_fuzz::check_json`].
//! The first byte picks the spec (modulo 4, in the order of `Spec::ALL`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Spec;

fuzz_target!(|data: &[u8]| {
    let Some((&first, line)) = data.split_first() else {
        return;
    };
    urikit_fuzz::check_json(Spec::ALL[usize::from(first) % 4], line);
});
