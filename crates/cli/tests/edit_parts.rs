//! `urikit edit` past trurl: `--new` (a URL built from parts, no input),
//! `--set C?=V` (only when unset) and `C:=V` (encoded for the place), bare
//! query keys, `--iterate` (one URL per value, every combination in order),
//! `--punycode` and `--as-idn`.

mod common;

use common::{urikit, urikit_with_stdin, Run};

#[track_caller]
fn ok(run: Run, stdout: &str) {
    assert_eq!((run.stdout(), run.stderr.as_str(), run.code), (stdout, "", 0));
}

#[track_caller]
fn fails(run: Run, code: i32, stdout: &str, error: &str) {
    assert_eq!((run.stdout(), run.code), (stdout, code), "{}", run.stderr);
    assert!(run.stderr.contains(error), "{:?} lacks {error:?}", run.stderr);
}

#[test]
fn new_builds_from_parts_and_reads_no_input() {
    // stdin holds a URL, which --new does not read.
    ok(
        urikit_with_stdin(
            &[
                "edit",
                "--new",
                "--set",
                "host=example.com",
                "--set",
                "scheme=https",
                "--set",
                "path=/x",
            ],
            b"http://stdin.example/\n",
        ),
        "https://example.com/x\n",
    );
    ok(
        urikit(&[
            "edit",
            "--new",
            "--spec",
            "rfc3986",
            "--set",
            "scheme=ftp",
            "--set",
            "host=h",
            "--set",
            "port=21",
            "--append",
            "path=a b",
        ]),
        "ftp://h:21/a%20b\n",
    );
    // By whatwg, the parts are read as the URL parser reads them.
    ok(
        urikit(&[
            "edit",
            "--new",
            "--spec",
            "whatwg",
            "--set",
            "scheme=HTTPS",
            "--set",
            "host=EXAMPLE.com",
            "--set",
            "port=443",
            "--set",
            "path:=/a b",
        ]),
        "https://example.com/a%20b\n",
    );
    // A part that would not read back as itself is still refused.
    fails(
        urikit(&[
            "edit",
            "--new",
            "--spec",
            "whatwg",
            "--set",
            "scheme=https",
            "--set",
            "host=h",
            "--set",
            "path=/a?b",
        ]),
        1,
        "",
        "error: --set \"path=/a?b\": the value would not read back",
    );
    fails(
        urikit(&[
            "edit",
            "--new",
            "--spec",
            "whatwg",
            "--set",
            "protocol=https",
            "--set",
            "host=h",
        ]),
        1,
        "",
        "error: --set \"protocol=https\": --new builds from components",
    );
    // Without --new, no URL argument reads stdin, as always.
    ok(
        urikit_with_stdin(&["edit", "--set", "path=/y"], b"http://stdin.example/\n"),
        "http://stdin.example/y\n",
    );
    // No scheme: no URL, an error naming --new.
    fails(
        urikit(&["edit", "--new", "--set", "host=moo"]),
        1,
        "",
        "urikit: --new: \nerror: --new: empty scheme",
    );
    fails(
        urikit(&["edit", "--new", "--set", "scheme=http", "http://a/"]),
        2,
        "",
        "--new builds a URL from parts: it takes no URL arguments",
    );
}

#[test]
fn set_if_unset() {
    ok(
        urikit(&[
            "edit",
            "--set",
            "fragment?=x",
            "--set",
            "query?=q",
            "--set",
            "port?=8080",
            "http://h:1/?a",
            "http://h/",
        ]),
        "http://h:1/?a#x\nhttp://h:8080/?q#x\n",
    );
    // An empty component is set, not missing.
    ok(urikit(&["edit", "--set", "query?=q", "http://h/?"]), "http://h/?\n");
    ok(
        urikit(&["edit", "--new", "--set", "scheme?=http", "--set", "host?=h"]),
        "http://h\n",
    );
    fails(
        urikit(&["edit", "--spec", "whatwg", "--set", "hostname?=x", "http://h/"]),
        2,
        "",
        "C?=V take a component",
    );
}

#[test]
fn set_encoded_for_the_place() {
    ok(
        urikit(&[
            "edit",
            "--spec",
            "rfc3986",
            "--set",
            "path:=/a b/c?d%",
            "--set",
            "query:=1+1=2 & more",
            "--set",
            "fragment:=#x y",
            "--set",
            "user:=me@there",
            "http://h/",
        ]),
        "http://me%40there@h/a%20b/c%3Fd%25?1%2B1%3D2+%26+more#%23x%20y\n",
    );
    // What := encodes, get reads back.
    let url = urikit(&[
        "edit",
        "--spec",
        "rfc3986",
        "--set",
        "query:=1+1=2 & more",
        "--set",
        "path:=/a b/c?d%",
        "http://h/",
    ]);
    ok(
        urikit(&["get", "--spec", "rfc3986", "{query}|{path}", url.stdout().trim_end()]),
        "1+1=2 & more|/a b/c?d%\n",
    );
    // As written, the same value is refused.
    fails(
        urikit(&["edit", "--spec", "rfc3986", "--set", "path=/c?d", "http://h/"]),
        1,
        "",
        "--set \"path=/c?d\"",
    );
    fails(
        urikit(&["edit", "--set", "port:=80", "http://h/"]),
        2,
        "",
        "the port has no encode set",
    );
}

#[test]
fn bare_query_keys() {
    ok(
        urikit(&[
            "edit",
            "--append",
            "query=moo",
            "--append",
            "query=cow=",
            "--append",
            "query=a b=c d",
            "http://h/?x=1",
        ]),
        "http://h/?x=1&moo&cow=&a+b=c+d\n",
    );
    ok(
        urikit(&["edit", "--append", "query=moo", "http://h/"]),
        "http://h/?moo\n",
    );
}

#[test]
fn iterate_writes_every_combination_in_order() {
    // The first --iterate changes slowest (trurl's order).
    ok(
        urikit(&[
            "edit",
            "--spec",
            "rfc3986",
            "--iterate",
            "port=81 443",
            "--iterate",
            "scheme=sftp moo",
            "https://curl.se/",
        ]),
        "sftp://curl.se:81/\nmoo://curl.se:81/\nsftp://curl.se:443/\nmoo://curl.se:443/\n",
    );
    // Each input in turn, with the --set applied to each.
    ok(
        urikit(&[
            "edit",
            "--set",
            "host=localhost",
            "--iterate",
            "port=22 23",
            "http://a/",
            "http://b/x",
        ]),
        "http://localhost:22/\nhttp://localhost:23/\nhttp://localhost:22/x\nhttp://localhost:23/x\n",
    );
    ok(
        urikit(&["edit", "--iterate", "query:=a b c&d", "http://h/"]),
        "http://h/?a\nhttp://h/?b\nhttp://h/?c%26d\n",
    );
    // A value that does not fit fails that URL alone.
    fails(
        urikit(&["edit", "--iterate", "port=1 x 2", "http://h/"]),
        1,
        "http://h:1/\nhttp://h:2/\n",
        "--iterate \"port=x\"",
    );
    fails(
        urikit(&["edit", "--iterate", "port=1 2", "--iterate", "port=3", "http://h/"]),
        2,
        "",
        "that component is iterated already",
    );
    fails(urikit(&["edit", "--iterate", "port=", "http://h/"]), 2, "", "no values");
    ok(
        urikit(&["edit", "--new", "--set", "scheme=http", "--iterate", "host=a b"]),
        "http://a\nhttp://b\n",
    );
}

#[test]
fn punycode_and_idn_hosts() {
    ok(
        urikit(&[
            "edit",
            "--spec",
            "rfc3986",
            "--punycode",
            "--set",
            "port=21",
            "http://%C3%A5%C3%A4%C3%B6/",
            "http://[::1]/",
        ]),
        "http://xn--4cab6c:21/\nhttp://[::1]:21/\n",
    );
    ok(
        urikit(&["edit", "--spec", "whatwg", "--punycode", "http://räksmörgås/"]),
        "http://xn--rksmrgs-5wao1o/\n",
    );
    ok(
        urikit(&["edit", "--spec", "rfc3986", "--as-idn", "http://xn--rksmrgs-5wao1o/"]),
        "http://r%C3%A4ksm%C3%B6rg%C3%A5s/\n",
    );
    ok(
        urikit(&[
            "edit",
            "--spec",
            "rfc3986",
            "--as-idn",
            "http://xn--rksmrgs-5wao1o/",
            "--set",
            "host:=bücher.de",
        ]),
        "http://b%C3%BCcher.de/\n",
    );
    // A host that cannot be so written is said, and the URL kept.
    fails(
        urikit(&["edit", "--spec", "whatwg", "--as-idn", "http://xn--rksmrgs-5wao1o/"]),
        1,
        "http://xn--rksmrgs-5wao1o/\n",
        "--as-idn: cannot write the host as \"räksmörgås\": the URL Standard writes a host in Punycode",
    );
    fails(
        urikit(&["edit", "--as-idn", "http://xn--rksmrgs-5wao1o/"]),
        1,
        "http://xn--rksmrgs-5wao1o/\n",
        "--as-idn: cannot write the host as \"räksmörgås\"",
    );
    fails(
        urikit(&["edit", "--spec", "rfc3986", "--punycode", "http://a%00b/"]),
        1,
        "http://a%00b/\n",
        "--punycode: UTS #46 refuses the host",
    );
    fails(
        urikit(&["edit", "--punycode", "--as-idn", "http://h/"]),
        2,
        "",
        "cannot be used with",
    );
}

#[test]
fn query_separator() {
    ok(
        urikit(&[
            "edit",
            "--query-separator",
            ";",
            "--append",
            "query=x",
            "--append",
            "query=y=a;b&c",
            "--replace",
            "query=a=9",
            "--remove-query",
            "z",
            "http://h/?a=1&z=0;b;z=1;a=2",
        ]),
        "http://h/?a=9;b;x;y=a%3Bb%26c\n",
    );
    ok(
        urikit(&[
            "edit",
            "--spec",
            "rfc3986",
            "--query-separator",
            "C",
            "--remove-query",
            "d",
            "http://foo/?a=bCd=eCe=f",
        ]),
        "http://foo/?a=bCe=f\n",
    );
    // The separator is encoded in what is appended, even where a form
    // value keeps it.
    ok(
        urikit(&[
            "edit",
            "--query-separator",
            ".",
            "--append",
            "query=v.w=a.b",
            "http://h/?x=1",
        ]),
        "http://h/?x=1.v%2Ew=a%2Eb\n",
    );
    ok(
        urikit(&["edit", "--query-separator", ":", "--sort-query", "http://h/?b=2:a=1&z"]),
        "http://h/?a=1&z:b=2\n",
    );
    // A separator that would say something else in a query is refused.
    for bad in ["=", "%", "#", "+", "::", "", "é"] {
        fails(
            urikit(&["edit", "--query-separator", bad, "http://h/"]),
            2,
            "",
            "--query-separator",
        );
    }
}

/// `--accept-space` (edit and normalize): a space in the input URL is
/// %-encoded, and nothing else the spec refuses is repaired.
#[test]
fn accept_space() {
    for command in ["edit", "normalize"] {
        ok(
            urikit(&[
                command,
                "--spec",
                "rfc3986",
                "--accept-space",
                "gopher://localhost/ with space",
                "https://localhost/?with space#a b",
            ]),
            "gopher://localhost/%20with%20space\nhttps://localhost/?with%20space#a%20b\n",
        );
        // Without it, the space is refused.
        fails(
            urikit(&[command, "--spec", "rfc3986", "http://h/a b"]),
            1,
            "",
            "space 0x20 is not allowed",
        );
        // A tab, or a space the parser would trim, is still refused.
        for input in ["http://h/a\tb c", " http://h/a b", "http://h/a b "] {
            fails(
                urikit(&[command, "--spec", "whatwg", "--accept-space", input]),
                1,
                "",
                "error:",
            );
        }
    }
    // By RFC 1738 too; its normal form writes a space in a search '+'.
    ok(
        urikit(&["edit", "--accept-space", "--append", "query=x=1", "http://h/a b?q r"]),
        "http://h/a%20b?q%20r&x=1\n",
    );
    ok(
        urikit(&["normalize", "--accept-space", "http://h/a b?q r"]),
        "http://h/a%20b?q+r\n",
    );
}
