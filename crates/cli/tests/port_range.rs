//! A port over 65535, which RFC 1808 and RFC 3986 allow, on every command:
//! shown as written, told apart from an absent port in JSON, reported by
//! the lint, and refused by plan and fetch, which never connect to the
//! scheme's default port in its place.

mod common;

use common::urikit;
use serde_json::{json, Value};

const SPECS: [&str; 2] = ["rfc1808", "rfc3986"];

/// The one JSON line of `parse --json` for `url` by `spec`.
fn record(spec: &str, url: &str) -> Value {
    let run = urikit(&["parse", "--json", "--spec", spec, url]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(run.stdout().trim()).unwrap()
}

#[test]
fn plan_refuses_naming_the_port() {
    for spec in SPECS {
        for (url, digits) in [
            ("http://127.0.0.1:99999/", "99999"),
            ("http://127.0.0.1:65616/", "65616"),
            ("gopher://127.0.0.1:4294967366/0x", "4294967366"),
        ] {
            let run = urikit(&["plan", "--spec", spec, url]);
            assert_eq!(run.code, 1, "{url} by {spec}");
            let out = run.stdout();
            assert!(!out.contains("# connect"), "{url} by {spec}: {out}");
            let at = url.find(digits).unwrap();
            assert!(
                out.contains(&format!(
                    "error: port {digits} is over 65535: no 16-bit port holds it, and no other port is used in its place at offset {at}"
                )),
                "{url} by {spec}: {out}"
            );
        }
    }
    // A port that is a number is the one connected to.
    let run = urikit(&["plan", "--spec", "rfc3986", "http://127.0.0.1:080/"]);
    assert!(
        run.stdout().starts_with("# connect to 127.0.0.1 port 80\n"),
        "{}",
        run.stdout()
    );
    let run = urikit(&["plan", "--spec", "rfc3986", "http://127.0.0.1:65535/"]);
    assert!(
        run.stdout().starts_with("# connect to 127.0.0.1 port 65535\n"),
        "{}",
        run.stdout()
    );
}

#[test]
fn parse_shows_the_port_as_written() {
    for spec in SPECS {
        let run = urikit(&["parse", "--spec", spec, "http://h:99999/", "http://h:/"]);
        let out = run.stdout();
        assert!(out.contains("\n  port: 99999\n"), "{spec}: {out}");
        assert!(out.contains("\n  port: \"\"\n"), "{spec}: {out}");
    }
}

#[test]
fn parse_json_tells_absent_from_out_of_range() {
    for spec in SPECS {
        let long = format!("http://h:{}/", "9".repeat(100));
        for (url, port, view_port) in [
            ("http://h/", json!(null), json!(80)),
            ("http://h:8080/", json!(8080), json!(8080)),
            ("http://h:/", json!(""), json!(80)),
            ("http://h:99999/", json!("99999"), json!("99999")),
            (&long, json!("9".repeat(100)), json!("9".repeat(100))),
            ("foo://h:70000/", json!("70000"), json!("70000")),
            ("foo://h/", json!(null), json!(null)),
            ("ftp://h:065536/", json!("065536"), json!("065536")),
        ] {
            let o = record(spec, url);
            assert_eq!(
                (&o["port"], &o["scheme_view"]["port"]),
                (&port, &view_port),
                "{url} by {spec}"
            );
        }
    }
}

#[test]
fn get_gives_the_digits_and_never_the_default() {
    for spec in SPECS {
        let run = urikit(&[
            "get",
            "--spec",
            spec,
            "{port}|{:port}|{default:port}",
            "http://h:99999/",
        ]);
        assert_eq!(run.stdout(), "99999|99999|99999\n", "{spec}");
    }
}

#[test]
fn normalize_and_compare_keep_it() {
    for spec in SPECS {
        let run = urikit(&["normalize", "--spec", spec, "HTTP://H:099999"]);
        assert_eq!(run.stdout(), "http://h:99999/\n", "{spec}");
        for other in ["http://h/", "http://h:80/", "http://h:/"] {
            let run = urikit(&["compare", "--spec", spec, "http://h:65616/", other]);
            assert_eq!(run.code, 1, "{other} by {spec}: {}", run.stdout());
        }
    }
}

#[test]
fn lint_reports_it_as_an_error() {
    for spec in SPECS {
        let run = urikit(&["lint", "--json", "--spec", spec, "http://127.0.0.1:99999/"]);
        assert_eq!(run.code, 1, "{spec}");
        let o: Value = serde_json::from_str(run.stdout().trim()).unwrap();
        let f = &o["findings"][0];
        assert_eq!(
            (&f["code"], &f["severity"], &f["offset"]),
            (&json!("port-out-of-range"), &json!("error"), &json!(17))
        );
        assert!(
            f["message"].as_str().unwrap().starts_with("port 99999 is over 65535"),
            "{f}"
        );
    }
}

#[test]
fn fetch_refuses_it_even_with_the_override() {
    // The refusal comes before any connection: a fetch that tried port 80
    // (or 99999 modulo 65536) would say "connecting to", or fetch.
    for spec in SPECS {
        for args in [&[][..], &["--allow-hazards"]] {
            let mut all = vec!["fetch", "--spec", spec, "--connect-timeout", "1"];
            all.extend_from_slice(args);
            all.push("http://127.0.0.1:99999/");
            let run = urikit(&all);
            assert_eq!(run.code, 1, "{all:?}");
            assert!(
                run.stderr.contains("refused before sending anything")
                    && run.stderr.contains("port 99999 is over 65535")
                    && !run.stderr.contains("--allow-hazards to fetch it anyway")
                    && !run.stderr.contains("connecting to"),
                "{all:?}: {}",
                run.stderr
            );
        }
    }
}

#[test]
fn check_hints_at_rfc3986_and_says_the_port_is_refused() {
    let run = urikit(&["check", "http://127.0.0.1:99999/"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout().ends_with(
            "error: port number over 65535 at offset 17 (port, RFC 1738)\n\
             hint: RFC 3986 allows any digits in a port (--spec rfc3986), but no 16-bit port holds this one: \
             plan and fetch refuse it\n"
        ),
        "{}",
        run.stdout()
    );
}

#[test]
fn the_help_of_plan_lint_and_fetch_states_the_rule() {
    for command in ["plan", "lint", "fetch"] {
        let run = urikit(&[command, "--help"]);
        assert!(
            run.stdout().contains("A port over 65535"),
            "{command}: {}",
            run.stdout()
        );
    }
}
