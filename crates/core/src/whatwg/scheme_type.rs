//! URL Standard §4.2 "special scheme": what the parser needs to know of a
//! URL's scheme, from the one default-port table ([`WHATWG_DEFAULT_PORTS`]).

use super::is_tab_or_newline;
use crate::ports::WHATWG_DEFAULT_PORTS;

/// What the standard calls the URL's scheme, as far as the parser needs to
/// know it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SchemeType {
    /// `file`.
    File,
    /// A special scheme other than `file`, with its default port.
    Special(u16),
    /// Any other scheme.
    NotSpecial,
}

/// The longest special scheme, in octets: no longer scheme is special.
pub(crate) const MAX_SPECIAL_LEN: usize = {
    let mut max = "file".len();
    let mut i = 0;
    while i < WHATWG_DEFAULT_PORTS.len() {
        if WHATWG_DEFAULT_PORTS[i].0.len() > max {
            max = WHATWG_DEFAULT_PORTS[i].0.len();
        }
        i += 1;
    }
    max
};

// URL Standard §4.2: the special schemes with a default port, one constant
// each, taken from the default-port table ([`WHATWG_DEFAULT_PORTS`]: five,
// or the build fails), for [`SchemeType::of`] to match.
const S0: &str = WHATWG_DEFAULT_PORTS[0].0;
const S1: &str = WHATWG_DEFAULT_PORTS[1].0;
const S2: &str = WHATWG_DEFAULT_PORTS[2].0;
const S3: &str = WHATWG_DEFAULT_PORTS[3].0;
const S4: &str = WHATWG_DEFAULT_PORTS[4].0;

impl SchemeType {
    /// URL Standard §4.2 "special scheme", and its default port: the
    /// schemes the default-port table marks special
    /// ([`ports`](crate::ports)), and `file`, which has no default port.
    pub(crate) fn of(scheme: &str) -> SchemeType {
        let port = |i: usize| SchemeType::Special(WHATWG_DEFAULT_PORTS[i].1);
        // Compared one by one, most URLs' schemes first (http, https).
        match scheme {
            S1 => port(1),
            S2 => port(2),
            S3 => port(3),
            S4 => port(4),
            S0 => port(0),
            "file" => SchemeType::File,
            _ => SchemeType::NotSpecial,
        }
    }

    /// [`SchemeType::of`] a scheme as the input writes it: tabs and
    /// newlines inside are no part of it, its letters may be upper case.
    #[inline]
    pub(crate) fn of_raw(raw: &[u8]) -> SchemeType {
        // A scheme longer than the longest special one is not special.
        let mut buf = [0u8; MAX_SPECIAL_LEN];
        let mut n = 0;
        for c in raw.iter().filter(|&&c| !is_tab_or_newline(c)) {
            if n == buf.len() {
                return SchemeType::NotSpecial;
            }
            buf[n] = c.to_ascii_lowercase();
            n += 1;
        }
        // Written out: one decision tree, fewer instructions than
        // `SchemeType::of` over a `str`; a test holds them equal.
        match &buf[..n] {
            b"http" | b"ws" => SchemeType::Special(80),
            b"https" | b"wss" => SchemeType::Special(443),
            b"ftp" => SchemeType::Special(21),
            b"file" => SchemeType::File,
            _ => SchemeType::NotSpecial,
        }
    }

    pub(crate) fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Special(port) => Some(port),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Spec;

    /// URL Standard §4.2, the table of special schemes and their default
    /// ports, as the standard writes it; the rest is not special.
    #[test]
    fn special_schemes_are_the_standards() {
        let standard = [
            ("ftp", SchemeType::Special(21)),
            ("file", SchemeType::File),
            ("http", SchemeType::Special(80)),
            ("https", SchemeType::Special(443)),
            ("ws", SchemeType::Special(80)),
            ("wss", SchemeType::Special(443)),
        ];
        for (scheme, kind) in standard {
            assert_eq!(SchemeType::of(scheme), kind, "{scheme}");
            assert_eq!(kind.default_port(), crate::ports::default_port(scheme, Spec::Whatwg));
        }
        assert_eq!(MAX_SPECIAL_LEN, 5);
        for scheme in [
            "",
            "HTTP",
            "ftps",
            "gopher",
            "httpss",
            "blob",
            "data",
            "javascript",
            "w",
            "fil",
        ] {
            assert_eq!(SchemeType::of(scheme), SchemeType::NotSpecial, "{scheme}");
        }
    }

    /// The special schemes written out in `SchemeType::of_raw` are those of the
    /// default-port table, by which `SchemeType::of` answers: each of them
    /// in any case and with tabs, and some that are not special.
    #[test]
    fn scheme_types_are_those_of_the_table() {
        let table = crate::ports::WHATWG_DEFAULT_PORTS.iter().map(|(name, _)| *name);
        let names: Vec<String> = table.chain(["file"]).map(str::to_owned).collect();
        assert_eq!(names.iter().map(String::len).max(), Some(MAX_SPECIAL_LEN));
        let mut others: Vec<String> = names.iter().map(|n| format!("{n}s")).collect();
        others.extend(names.iter().map(|n| n[1..].to_owned()));
        others.extend(["", "h", "htt", "httpss", "ftps", "mailto", "data", "blob", "javascript"].map(str::to_owned));
        // (https and wss are http and ws with an s.)
        others.retain(|o| !names.contains(o));
        for name in names.iter().chain(&others) {
            let want = SchemeType::of(name);
            assert_eq!(SchemeType::of_raw(name.as_bytes()), want, "{name}");
            assert_eq!(SchemeType::of_raw(name.to_ascii_uppercase().as_bytes()), want, "{name}");
            let tabbed: String = name.chars().flat_map(|c| [c, '\t']).collect();
            assert_eq!(SchemeType::of_raw(tabbed.as_bytes()), want, "{tabbed:?}");
        }
        assert!(names.iter().all(|n| SchemeType::of(n).is_special()));
        assert!(others.iter().all(|n| !SchemeType::of(n).is_special()), "{others:?}");
    }

    #[test]
    fn scheme_types() {
        for (raw, want) in [
            (&b"HT\tTP"[..], SchemeType::Special(80)),
            (b"wss", SchemeType::Special(443)),
            (b"File", SchemeType::File),
            (b"ftps", SchemeType::NotSpecial),
            (b"httpss", SchemeType::NotSpecial),
        ] {
            assert_eq!(SchemeType::of_raw(raw), want);
        }
    }
}
