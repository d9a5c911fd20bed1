//! URL Standard §3.5 "Host parsing": the host parser, the opaque-host
//! parser, the ends-in-a-number checker and the IPv4 parser, and §3.6 "Host
//! serializing" (through the IPv4 and IPv6 numbers of the model's `host`
//! module, which RFC 3986 shares).
//!
//! The host is parsed from the input between its delimiters (tabs and
//! newlines skipped) and written, serialized, to the output. Error offsets
//! point into the input: exactly where the text parsed is the input as
//! written (no tab inside, no `%`, ASCII), else at the host's start.
//!
//! [`parse`] runs the host parser on a host by itself (`urikit host`).

use std::borrow::Cow;
use std::net::IpAddr;

use super::encode_sets::{self, push_encoded};
use super::out::Out;
use super::{Halt, Parser};
use crate::engine::{AllErrors, Sink};
use crate::error::{ParseError, ParseErrorKind, MAX_INPUT_LEN};
use crate::host::{ipv4, ipv6, HostKind};
use crate::offsets::Offsets;
use crate::Spec;

/// A forbidden host code point (URL Standard §3.2).
pub fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t' | '\n' | '\r' | ' ' | '#' | '/' | ':' | '<' | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '|'
    )
}

/// A forbidden domain code point (URL Standard §3.2): a forbidden host code
/// point, a C0 control, `%` or U+007F DELETE.
pub fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || c <= '\u{1f}' || c == '%' || c == '\u{7f}'
}

impl<'i, S: Sink, W: Out> Parser<'i, '_, '_, S, W> {
    /// The host of `input[start..end]`, tabs and newlines removed.
    fn host_text(&self, start: usize, end: usize) -> Cow<'i, str> {
        let raw = &self.input[start..end];
        if raw.bytes().any(super::is_tab_or_newline) {
            Cow::Owned(raw.chars().filter(|&c| !matches!(c, '\t' | '\n' | '\r')).collect())
        } else {
            Cow::Borrowed(raw)
        }
    }

    /// The input offset of byte `k` of the host text that starts at `start`.
    fn host_offset(&self, start: usize, k: usize) -> usize {
        let b = self.input.as_bytes();
        let mut i = start;
        let mut n = 0;
        while i < self.end && n < k {
            if !super::is_tab_or_newline(b[i]) {
                n += 1;
            }
            i += 1;
        }
        while i < self.end && super::is_tab_or_newline(b[i]) {
            i += 1;
        }
        i
    }

    /// The host parser (URL Standard §3.5) on `input[start..end]`, with
    /// *isOpaque*: writes the host, serialized, and its kind.
    pub(super) fn host_parse(&mut self, start: usize, end: usize, is_opaque: bool) -> Result<(), Halt> {
        if !W::KEEPS {
            // Writing nothing: the host parser's checks, run over the
            // host's octets as they stream past, say whether it fails.
            if self.host_ok(start, end, is_opaque) {
                self.end_host(HostKind::Domain);
                return Ok(());
            }
            return Err(self.failure(start, ParseErrorKind::InvalidDomain, "host"));
        }
        let text = self.host_text(start, end);
        let text: &str = &text;
        // 1. An IPv6 address.
        if let Some(inner) = text.strip_prefix('[') {
            let Some(inner) = inner.strip_suffix(']') else {
                return Err(self.failure(start, ParseErrorKind::UnclosedBracket, "IPv6-unclosed"));
            };
            let parsed = ipv6::parse(inner.as_bytes());
            for k in parsed.leading_zeros {
                let at = self.host_offset(start, 1 + k);
                self.validation(at, ParseErrorKind::InvalidIpLiteral, "IPv6-piece-leading-zero")?;
            }
            let address = match parsed.address {
                Ok(address) => address,
                Err((k, name)) => {
                    let at = self.host_offset(start, 1 + k);
                    return Err(self.failure(at, ParseErrorKind::InvalidIpLiteral, name));
                }
            };
            if let Some(out) = self.out.kept() {
                out.push('[');
                ipv6::serialize(&address, out);
                out.push(']');
            }
            self.end_host(HostKind::Ipv6);
            return Ok(());
        }
        // 2.
        if is_opaque {
            return self.opaque_host_parse(start, text);
        }
        // 3-4.
        let b = text.as_bytes();
        let escaped = (0..b.len()).find(|&i| b[i] == b'%' && is_escape(b, i));
        if let Some(k) = escaped {
            let at = self.host_offset(start, k);
            self.validation(at, ParseErrorKind::InvalidChar { byte: b'%' }, "domain-percent-encoded")?;
        }
        // 5. UTF-8 decode without BOM of the percent-decoding.
        let domain: Cow<'_, str> = if escaped.is_some() {
            let decoded = percent_decode(b);
            Cow::Owned(String::from_utf8_lossy(&decoded).into_owned())
        } else {
            Cow::Borrowed(text)
        };
        // Offsets into the domain are offsets into the text only when the
        // domain is the text as written.
        let exact = escaped.is_none();
        // 6-7.
        let ascii = self.domain_parser(&domain, start)?;
        // 8. An IPv4 address; one reached from code points that are not
        // ASCII (which UTS #46 maps to digits and dots) is written so that a
        // reader does not see it is one.
        if ends_in_a_number(&ascii) {
            if !domain.is_ascii() {
                self.validation(start, ParseErrorKind::Ipv4NonAscii, "IPv4-non-ASCII-input")?;
            }
            let at = |k: usize| if exact { Some(k) } else { None };
            let address = self.ipv4_parse(&ascii, start, at)?;
            if let Some(out) = self.out.kept() {
                ipv4::serialize(address, out);
            }
            self.end_host(HostKind::Ipv4);
            return Ok(());
        }
        // 9.
        if let Some(k) = ascii.find(is_forbidden_domain_code_point) {
            let at = if exact { self.host_offset(start, k) } else { start };
            let byte = ascii.as_bytes()[k];
            return Err(self.failure(at, ParseErrorKind::InvalidChar { byte }, "domain-to-ASCII"));
        }
        self.out.push_str(&ascii);
        self.end_host(HostKind::Domain);
        Ok(())
    }

    /// The opaque-host parser (URL Standard §3.5).
    fn opaque_host_parse(&mut self, start: usize, text: &str) -> Result<(), Halt> {
        // 1.
        if let Some((k, c)) = text.char_indices().find(|&(_, c)| is_forbidden_host_code_point(c)) {
            let at = self.host_offset(start, k);
            let byte = c as u8;
            return Err(self.failure(at, ParseErrorKind::InvalidChar { byte }, "host-invalid-code-point"));
        }
        // 2-3.
        let b = text.as_bytes();
        for (k, c) in text.char_indices() {
            if c == '%' {
                if !is_escape(b, k) {
                    let found = [b.get(k + 1).copied().unwrap_or(0), b.get(k + 2).copied().unwrap_or(0)];
                    let at = self.host_offset(start, k);
                    self.validation(at, ParseErrorKind::BadEscape { found }, "invalid-URL-unit")?;
                }
            } else if !super::is_url_code_point(c) {
                let at = self.host_offset(start, k);
                self.validation(at, ParseErrorKind::InvalidChar { byte: b[k] }, "invalid-URL-unit")?;
            }
        }
        // 4.
        for c in text.chars() {
            push_encoded(&mut self.out, c, &encode_sets::C0_CONTROL);
        }
        self.end_host(if text.is_empty() {
            HostKind::Empty
        } else {
            HostKind::Opaque
        });
        Ok(())
    }

    /// The IPv4 parser (URL Standard §3.5). `at` maps an offset into `input`
    /// to one into the host text, where the two are alike.
    fn ipv4_parse(&mut self, input: &str, start: usize, at: impl Fn(usize) -> Option<usize>) -> Result<u32, Halt> {
        let offset = |p: &Self, k: usize| at(k).map_or(start, |k| p.host_offset(start, k));
        // 1.
        let mut parts: Vec<(usize, &str)> = Vec::with_capacity(4);
        let mut from = 0;
        for part in input.split('.') {
            parts.push((from, part));
            from += part.len() + 1;
        }
        // 2.
        if parts.last().is_some_and(|(_, p)| p.is_empty()) {
            let k = input.len() - 1;
            let o = offset(self, k);
            self.validation(o, ParseErrorKind::EmptyLabel, "IPv4-empty-part")?;
            if parts.len() > 1 {
                parts.pop();
            }
        }
        // 3-4.
        if parts.len() > 4 {
            let o = offset(self, parts[4].0);
            return Err(self.failure(o, ParseErrorKind::Ipv4TooManyParts, "IPv4-too-many-parts"));
        }
        if parts.len() < 4 {
            self.validation(start, ParseErrorKind::Ipv4TooFewParts, "IPv4-too-few-parts")?;
        }
        // 5-6.
        let mut numbers = [0u64; 4];
        for (n, &(k, part)) in parts.iter().enumerate() {
            let Some((value, non_decimal)) = ipv4_number(part) else {
                let o = offset(self, k);
                let byte = part.as_bytes().first().copied().unwrap_or(b'.');
                return Err(self.failure(o, ParseErrorKind::InvalidChar { byte }, "IPv4-non-numeric-part"));
            };
            if non_decimal {
                let o = offset(self, k);
                self.validation(o, ParseErrorKind::Ipv4NonDecimal, "IPv4-non-decimal-part")?;
            }
            numbers[n] = value;
        }
        let numbers = &numbers[..parts.len()];
        let last = numbers.len() - 1;
        // 7-9.
        let fails = numbers[..last].iter().any(|&n| n > 255) || numbers[last] >= 256u64.pow(5 - numbers.len() as u32);
        for (n, &value) in numbers.iter().enumerate() {
            if value > 255 {
                let o = offset(self, parts[n].0);
                if fails {
                    return Err(self.failure(o, ParseErrorKind::HostNumberOutOfRange, "IPv4-out-of-range-part"));
                }
                self.validation(o, ParseErrorKind::HostNumberOutOfRange, "IPv4-out-of-range-part")?;
            }
        }
        // 10-14.
        let mut ipv4 = numbers[last];
        for (counter, &n) in numbers[..last].iter().enumerate() {
            ipv4 += n * 256u64.pow(3 - counter as u32);
        }
        Ok(ipv4 as u32)
    }
}

/// A host by itself, as the URL Standard's host parser gives it: a domain
/// (after UTS #46 ToASCII), an IPv4 address or an IPv6 address, serialized
/// (URL Standard §3.6).
///
/// # Comparison
///
/// Two hosts are equal when their serializations are: `0x7f.1` and
/// `127.0.0.1` are one host, and `Bücher.de` and `xn--bcher-kva.de`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Host {
    serialization: String,
    kind: HostKind,
}

impl Host {
    /// The serialized host: a domain in ASCII, an IPv4 address in dotted
    /// decimal, an IPv6 address compressed, in brackets.
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// What the host is: [`HostKind::Domain`], [`HostKind::Ipv4`] or
    /// [`HostKind::Ipv6`].
    pub fn kind(&self) -> HostKind {
        self.kind
    }

    /// The address an IPv4 or IPv6 host is; `None` for a domain.
    pub fn ip(&self) -> Option<IpAddr> {
        match self.kind {
            HostKind::Ipv4 => self.serialization.parse().ok().map(IpAddr::V4),
            HostKind::Ipv6 => {
                let inner = self.serialization.strip_prefix('[')?.strip_suffix(']')?;
                inner.parse().ok().map(IpAddr::V6)
            }
            _ => None,
        }
    }

    /// The host as a browser displays it: a domain's Punycode labels
    /// decoded by [`domain_to_unicode`](super::domain_to_unicode) (as
    /// serialized when one does not decode, or without the `idna` feature);
    /// an address as serialized.
    pub fn to_unicode(&self) -> Cow<'_, str> {
        match self.kind {
            HostKind::Domain => {
                super::domain_to_unicode(&self.serialization).unwrap_or(Cow::Borrowed(self.serialization.as_str()))
            }
            _ => Cow::Borrowed(&self.serialization),
        }
    }

    /// The serialized host, owned.
    pub fn into_string(self) -> String {
        self.serialization
    }
}

impl std::fmt::Display for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.serialization)
    }
}

/// The URL Standard's host parser (§3.5) on a host by itself, as the host
/// of a URL with a special scheme is parsed (not opaque): `[` starts an
/// IPv6 address; otherwise `%XX` escapes are decoded, the domain goes
/// through UTS #46 ToASCII, and one that ends in a number is an IPv4 address
/// in any of the forms the IPv4 parser reads (`0x7f.1`, `2130706433`).
/// Validation errors that are not failures are let pass, as browsers let
/// them; [`Url::parse_with`](crate::Url::parse_with) by WHATWG refuses them
/// in a URL.
///
/// The host is the whole input: a tab, CR or LF in it, which the URL parser
/// would have removed from a URL before, is refused here.
///
/// # Examples
///
/// ```
/// use urikit::whatwg::host;
/// use urikit::HostKind;
///
/// let h = host::parse("0x7f.1")?;
/// assert_eq!((h.as_str(), h.kind()), ("127.0.0.1", HostKind::Ipv4));
/// assert_eq!(h.ip(), Some("127.0.0.1".parse().unwrap()));
/// let h = host::parse("Bücher.DE")?;
/// assert_eq!((h.as_str(), h.kind()), ("xn--bcher-kva.de", HostKind::Domain));
/// assert_eq!(h.to_unicode(), "bücher.de");
/// assert_eq!(host::parse("[0:0::1]")?.as_str(), "[::1]");
/// let e = host::parse("a b").unwrap_err();
/// assert_eq!((e.offset, e.rule), (1, "domain-to-ASCII"));
/// # Ok::<(), urikit::ParseError>(())
/// ```
///
/// # Errors
///
/// The failure the host parser returns, with its validation error's name
/// (`IPv6-unclosed`, `IPv4-too-many-parts`, `domain-to-ASCII`, ...) and the
/// offset in `input`; a tab, CR or LF (`domain-invalid-code-point`); an
/// input over [`MAX_INPUT_LEN`] octets
/// (`TooLong`).
pub fn parse(input: &str) -> Result<Host, ParseError> {
    if input.len() > MAX_INPUT_LEN {
        return Err(ParseError::new(
            MAX_INPUT_LEN,
            ParseErrorKind::TooLong,
            "host",
            Spec::Whatwg,
        ));
    }
    if let Some(k) = input.bytes().position(super::is_tab_or_newline) {
        let byte = input.as_bytes()[k];
        let kind = ParseErrorKind::InvalidChar { byte };
        return Err(ParseError::new(k, kind, "domain-invalid-code-point", Spec::Whatwg));
    }
    // The validation errors are let pass: the sink keeps them, and stops
    // nothing.
    let mut sink = AllErrors::default();
    let mut parser = Parser::new(
        input,
        None,
        &mut sink,
        String::with_capacity(input.len()),
        Offsets::new(0),
    );
    match parser.host_parse(0, input.len(), false) {
        Ok(()) => Ok(Host {
            kind: parser.o.host_kind.unwrap_or(HostKind::Domain),
            serialization: parser.out,
        }),
        Err(Halt::Failure(e)) => Err(e),
        // A sink that stops nothing: never.
        Err(Halt::Stopped) => Err(ParseError::new(
            0,
            ParseErrorKind::InvalidChar { byte: 0 },
            "host",
            Spec::Whatwg,
        )),
    }
}

/// Whether `b[i]` (a `%`) starts a percent-encoded byte.
fn is_escape(b: &[u8], i: usize) -> bool {
    i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit()
}

/// URL Standard §1.3 "percent-decode" of a byte sequence.
fn percent_decode(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && is_escape(b, i) {
            let hex = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
            out.push(hex(b[i + 1]) << 4 | hex(b[i + 2]));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// The ends-in-a-number checker (URL Standard §3.5).
pub(crate) fn ends_in_a_number(input: &str) -> bool {
    let input = input.strip_suffix('.').unwrap_or(input);
    let last = input.rsplit('.').next().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|c| c.is_ascii_digit()) {
        return true;
    }
    ipv4_number(last).is_some()
}

/// The IPv4 number parser (URL Standard §3.5): the value (saturated above
/// 2^32, which no address holds) and whether it was written other than in
/// decimal.
fn ipv4_number(input: &str) -> Option<(u64, bool)> {
    // 1.
    if input.is_empty() {
        return None;
    }
    // 2-5.
    let b = input.as_bytes();
    let (digits, radix) = if b.len() >= 2 && (b.starts_with(b"0x") || b.starts_with(b"0X")) {
        (&b[2..], 16)
    } else if b.len() >= 2 && b[0] == b'0' {
        (&b[1..], 8)
    } else {
        (b, 10)
    };
    let non_decimal = radix != 10;
    // 6.
    if digits.is_empty() {
        return Some((0, true));
    }
    // 7-9.
    let mut value: u64 = 0;
    for &d in digits {
        let digit = (d as char).to_digit(radix)?;
        value = (value * u64::from(radix) + u64::from(digit)).min(1 << 40);
    }
    Some((value, non_decimal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(ipv4_number("0x"), Some((0, true)));
        assert_eq!(ipv4_number("0X1f"), Some((31, true)));
        assert_eq!(ipv4_number("017"), Some((15, true)));
        assert_eq!(ipv4_number("0"), Some((0, false)));
        assert_eq!(ipv4_number("09"), None);
        assert_eq!(ipv4_number("1a"), None);
        assert!(ends_in_a_number("a.1") && ends_in_a_number("a.0x") && ends_in_a_number("1.2.3."));
        assert!(!ends_in_a_number("a.b") && !ends_in_a_number("1.a") && !ends_in_a_number("0xg"));
    }
}
