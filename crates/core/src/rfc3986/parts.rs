//! `Parts`: the component table of a reference, whose scheme, and so whose
//! every delimiter, may be absent.
//!
//! [`Offsets`] relies on a scheme (every position after its `:` is non-zero);
//! a relative reference may start with its `?` or `#`, so its table holds
//! plain `u32` positions. A reference with a scheme converts to [`Offsets`]
//! one to one.
//!
//! ```text
//! //user:pw@host:8080/a/b?q#f
//!   │   │   │   │    │   │ └ fragment_start ('#')
//!   │   │   │   │    │   └ query_start ('?')
//!   │   │   │   │    └ path_start
//!   │   │   │   └ host_end (the ':' before the port)
//!   │   │   └ host_start (after '@')
//!   │   └ user_end (':' when a password follows, else '@')
//!   └ authority_start (after "//")
//! ```

use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

/// The component table of a URI reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Parts {
    /// The scheme's `:`.
    pub(crate) scheme_end: Option<u32>,
    pub(crate) authority_start: Option<u32>,
    pub(crate) user_end: Option<u32>,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: u32,
    pub(crate) query_start: Option<u32>,
    pub(crate) fragment_start: Option<u32>,
}

#[inline]
fn us(n: u32) -> usize {
    n as usize
}

impl Parts {
    /// The table of a reference with nothing yet but its scheme (ending at
    /// `scheme_end`), whose hierarchical part starts at `start`.
    pub(crate) fn new(scheme_end: Option<usize>, start: usize) -> Parts {
        let start = start as u32;
        Parts {
            scheme_end: scheme_end.map(|n| n as u32),
            authority_start: None,
            user_end: None,
            host_start: start,
            host_end: start,
            host_kind: None,
            port: None,
            path_start: start,
            query_start: None,
            fragment_start: None,
        }
    }

    /// The [`Offsets`] of a reference with a scheme.
    #[inline]
    pub(crate) fn into_offsets(self) -> Offsets {
        Offsets {
            scheme_end: self.scheme_end.unwrap_or_default(),
            authority_start: self.authority_start.map(|n| nz(us(n))),
            user_end: self.user_end.map(|n| nz(us(n))),
            host_start: self.host_start,
            host_end: self.host_end,
            host_kind: self.host_kind,
            port: self.port,
            path_start: self.path_start,
            query_start: self.query_start.map(|n| nz(us(n))),
            fragment_start: self.fragment_start.map(|n| nz(us(n))),
        }
    }

    /// The table of a URL's [`Offsets`].
    pub(crate) fn from_offsets(o: &Offsets) -> Parts {
        Parts {
            scheme_end: Some(o.scheme_end),
            authority_start: o.authority_start.map(|n| n.get()),
            user_end: o.user_end.map(|n| n.get()),
            host_start: o.host_start,
            host_end: o.host_end,
            host_kind: o.host_kind,
            port: o.port,
            path_start: o.path_start,
            query_start: o.query_start.map(|n| n.get()),
            fragment_start: o.fragment_start.map(|n| n.get()),
        }
    }

    pub(crate) fn scheme<'a>(&self, s: &'a str) -> Option<&'a str> {
        Some(&s[..us(self.scheme_end?)])
    }

    pub(crate) fn authority<'a>(&self, s: &'a str) -> Option<&'a str> {
        Some(&s[us(self.authority_start?)..us(self.path_start)])
    }

    pub(crate) fn user<'a>(&self, s: &'a str) -> Option<&'a str> {
        Some(&s[us(self.authority_start?)..us(self.user_end?)])
    }

    pub(crate) fn password<'a>(&self, s: &'a str) -> Option<&'a str> {
        let end = us(self.user_end?);
        (s.as_bytes()[end] == b':').then(|| &s[end + 1..us(self.host_start) - 1])
    }

    pub(crate) fn host<'a>(&self, s: &'a str) -> Option<&'a str> {
        self.authority_start?;
        Some(&s[us(self.host_start)..us(self.host_end)])
    }

    pub(crate) fn port_str<'a>(&self, s: &'a str) -> Option<&'a str> {
        self.authority_start?;
        let end = us(self.path_start);
        (us(self.host_end) < end).then(|| &s[us(self.host_end) + 1..end])
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

    /// Checks that the table describes `s`.
    ///
    /// # Panics
    ///
    /// With a message naming the broken invariant.
    pub(crate) fn check_invariants(&self, s: &str) {
        if self.scheme_end.is_some() {
            self.into_offsets().check_invariants(s);
            return;
        }
        let b = s.as_bytes();
        match self.authority_start {
            Some(a) => {
                assert_eq!(us(a), 2, "a relative authority starts after \"//\"");
                assert_eq!(&b[..2], b"//");
                assert!(self.host_kind.is_some(), "a host has a kind");
                if let Some(u) = self.user_end {
                    assert!(matches!(b[us(u)], b':' | b'@'), "user ends at ':' or '@'");
                    assert_eq!(b[us(self.host_start) - 1], b'@', "host follows '@'");
                } else {
                    assert_eq!(self.host_start, a, "no user: host starts the authority");
                }
                assert!(self.host_start <= self.host_end && self.host_end <= self.path_start);
                if self.host_end < self.path_start {
                    assert_eq!(b[us(self.host_end)], b':', "port follows ':'");
                }
            }
            None => {
                assert!(self.user_end.is_none() && self.port.is_none() && self.host_kind.is_none());
                assert_eq!((self.host_start, self.host_end, self.path_start), (0, 0, 0));
            }
        }
        assert!(us(self.path_start) <= self.path_end(s) && self.path_end(s) <= s.len());
        if let Some(q) = self.query_start {
            assert_eq!(b[us(q)], b'?', "query_start points at '?'");
            assert!(self.fragment_start.is_none_or(|f| q < f), "query before fragment");
        }
        if let Some(f) = self.fragment_start {
            assert_eq!(b[us(f)], b'#', "fragment_start points at '#'");
        }
    }
}
