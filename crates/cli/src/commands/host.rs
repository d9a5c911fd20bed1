//! `urikit host`: bare hosts through the URL Standard's host parser.

use std::ffi::OsString;
use std::io;

use serde_json::{json, Value};
use urikit::explain::AddressClass;
use urikit::public_suffix::SuffixList;
use urikit::whatwg::host::{self, Host};
use urikit::{HostKind, ParseError};

use super::edit::reject_not_utf8;
use super::lined::{InvalidArg, Lined};
use super::{JobsArg, SuffixListArg, UrlFileArg};
use crate::line::NotUtf8;
use crate::output::{Output, Sink};
use crate::stream::{self, Format};

/// What `host --help` says after the options.
const HOST_HELP: &str = "\
Each HOST is read as the host of a URL with a special scheme (https://HOST/)
is read by the URL Standard's host parser: '[...]' is an IPv6 address; %XX
escapes are decoded, the domain is mapped by UTS #46 (IDNA) to ASCII, and a
domain that ends in a number is an IPv4 address in any form the IPv4 parser
reads (0x7f.1, 2130706433, 0177.0.0.1). Validation errors that are not
failures are let pass, as browsers let them. The host printed is the
serialized one: a domain in Punycode and lower case, an IPv4 address in
dotted decimal, an IPv6 address compressed in brackets.

  urikit host bücher.de 0x7f.1 '[0:0::1]'   # xn--bcher-kva.de, 127.0.0.1, [::1]
  urikit host --unicode xn--bcher-kva.de    # bücher.de

--json writes one object per host: {input, valid, host, unicode, kind
(domain, ipv4, ipv6), ip, class, domain, errors}. class is what the address
is for, as explain says it (loopback, private, link-local, unspecified,
multicast, reserved, shared, documentation, public); a domain has none but
localhost and the names under it, which are loopback. domain is the
registrable domain by the Public Suffix List (compiled in, or --suffix-list FILE;
--icann-only: its ICANN section alone), as get's {domain}
(null for an address, or a domain that is a public suffix). An invalid host
has valid false and its error in errors [{offset, rule, message}]
(crates/cli/schema/host.schema.json).

Without --json, an invalid host gives its error in caret form on stderr and
no output (--invalid empty or input: a line). Exit status: 0 every host is
valid, 1 some is not (or is not UTF-8), 2 a usage or I/O error.";

/// Print each host as the URL Standard's host parser serializes it: a domain in ASCII (IDNA), an IPv4 address in any form as dotted decimal, an IPv6 address compressed
#[derive(Debug, clap::Args)]
#[command(after_long_help = HOST_HELP)]
pub struct Args {
    /// Print each host as a browser displays it: a domain's Punycode labels decoded (bücher.de for xn--bcher-kva.de); an address as serialized
    #[arg(long, conflicts_with = "json")]
    unicode: bool,
    /// Write one JSON object per host, one per line: its kind, address, class and registrable domain (crates/cli/schema/host.schema.json)
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    invalid: InvalidArg,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    url_file: UrlFileArg,
    #[command(flatten)]
    suffix_list: SuffixListArg,
    /// The hosts; read one per line from stdin when none are given
    #[arg(value_name = "HOST")]
    hosts: Vec<OsString>,
}

/// Runs `host`.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let format = HostFormat {
        unicode: args.unicode,
        // Read only where it is used: --json's domain.
        suffixes: if args.json { Some(args.suffix_list.get()?) } else { None },
    };
    stream::run(
        args.url_file.inputs(&args.hosts)?,
        args.jobs.get(),
        out,
        Lined::new(format, args.invalid.get()),
    )
}

/// What `host` does with one host.
struct HostFormat {
    unicode: bool,
    /// With `--json`: the Public Suffix List of its registrable domains.
    suffixes: Option<std::borrow::Cow<'static, SuffixList>>,
}

impl Format for HostFormat {
    fn input<W: Sink>(&self, out: &mut Output<W>, input: &str) -> io::Result<()> {
        let parsed = host::parse(input);
        if let Some(suffixes) = &self.suffixes {
            if parsed.is_err() {
                out.fail();
            }
            return out.json_line(&record(input, &parsed, suffixes));
        }
        match parsed {
            Ok(host) if self.unicode => out.bytes_line(host.to_unicode().as_bytes()),
            // ASCII without a control: as it is.
            Ok(host) => out.line(host),
            Err(e) => out.reject(input.as_bytes(), e.offset, e),
        }
    }

    fn not_utf8<W: Sink>(&self, out: &mut Output<W>, bad: &NotUtf8) -> io::Result<()> {
        if self.suffixes.is_none() {
            return reject_not_utf8(out, bad);
        }
        out.fail();
        let error = json!({"offset": bad.offset, "rule": "UTF-8", "message": bad.to_string()});
        out.json_line(&invalid(&bad.text, error))
    }
}

/// The JSON object of one host.
fn record(input: &str, parsed: &Result<Host, ParseError>, suffixes: &SuffixList) -> Value {
    let host = match parsed {
        Ok(host) => host,
        Err(e) => {
            let error = json!({"offset": e.offset, "rule": e.rule, "message": e.message()});
            return invalid(input, error);
        }
    };
    let ip = host.ip();
    let (kind, class, domain) = match host.kind() {
        HostKind::Ipv4 => ("ipv4", ip.map(AddressClass::of), None),
        HostKind::Ipv6 => ("ipv6", ip.map(AddressClass::of), None),
        _ => (
            "domain",
            AddressClass::of_name(host.as_str()),
            suffixes.registrable_domain(host.as_str()),
        ),
    };
    json!({
        "input": input,
        "valid": true,
        "host": host.as_str(),
        "unicode": host.to_unicode(),
        "kind": kind,
        "ip": ip.map(|ip| ip.to_string()),
        "class": class.map(AddressClass::name),
        "domain": domain,
        "errors": [],
    })
}

/// The JSON object of an invalid host: its one error.
fn invalid(input: &str, error: Value) -> Value {
    json!({
        "input": input,
        "valid": false,
        "host": null,
        "unicode": null,
        "kind": null,
        "ip": null,
        "class": null,
        "domain": null,
        "errors": [error],
    })
}
