//! urikit's RFC 3986 parse against fluent-uri's, component by component.

use fluent_uri::component::Host;
use fluent_uri::{Uri, UriRef};
use urikit::rfc3986::Reference;
use urikit::{HostKind, Spec, UrlRef};

/// scheme, authority, userinfo, host, port, path, query, fragment, host kind.
type Parts<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
    Option<HostKind>,
);

fn ours<'b>(r: &'b Reference<'_>) -> Parts<'b> {
    // The userinfo is what the authority holds before the host's '@'.
    let userinfo = r.authority().and_then(|a| {
        let host_at = a.len() - r.host().map_or(0, str::len) - r.port_str().map_or(0, |p| p.len() + 1);
        (host_at > 0).then(|| &a[..host_at - 1])
    });
    (
        r.scheme(),
        r.authority(),
        userinfo,
        r.host(),
        r.port_str(),
        r.path(),
        r.query(),
        r.fragment(),
        r.host_kind(),
    )
}

fn theirs<'a>(u: &'a UriRef<&'a str>) -> Parts<'a> {
    let auth = u.authority();
    let kind = auth.map(|a| match a.host_parsed() {
        Host::Ipv4 { .. } => HostKind::Ipv4,
        Host::Ipv6 { .. } => HostKind::Ipv6,
        Host::IpvFuture { .. } => HostKind::IpvFuture,
        _ if a.host().is_empty() => HostKind::Empty,
        _ => HostKind::RegName,
    });
    (
        u.scheme().map(|s| s.as_str()),
        auth.map(|a| a.as_str()),
        auth.and_then(|a| a.userinfo()).map(|s| s.as_str()),
        auth.map(|a| a.host()),
        auth.and_then(|a| a.port()).map(|p| p.as_str()),
        u.path().as_str(),
        u.query().map(|q| q.as_str()),
        u.fragment().map(|f| f.as_str()),
        kind,
    )
}

/// urikit's `Spec::Rfc3986` and fluent-uri agree on whether `s` is a `URI`
/// and a `URI-reference`, and on every component of a reference (with the
/// host's kind).
pub fn check_against_fluent_uri(s: &str) {
    let (we, they) = (UrlRef::parse_with(s, Spec::Rfc3986), Uri::parse(s));
    assert_eq!(
        we.is_ok(),
        they.is_ok(),
        "URI validity of {s:?}: urikit {:?}, fluent-uri {:?}",
        we.err().map(|e| e.to_string()),
        they.err().map(|e| e.to_string())
    );
    match (Reference::parse(s), UriRef::parse(s)) {
        (Ok(we), Ok(they)) => assert_eq!(ours(&we), theirs(&they), "components of {s:?}: urikit, fluent-uri"),
        (Err(_), Err(_)) => {}
        (we, they) => panic!(
            "URI-reference validity of {s:?}: urikit {:?}, fluent-uri {:?}",
            we.err().map(|e| e.to_string()),
            they.err().map(|e| e.to_string())
        ),
    }
}
