//! Hosts by the 1994 grammars: domain names and four-number host addresses
//! (RFC 1738 §5 `host`, the RFC 1630 draft's `hostname`).

use crate::ascii::{rfc1630, rfc1738};
use crate::error::ParseErrorKind;
use crate::host::HostKind;

/// A host error: offset within the host, and what is wrong there.
pub(crate) type HostError = (usize, ParseErrorKind, &'static str);

/// Checks `host` against RFC 1738 §5 `host = hostname | hostnumber`.
///
/// `hostname = *[ domainlabel "." ] toplabel`; `domainlabel = alphadigit |
/// alphadigit *[ alphadigit | "-" ] alphadigit`; `toplabel = alpha | alpha *[
/// alphadigit | "-" ] alphadigit`; `hostnumber = digits "." digits "." digits
/// "." digits`, each group 0-255.
pub(crate) fn check_rfc1738(host: &[u8]) -> Result<HostKind, HostError> {
    if host.is_empty() {
        return Err((0, ParseErrorKind::EmptyHost, "host"));
    }
    // One pass; the first violation in input order wins. Which rule a label
    // answers to (`domainlabel` or `toplabel`) is only worked out on error.
    let rule_at = |i: usize| {
        if host[i..].contains(&b'.') {
            "domainlabel"
        } else {
            "toplabel"
        }
    };
    let mut label_start = 0;
    for (i, &b) in host.iter().enumerate() {
        match b {
            _ if rfc1738::ALPHADIGIT.contains(b) => {}
            b'.' if i == label_start => return Err((i, ParseErrorKind::EmptyLabel, "domainlabel")),
            b'.' if host[i - 1] == b'-' => return Err((i - 1, ParseErrorKind::LabelHyphen, "domainlabel")),
            b'.' => label_start = i + 1,
            b'-' if i == label_start => return Err((i, ParseErrorKind::LabelHyphen, rule_at(i))),
            b'-' => {}
            _ => return Err((i, ParseErrorKind::InvalidChar { byte: b }, rule_at(i))),
        }
    }
    let end = host.len();
    if label_start == end {
        return Err((end, ParseErrorKind::EmptyLabel, "toplabel"));
    }
    if host[end - 1] == b'-' {
        return Err((end - 1, ParseErrorKind::LabelHyphen, "toplabel"));
    }
    if host[label_start].is_ascii_digit() {
        if host.iter().all(|&b| b.is_ascii_digit() || b == b'.') {
            if let Some(kind) = check_hostnumber(host)? {
                return Ok(kind);
            }
        }
        return Err((label_start, ParseErrorKind::TopLabelDigit, "toplabel"));
    }
    Ok(HostKind::Domain)
}

/// The common case, in one pass: from `a`, a domain name whose last label
/// starts with a letter, an optional `:port` of at most 65535, then the end
/// of the authority (`/`, `#`, `?` where `query` says so, or `end`).
/// Returns (host end, port, authority end), or `None` for anything else, which
/// the general path then parses (and reports).
#[inline(always)]
pub(crate) fn fast_hostport(s: &[u8], a: usize, end: usize, query: bool) -> Option<(usize, Option<u16>, usize)> {
    const ALNUM: u8 = 1;
    const HYPHEN: u8 = 2;
    const DOT: u8 = 3;
    const DELIM: u8 = 4;
    static CLASS: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            if rfc1738::ALPHADIGIT.contains(i as u8) {
                t[i] = ALNUM;
            }
            i += 1;
        }
        t[b'-' as usize] = HYPHEN;
        t[b'.' as usize] = DOT;
        t[b':' as usize] = DELIM;
        t[b'/' as usize] = DELIM;
        t[b'?' as usize] = DELIM;
        t[b'#' as usize] = DELIM;
        t
    };
    let s = &s[..end];
    let mut label_start = a;
    let mut i = a;
    loop {
        // Letters and digits in a tight loop; the rest one at a time.
        while i < s.len() && CLASS[usize::from(s[i])] == ALNUM {
            i += 1;
        }
        if i == s.len() {
            break;
        }
        match CLASS[usize::from(s[i])] {
            HYPHEN if i > label_start => {}
            DOT if i > label_start && s[i - 1] != b'-' => label_start = i + 1,
            DELIM if s[i] != b'?' || query => break,
            _ => return None,
        }
        i += 1;
    }
    let host_end = i;
    if host_end == label_start || s[host_end - 1] == b'-' || !s[label_start].is_ascii_alphabetic() {
        return None;
    }
    if host_end == end || s[host_end] != b':' {
        return Some((host_end, None, host_end));
    }
    let digits = host_end + 1;
    let mut j = digits;
    let mut port: u32 = 0;
    while j < end && s[j].is_ascii_digit() && j - digits < 5 {
        port = port * 10 + u32::from(s[j] - b'0');
        j += 1;
    }
    let ends = j == end || matches!(s[j], b'/' | b'#') || (query && s[j] == b'?');
    match u16::try_from(port) {
        Ok(port) if j > digits && ends => Some((host_end, Some(port), j)),
        _ => None,
    }
}

/// Checks a host of digits and dots as `hostnumber`. `Ok(None)` when it does
/// not have four non-empty groups (it is then checked as a host name).
fn check_hostnumber(host: &[u8]) -> Result<Option<HostKind>, HostError> {
    let mut groups = 0;
    let mut start = 0;
    for part in host.split(|&b| b == b'.') {
        if part.is_empty() {
            return Ok(None);
        }
        groups += 1;
        let digits = &part[part.iter().position(|&b| b != b'0').unwrap_or(part.len() - 1)..];
        if digits.len() > 3 || digits.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) > 255 {
            return Err((start, ParseErrorKind::HostNumberOutOfRange, "hostnumber"));
        }
        start += part.len() + 1;
    }
    Ok((groups == 4).then_some(HostKind::Ipv4))
}

/// Checks `host` against the RFC 1630 draft's `host = hostname | hostnumber`,
/// with `hostname = ialpha [ . hostname ]`.
///
/// `ialpha` is `alpha [ xalphas ]`, and `xalphas` contains `.`; each label
/// must start with a letter.
pub(crate) fn check_rfc1630(host: &[u8]) -> Result<HostKind, HostError> {
    if host.is_empty() {
        return Err((0, ParseErrorKind::EmptyHost, "host"));
    }
    if host.iter().all(|&b| b.is_ascii_digit() || b == b'.') {
        if let Some(kind) = check_hostnumber(host)? {
            return Ok(kind);
        }
    }
    let mut at_label_start = true;
    for (i, &b) in host.iter().enumerate() {
        if at_label_start {
            if b == b'.' {
                return Err((i, ParseErrorKind::EmptyLabel, "hostname"));
            }
            if !rfc1630::ALPHA.contains(b) {
                return Err((i, ParseErrorKind::InvalidChar { byte: b }, "ialpha"));
            }
            at_label_start = false;
        } else if b == b'.' {
            at_label_start = true;
        } else if b == b'%'
            && !(host.len() > i + 2 && rfc1630::HEX.contains(host[i + 1]) && rfc1630::HEX.contains(host[i + 2]))
        {
            // xalpha allows '%' only in `escape = "%" hex hex`.
            let found = [
                host.get(i + 1).copied().unwrap_or(0),
                host.get(i + 2).copied().unwrap_or(0),
            ];
            return Err((i, ParseErrorKind::BadEscape { found }, "escape"));
        } else if !rfc1630::HOSTNAME.contains(b) {
            return Err((i, ParseErrorKind::InvalidChar { byte: b }, "hostname"));
        }
    }
    if at_label_start {
        return Err((host.len(), ParseErrorKind::EmptyLabel, "hostname"));
    }
    Ok(HostKind::Domain)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::answers;
    use crate::Spec;
    use ParseErrorKind::*;

    #[test]
    fn hosts_by_each_grammar() {
        let check = |(spec, host): (Spec, &str)| match spec {
            Spec::Rfc1738 => check_rfc1738(host.as_bytes()),
            Spec::Rfc1630 => check_rfc1630(host.as_bytes()),
            Spec::Rfc1808 | Spec::Rfc3986 | Spec::Whatwg => unreachable!("{spec} reads hosts of its own"),
        };
        answers(
            check,
            &[
                ((Spec::Rfc1738, "info.cern.ch"), Ok(HostKind::Domain)),
                ((Spec::Rfc1738, "a"), Ok(HostKind::Domain)),
                ((Spec::Rfc1738, "a-b.c9"), Ok(HostKind::Domain)),
                ((Spec::Rfc1738, "3com.com"), Ok(HostKind::Domain)),
                ((Spec::Rfc1738, "128.141.1.5"), Ok(HostKind::Ipv4)),
                ((Spec::Rfc1738, "0.0.0.0"), Ok(HostKind::Ipv4)),
                ((Spec::Rfc1738, "255.255.255.0255"), Ok(HostKind::Ipv4)),
                (
                    (Spec::Rfc1738, "1.2.3.256"),
                    Err((6, HostNumberOutOfRange, "hostnumber")),
                ),
                ((Spec::Rfc1738, "1.2.3"), Err((4, TopLabelDigit, "toplabel"))),
                ((Spec::Rfc1738, "-a.com"), Err((0, LabelHyphen, "domainlabel"))),
                ((Spec::Rfc1738, "a-.com"), Err((1, LabelHyphen, "domainlabel"))),
                ((Spec::Rfc1738, "a.com."), Err((6, EmptyLabel, "toplabel"))),
                ((Spec::Rfc1738, "a..com"), Err((2, EmptyLabel, "domainlabel"))),
                (
                    (Spec::Rfc1738, "a_b.com"),
                    Err((1, InvalidChar { byte: b'_' }, "domainlabel")),
                ),
                ((Spec::Rfc1738, "a.9com"), Err((2, TopLabelDigit, "toplabel"))),
                ((Spec::Rfc1738, ""), Err((0, EmptyHost, "host"))),
                ((Spec::Rfc1630, "info.cern.ch"), Ok(HostKind::Domain)),
                ((Spec::Rfc1630, "a_b.c$d"), Ok(HostKind::Domain)),
                ((Spec::Rfc1630, "10.0.0.1"), Ok(HostKind::Ipv4)),
                ((Spec::Rfc1630, "a.1b"), Err((2, InvalidChar { byte: b'1' }, "ialpha"))),
                ((Spec::Rfc1630, "a."), Err((2, EmptyLabel, "hostname"))),
                ((Spec::Rfc1630, "a%41"), Ok(HostKind::Domain)),
                (
                    (Spec::Rfc1630, "a%4"),
                    Err((1, BadEscape { found: [b'4', 0] }, "escape")),
                ),
            ],
        );
    }
}

#[cfg(test)]
mod fast_path {
    use super::*;
    use proptest::prelude::*;

    /// What the general path makes of `s[a..]` as a `hostport` followed by
    /// the end of an authority: (host end, port, authority end).
    fn general(s: &[u8], query: bool) -> Option<(usize, Option<u16>, usize)> {
        let auth_end = s
            .iter()
            .position(|&b| b == b'/' || b == b'#' || (query && b == b'?'))
            .unwrap_or(s.len());
        let host_end = s[..auth_end].iter().position(|&b| b == b':').unwrap_or(auth_end);
        if check_rfc1738(&s[..host_end]) != Ok(HostKind::Domain) {
            return None;
        }
        if host_end == auth_end {
            return Some((host_end, None, auth_end));
        }
        let digits = &s[host_end + 1..auth_end];
        let port: u16 = std::str::from_utf8(digits).ok()?.parse().ok()?;
        (!digits.is_empty() && digits.iter().all(u8::is_ascii_digit)).then_some((host_end, Some(port), auth_end))
    }

    proptest! {
        #[test]
        fn agrees_with_the_general_path(host in "[a-c0-9.:/?#@_-]{0,14}", query: bool) {
            let s = host.as_bytes();
            if let Some(fast) = fast_hostport(s, 0, s.len(), query) {
                prop_assert_eq!(Some(fast), general(s, query));
            }
        }

        #[test]
        fn takes_the_common_case(labels in proptest::collection::vec("[a-z][a-z0-9-]{0,5}[a-z0-9]", 1..4), port in proptest::option::of(0u16..), rest in "(/[a-z]*)?") {
            let mut s = labels.join(".");
            if let Some(p) = port {
                s.push_str(&format!(":{p}"));
            }
            s.push_str(&rest);
            let got = fast_hostport(s.as_bytes(), 0, s.len(), true);
            prop_assert!(got.is_some(), "{}", s);
            prop_assert_eq!(got, general(s.as_bytes(), true));
        }
    }
}
