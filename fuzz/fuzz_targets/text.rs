//! URLs in text. The first byte picks a layout (see
//! [`urikit_fuzz::text_layout`]); the rest is the text, and its bytes the
//! sizes of the chunks `read_urls` is given: see [`urikit_fuzz::check_text`].
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&layout, rest)) = data.split_first() else {
        return;
    };
    if let Some(s) = urikit_fuzz::text(rest) {
        urikit_fuzz::check_text(&urikit_fuzz::text_layout(layout, s), rest);
    }
});
