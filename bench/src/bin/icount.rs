//! One workload, once, for an instruction count under callgrind (see
//! `measure`): `icount lib ID FILE`, `icount text ID FILE`, `icount pattern
//! ID -`, or any with `load` for ID: the same loading and nothing else, the
//! run whose count is subtracted.
//!
//! `lib`: FILE holds one URL per line; the workload is run over each.
//! `text`: FILE is the text the extraction workload reads.
//! `pattern`: a workload of `urikit_bench::pattern::PATTERN_WORKS` over the
//! routes and URLs it loads itself (FILE is not read).

use std::hint::black_box;
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, id, file] = args.as_slice() else {
        eprintln!("usage: icount lib|text|pattern ID|load FILE");
        std::process::exit(2);
    };
    let result = match kind.as_str() {
        "lib" => {
            let urls = urikit_bench::read_urls(Path::new(file)).expect("the URL file reads");
            let urls: Vec<&str> = black_box(urls.iter().map(String::as_str).collect());
            match id.as_str() {
                "load" => urls.len(),
                id => urikit_bench::lib(id).expect("a workload of that id").run(&urls),
            }
        }
        "text" => {
            let text = black_box(std::fs::read_to_string(file).expect("the text reads"));
            match id.as_str() {
                "load" => text.len(),
                id => {
                    let (_, _, run) = urikit_bench::TEXT_LIBS
                        .iter()
                        .find(|(i, _, _)| *i == id)
                        .expect("a text workload of that id");
                    run(&text)
                }
            }
        }
        "pattern" => {
            let _ = file;
            let data = black_box(urikit_bench::pattern::PatternData::load());
            match id.as_str() {
                "load" => data.urls.len(),
                id => {
                    let work = urikit_bench::pattern::pattern_work(id).expect("a pattern workload of that id");
                    (work.run)(&data)[0] as usize
                }
            }
        }
        other => panic!("unknown kind {other}"),
    };
    println!("{}", black_box(result));
}
