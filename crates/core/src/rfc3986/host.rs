//! RFC 3986 §3.2: `authority = [ userinfo "@" ] host [ ":" port ]`, with
//! `host = IP-literal / IPv4address / reg-name`.

use super::chars::{self, REG_NAME_T, USERINFO_T};
use crate::engine::{run, Parser, Sink, Stop};
use crate::error::ParseErrorKind;
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};

impl<S: Sink> Parser<'_, '_, S> {
    /// `authority`, from `a` (after `//`) to the first `/`, `?` or `#`: fills
    /// the authority part of `p` and returns where the authority ends.
    pub(crate) fn rfc3986_authority(&mut self, p: &mut Offsets, a: usize) -> Result<usize, Stop> {
        let s = self.s;
        p.authority_start = Some(nz(a));
        // The common case in one pass: no userinfo, no escape, a reg-name or
        // IPv4address and digits for a port. `userinfo`'s octets are those of
        // `reg-name`, `:` and the port's digits, so one run over them reaches
        // the end of such an authority.
        let run = a + run(&s[a..], &USERINFO_T);
        if run == s.len() || matches!(s[run], b'/' | b'?' | b'#') {
            let host_end = memchr::memchr(b':', &s[a..run]).map_or(run, |i| a + i);
            let port = &s[(host_end + 1).min(run)..run];
            if port.iter().all(u8::is_ascii_digit) {
                let host = &s[a..host_end];
                p.host_start = a as u32;
                p.host_end = host_end as u32;
                p.host_kind = Some(name_kind(host));
                if host_end < run {
                    p.port = self.rfc3986_port(host_end, run)?;
                }
                p.path_start = run as u32;
                return Ok(run);
            }
        }
        let auth_end = memchr::memchr3(b'/', b'?', b'#', &s[a..]).map_or(s.len(), |i| a + i);
        let mut host_start = a;
        // userinfo holds no '@': the first one ends it.
        if let Some(at) = memchr::memchr(b'@', &s[a..auth_end]) {
            let at = a + at;
            let user_end = memchr::memchr(b':', &s[a..at]).map_or(at, |i| a + i);
            p.user_end = Some(nz(user_end));
            self.scan(a, at, &USERINFO_T, "userinfo")?;
            host_start = at + 1;
        }
        p.host_start = host_start as u32;
        let (host_end, kind) = if s.get(host_start) == Some(&b'[') {
            self.ip_literal(host_start, auth_end)?
        } else {
            let host_end = self.scan_to(host_start, auth_end, &REG_NAME_T, "reg-name", b":")?;
            (host_end, name_kind(&s[host_start..host_end]))
        };
        p.host_end = host_end as u32;
        p.host_kind = Some(kind);
        if host_end < auth_end {
            if s[host_end] == b':' {
                p.port = self.rfc3986_port(host_end, auth_end)?;
            } else {
                // After an IP literal's ']': only ":" port may follow.
                let byte = s[host_end];
                self.error(host_end, ParseErrorKind::InvalidChar { byte }, "authority")?;
                p.host_end = auth_end as u32;
            }
        }
        p.path_start = auth_end as u32;
        Ok(auth_end)
    }

    /// `port = *DIGIT`, after the `:` at `colon`: its value when it has one
    /// that fits `u16` (see the [module docs](super) for the others).
    fn rfc3986_port(&mut self, colon: usize, end: usize) -> Result<Option<u16>, Stop> {
        let value = self.port_digits(colon, end)?;
        Ok(value.filter(|_| colon + 1 < end).and_then(|v| u16::try_from(v).ok()))
    }

    /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, from the `[` at
    /// `start`: returns where the host ends (after the `]`) and its kind.
    fn ip_literal(&mut self, start: usize, auth_end: usize) -> Result<(usize, HostKind), Stop> {
        let s = self.s;
        let Some(close) = memchr::memchr(b']', &s[start..auth_end]).map(|i| start + i) else {
            self.error(start, ParseErrorKind::UnclosedBracket, "IP-literal")?;
            return Ok((auth_end, HostKind::Ipv6));
        };
        let inside = &s[start + 1..close];
        let (checked, kind, rule) = if matches!(inside.first(), Some(b'v' | b'V')) {
            (check_ipvfuture(inside), HostKind::IpvFuture, "IPvFuture")
        } else {
            (check_ipv6address(inside), HostKind::Ipv6, "IPv6address")
        };
        if let Err((at, kind)) = checked {
            self.error(start + 1 + at, kind, rule)?;
        }
        Ok((close + 1, kind))
    }
}

/// A host error: offset within the text checked, and what is wrong there.
type Error = (usize, ParseErrorKind);

fn invalid_at(b: &[u8], i: usize) -> Error {
    match b.get(i) {
        Some(&byte) if !chars::HEXDIG.contains(byte) && !matches!(byte, b':' | b'.') => {
            (i, ParseErrorKind::InvalidChar { byte })
        }
        _ => (i, ParseErrorKind::InvalidIpLiteral),
    }
}

/// RFC 3986 §3.2.2 `IPv6address`: eight `h16` pieces separated by `:`, the
/// last two of which may be an `IPv4address` (`ls32`), or fewer around one
/// `::` that stands for at least one zero piece.
///
/// Every compressed form of the ABNF's nine alternatives is this: with `::`
/// at most seven pieces, without it exactly eight.
pub(crate) fn check_ipv6address(b: &[u8]) -> Result<(), Error> {
    let n = b.len();
    let mut i = 0;
    let mut pieces = 0;
    let mut compressed = false;
    if b.starts_with(b"::") {
        compressed = true;
        i = 2;
    } else if b.first() == Some(&b':') {
        return Err((0, ParseErrorKind::InvalidIpLiteral));
    }
    while i < n {
        let start = i;
        if pieces == if compressed { 7 } else { 8 } {
            return Err((start, ParseErrorKind::InvalidIpLiteral));
        }
        while i < n && i - start < 5 && chars::HEXDIG.contains(b[i]) {
            i += 1;
        }
        if i < n && b[i] == b'.' {
            // ls32 as an IPv4address: the last two pieces.
            if pieces + 2 > if compressed { 7 } else { 8 } || !is_ipv4address(&b[start..]) {
                return Err((start, ParseErrorKind::InvalidIpLiteral));
            }
            pieces += 2;
            break;
        }
        match i - start {
            0 => return Err(invalid_at(b, i)),
            5 => return Err((start + 4, ParseErrorKind::InvalidIpLiteral)),
            _ => pieces += 1,
        }
        if i == n {
            break;
        }
        if b[i] != b':' {
            return Err(invalid_at(b, i));
        }
        i += 1;
        if i < n && b[i] == b':' {
            if compressed {
                return Err((i, ParseErrorKind::InvalidIpLiteral));
            }
            compressed = true;
            i += 1;
        } else if i == n {
            return Err((i, ParseErrorKind::InvalidIpLiteral));
        }
    }
    if (compressed && pieces <= 7) || (!compressed && pieces == 8) {
        Ok(())
    } else {
        Err((n, ParseErrorKind::InvalidIpLiteral))
    }
}

/// RFC 3986 §3.2.2 `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub(crate) fn check_ipvfuture(b: &[u8]) -> Result<(), Error> {
    let hex = b[1..].iter().take_while(|&&c| chars::HEXDIG.contains(c)).count();
    let dot = 1 + hex;
    if hex == 0 || b.get(dot) != Some(&b'.') {
        return Err((dot, ParseErrorKind::InvalidIpLiteral));
    }
    if dot + 1 == b.len() {
        return Err((dot + 1, ParseErrorKind::InvalidIpLiteral));
    }
    match b[dot + 1..].iter().position(|&c| !chars::IPVFUTURE.contains(c)) {
        Some(i) => Err((dot + 1 + i, ParseErrorKind::InvalidChar { byte: b[dot + 1 + i] })),
        None => Ok(()),
    }
}

pub(crate) use crate::host::ipv4::is_ipv4address;

/// The kind of a host that is not an IP literal (§3.2.2, "first-match-wins"):
/// empty, an `IPv4address`, or else a `reg-name`.
#[inline(always)]
pub(crate) fn name_kind(host: &[u8]) -> HostKind {
    match host.first() {
        None => HostKind::Empty,
        Some(d) if d.is_ascii_digit() && is_ipv4address(host) => HostKind::Ipv4,
        Some(_) => HostKind::RegName,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_forms() {
        for ok in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1::8",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "::ffff:1.2.3.4",
            "1:2:3:4:5::1.2.3.4",
            "fe80::abcd:EF01",
            "2001:db8::7",
        ] {
            assert_eq!(check_ipv6address(ok.as_bytes()), Ok(()), "{ok}");
        }
        for bad in [
            "",
            ":",
            ":::",
            "1:::2",
            ":1::2",
            "1:",
            "1::2::3",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            "12345::",
            "1:2:3:4:5:6::1.2.3.4",
            "1.2.3.4",
            "::1.2.3",
            "::01.2.3.4",
            "::1.2.3.4:1",
            "g::",
            "::1%25eth0",
            "1:2:3:4:5:6:7:1.2.3.4",
        ] {
            assert!(check_ipv6address(bad.as_bytes()).is_err(), "{bad}");
        }
    }

    #[test]
    fn ipvfuture() {
        assert_eq!(check_ipvfuture(b"v7.a:b"), Ok(()));
        assert_eq!(check_ipvfuture(b"vF.x"), Ok(()));
        assert!(check_ipvfuture(b"v.x").is_err());
        assert!(check_ipvfuture(b"v7.").is_err());
        assert!(check_ipvfuture(b"v7x").is_err());
        assert!(check_ipvfuture(b"v7.a/b").is_err());
    }
}
