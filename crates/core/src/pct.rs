//! `%XX` encoding and decoding, and raising or lowering a URL's encoding level.
//!
//! RFC 1738 §2.2: an octet may be written as `%` and two hex digits; octets
//! with no graphic US-ASCII character, unsafe characters and reserved
//! characters used for something other than their reserved purpose must be.
//! RFC 1630 ("Reduced or increased safe character sets"): a URL may be made
//! safer by encoding more characters, or expanded by decoding some, but the
//! reserved characters "may NEVER be encoded and unencoded in this way".

use std::borrow::Cow;
use std::convert::Infallible;

use crate::ascii::{hex_value, rfc1630, rfc1738, whatwg, ByteSet};
use crate::error::{ParseErrorKind, PctError};

/// Which octets [`encode`] writes as `%XX`.
///
/// Every set encodes `%` itself, the controls and every non-ASCII octet: none
/// of them may stand unencoded in a URL.
///
/// # Examples
///
/// ```
/// use urikit::pct::{encode, EncodeSet};
///
/// assert_eq!(encode("a b/c", &EncodeSet::UNSAFE), "a%20b/c");
/// assert_eq!(encode("a b/c", &EncodeSet::UCHAR), "a%20b%2Fc");
/// assert_eq!(encode("1+1 = 2/3", &EncodeSet::SEARCH), "1%2B1+=+2%2F3");
/// assert_eq!(encode("1+1=2 & 3", &EncodeSet::QUERY_VALUE), "1%2B1%3D2%20%26%203");
/// assert_eq!(encode("1+1=2 & 3", &EncodeSet::FORM_VALUE), "1%2B1%3D2+%26+3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodeSet {
    name: &'static str,
    encode: ByteSet,
    space_as_plus: bool,
}

/// Octets no URL may hold unencoded, whatever the component.
const ALWAYS: ByteSet = ByteSet::from_range(0, 0x20)
    .union(ByteSet::from_range(0x7f, 0xff))
    .with(b'%');

impl EncodeSet {
    /// RFC 1738 §2.2 unsafe octets: space, `<>"#%{}|\^~[]` and `` ` ``, and
    /// the controls and non-ASCII octets. Reserved characters stay as they
    /// are: for text that is already a URL's syntax.
    pub const UNSAFE: EncodeSet = EncodeSet::new("unsafe", rfc1738::XCHAR.complement());
    /// Everything but `uchar`'s unreserved octets (letters, digits and
    /// `$-_.+!*'(),`): for a value to be put in any component.
    pub const UCHAR: EncodeSet = EncodeSet::new("uchar", rfc1738::UNRESERVED.complement());
    /// What RFC 1738 `hsegment` (an http path segment), or a segment of the
    /// RFC 1630 draft's `path` (`xpalphas`), does not allow: a value it
    /// writes is a segment under both (the draft has no `=` in a path).
    pub const HSEGMENT: EncodeSet = EncodeSet::new(
        "hsegment",
        rfc1738::HSEGMENT.complement().union(rfc1630::XPALPHA.complement()),
    );
    /// What RFC 1738 `fsegment` (an ftp path segment) does not allow.
    pub const FSEGMENT: EncodeSet = EncodeSet::new("fsegment", rfc1738::FSEGMENT.complement());
    /// What RFC 1738 `user` and `password`, or the RFC 1630 draft's `user`
    /// and `password`, do not allow: a value it writes is a user name under
    /// both (the draft has no `+`, `=` or `?` there).
    pub const USER: EncodeSet = EncodeSet::new("user", rfc1738::USER.complement().union(rfc1630::USER.complement()));
    /// What RFC 1738 `fieldname` and `fieldvalue` (prospero) do not allow.
    pub const FIELD: EncodeSet = EncodeSet::new("field", rfc1738::FIELD.complement());
    /// A search string by RFC 1630: `+` means space there, so a space is
    /// written `+` and a real `+` is encoded, as is all RFC 1738 `search`
    /// does not allow.
    pub const SEARCH: EncodeSet = EncodeSet {
        space_as_plus: true,
        ..EncodeSet::new("search", rfc1738::SEARCH.without(b'+').complement())
    };
    /// What the RFC 1630 draft's `xalpha` does not allow.
    pub const XALPHA: EncodeSet = EncodeSet::new("xalpha", rfc1630::XALPHA.complement().with(b' '));

    /// A value of a `name=value` pair in a query, to be read back unchanged
    /// as `{query:NAME}` reads it (`+` as a space, `%XX` an octet): `&`,
    /// `=`, `+`, `#` and `%` encoded, a space as `%20`, and every octet the
    /// search part of some spec may not hold (RFC 1738 `search`, the
    /// narrowest: `/` and `?` too). What stays, letters, digits and
    /// `$-_.!*'(),;:@`, is a query character under every spec.
    pub const QUERY_VALUE: EncodeSet = EncodeSet::new(
        "query-value",
        rfc1738::SEARCH.without(b'&').without(b'=').without(b'+').complement(),
    );
    /// A name or value of `application/x-www-form-urlencoded` text (URL
    /// Standard §5.2): the URL Standard's form-urlencoded percent-encode set
    /// (all but letters, digits and `*-._`), a space written `+`.
    pub const FORM_VALUE: EncodeSet = EncodeSet {
        space_as_plus: true,
        ..EncodeSet::new("form-value", whatwg::FORM_URLENCODED)
    };
    /// A user name or password by RFC 3986 and the URL Standard: the URL
    /// Standard's userinfo percent-encode set, which leaves only what RFC
    /// 3986 `userinfo` allows (`:` and `@` encoded).
    pub const USERINFO: EncodeSet = EncodeSet::new("userinfo", whatwg::USERINFO);
    /// A registered name (RFC 3986 `reg-name`) or the URL Standard's opaque
    /// host: all but the unreserved characters and `sub-delims`.
    pub const REG_NAME: EncodeSet = EncodeSet::new(
        "reg-name",
        rfc1738::ALPHA
            .union(rfc1738::DIGIT)
            .with_all(b"-._~!$&'()*+,;=")
            .complement(),
    );
    /// A path segment by RFC 3986 and the URL Standard: the URL Standard's
    /// path percent-encode set and `/`, `\`, `[`, `]`, `|` (a separator
    /// in a special URL, or no RFC 3986 `pchar`).
    pub const PATH_SEGMENT: EncodeSet = EncodeSet::new("path-segment", whatwg::PATH.with_all(b"/\\[]|"));
    /// A fragment by RFC 3986 and the URL Standard: the URL Standard's
    /// fragment percent-encode set and `#`, `[`, `]`, `\`, `^`, `{`, `|`,
    /// `}` (no RFC 3986 `fragment` character).
    pub const FRAGMENT: EncodeSet = EncodeSet::new("fragment", whatwg::FRAGMENT.with_all(b"#[]\\^{|}"));
    /// What `encodeURIComponent` encodes: the URL Standard's component
    /// percent-encode set.
    pub const COMPONENT: EncodeSet = EncodeSet::new("component", whatwg::COMPONENT);

    /// Every named set, as the CLI lists them.
    pub const ALL: [EncodeSet; 15] = [
        EncodeSet::UNSAFE,
        EncodeSet::UCHAR,
        EncodeSet::HSEGMENT,
        EncodeSet::FSEGMENT,
        EncodeSet::USER,
        EncodeSet::FIELD,
        EncodeSet::SEARCH,
        EncodeSet::XALPHA,
        EncodeSet::QUERY_VALUE,
        EncodeSet::FORM_VALUE,
        EncodeSet::USERINFO,
        EncodeSet::REG_NAME,
        EncodeSet::PATH_SEGMENT,
        EncodeSet::FRAGMENT,
        EncodeSet::COMPONENT,
    ];

    /// A set that encodes `encode`, and always `%`, the controls and the
    /// non-ASCII octets.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::ascii::ByteSet;
    /// use urikit::pct::{encode, EncodeSet};
    ///
    /// let set = EncodeSet::new("slash", ByteSet::from_range(b'/', b'/'));
    /// assert_eq!(encode("a/b c", &set), "a%2Fb%20c");
    /// ```
    pub const fn new(name: &'static str, encode: ByteSet) -> EncodeSet {
        EncodeSet {
            name,
            encode: encode.union(ALWAYS),
            space_as_plus: false,
        }
    }

    /// The set's name (`"uchar"`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit::pct::EncodeSet::SEARCH.name(), "search");
    /// ```
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The named set, if there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pct::EncodeSet;
    ///
    /// assert_eq!(EncodeSet::by_name("uchar"), Some(EncodeSet::UCHAR));
    /// assert_eq!(EncodeSet::by_name("nope"), None);
    /// ```
    pub fn by_name(name: &str) -> Option<EncodeSet> {
        EncodeSet::ALL.into_iter().find(|set| set.name == name)
    }

    /// Whether a space is written `+` (and a real `+` encoded), as in a
    /// search string or a form.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pct::EncodeSet;
    ///
    /// assert!(EncodeSet::SEARCH.space_as_plus());
    /// assert!(!EncodeSet::UCHAR.space_as_plus());
    /// ```
    pub const fn space_as_plus(&self) -> bool {
        self.space_as_plus
    }

    /// Whether `byte` is encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pct::EncodeSet;
    ///
    /// assert!(EncodeSet::UCHAR.encodes(b'/'));
    /// assert!(!EncodeSet::SEARCH.encodes(b' '));
    /// ```
    pub const fn encodes(&self, byte: u8) -> bool {
        self.encode.contains(byte) && !(self.space_as_plus && byte == b' ')
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

fn push_escape(out: &mut String, byte: u8) {
    out.push('%');
    out.push(HEX_UPPER[usize::from(byte >> 4)] as char);
    out.push(HEX_UPPER[usize::from(byte & 15)] as char);
}

/// Encodes the octets of `input` that `set` names, as `%XX` with upper-case
/// hex digits.
///
/// # Examples
///
/// ```
/// use urikit::pct::{encode, EncodeSet};
///
/// assert_eq!(encode("marie-claude", &EncodeSet::UCHAR), "marie-claude");
/// assert_eq!(encode("bertram/marie", &EncodeSet::UCHAR), "bertram%2Fmarie");
/// assert_eq!(encode("ümlaut", &EncodeSet::UNSAFE), "%C3%BCmlaut");
/// ```
pub fn encode<'a>(input: &'a str, set: &EncodeSet) -> Cow<'a, str> {
    encode_bytes(input.as_bytes(), set).map_or(Cow::Borrowed(input), Cow::Owned)
}

/// Writes each character of `input` outside US-ASCII as the `%XX` of its
/// UTF-8 octets and leaves every other character as it is: the mapping of
/// an IRI to a URI (RFC 3987 §3.1, step 2).
///
/// Unlike [`encode`], it leaves `%`, spaces and controls alone: the input
/// is a URL already, but for the characters no spec here allows.
///
/// # Examples
///
/// ```
/// use urikit::pct::encode_non_ascii;
///
/// assert_eq!(encode_non_ascii("http://h/na\u{ef}ve%20x"), "http://h/na%C3%AFve%20x");
/// assert_eq!(encode_non_ascii("http://h/a"), "http://h/a");
/// ```
pub fn encode_non_ascii(input: &str) -> Cow<'_, str> {
    let Some(first) = input.bytes().position(|b| !b.is_ascii()) else {
        return Cow::Borrowed(input);
    };
    let mut out = String::with_capacity(input.len() + 16);
    out.push_str(&input[..first]);
    for &b in &input.as_bytes()[first..] {
        if b.is_ascii() {
            out.push(char::from(b));
        } else {
            push_escape(&mut out, b);
        }
    }
    Cow::Owned(out)
}

/// Encodes `input`, octets that are not UTF-8 included. `None` when no octet
/// needs encoding and the input is the answer (it is then ASCII-safe text
/// only if it is UTF-8).
fn encode_bytes(input: &[u8], set: &EncodeSet) -> Option<String> {
    let first = input.iter().position(|&b| set.encode.contains(b))?;
    let mut out = String::with_capacity(input.len() + 16);
    out.push_str(std::str::from_utf8(&input[..first]).ok()?);
    for &b in &input[first..] {
        if set.space_as_plus && b == b' ' {
            out.push('+');
        } else if set.encode.contains(b) {
            push_escape(&mut out, b);
        } else {
            out.push(b as char);
        }
    }
    Some(out)
}

/// Decodes every `%XX` of `input` to its octet.
///
/// # Examples
///
/// ```
/// use urikit::pct::decode;
///
/// assert_eq!(decode("marie%2dclaude").unwrap(), &b"marie-claude"[..]);
/// assert_eq!(decode("%C3%BC").unwrap(), "ü".as_bytes());
/// // RFC 1630 Example 3: "%*" and "%as" are not encodings.
/// assert_eq!(decode("asdf%*.fred").unwrap_err().offset, 4);
/// ```
///
/// # Errors
///
/// A `%` not followed by two hex digits, as [`PctError`].
pub fn decode(input: &str) -> Result<Cow<'_, [u8]>, PctError> {
    let b = input.as_bytes();
    let Some(first) = memchr::memchr(b'%', b) else {
        return Ok(Cow::Borrowed(b));
    };
    Ok(Cow::Owned(decode_from(b, first, false, Err)?))
}

/// Decodes `input` by `application/x-www-form-urlencoded` rules: `+` is a
/// space and every `%XX` its octet. It is the inverse of the
/// [`SEARCH`](EncodeSet::SEARCH) encode set, which writes a space as `+`
/// (RFC 1630: in a search string, "the plus sign is reserved as shorthand
/// notation for a space").
///
/// # Examples
///
/// ```
/// use urikit::pct::{decode_form, encode, EncodeSet};
///
/// assert_eq!(decode_form("1%2B1+=+2").unwrap(), &b"1+1 = 2"[..]);
/// let text = "a+b c/d";
/// assert_eq!(decode_form(&encode(text, &EncodeSet::SEARCH)).unwrap(), text.as_bytes());
/// assert_eq!(decode_form("100%").unwrap_err().offset, 3);
/// ```
///
/// # Errors
///
/// A `%` not followed by two hex digits, as [`PctError`].
pub fn decode_form(input: &str) -> Result<Cow<'_, [u8]>, PctError> {
    let b = input.as_bytes();
    let Some(first) = memchr::memchr2(b'%', b'+', b) else {
        return Ok(Cow::Borrowed(b));
    };
    Ok(Cow::Owned(decode_from(b, first, true, Err)?))
}

/// Decodes `input` and reads the octets as UTF-8, replacing what is not.
///
/// # Examples
///
/// ```
/// use urikit::pct::decode_lossy;
///
/// assert_eq!(decode_lossy("a%20%C3%BC").unwrap(), "a ü");
/// assert_eq!(decode_lossy("%FF").unwrap(), "\u{FFFD}");
/// ```
///
/// # Errors
///
/// A `%` not followed by two hex digits, as [`PctError`].
pub fn decode_lossy(input: &str) -> Result<Cow<'_, str>, PctError> {
    Ok(match decode(input)? {
        Cow::Borrowed(_) => Cow::Borrowed(input),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    })
}

/// Decodes a name or a value of `application/x-www-form-urlencoded` text
/// as the URL Standard's parser does (§5.1, steps 3.4 and 3.5): `+` is a
/// space, `%XX` its octet and a `%` not followed by two hex digits stays as
/// it is; the octets are then read by "UTF-8 decode without BOM" (a leading
/// U+FEFF is kept, and each maximal invalid sequence becomes U+FFFD).
/// Borrows `input` when it holds no `+` and no `%XX`.
///
/// Unlike [`decode_form`] it never fails: the standard's parser takes any
/// input.
///
/// # Examples
///
/// ```
/// use std::borrow::Cow;
/// use urikit::pct::decode_form_lossy;
///
/// assert_eq!(decode_form_lossy("1%2B1+=+2"), "1+1 = 2");
/// assert_eq!(decode_form_lossy("100%+%zz%C3"), "100% %zz\u{FFFD}");
/// assert!(matches!(decode_form_lossy("plain%"), Cow::Borrowed("plain%")));
/// ```
pub fn decode_form_lossy(input: &str) -> Cow<'_, str> {
    let b = input.as_bytes();
    // The first `+` or `%XX`: up to there the input is its own decoding.
    let mut from = 0;
    let first = loop {
        let Some(k) = memchr::memchr2(b'%', b'+', &b[from..]) else {
            return Cow::Borrowed(input);
        };
        let i = from + k;
        if b[i] == b'+' || escape_at(b, i).is_ok() {
            break i;
        }
        from = i + 1;
    };
    let Ok(out) = decode_from(b, first, true, |_| Ok::<(), Infallible>(()));
    match String::from_utf8(out) {
        Ok(s) => Cow::Owned(s),
        Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

/// `b` decoded from `first` (its first `%`, or `+` when `plus` makes it a
/// space) on, the octets before it copied: each escape becomes its octet;
/// a `%` that starts none goes to `bad`, which fails the decoding or keeps
/// the `%`. [`decode`], [`decode_form`] and [`decode_form_lossy`] differ
/// only in `plus` and `bad`.
#[inline]
fn decode_from<E>(b: &[u8], first: usize, plus: bool, bad: impl Fn(PctError) -> Result<(), E>) -> Result<Vec<u8>, E> {
    let mut out = Vec::with_capacity(b.len());
    out.extend_from_slice(&b[..first]);
    let mut i = first;
    while i < b.len() {
        let octet = match b[i] {
            b'%' => match escape_at(b, i) {
                Ok(octet) => {
                    i += 2;
                    octet
                }
                Err(e) => {
                    bad(e)?;
                    b'%'
                }
            },
            b'+' if plus => b' ',
            c => c,
        };
        out.push(octet);
        i += 1;
    }
    Ok(out)
}

/// The octet of the escape at `b[i]` (a `%`).
pub(crate) fn escape_at(b: &[u8], i: usize) -> Result<u8, PctError> {
    let hi = b.get(i + 1).copied().and_then(hex_value);
    let lo = b.get(i + 2).copied().and_then(hex_value);
    match (hi, lo) {
        (Some(hi), Some(lo)) => Ok(hi << 4 | lo),
        _ => Err(PctError {
            offset: i,
            kind: ParseErrorKind::BadEscape {
                found: [b.get(i + 1).copied().unwrap_or(0), b.get(i + 2).copied().unwrap_or(0)],
            },
        }),
    }
}

/// Octets [`raise`] and [`lower`] never touch: the RFC 1738 reserved
/// characters, `#` (which ends a URL before its fragment), `+` (which means
/// space in a search) and `%` itself.
pub const NEVER_TOUCHED: ByteSet = rfc1738::RESERVED.with_all(b"#+%");

/// Raises the encoding level of a URL: encodes the octets of `set` that
/// stand unencoded, leaving escapes and [`NEVER_TOUCHED`] octets as they are.
///
/// # Examples
///
/// ```
/// use urikit::pct::{raise, EncodeSet};
///
/// assert_eq!(raise("http://h/a~b?x=1", &EncodeSet::UCHAR), "http://h/a%7Eb?x=1");
/// assert_eq!(raise("http://h/100%25", &EncodeSet::UCHAR), "http://h/100%25");
/// ```
pub fn raise<'a>(url: &'a str, set: &EncodeSet) -> Cow<'a, str> {
    let mut eff = *set;
    eff.space_as_plus = false;
    for b in NEVER_TOUCHED.iter() {
        eff.encode = eff.encode.without(b);
    }
    encode(url, &eff)
}

/// Lowers the encoding level of a URL: decodes each `%XX` whose octet is an
/// ASCII member of `expand`, unless it is one of [`NEVER_TOUCHED`].
///
/// # Examples
///
/// ```
/// use urikit::ascii::rfc1738;
/// use urikit::pct::lower;
///
/// let expand = rfc1738::UNRESERVED.union(rfc1738::NATIONAL);
/// assert_eq!(lower("http://h/%7euser/marie%2Dclaude%2F", &expand).unwrap(), "http://h/~user/marie-claude%2F");
/// ```
///
/// # Errors
///
/// A `%` not followed by two hex digits, as [`PctError`].
pub fn lower<'a>(url: &'a str, expand: &ByteSet) -> Result<Cow<'a, str>, PctError> {
    let b = url.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut i = 0;
    while let Some(j) = memchr::memchr(b'%', &b[i..]) {
        let at = i + j;
        let byte = escape_at(b, at)?;
        if byte.is_ascii() && expand.contains(byte) && !NEVER_TOUCHED.contains(byte) {
            let o = out.get_or_insert_with(|| String::with_capacity(b.len()));
            o.push_str(&url[copied..at]);
            o.push(byte as char);
            copied = at + 3;
        }
        i = at + 3;
    }
    Ok(match out {
        None => Cow::Borrowed(url),
        Some(mut o) => {
            o.push_str(&url[copied..]);
            Cow::Owned(o)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_errors_report_what_follows() {
        let e = escape_at(b"%a", 0).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::BadEscape { found: [b'a', 0] });
        let e = escape_at(b"%", 0).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::BadEscape { found: [0, 0] });
        assert_eq!(escape_at(b"%2f", 0), Ok(0x2f));
    }

    #[test]
    fn encode_borrows_when_nothing_changes() {
        assert!(matches!(encode("abc", &EncodeSet::UCHAR), Cow::Borrowed(_)));
        assert!(matches!(decode("abc").unwrap(), Cow::Borrowed(_)));
    }

    #[test]
    fn every_set_encodes_percent_controls_and_non_ascii() {
        for set in EncodeSet::ALL {
            for b in (0..0x20).chain(0x7f..=0xff).chain([b'%']) {
                assert!(set.encodes(b), "{} {b}", set.name());
            }
            assert_eq!(EncodeSet::by_name(set.name()), Some(set));
        }
    }

    #[test]
    fn lower_then_raise_round_trips_unreserved() {
        let url = "http://h/a%41%2D%7E";
        let low = lower(url, &rfc1738::UNRESERVED).unwrap();
        assert_eq!(low, "http://h/aA-%7E");
        assert_eq!(lower("a%2fb%3Fc", &ByteSet::from_range(0, 127)).unwrap(), "a%2fb%3Fc");
    }
}
