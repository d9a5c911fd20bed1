//! Strict parsing by RFC 1738: see [`urikit_fuzz::check_parse`].
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Spec;

fuzz_target!(|data: &[u8]| {
    let spec = Spec::Rfc1738;
    if let Some(s) = urikit_fuzz::text(data).filter(|s| !urikit_fuzz::known::finding(s, spec)) {
        urikit_fuzz::check_parse(s, spec);
    }
});
