//! The scanner's tables: each production's octets, with `%` marked apart so
//! that the hot loop tests one table entry per octet and leaves escapes to a
//! slower path.

use crate::ascii::{rfc1630, rfc1738, ByteSet};

/// An octet the production does not allow (or a delimiter that ends it).
pub(crate) const OTHER: u8 = 0;
/// An octet the production allows as itself.
pub(crate) const PLAIN: u8 = 1;
/// A `%`, where the production allows an `escape`.
pub(crate) const ESCAPE: u8 = 2;

/// A production's octets, as a scanner table.
pub(crate) struct Table(pub(crate) [u8; 256]);

impl Table {
    pub(crate) const fn new(set: ByteSet) -> Table {
        let mut t = [OTHER; 256];
        let mut i = 0;
        while i < 256 {
            if set.contains(i as u8) {
                t[i] = if i as u8 == b'%' { ESCAPE } else { PLAIN };
            }
            i += 1;
        }
        Table(t)
    }
}

pub(crate) static XCHAR: Table = Table::new(rfc1738::XCHAR);
/// `xchar` without `?`, which starts the search part of a generic URL.
pub(crate) static URLPATH: Table = Table::new(rfc1738::URLPATH.without(b'?'));
pub(crate) static UCHAR: Table = Table::new(rfc1738::UCHAR);
pub(crate) static USER: Table = Table::new(rfc1738::USER);
pub(crate) static HPATH: Table = Table::new(rfc1738::HPATH);
pub(crate) static SEARCH: Table = Table::new(rfc1738::SEARCH);
pub(crate) static FPATH: Table = Table::new(rfc1738::FPATH);
pub(crate) static PPATH: Table = Table::new(rfc1738::PPATH);
pub(crate) static FIELD: Table = Table::new(rfc1738::FIELD);
pub(crate) static ARTICLE: Table = Table::new(rfc1738::ARTICLE);
pub(crate) static GROUP: Table = Table::new(rfc1738::GROUP);
pub(crate) static RFC1630_USER: Table = Table::new(rfc1630::USER);
pub(crate) static RFC1630_PATH: Table = Table::new(rfc1630::PATH);
pub(crate) static RFC1630_SEARCH: Table = Table::new(rfc1630::SEARCH);
pub(crate) static RFC1630_FRAGMENTID: Table = Table::new(rfc1630::FRAGMENTID);

/// Everything but the octets that end or divide an authority (`/`, `?`,
/// `#`, `@`, `:`) and `%`, which the authority scan passes over.
pub(crate) static AUTHORITY: Table = Table::new(ByteSet::from_bytes(b"/?#@:%").complement());

/// The length of the run of [`PLAIN`] octets that starts `bytes`.
///
/// Eight octets at a time: the table entries of a chunk are and-ed, which
/// gives `PLAIN` (1) only when every one is `PLAIN` (`OTHER` is 0 and `ESCAPE`
/// is 2), so the loop takes one branch per chunk.
#[inline]
pub(crate) fn run(bytes: &[u8], table: &Table) -> usize {
    let t = &table.0;
    let mut i = 0;
    for c in bytes.chunks_exact(8) {
        let all = t[usize::from(c[0])]
            & t[usize::from(c[1])]
            & t[usize::from(c[2])]
            & t[usize::from(c[3])]
            & t[usize::from(c[4])]
            & t[usize::from(c[5])]
            & t[usize::from(c[6])]
            & t[usize::from(c[7])];
        if all != PLAIN {
            break;
        }
        i += 8;
    }
    i + bytes[i..]
        .iter()
        .position(|&b| t[usize::from(b)] != PLAIN)
        .unwrap_or(bytes.len() - i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_agrees_with_a_byte_loop() {
        let inputs: [&[u8]; 6] = [
            b"",
            b"abc",
            b"abcdefgh",
            b"abcdefghi/j",
            b"abcdefg%",
            b"%abcdefghijklmnop",
        ];
        for input in inputs {
            for start in 0..input.len() {
                let bytes = &input[start..];
                let naive = bytes.iter().take_while(|&&b| XCHAR.0[usize::from(b)] == PLAIN).count();
                assert_eq!(run(bytes, &XCHAR), naive, "{:?}", std::str::from_utf8(bytes));
                let naive = bytes.iter().take_while(|&&b| UCHAR.0[usize::from(b)] == PLAIN).count();
                assert_eq!(run(bytes, &UCHAR), naive);
            }
        }
    }
}
