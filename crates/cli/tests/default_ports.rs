//! `lint` and `normalize` read one table of default ports per spec.

mod common;

use common::urikit;

#[test]
fn lint_and_normalize_agree_on_https_443_under_rfc3986() {
    let run = urikit(&["lint", "--spec", "rfc3986", "https://example.com:443/"]);
    let out = format!("{}{}", run.stdout(), run.stderr);
    assert!(!out.contains("has no default port"), "{out}");
    assert_eq!(run.code, 0, "{out}");
    let run = urikit(&["normalize", "--spec", "rfc3986", "https://example.com:443/"]);
    assert_eq!(run.stdout(), "https://example.com/\n");
    // Under RFC 1738, https is not one of its schemes: both keep the port.
    let run = urikit(&["normalize", "https://example.com:443/"]);
    assert_eq!(run.stdout(), "https://example.com:443/\n");
    // But 443 is https's registered default: the lint says so, and never
    // calls it unusual (exit 0), and get and plan know it.
    let run = urikit(&["lint", "https://example.com:443/"]);
    assert_eq!(
        run.stdout(),
        "https://example.com:443/\n  info[port-registered-default]: port 443 is https's registered default, \
         which RFC 1738 does not define: its normal form keeps the port at offset 20 (RFC 9110 §4.2.2)\n"
    );
    assert_eq!(run.code, 0);
    let run = urikit(&["get", "{default:port}", "https://example.com/", "http://h/", "foo://h/"]);
    assert_eq!(run.stdout(), "443\n80\n\n");
    let run = urikit(&["plan", "--spec", "whatwg", "rlogin://h/"]);
    assert_eq!(
        run.stdout(),
        "# connect to h port 513 (the registered default, RFC 1282)\n# start an interactive rlogin session\n"
    );
}

#[test]
fn normalize_drops_the_default_port_of_todays_schemes_under_rfc3986() {
    let run = urikit(&[
        "normalize",
        "--spec",
        "rfc3986",
        "imap://h:143/",
        "postgresql://db:5432/x",
        "mqtt://b:1884/",
    ]);
    assert_eq!(run.stdout(), "imap://h/\npostgresql://db/x\nmqtt://b:1884/\n");
    assert_eq!(run.code, 0);
    // RFC 1738 knows no imap: the port stays.
    let run = urikit(&["normalize", "--spec", "rfc1738", "imap://h:143/"]);
    assert_eq!(run.stdout(), "imap://h:143/\n");
    let run = urikit(&["get", "--spec", "rfc3986", "[{port}] {default:port}", "imap://h/"]);
    assert_eq!(run.stdout(), "[] 143\n");
}
