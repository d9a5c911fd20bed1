//! The errors of every operation, each a byte offset and a kind.

use std::fmt;

use crate::Spec;

mod setter;

pub use setter::{PartIgnored, SetterIgnored};

/// The longest input urikit accepts, in bytes.
///
/// Component offsets are stored as `u32`; anything longer is rejected with
/// [`ParseErrorKind::TooLong`] rather than truncated.
pub const MAX_INPUT_LEN: usize = u32::MAX as usize - 1;

/// The most violations [`validate`](crate::validate), or repairs and
/// tolerated violations [`Url::parse_lenient`](crate::Url::parse_lenient),
/// list one by one. Past it they are counted, and one last entry
/// ([`ParseErrorKind::TooMany`], [`Repair::TooMany`]) says how many more
/// there were, so that memory stays small whatever the input.
pub const MAX_REPORTED: usize = 1000;

/// Why parsing failed: where, what, by which production of which spec.
///
/// `offset` is a byte offset into the input as given (an optional `URL:`
/// prefix included).
///
/// # Examples
///
/// ```
/// use urikit::{ParseErrorKind, UrlRef};
///
/// let err = UrlRef::parse("news:12345667123%asdghfh@info.cern.ch").unwrap_err();
/// assert_eq!(err.offset, 16);
/// assert_eq!(err.rule, "escape");
/// assert!(matches!(err.kind, ParseErrorKind::BadEscape { .. }));
/// assert_eq!(
///     err.to_string(),
///     "'%' must be followed by two hex digits, found \"%as\" at offset 16 (escape, RFC 1738)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ParseError {
    /// Byte offset of the offending input.
    pub offset: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
    /// The BNF production that failed (`"hostport"`, `"escape"`, ...).
    pub rule: &'static str,
    /// The grammar the input was checked against.
    pub spec: Spec,
}

/// What a [`ParseError`] found. Each variant says what the offset points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input is empty; the offset is 0.
    Empty,
    /// The input is longer than [`MAX_INPUT_LEN`]; the offset is that limit.
    TooLong,
    /// No `scheme:` prefix; the offset is the first octet that cannot be part
    /// of a scheme.
    MissingScheme,
    /// The input starts with `:`; the offset is 0.
    EmptyScheme,
    /// The scheme is `url`, which is the optional `URL:` prefix (RFC 1738
    /// appendix) and so cannot name a scheme; the offset is that scheme.
    PrefixScheme,
    /// The offset is an octet the production does not allow.
    InvalidChar {
        /// The octet found.
        byte: u8,
    },
    /// The offset is a `%` not followed by two hex digits.
    BadEscape {
        /// Up to two octets after the `%` (0 where the input ended).
        found: [u8; 2],
    },
    /// The scheme's syntax starts with `//`; the offset is where it should be.
    MissingSlashes,
    /// The host is empty; the offset is where it should start.
    EmptyHost,
    /// A host name has an empty label; the offset is where it should be.
    EmptyLabel,
    /// A domain label starts or ends with `-`; the offset is that hyphen.
    LabelHyphen,
    /// The rightmost label of a host name starts with a digit; the offset is
    /// that digit.
    TopLabelDigit,
    /// A group of a four-number host is over 255; the offset is its first digit.
    HostNumberOutOfRange,
    /// `:` with no port after it; the offset is the `:`.
    EmptyPort,
    /// The port is over 65535; the offset is its first digit.
    PortOutOfRange,
    /// The scheme allows no user name or password; the offset is the user.
    UserNotAllowed,
    /// The scheme allows no port; the offset is the `:` before it.
    PortNotAllowed,
    /// A required part is missing; the offset is where it should start.
    MissingPart,
    /// The offset is the `?` of a search where the scheme's production allows
    /// none (`http://host?x` lacks the `/` that must come before a search).
    UnexpectedSearch,
    /// The offset is an FTP `;type=` code that is not `a`, `i` or `d`.
    InvalidFtpType,
    /// More violations than [`MAX_REPORTED`]; the offset is the first one not
    /// listed.
    TooMany {
        /// How many were not listed.
        more: usize,
    },
    /// The text between `[` and `]` is neither an `IPv6address` nor an
    /// `IPvFuture` (RFC 3986 §3.2.2); the offset is where it stops matching.
    InvalidIpLiteral,
    /// An IP literal's `[` has no `]` before the authority ends; the offset
    /// is the `[`.
    UnclosedBracket,
    /// A value given to a setter or a builder would not read back as that
    /// component alone: it holds the delimiter of a later component (a `?`
    /// in a path), or it would change how another component reads (a path
    /// starting with `//` where there is no host). The offset is where the
    /// component as read back stops matching the value.
    Ambiguous,
    /// The host needs UTS #46 processing (it is not ASCII, or has an `xn--`
    /// label) and urikit was built without its `idna` feature; the offset is
    /// the host. Refused rather than answered wrongly.
    IdnaUnavailable,
    /// UTS #46 ToASCII fails on the host (the WHATWG URL Standard's
    /// `domain-to-ASCII`); the offset is the host.
    InvalidDomain,
    /// A WHATWG IPv4 address written with fewer than four parts
    /// (`http://127.1/`); the offset is the host.
    Ipv4TooFewParts,
    /// A host that ends in a number has more than four parts, so it is
    /// neither a domain nor an IPv4 address; the offset is the fifth part.
    Ipv4TooManyParts,
    /// A part of a WHATWG IPv4 address written in hex (`0x7f`) or octal
    /// (`017`); the offset is that part.
    Ipv4NonDecimal,
    /// A WHATWG IPv4 address written with code points that are not ASCII
    /// (`①.②.③.④`, fullwidth digits, `。`), which UTS #46 maps to digits
    /// and dots; the offset is the host.
    Ipv4NonAscii,
    /// A Windows drive letter (`C:`, `C|`) where a `file` URL's host or a
    /// relative path starts; the offset is the letter.
    WindowsDriveLetter,
    /// The input is a valid URL but not in its serialized form (`HTTP://H`
    /// for `http://h/`), so a borrowed WHATWG URL cannot be made of it; the
    /// offset is where the input and the serialization first differ.
    NotSerialized,
    /// A setter of the WHATWG URL API left the URL as it was, at a step of
    /// the URL Standard that says so; the offset is 0, or the `:` of a port
    /// given to the `hostname` setter.
    SetterIgnored {
        /// The step.
        why: SetterIgnored,
    },
}

impl ParseError {
    pub(crate) const fn new(offset: usize, kind: ParseErrorKind, rule: &'static str, spec: Spec) -> Self {
        ParseError {
            offset,
            kind,
            rule,
            spec,
        }
    }
}

/// How an octet is classed by RFC 1738 §2.2, for messages.
fn class_of(byte: u8) -> &'static str {
    use crate::ascii::rfc1738 as c;
    match byte {
        b' ' => "space",
        0..=0x1f | 0x7f => "control character",
        0x80..=0xff => "non-ASCII octet",
        b if c::NATIONAL.contains(b) => "national character",
        b if c::PUNCTUATION.contains(b) => "unsafe character",
        b if c::RESERVED.contains(b) => "reserved character",
        _ => "character",
    }
}

/// An octet as messages name it: its RFC 1738 class and the octet
/// (`national character '~'`, `space 0x20`).
pub(crate) fn octet_name(byte: u8) -> String {
    format!("{} {}", class_of(byte), Octet(byte))
}

/// Writes an octet the way a message quotes it: `'a'`, or `0x0A`.
struct Octet(u8);

impl fmt::Display for Octet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            f.write_str("'")?;
            fmt::Write::write_char(f, char::from(self.0))?;
            f.write_str("'")
        } else {
            write!(f, "0x{:02X}", self.0)
        }
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseErrorKind::Empty => f.write_str("empty input, expected scheme ':' scheme-specific part"),
            ParseErrorKind::TooLong => write!(f, "input longer than {MAX_INPUT_LEN} bytes"),
            ParseErrorKind::MissingScheme => {
                f.write_str("no scheme, expected letters, digits, '+', '-' or '.' and then ':'")
            }
            ParseErrorKind::EmptyScheme => f.write_str("empty scheme before ':'"),
            ParseErrorKind::PrefixScheme => f.write_str("'url:' is the URL prefix, not a scheme"),
            ParseErrorKind::InvalidChar { byte } => {
                write!(f, "{} {} is not allowed here", class_of(byte), Octet(byte))?;
                if byte != b'%' && !crate::ascii::rfc1738::RESERVED.contains(byte) {
                    f.write_str(", it must be %-encoded")?;
                }
                Ok(())
            }
            ParseErrorKind::BadEscape { found } => {
                f.write_str("'%' must be followed by two hex digits, found \"%")?;
                for b in found.iter().take_while(|&&b| b != 0) {
                    if b.is_ascii_graphic() {
                        write!(f, "{}", *b as char)?;
                    } else {
                        write!(f, "\\x{b:02X}")?;
                    }
                }
                f.write_str("\"")
            }
            ParseErrorKind::MissingSlashes => f.write_str("expected \"//\" and a host after the scheme"),
            ParseErrorKind::EmptyHost => f.write_str("empty host, expected a host name or four decimal numbers"),
            ParseErrorKind::EmptyLabel => f.write_str("empty label in host name"),
            ParseErrorKind::LabelHyphen => {
                f.write_str("a host name label must start and end with a letter or digit, found '-'")
            }
            ParseErrorKind::TopLabelDigit => {
                f.write_str("the last label of a host name must start with a letter, found a digit")
            }
            ParseErrorKind::HostNumberOutOfRange => f.write_str("host number group over 255"),
            ParseErrorKind::EmptyPort => f.write_str("':' without a port number after it"),
            ParseErrorKind::PortOutOfRange => f.write_str("port number over 65535"),
            ParseErrorKind::UserNotAllowed => f.write_str("this scheme allows no user name or password"),
            ParseErrorKind::PortNotAllowed => f.write_str("this scheme allows no port"),
            ParseErrorKind::MissingPart => f.write_str("a required part is missing"),
            ParseErrorKind::UnexpectedSearch => f.write_str("'?' search not allowed here"),
            ParseErrorKind::InvalidFtpType => f.write_str("ftp type code must be 'a', 'i' or 'd'"),
            ParseErrorKind::TooMany { more } => write!(f, "{more} more violations not listed"),
            ParseErrorKind::InvalidIpLiteral => {
                f.write_str("invalid IP literal, expected an IPv6 address or 'v' version '.' address")
            }
            ParseErrorKind::UnclosedBracket => f.write_str("'[' without a matching ']'"),
            ParseErrorKind::Ambiguous => {
                f.write_str("the value would not read back as this component alone, it must be %-encoded")
            }
            ParseErrorKind::IdnaUnavailable => {
                f.write_str("this host needs IDNA processing, and urikit was built without its `idna` feature")
            }
            ParseErrorKind::InvalidDomain => f.write_str("the host is not a valid domain by UTS #46 ToASCII"),
            ParseErrorKind::Ipv4NonAscii => f.write_str(
                "IPv4 address written with characters that are not ASCII, which UTS #46 maps to digits and dots",
            ),
            ParseErrorKind::Ipv4TooFewParts => f.write_str("IPv4 address with fewer than four parts"),
            ParseErrorKind::Ipv4TooManyParts => {
                f.write_str("a host that ends in a number has more than four parts, it is no IPv4 address")
            }
            ParseErrorKind::Ipv4NonDecimal => f.write_str("IPv4 address part written in hex or octal"),
            ParseErrorKind::WindowsDriveLetter => f.write_str("a Windows drive letter where a host or path starts"),
            ParseErrorKind::NotSerialized => {
                f.write_str("valid, but not in its serialized form, which a borrowed URL must be")
            }
            ParseErrorKind::SetterIgnored { why } => why.fmt(f),
        }
    }
}

impl ParseError {
    /// What was found and what was expected, in one lower-case line without
    /// the offset: in the vocabulary of [`spec`](ParseError::spec) (RFC 3986
    /// has no "national" or "unsafe" characters), suggesting `%`-encoding
    /// only where the production allows an escape, and naming the part a
    /// [`ParseErrorKind::MissingPart`] lacks. The `Display` of the kind alone
    /// speaks RFC 1738's words and knows no production.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let err = Url::parse_with("http://a/{", Spec::Rfc3986).unwrap_err();
    /// assert_eq!(err.message(), "character '{' is not allowed here, it must be %-encoded");
    /// let err = Url::parse("file://node.gypi").unwrap_err();
    /// assert_eq!(err.message(), "expected '/' after the host");
    /// let err = Url::parse("\"x:y").unwrap_err();
    /// assert_eq!(err.message(), "unsafe character '\"' is not allowed in a scheme, expected a letter, digit, '+', '-' or '.'");
    /// ```
    pub fn message(&self) -> String {
        use fmt::Write;
        // Most messages are under 128 octets: allocated once, not grown from
        // empty a piece at a time (an invalid line's record writes several).
        let mut message = String::with_capacity(128);
        let _ = write!(message, "{}", Message(self));
        message
    }
}

/// [`ParseError::message`], written straight to a formatter: the
/// `Display` of an error builds no string.
struct Message<'a>(&'a ParseError);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.0;
        match e.kind {
            ParseErrorKind::InvalidChar { byte } => {
                f.write_str(class_in(byte, e.spec))?;
                f.write_str(" ")?;
                fmt::Display::fmt(&Octet(byte), f)?;
                match expected_in(e.rule, e.spec) {
                    Some((part, expected)) => {
                        f.write_str(" is not allowed in ")?;
                        f.write_str(part)?;
                        f.write_str(", expected ")?;
                        f.write_str(expected)
                    }
                    None if byte != b'%' && !is_reserved(byte, e.spec) => {
                        f.write_str(" is not allowed here, it must be %-encoded")
                    }
                    None => f.write_str(" is not allowed here"),
                }
            }
            ParseErrorKind::MissingPart => match missing(e.rule) {
                Some(expected) => f.write_str(expected),
                None => write!(f, "expected {}, found nothing", e.rule),
            },
            kind => kind.fmt(f),
        }
    }
}

/// How an octet is classed by `spec`, for messages: RFC 1738 §2.2's words
/// for the 1994 specs and RFC 1808 (which keeps them, §2.2), RFC 3986's
/// (reserved or not; §2) for RFC 3986.
fn class_in(byte: u8, spec: Spec) -> &'static str {
    match spec {
        Spec::Rfc3986 => match byte {
            b' ' | 0..=0x1f | 0x7f..=0xff => class_of(byte),
            _ if is_reserved(byte, spec) => "reserved character",
            _ => "character",
        },
        // The URL Standard speaks of code points, and of no classes but
        // URL code points.
        Spec::Whatwg => match byte {
            b' ' | 0..=0x1f | 0x7f..=0xff => class_of(byte),
            _ => "code point",
        },
        Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 => class_of(byte),
    }
}

fn is_reserved(byte: u8, spec: Spec) -> bool {
    match spec {
        Spec::Rfc3986 => b":/?#[]@!$&'()*+,;=".contains(&byte),
        // Whatever the URL Standard does not %-encode in place is written
        // as it is: no message of it suggests encoding.
        Spec::Whatwg => true,
        Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 => crate::ascii::rfc1738::RESERVED.contains(byte),
    }
}

/// For a production that holds no escapes, the part it names and what it
/// holds: there `%`-encoding is no fix.
fn expected_in(rule: &str, spec: Spec) -> Option<(&'static str, &'static str)> {
    const LABEL: &str = "a letter, digit, '-' or '.'";
    Some(match rule {
        "scheme" | "protocol setter" => ("a scheme", "a letter, digit, '+', '-' or '.'"),
        "port" | "digits" | "port setter" => ("a number", "a digit"),
        "domainlabel" | "toplabel" | "hostname" | "hostnumber" if spec != Spec::Rfc3986 => ("a host name", LABEL),
        "group" => ("a newsgroup name", "a letter, digit, '-', '.', '+' or '_'"),
        "IPv6address" | "IPvFuture" => ("an IP literal", "hex digits, ':' and '.' between '[' and ']'"),
        "authority" if spec == Spec::Rfc3986 => ("the authority", "':' and a port or '/' after an IP literal"),
        "telneturl" => ("a telnet URL", "nothing or '/' after the host"),
        _ => return None,
    })
}

/// What a [`ParseErrorKind::MissingPart`] of `rule` lacks, as a message.
fn missing(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "encoded822addr" => "expected a mail address after 'mailto:'",
        "fileurl" => "expected '/' after the host",
        "ftptype" => "expected a type code after ';type='",
        "grouppart" => "expected a newsgroup name, a message-id or '*' after 'news:'",
        "article" => "expected the part of a message-id before '@'",
        "group" => "expected a newsgroup name",
        "nntpurl" => "expected '/' and a newsgroup name after the host",
        "digits" => "expected an article number after '/'",
        "database" => "expected '/' and a database name after the host",
        "waisdoc" => "expected '/' and a document path after the type",
        "prosperourl" => "expected '/' and a path after the host",
        "fieldspec" => "expected '=' and a value after the field name",
        "path-abempty" | "abs_path" | "url-path" => "expected '/' to start the path after the host",
        _ => return None,
    })
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Message(self), f)?;
        f.write_str(" at offset ")?;
        write!(f, "{}", self.offset)?;
        f.write_str(" (")?;
        f.write_str(self.rule)?;
        f.write_str(", ")?;
        f.write_str(self.spec.title())?;
        f.write_str(")")
    }
}

impl std::error::Error for ParseError {}

/// A repair lenient parsing made, or a violation it let pass.
///
/// `offset` is a byte offset into the input as given.
///
/// # Examples
///
/// ```
/// use urikit::{Repair, Url};
///
/// let (url, warnings) = Url::parse_lenient(" http://host/a b ").unwrap();
/// assert_eq!(url.as_str(), "http://host/a%20b");
/// assert_eq!(warnings[0].repair, Repair::Trimmed);
/// assert_eq!(warnings[1].repair, Repair::Encoded { byte: b' ' });
/// assert_eq!(warnings[1].offset, 14);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Warning {
    /// Byte offset in the input of what was repaired or tolerated.
    pub offset: usize,
    /// What was done.
    pub repair: Repair,
}

/// What lenient parsing did at a [`Warning`]'s offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Repair {
    /// Leading or trailing spaces and controls were removed; the offset is the
    /// first one removed.
    Trimmed,
    /// A tab, CR or LF inside the URL was removed; the offset is that octet.
    RemovedWhitespace,
    /// The octet at the offset was %-encoded.
    Encoded {
        /// The octet that was encoded.
        byte: u8,
    },
    /// A `\` in a hierarchical path was read as `/`, as browsers do.
    Backslash,
    /// A `/` was inserted before a search or at the end of an empty path.
    AddedSlash,
    /// A `:` with no port after it was dropped.
    DroppedEmptyPort,
    /// A strict error that lenient parsing accepts as written.
    Tolerated(ParseError),
    /// More warnings than [`MAX_REPORTED`]; the offset is the first one not
    /// listed.
    TooMany {
        /// How many were not listed.
        more: usize,
    },
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Repair::Trimmed => f.write_str("removed leading or trailing whitespace"),
            Repair::RemovedWhitespace => f.write_str("removed a tab or line break"),
            Repair::Encoded { byte } => write!(f, "encoded {} {} as %{byte:02X}", class_of(*byte), Octet(*byte)),
            Repair::Backslash => f.write_str("read '\\' as '/'"),
            Repair::AddedSlash => f.write_str("added the '/' before the path"),
            Repair::DroppedEmptyPort => f.write_str("dropped ':' with no port"),
            Repair::Tolerated(e) => write!(f, "accepted: {} ({}, {})", Message(e), e.rule, e.spec.title()),
            Repair::TooMany { more } => write!(f, "{more} more repairs not listed"),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {}", self.repair, self.offset)
    }
}

/// A `%` that is not followed by two hex digits.
///
/// # Examples
///
/// ```
/// let err = urikit::pct::decode("100%").unwrap_err();
/// assert_eq!(err.offset, 3);
/// assert_eq!(err.to_string(), "'%' must be followed by two hex digits, found \"%\" at offset 3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PctError {
    /// Byte offset of the `%`.
    pub offset: usize,
    /// What follows the `%`.
    pub kind: ParseErrorKind,
}

impl fmt::Display for PctError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {}", self.kind, self.offset)
    }
}

impl std::error::Error for PctError {}

/// Why a partial form could not be resolved.
///
/// # Examples
///
/// ```
/// use urikit::{Spec, Url};
///
/// let base = Url::parse("http://host/a/b").unwrap();
/// let err = base.resolve_with("c d", Spec::Rfc1738).unwrap_err();
/// assert_eq!(err.result(), Some("http://host/a/c d"));
/// assert_eq!(err.offset(), 15);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResolveError {
    kind: ResolveErrorKind,
}

/// What a [`ResolveError`] found.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// The reference, with the context, would be longer than
    /// [`MAX_INPUT_LEN`]; the offset is that limit.
    TooLong,
    /// The reference is not valid in the spec (RFC 3986 `URI-reference`,
    /// RFC 1808 `URL`); the offset is into the reference.
    InvalidReference(ParseError),
    /// The absolute form the algorithm produced is not valid in the spec; the
    /// offset is into that form.
    InvalidResult {
        /// The absolute form the algorithm produced.
        result: String,
        /// Why it does not parse.
        error: ParseError,
    },
}

impl ResolveError {
    pub(crate) fn new(kind: ResolveErrorKind) -> Self {
        ResolveError { kind }
    }

    /// What went wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Url};
    ///
    /// let err = Url::parse("http://host/a/b").unwrap().resolve("c d").unwrap_err();
    /// assert!(matches!(err.kind(), ResolveErrorKind::InvalidResult { .. }));
    /// ```
    pub fn kind(&self) -> &ResolveErrorKind {
        &self.kind
    }

    /// Byte offset into [`result`](Self::result) (into the reference, for
    /// [`ResolveErrorKind::InvalidReference`]; the limit, for
    /// [`ResolveErrorKind::TooLong`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Url};
    ///
    /// let err = Url::parse("http://host/a/b").unwrap().resolve("c d").unwrap_err();
    /// assert_eq!(err.offset(), 15);
    /// ```
    pub fn offset(&self) -> usize {
        match &self.kind {
            ResolveErrorKind::TooLong => MAX_INPUT_LEN,
            ResolveErrorKind::InvalidReference(error) => error.offset,
            ResolveErrorKind::InvalidResult { error, .. } => error.offset,
        }
    }

    /// The absolute form the algorithm produced, when it produced one.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{ResolveErrorKind, Url};
    ///
    /// let err = Url::parse("http://host/a/b").unwrap().resolve("c d").unwrap_err();
    /// assert_eq!(err.result(), Some("http://host/a/c d"));
    /// ```
    pub fn result(&self) -> Option<&str> {
        match &self.kind {
            ResolveErrorKind::TooLong | ResolveErrorKind::InvalidReference(_) => None,
            ResolveErrorKind::InvalidResult { result, .. } => Some(result),
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ResolveErrorKind::TooLong => write!(f, "resolved form longer than {MAX_INPUT_LEN} bytes"),
            ResolveErrorKind::InvalidReference(error) => write!(f, "invalid reference: {error}"),
            ResolveErrorKind::InvalidResult { result, error } => {
                write!(f, "resolved form {result:?} is invalid: {error}")
            }
        }
    }
}

impl std::error::Error for ResolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ResolveErrorKind::TooLong => None,
            ResolveErrorKind::InvalidReference(error) | ResolveErrorKind::InvalidResult { error, .. } => Some(error),
        }
    }
}

/// Why a scheme view or an access plan cannot be made.
///
/// `offset` is a byte offset into the URL's serialization.
///
/// # Examples
///
/// ```
/// use urikit::{SchemeErrorKind, UrlRef};
///
/// let url = UrlRef::parse("ftp://host/a%0D%0ADELE%20b")?;
/// let err = url.view().unwrap().plan().unwrap_err();
/// assert_eq!((err.offset, err.kind), (12, SchemeErrorKind::Smuggling { byte: b'\r' }));
/// assert_eq!(err.to_string(), "encoded CR decodes to a protocol delimiter in what the plan would send at offset 12");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SchemeError {
    /// Byte offset in the URL.
    pub offset: usize,
    /// What is wrong there.
    pub kind: SchemeErrorKind,
}

/// What a [`SchemeError`] found. Each variant says what the offset points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemeErrorKind {
    /// The offset is an escape whose octet the protocol reads as a
    /// delimiter (CR, LF, NUL, or TAB outside Gopher's separators): decoding
    /// it into a command would smuggle another command (RFC 1738 §6).
    Smuggling {
        /// The decoded octet.
        byte: u8,
    },
    /// The scheme's syntax needs `//` and a host; the offset is after `:`.
    MissingHost,
    /// The offset is where a part starts that the scheme does not have
    /// (a path after a telnet login).
    UnexpectedPart,
    /// A `file` URL names another machine, and the scheme says nothing of how
    /// to reach it; the offset is the host.
    RemoteFile,
    /// The port written is over 65535 (RFC 1808 and RFC 3986 allow any
    /// digits): no 16-bit port holds it, and none other is used in its
    /// place; the offset is its first digit.
    PortOutOfRange,
    /// The URL gives no port and its scheme has no default port, by its
    /// spec or by registration; the offset is after `:`.
    NoDefaultPort,
}

impl fmt::Display for SchemeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SchemeErrorKind::Smuggling { byte } => {
                let name = match byte {
                    b'\r' => "CR".to_owned(),
                    b'\n' => "LF".to_owned(),
                    0 => "NUL".to_owned(),
                    b'\t' => "TAB".to_owned(),
                    b => format!("0x{b:02X}"),
                };
                write!(
                    f,
                    "encoded {name} decodes to a protocol delimiter in what the plan would send"
                )
            }
            SchemeErrorKind::MissingHost => f.write_str("this scheme needs \"//\" and a host"),
            SchemeErrorKind::UnexpectedPart => f.write_str("this scheme has no such part"),
            SchemeErrorKind::RemoteFile => {
                f.write_str("a file URL for another machine names no protocol to reach it, refusing to guess")
            }
            SchemeErrorKind::PortOutOfRange => write!(f, "port number over 65535: {PORT_OUT_OF_RANGE}"),
            SchemeErrorKind::NoDefaultPort => f.write_str("no port is given and the scheme has no default port"),
        }
    }
}

/// Why a port over 65535 is refused, after what names it.
const PORT_OUT_OF_RANGE: &str = "no 16-bit port holds it, and no other port is used in its place";

impl SchemeError {
    /// The message with what the offset points at in `url` named, where
    /// that says more than the kind alone: the digits of a port out of
    /// range. `url` is the URL the error is about.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, UrlRef};
    ///
    /// let url = UrlRef::parse_with("http://127.0.0.1:99999/", Spec::Rfc3986)?;
    /// let err = url.view().unwrap().plan().unwrap_err();
    /// assert_eq!(
    ///     err.message_in(url.as_str()),
    ///     "port 99999 is over 65535: no 16-bit port holds it, and no other port is used in its place"
    /// );
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn message_in(&self, url: &str) -> String {
        match self.kind {
            SchemeErrorKind::PortOutOfRange => {
                let rest = url.get(self.offset..).unwrap_or_default();
                let digits = &rest[..rest.bytes().take_while(u8::is_ascii_digit).count()];
                format!("port {digits} is over 65535: {PORT_OUT_OF_RANGE}")
            }
            kind => kind.to_string(),
        }
    }
}

impl fmt::Display for SchemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {}", self.kind, self.offset)
    }
}

impl std::error::Error for SchemeError {}
