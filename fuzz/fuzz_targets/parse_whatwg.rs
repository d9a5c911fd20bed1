//! The WHATWG URL Standard's parser and its round trip: see
//! [`urikit_fuzz::check_whatwg`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(s) = urikit_fuzz::text(data) {
        urikit_fuzz::check_whatwg(s);
    }
});
