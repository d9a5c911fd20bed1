//! Which view a scheme name selects: the name, lowered, as one number.

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
        /// The key of a lowercase name of at most 8 octets: its octets, then zeros.
        const fn key(name: &[u8]) -> u64 {
            let mut k = [0u8; 8];
            let mut i = 0;
            while i < name.len() {
                k[i] = name[i];
                i += 1;
            }
            u64::from_le_bytes(k)
        }
        let b = scheme.as_bytes();
        let experimental = b.len() >= 2 && b[0].eq_ignore_ascii_case(&b'x') && b[1] == b'-';
        if b.len() > 8 {
            return if experimental {
                SchemeKey::Experimental
            } else {
                SchemeKey::Generic
            };
        }
        let k = lowered(octets(b));
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

/// The octets of `b`, at most 8, from the lowest, then zeros: read as two
/// words that may overlap, not copied into a buffer of eight (every URL's
/// view starts here).
fn octets(b: &[u8]) -> u64 {
    let n = b.len();
    debug_assert!(n <= 8);
    if n >= 4 {
        let first = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let last = u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]);
        u64::from(first) | u64::from(last) << (8 * (n - 4))
    } else if n > 0 {
        // The first, middle and last octets: all three of 3, two of 2.
        u64::from(b[0]) | u64::from(b[n / 2]) << (8 * (n / 2)) | u64::from(b[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

/// `k` with each octet `A` to `Z` lowered, all eight at once; the others,
/// those over 0x7F too, as they are.
const fn lowered(k: u64) -> u64 {
    const EACH: u64 = u64::from_le_bytes([1; 8]);
    // Each octet's low seven bits, plus a number that carries into its
    // high bit from `A` on, or from past `Z` on: never into the next octet.
    let low = k & (0x7F * EACH);
    let from_a = low + (0x80 - b'A' as u64) * EACH;
    let past_z = low + (0x80 - b'Z' as u64 - 1) * EACH;
    let upper = from_a & !past_z & !k & (0x80 * EACH);
    k | upper >> 2
}

#[cfg(test)]
mod tests {
    use super::{lowered, octets, SchemeKey};
    use proptest::prelude::*;

    /// A name's key as a plain reading: its octets copied into eight zeroed
    /// ones and lowered one by one.
    fn naive(b: &[u8]) -> u64 {
        let mut k = [0u8; 8];
        k[..b.len()].copy_from_slice(b);
        k.make_ascii_lowercase();
        u64::from_le_bytes(k)
    }

    /// Each of the 256 octets in each place of names of each length.
    #[test]
    fn every_octet_is_lowered_in_every_place() {
        for n in 1..=8 {
            for i in 0..n {
                for c in 0..=255u8 {
                    let mut b = b"HtTp-X.9"[..n].to_vec();
                    b[i] = c;
                    assert_eq!(lowered(octets(&b)), naive(&b), "{b:?}");
                }
            }
        }
    }

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

    proptest! {
        /// Any name of up to eight octets: capitals, the octets beside `A`
        /// and `Z`, and octets over 0x7F mixed.
        #[test]
        fn keys_are_the_lowered_octets(b in proptest::collection::vec(
            prop_oneof![any::<u8>(), proptest::sample::select(b"AZaz@[`{\x7f\x80\xc1\xda".to_vec())],
            0..=8,
        )) {
            prop_assert_eq!(lowered(octets(&b)), naive(&b));
        }
    }
}
