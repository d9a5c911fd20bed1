//! URL Standard §4.4 "URL parsing": the states of the basic URL parser from
//! the scheme start state to the port state, and the file states. The path,
//! opaque path, query and fragment states are in `path`.
//!
//! Each state is a method that reads from the pointer and returns the next
//! state, the pointer left where that state reads first: the standard's
//! "decrease pointer by 1" (the next state reads the same code point) is a
//! state that does not advance.

use super::out::{BaseRef, Out};
use super::state_override::{Part, StateOverride};
use super::{Halt, Parser, SchemeType};
use crate::engine::Sink;
use crate::error::{ParseError, ParseErrorKind, PartIgnored, SetterIgnored};
use crate::host::HostKind;
use crate::offsets::nz;
use crate::url::UrlRef;

/// The states of the basic URL parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// The scheme start state (with the scheme state).
    SchemeStart,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    /// The path state; `true` when a segment was started by the file host
    /// state (a Windows drive letter read as a host).
    Path(bool),
    OpaquePath,
    Query,
    Fragment,
    /// The parser has returned the URL.
    Done,
}

impl<'b, S: Sink, W: Out> Parser<'_, 'b, '_, S, W> {
    /// Runs the state machine from `state` to its end; a parser that
    /// writes nothing ends where the path starts, after which no state
    /// fails.
    pub(super) fn run_states(&mut self, mut state: State) -> Result<(), Halt> {
        loop {
            if !W::KEEPS
                && matches!(
                    state,
                    State::PathStart | State::Path(_) | State::OpaquePath | State::Query | State::Fragment
                )
            {
                return Ok(());
            }
            state = match state {
                State::SchemeStart => self.scheme_start()?,
                State::NoScheme => self.no_scheme_state()?,
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state()?,
                State::PathOrAuthority => self.path_or_authority_state(),
                State::Relative => self.relative_state()?,
                State::RelativeSlash => self.relative_slash_state()?,
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state()?,
                State::SpecialAuthorityIgnoreSlashes => self.special_authority_ignore_slashes_state()?,
                State::Authority => self.authority_state()?,
                State::Host => self.host_state()?,
                State::Port => self.port_state()?,
                State::File => self.file_state()?,
                State::FileSlash => self.file_slash_state()?,
                State::FileHost => self.file_host_state()?,
                State::PathStart => self.path_start_state()?,
                State::Path(open) => self.path_state(open)?,
                State::OpaquePath => self.opaque_path_state()?,
                State::Query => self.query_state()?,
                State::Fragment => self.fragment_state()?,
                State::Done => return Ok(()),
            };
        }
    }

    /// The scheme start state and the scheme state: an ASCII alpha, then
    /// alphanumerics, `+`, `-` and `.` up to a `:`. Anything else starts
    /// over in the no scheme state.
    ///
    /// With a state override (the `protocol` setter), anything else is a
    /// failure (scheme start state step 3, scheme state step 4).
    fn scheme_start(&mut self) -> Result<State, Halt> {
        let b = self.input.as_bytes();
        let start = self.p;
        if !self.c().is_some_and(|c| c.is_ascii_alphabetic()) {
            if self.over.is_some() {
                return Err(match self.c() {
                    Some(b':') => self.failure(start, ParseErrorKind::EmptyScheme, "scheme"),
                    Some(byte) => self.failure(start, ParseErrorKind::InvalidChar { byte }, "scheme"),
                    None => self.failure(start, ParseErrorKind::MissingScheme, "scheme"),
                });
            }
            return Ok(State::NoScheme);
        }
        let mut i = start;
        while i < self.end && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'+' | b'-' | b'.')) {
            i = self.next_from(i);
        }
        if i >= self.end || b[i] != b':' {
            if self.over.is_some() {
                return Err(match b.get(i).filter(|_| i < self.end) {
                    Some(&byte) => self.failure(i, ParseErrorKind::InvalidChar { byte }, "scheme"),
                    None => self.failure(i, ParseErrorKind::MissingScheme, "scheme"),
                });
            }
            return Ok(State::NoScheme);
        }
        // 2.1-2.2 of the scheme state: the buffer, lower-cased.
        let raw = &self.input[start..i];
        if let Some(url) = self.over.as_ref().map(|o| o.url) {
            // The scheme state returns at the ':': what follows it is
            // not read.
            let after = self.next_from(i);
            self.stop_at(after, PartIgnored::AfterScheme);
            let scheme: String = raw
                .chars()
                .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
                .map(|c| c.to_ascii_lowercase())
                .collect();
            return self.scheme_override(&scheme, url);
        }
        self.scheme_raw = raw;
        self.set_scheme(raw, SchemeType::of_raw(raw.as_bytes()));
        self.p = self.next_from(i);
        // 2.5-2.9.
        Ok(match self.scheme {
            SchemeType::File => {
                if !(self.c() == Some(b'/') && self.remaining(1) == Some(b'/')) {
                    self.missing_solidus()?;
                }
                State::File
            }
            SchemeType::Special(_) if self.base.is_some_and(|b| b.same_scheme(raw)) => {
                State::SpecialRelativeOrAuthority
            }
            SchemeType::Special(_) => State::SpecialAuthoritySlashes,
            SchemeType::NotSpecial if self.c() == Some(b'/') => {
                self.advance();
                State::PathOrAuthority
            }
            SchemeType::NotSpecial => {
                self.opaque_path = true;
                State::OpaquePath
            }
        })
    }

    /// Steps 2.1-2.3 of the scheme state with a state override: the checks
    /// that leave `url` as it is, then the new scheme, and the port reset
    /// to null when it is the new scheme's default port.
    fn scheme_override(&mut self, scheme: &str, url: UrlRef<'_>) -> Result<State, Halt> {
        let (old, new) = (SchemeType::of(url.scheme()), SchemeType::of(scheme));
        let ignored = |why| Err(Halt::Failure(super::state_override::ignored(why)));
        // 2.1.1-2.1.2.
        if old.is_special() && !new.is_special() {
            return ignored(SetterIgnored::SpecialToNotSpecial);
        }
        if !old.is_special() && new.is_special() {
            return ignored(SetterIgnored::NotSpecialToSpecial);
        }
        // 2.1.3.
        if (url.includes_credentials() || url.o.port.is_some()) && new == SchemeType::File {
            return ignored(SetterIgnored::FileWithCredentialsOrPort);
        }
        // 2.1.4.
        if old == SchemeType::File && url.o.host(url.s) == Some("") {
            return ignored(SetterIgnored::FileWithEmptyHost);
        }
        // 2.2-2.3.
        self.set_scheme(scheme, new);
        let drop_port = url.o.port.is_some() && url.o.port == new.default_port();
        self.keep_after_scheme(drop_port);
        Ok(State::Done)
    }

    fn missing_solidus(&mut self) -> Result<(), Halt> {
        self.validation(
            self.p,
            ParseErrorKind::MissingSlashes,
            "special-scheme-missing-following-solidus",
        )
    }

    /// At a `/` or a `\` (a validation error): moves past it, and true.
    fn slash(&mut self) -> Result<bool, Halt> {
        match self.c() {
            Some(b'/') => {}
            Some(b'\\') => self.reverse_solidus()?,
            _ => return Ok(false),
        }
        self.advance();
        Ok(true)
    }

    fn reverse_solidus(&mut self) -> Result<(), Halt> {
        self.validation(
            self.p,
            ParseErrorKind::InvalidChar { byte: b'\\' },
            "invalid-reverse-solidus",
        )
    }

    /// The no scheme state: a relative-URL string needs a base.
    fn no_scheme_state(&mut self) -> Result<State, Halt> {
        let c = self.c();
        let base = match self.base {
            Some(base) if !(base.has_opaque_path() && c != Some(b'#')) => base,
            _ => return Err(self.failure(self.p, ParseErrorKind::MissingScheme, "missing-scheme-non-relative-URL")),
        };
        if base.has_opaque_path() {
            // 2. A fragment for a URL with an opaque path.
            self.set_scheme(base.scheme(), base.kind());
            self.opaque_path = true;
            self.copy_base_path(base);
            self.copy_base_query(base);
            return Ok(self.enter_fragment());
        }
        Ok(if base.kind() != SchemeType::File {
            State::Relative
        } else {
            State::File
        })
    }

    /// The special relative or authority state.
    fn special_relative_or_authority_state(&mut self) -> Result<State, Halt> {
        if self.c() == Some(b'/') && self.remaining(1) == Some(b'/') {
            self.advance();
            self.advance();
            Ok(State::SpecialAuthorityIgnoreSlashes)
        } else {
            self.missing_solidus()?;
            Ok(State::Relative)
        }
    }

    /// The path or authority state.
    fn path_or_authority_state(&mut self) -> State {
        if self.c() == Some(b'/') {
            self.advance();
            State::Authority
        } else {
            State::Path(false)
        }
    }

    fn base(&self) -> BaseRef<'b> {
        self.base.expect("the relative states run with a base")
    }

    /// The relative state.
    fn relative_state(&mut self) -> Result<State, Halt> {
        let base = self.base();
        if self.out.is_empty() {
            self.set_scheme(base.scheme(), base.kind());
        }
        let c = self.c();
        if c == Some(b'/') {
            self.advance();
            return Ok(State::RelativeSlash);
        }
        if self.is_special() && c == Some(b'\\') {
            self.reverse_solidus()?;
            self.advance();
            return Ok(State::RelativeSlash);
        }
        self.copy_base(base, c, |p| {
            p.shorten_path();
            Ok(())
        })
    }

    /// The steps the relative and file states share when what follows is
    /// no slash: the base's host and path are copied, then at `c` a `?`
    /// starts a new query, a `#` keeps the base's query and starts the
    /// fragment, the end keeps the base's query, and anything else starts
    /// the path state after `path` (which shortens the copied path).
    fn copy_base(
        &mut self,
        base: BaseRef<'_>,
        c: Option<u8>,
        path: impl FnOnce(&mut Self) -> Result<(), Halt>,
    ) -> Result<State, Halt> {
        self.copy_base_authority(base);
        self.copy_base_path(base);
        match c {
            Some(b'?') => Ok(self.enter_query()),
            Some(b'#') => {
                self.copy_base_query(base);
                Ok(self.enter_fragment())
            }
            Some(_) => {
                path(self)?;
                Ok(State::Path(false))
            }
            None => {
                self.copy_base_query(base);
                Ok(State::Done)
            }
        }
    }

    fn copy_base_query(&mut self, base: BaseRef<'_>) {
        if let Some(q) = base.url().and_then(|u| u.query()) {
            self.start_query();
            self.out.push_str(q);
        }
    }

    /// At the input's `?`: starts the query and moves past it, to the
    /// query state.
    pub(super) fn enter_query(&mut self) -> State {
        self.start_query();
        self.advance();
        State::Query
    }

    /// At the input's `#`: starts the fragment and moves past it, to the
    /// fragment state.
    pub(super) fn enter_fragment(&mut self) -> State {
        self.start_fragment();
        self.advance();
        State::Fragment
    }

    /// The relative slash state.
    fn relative_slash_state(&mut self) -> Result<State, Halt> {
        if self.is_special() && self.slash()? {
            return Ok(State::SpecialAuthorityIgnoreSlashes);
        }
        if self.c() == Some(b'/') {
            self.advance();
            return Ok(State::Authority);
        }
        let base = self.base();
        self.copy_base_authority(base);
        Ok(State::Path(false))
    }

    /// The special authority slashes state.
    fn special_authority_slashes_state(&mut self) -> Result<State, Halt> {
        if self.c() == Some(b'/') && self.remaining(1) == Some(b'/') {
            self.advance();
            self.advance();
        } else {
            self.missing_solidus()?;
        }
        Ok(State::SpecialAuthorityIgnoreSlashes)
    }

    /// The special authority ignore slashes state.
    fn special_authority_ignore_slashes_state(&mut self) -> Result<State, Halt> {
        while matches!(self.c(), Some(b'/' | b'\\')) {
            self.missing_solidus()?;
            self.advance();
        }
        Ok(State::Authority)
    }

    /// Whether `c` ends the authority, the host or the port: the end, `/`,
    /// `?`, `#`, and `\` in a special URL.
    fn ends_authority(&self, c: Option<u8>) -> bool {
        match c {
            None | Some(b'/' | b'?' | b'#') => true,
            Some(b'\\') => self.is_special(),
            Some(_) => false,
        }
    }

    /// The authority state: the credentials before the last `@`, each `@`
    /// an `invalid-credentials` validation error, then the host state from
    /// after it.
    fn authority_state(&mut self) -> Result<State, Halt> {
        let b = self.input.as_bytes();
        let start = self.p;
        let mut i = start;
        let mut last_at = None;
        while i < self.end && !self.ends_authority(Some(b[i])) {
            if b[i] == b'@' {
                self.validation(i, ParseErrorKind::UserNotAllowed, "invalid-credentials")?;
                last_at = Some(i);
            }
            i = self.next_from(i);
        }
        self.begin_authority();
        let Some(at) = last_at else {
            return Ok(State::Host);
        };
        let host_start = self.next_from(at);
        if host_start >= i {
            return Err(self.failure(host_start.min(i), ParseErrorKind::EmptyHost, "host-missing"));
        }
        // The buffer's code points, UTF-8 percent-encoded using the userinfo
        // percent-encode set, to the username up to the first `:` and to the
        // password after it.
        let mut j = start;
        let mut password_at = None;
        while j < at {
            let c = self.char_at(j);
            if c == ':' && password_at.is_none() {
                password_at = Some(self.out.len());
            } else {
                super::encode_sets::push_encoded(&mut self.out, c, &super::encode_sets::USERINFO);
            }
            j = self.next_from(j);
        }
        let a = self.o.host_start as usize;
        let user_end = password_at.unwrap_or(self.out.len());
        let password_empty = user_end == self.out.len();
        if password_empty {
            if user_end > a {
                self.o.user_end = Some(nz(user_end));
                self.out.push('@');
            }
        } else {
            self.out.insert(user_end, ':');
            self.o.user_end = Some(nz(user_end));
            self.out.push('@');
        }
        self.o.host_start = self.out.len() as u32;
        self.p = host_start;
        Ok(State::Host)
    }

    /// The host state (and hostname state): the host up to a `:` outside
    /// brackets or the end of the authority.
    fn host_state(&mut self) -> Result<State, Halt> {
        // 1. A setter's run on a `file` URL.
        if self.over.is_some() && self.scheme == SchemeType::File {
            return Ok(State::FileHost);
        }
        let b = self.input.as_bytes();
        let start = self.p;
        let mut i = start;
        let mut inside_brackets = false;
        while i < self.end {
            match b[i] {
                b':' if !inside_brackets => break,
                c if self.ends_authority(Some(c)) => break,
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                _ => {}
            }
            i = self.next_from(i);
        }
        let at_colon = i < self.end && b[i] == b':';
        if i == start && (at_colon || self.is_special()) {
            return Err(self.failure(start, ParseErrorKind::EmptyHost, "host-missing"));
        }
        let over = self.over.as_ref().map(|o| (o.state, o.url));
        match over {
            // 2.2. The hostname setter takes no port.
            Some((StateOverride::Hostname, _)) if at_colon => {
                let e = super::state_override::ignored(SetterIgnored::PortInHostname);
                return Err(Halt::Failure(ParseError { offset: i, ..e }));
            }
            // 3.2.
            Some((_, url)) if !at_colon && i == start && (url.includes_credentials() || url.o.port.is_some()) => {
                return Err(Halt::Failure(super::state_override::ignored(
                    SetterIgnored::EmptyHostWithCredentialsOrPort,
                )));
            }
            _ => {}
        }
        self.host_parse(start, i, !self.is_special())?;
        self.p = i;
        if at_colon {
            // Unless the port state reads a port, what follows is not
            // taken.
            self.changed(i);
            self.advance();
            Ok(State::Port)
        } else if self.over.is_some() {
            // 3.6.
            self.stop_at(i, PartIgnored::AfterHost);
            Ok(State::Done)
        } else {
            self.start_path();
            Ok(State::PathStart)
        }
    }

    /// The port state: digits up to the end of the authority; the scheme's
    /// default port is not written. With a state override, the digits up to
    /// whatever follows them.
    fn port_state(&mut self) -> Result<State, Halt> {
        let start = self.p;
        let mut value: u32 = 0;
        let mut digits = false;
        while let Some(d) = self.c().filter(u8::is_ascii_digit) {
            value = (value * 10 + u32::from(d - b'0')).min(1 << 20);
            digits = true;
            self.advance();
        }
        if !self.ends_authority(self.c()) && self.over.is_none() {
            let byte = self.input.as_bytes()[self.p];
            return Err(self.failure(self.p, ParseErrorKind::InvalidChar { byte }, "port-invalid"));
        }
        if digits {
            let Ok(port) = u16::try_from(value) else {
                self.stop_for(PartIgnored::PortOutOfRange);
                return Err(self.failure(start, ParseErrorKind::PortOutOfRange, "port-out-of-range"));
            };
            if Some(port) != self.scheme.default_port() {
                self.out.push(':');
                self.out.push_str(crate::ascii::decimal(u64::from(port), &mut [0; 20]));
                self.o.port = Some(port);
            }
            // 2.1.5.
            if self.over.is_some() {
                self.keep(Part::Path);
                self.stop_at(self.p, PartIgnored::AfterPort);
                return Ok(State::Done);
            }
        } else if self.over.is_some() {
            // 2.2.
            return Err(match self.c() {
                Some(byte) => self.failure(self.p, ParseErrorKind::InvalidChar { byte }, "port-invalid"),
                None => self.failure(self.p, ParseErrorKind::EmptyPort, "port-invalid"),
            });
        }
        self.start_path();
        Ok(State::PathStart)
    }

    /// The file state.
    fn file_state(&mut self) -> Result<State, Halt> {
        if self.out.is_empty() {
            self.set_scheme("file", SchemeType::File);
        }
        let c = self.c();
        if self.slash()? {
            return Ok(State::FileSlash);
        }
        let Some(base) = self.base.filter(|b| b.kind() == SchemeType::File) else {
            self.set_empty_host();
            return Ok(State::Path(false));
        };
        self.copy_base(base, c, |p| {
            if !p.starts_with_windows_drive_letter(p.p) {
                p.shorten_path();
            } else {
                p.validation(
                    p.p,
                    ParseErrorKind::WindowsDriveLetter,
                    "file-invalid-Windows-drive-letter",
                )?;
                p.out.truncate(p.o.path_start as usize);
            }
            Ok(())
        })
    }

    /// The file slash state.
    fn file_slash_state(&mut self) -> Result<State, Halt> {
        if self.slash()? {
            return Ok(State::FileHost);
        }
        match self.base.filter(|b| b.kind() == SchemeType::File) {
            Some(base) => {
                self.copy_base_authority(base);
                // A (platform-independent) Windows drive letter quirk.
                let path = base.url().map_or("", |u| u.path());
                let first = path.get(1..).map_or("", |p| p.split('/').next().unwrap_or(""));
                if !self.starts_with_windows_drive_letter(self.p) && is_normalized_windows_drive_letter(first) {
                    self.out.push('/');
                    self.out.push_str(first);
                }
            }
            None => self.set_empty_host(),
        }
        Ok(State::Path(false))
    }

    /// The file host state.
    fn file_host_state(&mut self) -> Result<State, Halt> {
        let b = self.input.as_bytes();
        let start = self.p;
        let mut i = start;
        while i < self.end && !matches!(b[i], b'/' | b'\\' | b'?' | b'#') {
            i = self.next_from(i);
        }
        self.p = i;
        if self.over.is_none()
            && self.starts_with_windows_drive_letter(start)
            && self.next_from(self.next_from(start)) >= i
        {
            // A (platform-independent) Windows drive letter quirk: the
            // buffer is the path's first segment.
            self.validation(
                start,
                ParseErrorKind::WindowsDriveLetter,
                "file-invalid-Windows-drive-letter-host",
            )?;
            self.set_empty_host();
            self.out.push('/');
            self.out.push(char::from(b[start]));
            self.out.push(char::from(b[self.next_from(start)]));
            return Ok(State::Path(true));
        }
        if i == start {
            self.set_empty_host();
            if self.over.is_some() {
                // 1.2.2.
                self.keep(Part::Path);
                self.stop_at(i, PartIgnored::AfterHost);
                return Ok(State::Done);
            }
            return Ok(State::PathStart);
        }
        self.begin_authority();
        self.host_parse(start, i, false)?;
        if self.out.text().get(self.o.host_start as usize..) == Some("localhost") {
            self.out.truncate(self.o.host_start as usize);
            self.end_host(HostKind::Empty);
        }
        self.start_path();
        if self.over.is_some() {
            // 1.3.5.
            self.keep(Part::Path);
            self.stop_at(i, PartIgnored::AfterHost);
            return Ok(State::Done);
        }
        Ok(State::PathStart)
    }
}

/// URL Standard §4.3: an ASCII alpha followed by `:`.
pub(crate) fn is_normalized_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}
