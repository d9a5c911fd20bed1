//! Hosts: domain names and four-number host addresses.

use crate::ascii::{rfc1630, rfc1738};
use crate::error::ParseErrorKind;

/// What kind of host a URL names.
///
/// # Examples
///
/// ```
/// use urikit::{HostKind, UrlRef};
///
/// assert_eq!(UrlRef::parse("http://info.cern.ch/").unwrap().host_kind(), Some(HostKind::Domain));
/// assert_eq!(UrlRef::parse("http://128.141.1.5/").unwrap().host_kind(), Some(HostKind::Ipv4));
/// assert_eq!(UrlRef::parse("file:///etc/motd").unwrap().host_kind(), Some(HostKind::Empty));
/// assert_eq!(UrlRef::parse("news:comp.infosystems.www").unwrap().host_kind(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostKind {
    /// A fully qualified domain name (RFC 1738 `hostname`, RFC 1630 `hostname`).
    Domain,
    /// Four decimal numbers, each 0-255 (RFC 1738 `hostnumber`).
    Ipv4,
    /// An empty host, which only `file` URLs allow: "this machine".
    Empty,
}

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
    if host.iter().all(|&b| b.is_ascii_digit() || b == b'.') {
        if let Some(kind) = check_hostnumber(host)? {
            return Ok(kind);
        }
    }
    let mut label_start = 0;
    loop {
        let label_end = memchr::memchr(b'.', &host[label_start..]).map_or(host.len(), |i| label_start + i);
        let label = &host[label_start..label_end];
        let top = label_end == host.len();
        let rule = if top { "toplabel" } else { "domainlabel" };
        if label.is_empty() {
            return Err((label_start, ParseErrorKind::EmptyLabel, rule));
        }
        if let Some(i) = label.iter().position(|&b| !rfc1738::LABEL.contains(b)) {
            return Err((label_start + i, ParseErrorKind::InvalidChar { byte: label[i] }, rule));
        }
        if label[0] == b'-' {
            return Err((label_start, ParseErrorKind::LabelHyphen, rule));
        }
        if label[label.len() - 1] == b'-' {
            return Err((label_end - 1, ParseErrorKind::LabelHyphen, rule));
        }
        if top {
            if label[0].is_ascii_digit() {
                return Err((label_start, ParseErrorKind::TopLabelDigit, rule));
            }
            return Ok(HostKind::Domain);
        }
        label_start = label_end + 1;
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

    #[test]
    fn rfc1738_hosts() {
        assert_eq!(check_rfc1738(b"info.cern.ch"), Ok(HostKind::Domain));
        assert_eq!(check_rfc1738(b"a"), Ok(HostKind::Domain));
        assert_eq!(check_rfc1738(b"a-b.c9"), Ok(HostKind::Domain));
        assert_eq!(check_rfc1738(b"3com.com"), Ok(HostKind::Domain));
        assert_eq!(check_rfc1738(b"128.141.1.5"), Ok(HostKind::Ipv4));
        assert_eq!(check_rfc1738(b"0.0.0.0"), Ok(HostKind::Ipv4));
        assert_eq!(check_rfc1738(b"255.255.255.0255"), Ok(HostKind::Ipv4));
        assert_eq!(
            check_rfc1738(b"1.2.3.256"),
            Err((6, ParseErrorKind::HostNumberOutOfRange, "hostnumber"))
        );
        assert_eq!(
            check_rfc1738(b"1.2.3"),
            Err((4, ParseErrorKind::TopLabelDigit, "toplabel"))
        );
        assert_eq!(
            check_rfc1738(b"-a.com"),
            Err((0, ParseErrorKind::LabelHyphen, "domainlabel"))
        );
        assert_eq!(
            check_rfc1738(b"a-.com"),
            Err((1, ParseErrorKind::LabelHyphen, "domainlabel"))
        );
        assert_eq!(
            check_rfc1738(b"a.com."),
            Err((6, ParseErrorKind::EmptyLabel, "toplabel"))
        );
        assert_eq!(
            check_rfc1738(b"a..com"),
            Err((2, ParseErrorKind::EmptyLabel, "domainlabel"))
        );
        assert_eq!(
            check_rfc1738(b"a_b.com"),
            Err((1, ParseErrorKind::InvalidChar { byte: b'_' }, "domainlabel"))
        );
        assert_eq!(
            check_rfc1738(b"a.9com"),
            Err((2, ParseErrorKind::TopLabelDigit, "toplabel"))
        );
        assert_eq!(check_rfc1738(b""), Err((0, ParseErrorKind::EmptyHost, "host")));
    }

    #[test]
    fn rfc1630_hosts() {
        assert_eq!(check_rfc1630(b"info.cern.ch"), Ok(HostKind::Domain));
        assert_eq!(check_rfc1630(b"a_b.c$d"), Ok(HostKind::Domain));
        assert_eq!(check_rfc1630(b"10.0.0.1"), Ok(HostKind::Ipv4));
        assert_eq!(
            check_rfc1630(b"a.1b"),
            Err((2, ParseErrorKind::InvalidChar { byte: b'1' }, "ialpha"))
        );
        assert_eq!(check_rfc1630(b"a."), Err((2, ParseErrorKind::EmptyLabel, "hostname")));
    }
}
