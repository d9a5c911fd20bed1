//! The public suffix, the registrable domain and the subdomain of a host,
//! by the Public Suffix List (cargo feature `psl`, off by default).
//!
//! ```text
//!   www.shop.example.co.uk
//!   └──────┘              subdomain
//!            └───────────┘ registrable domain
//!                    └───┘ public suffix
//! ```
//!
//! The public suffix of a host is the longest suffix the list's rules
//! match (a domain under which anyone may register names: `com`, `co.uk`,
//! `github.io`); the registrable domain is that suffix and the one label
//! before it; the subdomain is what comes before the registrable domain.
//! Rules and their matching follow the list's own definition
//! (publicsuffix.org/list): wildcards (`*.ck`), exceptions (`!www.ck`), and
//! the default rule `*`, so that an unlisted TLD is a public suffix of its
//! own ([`Section`] says which kind of rule matched).
//!
//! # The list
//!
//! A copy of the list is compiled in (`data/public_suffix_list.dat`,
//! MPL-2.0, its version in [`BUILTIN_VERSION`]); it is parsed once, the
//! first time [`SuffixList::builtin`] is called. Lists go stale: suffixes
//! are added every week. [`SuffixList::from_bytes`] takes another copy at
//! run time (a file read by the caller: urikit's core does no I/O), and
//! `data/README.md` says how to update the compiled-in one. Both sections
//! are used by default; [`SuffixList::builtin_icann`] and
//! [`SuffixList::icann_only`] keep to the ICANN section (the domains of the
//! DNS's registries, without the private ones such as `github.io`).
//!
//! Rules and hosts are matched through the `publicsuffix` crate, which
//! parses a list at run time into a tree of labels. It is chosen over the
//! `psl` crate (the list compiled into generated code, faster to look up)
//! because the list must be replaceable from a file: with `publicsuffix`
//! the compiled-in copy and a copy loaded at run time are one code path,
//! the copy compiled in is the repository's own (dated, and updated
//! without a new crate release), and the ICANN-only view is the crate's
//! own filter.
//!
//! # Hosts
//!
//! A host is taken as the URL gives it: under WHATWG a domain is ASCII,
//! lower case, its IDN labels in Punycode (`xn--`); under the RFCs it is as
//! written. The list holds each IDN rule in both forms, so a Punycode host
//! matches and so does a Unicode one. ASCII letters match in any case (no
//! other case folding is done: pass a Unicode host through
//! [`domain_to_ascii`](crate::whatwg::domain_to_ascii) first). Every answer
//! is a slice of the host as given, in the form and case it came in; a
//! host's trailing dot (a fully qualified name) stays on the suffix and
//! on the registrable domain.
//!
//! A host has no public suffix (`None`) when it is empty, is an IP address
//! (`[...]`, or a last label of digits: no TLD is numeric), or has an
//! empty label other than the trailing dot's (`.com`, `a..b.com`, `.`).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use publicsuffix::{IcannList, List, Psl, Type};

use crate::host::HostKind;
use crate::url::UrlRef;

/// The version of the compiled-in list (its `// VERSION:` line).
pub const BUILTIN_VERSION: &str = "2026-10-22_08-36-41_UTC";

/// The compiled-in list's text.
const BUILTIN: &str = include_str!("../data/public_suffix_list.dat");

/// Which kind of rule gave a host its public suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    /// A rule of the list's ICANN section.
    Icann,
    /// A rule of the list's private section.
    Private,
    /// No rule: the default rule `*` (an unlisted TLD is its own suffix).
    Unlisted,
}

/// A host split by the list: see the [module docs](self).
///
/// # Examples
///
/// ```
/// use urikit::public_suffix::{Section, SuffixList};
///
/// let parts = SuffixList::builtin().parts("www.shop.example.co.uk").unwrap();
/// assert_eq!(parts.suffix, "co.uk");
/// assert_eq!(parts.domain, Some("example.co.uk"));
/// assert_eq!(parts.subdomain, Some("www.shop"));
/// assert_eq!(parts.section, Section::Icann);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HostParts<'h> {
    /// The public suffix.
    pub suffix: &'h str,
    /// The registrable domain; `None` when the host is itself a public
    /// suffix.
    pub domain: Option<&'h str>,
    /// The labels before the registrable domain: `Some("")` when the host
    /// is the registrable domain, `None` when it has none.
    pub subdomain: Option<&'h str>,
    /// Which kind of rule matched.
    pub section: Section,
}

/// A parsed Public Suffix List.
///
/// # Comparison
///
/// Two lists are equal when they hold the same rules, in the same sections,
/// and use the same sections.
///
/// # Examples
///
/// ```
/// use urikit::public_suffix::SuffixList;
///
/// let list = SuffixList::builtin();
/// assert_eq!(list.suffix("user.github.io"), Some("github.io"));
/// assert_eq!(list.registrable_domain("user.github.io"), Some("user.github.io"));
/// let icann = SuffixList::builtin_icann();
/// assert_eq!(icann.registrable_domain("user.github.io"), Some("github.io"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuffixList {
    rules: Rules,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Rules {
    All(List),
    Icann(IcannList),
}

impl SuffixList {
    /// The compiled-in list, both sections, parsed on the first call.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    ///
    /// assert_eq!(SuffixList::builtin().suffix("example.com"), Some("com"));
    /// ```
    pub fn builtin() -> &'static SuffixList {
        static LIST: OnceLock<SuffixList> = OnceLock::new();
        LIST.get_or_init(|| parse_builtin(false))
    }

    /// The compiled-in list, its ICANN section only, parsed on the first
    /// call.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    ///
    /// assert_eq!(SuffixList::builtin_icann().suffix("a.blogspot.com"), Some("com"));
    /// assert_eq!(SuffixList::builtin().suffix("a.blogspot.com"), Some("blogspot.com"));
    /// ```
    pub fn builtin_icann() -> &'static SuffixList {
        static LIST: OnceLock<SuffixList> = OnceLock::new();
        LIST.get_or_init(|| parse_builtin(true))
    }

    /// A list from the text of a `public_suffix_list.dat`: its rules
    /// between the `===BEGIN ICANN DOMAINS===` and `===BEGIN PRIVATE
    /// DOMAINS===` markers (rules outside both sections are not read).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    ///
    /// let text = "// ===BEGIN ICANN DOMAINS===\nuk\nco.uk\n// ===END ICANN DOMAINS===\n";
    /// let list = SuffixList::from_bytes(text.as_bytes())?;
    /// assert_eq!(list.registrable_domain("www.bbc.co.uk"), Some("bbc.co.uk"));
    /// // A list from a file: SuffixList::from_bytes(&std::fs::read(path)?)
    /// # Ok::<(), urikit::public_suffix::SuffixListError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the text is not UTF-8, holds no rule in either section, or has
    /// a rule the list's format does not allow (an empty label, `!` on a
    /// rule of one label, a label UTS #46 refuses); the error names the
    /// line.
    pub fn from_bytes(bytes: &[u8]) -> Result<SuffixList, SuffixListError> {
        let text = std::str::from_utf8(bytes).map_err(|e| SuffixListError {
            line: Some(line_of(bytes, e.valid_up_to())),
            kind: SuffixListErrorKind::NotUtf8,
        })?;
        text.parse()
    }

    /// The same list, answering by its ICANN section only.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    ///
    /// let text = "// ===BEGIN ICANN DOMAINS===\nio\n// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n";
    /// let list: SuffixList = text.parse()?;
    /// assert_eq!(list.suffix("a.github.io"), Some("github.io"));
    /// assert_eq!(list.icann_only().suffix("a.github.io"), Some("io"));
    /// # Ok::<(), urikit::public_suffix::SuffixListError>(())
    /// ```
    pub fn icann_only(self) -> SuffixList {
        let rules = match self.rules {
            Rules::All(list) => Rules::Icann(IcannList::from(list)),
            icann @ Rules::Icann(_) => icann,
        };
        SuffixList { rules }
    }

    /// Whether the list answers by its ICANN section only.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    ///
    /// assert!(SuffixList::builtin_icann().is_icann_only() && !SuffixList::builtin().is_icann_only());
    /// ```
    pub fn is_icann_only(&self) -> bool {
        matches!(self.rules, Rules::Icann(_))
    }

    /// The public suffix of `host`, its registrable domain and its
    /// subdomain; `None` for a host that has none (see the
    /// [module docs](self)).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::{Section, SuffixList};
    ///
    /// let list = SuffixList::builtin();
    /// let parts = list.parts("WWW.Example.COM.").unwrap();
    /// assert_eq!((parts.suffix, parts.domain, parts.subdomain), ("COM.", Some("Example.COM."), Some("WWW")));
    /// let parts = list.parts("example.unlisted-tld").unwrap();
    /// assert_eq!((parts.suffix, parts.section), ("unlisted-tld", Section::Unlisted));
    /// assert_eq!(list.parts("co.uk").unwrap().domain, None);
    /// assert_eq!(list.parts("192.0.2.1"), None);
    /// assert_eq!(list.parts("a..example.com"), None);
    /// ```
    pub fn parts<'h>(&self, host: &'h str) -> Option<HostParts<'h>> {
        let name = host.strip_suffix('.').unwrap_or(host);
        // One pass: an empty label, upper case, and where the last label
        // starts.
        let b = name.as_bytes();
        let (mut upper, mut last) = (false, 0);
        for (i, &c) in b.iter().enumerate() {
            if c == b'.' {
                if i == last {
                    return None;
                }
                last = i + 1;
            } else {
                upper |= c.is_ascii_uppercase();
            }
        }
        if last == b.len() || b[0] == b'[' || b[last..].iter().all(u8::is_ascii_digit) {
            return None;
        }
        // The rules are lower case: an upper-case ASCII letter is looked
        // up lowered, and the lengths found apply to the host as given.
        let lowered;
        let key: &[u8] = if upper {
            lowered = name.to_ascii_lowercase();
            lowered.as_bytes()
        } else {
            name.as_bytes()
        };
        let found = match &self.rules {
            Rules::All(list) => list.suffix(key),
            Rules::Icann(list) => list.suffix(key),
        }?;
        let suffix_len = found.as_bytes().len();
        let section = match found.typ() {
            Some(Type::Icann) => Section::Icann,
            Some(Type::Private) => Section::Private,
            None => Section::Unlisted,
        };
        let dot = host.len() - name.len();
        let suffix = &host[name.len() - suffix_len..];
        let (domain, subdomain) = if suffix_len == name.len() {
            (None, None)
        } else {
            // The label before the suffix, and what comes before it.
            let rest = &name[..name.len() - suffix_len - 1];
            let label = rest.rsplit('.').next().unwrap_or(rest);
            let start = rest.len() - label.len();
            let subdomain = &host[..start.saturating_sub(1)];
            (Some(&host[start..]), Some(subdomain))
        };
        debug_assert!(suffix.len() == suffix_len + dot);
        Some(HostParts {
            suffix,
            domain,
            subdomain,
            section,
        })
    }

    /// The public suffix of `host`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    ///
    /// let list = SuffixList::builtin();
    /// assert_eq!(list.suffix("www.example.co.uk"), Some("co.uk"));
    /// // A wildcard rule (*.ck) and its exception (!www.ck).
    /// assert_eq!(list.suffix("a.b.ck"), Some("b.ck"));
    /// assert_eq!(list.suffix("www.ck"), Some("ck"));
    /// ```
    pub fn suffix<'h>(&self, host: &'h str) -> Option<&'h str> {
        self.parts(host).map(|p| p.suffix)
    }

    /// The registrable domain of `host`: its public suffix and the label
    /// before it; `None` when the host is itself a public suffix.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    ///
    /// let list = SuffixList::builtin();
    /// assert_eq!(list.registrable_domain("www.example.co.uk"), Some("example.co.uk"));
    /// assert_eq!(list.registrable_domain("co.uk"), None);
    /// assert_eq!(list.registrable_domain("b.ck"), None);
    /// assert_eq!(list.registrable_domain("www.ck"), Some("www.ck"));
    /// ```
    pub fn registrable_domain<'h>(&self, host: &'h str) -> Option<&'h str> {
        self.parts(host).and_then(|p| p.domain)
    }

    /// The labels of `host` before its registrable domain: `Some("")` when
    /// the host is the registrable domain, `None` when it has none.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    ///
    /// let list = SuffixList::builtin();
    /// assert_eq!(list.subdomain("a.b.example.com"), Some("a.b"));
    /// assert_eq!(list.subdomain("example.com"), Some(""));
    /// assert_eq!(list.subdomain("com"), None);
    /// ```
    pub fn subdomain<'h>(&self, host: &'h str) -> Option<&'h str> {
        self.parts(host).and_then(|p| p.subdomain)
    }

    /// [`parts`](SuffixList::parts) of a URL's host: `None` when the URL
    /// has no host, an empty one or an IP address (by its
    /// [`host_kind`](crate::Components::host_kind)).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::public_suffix::SuffixList;
    /// use urikit::{Spec, UrlRef};
    ///
    /// let list = SuffixList::builtin();
    /// let url = UrlRef::parse_with("https://www.xn--85x722f.xn--55qx5d.cn/", Spec::Whatwg)?;
    /// assert_eq!(list.url_parts(&url).unwrap().domain, Some("xn--85x722f.xn--55qx5d.cn"));
    /// let url = UrlRef::parse_with("http://[::1]/", Spec::Whatwg)?;
    /// assert_eq!(list.url_parts(&url), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn url_parts<'u>(&self, url: &UrlRef<'u>) -> Option<HostParts<'u>> {
        match url.host_kind()? {
            HostKind::Ipv4 | HostKind::Ipv6 | HostKind::IpvFuture | HostKind::Empty => None,
            HostKind::Domain | HostKind::RegName | HostKind::Opaque => self.parts(url.host()?),
        }
    }
}

impl FromStr for SuffixList {
    type Err = SuffixListError;

    /// [`SuffixList::from_bytes`] of a string.
    fn from_str(text: &str) -> Result<SuffixList, SuffixListError> {
        let list = List::from_str(text).map_err(|e| {
            let (kind, rule) = match e {
                publicsuffix::Error::InvalidList => (SuffixListErrorKind::NoRules, None),
                publicsuffix::Error::ListNotUtf8Encoded => (SuffixListErrorKind::NotUtf8, None),
                publicsuffix::Error::EmptyLabel(rule)
                | publicsuffix::Error::ExceptionAtFirstLabel(rule)
                | publicsuffix::Error::InvalidRule(rule) => (SuffixListErrorKind::InvalidRule, Some(rule)),
                _ => (SuffixListErrorKind::InvalidRule, None),
            };
            let line = rule.and_then(|rule| {
                text.lines()
                    .position(|l| {
                        l.split_whitespace()
                            .next()
                            .is_some_and(|r| r.trim_start_matches('!') == rule.trim_start_matches('!'))
                    })
                    .map(|i| i + 1)
            });
            SuffixListError { line, kind }
        })?;
        Ok(SuffixList {
            rules: Rules::All(list),
        })
    }
}

/// The compiled-in list, parsed.
fn parse_builtin(icann_only: bool) -> SuffixList {
    // The compiled-in text is the repository's, and a test parses it: no
    // input reaches this.
    let list = BUILTIN
        .parse::<SuffixList>()
        .unwrap_or_else(|e| unreachable!("the compiled-in list parses: {e}"));
    if icann_only {
        list.icann_only()
    } else {
        list
    }
}

/// The 1-based line of byte `at`.
fn line_of(bytes: &[u8], at: usize) -> usize {
    1 + bytes[..at.min(bytes.len())].iter().filter(|&&b| b == b'\n').count()
}

/// Why a Public Suffix List was refused.
///
/// # Examples
///
/// ```
/// use urikit::public_suffix::{SuffixList, SuffixListErrorKind};
///
/// let e = SuffixList::from_bytes(b"// ===BEGIN ICANN DOMAINS===\ncom\n!org\n").unwrap_err();
/// assert_eq!((e.line, e.kind), (Some(3), SuffixListErrorKind::InvalidRule));
/// assert_eq!(e.to_string(), "invalid rule in the public suffix list at line 3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SuffixListError {
    /// The 1-based line of the input where the problem is, when one is.
    pub line: Option<usize>,
    /// What is wrong.
    pub kind: SuffixListErrorKind,
}

/// What is wrong with a Public Suffix List.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SuffixListErrorKind {
    /// The text is not UTF-8.
    NotUtf8,
    /// No rule in the ICANN or the private section (or no section markers).
    NoRules,
    /// A rule the format does not allow.
    InvalidRule,
}

impl fmt::Display for SuffixListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            SuffixListErrorKind::NotUtf8 => "the public suffix list is not utf-8",
            SuffixListErrorKind::NoRules => {
                "no rule in the public suffix list, expected rules after `// ===BEGIN ICANN DOMAINS===` or `// ===BEGIN PRIVATE DOMAINS===`"
            }
            SuffixListErrorKind::InvalidRule => "invalid rule in the public suffix list",
        };
        match self.line {
            Some(line) => write!(f, "{what} at line {line}"),
            None => f.write_str(what),
        }
    }
}

impl std::error::Error for SuffixListError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_list_parses_and_says_its_version() {
        assert!(BUILTIN.contains(&format!("// VERSION: {BUILTIN_VERSION}\n")));
        assert_eq!(parse_builtin(false).suffix("example.com"), Some("com"));
        assert!(parse_builtin(true).is_icann_only());
    }

    #[test]
    fn lines_of_errors() {
        assert_eq!(line_of(b"a\nb\nc", 4), 3);
        assert_eq!(line_of(b"", 9), 1);
        let e = SuffixList::from_bytes(b"// ===BEGIN ICANN DOMAINS===\ncom\n\xff\n").unwrap_err();
        assert_eq!((e.line, e.kind), (Some(3), SuffixListErrorKind::NotUtf8));
        let e = SuffixList::from_bytes(b"com\nnet\n").unwrap_err();
        assert_eq!((e.line, e.kind), (None, SuffixListErrorKind::NoRules));
        let e = SuffixList::from_bytes(b"// ===BEGIN ICANN DOMAINS===\ncom\na..b\n").unwrap_err();
        assert_eq!((e.line, e.kind), (Some(3), SuffixListErrorKind::InvalidRule));
    }
}
