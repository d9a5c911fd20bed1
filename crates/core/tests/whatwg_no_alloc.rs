//! `whatwg::can_parse` performs no heap allocation: over every conformance,
//! adversarial and benchmark input, each with its base, none at all for an
//! input whose hosts are ASCII, and for the rest none either as long as
//! the `idna` crate's working buffers hold the host (see the
//! `whatwg::can_parse` module docs); the long non-ASCII hosts below are
//! the inputs that do allocate, to show the limit is where the docs say.
//!
//! A counting global allocator (`stats_alloc`) wraps the system one. It
//! counts for the whole process, so this binary holds a single test.

mod whatwg_inputs;

use std::alloc::System;

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use urikit::whatwg::can_parse;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn allocations(input: &str, base: Option<&str>) -> usize {
    let region = Region::new(GLOBAL);
    std::hint::black_box(can_parse(std::hint::black_box(input), base));
    let change = region.change();
    change.allocations + change.reallocations
}

#[test]
fn can_parse_allocates_nothing() {
    let cases = whatwg_inputs::all();
    let mut allocating = Vec::new();
    for (input, base) in &cases {
        if allocations(input, base.as_deref()) > 0 {
            allocating.push((input.clone(), base.clone()));
        }
    }
    // Each that allocated has a host that is not ASCII and is longer than
    // the 253 code points the idna crate holds inline.
    for (input, base) in &allocating {
        let host = input
            .split_once("://")
            .map(|(_, rest)| rest.split('/').next().unwrap_or(""))
            .unwrap_or("");
        assert!(
            base.is_none() && !host.is_ascii() && host.chars().count() > 253,
            "can_parse allocated on {input:?} against {base:?}"
        );
    }
    eprintln!(
        "no allocation on {} of {} inputs; the rest have hosts of more than 253 code points, not ASCII",
        cases.len() - allocating.len(),
        cases.len()
    );
    assert!(allocating.len() < 10, "{}", allocating.len());

    // ASCII hosts of every shape, at length.
    let long = "a".repeat(100_000);
    for input in [
        format!("http://{long}.com/"),
        format!("http://{}/", "1.".repeat(50_000)),
        format!("http://{}/", "%41".repeat(10_000)),
        format!("http://xn--{long}/"),
        format!("foo://{long}/"),
        format!("http://[{long}]/"),
        format!("http://\t{long}\n/"),
    ] {
        assert_eq!(allocations(&input, None), 0, "{}", &input[..40]);
    }
    // Past the idna crate's inline buffers (253 code points of domain), a
    // host that is not ASCII is processed on the heap.
    let wide = format!("http://{}/", "é".repeat(300));
    assert!(allocations(&wide, None) > 0);
}
