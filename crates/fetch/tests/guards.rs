//! The RFC 1738 §6 guards: hazards refused before the first byte, proven by
//! a listening socket that nothing reached.

mod servers;

use std::io::{ErrorKind, Read};
use std::net::TcpListener;
use std::time::Duration;

use servers::{fetch_with, opts};

/// A listener all connections are sent to; `arrived` tells whether any came.
struct Trap(TcpListener);

impl Trap {
    fn new() -> Trap {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.set_nonblocking(true).unwrap();
        Trap(l)
    }

    fn opts(&self) -> urikit_fetch::Options {
        let mut o = opts();
        o.connect_to = Some(self.0.local_addr().unwrap());
        o.nntp_server = Some("127.0.0.1:119".into());
        o.smtp_server = Some(self.0.local_addr().unwrap().to_string());
        o
    }

    /// What the first connection sent, if one came.
    fn arrived(&self) -> Option<Vec<u8>> {
        match self.0.accept() {
            Ok((mut s, _)) => {
                s.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
                let mut got = Vec::new();
                let _ = s.read_to_end(&mut got);
                Some(got)
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => None,
            Err(e) => panic!("accept: {e}"),
        }
    }
}

#[test]
fn every_rfc1738_hazard_input_is_refused_with_nothing_sent() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/adversarial/inputs.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let inputs: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut refused = 0;
    for case in inputs.as_array().unwrap() {
        if case["category"] != "rfc1738-hazard" {
            continue;
        }
        let input = case["input"].as_str().unwrap();
        let trap = Trap::new();
        let f = fetch_with(input, &trap.opts());
        let e = f.err();
        assert!(trap.arrived().is_none(), "{input:?}: a connection arrived");
        // The reason is the lint's finding, the strict grammar (the lint
        // reads leniently: browsers accept a user in an http URL), or a
        // scheme with no protocol.
        assert!(
            e.starts_with("refused before sending anything: error[")
                || e.starts_with("not fetchable: ")
                || e.contains("no retrieval protocol"),
            "{input:?}: {e}"
        );
        println!("refused {input:?}: {e}");
        refused += 1;
    }
    println!("{refused} rfc1738-hazard inputs refused, nothing sent");
    assert_eq!(refused, 10);
}

#[test]
fn gopher_to_smtp_is_refused_with_the_lint_finding() {
    let trap = Trap::new();
    let url = "gopher://127.0.0.1:25/_HELO%20x%0D%0AMAIL%20FROM%3A%3Ca%40b%3E%0D%0A";
    let e = fetch_with(url, &trap.opts()).err();
    assert!(e.contains("refused before sending anything"), "{e}");
    assert!(e.contains("port-not-default") && e.contains("reserved range"), "{e}");
    assert!(e.contains("encoded-delimiter"), "{e}");
    assert!(trap.arrived().is_none());
    // Even with the override an encoded CR LF is not sent.
    let mut o = trap.opts();
    o.allow_hazards = true;
    let e = fetch_with(url, &o).err();
    assert!(e.contains("encoded CR"), "{e}");
    assert!(trap.arrived().is_none());
}

#[test]
fn a_reserved_port_of_another_protocol_needs_the_override() {
    for url in [
        "gopher://127.0.0.1:25/0hello",
        "http://127.0.0.1:25/",
        "ftp://127.0.0.1:110/a",
    ] {
        let trap = Trap::new();
        let e = fetch_with(url, &trap.opts()).err();
        assert!(
            e.contains("port-not-default") && e.contains("--allow-hazards"),
            "{url}: {e}"
        );
        assert!(trap.arrived().is_none(), "{url}");
    }
    // With it, the selector goes out.
    let trap = Trap::new();
    let mut o = trap.opts();
    o.allow_hazards = true;
    o.idle_timeout = Duration::from_millis(300);
    let handle = std::thread::spawn(move || {
        let f = fetch_with("gopher://127.0.0.1:25/0hello", &o);
        f.trace
    });
    let mut got = None;
    for _ in 0..50 {
        got = trap.arrived();
        if got.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(got.as_deref(), Some(&b"hello\r\n"[..]));
    handle.join().unwrap();
    // The scheme's own port needs none: it is only a warning.
    let trap = Trap::new();
    let mut o = trap.opts();
    o.idle_timeout = Duration::from_millis(300);
    let handle = std::thread::spawn(move || fetch_with("gopher://127.0.0.1:70/0x", &o).trace);
    let mut got = None;
    for _ in 0..50 {
        got = trap.arrived();
        if got.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(got.as_deref(), Some(&b"x\r\n"[..]));
    handle.join().unwrap();
}

#[test]
fn encoded_line_breaks_are_refused_in_every_line_protocol() {
    for url in [
        "ftp://127.0.0.1/a%0D%0ADELE%20x",
        "ftp://127.0.0.1/dir%00/file",
        "ftp://u%0Ax@127.0.0.1/a",
        "gopher://127.0.0.1/0a%0D%0Ab",
        "gopher://127.0.0.1/7a%09b%0Ac",
        "news:a%0D%0AQUIT@b",
    ] {
        let trap = Trap::new();
        let e = fetch_with(url, &trap.opts()).err();
        assert!(e.contains("refused before sending anything"), "{url}: {e}");
        assert!(trap.arrived().is_none(), "{url}");
    }
}

#[test]
fn a_port_over_65535_is_refused_with_nothing_sent_even_with_the_override() {
    for spec in [urikit::Spec::Rfc1808, urikit::Spec::Rfc3986] {
        for url in [
            "http://127.0.0.1:99999/",
            "http://127.0.0.1:65616/",
            "ftp://127.0.0.1:65557/a",
            "gopher://127.0.0.1:4294967366/0x",
            "nntp://127.0.0.1:65655/comp.misc",
            "telnet://127.0.0.1:65559/",
        ] {
            for allow_hazards in [false, true] {
                let trap = Trap::new();
                let mut o = trap.opts();
                o.spec = spec;
                o.allow_hazards = allow_hazards;
                let e = fetch_with(url, &o).err();
                assert!(trap.arrived().is_none(), "{url} by {spec}: a connection arrived");
                let digits = url.rsplit(':').next().unwrap().split('/').next().unwrap();
                assert!(
                    e.starts_with("refused before sending anything")
                        && e.contains(&format!("port {digits} is over 65535: no 16-bit port holds it"))
                        && !e.contains("--allow-hazards"),
                    "{url} by {spec}, override {allow_hazards}: {e}"
                );
            }
        }
    }
}
