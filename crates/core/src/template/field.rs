//! The fields of a template, and the value each takes from a URL.

use std::borrow::Cow;
use std::io::Write;

use super::error::RenderErrorKind;
use crate::component::Component;
use crate::host::HostKind;
use crate::pct::{decode, decode_form, decode_form_lossy, decode_lossy};
#[cfg(feature = "psl")]
use crate::public_suffix::HostParts;
use crate::query::QueryPairs;
use crate::url::UrlRef;
use crate::whatwg::{domain_to_ascii, domain_to_unicode};

/// What a `{...}` names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Field {
    /// `{url}`.
    Url,
    /// `{scheme}`, `{host}`, ...: a component.
    Component(Component),
    /// `{default:port}`: the port, or the scheme's default (the spec's, else
    /// the registered one: [`ports::known`](crate::ports::known)).
    DefaultPort,
    /// `{query:NAME}`: the first value of the pairs named NAME.
    Query(String),
    /// `{query-all:NAME}`: every value of the pairs named NAME.
    QueryAll(String),
    /// `{puny:host}`: the host by the domain parser.
    PunyHost,
    /// `{idn:host}`: the host by domain to Unicode.
    IdnHost,
    /// `{suffix}`: the public suffix of the host.
    #[cfg(feature = "psl")]
    Suffix,
    /// `{domain}`: the registrable domain of the host.
    #[cfg(feature = "psl")]
    Domain,
    /// `{subdomain}`: the labels before the registrable domain.
    #[cfg(feature = "psl")]
    Subdomain,
    /// `{path:N}`: a segment of the path, from the end when negative.
    PathSegment(i64),
    /// `{zoneid}`: the IPv6 zone id, which no spec urikit parses accepts.
    ZoneId,
}

impl Field {
    /// Whether the field reads the Public Suffix List.
    pub(super) fn uses_suffix_list(&self) -> bool {
        #[cfg(feature = "psl")]
        if matches!(self, Field::Suffix | Field::Domain | Field::Subdomain) {
            return true;
        }
        false
    }

    /// The field's name as a template writes it (`query:id`).
    pub(super) fn name(&self) -> String {
        match self {
            Field::Url => "url".to_owned(),
            Field::Component(c) => c.to_string(),
            Field::DefaultPort => "default:port".to_owned(),
            Field::Query(n) => format!("query:{n}"),
            Field::QueryAll(n) => format!("query-all:{n}"),
            Field::PunyHost => "puny:host".to_owned(),
            Field::IdnHost => "idn:host".to_owned(),
            #[cfg(feature = "psl")]
            Field::Suffix => "suffix".to_owned(),
            #[cfg(feature = "psl")]
            Field::Domain => "domain".to_owned(),
            #[cfg(feature = "psl")]
            Field::Subdomain => "subdomain".to_owned(),
            Field::PathSegment(n) => format!("path:{n}"),
            Field::ZoneId => "zoneid".to_owned(),
        }
    }

    /// What a URL lacks when it has no value for the field.
    pub(super) fn noun(&self) -> String {
        match self {
            Field::Url => "URL".to_owned(),
            Field::Component(c) => c.to_string(),
            Field::DefaultPort => "port, explicit or default".to_owned(),
            Field::Query(n) | Field::QueryAll(n) => format!("query pair named {n:?}"),
            Field::PunyHost | Field::IdnHost => "host".to_owned(),
            #[cfg(feature = "psl")]
            Field::Suffix => "public suffix".to_owned(),
            #[cfg(feature = "psl")]
            Field::Domain => "registrable domain".to_owned(),
            #[cfg(feature = "psl")]
            Field::Subdomain => "subdomain".to_owned(),
            Field::PathSegment(n) => format!("path segment {n}"),
            Field::ZoneId => "IPv6 zone id".to_owned(),
        }
    }
}

/// What the fields of one rendering read besides the field itself.
pub(super) struct Context<'c, 'u> {
    pub(super) url: &'c UrlRef<'u>,
    /// What separates the query pairs.
    pub(super) sep: u8,
    /// The host split by the Public Suffix List, when the template asks.
    #[cfg(feature = "psl")]
    pub(super) parts: Option<&'c HostParts<'u>>,
}

/// Appends the value of `field` in the URL of `cx` to `out`: whether the
/// URL has the field, or why it is refused (a host UTS #46 refuses; with
/// `strict`, a value that would be written changed). `encoded` writes the
/// value as the URL holds it. The scheme is in lower case, as a parsed
/// [`Url`](crate::Url) holds it.
///
/// Not inlined: inlined into the loop over the pieces, its reading of every
/// component is hoisted out of the loop and paid for each URL, whatever
/// the template reads (a hundred instructions a URL for `{host}`).
#[inline(never)]
pub(super) fn push(
    out: &mut Vec<u8>,
    cx: &Context<'_, '_>,
    field: &Field,
    encoded: bool,
    strict: bool,
) -> Result<bool, RenderErrorKind> {
    let url = cx.url;
    match field {
        Field::PunyHost | Field::IdnHost => {
            let form = match field {
                Field::IdnHost => HostForm::Unicode,
                _ => HostForm::Punycode,
            };
            match host_as(url, form)? {
                Some(host) => push_decoded(out, Cow::Borrowed(host.as_bytes()), strict).map(|()| true),
                None => Ok(false),
            }
        }
        #[cfg(feature = "psl")]
        Field::Suffix | Field::Domain | Field::Subdomain => {
            let value = cx.parts.and_then(|p| match field {
                Field::Suffix => Some(p.suffix),
                Field::Domain => p.domain,
                _ => p.subdomain,
            });
            match value {
                Some(value) => push_text(out, value, encoded, strict, false).map(|()| true),
                None => Ok(false),
            }
        }
        Field::Url => {
            let (scheme, rest) = url.as_str().split_at(url.scheme().len());
            push_lower(out, scheme);
            out.extend_from_slice(rest.as_bytes());
            Ok(true)
        }
        // The spec's default, or else the registered one (https's 443
        // under RFC 1738): the port a client connects to.
        Field::DefaultPort => match url
            .port_or_default()
            .map(|port| port.or_else(|| crate::ports::known(url.scheme(), url.spec()).map(|d| d.port)))
        {
            Ok(Some(port)) => {
                // Writing to a Vec cannot fail.
                let _ = write!(out, "{port}");
                Ok(true)
            }
            Ok(None) => Ok(false),
            // Over 65535: the digits as written, never the default.
            Err(_) => {
                out.extend_from_slice(url.port_str().unwrap_or_default().as_bytes());
                Ok(true)
            }
        },
        Field::Component(Component::Scheme) => {
            push_lower(out, url.scheme());
            Ok(true)
        }
        Field::Component(c) => match url.get(*c) {
            Some(value) => push_text(out, value, encoded, strict, *c == Component::Query).map(|()| true),
            None => Ok(false),
        },
        Field::PathSegment(n) => match path_segment(url.path(), *n) {
            Some(segment) => push_text(out, segment, encoded, strict, false).map(|()| true),
            None => Ok(false),
        },
        // No spec urikit parses accepts a zone id (RFC 3986 refuses
        // RFC 6874's `%25`, and so does the URL Standard).
        Field::ZoneId => Ok(false),
        Field::Query(name) => match raw_values(url, name, cx.sep).next() {
            Some(raw) => push_text(out, raw, encoded, strict, true).map(|()| true),
            None => Ok(false),
        },
        Field::QueryAll(name) => {
            let mut found = false;
            for (i, raw) in raw_values(url, name, cx.sep).enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                push_text(out, raw, encoded, strict, true)?;
                found = true;
            }
            Ok(found)
        }
    }
}

/// Segment `n` of `path` (from 0; from the end when negative: -1 is the
/// last), split at `/` after the leading one: `/a/b/` has the segments
/// `a`, `b` and an empty one; an empty path has none.
pub(super) fn path_segment(path: &str, n: i64) -> Option<&str> {
    if path.is_empty() {
        return None;
    }
    let path = path.strip_prefix('/').unwrap_or(path);
    let count = path.split('/').count();
    let index = if n < 0 {
        count.checked_sub(usize::try_from(n.unsigned_abs()).ok()?)?
    } else {
        usize::try_from(n).ok()?
    };
    path.split('/').nth(index)
}

/// Appends `value`: as written when `encoded`, else decoded (by the form
/// rules, `+` a space, when `form`). With `strict`, a value that decoding
/// would write changed is refused.
fn push_text(out: &mut Vec<u8>, value: &str, encoded: bool, strict: bool, form: bool) -> Result<(), RenderErrorKind> {
    if encoded {
        out.extend_from_slice(value.as_bytes());
        return Ok(());
    }
    if strict {
        // The octets themselves, so that what is not UTF-8 is refused
        // rather than read as U+FFFD.
        let octets = if form { decode_form(value) } else { decode(value) };
        return push_decoded(out, octets.map_err(|_| RenderErrorKind::BadPercent)?, true);
    }
    let bytes = if form {
        form_decoded(value)
    } else {
        decode_or_as_is(value)
    };
    push_decoded(out, bytes, strict)
}

/// The form of a host that [`host_as`] gives.
///
/// # Examples
///
/// ```
/// use urikit::template::{host_as, HostForm};
/// use urikit::{Spec, UrlRef};
///
/// let url = UrlRef::parse_with("http://xn--rksmrgs-5wao1o.se/", Spec::Rfc3986)?;
/// assert_eq!(host_as(&url, HostForm::Unicode)?.as_deref(), Some("räksmörgås.se"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostForm {
    /// ASCII, IDN labels in Punycode: the URL Standard's domain to ASCII
    /// (`{puny:host}`).
    Punycode,
    /// Unicode: domain to ASCII, then domain to Unicode (`{idn:host}`).
    Unicode,
}

/// The host of `url` as `{puny:host}` or `{idn:host}` writes it: in
/// Punycode (the URL Standard's domain to ASCII, UTS #46 with the
/// standard's flags) or in Unicode (then domain to Unicode); an IP address
/// or an empty host as it is; `None` without a host. A host written with
/// `%XX` (an RFC 3986 registered name) is decoded first, as the URL
/// Standard's host parser decodes it. Borrowed from `url` when it is
/// already in that form.
///
/// # Examples
///
/// ```
/// use urikit::template::{host_as, HostForm};
/// use urikit::{Spec, UrlRef};
///
/// let url = UrlRef::parse_with("http://B%C3%BCcher.example/", Spec::Rfc3986)?;
/// assert_eq!(host_as(&url, HostForm::Punycode)?.as_deref(), Some("xn--bcher-kva.example"));
/// assert_eq!(host_as(&url, HostForm::Unicode)?.as_deref(), Some("bücher.example"));
/// let url = UrlRef::parse_with("http://[::1]/", Spec::Rfc3986)?;
/// assert_eq!(host_as(&url, HostForm::Unicode)?.as_deref(), Some("[::1]"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`RenderErrorKind::HostBadPercent`] when the host holds a `%` not
/// followed by two hex digits; [`RenderErrorKind::Idna`] when UTS #46 refuses it (in a
/// build without the `idna` feature: when it needs UTS #46 at all).
pub fn host_as<'a>(url: &UrlRef<'a>, form: HostForm) -> Result<Option<Cow<'a, str>>, RenderErrorKind> {
    let (Some(host), Some(kind)) = (url.host(), url.host_kind()) else {
        return Ok(None);
    };
    if matches!(
        kind,
        HostKind::Ipv4 | HostKind::Ipv6 | HostKind::IpvFuture | HostKind::Empty
    ) {
        return Ok(Some(Cow::Borrowed(host)));
    }
    let decoded = decode_lossy(host).map_err(|_| RenderErrorKind::HostBadPercent)?;
    let refused = |error| RenderErrorKind::Idna { error };
    let ascii = domain_to_ascii(&decoded, false).map_err(refused)?;
    let answer = match form {
        HostForm::Unicode => domain_to_unicode(&ascii).map_err(refused)?.into_owned(),
        HostForm::Punycode => ascii.into_owned(),
    };
    Ok(Some(if answer == host {
        Cow::Borrowed(host)
    } else {
        Cow::Owned(answer)
    }))
}

/// Appends `s` in lower case.
fn push_lower(out: &mut Vec<u8>, s: &str) {
    out.extend(s.bytes().map(|b| b.to_ascii_lowercase()));
}

/// The values of the pairs named `name` (decoded), as written, the pairs
/// separated by `sep`. The name is read from the whole pair, as
/// [`Url::remove_query_pairs_by`](crate::Url::remove_query_pairs_by) reads
/// it, so that an empty name (`?=v`) is a name like any other.
fn raw_values<'a>(url: &UrlRef<'a>, name: &'a str, sep: u8) -> impl Iterator<Item = &'a str> + 'a {
    let query = url.query().unwrap_or("");
    query
        .split(char::from(sep))
        .filter(|p| !p.is_empty())
        .filter_map(move |pair| {
            let v = pair.split_once('=').map_or("", |(_, v)| v);
            let decoded = QueryPairs::new(pair).next().map(|(n, _)| n);
            (decoded.as_deref() == Some(name)).then_some(v)
        })
}

/// `value` decoded by the `application/x-www-form-urlencoded` parser's
/// rules: a `%` not followed by two hex digits (which a lenient URL may
/// hold) is itself, never a reason to write nothing.
fn form_decoded(value: &str) -> Cow<'_, [u8]> {
    match decode_form_lossy(value) {
        Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
        Cow::Owned(s) => Cow::Owned(s.into_bytes()),
    }
}

/// `value` percent-decoded, or as written when it holds a `%` not followed
/// by two hex digits (which a lenient URL may hold).
fn decode_or_as_is(value: &str) -> Cow<'_, [u8]> {
    decode(value).unwrap_or(Cow::Borrowed(value.as_bytes()))
}

/// Appends decoded octets as UTF-8 (U+FFFD for what is not), with control
/// characters written `%XX`; with `strict`, octets that would be written
/// so are refused instead.
fn push_decoded(out: &mut Vec<u8>, bytes: Cow<'_, [u8]>, strict: bool) -> Result<(), RenderErrorKind> {
    // Printable ASCII, the usual case, as it is.
    if bytes.iter().all(|b| (b' '..=b'~').contains(b)) {
        out.extend_from_slice(&bytes);
        return Ok(());
    }
    let text = match (String::from_utf8_lossy(&bytes), strict) {
        (Cow::Owned(_), true) => return Err(RenderErrorKind::NotUtf8),
        (text, _) => text,
    };
    let mut buf = [0; 4];
    for c in text.chars() {
        let utf8 = c.encode_utf8(&mut buf).as_bytes();
        if c.is_control() {
            if strict {
                return Err(RenderErrorKind::Control { c });
            }
            for b in utf8 {
                // Writing to a Vec cannot fail.
                let _ = write!(out, "%{b:02X}");
            }
        } else {
            out.extend_from_slice(utf8);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::path_segment;

    #[test]
    fn path_segments() {
        assert_eq!(path_segment("/a/b/", 0), Some("a"));
        assert_eq!(path_segment("/a/b/", -1), Some(""));
        assert_eq!(path_segment("/a/b/", -3), Some("a"));
        assert_eq!(path_segment("/a/b/", -4), None);
        assert_eq!(path_segment("/a/b/", 3), None);
        assert_eq!(path_segment("", 0), None);
        assert_eq!(path_segment("x", 0), Some("x"));
        assert_eq!(path_segment("/", 0), Some(""));
        assert_eq!(path_segment("/a", i64::MIN), None);
    }
}
