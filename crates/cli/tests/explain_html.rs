//! `urikit explain --html` and `--serve` without a browser: the page's
//! escaping, `-o FILE`, the exit statuses, and the server's answers over
//! plain TCP (crates/cli/tests/explain_page.rs loads the page in Chromium).

mod common;
mod explain_server;

use std::collections::BTreeSet;
use std::net::TcpListener;

use common::{urikit, urikit_with_stdin};
use explain_server::Served;
use urikit_cli::term::Shown;

/// The tags the page is made of: any other `<` would be input let through.
const TAGS: [&str; 35] = [
    "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "header", "h1", "p", "main", "section", "h2", "span",
    "code", "table", "thead", "tbody", "tr", "th", "td", "h3", "ol", "li", "br", "a", "footer", "dl", "dt", "dd",
    "form", "label", "input", "button", "div",
];

/// The name of every tag of `page`, opening or closing.
fn tags(page: &str) -> BTreeSet<String> {
    page.match_indices('<')
        .map(|(i, _)| {
            let rest = page[i + 1..].trim_start_matches('/');
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '!')
                .collect()
        })
        .collect()
}

/// The text of an element as a reader sees it: the names of controls out
/// of their spans, the entities read back.
fn unescape(html: &str) -> String {
    html.replace("<span class=\"ctl\">", "")
        .replace("</span>", "")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The inputs the page's sections name, as a reader sees them.
fn inputs(page: &str) -> Vec<String> {
    page.split("<code class=\"input\">")
        .skip(1)
        .map(|s| unescape(&s[..s.find("</code></h2>").expect("the heading ends")]))
        .collect()
}

/// The verdict codes of each section of `page`, in its order.
fn codes(page: &str) -> Vec<Vec<String>> {
    page.split("<section class=\"url\"")
        .skip(1)
        .map(|s| {
            s.split("<li class=\"verdict\" data-code=\"")
                .skip(1)
                .map(|v| v[..v.find('"').unwrap()].to_owned())
                .collect()
        })
        .collect()
}

/// The verdict codes `explain --json` gives for each of `urls`.
fn json_codes(urls: &[&str], base: Option<&str>) -> Vec<Vec<String>> {
    let mut args = vec!["explain", "--json"];
    if let Some(base) = base {
        args.extend(["--base", base]);
    }
    args.extend(urls);
    let run = urikit(&args);
    assert!(run.code <= 1, "{}", run.stderr);
    run.stdout()
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            record["verdicts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v["code"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

/// No octet of the page is a control but the line feed, and no char one
/// that a terminal or a reader would be fooled by.
#[track_caller]
fn assert_no_raw_controls(page: &[u8]) {
    let page = std::str::from_utf8(page).expect("the page is UTF-8");
    let bad: Vec<(usize, char)> = page
        .char_indices()
        .filter(|(_, c)| {
            (c.is_control() && *c != '\n')
                || matches!(c, '\u{61c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
        })
        .collect();
    assert!(bad.is_empty(), "raw controls in the page: {bad:?}");
}

#[test]
fn every_input_text_is_escaped_and_nothing_is_lost() {
    let lines: [&[u8]; 6] = [
        b"http://h/<script>alert(1)</script>",
        b"http://h/\"'&amp;<b>?q=\"x\"#'",
        b"http://a/\x1b]0;title\x07\x1b[2J\t\r\x00x",
        b"http://h/\xff\xfe<script>",
        "http://evil/\u{202e}moc.knab\u{200b}\u{85}".as_bytes(),
        b"javascript:alert('<img src=x onerror=alert(1)>')",
    ];
    let stdin = lines.join(&b'\n');
    let run = urikit_with_stdin(&["explain", "--html", "--base", "http://b/<x>\"&"], &stdin);
    assert_eq!(run.code, 1, "verdicts, and a line not UTF-8: {}", run.stderr);
    assert_no_raw_controls(&run.stdout);
    let page = run.stdout();
    let tags = tags(page);
    assert!(tags.iter().all(|t| TAGS.contains(&t.as_str())), "{tags:?}");
    assert!(!tags.contains("script") && !tags.contains("img"));
    // Nothing lost: each input is shown as the text output shows it, its
    // controls and the octets that are not UTF-8 by name.
    let shown: Vec<String> = lines.iter().map(|l| Shown(l).to_string()).collect();
    assert_eq!(inputs(page), shown);
    assert!(page.contains("<span class=\"ctl\">&lt;0xFF&gt;</span>"), "{page}");
    assert!(page.contains("octet 0xFF is not UTF-8 at offset 9"));
    // The base, in each section that has a table.
    assert_eq!(
        page.matches("against <code class=\"base-url\">http://b/&lt;x&gt;&quot;&amp;</code>")
            .count(),
        5
    );
}

#[test]
fn html_to_a_file_and_the_exit_statuses() {
    let dir = std::env::temp_dir().join(format!("urikit-explain-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("page.html");
    let path = file.to_str().unwrap();
    let urls = [
        "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
        "http://0x7f.1/",
        "https://example.com/",
    ];
    let mut args = vec!["explain", "--html", "-o", path];
    args.extend(urls);
    let run = urikit(&args);
    assert_eq!(run.code, 1, "two of the URLs have verdicts: {}", run.stderr);
    assert!(run.stdout.is_empty() && run.stderr.is_empty(), "{}", run.stderr);
    let page = std::fs::read_to_string(&file).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    assert_eq!(inputs(&page), urls);
    assert_eq!(codes(&page), json_codes(&urls, None));
    assert!(codes(&page)[1].contains(&"ip-internal".to_owned()));
    // The same page on stdout.
    let mut args = vec!["explain", "--html"];
    args.extend(urls);
    assert_eq!(urikit(&args).stdout(), page);

    // A URL without a verdict: 0, the page written over the last.
    let run = urikit(&["explain", "--html", "-o", path, "https://example.com/"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = std::fs::read_to_string(&file).unwrap();
    assert_eq!(codes(&page), [Vec::<String>::new()]);
    assert!(page.contains("No verdict"));

    // -o alone is --html -o.
    let run = urikit(&["explain", "-o", path, "http://0x7f.1/"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert_eq!(
        codes(&std::fs::read_to_string(&file).unwrap()),
        json_codes(&["http://0x7f.1/"], None)
    );

    // A file that cannot be made: 2, and said.
    let missing = dir.join("no/such/dir/page.html");
    let run = urikit(&[
        "explain",
        "--html",
        "-o",
        missing.to_str().unwrap(),
        "https://example.com/",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot write the page to"), "{}", run.stderr);

    // Usage errors.
    for args in [
        &["explain", "--html", "--json", "http://h/"][..],
        &["explain", "--html", "--differs", "http://h/"],
        &["explain", "-o", path, "--json", "http://h/"],
        &["explain", "-o", path, "--serve"],
        &["explain", "--html", "--differs", "--verdict", "userinfo", "http://h/"],
        &["explain", "--html", "--verdict", "userinfo", "http://h/"],
        &["explain", "--serve", "http://h/"],
        &["explain", "--serve", "--json"],
        &["explain", "--port", "8000", "http://h/"],
        &["explain", "--port", "8000", "--json"],
        &["explain", "--serve", "--port", "65536"],
    ] {
        let run = urikit(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_lists_the_page_options() {
    let help = urikit(&["explain", "--help"]);
    for option in ["--html", "-o, --output <FILE>", "--serve", "--port <PORT>", "127.0.0.1"] {
        assert!(help.stdout().contains(option), "{option}");
    }
}

/// The local address of the socket listening on `port`, from
/// /proc/net/tcp and tcp6 (hex, as the kernel writes it).
fn listeners(port: u16) -> Vec<String> {
    let suffix = format!(":{port:04X}");
    let mut found = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        for line in std::fs::read_to_string(table).unwrap_or_default().lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            // st 0A is LISTEN.
            if f.len() > 3 && f[1].ends_with(&suffix) && f[3] == "0A" {
                found.push(f[1].to_owned());
            }
        }
    }
    found
}

#[test]
fn the_server_listens_on_127_0_0_1_alone() {
    let served = Served::start(&[]);
    assert_ne!(served.port, 0);
    assert_eq!(listeners(served.port), [format!("0100007F:{:04X}", served.port)]);
    assert_eq!(served.get("/").status, 200);
}

#[test]
fn the_server_takes_the_port_asked_for_and_says_when_it_cannot() {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let served = Served::start(&["--port", &port.to_string()]);
    assert_eq!(served.address, format!("http://127.0.0.1:{port}/"));
    // Taken now: a second server cannot have it.
    let run = urikit(&["explain", "--serve", "--port", &port.to_string()]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{}",
        run.stderr
    );
}

#[test]
fn the_server_answers_the_form_and_refuses_the_rest() {
    let served = Served::start(&[]);
    let host = format!("Host: 127.0.0.1:{}\r\n", served.port);

    let form = served.get("/");
    assert_eq!(form.status, 200);
    assert_eq!(form.header("content-type"), Some("text/html; charset=utf-8"));
    let policy = form.header("content-security-policy").unwrap();
    for rule in ["default-src 'none'", "style-src 'unsafe-inline'", "form-action 'self'"] {
        assert!(policy.contains(rule), "{policy}");
    }
    assert_eq!(form.header("connection"), Some("close"));
    assert_eq!(
        form.header("content-length"),
        Some(form.body.len().to_string().as_str())
    );
    assert!(form.body.contains("<form method=\"get\" action=\"/\""));
    assert!(form.body.contains("name=\"url\"") && form.body.contains("name=\"base\""));
    assert!(!form.body.contains("<section class=\"url\""));

    // The form's query: '+' a space, %XX decoded, the base too; the verdicts
    // those of the JSON.
    let url = "http://0x7f.1/a b";
    let asked = served.get("/?url=http%3A%2F%2F0x7f.1%2Fa+b&base=https%3A%2F%2Fexample.com%2F");
    assert_eq!(asked.status, 200);
    assert_eq!(inputs(&asked.body), [url]);
    assert_eq!(codes(&asked.body), json_codes(&[url], Some("https://example.com/")));
    assert!(asked.body.contains("value=\"http://0x7f.1/a b\""));
    // An empty base is none.
    let plain = served.get("/?url=http%3A%2F%2F0x7f.1%2F&base=");
    assert_eq!(codes(&plain.body), json_codes(&["http://0x7f.1/"], None));
    assert!(!plain.body.contains("against"));
    // Markup in the fields comes back as text, in the page and in the form.
    let marked = served.get("/?url=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E%1B");
    assert_eq!(marked.status, 200);
    assert!(!tags(&marked.body).contains("script"));
    assert_no_raw_controls(marked.body.as_bytes());
    assert!(marked
        .body
        .contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#x1B;\""));

    // HEAD: the headers alone.
    let head = served.send(format!("HEAD / HTTP/1.1\r\n{host}\r\n").as_bytes());
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(
        head.header("content-length"),
        Some(form.body.len().to_string().as_str())
    );

    // Refused, each with a page that says why.
    let refused = [
        (served.get("/other"), 404, "only the form"),
        (served.get("/index.html?url=x"), 404, "only the form"),
        (
            served.send(format!("POST / HTTP/1.1\r\n{host}Content-Length: 5\r\n\r\nurl=x").as_bytes()),
            405,
            "only GET and HEAD",
        ),
        (
            served.send(format!("DELETE / HTTP/1.1\r\n{host}\r\n").as_bytes()),
            405,
            "only GET and HEAD",
        ),
        (
            served.get("/?url=%zz"),
            400,
            "not followed by two hex digits at offset 4",
        ),
        (
            served.get("/?url=http%3A%2F%2Fh%2F%"),
            400,
            "not followed by two hex digits at offset 21",
        ),
        (
            served.get("/?url=http%3A%2F%2Fh%2F%FF%FE"),
            400,
            "url, percent-decoded, is not UTF-8",
        ),
        (served.get("/?base=%C3"), 400, "base, percent-decoded, is not UTF-8"),
        (
            served.send(b"GET /?url=\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
            421,
            "answers for 127.0.0.1:",
        ),
        (
            served.send(b"GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n"),
            421,
            "not for Host attacker.example",
        ),
        (served.send(b"GET / HTTP/1.1\r\n\r\n"), 421, "names its Host"),
        (served.send(b"GET / HTTP/3\r\n\r\n"), 505, "HTTP/1.0 and HTTP/1.1"),
        (served.send(b"HELLO\r\n\r\n"), 400, "not METHOD TARGET"),
    ];
    for (answer, status, says) in refused {
        assert_eq!(answer.status, status, "{answer:?}");
        assert!(answer.body.contains(says), "{status}: {}", answer.body);
        assert_eq!(answer.header("content-type"), Some("text/html; charset=utf-8"));
        assert!(answer.header("content-security-policy").is_some());
    }
    let not_allowed = served.send(format!("PUT / HTTP/1.1\r\n{host}\r\n").as_bytes());
    assert_eq!(not_allowed.header("allow"), Some("GET, HEAD"));
    // A query that is not UTF-8 (with the right Host).
    let raw = served.send(format!("GET /?url=\u{e9}x HTTP/1.1\r\n{host}\r\n").as_bytes());
    assert_eq!(raw.status, 200, "UTF-8 sent raw is taken");
    assert_eq!(inputs(&raw.body), ["\u{e9}x"]);
    let mut bad = b"GET /?url=a\xffb HTTP/1.1\r\n".to_vec();
    bad.extend_from_slice(host.as_bytes());
    bad.extend_from_slice(b"\r\n");
    let bad = served.send(&bad);
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("the query is not UTF-8"), "{}", bad.body);

    // A head over 32 KiB: 431, and the connection closed.
    let big = served.send(format!("GET / HTTP/1.1\r\n{host}X-Big: {}\r\n\r\n", "a".repeat(40 << 10)).as_bytes());
    assert_eq!(big.status, 431);
    let endless = served.send(format!("GET /?url={} HTTP/1.1\r\n", "a".repeat(100 << 10)).as_bytes());
    assert_eq!(endless.status, 431);

    // Still serving; one log line per request, its controls by name.
    let escaped = served.send(format!("GET /\x1b[2J HTTP/1.1\r\n{host}\r\n").as_bytes());
    assert_eq!(escaped.status, 404);
    let line = served.wait_log("<0x1B>[2J");
    assert!(line.ends_with("\"GET /<0x1B>[2J HTTP/1.1\" 404"), "{line}");
    assert!(!served
        .log()
        .iter()
        .any(|l| l.contains('\x1b') || l.contains('\u{fffd}')));
    served.wait_log("\"GET /other HTTP/1.1\" 404");
    served.wait_log("\"DELETE / HTTP/1.1\" 405");
    served.wait_log("\"GET /?url=a<0xFF>b HTTP/1.1\" 400");
    let long = served.wait_log(" 431");
    assert!(
        long.len() < 500,
        "a long request line is cut in the log: {} octets",
        long.len()
    );
    assert_eq!(served.get("/").status, 200);
}
