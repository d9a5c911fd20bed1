//! The hazards the specifications warn of, found in a URL.
//!
//! RFC 1738 §6 names them: a port other than the protocol's default, which
//! can make a harmless retrieval talk to another protocol's server (the
//! gopher-to-SMTP attack); encoded delimiters that a client decodes into the
//! protocol stream; passwords in URLs. Browsers later listed the ports no
//! fetch may reach (the WHATWG Fetch "bad port" list). The RFC 1630 draft
//! keeps `%00` for the prospero version separator. And RFC 1738 §2.2 asks
//! that unsafe characters (a `#` that is not a fragment among them) always be
//! encoded.
//!
//! A port over 65535, which RFC 1808 and RFC 3986 allow ("port = *DIGIT",
//! §3.2.3), is an error: it names no port a client can connect to, and a
//! reader that keeps 16 bits of it, or falls back to the default, connects
//! to another (`:65616` is 80 modulo 65536). urikit's plans refuse it; the
//! lint says so before anything is tried.

use std::fmt;

use crate::error::{ParseError, Repair, SchemeErrorKind};
use crate::scheme::{self, SchemeView};
use crate::url::Url;
use crate::Spec;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing.
    Info,
    /// Unwise, or not valid but accepted by browsers.
    Warning,
    /// A hazard: following the URL can do harm, or it is not a URL.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One hazard found in a URL.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Finding {
    /// A stable short name (`port-not-default`, `bad-port`, ...).
    pub code: &'static str,
    /// How serious it is.
    pub severity: Severity,
    /// Where the hazard is described (`RFC 1738 §6`).
    pub section: &'static str,
    /// Byte offset in the input, where there is one.
    pub offset: Option<usize>,
    /// What was found, in one lower-case line.
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: {}", self.severity, self.code, self.message)?;
        if let Some(offset) = self.offset {
            write!(f, " at offset {offset}")?;
        }
        write!(f, " ({})", self.section)
    }
}

/// The WHATWG Fetch "bad port" list (with 4190 and 6679, added in 2024).
pub const BAD_PORTS: [u16; 80] = [
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
    111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
    540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
    6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679,
];

/// Ports on the list past the first 80 entries.
const MORE_BAD_PORTS: [u16; 2] = [6697, 10080];

/// Whether `port` is on the WHATWG Fetch bad port list.
///
/// # Examples
///
/// ```
/// assert!(urikit::lint::is_bad_port(25));
/// assert!(urikit::lint::is_bad_port(10080));
/// assert!(!urikit::lint::is_bad_port(8080));
/// ```
pub fn is_bad_port(port: u16) -> bool {
    BAD_PORTS.contains(&port) || MORE_BAD_PORTS.contains(&port)
}

/// The hazards in `input`, read by `spec` (leniently, so that a URL that is
/// not valid can still be looked at; each violation is a finding too).
///
/// # Examples
///
/// ```
/// use urikit::lint::{lint, Severity};
/// use urikit::Spec;
///
/// let findings = lint("gopher://mail.example:25/0HELO%0D%0A", Spec::Rfc1738);
/// let codes: Vec<&str> = findings.iter().map(|f| f.code).collect();
/// assert_eq!(codes, ["port-not-default", "bad-port", "encoded-delimiter"]);
/// assert!(findings.iter().all(|f| f.severity == Severity::Error));
/// ```
pub fn lint(input: &str, spec: Spec) -> Vec<Finding> {
    let mut out = Vec::new();
    let (url, warnings) = match Url::parse_lenient_with(input, spec) {
        Ok(parsed) => parsed,
        Err(e) => {
            out.push(invalid(&e));
            return out;
        }
    };
    for w in &warnings {
        match w.repair {
            Repair::Encoded { byte } => out.push(Finding {
                code: "unsafe-character",
                severity: Severity::Error,
                section: "RFC 1738 §2.2",
                offset: Some(w.offset),
                message: format!(
                    "{} left unencoded: all unsafe characters must always be encoded, write %{byte:02X}",
                    crate::error::octet_name(byte)
                ),
            }),
            Repair::Tolerated(e) => out.push(Finding {
                code: "grammar",
                severity: Severity::Warning,
                section: e.spec.title(),
                offset: Some(e.offset),
                message: format!("{} ({}); browsers accept it", e.message(), e.rule),
            }),
            Repair::Trimmed => {
                trimmed_controls(input, w.offset, &mut out);
                out.push(Finding {
                    code: "repaired",
                    severity: Severity::Warning,
                    section: "RFC 1738 §2.2",
                    offset: Some(w.offset),
                    message: format!("not a URL as written: {}", w.repair),
                });
            }
            _ => out.push(Finding {
                code: "repaired",
                severity: Severity::Warning,
                section: "RFC 1738 §2.2",
                offset: Some(w.offset),
                message: format!("not a URL as written: {}", w.repair),
            }),
        }
    }
    // The lint reads the input; offsets into the repaired URL only match
    // where nothing was repaired, so the URL's own offsets are reported only
    // then.
    // A WHATWG URL is its serialization: its offsets are the input's only
    // when the parser wrote the input back as it was (but for case).
    let same = warnings.iter().all(|w| matches!(w.repair, Repair::Tolerated(_)))
        && (spec != Spec::Whatwg || url.as_str().eq_ignore_ascii_case(input));
    // The URL's offsets start after any `URL:` prefix the input had.
    let base = crate::parse::prefix_len(input, spec);
    let at = |offset: usize| same.then_some(base + offset);
    ports(&url, &mut out, &at);
    if url.password().is_some() {
        out.push(Finding {
            code: "password",
            severity: Severity::Warning,
            section: "RFC 1738 §6",
            offset: url.password().and_then(|p| at(offset_in(&url, p))),
            message: "the URL holds a password: URLs with passwords that should be secret are clearly unwise".into(),
        });
    }
    match url.view() {
        Ok(view) => {
            if let Err(e) = view.plan() {
                if let SchemeErrorKind::Smuggling { .. } = e.kind {
                    out.push(Finding {
                        code: "encoded-delimiter",
                        severity: Severity::Error,
                        section: "RFC 1738 §6",
                        offset: at(e.offset),
                        message: format!("{}: decoding it would add a command", e.kind),
                    });
                }
            }
            nul_escapes(&url, &view, &mut out, &at);
            fragment(&url, &view, &mut out, &at);
        }
        Err(e) => out.push(Finding {
            code: "scheme",
            severity: Severity::Error,
            section: "RFC 1738 §3",
            offset: at(e.offset),
            message: e.kind.to_string(),
        }),
    }
    out
}

/// The controls other than whitespace (a NUL, an ESC) among what lenient
/// parsing trimmed from the start or end of `input`, the first removed at
/// `offset`: browsers drop them, but to any other reader they are part of
/// the URL, and RFC 1738 §2.2 has them always encoded, as strict parsing
/// says. One error for the first of them.
fn trimmed_controls(input: &str, offset: usize, out: &mut Vec<Finding>) {
    let b = input.as_bytes();
    // What lenient parsing trims: C0 controls and space.
    let trimmed = |b: &u8| *b <= b' ';
    let region = if offset == 0 {
        &b[..b.iter().position(|b| !trimmed(b)).unwrap_or(b.len())]
    } else {
        b.get(offset..).unwrap_or_default()
    };
    if let Some(i) = region.iter().position(|&b| trimmed(&b) && !b" \t\r\n".contains(&b)) {
        out.push(Finding {
            code: "unsafe-character",
            severity: Severity::Error,
            section: "RFC 1738 §2.2",
            offset: Some(offset + i),
            message: format!(
                "{} at the {} of the URL: browsers drop it, other readers keep it; all unsafe characters must always be encoded",
                crate::error::octet_name(region[i]),
                if offset == 0 { "start" } else { "end" },
            ),
        });
    }
}

fn invalid(e: &ParseError) -> Finding {
    Finding {
        code: "invalid",
        severity: Severity::Error,
        section: e.spec.title(),
        offset: Some(e.offset),
        message: format!("not a URL: {} ({})", e.message(), e.rule),
    }
}

fn offset_in(url: &Url, part: &str) -> usize {
    part.as_ptr() as usize - url.as_str().as_ptr() as usize
}

/// A port over 65535, a port other than the scheme's default (worse below
/// 1024), and a port on the bad port list.
fn ports(url: &Url, out: &mut Vec<Finding>, at: &dyn Fn(usize) -> Option<usize>) {
    if let Err(e) = url.port_or_default() {
        out.push(Finding {
            code: "port-out-of-range",
            severity: Severity::Error,
            section: match url.spec() {
                Spec::Rfc3986 => "RFC 3986 §3.2.3",
                // RFC 1808 splits its net_loc as RFC 1738 writes a login; the
                // 1994 grammars refuse such a port before the lint looks, and
                // so does the URL Standard's port state (port-out-of-range).
                Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 => "RFC 1738 §3.1",
                Spec::Whatwg => "URL Standard §4.4",
            },
            offset: at(e.offset),
            message: e.message_in(url.as_str()),
        });
        return;
    }
    let Some(port) = url.port() else { return };
    let host = url.host().unwrap_or_default();
    let offset = at(offset_in(url, host) + host.len() + 1);
    // The spec's default, or else the port registered for the scheme since
    // (https's 443 under RFC 1738, which defines no https): never unusual.
    let known = crate::ports::known(url.scheme(), url.spec());
    if let Some(d) = known.filter(|d| d.port == port) {
        if !d.by_spec {
            out.push(Finding {
                code: "port-registered-default",
                severity: Severity::Info,
                section: d.source,
                offset,
                message: format!(
                    "port {port} is {}'s registered default, which {} does not define: its normal form keeps the port",
                    url.scheme(),
                    match url.spec() {
                        Spec::Whatwg => "the URL Standard",
                        spec @ (Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986) => spec.title(),
                    }
                ),
            });
        }
        return;
    }
    let reserved = port < 1024;
    out.push(Finding {
        code: "port-not-default",
        severity: if reserved { Severity::Error } else { Severity::Warning },
        // RFC 3986 §7.2 repeats RFC 1738 §6's warning.
        section: match url.spec() {
            Spec::Rfc3986 => "RFC 3986 §7.2",
            Spec::Whatwg => "URL Standard §4.2",
            Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 => "RFC 1738 §6",
        },
        offset,
        message: {
            let scheme = url.scheme();
            let default = match known {
                Some(d) if d.by_spec => format!("{scheme}'s default {}", d.port),
                Some(d) => format!("{scheme}'s registered default {} ({})", d.port, d.source),
                None => String::new(),
            };
            match known {
                Some(_) if reserved => format!(
                    "port {port} is not {default} and is in the reserved range: the URL may make another protocol's server act"
                ),
                Some(_) => format!("port {port} is not {default}"),
                None => format!("port {port}: {scheme} has no default port"),
            }
        },
    });
    if is_bad_port(port) {
        out.push(Finding {
            code: "bad-port",
            severity: Severity::Error,
            section: "WHATWG Fetch, bad port",
            offset,
            message: format!("port {port} is on the list of ports browsers refuse to fetch from"),
        });
    }
}

/// `%00` anywhere but before a prospero version.
fn nul_escapes(url: &Url, view: &SchemeView<'_>, out: &mut Vec<Finding>, at: &dyn Fn(usize) -> Option<usize>) {
    let s = url.as_str();
    let allowed = match view {
        // The first %00 of the hsoname separates the version (RFC 1630 draft).
        SchemeView::Prospero(p) => p.version().map(|v| offset_in(url, v) - 3),
        _ => None,
    };
    let mut from = 0;
    while let Some((i, _)) = scheme::escaped(&s[from..], b"\0") {
        let offset = from + i;
        if Some(offset) != allowed {
            out.push(Finding {
                code: "nul-escape",
                severity: Severity::Warning,
                section: "RFC 1630 draft, Prospero",
                offset: at(offset),
                message: "%00 (NUL) outside a prospero version: C programs end the string there".into(),
            });
        }
        from = offset + 3;
    }
}

/// A fragment where the scheme sends the whole path to a server.
fn fragment(url: &Url, view: &SchemeView<'_>, out: &mut Vec<Finding>, at: &dyn Fn(usize) -> Option<usize>) {
    let sends_path = matches!(
        view,
        SchemeView::Ftp(_)
            | SchemeView::Gopher(_)
            | SchemeView::Wais(_)
            | SchemeView::Prospero(_)
            | SchemeView::Nntp(_)
    );
    if let (true, Some(f)) = (sends_path, url.fragment()) {
        out.push(Finding {
            code: "fragment",
            severity: Severity::Warning,
            section: "RFC 1738 §2.2",
            offset: at(offset_in(url, f) - 1),
            message: format!(
                "'#' starts a fragment that {} never sends: if it belongs to the path, it must be encoded as %23",
                url.scheme()
            ),
        });
    }
}
