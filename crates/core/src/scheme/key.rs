//! Which view a scheme name selects: the name, lowered, as one number
//! ([`name_key`]).

use crate::ascii::{key, name_key};
use crate::rfc1738::Known;

/// The views a scheme name selects, its name compared without regard to
/// case: recognised from one 8-octet key, without allocating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SchemeKey {
    /// A scheme RFC 1738 defines, by the grammar's own list; `rlogin` and
    /// `tn3270` select the telnet view.
    Rfc1738(Known),
    MessageId,
    Afs,
    Urn,
    Experimental,
    Generic,
}

impl SchemeKey {
    pub(super) fn of(scheme: &str) -> SchemeKey {
        let b = scheme.as_bytes();
        let experimental = b.len() >= 2 && b[0].eq_ignore_ascii_case(&b'x') && b[1] == b'-';
        let Some(k) = name_key(b) else {
            return if experimental {
                SchemeKey::Experimental
            } else {
                SchemeKey::Generic
            };
        };
        if let Some(known) = Known::of_key(k) {
            return SchemeKey::Rfc1738(known);
        }
        const RLOGIN: u64 = key(b"rlogin");
        const TN3270: u64 = key(b"tn3270");
        const MID: u64 = key(b"mid");
        const CID: u64 = key(b"cid");
        const AFS: u64 = key(b"afs");
        const URN: u64 = key(b"urn");
        match k {
            RLOGIN | TN3270 => SchemeKey::Rfc1738(Known::Telnet),
            MID | CID => SchemeKey::MessageId,
            AFS => SchemeKey::Afs,
            URN => SchemeKey::Urn,
            _ if experimental => SchemeKey::Experimental,
            _ => SchemeKey::Generic,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Known, SchemeKey};

    #[test]
    fn names_select_their_views_in_any_case() {
        for (name, key) in [
            ("http", SchemeKey::Rfc1738(Known::Http)),
            ("HTTP", SchemeKey::Rfc1738(Known::Http)),
            ("tn3270", SchemeKey::Rfc1738(Known::Telnet)),
            ("TN3270", SchemeKey::Rfc1738(Known::Telnet)),
            ("Prospero", SchemeKey::Rfc1738(Known::Prospero)),
            ("cid", SchemeKey::MessageId),
            ("x-", SchemeKey::Experimental),
            ("X-prospero", SchemeKey::Experimental),
            ("https", SchemeKey::Generic),
            ("htt", SchemeKey::Generic),
            ("filed", SchemeKey::Generic),
            ("prosperos", SchemeKey::Generic),
            ("a", SchemeKey::Generic),
            ("", SchemeKey::Generic),
        ] {
            assert_eq!(SchemeKey::of(name), key, "{name}");
        }
    }
}
