//! news and nntp against INN's innd on 127.0.0.1 (as `news`, private INNCONF).

mod servers;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

use servers::{fetch_with, opts};

/// Posts an article by NNTP POST (RFC 977 §3.10), its body dot-stuffed.
fn post(addr: &str, id: &str, subject: &str, body: &str) {
    let stream = TcpStream::connect(addr).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut w = stream;
    let mut line = String::new();
    let mut expect = |reader: &mut BufReader<TcpStream>, code: &str| {
        line.clear();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with(code), "wanted {code}, got {line:?}");
    };
    expect(&mut reader, "200");
    w.write_all(b"POST\r\n").unwrap();
    expect(&mut reader, "340");
    let mut article = format!(
        "From: tester@urikit.test\r\nNewsgroups: urikit.test\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\n\r\n"
    );
    for l in body.lines() {
        if l.starts_with('.') {
            article.push('.');
        }
        article.push_str(l);
        article.push_str("\r\n");
    }
    article.push_str(".\r\n");
    w.write_all(article.as_bytes()).unwrap();
    expect(&mut reader, "240");
    w.write_all(b"QUIT\r\n").unwrap();
}

/// The body of a fetched article: what follows the first empty line.
fn body(article: &[u8]) -> &[u8] {
    let at = article.windows(2).position(|w| w == b"\n\n").expect("headers end");
    &article[at + 2..]
}

#[test]
fn articles_groups_and_errors_from_innd() {
    let server = servers::innd();
    let at = server.addr();
    post(&at, "art1@urikit.test", "hello 1", "plain body line\n");
    post(
        &at,
        "art2@urikit.test",
        "hello 2",
        "first\n.line starting with a dot\n..two dots\n",
    );
    let mut o = opts();
    o.nntp_server = Some(at.clone());

    // news:<message-id>: ARTICLE <id>, dot-stuffing undone.
    let a = fetch_with("news:art1@urikit.test", &o);
    assert_eq!(body(a.ok()), b"plain body line\n");
    assert_eq!(a.sent(), ["> ARTICLE <art1@urikit.test><CR><LF>", "> QUIT<CR><LF>"]);
    let a = fetch_with("news:art2@urikit.test", &o);
    assert_eq!(body(a.ok()), b"first\n.line starting with a dot\n..two dots\n");
    let headers = String::from_utf8_lossy(a.ok()).into_owned();
    assert!(headers.contains("Subject: hello 2\n"), "{headers}");

    // nntp://host/group/n: GROUP then ARTICLE n.
    let n = fetch_with(&format!("nntp://{at}/urikit.test/2"), &opts());
    assert_eq!(body(n.ok()), b"first\n.line starting with a dot\n..two dots\n");
    assert_eq!(
        n.sent(),
        ["> GROUP urikit.test<CR><LF>", "> ARTICLE 2<CR><LF>", "> QUIT<CR><LF>"]
    );

    // news:group: GROUP and its article list.
    let g = fetch_with("news:urikit.test", &o);
    assert_eq!(
        g.ok(),
        b"news:art1@urikit.test\thello 1\nnews:art2@urikit.test\thello 2\n",
        "{}",
        g.trace
    );
    assert_eq!(g.sent()[0], "> GROUP urikit.test<CR><LF>");
    // Each line's URL fetches that article.
    let listed = String::from_utf8(g.ok().to_vec()).unwrap();
    let first = listed.lines().next().unwrap().split('\t').next().unwrap();
    assert_eq!(body(fetch_with(first, &o).ok()), b"plain body line\n");

    // news:*: LIST.
    let l = fetch_with("news:*", &o);
    let list = String::from_utf8_lossy(l.ok()).into_owned();
    assert!(
        list.lines()
            .any(|line| line.starts_with("urikit.test 0000000002 0000000001 y")),
        "{list}"
    );
    assert_eq!(l.sent()[0], "> LIST<CR><LF>");

    // 430, 423, 411 as errors naming the command.
    let e = fetch_with("news:nope@urikit.test", &o).err();
    assert!(e.contains("ARTICLE <nope@urikit.test>") && e.contains("430"), "{e}");
    let e = fetch_with(&format!("nntp://{at}/urikit.test/99"), &opts()).err();
    assert!(e.contains("ARTICLE 99") && e.contains("423"), "{e}");
    let e = fetch_with("news:no.such.group", &o).err();
    assert!(e.contains("GROUP no.such.group") && e.contains("411"), "{e}");

    // No server named: a clear error. NNTPSERVER is the default.
    let e = fetch_with("news:urikit.test", &opts());
    if std::env::var_os("NNTPSERVER").is_none() {
        assert!(e.err().contains("NNTPSERVER"), "{}", e.err());
    }
    std::env::set_var("NNTPSERVER", &at);
    let g = fetch_with("news:art1@urikit.test", &opts());
    std::env::remove_var("NNTPSERVER");
    assert_eq!(body(g.ok()), b"plain body line\n");
}
