//! URL Standard §4.4 "URL parsing" with a *url* and a *state override*:
//! the basic URL parser as the setters of the URL API (§6.1) run it, over
//! the URL they change.
//!
//! The parser writes a serialization in one forward pass, and a setter's
//! run writes the new serialization the same way: what comes before the
//! part the setter rewrites is copied from the URL ([`Part`], a cut), the
//! states write that part from the value, and what comes after it is
//! copied from the URL after them, its offsets moved. Which parts are kept
//! is known only as the states run (the `host` setter keeps the port unless
//! the value sets one; the `protocol` setter drops a port that is the new
//! scheme's default), so the states say it ([`Parser::keep`]).
//!
//! Steps 1.2-1.3 of the parser (trimming C0 controls and spaces) are for a
//! parse only; tabs and newlines are skipped here too. Validation errors
//! are not reported: the setters have no way to return them.
//!
//! A step that says "return" leaves the URL as it was, and so does one
//! that says "return failure" before anything is set: both give an error,
//! the first of kind [`ParseErrorKind::SetterIgnored`]. The one failure
//! after a change is in the `host` setter: a port the port state refuses
//! after the host state has set the host. Then the host stays set, as in
//! the standard, and the run succeeds.
//!
//! A state that returns with the value not read to its end (the scheme
//! state at `:`, the host state at `/`, the port state at what is not a
//! digit) leaves the rest of the value unread: the run says where, and why
//! ([`PartIgnored`]), so that the setter can say what it took.

use super::state::State;
use super::{Halt, Parsed, Parser, SchemeType};
use crate::engine::{Quiet, Sink};
use crate::error::{ParseError, ParseErrorKind, PartIgnored, SetterIgnored, MAX_INPUT_LEN};
use crate::offsets::{nz, Offsets};
use crate::url::UrlRef;
use crate::Spec;

/// The states a setter runs the parser from (URL Standard §6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StateOverride {
    /// The `protocol` setter's.
    SchemeStart,
    /// The `host` setter's.
    Host,
    /// The `hostname` setter's.
    Hostname,
    /// The `port` setter's.
    Port,
    /// The `pathname` setter's.
    PathStart,
    /// The `search` setter's.
    Query,
    /// The `hash` setter's.
    Fragment,
}

/// A place in a URL's serialization, at the start of a part: where the copy
/// of the URL before a setter's part ends ([`prefix`]), and where the copy
/// of what a setter keeps starts ([`keep_tail`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Part {
    /// After `scheme:`: `//` and the authority, when there is one.
    Authority,
    /// After `//`: the username and password.
    Userinfo,
    /// The host.
    Host,
    /// The `:` and the port.
    Port,
    /// The path (for a cut without a host, without the `/.` the serializer
    /// writes before it).
    Path,
    /// The `?` and the query.
    Query,
    /// The `#` and the fragment.
    Fragment,
    /// The end.
    End,
}

/// The *state override* and the *url* of one run, and what the run keeps.
pub(crate) struct Override<'u> {
    pub(crate) state: StateOverride,
    pub(crate) url: UrlRef<'u>,
    /// The first part of `url` kept after what the states write.
    keep: Part,
    /// Whether the port of `url` is dropped from what is kept.
    drop_port: bool,
    /// Whether the states have changed `url`: a failure after that keeps
    /// the change.
    changed: bool,
    /// Where in the input the states stopped reading, and why: what
    /// follows is ignored.
    stop: Option<(usize, PartIgnored)>,
}

/// The end of a setter's run: the URL it made, and where the states
/// stopped reading the input, and why (`None`: at its end).
pub(crate) type Ran = (Parsed, Option<(usize, PartIgnored)>);

/// The error of a step that leaves the URL as it was.
pub(crate) fn ignored(why: SetterIgnored) -> ParseError {
    ParseError::new(0, ParseErrorKind::SetterIgnored { why }, "state override", Spec::Whatwg)
}

/// Runs the basic URL parser on `input` with `url` as *url* and `state` as
/// *state override*: the URL as the run leaves it, and where the states
/// stopped reading `input` when they returned before its end; or the error
/// of the step that left it unchanged (its offset into `input`).
pub(crate) fn run(url: UrlRef<'_>, input: &str, state: StateOverride) -> Result<Ran, ParseError> {
    if input.len() > MAX_INPUT_LEN - url.s.len() {
        return Err(ParseError::new(
            MAX_INPUT_LEN - url.s.len(),
            ParseErrorKind::TooLong,
            "url",
            Spec::Whatwg,
        ));
    }
    let scheme = SchemeType::of(url.scheme());
    let has_host = url.o.has_authority();
    let (cut, keep, first) = match state {
        StateOverride::SchemeStart => (None, Part::Authority, State::SchemeStart),
        StateOverride::Host | StateOverride::Hostname if scheme == SchemeType::File => {
            (Some(Part::Authority), Part::Path, State::Host)
        }
        StateOverride::Host | StateOverride::Hostname if has_host => (Some(Part::Host), Part::Port, State::Host),
        StateOverride::Host | StateOverride::Hostname => (Some(Part::Authority), Part::Path, State::Host),
        StateOverride::Port => (Some(Part::Port), Part::Path, State::Port),
        StateOverride::PathStart => (Some(Part::Path), Part::Query, State::PathStart),
        StateOverride::Query => (Some(Part::Query), Part::Fragment, State::Query),
        StateOverride::Fragment => (Some(Part::Fragment), Part::End, State::Fragment),
    };
    let (out, o) = match cut {
        Some(cut) => prefix(url, cut, input.len()),
        None => (String::with_capacity(url.s.len() + input.len()), Offsets::new(0)),
    };
    let mut sink = Quiet;
    let mut parser = Parser::new(input, None, &mut sink, out, o);
    parser.scheme = scheme;
    parser.opaque_path = url.has_opaque_path();
    parser.over = Some(Override {
        state,
        url,
        keep,
        drop_port: false,
        changed: false,
        stop: None,
    });
    // Steps 2-3: the tabs and newlines are skipped by the cursor.
    let b = input.as_bytes();
    parser.p = b.iter().position(|&c| !super::is_tab_or_newline(c)).unwrap_or(b.len());
    match state {
        StateOverride::Host | StateOverride::Hostname if !has_host && scheme != SchemeType::File => {
            parser.begin_authority();
        }
        // The search and hash setters' "set url's query (fragment) to the
        // empty string".
        StateOverride::Query => parser.start_query(),
        StateOverride::Fragment => parser.start_fragment(),
        _ => {}
    }
    match parser.run_states(first) {
        Ok(()) => {}
        Err(Halt::Failure(_)) if parser.over.as_ref().is_some_and(|o| o.changed) => {}
        Err(Halt::Failure(e)) => return Err(e),
        Err(Halt::Stopped) => unreachable!("a quiet sink never stops the parser"),
    }
    let over = parser.over.take().expect("a setter's run");
    keep_tail(&mut parser.out, &mut parser.o, over.url, over.keep, over.drop_port);
    let stop = over.stop.filter(|&(at, _)| at < input.len());
    Ok((parser.finish(), stop))
}

impl<S: Sink, W> Parser<'_, '_, '_, S, W> {
    /// What the run keeps of the URL after what it writes, from `part` on.
    pub(super) fn keep(&mut self, part: Part) {
        if let Some(over) = &mut self.over {
            over.keep = part;
        }
    }

    /// The `protocol` setter keeps everything after the scheme, but the port
    /// when `drop_port` (the new scheme's default port).
    pub(super) fn keep_after_scheme(&mut self, drop_port: bool) {
        if let Some(over) = &mut self.over {
            over.keep = Part::Authority;
            over.drop_port = drop_port;
        }
    }

    /// The run has changed the URL (the `host` setter has set the host,
    /// up to the `:` at `colon`): the port state reads on, or the rest is
    /// ignored, for want of a port's digits.
    pub(super) fn changed(&mut self, colon: usize) {
        if let Some(over) = &mut self.over {
            over.changed = true;
            over.stop = Some((colon, PartIgnored::NoPortDigits));
        }
    }

    /// The states stop reading the input at `at`, for `why`: what follows
    /// is ignored, unless a later state reads on.
    pub(super) fn stop_at(&mut self, at: usize, why: PartIgnored) {
        if let Some(over) = &mut self.over {
            over.stop = Some((at, why));
        }
    }

    /// What the input was last stopped at is ignored for `why`.
    pub(super) fn stop_for(&mut self, why: PartIgnored) {
        if let Some((_, reason)) = self.over.as_mut().and_then(|o| o.stop.as_mut()) {
            *reason = why;
        }
    }
}

/// Where `part` starts in `url`, as a cut ends before it (`for_prefix`) or
/// as a kept tail starts at it: the same place but for the path of a URL
/// without a host, which a cut takes without the `/.` before it.
fn start(url: UrlRef<'_>, part: Part, for_prefix: bool) -> usize {
    let o = &url.o;
    let after_scheme = o.scheme_len() + 1;
    let len = url.s.len();
    match part {
        Part::Authority => after_scheme,
        Part::Userinfo => o.authority_start.map_or(after_scheme, |a| a.get() as usize),
        Part::Host => o.host_start as usize,
        Part::Port => o.host_end as usize,
        Part::Path if for_prefix && !o.has_authority() => after_scheme,
        Part::Path => o.path_start as usize,
        Part::Query => o.query_start.or(o.fragment_start).map_or(len, |n| n as usize),
        Part::Fragment => o.fragment_start.map_or(len, |n| n as usize),
        Part::End => len,
    }
}

/// `url` up to `cut`, and the offsets of the parts before it (the others
/// as [`Offsets::new`] leaves them, for the writer to set): room for `more`
/// bytes after it.
pub(crate) fn prefix(url: UrlRef<'_>, cut: Part, more: usize) -> (String, Offsets) {
    let end = start(url, cut, true);
    let mut out = String::with_capacity(url.s.len() + more + 8);
    out.push_str(&url.s[..end]);
    let u = url.o;
    let mut o = Offsets::new(u.scheme_len());
    if cut >= Part::Userinfo {
        o.authority_start = u.authority_start;
    }
    if cut >= Part::Host {
        o.user_end = u.user_end;
        o.host_start = u.host_start;
    }
    if cut >= Part::Port {
        o.host_end = u.host_end;
        o.host_kind = u.host_kind;
    }
    if cut >= Part::Path {
        o.port = u.port;
        o.path_start = if cut == Part::Path { end as u32 } else { u.path_start };
    }
    if cut >= Part::Fragment {
        o.query_start = u.query_start;
    }
    if cut >= Part::End {
        o.fragment_start = u.fragment_start;
    }
    (out, o)
}

/// Appends `url` from `keep` on to `out`, and sets the offsets of the parts
/// it holds; without the port (`:` and digits) when `drop_port`.
pub(crate) fn keep_tail(out: &mut String, o: &mut Offsets, url: UrlRef<'_>, keep: Part, drop_port: bool) {
    let u = url.o;
    let from = start(url, keep, false);
    let (host_end, path_start) = (u.host_end as usize, u.path_start as usize);
    let drop_port = drop_port && keep <= Part::Port && host_end < path_start;
    let base = out.len();
    let moved = |n: usize| -> usize {
        let n = if drop_port && n >= path_start {
            n - (path_start - host_end)
        } else {
            n
        };
        n - from + base
    };
    let moved_nz = |n: std::num::NonZeroU32| nz(moved(n.get() as usize));
    if drop_port {
        out.push_str(&url.s[from..host_end]);
        out.push_str(&url.s[path_start..]);
    } else {
        out.push_str(&url.s[from..]);
    }
    if keep <= Part::Authority {
        o.authority_start = u.authority_start.map(moved_nz);
        o.user_end = u.user_end.map(moved_nz);
    }
    if keep <= Part::Host {
        o.host_start = moved(u.host_start as usize) as u32;
        o.host_kind = u.host_kind;
    }
    if keep <= Part::Port {
        o.host_end = moved(host_end) as u32;
        o.port = if drop_port { None } else { u.port };
    }
    if keep <= Part::Path {
        o.path_start = moved(path_start) as u32;
    }
    if keep <= Part::Query {
        o.query_start = u.query_start.map(|n| moved(n as usize) as u32);
    }
    if keep <= Part::Fragment {
        o.fragment_start = u.fragment_start.map(|n| moved(n as usize) as u32);
    }
}

/// URL Standard §4.4 "set the username" and "set the password": `url`
/// with `username` and `password` as they are written (percent-encoded
/// already), `@` after them when either is not empty.
pub(crate) fn set_userinfo(url: UrlRef<'_>, username: &str, password: &str) -> Parsed {
    let (mut out, mut o) = prefix(url, Part::Userinfo, username.len() + password.len() + 2);
    out.push_str(username);
    if !password.is_empty() {
        o.user_end = Some(nz(out.len()));
        out.push(':');
        out.push_str(password);
        out.push('@');
    } else if !username.is_empty() {
        o.user_end = Some(nz(out.len()));
        out.push('@');
    } else {
        o.user_end = None;
    }
    keep_tail(&mut out, &mut o, url, Part::Host, false);
    (out, o)
}

/// What a setter can set to null: the port, the query, the fragment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Nullable {
    Port,
    Query,
    Fragment,
}

/// `url` with `part` set to null.
pub(crate) fn set_null(url: UrlRef<'_>, part: Nullable) -> Parsed {
    let (cut, keep) = match part {
        Nullable::Port => (Part::Port, Part::Path),
        Nullable::Query => (Part::Query, Part::Fragment),
        Nullable::Fragment => (Part::Fragment, Part::End),
    };
    let (mut out, mut o) = prefix(url, cut, 0);
    keep_tail(&mut out, &mut o, url, keep, false);
    (out, o)
}
