//! [`HostKind`]: what kind of host a URL names. Each grammar checks its own
//! hosts: the 1994 grammars' domain names and host numbers in `rfc1738`,
//! RFC 3986's IP literals and registered names in
//! [`rfc3986`](crate::rfc3986), the WHATWG URL Standard's in
//! [`whatwg`](crate::whatwg). The address numbers more than one grammar reads
//! or writes are here, below them: [`ipv4`] and [`ipv6`].

pub(crate) mod ipv4;
pub(crate) mod ipv6;

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
///
/// use urikit::Spec;
/// let kind = |s| UrlRef::parse_with(s, Spec::Rfc3986).unwrap().host_kind();
/// assert_eq!(kind("ldap://[2001:db8::7]/c=GB"), Some(HostKind::Ipv6));
/// assert_eq!(kind("x://[v7.a:b]/"), Some(HostKind::IpvFuture));
/// assert_eq!(kind("http://www.example.com/"), Some(HostKind::RegName));
/// assert_eq!(kind("telnet://192.0.2.16:80/"), Some(HostKind::Ipv4));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostKind {
    /// A fully qualified domain name (RFC 1738 `hostname`, RFC 1630
    /// `hostname`; a WHATWG domain, after UTS #46 ToASCII).
    Domain,
    /// Four decimal numbers, each 0-255 (RFC 1738 `hostnumber`, RFC 3986
    /// `IPv4address`; a WHATWG IPv4 address, serialized in that form).
    Ipv4,
    /// An empty host: under the 1994 grammars only `file` URLs allow one
    /// ("this machine"); under RFC 3986 it is an empty `reg-name`; under
    /// WHATWG the empty host of a `file` URL or of a URL whose scheme is not
    /// special.
    Empty,
    /// An IPv6 address in brackets (RFC 3986 `IP-literal` holding an
    /// `IPv6address`); [`host`](crate::Components::host) keeps the brackets.
    Ipv6,
    /// A future IP literal in brackets (RFC 3986 `IPvFuture`, `[v7.xyz]`).
    IpvFuture,
    /// A registered name (RFC 3986 `reg-name`): any name the local registry
    /// resolves, which DNS names are one kind of; not empty.
    RegName,
    /// An opaque host (WHATWG URL Standard): the host of a URL whose scheme
    /// is not special, kept as written but for `%`-encoding; not empty.
    Opaque,
}
