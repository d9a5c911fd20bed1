//! `explain`: an input alone, or a base, a newline and the input. Every
//! reading is its spec's parser's; the verdicts alone are the explanation's
//! (they skip the readings of a URL of the commonest shape, which every
//! spec reads alike: this holds that quick answer to every verdict);
//! the JSON is written and parses back to the input; a verdict's specs and
//! message are never empty.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urikit::explain::{explain, verdicts, SPECS};

fuzz_target!(|data: &[u8]| {
    let Some(text) = urikit_fuzz::text(data) else { return };
    let (base, input) = match text.split_once('\n') {
        Some((base, input)) => (Some(base), input),
        None => (None, text),
    };
    let e = explain(input, base).expect("an input of fuzzing size is explained");
    assert_eq!(e.readings.len(), SPECS.len());
    for (reading, spec) in e.readings.iter().zip(SPECS) {
        assert_eq!(reading.spec, spec);
        // A URL, or why not; a target exactly for a URL.
        assert_eq!(reading.url.is_some(), reading.errors.is_empty(), "{input:?} {spec:?}");
        assert_eq!(reading.url.is_some(), reading.target.is_some(), "{input:?} {spec:?}");
        if base.is_none() && spec != urikit::Spec::Whatwg {
            assert_eq!(
                reading.url.is_some(),
                urikit::UrlRef::parse_with(input, spec).is_ok(),
                "{input:?} {spec:?}"
            );
        }
    }
    assert_eq!(verdicts(input, base).unwrap(), e.verdicts, "{input:?} against {base:?}");
    for v in &e.verdicts {
        assert!(!v.specs.is_empty() && !v.message.is_empty(), "{v:?}");
    }
    assert!(e.verdicts.windows(2).all(|w| w[0].code <= w[1].code));
    let json: serde_json::Value = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
    assert_eq!(json["input"].as_str(), Some(input));
});
