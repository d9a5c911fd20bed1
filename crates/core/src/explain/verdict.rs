//! The verdicts: what the readings of one input, side by side, say a
//! security engineer must know.
//!
//! Each verdict is derived from the readings (and, where it names what a
//! naive splitter would see, from the text: see `written`), never from a
//! parser of its own.

use std::fmt::{self, Write};
use std::net::IpAddr;

use super::address::{AddressClass, METADATA};
use super::code::Code;
use super::quote::{cut, shown};
use super::{written, Light, LightReading, Port};
use crate::error::{Repair, Warning};
use crate::{lint, ports, Spec, UrlRef};

/// One thing the readings, side by side, say a security engineer must know.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Verdict {
    /// What kind of thing.
    pub code: Code,
    /// The specs it concerns.
    pub specs: Vec<Spec>,
    /// What it is, in one line: the hosts, offsets and values it is about.
    pub message: String,
}

/// The verdicts of `light`, most serious first.
pub(crate) fn derive(light: &Light<'_>) -> Vec<Verdict> {
    let mut out = Vec::new();
    if quiet(light) {
        // Most inputs of a list that some spec refuses: that verdict alone.
        rejected_by_some(light, &mut out);
        return out;
    }
    derive_all(light, &mut out);
    out
}

/// Every verdict function, in order, then sorted.
pub(super) fn derive_all(light: &Light<'_>, out: &mut Vec<Verdict>) {
    host_differs(light, out);
    scheme_relative(light, out);
    ip_internal(light, out);
    fragment_or_query(light, out);
    userinfo(light, out);
    backslash(light, out);
    ip_noncanonical(light, out);
    host_decoded(light, out);
    idna_mapped(light, out);
    chars_removed(light, out);
    path_dots(light, out);
    port_unusual(light, out);
    rejected_by_some(light, out);
    out.sort_by_key(|v| v.code);
}

/// Whether no verdict but `rejected-by-some` can be raised, told at a
/// glance: every spec that accepts the input accepts it as it is written
/// (WHATWG with no validation error), which holds none of the octets a
/// verdict looks for, names one host the same way in every reading that
/// has a URL, a name no reading changes, and no port; and there is no base.
/// What each verdict checks, it checks again otherwise.
fn quiet(light: &Light<'_>) -> bool {
    let m = &light.marks;
    if light.base.is_some() || m.at || m.percent || m.non_ascii || m.control_or_space || m.dots {
        return false;
    }
    let mut first = None;
    // A reading that refuses the input has no URL and no warning: it
    // raises `rejected-by-some` alone.
    for r in light.readings() {
        let Some(url) = r.url() else { continue };
        if !r.warnings.is_empty() || url.port_str().is_some() {
            return false;
        }
        let host = url.host();
        match first {
            None => first = Some(host),
            Some(first) if first != host => return false,
            Some(_) => {}
        }
    }
    // One host, written the same way by all: a name no reading changes
    // (no capital letter), not an address (it starts with neither a digit
    // nor a bracket), nor a `localhost` name, which is loopback.
    first.flatten().is_none_or(|h| {
        !h.starts_with(|c: char| c.is_ascii_digit() || c == '[')
            && !h.bytes().any(|b| b.is_ascii_uppercase())
            && AddressClass::of_name(h).is_none()
    })
}

fn verdict(out: &mut Vec<Verdict>, code: Code, specs: Vec<Spec>, message: String) {
    out.push(Verdict { code, specs, message });
}

/// The readings that give a URL.
fn accepted<'l, 'a>(light: &'l Light<'a>) -> impl Iterator<Item = &'l LightReading<'a>> {
    light.readings().filter(|r| r.url.is_ok())
}

/// WHATWG's reading, when it was asked for: the verdicts about it need it.
fn whatwg<'l, 'a>(light: &'l Light<'a>) -> Option<&'l LightReading<'a>> {
    light.whatwg()
}

/// `one` for one spec, `many` for more.
fn verb<'v>(specs: &[Spec], one: &'v str, many: &'v str) -> &'v str {
    if specs.len() == 1 {
        one
    } else {
        many
    }
}

/// `rfc1738, rfc3986`
struct Names<'s>(&'s [Spec]);

impl fmt::Display for Names<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, spec) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(spec.name())?;
        }
        Ok(())
    }
}

/// Readings grouped by a key, in the order of their first reading.
fn group<K: PartialEq>(items: impl Iterator<Item = (Spec, K)>) -> Vec<(K, Vec<Spec>)> {
    let mut groups: Vec<(K, Vec<Spec>)> = Vec::new();
    for (spec, key) in items {
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, specs)) => specs.push(spec),
            None => groups.push((key, vec![spec])),
        }
    }
    groups
}

fn host_differs(light: &Light<'_>, out: &mut Vec<Verdict>) {
    // The same host written the same way by every reading, in a form no
    // reading changes before it is looked up, is one host.
    let mut hosts = accepted(light).map(|r| r.url().and_then(|u| u.host()));
    if let Some(first) = hosts.next() {
        let plain = first.is_none_or(|h| {
            !h.starts_with(|c: char| c.is_ascii_digit())
                && !h
                    .bytes()
                    .any(|b| b.is_ascii_uppercase() || matches!(b, b'%' | b'[') || !b.is_ascii())
        });
        if plain && hosts.all(|h| h == first) {
            return;
        }
    }
    let groups = group(accepted(light).map(|r| (r.spec, r.host_key())));
    if groups.len() < 2 {
        return;
    }
    let mut message = String::from("the hosts differ: ");
    for (i, (host, specs)) in groups.iter().enumerate() {
        if i > 0 {
            message.push_str("; ");
        }
        match host {
            Some(host) => {
                let host = cut(host);
                let _ = write!(message, "{} {} {host}", Names(specs), verb(specs, "reaches", "reach"));
            }
            None => {
                let _ = write!(message, "{} {} no host", Names(specs), verb(specs, "reads", "read"));
            }
        }
    }
    let specs = groups.into_iter().flat_map(|(_, specs)| specs).collect();
    verdict(out, Code::HostDiffers, specs, message);
}

/// Whether `input` is written as an absolute URL with `//` after its scheme.
fn absolute_with_slashes(input: &str) -> bool {
    let s = input.trim_start_matches(|c: char| c <= ' ');
    s.find(':').is_some_and(|colon| {
        let scheme = &s[..colon];
        !scheme.is_empty()
            && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme.bytes().all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
            && s[colon + 1..].starts_with("//")
    })
}

fn scheme_relative(light: &Light<'_>, out: &mut Vec<Verdict>) {
    let Some(base) = light.base else { return };
    if absolute_with_slashes(light.input) {
        return;
    }
    let mut specs = Vec::new();
    let mut moves = Vec::new();
    for r in accepted(light) {
        let Some(host) = r.host_key() else { continue };
        let base_host = super::read_one(base, None, r.spec)
            .0
            .ok()
            .and_then(|held| super::target(&held.url()).host);
        if base_host.as_deref() != Some(&*host) {
            specs.push(r.spec);
            moves.push(format!(
                "{}: {} → {}",
                r.spec.name(),
                cut(base_host.as_deref().unwrap_or("no host")),
                cut(&host)
            ));
        }
    }
    if !specs.is_empty() {
        let message = format!("the reference changes the base's host ({})", moves.join("; "));
        verdict(out, Code::SchemeRelative, specs, message);
    }
}

fn ip_internal(light: &Light<'_>, out: &mut Vec<Verdict>) {
    if light.maybe_localhost() {
        localhost(light, out);
    }
    if !light.maybe_ip() {
        return;
    }
    let groups = group(accepted(light).filter_map(|r| {
        let ip = r.ip()?;
        let class = Some(AddressClass::of(ip)).filter(|c| c.is_internal())?;
        Some((r.spec, (ip, class)))
    }));
    for ((ip, class), specs) in groups {
        let what = if ip == IpAddr::V4(METADATA) {
            format!("{ip} is {class}: the cloud instance metadata address")
        } else {
            format!("{ip} is {class}")
        };
        let message = format!("{what} ({})", Names(&specs));
        verdict(out, Code::IpInternal, specs, message);
    }
}

/// `ip-internal` of a `localhost` name, which is loopback by name (RFC 6761
/// §6.3).
fn localhost(light: &Light<'_>, out: &mut Vec<Verdict>) {
    let groups = group(accepted(light).filter_map(|r| {
        if r.ip().is_some() {
            return None;
        }
        let host = r.resolver_host()?;
        AddressClass::of_name(&host)?;
        Some((r.spec, host))
    }));
    for (host, specs) in groups {
        let message = format!(
            "{} is loopback: a localhost name (RFC 6761 §6.3) ({})",
            cut(&host),
            Names(&specs)
        );
        verdict(out, Code::IpInternal, specs, message);
    }
}

/// The specs that accept the input, or WHATWG (or, without it, every
/// spec read) when none does.
fn concerned(light: &Light<'_>) -> Vec<Spec> {
    let specs: Vec<Spec> = accepted(light).map(|r| r.spec).collect();
    if !specs.is_empty() {
        specs
    } else if light.whatwg().is_some() {
        vec![Spec::Whatwg]
    } else {
        light.readings().map(|r| r.spec).collect()
    }
}

/// The host WHATWG reaches, for a message: `, WHATWG's host is H`, or
/// nothing.
fn whatwg_host(light: &Light<'_>) -> String {
    match whatwg(light).and_then(LightReading::resolver_host) {
        Some(host) => format!(", WHATWG's host is {}", cut(&host)),
        None => String::new(),
    }
}

fn fragment_or_query(light: &Light<'_>, out: &mut Vec<Verdict>) {
    if !light.marks.at {
        return;
    }
    let Some(split) = written::naive_split(light.input) else {
        return;
    };
    let Some((mark, at)) = split.hidden else { return };
    let c = &light.input[mark..=mark];
    let who = if light.whatwg().is_some() {
        "WHATWG ends"
    } else {
        "the parsers end"
    };
    let message = format!(
        "'{c}' at offset {mark} comes before the '@' at {at}: {who} the authority at the '{c}'{}; a split \
         at the last '@' finds {}",
        whatwg_host(light),
        shown(split.last_at),
    );
    verdict(out, Code::FragmentOrQueryInAuthority, concerned(light), message);
}

fn userinfo(light: &Light<'_>, out: &mut Vec<Verdict>) {
    if !light.marks.at {
        return;
    }
    let with: Vec<(Spec, UrlRef<'_>)> = accepted(light)
        .filter_map(|r| r.url().map(|u| (r.spec, u)))
        .filter(|(_, u)| u.user().is_some() || u.password().is_some())
        .collect();
    // An '@' after a '#' or '?' is not before the host:
    // `fragment-or-query-in-authority` says what a split there finds.
    let split = written::naive_split(light.input).filter(|s| s.hidden.is_none() || !with.is_empty());
    if with.is_empty() && split.is_none() {
        return;
    }
    let mut message = String::new();
    if let Some((_, url)) = with.iter().find(|(s, _)| *s == Spec::Whatwg).or(with.first()) {
        let specs: Vec<Spec> = with.iter().map(|(s, _)| *s).collect();
        let _ = write!(
            message,
            "credentials before the host: user {}",
            shown(url.user().unwrap_or(""))
        );
        if url.password().is_some() {
            message.push_str(" and a password");
        }
        let _ = write!(message, " ({})", Names(&specs));
    } else {
        message.push_str("an '@' between '//' and the next '/'");
    }
    message.push_str(&whatwg_host(light));
    if let Some(split) = split {
        let _ = write!(
            message,
            "; a split at the last '@' finds {}, at the first '@' {}",
            shown(split.last_at),
            shown(split.first_at)
        );
    }
    let specs = if with.is_empty() {
        concerned(light)
    } else {
        with.iter().map(|(s, _)| *s).collect()
    };
    verdict(out, Code::Userinfo, specs, message);
}

/// WHATWG's validation errors named `rule`, let pass: their offsets.
fn tolerated<'w>(warnings: &'w [Warning], rules: &'w [&str]) -> impl Iterator<Item = (usize, &'static str)> + 'w {
    warnings.iter().filter_map(move |w| match &w.repair {
        Repair::Tolerated(e) if rules.contains(&e.rule) => Some((w.offset, e.rule)),
        _ => None,
    })
}

/// `offsets 3, 7` or `offset 3`.
fn offsets(list: &[usize]) -> String {
    let numbers: Vec<String> = list.iter().map(usize::to_string).collect();
    format!(
        "offset{} {}",
        if list.len() == 1 { "" } else { "s" },
        numbers.join(", ")
    )
}

fn backslash(light: &Light<'_>, out: &mut Vec<Verdict>) {
    let Some(w) = whatwg(light) else { return };
    // A '\' where a path or the slashes before a host go; right after a
    // special scheme (`http:\\h`) the standard names it as a missing '/'
    // rather than a '\' ("special authority ignore slashes state"), once or
    // twice at one offset: the offsets where the input has a '\'.
    let b = light.input.as_bytes();
    let mut at: Vec<usize> = tolerated(
        &w.warnings,
        &["invalid-reverse-solidus", "special-scheme-missing-following-solidus"],
    )
    .filter(|&(offset, _)| b.get(offset) == Some(&b'\\'))
    .map(|(offset, _)| offset)
    .collect();
    at.sort_unstable();
    at.dedup();
    if at.is_empty() {
        return;
    }
    let message = format!("WHATWG reads the '\\' at {} as '/'{}", offsets(&at), whatwg_host(light));
    verdict(out, Code::Backslash, vec![Spec::Whatwg], message);
}

fn ip_noncanonical(light: &Light<'_>, out: &mut Vec<Verdict>) {
    const RULES: [&str; 4] = [
        "IPv4-non-decimal-part",
        "IPv4-too-few-parts",
        "IPv4-empty-part",
        "IPv4-out-of-range-part",
    ];
    if let Some(w) = whatwg(light) {
        let forms: Vec<&str> = tolerated(&w.warnings, &RULES)
            .map(|(_, rule)| match rule {
                "IPv4-non-decimal-part" => "a hex or octal part",
                "IPv4-too-few-parts" => "fewer than four parts",
                "IPv4-empty-part" => "an empty last part",
                _ => "a part over 255",
            })
            .collect();
        ip_written_so(light, &forms, w, out);
    }
    mapped(light, out);
}

/// `ip-noncanonical` of the forms WHATWG's IPv4 parser let pass.
fn ip_written_so(light: &Light<'_>, forms: &[&str], w: &LightReading<'_>, out: &mut Vec<Verdict>) {
    if let (false, Some(ip)) = (forms.is_empty(), w.ip()) {
        let written = written::host(light.input).map_or("", |(_, h)| h);
        let message = format!(
            "{} is written with {}: WHATWG reads the address {ip}",
            shown(written),
            forms.join(" and ")
        );
        verdict(out, Code::IpNoncanonical, vec![Spec::Whatwg], message);
    }
}

/// `ip-noncanonical` of the IPv4-mapped IPv6 addresses.
fn mapped(light: &Light<'_>, out: &mut Vec<Verdict>) {
    if !light.maybe_ip() {
        return;
    }
    let mapped = group(accepted(light).filter_map(|r| match r.ip()? {
        IpAddr::V6(v6) => Some((r.spec, (v6, v6.to_ipv4_mapped()?))),
        IpAddr::V4(_) => None,
    }));
    for ((v6, v4), specs) in mapped {
        let message = format!(
            "{v6} is IPv4-mapped: it reaches the IPv4 address {v4} ({})",
            Names(&specs)
        );
        verdict(out, Code::IpNoncanonical, specs, message);
    }
}

/// Whether `s` holds a `%` followed by two hex digits.
fn has_escape(s: &str) -> bool {
    s.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

fn host_decoded(light: &Light<'_>, out: &mut Vec<Verdict>) {
    if !light.marks.percent {
        return;
    }
    let Some((_, host)) = written::host(light.input) else {
        return;
    };
    // The host of a scheme that is not special is opaque, and WHATWG's
    // opaque-host parser decodes nothing.
    if !has_escape(host) || !written::special_scheme(light.input) {
        return;
    }
    let Some(w) = whatwg(light) else { return };
    let after = match (w.url.is_ok(), w.resolver_host()) {
        (true, Some(decoded)) => format!("reads it as {}", shown(&decoded)),
        (true, None) => "reads no host".to_owned(),
        (false, _) => "refuses it".to_owned(),
    };
    let keep: Vec<Spec> = accepted(light)
        .filter(|r| r.spec != Spec::Whatwg && r.url().and_then(|u| u.host()).is_some_and(has_escape))
        .map(|r| r.spec)
        .collect();
    let mut message = format!(
        "the host {} has %XX escapes: WHATWG decodes them and {after}",
        shown(host)
    );
    if !keep.is_empty() {
        let _ = write!(message, "; {} keep them as written", Names(&keep));
    }
    let mut specs = vec![Spec::Whatwg];
    specs.extend(keep);
    verdict(out, Code::HostDecoded, specs, message);
}

#[cfg(feature = "idna")]
fn idna_mapped(light: &Light<'_>, out: &mut Vec<Verdict>) {
    if !(light.marks.non_ascii || light.marks.percent) {
        return;
    }
    let Some((_, host)) = written::host(light.input) else {
        return;
    };
    let decoded = crate::pct::decode_lossy(host).unwrap_or(std::borrow::Cow::Borrowed(host));
    if decoded.is_ascii() {
        return;
    }
    let mut changes = Vec::new();
    for c in decoded.chars().filter(|c| !c.is_ascii()) {
        let mut buf = [0; 4];
        let (mapped, _) = ::idna::domain_to_unicode(c.encode_utf8(&mut buf));
        if mapped.chars().ne(c.to_lowercase()) && !changes.iter().any(|(d, _)| *d == c) {
            changes.push((c, mapped));
        }
    }
    if changes.is_empty() {
        return;
    }
    let Some(w) = whatwg(light) else { return };
    let after = match (w.url.is_ok(), w.resolver_host()) {
        (true, Some(host)) => format!("WHATWG reaches {}", shown(&host)),
        _ => "WHATWG refuses the result".to_owned(),
    };
    let list: Vec<String> = changes
        .iter()
        .take(8)
        .map(|(c, m)| {
            if m.is_empty() {
                format!("U+{:04X} dropped", u32::from(*c))
            } else {
                format!("U+{:04X} '{c}' → {}", u32::from(*c), shown(m))
            }
        })
        .collect();
    let more = changes.len().saturating_sub(list.len());
    let mut message = format!("UTS #46 maps the host {}: {}", shown(&decoded), list.join(", "));
    if more > 0 {
        let _ = write!(message, " and {more} more");
    }
    let _ = write!(message, "; {after}");
    verdict(out, Code::IdnaMapped, vec![Spec::Whatwg], message);
}

/// Without UTS #46 there is no mapping to name: WHATWG refuses a host
/// that needs it (`IdnaUnavailable`), which `rejected-by-some` says.
#[cfg(not(feature = "idna"))]
fn idna_mapped(_: &Light<'_>, _: &mut Vec<Verdict>) {}

/// The name of an octet WHATWG removes.
fn removed_name(b: u8) -> String {
    match b {
        b' ' => "a space".to_owned(),
        b'\t' => "a tab".to_owned(),
        b'\n' => "an LF".to_owned(),
        b'\r' => "a CR".to_owned(),
        _ => format!("control 0x{b:02X}"),
    }
}

fn chars_removed(light: &Light<'_>, out: &mut Vec<Verdict>) {
    if !light.marks.control_or_space || light.whatwg().is_none() {
        return;
    }
    let removed = written::removed(light.input);
    if removed.is_empty() {
        return;
    }
    let list: Vec<String> = removed
        .iter()
        .take(8)
        .map(|&(at, b)| format!("{} at {at}", removed_name(b)))
        .collect();
    let mut message = format!("WHATWG removes {}", list.join(", "));
    if removed.len() > list.len() {
        let _ = write!(message, " and {} more", removed.len() - list.len());
    }
    message.push_str(" before it parses");
    verdict(out, Code::CharsRemoved, vec![Spec::Whatwg], message);
}

fn path_dots(light: &Light<'_>, out: &mut Vec<Verdict>) {
    if !(light.marks.dots || light.marks.percent) {
        return;
    }
    let before_query = light.input.split(['?', '#']).next().unwrap_or("");
    if written::double_dots(before_query) == 0 {
        return;
    }
    let (mut keep, mut remove) = (Vec::new(), Vec::new());
    for r in accepted(light) {
        let Some(url) = r.url() else { continue };
        if written::double_dots(url.path()) > 0 {
            keep.push((r.spec, url.path()));
        } else {
            remove.push((r.spec, url.path()));
        }
    }
    if keep.is_empty() || remove.is_empty() {
        return;
    }
    let side = |list: &[(Spec, &str)]| {
        let groups = group(list.iter().map(|&(s, p)| (s, p)));
        let parts: Vec<String> = groups
            .iter()
            .map(|(path, specs)| format!("{} {}", Names(specs), shown(path)))
            .collect();
        parts.join(", ")
    };
    let message = format!("'..' segments: removed by {}; kept by {}", side(&remove), side(&keep));
    let specs = remove.iter().chain(&keep).map(|(s, _)| *s).collect();
    verdict(out, Code::PathDots, specs, message);
}

fn port_unusual(light: &Light<'_>, out: &mut Vec<Verdict>) {
    let ports = group(accepted(light).filter_map(|r| {
        let url = r.url()?;
        url.port_str().filter(|p| !p.is_empty())?;
        let port = r.port()?;
        Some((r.spec, (url.scheme().to_ascii_lowercase(), port)))
    }));
    for ((scheme, port), specs) in ports {
        let message = match &port {
            Port::Digits(digits) => {
                let low = digits
                    .trim_start_matches('0')
                    .parse::<u128>()
                    .map(|n| format!("; a client that keeps its low 16 bits connects to {}", n & 0xffff))
                    .unwrap_or_default();
                format!(
                    "port {digits} does not fit 16 bits: {} keep it as written{low}",
                    Names(&specs)
                )
            }
            Port::Number(n) => {
                let mut why = Vec::new();
                let default = ports::default_port(&scheme, Spec::Rfc3986);
                if let Some(d) = default.filter(|d| d != n) {
                    why.push(format!("not the default of {scheme} ({d})"));
                }
                if lint::is_bad_port(*n) {
                    why.push("on WHATWG Fetch's bad-port list: browsers refuse to fetch from it".to_owned());
                }
                if why.is_empty() {
                    continue;
                }
                format!("port {n} is {} ({})", why.join(", and "), Names(&specs))
            }
        };
        verdict(out, Code::PortUnusual, specs, message);
    }
}

fn rejected_by_some(light: &Light<'_>, out: &mut Vec<Verdict>) {
    let refused = light.readings().filter(|r| r.url.is_err()).count();
    if refused == 0 || refused == light.readings().count() {
        return;
    }
    // Written piece by piece, with no formatting machinery: one in seven
    // URLs of a crawl has this verdict.
    let mut message = String::with_capacity(160);
    message.push_str("accepted by ");
    push_names(&mut message, accepted(light).map(|r| r.spec));
    message.push_str("; refused by ");
    let mut specs = Vec::with_capacity(refused);
    for r in light.readings() {
        let Err(failed) = &r.url else { continue };
        let (e, place) = &**failed;
        if !specs.is_empty() {
            message.push_str(", ");
        }
        specs.push(r.spec);
        message.push_str(r.spec.name());
        message.push_str(" (");
        message.push_str(e.rule);
        message.push_str(" at offset ");
        message.push_str(crate::ascii::decimal(e.offset as u64, &mut [0; 20]));
        message.push_str(match place {
            super::FailedIn::Input => ")",
            super::FailedIn::Base => " in the base)",
            super::FailedIn::Resolved(_) => " in the resolved URL)",
        });
    }
    verdict(out, Code::RejectedBySome, specs, message);
}

/// Appends the specs' names, separated by commas.
fn push_names(message: &mut String, specs: impl Iterator<Item = Spec>) {
    for (i, spec) in specs.enumerate() {
        if i > 0 {
            message.push_str(", ");
        }
        message.push_str(spec.name());
    }
}

#[cfg(test)]
mod tests {
    use super::{derive, derive_all, quiet};
    use crate::explain::{Light, SPECS};

    /// Whether the verdicts of `input` are every verdict function's, when
    /// `quiet` says that `rejected-by-some` alone needs to be asked.
    fn agrees(input: &str, base: Option<&str>) -> bool {
        let light = Light::read(input, base, &SPECS).unwrap();
        let mut all = Vec::new();
        derive_all(&light, &mut all);
        derive(&light) == all
    }

    #[test]
    fn decimals_are_written_as_format_writes_them() {
        for n in [0, 7, 10, 99, 100, 65_535, 4_294_967_294, usize::MAX] {
            assert_eq!(crate::ascii::decimal(n as u64, &mut [0; 20]), format!("{n}"));
        }
    }

    #[test]
    fn quiet_only_when_nothing_is_raised() {
        let mut quiet_seen = 0;
        for input in [
            "http://example.com/a",
            "https://example.com/",
            "http://Example.com/",
            "http://example.com:8080/",
            "http://10.0.0.1/",
            "http://[::1]/",
            "http://h/a/../b",
            "http://localhost/",
            "http://x.localhost/",
            "file://localhost/x",
            "http:\\\\h/",
            "http:/\\h/",
            "foo://%67oogle.com/",
            "http://u@h/",
            "https://expected-host.com@attacker.com",
            "ftp://u:p@h/x",
            "http://h:80/",
            "http://h.example..com/",
            "http://h/%41",
            "http://h/\\x",
            "http://h/é",
            " http://h/",
            "ftp://h/x;type=a",
            "mailto:a@b.c",
            "node:url",
            "file:///etc/motd",
        ] {
            assert!(agrees(input, None), "{input}");
            assert!(agrees(input, Some("http://example.com/")), "{input}");
            quiet_seen += usize::from(quiet(&Light::read(input, None, &SPECS).unwrap()));
        }
        assert!(quiet_seen >= 2, "{quiet_seen}");
        // Refused by some spec, and nothing else to say.
        for input in ["file:///etc/motd", "http://a/~x", "http://h/?a/b"] {
            let light = Light::read(input, None, &SPECS).unwrap();
            assert!(quiet(&light), "{input}");
            assert_eq!(derive(&light).len(), 1, "{input}");
        }
    }

    proptest::proptest! {
        #[test]
        fn quiet_agrees_with_every_verdict(
            scheme in proptest::sample::select(&["http", "https", "ftp", "file", "x", "HTTP"][..]),
            rest in "([a-zA-Z0-9./:@;=?#&~ \\\t\u{e9}\u{ff0e}-]|%[0-9A-Fa-f]{2}){0,24}",
        ) {
            let input = format!("{scheme}://{rest}");
            proptest::prop_assert!(agrees(&input, None), "{}", input);
        }
    }
}
