//! Why a setter of the WHATWG URL API left a URL as it was.

use std::fmt;

/// Why a setter of the WHATWG URL API (URL Standard §6.1) left the URL as
/// it was: the step of the standard that returns, in its words.
///
/// # Examples
///
/// ```
/// use urikit::whatwg::api::Setter;
/// use urikit::{ParseErrorKind, SetterIgnored, Spec, Url};
///
/// let mut url = Url::parse_with("https://example.com/", Spec::Whatwg)?;
/// let err = url.set_api(Setter::Protocol, "web+demo").unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::SetterIgnored { why: SetterIgnored::SpecialToNotSpecial });
/// assert_eq!(url.as_str(), "https://example.com/");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetterIgnored {
    /// The scheme state: "url's scheme is a special scheme and buffer is
    /// not a special scheme".
    SpecialToNotSpecial,
    /// The scheme state: "url's scheme is not a special scheme and buffer
    /// is a special scheme".
    NotSpecialToSpecial,
    /// The scheme state: "url includes credentials or has a non-null port,
    /// and buffer is `file`".
    FileWithCredentialsOrPort,
    /// The scheme state: "url's scheme is `file` and its host is an empty
    /// host".
    FileWithEmptyHost,
    /// The `username`, `password` and `port` setters: the URL "cannot have
    /// a username/password/port" (its host is null or empty, or its scheme
    /// is `file`).
    CannotHaveCredentialsOrPort,
    /// The `host`, `hostname` and `pathname` setters: the URL "has an
    /// opaque path".
    OpaquePath,
    /// The host state: "buffer is the empty string, and either url includes
    /// credentials or url's port is non-null".
    EmptyHostWithCredentialsOrPort,
    /// The hostname state: a `:` (a port follows) where "state override is
    /// hostname state".
    PortInHostname,
    /// The URL is not of [`Spec::Whatwg`](crate::Spec::Whatwg): the URL API's setters run the
    /// WHATWG URL Standard's parser over a URL it made.
    NotWhatwg,
}

impl fmt::Display for SetterIgnored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetterIgnored::SpecialToNotSpecial => "the URL's scheme is special and the new scheme is not",
            SetterIgnored::NotSpecialToSpecial => "the URL's scheme is not special and the new scheme is",
            SetterIgnored::FileWithCredentialsOrPort => {
                "the URL includes credentials or has a port, and the new scheme is file"
            }
            SetterIgnored::FileWithEmptyHost => "the URL's scheme is file and its host is empty",
            SetterIgnored::CannotHaveCredentialsOrPort => {
                "the URL cannot have a username, password or port (its host is null or empty, or its scheme is file)"
            }
            SetterIgnored::OpaquePath => "the URL has an opaque path",
            SetterIgnored::EmptyHostWithCredentialsOrPort => {
                "the host is empty and the URL includes credentials or has a port"
            }
            SetterIgnored::PortInHostname => "':' starts a port, which the hostname setter does not take",
            SetterIgnored::NotWhatwg => "the URL is not a WHATWG URL, which the URL API's setters change",
        })
    }
}

/// Why a setter of the WHATWG URL API took only a part of its value, the
/// rest ignored, as the standard's state override makes it (a change all
/// the same: [`Url::set_api_taken`](crate::Url::set_api_taken) says what
/// was taken).
///
/// # Examples
///
/// ```
/// use urikit::whatwg::api::{PartIgnored, Setter, Taken};
/// use urikit::{Spec, Url};
///
/// let mut url = Url::parse_with("https://example.com/", Spec::Whatwg)?;
/// let taken = url.set_api_taken(Setter::Port, "8080abc")?;
/// assert_eq!(taken, Taken::Part { end: 4, why: PartIgnored::AfterPort });
/// assert_eq!(taken.why().unwrap().to_string(), "a port ends at its last digit");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PartIgnored {
    /// The `protocol` setter: the scheme state returns at the first `:`.
    AfterScheme,
    /// The `host` and `hostname` setters: the host state (the file host
    /// state for a `file` URL) returns at `/`, `?`, `#`, and `\` in a
    /// special URL.
    AfterHost,
    /// The `port` and `host` setters: the port state returns at the first
    /// code point that is not an ASCII digit.
    AfterPort,
    /// The `host` setter: the host is set, then the port state fails on a
    /// port over 65535 (`port-out-of-range`), which leaves the port as it
    /// was.
    PortOutOfRange,
    /// The `host` setter: the host is set, then the port state finds no
    /// digit after the `:`, which leaves the port as it was.
    NoPortDigits,
}

impl fmt::Display for PartIgnored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PartIgnored::AfterScheme => "a scheme ends at its ':'",
            PartIgnored::AfterHost => "a host ends at '/', '?' or '#' ('\\' too in a special URL)",
            PartIgnored::AfterPort => "a port ends at its last digit",
            PartIgnored::PortOutOfRange => "the port is over 65535, so the port is left as it was",
            PartIgnored::NoPortDigits => "no digit follows ':', so the port is left as it was",
        })
    }
}
