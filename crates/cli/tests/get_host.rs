//! `urikit get`'s host fields: `{puny:host}` and `{idn:host}` (UTS #46 by
//! the WHATWG domain parser and domain to Unicode), and `{suffix}`,
//! `{domain}` and `{subdomain}` by the Public Suffix List, compiled in or
//! read with `--suffix-list FILE`, both sections or `--icann-only`; and a
//! `%` not followed by two hex digits, which a lenient WHATWG URL keeps,
//! decoded as itself rather than emptying the field.

mod common;

use common::{urikit, urikit_with_stdin, Run};

#[track_caller]
fn ok(run: Run, stdout: &str) {
    assert_eq!((run.stdout(), run.stderr.as_str(), run.code), (stdout, "", 0));
}

const PARTS: &str = "{suffix}|{domain}|{subdomain}";

#[test]
fn suffix_domain_and_subdomain() {
    ok(
        urikit(&["get", PARTS, "http://www.shop.example.co.uk/", "http://example.com/"]),
        "co.uk|example.co.uk|www.shop\ncom|example.com|\n",
    );
    // Private suffixes count, unless --icann-only.
    ok(
        urikit(&["get", PARTS, "http://me.github.io/"]),
        "github.io|me.github.io|\n",
    );
    ok(
        urikit(&["get", "--icann-only", PARTS, "http://me.github.io/"]),
        "io|github.io|me\n",
    );
    // Wildcard and exception rules (*.ck, !www.ck).
    ok(
        urikit(&["get", PARTS, "http://a.b.ck/", "http://b.ck/", "http://x.www.ck/"]),
        "b.ck|a.b.ck|\nb.ck||\nck|www.ck|x\n",
    );
    // An unlisted TLD is its own suffix (the default rule).
    ok(urikit(&["get", PARTS, "http://a.example.zz/"]), "zz|example.zz|a\n");
}

#[test]
fn fields_with_no_value_print_empty() {
    // A host that is itself a suffix, an IP address, no host.
    ok(
        urikit(&[
            "get",
            &format!("<{PARTS}>"),
            "http://co.uk/",
            "http://192.0.2.1/",
            "file:///etc/motd",
        ]),
        "<co.uk||>\n<||>\n<||>\n",
    );
    let run = urikit(&[
        "get",
        "--spec",
        "rfc3986",
        &format!("<{PARTS}>"),
        "http://[2001:db8::1]/",
        "mailto:a@b.com",
    ]);
    ok(run, "<||>\n<||>\n");
}

#[test]
fn hosts_as_the_url_gives_them() {
    // WHATWG: Punycode, lower case.
    ok(
        urikit(&[
            "get",
            "--spec",
            "whatwg",
            "{host} {domain} {subdomain}",
            "https://WWW.食狮.公司.cn/",
        ]),
        "www.xn--85x722f.xn--55qx5d.cn xn--85x722f.xn--55qx5d.cn www\n",
    );
    // RFC 3986: as written, in its case; a trailing dot kept.
    ok(
        urikit(&["get", "--spec", "rfc3986", PARTS, "http://Shop.Example.COM./"]),
        "COM.|Example.COM.|Shop\n",
    );
}

#[test]
fn punycode_and_unicode_hosts() {
    ok(
        urikit(&[
            "get",
            "--spec",
            "whatwg",
            "{puny:host} {idn:host}",
            "https://βόλος.com/",
            "https://xn--53h.example/",
            "http://[::1]/",
        ]),
        "xn--nxasmm1c.com βόλος.com\nxn--53h.example ☕.example\n[::1] [::1]\n",
    );
    // Under RFC 3986 the host is written with %XX: decoded, then mapped.
    ok(
        urikit(&[
            "get",
            "--spec",
            "rfc3986",
            "{host}|{puny:host}|{idn:host}",
            "http://%CE%B2%CF%8C%CE%BB%CE%BF%CF%82.com/",
            "http://XN--nxasmm1c.COM/",
        ]),
        "βόλος.com|xn--nxasmm1c.com|βόλος.com\nXN--nxasmm1c.COM|xn--nxasmm1c.com|βόλος.com\n",
    );
    // A domain to Unicode error gives the domain as it is.
    ok(urikit(&["get", "{idn:host}", "http://xn--8i7caa/"]), "xn--8i7caa\n");
}

/// UTS #46 refusing the host is an error that names the field, as a refused
/// field is, not an empty value said nowhere; the other lines still answer.
#[test]
fn a_host_uts46_refuses_is_an_error() {
    for field in ["{puny:host}", "{idn:host}"] {
        let run = urikit(&[
            "get",
            "--spec",
            "rfc3986",
            &format!("<{field}>"),
            "http://%E2%80%AE%D7%90%31a/",
            "http://a%00b/",
            "http://ok.example/",
        ]);
        assert_eq!((run.stdout(), run.code), ("<ok.example>\n", 1), "{field}");
        assert_eq!(
            run.stderr
                .matches(&format!("error: {field}: UTS #46 refuses the host"))
                .count(),
            2,
            "{}",
            run.stderr
        );
        assert!(
            run.stderr.contains("argument 1: ") && run.stderr.contains("argument 2: "),
            "{}",
            run.stderr
        );
    }
    // --invalid empty keeps the lines lined up.
    let run = urikit(&[
        "get",
        "--spec",
        "rfc3986",
        "--invalid",
        "empty",
        "{puny:host}",
        "http://a%00b/",
        "http://b/",
    ]);
    assert_eq!((run.stdout(), run.code), ("\nb\n", 1));
}

#[test]
fn a_suffix_list_from_a_file() {
    let dir = std::env::temp_dir().join(format!("urikit-get-host-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("list.dat");
    std::fs::write(
        &file,
        "// ===BEGIN ICANN DOMAINS===\nexample\n// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\nmy.example\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let run = urikit_with_stdin(
        &["get", "--suffix-list", path, PARTS],
        b"http://a.b.my.example/\nhttp://co.uk/\n",
    );
    // The file's rules only: co.uk is no longer a suffix.
    ok(run, "my.example|b.my.example|a\nuk|co.uk|\n");
    ok(
        urikit(&[
            "get",
            "--suffix-list",
            path,
            "--icann-only",
            PARTS,
            "http://a.b.my.example/",
        ]),
        "example|my.example|a.b\n",
    );
    // A list that is not one: a usage error before any input.
    std::fs::write(&file, "just text\n").unwrap();
    let run = urikit(&["get", "--suffix-list", path, "{domain}", "http://a.com/"]);
    assert_eq!((run.stdout(), run.code), ("", 2));
    assert!(
        run.stderr.contains("no rule in the public suffix list"),
        "{}",
        run.stderr
    );
    let run = urikit(&[
        "get",
        "--suffix-list",
        dir.join("none").to_str().unwrap(),
        "{domain}",
        "http://a.com/",
    ]);
    assert_eq!((run.stdout(), run.code), ("", 2));
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
    // Not read when no field asks.
    ok(
        urikit(&[
            "get",
            "--suffix-list",
            dir.join("none").to_str().unwrap(),
            "{host}",
            "http://a.com/",
        ]),
        "a.com\n",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_lists_every_field() {
    let run = urikit(&["get", "--help"]);
    assert_eq!(run.code, 0);
    for field in [
        "{url}",
        "{scheme}",
        "{user}",
        "{password}",
        "{host}",
        "{port}",
        "{default:port}",
        "{path}",
        "{query}",
        "{fragment}",
        "{query:NAME}",
        "{query-all:NAME}",
        "{puny:host}",
        "{idn:host}",
        "{suffix}",
        "{domain}",
        "{subdomain}",
        "{path:N}",
        "{zoneid}",
        "{must:FIELD}",
        "{strict:FIELD}",
        "--suffix-list",
        "--icann-only",
    ] {
        assert!(run.stdout().contains(field), "{field} not in get --help");
    }
    let run = urikit(&["get", "{domains}", "http://a.com/"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("suffix, domain, subdomain"), "{}", run.stderr);
}

/// A lenient WHATWG URL keeps a `%` without two hex digits: each field
/// shows it as itself (the urlencoded parser's rule), as it did not before
/// (the field printed empty).
#[test]
fn a_bad_escape_is_itself_not_nothing() {
    ok(
        urikit(&[
            "get",
            "--spec",
            "whatwg",
            "--lenient",
            "[{query:x}] [{query-all:x}] [{query}] [{path}] [{:query:x}]",
            "http://h/a%zz?x=100%+1&x=%41%",
        ]),
        "[100% 1] [100% 1 A%] [x=100% 1&x=A%] [/a%zz] [100%+1]\n",
    );
}
