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

/// One default port: the scheme, its port, where the port is defined, and
/// whether the 1994 specs know it.
struct Entry {
    scheme: &'static str,
    port: u16,
    source: &'static str,
    in_1994: bool,
}

const fn entry(scheme: &'static str, port: u16, source: &'static str, in_1994: bool) -> Entry {
    Entry {
        scheme,
        port,
        source,
        in_1994,
    }
}

const TABLE: [Entry; 12] = [
    entry("ftp", 21, "RFC 1738 §3.2", true),
    entry("http", 80, "RFC 1738 §3.3", true),
    entry("gopher", 70, "RFC 1738 §3.4", true),
    entry("nntp", 119, "RFC 1738 §3.7", true),
    entry("telnet", 23, "RFC 1738 §3.8", true),
    entry("wais", 210, "RFC 1738 §3.9", true),
    entry("prospero", 1525, "RFC 1738 §3.11", true),
    entry("rlogin", 513, "RFC 1282", true),
    entry("tn3270", 23, "RFC 1576", true),
    entry("https", 443, "RFC 9110 §4.2.2", false),
    entry("ws", 80, "RFC 6455 §3", false),
    entry("wss", 443, "RFC 6455 §3", false),
];

/// The URL Standard's special schemes with a default port (§4.2; `file`
/// is special and has none).
const WHATWG: [Entry; 5] = [
    entry("ftp", 21, "URL Standard §4.2", false),
    entry("http", 80, "URL Standard §4.2", false),
    entry("https", 443, "URL Standard §4.2", false),
    entry("ws", 80, "URL Standard §4.2", false),
    entry("wss", 443, "URL Standard §4.2", false),
];

fn find(scheme: &str, spec: Spec) -> Option<&'static Entry> {
    let table: &'static [Entry] = match spec {
        Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986 => &TABLE,
        Spec::Whatwg => &WHATWG,
    };
    table
        .iter()
        .find(|e| (e.in_1994 || !spec.is_1994()) && e.scheme.eq_ignore_ascii_case(scheme))
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
    find(scheme, spec).map(|e| e.source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_are_lower_case_and_unique() {
        for (i, e) in TABLE.iter().enumerate() {
            assert_eq!(e.scheme, e.scheme.to_ascii_lowercase());
            assert!(TABLE[..i].iter().all(|f| f.scheme != e.scheme), "{}", e.scheme);
        }
    }
}
