//! The WHATWG differential (`urikit_bench::whatwg_diff`) as a test: every
//! difference between urikit and a peer is listed in
//! `bench/whatwg-differences.tsv`, and every listed one still differs.
//! `cargo run --release --bin whatwg_diff` prints the counts and the lines
//! to list.
//!
//! Run: `cargo test --manifest-path bench/Cargo.toml --test whatwg_diff`.

use std::collections::BTreeSet;

use urikit_bench::whatwg_diff::{inputs, json_field, listed_path, read_listed, run, VALIDITY};

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

/// The inputs whose strict validity urikit once read differently from the
/// reference implementation: each parses (leniently, to the URL the peers
/// give: `every_difference_is_listed`), is refused strictly, and has the
/// validation error the reference reports.
#[test]
fn validity_as_the_reference_reads_it() {
    use urikit::{Spec, Url};
    for (input, rule) in VALIDITY {
        assert!(Url::parse_lenient_with(input, Spec::Whatwg).is_ok(), "{input}");
        assert!(Url::parse_with(input, Spec::Whatwg).is_err(), "{input}");
        let all = urikit::validate(input, Spec::Whatwg);
        assert!(all.iter().any(|e| e.rule == rule), "{input}: {all:?}");
        // Its serialization keeps what made it invalid.
        let href = Url::parse_lenient_with(input, Spec::Whatwg).unwrap().0.into_string();
        assert!(
            Url::parse_with(&href, Spec::Whatwg).is_err() == (rule == "domain-to-ASCII"),
            "{href}"
        );
    }
}
