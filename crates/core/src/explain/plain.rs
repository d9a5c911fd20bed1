//! The commonest shape of a URL, which every spec reads alike: recognized
//! from its text, so that [`verdicts`](super::verdicts) can answer "none"
//! without running the five parsers.
//!
//! A plain URL is `http://`, `https://` or `file://`, then a host name of
//! lower-case labels (a letter first, then letters, digits and hyphens,
//! a letter or digit last, no `--` after two octets as in `xn--`; not
//! `localhost` nor a name under it, which are loopback, and which WHATWG
//! empties in a file URL), then nothing (not in a
//! file URL, whose RFC 1738 form needs a path) or a path, an optional query
//! and an optional fragment (neither in a file URL, whose RFC 1738 form has
//! neither), each of octets that all five specs allow there unescaped and
//! WHATWG keeps as they are. No port, no user, no escape, and no `/` then
//! `.` in the path, where a `.` or `..` segment could start (one spec
//! removes it, another keeps it).
//!
//! The host is read by a table of states, an octet a lookup; the path,
//! query and fragment by a table of classes, eight octets at a time. Each
//! class of octets is the intersection of the specs' own sets (the tables
//! are built from them, not written out), and what this recognizes, each
//! parser accepts and no verdict function raises anything: tested below
//! octet by octet and by a property, and by the `explain` fuzz target.
//! Anything else is left to the readings.

use crate::ascii::{rfc1630, rfc1738, whatwg, ByteSet};
use crate::rfc3986::chars::{self as rfc3986, rfc1808};

/// The octets WHATWG keeps as written with no validation error, anywhere
/// after the host: URL code points (ASCII) but `\`, which it reads as `/`
/// in a special URL, and `%`, which must start an escape.
const WHATWG_URL_UNITS: ByteSet = rfc1738::ALPHADIGIT.with_all(b"!$&'()*+,-./:;=?@_~");

/// Octets of the path of an `http` or `https` URL, `/` included: RFC 1738
/// `hpath` (http) and `urlpath` (a scheme it does not define), RFC 1630
/// `path`, RFC 1808 `path` and `params`, RFC 3986 `path-abempty`, and
/// WHATWG's path state with nothing encoded.
const PATH: ByteSet = intersect(&[
    rfc1738::HPATH,
    rfc1738::URLPATH,
    rfc1630::PATH,
    rfc1808::PATH_PARAMS,
    rfc3986::PATH,
    WHATWG_URL_UNITS.intersection(whatwg::PATH.complement()),
])
.without(b'%');

/// Octets of the path of a file URL: as [`PATH`], with RFC 1738's `fpath`,
/// and no `:`, which could make a first segment a Windows drive letter.
const FILE_PATH: ByteSet = PATH.intersection(rfc1738::FPATH).without(b':');

/// Octets of the query of an `http` or `https` URL: RFC 1738 `search` (and
/// the generic one), RFC 1630 `search`, RFC 1808 and RFC 3986 `query`, and
/// WHATWG's special-query state with nothing encoded.
const QUERY: ByteSet = intersect(&[
    rfc1738::SEARCH,
    rfc1738::XCHAR,
    rfc1630::SEARCH,
    rfc1808::QUERY,
    rfc3986::QUERY,
    WHATWG_URL_UNITS.intersection(whatwg::SPECIAL_QUERY.complement()),
])
.without(b'%')
.without(b'#');

/// Octets of the fragment: RFC 1738's (`xchar`), RFC 1630 `fragmentid`, RFC
/// 1808 `fragment` (as its `query`), RFC 3986 `fragment` (as its `query`),
/// and WHATWG's fragment state with nothing encoded.
const FRAGMENT: ByteSet = intersect(&[
    rfc1738::XCHAR,
    rfc1630::FRAGMENTID,
    rfc1808::QUERY,
    rfc3986::QUERY,
    WHATWG_URL_UNITS.intersection(whatwg::FRAGMENT.complement()),
])
.without(b'%')
.without(b'#');

const fn intersect(sets: &[ByteSet]) -> ByteSet {
    let mut all = sets[0];
    let mut i = 1;
    while i < sets.len() {
        all = all.intersection(sets[i]);
        i += 1;
    }
    all
}

/// What an octet of a host is: the class of the table of states (0 for
/// any other octet).
const LETTER: u8 = 1;
const DIGIT: u8 = 2;
const DOT: u8 = 3;
const HYPHEN: u8 = 4;
const SLASH: u8 = 5;
const CLASSES: usize = 6;

/// The class of each octet in a host: a plain host is lower case. The
/// sets are disjoint, so each octet has one class.
static HOST: [u8; 256] = table([
    (rfc1738::LOWALPHA, LETTER),
    (rfc1738::DIGIT, DIGIT),
    (ByteSet::from_bytes(b"."), DOT),
    (ByteSet::from_bytes(b"-"), HYPHEN),
    (ByteSet::from_bytes(b"/"), SLASH),
]);

/// A table of each octet: the union of the bits of the sets that hold it
/// (0 for an octet of none).
const fn table<const N: usize>(sets: [(ByteSet, u8); N]) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let mut k = 0;
        while k < N {
            if sets[k].0.contains(i as u8) {
                t[i] |= sets[k].1;
            }
            k += 1;
        }
        i += 1;
    }
    t
}

// The states of a host: a label's states count its octets up to four (for
// `xn--`) and remember a last hyphen.
const REJECT: usize = 0;
/// At the start of a label.
const LABEL: usize = 1;
const LABEL_1: usize = 2;
const LABEL_2: usize = 3;
const LABEL_2_HYPHEN: usize = 4;
const LABEL_3: usize = 5;
const LABEL_3_HYPHEN: usize = 6;
const LABEL_N: usize = 7;
const LABEL_N_HYPHEN: usize = 8;
/// The host has ended with the path's `/`.
const PATH_STATE: usize = 9;
const STATES: usize = 10;

/// The state after an octet of class `c` in state `s`.
const fn step(s: usize, c: u8) -> usize {
    let hyphen_last = matches!(s, LABEL_2_HYPHEN | LABEL_3_HYPHEN | LABEL_N_HYPHEN);
    match (s, c) {
        (LABEL, LETTER) => LABEL_1,
        (LABEL_1..=LABEL_N_HYPHEN, DOT) if !hyphen_last => LABEL,
        (LABEL_1..=LABEL_N_HYPHEN, SLASH) if !hyphen_last => PATH_STATE,
        (LABEL_1, HYPHEN) => LABEL_2_HYPHEN,
        (LABEL_2 | LABEL_2_HYPHEN, HYPHEN) => LABEL_3_HYPHEN,
        // `xn--`, or any label with `--` there.
        (LABEL_3_HYPHEN, HYPHEN) => REJECT,
        (LABEL_3 | LABEL_N | LABEL_N_HYPHEN, HYPHEN) => LABEL_N_HYPHEN,
        (LABEL_1, LETTER | DIGIT) => LABEL_2,
        (LABEL_2 | LABEL_2_HYPHEN, LETTER | DIGIT) => LABEL_3,
        (LABEL_3..=LABEL_N_HYPHEN, LETTER | DIGIT) => LABEL_N,
        _ => REJECT,
    }
}

/// The transitions: the next state's row (its index times [`CLASSES`]) at
/// the row of the state plus the class; a power of two long, so that an
/// index masked by it needs no bounds check.
static NEXT: [u8; 64] = {
    assert!(STATES * CLASSES <= 64);
    let mut t = [0u8; 64];
    let mut s = 0;
    while s < STATES {
        let mut c = 0;
        while c < CLASSES {
            t[s * CLASSES + c] = (step(s, c as u8) * CLASSES) as u8;
            c += 1;
        }
        s += 1;
    }
    t
};

/// Whether `s` is a plain URL (see the module).
pub(crate) fn plain(s: &[u8]) -> bool {
    let (path_bit, at) = if s.starts_with(b"https://") {
        (RUN_PATH, 8)
    } else if s.starts_with(b"http://") {
        (RUN_PATH, 7)
    } else if s.starts_with(b"file://") {
        (RUN_FILE_PATH, 7)
    } else {
        return false;
    };
    let rest = &s[at..];
    // The host: a table lookup an octet.
    let mut state = LABEL * CLASSES;
    let mut i = 0;
    while let Some(&b) = rest.get(i) {
        state = NEXT[(state + HOST[b as usize] as usize) & 63] as usize;
        i += 1;
        if state == PATH_STATE * CLASSES || state == REJECT {
            break;
        }
    }
    let host = match state / CLASSES {
        PATH_STATE => &rest[..i - 1],
        // A URL that ends with its host (not a file URL, whose RFC 1738
        // form needs a path).
        LABEL_1 | LABEL_2 | LABEL_3 | LABEL_N if i == rest.len() && path_bit == RUN_PATH => rest,
        _ => return false,
    };
    // `localhost` and the names under it are loopback (`ip-internal`); and
    // WHATWG empties the host `localhost` of a file URL.
    if is_localhost(host) {
        return false;
    }
    if i == rest.len() {
        return true;
    }
    // The path, from its '/': runs of octets eight at a time.
    let path = i - 1;
    i = run(rest, i, path_bit);
    // A '/' then a '.' may start a `.` or `..` segment: left to the
    // readings (".well-known" with them).
    if slash_dot(&rest[path..i]) {
        return false;
    }
    if i == rest.len() {
        return true;
    }
    if path_bit == RUN_FILE_PATH {
        return false;
    }
    if rest[i] == b'?' {
        i = run(rest, i + 1, RUN_QUERY);
        if i == rest.len() {
            return true;
        }
    }
    rest[i] == b'#' && run(rest, i + 1, RUN_FRAGMENT) == rest.len()
}

/// Whether a plain host (lower case, no trailing dot) is `localhost` or a
/// name under it.
fn is_localhost(host: &[u8]) -> bool {
    host.strip_suffix(b"localhost")
        .is_some_and(|before| before.is_empty() || before.ends_with(b"."))
}

/// The places an octet may be in, for [`run`].
const RUN_PATH: u8 = 1;
const RUN_FILE_PATH: u8 = 2;
const RUN_QUERY: u8 = 4;
const RUN_FRAGMENT: u8 = 8;

static RUNS: [u8; 256] = table([
    (PATH, RUN_PATH),
    (FILE_PATH, RUN_FILE_PATH),
    (QUERY, RUN_QUERY),
    (FRAGMENT, RUN_FRAGMENT),
]);

/// Where the octets in place `bit` from `i` end: eight at a time while all
/// eight are.
#[inline(always)]
fn run(s: &[u8], mut i: usize, bit: u8) -> usize {
    while let Some(chunk) = s.get(i..i + 8) {
        if chunk.iter().fold(bit, |all, &b| all & RUNS[b as usize]) == 0 {
            break;
        }
        i += 8;
    }
    while i < s.len() && RUNS[s[i] as usize] & bit != 0 {
        i += 1;
    }
    i
}

/// Whether `s` has a `/` followed by a `.`: eight pairs at a time.
#[inline(always)]
fn slash_dot(s: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const LOW7: u64 = ONES * 0x7f;
    // The high bit of each octet of `x` that is zero (exact, octet by
    // octet: no carry crosses an octet).
    let zero = |x: u64| !(((x & LOW7) + LOW7) | x | LOW7);
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or_default());
    let mut k = 0;
    while let Some(pair) = s.get(k..k + 9) {
        if zero(word(&pair[..8]) ^ (ONES * u64::from(b'/'))) & zero(word(&pair[1..]) ^ (ONES * u64::from(b'.'))) != 0 {
            return true;
        }
        k += 8;
    }
    s[k.min(s.len())..].windows(2).any(|w| w == b"/.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{verdict, Light, SPECS};

    /// Every spec accepts `input`, and no verdict function raises anything
    /// (WHATWG's validation errors that are not failures, such as a label
    /// over 63 octets, raise none).
    fn quiet_by_all(input: &str) -> Result<(), String> {
        let light = Light::read(input, None, &SPECS).map_err(|e| e.to_string())?;
        for (spec, r) in SPECS.iter().zip(light.readings()) {
            if r.url.is_err() {
                return Err(format!("{spec:?} refuses {input:?}"));
            }
        }
        // Every verdict function, not the quick "nothing to see" test.
        let mut verdicts = Vec::new();
        verdict::derive_all(&light, &mut verdicts);
        if !verdicts.is_empty() {
            return Err(format!("{input:?} raises {verdicts:?}"));
        }
        Ok(())
    }

    #[test]
    fn takes_the_commonest_shapes() {
        for input in [
            "https://example.com/",
            "https://example.com",
            "http://www.w3.org/hypertext/WWW/TheProject.html",
            "https://a-b.c9.example/x/y;p?q&r#f",
            "http://h/a//b/",
            "https://h/a./b.c/d..e/",
            "file://deps/v8/test/x.js",
            "file://h/",
            "http://abc--d.example/",
            "http://xlocalhost/",
            "http://localhost.example/",
            "http://localhosts/",
        ] {
            assert!(plain(input.as_bytes()), "{input}");
            quiet_by_all(input).unwrap();
        }
    }

    #[test]
    fn leaves_the_rest_to_the_readings() {
        for input in [
            "HTTP://h/",
            "http://H/",
            "http://h:80/",
            "http://u@h/",
            "http://1.2.3.4/",
            "http://h.1/",
            "http://-h/",
            "http://h-/",
            "http://h-.example/",
            "http://ab-.example/",
            "http://xn--x/",
            "http://a.xn--x/",
            "http://xn--nxasmq6b/",
            "http://h./",
            "http://h..x/",
            "http://localhost/",
            "http://localhost",
            "http://x.localhost/",
            "https://a.b.localhost",
            "http://localhost./",
            "file://localhost/x",
            "file://x.localhost/x",
            "http://h?q",
            "http://h#f",
            "https://h/.well-known/x",
            "http://h/a/./b",
            "http://h/a/../b",
            "http://h/..",
            "http://h/.",
            "http://h/%41",
            "http://h/\\",
            "http://h/~u",
            "http://h/a b",
            "http://h/?a=b",
            "http://h/?a/b",
            "http://h/#a+b",
            "http://h/é",
            "file:///etc",
            "file://h",
            "file://h/C:/x",
            "file://h/a?b",
            "file://h/a#b",
            "file://h/a;b",
            "ftp://h/",
            "http:\\\\h/",
            "http:/\\h/",
            "foo://%67oogle.com/",
            " http://h/",
            "http://h/\t",
        ] {
            assert!(!plain(input.as_bytes()), "{input}");
        }
        // No length is refused by any spec: a label of 64 octets and a host
        // of 300 are read alike.
        for input in [
            format!("http://{}.example/", "a".repeat(64)),
            format!("http://{}com/", "ab.".repeat(100)),
            format!("file://{}/x", "a".repeat(64)),
        ] {
            assert!(plain(input.as_bytes()), "{input}");
            quiet_by_all(&input).unwrap();
        }
    }

    /// Each octet a class lets pass, in each place, where it starts,
    /// continues and ends the part, in each scheme.
    #[test]
    fn every_octet_it_takes_every_spec_reads_alike() {
        let mut tried = 0;
        for b in 0..=255u8 {
            let ch = b as char;
            let mut inputs = Vec::new();
            for scheme in ["http", "https"] {
                if PATH.contains(b) {
                    inputs.push(format!("{scheme}://h.example/{ch}"));
                    inputs.push(format!("{scheme}://h.example/a{ch}b/{ch}{ch}/c{ch}"));
                    inputs.push(format!("{scheme}://h.example/a{ch}?q#f"));
                }
                if QUERY.contains(b) {
                    inputs.push(format!("{scheme}://h.example/?{ch}"));
                    inputs.push(format!("{scheme}://h.example/p?a{ch}b{ch}{ch}#f"));
                }
                if FRAGMENT.contains(b) {
                    inputs.push(format!("{scheme}://h.example/#{ch}"));
                    inputs.push(format!("{scheme}://h.example/p?q#a{ch}b{ch}{ch}"));
                }
            }
            if FILE_PATH.contains(b) {
                inputs.push(format!("file://h.example/{ch}"));
                inputs.push(format!("file://h.example/a{ch}b/{ch}{ch}/c{ch}"));
            }
            if b.is_ascii_lowercase() || b.is_ascii_digit() {
                inputs.push(format!("http://a{ch}.b{ch}c/"));
                inputs.push(format!("file://x-{ch}/y"));
            }
            for input in inputs {
                let path = input.split(['?', '#']).next().unwrap_or_default();
                assert_eq!(plain(input.as_bytes()), !path.contains("/."), "{input}");
                if plain(input.as_bytes()) {
                    quiet_by_all(&input).unwrap();
                    tried += 1;
                }
            }
        }
        assert!(tried > 300, "{tried}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]
        /// What it takes, every spec reads alike; and it takes what it should.
        #[test]
        fn what_it_takes_every_spec_reads_alike(
            scheme in proptest::sample::select(&["http", "https", "file", "HTTP", "ftp"][..]),
            host in "[a-z0-9.-]{0,12}",
            rest in "([a-zA-Z0-9./:;@&=?#+!$'()*,_~ \\\\%-]){0,24}",
        ) {
            let input = format!("{scheme}://{host}{rest}");
            if plain(input.as_bytes()) {
                proptest::prop_assert!(quiet_by_all(&input).is_ok(), "{}", quiet_by_all(&input).unwrap_err());
            }
        }
    }

    proptest::proptest! {
        /// Eight pairs at a time find what one pair at a time does.
        #[test]
        fn slash_dot_finds_every_pair(s in "[/.a]{0,40}") {
            proptest::prop_assert_eq!(slash_dot(s.as_bytes()), s.contains("/."));
        }
    }

    #[test]
    fn the_classes_are_those_of_the_specs() {
        // Spot checks that the intersections are what the specs say: `=`
        // is not in RFC 1630's search, `~` is unsafe in RFC 1738, `;` is not
        // in RFC 1738's fpath, `+` is not in RFC 1630's fragmentid, `/` and
        // `?` are not in RFC 1738's search.
        for (set, b, expected) in [
            (PATH, b'=', false),
            (PATH, b'~', false),
            (PATH, b';', true),
            (PATH, b'&', true),
            (PATH, b'/', true),
            (FILE_PATH, b';', false),
            (FILE_PATH, b':', false),
            (QUERY, b'=', false),
            (QUERY, b'/', false),
            (QUERY, b'?', false),
            (QUERY, b'\'', false),
            (QUERY, b'+', true),
            (FRAGMENT, b'+', false),
            (FRAGMENT, b'.', true),
        ] {
            assert_eq!(set.contains(b), expected, "{}", b as char);
        }
    }
}
