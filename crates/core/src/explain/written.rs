//! What the input writes, found in its text: where WHATWG's authority
//! state finds the host, where naive splitters find one, what WHATWG
//! removes, and the path's dot segments.
//!
//! None of this parses a URL: the readings come from the parsers
//! themselves. These are the places in the text a verdict names ("the host
//! as written", "a split at the last `@`"), so that its message can say what
//! another program would have seen.

use std::ops::Range;

use crate::whatwg::{SchemeType, MAX_SPECIAL_LEN};

/// Which bytes an input holds that some verdict looks for: each verdict
/// whose bytes are absent is skipped without looking further.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Marks {
    /// An `@`.
    pub(crate) at: bool,
    /// A `%`.
    pub(crate) percent: bool,
    /// An octet over 0x7F.
    pub(crate) non_ascii: bool,
    /// A C0 control or a space.
    pub(crate) control_or_space: bool,
    /// Two `.` in a row.
    pub(crate) dots: bool,
}

/// The [`Marks`] of `input`: memchr's searches, and eight octets at a time
/// for those under `!` (a C0 control or a space) and those over 0x7F.
pub(crate) fn marks(input: &str) -> Marks {
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    const BANG: u64 = u64::from_ne_bytes([b'!'; 8]);
    let b = input.as_bytes();
    let (mut low, mut high) = (false, false);
    let mut chunks = b.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_ne_bytes(word);
        high |= x & HIGH != 0;
        // A byte under 0x21 among bytes under 0x80: the classic test for a
        // byte less than n, exact when no byte has its high bit set (the
        // bytes over 0x7F are `high` already, and then both are looked at
        // again below).
        low |= x.wrapping_sub(BANG) & !x & HIGH != 0;
    }
    for &c in chunks.remainder() {
        high |= c > 0x7f;
        low |= c <= b' ';
    }
    if high {
        // Bytes over 0x7F can make the word test answer yes: ask each.
        low = b.iter().any(|&c| c <= b' ');
    }
    Marks {
        at: memchr::memchr(b'@', b).is_some(),
        percent: memchr::memchr(b'%', b).is_some(),
        non_ascii: high,
        control_or_space: low,
        dots: memchr::memchr_iter(b'.', b).any(|i| b.get(i + 1) == Some(&b'.')),
    }
}

/// Whether `name` is a special scheme of the URL Standard (§4.2), whose `\`
/// is a `/`, in any case.
fn special(name: &str) -> bool {
    let mut lower = [0u8; MAX_SPECIAL_LEN];
    let Some(lower) = lower.get_mut(..name.len()) else {
        return false;
    };
    lower.copy_from_slice(name.as_bytes());
    lower.make_ascii_lowercase();
    std::str::from_utf8(lower).is_ok_and(|l| SchemeType::of(l).is_special())
}

/// Whether the input starts with a special scheme, whose host WHATWG
/// reads as a domain or an address (another scheme's is opaque).
pub(crate) fn special_scheme(input: &str) -> bool {
    scheme(input).is_some_and(|(name, _)| special(name))
}

/// Whether `b` is what WHATWG trims from both ends: a C0 control or space.
fn c0_or_space(b: u8) -> bool {
    b <= b' '
}

/// The input without what WHATWG trims from its ends, and where it starts.
fn trimmed(input: &str) -> (usize, &str) {
    let start = input.bytes().position(|b| !c0_or_space(b)).unwrap_or(input.len());
    let end = input.bytes().rposition(|b| !c0_or_space(b)).map_or(start, |i| i + 1);
    (start, &input[start..end.max(start)])
}

/// The scheme the input starts with (RFC 3986 `scheme`, after the trim),
/// and the offset just past its `:`.
fn scheme(input: &str) -> Option<(&str, usize)> {
    let (start, s) = trimmed(input);
    let colon = s.find(':')?;
    let name = &s[..colon];
    let mut bytes = name.bytes();
    let first = bytes.next()?;
    (first.is_ascii_alphabetic() && bytes.all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)))
        .then_some((name, start + colon + 1))
}

/// Where the authority a WHATWG-style reading takes from `input` is, as a
/// range of `input`: after the scheme and its slashes (any run of `/` and
/// `\` for a special scheme, none needed but for `file`; `//` for
/// another), up to the first `/`, `?` or
/// `#` (`\` too for a special scheme). `None` when there is no scheme or no
/// slashes.
pub(crate) fn authority(input: &str) -> Option<Range<usize>> {
    let (name, after) = scheme(input)?;
    let special = special(name);
    let rest = &input[after..];
    let slashes = rest.bytes().take_while(|&b| b == b'/' || b == b'\\').count();
    // Without a base, a special scheme other than `file` has an authority
    // whatever slashes follow ("special authority ignore slashes state");
    // `file` needs two; another scheme `//`.
    let skip = if special && !name.eq_ignore_ascii_case("file") {
        slashes
    } else if (special && slashes >= 2) || rest.starts_with("//") {
        2
    } else {
        return None;
    };
    let start = after + skip;
    let end = input[start..]
        .bytes()
        .position(|b| b == b'/' || b == b'?' || b == b'#' || (special && b == b'\\'))
        .map_or(trimmed_end(input), |i| start + i);
    Some(start..end.max(start))
}

/// Where the trimmed input ends.
fn trimmed_end(input: &str) -> usize {
    let (start, s) = trimmed(input);
    start + s.len()
}

/// The host of an authority: after its last `@`, up to the port's `:`
/// (outside brackets).
fn host_of(authority: &str) -> Range<usize> {
    let start = authority.rfind('@').map_or(0, |at| at + 1);
    let rest = &authority[start..];
    let end = if rest.starts_with('[') {
        rest.find(']').map_or(rest.len(), |i| i + 1)
    } else {
        rest.find(':').unwrap_or(rest.len())
    };
    start..start + end
}

/// The host as the input writes it, where WHATWG's authority state finds
/// it: its offset and text.
pub(crate) fn host(input: &str) -> Option<(usize, &str)> {
    let authority = authority(input)?;
    let range = host_of(&input[authority.clone()]);
    Some((
        authority.start + range.start,
        &input[authority.start + range.start..authority.start + range.end],
    ))
}

/// The hosts naive splitters find: the authority taken as everything
/// between the first `//` and the next `/`, then the host after its last
/// `@`, and after its first `@` (up to a delimiter or a space). `None`
/// when there is no `@` there.
pub(crate) struct NaiveSplit<'a> {
    /// The host after the last `@`.
    pub(crate) last_at: &'a str,
    /// The host after the first `@`.
    pub(crate) first_at: &'a str,
    /// The first `#` or `?` before the last `@`, and that `@`: both offsets.
    pub(crate) hidden: Option<(usize, usize)>,
}

/// [`NaiveSplit`] of `input`.
pub(crate) fn naive_split(input: &str) -> Option<NaiveSplit<'_>> {
    let start = input.find("//")? + 2;
    let end = input[start..].find('/').map_or(input.len(), |i| start + i);
    let authority = &input[start..end];
    let last = authority.rfind('@')?;
    let first = authority.find('@')?;
    let last_at = &authority[host_of(authority)];
    let after_first = &authority[first + 1..];
    let first_end = after_first
        .find(|c: char| matches!(c, '@' | ':' | '/' | '?' | '#' | '\\') || c.is_whitespace())
        .unwrap_or(after_first.len());
    let hidden = authority[..last].find(['#', '?']).map(|i| (start + i, start + last));
    Some(NaiveSplit {
        last_at,
        first_at: &after_first[..first_end],
        hidden,
    })
}

/// What WHATWG removes from the input before it parses (URL Standard §4.4
/// "basic URL parser", steps 1 and 3): leading and trailing C0 controls and
/// spaces, and ASCII tabs and newlines anywhere. Each is an offset and the
/// octet.
pub(crate) fn removed(input: &str) -> Vec<(usize, u8)> {
    let (start, s) = trimmed(input);
    let end = start + s.len();
    let b = input.as_bytes();
    let mut out: Vec<(usize, u8)> = (0..start).map(|i| (i, b[i])).collect();
    out.extend(
        (start..end)
            .filter(|&i| matches!(b[i], b'\t' | b'\n' | b'\r'))
            .map(|i| (i, b[i])),
    );
    out.extend((end..b.len()).map(|i| (i, b[i])));
    out
}

/// Whether `segment` is a `..` segment, written or percent-encoded
/// (`..`, `.%2e`, `%2e.`, `%2e%2e`, any case): the double-dot segments of
/// the URL Standard (§4.1), which RFC 3986 reads as `..` only when written.
pub(crate) fn is_double_dot(segment: &str) -> bool {
    let s = segment.as_bytes();
    let dot = |s: &[u8]| -> Option<usize> {
        match s {
            [b'.', ..] => Some(1),
            [b'%', b'2', e, ..] if e.eq_ignore_ascii_case(&b'e') => Some(3),
            _ => None,
        }
    };
    dot(s).and_then(|n| dot(&s[n..]).map(|m| n + m)) == Some(s.len())
}

/// The double-dot segments of a path (split at `/` and `\`).
pub(crate) fn double_dots(path: &str) -> usize {
    path.split(['/', '\\']).filter(|s| is_double_dot(s)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_where_whatwg_finds_them() {
        let cases = [
            ("http://a@b:1/c", Some((9, "b"))),
            ("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", Some((17, "2.2.2.2"))),
            (" HTTP:\\\\evil.com\\x", Some((8, "evil.com"))),
            ("http:evil.com", Some((5, "evil.com"))),
            ("foo:evil.com", None),
            ("foo://[::1]:8/x", Some((6, "[::1]"))),
            ("foo:\\\\x", None),
            ("//x", None),
            ("http://", Some((7, ""))),
        ];
        for (input, want) in cases {
            assert_eq!(host(input), want, "{input}");
        }
    }

    #[test]
    fn naive_splits() {
        let split = naive_split("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/").unwrap();
        assert_eq!((split.last_at, split.first_at), ("3.3.3.3", "2.2.2.2"));
        assert_eq!(split.hidden, Some((24, 26)));
        let split = naive_split("http://u:p@h:80/").unwrap();
        assert_eq!((split.last_at, split.first_at, split.hidden), ("h", "h", None));
        assert!(naive_split("http://h/@x").is_none());
    }

    #[test]
    fn what_whatwg_removes() {
        assert_eq!(
            removed(" \u{1}ht\ttp://h/\n "),
            [(0, b' '), (1, 1), (4, b'\t'), (12, b'\n'), (13, b' ')]
        );
        assert!(removed("http://h/ a").is_empty());
        assert_eq!(removed("   "), [(0, b' '), (1, b' '), (2, b' ')]);
    }

    #[test]
    fn marks_of_every_octet_in_every_place() {
        for len in [1, 7, 8, 9, 16, 17, 24] {
            for at in 0..len {
                for c in (0u8..=0x7f).chain([0xc3]) {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = c;
                    if c == 0xc3 {
                        // A two-octet character (é) where the octet goes.
                        bytes.insert(at + 1, 0xa9);
                    }
                    let text = String::from_utf8(bytes.clone()).unwrap();
                    let m = marks(&text);
                    assert_eq!(m.control_or_space, bytes.iter().any(|&b| b <= b' '), "{bytes:?}");
                    assert_eq!(m.non_ascii, c > 0x7f, "{bytes:?}");
                    assert_eq!(m.at, c == b'@');
                    assert_eq!(m.percent, c == b'%');
                }
            }
        }
        // High octets beside a low one, and beside none.
        assert!(marks("é\u{1}aaaaaaaaaa").control_or_space);
        assert!(!marks("éééééééééé").control_or_space);
        assert!(marks("aaaaaaaa..").dots && !marks("a.a.a.a.").dots);
    }

    #[test]
    fn double_dot_segments() {
        for s in ["..", ".%2e", "%2E.", "%2e%2E"] {
            assert!(is_double_dot(s), "{s}");
        }
        for s in [".", "...", "%2e", "..%2f", "%2e%2e%2e", "", "a.."] {
            assert!(!is_double_dot(s), "{s}");
        }
        assert_eq!(double_dots("/a/../b/%2e%2e\\.%2E/c"), 3);
    }
}
