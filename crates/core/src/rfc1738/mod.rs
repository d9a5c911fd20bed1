//! The 1994 grammar: RFC 1738 §5 for the schemes it defines, and the RFC 1630
//! draft's generic syntax for the rest.
//!
//! One forward pass over the octets: each component is checked against its
//! production's 256-entry table, which also finds the delimiter ending it, and
//! violations go to a sink that either stops at the first (strict
//! parsing, no allocation) or collects them all (`validate`).
//!
//! The common shapes (`http`, `file`, and schemes RFC 1738 does not define,
//! with a domain-name host and no user) are first checked by `fast`, in one
//! pass without a sink; whatever it does not accept goes to the full
//! grammar here, which reports. Where the fast path stops at an octet its
//! component does not allow, that octet is the first violation, and strict
//! parsing reports it as the full grammar would. The RFC 1630 draft's
//! generic syntax has its own fast path, `fast_rfc1630`, which does the same
//! for its common shape (a host name of plain labels, no user).
//!
//! # Readings of the text
//!
//! Where the specs leave a choice open, urikit reads them as follows:
//!
//! * **Fragments.** RFC 1738 has no fragments; RFC 1630 defines
//!   `fragmentaddress = uri [ # fragmentid ]`. Under both specs the first `#`
//!   starts the fragment. Under [`Spec::Rfc1738`] a fragment may hold any
//!   `xchar`; under [`Spec::Rfc1630`], `xalphas`.
//! * **Search parts.** A `?` starts a search only where the scheme's
//!   production has one: `http` and `wais` (RFC 1738), and schemes RFC 1738
//!   does not define (RFC 1630's generic `path [ ? search ]`). In `ftp`,
//!   `gopher`, `mailto`, `news` and `prospero` URLs `?` is an ordinary
//!   character of the path, as RFC 1738's `fsegment`, `xchar` and `article`
//!   say.
//! * **`//` in other schemes.** RFC 1738 §3.1: data that starts with `//`
//!   "complies with the common Internet scheme syntax", so a URL of a scheme
//!   RFC 1738 does not define that starts with `//` must have a valid `login`.
//! * **Scheme names.** RFC 1738's `scheme = 1*[ lowalpha | digit | "+" | "-" |
//!   "." ]` allows a leading digit, and upper case is accepted as §2.1 asks.
//!   Under [`Spec::Rfc1630`] a scheme is an `ialpha`: a letter first.
//! * **Empty path segments.** The RFC 1630 draft's `path = void | xpalphas [ /
//!   path ]` cannot produce a path that starts with `/`, yet its own examples
//!   (`magic://a/b/c//d/e/f`, `fxqn:/us/va/...`) have them; segments may be
//!   void.
//! * **Spaces.** The RFC 1630 draft's generic `extra` lists `space`, so
//!   [`Spec::Rfc1630`] accepts one; its canonical form encodes it.

pub(crate) mod fast;
mod host;
pub(crate) mod scan;
mod schemes;

pub(crate) use schemes::Known;

use crate::ascii::{rfc1630, rfc1738};
use crate::engine::{run, Parser, Sink, Stop, Table};
use crate::error::ParseErrorKind;
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};
use crate::Spec;

/// What an authority may hold, per scheme.
#[derive(Clone, Copy)]
pub(crate) struct Login {
    /// `login` (user and password allowed) rather than `hostport`.
    pub(crate) user: bool,
    /// A `:port` is allowed (not in `file`).
    pub(crate) port: bool,
    /// The host may be empty (`file`).
    pub(crate) empty_host: bool,
    /// The authority also ends at `?` (schemes with a search part).
    pub(crate) ends_at_query: bool,
}

impl<S: Sink> Parser<'_, '_, S> {
    /// Finds the fragment's `#`: returns the end of the body.
    fn fragment(&mut self, o: &mut Offsets) -> usize {
        let start = o.scheme_len() + 1;
        match memchr::memchr(b'#', &self.s[start..]) {
            Some(i) => {
                o.fragment_start = Some((start + i) as u32);
                start + i
            }
            None => self.s.len(),
        }
    }

    /// Checks the fragment, last, so that violations come in input order.
    fn fragmentid(&mut self, o: &Offsets, set: &Table) -> Result<(), Stop> {
        match o.fragment_start {
            Some(hash) => self.scan(hash as usize + 1, self.s.len(), set, "fragmentid"),
            None => Ok(()),
        }
    }

    /// `"//" login` (or `hostport`), starting at `start` (the first `/`),
    /// ending before `end`. Fills the authority part of `o`; returns the
    /// offset where the authority ends.
    pub(crate) fn authority(&mut self, o: &mut Offsets, start: usize, end: usize, login: Login) -> Result<usize, Stop> {
        let s = self.s;
        if !(end >= start + 2 && s[start] == b'/' && s[start + 1] == b'/') {
            return Err(self.fatal(start, ParseErrorKind::MissingSlashes, "ip-schemepart"));
        }
        let a = start + 2;
        o.authority_start = Some(nz(a));
        if self.spec == Spec::Rfc1738 {
            if let Some((host_end, port, auth_end)) = host::fast_hostport(s, a, end, login.ends_at_query) {
                o.host_start = a as u32;
                o.host_end = host_end as u32;
                o.host_kind = Some(HostKind::Domain);
                if port.is_some() && !login.port {
                    self.error(host_end, ParseErrorKind::PortNotAllowed, "host")?;
                }
                o.port = port;
                o.path_start = auth_end as u32;
                return Ok(auth_end);
            }
        }
        // One pass to the end of the authority ('/', '#', or '?' where a
        // search may follow), noting the last '@' and the first ':' after it.
        let mut i = a;
        let mut at = None;
        let mut colon = None;
        let auth_end = loop {
            i += run(&s[i..end], &scan::AUTHORITY);
            if i == end {
                break end;
            }
            match s[i] {
                b'@' => {
                    at = Some(i);
                    colon = None;
                }
                b':' => colon = colon.or(Some(i)),
                b'/' | b'#' => break i,
                b'?' if login.ends_at_query => break i,
                _ => {}
            }
            i += 1;
        };
        let mut host_start = a;
        if let Some(at) = at {
            let colon = s[a..at].iter().position(|&b| b == b':').map(|i| a + i);
            let user_end = colon.unwrap_or(at);
            o.user_end = Some(nz(user_end));
            host_start = at + 1;
            if !login.user {
                self.error(a, ParseErrorKind::UserNotAllowed, "hostport")?;
            }
            let set = self.user_set();
            self.scan(a, user_end, set, "user")?;
            if let Some(colon) = colon {
                self.scan(colon + 1, at, set, "password")?;
            }
        }
        o.host_start = host_start as u32;
        let host_end = colon.unwrap_or(auth_end);
        o.host_end = host_end as u32;
        let host = &s[host_start..host_end];
        let checked = if login.empty_host && host.is_empty() {
            Ok(HostKind::Empty)
        } else if self.spec == Spec::Rfc1630 {
            host::check_rfc1630(host)
        } else {
            host::check_rfc1738(host)
        };
        o.host_kind = Some(match checked {
            Ok(kind) => kind,
            Err((at, kind, rule)) => {
                self.error(host_start + at, kind, rule)?;
                HostKind::Domain
            }
        });
        if host_end < auth_end {
            if !login.port {
                self.error(host_end, ParseErrorKind::PortNotAllowed, "host")?;
            }
            o.port = self.port(host_end, auth_end)?;
        }
        o.path_start = auth_end as u32;
        Ok(auth_end)
    }

    fn user_set(&self) -> &'static Table {
        match self.spec {
            Spec::Rfc1630 => &scan::RFC1630_USER,
            _ => &scan::USER,
        }
    }

    /// `":" port`, `port = digits`, at most 65535.
    fn port(&mut self, colon: usize, end: usize) -> Result<Option<u16>, Stop> {
        if colon + 1 == end {
            self.error(colon, ParseErrorKind::EmptyPort, "port")?;
            return Ok(None);
        }
        let Some(value) = self.port_digits(colon, end)? else {
            return Ok(None);
        };
        match u16::try_from(value) {
            Ok(port) => Ok(Some(port)),
            Err(_) => {
                self.error(colon + 1, ParseErrorKind::PortOutOfRange, "port")?;
                Ok(None)
            }
        }
    }

    /// The RFC 1630 draft's generic grammar, for every scheme.
    pub(crate) fn rfc1630(&mut self) -> Result<Offsets, Stop> {
        let se = self.scheme(&rfc1630::SCHEME, &rfc1630::ALPHA)?;
        let mut o = Offsets::new(se);
        self.generic(&mut o, &scan::RFC1630_PATH, &scan::RFC1630_SEARCH, "path")?;
        self.fragmentid(&o, &scan::RFC1630_FRAGMENTID)?;
        Ok(o)
    }

    /// RFC 1738 §5 for the schemes it defines, the generic syntax otherwise.
    pub(crate) fn rfc1738(&mut self) -> Result<Offsets, Stop> {
        let se = self.scheme(&rfc1738::SCHEME, &rfc1738::SCHEME)?;
        let mut o = Offsets::new(se);
        let scheme = &self.s[..se];
        match schemes::Known::of(scheme) {
            // The common cases find the fragment as they go.
            Some(schemes::Known::Http) => self.http(&mut o)?,
            None => self.generic(&mut o, &scan::URLPATH, &scan::XCHAR, "urlpath")?,
            Some(known) => {
                let body_end = self.fragment(&mut o);
                self.known(known, &mut o, body_end)?;
            }
        }
        self.fragmentid(&o, &scan::XCHAR)?;
        Ok(o)
    }

    /// `scheme ":" [ "//" login ] path [ "?" search ] [ "#" fragmentid ]`;
    /// `path` must allow neither `?` nor `#`, `search` not `#`.
    fn generic(&mut self, o: &mut Offsets, path: &Table, search: &Table, rule: &'static str) -> Result<(), Stop> {
        let start = o.scheme_len() + 1;
        let end = self.s.len();
        let path_start = if self.s[start..].starts_with(b"//") {
            let login = Login {
                user: true,
                port: true,
                empty_host: false,
                ends_at_query: true,
            };
            self.authority(o, start, end, login)?
        } else {
            start
        };
        let path_end = self.scan_to(path_start, end, path, rule, b"?#")?;
        self.search_and_fragment(o, path_end, search)
    }

    /// From `at`, where a path ended: `[ "?" search ] [ "#" ...]`. Records
    /// where each starts; the fragment is checked later.
    pub(crate) fn search_and_fragment(&mut self, o: &mut Offsets, at: usize, search: &Table) -> Result<(), Stop> {
        let end = self.s.len();
        let hash = if at < end && self.s[at] == b'?' {
            o.query_start = Some(at as u32);
            self.scan_to(at + 1, end, search, "search", b"#")?
        } else {
            at
        };
        if hash < end {
            o.fragment_start = Some(hash as u32);
        }
        Ok(())
    }
}
