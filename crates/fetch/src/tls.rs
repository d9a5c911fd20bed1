//! TLS for https (RFC 9110 §4.2.2, §4.3.4): rustls with the ring crypto
//! provider, the platform's trusted authorities or the `--cacert` file in
//! their place, and the certificate checks always made.
//!
//! There is no option that turns a check off: a certificate that does not
//! chain to a trusted authority, is not valid for the URL's host, or is
//! outside its validity is refused, and the message says which of these it
//! is. Revocation is not checked (no CRL or OCSP is fetched).
//!
//! # Why the platform's roots
//!
//! Without `--cacert`, the authorities are those of the platform's store
//! (`rustls-native-certs`: the CA bundle on Linux and the BSDs, the
//! keychain on macOS, the system store on Windows), as curl and wget use
//! them: the administrator's choices hold (a company's authority added, a
//! distrusted one removed) and the list is updated with the system, not
//! with urikit. A system without a store is told so, naming `--cacert`.

use std::fs;
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, ClientConnection, RootCertStore};

use crate::cert;
use crate::conn::{Stream, Trace};
use crate::{Error, Options};

/// Secures `tcp` with TLS for `server_name` (the URL's host), the handshake
/// done and the certificate checked, and shows in `trace` what was agreed
/// and whose certificate it is.
pub(crate) fn secure(
    mut tcp: TcpStream,
    server_name: &str,
    config: Arc<ClientConfig>,
    trace: &mut Trace<'_>,
) -> Result<Stream, Error> {
    let name = ServerName::try_from(server_name.to_owned()).map_err(|_| {
        Error::Tls(format!(
            "{server_name:?} is neither a DNS name nor an IP address: no certificate can be checked against it"
        ))
    })?;
    let mut conn = ClientConnection::new(config, name).map_err(|e| Error::Tls(format!("starting TLS: {e}")))?;
    while conn.is_handshaking() {
        if let Err(e) = conn.complete_io(&mut tcp) {
            return Err(handshake_error(e, server_name));
        }
    }
    let version = match conn.protocol_version() {
        Some(rustls::ProtocolVersion::TLSv1_3) => "TLS 1.3".to_owned(),
        Some(rustls::ProtocolVersion::TLSv1_2) => "TLS 1.2".to_owned(),
        other => format!("{other:?}"),
    };
    let suite = conn
        .negotiated_cipher_suite()
        .map_or_else(|| "no cipher suite".to_owned(), |s| format!("{:?}", s.suite()));
    trace.comment(&format!("{version}, cipher suite {suite}"));
    if let Some(leaf) = conn.peer_certificates().and_then(<[_]>::first) {
        for line in cert::describe(leaf) {
            trace.comment(&line);
        }
    }
    Ok(Stream::Tls(Box::new(rustls::StreamOwned::new(conn, tcp))))
}

/// The client's configuration: the roots, TLS 1.3 and 1.2 with rustls's
/// safe defaults, no client certificate. Made before connecting, so that
/// unreadable roots are said without a connection made.
pub(crate) fn client_config(opts: &Options) -> Result<Arc<ClientConfig>, Error> {
    let roots = match &opts.cacert {
        Some(path) => roots_from_file(path)?,
        None => platform_roots()?,
    };
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::Tls(format!("setting TLS up: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// Every certificate of a PEM file, each a trusted authority.
fn roots_from_file(path: &std::path::Path) -> Result<RootCertStore, Error> {
    let shown = path.display();
    let pem = fs::read(path).map_err(|e| Error::io(format!("reading the authorities of {shown}"), e))?;
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(&pem) {
        let cert = cert.map_err(|e| Error::Tls(format!("{shown}: not a PEM certificate file: {e}")))?;
        roots
            .add(cert)
            .map_err(|e| Error::Tls(format!("{shown}: a certificate that cannot be an authority: {e}")))?;
    }
    if roots.is_empty() {
        return Err(Error::Tls(format!(
            "{shown} holds no certificate (a PEM file of one or more \"BEGIN CERTIFICATE\" blocks)"
        )));
    }
    Ok(roots)
}

/// The platform's trusted authorities; an error when it has none.
fn platform_roots() -> Result<RootCertStore, Error> {
    let found = rustls_native_certs::load_native_certs();
    let mut roots = RootCertStore::empty();
    roots.add_parsable_certificates(found.certs);
    if roots.is_empty() {
        let why: Vec<String> = found.errors.iter().map(ToString::to_string).collect();
        return Err(Error::Tls(format!(
            "this system has no trusted authorities to check certificates against{}: install its CA certificates \
             (ca-certificates) or name a PEM file with --cacert FILE",
            if why.is_empty() {
                String::new()
            } else {
                format!(" ({})", why.join("; "))
            }
        )));
    }
    Ok(roots)
}

/// A failed handshake: the certificate's refusal says which check failed.
fn handshake_error(e: std::io::Error, host: &str) -> Error {
    let Some(tls) = e.get_ref().and_then(|inner| inner.downcast_ref::<rustls::Error>()) else {
        return Error::io(format!("TLS handshake with {host}"), e);
    };
    let refused = |why: String| Error::Tls(format!("the certificate of {host} is refused: {why}"));
    match tls {
        rustls::Error::InvalidCertificate(c) => refused(match c {
            CertificateError::UnknownIssuer => {
                "it is issued by an unknown authority, not one of the trusted roots (--cacert FILE names a private \
                 authority)"
                    .to_owned()
            }
            CertificateError::NotValidForName => format!("it is not valid for the name {host}"),
            CertificateError::NotValidForNameContext { presented, .. } => format!(
                "it is not valid for the name {host}, but for {}",
                if presented.is_empty() {
                    "no name".to_owned()
                } else {
                    presented.iter().map(|n| name(n)).collect::<Vec<_>>().join(", ")
                }
            ),
            CertificateError::Expired => "it has expired".to_owned(),
            CertificateError::ExpiredContext { time, not_after } => {
                format!("it expired at {}, before now ({})", date(*not_after), date(*time))
            }
            CertificateError::NotValidYet => "it is not valid yet".to_owned(),
            CertificateError::NotValidYetContext { time, not_before } => {
                format!(
                    "it is not valid before {}, after now ({})",
                    date(*not_before),
                    date(*time)
                )
            }
            CertificateError::Revoked => "it is revoked".to_owned(),
            CertificateError::BadSignature => "its signature does not verify".to_owned(),
            other => format!("{}", rustls::Error::InvalidCertificate(other.clone())),
        }),
        other => Error::Tls(format!("TLS handshake with {host} failed: {other}")),
    }
}

/// A name the certificate presents, as webpki writes it (`DnsName("h")`,
/// `IpAddress(127.0.0.1)`, Rust's debug notation, which escapes what a
/// terminal would act on), without the notation where nothing was escaped.
fn name(presented: &str) -> &str {
    let plain = presented
        .strip_prefix("DnsName(\"")
        .and_then(|n| n.strip_suffix("\")"))
        .filter(|n| !n.contains(['"', '\\']))
        .or_else(|| presented.strip_prefix("IpAddress(")?.strip_suffix(')'));
    plain.unwrap_or(presented)
}

/// A time as RFC 3339 in UTC.
fn date(t: UnixTime) -> String {
    x509_cert::der::DateTime::from_unix_duration(Duration::from_secs(t.as_secs()))
        .map_or_else(|_| format!("{} s after 1970", t.as_secs()), |d| d.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_rfc_3339() {
        assert_eq!(date(UnixTime::since_unix_epoch(Duration::ZERO)), "1970-01-01T00:00:00Z");
        assert_eq!(
            date(UnixTime::since_unix_epoch(Duration::from_secs(1_700_000_000))),
            "2023-11-14T22:13:20Z"
        );
    }

    #[test]
    fn presented_names_lose_the_debug_notation_unless_escaped() {
        assert_eq!(name("DnsName(\"other.test\")"), "other.test");
        assert_eq!(name("IpAddress(127.0.0.2)"), "127.0.0.2");
        assert_eq!(name("DnsName(\"a\\u{7}b\")"), "DnsName(\"a\\u{7}b\")");
        assert_eq!(name("UniformResourceIdentifier(x)"), "UniformResourceIdentifier(x)");
    }

    #[test]
    fn a_file_without_certificates_is_an_error() {
        let path = std::env::temp_dir().join(format!("urikit-fetch-nocert-{}.pem", std::process::id()));
        fs::write(&path, "not a certificate\n").unwrap();
        let e = roots_from_file(&path).unwrap_err().to_string();
        let _ = fs::remove_file(&path);
        assert!(e.contains("holds no certificate"), "{e}");
    }
}
