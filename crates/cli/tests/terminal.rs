//! No control byte of the input reaches a terminal: human output shows each
//! C0 control, DEL, C1 control, bidirectional control, invisible char and
//! octet that is not UTF-8 by name, and JSON writes each such char as a
//! `\uXXXX` escape.

mod common;

use common::urikit_with_stdin;

/// Input lines holding what a terminal would act on.
const HOSTILE: &[u8] = b"http://a/\x1b]0;pwned\x07x\n\
http://a/\x00\n\
http://a/b\x9b31m\n\
http://a/\xc2\x9b31m\n\
http://a b/\x1b[2J\n\
http://evil/\xe2\x80\xaemoc.knab\n\
http://a/\xef\xbb\xbfb\xe2\x80\x8b\xe2\x81\xa6c\n\
ftp://h/\x7f\r\n";

/// The chars in `bytes` a terminal would act on: controls other than tab
/// and newline, and the bidirectional controls, invisible chars and line
/// and paragraph separators (those of `HOSTILE`, and their kin).
fn controls(bytes: &[u8]) -> Vec<char> {
    let text = String::from_utf8_lossy(bytes);
    text.chars()
        .filter(|&c| {
            (c.is_control() && c != '\t' && c != '\n')
                || matches!(
                    c,
                    '\u{61c}'
                        | '\u{200b}'..='\u{200f}'
                        | '\u{2028}'..='\u{202e}'
                        | '\u{2060}'
                        | '\u{2066}'..='\u{2069}'
                        | '\u{feff}'
                )
        })
        .collect()
}

#[test]
fn human_output_holds_no_control_byte_of_the_input() {
    for args in [
        &["check"][..],
        &["check", "--jobs", "2"],
        &["check", "--lenient"],
        &["parse"],
        &["parse", "--lenient"],
        &["parse", "--jobs", "2"],
        &["lint"],
        &["normalize"],
        &["normalize", "--spec", "rfc3986"],
        &["plan"],
        &["resolve", "http://a/"],
        &["relative", "http://a/"],
        &["check", "--spec", "whatwg"],
        &["check", "--spec", "whatwg", "--lenient", "--base", "http://b/"],
        &["parse", "--spec", "whatwg"],
        &["parse", "--spec", "whatwg", "--lenient"],
        &["lint", "--spec", "whatwg"],
        &["normalize", "--spec", "whatwg", "--lenient"],
        &["plan", "--spec", "whatwg", "--lenient"],
        &["resolve", "--spec", "whatwg", "http://a/"],
        &["relative", "--spec", "whatwg", "http://a/"],
        &["get", "--spec", "whatwg", "--lenient", "{host}"],
        &["edit", "--spec", "whatwg", "--set", "query=x"],
    ] {
        let run = urikit_with_stdin(args, HOSTILE);
        assert_eq!(
            controls(&run.stdout),
            [],
            "{args:?} stdout: {}",
            run.stdout.escape_ascii()
        );
        assert_eq!(
            controls(run.stderr.as_bytes()),
            [],
            "{args:?} stderr: {}",
            run.stderr.escape_debug()
        );
    }
}

#[test]
fn an_echoed_url_shows_its_controls_by_name() {
    let run = urikit_with_stdin(&["check"], b"http://a/\x1b]0;pwned\x07x\n");
    assert_eq!(
        run.stdout(),
        "line 1: http://a/<0x1B>]0;pwned<0x07>x\n                 ^\nerror: control character 0x1B is not allowed here, it must be %-encoded at offset 9 (hpath, RFC 1738)\n"
    );
    let run = urikit_with_stdin(&["check"], b"http://a/\xffb\x01\n");
    assert_eq!(
        run.stdout(),
        "line 1: http://a/<0xFF>b<0x01>\n                 ^\nerror: octet 0xFF is not UTF-8 at offset 9, expected UTF-8 text\n"
    );
}

#[test]
fn an_echoed_url_shows_a_right_to_left_override_by_name() {
    // Shown as it is, the override would make the line read `http://evil/bank.com`.
    let run = urikit_with_stdin(&["check"], "http://evil/\u{202e}moc.knab\n".as_bytes());
    let lines: Vec<&str> = run.stdout().lines().collect();
    assert_eq!(lines[0], "line 1: http://evil/<U+202E>moc.knab");
    assert_eq!(lines[1], "                    ^", "the caret under the named char");
}

#[test]
fn a_cut_echo_shows_controls_by_name_and_cuts_none() {
    // Bidirectional controls, ESC and octets that are not UTF-8 on both
    // sides of the error, far into a long line: the window around it cuts
    // between chars, never inside a UTF-8 sequence or a name.
    let mut line = b"http://h/".to_vec();
    for _ in 0..200 {
        line.extend_from_slice("\u{202e}\x1bé".as_bytes());
    }
    line.extend_from_slice(b"\xff");
    for _ in 0..200 {
        line.extend_from_slice("\u{2066}".as_bytes());
        line.extend_from_slice(b"\xc3b");
    }
    line.push(b'\n');
    for args in [&["check"][..], &["normalize"]] {
        let run = urikit_with_stdin(args, &line);
        let report = if args[0] == "check" {
            run.stdout()
        } else {
            run.stderr.as_str()
        };
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines.len(), 4, "{args:?}: {report}");
        assert!(controls(lines[0].as_bytes()).is_empty(), "{:?}", lines[0]);
        assert!(
            !lines[0].contains(['\u{202e}', '\u{2066}', '\u{fffd}']),
            "{:?}",
            lines[0]
        );
        let echo = lines[0].rsplit_once(": ").unwrap().1;
        assert!(echo.starts_with('…') && echo.ends_with('…'), "{echo}");
        // The window's chars are whole names: `é`, `<U+202E>`, `<0x1B>`...
        let inner = &echo['…'.len_utf8()..echo.len() - '…'.len_utf8()];
        let names = inner
            .replace("<U+202E>", "")
            .replace("<U+2066>", "")
            .replace("<0x1B>", "")
            .replace("<0xFF>", "")
            .replace("<0xC3>", "")
            .replace(['é', 'b'], "");
        assert_eq!(names, "", "{echo}");
        // The caret under `<0xFF>`, the first octet that is not UTF-8.
        let caret = lines[1].find('^').unwrap();
        let column = lines[0].chars().count() - lines[0][lines[0].find("<0xFF>").unwrap()..].chars().count();
        assert_eq!(caret, column, "{report}");
        assert!(lines[3].starts_with("note: "), "{report}");
    }
}

#[test]
fn lint_shows_its_subject_by_name() {
    let run = urikit_with_stdin(&["lint"], b"http://a/\x1b[2J\n");
    assert!(run.stdout().starts_with("http://a/<0x1B>[2J\n"), "{}", run.stdout());
}

#[test]
fn decode_to_a_pipe_writes_raw_octets() {
    // Not to a terminal: decode's octets are its data.
    let run = urikit_with_stdin(&["decode"], b"%1B%07\n");
    assert_eq!(run.stdout, b"\x1b\x07\n");
}

/// Runs `urikit ARGS` with stdout on a terminal (through `script`), and
/// gives what the terminal received.
#[cfg(target_os = "linux")]
fn on_a_terminal(args: &str) -> Vec<u8> {
    let out = std::process::Command::new("script")
        .args(["-qec", &format!("\"$URIKIT\" {args}"), "/dev/null"])
        .env("URIKIT", env!("CARGO_BIN_EXE_urikit"))
        .env_remove("URIKIT_SPEC")
        .output()
        .expect("script (util-linux) runs");
    out.stdout
}

#[cfg(target_os = "linux")]
#[test]
fn data_commands_show_controls_to_a_terminal() {
    let dir = std::env::temp_dir().join(format!("urikit-tty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("text");
    std::fs::write(&file, b"see <URL:http://a/\x1b]0;pwned\x07x>\n").unwrap();
    for (args, want) in [
        (
            format!("extract '{}'", file.display()),
            &b"http://a/<0x1B>]0;pwned<0x07>x\r\n"[..],
        ),
        ("decode %1B%07%C2%9B".to_owned(), b"<0x1B><0x07><U+009B>\r\n"),
    ] {
        let got = on_a_terminal(&args);
        assert_eq!(
            got.escape_ascii().to_string(),
            want.escape_ascii().to_string(),
            "{args}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Decoded text follows one rule wherever it is written to a terminal: each
/// char that `Shown` names (a bidirectional control, an invisible char, a
/// control) is written by its name. `get`'s fields are decoded text as
/// `decode`'s octets are, in one thread or in two (whose workers format the
/// lines without stdout in hand).
#[cfg(target_os = "linux")]
#[test]
fn decoded_text_reaches_a_terminal_by_one_rule() {
    let dir = std::env::temp_dir().join(format!("urikit-tty-decoded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls");
    std::fs::write(&file, b"http://h/%E2%80%AEabc%E2%80%8Bd%EF%BB%BF\n").unwrap();
    let want = b"/<U+202E>abc<U+200B>d<U+FEFF>\r\n";
    let mut commands = vec![
        "get '{path}' 'http://h/%E2%80%AEabc%E2%80%8Bd%EF%BB%BF'".to_owned(),
        "decode '/%E2%80%AEabc%E2%80%8Bd%EF%BB%BF'".to_owned(),
    ];
    for jobs in [1, 2] {
        commands.push(format!("get --jobs {jobs} '{{path}}' < '{}'", file.display()));
    }
    for command in &commands {
        let got = on_a_terminal(command);
        assert_eq!(
            got.escape_ascii().to_string(),
            want.escape_ascii().to_string(),
            "{command}"
        );
    }
    // Down a pipe the field is what it decodes to, as decode's octets are.
    let run = common::urikit(&["get", "{path}", "http://h/%E2%80%AEabc"]);
    assert_eq!(run.stdout(), "/\u{202e}abc\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `plan` is a report: its transcript shows what the client would send,
/// decoded, with every char that `Shown` names by its name, to a terminal
/// or not (it named only the C0 controls).
#[test]
fn a_plan_shows_decoded_controls_by_name() {
    let run = common::urikit(&["plan", "gopher://h/1%C2%9B2J%E2%80%AEabc%E2%80%8B"]);
    assert_eq!(
        run.stdout(),
        "# connect to h port 70\n> <U+009B>2J<U+202E>abc<U+200B><CR><LF>\n"
    );
    assert_eq!(controls(&run.stdout), []);
}

/// Arguments holding what a terminal would act on, where clap's messages
/// echo them: a command, an option's value, an option.
const HOSTILE_ARGUMENTS: [&[&str]; 5] = [
    &["\u{1b}[2Jx"],
    &["a\u{7}b\rc\u{9b}d"],
    &["check", "--spec", "\u{202e}lmth.exe"],
    &["check", "--bogus\r\u{1b}]0;pwned\u{7}", "http://h/"],
    &["get", "--spec", "x\u{85}y", "{host}"],
];

#[test]
fn a_usage_error_holds_no_control_of_the_arguments() {
    for args in HOSTILE_ARGUMENTS {
        let run = common::urikit(args);
        assert_eq!((run.code, &run.stdout[..]), (2, &b""[..]), "{args:?}");
        assert!(run.stderr.starts_with("error: "), "{args:?}: {}", run.stderr);
        assert_eq!(
            controls(run.stderr.as_bytes()),
            [],
            "{args:?}: {}",
            run.stderr.escape_debug()
        );
    }
    // clap drops escape sequences and BEL; the rest is shown by name.
    let run = common::urikit(HOSTILE_ARGUMENTS[1]);
    assert!(run.stderr.contains("'ab<CR>c<U+009B>d'"), "{}", run.stderr);
}

#[cfg(target_os = "linux")]
#[test]
fn a_usage_error_holds_no_control_of_the_arguments_on_a_terminal() {
    // The arguments through printf, for a shell without $'...'.
    for args in [
        "\"$(printf '\\033[2Jx')\"",
        "check --spec \"$(printf '\\342\\200\\256lmth.exe')\" http://h/",
        "\"$(printf 'a\\007b\\rc\\302\\233d')\"",
    ] {
        let got = on_a_terminal(&format!("{args} 2>&1"));
        let got = String::from_utf8_lossy(&got).replace("\r\n", "\n");
        assert!(got.starts_with("error: "), "{args}: {got:?}");
        assert_eq!(controls(got.as_bytes()), [], "{args}: {got:?}");
    }
}

/// Input lines for the `--json` modes: the hostile lines, and URLs whose
/// decoded components (a query's pairs, a scheme's fields) or whose
/// finding in text hold such chars (U+2028 and U+2060 too).
fn json_hostile() -> Vec<u8> {
    let mut input = HOSTILE.to_vec();
    input.extend_from_slice(
        b"http://h/%E2%80%AEabc%E2%80%8Bd%EF%BB%BF?%C2%9B=%E2%81%A6%7F&a=%E2%80%8F#%E2%80%8E\n\
ftp://h/%C2%9B%E2%80%AE%E2%80%A8%E2%81%A0\n\
see <URL:http://b/\xc2\x9by\xe2\x80\xae\x7f>\n",
    );
    input
}

/// The commands that have `--json`, read from the help: one added later is
/// checked without being named here.
fn json_commands() -> Vec<String> {
    let help = common::urikit(&["--help"]);
    let commands: Vec<String> = help
        .stdout()
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|command| *command != "help")
        .map(str::to_owned)
        .collect();
    assert!(commands.len() > 10, "{}", help.stdout());
    commands
        .into_iter()
        .filter(|command| has_option(command, "--json"))
        .collect()
}

/// Whether `urikit COMMAND --help` lists `option`.
fn has_option(command: &str, option: &str) -> bool {
    common::urikit(&[command, "--help"]).stdout().lines().any(|line| {
        let line = line.trim_start().trim_start_matches("-j, ");
        line.strip_prefix(option)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    })
}

/// Every `--json` mode writes each char that `Shown` names as a `\uXXXX`
/// escape, down a pipe and to a terminal alike (the output is the same
/// octets): valid JSON whose strings are those of the input, decoded.
#[test]
fn json_holds_no_named_char_raw() {
    let input = json_hostile();
    let lines: Vec<String> = input
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| String::from_utf8_lossy(line.strip_suffix(b"\r").unwrap_or(line)).into_owned())
        .collect();
    let commands = json_commands();
    for command in [
        "parse",
        "lint",
        "edit",
        "extract",
        "explain",
        "check",
        "normalize",
        "resolve",
        "relative",
        "compare",
        "get",
        "match",
    ] {
        assert!(
            commands.iter().any(|c| c == command),
            "{command} has --json: {commands:?}"
        );
    }
    let dir = std::env::temp_dir().join(format!("urikit-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls");
    std::fs::write(&file, &input).unwrap();
    for command in &commands {
        // The options a command needs besides, and those it has.
        let mut variants: Vec<Vec<&str>> = vec![vec![]];
        if has_option(command, "--spec") {
            variants.push(vec!["--spec", "rfc3986"]);
            if has_option(command, "--lenient") {
                variants.push(vec!["--spec", "whatwg", "--lenient"]);
            }
        }
        if has_option(command, "--jobs") {
            variants.push(vec!["--jobs", "2"]);
        }
        for variant in variants {
            let mut args = vec![command.as_str(), "--json"];
            // The arguments a command needs besides its input.
            match command.as_str() {
                "edit" => args.extend(["--set", "fragment=x"]),
                "resolve" | "relative" => args.push("http://h/a/b"),
                // No space, no shell char: the terminal run is a shell line.
                "get" => args.push("{url}@{path}@{query}"),
                // Its two URLs are arguments: both hold named chars.
                "compare" => args.extend(["http://h/\u{9b}/\u{202e}", "http://h/\u{202e}"]),
                // The pattern that matches every URL (an empty init: every
                // component a wildcard), with no shell char.
                "match" => args.extend(["--init", "{}"]),
                _ => {}
            }
            args.extend(variant);
            let run = common::urikit_with_stdin(&args, &input);
            // compare: 3 when a URL is invalid (by rfc3986, a non-ASCII char).
            assert!([0, 1, 3].contains(&run.code), "{args:?}: {}", run.stderr);
            let out = String::from_utf8(run.stdout.clone()).expect("JSON is UTF-8");
            assert_eq!(controls(out.as_bytes()), [], "{args:?}: {}", out.escape_debug());
            let records: Vec<serde_json::Value> = out
                .lines()
                .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}")))
                .collect();
            assert!(!records.is_empty(), "{args:?}");
            // A record per line holds the line as its input, every char kept.
            if records[0].get("input").is_some() {
                let inputs: Vec<&str> = records.iter().map(|r| r["input"].as_str().unwrap()).collect();
                assert_eq!(inputs, lines, "{args:?}");
            }
            #[cfg(target_os = "linux")]
            {
                let got = on_a_terminal(&format!("{} < '{}' 2>/dev/null", args.join(" "), file.display()));
                let got = String::from_utf8(got).unwrap().replace("\r\n", "\n");
                assert_eq!(got, out, "{args:?} on a terminal");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Decoded components and text found are written with their named chars
/// escaped, and read back as they were decoded.
#[test]
fn json_escapes_the_named_chars_it_decodes() {
    let run = common::urikit(&["parse", "--json", "--spec", "rfc3986", "http://a/?%C2%9B=%E2%80%AE%7F"]);
    assert!(
        run.stdout()
            .contains(r#""params":[{"key":"\u009b","value":"\u202e\u007f"}]"#),
        "{}",
        run.stdout()
    );
    let record: serde_json::Value = serde_json::from_str(run.stdout()).unwrap();
    assert_eq!(record["params"][0]["key"], "\u{9b}");
    assert_eq!(record["params"][0]["value"], "\u{202e}\u{7f}");
    let run = common::urikit(&["parse", "--json", "ftp://h/%E2%80%AE"]);
    assert!(run.stdout().contains(r#""name":"\u202e""#), "{}", run.stdout());
    let run = common::urikit_with_stdin(&["extract", "--json"], "<URL:http://b/\u{9b}y>\n".as_bytes());
    let record: serde_json::Value = serde_json::from_str(run.stdout()).unwrap();
    assert_eq!(record["url"], "http://b/\u{9b}y");
    assert!(run.stdout().contains(r#""url":"http://b/\u009by""#), "{}", run.stdout());
    // Input without such chars is written as it always was.
    let run = common::urikit(&["lint", "--json", "http://h/é?a\"b"]);
    assert!(
        run.stdout().starts_with(r#"{"input":"http://h/é?a\"b","#),
        "{}",
        run.stdout()
    );
}
