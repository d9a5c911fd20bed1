//! Default ports: one table, read per spec.
//!
//! This module sits with the model (it names nothing but [`Spec`]); the
//! scheme views, [`UrlRef::port_or_default`](crate::Components::port_or_default),
//! the canonical forms of every spec and the lint all read it, so they agree.
//!
//! * **RFC 1738 and the RFC 1630 draft** know the ports RFC 1738 §3 gives
//!   (ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais 210, prospero
//!   1525) and those of the draft's interactive-session schemes: rlogin 513
//!   (RFC 1282) and tn3270 23 (it runs over telnet, RFC 1576). A scheme they
//!   do not define, such as `https`, has no default port there: its normal
//!   form keeps `:443`. Its registered port is still known ([`known`]), so
//!   that the lint never calls it unusual and a client connects to it.
//! * **RFC 1808 and RFC 3986** leave each scheme's syntax, port included,
//!   to the scheme's own specification (RFC 1808 §2.1, RFC 3986 §3.1 and
//!   §3.2.3: "the default port ... as defined by the scheme"), so they add
//!   the ports of the schemes defined since: https 443 (RFC 9110 §4.2.2),
//!   ws 80 and wss 443 (RFC 6455 §3), and those of today's mail, news,
//!   directory, shell, media, chat, device, queue and database URLs (imap
//!   143, pop 110, smtp 25, ldap 389, ssh 22, rtsp 554, sip 5060, coap 5683,
//!   mqtt 1883, redis 6379, postgresql 5432, ...). Each entry names its
//!   source: the scheme's own RFC or registration where it gives the port,
//!   else the IANA service-name registry's entry for the protocol the scheme
//!   names. A scheme whose registration names no port of its own is left out
//!   (`rediss`: its provisional registration gives none, and a client's
//!   choice is not the scheme's).
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

/// The IANA registry of service names and port numbers, where a scheme's
/// own specification names no port but its protocol's service is registered.
macro_rules! iana {
    ($service:literal) => {
        concat!("IANA service name ", $service)
    };
    ($service:literal, $rfc:literal) => {
        concat!("IANA service name ", $service, " (", $rfc, ")")
    };
}

const TABLE: [Entry; 46] = [
    // The 1994 schemes (RFC 1738 §3, the RFC 1630 draft's sessions).
    entry("ftp", 21, "RFC 1738 §3.2", true, true),
    entry("http", 80, "RFC 1738 §3.3", true, true),
    entry("gopher", 70, "RFC 1738 §3.4", true, false),
    entry("nntp", 119, "RFC 1738 §3.7", true, false),
    entry("telnet", 23, "RFC 1738 §3.8", true, false),
    entry("wais", 210, "RFC 1738 §3.9", true, false),
    entry("prospero", 1525, "RFC 1738 §3.11", true, false),
    entry("rlogin", 513, "RFC 1282", true, false),
    entry("tn3270", 23, "RFC 1576", true, false),
    // The web's since.
    entry("https", 443, "RFC 9110 §4.2.2", false, true),
    entry("ws", 80, "RFC 6455 §3", false, true),
    entry("wss", 443, "RFC 6455 §3", false, true),
    // Mail and news.
    entry("imap", 143, "RFC 5092", false, false),
    entry("imaps", 993, iana!("imaps", "RFC 8314"), false, false),
    entry("pop", 110, "RFC 2384 §3", false, false),
    entry("pop3", 110, iana!("pop3", "RFC 1939"), false, false),
    entry("pop3s", 995, iana!("pop3s", "RFC 8314"), false, false),
    entry("smtp", 25, iana!("smtp", "RFC 5321"), false, false),
    entry("smtps", 465, iana!("submissions", "RFC 8314"), false, false),
    entry("news", 119, "RFC 5538", false, false),
    entry("nntps", 563, iana!("nntps", "RFC 4642"), false, false),
    // Files, directories, shells.
    entry("ftps", 990, iana!("ftps", "RFC 4217"), false, false),
    entry("sftp", 22, "draft-ietf-secsh-scp-sftp-ssh-uri-04", false, false),
    entry("ssh", 22, "draft-ietf-secsh-scp-sftp-ssh-uri-04", false, false),
    entry("ldap", 389, "RFC 4516", false, false),
    entry("ldaps", 636, iana!("ldaps"), false, false),
    entry("git", 9418, iana!("git"), false, false),
    entry("dict", 2628, "RFC 2229", false, false),
    // Media, voice, chat.
    entry("rtsp", 554, "RFC 2326 §3.2", false, false),
    entry("rtsps", 322, "RFC 7826", false, false),
    entry("sip", 5060, "RFC 3261 §19.1.2", false, false),
    entry("sips", 5061, "RFC 3261 §19.1.2", false, false),
    entry("xmpp", 5222, iana!("xmpp-client", "RFC 6120"), false, false),
    entry("irc", 6667, "draft-butcher-irc-url-04", false, false),
    entry("ircs", 6697, "RFC 7194", false, false),
    // Devices and message queues.
    entry("coap", 5683, "RFC 7252 §6.1", false, false),
    entry("coaps", 5684, "RFC 7252 §6.2", false, false),
    entry("mqtt", 1883, iana!("mqtt"), false, false),
    entry("mqtts", 8883, iana!("secure-mqtt"), false, false),
    entry("amqp", 5672, iana!("amqp"), false, false),
    entry("amqps", 5671, iana!("amqps"), false, false),
    // Databases.
    entry("redis", 6379, iana!("redis"), false, false),
    entry("postgres", 5432, iana!("postgresql"), false, false),
    entry("postgresql", 5432, iana!("postgresql"), false, false),
    entry("mysql", 3306, iana!("mysql"), false, false),
    entry("mongodb", 27017, iana!("mongodb"), false, false),
];

/// The URL Standard's special schemes that have a default port, with it
/// (§4.2): the rows of [`TABLE`] marked special, in its order, picked at
/// compile time. `file`, special without a default port, is not among them.
pub(crate) const WHATWG_DEFAULT_PORTS: [(&str, u16); 5] = {
    let mut out = [("", 0u16); 5];
    let (mut i, mut n) = (0, 0);
    while i < TABLE.len() {
        if TABLE[i].special {
            assert!(n < out.len(), "the table marks more than five schemes special");
            out[n] = (TABLE[i].scheme, TABLE[i].port);
            n += 1;
        }
        i += 1;
    }
    assert!(n == out.len(), "the table marks fewer than five schemes special");
    out
};

/// The longest scheme in [`TABLE`] (`postgresql`); [`key`] holds 16.
const MAX_SCHEME: usize = 16;

/// A scheme of at most [`MAX_SCHEME`] octets as one number: its octets,
/// lowered, from the lowest; zeros after them.
const fn key(b: &[u8]) -> u128 {
    let mut k = 0u128;
    let mut i = 0;
    while i < b.len() {
        k |= (b[i].to_ascii_lowercase() as u128) << (8 * i);
        i += 1;
    }
    k
}

/// Every scheme's [`key`] with its index in [`TABLE`], sorted by key:
/// built once, at compile time, and searched by halves.
const KEYS: [(u128, u8); TABLE.len()] = {
    let mut keys = [(0u128, 0u8); TABLE.len()];
    let mut i = 0;
    while i < TABLE.len() {
        keys[i] = (key(TABLE[i].scheme.as_bytes()), i as u8);
        i += 1;
    }
    // An insertion sort: const fns have no `sort`.
    let mut i = 1;
    while i < keys.len() {
        let mut j = i;
        while j > 0 && keys[j - 1].0 > keys[j].0 {
            let t = keys[j - 1];
            keys[j - 1] = keys[j];
            keys[j] = t;
            j -= 1;
        }
        i += 1;
    }
    keys
};

/// The index in [`TABLE`] of `scheme`, compared without regard to case.
///
/// Inlined: every URL's default port is looked up, and most URLs' schemes
/// are `http` or `https` as the serializations write them, found here
/// without a call. Any other name is searched for by [`search`].
#[inline]
fn index(scheme: &str) -> Option<usize> {
    match scheme {
        "https" => Some(9),
        "http" => Some(1),
        _ => search(scheme),
    }
}

/// [`index`] of any scheme: a search by halves of the lowered name as a
/// number, not a scan of the table.
fn search(scheme: &str) -> Option<usize> {
    let b = scheme.as_bytes();
    if b.len() > MAX_SCHEME {
        return None;
    }
    let k = key(b);
    let i = usize::from(KEYS[KEYS.binary_search_by(|e| e.0.cmp(&k)).ok()?].1);
    // A NUL after the name gives the same number: the lengths must agree.
    (TABLE[i].scheme.len() == b.len()).then_some(i)
}

#[inline]
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
#[inline]
pub fn default_port(scheme: &str, spec: Spec) -> Option<u16> {
    find(scheme, spec).map(|e| e.port)
}

/// A scheme's default port as urikit knows it under a spec: the one the
/// spec defines, or else the one registered for the scheme since (its own
/// RFC or the IANA registry), with where it is defined.
///
/// The 1994 specs define no `https`, yet its port is 443 wherever it is
/// used (RFC 9110 §4.2.2): a plan connects there, `{default:port}` gives
/// it, and the lint never calls it unusual. Normal forms and equivalence
/// keep to the spec's own defaults ([`by_spec`](DefaultPort::by_spec)), so
/// that `https://h:443/` stays as written under RFC 1738.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DefaultPort {
    /// The port.
    pub port: u16,
    /// Where it is defined: `"RFC 1738 §3.3"`, `"RFC 9110 §4.2.2"`,
    /// `"URL Standard §4.2"`, `"IANA service name imaps (RFC 8314)"`.
    pub source: &'static str,
    /// Whether the spec in force defines it; a registered port it does not
    /// define is `false`.
    pub by_spec: bool,
}

/// `scheme`'s [`DefaultPort`] under `spec`: the spec's own, else the
/// registered one; `None` for a scheme with neither. The name is compared
/// without regard to case.
///
/// # Examples
///
/// ```
/// use urikit::ports::known;
/// use urikit::Spec;
///
/// let https = known("https", Spec::Rfc1738).unwrap();
/// assert_eq!((https.port, https.source, https.by_spec), (443, "RFC 9110 §4.2.2", false));
/// let http = known("HTTP", Spec::Whatwg).unwrap();
/// assert_eq!((http.port, http.source, http.by_spec), (80, "URL Standard §4.2", true));
/// let gopher = known("gopher", Spec::Whatwg).unwrap();
/// assert_eq!((gopher.port, gopher.by_spec), (70, false));
/// assert_eq!(known("mailto", Spec::Rfc3986), None);
/// ```
pub fn known(scheme: &str, spec: Spec) -> Option<DefaultPort> {
    let e = &TABLE[index(scheme)?];
    Some(match find(scheme, spec) {
        Some(_) => DefaultPort {
            port: e.port,
            source: source_in(e, spec),
            by_spec: true,
        },
        None => DefaultPort {
            port: e.port,
            source: e.source,
            by_spec: false,
        },
    })
}

/// Where `e`'s port is defined as `spec` knows it.
fn source_in(e: &Entry, spec: Spec) -> &'static str {
    match spec {
        Spec::Whatwg => WHATWG_SOURCE,
        Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986 => e.source,
    }
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
    find(scheme, spec).map(|e| source_in(e, spec))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_are_lower_case_and_unique_and_sourced() {
        for (i, e) in TABLE.iter().enumerate() {
            assert_eq!(e.scheme, e.scheme.to_ascii_lowercase());
            // RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
            let b = e.scheme.as_bytes();
            assert!(b.first().is_some_and(u8::is_ascii_alphabetic), "{}", e.scheme);
            assert!(
                b.iter().all(|&c| c.is_ascii_alphanumeric() || b"+-.".contains(&c)),
                "{}",
                e.scheme
            );
            assert!(TABLE[..i].iter().all(|f| f.scheme != e.scheme), "{}", e.scheme);
            assert!(e.scheme.len() <= MAX_SCHEME, "{}", e.scheme);
            assert!(!e.source.trim().is_empty(), "{} has no source", e.scheme);
            assert!(e.port != 0, "{}", e.scheme);
            // The 1994 specs and the URL Standard know fixed sets: a later
            // scheme joins the RFC 1808 / RFC 3986 column only.
            assert!(!e.special || e.in_1994 || ["https", "ws", "wss"].contains(&e.scheme));
        }
        // The fast paths of `index` name these places.
        assert_eq!((TABLE[1].scheme, TABLE[9].scheme), ("http", "https"));
    }

    /// Every scheme of the table has its port under RFC 3986 and names its
    /// source there.
    #[test]
    fn every_scheme_has_its_port_and_source_under_rfc3986() {
        for e in &TABLE {
            assert_eq!(default_port(e.scheme, Spec::Rfc3986), Some(e.port), "{}", e.scheme);
            assert_eq!(default_port(e.scheme, Spec::Rfc1808), Some(e.port), "{}", e.scheme);
            assert_eq!(source(e.scheme, Spec::Rfc3986), Some(e.source), "{}", e.scheme);
        }
        assert_eq!(default_port("imap", Spec::Rfc3986), Some(143));
        assert_eq!(default_port("IMAPS", Spec::Rfc3986), Some(993));
        assert_eq!(default_port("imap", Spec::Rfc1738), None);
        assert_eq!(default_port("imap", Spec::Whatwg), None);
        assert_eq!(default_port("rediss", Spec::Rfc3986), None);
        assert_eq!(source("pop", Spec::Rfc3986), Some("RFC 2384 §3"));
        assert_eq!(source("mqtt", Spec::Rfc3986), Some("IANA service name mqtt"));
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
        names.extend(
            [
                "",
                "HtTpS",
                "file",
                "mailto",
                "prosperos",
                "http\0",
                "ftp\u{17f}",
                "postgresqlpostgr",
                "postgresql\0",
                "rediss",
                "a",
                "\u{0}",
            ]
            .map(str::to_owned),
        );
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

    /// Every scheme of the table has a known port under every spec, the
    /// spec's own where it has one, and the same port either way.
    #[test]
    fn every_scheme_is_known_under_every_spec() {
        for e in &TABLE {
            for spec in Spec::ALL {
                let k = known(e.scheme, spec).unwrap();
                assert_eq!(k.port, e.port, "{} {spec}", e.scheme);
                assert_eq!(k.by_spec, default_port(e.scheme, spec).is_some(), "{} {spec}", e.scheme);
                if k.by_spec {
                    assert_eq!(Some(k.source), source(e.scheme, spec));
                } else {
                    assert_eq!(k.source, e.source);
                }
            }
        }
        assert_eq!(known("x-made-up", Spec::Rfc3986), None);
    }
}
