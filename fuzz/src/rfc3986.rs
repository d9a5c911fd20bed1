//! RFC 3986 and RFC 1808: URLs, references and their canonical forms.

use urikit::rfc3986::Reference;
use urikit::{validate, Spec, Url, UrlRef};

use crate::parse::assert_ref_agrees;

/// Strict parsing by RFC 3986 or RFC 1808: a URL it accepts checks out,
/// reassembles, parses again to itself, and has a canonical form that is
/// canonical and parses again; an error is the first of what `validate`
/// reports.
pub fn check_generic_parse(s: &str, spec: Spec) {
    let errors = validate(s, spec);
    match Url::parse_with(s, spec) {
        Ok(url) => {
            url.check_invariants();
            assert_eq!(url.spec(), spec);
            assert!(errors.is_empty(), "{s:?} parses, yet validate reports {errors:?}");
            let r = UrlRef::parse_with(s, spec).unwrap_or_else(|e| panic!("{s:?}: Url parses, UrlRef fails: {e}"));
            assert_ref_agrees(&url, &r);
            assert_eq!(url.port_str(), r.port_str(), "{s:?}: port_str");
            assert_eq!(r.to_url(), url, "{s:?}: UrlRef::to_url");
            let parts = Parts::of_url(&url);
            parts.check_port(s);
            assert_eq!(parts.assemble(), url.as_str(), "{s:?}: components do not reassemble");
            let again = Url::parse_with(url.as_str(), spec)
                .unwrap_or_else(|e| panic!("{s:?} parses as {:?}, which does not parse again: {e}", url.as_str()));
            assert_eq!(again, url, "{s:?}: the serialization parses to another URL");
            check_canonical(s, &url);
        }
        Err(e) => {
            assert!(e.offset <= s.len(), "{s:?}: error offset {} past the end", e.offset);
            assert_eq!(e.spec, spec);
            assert_eq!(errors.first(), Some(&e), "{s:?}: strict error is not validate's first");
            assert_eq!(
                UrlRef::parse_with(s, spec).err(),
                Some(e),
                "{s:?}: UrlRef and Url disagree"
            );
        }
    }
}

/// The canonical form (RFC 3986 §6.2): valid by the same spec, idempotent,
/// equivalent, with the same scheme and the same parts present (an empty
/// query or fragment is kept).
fn check_canonical(s: &str, url: &Url) {
    let c = url.canonical();
    let cs = c.as_str();
    c.check_invariants();
    assert_eq!(c.spec(), url.spec(), "{s:?}");
    assert_eq!(c.scheme(), url.scheme(), "{s:?}: canonical scheme of {cs:?}");
    assert_eq!(c.has_authority(), url.has_authority(), "{s:?}: canonical {cs:?}");
    assert_eq!(c.query().is_some(), url.query().is_some(), "{s:?}: canonical {cs:?}");
    assert_eq!(
        c.fragment().is_some(),
        url.fragment().is_some(),
        "{s:?}: canonical {cs:?}"
    );
    let again =
        Url::parse_with(cs, url.spec()).unwrap_or_else(|e| panic!("{s:?}: canonical form {cs:?} does not parse: {e}"));
    assert_eq!(again, c, "{s:?}: canonical form {cs:?} parses to another URL");
    let cc = c.canonical();
    assert_eq!(
        cc,
        c,
        "{s:?}: canonical form {cs:?} is not canonical: {:?}",
        cc.as_str()
    );
    assert!(
        url.equivalent(&c) && c.equivalent(url),
        "{s:?}: not equivalent to {cs:?}"
    );
}

/// A reference parses as its docs say: it checks out, reassembles and
/// parses again to the same parts; one with a scheme is exactly the URL
/// strict parsing makes (a `URI-reference` with a scheme is a `URI`).
pub fn check_reference(s: &str, spec: Spec) {
    let url = Url::parse_with(s, spec);
    let reference = Reference::parse_with(s, spec);
    if has_scheme(s, spec) {
        assert_eq!(
            reference.as_ref().err(),
            url.as_ref().err(),
            "{s:?}: a reference with a scheme is a URL, by {spec}"
        );
    }
    let r = match reference {
        Ok(r) => r,
        Err(e) => {
            assert!(e.offset <= s.len(), "{s:?}: error offset {} past the end", e.offset);
            assert_eq!(e.spec, spec);
            if let Ok(url) = url {
                panic!("{s:?}: a URL ({:?}), yet not a reference: {e}", url.as_str());
            }
            return;
        }
    };
    r.check_invariants();
    assert_eq!(r.spec(), spec);
    assert_eq!(r.as_str(), s);
    assert_eq!(r.is_relative(), r.scheme().is_none(), "{s:?}");
    let parts = Parts::of_reference(&r);
    parts.check_port(s);
    assert_eq!(parts.assemble(), s, "{s:?}: components do not reassemble");
    let again = Reference::parse_with(r.as_str(), spec).unwrap_or_else(|e| panic!("{s:?} does not parse again: {e}"));
    assert_eq!(Parts::of_reference(&again), parts, "{s:?}: parsed again, other parts");
    match (url, r.to_url()) {
        (Ok(url), Some(own)) => {
            own.check_invariants();
            assert_eq!(own, url, "{s:?}: Reference::to_url is not the URL");
            let mut p = Parts::of_url(&url);
            p.scheme = p.scheme.map(|_| r.scheme().unwrap_or_default());
            assert_eq!(p, parts, "{s:?}: the reference's parts are not the URL's");
        }
        (Ok(url), None) => panic!("{s:?}: a URL ({:?}), yet a relative reference", url.as_str()),
        (Err(e), Some(_)) => panic!("{s:?}: a reference with a scheme, yet not a URL: {e}"),
        (Err(_), None) => {}
    }
}

/// Whether `s` starts with a scheme and `:` as the reference grammar reads
/// one: RFC 3986 `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, RFC 1808
/// `1*( alpha | digit | "+" | "-" | "." )`.
fn has_scheme(s: &str, spec: Spec) -> bool {
    let b = s.as_bytes();
    let run = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || b"+-.".contains(&c)))
        .unwrap_or(b.len());
    let first = match spec {
        Spec::Rfc3986 => b.first().is_some_and(u8::is_ascii_alphabetic),
        _ => true,
    };
    run > 0 && first && b.get(run) == Some(&b':')
}

/// The components of a URL or reference, as its accessors return them.
#[derive(Debug, PartialEq, Eq)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    user: Option<&'a str>,
    password: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<urikit::HostKind>,
    port: Option<u16>,
    port_str: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn of_url(u: &'a Url) -> Parts<'a> {
        Parts {
            scheme: Some(u.scheme()),
            authority: u.authority(),
            user: u.user(),
            password: u.password(),
            host: u.host(),
            host_kind: u.host_kind(),
            port: u.port(),
            port_str: u.port_str(),
            path: u.path(),
            query: u.query(),
            fragment: u.fragment(),
        }
    }

    fn of_reference(r: &'a Reference<'_>) -> Parts<'a> {
        Parts {
            scheme: r.scheme(),
            authority: r.authority(),
            user: r.user(),
            password: r.password(),
            host: r.host(),
            host_kind: r.host_kind(),
            port: r.port(),
            port_str: r.port_str(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }

    /// `port` is the value of `port_str` when that fits `u16`; a port needs
    /// an authority.
    fn check_port(&self, s: &str) {
        let value = self.port_str.and_then(|d| d.parse::<u16>().ok());
        assert_eq!(
            self.port, value,
            "{s:?}: port {:?} written {:?}",
            self.port, self.port_str
        );
        if let Some(d) = self.port_str {
            assert!(d.bytes().all(|b| b.is_ascii_digit()), "{s:?}: port {d:?}");
            assert!(self.authority.is_some(), "{s:?}: a port without an authority");
        }
    }

    /// The parts put back together with their delimiters.
    fn assemble(&self) -> String {
        let mut out = String::new();
        if let Some(scheme) = self.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(authority) = self.authority {
            let mut login = String::new();
            if let Some(user) = self.user {
                login.push_str(user);
                if let Some(password) = self.password {
                    login.push(':');
                    login.push_str(password);
                }
                login.push('@');
            }
            login.push_str(self.host.unwrap_or("<no host>"));
            if let Some(port) = self.port_str {
                login.push(':');
                login.push_str(port);
            }
            assert_eq!(login, authority, "the authority is not its parts");
            out.push_str("//");
            out.push_str(authority);
        }
        out.push_str(self.path);
        if let Some(query) = self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }
}
