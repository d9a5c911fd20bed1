//! URL Standard §6.1 `URL.canParse(url, base)`: whether the basic URL
//! parser returns a URL, answered without building one and without heap
//! allocation.
//!
//! Of the parser's failures, every one is met before the path: a missing
//! scheme without a usable base, an empty host, a host the host parser
//! refuses, a bad port. The path, opaque path, query and fragment states
//! never fail. So the check runs the states of `state` up to where the path
//! starts, writing nothing, and runs the host parser's checks over the
//! host's octets as they stream past (tabs and newlines skipped, `%XX`
//! decoded):
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
//! Heap allocation: none for an ASCII host. A host that is not ASCII is
//! handed to the `idna` crate, which allocates only when its working
//! buffers overflow their inline sizes (253 code points for the domain,
//! 59 for a label it decodes, 8 labels that are already Punycode); and when
//! such a host is written with tabs, newlines or `%XX` escapes inside, its
//! decoded octets are gathered on the stack up to [`DECODED_ON_STACK`]
//! octets and on the heap past that.

use super::host::is_forbidden_domain_code_point;
use super::{SchemeType, MAX_SPECIAL_LEN};
use crate::error::MAX_INPUT_LEN;
use crate::host::ipv6;

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
    }
    let base = match base {
        Some(b) => match check(b, None) {
            Some(scheme) => Some(scheme),
            None => return false,
        },
        None => None,
    };
    check(input, base).is_some()
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
    let kind = scheme_type(&b[..i]);
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

/// What a base URL lends the parse of a relative one: its scheme (as
/// written: tabs and newlines inside, any case) and whether its path is
/// opaque.
#[derive(Clone, Copy)]
struct BaseScheme<'b> {
    raw: &'b [u8],
    kind: SchemeType,
    opaque_path: bool,
}

/// The basic URL parser's answer on `input` with `base` up to the path:
/// `None` for failure, else the scheme it parsed (what a base needs).
fn check<'i>(input: &'i str, base: Option<BaseScheme<'i>>) -> Option<BaseScheme<'i>> {
    if input.len() > MAX_INPUT_LEN {
        return None;
    }
    let b = input.as_bytes();
    // 1.2. Leading and trailing C0 controls and spaces.
    let start = b.iter().position(|&c| c > b' ').unwrap_or(b.len());
    let end = b.iter().rposition(|&c| c > b' ').map_or(start, |i| i + 1);
    let mut c = Cursor { b, end, p: start };
    match c.scheme() {
        Some(raw) => {
            let kind = scheme_type(raw);
            let mut opaque_path = false;
            let ok = match kind {
                SchemeType::File => c.file_state(),
                SchemeType::Special(_) => {
                    let same = base.is_some_and(|base| same_scheme(base.raw, raw));
                    if same && !(c.at(b'/') && c.remaining(1) == Some(b'/')) {
                        // The special relative or authority state, then
                        // the relative state.
                        c.relative_state(true)
                    } else {
                        // The special authority slashes and ignore
                        // slashes states.
                        c.ignore_slashes();
                        c.authority_state(true)
                    }
                }
                SchemeType::NotSpecial => {
                    if c.at(b'/') {
                        c.advance();
                        // The path or authority state.
                        if c.at(b'/') {
                            c.advance();
                            c.authority_state(false)
                        } else {
                            true
                        }
                    } else {
                        opaque_path = true;
                        true
                    }
                }
            };
            ok.then_some(BaseScheme { raw, kind, opaque_path })
        }
        None => {
            // The no scheme state.
            let base = base?;
            if base.opaque_path {
                return c.at(b'#').then_some(base);
            }
            let ok = match base.kind {
                SchemeType::File => c.file_state(),
                kind => c.relative_state(kind.is_special()),
            };
            ok.then_some(base)
        }
    }
}

/// `SchemeType::of` for a scheme as written (tabs and newlines inside are
/// not part of it; its letters may be upper case).
fn scheme_type(raw: &[u8]) -> SchemeType {
    // A scheme longer than the longest special one is not special.
    let mut buf = [0u8; MAX_SPECIAL_LEN];
    let mut n = 0;
    for c in raw.iter().filter(|&&c| !is_tab_or_newline(c)) {
        if n == buf.len() {
            return SchemeType::NotSpecial;
        }
        buf[n] = c.to_ascii_lowercase();
        n += 1;
    }
    // Written out: one decision tree, 1.6 instructions a URL fewer than
    // `SchemeType::of` (callgrind, bench/data); a test holds them equal.
    match &buf[..n] {
        b"http" | b"ws" => SchemeType::Special(80),
        b"https" | b"wss" => SchemeType::Special(443),
        b"ftp" => SchemeType::Special(21),
        b"file" => SchemeType::File,
        _ => SchemeType::NotSpecial,
    }
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

/// Whether two schemes as written are the same scheme.
fn same_scheme(a: &[u8], b: &[u8]) -> bool {
    a.iter()
        .copied()
        .filter(|&c| !is_tab_or_newline(c))
        .map(|c| c.to_ascii_lowercase())
        .eq(b
            .iter()
            .copied()
            .filter(|&c| !is_tab_or_newline(c))
            .map(|c| c.to_ascii_lowercase()))
}

fn is_tab_or_newline(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\r')
}

/// The parser's pointer over the input, tabs and newlines skipped.
struct Cursor<'i> {
    b: &'i [u8],
    /// Where the input ends once trailing C0 controls and spaces are
    /// skipped.
    end: usize,
    p: usize,
}

impl<'i> Cursor<'i> {
    fn c(&self) -> Option<u8> {
        (self.p < self.end).then(|| self.b[self.p])
    }

    fn at(&self, c: u8) -> bool {
        self.c() == Some(c)
    }

    /// The offset past the code point at `at` and the tabs and newlines
    /// after it.
    fn next_from(&self, at: usize) -> usize {
        let mut i = at + super::utf8_len(self.b[at]);
        while i < self.end && is_tab_or_newline(self.b[i]) {
            i += 1;
        }
        i
    }

    fn advance(&mut self) {
        if self.p < self.end {
            self.p = self.next_from(self.p);
        }
    }

    /// The octet `n` code points after the pointer.
    fn remaining(&self, n: usize) -> Option<u8> {
        let mut i = self.p;
        for _ in 0..n {
            if i >= self.end {
                return None;
            }
            i = self.next_from(i);
        }
        (i < self.end).then(|| self.b[i])
    }

    /// The scheme start state and the scheme state: the scheme as written,
    /// the pointer after its `:`; `None` (the pointer unmoved) for the no
    /// scheme state.
    fn scheme(&mut self) -> Option<&'i [u8]> {
        if !self.c()?.is_ascii_alphabetic() {
            return None;
        }
        let start = self.p;
        let mut i = start;
        while i < self.end && (self.b[i].is_ascii_alphanumeric() || matches!(self.b[i], b'+' | b'-' | b'.')) {
            i = self.next_from(i);
        }
        if i >= self.end || self.b[i] != b':' {
            return None;
        }
        self.p = self.next_from(i);
        Some(&self.b[start..i])
    }

    /// The special authority ignore slashes state (after the special
    /// authority slashes state, whose `//` it skips as well).
    fn ignore_slashes(&mut self) {
        while matches!(self.c(), Some(b'/' | b'\\')) {
            self.advance();
        }
    }

    /// The relative state, for a base of a special scheme or not.
    fn relative_state(&mut self, special: bool) -> bool {
        if self.at(b'/') || (special && self.at(b'\\')) {
            self.advance();
            // The relative slash state.
            if special && matches!(self.c(), Some(b'/' | b'\\')) {
                self.ignore_slashes();
                return self.authority_state(true);
            }
            if self.at(b'/') {
                self.advance();
                return self.authority_state(false);
            }
        }
        // The base's host, path and query; the path state: no failure.
        true
    }

    /// Whether `c` ends the authority, the host or the port.
    fn ends_authority(c: Option<u8>, special: bool) -> bool {
        match c {
            None | Some(b'/' | b'?' | b'#') => true,
            Some(b'\\') => special,
            Some(_) => false,
        }
    }

    /// The authority state: credentials up to the last `@`, then the host
    /// and port states.
    fn authority_state(&mut self, special: bool) -> bool {
        let mut i = self.p;
        let mut last_at = None;
        while i < self.end && !Self::ends_authority(Some(self.b[i]), special) {
            if self.b[i] == b'@' {
                last_at = Some(i);
            }
            i = self.next_from(i);
        }
        if let Some(at) = last_at {
            let host_start = self.next_from(at);
            if host_start >= i {
                return false;
            }
            self.p = host_start;
        }
        self.host_state(special)
    }

    /// The host state, then the port state.
    fn host_state(&mut self, special: bool) -> bool {
        let start = self.p;
        let mut i = start;
        let mut inside_brackets = false;
        while i < self.end {
            match self.b[i] {
                b':' if !inside_brackets => break,
                c if Self::ends_authority(Some(c), special) => break,
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                _ => {}
            }
            i = self.next_from(i);
        }
        let at_colon = i < self.end && self.b[i] == b':';
        if i == start && (at_colon || special) {
            return false;
        }
        if !self.host_parse(start, i, !special) {
            return false;
        }
        if !at_colon {
            return true;
        }
        // The port state.
        self.p = self.next_from(i);
        let mut value: u32 = 0;
        while let Some(d) = self.c().filter(u8::is_ascii_digit) {
            value = (value * 10 + u32::from(d - b'0')).min(1 << 20);
            self.advance();
        }
        Self::ends_authority(self.c(), special) && value <= u32::from(u16::MAX)
    }

    /// The file state: with a base of the `file` scheme or none, what does
    /// not go on to the file host state copies or starts a path.
    fn file_state(&mut self) -> bool {
        if !matches!(self.c(), Some(b'/' | b'\\')) {
            return true;
        }
        self.advance();
        // The file slash state.
        if !matches!(self.c(), Some(b'/' | b'\\')) {
            return true;
        }
        self.advance();
        // The file host state.
        let start = self.p;
        let mut i = start;
        while i < self.end && !matches!(self.b[i], b'/' | b'\\' | b'?' | b'#') {
            i = self.next_from(i);
        }
        if i == start || (self.starts_with_windows_drive_letter(start) && self.next_from(self.next_from(start)) >= i) {
            return true;
        }
        self.host_parse(start, i, false)
    }

    /// URL Standard §4.3: a Windows drive letter starts at `at`.
    fn starts_with_windows_drive_letter(&self, at: usize) -> bool {
        if at >= self.end || !self.b[at].is_ascii_alphabetic() {
            return false;
        }
        let second = self.next_from(at);
        if second >= self.end || !matches!(self.b[second], b':' | b'|') {
            return false;
        }
        let third = self.next_from(second);
        third >= self.end || matches!(self.b[third], b'/' | b'\\' | b'?' | b'#')
    }

    /// The host's octets, tabs and newlines skipped.
    fn text(&self, start: usize, end: usize) -> impl Iterator<Item = u8> + Clone + 'i {
        self.b[start..end].iter().copied().filter(|&c| !is_tab_or_newline(c))
    }

    /// The host parser (URL Standard §3.5) on `b[start..end]`, with
    /// *isOpaque*: whether it returns a host.
    fn host_parse(&self, start: usize, end: usize, is_opaque: bool) -> bool {
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
        let raw = &self.b[start..end];
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

    /// The special schemes written out in `scheme_type` are those of the
    /// default-port table, by which `SchemeType::of` answers: each of them
    /// in any case and with tabs, and some that are not special.
    #[test]
    fn scheme_types_are_those_of_the_table() {
        let table = crate::ports::WHATWG_DEFAULT_PORTS.iter().map(|(name, _)| *name);
        let names: Vec<String> = table.chain(["file"]).map(str::to_owned).collect();
        assert_eq!(names.iter().map(String::len).max(), Some(MAX_SPECIAL_LEN));
        let mut others: Vec<String> = names.iter().map(|n| format!("{n}s")).collect();
        others.extend(names.iter().map(|n| n[1..].to_owned()));
        others.extend(["", "h", "htt", "httpss", "ftps", "mailto", "data", "blob", "javascript"].map(str::to_owned));
        // (https and wss are http and ws with an s.)
        others.retain(|o| !names.contains(o));
        for name in names.iter().chain(&others) {
            let want = SchemeType::of(name);
            assert_eq!(scheme_type(name.as_bytes()), want, "{name}");
            assert_eq!(scheme_type(name.to_ascii_uppercase().as_bytes()), want, "{name}");
            let tabbed: String = name.chars().flat_map(|c| [c, '\t']).collect();
            assert_eq!(scheme_type(tabbed.as_bytes()), want, "{tabbed:?}");
        }
        assert!(names.iter().all(|n| SchemeType::of(n).is_special()));
        assert!(others.iter().all(|n| !SchemeType::of(n).is_special()), "{others:?}");
    }

    #[test]
    fn scheme_types() {
        for (raw, want) in [
            (&b"HT\tTP"[..], SchemeType::Special(80)),
            (b"wss", SchemeType::Special(443)),
            (b"File", SchemeType::File),
            (b"ftps", SchemeType::NotSpecial),
            (b"httpss", SchemeType::NotSpecial),
        ] {
            assert_eq!(scheme_type(raw), want);
        }
    }
}
