//! Retrieves what a URL names by the access algorithm its scheme's section
//! of RFC 1738 gives, and sends nothing the plan does not show.
//!
//! Every fetch starts from the URL's access plan ([`urikit::scheme::Plan`]),
//! the same one `urikit plan` prints: the FTP commands, the gopher selector
//! line, the HTTP request and the NNTP commands are the plan's own octets, so
//! plan and fetch cannot drift apart. Where the plan leaves a choice to the
//! client, the fetch makes it and shows it in the trace: the FTP data
//! connection (`EPSV`, else `PASV`), `TYPE I` when no `;type=` is given,
//! `QUIT`; for a news group, the `XOVER` that lists its articles.
//!
//! Before the first byte is sent, the guards of RFC 1738 §6 run: a URL that
//! [`urikit::lint::lint`] finds an error in (an encoded CR, LF or NUL that
//! would reach the protocol stream, a port below 1024 that is not the
//! scheme's own, a port browsers refuse, a port over 65535) is refused with
//! the findings as the reason, unless [`Options::allow_hazards`] is set. An
//! HTTP redirect is checked again before it is followed, and one from https
//! to http is refused unless [`Options::allow_downgrade`] is set. The override never
//! sends what the plan refuses: an encoded line break, or a port over 65535
//! (RFC 1808 and RFC 3986 allow any digits), for which no connection is
//! made, to the scheme's default port or any other.
//!
//! An https URL is fetched by http's code over TLS (rustls, with the ring
//! crypto provider): the plan's TLS step secures the connection before the
//! request is sent, the certificate checked against the platform's trusted
//! authorities, or those of [`Options::cacert`] in their place. No option
//! turns a check off.
//!
//! # Why the protocols are written by hand
//!
//! The plan fixes the exact octets of every command, in order, and the
//! trace must show each line sent and received in the plan's notation. The
//! FTP crates (suppaftp, ftp) own the dialogue: they build the command
//! lines, pick the data connection mode and read the replies themselves,
//! and expose neither the raw lines nor a way to send a plan's line as it
//! is (a `CWD` with a null argument, `NLST` with the name). HTTP crates
//! speak HTTP/1.1 with headers of their own and mostly bring an async
//! runtime along, and their TLS below the request, out of the trace's
//! sight. No maintained crate speaks RFC 1436 gopher or
//! RFC 977 NNTP, and SMTP crates (lettre) add headers of their own to the
//! message. Each protocol here is a few hundred lines of blocking
//! `std::net`, with connect and idle timeouts and a size cap.
//!
//! # Examples
//!
//! ```no_run
//! let mut out = Vec::new();
//! urikit_fetch::fetch("http://127.0.0.1:8000/a.txt", &urikit_fetch::Options::default(), &mut out, None)?;
//! # Ok::<(), urikit_fetch::Error>(())
//! ```

mod cert;
mod conn;
mod error;
mod file;
mod ftp;
mod gopher;
mod http;
mod mailto;
mod news;
mod telnet;
mod tls;

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use urikit::lint::{lint, Finding, Severity};
use urikit::scheme::SchemeView;
use urikit::{Spec, Url};

pub use error::Error;

/// The input of a `mailto` body or an interactive session.
pub type Stdin = Box<dyn std::io::Read + Send>;

use crate::conn::Trace;

/// How to fetch.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Options {
    /// The grammar URLs are read by.
    pub spec: Spec,
    /// How long to wait for a connection.
    pub connect_timeout: Duration,
    /// How long a connection may stay silent.
    pub idle_timeout: Duration,
    /// The most octets written for one URL.
    pub max_size: u64,
    /// Fetch even what the guards refuse (RFC 1738 §6 hazards).
    pub allow_hazards: bool,
    /// Connect here instead of to the host and port the URL names (the
    /// guards still judge the URL's own port).
    pub connect_to: Option<SocketAddr>,
    /// How many HTTP redirects to follow.
    pub max_redirects: u32,
    /// Follow a redirect from https to http, which sends the next request
    /// unencrypted (by default it is refused).
    pub allow_downgrade: bool,
    /// A PEM file of one or more certificates: the authorities an https
    /// server's certificate must chain to, in place of the platform's
    /// trusted roots (as curl's `--cacert`).
    pub cacert: Option<PathBuf>,
    /// Gopher menus as the server sent them, not one item per line.
    pub raw: bool,
    /// The anonymous FTP password: the user's mail address by convention.
    pub mail_address: String,
    /// The password for a user the URL names without one, if the server
    /// asks for one.
    pub password: Option<String>,
    /// The news server for `news:` URLs, `host` or `host:port`.
    pub nntp_server: Option<String>,
    /// The SMTP server `mailto:` messages are submitted to, `host:port`.
    pub smtp_server: Option<String>,
    /// The sender of `mailto:` messages.
    pub mail_from: String,
    /// Show a progress line on stderr during long transfers.
    pub progress: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            spec: Spec::default(),
            connect_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            max_size: 1 << 30,
            allow_hazards: false,
            connect_to: None,
            max_redirects: 5,
            allow_downgrade: false,
            cacert: None,
            raw: false,
            mail_address: "anonymous@".to_owned(),
            password: None,
            nntp_server: None,
            smtp_server: None,
            mail_from: "urikit@localhost".to_owned(),
            progress: false,
        }
    }
}

/// Retrieves what `input` names, writing its octets to `out` and, when
/// `trace` is given, the dialogue to it in the notation of `urikit plan`.
/// Returns the number of octets written.
///
/// `stdin` matters for `mailto` (the message body) and the interactive
/// schemes; see [`fetch_with_stdin`].
///
/// # Errors
///
/// See [`Error`]: an invalid URL, a guard's refusal (nothing was sent), an
/// unsupported scheme, a refused certificate or a failed TLS handshake
/// (nothing was sent), a server's refusal, a broken protocol, the size cap,
/// a network or output error.
pub fn fetch(input: &str, opts: &Options, out: &mut dyn Write, trace: Option<&mut dyn Write>) -> Result<u64, Error> {
    fetch_with_stdin(input, opts, out, trace, Box::new(std::io::empty()))
}

/// [`fetch`], reading the `mailto` body or the interactive session's input
/// from `stdin`.
///
/// # Errors
///
/// See [`fetch`].
pub fn fetch_with_stdin(
    input: &str,
    opts: &Options,
    out: &mut dyn Write,
    trace: Option<&mut dyn Write>,
    stdin: Stdin,
) -> Result<u64, Error> {
    let mut trace = Trace(trace);
    // The guard reads the input as given: an input that is not a URL is
    // refused with the lint's finding too.
    guard(input, opts)?;
    let url = Url::parse_with(input, opts.spec).map_err(|e| Error::Invalid(e.to_string()))?;
    let mut sink = conn::Sink::new(out, opts);
    let mut stdin = Some(stdin);
    let result = fetch_url(&url, opts, &mut sink, &mut trace, &mut stdin, opts.max_redirects);
    let finished = sink.finish();
    result.and(finished).map(|()| sink.written())
}

/// Refuses a URL that [`lint`] finds an error in (RFC 1738 §6), with the
/// findings as the reason, unless [`Options::allow_hazards`] is set.
///
/// # Errors
///
/// [`Error::Refused`], naming every error finding.
pub fn guard(input: &str, opts: &Options) -> Result<(), Error> {
    let findings: Vec<Finding> = lint(input, opts.spec)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    if findings.is_empty() || opts.allow_hazards {
        return Ok(());
    }
    let text: Vec<String> = findings.iter().map(Finding::to_string).collect();
    // What the plan refuses whatever the options: the override would not
    // fetch it, so it is not offered.
    let never = findings
        .iter()
        .any(|f| matches!(f.code, "encoded-delimiter" | "port-out-of-range"));
    Err(Error::Refused(format!(
        "{}{}",
        text.join("; "),
        if never {
            ""
        } else {
            " (--allow-hazards to fetch it anyway)"
        }
    )))
}

pub(crate) fn fetch_url(
    url: &Url,
    opts: &Options,
    sink: &mut conn::Sink<'_>,
    trace: &mut Trace<'_>,
    stdin: &mut Option<Stdin>,
    redirects_left: u32,
) -> Result<(), Error> {
    guard(url.as_str(), opts)?;
    let view = url
        .view()
        .map_err(|e| Error::Invalid(format!("{} at offset {}", e.message_in(url.as_str()), e.offset)))?;
    let plan = match view.plan() {
        Ok(plan) => plan,
        Err(e) => {
            return Err(match view {
                // RFC 1738 §3.10.
                SchemeView::File(_) => Error::Refused(format!(
                    "{e}: RFC 1738 §3.10 says the file URL scheme \"does not specify an Internet protocol or access \
                     method for such files\"; only an empty host or \"localhost\" is \"the machine from which the URL \
                     is being interpreted\""
                )),
                // A port over 65535 is named, digits and all: nothing
                // connects to another port in its place.
                _ => Error::Refused(format!("{} at offset {}", e.message_in(url.as_str()), e.offset)),
            });
        }
    };
    match &view {
        SchemeView::Ftp(v) => ftp::fetch(v, &plan, opts, sink, trace),
        SchemeView::Http(_) => http::fetch(url, &plan, opts, sink, trace, stdin, redirects_left),
        // https has the generic view and http's plan over TLS.
        SchemeView::Generic(_) if url.scheme().eq_ignore_ascii_case("https") => {
            http::fetch(url, &plan, opts, sink, trace, stdin, redirects_left)
        }
        SchemeView::Gopher(v) => gopher::fetch(v, &plan, opts, sink, trace),
        SchemeView::File(_) => file::fetch(&plan, sink, trace),
        SchemeView::News(v) => news::fetch_news(v, &plan, opts, sink, trace),
        SchemeView::Nntp(_) => news::fetch_nntp(&plan, opts, sink, trace),
        SchemeView::Mailto(v) => mailto::send(v, opts, sink, trace, stdin),
        SchemeView::Telnet(v) => telnet::session(v, &plan, opts, sink, trace, stdin),
        SchemeView::Wais(_) | SchemeView::Prospero(_) => Err(Error::Unsupported(format!(
            "no {} server is known to be running anywhere to test a client against, so urikit does not claim to \
             speak its protocol; the plan is:\n{}",
            view.kind(),
            plan.to_string().trim_end()
        ))),
        other => Err(Error::Unsupported(format!(
            "{} URLs name no retrieval protocol urikit speaks; the plan is:\n{}",
            other.kind(),
            plan.to_string().trim_end()
        ))),
    }
}
