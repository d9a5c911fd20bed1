//! The fast paths of RFC 3986 and RFC 1808: their [`Shape`]s, the common
//! shape of a URL read by [`fast::scan`].
//!
//! * RFC 3986 `URI`: `scheme ":" [ "//" reg-name-or-IPv4address [ ":" port
//!   ] ] path [ "?" query ] [ "#" fragment ]`, with no `userinfo`, no escape
//!   in the host and no IP literal. It only accepts: anything else (a
//!   violation, or a form it leaves out) gives `None` (`parse` asks [`uri`]),
//!   and the full parser starts over and reports or accepts it.
//! * RFC 1808 absolute URL, split as §2.4 splits it (see the [module
//!   docs](super)), with no user or password and a port of digits followed
//!   by the end of the `net_loc`. It stops at what is certainly the first
//!   violation (an octet that is neither `uchar` nor `reserved`, in the
//!   host, the path, the query or the fragment); a user, a malformed escape
//!   or a `net_loc` with `:` in what follows the host is left to the full
//!   grammar.
//!
//! What either accepts, the full grammar accepts with the same component
//! table (tested against it by [`fast`]'s tests, in `tests/fast_paths.rs`
//! and by the `parse_rfc3986` and `parse_rfc1808` fuzz targets).

use super::chars::{self, rfc1808, ABSOLUTE_1808_T, PATH_T, QUERY_1808_T, QUERY_T, REG_NAME_T};
use super::host::name_kind;
use crate::ascii::ByteSet;
use crate::engine::{self, Stopped, Table, Violation};
use crate::fast::{self, Part, Shape};
use crate::offsets::Offsets;
use crate::Spec;

/// The common shape of an RFC 3986 `URI`.
pub(crate) struct Rfc3986;

impl Shape for Rfc3986 {
    /// A `reg-name` or an `IPv4address` of plain octets and an optional
    /// `":" port`.
    #[inline(always)]
    fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped> {
        let host_end = engine::run_from(s, a, &REG_NAME_T);
        let (end, port) = match s.get(host_end) {
            Some(b':') => fast::port(s, host_end + 1),
            _ => (host_end, None),
        };
        if !matches!(s.get(end), None | Some(b'/' | b'?' | b'#')) {
            return Err(None);
        }
        o.set_host(a, host_end, name_kind(&s[a..host_end]), port, end);
        Ok(end)
    }

    // path-abempty, path-absolute, path-rootless and path-empty all hold
    // the octets of PATH_T; none holds '?' or '#'.
    const PATH: Part = Part::new(&PATH_T, b"?#", "path");
    const QUERY: Part = Part::new(&QUERY_T, b"#", "query");
    const FRAGMENT: Part = Part::new(&QUERY_T, b"", "fragment");
    const SPEC: Spec = Spec::Rfc3986;
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    const SCHEME_FIRST: ByteSet = chars::ALPHA;
    const SCHEME: ByteSet = chars::SCHEME;
}

/// The component table of `s` when it is a `URI` of the common shape.
// Inlined into `parse::parse_rfc3986` alone, which is out of line; with
// `authority` inlined too (left to itself, the compiler took it out of line
// there, which cost more instructions than the fast path had out of line).
#[inline(always)]
pub(crate) fn uri(s: &[u8]) -> Option<Offsets> {
    fast::scan::<Rfc3986>(s).ok()
}

/// The octets of the host in a `net_loc`: `uchar | reserved`, but the `/`
/// that ends the `net_loc` and the `:` and `@` that divide it. A `?` is one
/// of them: §2.4.3 ends the `net_loc` at the next `/` alone.
static HOST_T: Table = Table::new(rfc1808::QUERY.without(b'/').without(b':').without(b'@'));

/// The common shape of an RFC 1808 absolute URL.
pub(crate) struct Rfc1808;

impl Shape for Rfc1808 {
    /// The `net_loc` up to the next `/`, `#` or the end, when it is a host
    /// and an optional `":" port` of digits (the last `:` of the host part).
    #[inline(always)]
    fn authority(s: &[u8], a: usize, o: &mut Offsets) -> Result<usize, Stopped> {
        let host_end = engine::run_escaped(s, a, &HOST_T).ok_or(None)?;
        let (end, port) = match s.get(host_end) {
            None | Some(b'/' | b'#') => (host_end, None),
            Some(b':') => {
                let (end, port) = fast::port(s, host_end + 1);
                if !matches!(s.get(end), None | Some(b'/' | b'#')) {
                    return Err(None);
                }
                (end, port)
            }
            Some(b'@') => return Err(None),
            // Neither `uchar` nor `reserved`, after a host of octets that are.
            Some(_) => return Err(Some((host_end, Violation::Octet, "net_loc"))),
        };
        o.set_host(a, host_end, name_kind(&s[a..host_end]), port, end);
        Ok(end)
    }

    // §2.4.4: the query follows the first '?' after the net_loc; ";params"
    // stay in the path, whose octets are those of the opaque alternative.
    // §2.4.1: the fragment is everything after the first '#'.
    const PATH: Part = Part::new(&ABSOLUTE_1808_T, b"?#", "absoluteURL");
    const QUERY: Part = Part::new(&QUERY_1808_T, b"#", "query");
    const FRAGMENT: Part = Part::new(&QUERY_1808_T, b"", "fragment");
    const SPEC: Spec = Spec::Rfc1808;
    // scheme = 1*( alpha | digit | "+" | "-" | "." )
    const SCHEME_FIRST: ByteSet = rfc1808::SCHEME;
    const SCHEME: ByteSet = rfc1808::SCHEME;
}
