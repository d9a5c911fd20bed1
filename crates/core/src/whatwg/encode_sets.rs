//! URL Standard §1.3 "Percent-encoded bytes": the percent-encode sets, as
//! [`ByteSet`]s of the ASCII octets each set holds. Every set also holds all
//! code points above U+007E, so a non-ASCII code point is always written as
//! the `%XX` escapes of its UTF-8 octets; only the ASCII part is tabled.

use super::out::Out;
use crate::ascii::ByteSet;

// The sets live with the other character classes (`ascii::whatwg`), below
// every grammar, so that `pct`'s named encode sets can reuse them.
pub use crate::ascii::whatwg::{
    C0_CONTROL, COMPONENT, FORM_URLENCODED, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, USERINFO,
};

/// Appends `c`, UTF-8 percent-encoded using `set` (URL Standard §1.3 "UTF-8
/// percent-encode"): an ASCII octet outside the set as it is, anything else
/// as `%XX` escapes (upper-case hex) of its UTF-8 octets.
#[inline]
pub(crate) fn push_encoded(out: &mut impl Out, c: char, set: &ByteSet) {
    if c.is_ascii() && !set.contains(c as u8) {
        out.push(c);
    } else {
        let mut buf = [0u8; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            push_escape(out, b);
        }
    }
}

/// Appends `%XX` for `b`, hex upper case (URL Standard §1.3 "percent-encode").
#[inline]
pub(crate) fn push_escape(out: &mut impl Out, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 0xf)]));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_urlencoded_leaves_only_what_the_note_says() {
        let left: Vec<u8> = (0u8..0x80).filter(|&b| !FORM_URLENCODED.contains(b)).collect();
        let mut want: Vec<u8> = b"*-._".to_vec();
        want.extend(b'0'..=b'9');
        want.extend(b'A'..=b'Z');
        want.extend(b'a'..=b'z');
        want.sort_unstable();
        assert_eq!(left, want);
    }

    #[test]
    fn examples_of_section_1_3() {
        let mut s = String::new();
        for c in "Say what‽".chars() {
            push_encoded(&mut s, c, &USERINFO);
        }
        assert_eq!(s, "Say%20what%E2%80%BD");
        assert!(PATH.contains(b'^') && !QUERY.contains(b'^'));
    }
}
