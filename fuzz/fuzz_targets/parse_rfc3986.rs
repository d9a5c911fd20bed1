//! Strict parsing of URLs and references by RFC 3986 and RFC 1808: see
//! [`urikit_fuzz::check_generic_parse`] and [`urikit_fuzz::check_reference`].
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Spec;

fuzz_target!(|data: &[u8]| {
    if let Some(s) = urikit_fuzz::text(data) {
        for spec in [Spec::Rfc3986, Spec::Rfc1808] {
            if !urikit_fuzz::known::finding(s, spec) {
                urikit_fuzz::check_generic_parse(s, spec);
                urikit_fuzz::check_reference(s, spec);
            }
        }
    }
});
