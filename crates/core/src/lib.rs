//! Web addresses to the letter of the 1994 specifications, and of the
//! standards that grew out of them.
//!
//! urikit parses and validates URLs by RFC 1738 "Uniform Resource Locators"
//! and the RFC 1630 draft "Universal Resource Identifiers in WWW" (and by
//! RFC 1808, RFC 3986 and the WHATWG URL Standard), with an
//! error that names the byte offset, the BNF rule (or the named validation
//! error) and the spec for every violation; repairs what browsers repair when asked to be lenient;
//! percent-encodes by the specs' character classes; compares URLs at one
//! encoding level; and resolves partial forms by the RFC 1630 algorithm.
//!
//! # Terminology
//!
//! * A **URL** here is what RFC 1738 §5 `url` produces: `scheme:` and a
//!   scheme-specific part, optionally after a `URL:` prefix, optionally with a
//!   `#fragment` (RFC 1630).
//! * [`Url::path`](crate::Components::path) is the path with its leading `/`; RFC 1738's `url-path` is
//!   the same without it. [`Url::query`](crate::Components::query) is the search part after `?`.
//!   Accessors return `None` for an absent part and `Some("")` for an empty one.
//! * A **partial form** is RFC 1630's name for a relative reference.
//!
//! # Parse
//!
//! ```
//! use urikit::{ParseErrorKind, Url, UrlRef};
//!
//! let url = UrlRef::parse("ftp://@host.com/pub/file.txt")?;
//! assert_eq!(url.user(), Some(""));
//! assert_eq!(url.host(), Some("host.com"));
//!
//! // RFC 1738 §3.3: "No user name or password is allowed" in an http URL.
//! let err = UrlRef::parse("http://user@host/").unwrap_err();
//! assert_eq!((err.offset, err.kind, err.rule), (7, ParseErrorKind::UserNotAllowed, "hostport"));
//!
//! // Lenient parsing repairs and reports.
//! let (url, warnings) = Url::parse_lenient("http://host/a b")?;
//! assert_eq!(url.as_str(), "http://host/a%20b");
//! assert_eq!(warnings.len(), 1);
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! # Resolve
//!
//! ```
//! use urikit::{Spec, Url};
//!
//! let context = Url::parse("magic://a/b/c//d/e/f")?;
//! assert_eq!(context.resolve_with("../g", Spec::Rfc1738).unwrap().as_str(), "magic://a/b/c//d/g");
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! # Encode and compare
//!
//! ```
//! use urikit::pct::{decode, encode, EncodeSet};
//! use urikit::Url;
//!
//! assert_eq!(encode("Information About Gopher", &EncodeSet::UCHAR), "Information%20About%20Gopher");
//! assert_eq!(decode("%2Fetc").unwrap(), &b"/etc"[..]);
//!
//! let a = Url::parse("http://info.cern.ch/albert/bertram/marie-claude")?;
//! let b = Url::parse("http://INFO.CERN.CH:80/albert/bertram/marie%2Dclaude")?;
//! assert!(a.equivalent(&b));
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! # Scheme views, access plans, hazards
//!
//! ```
//! use urikit::lint::lint;
//! use urikit::scheme::SchemeView;
//! use urikit::{Spec, UrlRef};
//!
//! let url = UrlRef::parse("gopher://host/7a_gopher_selector%09foobar")?;
//! let SchemeView::Gopher(gopher) = url.view().unwrap() else { unreachable!() };
//! assert_eq!(gopher.gopher_type(), '7');
//! assert_eq!(gopher.selector_line().unwrap(), b"a_gopher_selector\tfoobar\r\n");
//! assert_eq!(
//!     url.view().unwrap().plan().unwrap().to_string(),
//!     "# connect to host port 70\n> a_gopher_selector<TAB>foobar<CR><LF>\n"
//! );
//!
//! // RFC 1738 §6: a gopher URL aimed at an SMTP server.
//! let findings = lint("gopher://mail.example:25/0HELO%0D%0A", Spec::Rfc1738);
//! assert_eq!(findings.len(), 3);
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! [`scheme`] gives every scheme of the seeds a typed view (ftp's CWD list,
//! name and type; gopher's type, selector, search and Gopher+ string; ...)
//! and the exchange a client performs; [`lint`] names the hazards.
//!
//! # Components by a template
//!
//! ```
//! use urikit::template::Template;
//! use urikit::{Spec, UrlRef};
//!
//! let t = Template::parse("{host} {path:-1} {query:id}")?;
//! let url = UrlRef::parse_with("https://example.com/a/b%20c?id=7", Spec::Rfc3986)?;
//! assert_eq!(t.render(&url)?, "example.com b c 7");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`template`] is the engine of `urikit get`: components decoded or as
//! written, query values by name, path segments, the host in Punycode or
//! Unicode, and (feature `psl`) its public suffix and registrable domain.
//!
//! # Find URLs in text
//!
//! ```
//! let text = "Yes, Jim, I found it under <ftp://ftp.w3.org/pub/www/doc> but\n    \
//!             you can probably pick it up from <ftp://ds.internic.net/rfc>.";
//! let urls: Vec<String> = urikit::text::find_urls(text).map(|f| f.url).collect();
//! assert_eq!(urls, ["ftp://ftp.w3.org/pub/www/doc", "ftp://ds.internic.net/rfc"]);
//! ```
//!
//! [`text`] finds URLs in mail, news and prose as RFC 1738's appendix
//! describes them (`<URL:...>` wrappers, line breaks, the hyphen rule) and
//! bare ones too, in a string or a stream of any size; a bare URL that goes
//! on past US-ASCII (an IRI) says so ([`text::Cut`]).
//!
//! # Where the specs disagree
//!
//! ```
//! use urikit::explain::{explain, Code};
//!
//! let e = explain("http://0x7f.1/", None)?;
//! let codes: Vec<Code> = e.verdicts.iter().map(|v| v.code).collect();
//! assert_eq!(codes, [Code::HostDiffers, Code::IpInternal, Code::IpNoncanonical, Code::RejectedBySome]);
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! [`explain`] reads one input by all five specs, says where a request
//! would go under each, and names where they disagree: the readings a
//! URL-confusion bug (an SSRF filter bypass, an open redirect) comes from.
//!
//! # Which spec should I use?
//!
//! * [`Spec::Rfc1738`] (the default) for URLs of the schemes RFC 1738 defines
//!   (ftp, http, gopher, mailto, news, nntp, telnet, wais, file, prospero):
//!   it checks each against its own production.
//! * [`Spec::Rfc1630`] for the generic URI syntax of the RFC 1630 draft,
//!   applied to every scheme alike.
//! * [`Spec::Rfc3986`] for today's generic syntax (STD 66): IP literals,
//!   `~` unencoded, references without a scheme ([`rfc3986::Reference`]),
//!   §5.2 resolution, §6 normalization.
//! * [`Spec::Rfc1808`] for the 1995 relative URLs, whose resolution keeps
//!   `;params` and unresolvable `..` segments.
//! * [`Spec::Whatwg`] for URLs as browsers read them (the WHATWG URL
//!   Standard, [`whatwg`]). Coming from rust-url, whose `Url::parse` is the
//!   browser's parser, the entry points map like this:
//!
//! | rust-url, a browser | urikit |
//! | --- | --- |
//! | `Url::parse(s)`, `new URL(s)` | [`Url::parse_lenient_with`]`(s, Spec::Whatwg)`: the URL, and each validation error as a warning; failure is the error |
//! | `Url::options().base_url(Some(&b)).parse(s)`, `new URL(s, b)` | `b.`[`resolve_with`](Url::resolve_with)`(s, Spec::Whatwg)`; with the validation errors, [`Url::parse_lenient_with_base`]`(s, &b)` (strictly: [`Url::parse_with_base`], [`validate_with_base`]) |
//! | `url.as_str()`, `href` | [`Url::as_str`](crate::Components::as_str); the other getters of the `URL` API are [`Url::api`] |
//! | `url.set_host(h)`, `url.hostname = h` (the `URL` API's setters) | [`Url::set_api`]`(`[`whatwg::api::Setter`]`::Hostname, h)`; [`Url::set`] runs the setter of a component: an ignored value is an error, the URL unchanged; [`Url::set_api_taken`] says which part of a value a setter took (`8080` of `8080abc`) |
//! | a validator's list of validation errors | [`validate`]`(s, Spec::Whatwg)` |
//! | `URL.canParse(s)`, `URL.canParse(s, b)` | [`whatwg::can_parse`]`(s, None)`, `(s, Some(b))`: whether the parse succeeds, without building the URL (no heap allocation where the hosts are ASCII) |
//! | (none: "is this a valid URL string?") | [`Url::parse_with`]`(s, Spec::Whatwg)`, refusing at the first validation error |
//! | (none) | [`UrlRef::parse_with`]`(s, Spec::Whatwg)`: borrowed, for an input already in its serialized form |
//!
//! ```
//! use urikit::{Spec, Url};
//!
//! let (url, warnings) = Url::parse_lenient_with("HTTPS://EXAMPLE.com:443/a/../b c", Spec::Whatwg)?;
//! assert_eq!(url.as_str(), "https://example.com/b%20c");
//! assert_eq!(warnings[0].to_string(), "accepted: space 0x20 is not allowed here (invalid-URL-unit, WHATWG URL Standard) at offset 30");
//! let next = url.resolve_with("//☕.example/?q", Spec::Whatwg).unwrap();
//! assert_eq!(next.api().unwrap().host(), "xn--53h.example");
//! assert!(Url::parse_with("https://example.com/b c", Spec::Whatwg).is_err());
//!
//! // The URL API's setters, as `url.port = "8080"` runs them in a browser.
//! use urikit::whatwg::api::Setter;
//! let mut url = next;
//! url.set_api(Setter::Port, "8080")?;
//! url.set_api(Setter::Pathname, "/a b")?;
//! assert_eq!(url.as_str(), "https://xn--53h.example:8080/a%20b?q");
//! // A setter the standard ignores leaves the URL as it was, and says why.
//! let err = url.set_api(Setter::Protocol, "web+demo").unwrap_err();
//! assert_eq!(err.to_string(), "the URL's scheme is special and the new scheme is not at offset 0 (protocol setter, WHATWG URL Standard)");
//! assert_eq!(url.as_str(), "https://xn--53h.example:8080/a%20b?q");
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! # RFC 3986 references and their inverse
//!
//! ```
//! use urikit::rfc3986::Reference;
//! use urikit::{relative, Spec, Url};
//!
//! let base = Url::parse_with("http://a/b/c/d;p?q", Spec::Rfc3986)?;
//! assert!(Reference::parse("../g?y#s")?.is_relative());
//! let target = base.resolve_with("../g?y#s", Spec::Rfc3986).unwrap();
//! assert_eq!(target.as_str(), "http://a/b/g?y#s");
//! assert_eq!(relative(&base, &target, Spec::Rfc3986), "../g?y#s");
//! # Ok::<(), urikit::ParseError>(())
//! ```
//!
//! # Conformance
//!
//! Every example of the specifications is a test (`tests/data/seeds.json`).
//! Where the text leaves a choice open, the module that implements it says
//! which reading urikit takes: [`rfc1738`] for the grammar,
//! [`resolve`] for partial forms, [`normalize`] for equivalence, [`rfc3986`]
//! for the RFC 3986 and RFC 1808 grammars, [`resolve::rfc3986`],
//! [`resolve::rfc1808`] and [`normalize::rfc3986`] for what is done with them. Their published examples and the suites of
//! uriparser, iri-string, network-uri, libxml2, CPython and Roy Fielding's
//! test pages run in `tests/conformance.rs`; the few cases read differently
//! are listed with reasons in `tests/data/conformance_expected_failures.txt`.
//! Under [`Spec::Whatwg`] web-platform-tests' `urltestdata.json`,
//! `toascii.json`, `setters_tests.json` (the `URL` API's setters,
//! [`Url::set_api`]) and `urlencoded-parser-data.json` (`URLSearchParams`,
//! [`whatwg::search_params`]) and ada's additions run there too, every
//! getter compared.
//!
//! # Features
//!
//! * `idna` (on by default): UTS #46 for the hosts of WHATWG URLs, through
//!   the `idna` crate. Without it an ASCII host still parses, and a host
//!   that needs IDNA is refused with [`ParseErrorKind::IdnaUnavailable`].
//!   [`whatwg::domain_to_ascii`] and [`whatwg::domain_to_unicode`] are the
//!   same code as functions of their own.
//! * `psl`: `public_suffix`, the public suffix, registrable domain and
//!   subdomain of a host by the Public Suffix List (a dated copy compiled
//!   in, another loaded at run time), through the `publicsuffix` crate;
//!   and the [`template`] fields `{suffix}`, `{domain}` and `{subdomain}`.
//! * `serde`: `Serialize` and `Deserialize` for [`Url`].
//! * `pattern`: `urikit::pattern`, the URLPattern Standard (`UrlPattern`:
//!   patterns from a constructor string or an init, `test` and `exec`),
//!   over the WHATWG parser, with the `regress` crate for the regular
//!   expressions of custom groups. It passes every entry of the
//!   web-platform-tests' `urlpatterntestdata.json`.

pub mod ascii;
mod builder;
mod component;
mod edit;
mod engine;
mod error;
pub mod explain;
mod fast;
mod hint;
mod host;
pub mod lint;
pub mod normalize;
mod offsets;
mod parse;
#[cfg(feature = "pattern")]
pub mod pattern;
pub mod pct;
pub mod ports;
#[cfg(feature = "psl")]
pub mod public_suffix;
pub mod query;
pub mod relative;
pub mod resolve;
pub mod rfc1738;
pub mod rfc3986;
pub mod scheme;
#[cfg(feature = "serde")]
pub mod serde;
mod spec;
pub mod template;
#[cfg(test)]
mod testing;
pub mod text;
mod url;
mod view;
pub mod whatwg;

pub use builder::{BuildError, UrlBuilder};
pub use component::{Component, UnknownComponent};
pub use edit::{Edit, Strategy, Target, UnknownTarget};
pub use error::{
    ParseError, ParseErrorKind, PctError, Repair, ResolveError, ResolveErrorKind, SchemeError, SchemeErrorKind,
    SetterIgnored, Warning, MAX_INPUT_LEN, MAX_REPORTED,
};
pub use hint::{later_spec_accepting, later_spec_accepting_after};
pub use host::HostKind;
pub use parse::{validate, validate_with_base};
pub use relative::relative;
pub use spec::{Spec, UnknownSpec};
pub use url::{Url, UrlRef};
pub use view::{Components, Text};
