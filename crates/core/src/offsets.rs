//! `Offsets`: where each component of a URL or a URI reference starts and
//! ends; the one component table of every URL type (see [`view`](crate::view)).
//!
//! ```text
//! ftp://user:pass@host.dom:21/pub/file;type=a?q#frag
//!    │  │   │    │       │  │               │ │
//!    │  │   │    │       │  │               │ └ fragment_start ('#')
//!    │  │   │    │       │  │               └ query_start ('?')
//!    │  │   │    │       │  └ path_start
//!    │  │   │    │       └ host_end (the ':' before the port)
//!    │  │   │    └ host_start (after '@')
//!    │  │   └ user_end (':' when a password follows, else '@')
//!    │  └ authority_start (after "//")
//!    └ scheme_end (':')
//! ```
//!
//! Without an authority, `host_start == host_end == path_start == scheme_end + 1`,
//! but for one WHATWG form: a path that starts with `//` when there is no
//! host is serialized after `/.` (`web+demo:/.//not-a-host/`), and
//! `path_start` is after that `/.` so that the path reads as the `pathname`
//! getter returns it.
//!
//! A relative reference (RFC 3986 `relative-ref`, RFC 1808 `relativeURL`)
//! has no scheme: `scheme_end` is `None`, its parts start at 0, and its
//! `?` or `#` may be its first byte, so that `query_start` and
//! `fragment_start` are plain positions.
//!
//! RFC 3986's `port = *DIGIT` may be empty or over 65535: such a port is
//! written (`host_end` points at its `:`) but has no `u16` value, so `port` is
//! `None` while `host_end < path_start`.

use std::num::NonZeroU32;

use crate::host::HostKind;

/// The component table of a URL or a reference: `u32` offsets into its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Offsets {
    /// The scheme's `:`; `None` for a relative reference.
    pub(crate) scheme_end: Option<NonZeroU32>,
    pub(crate) authority_start: Option<NonZeroU32>,
    pub(crate) user_end: Option<NonZeroU32>,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: u32,
    pub(crate) query_start: Option<u32>,
    pub(crate) fragment_start: Option<u32>,
}

/// `n` as a non-zero offset. Every position this is called with comes after
/// the scheme's `:` or a reference's `//`, so it is never zero.
#[inline]
pub(crate) fn nz(n: usize) -> NonZeroU32 {
    NonZeroU32::new(n as u32).unwrap_or(NonZeroU32::MIN)
}

#[inline]
fn us(n: u32) -> usize {
    n as usize
}

impl Offsets {
    /// The length of the scheme: 0 for a relative reference.
    #[inline]
    pub(crate) fn scheme_len(&self) -> usize {
        self.scheme_end.map_or(0, |n| us(n.get()))
    }

    /// Where what follows the scheme starts: after its `:`, or at 0.
    #[inline]
    pub(crate) fn after_scheme(&self) -> usize {
        self.scheme_end.map_or(0, |n| us(n.get()) + 1)
    }

    pub(crate) fn scheme<'a>(&self, s: &'a str) -> Option<&'a str> {
        Some(&s[..us(self.scheme_end?.get())])
    }

    pub(crate) fn has_authority(&self) -> bool {
        self.authority_start.is_some()
    }

    pub(crate) fn authority<'a>(&self, s: &'a str) -> Option<&'a str> {
        let start = us(self.authority_start?.get());
        Some(&s[start..us(self.path_start)])
    }

    pub(crate) fn user<'a>(&self, s: &'a str) -> Option<&'a str> {
        let start = us(self.authority_start?.get());
        Some(&s[start..us(self.user_end?.get())])
    }

    pub(crate) fn password<'a>(&self, s: &'a str) -> Option<&'a str> {
        let end = us(self.user_end?.get());
        if s.as_bytes()[end] == b':' {
            Some(&s[end + 1..us(self.host_start) - 1])
        } else {
            None
        }
    }

    /// The port as written, without its `:`: `Some("")` for an empty one.
    pub(crate) fn port_str<'a>(&self, s: &'a str) -> Option<&'a str> {
        self.authority_start?;
        let end = us(self.path_start);
        (us(self.host_end) < end).then(|| &s[us(self.host_end) + 1..end])
    }

    pub(crate) fn host<'a>(&self, s: &'a str) -> Option<&'a str> {
        self.authority_start?;
        Some(&s[us(self.host_start)..us(self.host_end)])
    }

    pub(crate) fn path_end(&self, s: &str) -> usize {
        self.query_start.or(self.fragment_start).map_or(s.len(), us)
    }

    pub(crate) fn path<'a>(&self, s: &'a str) -> &'a str {
        &s[us(self.path_start)..self.path_end(s)]
    }

    pub(crate) fn query<'a>(&self, s: &'a str) -> Option<&'a str> {
        let start = us(self.query_start?) + 1;
        Some(&s[start..self.fragment_start.map_or(s.len(), us)])
    }

    pub(crate) fn fragment<'a>(&self, s: &'a str) -> Option<&'a str> {
        Some(&s[us(self.fragment_start?) + 1..])
    }

    /// Checks that the table describes `s`: offsets in order and in bounds,
    /// delimiters where the table says they are.
    ///
    /// # Panics
    ///
    /// With a message naming the broken invariant.
    pub(crate) fn check_invariants(&self, s: &str) {
        let b = s.as_bytes();
        let end = s.len();
        assert!(u32::try_from(end).is_ok(), "length must fit u32");
        let start = self.after_scheme();
        if let Some(se) = self.scheme_end {
            let se = us(se.get());
            assert!(se < end && b[se] == b':', "scheme_end must point at ':'");
        }
        match self.authority_start {
            Some(a) => {
                let a = us(a.get());
                assert_eq!(a, start + 2, "authority starts after \"//\"");
                assert_eq!(&b[start..a], b"//", "authority needs \"//\"");
                if let Some(u) = self.user_end {
                    let u = us(u.get());
                    assert!(a <= u && u < us(self.host_start), "user inside the authority");
                    assert!(matches!(b[u], b':' | b'@'), "user ends at ':' or '@'");
                    assert_eq!(b[us(self.host_start) - 1], b'@', "host follows '@'");
                } else {
                    assert_eq!(us(self.host_start), a, "no user: host starts the authority");
                }
                assert!(us(self.host_start) <= us(self.host_end));
                assert!(self.host_kind.is_some(), "a host has a kind");
            }
            None => {
                assert!(self.user_end.is_none() && self.port.is_none() && self.host_kind.is_none());
                assert_eq!(us(self.host_start), start);
                assert_eq!(us(self.host_end), start);
                let p = us(self.path_start);
                if p != start {
                    // The WHATWG serialization of a path that starts with an
                    // empty segment when there is no host: "/." goes first,
                    // and the path starts after it.
                    assert!(self.scheme_end.is_some(), "a relative reference's path starts it");
                    assert_eq!(p, start + 2, "without an authority the path follows ':'");
                    assert_eq!(&b[start..p], b"/.", "only \"/.\" comes between ':' and the path");
                    assert!(
                        b[p..].starts_with(b"//"),
                        "\"/.\" only before a path that starts with \"//\""
                    );
                }
            }
        }
        match self.port {
            _ if self.authority_start.is_none() => {}
            Some(_) => {
                assert_eq!(b[us(self.host_end)], b':', "port follows ':'");
                let digits = &b[us(self.host_end) + 1..us(self.path_start)];
                assert!(
                    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit),
                    "port is digits"
                );
            }
            None if us(self.host_end) == us(self.path_start) => {}
            None => {
                // A port RFC 3986 allows but `u16` cannot hold: empty or too big.
                assert_eq!(b[us(self.host_end)], b':', "a written port follows ':'");
                let digits = &b[us(self.host_end) + 1..us(self.path_start)];
                assert!(digits.iter().all(u8::is_ascii_digit), "port is digits");
                let fits = digits.iter().try_fold(0u32, |n, &d| {
                    let n = n * 10 + u32::from(d - b'0');
                    (n <= 65535).then_some(n)
                });
                assert!(digits.is_empty() || fits.is_none(), "a port that fits u16 is stored");
            }
        }
        let path_end = self.path_end(s);
        assert!(us(self.path_start) <= path_end && path_end <= end);
        if let Some(q) = self.query_start {
            assert_eq!(b[us(q)], b'?', "query_start points at '?'");
            assert!(self.fragment_start.is_none_or(|f| q < f), "query before fragment");
        }
        if let Some(f) = self.fragment_start {
            assert_eq!(b[us(f)], b'#', "fragment_start points at '#'");
        }
    }
}

impl Offsets {
    /// The table of a URL with no parts yet but its scheme.
    #[inline]
    pub(crate) fn new(scheme_end: usize) -> Offsets {
        Offsets::reference(Some(scheme_end))
    }

    /// The table of a reference with no parts yet but its scheme, if it has
    /// one (ending at `scheme_end`).
    pub(crate) fn reference(scheme_end: Option<usize>) -> Offsets {
        let after = scheme_end.map_or(0, |n| n as u32 + 1);
        Offsets {
            scheme_end: scheme_end.map(nz),
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
