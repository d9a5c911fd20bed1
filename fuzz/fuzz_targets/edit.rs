//! The setters. The first byte picks the spec (modulo 4, in the order of
//! `Spec::ALL`); the first line is a URL, each further line an edit (see
//! `urikit_fuzz::Edit::read`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::Url;
use urikit_fuzz::{check_edits, Edit};

fuzz_target!(|data: &[u8]| {
    let Some((spec, s)) = urikit_fuzz::any_spec_and_text(data) else {
        return;
    };
    let mut lines = s.split('\n');
    let Some(Ok(url)) = lines.next().map(|first| Url::parse_with(first, spec)) else {
        return;
    };
    let edits: Vec<Edit<'_>> = lines.filter_map(Edit::read).take(16).collect();
    check_edits(&url, spec, &edits);
});
