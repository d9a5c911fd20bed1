//! The `scheme_view` key of a record: the views of the common schemes
//! key by key, the others field by field.

use std::convert::Infallible;

use urikit::scheme::{FieldRef, SchemeView};
use urikit::UrlRef;

use super::{Line, Port};
use crate::json;

/// Writes the empty errors of a valid `url` ([`no_errors!`]), then its
/// scheme view: `{"kind": ..., <field>: ...}`, or `{"error": ...}` when
/// the scheme's view cannot be made.
///
/// The views of `file`, `http` and the generic schemes, most URLs, are
/// written here key by key, each key a constant; the others field by field
/// as [`SchemeView::each_field`] gives them ([`write_fields`]). The
/// `view_writers_agree` test holds the two to the same output.
///
/// The view lives on the stack while it is written, never moved into a
/// record, nor out of the `Result` it is made in: it is large, and moving it
/// would copy it for every line.
pub(super) fn write_view(o: &mut Line<'_>, url: &UrlRef<'_>) {
    let made = url.view();
    let view = match &made {
        Ok(view) => view,
        Err(e) => {
            lit!(o, concat!(no_errors!(), "{\"error\":"));
            json::str(o.w, &e.to_string());
            lit!(o, "}");
            return;
        }
    };
    match view {
        SchemeView::File(file) => {
            lit!(o, concat!(no_errors!(), "{\"kind\":\"file\""));
            text!(o, "host", Some(file.host()));
            if file.is_local() {
                lit!(o, ",\"local\":true,\"path\":\"");
            } else {
                lit!(o, ",\"local\":false,\"path\":\"");
            }
            o.part(&file.path().text());
        }
        SchemeView::Http(http) => {
            lit!(o, concat!(no_errors!(), "{\"kind\":\"http\""));
            text!(o, "host", Some(http.host()));
            port_path!(o, Port::or_default(url), http.path());
            text!(o, "search", http.search());
            // The request target: the path, then `?` and the search.
            lit!(o, ",\"request_target\":\"");
            o.url_part(http.path());
            if let Some(search) = http.search() {
                o.w.push(b'?');
                o.url_part(search);
            }
        }
        SchemeView::Urn(other) | SchemeView::Experimental(other) | SchemeView::Generic(other) => {
            match view {
                SchemeView::Urn(_) => lit!(o, concat!(no_errors!(), "{\"kind\":\"urn\"")),
                SchemeView::Experimental(_) => lit!(o, concat!(no_errors!(), "{\"kind\":\"experimental\"")),
                _ => lit!(o, concat!(no_errors!(), "{\"kind\":\"generic\"")),
            }
            let url = other.url();
            let scheme = url.scheme();
            if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
                text!(o, "scheme", Some(&*scheme.to_ascii_lowercase()));
            } else {
                text!(o, "scheme", Some(scheme));
            }
            text!(o, "host", url.host());
            port_path!(o, Port::or_default(&url), url.path());
            text!(o, "search", url.query());
        }
        _ => return write_fields(o, view),
    }
    lit!(o, "}");
}

/// [`write_view`] field by field.
pub(super) fn write_fields(o: &mut Line<'_>, view: &SchemeView<'_>) {
    // Kinds and field names are lowercase words: nothing to escape.
    lit!(o, concat!(no_errors!(), "{\"kind\":\""));
    let (w, input, plain) = (&mut *o.w, o.input, o.plain);
    w.extend_from_slice(view.kind().as_bytes());
    w.extend_from_slice(b"\"");
    let written = view.each_field(|name, field| {
        // `,"name":` then the value, the quotes written with the text
        // around them.
        debug_assert!(!json::needs_escape(name.as_bytes()));
        w.extend_from_slice(b",\"");
        w.extend_from_slice(name.as_bytes());
        match field {
            FieldRef::Text(t) => {
                w.extend_from_slice(b"\":\"");
                json::body_in(w, &t, input, plain);
                w.extend_from_slice(b"\"");
            }
            FieldRef::Number(n) => {
                w.extend_from_slice(b"\":");
                json::uint(w, n);
            }
            FieldRef::Bool(b) => w.extend_from_slice(if b { b"\":true" } else { b"\":false" }),
            FieldRef::List(list) => {
                w.extend_from_slice(b"\":[");
                for (i, item) in list.iter().enumerate() {
                    if i > 0 {
                        w.extend_from_slice(b",");
                    }
                    json::str(w, item);
                }
                w.extend_from_slice(b"]");
            }
            FieldRef::Pairs(pairs) => {
                w.extend_from_slice(b"\":[");
                for (i, (k, v)) in pairs.iter().enumerate() {
                    w.extend_from_slice(if i > 0 { b",[" } else { b"[" });
                    json::str(w, k);
                    w.extend_from_slice(b",");
                    json::str(w, v);
                    w.extend_from_slice(b"]");
                }
                w.extend_from_slice(b"]");
            }
            _ => w.extend_from_slice(b"\":null"),
        }
        Ok::<(), Infallible>(())
    });
    let Ok(()) = written;
    w.extend_from_slice(b"}");
}

#[cfg(test)]
mod tests {
    use super::{write_fields, write_view, Line};
    use urikit::{Spec, UrlRef};

    /// URLs of every view `write_view` writes key by key, with what makes
    /// their fields differ: ports, searches, decoded and escaped texts,
    /// capitals, absent parts; and views it leaves to `write_fields`.
    const URLS: &[&str] = &[
        "file:///etc/motd",
        "file://localhost/etc/motd",
        "file://LocalHost/etc/motd",
        "file://vms.host.edu/disk$user/my/notes",
        "file:///tmp/a%2Fb%20c",
        "file:///q%22uote%5Cback%0Aline",
        "file:///%C3%A9t%C3%A9%FF",
        "file://h",
        "http://h",
        "http://h/",
        "http://h:8080/p/q?s=t&u",
        "http://Info.CERN.ch:80/a%22b?c%5Cd",
        "http://h?",
        "http://h/?",
        "http://user:pw@h/p",
        "HTTP://h/p?q",
        "https://www.example.com/a/b.html",
        "HTTPS://h:443/x?y",
        "node:module",
        "x-my-scheme:some/thing",
        "X-Mine://h:1/p?q",
        "urn:ietf:rfc:1738",
        "URN:x",
        "a1+-.b://h/p",
        "tapmock://h/?url=%40x",
        "ftp://user@h/pub/file;type=a",
        "gopher://h:70/1sel%09search",
        "mailto:a@b.c",
        "news:comp.infosystems",
        "wais://h/db?query",
        "prospero://h/hs;field=value",
        "mid:a@b",
    ];

    /// The view of `url` under `spec` by each writer, when it parses.
    fn by_both(url: &str, spec: Spec) -> Option<(String, String)> {
        let parsed = UrlRef::parse_with(url, spec).ok()?;
        let view = parsed.view();
        let mut keyed = Vec::new();
        write_view(&mut Line::new(&mut keyed, url, false), &parsed);
        let mut fields = Vec::new();
        match &view {
            Ok(view) => write_fields(&mut Line::new(&mut fields, url, false), view),
            // Both write the error the same way.
            Err(_) => write_view(&mut Line::new(&mut fields, url, false), &parsed),
        }
        Some((String::from_utf8(keyed).unwrap(), String::from_utf8(fields).unwrap()))
    }

    #[test]
    fn view_writers_agree() {
        let mut compared = 0;
        for url in URLS {
            for spec in [Spec::Rfc1738, Spec::Rfc1630, Spec::Rfc1808, Spec::Rfc3986] {
                if let Some((keyed, fields)) = by_both(url, spec) {
                    assert_eq!(keyed, fields, "{url} ({spec})");
                    let view = keyed.strip_prefix(no_errors!()).unwrap();
                    serde_json::from_str::<serde_json::Value>(view).unwrap_or_else(|e| panic!("{keyed}: {e}"));
                    compared += 1;
                }
            }
        }
        // Most of them parse under most specs.
        assert!(compared > 3 * URLS.len(), "{compared}");
    }
}
