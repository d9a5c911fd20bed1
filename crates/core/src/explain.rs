//! One URL under every spec, side by side, and what a security engineer
//! must know about where they disagree.
//!
//! URL-confusion bugs (SSRF filter bypasses, open redirects, allow-list
//! escapes) come from two parsers reading one string differently: a
//! validator by RFC 3986, a client by the WHATWG URL Standard, a proxy by
//! something older. [`explain`] parses the input under each of the five
//! specs urikit speaks, through the same entry points as everything else
//! (strictly by the four RFCs, as browsers do by WHATWG: validation errors
//! that are not failures are let pass and listed), and derives
//! [`Verdict`]s from what the readings give: hosts that differ, internal
//! addresses, characters a spec drops, IDNA mappings. It has no parser of
//! its own and adds no special case to the grammars; to name what a naive
//! splitter would find in the text (the host after the last `@`), it
//! looks at the text, and says so. Only [`verdicts`] answers the commonest
//! shape of URL, which every spec reads alike, from its text alone.
//!
//! [`explain_with`] and [`verdicts_with`] read the input by the specs given
//! only ("a browser or RFC 3986?"): the others are not parsed, and the
//! verdicts compare the readings there are.
//!
//! # Examples
//!
//! ```
//! use urikit::explain::{explain, Code};
//! use urikit::Spec;
//!
//! let e = explain("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", None)?;
//! // Only a browser takes it, and it goes to 2.2.2.2 ...
//! let whatwg = e.reading(Spec::Whatwg).unwrap();
//! assert_eq!(whatwg.target.as_ref().unwrap().host.as_deref(), Some("2.2.2.2"));
//! assert!(e.reading(Spec::Rfc3986).unwrap().url.is_none());
//! // ... where a split at the last '@' finds 3.3.3.3.
//! let codes: Vec<Code> = e.verdicts.iter().map(|v| v.code).collect();
//! assert_eq!(codes, [Code::FragmentOrQueryInAuthority, Code::Userinfo, Code::RejectedBySome]);
//! assert!(e.verdicts[1].message.contains("3.3.3.3"));
//!
//! // A plain URL raises nothing.
//! assert!(explain("https://example.com/", None)?.verdicts.is_empty());
//! # Ok::<(), urikit::ParseError>(())
//! ```

mod address;
mod code;
#[cfg(feature = "serde")]
mod json;
mod plain;
mod quote;
mod verdict;
mod written;

use std::borrow::Cow;
use std::net::IpAddr;

pub use address::AddressClass;
pub use code::Code;
pub use verdict::Verdict;

use crate::error::{ParseError, ParseErrorKind, ResolveErrorKind, Warning, MAX_INPUT_LEN};
use crate::host::HostKind;
use crate::{pct, ports, validate, Spec, Url, UrlRef};

/// The five specs in the order of the table and the JSON: the 1994 two,
/// RFC 1808, RFC 3986, WHATWG.
pub const SPECS: [Spec; 5] = Spec::ALL;

/// One input under every spec (or the specs asked for), and the verdicts.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Explanation {
    /// The input.
    pub input: String,
    /// The base the input was read against, when there was one.
    pub base: Option<String>,
    /// One reading per spec read, in the order of [`SPECS`].
    pub readings: Vec<Reading>,
    /// The verdicts, most serious first.
    pub verdicts: Vec<Verdict>,
}

impl Explanation {
    /// The reading of `spec`; `None` when [`explain_with`] was not asked
    /// for it.
    pub fn reading(&self, spec: Spec) -> Option<&Reading> {
        self.readings.iter().find(|r| r.spec == spec)
    }
}

/// What one spec makes of the input.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Reading {
    /// The spec.
    pub spec: Spec,
    /// The URL the spec reads, `None` when it refuses the input. With a base,
    /// the input resolved against it by the spec's algorithm
    /// ([`Url::resolve_with`]; WHATWG: the parser with a base).
    pub url: Option<Url>,
    /// Why it refuses: every violation [`validate`] finds (the first is where
    /// a strict parser stops), or the one error resolution met; WHATWG: the
    /// failure, the one error of a parse as browsers run it. Empty for a
    /// URL.
    pub errors: Vec<ParseError>,
    /// What the offsets of [`errors`](Self::errors) point into.
    pub failed_in: FailedIn,
    /// WHATWG: the validation errors that are not failures, which browsers
    /// let pass; empty for the other specs.
    pub warnings: Vec<Warning>,
    /// Where a request for the URL would go; `None` when there is no URL.
    pub target: Option<Target>,
}

/// What the offsets of a [`Reading`]'s errors point into.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FailedIn {
    /// The input.
    Input,
    /// The base, which is not a URL by the spec.
    Base,
    /// The absolute form that resolving the input against the base produced.
    Resolved(String),
}

/// Where a request for a URL would go.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Target {
    /// The scheme, lower case.
    pub scheme: String,
    /// The host as a resolver would be given it: WHATWG's serialized host
    /// (IDNA and IPv4 processing done), or the host as written,
    /// percent-decoded, lower case and (with the `idna` feature) in ASCII;
    /// an IPv6 address without its brackets. `None` when the URL has no
    /// host or an empty one.
    pub host: Option<String>,
    /// The port: the URL's, or the scheme's default under the spec.
    pub port: Option<Port>,
    /// The IP address the host is, as written or after WHATWG's processing;
    /// `None` for a name.
    pub ip: Option<IpAddr>,
    /// What the address is for, or a name by itself is for (`localhost`
    /// and the names under it are loopback: [`AddressClass::of_name`]);
    /// `None` for another name.
    pub class: Option<AddressClass>,
}

/// A port as a URL writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Port {
    /// A 16-bit port.
    Number(u16),
    /// Digits that no 16-bit number holds (RFC 1808 and RFC 3986 allow any),
    /// as written; never replaced by another port.
    Digits(String),
}

/// Explains `input` (against `base`, when given) under every spec.
///
/// A base that is not a URL by a spec makes that spec's reading fail, with
/// the base's errors ([`FailedIn::Base`]).
///
/// # Errors
///
/// When the input, or the base, is longer than [`MAX_INPUT_LEN`]
/// (`TooLong`): no spec reads it.
pub fn explain(input: &str, base: Option<&str>) -> Result<Explanation, ParseError> {
    explain_with(input, base, &SPECS)
}

/// Explains `input` (against `base`, when given) under the specs in
/// `specs` only, in the order of [`SPECS`] whatever their order there: the
/// others are not parsed, and the verdicts compare the readings there are
/// (two specs that agree raise no `host-differs`, however a third reads
/// it; the verdicts about WHATWG's reading need WHATWG among them). No
/// spec gives no reading and no verdict.
///
/// # Examples
///
/// ```
/// use urikit::explain::{explain, explain_with};
/// use urikit::Spec;
///
/// // RFC 1738 refuses the '~' (an unsafe octet), RFC 3986 and WHATWG do not.
/// assert!(!explain("http://a/~x", None)?.verdicts.is_empty());
/// let e = explain_with("http://a/~x", None, &[Spec::Whatwg, Spec::Rfc3986])?;
/// assert!(e.verdicts.is_empty());
/// assert_eq!(e.readings.len(), 2);
/// assert_eq!(e.readings[0].spec, Spec::Rfc3986);
/// assert!(e.reading(Spec::Rfc1738).is_none());
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Errors
///
/// As [`explain`].
pub fn explain_with(input: &str, base: Option<&str>, specs: &[Spec]) -> Result<Explanation, ParseError> {
    let light = Light::read(input, base, specs)?;
    let verdicts = verdict::derive(&light);
    let readings = light
        .read
        .into_iter()
        .flatten()
        .map(|r| r.into_reading(input, base))
        .collect();
    Ok(Explanation {
        input: input.to_owned(),
        base: base.map(str::to_owned),
        readings,
        verdicts,
    })
}

/// The verdicts of `input` (against `base`) alone, without the readings:
/// what [`explain`] gives as [`Explanation::verdicts`], with less work.
///
/// An input of the commonest shape (`http`, `https` or `file`, a lower-case
/// host name, a path, query and fragment of the octets every spec allows
/// there unescaped, and no port, user, escape or `/.`) raises none, and is
/// recognized from its text without the readings; tests and fuzzing hold
/// that answer to every verdict.
///
/// # Examples
///
/// ```
/// use urikit::explain::{verdicts, Code};
///
/// let v = verdicts("http://0x7f.1/", None)?;
/// assert_eq!(v[0].code, Code::HostDiffers);
/// assert!(v.iter().any(|v| v.code == Code::IpInternal && v.message.contains("127.0.0.1")));
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Errors
///
/// As [`explain`].
pub fn verdicts(input: &str, base: Option<&str>) -> Result<Vec<Verdict>, ParseError> {
    verdicts_with(input, base, &SPECS)
}

/// The verdicts of `input` (against `base`) under the specs in `specs`
/// only: what [`explain_with`] gives as [`Explanation::verdicts`], with
/// less work, and none for the specs left out.
///
/// # Examples
///
/// ```
/// use urikit::explain::{verdicts_with, Code};
/// use urikit::Spec;
///
/// let v = verdicts_with("http://a/~x", None, &[Spec::Whatwg, Spec::Rfc3986])?;
/// assert!(v.is_empty());
/// let v = verdicts_with("http://a/~x", None, &[Spec::Whatwg, Spec::Rfc1738])?;
/// assert_eq!(v[0].code, Code::RejectedBySome);
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Errors
///
/// As [`explain`].
pub fn verdicts_with(input: &str, base: Option<&str>, specs: &[Spec]) -> Result<Vec<Verdict>, ParseError> {
    // The commonest shape, which every spec reads alike, raises nothing
    // (under any of them): known from the text, without the readings.
    if base.is_none() && input.len() <= MAX_INPUT_LEN && plain::plain(input.as_bytes()) {
        return Ok(Vec::new());
    }
    Ok(verdict::derive(&Light::read(input, base, specs)?))
}

/// A URL a reading holds: borrowed from the input when it is its own
/// serialization, else made.
enum Held<'a> {
    Borrowed(UrlRef<'a>),
    Owned(Url),
}

impl Held<'_> {
    fn url(&self) -> UrlRef<'_> {
        match self {
            Held::Borrowed(url) => *url,
            Held::Owned(url) => url.as_url_ref(),
        }
    }
}

/// One spec's reading, as the verdicts need it.
struct LightReading<'a> {
    spec: Spec,
    url: Result<Held<'a>, Box<(ParseError, FailedIn)>>,
    warnings: Vec<Warning>,
}

/// Every spec's reading, as the verdicts need them.
pub(crate) struct Light<'a> {
    input: &'a str,
    marks: written::Marks,
    base: Option<&'a str>,
    /// The reading of each spec of [`SPECS`] that was asked for, at its
    /// place there: no allocation.
    read: [Option<LightReading<'a>>; 5],
}

impl<'a> Light<'a> {
    /// The readings, in the order of [`SPECS`].
    fn readings(&self) -> impl Iterator<Item = &LightReading<'a>> {
        self.read.iter().flatten()
    }

    /// WHATWG's reading, when it was asked for.
    fn whatwg(&self) -> Option<&LightReading<'a>> {
        self.read[SPECS.len() - 1].as_ref()
    }

    /// Whether some reading's host may be a `localhost` name, as written or
    /// once decoded.
    fn maybe_localhost(&self) -> bool {
        self.readings().any(|r| {
            r.url()
                .and_then(|u| u.host())
                .is_some_and(|h| AddressClass::of_name(h).is_some() || h.contains('%'))
        })
    }

    /// Whether some reading's host may be an address: one starts with a
    /// digit or a bracket.
    fn maybe_ip(&self) -> bool {
        self.readings().any(|r| {
            r.url()
                .and_then(|u| u.host())
                .is_some_and(|h| h.starts_with(|c: char| c.is_ascii_digit() || c == '['))
        })
    }

    fn read(input: &'a str, base: Option<&'a str>, specs: &[Spec]) -> Result<Light<'a>, ParseError> {
        if [Some(input), base]
            .into_iter()
            .flatten()
            .any(|text| text.len() > MAX_INPUT_LEN)
        {
            return Err(too_long(MAX_INPUT_LEN, Spec::Whatwg));
        }
        let read = |spec| {
            specs.contains(&spec).then(|| {
                let (url, warnings) = read_one(input, base, spec);
                LightReading { spec, url, warnings }
            })
        };
        // Written out, as `SPECS` orders them: `array::map` would build the
        // array aside and move it.
        let read = [
            read(Spec::Rfc1738),
            read(Spec::Rfc1630),
            read(Spec::Rfc1808),
            read(Spec::Rfc3986),
            read(Spec::Whatwg),
        ];
        debug_assert!(read
            .iter()
            .zip(SPECS)
            .all(|(r, spec)| r.as_ref().is_none_or(|r| r.spec == spec)));
        Ok(Light {
            input,
            marks: written::marks(input),
            base,
            read,
        })
    }
}

type Read<'a> = (Result<Held<'a>, Box<(ParseError, FailedIn)>>, Vec<Warning>);

/// The reading of `input` by `spec`: strict for the RFCs, as browsers run
/// it for WHATWG.
fn read_one<'a>(input: &'a str, base: Option<&str>, spec: Spec) -> Read<'a> {
    let Some(base) = base else {
        return match spec {
            // An input that is its own serialization, with no validation
            // error, is borrowed; any other is parsed as browsers do.
            Spec::Whatwg => match UrlRef::parse_with(input, spec) {
                Ok(url) => (Ok(Held::Borrowed(url)), Vec::new()),
                Err(_) => match Url::parse_lenient_with(input, spec) {
                    Ok((url, warnings)) => (Ok(Held::Owned(url)), warnings),
                    Err(e) => (Err(Box::new((e, FailedIn::Input))), Vec::new()),
                },
            },
            Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986 => {
                match UrlRef::parse_with(input, spec) {
                    // A `Url` stores its scheme in lower case: one written
                    // otherwise is parsed into one.
                    Ok(url) if !url.scheme().bytes().any(|b| b.is_ascii_uppercase()) => {
                        (Ok(Held::Borrowed(url)), Vec::new())
                    }
                    Ok(_) => match Url::parse_with(input, spec) {
                        Ok(url) => (Ok(Held::Owned(url)), Vec::new()),
                        Err(e) => (Err(Box::new((e, FailedIn::Input))), Vec::new()),
                    },
                    Err(e) => (Err(Box::new((e, FailedIn::Input))), Vec::new()),
                }
            }
        };
    };
    let parsed_base = match spec {
        Spec::Whatwg => Url::parse_lenient_with(base, spec).map(|(url, _)| url),
        Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986 => Url::parse_with(base, spec),
    };
    let base = match parsed_base {
        Ok(base) => base,
        Err(e) => return (Err(Box::new((e, FailedIn::Base))), Vec::new()),
    };
    if spec == Spec::Whatwg {
        return match Url::parse_lenient_with_base(input, &base) {
            Ok((url, warnings)) => (Ok(Held::Owned(url)), warnings),
            Err(e) => (Err(Box::new((e, FailedIn::Input))), Vec::new()),
        };
    }
    match base.resolve_with(input, spec) {
        Ok(url) => (Ok(Held::Owned(url)), Vec::new()),
        Err(e) => match e.kind() {
            ResolveErrorKind::InvalidReference(error) => (Err(Box::new((*error, FailedIn::Input))), Vec::new()),
            ResolveErrorKind::InvalidResult { result, error } => {
                (Err(Box::new((*error, FailedIn::Resolved(result.clone())))), Vec::new())
            }
            _ => (Err(Box::new((too_long(e.offset(), spec), FailedIn::Input))), Vec::new()),
        },
    }
}

impl LightReading<'_> {
    fn url(&self) -> Option<UrlRef<'_>> {
        self.url.as_ref().ok().map(Held::url)
    }

    /// The host a resolver is given ([`Target::host`]), borrowed when the
    /// URL holds it so.
    fn resolver_host(&self) -> Option<Cow<'_, str>> {
        let url = self.url()?;
        let host = url.host().filter(|h| !h.is_empty())?;
        let plain = self.spec == Spec::Whatwg
            || !host
                .bytes()
                .any(|b| b.is_ascii_uppercase() || matches!(b, b'%' | b'[') || !b.is_ascii());
        if plain {
            return Some(Cow::Borrowed(host));
        }
        Some(Cow::Owned(resolver_host(host, url.host_kind(), self.spec)))
    }

    /// The IP address the host is ([`Target::ip`]).
    fn ip(&self) -> Option<IpAddr> {
        let url = self.url()?;
        // An address starts with a digit, or a bracket: any other host is
        // a name, whatever its kind.
        if !url.host()?.starts_with(|c: char| c.is_ascii_digit() || c == '[') {
            return None;
        }
        match url.host_kind()? {
            HostKind::Ipv4 => decimal_ipv4(url.host()?).map(IpAddr::V4),
            HostKind::Ipv6 => {
                let host = url.host()?;
                host.strip_prefix('[')?.strip_suffix(']')?.parse().ok().map(IpAddr::V6)
            }
            _ => None,
        }
    }

    /// What the verdicts compare of two readings' hosts: the address, or
    /// the name a resolver is given; `None` for no host.
    fn host_key(&self) -> Option<Cow<'_, str>> {
        match self.ip() {
            Some(ip) => Some(Cow::Owned(ip.to_string())),
            None => self.resolver_host(),
        }
    }

    /// The port: the URL's, or the digits it writes.
    fn port(&self) -> Option<Port> {
        let url = self.url()?;
        match (url.port(), url.port_str()) {
            (Some(port), _) => Some(Port::Number(port)),
            (None, Some(digits)) if !digits.is_empty() => Some(Port::Digits(digits.to_owned())),
            _ => None,
        }
    }

    /// The full reading: the URL owned, and every error of a refusal.
    fn into_reading(self, input: &str, base: Option<&str>) -> Reading {
        let spec = self.spec;
        let target = self.url().map(|url| target(&url));
        let (url, errors, failed_in) = match self.url {
            Ok(held) => {
                let url = match held {
                    Held::Owned(url) => url,
                    Held::Borrowed(url) => url.to_url(),
                };
                (Some(url), Vec::new(), FailedIn::Input)
            }
            Err(failed) => {
                let (first, failed_in) = *failed;
                let all = match (&failed_in, base) {
                    // A lenient parse, as browsers run it, has one error: the
                    // failure.
                    _ if spec == Spec::Whatwg => Vec::new(),
                    (FailedIn::Input, None) => validate(input, spec),
                    (FailedIn::Base, Some(base)) => validate(base, spec),
                    _ => Vec::new(),
                };
                // The list starts where the parser stopped; `validate` may
                // find none where resolution failed.
                let errors = if all.is_empty() { vec![first] } else { all };
                (None, errors, failed_in)
            }
        };
        Reading {
            spec,
            url,
            errors,
            failed_in,
            warnings: self.warnings,
            target,
        }
    }
}

/// The error of a text no spec reads, longer than [`MAX_INPUT_LEN`] by
/// itself or once resolved.
fn too_long(offset: usize, spec: Spec) -> ParseError {
    ParseError::new(offset, ParseErrorKind::TooLong, "URL", spec)
}

/// Where a request for `url` would go.
fn target(url: &UrlRef<'_>) -> Target {
    let spec = url.spec();
    let reading = LightReading {
        spec,
        url: Ok(Held::Borrowed(*url)),
        warnings: Vec::new(),
    };
    let ip = reading.ip();
    let scheme = url.scheme().to_ascii_lowercase();
    let port = reading
        .port()
        .or_else(|| ports::default_port(&scheme, spec).map(Port::Number));
    let host = reading.resolver_host().map(Cow::into_owned);
    Target {
        class: ip.map_or_else(
            || host.as_deref().and_then(AddressClass::of_name),
            |ip| Some(AddressClass::of(ip)),
        ),
        host,
        scheme,
        port,
        ip,
    }
}

/// The address four decimal numbers name, each read in decimal whatever
/// its leading zeros (RFC 1738 `hostnumber`: `digits "." digits ...`; a
/// WHATWG host is serialized so already).
fn decimal_ipv4(host: &str) -> Option<std::net::Ipv4Addr> {
    let mut parts = [0u8; 4];
    let mut n = 0;
    for part in host.split('.') {
        *parts.get_mut(n)? = part.parse().ok()?;
        n += 1;
    }
    (n == 4).then(|| parts.into())
}

/// The host a resolver is given for `host`, written as the URL holds it.
fn resolver_host(host: &str, kind: Option<HostKind>, spec: Spec) -> String {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return inner.to_ascii_lowercase();
    }
    if spec == Spec::Whatwg || kind == Some(HostKind::Ipv4) {
        return host.to_owned();
    }
    // A registered name is percent-decoded before it is looked up (RFC 3986
    // §3.2.2), and a name that is not ASCII then goes through IDNA.
    let decoded = pct::decode_lossy(host).unwrap_or(Cow::Borrowed(host));
    let lower = decoded.to_lowercase();
    #[cfg(feature = "idna")]
    if !lower.is_ascii() {
        if let Ok(ascii) = ::idna::domain_to_ascii(&lower) {
            return ascii;
        }
    }
    lower
}
