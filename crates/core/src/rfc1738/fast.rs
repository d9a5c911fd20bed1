//! The fast paths of RFC 1738 and the RFC 1630 draft, read by
//! [`fast`]'s parts.
//!
//! * RFC 1738: `http` (§3.3 `httpurl`), `file` (§3.10 `fileurl`) and
//!   schemes RFC 1738 does not define (the generic `scheme ":" [ "//"
//!   hostport ] urlpath [ "?" search ]`), each with a fragment, a
//!   domain-name host, no user or password and no `URL:` prefix handling of
//!   its own. Each scheme has its syntax: [`url`] reads the scheme and the
//!   path by it, and ends with [`fast::tail`].
//! * The RFC 1630 draft's generic syntax, a [`Shape`]: `scheme ":" [ "//"
//!   hostname [ ":" port ] ] path [ "?" search ] [ "#" fragmentid ]`, with
//!   no user or password, a host name of plain octets (no escape) and a port
//!   of at most five digits. It stops at what is certainly the first
//!   violation (an octet a path, search or fragment does not allow; an empty
//!   host, as in `file:///etc`, which the draft's `host` cannot produce); a
//!   host number, a user, an escape in the host, a scheme that does not
//!   start with a letter are left to the full grammar.
//!
//! What either accepts, the full grammar accepts with the same component
//! table (tested against it by [`fast`]'s tests, in `tests/fast_paths.rs`
//! and by the `parse_rfc1738` and `parse_rfc1630` fuzz targets).

use super::host;
use super::scan::{self, RFC1630_FRAGMENTID, RFC1630_PATH, RFC1630_SEARCH};
use super::schemes::Known;
use crate::ascii::{rfc1630, rfc1738, ByteSet};
use crate::engine::{self, scan_fast, Stopped, Violation};
use crate::fast::{self, Part, Shape};
use crate::host::HostKind;
use crate::offsets::Offsets;
use crate::Spec;

/// RFC 1738's fragment, after `#`.
const FRAGMENTID: Part = Part::new(&scan::XCHAR, b"", "fragmentid");

/// The component table of `s` (after any `URL:` prefix) when it is an RFC
/// 1738 URL of a common shape, or where that shape stopped.
#[inline(always)]
pub(crate) fn url(s: &[u8]) -> Result<Offsets, Stopped> {
    let (se, known) = match engine::common_scheme(s) {
        Some(5) => (5, None),
        Some(se) if s[0] | 0x20 == b'h' => (se, Some(Known::Http)),
        Some(se) => (se, Some(Known::File)),
        None => {
            let se = fast::scheme(s, &rfc1738::SCHEME, &rfc1738::SCHEME, Spec::Rfc1738).ok_or(None)?;
            (se, Known::of(&s[..se]))
        }
    };
    let mut o = Offsets::new(se);
    let start = se + 1;
    let slashes = s[start..].starts_with(b"//");
    let (i, search) = match known {
        None => {
            let p = if slashes {
                hostport(s, start + 2, true, &mut o).ok_or(None)?
            } else {
                start
            };
            let i = scan_fast(s, p, &scan::URLPATH, b"?#", "urlpath")?;
            (i, &scan::XCHAR)
        }
        Some(Known::Http) if slashes => {
            // httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
            let p = hostport(s, start + 2, true, &mut o).ok_or(None)?;
            let i = match s.get(p) {
                Some(b'/') => scan_fast(s, p + 1, &scan::HPATH, b"?#", "hpath")?,
                // A search needs the '/' of a path before it.
                Some(b'?') => return Err(None),
                _ => p,
            };
            (i, &scan::SEARCH)
        }
        Some(Known::File) if slashes => {
            // fileurl = "file://" [ host | "localhost" ] "/" fpath
            let a = start + 2;
            let p = if s.get(a) == Some(&b'/') {
                o.set_host(a, a, HostKind::Empty, None, a);
                a
            } else {
                let p = hostport(s, a, false, &mut o).ok_or(None)?;
                if o.port.is_some() {
                    return Err(None);
                }
                p
            };
            if s.get(p) != Some(&b'/') {
                return Err(None);
            }
            // fpath holds no '?': a file URL has no search.
            (scan_fast(s, p + 1, &scan::FPATH, b"#", "fpath")?, &scan::XCHAR)
        }
        Some(_) => return Err(None),
    };
    let search = Part::new(search, b"#", "search");
    fast::tail(s, i, &mut o, &search, &FRAGMENTID)?;
    Ok(o)
}

/// `hostport` from `a` (after `//`) when the host is a domain name: fills
/// the authority part of `o` and returns where the authority ends.
#[inline(always)]
fn hostport(s: &[u8], a: usize, ends_at_query: bool, o: &mut Offsets) -> Option<usize> {
    let (host_end, port, end) = host::fast_hostport(s, a, s.len(), ends_at_query)?;
    o.set_host(a, host_end, HostKind::Domain, port, end);
    Some(end)
}

/// The octets of a host name label after its first: `hostname`'s, but the
/// `.` that ends the label and the `%` of an escape (left to the full
/// grammar).
const LABEL: ByteSet = rfc1630::HOSTNAME.without(b'.').without(b'%');

/// The common shape of a URL by the RFC 1630 draft's generic syntax.
pub(crate) struct Rfc1630;

impl Shape for Rfc1630 {
    /// `hostname [ ":" port ]`, up to the end of the authority (`/`, `?`,
    /// `#` or the end of the input).
    #[inline(always)]
    fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped> {
        // hostname = ialpha [ "." hostname ]: each label a letter, then plain
        // octets of `xalpha` but ':' and '@'.
        let mut i = a;
        loop {
            match s.get(i) {
                Some(&b) if rfc1630::ALPHA.contains(b) => i += 1,
                // Nothing between "//" and the end of the authority: the host
                // is empty, the first violation (there is no user before it).
                None | Some(b'/' | b'?' | b'#') if i == a => return Err(Some((a, Violation::EmptyHost, "host"))),
                _ => return Err(None),
            }
            while s.get(i).is_some_and(|&b| LABEL.contains(b)) {
                i += 1;
            }
            if s.get(i) != Some(&b'.') {
                break;
            }
            i += 1;
        }
        let host_end = i;
        let mut port = None;
        if s.get(i) == Some(&b':') {
            // port = digits, at most 65535; longer runs of digits (leading
            // zeros) are left to the full grammar.
            let digits = i + 1;
            let mut value: u32 = 0;
            i = digits;
            while let Some(&d) = s.get(i).filter(|d| d.is_ascii_digit() && i - digits < 5) {
                value = value * 10 + u32::from(d - b'0');
                i += 1;
            }
            port = Some(u16::try_from(value).ok().filter(|_| i > digits).ok_or(None)?);
        }
        if !matches!(s.get(i), None | Some(b'/' | b'?' | b'#')) {
            return Err(None);
        }
        o.set_host(a, host_end, HostKind::Domain, port, i);
        Ok(i)
    }

    const PATH: Part = Part::new(&RFC1630_PATH, b"?#", "path");
    const QUERY: Part = Part::new(&RFC1630_SEARCH, b"#", "search");
    const FRAGMENT: Part = Part::new(&RFC1630_FRAGMENTID, b"", "fragmentid");
    const SPEC: Spec = Spec::Rfc1630;
    // scheme = ialpha: a letter first.
    const SCHEME_FIRST: ByteSet = rfc1630::ALPHA;
    const SCHEME: ByteSet = rfc1630::SCHEME;
}
