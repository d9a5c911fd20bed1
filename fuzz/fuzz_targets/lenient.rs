//! Lenient parsing by every spec: see [`urikit_fuzz::check_lenient`].
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Spec;

fuzz_target!(|data: &[u8]| {
    if let Some(s) = urikit_fuzz::text(data) {
        for spec in Spec::ALL
            .into_iter()
            .filter(|&spec| !urikit_fuzz::known::finding(s, spec))
        {
            urikit_fuzz::check_lenient(s, spec);
        }
    }
});
