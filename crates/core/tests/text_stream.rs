//! `read_urls`: the same findings as `find_urls` however the input is cut
//! into reads, a 200 MB stream that is never held in memory, and peak memory
//! that does not grow with the input (100 MB against 1 GB, each in a child
//! process that reports its `VmHWM`).

use std::fs;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::Command;

use urikit::text::{find_urls, read_urls, Found, MAX_URL_LEN};

/// A small deterministic generator (xorshift64*), so that failures replay.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A reader that hands out its text in reads of random sizes, from 1 byte on.
struct Chunked<'a> {
    text: &'a [u8],
    rng: Rng,
    max: usize,
    available: usize,
}

impl<'a> Chunked<'a> {
    fn new(text: &'a str, seed: u64, max: usize) -> Chunked<'a> {
        Chunked {
            text: text.as_bytes(),
            rng: Rng(seed),
            max,
            available: 0,
        }
    }
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Chunked<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.available == 0 {
            self.available = (1 + self.rng.below(self.max)).min(self.text.len());
        }
        Ok(&self.text[..self.available])
    }

    fn consume(&mut self, n: usize) {
        self.text = &self.text[n..];
        self.available -= n;
    }
}

/// Pieces that exercise every branch of the scanner, with their edges.
const PIECES: &[&str] = &[
    "<URL:ftp://info.cern.ch/pub/www/doc;type=d>",
    "<URL:http://www.example.com/a-\n    very/long/path>",
    "<ftp://ds.in\n   ternic.net/rfc>",
    "<ftp:\n //quake.think.com/x>",
    "<foo:\n\t//bar/baz>",
    "<URL:",
    "<url:",
    "<UR",
    "<",
    ">",
    ":",
    "//",
    "http",
    "http:",
    "http://",
    "https://en.wikipedia.org/wiki/Foo_(bar)",
    "(see http://h/a).",
    "news:comp.infosystems.www",
    "mailto:timbl@info.cern.ch,",
    "svn+ssh://h/r",
    "x-",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "12:30",
    " ",
    "\n",
    "\r\n",
    "\u{a0}",
    "caf\u{e9}",
    "na\u{ef}ve",
    "\u{bb}",
    "\u{201d}",
    "\u{2014}",
    "\u{3002}",
    "\u{3002}com",
    "\u{2026}",
    "\u{ff0e}",
    "\u{200b}",
    "\u{1f600}",
    "\u{7dad}\u{57fa}",
    "-\n",
    ".",
    ")",
    "\"",
    "<scheme>",
];

/// A random text of `n` pieces, sometimes with a run longer than MAX_URL_LEN.
fn random_text(rng: &mut Rng, n: usize) -> String {
    let mut s = String::new();
    for _ in 0..n {
        match rng.below(200) {
            0 => s.push_str(&"a".repeat(MAX_URL_LEN - 20 + rng.below(40))),
            1 => s.push_str(&" ".repeat(MAX_URL_LEN - 20 + rng.below(40))),
            _ => s.push_str(PIECES[rng.below(PIECES.len())]),
        }
    }
    s
}

fn read_all(reader: impl BufRead) -> Vec<Found> {
    read_urls(reader).collect::<io::Result<_>>().unwrap()
}

#[test]
fn any_cut_gives_the_same_findings() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut findings = 0;
    for case in 0..300 {
        let pieces = 1 + rng.below(400);
        let text = random_text(&mut rng, pieces);
        let want: Vec<Found> = find_urls(&text).collect();
        findings += want.len();
        for max in [1, 7, 4096, 1 << 20] {
            let got = read_all(Chunked::new(&text, case * 31 + max as u64, max));
            assert!(
                got == want,
                "case {case}, reads of up to {max} bytes: {got:#?}\nwant {want:#?}"
            );
        }
    }
    assert!(findings > 1000, "the generator should find URLs: {findings}");
}

fn seeds() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/seeds");
    let mut names: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    names.sort();
    let mut text = String::new();
    for name in names {
        // Invalid UTF-8, if any, becomes U+FFFD: the block must be a `str`.
        text.push_str(&String::from_utf8_lossy(&fs::read(name).unwrap()));
        text.push('\n');
    }
    text
}

#[test]
fn the_seeds_cut_anywhere() {
    let text = seeds();
    let want: Vec<Found> = find_urls(&text).collect();
    assert!(want.len() > 60);
    for (seed, max) in [(1, 1), (2, 13), (3, 8192)] {
        assert!(read_all(Chunked::new(&text, seed, max)) == want);
    }
}

/// `blocks` copies of `block`, made as they are read: never held whole.
struct Repeat {
    block: Vec<u8>,
    blocks: u64,
    at: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.blocks == 0 {
            return Ok(0);
        }
        let n = buf.len().min(self.block.len() - self.at);
        buf[..n].copy_from_slice(&self.block[self.at..self.at + n]);
        self.at += n;
        if self.at == self.block.len() {
            self.at = 0;
            self.blocks -= 1;
        }
        Ok(n)
    }
}

/// The seeds as one block that neither starts nor ends inside a URL.
fn block() -> String {
    format!("\n{}\n", seeds())
}

/// Runs over `blocks` copies of [`block`] and checks the count and the last
/// finding's position; returns the number of findings.
fn stream(blocks: u64) -> u64 {
    let block = block();
    let per_block: Vec<Found> = find_urls(&block).collect();
    let lines = block.matches('\n').count() as u64;
    let reader = BufReader::with_capacity(
        64 * 1024,
        Repeat {
            block: block.clone().into_bytes(),
            blocks,
            at: 0,
        },
    );
    let mut count = 0;
    let mut last = None;
    for found in read_urls(reader) {
        count += 1;
        last = Some(found.unwrap());
    }
    assert_eq!(count, blocks * per_block.len() as u64);
    let (last, want) = (last.unwrap(), per_block.last().unwrap());
    let skip = (blocks - 1) * block.len() as u64;
    assert_eq!(last.range, want.range.start + skip..want.range.end + skip);
    assert_eq!(
        (last.line, last.column),
        (want.line + (blocks - 1) * lines, want.column)
    );
    assert_eq!(last.url, want.url);
    count
}

#[test]
fn a_200_mb_stream() {
    let blocks = 200_000_000 / block().len() as u64 + 1;
    let count = stream(blocks);
    eprintln!("{} bytes, {count} URLs", blocks * block().len() as u64);
}

#[test]
fn octets_that_are_not_utf8_after_a_bare_url() {
    // Latin-1 text: the URL goes on with an octet that is no character.
    let found = read_all(&b"see http://h/caf\xe9 and http://h/a\xc3\xa9\xff.\n"[..]);
    let cuts: Vec<(&str, char, &str)> = found
        .iter()
        .map(|f| {
            let cut = f.cut.as_ref().unwrap();
            (f.url.as_str(), cut.char, cut.whole.as_str())
        })
        .collect();
    assert_eq!(
        cuts,
        [
            ("http://h/caf", '\u{fffd}', "http://h/caf\u{fffd}"),
            ("http://h/a", '\u{e9}', "http://h/a\u{e9}\u{fffd}"),
        ]
    );
    assert_eq!(found[1].cut.as_ref().unwrap().range, 22..35);
    // Cut anywhere, the same.
    let text = b"x http://h/\xe2\x80\x94 http://h/a\xe3\x80\x82b http://h/\xf0\x9f\x98\x80\n";
    let whole = read_all(&text[..]);
    for max in [1, 2, 3] {
        let mut reader = Chunked::new("", 0, max);
        reader.text = text;
        assert!(read_all(reader) == whole);
    }
    let urls: Vec<(&str, bool)> = whole.iter().map(|f| (f.url.as_str(), f.cut.is_some())).collect();
    assert_eq!(urls, [("http://h/", false), ("http://h/a", true), ("http://h/", true)]);
}

/// A character outside US-ASCII after a bare URL across the end of the
/// first window (64 KiB) is read whole, whichever of its bytes the window
/// ends after.
#[test]
fn a_character_across_the_window_end() {
    let mut cuts = 0;
    for shift in 0..40 {
        let text = format!(
            "{}http://h/na\u{ef}ve. http://h/\u{1f600}\u{3002} http://h/a\u{3002}b http://h/c\u{3002} x",
            " ".repeat(64 * 1024 - 12 - shift)
        );
        let want: Vec<Found> = find_urls(&text).collect();
        assert_eq!(want.len(), 4);
        cuts += want.iter().filter(|f| f.cut.is_some()).count();
        assert!(read_all(text.as_bytes()) == want, "shift {shift}");
    }
    assert_eq!(cuts, 3 * 40);
}

#[test]
fn a_read_error_ends_the_stream() {
    struct Failing(usize);
    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0 == 0 {
                return Err(io::Error::other("disk on fire"));
            }
            let text = b"see http://a/ and ";
            let n = buf.len().min(text.len());
            buf[..n].copy_from_slice(&text[..n]);
            self.0 -= 1;
            Ok(n)
        }
    }
    let mut it = read_urls(BufReader::new(Failing(1)));
    assert_eq!(it.next().unwrap().unwrap().url, "http://a/");
    assert_eq!(it.next().unwrap().unwrap_err().to_string(), "disk on fire");
    assert!(it.next().is_none());
}

/// The child side of `memory_stays_flat`: streams `URIKIT_TEXT_BYTES` bytes
/// and prints its count and its peak resident set.
#[test]
#[ignore = "run by memory_stays_flat in a process of its own"]
fn memory_child() {
    let Ok(bytes) = std::env::var("URIKIT_TEXT_BYTES") else {
        return;
    };
    let blocks = bytes.parse::<u64>().unwrap() / block().len() as u64 + 1;
    let count = stream(blocks);
    let status = fs::read_to_string("/proc/self/status").unwrap();
    let hwm = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kb: u64 = hwm.split_whitespace().nth(1).unwrap().parse().unwrap();
    println!(
        "RESULT bytes={} urls={count} vmhwm_kb={kb}",
        blocks * block().len() as u64
    );
}

/// Peak RSS of a child streaming `bytes` bytes: (bytes streamed, URLs, KiB).
fn peak(bytes: u64) -> (u64, u64, u64) {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "memory_child",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("URIKIT_TEXT_BYTES", bytes.to_string())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "child failed: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The harness prints "test memory_child ... " on the same line.
    let line = stdout.split("RESULT ").nth(1).expect("the child's result");
    let field = |name: &str| -> u64 {
        let word = line
            .split_whitespace()
            .find(|w| w.starts_with(&format!("{name}=")))
            .unwrap();
        word[name.len() + 1..].parse().unwrap()
    };
    (field("bytes"), field("urls"), field("vmhwm_kb"))
}

#[test]
#[cfg(target_os = "linux")]
fn memory_stays_flat() {
    let small = peak(100_000_000);
    let large = peak(1_000_000_000);
    eprintln!(
        "peak RSS streaming {} bytes ({} URLs): {} KiB",
        small.0, small.1, small.2
    );
    eprintln!(
        "peak RSS streaming {} bytes ({} URLs): {} KiB",
        large.0, large.1, large.2
    );
    // Ten times the input, the same memory: within 1 MiB.
    assert!(large.2 <= small.2 + 1024, "{small:?} vs {large:?}");
}
