//! The WHATWG URL Standard's parser with a base: the base URL, a newline,
//! the input; see [`urikit_fuzz::check_resolve_whatwg`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some((base, input)) = urikit_fuzz::text(data).and_then(|s| s.split_once('\n')) {
        urikit_fuzz::check_resolve_whatwg(base, input);
    }
});
