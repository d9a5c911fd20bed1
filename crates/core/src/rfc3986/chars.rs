//! The character classes of RFC 3986 Appendix A and RFC 1808 §2.2, as
//! 256-entry tables.
//!
//! Each [`ByteSet`] transcribes one ABNF rule; the scanner tables built from
//! them (`pub(crate)`) mark `%` apart so that a `pct-encoded` triplet is
//! checked on a slower path while plain octets take one load each.

use crate::ascii::ByteSet;
use crate::engine::Table;

/// `ALPHA`: `A-Z / a-z`.
pub const ALPHA: ByteSet = ByteSet::from_range(b'A', b'Z').union(ByteSet::from_range(b'a', b'z'));
/// `DIGIT`: `0-9`.
pub const DIGIT: ByteSet = ByteSet::from_range(b'0', b'9');
/// `HEXDIG`: `DIGIT / "A"-"F"`, either case (ABNF strings are case-insensitive).
pub const HEXDIG: ByteSet = DIGIT
    .union(ByteSet::from_range(b'A', b'F'))
    .union(ByteSet::from_range(b'a', b'f'));
/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3).
pub const UNRESERVED: ByteSet = ALPHA.union(DIGIT).with_all(b"-._~");
/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (§2.2).
pub const GEN_DELIMS: ByteSet = ByteSet::from_bytes(b":/?#[]@");
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2).
pub const SUB_DELIMS: ByteSet = ByteSet::from_bytes(b"!$&'()*+,;=");
/// `reserved = gen-delims / sub-delims` (§2.2).
pub const RESERVED: ByteSet = GEN_DELIMS.union(SUB_DELIMS);
/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`: the octets after the first.
pub const SCHEME: ByteSet = ALPHA.union(DIGIT).with_all(b"+-.");
/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`, with `%`.
pub const USERINFO: ByteSet = UNRESERVED.union(SUB_DELIMS).with_all(b":%");
/// `reg-name = *( unreserved / pct-encoded / sub-delims )`, with `%`.
pub const REG_NAME: ByteSet = UNRESERVED.union(SUB_DELIMS).with(b'%');
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`, with `%`.
pub const PCHAR: ByteSet = UNRESERVED.union(SUB_DELIMS).with_all(b":@%");
/// `segment-nz-nc`: a `pchar` but `:`, with `%`.
pub const SEGMENT_NZ_NC: ByteSet = PCHAR.without(b':');
/// The octets of a path: `pchar` and `/`.
pub const PATH: ByteSet = PCHAR.with(b'/');
/// `query = fragment = *( pchar / "/" / "?" )`.
pub const QUERY: ByteSet = PCHAR.with_all(b"/?");
/// `IPvFuture`'s address part: `unreserved / sub-delims / ":"`.
pub const IPVFUTURE: ByteSet = UNRESERVED.union(SUB_DELIMS).with(b':');

/// The sets of RFC 1808 §2.2 ("BNF for Relative URLs").
pub mod rfc1808 {
    use crate::ascii::{rfc1738, ByteSet};

    /// `uchar = unreserved | escape`, with RFC 1738's `unreserved` (no `~`).
    pub const UCHAR: ByteSet = rfc1738::UCHAR;
    /// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`.
    pub const RESERVED: ByteSet = rfc1738::RESERVED;
    /// `pchar = uchar | ":" | "@" | "&" | "="`.
    pub const PCHAR: ByteSet = UCHAR.with_all(b":@&=");
    /// `scheme = 1*( alpha | digit | "+" | "-" | "." )`: a digit may lead.
    pub const SCHEME: ByteSet = rfc1738::SCHEME;
    /// `net_loc = *( pchar | ";" | "?" )`.
    pub const NET_LOC: ByteSet = PCHAR.with_all(b";?");
    /// The octets of `[ path ] [ ";" params ]`: `pchar`, `/` and `;`.
    pub const PATH_PARAMS: ByteSet = PCHAR.with_all(b"/;");
    /// `query = fragment = *( uchar | reserved )`.
    pub const QUERY: ByteSet = UCHAR.union(RESERVED);
}

pub(crate) static USERINFO_T: Table = Table::new(USERINFO);
pub(crate) static REG_NAME_T: Table = Table::new(REG_NAME);
pub(crate) static PATH_T: Table = Table::new(PATH);
pub(crate) static SEGMENT_NZ_NC_T: Table = Table::new(SEGMENT_NZ_NC);
pub(crate) static QUERY_T: Table = Table::new(QUERY);
pub(crate) static NET_LOC_T: Table = Table::new(rfc1808::NET_LOC);
pub(crate) static PATH_PARAMS_T: Table = Table::new(rfc1808::PATH_PARAMS);
pub(crate) static QUERY_1808_T: Table = Table::new(rfc1808::QUERY);
/// An absolute URL's octets before its query: `uchar | reserved` but `?`.
pub(crate) static ABSOLUTE_1808_T: Table = Table::new(rfc1808::QUERY.without(b'?'));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert!(UNRESERVED.contains(b'~') && !UNRESERVED.contains(b'%'));
        assert_eq!(RESERVED.iter().count(), 18);
        assert!(PCHAR.contains(b'@') && !PCHAR.contains(b'/') && !PCHAR.contains(b'['));
        assert!(!SEGMENT_NZ_NC.contains(b':'));
        assert!(!rfc1808::PCHAR.contains(b'~') && rfc1808::QUERY.contains(b'/'));
    }
}
