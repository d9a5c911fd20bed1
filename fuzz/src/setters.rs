//! The `URL` API's setters on WHATWG URLs (`Url::set_api`), against
//! themselves and against ada's.

use urikit::whatwg::api::Setter;
use urikit::{Spec, Url};

/// One setter and its value, as a line of the fuzz input reads it: the
/// first byte picks the setter (`0` to `9` in the order of `Setter::ALL`,
/// any other byte as its distance from `0` modulo 10), the rest is the
/// value.
pub fn read_setter(line: &str) -> Option<(Setter, &str)> {
    let (&first, _) = line.as_bytes().split_first()?;
    if !first.is_ascii() {
        return None;
    }
    Some((Setter::ALL[usize::from(first.wrapping_sub(b'0') % 10)], &line[1..]))
}

/// `whatwg_setters`: each setter, run in turn on the URL `s` parses to.
///
/// * A setter that gives an error leaves the URL byte for byte as it was;
///   its error names the setter and points into the value.
/// * After any setter the URL checks out and is its own serialization: it
///   parses to itself, offsets and all; the same setter with the same
///   value again changes nothing. But for the URLs [`Reparse`] names,
///   which only the `protocol` setter makes: their href parses to exactly
///   the URL [`Reparse::reparsed`] says, itself its own serialization.
/// * ada's setter makes the same href, for a URL and values in ASCII
///   without an `xn--` label (IDNA is where `check_against_ada` lists the
///   two apart).
pub fn check_setters(s: &str, setters: &[(Setter, &str)]) {
    let Ok((mut url, _)) = Url::parse_lenient_with(s, Spec::Whatwg) else {
        return;
    };
    let mut ada = ada_url::Url::parse(s, None).ok().filter(|a| a.href() == url.as_str());
    for &(setter, value) in setters {
        let what = format!("{url} {setter} = {value:?}");
        let before = url.clone();
        match url.set_api(setter, value) {
            Ok(()) => {}
            Err(e) => {
                assert_eq!(url, before, "{what}: an error changed the URL");
                assert_eq!(e.rule, format!("{setter} setter"), "{what}: {e:?}");
                assert!(e.offset <= value.len(), "{what}: {e:?}");
            }
        }
        url.check_invariants();
        let quirks = Reparse::of(&url);
        if setter != Setter::Protocol {
            assert!(
                quirks.iter().all(|q| Reparse::of(&before).contains(q)),
                "{what}: {quirks:?} made by another setter than protocol"
            );
        }
        let again = Url::parse_lenient_with(url.as_str(), Spec::Whatwg).map(|(u, _)| u);
        if quirks.is_empty() {
            assert_eq!(again.as_ref(), Ok(&url), "{what}: not its own serialization");
        } else {
            let again = again.unwrap_or_else(|e| panic!("{what}: {quirks:?}, the href fails: {e:?}"));
            assert_eq!(again.as_str(), Reparse::reparsed(&url), "{what}: {quirks:?}");
            let third = Url::parse_lenient_with(again.as_str(), Spec::Whatwg).map(|(u, _)| u);
            assert_eq!(
                third.as_ref(),
                Ok(&again),
                "{what}: {quirks:?}, the reparse is not its own"
            );
        }
        let mut twice = url.clone();
        let _ = twice.set_api(setter, value);
        assert_eq!(twice, url, "{what}: a second run changed the URL");
        if let Some(a) = &mut ada {
            if value.is_ascii() && s.is_ascii() && !value.to_ascii_lowercase().contains("xn--") {
                run_ada(a, setter, value);
                assert_eq!(a.href(), url.as_str(), "{what}: ada differs");
            } else {
                ada = None;
            }
        }
    }
}

/// ada's setter of the same name.
fn run_ada(a: &mut ada_url::Url, setter: Setter, value: &str) {
    let _ = match setter {
        Setter::Href => a.set_href(value),
        Setter::Protocol => a.set_protocol(value),
        Setter::Username => a.set_username(Some(value)),
        Setter::Password => a.set_password(Some(value)),
        Setter::Host => a.set_host(Some(value)),
        Setter::Hostname => a.set_hostname(Some(value)),
        Setter::Port => a.set_port(Some(value)),
        Setter::Pathname => a.set_pathname(Some(value)),
        Setter::Search => {
            a.set_search(Some(value));
            Ok(())
        }
        Setter::Hash => {
            a.set_hash(Some(value));
            Ok(())
        }
    };
}

/// A URL the standard's setters make that its parser never gives, so that
/// its href parses to another URL. Each is made by the `protocol` setter
/// alone, switching a special URL to `file`: the basic URL parser with
/// the scheme start state as its state override (URL Standard §4.4 "URL
/// parsing", scheme state) sets the scheme and returns, keeping a host and
/// a path that the file states would have read otherwise. A later setter
/// that keeps the host or the path keeps the quirk; the reference
/// implementation behaves the same, and `check_setters` still compares
/// with ada's setter there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reparse {
    /// A `file` URL whose host is `localhost`: the file host state (§4.4
    /// "file host state": "If host is `localhost`, then set host to the
    /// empty string") parses `file://localhost/x` to `file:///x`. The
    /// `host` and `hostname` setters of a `file` URL run that state and
    /// give the empty host; `https://localhost/x` with the protocol `file`
    /// keeps it (`file://localhost/x`).
    FileLocalhost,
    /// A `file` URL whose first path segment is a Windows drive letter
    /// with `|` (an ASCII letter then `|`, §4.2 "Windows drive letter"):
    /// the path state (§4.4 "path state": a `file` URL's first segment
    /// that is a Windows drive letter gets `:` for its second code point)
    /// parses `file://h/C|/x` to `file://h/C:/x`. A special URL keeps `C|`
    /// as it is, and the protocol `file` does not rewrite its path.
    FileDriveLetterPipe,
}

impl Reparse {
    /// The quirks `url` shows, in the order of the variants; none for a
    /// URL its parser could give.
    pub fn of(url: &Url) -> Vec<Reparse> {
        let mut quirks = Vec::new();
        if url.scheme() != "file" {
            return quirks;
        }
        if url.host() == Some("localhost") {
            quirks.push(Reparse::FileLocalhost);
        }
        if is_pipe_drive_letter(first_segment(url.path())) {
            quirks.push(Reparse::FileDriveLetterPipe);
        }
        quirks
    }

    /// The href that `url`'s href parses to: the quirks of
    /// [`Reparse::of`] undone, as the standard's parser undoes them (a
    /// `file` URL has no userinfo or port: the protocol setter refuses
    /// `file` for a URL with either).
    pub fn reparsed(url: &Url) -> String {
        let quirks = Reparse::of(url);
        let host = match url.host() {
            Some(_) if quirks.contains(&Reparse::FileLocalhost) => "",
            host => host.unwrap_or_default(),
        };
        let mut path = url.path().to_owned();
        if quirks.contains(&Reparse::FileDriveLetterPipe) {
            // `/C|...`: the `|` is the path's third byte.
            path.replace_range(2..3, ":");
        }
        let mut href = format!("{}://{host}{path}", url.scheme());
        if let Some(q) = url.query() {
            href.push('?');
            href.push_str(q);
        }
        if let Some(f) = url.fragment() {
            href.push('#');
            href.push_str(f);
        }
        href
    }
}

/// The first segment of a path that is not opaque: what follows its
/// first `/` up to the next.
fn first_segment(path: &str) -> &str {
    path.strip_prefix('/')
        .map_or("", |p| p.split('/').next().unwrap_or_default())
}

/// Whether `segment` is a Windows drive letter (§4.2) that is not a
/// normalized one: an ASCII letter, then `|`.
fn is_pipe_drive_letter(segment: &str) -> bool {
    matches!(segment.as_bytes(), [letter, b'|'] if letter.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The URL `s` parses to after the protocol setter with `scheme`.
    fn switched(s: &str, scheme: &str) -> Url {
        let (mut url, _) = Url::parse_lenient_with(s, Spec::Whatwg).unwrap();
        url.set_api(Setter::Protocol, scheme).unwrap();
        url
    }

    #[test]
    fn localhost_switched_to_file_reparses_without_its_host() {
        let url = switched("https://localhost/x?q#f", "file");
        assert_eq!(url.as_str(), "file://localhost/x?q#f");
        assert_eq!(Reparse::of(&url), [Reparse::FileLocalhost]);
        assert_eq!(Reparse::reparsed(&url), "file:///x?q#f");
        check_setters("https://localhost/x?q#f", &[(Setter::Protocol, "file")]);
        // Later setters that keep the host keep the quirk.
        check_setters(
            "https://localhost/x",
            &[
                (Setter::Protocol, "file"),
                (Setter::Search, "a"),
                (Setter::Pathname, "C|/y"),
            ],
        );
    }

    #[test]
    fn pipe_drive_letter_switched_to_file_reparses_with_a_colon() {
        let url = switched("https://h/C|/x", "file");
        assert_eq!(url.as_str(), "file://h/C|/x");
        assert_eq!(Reparse::of(&url), [Reparse::FileDriveLetterPipe]);
        assert_eq!(Reparse::reparsed(&url), "file://h/C:/x");
        let both = switched("https://localhost/z|", "file");
        assert_eq!(
            Reparse::of(&both),
            [Reparse::FileLocalhost, Reparse::FileDriveLetterPipe]
        );
        assert_eq!(Reparse::reparsed(&both), "file:///z:");
        check_setters("https://localhost/z|?q", &[(Setter::Protocol, "file")]);
    }

    /// URLs beside the quirks get the full check: none is named, so their
    /// href must parse to them.
    #[test]
    fn the_quirks_are_narrow() {
        for (s, scheme) in [
            ("https://localhost/x", "http"),
            ("https://localhost./x", "file"),
            ("https://localhostx/x", "file"),
            ("https://xlocalhost/x", "file"),
            ("https://h/C:/x", "file"),
            ("https://h/x/C|", "file"),
            ("https://h/C|x", "file"),
            ("https://h/1|", "file"),
            ("https://h//C|", "file"),
            ("https://h/C%7C", "file"),
            ("wss://localhost/C|", "https"),
            ("foo://localhost/C|", "bar"),
        ] {
            let url = switched(s, scheme);
            assert_eq!(Reparse::of(&url), [], "{url}");
            check_setters(s, &[(Setter::Protocol, scheme)]);
        }
        // The parser and the host setters make no quirk: `file` turns
        // `localhost` into the empty host and `C|` into `C:` itself.
        for s in ["file://localhost/C|/x", "FILE://LOCALHOST/c|"] {
            let (url, _) = Url::parse_lenient_with(s, Spec::Whatwg).unwrap();
            assert_eq!(Reparse::of(&url), [], "{url}");
        }
        let mut url = Url::parse_with("file://h/x", Spec::Whatwg).unwrap();
        url.set_api(Setter::Host, "localhost").unwrap();
        assert_eq!(url.as_str(), "file:///x");
        check_setters(
            "file://h/x",
            &[(Setter::Hostname, "localhost"), (Setter::Pathname, "c|")],
        );
    }
}
