//! ftp against pyftpdlib on 127.0.0.1.

mod servers;

use servers::{fetch, fetch_with, opts, Scratch};

/// The served tree: text, binary, a nested directory, a name with a space
/// and a semicolon.
fn tree() -> (Scratch, Vec<u8>) {
    let root = Scratch::new("ftproot");
    root.put("a.txt", b"hello\nsecond line\n");
    let binary: Vec<u8> = (0..70_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    root.put("b.bin", &binary);
    root.put("sub/deeper/d.txt", b"nested file\n");
    root.put("sub/c.txt", b"in sub\n");
    root.put("my file;v1.txt", b"space and semicolon\n");
    root.put("etc/motd", b"message of the day\n");
    (root, binary)
}

#[test]
fn text_and_binary_arrive_byte_for_byte() {
    let (root, binary) = tree();
    let server = servers::ftp(root.path());
    let a = fetch(&format!("ftp://{}/a.txt", server.addr()));
    assert_eq!(a.ok(), b"hello\nsecond line\n");
    assert!(a.sent().contains(&"> TYPE I<CR><LF>"), "image by default: {}", a.trace);
    let b = fetch(&format!("ftp://{}/b.bin", server.addr()));
    assert_eq!(b.ok(), &binary[..]);
    let b = fetch(&format!("ftp://{}/b.bin;type=i", server.addr()));
    assert_eq!(b.ok(), &binary[..]);
}

#[test]
fn type_a_turns_the_wire_crlf_into_lf() {
    let (root, _) = tree();
    let server = servers::ftp(root.path());
    let a = fetch(&format!("ftp://{}/a.txt;type=a", server.addr()));
    assert_eq!(a.ok(), b"hello\nsecond line\n");
    assert!(a.sent().contains(&"> TYPE A<CR><LF>"), "{}", a.trace);
    // The server sends CR LF in ASCII mode (pyftpdlib adds the CR): the
    // client's conversion is what makes the bytes equal.
    root.put("crlf.txt", b"one\r\ntwo\r\nlone\rcr\r\n");
    let c = fetch(&format!("ftp://{}/crlf.txt;type=a", server.addr()));
    assert_eq!(c.ok(), b"one\ntwo\nlone\rcr\n");
}

#[test]
fn one_cwd_per_segment_exactly_as_the_plan() {
    let (root, _) = tree();
    let server = servers::ftp(root.path());
    let d = fetch(&format!("ftp://{}/sub/deeper/d.txt", server.addr()));
    assert_eq!(d.ok(), b"nested file\n");
    assert_eq!(
        d.sent(),
        [
            "> USER anonymous<CR><LF>",
            "> PASS <your mail address><CR><LF>",
            "> CWD sub<CR><LF>",
            "> CWD deeper<CR><LF>",
            "> TYPE I<CR><LF>",
            "> EPSV<CR><LF>",
            "> RETR d.txt<CR><LF>",
            "> QUIT<CR><LF>",
        ]
    );
    // An empty segment is a CWD with a null argument (pyftpdlib: home).
    let d = fetch(&format!("ftp://{}//sub/c.txt", server.addr()));
    assert_eq!(d.ok(), b"in sub\n");
    assert_eq!(d.sent()[2..4], ["> CWD <CR><LF>", "> CWD sub<CR><LF>"]);
}

#[test]
fn encoded_slash_stays_inside_its_one_cwd() {
    let (root, _) = tree();
    let server = servers::ftp(root.path());
    let d = fetch(&format!("ftp://{}/sub%2Fdeeper/d.txt", server.addr()));
    assert_eq!(d.ok(), b"nested file\n");
    let cwds: Vec<&str> = d.sent().into_iter().filter(|l| l.starts_with("> CWD")).collect();
    assert_eq!(cwds, ["> CWD sub/deeper<CR><LF>"]);
    // The RFC's own example: %2F makes the first CWD absolute.
    let m = fetch(&format!("ftp://{}/%2Fetc/motd", server.addr()));
    assert_eq!(m.ok(), b"message of the day\n");
    assert!(m.sent().contains(&"> CWD /etc<CR><LF>"));
}

#[test]
fn encoded_space_and_semicolon_name_the_file() {
    let (root, _) = tree();
    let server = servers::ftp(root.path());
    let f = fetch(&format!("ftp://{}/my%20file%3Bv1.txt", server.addr()));
    assert_eq!(f.ok(), b"space and semicolon\n");
    assert!(f.sent().contains(&"> RETR my file;v1.txt<CR><LF>"), "{}", f.trace);
}

#[test]
fn directories_are_listed_by_nlst() {
    let (root, _) = tree();
    let server = servers::ftp(root.path());
    let sorted = |b: &[u8]| {
        let mut v: Vec<String> = String::from_utf8_lossy(b).lines().map(str::to_owned).collect();
        v.sort();
        v
    };
    let d = fetch(&format!("ftp://{}/sub/;type=d", server.addr()));
    assert_eq!(sorted(d.ok()), ["c.txt", "deeper"]);
    assert!(d.sent().contains(&"> NLST<CR><LF>"));
    // A name that is a directory: RETR is refused, CWD shows it is one.
    let d = fetch(&format!("ftp://{}/sub", server.addr()));
    assert_eq!(sorted(d.ok()), ["c.txt", "deeper"]);
    let root_list = fetch(&format!("ftp://{}/", server.addr()));
    assert_eq!(
        sorted(root_list.ok()),
        ["a.txt", "b.bin", "etc", "my file;v1.txt", "sub"]
    );
    // NLST with the name as argument.
    let n = fetch(&format!("ftp://{}/sub;type=d", server.addr()));
    assert!(n.sent().contains(&"> NLST sub<CR><LF>"), "{}", n.trace);
    assert!(!n.ok().is_empty());
}

#[test]
fn refusals_name_the_command_and_quote_the_reply() {
    let (root, _) = tree();
    let server = servers::ftp(root.path());
    let e = fetch(&format!("ftp://{}/missing.txt", server.addr())).err();
    assert!(e.contains("RETR missing.txt") && e.contains("550"), "{e}");
    let e = fetch(&format!("ftp://{}/nowhere/a.txt", server.addr())).err();
    assert!(e.contains("CWD nowhere") && e.contains("550"), "{e}");
    let e = fetch(&format!("ftp://{}/a.txt;type=x", server.addr()));
    // Strict parsing takes only a, i, d.
    assert!(e.result.is_err());
}

#[test]
fn user_and_password_from_the_url_and_never_in_the_trace() {
    let (root, _) = tree();
    let server = servers::ftp_with_user(root.path(), "myname", "s3cret");
    let f = fetch(&format!("ftp://myname:s3cret@{}/a.txt", server.addr()));
    assert_eq!(f.ok(), b"hello\nsecond line\n");
    assert!(f.sent().contains(&"> USER myname<CR><LF>"));
    assert!(!f.trace.contains("s3cret"), "{}", f.trace);
    let bad = fetch(&format!("ftp://myname:wr0ng@{}/a.txt", server.addr()));
    let e = bad.err();
    assert!(e.contains("PASS <password>") && e.contains("530"), "{e}");
    assert!(!e.contains("wr0ng") && !bad.trace.contains("wr0ng"));
    // No password in the URL: the one given to the client, if any.
    let none = fetch(&format!("ftp://myname@{}/a.txt", server.addr()));
    assert!(none.err().contains("password"), "{}", none.err());
    let mut o = opts();
    o.password = Some("s3cret".into());
    let asked = fetch_with(&format!("ftp://myname@{}/a.txt", server.addr()), &o);
    assert_eq!(asked.ok(), b"hello\nsecond line\n");
    assert!(asked.trace.contains("> PASS <password asked of the user><CR><LF>"));
    assert!(!asked.trace.contains("s3cret"));
}

#[test]
fn the_size_cap_stops_the_transfer() {
    let (root, _) = tree();
    let server = servers::ftp(root.path());
    let mut o = opts();
    o.max_size = 1000;
    let f = fetch_with(&format!("ftp://{}/b.bin", server.addr()), &o);
    assert!(f.err().contains("size cap of 1000"), "{}", f.err());
    assert!(f.out.len() <= 1000);
}

#[test]
fn a_230_after_user_needs_no_pass() {
    let (root, _) = tree();
    let server = servers::ftp_with_user(root.path(), "myname", "pw");
    let f = fetch(&format!("ftp://open@{}/a.txt", server.addr()));
    assert_eq!(f.ok(), b"hello\nsecond line\n");
    assert!(f.trace.contains("< 230 Logged in, no password needed."), "{}", f.trace);
    assert!(!f.trace.contains("PASS"), "{}", f.trace);
}

#[test]
fn pasv_when_the_server_does_not_know_epsv() {
    let (root, binary) = tree();
    let server = servers::ftp_without_epsv(root.path());
    let f = fetch(&format!("ftp://{}/b.bin", server.addr()));
    assert_eq!(f.ok(), &binary[..]);
    let sent = f.sent();
    let epsv = sent.iter().position(|l| *l == "> EPSV<CR><LF>").expect("EPSV first");
    assert_eq!(sent[epsv + 1], "> PASV<CR><LF>");
    assert!(f.trace.contains("< 227 "), "{}", f.trace);
    let d = fetch(&format!("ftp://{}/sub/;type=d", server.addr()));
    assert!(String::from_utf8_lossy(d.ok()).lines().any(|l| l == "c.txt"));
}

#[test]
fn idle_timeout_and_refused_connection() {
    use std::net::TcpListener;
    use std::time::{Duration, Instant};
    // A listener that accepts (the kernel does) and never answers.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let mut o = opts();
    o.idle_timeout = Duration::from_millis(400);
    let start = Instant::now();
    let f = fetch_with(&format!("ftp://{}/a.txt", silent.local_addr().unwrap()), &o);
    assert!(f.err().contains("timed out"), "{}", f.err());
    assert!(start.elapsed() < Duration::from_secs(5));
    // Nothing listens on a port just closed: refused at once.
    let port = servers::free_port();
    let e = fetch(&format!("ftp://127.0.0.1:{port}/a.txt")).err();
    assert!(e.contains(&format!("connecting to 127.0.0.1 port {port}")), "{e}");
}
