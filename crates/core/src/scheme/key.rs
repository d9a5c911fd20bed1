//! Which view a scheme name selects: the name, lowered, as one number
//! ([`name_key`]).

use crate::ascii::{key, name_key};

/// The views a scheme name selects, its name compared without regard to
/// case: recognised from one 8-octet key, without allocating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SchemeKey {
    Http,
    Ftp,
    Gopher,
    Mailto,
    News,
    Nntp,
    Telnet,
    Wais,
    File,
    Prospero,
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
        const HTTP: u64 = key(b"http");
        const FTP: u64 = key(b"ftp");
        const GOPHER: u64 = key(b"gopher");
        const MAILTO: u64 = key(b"mailto");
        const NEWS: u64 = key(b"news");
        const NNTP: u64 = key(b"nntp");
        const TELNET: u64 = key(b"telnet");
        const RLOGIN: u64 = key(b"rlogin");
        const TN3270: u64 = key(b"tn3270");
        const WAIS: u64 = key(b"wais");
        const FILE: u64 = key(b"file");
        const PROSPERO: u64 = key(b"prospero");
        const MID: u64 = key(b"mid");
        const CID: u64 = key(b"cid");
        const AFS: u64 = key(b"afs");
        const URN: u64 = key(b"urn");
        match k {
            HTTP => SchemeKey::Http,
            FTP => SchemeKey::Ftp,
            GOPHER => SchemeKey::Gopher,
            MAILTO => SchemeKey::Mailto,
            NEWS => SchemeKey::News,
            NNTP => SchemeKey::Nntp,
            TELNET | RLOGIN | TN3270 => SchemeKey::Telnet,
            WAIS => SchemeKey::Wais,
            FILE => SchemeKey::File,
            PROSPERO => SchemeKey::Prospero,
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
    use super::SchemeKey;

    #[test]
    fn names_select_their_views_in_any_case() {
        for (name, key) in [
            ("http", SchemeKey::Http),
            ("HTTP", SchemeKey::Http),
            ("tn3270", SchemeKey::Telnet),
            ("TN3270", SchemeKey::Telnet),
            ("Prospero", SchemeKey::Prospero),
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
