//! The CLI's JSON, by one rule: strings are escaped as serde_json escapes
//! them, and each char that [`term::Shown`] names is written as a
//! `\uXXXX` escape besides.
//!
//! serde_json escapes `"` and `\` by a backslash; `\b`, `\t`, `\n`, `\f`,
//! `\r` by name; other C0 controls as `\u00XX` (lowercase hex); and writes
//! everything else as it is. That lets a C1 control (U+009B is a CSI), a
//! bidirectional control (U+202E) or an invisible char (U+200B, U+FEFF) of
//! the input, or decoded from it, reach a terminal raw. So DEL and those
//! chars, the set [`term::is_named`] gives, are escaped too (`\u007f`,
//! `\u009b`, `\u202e`): valid JSON that decodes to the same strings.
//!
//! Always, not only to a terminal: unlike `decode`'s octets, which are the
//! result down a pipe, a JSON string is the same string escaped or not, so
//! a program reading it loses nothing; the output is the same octets
//! wherever it goes (a file later `cat` to a terminal, `tee`); and input
//! without such chars gives the output it always gave, octet for octet.
//!
//! Two writers follow the rule: [`write`](fn@write), serde_json with a
//! formatter that applies it, for every value serialized (a clippy rule of
//! this crate refuses serde_json's own writers); and [`str`](fn@str) and
//! its kin, which append to a line buffer for `parse --json` (no value
//! tree, no map, no allocation once the buffer has grown; appending to a
//! `Vec` cannot fail, and the many short pieces of a record are copied
//! inline). Both look at a string char by char only when it holds an
//! octet that may need it (any non-ASCII one).

use std::io;

use serde::Serialize;

use crate::{scan, term};

/// Writes `value` as one line's JSON (no newline) by the rule of the
/// [module](self).
///
/// # Errors
///
/// What writing gave, or what serializing `value` failed at.
pub fn write<W: io::Write, T: Serialize + ?Sized>(w: W, value: &T) -> io::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(w, Escaping);
    // An `io::Error` of the writer comes back as it was: a closed pipe is
    // seen for what it is.
    value.serialize(&mut serializer).map_err(io::Error::from)
}

/// serde_json's compact formatter, which also escapes the chars
/// [`term::is_named`] gives.
struct Escaping;

impl serde_json::ser::Formatter for Escaping {
    /// A run of a string with no char serde_json escapes; it may hold one
    /// that this rule escapes.
    fn write_string_fragment<W: ?Sized + io::Write>(&mut self, w: &mut W, fragment: &str) -> io::Result<()> {
        if !needs_escape(fragment.as_bytes()) {
            return w.write_all(fragment.as_bytes());
        }
        let mut escaped = Vec::with_capacity(fragment.len() + 12);
        self::escaped(&mut escaped, fragment);
        w.write_all(&escaped)
    }
}

/// Writes `s` as a JSON string.
#[inline]
pub fn str(w: &mut Vec<u8>, s: &str) {
    w.extend_from_slice(b"\"");
    body(w, s);
    w.extend_from_slice(b"\"");
}

/// Writes what stands between the quotes of `s` as a JSON string: for a
/// writer that writes the quotes with the text around them.
#[inline]
pub fn body(w: &mut Vec<u8>, s: &str) {
    if needs_escape(s.as_bytes()) {
        escaped(w, s);
    } else {
        w.extend_from_slice(s.as_bytes());
    }
}

/// [`body`] of `part`, where `part` may be a slice of `whole`
/// and `whole_is_plain` says that [`needs_escape`] is false of `whole`: a
/// slice of it is then written without looking at it again.
#[inline]
pub fn body_in(w: &mut Vec<u8>, part: &str, whole: &str, whole_is_plain: bool) {
    let within = whole.as_bytes().as_ptr_range();
    let part_range = part.as_bytes().as_ptr_range();
    if whole_is_plain && within.start <= part_range.start && part_range.end <= within.end {
        w.extend_from_slice(part.as_bytes());
    } else {
        body(w, part);
    }
}

/// Whether some octet of `bytes` may be escaped in a JSON string: `"`,
/// `\`, a C0 control, DEL, or any non-ASCII octet (a char that
/// [`term::is_named`] gives may start there). False, the common case, is
/// found 16 octets at a time.
pub fn needs_escape(bytes: &[u8]) -> bool {
    scan::any(bytes, |b| (b < 0x20) | (b == b'"') | (b == b'\\') | (b >= 0x7f))
}

/// [`body`] for a string with octets that may be escaped.
#[cold]
fn escaped(w: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        let b = bytes[at];
        if (b' '..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            at += 1;
            continue;
        }
        let Some(c) = s[at..].chars().next() else { break };
        let short: Option<&[u8]> = match c {
            '"' => Some(b"\\\""),
            '\\' => Some(b"\\\\"),
            '\u{8}' => Some(b"\\b"),
            '\u{c}' => Some(b"\\f"),
            '\n' => Some(b"\\n"),
            '\r' => Some(b"\\r"),
            '\t' => Some(b"\\t"),
            // JSON's grammar escapes every C0 control, named or not.
            c if c < ' ' || term::is_named(c) => None,
            _ => {
                at += c.len_utf8();
                continue;
            }
        };
        w.extend_from_slice(&bytes[start..at]);
        match short {
            Some(short) => w.extend_from_slice(short),
            None => {
                for &mut unit in c.encode_utf16(&mut [0; 2]) {
                    let hex = |shift: u16| HEX[usize::from((unit >> shift) & 0xf)];
                    w.extend_from_slice(&[b'\\', b'u', hex(12), hex(8), hex(4), hex(0)]);
                }
            }
        }
        at += c.len_utf8();
        start = at;
    }
    w.extend_from_slice(&bytes[start..]);
}

/// Writes `s` as a JSON string, or `null`.
#[inline]
pub fn opt_str(w: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => str(w, s),
        None => w.extend_from_slice(b"null"),
    }
}

/// Writes `n` as a JSON number.
#[inline]
pub fn uint(w: &mut Vec<u8>, n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    w.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
// serde_json's own writer is what the rule is checked against.
#[allow(clippy::disallowed_methods)]
mod tests {
    use crate::term::is_named;

    /// What [`super::str`] writes.
    fn written(s: &str) -> String {
        let mut w = Vec::new();
        super::str(&mut w, s);
        String::from_utf8(w).unwrap()
    }

    /// What [`super::write`] writes.
    fn serialized(value: &impl serde::Serialize) -> String {
        let mut w = Vec::new();
        super::write(&mut w, value).unwrap();
        String::from_utf8(w).unwrap()
    }

    #[test]
    fn strings_without_a_named_char_are_escaped_as_serde_json_escapes_them() {
        let every_ascii: String = (0u8..0x7f).map(char::from).collect();
        for s in [
            "",
            "http://example.com/a?b#c",
            "a\"b\\c",
            "\u{a0}é€𝄞",
            "\u{202f}\u{2061}</script>",
            &every_ascii,
            &every_ascii.repeat(3)[5..],
        ] {
            let want = serde_json::to_string(s).unwrap();
            assert_eq!(written(s), want, "{s:?}");
            assert_eq!(serialized(&s), want, "{s:?}");
        }
        for c in (0u8..0x20).map(char::from) {
            for at in [0, 15, 16, 17, 40] {
                let mut s = "x".repeat(41);
                s.replace_range(at..=at, &c.to_string());
                assert_eq!(written(&s), serde_json::to_string(&s).unwrap(), "{s:?}");
            }
        }
    }

    #[test]
    fn named_chars_are_escaped_by_their_code() {
        let s = "a\u{7f}\u{9b}b\u{202e}é\u{200b}\u{feff}\u{2066}\u{61c}\u{2028}";
        let want = r#""a\u007f\u009bb\u202eé\u200b\ufeff\u2066\u061c\u2028""#;
        assert_eq!(written(s), want);
        assert_eq!(serialized(&s), want);
        // Map keys too.
        let map = std::collections::BTreeMap::from([("k\u{9b}", "v")]);
        assert_eq!(serialized(&map), r#"{"k\u009b":"v"}"#);
    }

    /// Every char, in runs of a few thousand around the octets the fast
    /// check looks at: both writers write the same, which is valid JSON of
    /// the same string and holds no char [`is_named`] gives.
    #[test]
    fn every_char_is_written_by_one_rule() {
        let chars: Vec<char> = (0..=0x10ffff).filter_map(char::from_u32).collect();
        for run in chars.chunks(4093) {
            let s: String = run.iter().flat_map(|&c| [c, 'x']).collect();
            let json = written(&s);
            assert_eq!(serialized(&s), json);
            assert_eq!(serde_json::from_str::<String>(&json).unwrap(), s);
            assert!(!json.chars().any(is_named), "{:?}", run[0]);
            for &c in run {
                let raw = written(c.encode_utf8(&mut [0; 4])) == format!("\"{c}\"");
                assert_eq!(raw, !(c < ' ' || c == '"' || c == '\\' || is_named(c)), "{c:?}");
            }
        }
    }

    #[test]
    fn a_slice_of_a_plain_string_is_written_as_it_is() {
        let whole = "http://h/a?b";
        let written = |part: &str, plain: bool| {
            let mut w = Vec::new();
            super::body_in(&mut w, part, whole, plain);
            String::from_utf8(w).unwrap()
        };
        assert_eq!(written(&whole[7..8], true), "h");
        assert_eq!(written(whole, true), whole);
        // Not a slice of it, or not known plain: escaped.
        assert_eq!(written("a\"b", true), "a\\\"b");
        let quoted = "a\"b";
        let mut w = Vec::new();
        super::body_in(&mut w, &quoted[..2], quoted, false);
        assert_eq!(w, b"a\\\"");
    }

    #[test]
    fn numbers_and_the_rest() {
        for n in [0, 1, 9, 10, 99, 65535, 1 << 40, u64::MAX] {
            let mut w = Vec::new();
            super::uint(&mut w, n);
            assert_eq!(w, n.to_string().into_bytes());
        }
        let mut w = Vec::new();
        super::opt_str(&mut w, None);
        super::opt_str(&mut w, Some("a"));
        assert_eq!(w, b"null\"a\"");
    }
}
