//! URL Standard §6.1 `URL.canParse(url, base)`: whether the basic URL
//! parser returns a URL, answered by the parser writing nothing, without
//! heap allocation.
//!
//! Of the parser's failures, every one is met before the path: a missing
//! scheme without a usable base, an empty host, a host the host parser
//! refuses, a bad port. The path, opaque path, query and fragment states
//! never fail. So the parser, given an output that keeps nothing
//! ([`Nothing`]), runs the states up to where the path starts, and its host
//! parser runs the checks over the host's octets as they stream past (tabs
//! and newlines skipped, `%XX` decoded), here ([`Parser::host_ok`]):
//!
//! * an IPv6 address through the IPv6 parser, on a copy on the stack (an
//!   address the parser accepts is at most 45 octets long);
//! * an opaque host: no forbidden host code point;
//! * a domain: an ASCII one is never refused by the domain parser (with
//!   the `idna` feature), so its octets go straight to the ends-in-a-number
//!   checker, the IPv4 parser and the forbidden domain code points
//!   ([`Domain`], which keeps no more than a few numbers); one that is not
//!   ASCII goes through UTS #46 ToASCII (the `idna` crate's `process`,
//!   whose output streams into the same [`Domain`]).
//!
//! A base is parsed the same way, and lends the parse of the input what
//! decides its failure: its scheme and whether its path is opaque.
//!
//! Heap allocation: none for an ASCII host. A host that is not ASCII is
//! handed to the `idna` crate, which allocates only when its working
//! buffers overflow their inline sizes (253 code points for the domain,
//! 59 for a label it decodes, 8 labels that are already Punycode); and when
//! such a host is written with tabs, newlines or `%XX` escapes inside, its
//! decoded octets are gathered on the stack up to [`DECODED_ON_STACK`]
//! octets and on the heap past that.

use super::host::is_forbidden_domain_code_point;
use super::out::{BaseRef, Nothing};
use super::{is_tab_or_newline, Parser, SchemeType};
use crate::engine::{Quiet, Sink};
use crate::error::MAX_INPUT_LEN;
use crate::host::ipv6;
use crate::offsets::Offsets;

/// The decoded octets of a host that is not ASCII and is written with tabs,
/// newlines or escapes inside, up to this length, are gathered on the
/// stack for the `idna` crate.
const DECODED_ON_STACK: usize = 512;

/// Whether `input` parses, against `base` when given: the URL Standard's
/// `URL.canParse(input, base)`. Exactly when
/// [`Url::parse_lenient_with`](crate::Url::parse_lenient_with)`(input,
/// Spec::Whatwg)` succeeds (with a base: when parsing `base` succeeds and
/// then [`resolve_with`](crate::Url::resolve_with) of `input` against it),
/// without building the URL. It allocates nothing on the heap for any
/// input whose hosts are ASCII (see the module docs for the rest).
///
/// # Examples
///
/// ```
/// use urikit::whatwg::can_parse;
///
/// assert!(can_parse("https://example.com/a b", None));
/// assert!(can_parse("HTTP://0x7f.1", None));
/// assert!(!can_parse("http://a:99999/", None));
/// assert!(!can_parse("/just/a/path", None));
/// assert!(can_parse("/just/a/path", Some("https://example.com/")));
/// assert!(!can_parse("#x", Some("not a URL")));
/// ```
pub fn can_parse(input: &str, base: Option<&str>) -> bool {
    if base.is_none() && input.len() <= MAX_INPUT_LEN {
        if let Some(answer) = quick(input.as_bytes()) {
            return answer;
        }
        // `file:///` starts an empty host, then the path: nothing fails.
        if input
            .as_bytes()
            .get(..8)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"file:///"))
        {
            return true;
        }
    }
    let base = match base {
        Some(b) => match parse_nothing(b, None) {
            Some(base) => Some(base),
            None => return false,
        },
        None => None,
    };
    parse_nothing(input, base).is_some()
}

/// The basic URL parser on `input` against `base`, writing nothing:
/// `None` for failure, else what the URL lends a parse as its base.
fn parse_nothing<'a>(input: &'a str, base: Option<BaseRef<'a>>) -> Option<BaseRef<'a>> {
    if input.len() > MAX_INPUT_LEN {
        return None;
    }
    let mut sink = Quiet;
    let mut parser = Parser::new(input, base, &mut sink, Nothing::default(), Offsets::new(0));
    parser.run().ok()?;
    Some(match (parser.scheme_raw, base) {
        // A relative URL: the base's scheme.
        ("", Some(base)) => base,
        (raw, _) => BaseRef::Scheme {
            raw,
            kind: parser.scheme,
            opaque_path: parser.opaque_path,
        },
    })
}

/// The common shapes in one scan, without a base: a scheme written
/// without tabs or newlines, then an opaque path or a path (nothing after
/// it can fail), or `//` and an ASCII domain whose last label starts with
/// a letter (so that it is no IPv4 address) and a port; `None` for the
/// states to decide.
fn quick(b: &[u8]) -> Option<bool> {
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let mut i = 1;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'+' | b'-' | b'.')) {
        i += 1;
    }
    if b.get(i) != Some(&b':') {
        return None;
    }
    let kind = SchemeType::of_raw(&b[..i]);
    i += 1;
    if kind == SchemeType::NotSpecial {
        // The opaque path state, or the path state after one `/`.
        // (A tab or newline is skipped: what follows decides.)
        let after = |k: usize| b.get(k).copied().filter(|&c| !is_tab_or_newline(c));
        return match b.get(i) {
            None => Some(true),
            Some(&c) if is_tab_or_newline(c) => None,
            Some(b'/') => after(i + 1).map_or(b.len() == i + 1, |c| c != b'/').then_some(true),
            Some(_) => Some(true),
        };
    }
    if b.get(i..i + 2) != Some(b"//") {
        return None;
    }
    i += 2;
    let start = i;
    let mut label = i;
    let mut last = i;
    while i < b.len() {
        if DOMAIN_OCTET[usize::from(b[i])] {
            i += 1;
        } else if b[i] == b'.' {
            last = label;
            i += 1;
            label = i;
        } else {
            break;
        }
    }
    if label < i {
        last = label;
    }
    // Without UTS #46 at hand, an `xn--` label is refused: the states
    // decide.
    if i == start || !b[last].is_ascii_alphabetic() || !cfg!(feature = "idna") {
        return None;
    }
    let file = kind == SchemeType::File;
    if b.get(i) == Some(&b':') && !file {
        i += 1;
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits > 5 {
            return None;
        }
        let value = b[i..i + digits].iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
        if value > u32::from(u16::MAX) {
            return None;
        }
        i += digits;
    }
    matches!(b.get(i), None | Some(b'/' | b'?' | b'#' | b'\\')).then_some(true)
}

/// The octets of an ASCII domain that end no label and that the host
/// parser never refuses: not a forbidden domain code point, not `%`
/// (which starts an escape), not `.`.
const DOMAIN_OCTET: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0x21;
    while c < 0x7f {
        t[c] = !matches!(
            c as u8,
            b'#' | b'/' | b':' | b'<' | b'>' | b'?' | b'@' | b'[' | b'\\' | b']' | b'^' | b'|' | b'%' | b'.'
        );
        c += 1;
    }
    t
};

impl<'i, S: Sink, W> Parser<'i, '_, '_, S, W> {
    /// The host's octets, tabs and newlines skipped.
    fn text(&self, start: usize, end: usize) -> impl Iterator<Item = u8> + Clone + 'i {
        self.input.as_bytes()[start..end]
            .iter()
            .copied()
            .filter(|&c| !is_tab_or_newline(c))
    }

    /// The host parser (URL Standard §3.5) on `input[start..end]`, with
    /// *isOpaque*: whether it returns a host (see the module docs).
    pub(super) fn host_ok(&self, start: usize, end: usize, is_opaque: bool) -> bool {
        let mut text = self.text(start, end);
        // 1. An IPv6 address.
        if text.clone().next() == Some(b'[') {
            let mut buf = [0u8; 64];
            let mut n = 0;
            for c in text.skip(1) {
                if n == buf.len() {
                    // Longer than any address the IPv6 parser accepts.
                    return false;
                }
                buf[n] = c;
                n += 1;
            }
            return match buf[..n].split_last() {
                Some((b']', inner)) => ipv6::address(inner).is_ok(),
                _ => false,
            };
        }
        // 2. An opaque host: no forbidden host code point (all ASCII).
        if is_opaque {
            return !text.any(|c| super::host::is_forbidden_host_code_point(char::from(c)));
        }
        // 3-5. The percent-decoding, as it streams.
        let mut domain = Domain::default();
        let mut escaped = false;
        decode(
            self.text(start, end),
            |c| {
                domain.push(c);
            },
            &mut escaped,
        );
        if !domain.non_ascii {
            // 6-7. An ASCII domain: the domain parser lower-cases it (which
            // changes no answer below) and refuses only the empty one, or,
            // without UTS #46 at hand, one with an `xn--` label.
            if !cfg!(feature = "idna") && (domain.ace || domain.current.is_ace()) {
                return false;
            }
            return domain.host_ok();
        }
        // 6-7. UTS #46 ToASCII with beStrict false on the domain decoded.
        let raw = &self.input.as_bytes()[start..end];
        if !escaped && !raw.iter().any(|&c| is_tab_or_newline(c)) {
            return domain_to_ascii(raw);
        }
        let mut stack = [0u8; DECODED_ON_STACK];
        let mut n = 0;
        let mut fits = true;
        decode(
            self.text(start, end),
            |c| {
                if n < stack.len() {
                    stack[n] = c;
                    n += 1;
                } else {
                    fits = false;
                }
            },
            &mut escaped,
        );
        if fits {
            domain_to_ascii(&stack[..n])
        } else {
            let mut heap = Vec::new();
            decode(self.text(start, end), |c| heap.push(c), &mut escaped);
            domain_to_ascii(&heap)
        }
    }
}

/// URL Standard §1.3 "percent-decode" of `text`, each octet to `out`;
/// `escaped` is set when an escape was decoded.
fn decode(text: impl Iterator<Item = u8> + Clone, mut out: impl FnMut(u8), escaped: &mut bool) {
    let hex = |c: Option<u8>| c.and_then(|c| (c as char).to_digit(16)).map(|d| d as u8);
    let mut it = text;
    while let Some(c) = it.next() {
        if c == b'%' {
            let mut ahead = it.clone();
            if let (Some(h1), Some(h2)) = (hex(ahead.next()), hex(ahead.next())) {
                out(h1 << 4 | h2);
                *escaped = true;
                it = ahead;
                continue;
            }
        }
        out(c);
    }
}

/// The domain parser with *beStrict* false on a domain that is not ASCII,
/// then the host parser's checks of the result.
#[cfg(feature = "idna")]
fn domain_to_ascii(domain: &[u8]) -> bool {
    use idna::uts46::{AsciiDenyList, ErrorPolicy, Hyphens, ProcessingSuccess, Uts46};
    let mut out = Domain::default();
    match Uts46::new().process(
        domain,
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::FailFast,
        |_, _, _| false,
        &mut out,
        None,
    ) {
        Ok(ProcessingSuccess::Passthrough) => {
            let mut same = Domain::default();
            domain.iter().for_each(|&c| same.push(c));
            same.host_ok()
        }
        Ok(ProcessingSuccess::WroteToSink) => out.host_ok(),
        Err(_) => false,
    }
}

#[cfg(not(feature = "idna"))]
fn domain_to_ascii(_domain: &[u8]) -> bool {
    false
}

/// One label of a domain as far as the IPv4 number parser needs it: its
/// value in each radix the parser may read it in.
#[derive(Clone, Copy)]
struct Label {
    len: usize,
    first: [u8; 4],
    all_digits: bool,
    decimal: Option<u64>,
    octal: Option<u64>,
    hex: Option<u64>,
}

impl Default for Label {
    fn default() -> Label {
        Label {
            len: 0,
            first: [0; 4],
            all_digits: true,
            decimal: Some(0),
            octal: Some(0),
            hex: Some(0),
        }
    }
}

impl Label {
    fn push(&mut self, c: u8) {
        let k = self.len;
        if k < 4 {
            self.first[k] = c;
        }
        self.all_digits &= c.is_ascii_digit();
        let step = |v: Option<u64>, radix: u32| {
            let d = (c as char).to_digit(radix)?;
            Some((v? * u64::from(radix) + u64::from(d)).min(1 << 40))
        };
        self.decimal = step(self.decimal, 10);
        if k >= 1 {
            self.octal = step(self.octal, 8);
        }
        if k >= 2 {
            self.hex = step(self.hex, 16);
        }
        self.len += 1;
    }

    /// The IPv4 number parser (URL Standard §3.5): the value, or failure.
    fn number(&self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        if self.len >= 2 && self.first[0] == b'0' && matches!(self.first[1], b'x' | b'X') {
            self.hex
        } else if self.len >= 2 && self.first[0] == b'0' {
            self.octal
        } else {
            self.decimal
        }
    }

    /// The ends-in-a-number checker's test of the last label.
    fn is_number(&self) -> bool {
        (self.len > 0 && self.all_digits) || self.number().is_some()
    }

    fn is_ace(&self) -> bool {
        self.len >= 4 && self.first.eq_ignore_ascii_case(b"xn--")
    }
}

/// The host parser's steps after the domain parser (URL Standard §3.5,
/// 7-9), over the ASCII domain as it streams past: empty, ends in a
/// number (then the IPv4 parser), forbidden domain code points.
#[derive(Default)]
struct Domain {
    len: usize,
    non_ascii: bool,
    forbidden: bool,
    ace: bool,
    /// How many labels a `.` has ended.
    ended: usize,
    /// The first five labels (the IPv4 parser fails on more).
    labels: [Option<u64>; 5],
    previous: Option<Label>,
    current: Label,
}

impl Domain {
    fn push(&mut self, c: u8) {
        self.len += 1;
        self.non_ascii |= c >= 0x80;
        self.forbidden |= c < 0x80 && is_forbidden_domain_code_point(char::from(c));
        if c == b'.' {
            self.ace |= self.current.is_ace();
            if let Some(slot) = self.labels.get_mut(self.ended) {
                *slot = self.current.number();
            }
            self.ended += 1;
            self.previous = Some(self.current);
            self.current = Label::default();
        } else {
            self.current.push(c);
        }
    }

    /// Steps 7-9 of the host parser on the whole domain.
    fn host_ok(&self) -> bool {
        // 7 of the domain parser: an empty result is failure.
        if self.len == 0 {
            return false;
        }
        // 8. The ends-in-a-number checker: the last label, or the one
        // before a trailing dot.
        let last = match self.previous {
            Some(previous) if self.current.len == 0 => previous,
            _ => self.current,
        };
        if !last.is_number() {
            // 9.
            return !self.forbidden;
        }
        // The IPv4 parser: the parts (a last empty one dropped).
        let mut parts = self.ended + 1;
        if self.current.len == 0 && parts > 1 {
            parts -= 1;
        }
        if parts > 4 {
            return false;
        }
        let mut numbers = [0u64; 4];
        for (n, slot) in numbers.iter_mut().enumerate().take(parts) {
            let value = if n < self.ended {
                self.labels[n]
            } else {
                self.current.number()
            };
            match value {
                Some(v) => *slot = v,
                None => return false,
            }
        }
        let last = parts - 1;
        numbers[..last].iter().all(|&v| v <= 255) && numbers[last] < 256u64.pow(5 - parts as u32)
    }
}

impl std::fmt::Write for Domain {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        s.bytes().for_each(|c| self.push(c));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domain_octets_are_those_the_host_parser_keeps() {
        for c in 0..=255u8 {
            let keeps = c < 0x80 && c != b'%' && c != b'.' && !is_forbidden_domain_code_point(char::from(c));
            assert_eq!(DOMAIN_OCTET[usize::from(c)], keeps, "{c:#x}");
        }
    }
}
