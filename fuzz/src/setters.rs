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
///   value again changes nothing.
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
        let again = Url::parse_lenient_with(url.as_str(), Spec::Whatwg).map(|(u, _)| u);
        assert_eq!(again.as_ref(), Ok(&url), "{what}: not its own serialization");
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
