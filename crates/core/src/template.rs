//! Templates of URL components: `{scheme}://{host}{path}`, filled in from a
//! URL, as `urikit get` prints them (one engine for the command, the
//! Python package and the library).
//!
//! A template is text with fields in braces. [`Template::parse`] reads it
//! once into a compiled form; [`Template::render`] fills it in from a
//! parsed URL, by whatever spec parsed it.
//!
//! | field | value |
//! | --- | --- |
//! | `{url}` | the URL (its scheme in lower case) |
//! | `{scheme}` `{user}` `{password}` `{host}` `{port}` `{path}` `{query}` `{fragment}` | a component, decoded (`+` is a space in the query) |
//! | `{:NAME}` | a component as written, still encoded (`{:path}`) |
//! | `{default:port}` | the port, or the scheme's default under the URL's spec (past 65535: as written) |
//! | `{query:NAME}` | the first value of the query pairs named NAME (names compared decoded) |
//! | `{query-all:NAME}` | all of them, separated by spaces |
//! | `{puny:host}` | the host in Punycode (the URL Standard's domain to ASCII) |
//! | `{idn:host}` | the host in Unicode (domain to Unicode) |
//! | `{suffix}` | the host's public suffix, by the Public Suffix List (feature `psl`) |
//! | `{domain}` | its registrable domain: the suffix and the label before it (`psl`) |
//! | `{subdomain}` | the labels before the registrable domain (`psl`) |
//! | `{path:N}` | segment N of the path, from 0 (-1 the last) |
//! | `{zoneid}` | the IPv6 zone id (RFC 6874): no spec urikit parses accepts one, so it is always missing |
//!
//! `{must:FIELD}` refuses a URL that lacks FIELD (an empty part, such as
//! the query of `http://h/?`, is not missing); `{strict:FIELD}` refuses a
//! URL whose FIELD would be written other than as it decodes: a control
//! character (else written `%XX`), octets that are not UTF-8 (else U+FFFD),
//! a `%` without two hex digits (else kept as written). Both go before the
//! `:` of an encoded field and before each other: `{must:strict:query}`,
//! `{must::path}`. `\{` is a literal `{` and `\\` a literal `\`; a `{` without
//! a `}` after it is an error (a field left open is a typo more often than
//! text), and everything else is text, a `}` too.
//!
//! A missing part writes nothing. Decoded control characters are written
//! `%XX`, so that a rendering holds no line break of the URL's making.
//! `{puny:host}` and `{idn:host}` give an IP address as it is, and refuse a
//! host UTS #46 refuses. `{suffix}`, `{domain}` and `{subdomain}` are
//! missing for an IP address, a host that is itself a public suffix (no
//! registrable domain), and no host; each is a slice of the host as the URL
//! holds it (see `urikit::public_suffix`).
//!
//! # Examples
//!
//! ```
//! use urikit::template::Template;
//! use urikit::{Spec, UrlRef};
//!
//! let t = Template::parse("{scheme} {host} {path:-1} {query:q} [{:query}]")?;
//! let url = UrlRef::parse_with("HTTP://example.com/a/b%20c?q=x+y&q=z", Spec::Rfc3986)?;
//! assert_eq!(t.render(&url)?, "http example.com b c x y [q=x+y&q=z]");
//!
//! // A field the URL lacks writes nothing, unless it is a must.
//! let url = UrlRef::parse_with("http://example.com/", Spec::Rfc3986)?;
//! assert_eq!(Template::parse("<{fragment}>")?.render(&url)?, "<>");
//! let e = Template::parse("{must:fragment}")?.render(&url).unwrap_err();
//! assert_eq!(e.to_string(), "{must:fragment}: the URL has no fragment");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The Public Suffix List's fields (cargo feature `psl`), by the
//! compiled-in list unless `Options::suffix_list` gives another:
//!
//! ```
//! # #[cfg(feature = "psl")] {
//! use urikit::template::Template;
//! use urikit::{Spec, Url};
//!
//! let t = Template::parse("{subdomain} | {domain} | {suffix}")?;
//! let url = Url::parse_with("https://www.shop.example.co.uk/", Spec::Whatwg)?;
//! assert_eq!(t.render(&url.as_url_ref())?, "www.shop | example.co.uk | co.uk");
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod field;

use std::fmt;
use std::str::FromStr;

pub use error::{RenderError, RenderErrorKind, TemplateError, TemplateErrorKind};
pub use field::{host_as, HostForm};

use crate::component::Component;
#[cfg(feature = "psl")]
use crate::public_suffix::SuffixList;
use crate::url::UrlRef;
use field::{Context, Field};

/// A template, parsed: its text and its fields, each with its modifiers.
///
/// # Comparison
///
/// Two templates are equal when they hold the same text and the same
/// fields, with the same modifiers, at the same offsets: `{must:strict:host}`
/// and `{strict:must:host}` are equal, `{host}` and ` {host}` are not.
///
/// # Examples
///
/// ```
/// use urikit::template::Template;
/// use urikit::Url;
///
/// let t: Template = "{host}:{default:port}".parse()?;
/// let url = Url::parse("ftp://ftp.example.org/pub/")?;
/// assert_eq!(t.render(&url.as_url_ref())?, "ftp.example.org:21");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Template {
    pieces: Vec<Piece>,
    /// Whether a field reads the Public Suffix List.
    suffix_fields: bool,
}

/// A piece of a template.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Piece {
    Text(String),
    Field(FieldPiece),
}

/// A `{...}`: its field and modifiers, and where it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct FieldPiece {
    field: Field,
    /// `{:...}`: as written.
    encoded: bool,
    /// `{must:...}`: a missing field refuses the URL.
    must: bool,
    /// `{strict:...}`: a value that would be written changed refuses the
    /// URL.
    strict: bool,
    /// The offset of the `{` in the template.
    offset: usize,
}

impl FieldPiece {
    /// The field as a message names it: its modifiers in one order.
    fn name(&self) -> String {
        let mut name = String::new();
        if self.must {
            name.push_str("must:");
        }
        if self.strict {
            name.push_str("strict:");
        }
        if self.encoded {
            name.push(':');
        }
        name.push_str(&self.field.name());
        name
    }
}

/// How [`Template::render_with`] reads a URL: what separates the query
/// pairs, and (feature `psl`) the Public Suffix List.
///
/// # Examples
///
/// ```
/// use urikit::template::{Options, Template};
/// use urikit::UrlRef;
///
/// let t = Template::parse("{query:b}")?;
/// let url = UrlRef::parse("http://h/x?a=1;b=2")?;
/// assert_eq!(t.render_with(&url, &Options::new().query_separator(b';'))?, "2");
/// assert_eq!(t.render(&url)?, "");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    sep: u8,
    #[cfg(feature = "psl")]
    suffixes: Option<&'a SuffixList>,
    #[cfg(not(feature = "psl"))]
    suffixes: std::marker::PhantomData<&'a ()>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options::new()
    }
}

impl<'a> Options<'a> {
    /// The defaults: pairs separated by `&`, the compiled-in Public Suffix
    /// List.
    pub fn new() -> Options<'a> {
        Options {
            sep: b'&',
            suffixes: Default::default(),
        }
    }

    /// Query pairs separated by `sep` (`;` in some older URLs) for
    /// `{query:NAME}` and `{query-all:NAME}`.
    pub fn query_separator(self, sep: u8) -> Options<'a> {
        Options { sep, ..self }
    }

    /// `{suffix}`, `{domain}` and `{subdomain}` by `list`, not by the
    /// compiled-in one ([`SuffixList::builtin`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    /// use urikit::template::{Options, Template};
    /// use urikit::UrlRef;
    ///
    /// let t = Template::parse("{domain}")?;
    /// let url = UrlRef::parse("http://me.github.io/")?;
    /// assert_eq!(t.render(&url)?, "me.github.io");
    /// let icann = Options::new().suffix_list(SuffixList::builtin_icann());
    /// assert_eq!(t.render_with(&url, &icann)?, "github.io");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "psl")]
    pub fn suffix_list(self, list: &'a SuffixList) -> Options<'a> {
        Options {
            suffixes: Some(list),
            ..self
        }
    }
}

impl Template {
    /// Reads `template` into its text and its fields (see the [module
    /// docs](self) for the fields).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::template::Template;
    /// use urikit::UrlRef;
    ///
    /// let t = Template::parse(r"\{{host}} {must:strict::path}")?;
    /// assert_eq!(t.render(&UrlRef::parse("http://h/a%20b")?)?, "{h} /a%20b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A field the template names that is not one
    /// ([`TemplateErrorKind::UnknownField`]), `{path:N}` whose `N` is not a
    /// whole number ([`TemplateErrorKind::NotASegmentIndex`]), a `{` that
    /// no `}` closes ([`TemplateErrorKind::Unclosed`]), and a field
    /// that needs a cargo feature this build lacks
    /// ([`TemplateErrorKind::FeatureMissing`]), with its offset.
    pub fn parse(template: &str) -> Result<Template, TemplateError> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut rest = template;
        while let Some(c) = rest.chars().next() {
            match c {
                '\\' if rest[1..].starts_with(['{', '\\']) => {
                    text.push_str(&rest[1..2]);
                    rest = &rest[2..];
                }
                '{' => {
                    let offset = template.len() - rest.len();
                    let Some(end) = rest.find('}') else {
                        return Err(TemplateError {
                            offset,
                            kind: TemplateErrorKind::Unclosed,
                        });
                    };
                    let piece = field_piece(&rest[1..end], offset)?;
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(Piece::Field(piece));
                    rest = &rest[end + 1..];
                }
                _ => {
                    text.push(c);
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        let suffix_fields = pieces
            .iter()
            .any(|p| matches!(p, Piece::Field(f) if f.field.uses_suffix_list()));
        Ok(Template { pieces, suffix_fields })
    }

    /// Whether a field of the template reads the Public Suffix List
    /// (`{suffix}`, `{domain}`, `{subdomain}`): a caller that loads a list
    /// of its own needs it only then.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::template::Template;
    ///
    /// assert!(Template::parse("{must:domain}")?.uses_suffix_list());
    /// assert!(!Template::parse(r"\{domain}")?.uses_suffix_list());
    /// # Ok::<(), urikit::template::TemplateError>(())
    /// ```
    pub fn uses_suffix_list(&self) -> bool {
        self.suffix_fields
    }

    /// The template filled in from `url`, with the default [`Options`].
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::template::Template;
    /// use urikit::UrlRef;
    ///
    /// let t = Template::parse("{user}@{host}")?;
    /// assert_eq!(t.render(&UrlRef::parse("ftp://me%40home@ftp.example.org/")?)?, "me@home@ftp.example.org");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first field that refuses the URL: a `{must:...}` it lacks, a
    /// `{strict:...}` that would be written changed, a host UTS #46 refuses
    /// ([`RenderErrorKind`]).
    pub fn render(&self, url: &UrlRef<'_>) -> Result<String, RenderError> {
        self.render_with(url, &Options::new())
    }

    /// The template filled in from `url`, the URL read by `options`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::template::{Options, Template};
    /// use urikit::UrlRef;
    ///
    /// let t = Template::parse("{query-all:a}")?;
    /// let url = UrlRef::parse("http://h/?a=1;a=2")?;
    /// assert_eq!(t.render_with(&url, &Options::new().query_separator(b';'))?, "1 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`render`](Self::render).
    pub fn render_with(&self, url: &UrlRef<'_>, options: &Options<'_>) -> Result<String, RenderError> {
        let mut out = Vec::new();
        self.render_into(url, options, &mut out)?;
        // The pieces are text and the values are written as UTF-8.
        Ok(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    /// Appends the template filled in from `url` to `out`, as UTF-8: for a
    /// caller that writes many renderings into one buffer.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::template::{Options, Template};
    /// use urikit::UrlRef;
    ///
    /// let t = Template::parse("{host}\n")?;
    /// let mut out = Vec::new();
    /// for s in ["http://a/", "http://b/"] {
    ///     t.render_into(&UrlRef::parse(s)?, &Options::new(), &mut out)?;
    /// }
    /// assert_eq!(out, b"a\nb\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`render`](Self::render); `out` is then as it was.
    #[inline(always)]
    pub fn render_into(&self, url: &UrlRef<'_>, options: &Options<'_>, out: &mut Vec<u8>) -> Result<(), RenderError> {
        let start = out.len();
        // Looked up once, for every field that asks.
        #[cfg(feature = "psl")]
        let parts = match self.suffix_fields {
            true => match options.suffixes {
                Some(list) => list.url_parts(url),
                None => SuffixList::builtin().url_parts(url),
            },
            false => None,
        };
        let cx = Context {
            url,
            sep: options.sep,
            #[cfg(feature = "psl")]
            parts: parts.as_ref(),
        };
        for piece in &self.pieces {
            let p = match piece {
                Piece::Text(t) => {
                    out.extend_from_slice(t.as_bytes());
                    continue;
                }
                Piece::Field(p) => p,
            };
            match field::push(out, &cx, &p.field, p.encoded, p.strict) {
                Ok(true) => {}
                Ok(false) if !p.must => {}
                Ok(false) => return Err(refused(out, start, p, None)),
                Err(kind) => return Err(refused(out, start, p, Some(kind))),
            }
        }
        Ok(())
    }
}

impl FromStr for Template {
    type Err = TemplateError;

    fn from_str(s: &str) -> Result<Template, TemplateError> {
        Template::parse(s)
    }
}

impl fmt::Display for Template {
    /// The template written back: each field with its modifiers in one
    /// order, and `\{` and `\\` where the text holds `{` and `\`, so that
    /// it parses back to a template that renders the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => {
                    for c in t.chars() {
                        if matches!(c, '{' | '\\') {
                            f.write_str("\\")?;
                        }
                        write!(f, "{c}")?;
                    }
                }
                Piece::Field(p) => write!(f, "{{{}}}", p.name())?,
            }
        }
        Ok(())
    }
}

/// The error of field `p`, which refused the URL for `kind` (`None`: the
/// URL lacks it), `out` cut back to its `start`. Apart from
/// [`Template::render_into`], whose loop is the hot path.
#[cold]
#[inline(never)]
fn refused(out: &mut Vec<u8>, start: usize, p: &FieldPiece, kind: Option<RenderErrorKind>) -> RenderError {
    out.truncate(start);
    RenderError {
        offset: p.offset,
        field: p.name(),
        kind: kind.unwrap_or_else(|| RenderErrorKind::Missing { what: p.field.noun() }),
    }
}

/// The field between the braces of `inner`, whose `{` is at `offset`.
fn field_piece(inner: &str, offset: usize) -> Result<FieldPiece, TemplateError> {
    let (mut must, mut strict, mut name) = (false, false, inner);
    loop {
        if let Some(n) = name.strip_prefix("must:") {
            (must, name) = (true, n);
        } else if let Some(n) = name.strip_prefix("strict:") {
            (strict, name) = (true, n);
        } else {
            break;
        }
    }
    let (encoded, name) = match name.strip_prefix(':') {
        Some(name) => (true, name),
        None => (false, name),
    };
    let error = |at: usize, kind| TemplateError { offset: at, kind };
    let field = match name {
        "url" => Field::Url,
        "default:port" => Field::DefaultPort,
        "puny:host" => Field::PunyHost,
        "idn:host" => Field::IdnHost,
        "suffix" | "domain" | "subdomain" => suffix_field(name).ok_or_else(|| {
            error(
                offset,
                TemplateErrorKind::FeatureMissing {
                    field: inner.to_owned(),
                    feature: "psl",
                },
            )
        })?,
        "zoneid" => Field::ZoneId,
        _ if name.starts_with("path:") => {
            let index = &name["path:".len()..];
            match index.parse::<i64>() {
                Ok(n) => Field::PathSegment(n),
                Err(_) => {
                    // `inner` ends with `index`, and `{` is one byte.
                    let at = offset + 1 + inner.len() - index.len();
                    return Err(error(
                        at,
                        TemplateErrorKind::NotASegmentIndex {
                            field: inner.to_owned(),
                        },
                    ));
                }
            }
        }
        _ => match (name.strip_prefix("query:"), name.strip_prefix("query-all:")) {
            (Some(n), _) => Field::Query(n.to_owned()),
            (_, Some(n)) => Field::QueryAll(n.to_owned()),
            _ => match name.parse::<Component>() {
                Ok(c) => Field::Component(c),
                Err(_) => {
                    return Err(error(
                        offset,
                        TemplateErrorKind::UnknownField {
                            field: inner.to_owned(),
                        },
                    ))
                }
            },
        },
    };
    Ok(FieldPiece {
        field,
        encoded,
        must,
        strict,
        offset,
    })
}

/// The field of the Public Suffix List named `name`; `None` in a build
/// without it.
#[cfg(feature = "psl")]
fn suffix_field(name: &str) -> Option<Field> {
    match name {
        "suffix" => Some(Field::Suffix),
        "domain" => Some(Field::Domain),
        _ => Some(Field::Subdomain),
    }
}

#[cfg(not(feature = "psl"))]
fn suffix_field(_: &str) -> Option<Field> {
    None
}

#[cfg(test)]
mod tests {
    use super::{Field, FieldPiece, Piece, Template};
    use crate::component::Component;

    /// The Public Suffix List's fields are fields only in a build that
    /// holds the list.
    #[test]
    fn suffix_fields_need_the_psl_feature() {
        let got = Template::parse("x{must:domain}");
        #[cfg(feature = "psl")]
        assert!(got.unwrap().uses_suffix_list());
        #[cfg(not(feature = "psl"))]
        assert_eq!(
            got.unwrap_err(),
            super::TemplateError {
                offset: 1,
                kind: super::TemplateErrorKind::FeatureMissing {
                    field: "must:domain".into(),
                    feature: "psl",
                },
            }
        );
    }

    fn field(field: Field, encoded: bool, must: bool, strict: bool, offset: usize) -> Piece {
        Piece::Field(FieldPiece {
            field,
            encoded,
            must,
            strict,
            offset,
        })
    }

    #[test]
    fn templates() {
        let t = Template::parse("\\{{:host}:{query-all:a b}x\\{").unwrap();
        assert_eq!(
            t.pieces,
            [
                Piece::Text("{".into()),
                field(Field::Component(Component::Host), true, false, false, 2),
                Piece::Text(":".into()),
                field(Field::QueryAll("a b".into()), false, false, false, 10),
                Piece::Text("x{".into()),
            ]
        );
        assert!(!t.uses_suffix_list());
        let t = Template::parse("{strict:must::path:-2}").unwrap();
        assert_eq!(t.pieces, [field(Field::PathSegment(-2), true, true, true, 0)]);
        assert_eq!(t.to_string(), "{must:strict::path:-2}");
    }

    #[test]
    fn display_parses_back() {
        for s in [
            r"\{{host}\\{query:a}\x",
            "{must::query-all:}{zoneid}\\{}",
            "a{url}{default:port}b",
        ] {
            let t = Template::parse(s).unwrap();
            let back = Template::parse(&t.to_string()).unwrap();
            assert_eq!(back.to_string(), t.to_string(), "{s}");
            let strip = |t: &Template| {
                t.pieces
                    .iter()
                    .map(|p| match p {
                        Piece::Text(t) => t.clone(),
                        Piece::Field(f) => f.name(),
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(strip(&back), strip(&t), "{s}");
        }
    }
}
