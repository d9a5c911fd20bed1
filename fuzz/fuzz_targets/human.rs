//! The human output of `check`, `parse`, `lint` and `normalize` for one
//! line of any octets: see [`urikit_fuzz::check_human`]. The first byte
//! picks one of the four RFC grammars (modulo 4, in the order of
//! `Spec::ALL`, whose first four they are).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Spec;

fuzz_target!(|data: &[u8]| {
    let Some((&first, line)) = data.split_first() else {
        return;
    };
    urikit_fuzz::check_human(Spec::ALL[usize::from(first) % 4], line);
});
