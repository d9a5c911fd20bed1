//! `urikit extract`: runs the built binary and compares whole outputs and
//! exit codes.

use std::io::Write;
use std::path::PathBuf;

mod common;

use common::{urikit_with_stdin as urikit, Run};

#[track_caller]
fn expect(run: Run, stdout: &str, code: i32) {
    assert_eq!(run.stdout(), stdout, "stderr: {}", run.stderr);
    assert_eq!(run.code, code, "stderr: {}", run.stderr);
}

const JIM: &str = "Yes, Jim, I found it under <ftp://ftp.w3.org/pub/www/doc> but\n    \
                   you can probably pick it up from <ftp://ds.internic.net/rfc>.\n";

#[test]
fn one_url_per_line_from_stdin() {
    expect(
        urikit(&["extract"], JIM.as_bytes()),
        "ftp://ftp.w3.org/pub/www/doc\nftp://ds.internic.net/rfc\n",
        0,
    );
    // No URL is not an error.
    expect(urikit(&["extract"], b"nothing here: <none>\n"), "", 0);
}

#[test]
fn json() {
    let text = "see <URL:http://www.example.com/a-\n    very/long/path>\nand (http://info.cern.ch/a).";
    expect(
        urikit(&["extract", "--json"], text.as_bytes()),
        concat!(
            r#"{"file":"-","range":[4,54],"line":1,"column":5,"wrapper":"url","#,
            r#""url":"http://www.example.com/a-very/long/path","alternatives":["http://www.example.com/avery/long/path"]}"#,
            "\n",
            r#"{"file":"-","range":[60,81],"line":3,"column":6,"wrapper":"bare","#,
            r#""url":"http://info.cern.ch/a","alternatives":[]}"#,
            "\n",
        ),
        0,
    );
    expect(
        urikit(&["extract", "--json"], JIM.as_bytes()),
        concat!(
            r#"{"file":"-","range":[27,57],"line":1,"column":28,"wrapper":"angle","#,
            r#""url":"ftp://ftp.w3.org/pub/www/doc","alternatives":[]}"#,
            "\n",
            r#"{"file":"-","range":[99,126],"line":2,"column":38,"wrapper":"angle","#,
            r#""url":"ftp://ds.internic.net/rfc","alternatives":[]}"#,
            "\n",
        ),
        0,
    );
}

#[test]
fn valid_only() {
    // RFC 1738 has no '~' (a "national" character) and no user in http URLs.
    let text = "http://h/~user http://h/%7Euser <URL:http://u@h/> <URL:ftp://u@h/> news:*";
    expect(
        urikit(&["extract"], text.as_bytes()),
        "http://h/~user\nhttp://h/%7Euser\nhttp://u@h/\nftp://u@h/\nnews:*\n",
        0,
    );
    expect(
        urikit(&["extract", "--valid-only"], text.as_bytes()),
        "http://h/%7Euser\nftp://u@h/\nnews:*\n",
        0,
    );
}

/// An octet that is not UTF-8 in a URL is written as it is (the URL in
/// the text), or with --lenient as its own %XX; never as U+FFFD.
#[test]
fn octets_that_are_not_utf8() {
    let run = urikit(&["extract"], b"\xff http://a/ \xfe<URL:ftp://b/\xff>\n");
    assert_eq!((&run.stdout[..], run.code), (&b"http://a/\nftp://b/\xff\n"[..], 0));
    // Across a line break, whose whitespace is taken out.
    let text = b"<URL:http://h/a\xe9-\n   b\xff?q>\n";
    let run = urikit(&["extract"], text);
    assert_eq!(run.stdout, b"http://h/a\xe9-b\xff?q\n");
    let run = urikit(&["extract", "--lenient"], text);
    assert_eq!(run.stdout(), "http://h/a%E9-b%FF?q\n");
    assert!(run.stderr.contains("http://h/a<0xE9>-b<0xFF>?q\n"), "{}", run.stderr);
    // The JSON's strings are text: U+FFFD there, and %XX with --lenient.
    let run = urikit(&["extract", "--json"], b"<URL:ftp://b/\xff>\n");
    assert!(
        run.stdout().contains("\"url\":\"ftp://b/\u{fffd}\""),
        "{}",
        run.stdout()
    );
    let run = urikit(&["extract", "--json", "--lenient"], b"<URL:ftp://b/\xff>\n");
    assert!(run.stdout().contains(r#""url":"ftp://b/%FF""#), "{}", run.stdout());
    // No spec takes octets that are not UTF-8.
    expect(
        urikit(&["extract", "--valid-only"], b"<URL:ftp://b/\xff> ftp://c/\n"),
        "ftp://c/\n",
        0,
    );
}

fn seed(prefix: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/seeds");
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_str().unwrap().starts_with(prefix))
        .unwrap()
}

/// The URLs the library's tests expect in a seed (`line TAB wrapper TAB url`).
fn expected(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../core/tests/data/text")
        .join(name);
    let mut out = String::new();
    for row in std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        out.push_str(row.rsplit('\t').next().unwrap());
        out.push('\n');
    }
    out
}

#[test]
fn files_and_stdin_in_turn() {
    let (rfc1738, draft03) = (seed("002_"), seed("004_"));
    let (rfc1738, draft03) = (rfc1738.to_str().unwrap(), draft03.to_str().unwrap());
    expect(urikit(&["extract", rfc1738], b""), &expected("002.tsv"), 0);
    let want = format!(
        "{}{}{}",
        expected("002.tsv"),
        "ftp://ftp.w3.org/pub/www/doc\nftp://ds.internic.net/rfc\n",
        expected("004.tsv")
    );
    expect(urikit(&["extract", rfc1738, "-", draft03], JIM.as_bytes()), &want, 0);
    // Every reference URL of RFC 1738 is valid.
    let run = urikit(&["extract", "--valid-only", rfc1738], b"");
    assert_eq!(run.stdout(), expected("002.tsv"));
    // The file as named, in JSON.
    let run = urikit(&["extract", "--json", draft03], b"");
    assert!(run
        .stdout()
        .lines()
        .all(|l| l.starts_with(&format!(r#"{{"file":"{draft03}","range":["#))));
}

#[test]
fn io_errors_exit_2_after_what_was_found() {
    let (rfc1738, missing) = (seed("002_"), "no/such/file.txt");
    let run = urikit(&["extract", rfc1738.to_str().unwrap(), missing], b"");
    assert_eq!(run.stdout(), expected("002.tsv"));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("urikit: error: cannot open no/such/file.txt"),
        "{}",
        run.stderr
    );
}

#[test]
fn streams_a_large_input() {
    // 20 MB in one line with a URL every 1000 bytes: constant memory, every URL.
    let mut text = Vec::with_capacity(20 << 20);
    let mut n = 0;
    while text.len() < 20 << 20 {
        write!(text, "<URL:http://h/{n}>{}", "x".repeat(980)).unwrap();
        n += 1;
    }
    let run = urikit(&["extract"], &text);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout().lines().count(), n);
    assert_eq!(
        run.stdout().lines().last(),
        Some(format!("http://h/{}", n - 1).as_str())
    );
}

#[test]
fn a_url_of_65518_characters_is_found() {
    let long = format!("http://h/{}", "a".repeat(65_518 - 9));
    for text in [
        format!("see {long} and\n"),
        format!("<URL:{long}>\n"),
        format!("{long}\n"),
    ] {
        let run = urikit(&["extract"], text.as_bytes());
        assert!(run.stdout() == format!("{long}\n"), "{}", run.stderr);
        assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    }
}

#[test]
fn a_url_too_long_to_find_is_reported_on_stderr() {
    let long = format!("http://h/{}", "a".repeat(70_000));
    for (text, column) in [
        (format!("first http://a/\nsee {long} and http://b/ too\n"), 5),
        // One diagnostic for the wrapper, none again for the run in it.
        (format!("first http://a/\nsee <URL:{long}> and http://b/ too\n"), 5),
        (format!("first http://a/\n{long}\nhttp://b/\n"), 1),
    ] {
        for json in [false, true] {
            let args: &[&str] = if json { &["extract", "--json"] } else { &["extract"] };
            let run = urikit(args, text.as_bytes());
            let urls: Vec<String> = run
                .stdout()
                .lines()
                .map(|l| match json {
                    true => serde_json::from_str::<serde_json::Value>(l).unwrap()["url"]
                        .as_str()
                        .unwrap()
                        .to_owned(),
                    false => l.to_owned(),
                })
                .collect();
            assert_eq!(urls, ["http://a/", "http://b/"], "{}", run.stderr);
            assert_eq!(
                run.stderr,
                format!("urikit: stdin: line 2, column {column}: skipped a URL longer than 65536 bytes, the most extract finds\n")
            );
            assert_eq!(run.code, 1);
        }
    }
}

const SPECS: [&str; 4] = ["rfc1738", "rfc1630", "rfc1808", "rfc3986"];

#[test]
fn a_url_that_goes_on_past_us_ascii_is_never_cut_short() {
    let text = "see https://example.com/naïve\n";
    for spec in SPECS {
        let title = spec.replace("rfc", "RFC ");
        for args in [
            &["extract", "--spec", spec][..],
            &["extract", "--valid-only", "--spec", spec],
            &["extract", "--json", "--spec", spec],
        ] {
            let run = urikit(args, text.as_bytes());
            assert_eq!(
                run.stderr,
                format!(
                    "urikit: stdin: line 1, column 5: https://example.com/naïve\n{}^\n\
                     error: the URL goes on past US-ASCII with 'ï' U+00EF at column 27, which {title} \
                     allows only %-encoded; --lenient takes it whole and %-encodes it (RFC 3987 §3.1)\n",
                    " ".repeat(
                        "urikit: stdin: line 1, column 5: https://example.com/na"
                            .chars()
                            .count()
                    )
                ),
                "{args:?}"
            );
            expect(run, "", 1);
        }
        // Leniently, taken whole and written %-encoded, with a warning.
        let run = urikit(
            &["extract", "--lenient", "--valid-only", "--spec", spec],
            text.as_bytes(),
        );
        assert!(
            run.stderr.ends_with(
                "warning: the URL goes on past US-ASCII with 'ï' U+00EF at column 27: taken whole, %-encoded (RFC 3987 §3.1)\n"
            ),
            "{}",
            run.stderr
        );
        expect(run, "https://example.com/na%C3%AFve\n", 0);
    }
    // The other URLs of the text are written, and the status says one was not.
    let run = urikit(&["extract"], "http://a/ http://h/caf\u{e9}. http://b/\n".as_bytes());
    assert!(run.stderr.contains("with 'é' U+00E9 at column 23"), "{}", run.stderr);
    expect(run, "http://a/\nhttp://b/\n", 1);
    // A control of the bidirectional algorithm is named, in the echo too.
    let run = urikit(&["extract"], "http://evil/\u{202e}moc.knab\n".as_bytes());
    assert!(
        run.stderr
            .starts_with("urikit: stdin: line 1, column 1: http://evil/<U+202E>moc.knab\n"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("with U+202E at column 13,"), "{}", run.stderr);
    expect(run, "", 1);
}

#[test]
fn lenient_takes_urls_whole_and_writes_them_percent_encoded() {
    let text = "(http://bücher.de/a), http://h/a.é. <URL:http://h/na-\n   ïve> http://h/ok\n";
    let run = urikit(&["extract", "--lenient", "--spec", "rfc3986"], text.as_bytes());
    assert_eq!(
        run.stderr.lines().filter(|l| l.starts_with("warning: ")).count(),
        3,
        "{}",
        run.stderr
    );
    assert!(run
        .stderr
        .contains("warning: 'ï' U+00EF is not US-ASCII: %-encoded (RFC 3987 §3.1)\n"));
    expect(
        run,
        "http://b%C3%BCcher.de/a\nhttp://h/a.%C3%A9\nhttp://h/na-%C3%AFve\nhttp://h/ok\n",
        0,
    );
    let run = urikit(&["extract", "--lenient", "--json"], "x http://h/é/a-b. y".as_bytes());
    expect(
        run,
        concat!(
            r#"{"file":"-","range":[2,17],"line":1,"column":3,"wrapper":"bare","#,
            r#""url":"http://h/%C3%A9/a-b","alternatives":[]}"#,
            "\n"
        ),
        0,
    );
}

#[test]
fn prose_punctuation_outside_us_ascii_ends_a_url() {
    let text = "«http://h/a» “http://h/b”, http://h/c\u{a0}and http://h/d—or 「http://h/e」。\n\
                访问http://h/f。谢谢 http://h/g… (http://h/h)\u{3000}x\n";
    let want = "http://h/a\nhttp://h/b\nhttp://h/c\nhttp://h/d\nhttp://h/e\nhttp://h/f\nhttp://h/g\nhttp://h/h\n";
    for spec in SPECS {
        let run = urikit(&["extract", "--spec", spec], text.as_bytes());
        assert_eq!(run.stderr, "");
        expect(run, want, 0);
    }
    // After a line break, and after a wrapper's end, nothing goes on.
    let run = urikit(
        &["extract"],
        "http://h/a\nüber http://h/b\r\nüber <URL:http://h/c>über\n".as_bytes(),
    );
    assert_eq!(run.stderr, "");
    expect(run, "http://h/a\nhttp://h/b\nhttp://h/c\n", 0);
}

/// The octet is named as `check` names it, and --lenient writes the URL
/// of the text, the octet its own %XX (it wrote U+FFFD's, %EF%BF%BD).
#[test]
fn octets_that_are_not_utf8_after_a_bare_url() {
    let run = urikit(&["extract"], b"see http://h/caf\xe9 then\n");
    assert_eq!(
        run.stderr,
        "urikit: stdin: line 1, column 5: http://h/caf<0xE9>\n                                             ^\n\
         error: the URL goes on past US-ASCII with the octet <0xE9> (not UTF-8) at column 17, which RFC 1738 \
         allows only %-encoded; --lenient takes it whole and %-encodes it (RFC 3987 §3.1)\n"
    );
    expect(run, "", 1);
    let run = urikit(&["extract", "--spec", "rfc3986", "--lenient"], b"see http://a/b\xffc\n");
    assert!(
        run.stderr.contains("http://a/b<0xFF>c\n") && run.stderr.contains("with the octet <0xFF> (not UTF-8)"),
        "{}",
        run.stderr
    );
    expect(run, "http://a/b%FFc\n", 0);
}

#[test]
fn help_says_what_ends_a_url_and_what_lenient_does() {
    let run = urikit(&["extract", "--help"], b"");
    assert_eq!(run.code, 0);
    for words in [
        "--lenient",
        "cut short at a character outside US-ASCII",
        "U+00A0",
        "RFC 3987 §3.1",
    ] {
        assert!(run.stdout().contains(words), "{words}: {}", run.stdout());
    }
}
