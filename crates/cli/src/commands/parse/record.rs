//! One line of `parse --json`, made where it is written: no value tree, no
//! map, and constants copied inline.

use std::io;

use urikit::query::QueryPairs;
use urikit::whatwg::api::UrlApi;
use urikit::{ParseError, Spec, Url, UrlRef, Warning};

use crate::commands::answer::{all_errors, JsonError, JsonWarning};
use crate::json;
use crate::line::NotUtf8;
use crate::output::Sink;

/// One line of `parse --json`. Absent components are `null`, empty ones
/// `""`; [`Record::write`] writes the keys in the order of the fields.
#[derive(Debug)]
pub struct Record<'a> {
    input: &'a str,
    /// Whether `input` is a URL valid by a grammar of ASCII alone
    /// ([`ascii_only`]): neither it nor its components are looked at for
    /// octets to escape.
    ascii_url: bool,
    valid: bool,
    spec: Spec,
    /// The valid URL, whose components and scheme view are written, read
    /// from it as they are written; `None` for an invalid one: its
    /// components and its view are `null`.
    url: Option<UrlRef<'a>>,
    errors: Vec<JsonError>,
    /// The `warnings` key, after the others: `--lenient` only.
    warnings: Option<Vec<JsonWarning>>,
    /// The `url` key, last: the URL made from the input (repaired by
    /// `--lenient`, or edited by `edit`), `Some(None)` when none was made.
    made: Option<Option<&'a str>>,
    /// The `matched` key, after `url`: `edit --if` only, whether the URL
    /// met every condition.
    matched: Option<bool>,
}

/// A record being appended to a buffer. A text value's closing quote goes
/// out with the constant that follows it (`lit!`): one copy where there
/// would be two.
struct Line<'w> {
    w: &'w mut Vec<u8>,
    /// The record's input. A text that is a slice of it is written without
    /// looking at it again when `plain` says it has nothing to escape.
    input: &'w str,
    plain: bool,
    /// Whether the input is a URL valid by a grammar of ASCII alone
    /// ([`ascii_only`]): then neither it nor any part of it has anything to
    /// escape, and [`url_part`](Line::url_part) writes them without looking.
    ascii_url: bool,
    /// Whether a text value was written without its closing quote.
    open: bool,
}

impl<'w> Line<'w> {
    /// A line of `input`, which is looked at for octets to escape unless
    /// `ascii_url` says it has none.
    fn new(w: &'w mut Vec<u8>, input: &'w str, ascii_url: bool) -> Line<'w> {
        debug_assert!(!(ascii_url && json::needs_escape(input.as_bytes())), "{input:?}");
        Line {
            w,
            input,
            // The components of a URL parsed from the input are slices of
            // it: when it has nothing to escape, neither have they.
            plain: ascii_url || !json::needs_escape(input.as_bytes()),
            ascii_url,
            open: false,
        }
    }

    /// Writes `text` as the body of a JSON string whose opening quote is
    /// written; its closing quote is left open.
    #[inline]
    fn part(&mut self, text: &str) {
        json::body_in(self.w, text, self.input, self.plain);
        self.open = true;
    }

    /// [`part`](Line::part) for the record's URL or a component of it as
    /// written (a host, a path or `/` for an empty one, a lowered scheme):
    /// when the URL is [`ascii_url`](Line::ascii_url), written without
    /// asking whether it is a slice of the input. Not for a decoded text,
    /// which may hold any char.
    #[inline(always)]
    fn url_part(&mut self, text: &str) {
        if self.ascii_url {
            debug_assert!(!json::needs_escape(text.as_bytes()), "{text:?}");
            self.w.extend_from_slice(text.as_bytes());
            self.open = true;
        } else {
            self.part(text);
        }
    }
}

/// Writes the constant `$s` to the [`Line`] `$o`, after the closing quote
/// a text value left open.
macro_rules! lit {
    ($o:ident, $s:expr) => {{
        if $o.open {
            $o.w.extend_from_slice(concat!("\"", $s).as_bytes());
        } else {
            $o.w.extend_from_slice($s.as_bytes());
        }
        $o.open = false;
    }};
}

/// Writes `,"<name>":"<value>` for `Some(value)`, its quote left open, or
/// `,"<name>":null`: `value` a component of the URL ([`Line::url_part`]).
macro_rules! text {
    ($o:ident, $name:literal, $value:expr) => {
        match $value {
            Some(value) => {
                lit!($o, concat!(",\"", $name, "\":\""));
                $o.url_part(value);
            }
            None => lit!($o, concat!(",\"", $name, "\":null")),
        }
    };
}

/// A port as a record writes it: a number, or the digits as written (a
/// string) when no 16-bit number holds them, or `null`.
enum Port<'a> {
    Number(u16),
    Digits(&'a str),
    Null,
}

impl<'a> Port<'a> {
    /// The port `url` writes: `Digits` for an empty one or one over 65535
    /// (RFC 1808 and RFC 3986 allow any digits), never `Null` for a port
    /// that is there.
    fn written(url: &UrlRef<'a>) -> Port<'a> {
        match (url.port(), url.port_str()) {
            (Some(port), _) => Port::Number(port),
            (None, Some(digits)) => Port::Digits(digits),
            (None, None) => Port::Null,
        }
    }

    /// The port a client of `url` connects to (a view's port): the URL's
    /// or the scheme's default; `Digits` for one over 65535, which is never
    /// replaced by the default.
    fn or_default(url: &UrlRef<'a>) -> Port<'a> {
        match url.port_or_default() {
            Ok(Some(port)) => Port::Number(port),
            Ok(None) => Port::Null,
            Err(_) => Port::Digits(url.port_str().unwrap_or_default()),
        }
    }
}

/// Writes `,"port":<port>`, `,"port":"<digits>"` or `,"port":null`, then
/// `,"path":"<path>`, its quote left open: a path follows the port in every
/// object written. Both are components of the URL ([`Line::url_part`]).
macro_rules! port_path {
    ($o:ident, $port:expr, $path:expr) => {
        match $port {
            Port::Number(port) => {
                lit!($o, ",\"port\":");
                json::uint($o.w, u64::from(port));
                $o.w.extend_from_slice(b",\"path\":\"");
            }
            Port::Digits(digits) => {
                lit!($o, ",\"port\":\"");
                $o.url_part(digits);
                lit!($o, ",\"path\":\"");
            }
            Port::Null => lit!($o, ",\"port\":null,\"path\":\""),
        }
        $o.url_part($path);
    };
}

/// What a valid URL's record has between its components and its view's
/// first key: no errors.
macro_rules! no_errors {
    () => {
        ",\"errors\":[],\"scheme_view\":"
    };
}

// After the macros, which it writes with.
mod view;

use view::write_view;

impl<'a> Record<'a> {
    fn empty(input: &'a str, spec: Spec, lenient: bool) -> Record<'a> {
        Record {
            input,
            ascii_url: false,
            valid: false,
            spec,
            url: None,
            errors: Vec::new(),
            warnings: lenient.then(Vec::new),
            made: lenient.then_some(None),
            matched: None,
        }
    }

    /// The strict record of `input`, which parsed as `url`. Its scheme is
    /// written as it is: the caller makes sure it is lowercase.
    pub fn valid(input: &'a str, spec: Spec, url: UrlRef<'a>) -> Record<'a> {
        let mut record = Record::empty(input, spec, false);
        record.valid = true;
        record.url = Some(url);
        // The input is the URL: by these grammars neither it nor its
        // components need an escape, and none is scanned for one (most
        // lines of `parse --json`).
        record.ascii_url = ascii_only(spec);
        record
    }

    /// The strict record of `input`, which parsing rejected with `e`.
    pub fn rejected(input: &'a str, spec: Spec, e: &ParseError) -> Record<'a> {
        let mut record = Record::empty(input, spec, false);
        record.errors = all_errors(input, spec, false, None, e);
        record
    }

    /// The record of `input`, given what parsing it gave.
    ///
    /// A strict parse that fails lists every violation [`urikit::validate`] finds
    /// (against `base`, [`urikit::validate_with_base`]); a
    /// lenient one lists the one error no repair could fix (the strict
    /// violations it repaired would mislead).
    pub fn new(
        input: &'a str,
        spec: Spec,
        lenient: bool,
        base: Option<&Url>,
        result: &'a Result<(Url, Vec<Warning>), ParseError>,
    ) -> Record<'a> {
        let mut record = Record::empty(input, spec, lenient);
        match result {
            Ok((url, warnings)) => {
                record.valid = true;
                record.url = Some(url.as_url_ref());
                if lenient {
                    record.made = Some(Some(url.as_str()));
                    record.warnings = Some(warnings.iter().map(JsonWarning::repair).collect());
                }
            }
            Err(e) => record.errors = all_errors(input, spec, lenient, base, e),
        }
        record
    }

    /// The record of a line that is not UTF-8: its text with U+FFFD in place
    /// of what is not, and one error.
    pub fn not_utf8(bad: &'a NotUtf8, spec: Spec, lenient: bool) -> Record<'a> {
        let mut record = Record::empty(&bad.text, spec, lenient);
        record.errors.push(JsonError::not_utf8(bad));
        record
    }

    /// The record of `url`, which `edit` made from `input`: its
    /// components, and the `url` key.
    pub fn edited(input: &'a str, url: &'a Url) -> Record<'a> {
        let mut record = Record::empty(input, url.spec(), false);
        record.valid = true;
        record.url = Some(url.as_url_ref());
        record.made = Some(Some(url.as_str()));
        record
    }

    /// The record of `input`, a URL by `spec` from which no URL could be
    /// made (an edit failed): invalid, with one error, whose offset is
    /// into the URL the message names.
    pub fn failed(input: &'a str, spec: Spec, offset: usize, rule: &'static str, message: String) -> Record<'a> {
        let mut record = Record::empty(input, spec, false);
        record.errors.push(JsonError { offset, rule, message });
        record.made = Some(None);
        record
    }

    /// The record with one more error: for `edit` by whatwg, a setter that
    /// left the URL as it was (the record stays valid, with the URL the
    /// setters made).
    pub fn with_error(mut self, offset: usize, rule: &'static str, message: String) -> Record<'a> {
        self.errors.push(JsonError { offset, rule, message });
        self
    }

    /// The record with the repairs lenient parsing made to its input as
    /// warnings, before any other: for `edit --lenient`, whose records list
    /// them as `parse --lenient`'s do.
    pub fn with_repairs(mut self, repairs: &[Warning]) -> Record<'a> {
        let mut warnings: Vec<JsonWarning> = repairs.iter().map(JsonWarning::repair).collect();
        warnings.extend(self.warnings.take().unwrap_or_default());
        self.warnings = Some(warnings);
        self
    }

    /// The record with a warning: for `edit` by whatwg, a setter that took
    /// a part of its value (`offset` into the value).
    pub fn with_warning(mut self, offset: usize, message: String) -> Record<'a> {
        self.warnings
            .get_or_insert_with(Vec::new)
            .push(JsonWarning { offset, message });
        self
    }

    /// The record with the `matched` key: for `edit --if`, whether the
    /// URL met every condition (and was edited) or was passed through.
    pub fn with_matched(mut self, matched: bool) -> Record<'a> {
        self.matched = Some(matched);
        self
    }

    /// The record with the `url` key, `null` when it has no URL made from
    /// the input: for `edit`, whose every record has the key.
    pub fn with_url_key(mut self) -> Record<'a> {
        self.made.get_or_insert(None);
        self
    }

    /// Whether the input is a valid URL.
    pub fn is_valid(&self) -> bool {
        self.valid
    }

    /// Writes the record and a newline, made where it is written.
    ///
    /// # Errors
    ///
    /// What writing out earlier output gave.
    pub fn write<W: Sink>(&self, w: &mut W) -> io::Result<()> {
        self.render(w.buffer()?);
        Ok(())
    }

    /// Appends the record and a newline to `w`: the keys in the order of
    /// the fields, `warnings` and `url` last.
    fn render(&self, w: &mut Vec<u8>) {
        let mut o = Line::new(w, self.input, self.ascii_url);
        lit!(o, "{\"input\":\"");
        o.url_part(self.input);
        // `,"valid":...,"spec":"..."` in one constant.
        macro_rules! head {
            ($($spec:ident $name:literal),*) => {
                match (self.valid, self.spec) {
                    $(
                        (true, Spec::$spec) => lit!(o, concat!(",\"valid\":true,\"spec\":\"", $name, "\"")),
                        (false, Spec::$spec) => lit!(o, concat!(",\"valid\":false,\"spec\":\"", $name, "\"")),
                    )*
                    (true, spec) => {
                        lit!(o, ",\"valid\":true,\"spec\":");
                        json::str(o.w, spec.name());
                    }
                    (false, spec) => {
                        lit!(o, ",\"valid\":false,\"spec\":");
                        json::str(o.w, spec.name());
                    }
                }
            };
        }
        head!(Rfc1738 "rfc1738", Rfc1630 "rfc1630", Rfc1808 "rfc1808", Rfc3986 "rfc3986");
        match &self.url {
            Some(url) => {
                text!(o, "scheme", Some(url.scheme()));
                // Pairs mostly absent together, written by one constant then.
                match (url.user(), url.password()) {
                    (None, None) => lit!(o, ",\"user\":null,\"password\":null"),
                    (user, password) => {
                        text!(o, "user", user);
                        text!(o, "password", password);
                    }
                }
                text!(o, "host", url.host());
                port_path!(o, Port::written(url), url.path());
                match (url.query(), url.fragment()) {
                    (None, None) => lit!(o, ",\"query\":null,\"fragment\":null,\"params\":null"),
                    (query, fragment) => {
                        text!(o, "query", query);
                        text!(o, "fragment", fragment);
                        write_params(&mut o, query);
                    }
                }
            }
            None => lit!(
                o,
                ",\"scheme\":null,\"user\":null,\"password\":null,\"host\":null,\"port\":null,\
                 \"path\":null,\"query\":null,\"fragment\":null,\"params\":null"
            ),
        }
        match &self.url {
            // A valid URL has no errors: `write_view` writes the empty list
            // with the view's first constant; the errors of an edit by
            // whatwg that kept a URL go into that list afterwards.
            Some(url) => {
                let at = o.w.len();
                write_view(&mut o, url);
                let key = b",\"errors\":[";
                let list = (!self.errors.is_empty())
                    .then(|| o.w[at..].windows(key.len()).position(|w| w == key))
                    .flatten();
                if let Some(list) = list {
                    let list = at + list + key.len();
                    let mut errors = Vec::new();
                    write_errors(&mut errors, &self.errors);
                    o.w.splice(list..list, errors);
                }
            }
            None => {
                lit!(o, ",\"errors\":[");
                write_errors(o.w, &self.errors);
                o.w.extend_from_slice(b"],\"scheme_view\":null");
            }
        }
        if let Some(api) = self.url.as_ref().and_then(UrlRef::api) {
            write_api(&mut o, &api);
        }
        if let Some(warnings) = &self.warnings {
            lit!(o, ",\"warnings\":[");
            for (i, warning) in warnings.iter().enumerate() {
                o.w.extend_from_slice(if i > 0 { b",{\"offset\":" } else { b"{\"offset\":" });
                json::uint(o.w, warning.offset as u64);
                o.w.extend_from_slice(b",\"message\":");
                json::str(o.w, &warning.message);
                o.w.extend_from_slice(b"}");
            }
            o.w.extend_from_slice(b"]");
        }
        if let Some(made) = self.made {
            lit!(o, ",\"url\":");
            json::opt_str(o.w, made);
        }
        match self.matched {
            Some(true) => lit!(o, ",\"matched\":true"),
            Some(false) => lit!(o, ",\"matched\":false"),
            None => {}
        }
        // `lit!` but for the state it leaves, which nothing reads.
        o.w.extend_from_slice(if o.open { b"\"}\n" } else { b"}\n" });
    }
}

/// Whether every URL valid by `spec` is graphic US-ASCII without `"` or
/// `\`, so that its text needs no JSON escape ([`json::needs_escape`]):
/// RFC 1738 (§2.2: "URLs are written only with the graphic printable
/// characters of the US-ASCII coded character set", `"` and `\` among the
/// unsafe and national ones that must be encoded), RFC 1808 (§2.2, the same
/// sets) and RFC 3986 (§2, where neither is unreserved or reserved). The
/// RFC 1630 draft allows `"`, and the URL Standard any char outside
/// US-ASCII. The `ascii_only_grammars_accept_nothing_to_escape` test holds
/// the parsers to it.
fn ascii_only(spec: Spec) -> bool {
    matches!(spec, Spec::Rfc1738 | Spec::Rfc1808 | Spec::Rfc3986)
}

/// Writes `,"params":[{"key":...,"value":...},...]`: the pairs of `query`
/// in order, as the form reader of every spec reads them
/// ([`QueryPairs`]: the URL Standard's `application/x-www-form-urlencoded`
/// parser, `+` a space, `%XX` an octet), or `,"params":null` for no query.
/// A pair whose name or value decodes to octets that are not UTF-8 shows
/// each maximal invalid sequence as U+FFFD, as `get`'s `{query:NAME}` does,
/// and says so: `"not_utf8":true`.
fn write_params(o: &mut Line<'_>, query: Option<&str>) {
    let Some(query) = query else {
        lit!(o, ",\"params\":null");
        return;
    };
    lit!(o, ",\"params\":[");
    let mut pairs = QueryPairs::new(query);
    let mut first = true;
    while let Some((key, value)) = pairs.next_written() {
        if first {
            lit!(o, "{\"key\":\"");
            first = false;
        } else {
            lit!(o, ",{\"key\":\"");
        }
        let key_text = urikit::pct::decode_form_lossy(key);
        o.part(&key_text);
        lit!(o, ",\"value\":\"");
        let value_text = urikit::pct::decode_form_lossy(value);
        o.part(&value_text);
        if replaced(key, &key_text) || replaced(value, &value_text) {
            lit!(o, ",\"not_utf8\":true}");
        } else {
            lit!(o, "}");
        }
    }
    lit!(o, "]");
}

/// Whether decoding `written` into `decoded` put U+FFFD in place of octets
/// that are not UTF-8. Every U+FFFD of `decoded` is one written as such
/// (`%EF%BF%BD`, in any case, or the character itself) or one put in:
/// a U+FFFD's own octets always decode whole (their first, EF, is never
/// taken into a sequence before it), so there is one put in exactly when
/// `decoded` holds more than `written` does.
fn replaced(written: &str, decoded: &str) -> bool {
    // U+FFFD is EF BF BD: most values hold no EF at all.
    if memchr::memchr(0xEF, decoded.as_bytes()).is_none() {
        return false;
    }
    let in_decoded = decoded.matches('\u{FFFD}').count();
    if in_decoded == 0 {
        return false;
    }
    let escaped = written
        .as_bytes()
        .windows(9)
        .filter(|w| w.eq_ignore_ascii_case(b"%EF%BF%BD"))
        .count();
    in_decoded > escaped + written.matches('\u{FFFD}').count()
}

/// Writes the objects of a list of errors, without its brackets.
fn write_errors(w: &mut Vec<u8>, errors: &[JsonError]) {
    for (i, e) in errors.iter().enumerate() {
        w.extend_from_slice(if i > 0 { b",{\"offset\":" } else { b"{\"offset\":" });
        json::uint(w, e.offset as u64);
        w.extend_from_slice(b",\"rule\":");
        json::str(w, e.rule);
        w.extend_from_slice(b",\"message\":");
        json::str(w, &e.message);
        w.extend_from_slice(b"}");
    }
}

/// Writes `,"api":{...}`: the getters of the URL API (URL Standard §6.1,
/// "URL class") of a valid WHATWG URL, under their names, each a string.
fn write_api(o: &mut Line<'_>, api: &UrlApi<'_>) {
    lit!(o, ",\"api\":{\"href\":\"");
    o.part(api.href());
    lit!(o, ",\"protocol\":\"");
    o.part(api.protocol());
    lit!(o, ",\"username\":\"");
    o.part(api.username());
    lit!(o, ",\"password\":\"");
    o.part(api.password());
    lit!(o, ",\"host\":\"");
    o.part(api.host());
    lit!(o, ",\"hostname\":\"");
    o.part(api.hostname());
    lit!(o, ",\"port\":\"");
    o.part(api.port());
    lit!(o, ",\"pathname\":\"");
    o.part(api.pathname());
    lit!(o, ",\"search\":\"");
    o.part(api.search());
    lit!(o, ",\"hash\":\"");
    o.part(api.hash());
    lit!(o, ",\"origin\":\"");
    o.part(&api.origin());
    lit!(o, "}");
}

#[cfg(test)]
mod tests {
    use super::view::write_fields;
    use super::{ascii_only, Line};
    use crate::json;
    use urikit::{Spec, Url, UrlRef};

    /// Every char that [`json::needs_escape`] looks at (and the graphic
    /// US-ASCII ones), in each part of URLs of the common schemes: by the
    /// grammars [`ascii_only`] names, no URL that holds one is valid; by the
    /// others, some is.
    #[test]
    fn ascii_only_grammars_accept_nothing_to_escape() {
        let templates = [
            "X://u:p@h:1/p?q#f",
            "hX://h/",
            "http://uX@h/",
            "http://u:pX@h/",
            "http://hX/",
            "http://X.h/",
            "http://h:1X/",
            "http://[::1X]/",
            "http://h/X",
            "http://h/pX/q",
            "http://h/?X",
            "http://h/?a=X&b",
            "http://h/#X",
            "file:///X",
            "file://hX/p",
            "ftp://h/X;type=a",
            "ftp://h/p;type=X",
            "gopher://h/1X",
            "gopher://h/1s%09X",
            "mailto:aX@b",
            "news:X",
            "nntp://h/gX",
            "telnet://uX@h/",
            "wais://h/dbX",
            "prospero://h/pX;a=b",
            "prospero://h/p;a=X",
            "mid:aX@b",
            "urn:X",
            "x-a:X",
            "a:X",
            "a:/X",
            "a://h/X",
        ];
        let chars = (0..0x80u8)
            .map(char::from)
            .chain(['\u{a0}', 'é', '\u{9b}', '\u{200b}', '\u{202e}', '\u{feff}', '𝄞']);
        let mut escaped = std::collections::HashMap::new();
        for c in chars {
            for template in templates {
                let input = template.replace('X', c.encode_utf8(&mut [0; 4]));
                for spec in Spec::ALL {
                    let valid = UrlRef::parse_with(&input, spec).is_ok() || Url::parse_with(&input, spec).is_ok();
                    if valid && json::needs_escape(input.as_bytes()) {
                        assert!(!ascii_only(spec), "{spec} accepts {input:?}");
                        escaped.entry(spec).or_insert(input.clone());
                    }
                }
            }
        }
        // The others accept one: the test reaches what it looks for.
        assert_eq!(
            escaped.len(),
            Spec::ALL.iter().filter(|&&spec| !ascii_only(spec)).count(),
            "{escaped:?}"
        );
    }

    /// The scheme view of `url` as [`write_fields`] writes it, field by
    /// field; `None` when the view cannot be made.
    fn fields_json(url: &urikit::Url, input: &str) -> Option<serde_json::Value> {
        let view = url.view().ok()?;
        let mut written = Vec::new();
        write_fields(&mut Line::new(&mut written, input, false), &view);
        let text = String::from_utf8(written).unwrap();
        Some(serde_json::from_str(text.strip_prefix(no_errors!()).unwrap()).unwrap())
    }

    proptest::proptest! {
        /// A record parses back as JSON to its input and its view as the
        /// field-by-field writer writes it, whatever the URL holds; the
        /// borrowed fast path writes the same octets. (The `json` fuzz
        /// target holds every component, and the view to the library's
        /// owned fields.)
        #[test]
        fn records_say_what_the_library_says(
            scheme in proptest::sample::select(&[
                "http", "HTTP", "https", "file", "FILE", "ftp", "gopher", "mailto", "news", "nntp",
                "telnet", "wais", "prospero", "mid", "cid", "afs", "urn", "URN", "x-a", "zz", "Zz", "a+b",
            ][..]),
            slashes in proptest::bool::ANY,
            rest in "([a-zA-Z0-9./:@;=?#&~ \"\\\u{1}\u{e9}-]|%[0-9A-Fa-f]{2}){0,24}",
        ) {
            use serde_json::Value;
            let input = format!("{scheme}:{}{rest}", if slashes { "//" } else { "" });
            for spec in [Spec::Rfc1738, Spec::Rfc1630, Spec::Rfc1808, Spec::Rfc3986] {
                let result = urikit::Url::parse_with(&input, spec).map(|url| (url, Vec::new()));
                let mut written = Vec::new();
                super::Record::new(&input, spec, false, None, &result).render(&mut written);
                let text = String::from_utf8(written.clone()).unwrap();
                proptest::prop_assert!(text.ends_with('\n'));
                let record: Value = serde_json::from_str(&text).unwrap();
                proptest::prop_assert_eq!(record["input"].as_str(), Some(input.as_str()));
                proptest::prop_assert_eq!(&record["valid"], &Value::Bool(result.is_ok()));
                let Ok((url, _)) = &result else { continue };
                proptest::prop_assert_eq!(record["scheme"].as_str(), Some(url.scheme()));
                if let Some(view) = fields_json(url, &input) {
                    proptest::prop_assert_eq!(&record["scheme_view"], &view, "{}", text);
                }
                if let Ok(borrowed) = UrlRef::parse_with(&input, spec) {
                    if !borrowed.scheme().bytes().any(|b| b.is_ascii_uppercase()) {
                        let mut fast = Vec::new();
                        super::Record::valid(&input, spec, borrowed).render(&mut fast);
                        proptest::prop_assert_eq!(fast, written);
                    }
                }
            }
        }
    }
}
