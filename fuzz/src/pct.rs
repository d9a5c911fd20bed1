//! `%XX` encoding and decoding, against naive transcriptions of the docs.

use urikit::ascii::{rfc1738, ByteSet};
use urikit::pct::{decode, encode, lower, raise, EncodeSet, NEVER_TOUCHED};

/// The sets `lower` is tried with.
const EXPAND: [ByteSet; 5] = [
    ByteSet::EMPTY,
    rfc1738::UNRESERVED,
    rfc1738::UNRESERVED.union(rfc1738::NATIONAL),
    ByteSet::from_range(0, 0x7f),
    ByteSet::from_range(0, 0xff),
];

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// Decoding as the docs say it: each `%` and two hex digits is one octet.
/// The error is the offset of the first `%` that is not an escape.
fn naive_decode(s: &str) -> Result<Vec<u8>, usize> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hi = b.get(i + 1).copied().and_then(hex).ok_or(i)?;
            let lo = b.get(i + 2).copied().and_then(hex).ok_or(i)?;
            out.push(hi << 4 | lo);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(out)
}

/// `raise` as its docs say: encode the octets of `set` that are not
/// [`NEVER_TOUCHED`], as `%XX` with upper-case digits. A URL's `+` is never
/// touched, so raising by a set that writes a space `+` (search,
/// form-value) writes it `%20`.
fn naive_raise(s: &str, set: &EncodeSet) -> String {
    let mut out = String::new();
    for &b in s.as_bytes() {
        let encodes = set.encodes(b) || (b == b' ' && set.space_as_plus());
        if encodes && !NEVER_TOUCHED.contains(b) {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push(b as char);
        }
    }
    out
}

/// `lower` as its docs say: decode each escape of an ASCII octet of `expand`
/// that is not [`NEVER_TOUCHED`].
fn naive_lower(s: &str, expand: &ByteSet) -> Result<String, usize> {
    naive_decode(s)?;
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let octet = hex(b[i + 1]).unwrap() << 4 | hex(b[i + 2]).unwrap();
            if octet.is_ascii() && expand.contains(octet) && !NEVER_TOUCHED.contains(octet) {
                out.push(octet as char);
            } else {
                out.push_str(&s[i..i + 3]);
            }
            i += 3;
        } else {
            let len = s[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&s[i..i + len]);
            i += len;
        }
    }
    Ok(out)
}

/// The octets [`NEVER_TOUCHED`] names, but `%` (which `raise` writes).
fn reserved(s: &str) -> Vec<u8> {
    s.bytes().filter(|&b| b != b'%' && NEVER_TOUCHED.contains(b)).collect()
}

/// Every `%` of `s` starts an escape with upper-case hex digits, and every
/// other octet is one `set` leaves alone.
fn assert_encoded(s: &str, out: &str, set: &EncodeSet) {
    let b = out.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let escape = &out[i..(i + 3).min(out.len())];
            let octet = naive_decode(escape).unwrap_or_else(|_| panic!("{s:?} -> {out:?}: bad escape at {i}"));
            assert!(
                escape.bytes().all(|c| !c.is_ascii_lowercase()),
                "{s:?} -> {out:?}: lower-case hex"
            );
            assert!(
                set.encodes(octet[0]),
                "{s:?} -> {out:?}: {} encodes {escape}",
                set.name()
            );
            i += 3;
        } else {
            let plus = b[i] == b'+' && set.space_as_plus();
            assert!(
                plus || !set.encodes(b[i]),
                "{s:?} -> {out:?}: {} left {:?}",
                set.name(),
                b[i] as char
            );
            i += 1;
        }
    }
}

/// `decode`, `encode`, `raise` and `lower` on any text.
pub fn check_pct(s: &str) {
    let decoded = naive_decode(s);
    match decode(s) {
        Ok(bytes) => assert_eq!(Ok(&bytes[..]), decoded.as_deref(), "{s:?}"),
        Err(e) => {
            assert_eq!(
                s.as_bytes().get(e.offset),
                Some(&b'%'),
                "{s:?}: error {e} is not at a '%'"
            );
            assert_eq!(Err(e.offset), decoded, "{s:?}");
        }
    }
    for set in EncodeSet::ALL {
        let name = set.name();
        let out = encode(s, &set);
        assert_encoded(s, &out, &set);
        // A set that writes a space '+' (search, form-value) writes a real
        // '+' as "%2B".
        let plain = if set.space_as_plus() {
            out.replace('+', " ")
        } else {
            out.to_string()
        };
        let back = decode(&plain).unwrap_or_else(|e| panic!("{s:?} -> {out:?}: {e}"));
        assert_eq!(&back[..], s.as_bytes(), "{s:?} -> {out:?} ({name})");

        let raised = raise(s, &set);
        assert_eq!(raised, naive_raise(s, &set), "{s:?}: raise by {name}");
        assert_eq!(
            reserved(&raised),
            reserved(s),
            "{s:?}: raise by {name} touched a reserved octet"
        );
        if let Ok(bytes) = &decoded {
            // Raising changes how octets are written, not which they are.
            assert_eq!(
                decode(&raised).ok().as_deref(),
                Some(&bytes[..]),
                "{s:?}: raise by {name}"
            );
            // Lowering by every ASCII octet undoes raising ASCII text.
            if s.is_ascii() && !s.contains('%') {
                assert_eq!(lower(&raised, &EXPAND[3]).unwrap(), s, "{s:?}: lower(raise) by {name}");
            }
        }
    }
    for expand in &EXPAND {
        match lower(s, expand) {
            Ok(lowered) => {
                assert_eq!(Ok(lowered.as_ref()), naive_lower(s, expand).as_deref(), "{s:?}: lower");
                assert_eq!(reserved(&lowered), reserved(s), "{s:?}: lower touched a reserved octet");
                assert_eq!(decode(&lowered).ok(), decode(s).ok(), "{s:?}: lower changed the octets");
            }
            Err(e) => {
                assert_eq!(
                    s.as_bytes().get(e.offset),
                    Some(&b'%'),
                    "{s:?}: lower error {e} is not at a '%'"
                );
                assert_eq!(Err(e.offset), naive_lower(s, expand), "{s:?}: lower");
            }
        }
    }
}
