//! The canonical form and equivalence. The first byte picks the spec (even:
//! RFC 1738, odd: RFC 1630); the rest is one URL, or two split at the first
//! NUL or newline.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Spec;
use urikit_fuzz::{check_canonical, check_lowered_equivalent, check_pair, known, parse_any};

fn parse(s: &str, spec: Spec) -> Option<(urikit::Url, bool)> {
    parse_any(s, spec).filter(|_| !known::finding(s, spec))
}

fuzz_target!(|data: &[u8]| {
    let Some((spec, s)) = urikit_fuzz::spec_and_text(data) else {
        return;
    };
    if let Some((url, strict)) = parse(s, spec) {
        check_canonical(&url, strict);
        if strict {
            check_lowered_equivalent(&url);
        }
    }
    if let Some((a, b)) = s.split_once(['\0', '\n']) {
        if let (Some((a, _)), Some((b, _))) = (parse(a, spec), parse(b, spec)) {
            check_canonical(&a, false);
            check_canonical(&b, false);
            check_pair(&a, &b);
        }
    }
});
