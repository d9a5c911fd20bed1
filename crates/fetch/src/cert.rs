//! The peer certificate as the trace shows it: subject, issuer, validity.
//!
//! Read by `x509-cert` (RustCrypto, no unsafe code): a certificate is
//! hostile input, and a DER reader written here would be one more parser
//! of it to get right; x509-parser would bring nom, asn1-rs, der-parser,
//! an OID registry and `time` along for the same three fields. Names are
//! written as RFC 4514 strings (`CN=localhost,O=Example`), most specific
//! part first.

use x509_cert::der::Decode;
use x509_cert::Certificate;

/// The trace's lines for the certificate `der`: its subject, its issuer
/// and its validity, or why it cannot be read (rustls has accepted it: a
/// certificate that this reader refuses is still the one verified).
pub(crate) fn describe(der: &[u8]) -> Vec<String> {
    match Certificate::from_der(der) {
        Ok(cert) => {
            let tbs = &cert.tbs_certificate;
            vec![
                format!("certificate subject: {}", visible(&tbs.subject.to_string())),
                format!("certificate issuer: {}", visible(&tbs.issuer.to_string())),
                format!(
                    "certificate valid from {} to {}",
                    tbs.validity.not_before, tbs.validity.not_after
                ),
            ]
        }
        Err(e) => vec![format!("the certificate cannot be read for the trace: {e}")],
    }
}

/// `text` with every control character escaped: RFC 4514 escapes those of
/// ASCII, not the C1 controls a terminal may act on.
fn visible(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped() {
        assert_eq!(visible("CN=a\u{9b}b\u{7}"), "CN=a\\u{9b}b\\u{7}");
        assert_eq!(visible("CN=héllo"), "CN=héllo");
    }

    #[test]
    fn what_is_not_a_certificate_is_said() {
        let lines = describe(b"\x30\x03\x02\x01\x01");
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("the certificate cannot be read"), "{lines:?}");
    }
}
