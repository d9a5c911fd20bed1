//! mailto: a message submitted by SMTP to aiosmtpd on 127.0.0.1.

mod servers;

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use servers::{fetch_stdin, opts};

/// The messages in a Maildir's `new/`, waited for up to 10 s.
fn messages(maildir: &Path, want: usize) -> Vec<String> {
    let start = Instant::now();
    loop {
        let found: Vec<String> = fs::read_dir(maildir.join("new"))
            .map(|d| d.filter_map(|e| fs::read_to_string(e.ok()?.path()).ok()).collect())
            .unwrap_or_default();
        if found.len() >= want || start.elapsed() > Duration::from_secs(10) {
            return found;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn one_message_to_the_decoded_address() {
    let server = servers::smtp();
    let mut o = opts();
    o.smtp_server = Some(server.addr());
    let body = b"line one\n.line starting with a dot\nlast\n";
    let f = fetch_stdin("mailto:info%2Bfetch@urikit.test", &o, body);
    f.ok();
    assert!(
        f.sent().contains(&"> RCPT TO:<info+fetch@urikit.test><CR><LF>"),
        "{}",
        f.trace
    );
    let got = messages(&server.dir.path().join("maildir"), 1);
    assert_eq!(got.len(), 1, "exactly one message");
    let m = &got[0];
    assert!(m.contains("X-RcptTo: info+fetch@urikit.test"), "{m}");
    assert!(m.contains("To: <info+fetch@urikit.test>"), "{m}");
    assert!(m.contains("X-MailFrom: urikit@localhost"), "{m}");
    let (_, received_body) = m.split_once("\n\n").unwrap();
    assert_eq!(received_body.replace("\r\n", "\n"), String::from_utf8_lossy(body));
    // Only one message arrived, even after a while.
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(messages(&server.dir.path().join("maildir"), 1).len(), 1);
}

#[test]
fn refusals_and_missing_server() {
    let e = fetch_stdin("mailto:a@urikit.test", &opts(), b"x").err();
    assert!(e.contains("--smtp"), "{e}");
    let server = servers::smtp();
    let mut o = opts();
    o.smtp_server = Some(server.addr());
    // An address that would not stand in an SMTP command as it is.
    let e = fetch_stdin("mailto:a%20b@urikit.test", &o, b"x").err();
    assert!(e.contains("space"), "{e}");
    let e = fetch_stdin("mailto:a%0D%0ADATA@urikit.test", &o, b"x").err();
    assert!(e.contains("refused"), "{e}");
    assert!(messages(&server.dir.path().join("maildir"), 0).is_empty());
}
