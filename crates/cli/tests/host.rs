//! `urikit host`: bare hosts through the URL Standard's host parser, as the
//! host of a special URL is parsed; `--unicode`, `--json` (checked against
//! `schema/host.schema.json`), `--invalid`, stdin, and the exit status.

mod common;

use common::schema::check;
use common::{urikit, urikit_with_stdin};
use serde_json::{json, Value};

const SCHEMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/host.schema.json");

#[test]
fn serialized_hosts() {
    let run = urikit(&[
        "host",
        "bücher.de",
        "0x7f.1",
        "[0:0::1]",
        "EXAMPLE.com",
        "2130706433",
        "ex%61mple.org",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout(),
        "xn--bcher-kva.de\n127.0.0.1\n[::1]\nexample.com\n127.0.0.1\nexample.org\n"
    );
    let run = urikit(&["host", "--unicode", "xn--bcher-kva.de", "bücher.DE", "0x7f.1"]);
    assert_eq!(run.stdout(), "bücher.de\nbücher.de\n127.0.0.1\n");
    // Each as the URL parser reads the host of https://HOST/.
    for input in ["bücher.de", "0x7f.1", "[0:0::1]", "ｅｘａｍｐｌｅ．ｃｏｍ", "①②⑦.⓪.⓪.①"] {
        let run = urikit(&[
            "get",
            "--spec",
            "whatwg",
            "--lenient",
            "{host}",
            &format!("https://{input}/"),
        ]);
        let host = urikit(&["host", input]);
        assert_eq!(host.stdout(), run.stdout(), "{input}");
    }
}

#[test]
fn hosts_from_stdin_and_the_invalid_ones() {
    let stdin = b"a.example\nb c\n[::1\nd.example\n";
    let run = urikit_with_stdin(&["host"], stdin);
    assert_eq!(
        (run.code, run.stdout()),
        (1, "a.example\nd.example\n"),
        "{}",
        run.stderr
    );
    assert_eq!(
        run.stderr,
        "urikit: line 2: b c\n                 ^\nerror: space 0x20 is not allowed here at offset 1 (domain-to-ASCII, \
         WHATWG URL Standard)\nurikit: line 3: [::1\n                ^\nerror: '[' without a matching ']' at offset 0 \
         (IPv6-unclosed, WHATWG URL Standard)\n"
    );
    let run = urikit_with_stdin(&["host", "--invalid", "empty"], stdin);
    assert_eq!((run.code, run.stdout()), (1, "a.example\n\n\nd.example\n"));
    let run = urikit_with_stdin(&["host", "--invalid", "input"], stdin);
    assert_eq!(run.stdout(), "a.example\nb c\n[::1\nd.example\n");
    // A line that is not UTF-8.
    let run = urikit_with_stdin(&["host", "--invalid", "empty"], b"a\xffb\nok\n");
    assert_eq!((run.code, run.stdout()), (1, "\nok\n"));
    assert!(run.stderr.contains("a<0xFF>b"), "{}", run.stderr);
    // On every core, the same.
    let many: Vec<u8> = (0..2000)
        .flat_map(|i| format!("h{i}.example\n0x{i:x}\n").into_bytes())
        .collect();
    let one = urikit_with_stdin(&["host", "--jobs", "1"], &many);
    let two = urikit_with_stdin(&["host", "--jobs", "2"], &many);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout().lines().count(), 4000);
}

#[test]
fn json_matches_the_schema() {
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(SCHEMA).unwrap()).unwrap();
    let stdin = "localhost\nx.LOCALHOST.\n10.1.2.3\n0x7f.1\n169.254.169.254\n[::ffff:127.0.0.1]\n[2001:db8::1]\n\
                 www.example.co.uk\nbücher.de\nco.uk\n8.8.8.8\n[::1\na b\n\n";
    let mut stdin = stdin.as_bytes().to_vec();
    stdin.extend_from_slice(b"a\xffb\n");
    let run = urikit_with_stdin(&["host", "--json"], &stdin);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let records: Vec<Value> = run.stdout().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 15);
    for record in &records {
        if let Some(why) = check(&schema, &schema, record, "$") {
            panic!("{why}\n{record}");
        }
    }
    let brief: Vec<(Value, Value, Value, Value)> = records
        .iter()
        .map(|r| {
            (
                r["host"].clone(),
                r["kind"].clone(),
                r["class"].clone(),
                r["domain"].clone(),
            )
        })
        .collect();
    assert_eq!(
        brief[..11],
        [
            (json!("localhost"), json!("domain"), json!("loopback"), json!(null)),
            (
                json!("x.localhost."),
                json!("domain"),
                json!("loopback"),
                json!("x.localhost.")
            ),
            (json!("10.1.2.3"), json!("ipv4"), json!("private"), json!(null)),
            (json!("127.0.0.1"), json!("ipv4"), json!("loopback"), json!(null)),
            (
                json!("169.254.169.254"),
                json!("ipv4"),
                json!("link-local"),
                json!(null)
            ),
            (json!("[::ffff:7f00:1]"), json!("ipv6"), json!("loopback"), json!(null)),
            (
                json!("[2001:db8::1]"),
                json!("ipv6"),
                json!("documentation"),
                json!(null)
            ),
            (
                json!("www.example.co.uk"),
                json!("domain"),
                json!(null),
                json!("example.co.uk")
            ),
            (
                json!("xn--bcher-kva.de"),
                json!("domain"),
                json!(null),
                json!("xn--bcher-kva.de")
            ),
            (json!("co.uk"), json!("domain"), json!(null), json!(null)),
            (json!("8.8.8.8"), json!("ipv4"), json!("public"), json!(null)),
        ]
    );
    assert_eq!(records[3]["ip"], json!("127.0.0.1"));
    assert_eq!(records[5]["ip"], json!("::ffff:127.0.0.1"));
    assert_eq!(records[8]["unicode"], json!("bücher.de"));
    for (record, rule) in records[11..]
        .iter()
        .zip(["IPv6-unclosed", "domain-to-ASCII", "domain-to-ASCII", "UTF-8"])
    {
        assert_eq!(record["valid"], json!(false), "{record}");
        assert_eq!(record["errors"][0]["rule"], json!(rule), "{record}");
    }
    // What the schema refuses.
    let good = &records[0];
    for (pointer, replacement) in [
        ("/kind", json!("ipv5")),
        ("/class", json!("intranet")),
        ("/valid", json!("yes")),
        ("/errors", json!([{"offset": 1}])),
    ] {
        let mut bad = good.clone();
        *bad.pointer_mut(pointer).unwrap() = replacement;
        assert!(check(&schema, &schema, &bad, "$").is_some(), "{pointer}");
    }
    // Usage: --unicode with --json.
    assert_eq!(urikit(&["host", "--json", "--unicode", "a"]).code, 2);
}

/// `host` takes `get`'s Public Suffix List options and `--url-file`, as the
/// other commands do: the registrable domain by the ICANN section alone, or
/// by a list read from a file.
#[test]
fn suffix_list_options_and_url_file() {
    let domain = |args: &[&str]| -> Value {
        let run = urikit(args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let record: Value = serde_json::from_str(run.stdout().trim_end()).unwrap();
        record["domain"].clone()
    };
    assert_eq!(domain(&["host", "--json", "foo.github.io"]), json!("foo.github.io"));
    assert_eq!(
        domain(&["host", "--json", "--icann-only", "foo.github.io"]),
        json!("github.io")
    );
    let dir = std::env::temp_dir().join(format!("urikit-host-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("list.dat");
    std::fs::write(
        &list,
        "// ===BEGIN ICANN DOMAINS===\nexample\n// ===END ICANN DOMAINS===\n",
    )
    .unwrap();
    let list = list.to_str().unwrap();
    assert_eq!(
        domain(&["host", "--json", "--suffix-list", list, "a.b.example"]),
        json!("b.example")
    );
    let hosts = dir.join("hosts.txt");
    std::fs::write(&hosts, "\u{feff}B\u{fc}cher.DE\n0x7f.1\n").unwrap();
    let run = urikit(&["host", "-f", hosts.to_str().unwrap()]);
    assert_eq!(
        (run.stdout(), run.code),
        ("xn--bcher-kva.de\n127.0.0.1\n", 0),
        "{}",
        run.stderr
    );
    let run = urikit(&["host", "--suffix-list", "/nonexistent/list.dat", "--json", "a.b"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--suffix-list: cannot read /nonexistent/list.dat"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
