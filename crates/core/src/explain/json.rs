//! `Serialize` for an [`Explanation`] (with the `serde` feature): the
//! object `urikit explain --json` writes.
//!
//! Each spec's object has the keys of `urikit parse --json --spec NAME`
//! for the input (`--lenient` for WHATWG, as browsers parse), in its order,
//! then `target`.

use ::serde::ser::{Serialize, SerializeMap, Serializer};

use super::{Explanation, FailedIn, Port, Reading, Target, Verdict};
use crate::scheme::FieldRef;
use crate::{ParseError, Spec, UrlRef};

impl Serialize for Explanation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("input", &self.input)?;
        map.serialize_entry("base", &self.base)?;
        map.serialize_entry("specs", &Specs(self))?;
        map.serialize_entry("verdicts", &self.verdicts)?;
        map.end()
    }
}

/// `{"rfc1738": {...}, ...}`.
struct Specs<'e>(&'e Explanation);

impl Serialize for Specs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let input = &self.0.input;
        serializer.collect_map(
            self.0
                .readings
                .iter()
                .map(|reading| (reading.spec.name(), Record { input, reading })),
        )
    }
}

/// One spec's object.
struct Record<'r> {
    input: &'r str,
    reading: &'r Reading,
}

impl Serialize for Record<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let r = self.reading;
        let url = r.url.as_ref().map(|u| u.as_url_ref());
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("valid", &url.is_some())?;
        map.serialize_entry("spec", r.spec.name())?;
        map.serialize_entry("scheme", &url.map(|u| u.scheme()))?;
        map.serialize_entry("user", &url.and_then(|u| u.user()))?;
        map.serialize_entry("password", &url.and_then(|u| u.password()))?;
        map.serialize_entry("host", &url.and_then(|u| u.host()))?;
        match url.map(|u| (u.port(), u.port_str())) {
            Some((Some(port), _)) => map.serialize_entry("port", &port)?,
            Some((None, Some(digits))) => map.serialize_entry("port", digits)?,
            _ => map.serialize_entry("port", &None::<u16>)?,
        }
        map.serialize_entry("path", &url.map(|u| u.path()))?;
        map.serialize_entry("query", &url.and_then(|u| u.query()))?;
        map.serialize_entry("fragment", &url.and_then(|u| u.fragment()))?;
        map.serialize_entry("errors", &Errors(r))?;
        match url {
            Some(url) => map.serialize_entry("scheme_view", &View(url))?,
            None => map.serialize_entry("scheme_view", &None::<()>)?,
        }
        if r.spec == Spec::Whatwg {
            if let Some(api) = url.and_then(|u| u.api()) {
                map.serialize_entry("api", &Api(&api))?;
            }
            map.serialize_entry("warnings", &Warnings(r))?;
            map.serialize_entry("url", &url.map(|u| u.as_str()))?;
        }
        map.serialize_entry("target", &r.target)?;
        map.end()
    }
}

/// `[{offset, rule, message}]`.
struct Errors<'r>(&'r Reading);

impl Serialize for Errors<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        serializer.collect_seq(r.errors.iter().map(|e| Error(e, &r.failed_in)))
    }
}

struct Error<'e>(&'e ParseError, &'e FailedIn);

impl Serialize for Error<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (e, place) = (self.0, self.1);
        let message = match place {
            FailedIn::Input => e.message(),
            FailedIn::Base => format!("in the base: {}", e.message()),
            FailedIn::Resolved(result) => format!("in the resolved URL {result:?}: {}", e.message()),
        };
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("offset", &e.offset)?;
        map.serialize_entry("rule", e.rule)?;
        map.serialize_entry("message", &message)?;
        map.end()
    }
}

/// `[{offset, message}]`: WHATWG's validation errors let pass.
struct Warnings<'r>(&'r Reading);

impl Serialize for Warnings<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.warnings.iter().map(Warning))
    }
}

struct Warning<'w>(&'w crate::Warning);

impl Serialize for Warning<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("offset", &self.0.offset)?;
        map.serialize_entry("message", &self.0.repair.to_string())?;
        map.end()
    }
}

/// The scheme view, `{kind, ...}` or `{error}`.
struct View<'u>(UrlRef<'u>);

impl Serialize for View<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match self.0.view() {
            Err(e) => map.serialize_entry("error", &e.to_string())?,
            Ok(view) => {
                map.serialize_entry("kind", view.kind())?;
                view.each_field(|name, field| match field {
                    FieldRef::Null => map.serialize_entry(name, &None::<()>),
                    FieldRef::Text(t) => map.serialize_entry(name, &t),
                    FieldRef::Number(n) => map.serialize_entry(name, &n),
                    FieldRef::Bool(b) => map.serialize_entry(name, &b),
                    FieldRef::List(l) => map.serialize_entry(name, l),
                    FieldRef::Pairs(p) => map.serialize_entry(name, p),
                })?;
            }
        }
        map.end()
    }
}

/// The getters of the URL API.
struct Api<'a>(&'a crate::whatwg::api::UrlApi<'a>);

impl Serialize for Api<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        let mut map = serializer.serialize_map(Some(11))?;
        map.serialize_entry("href", a.href())?;
        map.serialize_entry("protocol", a.protocol())?;
        map.serialize_entry("username", a.username())?;
        map.serialize_entry("password", a.password())?;
        map.serialize_entry("host", a.host())?;
        map.serialize_entry("hostname", a.hostname())?;
        map.serialize_entry("port", a.port())?;
        map.serialize_entry("pathname", a.pathname())?;
        map.serialize_entry("search", a.search())?;
        map.serialize_entry("hash", a.hash())?;
        map.serialize_entry("origin", &a.origin())?;
        map.end()
    }
}

impl Serialize for Target {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("scheme", &self.scheme)?;
        map.serialize_entry("host", &self.host)?;
        match &self.port {
            Some(Port::Number(n)) => map.serialize_entry("port", n)?,
            Some(Port::Digits(d)) => map.serialize_entry("port", d)?,
            None => map.serialize_entry("port", &None::<u16>)?,
        }
        map.serialize_entry("ip", &self.ip.map(|ip| ip.to_string()))?;
        map.serialize_entry("class", &self.class.map(|c| c.name()))?;
        map.end()
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("code", self.code.name())?;
        let specs: Vec<&str> = self.specs.iter().map(|s| s.name()).collect();
        map.serialize_entry("specs", &specs)?;
        map.serialize_entry("message", &self.message)?;
        map.end()
    }
}
