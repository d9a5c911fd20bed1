//! `urikit fetch`: retrieve what each URL names, by its access plan.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use urikit_fetch::{Error, Options};

use super::{utf8, utf8_parsed, utf8_string, SpecArg};
use crate::line::{self, Source};
use crate::output::{self, Output};

/// Retrieve what each URL names by the exchange `urikit plan` prints, and write its octets to stdout.
///
/// Before anything is sent, URLs the lint finds a hazard in (RFC 1738 §6: an encoded CR, LF or NUL, a port below 1024 that is not the scheme's own; a port over 65535) are refused. A port over 65535, which RFC 1808 and RFC 3986 allow, is never fetched, even with --allow-hazards: no connection is made, to the scheme's default port or any other. ftp, http, https, gopher, file, news (server from NNTPSERVER or --nntp-server) and nntp retrieve; mailto sends stdin as a message by SMTP (--smtp); telnet, rlogin and tn3270 relay stdin and stdout. https is HTTP/1.1 over TLS (rustls): the server's certificate must chain to one of the platform's trusted authorities (or to one in --cacert FILE, in their place), be valid for the URL's host and be within its validity, or nothing is sent; no option turns a check off. A redirect from https to http is refused unless --allow-downgrade is given. An FTP password the URL does not give is read from URIKIT_PASSWORD. Exit status: 0 all fetched, 1 some URL failed or was refused, 2 usage or output error.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
A URL the lint finds an error in is refused before anything is sent. A port over 65535,
which RFC 1808 and RFC 3986 allow, is refused even with --allow-hazards: no connection is
made, to the scheme's default port or any other. By whatwg, the URL is the one the parser gives,
and one with a validation error is refused (plan --lenient shows what a browser would send).

https: the server's certificate is checked against the platform's trusted authorities (its CA
bundle or store); --cacert FILE trusts the certificates of FILE instead, as curl's --cacert
does. A certificate of an unknown authority, for another name, expired or not yet valid is
refused with a message that says which. --trace shows the TLS version, the cipher suite and
the certificate's subject, issuer and validity.")]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// Write to FILE instead of stdout
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Print the dialogue on stderr in plan's notation: `> ` sent, `< ` received, `# ` comments (passwords hidden)
    #[arg(long)]
    trace: bool,
    /// Gopher menus as the server sent them, not one item per line
    #[arg(long)]
    raw: bool,
    /// Seconds to wait for a connection
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = utf8_parsed::<f64>())]
    connect_timeout: f64,
    /// Seconds a connection may stay silent
    #[arg(long, value_name = "SECS", default_value_t = 30.0, value_parser = utf8_parsed::<f64>())]
    idle_timeout: f64,
    /// The most bytes written for one URL (suffixes K, M, G)
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = utf8(parse_size))]
    max_size: u64,
    /// HTTP redirects followed at most
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = utf8(clap::value_parser!(u32)))]
    max_redirects: u32,
    /// Follow a redirect from https to http, which sends the next request unencrypted
    #[arg(long)]
    allow_downgrade: bool,
    /// Trust the authorities in FILE (PEM, one or more certificates) for https, instead of the platform's
    #[arg(long, value_name = "FILE")]
    cacert: Option<PathBuf>,
    /// Fetch even what the RFC 1738 §6 guards refuse (a port below 1024 of another protocol; never an encoded CR, LF or NUL, nor a port over 65535)
    #[arg(long)]
    allow_hazards: bool,
    /// Connect to ADDR:PORT instead of the URL's host and port (the guards still judge the URL's port)
    #[arg(long, value_name = "ADDR:PORT", value_parser = utf8_parsed::<SocketAddr>())]
    connect_to: Option<SocketAddr>,
    /// The anonymous FTP password: your mail address
    #[arg(long, value_name = "ADDRESS", default_value = "anonymous@", value_parser = utf8_string())]
    mail_address: String,
    /// The news server for news: URLs [default: $NNTPSERVER]
    #[arg(long, value_name = "HOST[:PORT]", value_parser = utf8_string())]
    nntp_server: Option<String>,
    /// The SMTP server mailto: messages are submitted to
    #[arg(long, value_name = "HOST:PORT", value_parser = utf8_string())]
    smtp: Option<String>,
    /// The sender of mailto: messages
    #[arg(long, value_name = "ADDRESS", default_value = "urikit@localhost", value_parser = utf8_string())]
    mail_from: String,
    /// The URLs
    #[arg(value_name = "URL", required = true)]
    urls: Vec<OsString>,
}

fn parse_size(s: &str) -> Result<u64, String> {
    let (digits, unit) = match s.char_indices().last() {
        Some((i, 'K' | 'k')) => (&s[..i], 1u64 << 10),
        Some((i, 'M' | 'm')) => (&s[..i], 1 << 20),
        Some((i, 'G' | 'g')) => (&s[..i], 1 << 30),
        _ => (s, 1),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .ok_or_else(|| format!("{s:?} is not a size (a number, optionally with K, M or G)"))
}

/// The URL as diagnostics show it: its password replaced by `<password>`,
/// its control characters escaped.
fn masked(url: &str, opts: &Options) -> String {
    let masked = match urikit::Url::parse_lenient_with(url, opts.spec) {
        Ok((parsed, _)) => match parsed.password() {
            Some(p) => {
                let start = p.as_ptr() as usize - parsed.as_str().as_ptr() as usize;
                format!(
                    "{}<password>{}",
                    &parsed.as_str()[..start],
                    &parsed.as_str()[start + p.len()..]
                )
            }
            None => url.to_owned(),
        },
        // Not a URL even leniently: a password cannot be told apart; the
        // part before the host's '@' is hidden.
        Err(_) => match (url.find("://"), url.rfind('@')) {
            (Some(s), Some(at)) if at > s => format!("{}<hidden>{}", &url[..s + 3], &url[at..]),
            _ => url.to_owned(),
        },
    };
    masked.escape_debug().to_string()
}

/// Whether `url` is an interactive session (telnet, rlogin, tn3270).
fn is_session(url: &str, opts: &Options) -> bool {
    urikit::Url::parse_with(url, opts.spec).is_ok_and(|u| matches!(u.view(), Ok(urikit::scheme::SchemeView::Telnet(_))))
}

/// Writes control characters other than TAB, LF and CR in caret notation
/// (`^[` for ESC, `^?` for DEL), as `cat -v` does: no octet of a resource
/// can drive the terminal.
struct Visible<W: Write>(W);

impl<W: Write> Write for Visible<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut shown = Vec::with_capacity(buf.len());
        for &b in buf {
            match b {
                b'\t' | b'\n' | b'\r' => shown.push(b),
                0..=0x1F => shown.extend_from_slice(&[b'^', b + 0x40]),
                0x7F => shown.extend_from_slice(b"^?"),
                _ => shown.push(b),
            }
        }
        self.0.write_all(&shown)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// For an interactive session, the user name to log in as, first (RFC 1738
/// §3.8: it is advisory, the user types it).
fn advise(url: &str, opts: &Options) {
    let Ok(parsed) = urikit::Url::parse_with(url, opts.spec) else {
        return;
    };
    if let Ok(urikit::scheme::SchemeView::Telnet(view)) = parsed.view() {
        if let Some(user) = view.user() {
            output::say(format_args!(
                "urikit: {}: log in as {}",
                masked(url, opts),
                user.escape_debug()
            ));
        }
    }
}

fn seconds(s: f64, what: &str) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(s)
        .ok()
        .filter(|d| !d.is_zero())
        .with_context(|| format!("--{what} {s}: expected a positive number of seconds"))
}

/// Runs `fetch`: each URL in turn; a failed one is reported on stderr and
/// the next is fetched.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let mut opts = Options::default();
    opts.spec = args.spec.get();
    opts.connect_timeout = seconds(args.connect_timeout, "connect-timeout")?;
    opts.idle_timeout = seconds(args.idle_timeout, "idle-timeout")?;
    opts.max_size = args.max_size;
    opts.max_redirects = args.max_redirects;
    opts.allow_downgrade = args.allow_downgrade;
    opts.cacert = args.cacert;
    opts.allow_hazards = args.allow_hazards;
    opts.connect_to = args.connect_to;
    opts.raw = args.raw;
    opts.mail_address = args.mail_address;
    opts.password = std::env::var("URIKIT_PASSWORD").ok();
    opts.nntp_server = args.nntp_server;
    opts.smtp_server = args.smtp;
    opts.mail_from = args.mail_from;
    opts.progress = io::stderr().is_terminal();
    let mut file = match &args.output {
        Some(path) => Some(BufWriter::new(
            File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => None,
    };
    let terminal = file.is_none() && io::stdout().is_terminal();
    let mut failed = false;
    for (i, url) in args.urls.iter().enumerate() {
        let url = match line::decode_arg(url) {
            Ok(url) => url,
            Err(bad) => {
                out.set_source(Source::Argument(i + 1));
                out.reject_not_utf8(&bad)?;
                continue;
            }
        };
        let interactive = is_session(url, &opts);
        let mut shown;
        let sink: &mut dyn Write = match file.as_mut() {
            Some(f) => f,
            // A session is the terminal's own; other octets reach a
            // terminal with their control characters made visible.
            None if terminal && !interactive => {
                shown = Visible(out.writer());
                &mut shown
            }
            None => out.writer(),
        };
        advise(url, &opts);
        let mut stderr = io::stderr();
        let trace: Option<&mut dyn Write> = if args.trace { Some(&mut stderr) } else { None };
        match urikit_fetch::fetch_with_stdin(url, &opts, sink, trace, Box::new(io::stdin())) {
            Ok(_) => {}
            Err(Error::Output(e)) => return Err(e).context("writing the result"),
            Err(e) => {
                failed = true;
                output::say(format_args!("urikit: {}: {e}", masked(url, &opts)));
            }
        }
    }
    if let Some(mut f) = file {
        f.flush().context("writing the output file")?;
    }
    if failed {
        out.fail();
    }
    Ok(())
}
