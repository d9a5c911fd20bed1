//! An HTTP server over TLS (or plain TCP) in a thread of the test, on
//! 127.0.0.1 and a free port, with certificates made at test time by rcgen:
//! an authority, and the certificates it issues (for any names, with any
//! validity). It answers one connection at a time, by a function of the
//! request's target, records every request, and stops when dropped.

#![allow(dead_code)] // Each test file uses its own parts.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use rcgen::{
    date_time_ymd, BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair, KeyUsagePurpose,
};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::{ServerConfig, ServerConnection, StreamOwned, SupportedProtocolVersion};

/// A certificate authority made for the test.
pub struct Authority {
    issuer: CertifiedIssuer<'static, KeyPair>,
}

/// A certificate and its key, as a server presents them.
pub struct Identity {
    pub chain: Vec<CertificateDer<'static>>,
    key: Vec<u8>,
}

impl Authority {
    /// A self-signed authority whose name is `CN=<name>`.
    pub fn new(name: &str) -> Authority {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.distinguished_name.push(DnType::CommonName, name);
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        params.not_before = date_time_ymd(2020, 1, 1);
        params.not_after = date_time_ymd(2100, 1, 1);
        let issuer = CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap();
        Authority { issuer }
    }

    /// The authority's certificate, PEM.
    pub fn pem(&self) -> String {
        self.issuer.pem()
    }

    /// Writes the authority's certificate as a PEM file into `dir`.
    pub fn write_pem(&self, dir: &Path) -> PathBuf {
        let path = dir.join("authority.pem");
        std::fs::write(&path, self.pem()).unwrap();
        path
    }

    /// A certificate for `names` (DNS names or IP addresses), subject
    /// `CN=<first name>,O=urikit tests`, valid from 2020 to 2100.
    pub fn issue(&self, names: &[&str]) -> Identity {
        self.issue_valid(names, (2020, 1, 1), (2100, 1, 1))
    }

    /// [`Authority::issue`], valid from `from` to `to` (year, month, day).
    pub fn issue_valid(&self, names: &[&str], from: (i32, u8, u8), to: (i32, u8, u8)) -> Identity {
        let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        let mut params = CertificateParams::new(names.clone()).unwrap();
        params.distinguished_name.push(DnType::CommonName, names[0].as_str());
        params.distinguished_name.push(DnType::OrganizationName, "urikit tests");
        params.not_before = date_time_ymd(from.0, from.1, from.2);
        params.not_after = date_time_ymd(to.0, to.1, to.2);
        let key = KeyPair::generate().unwrap();
        let cert = params.signed_by(&key, &self.issuer).unwrap();
        Identity {
            chain: vec![cert.der().clone()],
            key: key.serialize_der(),
        }
    }
}

/// What the server answers for a request target: the whole response, as
/// octets, and whether to end TLS properly (close_notify) after it.
pub type Answer = Box<dyn Fn(&str) -> (Vec<u8>, bool) + Send + Sync>;

/// A running server; stopped when dropped.
pub struct Server {
    pub addr: SocketAddr,
    /// The head of every request received, in order.
    pub requests: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    pub fn port(&self) -> u16 {
        self.addr.port()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// An https server presenting `identity`, TLS 1.3 and 1.2.
pub fn https(identity: Identity, answer: Answer) -> Server {
    https_versions(identity, rustls::DEFAULT_VERSIONS, answer)
}

/// An https server speaking only `versions`.
pub fn https_versions(identity: Identity, versions: &[&'static SupportedProtocolVersion], answer: Answer) -> Server {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(identity.key));
    let config = ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(versions)
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(identity.chain, key)
        .unwrap();
    serve(Some(Arc::new(config)), answer)
}

/// A plain http server.
pub fn http(answer: Answer) -> Server {
    serve(None, answer)
}

fn serve(tls: Option<Arc<ServerConfig>>, answer: Answer) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let requests = Arc::new(Mutex::new(Vec::new()));
    let thread = {
        let (stop, requests) = (stop.clone(), requests.clone());
        std::thread::spawn(move || {
            for tcp in listener.incoming() {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(tcp) = tcp else { continue };
                tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
                tcp.set_write_timeout(Some(Duration::from_secs(10))).unwrap();
                // A client that refuses the certificate ends the handshake:
                // the next connection is served all the same.
                let _ = match &tls {
                    Some(config) => {
                        let conn = ServerConnection::new(config.clone()).unwrap();
                        let mut stream = StreamOwned::new(conn, tcp);
                        exchange(&mut stream, &answer, &requests).map(|close_notify| {
                            if close_notify {
                                stream.conn.send_close_notify();
                                let _ = stream.flush();
                            }
                        })
                    }
                    None => {
                        let mut stream = tcp;
                        exchange(&mut stream, &answer, &requests).map(drop)
                    }
                };
            }
        })
    };
    Server {
        addr,
        requests,
        stop,
        thread: Some(thread),
    }
}

/// Reads one request's head, records it, writes the answer.
fn exchange(stream: &mut (impl Read + Write), answer: &Answer, requests: &Mutex<Vec<String>>) -> std::io::Result<bool> {
    let mut reader = BufReader::new(&mut *stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            head.push_str(&line);
            break;
        }
        head.push_str(&line);
    }
    drop(reader);
    let target = head.split(' ').nth(1).unwrap_or("").to_owned();
    requests.lock().unwrap().push(head);
    let (response, close_notify) = answer(&target);
    stream.write_all(&response)?;
    stream.flush()?;
    Ok(close_notify)
}

/// `200 OK` with a Content-Length.
pub fn ok(body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

/// `302 Found` to `location`.
pub fn redirect(location: &str) -> Vec<u8> {
    format!("HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").into_bytes()
}

/// `200 OK`, the body in `chunks` (RFC 9112 §7.1), with a trailer.
pub fn chunked(chunks: &[&[u8]]) -> Vec<u8> {
    let mut r = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".to_vec();
    for chunk in chunks {
        r.extend_from_slice(format!("{:x};ext=1\r\n", chunk.len()).as_bytes());
        r.extend_from_slice(chunk);
        r.extend_from_slice(b"\r\n");
    }
    r.extend_from_slice(b"0\r\nX-Trailer: yes\r\n\r\n");
    r
}

/// `200 OK` with neither length nor chunks: the body ends with the
/// connection.
pub fn to_the_end(body: &[u8]) -> Vec<u8> {
    let mut r = b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".to_vec();
    r.extend_from_slice(body);
    r
}
