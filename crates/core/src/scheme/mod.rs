//! What urikit knows of each scheme the 1994 specifications name.

/// The port a scheme's protocol listens on when a URL gives none.
///
/// RFC 1738 §3 gives ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais
/// 210 and prospero 1525. The RFC 1630 draft adds rlogin and tn3270 as
/// interactive-session schemes; their protocols' ports are 513 (RFC 1282) and
/// 23 (tn3270 runs over telnet, RFC 1576). The name is compared without
/// regard to case.
///
/// # Examples
///
/// ```
/// assert_eq!(urikit::scheme::default_port("http"), Some(80));
/// assert_eq!(urikit::scheme::default_port("GOPHER"), Some(70));
/// assert_eq!(urikit::scheme::default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    const PORTS: [(&str, u16); 9] = [
        ("http", 80),
        ("ftp", 21),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
        ("rlogin", 513),
        ("tn3270", 23),
    ];
    PORTS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(scheme))
        .map(|&(_, port)| port)
}
