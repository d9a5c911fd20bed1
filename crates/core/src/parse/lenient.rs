//! Lenient parsing: repair what browsers repair, then parse, tolerating the
//! violations browsers accept.

use super::prefix_len;
use crate::ascii::rfc1738;
use crate::engine::{FirstError, Sink, Stop};
use crate::error::{ParseError, ParseErrorKind, Repair, Warning, MAX_INPUT_LEN, MAX_REPORTED};
use crate::url::Url;
use crate::Spec;

/// The schemes whose paths browsers read `\` in as `/`.
const BACKSLASH_SCHEMES: [&str; 6] = ["http", "ftp", "gopher", "file", "wais", "prospero"];
/// The schemes RFC 1738 gives an authority that runs to the next `/`, a
/// `?` included (a search part, where they have one, only follows the path).
/// Every other authority ends at `?` too: `http` and `wais` (RFC 1738), and
/// the generic syntax (RFC 1630, RFC 3986) of every other scheme.
const AUTHORITY_TO_SLASH: [&str; 6] = ["ftp", "gopher", "nntp", "telnet", "file", "prospero"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Opaque,
    Authority,
    Path,
    Query,
    Fragment,
}

/// The repaired octets, each with the input offset it came from.
struct Out {
    bytes: Vec<u8>,
    from: Vec<u32>,
    warnings: Warnings,
}

/// Warnings, the first [`MAX_REPORTED`] kept and the rest counted.
#[derive(Default)]
struct Warnings {
    kept: Vec<Warning>,
    /// The first warning not kept, and how many were not.
    more: Option<(Warning, usize)>,
}

impl Warnings {
    fn push(&mut self, w: Warning) {
        match &mut self.more {
            Some((_, n)) => *n += 1,
            None if self.kept.len() < MAX_REPORTED => self.kept.push(w),
            None => self.more = Some((w, 1)),
        }
    }

    /// In input order, at most [`MAX_REPORTED`] of them and a last
    /// [`Repair::TooMany`] when there were more.
    fn finish(self) -> Vec<Warning> {
        let mut kept = self.kept;
        kept.sort_by_key(|w| w.offset);
        if let Some((first, more)) = self.more {
            kept.push(Warning {
                offset: first.offset,
                repair: Repair::TooMany { more },
            });
        }
        kept
    }
}

/// The sink of the final parse: turns tolerated violations into warnings at
/// their input offsets, stops at the first one no repair fixes.
struct Tolerate<'a> {
    input: &'a [u8],
    from: &'a [u32],
    input_end: usize,
    warnings: &'a mut Warnings,
    fatal: Option<ParseError>,
}

impl Sink for Tolerate<'_> {
    fn report(&mut self, e: ParseError) -> Result<(), Stop> {
        let e = ParseError {
            offset: input_offset(self.from, e.offset, self.input_end),
            ..e
        };
        let tolerate = tolerated(&e);
        // A character the repairs encoded is named as the input has it
        // (`[`, not the `%` of its escape).
        let e = match (e.kind, self.input.get(e.offset)) {
            (ParseErrorKind::InvalidChar { byte }, Some(&found)) if found != byte => ParseError {
                kind: ParseErrorKind::InvalidChar { byte: found },
                ..e
            },
            _ => e,
        };
        if tolerate {
            self.warnings.push(Warning {
                offset: e.offset,
                repair: Repair::Tolerated(e),
            });
            Ok(())
        } else {
            self.fatal = Some(e);
            Err(Stop)
        }
    }
}

impl Out {
    fn push(&mut self, b: u8, at: usize) {
        self.bytes.push(b);
        self.from.push(at as u32);
    }

    fn encode(&mut self, b: u8, at: usize) {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        for c in [b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]] {
            self.push(c, at);
        }
        self.warn(at, Repair::Encoded { byte: b });
    }

    fn warn(&mut self, offset: usize, repair: Repair) {
        self.warnings.push(Warning { offset, repair });
    }
}

pub(crate) fn parse_lenient(input: &str, spec: Spec) -> Result<(Url, Vec<Warning>), ParseError> {
    // Encoding may triple the input, and the result must fit `u32` offsets.
    if input.len() > MAX_INPUT_LEN / 3 {
        return Err(ParseError::new(MAX_INPUT_LEN / 3, ParseErrorKind::TooLong, "url", spec));
    }
    // What is valid needs no repair.
    if let Ok(url) = Url::parse_with(input, spec) {
        return Ok((url, Vec::new()));
    }
    let b = input.as_bytes();
    let start = b.iter().position(|&c| c > b' ').unwrap_or(b.len());
    let end = b.iter().rposition(|&c| c > b' ').map_or(start, |i| i + 1);
    let mut out = Out {
        bytes: Vec::with_capacity(end - start + 8),
        from: Vec::with_capacity(end - start + 8),
        warnings: Warnings::default(),
    };
    if start > 0 {
        out.warn(0, Repair::Trimmed);
    } else if end < b.len() {
        out.warn(end, Repair::Trimmed);
    }
    let begin = start + prefix_len(&input[start..end], spec);

    // Tabs and line breaks go first, so that they can split nothing. A line
    // break takes the spaces and tabs around it along (RFC 1738 appendix:
    // whitespace added to break a URL across lines "should be ignored").
    let mut kept: Vec<u32> = Vec::with_capacity(end - begin);
    let mut i = begin;
    while i < end {
        if !matches!(b[i], b' ' | b'\t' | b'\r' | b'\n') {
            kept.push(i as u32);
            i += 1;
            continue;
        }
        let run_end = (i..end)
            .find(|&j| !matches!(b[j], b' ' | b'\t' | b'\r' | b'\n'))
            .unwrap_or(end);
        let run = &b[i..run_end];
        if run.iter().any(|&c| c == b'\r' || c == b'\n') {
            out.warn(i, Repair::RemovedWhitespace);
        } else {
            for (j, &c) in run.iter().enumerate() {
                if c == b'\t' {
                    out.warn(i + j, Repair::RemovedWhitespace);
                } else {
                    kept.push((i + j) as u32);
                }
            }
        }
        i = run_end;
    }

    let colon = kept.iter().position(|&i| b[i as usize] == b':');
    let scheme_ok = colon.is_some_and(|c| c > 0 && kept[..c].iter().all(|&i| rfc1738::SCHEME.contains(b[i as usize])));
    let Some(colon) = colon.filter(|_| scheme_ok) else {
        // No repair makes a scheme: report what strict parsing says.
        let text: Vec<u8> = kept.iter().map(|&i| b[i as usize]).collect();
        return Err(strict_error(&text, &kept, end, spec));
    };
    let scheme: String = kept[..colon]
        .iter()
        .map(|&i| (b[i as usize] as char).to_ascii_lowercase())
        .collect();
    for &i in &kept[..=colon] {
        out.push(b[i as usize], i as usize);
    }
    let backslash = BACKSLASH_SCHEMES.contains(&scheme.as_str());
    let query_ends_authority = !(spec == Spec::Rfc1738 && AUTHORITY_TO_SLASH.contains(&scheme.as_str()));
    let rest = &kept[colon + 1..];
    let is_slash = |k: usize| {
        rest.get(k)
            .is_some_and(|&i| b[i as usize] == b'/' || (backslash && b[i as usize] == b'\\'))
    };

    let mut k = 0;
    let mut state = State::Opaque;
    let mut authority_out = 0;
    // RFC 1738 gives `mailto` and `news` no authority: a `//` there is path.
    let opaque = spec == Spec::Rfc1738 && matches!(scheme.as_str(), "mailto" | "news");
    if !opaque && is_slash(0) && is_slash(1) {
        for &i in &rest[..2] {
            let i = i as usize;
            if b[i] == b'\\' {
                out.warn(i, Repair::Backslash);
            }
            out.push(b'/', i);
        }
        k = 2;
        state = State::Authority;
        authority_out = out.bytes.len();
    } else if matches!(scheme.as_str(), "http" | "ftp") || (scheme == "file" && is_slash(0)) {
        // `http:host`, `http:/host`: the slashes of the common Internet scheme
        // syntax are missing; browsers supply them.
        let at = rest.first().map_or(end, |&i| i as usize);
        // `file:/path` has an empty host; `http:/host` lacks one slash.
        if is_slash(0) && scheme != "file" {
            k = 1;
        }
        out.push(b'/', at);
        out.push(b'/', at);
        out.warn(at, Repair::AddedSlash);
        state = State::Authority;
        authority_out = out.bytes.len();
    }

    while k < rest.len() {
        let i = rest[k] as usize;
        let c = b[i];
        k += 1;
        if state == State::Authority
            && (c == b'/' || c == b'#' || (c == b'\\' && backslash) || (c == b'?' && query_ends_authority))
        {
            end_authority(&mut out, authority_out, spec);
            state = State::Path;
            if c == b'?' {
                out.push(b'/', i);
                out.warn(i, Repair::AddedSlash);
            }
        }
        match c {
            b'%' => {
                let hex = |n: usize| rest.get(k + n).is_some_and(|&j| rfc1738::HEX.contains(b[j as usize]));
                if hex(0) && hex(1) {
                    out.push(b'%', i);
                    let (h, l) = (rest[k] as usize, rest[k + 1] as usize);
                    out.push(b[h], h);
                    out.push(b[l], l);
                    k += 2;
                } else {
                    out.encode(c, i);
                }
            }
            b'#' if state != State::Fragment => {
                state = State::Fragment;
                out.push(c, i);
            }
            b'?' if matches!(state, State::Path | State::Opaque) => {
                state = State::Query;
                out.push(c, i);
            }
            b'\\' if backslash && matches!(state, State::Path | State::Authority) => {
                out.warn(i, Repair::Backslash);
                out.push(b'/', i);
            }
            // RFC 3986 needs '[' ']' around an IP literal, and '~' is one of
            // its unreserved octets; the other specs' octets are RFC 1738's.
            b'[' | b']' if spec == Spec::Rfc3986 && state == State::Authority => out.push(c, i),
            b'~' if spec == Spec::Rfc3986 => out.push(c, i),
            _ if rfc1738::XCHAR.contains(c) => out.push(c, i),
            _ => out.encode(c, i),
        }
    }
    if state == State::Authority {
        end_authority(&mut out, authority_out, spec);
        if scheme == "file" {
            out.push(b'/', end);
            out.warn(end, Repair::AddedSlash);
        }
    }

    let Out {
        bytes,
        from,
        mut warnings,
    } = out;
    let Ok(mut text) = String::from_utf8(bytes) else {
        unreachable!("every non-ASCII octet is encoded");
    };
    let mut sink = Tolerate {
        input: b,
        from: &from,
        input_end: end,
        warnings: &mut warnings,
        fatal: None,
    };
    let parsed = super::parse(&text, 0, spec, &mut sink);
    let o = match (parsed, sink.fatal) {
        (Ok(o), None) => o,
        (_, fatal) => return Err(fatal.unwrap_or(ParseError::new(0, ParseErrorKind::Empty, "url", spec))),
    };
    text[..o.scheme_len()].make_ascii_lowercase();
    Ok((Url::from_parts(text, o, spec), warnings.finish()))
}

fn input_offset(from: &[u32], i: usize, input_end: usize) -> usize {
    from.get(i).map_or(input_end, |&n| n as usize)
}

/// Drops a `:` that ends the authority with no port after it. RFC 3986
/// allows an empty port, so there only the second of `::` goes, and what
/// lenient parsing makes is left as it is when parsed leniently again.
fn end_authority(out: &mut Out, authority_out: usize, spec: Spec) {
    let b = &out.bytes;
    let colon = b.len() > authority_out && b.last() == Some(&b':');
    let empty_port = spec != Spec::Rfc3986 || (b.len() > authority_out + 1 && b[b.len() - 2] == b':');
    if colon && empty_port {
        let at = input_offset(&out.from, out.bytes.len() - 1, 0);
        out.bytes.pop();
        out.from.pop();
        out.warn(at, Repair::DroppedEmptyPort);
    }
}

/// The first strict error of `text` (whose octet `i` came from input offset
/// `from[i]`), with its offset in the input.
fn strict_error(text: &[u8], from: &[u32], input_end: usize, spec: Spec) -> ParseError {
    let text = String::from_utf8_lossy(text);
    let mut sink = FirstError::default();
    let _ = super::parse(&text, 0, spec, &mut sink);
    let e = sink
        .0
        .unwrap_or(ParseError::new(0, ParseErrorKind::MissingScheme, "scheme", spec));
    ParseError {
        offset: input_offset(from, e.offset, input_end),
        ..e
    }
}

/// Whether lenient parsing accepts a strict violation as written.
fn tolerated(e: &ParseError) -> bool {
    use ParseErrorKind as K;
    match e.kind {
        K::UserNotAllowed
        | K::LabelHyphen
        | K::TopLabelDigit
        | K::EmptyLabel
        | K::UnexpectedSearch
        | K::InvalidFtpType => true,
        K::InvalidChar { byte } => match e.rule {
            "scheme" | "port" => false,
            // RFC 3986: what is around an IP literal, or inside one.
            "authority" | "IPv6address" | "IPvFuture" => false,
            // A host may hold what browsers allow in one, but no escape.
            "domainlabel" | "toplabel" | "ialpha" | "hostname" => byte != b'%' && rfc1738::UNRESERVED.contains(byte),
            _ => true,
        },
        K::MissingPart => matches!(e.rule, "fieldspec" | "ftptype" | "digits" | "article"),
        _ => false,
    }
}
