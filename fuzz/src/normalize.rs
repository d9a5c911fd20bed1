//! The canonical form and equivalence.

use urikit::{Spec, Url};

/// A URL by strict parsing, else by lenient parsing; `true` when strict.
pub fn parse_any(s: &str, spec: Spec) -> Option<(Url, bool)> {
    match Url::parse_with(s, spec) {
        Ok(url) => Some((url, true)),
        Err(_) => Url::parse_lenient_with(s, spec).ok().map(|(url, _)| (url, false)),
    }
}

/// The canonical form: valid, idempotent, equivalent to the URL it came from.
pub fn check_canonical(url: &Url, strict: bool) {
    let s = url.as_str();
    let c = url.canonical();
    c.check_invariants();
    assert_eq!(c.spec(), url.spec(), "{s:?}");
    assert_eq!(c.scheme(), url.scheme(), "{s:?}: canonical scheme");
    assert_eq!(c.has_authority(), url.has_authority(), "{s:?}: canonical authority");
    assert_eq!(
        c.canonical(),
        c,
        "{s:?}: canonical form {:?} is not canonical",
        c.as_str()
    );
    assert!(
        url.equivalent(&c) && c.equivalent(url),
        "{s:?}: not equivalent to {:?}",
        c.as_str()
    );
    if strict {
        let again = Url::parse_with(c.as_str(), url.spec())
            .unwrap_or_else(|e| panic!("{s:?}: canonical form {:?} does not parse: {e}", c.as_str()));
        assert_eq!(again, c, "{s:?}: canonical form parses to another URL");
        // The same port, or the same refusal of one over 65535 (whose offset
        // moves with the host's escapes).
        assert_eq!(
            c.port_or_default().map_err(|e| e.kind),
            url.port_or_default().map_err(|e| e.kind),
            "{s:?}: canonical port"
        );
    }
}

/// An escape of an unreserved octet means the octet: decoding such escapes
/// (as `pct::lower` does) outside the host, whose escapes the canonical form
/// keeps, gives an equivalent URL, when it gives a valid one.
pub fn check_lowered_equivalent(url: &Url) {
    let s = url.as_str();
    let lower = |text| urikit::pct::lower(text, &urikit::ascii::rfc1738::UNRESERVED).expect("valid escapes");
    let (start, end) = match url.host() {
        Some(host) => {
            let start = host.as_ptr() as usize - s.as_ptr() as usize;
            (start, start + host.len())
        }
        None => (s.len(), s.len()),
    };
    let lowered = format!("{}{}{}", lower(&s[..start]), &s[start..end], lower(&s[end..]));
    if let Ok(other) = Url::parse_with(&lowered, url.spec()) {
        assert!(
            url.equivalent(&other),
            "{s:?} and {lowered:?} differ only in escapes of unreserved octets: {:?} vs {:?}",
            url.canonical().as_str(),
            other.canonical().as_str()
        );
    }
}

/// Equivalence is the equality of canonical forms, and symmetric.
pub fn check_pair(a: &Url, b: &Url) {
    let (ca, cb) = (a.canonical(), b.canonical());
    let same = ca.as_str() == cb.as_str();
    assert_eq!(a.equivalent(b), same, "{:?} vs {:?}", a.as_str(), b.as_str());
    assert_eq!(b.equivalent(a), same, "{:?} vs {:?}", b.as_str(), a.as_str());
    if same {
        assert_eq!(
            ca,
            cb,
            "{:?} and {:?}: one canonical string, two splits",
            a.as_str(),
            b.as_str()
        );
    }
}
