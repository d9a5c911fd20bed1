//! The fast path of the RFC grammars: one scan, without a sink, of the
//! common shape of a URL,
//!
//! ```text
//! scheme ":" [ "//" authority ] path [ "?" query ] [ "#" fragment ]
//! ```
//!
//! given each grammar's [`Shape`]: its scheme and authority readers and the
//! byte classes of its parts. RFC 3986, RFC 1808 and the RFC 1630 draft are
//! shapes ([`rfc3986::fast`](crate::rfc3986::fast),
//! [`rfc1738::fast`](crate::rfc1738::fast)); RFC 1738, whose schemes each
//! have their own syntax, reads its scheme and path by it and ends with the
//! same [`tail`].
//!
//! A fast path only accepts, or stops at what is certainly the first
//! violation of the input ([`Stopped`]): anything else gives `Err(None)`,
//! and the full grammar starts over and reports or accepts it. What it
//! accepts, the full grammar accepts with the same component table (each
//! shape's tests hold it, as do `tests/fast_paths.rs` and the fuzz targets;
//! debug builds check every input).

use crate::engine::{common_scheme, scan_fast, Stopped, Table};
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

/// A part of the common shape: the octets it holds (escapes checked), the
/// octets that may end it, and the rule that names it in an error.
pub(crate) struct Part {
    pub(crate) table: &'static Table,
    pub(crate) ends: &'static [u8],
    pub(crate) rule: &'static str,
}

impl Part {
    pub(crate) const fn new(table: &'static Table, ends: &'static [u8], rule: &'static str) -> Part {
        Part { table, ends, rule }
    }

    /// The part from `i`: where it ends, or where it stopped.
    #[inline(always)]
    pub(crate) fn scan(&self, s: &[u8], i: usize) -> Result<usize, Stopped> {
        scan_fast(s, i, self.table, self.ends, self.rule)
    }
}

/// What a grammar's fast path reads its own way.
pub(crate) trait Shape {
    /// `scheme ":"`, for a scheme that is not `http`, `https` or `file`
    /// (read by one load, [`common_scheme`]): the offset of the `:`.
    fn scheme(s: &[u8]) -> Option<usize>;

    /// The authority from `a` (after `//`), when it has the common shape:
    /// fills the authority part of `o` (see [`Offsets::set_host`]) and
    /// returns where it ends.
    fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped>;

    /// The path, up to `?`, `#` or the end.
    const PATH: Part;
    /// The query, after `?`, up to `#` or the end.
    const QUERY: Part;
    /// The fragment, after `#`, to the end.
    const FRAGMENT: Part;
}

/// The component table of `s` when it has the common shape of grammar `G`,
/// or where that shape stopped.
#[inline(always)]
pub(crate) fn scan<G: Shape>(s: &[u8]) -> Result<Offsets, Stopped> {
    let (se, slashes) = match common_scheme(s) {
        Some(se) => (se, true),
        None => {
            let se = G::scheme(s).ok_or(None)?;
            (se, s[se + 1..].starts_with(b"//"))
        }
    };
    let mut o = Offsets::new(se);
    let mut i = se + 1;
    if slashes {
        i = G::authority(s, i + 2, &mut o)?;
    }
    let i = G::PATH.scan(s, i)?;
    tail(s, i, &mut o, &G::QUERY, &G::FRAGMENT)?;
    Ok(o)
}

/// `[ "?" query ] [ "#" fragment ]` from `i`, where a path ended, to the
/// end of `s`, the fragment's `ends` being empty.
#[inline(always)]
pub(crate) fn tail(s: &[u8], mut i: usize, o: &mut Offsets, query: &Part, fragment: &Part) -> Result<(), Stopped> {
    if s.get(i) == Some(&b'?') {
        o.query_start = Some(i as u32);
        i = query.scan(s, i + 1)?;
    }
    if s.get(i) == Some(&b'#') {
        o.fragment_start = Some(i as u32);
        i = fragment.scan(s, i + 1)?;
    }
    if i < s.len() {
        return Err(None);
    }
    Ok(())
}

/// `port = *digit` from `digits` (after the `:`): where the digits end,
/// and their value when there is one that fits 16 bits.
#[inline(always)]
pub(crate) fn port(s: &[u8], digits: usize) -> (usize, Option<u16>) {
    let mut end = digits;
    let mut value: u32 = 0;
    while let Some(&d) = s.get(end).filter(|d| d.is_ascii_digit()) {
        value = (value * 10 + u32::from(d - b'0')).min(1 << 20);
        end += 1;
    }
    (end, (end > digits).then(|| u16::try_from(value).ok()).flatten())
}

impl Offsets {
    /// An authority of a host alone: `s[a..host_end]` of `kind`, then an
    /// optional port up to `end`, where the path starts.
    #[inline(always)]
    pub(crate) fn set_host(&mut self, a: usize, host_end: usize, kind: HostKind, port: Option<u16>, end: usize) {
        self.authority_start = Some(nz(a));
        self.host_start = a as u32;
        self.host_end = host_end as u32;
        self.host_kind = Some(kind);
        self.port = port;
        self.path_start = end as u32;
    }
}
