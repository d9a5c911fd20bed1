//! What can go wrong while fetching.

use std::fmt;
use std::io;

/// Why a fetch failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The input is not a URL by the chosen spec, or its scheme's view
    /// cannot be formed.
    Invalid(String),
    /// A guard refused the URL before anything was sent (RFC 1738 §6); the
    /// text is the lint findings that decided it.
    Refused(String),
    /// The scheme names nothing urikit can retrieve (wais, prospero, ...);
    /// the text says why and shows the plan.
    Unsupported(String),
    /// TLS failed: the server's certificate was refused (the text says
    /// which check failed: an unknown authority, another name, an expired
    /// certificate, ...), the handshake broke, or the trusted authorities
    /// could not be read.
    Tls(String),
    /// The server answered a command with a refusal.
    Reply {
        /// The command, as sent (a password shown as `<password>`).
        command: String,
        /// The server's reply, as received.
        reply: String,
    },
    /// The server broke the protocol, or said something the plan cannot go on from.
    Protocol(String),
    /// The resource is larger than the size cap.
    TooLarge(u64),
    /// A network or file error, with what was being done.
    Io {
        /// What was being done.
        context: String,
        /// The error.
        source: io::Error,
    },
    /// Writing the result failed (a closed pipe, a full disk).
    Output(io::Error),
}

impl Error {
    pub(crate) fn io(context: impl Into<String>, source: io::Error) -> Error {
        Error::Io {
            context: context.into(),
            source,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Invalid(m) => write!(f, "not fetchable: {m}"),
            Error::Refused(m) => write!(f, "refused before sending anything: {m}"),
            Error::Unsupported(m) => f.write_str(m),
            Error::Tls(m) => write!(f, "TLS: {m}"),
            Error::Reply { command, reply } => write!(f, "the server refused {command}: {reply:?}"),
            Error::Protocol(m) => write!(f, "protocol error: {m}"),
            Error::TooLarge(cap) => write!(f, "the resource is larger than the size cap of {cap} bytes"),
            Error::Io { context, source } => {
                if source.kind() == io::ErrorKind::WouldBlock || source.kind() == io::ErrorKind::TimedOut {
                    write!(f, "{context}: timed out")
                } else {
                    write!(f, "{context}: {source}")
                }
            }
            Error::Output(e) => write!(f, "writing the result: {e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            Error::Output(e) => Some(e),
            _ => None,
        }
    }
}
