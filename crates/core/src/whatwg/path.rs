//! URL Standard §4.4 "URL parsing": the path start, path, opaque path,
//! query and fragment states, and "shorten a URL's path" (§4.1).
//!
//! A path list is written as its serialization, `/` and a segment for each
//! segment: the path state writes a segment as it reads it, and removes it
//! again when it is a single-dot or double-dot segment.

use super::encode_sets::{self, push_encoded};
use super::out::Out;
use super::state::{is_normalized_windows_drive_letter, State};
use super::{Halt, Parser, SchemeType};
use crate::ascii::ByteSet;
use crate::engine::Sink;
use crate::error::ParseErrorKind;

impl<S: Sink, W: Out> Parser<'_, '_, '_, S, W> {
    /// The path start state.
    pub(super) fn path_start_state(&mut self) -> Result<State, Halt> {
        let c = self.c();
        if self.is_special() {
            if c == Some(b'\\') {
                self.validation(
                    self.p,
                    ParseErrorKind::InvalidChar { byte: b'\\' },
                    "invalid-reverse-solidus",
                )?;
            }
            if matches!(c, Some(b'/' | b'\\')) {
                self.advance();
            }
            return Ok(State::Path(false));
        }
        match c {
            Some(b'?') if self.over.is_none() => Ok(self.enter_query()),
            Some(b'#') if self.over.is_none() => Ok(self.enter_fragment()),
            Some(c) => {
                if c == b'/' {
                    self.advance();
                }
                Ok(State::Path(false))
            }
            None => {
                // 5. The `pathname` setter's empty value where there is no
                // host: a path of one empty segment.
                if self.over.is_some() && !self.o.has_authority() {
                    self.out.push('/');
                }
                Ok(State::Done)
            }
        }
    }

    /// The path state, a segment at a time until `?`, `#` or the end. With
    /// `open`, the file host state has written the first segment's start.
    pub(super) fn path_state(&mut self, mut open: bool) -> Result<State, Halt> {
        let special = self.is_special();
        loop {
            let segment = if open {
                open = false;
                self.out.text().rfind('/').unwrap_or(self.out.len())
            } else {
                self.out.push('/');
                self.out.len() - 1
            };
            // 2. The segment's code points, UTF-8 percent-encoded using the
            // path percent-encode set.
            let c = loop {
                match self.c() {
                    None => break None,
                    Some(b'/') => break Some(b'/'),
                    // 1: with a state override, `?` and `#` are code points
                    // of the path.
                    Some(c @ (b'?' | b'#')) if self.over.is_none() => break Some(c),
                    Some(b'\\') if special => break Some(b'\\'),
                    Some(_) => {
                        self.code_point(&encode_sets::PATH)?;
                    }
                }
            };
            // 1.1.
            if special && c == Some(b'\\') {
                self.validation(
                    self.p,
                    ParseErrorKind::InvalidChar { byte: b'\\' },
                    "invalid-reverse-solidus",
                )?;
            }
            let slash = c == Some(b'/') || (special && c == Some(b'\\'));
            let buffer = self.out.text().get(segment + 1..).unwrap_or("");
            if is_double_dot(buffer) {
                // 1.2.
                self.out.truncate(segment);
                self.shorten_path();
                if !slash {
                    self.out.push('/');
                }
            } else if is_single_dot(buffer) {
                // 1.3-1.4.
                self.out.truncate(segment);
                if !slash {
                    self.out.push('/');
                }
            } else if self.scheme == SchemeType::File
                && segment == self.o.path_start as usize
                && is_windows_drive_letter(buffer)
            {
                // 1.4.1. A (platform-independent) Windows drive letter
                // quirk: the buffer's last code point becomes ':'.
                self.out.truncate(segment + 2);
                self.out.push(':');
            }
            // 1.6-1.7.
            match c {
                Some(b'?') => {
                    return Ok(self.enter_query());
                }
                Some(b'#') => {
                    return Ok(self.enter_fragment());
                }
                None => return Ok(State::Done),
                Some(_) => self.advance(),
            }
        }
    }

    /// The opaque path state (with the July 2026 rule for a space: `%20`
    /// right before a `?` or `#`, so that the path does not end in a space).
    pub(super) fn opaque_path_state(&mut self) -> Result<State, Halt> {
        loop {
            match self.c() {
                None => return Ok(State::Done),
                Some(b'?') => {
                    return Ok(self.enter_query());
                }
                Some(b'#') => {
                    return Ok(self.enter_fragment());
                }
                Some(b' ') => {
                    self.validation(self.p, ParseErrorKind::InvalidChar { byte: b' ' }, "invalid-URL-unit")?;
                    if matches!(self.remaining(1), Some(b'?' | b'#')) {
                        self.out.push_str("%20");
                    } else {
                        self.out.push(' ');
                    }
                    self.advance();
                }
                Some(_) => {
                    self.code_point(&encode_sets::C0_CONTROL)?;
                }
            }
        }
    }

    /// The query state: UTF-8 only, so the buffer is encoded as it is read.
    /// With a state override, `#` is a code point of the query.
    pub(super) fn query_state(&mut self) -> Result<State, Halt> {
        let set = if self.is_special() {
            &encode_sets::SPECIAL_QUERY
        } else {
            &encode_sets::QUERY
        };
        loop {
            match self.c() {
                None => return Ok(State::Done),
                Some(b'#') if self.over.is_none() => {
                    return Ok(self.enter_fragment());
                }
                Some(_) => {
                    self.code_point(set)?;
                }
            }
        }
    }

    /// The fragment state.
    pub(super) fn fragment_state(&mut self) -> Result<State, Halt> {
        while self.c().is_some() {
            self.code_point(&encode_sets::FRAGMENT)?;
        }
        Ok(State::Done)
    }

    /// The code point at the pointer, in the path, opaque path, query or
    /// fragment state: its `invalid-URL-unit` checks, then the code point
    /// UTF-8 percent-encoded using `set`; the pointer moves past it.
    #[inline]
    fn code_point(&mut self, set: &ByteSet) -> Result<(), Halt> {
        let at = self.p;
        let ch = self.char_at(at);
        self.check_url_unit(at, ch)?;
        push_encoded(&mut self.out, ch, set);
        self.advance();
        Ok(())
    }

    /// URL Standard §4.1 "shorten a URL's path": the last segment goes,
    /// unless the URL is a `file` URL whose path is one normalized Windows
    /// drive letter.
    pub(super) fn shorten_path(&mut self) {
        let start = self.o.path_start as usize;
        let path = self.out.text().get(start..).unwrap_or("");
        if self.scheme == SchemeType::File && path.len() == 3 && is_normalized_windows_drive_letter(&path[1..]) {
            return;
        }
        if let Some(i) = path.rfind('/') {
            self.out.truncate(start + i);
        }
    }
}

/// URL Standard §4.1 "single-dot URL path segment": `.` or `%2e`.
fn is_single_dot(s: &str) -> bool {
    s == "." || s.eq_ignore_ascii_case("%2e")
}

/// URL Standard §4.1 "double-dot URL path segment": `..`, `.%2e`, `%2e.`
/// or `%2e%2e`.
fn is_double_dot(s: &str) -> bool {
    match s.len() {
        2 => s == "..",
        4 => s.eq_ignore_ascii_case(".%2e") || s.eq_ignore_ascii_case("%2e."),
        6 => s.eq_ignore_ascii_case("%2e%2e"),
        _ => false,
    }
}

/// URL Standard §4.3 "Windows drive letter": an ASCII alpha and `:` or `|`.
fn is_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments() {
        for s in [".", "%2e", "%2E"] {
            assert!(is_single_dot(s) && !is_double_dot(s));
        }
        for s in ["..", ".%2e", "%2E.", "%2e%2E"] {
            assert!(is_double_dot(s) && !is_single_dot(s));
        }
        for s in ["", "...", "%2e%2e%2e", ".a", "%2f"] {
            assert!(!is_double_dot(s) && !is_single_dot(s));
        }
    }
}
