//! The 1994 grammar: RFC 1738 §5 for the schemes it defines, and the RFC 1630
//! draft's generic syntax for the rest.
//!
//! One forward pass over the octets: each component is checked against its
//! production's 256-entry table, which also finds the delimiter ending it, and
//! violations go to a sink that either stops at the first (strict
//! parsing, no allocation) or collects them all (`validate`).
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

mod lenient;
pub(crate) mod scan;
mod schemes;

use crate::ascii::{rfc1630, rfc1738, ByteSet};
use crate::error::{ParseError, ParseErrorKind, MAX_INPUT_LEN, MAX_REPORTED};
use crate::host::{self, HostKind};
use crate::offsets::{nz, Offsets};
use crate::Spec;

pub(crate) use lenient::parse_lenient;
pub(crate) use scan::Table;

/// The signal to stop parsing.
pub(crate) struct Stop;

/// Where violations go.
pub(crate) trait Sink {
    /// Records `error`; `Err(Stop)` when parsing should stop.
    fn report(&mut self, error: ParseError) -> Result<(), Stop>;
}

/// Keeps the first violation and stops.
#[derive(Default)]
pub(crate) struct FirstError(pub(crate) Option<ParseError>);

impl Sink for FirstError {
    #[inline]
    fn report(&mut self, error: ParseError) -> Result<(), Stop> {
        self.0 = Some(error);
        Err(Stop)
    }
}

/// Keeps the first [`MAX_REPORTED`] violations and counts the rest.
#[derive(Default)]
pub(crate) struct AllErrors {
    pub(crate) errors: Vec<ParseError>,
    /// The first violation not kept, and how many were not.
    pub(crate) more: Option<(ParseError, usize)>,
}

impl Sink for AllErrors {
    fn report(&mut self, error: ParseError) -> Result<(), Stop> {
        match &mut self.more {
            Some((_, n)) => *n += 1,
            None if self.errors.len() < MAX_REPORTED => self.errors.push(error),
            None => self.more = Some((error, 1)),
        }
        Ok(())
    }
}

impl AllErrors {
    /// The violations in input order, with a last [`ParseErrorKind::TooMany`]
    /// entry when some were not kept.
    pub(crate) fn into_sorted(self) -> Vec<ParseError> {
        let mut errors = self.errors;
        errors.sort_by_key(|e| e.offset);
        if let Some((first, more)) = self.more {
            errors.push(ParseError {
                kind: ParseErrorKind::TooMany { more },
                ..first
            });
        }
        errors
    }
}

/// The length of an optional `URL:` prefix (RFC 1738 appendix, draft-03
/// `prefixedurl`), matched without regard to case. RFC 1808 and RFC 3986
/// have none: there `url:` is a scheme.
pub(crate) fn prefix_len(input: &str, spec: Spec) -> usize {
    let b = input.as_bytes();
    if spec.is_1994() && b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"url:") {
        4
    } else {
        0
    }
}

/// Parses `s` (the input after any `URL:` prefix; `base` is that prefix's
/// length, added to every error offset).
pub(crate) fn parse<S: Sink>(s: &str, base: usize, spec: Spec, sink: &mut S) -> Result<Offsets, Stop> {
    let mut p = Parser {
        s: s.as_bytes(),
        base,
        spec,
        sink,
    };
    if s.is_empty() {
        return Err(p.fatal(0, ParseErrorKind::Empty, "url"));
    }
    if s.len() > MAX_INPUT_LEN {
        return Err(p.fatal(MAX_INPUT_LEN, ParseErrorKind::TooLong, "url"));
    }
    match spec {
        Spec::Rfc1738 => p.rfc1738(),
        Spec::Rfc1630 => p.rfc1630(),
        Spec::Rfc1808 => p.rfc1808_url(),
        Spec::Rfc3986 => p.rfc3986_uri(),
    }
}

/// The state of one parse.
pub(crate) struct Parser<'a, 's, S> {
    pub(crate) s: &'a [u8],
    base: usize,
    pub(crate) spec: Spec,
    sink: &'s mut S,
}

impl<'a, 's, S: Sink> Parser<'a, 's, S> {
    /// A parse of `s` by `spec`; `base` is added to every error offset.
    pub(crate) fn new(s: &'a [u8], base: usize, spec: Spec, sink: &'s mut S) -> Self {
        Parser { s, base, spec, sink }
    }
}

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
    #[inline]
    pub(crate) fn error(&mut self, offset: usize, kind: ParseErrorKind, rule: &'static str) -> Result<(), Stop> {
        let e = ParseError::new(self.base + offset, kind, rule, self.spec);
        self.sink.report(e)
    }

    /// Reports an error parsing cannot go on after.
    pub(crate) fn fatal(&mut self, offset: usize, kind: ParseErrorKind, rule: &'static str) -> Stop {
        let _ = self.error(offset, kind, rule);
        Stop
    }

    /// Checks that `s[start..end]` holds only octets of `table`, each `%` in
    /// it (where the table allows escapes) starting an `escape`.
    #[inline]
    pub(crate) fn scan(&mut self, start: usize, end: usize, table: &Table, rule: &'static str) -> Result<(), Stop> {
        self.scan_to(start, end, table, rule, &[]).map(|_| ())
    }

    /// [`scan`](Self::scan), ending early at the first of the `stops` (which
    /// the table must not allow): returns its offset, or `end`.
    #[inline]
    pub(crate) fn scan_to(
        &mut self,
        start: usize,
        end: usize,
        table: &Table,
        rule: &'static str,
        stops: &[u8],
    ) -> Result<usize, Stop> {
        let s = &self.s[..end];
        let mut i = start;
        loop {
            i += scan::run(&s[i..], table);
            if i == end {
                return Ok(end);
            }
            let b = s[i];
            if table.0[usize::from(b)] == scan::ESCAPE {
                if i + 2 < end && is_hex(s[i + 1]) && is_hex(s[i + 2]) {
                    i += 3;
                    continue;
                }
                let found = [get(s, i + 1, end), get(s, i + 2, end)];
                self.error(i, ParseErrorKind::BadEscape { found }, "escape")?;
            } else if stops.contains(&b) {
                return Ok(i);
            } else {
                self.error(i, ParseErrorKind::InvalidChar { byte: b }, rule)?;
            }
            i += 1;
        }
    }

    /// `scheme ":"`: returns the offset of the `:`.
    pub(crate) fn scheme(&mut self, set: &ByteSet, first: &ByteSet) -> Result<usize, Stop> {
        let s = self.s;
        let mut i = 0;
        while i < s.len() && set.contains(s[i]) {
            i += 1;
        }
        if i < s.len() && s[i] == b':' {
            if i == 0 {
                return Err(self.fatal(0, ParseErrorKind::EmptyScheme, "scheme"));
            }
            if !first.contains(s[0]) {
                self.error(0, ParseErrorKind::InvalidChar { byte: s[0] }, "scheme")?;
            }
            // "URL:" is dropped once as a prefix; a second would make the
            // serialization read differently. RFC 1808 and RFC 3986 have no
            // prefix: there `url` is a scheme like any other.
            if self.spec.is_1994() && s[..i].eq_ignore_ascii_case(b"url") {
                return Err(self.fatal(0, ParseErrorKind::PrefixScheme, "scheme"));
            }
            return Ok(i);
        }
        match memchr::memchr(b':', s) {
            Some(colon) if colon > i && !s[..colon].contains(&b'/') => {
                // A bad octet inside what is clearly meant as a scheme.
                if i > 0 && !first.contains(s[0]) {
                    self.error(0, ParseErrorKind::InvalidChar { byte: s[0] }, "scheme")?;
                }
                self.error(i, ParseErrorKind::InvalidChar { byte: s[i] }, "scheme")?;
                Ok(colon)
            }
            _ => Err(self.fatal(i, ParseErrorKind::MissingScheme, "scheme")),
        }
    }

    /// Finds the fragment's `#`: returns the end of the body.
    fn fragment(&mut self, o: &mut Offsets) -> usize {
        let start = o.scheme_end as usize + 1;
        match memchr::memchr(b'#', &self.s[start..]) {
            Some(i) => {
                o.fragment_start = Some(nz(start + i));
                start + i
            }
            None => self.s.len(),
        }
    }

    /// Checks the fragment, last, so that violations come in input order.
    fn fragmentid(&mut self, o: &Offsets, set: &Table) -> Result<(), Stop> {
        match o.fragment_start {
            Some(hash) => self.scan(hash.get() as usize + 1, self.s.len(), set, "fragmentid"),
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
            i += scan::run(&s[i..end], &scan::AUTHORITY);
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
        let digits = &self.s[colon + 1..end];
        if digits.is_empty() {
            self.error(colon, ParseErrorKind::EmptyPort, "port")?;
            return Ok(None);
        }
        let mut value: u32 = 0;
        for (i, &d) in digits.iter().enumerate() {
            if !d.is_ascii_digit() {
                self.error(colon + 1 + i, ParseErrorKind::InvalidChar { byte: d }, "port")?;
                return Ok(None);
            }
            value = (value * 10 + u32::from(d - b'0')).min(1 << 20);
        }
        match u16::try_from(value) {
            Ok(port) => Ok(Some(port)),
            Err(_) => {
                self.error(colon + 1, ParseErrorKind::PortOutOfRange, "port")?;
                Ok(None)
            }
        }
    }

    /// The RFC 1630 draft's generic grammar, for every scheme.
    fn rfc1630(&mut self) -> Result<Offsets, Stop> {
        let se = self.scheme(&rfc1630::SCHEME, &rfc1630::ALPHA)?;
        let mut o = Offsets::new(se);
        self.generic(&mut o, &scan::RFC1630_PATH, &scan::RFC1630_SEARCH, "path")?;
        self.fragmentid(&o, &scan::RFC1630_FRAGMENTID)?;
        Ok(o)
    }

    /// RFC 1738 §5 for the schemes it defines, the generic syntax otherwise.
    fn rfc1738(&mut self) -> Result<Offsets, Stop> {
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
        let start = o.scheme_end as usize + 1;
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
            o.query_start = Some(nz(at));
            self.scan_to(at + 1, end, search, "search", b"#")?
        } else {
            at
        };
        if hash < end {
            o.fragment_start = Some(nz(hash));
        }
        Ok(())
    }
}

#[inline]
fn is_hex(b: u8) -> bool {
    rfc1738::HEX.contains(b)
}

#[inline]
fn get(s: &[u8], i: usize, end: usize) -> u8 {
    if i < end {
        s[i]
    } else {
        0
    }
}

impl Offsets {
    /// The table of a URL with no parts yet but its scheme.
    pub(crate) fn new(scheme_end: usize) -> Offsets {
        let after = scheme_end as u32 + 1;
        Offsets {
            scheme_end: scheme_end as u32,
            authority_start: None,
            user_end: None,
            host_start: after,
            host_end: after,
            host_kind: None,
            port: None,
            path_start: after,
            query_start: None,
            fragment_start: None,
        }
    }
}
