//! http against Python's http.server on 127.0.0.1.

mod servers;

use servers::{fetch, fetch_with, opts, Scratch};

fn tree() -> (Scratch, Vec<u8>) {
    let root = Scratch::new("httproot");
    root.put("a.txt", b"hello\nsecond line\n");
    let binary: Vec<u8> = (0..70_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
        .collect();
    root.put("b.bin", &binary);
    root.put("sub/deeper/d.txt", b"nested file\n");
    root.put("my file;v1.txt", b"space and semicolon\n");
    (root, binary)
}

#[test]
fn get_with_host_as_the_plan_writes_it() {
    let (root, binary) = tree();
    let server = servers::http(root.path());
    let a = fetch(&format!("http://{}/a.txt", server.addr()));
    assert_eq!(a.ok(), b"hello\nsecond line\n");
    assert_eq!(
        a.sent(),
        [
            "> GET /a.txt HTTP/1.0<CR><LF>",
            &format!("> Host: {}<CR><LF>", server.addr())[..],
            "> <CR><LF>"
        ]
    );
    assert_eq!(fetch(&format!("http://{}/b.bin", server.addr())).ok(), &binary[..]);
    assert_eq!(
        fetch(&format!("http://{}/sub/deeper/d.txt", server.addr())).ok(),
        b"nested file\n"
    );
    // The path goes as written: the server decodes %20 and %3B.
    let f = fetch(&format!("http://{}/my%20file%3Bv1.txt", server.addr()));
    assert_eq!(f.ok(), b"space and semicolon\n");
    assert!(f.sent()[0].contains("/my%20file%3Bv1.txt"));
    // The server sees the Host line.
    assert_eq!(
        fetch(&format!("http://{}/echo-host", server.addr())).ok(),
        server.addr().as_bytes()
    );
}

#[test]
fn search_part_is_sent_and_fragment_is_not() {
    let (root, _) = tree();
    let server = servers::http(root.path());
    let a = fetch(&format!("http://{}/a.txt?x+y#top", server.addr()));
    assert_eq!(a.ok(), b"hello\nsecond line\n");
    assert_eq!(a.sent()[0], "> GET /a.txt?x+y HTTP/1.0<CR><LF>");
}

#[test]
fn non_2xx_is_an_error_with_the_status_line() {
    let (root, _) = tree();
    let server = servers::http(root.path());
    let e = fetch(&format!("http://{}/missing", server.addr())).err();
    assert!(e.contains("GET /missing") && e.contains("HTTP/1.0 404"), "{e}");
}

#[test]
fn redirects_are_followed_up_to_the_limit_each_hop_guarded() {
    let (root, _) = tree();
    let server = servers::http(root.path());
    let r = fetch(&format!("http://{}/redirect", server.addr()));
    assert_eq!(r.ok(), b"hello\nsecond line\n");
    assert_eq!(r.trace.matches("> GET ").count(), 2);
    let l = fetch(&format!("http://{}/loop", server.addr()));
    assert!(l.err().contains("too many redirects (limit 5)"), "{}", l.err());
    assert_eq!(l.trace.matches("> GET /loop").count(), 6);
    let mut o = opts();
    o.max_redirects = 0;
    assert!(fetch_with(&format!("http://{}/redirect", server.addr()), &o)
        .err()
        .contains("limit 0"));
    // A hop to port 25 is refused by the guard before it connects.
    let far = fetch(&format!("http://{}/far", server.addr()));
    let e = far.err();
    assert!(
        e.contains("refused before sending anything") && e.contains("port-not-default"),
        "{e}"
    );
    assert_eq!(far.trace.matches("# connect").count(), 1, "{}", far.trace);
    // Another scheme is not followed.
    assert!(fetch(&format!("http://{}/gopher", server.addr()))
        .err()
        .contains("another scheme"));
}

#[test]
fn the_size_cap_holds_for_http() {
    let (root, _) = tree();
    let server = servers::http(root.path());
    let mut o = opts();
    o.max_size = 100;
    let f = fetch_with(&format!("http://{}/b.bin", server.addr()), &o);
    assert!(f.err().contains("size cap of 100"));
    assert!(f.out.is_empty(), "refused by Content-Length before any byte");
}
