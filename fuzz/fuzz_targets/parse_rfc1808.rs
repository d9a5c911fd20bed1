//! Strict parsing of URLs and references by RFC 1808, whose common shapes
//! take a fast path first: see [`urikit_fuzz::check_generic_parse`] and
//! [`urikit_fuzz::check_reference`] (a reference with a scheme, parsed by
//! the full grammar alone, is exactly the URL).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Spec;

fuzz_target!(|data: &[u8]| {
    let spec = Spec::Rfc1808;
    if let Some(s) = urikit_fuzz::text(data).filter(|s| !urikit_fuzz::known::finding(s, spec)) {
        urikit_fuzz::check_generic_parse(s, spec);
        urikit_fuzz::check_reference(s, spec);
    }
});
