//! The WHATWG differential (see `urikit_bench::whatwg_diff`): prints the
//! inputs, each side's acceptance, the inputs where urikit and each peer
//! agree, and the differences by peer and category; then each difference
//! not listed in `bench/whatwg-differences.tsv` as a line to list (category
//! `unlisted`, with both hrefs in a comment before it), and each listed one
//! that no longer differs. Exit status 1 when there is either.
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin whatwg_diff`.

use std::collections::{BTreeMap, BTreeSet};

use urikit_bench::whatwg_diff::{inputs, json_field, listed_path, read_listed, run, PEERS};

fn main() {
    let inputs = inputs();
    let (counts, found) = run(&inputs);
    let (_, listed) = read_listed(&listed_path());
    let key =
        |peer: &str, input: &str, base: Option<&str>| (peer.to_owned(), input.to_owned(), base.map(str::to_owned));
    let listed_by: BTreeMap<_, _> = listed
        .iter()
        .map(|l| (key(&l.peer, &l.input, l.base.as_deref()), l.category.as_str()))
        .collect();
    let by_source = inputs.iter().fold(BTreeMap::<&str, usize>::new(), |mut m, i| {
        *m.entry(i.source).or_default() += 1;
        m
    });
    println!("inputs: {} ({by_source:?})", counts.inputs);
    for (side, n) in &counts.accepted {
        println!("accepted by {side}: {n}");
    }
    let mut unlisted = Vec::new();
    let mut seen = BTreeSet::new();
    let mut by_category = BTreeMap::<(&str, &str), usize>::new();
    for f in &found {
        let k = key(f.peer, &f.input.input, f.input.base.as_deref());
        match listed_by.get(&k) {
            Some(category) => *by_category.entry((f.peer, category)).or_default() += 1,
            None => unlisted.push(f),
        }
        seen.insert(k);
    }
    for peer in PEERS {
        let differ = found.iter().filter(|f| f.peer == peer).count();
        println!("urikit and {peer}: {} equal, {differ} differ", counts.equal[peer]);
        for ((p, category), n) in &by_category {
            if *p == peer {
                println!("  {category}: {n}");
            }
        }
        let u = unlisted.iter().filter(|f| f.peer == peer).count();
        if u > 0 {
            println!("  unlisted: {u}");
        }
    }
    for f in &unlisted {
        println!(
            "# {} {}: urikit {}, {} {}",
            f.input.source,
            f.how,
            json_field(&f.urikit),
            f.peer,
            json_field(&f.other)
        );
        println!(
            "{}\tunlisted\t{}\t{}",
            f.peer,
            json_field(&f.input.input),
            f.input.base.as_deref().map_or_else(|| "-".to_owned(), json_field)
        );
    }
    let gone: Vec<_> = listed_by.keys().filter(|k| !seen.contains(*k)).collect();
    for (peer, input, base) in &gone {
        println!("listed, no longer differs: {peer} {} {base:?}", json_field(input));
    }
    if !unlisted.is_empty() || !gone.is_empty() {
        std::process::exit(1);
    }
}
