//! Default ports: one table, read per spec.
//!
//! This module sits with the model (it names nothing but [`Spec`]); the
//! scheme views, [`UrlRef::port_or_default`](crate::UrlRef::port_or_default),
//! the canonical forms of every spec and the lint all read it, so they agree.
//!
//! * **RFC 1738 and the RFC 1630 draft** know the ports RFC 1738 §3 gives
//!   (ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais 210, prospero
//!   1525) and those of the draft's interactive-session schemes: rlogin 513
//!   (RFC 1282) and tn3270 23 (it runs over telnet, RFC 1576). A scheme they
//!   do not define, such as `https`, has no default port there.
//! * **RFC 1808 and RFC 3986** leave each scheme's syntax, port included,
//!   to the scheme's own specification (RFC 1808 §2.1, RFC 3986 §3.1 and
//!   §3.2.3: "the default port ... as defined by the scheme"), so they add
//!   the ports of the schemes defined since: https 443 (RFC 9110 §4.2.2),
//!   ws 80 and wss 443 (RFC 6455 §3).
//! * **The WHATWG URL Standard** knows the default ports of its special
//!   schemes only (§4.2: ftp 21, http 80, https 443, ws 80, wss 443), which
//!   its parser drops from a URL.

use crate::Spec;

/// One default port: the scheme, its port, where the port is defined, whether
/// the 1994 specs know it, and whether it is one of the URL Standard's
/// special schemes (§4.2), whose default ports it knows.
struct Entry {
    scheme: &'static str,
    port: u16,
    source: &'static str,
    in_1994: bool,
    special: bool,
}

const fn entry(scheme: &'static str, port: u16, source: &'static str, in_1994: bool, special: bool) -> Entry {
    Entry {
        scheme,
        port,
        source,
        in_1994,
        special,
    }
}

/// Where the URL Standard gives the default ports of its special schemes.
const WHATWG_SOURCE: &str = "URL Standard §4.2";

const TABLE: [Entry; 12] = [
    entry("ftp", 21, "RFC 1738 §3.2", true, true),
    entry("http", 80, "RFC 1738 §3.3", true, true),
    entry("gopher", 70, "RFC 1738 §3.4", true, false),
    entry("nntp", 119, "RFC 1738 §3.7", true, false),
    entry("telnet", 23, "RFC 1738 §3.8", true, false),
    entry("wais", 210, "RFC 1738 §3.9", true, false),
    entry("prospero", 1525, "RFC 1738 §3.11", true, false),
    entry("rlogin", 513, "RFC 1282", true, false),
    entry("tn3270", 23, "RFC 1576", true, false),
    entry("https", 443, "RFC 9110 §4.2.2", false, true),
    entry("ws", 80, "RFC 6455 §3", false, true),
    entry("wss", 443, "RFC 6455 §3", false, true),
];

/// The longest scheme in [`TABLE`] (`prospero`).
const MAX_SCHEME: usize = 8;

/// A scheme of at most [`MAX_SCHEME`] octets as one number: its octets,
/// lowered, from the lowest; zeros after them.
const fn key(b: &[u8]) -> u64 {
    let mut k = 0u64;
    let mut i = 0;
    while i < b.len() {
        k |= (b[i].to_ascii_lowercase() as u64) << (8 * i);
        i += 1;
    }
    k
}

const FTP: u64 = key(b"ftp");
const HTTP: u64 = key(b"http");
const GOPHER: u64 = key(b"gopher");
const NNTP: u64 = key(b"nntp");
const TELNET: u64 = key(b"telnet");
const WAIS: u64 = key(b"wais");
const PROSPERO: u64 = key(b"prospero");
const RLOGIN: u64 = key(b"rlogin");
const TN3270: u64 = key(b"tn3270");
const HTTPS: u64 = key(b"https");
const WS: u64 = key(b"ws");
const WSS: u64 = key(b"wss");

/// The index in [`TABLE`] of `scheme`, compared without regard to case: one
/// `match` on the lowered name as a number, not a scan of the table (every
/// URL's default port is looked up).
fn index(scheme: &str) -> Option<usize> {
    // Most URLs' schemes, written as the serializations write them.
    match scheme {
        "https" => return Some(9),
        "http" => return Some(1),
        _ => {}
    }
    let b = scheme.as_bytes();
    if b.len() > MAX_SCHEME {
        return None;
    }
    let i = match key(b) {
        FTP => 0,
        HTTP => 1,
        GOPHER => 2,
        NNTP => 3,
        TELNET => 4,
        WAIS => 5,
        PROSPERO => 6,
        RLOGIN => 7,
        TN3270 => 8,
        HTTPS => 9,
        WS => 10,
        WSS => 11,
        _ => return None,
    };
    // A NUL after the name gives the same number: the lengths must agree.
    (TABLE[i].scheme.len() == b.len()).then_some(i)
}

fn find(scheme: &str, spec: Spec) -> Option<&'static Entry> {
    let e = &TABLE[index(scheme)?];
    let known = match spec {
        Spec::Rfc1738 | Spec::Rfc1630 => e.in_1994,
        Spec::Rfc1808 | Spec::Rfc3986 => true,
        Spec::Whatwg => e.special,
    };
    known.then_some(e)
}

/// The port `scheme`'s protocol listens on when a URL gives none, as `spec`
/// knows it (see the [module docs](self)); the name is compared without
/// regard to case.
///
/// # Examples
///
/// ```
/// use urikit::ports::default_port;
/// use urikit::Spec;
///
/// assert_eq!(default_port("HTTP", Spec::Rfc1738), Some(80));
/// assert_eq!(default_port("https", Spec::Rfc1738), None);
/// assert_eq!(default_port("https", Spec::Rfc3986), Some(443));
/// assert_eq!(default_port("mailto", Spec::Rfc3986), None);
/// ```
pub fn default_port(scheme: &str, spec: Spec) -> Option<u16> {
    find(scheme, spec).map(|e| e.port)
}

/// Where `scheme`'s default port under `spec` is defined (`"RFC 1738
/// §3.3"`), when it has one.
///
/// # Examples
///
/// ```
/// use urikit::ports::source;
/// use urikit::Spec;
///
/// assert_eq!(source("https", Spec::Rfc3986), Some("RFC 9110 §4.2.2"));
/// assert_eq!(source("https", Spec::Rfc1630), None);
/// ```
pub fn source(scheme: &str, spec: Spec) -> Option<&'static str> {
    find(scheme, spec).map(|e| match spec {
        Spec::Whatwg => WHATWG_SOURCE,
        Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986 => e.source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_are_lower_case_and_unique() {
        for (i, e) in TABLE.iter().enumerate() {
            assert_eq!(e.scheme, e.scheme.to_ascii_lowercase());
            assert!(TABLE[..i].iter().all(|f| f.scheme != e.scheme), "{}", e.scheme);
            assert!(e.scheme.len() <= MAX_SCHEME, "{}", e.scheme);
        }
    }

    /// `index` finds each scheme of the table in any case, and nothing
    /// else: the same answers as a scan of the table.
    #[test]
    fn index_is_a_scan_of_the_table() {
        let scan = |s: &str| TABLE.iter().position(|e| e.scheme.eq_ignore_ascii_case(s));
        let mut names: Vec<String> = TABLE.iter().map(|e| e.scheme.to_owned()).collect();
        names.extend(TABLE.iter().map(|e| e.scheme.to_ascii_uppercase()));
        names.extend(TABLE.iter().map(|e| format!("{}s", e.scheme)));
        names.extend(TABLE.iter().map(|e| e.scheme[1..].to_owned()));
        names.extend(["", "HtTpS", "file", "mailto", "prosperos", "http\0", "ftp\u{17f}"].map(str::to_owned));
        for name in &names {
            assert_eq!(index(name), scan(name), "{name:?}");
        }
    }

    /// The URL Standard's special schemes and their default ports (§4.2);
    /// `file` is special and has none.
    #[test]
    fn whatwg_knows_the_special_schemes_only() {
        let known: Vec<(&str, u16)> = TABLE
            .iter()
            .filter_map(|e| Some((e.scheme, default_port(e.scheme, Spec::Whatwg)?)))
            .collect();
        assert_eq!(
            known,
            [("ftp", 21), ("http", 80), ("https", 443), ("ws", 80), ("wss", 443)]
        );
        assert_eq!(default_port("file", Spec::Whatwg), None);
        assert_eq!(source("wss", Spec::Whatwg), Some(WHATWG_SOURCE));
        assert_eq!(source("gopher", Spec::Rfc1738), Some("RFC 1738 §3.4"));
    }
}
