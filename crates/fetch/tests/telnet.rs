//! telnet: an interactive session relayed against a socat banner/echo
//! server on 127.0.0.1.

mod servers;

use servers::{fetch_stdin, opts};

#[test]
fn stdin_is_relayed_and_the_output_comes_back() {
    let server = servers::echo();
    let f = fetch_stdin(
        &format!("telnet://{}", server.addr()),
        &opts(),
        b"ping\r\nsecond line\r\n",
    );
    assert_eq!(f.ok(), b"banner\nping\r\nsecond line\r\n");
    // rlogin and tn3270 are relayed the same way.
    let f = fetch_stdin(&format!("tn3270://{}/", server.addr()), &opts(), b"x\n");
    assert_eq!(f.ok(), b"banner\nx\n");
    // The advisory user name comes first.
    let f = fetch_stdin(&format!("telnet://guest@{}/", server.addr()), &opts(), b"x\n");
    assert_eq!(f.ok(), b"banner\nx\n");
    assert!(
        f.trace.starts_with("# advise the user to log in as \"guest\"\n"),
        "{}",
        f.trace
    );
}

#[test]
fn every_telnet_option_is_refused() {
    // The server asks IAC DO ECHO (1) and offers IAC WILL SUPPRESS-GO-AHEAD
    // (3), then echoes: the answers come back echoed, as WONT 1 and DONT 3.
    let server = servers::echo_after(r"printf '\377\375\001\377\373\003banner\n'");
    // Stdin ends only after a moment, so that the answers go out before the
    // connection's write side is shut.
    struct Slow(Option<&'static [u8]>);
    impl std::io::Read for Slow {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            std::thread::sleep(std::time::Duration::from_millis(300));
            let Some(data) = self.0.take() else { return Ok(0) };
            buf[..data.len()].copy_from_slice(data);
            Ok(data.len())
        }
    }
    let mut out = Vec::new();
    let mut trace = Vec::new();
    let url = format!("telnet://{}", server.addr());
    urikit_fetch::fetch_with_stdin(
        &url,
        &opts(),
        &mut out,
        Some(&mut trace),
        Box::new(Slow(Some(b"hello\r\n"))),
    )
    .unwrap();
    let f = servers::Fetched {
        result: Ok(0),
        out,
        trace: String::from_utf8(trace).unwrap(),
    };
    assert_eq!(f.ok(), b"banner\nhello\r\n");
    for line in [
        "# the server sent IAC DO 1: refused",
        "# the server sent IAC WILL 3: refused",
        "# the server sent IAC WONT 1: refused",
        "# the server sent IAC DONT 3: refused",
    ] {
        assert!(f.trace.contains(line), "{line:?} not in\n{}", f.trace);
    }
}

#[test]
fn data_octets_0xff_are_doubled_as_iac_iac() {
    let server = servers::echo();
    // Sent doubled, echoed doubled, read back as one data octet each.
    let f = fetch_stdin(&format!("telnet://{}", server.addr()), &opts(), b"a\xffb\xff\xfdc");
    assert_eq!(f.ok(), b"banner\na\xffb\xff\xfdc");
}
