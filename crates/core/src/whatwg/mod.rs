//! The WHATWG URL Standard (living standard, followed as of its July 2026
//! edition): the basic URL parser browsers run, writing the URL's
//! serialization (its `href`) and its offsets in one forward pass.
//!
//! The parser is the standard's state machine, one method per state named
//! as the standard names it (§4.4 "URL parsing"), its steps numbered where
//! the standard numbers them. It is a parser of its own, not the grammars'
//! `engine::Parser`, because what it returns is not offsets into its input
//! but a new string; it shares the engine's sinks.
//!
//! * Leading and trailing C0 controls and spaces are skipped, and so are
//!   ASCII tabs and newlines inside, by the cursor: nothing is copied away,
//!   so every error offset is an offset into the input as given.
//! * The URL record is never built: each component is written to the output
//!   in the order the URL serializer (§4.5) writes it, as soon as the state
//!   machine knows it. A path segment is written as it is read and removed
//!   again when it turns out to be `.` or `..`; the `/.` the serializer puts
//!   before a path that starts with an empty segment when there is no host
//!   is inserted at the end.
//! * Only UTF-8 is spoken: the legacy `encoding` argument of the standard
//!   (for HTML documents in other encodings) is always UTF-8.
//! * Validation errors go to the sink with the standard's name as their
//!   `rule` (see [`validation`]); a failure is reported the same way and
//!   ends the parse.
//! * Hosts: [`host`] (the host parser, the IPv4 parser, opaque hosts) and
//!   the domain parser in `idna` (UTS #46 through the `idna` crate, cargo
//!   feature `idna`, on by default; without it a domain that needs IDNA is
//!   refused with `ParseErrorKind::IdnaUnavailable`.
//!
//! * An input already in its serialized form, on which the parser would
//!   meet no validation error (most URLs found in the wild), is recognized
//!   by one scan (`fast`) and copied once; anything else runs the states.
//! * The parser is generic over what it writes (`out`): a `String`, or
//!   nothing at all, for [`can_parse()`], which runs these same states up
//!   to the path (nothing after it can fail) and the host parser's checks
//!   as the host streams past, without heap allocation (`can_parse`'s docs
//!   say where the `idna` crate allocates).
//!
//! * [`form`] (§5, `application/x-www-form-urlencoded`) and
//!   [`search_params`] (§6.2, `URLSearchParams`) read and edit a query's name–value tuples,
//!   over a URL of any spec.
//! * State override (the setters of the URL API, `state_override`): the
//!   same states run over the value given to a setter, from the state the
//!   setter names, with the URL they change as *url*. What comes before the
//!   part they rewrite is copied from that URL first, what comes after it
//!   is copied after them; each step of the standard that reads *state
//!   override* reads the parser's `over` field. The setters themselves
//!   (URL Standard §6.1) are in [`api`]: [`api::Setter`] names them and
//!   [`Url::set_api`](crate::Url::set_api) runs one; [`Url::set`](crate::Url::set)
//!   runs the setter of a component. Where a state returns before the end
//!   of the value (`port = "8080abc"`), the setter takes the part before
//!   it, and [`Url::set_api_taken`](crate::Url::set_api_taken) says which
//!   ([`api::Taken`]).
//!
//! ```
//! use urikit::whatwg::api::Setter;
//! use urikit::{Component, Spec, Url};
//!
//! let mut url = Url::parse_with("https://example.com/a", Spec::Whatwg)?;
//! url.set_api(Setter::Host, "EXAMPLE.org:8080")?;
//! url.set(Component::Query, Some("q=a b"))?;
//! assert_eq!(url.as_str(), "https://example.org:8080/a?q=a%20b");
//! // `port = "abc"` is ignored by the standard: the URL is unchanged.
//! assert!(url.set_api(Setter::Port, "abc").is_err());
//! assert_eq!(url.api().unwrap().port(), "8080");
//! // `port = "81abc"` takes the digits, and says what it ignored.
//! assert_eq!(url.set_api_taken(Setter::Port, "81abc")?.ignored("81abc"), Some("abc"));
//! assert_eq!(url.api().unwrap().port(), "81");
//! # Ok::<(), urikit::ParseError>(())
//! ```

pub mod api;
mod can_parse;
pub mod encode_sets;
mod fast;
pub mod form;
pub mod host;
mod idna;
mod out;
mod path;
mod scheme_type;
pub mod search_params;
mod state;
pub(crate) mod state_override;
pub mod validation;

pub use can_parse::can_parse;
pub use idna::{domain_to_ascii, domain_to_unicode};

use self::out::{BaseRef, Out};
pub(crate) use self::scheme_type::{SchemeType, MAX_SPECIAL_LEN};
use crate::engine::Sink;
use crate::error::{ParseError, ParseErrorKind, MAX_INPUT_LEN};
use crate::host::HostKind;
use crate::offsets::{nz, Offsets};
use crate::url::UrlRef;
use crate::Spec;

/// Why a parse ended without a URL.
pub(crate) enum Halt {
    /// The sink asked to stop (a strict parse, at its first validation error).
    Stopped,
    /// The basic URL parser returned failure, for this error.
    Failure(ParseError),
}

/// A URL the parser produced: its serialization and its offsets.
pub(crate) type Parsed = (String, Offsets);

/// What the parser asks of its base URL (a WHATWG URL, as a [`UrlRef`]).
impl UrlRef<'_> {
    /// Whether the base has an opaque path: no host and a path that does
    /// not start with `/` (a path list is never empty without a host).
    fn has_opaque_path(&self) -> bool {
        !self.has_authority() && !self.path().starts_with('/')
    }

    /// URL Standard §4.1 "includes credentials": a username or a password
    /// that is not empty (the serialization writes `@` for nothing else).
    fn includes_credentials(&self) -> bool {
        self.user().is_some_and(|u| !u.is_empty()) || self.password().is_some_and(|p| !p.is_empty())
    }
}

/// The state of one run of the basic URL parser, writing to `W`.
pub(crate) struct Parser<'i, 'b, 's, S, W = String> {
    /// The input as given.
    input: &'i str,
    /// Where the input ends once trailing C0 controls and spaces are skipped.
    end: usize,
    /// The pointer: an offset into `input`, never at a tab or newline.
    p: usize,
    base: Option<BaseRef<'b>>,
    sink: &'s mut S,
    /// The serialization written so far.
    out: W,
    o: Offsets,
    scheme: SchemeType,
    /// The scheme as the input writes it (what a base parsed by a parser
    /// that writes nothing lends the parse of a relative URL).
    scheme_raw: &'i str,
    /// Whether the path is opaque (a URL whose scheme is not special, with
    /// no `/` after its `:`).
    opaque_path: bool,
    /// The *state override* and the *url* of a setter's run; `None` for a
    /// parse.
    over: Option<state_override::Override<'b>>,
}

/// Runs the basic URL parser (URL Standard §4.4) on `input` with `base`:
/// an input already in its serialized form, and without validation errors,
/// is recognized in one scan and copied once ([`serialized`]); anything
/// else runs the state machine.
pub(crate) fn parse<S: Sink>(input: &str, base: Option<UrlRef<'_>>, sink: &mut S) -> Result<Parsed, Halt> {
    if base.is_none() {
        if let Some(o) = serialized(input) {
            return Ok((input.to_owned(), o));
        }
    }
    parse_full(input, base, sink)
}

/// The offsets of `input` when, parsed without a base, it is its own
/// serialization and meets no validation error, as far as the one-scan
/// fast path can tell (`None`: the state machine must decide). In builds
/// with debug assertions the state machine checks every answer.
#[inline]
pub(crate) fn serialized(input: &str) -> Option<Offsets> {
    if input.len() > MAX_INPUT_LEN {
        return None;
    }
    let o = fast::serialized(input)?;
    #[cfg(debug_assertions)]
    check_fast(input, &o);
    Some(o)
}

/// In builds with debug assertions: the state machine gives the input
/// itself, the offsets the fast path gave and no validation error.
#[cfg(debug_assertions)]
fn check_fast(input: &str, o: &Offsets) {
    let mut sink = crate::engine::AllErrors::default();
    let full = parse_full(input, None, &mut sink).ok();
    assert_eq!(
        full.as_ref().map(|(s, o)| (s.as_str(), o)),
        Some((input, o)),
        "the fast path and the state machine disagree on {input:?}"
    );
    assert!(
        sink.errors.is_empty() && sink.more.is_none(),
        "the fast path took {input:?}, which has validation errors"
    );
}

/// The basic URL parser's state machine on `input` with `base`, with no
/// fast path.
pub(crate) fn parse_full<S: Sink>(input: &str, base: Option<UrlRef<'_>>, sink: &mut S) -> Result<Parsed, Halt> {
    if input.len() > MAX_INPUT_LEN {
        let e = ParseError::new(MAX_INPUT_LEN, ParseErrorKind::TooLong, "url", Spec::Whatwg);
        let _ = sink.report(e);
        return Err(Halt::Failure(e));
    }
    let mut parser = Parser::new(
        input,
        base.map(BaseRef::Url),
        sink,
        String::with_capacity(input.len() + 8),
        Offsets::new(0),
    );
    parser.run()?;
    Ok(parser.finish())
}

impl<'i, 'b, 's, S, W> Parser<'i, 'b, 's, S, W> {
    /// A parser at the start of `input`, writing after `out` and `o`: a
    /// parse of a URL (no scheme yet, no state override), which a setter's
    /// run and the bare host parser adjust.
    #[inline]
    fn new(input: &'i str, base: Option<BaseRef<'b>>, sink: &'s mut S, out: W, o: Offsets) -> Self {
        Parser {
            input,
            end: input.len(),
            p: 0,
            base,
            sink,
            out,
            o,
            scheme: SchemeType::NotSpecial,
            scheme_raw: "",
            opaque_path: false,
            over: None,
        }
    }
}

/// A C0 control or space: what the parser trims from both ends.
#[inline]
fn is_c0_or_space(b: u8) -> bool {
    b <= b' '
}

#[inline]
fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

impl<S: Sink, W: Out> Parser<'_, '_, '_, S, W> {
    /// Steps 1-3 of the basic URL parser (the trimming, the tabs and
    /// newlines), then the state machine.
    fn run(&mut self) -> Result<(), Halt> {
        let b = self.input.as_bytes();
        let start = b.iter().position(|&c| !is_c0_or_space(c)).unwrap_or(b.len());
        let end = b.iter().rposition(|&c| !is_c0_or_space(c)).map_or(start, |i| i + 1);
        // 1.2. Leading and trailing C0 controls and spaces.
        if start > 0 {
            self.validation(0, ParseErrorKind::InvalidChar { byte: b[0] }, "invalid-URL-unit")?;
        }
        if end < b.len() {
            self.validation(end, ParseErrorKind::InvalidChar { byte: b[end] }, "invalid-URL-unit")?;
        }
        // 2. Tabs and newlines inside: each is a validation error (the
        // cursor skips them); a quiet sink need not hear of them.
        if !S::QUIET {
            let mut from = start;
            while let Some(i) = memchr::memchr3(b'\t', b'\n', b'\r', &b[from..end]) {
                let at = from + i;
                self.validation(at, ParseErrorKind::InvalidChar { byte: b[at] }, "invalid-URL-unit")?;
                from = at + 1;
            }
        }
        self.end = end;
        self.p = start;
        self.run_states(state::State::SchemeStart)
    }

    // The cursor.

    /// `c`: the octet at the pointer, `None` at the end (the EOF code point).
    #[inline]
    fn c(&self) -> Option<u8> {
        (self.p < self.end).then(|| self.input.as_bytes()[self.p])
    }

    /// The code point at the pointer.
    #[inline]
    fn char_at(&self, at: usize) -> char {
        self.input[at..].chars().next().unwrap_or('\u{0}')
    }

    /// Moves the pointer past the code point at `at`, and past any tabs and
    /// newlines after it.
    #[inline]
    fn next_from(&self, at: usize) -> usize {
        let b = self.input.as_bytes();
        let mut i = at + utf8_len(b[at]);
        while i < self.end && is_tab_or_newline(b[i]) {
            i += 1;
        }
        i
    }

    /// Increases the pointer by one code point.
    #[inline]
    fn advance(&mut self) {
        if self.p < self.end {
            self.p = self.next_from(self.p);
        }
    }

    /// The octet `n` code points after the pointer (what "remaining"
    /// starts with, for `n` = 1), tabs and newlines skipped.
    #[inline]
    fn remaining(&self, n: usize) -> Option<u8> {
        self.remaining_from(self.p, n)
    }

    /// Whether the code points from `at` start with a Windows drive letter
    /// (URL Standard §4.3): an ASCII alpha, `:` or `|`, and then the end or
    /// one of `/`, `\`, `?`, `#`.
    fn starts_with_windows_drive_letter(&self, at: usize) -> bool {
        let b = self.input.as_bytes();
        if at >= self.end || !b[at].is_ascii_alphabetic() {
            return false;
        }
        let second = self.next_from(at);
        if second >= self.end || !matches!(b[second], b':' | b'|') {
            return false;
        }
        let third = self.next_from(second);
        third >= self.end || matches!(b[third], b'/' | b'\\' | b'?' | b'#')
    }

    // Errors.

    /// Reports a validation error that is not a failure.
    #[inline]
    fn validation(&mut self, at: usize, kind: ParseErrorKind, rule: &'static str) -> Result<(), Halt> {
        self.sink
            .report(ParseError::new(at, kind, rule, Spec::Whatwg))
            .map_err(|_| Halt::Stopped)
    }

    /// Reports a validation error that is a failure, and fails.
    fn failure(&mut self, at: usize, kind: ParseErrorKind, rule: &'static str) -> Halt {
        let e = ParseError::new(at, kind, rule, Spec::Whatwg);
        let _ = self.sink.report(e);
        Halt::Failure(e)
    }

    /// The `invalid-URL-unit` checks of the path, opaque path, query and
    /// fragment states for the code point at `at`: not a URL code point and
    /// not `%`, or a `%` not followed by two hex digits.
    fn check_url_unit(&mut self, at: usize, c: char) -> Result<(), Halt> {
        if c == '%' {
            let (h1, h2) = (self.remaining_from(at, 1), self.remaining_from(at, 2));
            if !(h1.is_some_and(|h| h.is_ascii_hexdigit()) && h2.is_some_and(|h| h.is_ascii_hexdigit())) {
                let found = [h1.unwrap_or(0), h2.unwrap_or(0)];
                self.validation(at, ParseErrorKind::BadEscape { found }, "invalid-URL-unit")?;
            }
        } else if !is_url_code_point(c) {
            let byte = self.input.as_bytes()[at];
            self.validation(at, ParseErrorKind::InvalidChar { byte }, "invalid-URL-unit")?;
        }
        Ok(())
    }

    /// The octet `n` code points after `at`, tabs and newlines skipped.
    fn remaining_from(&self, at: usize, n: usize) -> Option<u8> {
        let mut i = at;
        for _ in 0..n {
            if i >= self.end {
                return None;
            }
            i = self.next_from(i);
        }
        (i < self.end).then(|| self.input.as_bytes()[i])
    }

    // Writing the URL.

    fn is_special(&self) -> bool {
        self.scheme.is_special()
    }

    /// Writes `scheme:`, the scheme as written (`raw`: tabs and newlines
    /// inside are skipped, letters lower-cased), of kind `kind`.
    fn set_scheme(&mut self, raw: &str, kind: SchemeType) {
        debug_assert!(self.out.is_empty());
        if raw.bytes().any(|c| c.is_ascii_uppercase() || is_tab_or_newline(c)) {
            raw.bytes()
                .filter(|&c| !is_tab_or_newline(c))
                .for_each(|c| self.out.push(char::from(c.to_ascii_lowercase())));
        } else {
            self.out.push_str(raw);
        }
        self.o = Offsets::new(self.out.len());
        self.out.push(':');
        self.scheme = kind;
        self.o.path_start = self.out.len() as u32;
    }

    /// Writes `//` and marks the authority's start.
    fn begin_authority(&mut self) {
        self.out.push_str("//");
        self.o.authority_start = Some(nz(self.out.len()));
        self.o.host_start = self.out.len() as u32;
    }

    /// Writes an empty host (`//` and nothing), and the path starts there.
    fn set_empty_host(&mut self) {
        self.begin_authority();
        self.end_host(HostKind::Empty);
        self.start_path();
    }

    /// Marks the end of the host just written.
    fn end_host(&mut self, kind: HostKind) {
        self.o.host_end = self.out.len() as u32;
        self.o.host_kind = Some(kind);
    }

    /// The path starts at the end of what is written.
    fn start_path(&mut self) {
        self.o.path_start = self.out.len() as u32;
    }

    /// Copies the base's username, password, host and port (its authority),
    /// or nothing when the base has no host; the path starts after it.
    fn copy_base_authority(&mut self, base: BaseRef<'_>) {
        if let Some((a, base)) = base.url().and_then(|u| Some((u.o.authority_start?, u))) {
            let a = a.get() as usize;
            self.begin_authority();
            let shift = self.out.len() as i64 - a as i64;
            let at = |n: u32| (i64::from(n) + shift) as u32;
            self.out.push_str(&base.s[a..base.o.path_start as usize]);
            self.o.user_end = base.o.user_end.map(|u| nz(at(u.get()) as usize));
            self.o.host_start = at(base.o.host_start);
            self.o.host_end = at(base.o.host_end);
            self.o.host_kind = base.o.host_kind;
            self.o.port = base.o.port;
        }
        self.start_path();
    }

    /// Copies the base's path (a clone of the list, or the opaque path).
    fn copy_base_path(&mut self, base: BaseRef<'_>) {
        if let Some(base) = base.url() {
            self.out.push_str(base.path());
        }
    }

    /// Starts the query: writes `?`.
    fn start_query(&mut self) {
        self.o.query_start = Some(self.out.len() as u32);
        self.out.push('?');
    }

    /// Starts the fragment: writes `#`.
    fn start_fragment(&mut self) {
        self.o.fragment_start = Some(self.out.len() as u32);
        self.out.push('#');
    }
}

impl<S> Parser<'_, '_, '_, S, String> {
    /// The URL serializer's step 3 (URL Standard §4.5): with no host and a
    /// path of more than one segment whose first is empty, `/.` goes before
    /// the path, which then starts after it (unless a setter kept it there).
    fn finish(mut self) -> Parsed {
        let path_start = self.o.path_start as usize;
        if !self.o.has_authority()
            && !self.opaque_path
            && path_start == self.o.scheme_len() + 1
            && self.out[path_start..].starts_with("//")
        {
            self.out.insert_str(path_start, "/.");
            self.o.path_start += 2;
            for q in [&mut self.o.query_start, &mut self.o.fragment_start]
                .into_iter()
                .flatten()
            {
                *q += 2;
            }
        }
        (self.out, self.o)
    }
}

/// The length of the UTF-8 sequence that starts with `b` (1 for an octet
/// that starts none: the input is a `str`, so that is never asked).
#[inline]
pub(crate) fn utf8_len(b: u8) -> usize {
    match b {
        0..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xff => 4,
        _ => 1,
    }
}

/// URL Standard §4.3 "URL code point": ASCII alphanumerics, the ASCII
/// punctuation `!$&'()*+,-./:;=?@_~`, and the code points U+00A0 to
/// U+10FFFD but surrogates and noncharacters.
pub(crate) fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';' | '=' | '?' | '@' | '_'
        | '~' => true,
        '\u{0}'..='\u{9f}' => false,
        '\u{fdd0}'..='\u{fdef}' => false,
        c => (c as u32) & 0xfffe != 0xfffe && (c as u32) <= 0x10fffd,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_code_points() {
        for c in ['a', '~', '\u{a0}', '\u{fdcf}', '\u{10fffd}', '\u{e000}'] {
            assert!(is_url_code_point(c), "{c:?}");
        }
        for c in [
            ' ',
            '"',
            '#',
            '%',
            '<',
            '[',
            '\\',
            '^',
            '`',
            '{',
            '|',
            '\u{7f}',
            '\u{9f}',
            '\u{fdd0}',
            '\u{fffe}',
            '\u{1ffff}',
            '\u{10ffff}',
        ] {
            assert!(!is_url_code_point(c), "{c:?}");
        }
    }
}
