//! The verdicts' codes: their names, what each means, and the spec section
//! it is about.

use std::fmt;

/// A verdict's code. The order is the order of seriousness, most serious
/// first, in which [`explain`](super::explain) lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// `host-differs`
    HostDiffers,
    /// `scheme-relative`
    SchemeRelative,
    /// `ip-internal`
    IpInternal,
    /// `fragment-or-query-in-authority`
    FragmentOrQueryInAuthority,
    /// `userinfo`
    Userinfo,
    /// `backslash`
    Backslash,
    /// `ip-noncanonical`
    IpNoncanonical,
    /// `host-decoded`
    HostDecoded,
    /// `idna-mapped`
    IdnaMapped,
    /// `chars-removed`
    CharsRemoved,
    /// `path-dots`
    PathDots,
    /// `port-unusual`
    PortUnusual,
    /// `rejected-by-some`
    RejectedBySome,
}

impl Code {
    /// Every code, most serious first.
    pub const ALL: [Code; 13] = [
        Code::HostDiffers,
        Code::SchemeRelative,
        Code::IpInternal,
        Code::FragmentOrQueryInAuthority,
        Code::Userinfo,
        Code::Backslash,
        Code::IpNoncanonical,
        Code::HostDecoded,
        Code::IdnaMapped,
        Code::CharsRemoved,
        Code::PathDots,
        Code::PortUnusual,
        Code::RejectedBySome,
    ];

    /// The code as the CLI and the JSON write it (`host-differs`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Code::HostDiffers => "host-differs",
            Code::SchemeRelative => "scheme-relative",
            Code::IpInternal => "ip-internal",
            Code::FragmentOrQueryInAuthority => "fragment-or-query-in-authority",
            Code::Userinfo => "userinfo",
            Code::Backslash => "backslash",
            Code::IpNoncanonical => "ip-noncanonical",
            Code::HostDecoded => "host-decoded",
            Code::IdnaMapped => "idna-mapped",
            Code::CharsRemoved => "chars-removed",
            Code::PathDots => "path-dots",
            Code::PortUnusual => "port-unusual",
            Code::RejectedBySome => "rejected-by-some",
        }
    }

    /// The code named `name`.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.name() == name)
    }

    /// What the verdict means, in one sentence.
    pub const fn meaning(self) -> &'static str {
        match self {
            Code::HostDiffers => {
                "specs that accept the URL reach different hosts, or one reads a host where another reads none"
            }
            Code::SchemeRelative => {
                "with a base: the reference, though not written as an absolute URL with '//', changes the host \
                 (//evil, /\\evil, \\\\evil, http:evil)"
            }
            Code::IpInternal => {
                "the host is an address that reaches this machine or a private network: loopback, private, \
                 link-local (169.254.169.254: cloud instance metadata), unspecified or shared; or a localhost \
                 name (localhost, x.localhost: loopback, RFC 6761)"
            }
            Code::FragmentOrQueryInAuthority => {
                "a '#' or '?' comes before an '@' after '//': the parsers end the host at the '#' or '?', a \
                 split at the last '@' finds another host"
            }
            Code::Userinfo => {
                "credentials, or an '@', before the host: the hosts a naive split at the first or the last '@' \
                 finds are named"
            }
            Code::Backslash => {
                "WHATWG reads a '\\' as '/' (special schemes: in the path, and for the slashes after the scheme, \
                 http:\\\\h); the RFCs refuse it or keep it"
            }
            Code::IpNoncanonical => {
                "an IPv4 address written in hex, octal, short or overflowing form, or an IPv4-mapped IPv6 \
                 address: the canonical address is given"
            }
            Code::HostDecoded => {
                "the host holds %XX escapes that WHATWG decodes before it reads the host (special schemes; the \
                 opaque host of another scheme keeps them)"
            }
            Code::IdnaMapped => {
                "UTS #46 maps or drops code points of the host (fullwidth or ideographic dots, '\u{2105}', \
                 circled digits, soft hyphens): before and after are shown"
            }
            Code::CharsRemoved => {
                "WHATWG removes tabs, CRs and LFs anywhere, and C0 controls and spaces at both ends, before it \
                 parses"
            }
            Code::PathDots => {
                "'..' segments (or %2e%2e, .%2e) that one spec removes and another keeps: a server that \
                 removes them later reaches another path"
            }
            Code::PortUnusual => {
                "a port that is not the scheme's default, is on WHATWG Fetch's bad-port list, or does not fit \
                 16 bits"
            }
            Code::RejectedBySome => "some specs accept the URL and others refuse it",
        }
    }

    /// The spec section that says what the verdict is about: a title and an
    /// address.
    pub const fn reference(self) -> (&'static str, &'static str) {
        match self {
            Code::HostDiffers | Code::RejectedBySome => (
                "URL Standard, Goals (RFC 3986 obsoleted)",
                "https://url.spec.whatwg.org/#goals",
            ),
            Code::SchemeRelative => (
                "RFC 3986 §4.2, Relative Reference",
                "https://www.rfc-editor.org/rfc/rfc3986#section-4.2",
            ),
            Code::IpInternal => (
                "IANA IPv4 Special-Purpose Address Registry (RFC 6890)",
                "https://www.rfc-editor.org/rfc/rfc6890",
            ),
            Code::FragmentOrQueryInAuthority | Code::Userinfo => (
                "RFC 3986 §3.2.1, User Information",
                "https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1",
            ),
            Code::Backslash => (
                "URL Standard, invalid-reverse-solidus",
                "https://url.spec.whatwg.org/#invalid-reverse-solidus",
            ),
            Code::IpNoncanonical => (
                "URL Standard, IPv4 parser",
                "https://url.spec.whatwg.org/#concept-ipv4-parser",
            ),
            Code::HostDecoded => (
                "URL Standard, host parsing",
                "https://url.spec.whatwg.org/#concept-host-parser",
            ),
            Code::IdnaMapped => (
                "URL Standard, domain to ASCII (UTS #46)",
                "https://url.spec.whatwg.org/#concept-domain-to-ascii",
            ),
            Code::CharsRemoved => (
                "URL Standard, basic URL parser",
                "https://url.spec.whatwg.org/#concept-basic-url-parser",
            ),
            Code::PathDots => (
                "RFC 3986 §5.2.4, Remove Dot Segments",
                "https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4",
            ),
            Code::PortUnusual => ("Fetch Standard, bad port", "https://fetch.spec.whatwg.org/#bad-port"),
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
