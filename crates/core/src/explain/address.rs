//! What an IP address is for: the classes of the IANA special-purpose
//! address registries (RFC 6890 and the registries it created), as far as a
//! request to the address matters.
//!
//! The IPv4 table follows the "IANA IPv4 Special-Purpose Address Registry";
//! the IPv6 one the "IANA IPv6 Special-Purpose Address Registry". An
//! IPv4-mapped IPv6 address (`::ffff:0:0/96`, RFC 4291 §2.5.5.2) is of the
//! class of the IPv4 address it holds: a socket connected to it reaches that
//! IPv4 address.
//!
//! One kind of name has a class too: `localhost` and the names under it
//! (`x.localhost`) are loopback. RFC 6761 §6.3 reserves them for this host,
//! and says resolvers should answer them with a loopback address without
//! asking DNS; the Fetch Standard counts their origins as potentially
//! trustworthy, as it does 127.0.0.0/8 and `::1`.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// What an address is for, as a request to it matters.
///
/// # Examples
///
/// ```
/// use urikit::explain::AddressClass;
///
/// assert_eq!(AddressClass::of("127.0.0.2".parse().unwrap()), AddressClass::Loopback);
/// assert_eq!(AddressClass::of("169.254.169.254".parse().unwrap()), AddressClass::LinkLocal);
/// assert_eq!(AddressClass::of("::ffff:10.0.0.1".parse().unwrap()), AddressClass::Private);
/// assert_eq!(AddressClass::of("93.184.215.14".parse().unwrap()), AddressClass::Public);
/// assert!(AddressClass::Shared.is_internal());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum AddressClass {
    /// This host: 127.0.0.0/8 (RFC 1122 §3.2.1.3), ::1 (RFC 4291); and the
    /// names `localhost` and `*.localhost` (RFC 6761 §6.3,
    /// [`of_name`](AddressClass::of_name)).
    Loopback,
    /// Private networks: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 (RFC 1918);
    /// unique local fc00::/7 (RFC 4193).
    Private,
    /// One link only: 169.254.0.0/16 (RFC 3927), where cloud providers serve
    /// instance metadata (169.254.169.254); fe80::/10 (RFC 4291).
    LinkLocal,
    /// "This host on this network": 0.0.0.0 (RFC 1122), which most systems
    /// connect to as this host; `::` (RFC 4291).
    Unspecified,
    /// Multicast: 224.0.0.0/4 (RFC 5771), ff00::/8 (RFC 4291).
    Multicast,
    /// Reserved for other uses: the rest of 0.0.0.0/8, 192.0.0.0/24 (RFC
    /// 6890), 192.88.99.0/24 (RFC 7526), 198.18.0.0/15 (RFC 2544),
    /// 240.0.0.0/4 and 255.255.255.255 (RFC 1112, RFC 919); the discard
    /// prefix 100::/64 (RFC 6666) and 2001::/23 (RFC 2928).
    Reserved,
    /// Carrier-grade NAT space shared by an operator's customers:
    /// 100.64.0.0/10 (RFC 6598).
    Shared,
    /// For examples only: 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24
    /// (RFC 5737); 2001:db8::/32 (RFC 3849) and 3fff::/20 (RFC 9637).
    Documentation,
    /// Any other address.
    Public,
}

impl AddressClass {
    /// The class of `ip`.
    pub fn of(ip: IpAddr) -> AddressClass {
        match ip {
            IpAddr::V4(v4) => of_v4(v4),
            IpAddr::V6(v6) => of_v6(v6),
        }
    }

    /// The class a host name has by its name alone: [`Loopback`] for
    /// `localhost` and each name under it (`x.localhost`), in any case and
    /// with or without the root's trailing dot (RFC 6761 §6.3); `None` for
    /// any other name, whose address is the resolver's to give.
    ///
    /// [`Loopback`]: AddressClass::Loopback
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::explain::AddressClass;
    ///
    /// assert_eq!(AddressClass::of_name("localhost"), Some(AddressClass::Loopback));
    /// assert_eq!(AddressClass::of_name("API.LocalHost."), Some(AddressClass::Loopback));
    /// assert_eq!(AddressClass::of_name("localhost.example"), None);
    /// assert_eq!(AddressClass::of_name("notlocalhost"), None);
    /// ```
    pub fn of_name(name: &str) -> Option<AddressClass> {
        const LOCALHOST: &str = "localhost";
        let name = name.strip_suffix('.').unwrap_or(name);
        let n = name.len().checked_sub(LOCALHOST.len())?;
        let last = name.get(n..)?;
        (last.eq_ignore_ascii_case(LOCALHOST) && (n == 0 || name.as_bytes()[n - 1] == b'.'))
            .then_some(AddressClass::Loopback)
    }

    /// The lower-case name the JSON uses (`link-local`, ...).
    pub fn name(self) -> &'static str {
        match self {
            AddressClass::Loopback => "loopback",
            AddressClass::Private => "private",
            AddressClass::LinkLocal => "link-local",
            AddressClass::Unspecified => "unspecified",
            AddressClass::Multicast => "multicast",
            AddressClass::Reserved => "reserved",
            AddressClass::Shared => "shared",
            AddressClass::Documentation => "documentation",
            AddressClass::Public => "public",
        }
    }

    /// Whether the address reaches this host or a network that the Internet
    /// does not: loopback, private, link-local, unspecified or shared.
    pub fn is_internal(self) -> bool {
        matches!(
            self,
            AddressClass::Loopback
                | AddressClass::Private
                | AddressClass::LinkLocal
                | AddressClass::Unspecified
                | AddressClass::Shared
        )
    }
}

impl fmt::Display for AddressClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `ip` is in `prefix`/`len`.
fn in_v4(ip: Ipv4Addr, prefix: [u8; 4], len: u32) -> bool {
    let mask = u32::MAX.checked_shl(32 - len).unwrap_or(0);
    u32::from(ip) & mask == u32::from(Ipv4Addr::from(prefix)) & mask
}

fn of_v4(ip: Ipv4Addr) -> AddressClass {
    use AddressClass::*;
    const TABLE: [([u8; 4], u32, AddressClass); 17] = [
        ([0, 0, 0, 0], 32, Unspecified),
        ([0, 0, 0, 0], 8, Reserved),
        ([10, 0, 0, 0], 8, Private),
        ([100, 64, 0, 0], 10, Shared),
        ([127, 0, 0, 0], 8, Loopback),
        ([169, 254, 0, 0], 16, LinkLocal),
        ([172, 16, 0, 0], 12, Private),
        ([192, 0, 0, 0], 24, Reserved),
        ([192, 0, 2, 0], 24, Documentation),
        ([192, 88, 99, 0], 24, Reserved),
        ([192, 168, 0, 0], 16, Private),
        ([198, 18, 0, 0], 15, Reserved),
        ([198, 51, 100, 0], 24, Documentation),
        ([203, 0, 113, 0], 24, Documentation),
        ([224, 0, 0, 0], 4, Multicast),
        ([255, 255, 255, 255], 32, Reserved),
        ([240, 0, 0, 0], 4, Reserved),
    ];
    TABLE
        .iter()
        .find(|&&(prefix, len, _)| in_v4(ip, prefix, len))
        .map_or(Public, |&(_, _, class)| class)
}

fn of_v6(ip: Ipv6Addr) -> AddressClass {
    use AddressClass::*;
    if let Some(v4) = ip.to_ipv4_mapped() {
        return of_v4(v4);
    }
    let s = ip.segments();
    let bits = u128::from(ip);
    let in_prefix = |prefix: u128, len: u32| bits & u128::MAX.checked_shl(128 - len).unwrap_or(0) == prefix;
    match () {
        _ if ip.is_unspecified() => Unspecified,
        _ if ip.is_loopback() => Loopback,
        _ if s[0] & 0xff00 == 0xff00 => Multicast,
        _ if s[0] & 0xffc0 == 0xfe80 => LinkLocal,
        _ if s[0] & 0xfe00 == 0xfc00 => Private,
        _ if in_prefix(0x2001_0db8 << 96, 32) || in_prefix(0x3fff << 112, 20) => Documentation,
        _ if in_prefix(0x0100 << 112, 64) || in_prefix(0x2001 << 112, 23) => Reserved,
        _ => Public,
    }
}

/// The address a cloud provider's instance metadata service answers on.
pub(crate) const METADATA: Ipv4Addr = Ipv4Addr::new(169, 254, 169, 254);

#[cfg(test)]
mod tests {
    use super::AddressClass::{self, *};

    fn class(s: &str) -> AddressClass {
        AddressClass::of(s.parse().unwrap())
    }

    #[test]
    fn edges_of_each_range() {
        let cases = [
            ("0.0.0.0", Unspecified),
            ("0.0.0.1", Reserved),
            ("1.0.0.0", Public),
            ("9.255.255.255", Public),
            ("10.0.0.0", Private),
            ("10.255.255.255", Private),
            ("11.0.0.0", Public),
            ("100.63.255.255", Public),
            ("100.64.0.0", Shared),
            ("100.127.255.255", Shared),
            ("100.128.0.0", Public),
            ("127.255.255.255", Loopback),
            ("169.254.169.254", LinkLocal),
            ("169.255.0.0", Public),
            ("172.15.255.255", Public),
            ("172.16.0.0", Private),
            ("172.31.255.255", Private),
            ("172.32.0.0", Public),
            ("192.0.0.8", Reserved),
            ("192.0.2.1", Documentation),
            ("192.167.255.255", Public),
            ("192.168.1.1", Private),
            ("198.18.0.1", Reserved),
            ("198.19.255.255", Reserved),
            ("198.20.0.0", Public),
            ("203.0.113.9", Documentation),
            ("223.255.255.255", Public),
            ("224.0.0.1", Multicast),
            ("239.255.255.255", Multicast),
            ("240.0.0.1", Reserved),
            ("255.255.255.255", Reserved),
            ("::", Unspecified),
            ("::1", Loopback),
            ("::2", Public),
            ("::ffff:127.0.0.1", Loopback),
            ("::ffff:8.8.8.8", Public),
            ("fe80::1", LinkLocal),
            ("febf::1", LinkLocal),
            ("fec0::1", Public),
            ("fc00::1", Private),
            ("fdff::1", Private),
            ("ff02::1", Multicast),
            ("2001:db8::1", Documentation),
            ("2001:db9::1", Public),
            ("3fff:fff::1", Documentation),
            ("3fff:1000::1", Public),
            ("100::1", Reserved),
            ("100:0:0:1::1", Public),
            ("2001:1ff::1", Reserved),
            ("2001:200::1", Public),
            ("2606:4700::1111", Public),
        ];
        for (ip, want) in cases {
            assert_eq!(class(ip), want, "{ip}");
        }
    }

    #[test]
    fn localhost_names_are_loopback() {
        for name in [
            "localhost",
            "LOCALHOST",
            "localhost.",
            "x.localhost",
            "a.b.LocalHost.",
            ".localhost",
        ] {
            assert_eq!(AddressClass::of_name(name), Some(Loopback), "{name}");
        }
        for name in [
            "",
            ".",
            "localhost..",
            "xlocalhost",
            "localhost.com",
            "localhos",
            "local-host",
            "é.localhosté",
            "ｌocalhost",
        ] {
            assert_eq!(AddressClass::of_name(name), None, "{name}");
        }
    }
}
