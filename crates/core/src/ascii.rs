//! The character classes of the 1994 specifications, as 256-entry tables.
//!
//! Every class is a [`ByteSet`]: a `const` table with one entry per octet, so a
//! membership test is one load. The sets are built by `const fn`, so each is
//! written once, next to the production it transcribes.
//!
//! Two families live here:
//!
//! * [`rfc1738`]: the "Miscellaneous definitions" of RFC 1738 §5, plus the
//!   per-component sets its scheme productions use (`hsegment`, `fsegment`, ...).
//! * [`rfc1630`]: the generic BNF of the RFC 1630 draft (`draft-www-uri-00`,
//!   "BNF of generic URI syntax"), whose `safe` and `extra` differ from RFC 1738's.

/// A set of octets, stored as a 256-entry lookup table.
///
/// # Examples
///
/// ```
/// use urikit::ascii::{rfc1738, ByteSet};
///
/// assert!(rfc1738::SAFE.contains(b'$'));
/// assert!(!rfc1738::SAFE.contains(b'~'));
/// let digits_and_dot = ByteSet::from_range(b'0', b'9').with(b'.');
/// assert!(digits_and_dot.contains(b'.'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByteSet {
    table: [bool; 256],
}

impl ByteSet {
    /// The set with no octet in it.
    pub const EMPTY: ByteSet = ByteSet { table: [false; 256] };

    /// The set of the given octets.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::ByteSet;
    ///
    /// let set = ByteSet::from_bytes(b"$-_");
    /// assert!(set.contains(b'-'));
    /// assert!(!set.contains(b'a'));
    /// ```
    pub const fn from_bytes(bytes: &[u8]) -> ByteSet {
        let mut table = [false; 256];
        let mut i = 0;
        while i < bytes.len() {
            table[bytes[i] as usize] = true;
            i += 1;
        }
        ByteSet { table }
    }

    /// The set of the octets from `first` to `last`, both included.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::ByteSet;
    ///
    /// let digits = ByteSet::from_range(b'0', b'9');
    /// assert!(digits.contains(b'0') && digits.contains(b'9'));
    /// assert!(!digits.contains(b'/'));
    /// ```
    pub const fn from_range(first: u8, last: u8) -> ByteSet {
        let mut table = [false; 256];
        let mut i = first as usize;
        while i <= last as usize {
            table[i] = true;
            i += 1;
        }
        ByteSet { table }
    }

    /// This set with `byte` added.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::ByteSet;
    ///
    /// let set = ByteSet::EMPTY.with(b'/');
    /// assert!(set.contains(b'/'));
    /// assert_eq!(set.iter().count(), 1);
    /// ```
    #[must_use]
    pub const fn with(mut self, byte: u8) -> ByteSet {
        self.table[byte as usize] = true;
        self
    }

    /// This set with every octet of `bytes` added.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::{rfc1738, ByteSet};
    ///
    /// let set = ByteSet::EMPTY.with_all(b";/?");
    /// assert!(set.contains(b'?'));
    /// assert_eq!(rfc1738::UCHAR.with_all(b";:@&="), rfc1738::HSEGMENT);
    /// ```
    #[must_use]
    pub const fn with_all(self, bytes: &[u8]) -> ByteSet {
        self.union(ByteSet::from_bytes(bytes))
    }

    /// This set with `byte` removed.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::rfc1738;
    ///
    /// let set = rfc1738::RESERVED.without(b'/');
    /// assert!(!set.contains(b'/'));
    /// assert!(set.contains(b'?'));
    /// ```
    #[must_use]
    pub const fn without(mut self, byte: u8) -> ByteSet {
        self.table[byte as usize] = false;
        self
    }

    /// The octets in either set.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::rfc1738;
    ///
    /// let set = rfc1738::ALPHA.union(rfc1738::DIGIT);
    /// assert_eq!(set, rfc1738::ALPHADIGIT);
    /// assert!(!set.contains(b'-'));
    /// ```
    #[must_use]
    pub const fn union(self, other: ByteSet) -> ByteSet {
        let mut table = self.table;
        let mut i = 0;
        while i < 256 {
            table[i] = table[i] || other.table[i];
            i += 1;
        }
        ByteSet { table }
    }

    /// The octets in both sets.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::{rfc1630, rfc1738};
    ///
    /// // What RFC 1738's http search and RFC 1630's search both allow.
    /// let both = rfc1738::SEARCH.intersection(rfc1630::SEARCH);
    /// assert!(both.contains(b'&'));
    /// assert!(!both.contains(b'=')); // not in RFC 1630's
    /// ```
    #[must_use]
    pub const fn intersection(self, other: ByteSet) -> ByteSet {
        let mut table = self.table;
        let mut i = 0;
        while i < 256 {
            table[i] = table[i] && other.table[i];
            i += 1;
        }
        ByteSet { table }
    }

    /// The octets not in this set.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::{rfc1738, ByteSet};
    ///
    /// let not_digit = rfc1738::DIGIT.complement();
    /// assert!(!not_digit.contains(b'7'));
    /// assert!(not_digit.contains(b'a'));
    /// assert_eq!(ByteSet::EMPTY.complement().iter().count(), 256);
    /// ```
    #[must_use]
    pub const fn complement(self) -> ByteSet {
        let mut table = self.table;
        let mut i = 0;
        while i < 256 {
            table[i] = !table[i];
            i += 1;
        }
        ByteSet { table }
    }

    /// Whether `byte` is in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::{rfc1630, rfc1738};
    ///
    /// // `@` is `safe` in the RFC 1630 draft but reserved in RFC 1738.
    /// assert!(rfc1630::SAFE.contains(b'@'));
    /// assert!(!rfc1738::SAFE.contains(b'@'));
    /// ```
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// Whether every octet of `bytes` is in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::rfc1738;
    ///
    /// assert!(rfc1738::DIGIT.contains_all(b"8080"));
    /// assert!(!rfc1738::DIGIT.contains_all(b"80a"));
    /// assert!(rfc1738::DIGIT.contains_all(b""));
    /// ```
    pub fn contains_all(&self, bytes: &[u8]) -> bool {
        bytes.iter().all(|&b| self.contains(b))
    }

    /// The members of the set, in ascending order.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::rfc1738;
    ///
    /// let safe: Vec<u8> = rfc1738::SAFE.iter().collect();
    /// assert_eq!(safe, b"$+-._");
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(move |&b| self.contains(b))
    }
}

impl std::fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ByteSet{")?;
        for b in self.iter() {
            if b.is_ascii_graphic() {
                write!(f, "{}", b as char)?;
            } else {
                write!(f, "\\x{b:02X}")?;
            }
        }
        f.write_str("}")
    }
}

/// RFC 1738 §5, "Miscellaneous definitions", and the component sets of §5's
/// scheme productions.
pub mod rfc1738 {
    use super::ByteSet;

    /// `lowalpha = "a" | ... | "z"`
    pub const LOWALPHA: ByteSet = ByteSet::from_range(b'a', b'z');
    /// `hialpha = "A" | ... | "Z"`
    pub const HIALPHA: ByteSet = ByteSet::from_range(b'A', b'Z');
    /// `alpha = lowalpha | hialpha`
    pub const ALPHA: ByteSet = LOWALPHA.union(HIALPHA);
    /// `digit = "0" | ... | "9"`
    pub const DIGIT: ByteSet = ByteSet::from_range(b'0', b'9');
    /// `alphadigit = alpha | digit`
    pub const ALPHADIGIT: ByteSet = ALPHA.union(DIGIT);
    /// `safe = "$" | "-" | "_" | "." | "+"`
    pub const SAFE: ByteSet = ByteSet::from_bytes(b"$-_.+");
    /// `extra = "!" | "*" | "'" | "(" | ")" | ","`
    pub const EXTRA: ByteSet = ByteSet::from_bytes(b"!*'(),");
    /// ``national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"``
    pub const NATIONAL: ByteSet = ByteSet::from_bytes(b"{}|\\^~[]`");
    /// `punctuation = "<" | ">" | "#" | "%" | <">`
    pub const PUNCTUATION: ByteSet = ByteSet::from_bytes(b"<>#%\"");
    /// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`
    pub const RESERVED: ByteSet = ByteSet::from_bytes(b";/?:@&=");
    /// `hex = digit | "A" | ... | "F" | "a" | ... | "f"`
    pub const HEX: ByteSet = DIGIT
        .union(ByteSet::from_range(b'A', b'F'))
        .union(ByteSet::from_range(b'a', b'f'));
    /// `unreserved = alpha | digit | safe | extra`
    pub const UNRESERVED: ByteSet = ALPHA.union(DIGIT).union(SAFE).union(EXTRA);
    /// `escape = "%" hex hex`: the octet that starts one. Sets below that name
    /// `escape` contain `%`; the scanner checks the two hex digits after it.
    pub const ESCAPE_START: ByteSet = ByteSet::from_bytes(b"%");
    /// `uchar = unreserved | escape`
    pub const UCHAR: ByteSet = UNRESERVED.union(ESCAPE_START);
    /// `xchar = unreserved | reserved | escape`
    pub const XCHAR: ByteSet = UNRESERVED.union(RESERVED).union(ESCAPE_START);
    /// The characters RFC 1738 §2.2 calls unsafe: space, `<`, `>`, `"`, `#`,
    /// `%`, the national characters, and the controls and non-ASCII octets,
    /// which have no graphic US-ASCII character at all.
    pub const UNSAFE: ByteSet = XCHAR.complement().with(b'%');

    /// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`, with `hialpha`
    /// added because §2.1 asks interpreters to ignore case.
    pub const SCHEME: ByteSet = ALPHA.union(DIGIT).with_all(b"+-.");
    /// `user = *[ uchar | ";" | "?" | "&" | "=" ]` (and `password`, the same).
    pub const USER: ByteSet = UCHAR.with_all(b";?&=");
    /// `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
    pub const HSEGMENT: ByteSet = UCHAR.with_all(b";:@&=");
    /// `hpath = hsegment *[ "/" hsegment ]`: the octets of a whole http path.
    pub const HPATH: ByteSet = HSEGMENT.with(b'/');
    /// `search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
    pub const SEARCH: ByteSet = UCHAR.with_all(b";:@&=");
    /// `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
    pub const FSEGMENT: ByteSet = UCHAR.with_all(b"?:@&=");
    /// `fpath = fsegment *[ "/" fsegment ]`: the octets of a whole ftp path.
    pub const FPATH: ByteSet = FSEGMENT.with(b'/');
    /// `psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
    pub const PSEGMENT: ByteSet = FSEGMENT;
    /// `ppath = psegment *[ "/" psegment ]`
    pub const PPATH: ByteSet = PSEGMENT.with(b'/');
    /// `fieldname = *[ uchar | "?" | ":" | "@" | "&" ]` (and `fieldvalue`).
    pub const FIELD: ByteSet = UCHAR.with_all(b"?:@&");
    /// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`, after the
    /// first octet.
    pub const GROUP: ByteSet = ALPHA.union(DIGIT).with_all(b"-.+_");
    /// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`,
    /// the part before `@`.
    pub const ARTICLE: ByteSet = UCHAR.with_all(b";/?:&=");
    /// `xchar` and `/`: the octets of a url-path of a scheme RFC 1738 does
    /// not define (`urlpath = *xchar`), with `?` left to the search part.
    pub const URLPATH: ByteSet = XCHAR;
    /// `alphadigit | "-"`: the octets of a `domainlabel` or `toplabel`.
    pub const LABEL: ByteSet = ALPHADIGIT.with(b'-');
}

/// The generic BNF of the RFC 1630 draft ("BNF of generic URI syntax").
///
/// The draft's `extra` includes `:`, `;`, `,` and `space`, and its `safe`
/// includes `@` and `&`; neither has `=`, `/`, `?` or `#`, which the grammar
/// only uses as delimiters. The BNF of specific schemes in the same draft adds
/// `+` to `safe`; the generic grammar allows `+` in paths (`xpalpha`) and as the
/// word separator of a search.
pub mod rfc1630 {
    use super::{rfc1738, ByteSet};

    /// `alpha = a | ... | z | A | ... | Z`
    pub const ALPHA: ByteSet = rfc1738::ALPHA;
    /// `digit = 0 | ... | 9`
    pub const DIGIT: ByteSet = rfc1738::DIGIT;
    /// `safe = $ | - | _ | @ | . | &`
    pub const SAFE: ByteSet = ByteSet::from_bytes(b"$-_@.&");
    /// `extra = ! | * | " | ' | ( | ) | : | ; | , | space`
    pub const EXTRA: ByteSet = ByteSet::from_bytes(b"!*\"'():;, ");
    /// `national = { | } | vline | [ | ] | \ | ^ | ~`
    pub const NATIONAL: ByteSet = ByteSet::from_bytes(b"{}|[]\\^~");
    /// `punctuation = < | >`
    pub const PUNCTUATION: ByteSet = ByteSet::from_bytes(b"<>");
    /// `hex = digit | a | ... | f | A | ... | F`
    pub const HEX: ByteSet = rfc1738::HEX;
    /// `xalpha = alpha | digit | safe | extra | escape`
    pub const XALPHA: ByteSet = ALPHA.union(DIGIT).union(SAFE).union(EXTRA).union(rfc1738::ESCAPE_START);
    /// `xpalpha = xalpha | +`
    pub const XPALPHA: ByteSet = XALPHA.with(b'+');
    /// `ialpha = alpha [ xalphas ]`: the octets after the first.
    pub const IALPHA_REST: ByteSet = XALPHA;
    /// `path = void | xpalphas [ / path ]`: the octets of a whole path.
    pub const PATH: ByteSet = XPALPHA.with(b'/');
    /// `search = xalphas [ + search ]`: the octets of a whole search.
    pub const SEARCH: ByteSet = XALPHA.with(b'+');
    /// `fragmentid = xalphas`
    pub const FRAGMENTID: ByteSet = XALPHA;
    /// `scheme = ialpha`, without the `:` that ends it.
    pub const SCHEME: ByteSet = XALPHA.without(b':').without(b'%');
    /// `user` and `password = xalphas`, without the `:` and `@` that delimit them.
    pub const USER: ByteSet = XALPHA.without(b':').without(b'@');
    /// `hostname = ialpha [ . hostname ]`: the octets of a host name, without
    /// the `:` and `@` that delimit it.
    pub const HOSTNAME: ByteSet = XALPHA.without(b':').without(b'@');
}

/// The value of a hex digit, or `None` for any other octet.
///
/// # Examples
///
/// ```
/// use urikit::ascii::hex_value;
///
/// assert_eq!(hex_value(b'7'), Some(7));
/// assert_eq!(hex_value(b'f'), Some(15));
/// assert_eq!(hex_value(b'F'), Some(15));
/// assert_eq!(hex_value(b'g'), None);
/// ```
#[inline]
pub const fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// URL Standard §1.3 "Percent-encoded bytes": the ASCII part of each
/// percent-encode set (every set also holds all code points above U+007E).
/// [`crate::whatwg::encode_sets`] encodes by them; they sit here, below the
/// grammars, so that [`crate::pct::EncodeSet`] can name them too.
pub mod whatwg {
    use super::ByteSet;

    /// The C0 control percent-encode set: C0 controls and everything above
    /// U+007E (so, of ASCII, U+0000 to U+001F and U+007F).
    pub const C0_CONTROL: ByteSet = ByteSet::from_range(0, 0x1f).with(0x7f);

    /// The fragment percent-encode set: C0 control, space, `"`, `<`, `>`, `` ` ``.
    pub const FRAGMENT: ByteSet = C0_CONTROL.with_all(b" \"<>`");

    /// The query percent-encode set: C0 control, space, `"`, `#`, `<`, `>`.
    pub const QUERY: ByteSet = C0_CONTROL.with_all(b" \"#<>");

    /// The special-query percent-encode set: query and `'`.
    pub const SPECIAL_QUERY: ByteSet = QUERY.with(b'\'');

    /// The path percent-encode set: query and `?`, `^`, `` ` ``, `{`, `}`.
    pub const PATH: ByteSet = QUERY.with_all(b"?^`{}");

    /// The userinfo percent-encode set: path and `/`, `:`, `;`, `=`, `@`, `[`
    /// to `]`, `|`.
    pub const USERINFO: ByteSet = PATH.with_all(b"/:;=@[\\]|");

    /// The component percent-encode set: userinfo and `$` to `&`, `+`, `,`
    /// (`encodeURIComponent`'s).
    pub const COMPONENT: ByteSet = USERINFO.with_all(b"$%&+,");

    /// The `application/x-www-form-urlencoded` percent-encode set: component and
    /// `!`, `'` to `)`, `~`: everything but ASCII alphanumerics, `*`, `-`, `.`
    /// and `_`.
    pub const FORM_URLENCODED: ByteSet = COMPONENT.with_all(b"!'()~");
}

/// The key of a name of at most 8 octets, as written in a table of names:
/// its octets, from the lowest, then zeros. Compare it with [`name_key`].
pub(crate) const fn key(name: &[u8]) -> u64 {
    let mut k = [0u8; 8];
    let mut i = 0;
    while i < name.len() {
        k[i] = name[i];
        i += 1;
    }
    u64::from_le_bytes(k)
}

/// `n` in decimal, as `format!("{n}")` writes it, written into the end of
/// `buf` (no `String` made for it).
#[inline]
pub(crate) fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}

/// The key of `name` lowered (a scheme's name, compared without regard to
/// case), or `None` when it is longer than 8 octets: a name is then one
/// `u64` comparison against each [`key`] of a table.
#[inline]
pub(crate) fn name_key(name: &[u8]) -> Option<u64> {
    (name.len() <= 8).then(|| lowered(octets(name)))
}

/// The octets of `b`, at most 8, from the lowest, then zeros: read as two
/// words that may overlap, not copied into a buffer of eight (every URL's
/// view starts here).
fn octets(b: &[u8]) -> u64 {
    let n = b.len();
    debug_assert!(n <= 8);
    if n >= 4 {
        let first = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let last = u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]);
        u64::from(first) | u64::from(last) << (8 * (n - 4))
    } else if n > 0 {
        // The first, middle and last octets: all three of 3, two of 2.
        u64::from(b[0]) | u64::from(b[n / 2]) << (8 * (n / 2)) | u64::from(b[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

/// `k` with each octet `A` to `Z` lowered, all eight at once; the others,
/// those over 0x7F too, as they are.
const fn lowered(k: u64) -> u64 {
    const EACH: u64 = u64::from_le_bytes([1; 8]);
    // Each octet's low seven bits, plus a number that carries into its
    // high bit from `A` on, or from past `Z` on: never into the next octet.
    let low = k & (0x7F * EACH);
    let from_a = low + (0x80 - b'A' as u64) * EACH;
    let past_z = low + (0x80 - b'Z' as u64 - 1) * EACH;
    let upper = from_a & !past_z & !k & (0x80 * EACH);
    k | upper >> 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A name's key as a plain reading: its octets copied into eight zeroed
    /// ones and lowered one by one.
    fn naive(b: &[u8]) -> u64 {
        let mut k = [0u8; 8];
        k[..b.len()].copy_from_slice(b);
        k.make_ascii_lowercase();
        u64::from_le_bytes(k)
    }

    /// Each of the 256 octets in each place of names of each length.
    #[test]
    fn every_octet_is_lowered_in_every_place() {
        for n in 1..=8 {
            for i in 0..n {
                for c in 0..=255u8 {
                    let mut b = b"HtTp-X.9"[..n].to_vec();
                    b[i] = c;
                    assert_eq!(lowered(octets(&b)), naive(&b), "{b:?}");
                }
            }
        }
    }

    proptest! {
        /// Any name of up to eight octets: capitals, the octets beside `A`
        /// and `Z`, and octets over 0x7F mixed.
        #[test]
        fn keys_are_the_lowered_octets(b in proptest::collection::vec(
            prop_oneof![any::<u8>(), proptest::sample::select(b"AZaz@[`{\x7f\x80\xc1\xda".to_vec())],
            0..=8,
        )) {
            prop_assert_eq!(lowered(octets(&b)), naive(&b));
        }
    }

    #[test]
    fn rfc1738_classes_partition_ascii_graphics() {
        // Every printable ASCII character is in exactly one of the classes
        // RFC 1738 §5 defines (alpha, digit, safe, extra, national,
        // punctuation, reserved); `space` is in none.
        for b in 0x21u8..0x7f {
            let n = [
                rfc1738::ALPHA,
                rfc1738::DIGIT,
                rfc1738::SAFE,
                rfc1738::EXTRA,
                rfc1738::NATIONAL,
                rfc1738::PUNCTUATION,
                rfc1738::RESERVED,
            ]
            .iter()
            .filter(|set| set.contains(b))
            .count();
            assert_eq!(n, 1, "{:?}", b as char);
        }
        assert!(!rfc1738::XCHAR.contains(b' '));
    }

    #[test]
    fn unsafe_is_what_xchar_lacks_plus_percent() {
        for b in 0..=255u8 {
            let unsafe_ = rfc1738::UNSAFE.contains(b);
            assert_eq!(unsafe_, b == b'%' || !rfc1738::XCHAR.contains(b), "{b}");
        }
        assert!(rfc1738::UNSAFE.contains(b'~'));
        assert!(rfc1738::UNSAFE.contains(0x80));
    }

    #[test]
    fn rfc1630_xalpha() {
        assert!(rfc1630::XALPHA.contains(b' '));
        assert!(rfc1630::XALPHA.contains(b':'));
        assert!(!rfc1630::XALPHA.contains(b'='));
        assert!(!rfc1630::XALPHA.contains(b'+'));
        assert!(rfc1630::XPALPHA.contains(b'+'));
        assert!(!rfc1630::XALPHA.contains(b'~'));
    }

    #[test]
    fn hex_values() {
        assert_eq!(hex_value(b'a'), Some(10));
        assert_eq!(hex_value(b'F'), Some(15));
        assert_eq!(hex_value(b'g'), None);
        for b in 0..=255u8 {
            assert_eq!(hex_value(b).is_some(), rfc1738::HEX.contains(b));
        }
    }
}
