//! `urikit plan`, `urikit lint` and the `scheme_view` of `urikit parse --json`.

use std::process::Command;

/// Runs `urikit <args>`: (stdout, exit code).
fn urikit(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .output()
        .expect("urikit runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        out.status.code().expect("an exit code"),
    )
}

#[test]
fn plan_of_the_rfc1738_ftp_examples() {
    assert_eq!(
        urikit(&["plan", "ftp://myname@host.dom/%2Fetc/motd"]),
        (
            "# connect to host.dom port 21\n\
             > USER myname<CR><LF>\n\
             > PASS <password asked of the user><CR><LF>\n\
             > CWD /etc<CR><LF>\n\
             > RETR motd<CR><LF>\n"
                .to_owned(),
            0
        )
    );
    assert_eq!(
        urikit(&["plan", "ftp://myname@host.dom//etc/motd"]),
        (
            "# connect to host.dom port 21\n\
             > USER myname<CR><LF>\n\
             > PASS <password asked of the user><CR><LF>\n\
             > CWD <CR><LF>\n\
             > CWD etc<CR><LF>\n\
             > RETR motd<CR><LF>\n"
                .to_owned(),
            0
        )
    );
}

#[test]
fn plan_of_a_gopher_plus_view() {
    assert_eq!(
        urikit(&[
            "plan",
            "gopher://host/0a_gopher_selector%09%09+application/postscript%20Es_ES"
        ]),
        (
            "# connect to host port 70\n> a_gopher_selector<TAB><TAB>+application/postscript Es_ES<CR><LF>\n"
                .to_owned(),
            0
        )
    );
}

#[test]
fn plans_that_are_refused() {
    assert_eq!(
        urikit(&["plan", "ftp://h/a%0D%0ADELE%20b"]),
        (
            "ftp://h/a%0D%0ADELE%20b\n         ^\n\
             error: encoded CR decodes to a protocol delimiter in what the plan would send at offset 9\n"
                .to_owned(),
            1
        )
    );
    let (out, code) = urikit(&["plan", "news:*", "file://vms.host.edu/x"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "# plan for news:*\n\
         # connect to your own news server (port 119): news URLs name no host\n\
         > LIST<CR><LF>\n\n\
         # plan for file://vms.host.edu/x\n\
         file://vms.host.edu/x\n       ^\n\
         error: a file URL for another machine names no protocol to reach it, refusing to guess at offset 7\n\n"
    );
}

#[test]
fn lint_the_gopher_to_smtp_attack() {
    let (out, code) = urikit(&["lint", "gopher://mail.example:25/0HELO%0D%0A"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "gopher://mail.example:25/0HELO%0D%0A");
    assert!(
        lines[1].starts_with("  error[port-not-default]: port 25 is not gopher's default 70"),
        "{out}"
    );
    assert!(lines[2].starts_with("  error[bad-port]: port 25"), "{out}");
    assert!(lines[3].starts_with("  error[encoded-delimiter]: encoded CR"), "{out}");
    assert_eq!(lines.len(), 4);
    // Warnings alone exit 0; a clean URL prints nothing.
    let (out, code) = urikit(&["lint", "ftp://u:pw@h/", "http://h/"]);
    assert_eq!((out.lines().count(), code), (2, 0), "{out}");
    assert_eq!(urikit(&["lint", "http://h/"]), (String::new(), 0));
}

#[test]
fn lint_json() {
    let (out, code) = urikit(&["lint", "--json", "http://h:8080/"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["input"], "http://h:8080/");
    assert_eq!(v["findings"][0]["code"], "port-not-default");
    assert_eq!(v["findings"][0]["severity"], "warning");
    assert_eq!(v["findings"][0]["offset"], 9);
    assert_eq!(v["findings"][0]["section"], "RFC 1738 §6");
}

#[test]
fn parse_json_has_the_scheme_view() {
    let (out, code) = urikit(&["parse", "--json", "gopher://host/7a_gopher_selector%09foobar", "nope"]);
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let view = &lines[0]["scheme_view"];
    assert_eq!(view["kind"], "gopher");
    assert_eq!(view["gopher_type"], "7");
    assert_eq!(view["selector"], "a_gopher_selector");
    assert_eq!(view["search"], "foobar");
    assert_eq!(view["gopher_plus"], serde_json::Value::Null);
    assert_eq!(lines[1]["scheme_view"], serde_json::Value::Null);
    let (out, _) = urikit(&["parse", "--json", "rlogin:h"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        v["scheme_view"]["error"],
        "this scheme needs \"//\" and a host at offset 7"
    );
}
