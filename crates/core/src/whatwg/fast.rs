//! The common case of the basic URL parser (URL Standard §4.4) in one
//! scan: an input that is already its own serialization (§4.5, the URL
//! serializer) and on which the parser meets no validation error. Such an
//! input is its `href`; the scan finds its offsets, and the parser's output
//! is a copy of it.
//!
//! The scan takes only what it can prove serialized, and leaves the rest to
//! the state machine (`None`), which then gives the same answer the long
//! way. It takes:
//!
//! * a lower-case scheme: [`SchemeType::Special`] ones and `file` followed
//!   by `//` and a host (a `file` URL's may be empty); any other scheme
//!   followed by an opaque path (no `/` after the `:`) or a path that
//!   starts with a single `/`;
//! * hosts: a lower-case ASCII domain that UTS #46 ToASCII with *beStrict*
//!   true keeps as it is (letters, digits and `-` in labels of 1 to 63,
//!   no `-` first, last, or third and fourth, at most 253 octets, no
//!   trailing dot: VerifyDnsLength refuses the empty root label), whose
//!   last label is not a number, or an IPv4 address in
//!   its serialized form (four decimal numbers of 0 to 255, no leading
//!   zero); no credentials (each `@` of an authority is a validation
//!   error); a port in its serialized form, not the scheme's default;
//! * a path of URL code points and `%XX` escapes, none of its segments a
//!   single-dot or double-dot segment (which the parser removes), nor in a
//!   `file` URL a Windows drive letter first (a quirk of its own); a query
//!   and a fragment of URL code points (not `'` in the query of a special
//!   URL, which its percent-encode set holds) and `%XX` escapes.
//!
//! Anything else, IPv6 literals, IDNA and every validation error included,
//! goes to the state machine. `fast_path_agrees` below and, in builds with
//! debug assertions, `whatwg::parse` itself check every answer of this
//! scan against the state machine's.

use super::host::ends_in_a_number;
use super::SchemeType;
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

/// What each octet may be, as itself, in a serialized URL without
/// validation errors: one bit per place.
const PATH: u8 = 1;
const OPAQUE_PATH: u8 = 2;
const SPECIAL_QUERY: u8 = 4;
const QUERY: u8 = 8;
const FRAGMENT: u8 = 16;
const DOMAIN: u8 = 32;
const SCHEME: u8 = 64;
/// A path's octets but `.` (and `%`, as everywhere).
const PATH_PLAIN: u8 = 128;

/// URL Standard §4.3 "URL code point", its ASCII part: ASCII alphanumerics
/// and `!$&'()*+,-./:;=?@_~`.
const fn is_ascii_url_code_point(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'!' | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b'-'
                | b'.'
                | b'/'
                | b':'
                | b';'
                | b'='
                | b'?'
                | b'@'
                | b'_'
                | b'~'
        )
}

/// The places of each octet. A URL code point is written as itself in each
/// place whose percent-encode set does not hold it (none holds one but `'`
/// in a special URL's query); the delimiters that end a place are left out
/// of it (`?` of a path and of an opaque path). `%` is in
/// none: an escape is checked on its own.
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        if is_ascii_url_code_point(c) {
            let mut bits = FRAGMENT | QUERY | SPECIAL_QUERY | OPAQUE_PATH | PATH;
            if c == b'\'' {
                bits &= !SPECIAL_QUERY;
            }
            if c == b'?' {
                bits &= !(PATH | OPAQUE_PATH);
            }
            if bits & PATH != 0 && c != b'.' {
                bits |= PATH_PLAIN;
            }
            if c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-' {
                bits |= DOMAIN | SCHEME;
            }
            if c == b'+' || c == b'.' {
                bits |= SCHEME;
            }
            t[b] = bits;
        }
        b += 1;
    }
    t
};

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The octets of `x` equal to `c`: the high bit of each (exact).
#[inline]
fn swar_eq(x: u64, c: u8) -> u64 {
    let y = x ^ (ONES * u64::from(c));
    !(((y & !HIGH) + !HIGH) | y) & HIGH
}

/// The octets of `x` (each below 0x80) in `lo..=hi`: the high bit of each.
#[inline]
fn swar_range(x: u64, lo: u8, hi: u8) -> u64 {
    (x + ONES * u64::from(0x80 - lo)) & !(x + ONES * u64::from(0x7f - hi)) & HIGH
}

/// One bit per octet from the high bits of `m`: octet `n`'s is bit `n`.
#[inline]
fn swar_bits(m: u64) -> u8 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The eight octets from `b[i]` as a little-endian word, zeros past the
/// end of `b`, without a copy.
#[inline]
fn chunk(b: &[u8], i: usize) -> u64 {
    if let Some(w) = b.get(i..i + 8) {
        return u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
    }
    let n = b.len().saturating_sub(i);
    if n == 0 {
        0
    } else if let Some(w) = b.len().checked_sub(8).map(|e| &b[e..]) {
        // The last eight octets, shifted so that `b[i]` is the first.
        u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]) >> (8 * (8 - n))
    } else {
        b[i..].iter().rev().fold(0, |x, &c| x << 8 | u64::from(c))
    }
}

/// The eight octets from `b[i]` (zeros past the end) as three masks, one
/// bit per octet: those a host of the fast scan may hold (lower-case
/// letters, digits, `-` and `.`), its dots, its hyphens.
#[inline]
fn host_octets(b: &[u8], i: usize) -> (u8, u8, u8) {
    let x = chunk(b, i);
    let ascii = !x & HIGH;
    let x7 = x & !HIGH;
    let dot = swar_eq(x7, b'.') & ascii;
    let hyphen = swar_eq(x7, b'-') & ascii;
    let ok = (swar_range(x7, b'a', b'z') | swar_range(x7, b'0', b'9') | dot | hyphen) & ascii;
    (swar_bits(ok), swar_bits(dot), swar_bits(hyphen))
}

#[inline]
fn is(b: u8, place: u8) -> bool {
    CLASS[usize::from(b)] & place != 0
}

/// Whether `b[i]` (a `%`) starts a `%XX` escape.
#[inline]
fn is_escape(b: &[u8], i: usize) -> bool {
    i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit()
}

/// The offsets of `s` when it is a URL the basic URL parser, without a
/// base, returns as it is and without a validation error; `None` when the
/// scan cannot tell (the state machine decides).
pub(crate) fn serialized(s: &str) -> Option<Offsets> {
    let b = s.as_bytes();
    // The scheme start state and the scheme state, lower case only; the
    // two schemes of most URLs by one comparison each.
    let (colon, scheme) = if b.starts_with(b"https:") {
        (5, SchemeType::Special(443))
    } else if b.starts_with(b"http:") {
        (4, SchemeType::Special(80))
    } else {
        if !b.first()?.is_ascii_lowercase() {
            return None;
        }
        let colon = 1 + b[1..].iter().take_while(|&&c| is(c, SCHEME)).count();
        if b.get(colon) != Some(&b':') {
            return None;
        }
        (colon, SchemeType::of(&s[..colon]))
    };
    debug_assert!(scheme == SchemeType::of(&s[..colon]));
    let mut o = Offsets::new(colon);
    let mut i = colon + 1;
    if scheme == SchemeType::NotSpecial {
        if b.get(i) == Some(&b'/') {
            // The path or authority state, then the path state: an
            // authority (`//`) is left to the state machine.
            if b.get(i + 1) == Some(&b'/') {
                return None;
            }
            i = path(b, i, false)?;
        } else {
            // The opaque path state.
            i = run(b, i, OPAQUE_PATH);
        }
    } else {
        // The special authority slashes state: exactly `//`.
        if b.get(i..i + 2) != Some(b"//") {
            return None;
        }
        i += 2;
        o.authority_start = Some(nz(i));
        o.host_start = i as u32;
        let file = scheme == SchemeType::File;
        let (kind, host_end) = host(b, i, file)?;
        o.host_end = host_end as u32;
        o.host_kind = Some(kind);
        i = host_end;
        if b.get(i) == Some(&b':') && !file {
            let (port, end) = port(b, i + 1)?;
            if Some(port) == scheme.default_port() {
                return None;
            }
            o.port = Some(port);
            i = end;
        }
        // A special URL's path is never empty: a host not followed by `/`
        // is serialized with one.
        if b.get(i) != Some(&b'/') {
            return None;
        }
        o.path_start = i as u32;
        i = path(b, i, file)?;
    }
    if b.get(i) == Some(&b'?') {
        o.query_start = Some(i as u32);
        let place = if scheme.is_special() { SPECIAL_QUERY } else { QUERY };
        i = run(b, i + 1, place);
    }
    if b.get(i) == Some(&b'#') {
        o.fragment_start = Some(i as u32);
        i = run(b, i + 1, FRAGMENT);
    }
    (i == b.len()).then_some(o)
}

/// The octets from `i` that are `place`'s or `%XX` escapes: where they
/// end.
#[inline]
fn run(b: &[u8], mut i: usize, place: u8) -> usize {
    loop {
        i = span(b, i, place);
        if i < b.len() && b[i] == b'%' && is_escape(b, i) {
            i += 3;
        } else {
            return i;
        }
    }
}

/// The octets from `i` that are `place`'s: where they end. Eight octets at
/// a time while all eight are.
#[inline]
fn span(b: &[u8], mut i: usize, place: u8) -> usize {
    while let Some(w) = b.get(i..i + 8) {
        let all = CLASS[usize::from(w[0])]
            & CLASS[usize::from(w[1])]
            & CLASS[usize::from(w[2])]
            & CLASS[usize::from(w[3])]
            & CLASS[usize::from(w[4])]
            & CLASS[usize::from(w[5])]
            & CLASS[usize::from(w[6])]
            & CLASS[usize::from(w[7])];
        if all & place == 0 {
            break;
        }
        i += 8;
    }
    while i < b.len() && is(b[i], place) {
        i += 1;
    }
    i
}

/// The path state from the `/` at `i`: where the path ends (at a `?`, a
/// `#` or the end); `None` at an octet the parser would encode or complain
/// of, or at a segment it would change: a single-dot or double-dot
/// segment, or in a `file` URL a Windows drive letter first.
fn path(b: &[u8], start: usize, file: bool) -> Option<usize> {
    // `.` and `%` stop the span (`PATH_PLAIN`): a dot segment starts with
    // one of them right after a `/`.
    let mut i = start;
    loop {
        i = span(b, i, PATH_PLAIN);
        match b.get(i) {
            Some(b'.') => {}
            Some(b'%') if is_escape(b, i) => {}
            None | Some(b'?' | b'#') => break,
            Some(_) => return None,
        }
        if b[i - 1] == b'/' {
            let len = b[i..]
                .iter()
                .position(|&c| matches!(c, b'/' | b'?' | b'#'))
                .unwrap_or(b.len() - i);
            if is_dot_segment(&b[i..i + len]) {
                return None;
            }
        }
        i += if b[i] == b'.' { 1 } else { 3 };
    }
    let p = &b[start..i];
    if file && p.len() >= 3 && p[1].is_ascii_alphabetic() && p[2] == b':' && matches!(p.get(3), None | Some(b'/')) {
        return None;
    }
    Some(i)
}

/// A single-dot or double-dot URL path segment (URL Standard §4.1).
fn is_dot_segment(s: &[u8]) -> bool {
    let dot = |p: &[u8]| p == b"." || p.eq_ignore_ascii_case(b"%2e");
    match s.len() {
        1 | 3 => dot(s),
        2 => s == b"..",
        4 => dot(&s[..1]) && dot(&s[1..]) || dot(&s[..3]) && dot(&s[3..]),
        6 => dot(&s[..3]) && dot(&s[3..]),
        _ => false,
    }
}

/// The host from `i` to the first octet that is not a domain's, when it is
/// in its serialized form and the host parser meets no validation error in
/// it (see the module docs): its kind and end. `localhost` is not one in a
/// `file` URL (it is serialized as the empty host), and the empty host is
/// one only there.
fn host(b: &[u8], i: usize, file: bool) -> Option<(HostKind, usize)> {
    // A host of up to 63 octets is read into two masks, one bit per octet
    // (its dots, its hyphens), eight octets at a time, and its labels
    // checked on them at once.
    let (mut dots, mut hyphens) = (0u64, 0u64);
    let mut k = 0;
    loop {
        let (ok, dot, hyphen) = host_octets(b, i + k);
        dots |= u64::from(dot) << k;
        hyphens |= u64::from(hyphen) << k;
        if ok != 0xff {
            k += ok.trailing_ones() as usize;
            break;
        }
        k += 8;
        if k == 64 {
            break;
        }
    }
    // Bits past the host's end are not its octets.
    let mask = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
    dots &= mask;
    hyphens &= mask;
    if k == 64 {
        return long_host(b, i, file);
    }
    let j = i + k;
    if k == 0 {
        return file.then_some((HostKind::Empty, j));
    }
    // A trailing dot ends in the empty root label, which VerifyDnsLength
    // refuses (a validation error: the state machine's).
    if dots >> (k - 1) & 1 == 1 {
        return None;
    }
    let name = k;
    let inside = dots & ((1u64 << name) - 1);
    let starts = ((inside << 1) | 1) & ((1u64 << name) - 1);
    let ends = (inside >> 1) | (1u64 << name.saturating_sub(1));
    // UTS #46 ToASCII with beStrict true on a lower-case ASCII domain
    // without an ACE label (which "--" third and fourth excludes): labels of
    // 1 to 63 letters, digits and `-` (63 at most: the host is shorter), no
    // `-` first or last.
    let bad = name == 0 || (starts | ends) & (dots | hyphens) != 0 || hyphens & (hyphens >> 1) & (starts << 2) != 0;
    if bad {
        return None;
    }
    // The ends-in-a-number checker: only a last label that starts with a
    // digit may be a number.
    let last = if inside == 0 {
        0
    } else {
        64 - inside.leading_zeros() as usize
    };
    number_or_name(&b[i..j], last, file).map(|kind| (kind, j))
}

/// The kind of the domain `h` (checked label by label) whose last label
/// starts at `last`: an IPv4 address when it ends in a number (only when
/// that is its serialized form), else a domain; `None` for `localhost` in a
/// `file` URL (serialized as the empty host) and for a number that is not
/// an address in its serialized form.
#[inline]
fn number_or_name(h: &[u8], last: usize, file: bool) -> Option<HostKind> {
    if h[last].is_ascii_digit() {
        let h = std::str::from_utf8(h).ok()?;
        if ends_in_a_number(h) {
            return is_serialized_ipv4(h.as_bytes()).then_some(HostKind::Ipv4);
        }
    }
    if file && h == b"localhost" {
        return None;
    }
    Some(HostKind::Domain)
}

/// [`host`] for a host of 64 octets or more, label by label.
#[cold]
fn long_host(b: &[u8], i: usize, file: bool) -> Option<(HostKind, usize)> {
    // UTS #46 ToASCII with beStrict true on a lower-case ASCII domain
    // without an ACE label (which "--" third and fourth excludes): labels of
    // 1 to 63 letters, digits and `-`, no `-` first or last.
    let label_ok = |label: &[u8]| {
        !label.is_empty()
            && label.len() <= 63
            && label[0] != b'-'
            && label[label.len() - 1] != b'-'
            && !(label.len() >= 4 && &label[2..4] == b"--")
    };
    let mut j = i;
    let mut label = i;
    loop {
        j += b[j..].iter().take_while(|&&c| is(c, DOMAIN)).count();
        if j < b.len() && b[j] == b'.' {
            if !label_ok(&b[label..j]) {
                return None;
            }
            j += 1;
            label = j;
        } else {
            break;
        }
    }
    let h = &b[i..j];
    if h.is_empty() {
        return file.then_some((HostKind::Empty, j));
    }
    // The last label: the empty one after a trailing dot is refused too
    // (VerifyDnsLength).
    if !label_ok(&b[label..j]) || h.len() > 253 {
        return None;
    }
    number_or_name(h, label - i, file).map(|kind| (kind, j))
}

/// Four decimal numbers of 0 to 255 without a leading zero, separated by
/// dots: the IPv4 serializer's form (URL Standard §3.6).
fn is_serialized_ipv4(b: &[u8]) -> bool {
    let mut parts = 0;
    for part in b.split(|&c| c == b'.') {
        parts += 1;
        let ok = match part {
            [b'0'] => true,
            [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9'] => true,
            [a @ b'1'..=b'2', c @ b'0'..=b'9', d @ b'0'..=b'9'] => {
                let n = u32::from(a - b'0') * 100 + u32::from(c - b'0') * 10 + u32::from(d - b'0');
                n <= 255
            }
            _ => false,
        };
        if !ok || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// The port state from `i`: a port in its serialized form (digits without
/// a leading zero, at most 65535) and where it ends.
fn port(b: &[u8], i: usize) -> Option<(u16, usize)> {
    let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 5 || (digits > 1 && b[i] == b'0') {
        return None;
    }
    let value = b[i..i + digits].iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
    Some((u16::try_from(value).ok()?, i + digits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::AllErrors;
    use crate::whatwg::{parse, parse_full, Halt};
    use proptest::prelude::*;

    mod inputs {
        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/whatwg_inputs/mod.rs"));
    }

    /// What a parse gives: the href and offsets, or the failure, and every
    /// validation error reported.
    type Outcome = (Result<(String, Offsets), String>, Vec<crate::ParseError>);

    fn outcome(input: &str, fast: bool) -> Outcome {
        let mut sink = AllErrors::default();
        let result = if fast {
            parse(input, None, &mut sink)
        } else {
            parse_full(input, None, &mut sink)
        };
        let result = result.map_err(|h| match h {
            Halt::Failure(e) => e.to_string(),
            Halt::Stopped => "stopped".to_owned(),
        });
        (result, sink.into_sorted())
    }

    /// The parser with the fast path and without agree on `input` (href,
    /// offsets and host kind, validation errors); and what the fast path
    /// takes is its own href with no validation error. Whether it took it.
    fn agree(input: &str) -> bool {
        let with = outcome(input, true);
        let without = outcome(input, false);
        assert_eq!(with, without, "{input:?}");
        let taken = serialized(input);
        if let Some(o) = taken {
            assert_eq!(without, (Ok((input.to_owned(), o)), Vec::new()), "{input:?}");
        }
        taken.is_some()
    }

    #[test]
    fn takes_the_common_shapes() {
        for s in [
            "http://example.com/",
            "https://www.example.com:8080/a/b.html?q=1&r=%27#frag'",
            "web+demo:/a?q='",
            "http://1.2.3.4/",
            "http://255.0.10.1:1/x",
            "file:///etc/motd",
            "file://host/share/a",
            "node:url",
            "mailto:a@b.c?subject=x",
            "web+demo:/a/b",
            "ws://a-b.example/%2F",
            "x:",
        ] {
            assert!(serialized(s).is_some(), "{s}");
            assert!(agree(s));
        }
    }

    #[test]
    fn leaves_the_rest_to_the_state_machine() {
        for s in [
            "HTTP://example.com/",
            "http://Example.com/",
            "http://example.com",
            "http://example.com?q",
            "http://example.com:80/",
            "http://example.com:080/",
            "http://example.com:/",
            "http://u@example.com/",
            "http://a_b.com/",
            "http://xn--53h.example/",
            "http://1.2.3.4./",
            "http://1.2.3.04/",
            "http://0x7f.1/",
            "http://example.1/",
            "http://[::1]/",
            "http://h/a/./b",
            "http://h/a/%2E%2e/b",
            "http://h/a\\b",
            "http://h/a b",
            "http://h/é",
            "http://h/a?b'",
            "http://h/a#b#c",
            "http://h/%zz",
            "file://localhost/x",
            "file:///c:/x",
            "file://node.gypi",
            "foo://h/",
            "foo:/.//x",
            " http://h/",
            "http://h/\t",
            // The empty root label: a domain-to-ASCII validation error.
            "ws://a-b.example./%2F",
            "http://n-change.net./",
        ] {
            assert!(serialized(s).is_none(), "{s}");
            assert!(!agree(s));
        }
    }

    /// What the fast path must take of a host of letters, `-` and `.`:
    /// labels of 1 to 63 octets (the empty one after a trailing dot
    /// refused), no `-` first or last or third and fourth, at most 253
    /// octets.
    fn takes_host(h: &str) -> bool {
        !h.is_empty()
            && h.len() <= 253
            && h.split('.').all(|l| {
                (1..=63).contains(&l.len()) && !l.starts_with('-') && !l.ends_with('-') && l.get(2..4) != Some("--")
            })
    }

    /// Hosts at the edges of the mask scan: label and host lengths around
    /// 63 and 64 octets (the scan's width) and 253, hyphens and dots at
    /// label edges, in special and `file` URLs.
    #[test]
    fn host_edges() {
        let mut hosts: Vec<String> = Vec::new();
        for n in 1..=70 {
            hosts.push("a".repeat(n));
            hosts.push(format!("{}.b", "a".repeat(n)));
            hosts.push(format!("b.{}.", "a".repeat(n)));
            hosts.push(format!("{}-.b", "a".repeat(n)));
            hosts.push(format!("b.-{}", "a".repeat(n)));
        }
        for (a, b) in [
            (62, 190),
            (63, 189),
            (63, 190),
            (60, 193),
            (60, 194),
            (0, 253),
            (0, 254),
        ] {
            let long = ["a".repeat(63), "b".repeat(63), "c".repeat(63)].join(".");
            hosts.push(format!("{}.{}", "d".repeat(a.max(1)), &long[..b.min(long.len())]));
            hosts.push(format!("{}{}.", &long[..b.min(long.len())], "e".repeat(a)));
        }
        for h in [
            "-a",
            "a-",
            "a-b",
            "ab--c",
            "a--b",
            "abc--d",
            "a.ab--c",
            "xn--a",
            "a.xn--b",
            "a.-b",
            "a-.b",
            ".",
            "a.",
            "a..",
            ".a",
            "a..b",
            "a.b.",
            "a.b..",
            "-",
            "--",
            "a.b.c.d.e.f.g.h.i.j.k",
            "abcdefg.abcdefgh.abcdefghi",
            "abcdefgh-.x",
            "abcdefgh.-x",
            "abcdef--x",
            "abcdefg.ab--x",
        ] {
            hosts.push(h.to_owned());
        }
        for h in &hosts {
            for scheme in ["http", "file"] {
                let s = format!("{scheme}://{h}/x");
                assert_eq!(agree(&s), takes_host(h), "{s}");
            }
        }
    }

    /// The differential over every conformance, adversarial and benchmark
    /// input without a base (the fast path runs only without one).
    #[test]
    fn fast_path_agrees() {
        let cases = inputs::all();
        let mut taken = 0;
        let mut without_base = 0;
        for (input, base) in &cases {
            if base.is_none() {
                without_base += 1;
                taken += usize::from(agree(input));
            }
            if let Some(base) = base {
                agree(base);
            }
        }
        eprintln!("the fast path took {taken} of {without_base} inputs without a base");
        assert!(taken > 100_000, "{taken}");
    }

    /// Pieces URLs are made of, the fast path's edges among them.
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "http",
            "https",
            "file",
            "ws",
            "ftp",
            "foo",
            "HTTP",
            ":",
            "//",
            "/",
            "\\",
            "?",
            "#",
            "@",
            ".",
            "..",
            "%2e",
            "%2E",
            "%",
            "%4",
            "%41",
            "a",
            "Z",
            "0",
            "1",
            "255",
            "256",
            "0x",
            "-",
            "--",
            "xn--",
            "c:",
            "localhost",
            "example",
            "com",
            ":80",
            ":443",
            ":0",
            ":65536",
            "[",
            "]",
            "::1",
            "'",
            " ",
            "\t",
            "é",
            "_",
            "~",
            "^",
            "|",
        ])
    }

    proptest! {
        #[test]
        fn fast_path_agrees_on_made_up_urls(
            scheme in prop::sample::select(vec!["http://", "https://", "file://", "file:///", "ws://", "foo:", "foo:/", "x:"]),
            pieces in prop::collection::vec(piece(), 0..12),
        ) {
            let input = format!("{scheme}{}", pieces.concat());
            agree(&input);
        }
    }
}
