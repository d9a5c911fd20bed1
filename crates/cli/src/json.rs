//! JSON appended straight to a line buffer, for `parse --json`: no value
//! tree, no map, no allocation once the buffer has grown. Appending to a
//! `Vec` cannot fail, and the many short pieces of a record are copied
//! inline rather than each through a writer.
//!
//! Strings are escaped as serde_json escapes them, so that the output is
//! the same octets: `"` and `\` by a backslash; `\b`, `\t`, `\n`, `\f`,
//! `\r` by name; other C0 controls as `\u00XX` (lowercase hex); everything
//! else, DEL and every non-ASCII char included, as it is.

use crate::scan;

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
    let bytes = s.as_bytes();
    if needs_escape(bytes) {
        escaped(w, bytes);
    } else {
        w.extend_from_slice(bytes);
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

/// Whether some octet of `bytes` is escaped in a JSON string.
pub fn needs_escape(bytes: &[u8]) -> bool {
    scan::any(bytes, |b| (b < 0x20) | (b == b'"') | (b == b'\\'))
}

/// [`body`] for a string with octets to escape.
#[cold]
fn escaped(w: &mut Vec<u8>, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let short: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            0x0c => b"\\f",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..0x20 => &[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xf)],
            ],
            _ => continue,
        };
        w.extend_from_slice(&bytes[start..i]);
        w.extend_from_slice(short);
        start = i + 1;
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
mod tests {
    /// What [`super::str`] writes.
    fn written(s: &str) -> String {
        let mut w = Vec::new();
        super::str(&mut w, s);
        String::from_utf8(w).unwrap()
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let every_ascii: String = (0u8..0x80).map(char::from).collect();
        for s in [
            "",
            "http://example.com/a?b#c",
            "a\"b\\c",
            "\u{7f}\u{80}\u{9b}é€𝄞",
            "\u{2028}\u{2029}</script>",
            &every_ascii,
            &every_ascii.repeat(3)[5..],
        ] {
            assert_eq!(written(s), serde_json::to_string(s).unwrap(), "{s:?}");
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
