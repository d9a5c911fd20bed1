//! Writes the route tables of the URL pattern benchmarks,
//! `bench/patterns/routes-20.txt` and `routes-1000.txt`, from
//! `urikit_bench::pattern::routes`: `cargo run --release --bin routes`.

use urikit_bench::pattern::{routes, routes_file, LARGE, SMALL};

fn main() {
    for n in [SMALL, LARGE] {
        let path = routes_file(n);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("bench/patterns is made");
        let mut text = String::new();
        for (route, _) in routes(n) {
            text.push_str(&route);
            text.push('\n');
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        eprintln!("wrote {}", path.display());
    }
}
