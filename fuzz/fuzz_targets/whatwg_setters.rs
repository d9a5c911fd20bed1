//! The `URL` API's setters: a URL, then one setter per line (see
//! `urikit_fuzz::read_setter`); see [`urikit_fuzz::check_setters`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(s) = urikit_fuzz::text(data) else {
        return;
    };
    let mut lines = s.split('\n');
    let Some(url) = lines.next() else {
        return;
    };
    let setters: Vec<_> = lines.filter_map(urikit_fuzz::read_setter).take(16).collect();
    urikit_fuzz::check_setters(url, &setters);
});
