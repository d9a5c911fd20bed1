//! `urikit fetch` of https URLs against a TLS server in the test's own
//! thread on 127.0.0.1, with an authority made for the test: `--cacert`,
//! `--trace`, `--allow-downgrade`, the refusals and their exit status.

#[path = "../../fetch/tests/servers/mod.rs"]
mod servers;
#[path = "../../fetch/tests/tls_server/mod.rs"]
mod tls_server;

use std::process::Command;

use servers::Scratch;
use tls_server::{ok, redirect, Authority};

struct Run {
    stdout: Vec<u8>,
    stderr: String,
    code: i32,
}

fn urikit(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("urikit runs");
    Run {
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().expect("an exit code"),
    }
}

/// The `> ` lines of a transcript.
fn sent(transcript: &str) -> Vec<&str> {
    transcript.lines().filter(|l| l.starts_with("> ")).collect()
}

#[test]
fn https_with_a_private_authority_sends_what_plan_shows() {
    let authority = Authority::new("urikit test authority");
    let dir = Scratch::new("cli-https");
    let cacert = authority.write_pem(dir.path());
    let cacert = cacert.to_str().unwrap();
    let server = tls_server::https(
        authority.issue(&["localhost", "127.0.0.1"]),
        Box::new(|_| (ok(b"hello over TLS\n"), true)),
    );
    let url = format!("https://localhost:{}/a.txt?x=1#top", server.port());
    let addr = server.addr.to_string();
    let run = urikit(&["fetch", "--trace", "--cacert", cacert, "--connect-to", &addr, &url]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, b"hello over TLS\n");
    for line in [
        "# start TLS; the certificate must be valid for localhost (RFC 9110 §4.3.4)\n",
        "# certificate subject: O=urikit tests,CN=localhost\n",
        "# certificate issuer: CN=urikit test authority\n",
    ] {
        assert!(run.stderr.contains(line), "{line:?} in\n{}", run.stderr);
    }
    assert!(
        run.stderr.contains("\n# TLS 1.3, cipher suite TLS13_"),
        "{}",
        run.stderr
    );
    // What plan shows is what fetch sends, under the default spec (RFC
    // 1738, which defines no https) and by RFC 3986.
    for spec in ["rfc1738", "rfc3986"] {
        let planned = urikit(&["plan", "--spec", spec, &url]);
        assert_eq!(planned.code, 0, "{}", planned.stderr);
        let planned = String::from_utf8(planned.stdout).unwrap();
        assert!(
            planned.contains("# start TLS; the certificate must be valid for localhost"),
            "{planned}"
        );
        let run = urikit(&[
            "fetch",
            "--spec",
            spec,
            "--trace",
            "--cacert",
            cacert,
            "--connect-to",
            &addr,
            &url,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(sent(&run.stderr), sent(&planned), "{spec}");
        assert_eq!(sent(&planned).len(), 4, "{planned}");
    }
}

#[test]
fn refusals_say_which_check_failed_and_exit_1() {
    let authority = Authority::new("urikit test authority");
    let dir = Scratch::new("cli-https-refused");
    let cacert = authority.write_pem(dir.path());
    let cacert = cacert.to_str().unwrap();
    let expired = tls_server::https(
        authority.issue_valid(&["127.0.0.1"], (2001, 1, 1), (2002, 1, 1)),
        Box::new(|_| (ok(b"stale\n"), true)),
    );
    let other = tls_server::https(
        authority.issue(&["other.test"]),
        Box::new(|_| (ok(b"not mine\n"), true)),
    );
    let good = tls_server::https(authority.issue(&["127.0.0.1"]), Box::new(|_| (ok(b"good\n"), true)));
    let e = format!("https://{}/", expired.addr);
    let o = format!("https://{}/", other.addr);
    let g = format!("https://{}/", good.addr);
    // Each refused, the good one fetched all the same.
    let run = urikit(&["fetch", "--cacert", cacert, &e, &o, &g]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, b"good\n");
    assert!(
        run.stderr.contains(&format!(
            "urikit: {e}: TLS: the certificate of 127.0.0.1 is refused: it expired at 2002-01-01T00:00:00Z"
        )),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!(
            "urikit: {o}: TLS: the certificate of 127.0.0.1 is refused: it is not valid for the name 127.0.0.1, but for other.test\n"
        )),
        "{}",
        run.stderr
    );
    // Without --cacert the test's authority is unknown (or the machine has
    // no authorities at all, which is said).
    let run = urikit(&["fetch", &g]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("is issued by an unknown authority") || run.stderr.contains("no trusted authorities"),
        "{}",
        run.stderr
    );
    // An unreadable --cacert is an error of the fetch, as other I/O is.
    let run = urikit(&["fetch", "--cacert", "/nonexistent/ca.pem", &g]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("reading the authorities of /nonexistent/ca.pem"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_downgrade_is_followed_only_with_allow_downgrade() {
    let authority = Authority::new("urikit test authority");
    let dir = Scratch::new("cli-https-down");
    let cacert = authority.write_pem(dir.path());
    let cacert = cacert.to_str().unwrap();
    let plain = tls_server::http(Box::new(|_| (ok(b"in the clear\n"), false)));
    let to = format!("http://{}/a.txt", plain.addr);
    let secure = tls_server::https(
        authority.issue(&["127.0.0.1"]),
        Box::new(move |_| (redirect(&to), true)),
    );
    let url = format!("https://{}/", secure.addr);
    let run = urikit(&["fetch", "--cacert", cacert, &url]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("redirects from https to http://")
            && run.stderr.contains("(--allow-downgrade to follow it)"),
        "{}",
        run.stderr
    );
    let run = urikit(&["fetch", "--cacert", cacert, "--allow-downgrade", &url]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, b"in the clear\n");
}
