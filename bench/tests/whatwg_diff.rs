//! The WHATWG differential (`urikit_bench::whatwg_diff`) as a test: every
//! difference between urikit and a peer is listed in
//! `bench/whatwg-differences.tsv`, and every listed one still differs.
//! `cargo run --release --bin whatwg_diff` prints the counts and the lines
//! to list.
//!
//! Run: `cargo test --manifest-path bench/Cargo.toml --test whatwg_diff`.

use std::collections::BTreeSet;

use urikit_bench::whatwg_diff::{inputs, json_field, listed_path, read_listed, run};

#[test]
fn every_difference_is_listed() {
    let inputs = inputs();
    let (counts, found) = run(&inputs);
    let (categories, listed) = read_listed(&listed_path());
    println!(
        "inputs: {}, accepted: {:?}, equal: {:?}",
        counts.inputs, counts.accepted, counts.equal
    );
    let key =
        |peer: &str, input: &str, base: Option<&str>| (peer.to_owned(), input.to_owned(), base.map(str::to_owned));
    let listed_keys: BTreeSet<_> = listed
        .iter()
        .map(|l| key(&l.peer, &l.input, l.base.as_deref()))
        .collect();
    assert_eq!(listed_keys.len(), listed.len(), "a difference is listed twice");
    let found_keys: BTreeSet<_> = found
        .iter()
        .map(|f| key(f.peer, &f.input.input, f.input.base.as_deref()))
        .collect();
    let unlisted: Vec<_> = found
        .iter()
        .filter(|f| !listed_keys.contains(&key(f.peer, &f.input.input, f.input.base.as_deref())))
        .map(|f| {
            format!(
                "{} {} {} (base {:?}): urikit {}, {} {}",
                f.peer,
                f.how,
                json_field(&f.input.input),
                f.input.base,
                json_field(&f.urikit),
                f.peer,
                json_field(&f.other)
            )
        })
        .collect();
    let gone: Vec<_> = listed_keys.difference(&found_keys).collect();
    let unused: Vec<_> = categories
        .keys()
        .filter(|c| !listed.iter().any(|l| &l.category == *c))
        .collect();
    assert!(
        unlisted.is_empty() && gone.is_empty() && unused.is_empty(),
        "differences not listed:\n{}\nlisted, no longer differing: {gone:?}\ncategories with no difference: {unused:?}",
        unlisted.join("\n")
    );
}
