//! https against a TLS server in the test's own thread, on 127.0.0.1, with
//! an authority made for the test: the certificate checks, the TLS trace,
//! HTTP/1.1's bodies, and redirects between http and https.

mod servers;
mod tls_server;

use servers::{fetch_with, opts, Scratch};
use tls_server::{chunked, ok, redirect, to_the_end, Answer, Authority, Server};
use urikit::Spec;

/// The authority and the options that trust it alone.
struct Trusted {
    authority: Authority,
    opts: urikit_fetch::Options,
    _dir: Scratch,
}

fn trusted() -> Trusted {
    let authority = Authority::new("urikit test authority");
    let dir = Scratch::new("https");
    let mut o = opts();
    o.cacert = Some(authority.write_pem(dir.path()));
    Trusted {
        authority,
        opts: o,
        _dir: dir,
    }
}

/// `/a.txt` is a file, `/chunked` comes in chunks, `/end` runs to a TLS
/// close, `/cut` to a TCP close without one; the rest is 404.
fn site() -> Answer {
    Box::new(|target| match target {
        "/a.txt" => (ok(b"hello over TLS\n"), true),
        "/chunked" => (chunked(&[b"first ", b"second ", &[b'x'; 5000], b"\n"]), true),
        "/interim" => {
            let mut r = b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n".to_vec();
            r.extend_from_slice(&ok(b"after two interim responses\n"));
            (r, true)
        }
        "/end" => (to_the_end(b"until the close\n"), true),
        "/cut" => (to_the_end(b"until the close\n"), false),
        _ => (b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".to_vec(), true),
    })
}

/// A server of [`site`] with a certificate for localhost and 127.0.0.1.
fn good(t: &Trusted) -> Server {
    tls_server::https(t.authority.issue(&["localhost", "127.0.0.1"]), site())
}

/// `o` connecting to `server` whatever the URL's host.
fn to(server: &Server, o: &urikit_fetch::Options) -> urikit_fetch::Options {
    let mut o = o.clone();
    o.connect_to = Some(server.addr);
    o
}

#[test]
fn a_good_certificate_is_fetched_with_http_1_1() {
    let t = trusted();
    let server = good(&t);
    let url = format!("https://localhost:{}/a.txt", server.port());
    let f = fetch_with(&url, &to(&server, &t.opts));
    assert_eq!(f.ok(), b"hello over TLS\n");
    let request = format!(
        "GET /a.txt HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n\r\n",
        server.port()
    );
    assert_eq!(server.requests.lock().unwrap()[..], [request]);
    assert_eq!(
        f.sent(),
        [
            "> GET /a.txt HTTP/1.1<CR><LF>",
            &format!("> Host: localhost:{}<CR><LF>", server.port())[..],
            "> Connection: close<CR><LF>",
            "> <CR><LF>"
        ]
    );
    // By IP address: the certificate names 127.0.0.1 too.
    let f = fetch_with(&format!("https://{}/a.txt", server.addr), &t.opts);
    assert_eq!(f.ok(), b"hello over TLS\n");
}

#[test]
fn https_is_fetched_under_every_spec() {
    let t = trusted();
    let server = good(&t);
    for spec in Spec::ALL {
        let mut o = t.opts.clone();
        o.spec = spec;
        let f = fetch_with(&format!("https://{}/a.txt", server.addr), &o);
        assert_eq!(f.ok(), b"hello over TLS\n", "{spec:?}");
    }
}

#[test]
fn the_trace_shows_the_tls_version_suite_and_certificate() {
    let t = trusted();
    let server = good(&t);
    let f = fetch_with(
        &format!("https://localhost:{}/a.txt", server.port()),
        &to(&server, &t.opts),
    );
    f.ok();
    let lines: Vec<&str> = f.trace.lines().collect();
    let at = |prefix: &str| {
        lines
            .iter()
            .position(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix:?} in\n{}", f.trace))
    };
    assert_eq!(
        lines[at("# start TLS")],
        "# start TLS; the certificate must be valid for localhost (RFC 9110 §4.3.4)"
    );
    assert!(lines[at("# TLS 1.3, cipher suite TLS13_")].len() > 30, "{}", f.trace);
    assert_eq!(
        lines[at("# certificate subject: ")],
        "# certificate subject: O=urikit tests,CN=localhost"
    );
    assert_eq!(
        lines[at("# certificate issuer: ")],
        "# certificate issuer: CN=urikit test authority"
    );
    assert_eq!(
        lines[at("# certificate valid ")],
        "# certificate valid from 2020-01-01T00:00:00Z to 2100-01-01T00:00:00Z"
    );
    // In the order of the exchange: connect, TLS, then the request.
    assert!(at("# connect to") < at("# start TLS") && at("# certificate valid") < at("> GET"));
    // A server of TLS 1.2 only.
    let old = tls_server::https_versions(t.authority.issue(&["127.0.0.1"]), &[&rustls::version::TLS12], site());
    let f = fetch_with(&format!("https://{}/a.txt", old.addr), &t.opts);
    assert_eq!(f.ok(), b"hello over TLS\n");
    assert!(
        f.trace.contains("\n# TLS 1.2, cipher suite TLS_ECDHE_ECDSA_WITH_"),
        "{}",
        f.trace
    );
}

#[test]
fn an_unknown_authority_is_refused() {
    let t = trusted();
    let stranger = Authority::new("another authority");
    let server = tls_server::https(stranger.issue(&["localhost", "127.0.0.1"]), site());
    let f = fetch_with(&format!("https://{}/a.txt", server.addr), &t.opts);
    assert_eq!(
        f.err(),
        "TLS: the certificate of 127.0.0.1 is refused: it is issued by an unknown authority, not one of the \
         trusted roots (--cacert FILE names a private authority)"
    );
    assert!(f.out.is_empty() && f.sent().is_empty(), "nothing sent: {}", f.trace);
    assert!(server.requests.lock().unwrap().is_empty());
    // The platform's roots know no authority made by this test either (or
    // the machine has none, which is said).
    let f = fetch_with(&format!("https://{}/a.txt", server.addr), &opts());
    let e = f.err();
    assert!(
        e.contains("unknown authority") || e.contains("no trusted authorities"),
        "{e}"
    );
}

#[test]
fn a_certificate_for_another_name_is_refused() {
    let t = trusted();
    let server = tls_server::https(t.authority.issue(&["other.test", "127.0.0.2"]), site());
    let f = fetch_with(
        &format!("https://localhost:{}/a.txt", server.port()),
        &to(&server, &t.opts),
    );
    assert_eq!(
        f.err(),
        "TLS: the certificate of localhost is refused: it is not valid for the name localhost, but for \
         other.test, 127.0.0.2"
    );
    let f = fetch_with(&format!("https://{}/a.txt", server.addr), &t.opts);
    assert!(
        f.err()
            .contains("it is not valid for the name 127.0.0.1, but for other.test"),
        "{}",
        f.err()
    );
    assert!(server.requests.lock().unwrap().is_empty());
}

#[test]
fn an_expired_certificate_is_refused() {
    let t = trusted();
    let server = tls_server::https(
        t.authority
            .issue_valid(&["localhost", "127.0.0.1"], (2001, 1, 1), (2002, 1, 1)),
        site(),
    );
    let e = fetch_with(&format!("https://{}/a.txt", server.addr), &t.opts).err();
    assert!(
        e.starts_with("TLS: the certificate of 127.0.0.1 is refused: it expired at 2002-01-01T00:00:00Z, before now ("),
        "{e}"
    );
    let future = tls_server::https(
        t.authority.issue_valid(&["127.0.0.1"], (2099, 1, 1), (2100, 1, 1)),
        site(),
    );
    let e = fetch_with(&format!("https://{}/a.txt", future.addr), &t.opts).err();
    assert!(e.contains("it is not valid before 2099-01-01T00:00:00Z"), "{e}");
    assert!(server.requests.lock().unwrap().is_empty() && future.requests.lock().unwrap().is_empty());
}

#[test]
fn bodies_in_chunks_after_interim_responses_and_to_the_close() {
    let t = trusted();
    let server = good(&t);
    let url = |p: &str| format!("https://{}{p}", server.addr);
    let mut want = b"first second ".to_vec();
    want.extend_from_slice(&[b'x'; 5000]);
    want.push(b'\n');
    let f = fetch_with(&url("/chunked"), &t.opts);
    assert_eq!(f.ok(), &want[..]);
    assert!(
        !f.trace.contains("ext=1"),
        "chunk sizes are not the dialogue: {}",
        f.trace
    );
    assert_eq!(
        fetch_with(&url("/interim"), &t.opts).ok(),
        b"after two interim responses\n"
    );
    assert_eq!(fetch_with(&url("/end"), &t.opts).ok(), b"until the close\n");
    // A TCP close without TLS's close_notify may be a truncation.
    let f = fetch_with(&url("/cut"), &t.opts);
    assert!(f.err().contains("without ending TLS (no close_notify)"), "{}", f.err());
    // The size cap holds inside chunks.
    let mut o = t.opts.clone();
    o.max_size = 100;
    assert!(fetch_with(&url("/chunked"), &o).err().contains("size cap of 100"));
    let e = fetch_with(&url("/missing"), &t.opts).err();
    assert_eq!(e, "the server refused GET /missing: \"HTTP/1.1 404 Not Found\"");
}

#[test]
fn a_redirect_from_https_to_http_is_refused_unless_asked_for() {
    let t = trusted();
    let plain = tls_server::http(Box::new(|target| match target {
        "/a.txt" => (ok(b"in the clear\n"), false),
        _ => (redirect("/a.txt"), false),
    }));
    let down = format!("http://{}/a.txt", plain.addr);
    let secure = tls_server::https(
        t.authority.issue(&["127.0.0.1"]),
        Box::new(move |target| match target {
            "/down" => (redirect(&down), true),
            "/again" => (redirect("/a.txt"), true),
            _ => (ok(b"hello over TLS\n"), true),
        }),
    );
    let url = format!("https://{}/down", secure.addr);
    let f = fetch_with(&url, &t.opts);
    assert_eq!(
        f.err(),
        format!(
            "refused before sending anything: \"HTTP/1.1 302 Found\" redirects from https to http://{}/a.txt, which \
             would send the request unencrypted: not followed (--allow-downgrade to follow it)",
            plain.addr
        )
    );
    assert!(
        plain.requests.lock().unwrap().is_empty(),
        "nothing reached the http server"
    );
    let mut o = t.opts.clone();
    o.allow_downgrade = true;
    let f = fetch_with(&url, &o);
    assert_eq!(f.ok(), b"in the clear\n");
    assert!(
        f.trace.contains("302 Found: follow the redirect to http://"),
        "{}",
        f.trace
    );
    assert_eq!(plain.requests.lock().unwrap().len(), 1);
    // https to https, and http to https, are followed.
    assert_eq!(
        fetch_with(&format!("https://{}/again", secure.addr), &t.opts).ok(),
        b"hello over TLS\n"
    );
    let up = tls_server::http(Box::new({
        let to = format!("https://{}/a.txt", secure.addr);
        move |_| (redirect(&to), false)
    }));
    let f = fetch_with(&format!("http://{}/up", up.addr), &t.opts);
    assert_eq!(f.ok(), b"hello over TLS\n");
    assert!(f.trace.contains("> GET /up HTTP/1.0<CR><LF>") && f.trace.contains("> GET /a.txt HTTP/1.1<CR><LF>"));
}

#[test]
fn the_authorities_file_is_checked() {
    let dir = Scratch::new("cacert");
    let mut o = opts();
    o.cacert = Some(dir.path().join("missing.pem"));
    let e = fetch_with("https://127.0.0.1:4443/", &o).err();
    assert!(
        e.starts_with("reading the authorities of ") && e.contains("missing.pem"),
        "{e}"
    );
    o.cacert = Some(dir.put("empty.pem", b"no certificate here\n"));
    let e = fetch_with("https://127.0.0.1:4443/", &o).err();
    assert!(e.contains("empty.pem holds no certificate"), "{e}");
    // Two authorities in one file: each is trusted.
    let (a, b) = (Authority::new("first"), Authority::new("second"));
    o.cacert = Some(dir.put("both.pem", format!("{}{}", a.pem(), b.pem()).as_bytes()));
    for authority in [&a, &b] {
        let server = tls_server::https(authority.issue(&["127.0.0.1"]), site());
        assert_eq!(
            fetch_with(&format!("https://{}/a.txt", server.addr), &o).ok(),
            b"hello over TLS\n"
        );
    }
}
