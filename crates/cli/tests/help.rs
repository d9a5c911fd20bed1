//! Help that answers: every command, every spec, every encode set, every
//! JSON key.

mod common;

use common::urikit;
use urikit::pct::EncodeSet;
use urikit::Spec;

const COMMANDS: [&str; 14] = [
    "explain",
    "host",
    "parse",
    "check",
    "resolve",
    "relative",
    "normalize",
    "compare",
    "encode",
    "decode",
    "extract",
    "plan",
    "lint",
    "help",
];

#[test]
fn help_has_help_of_its_own() {
    let run = urikit(&["help", "--help"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout().contains("Usage: urikit help"), "{}", run.stdout());
    let run = urikit(&["help", "parse"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout().contains("Usage: urikit parse"), "{}", run.stdout());
    let run = urikit(&["help"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout().contains("Usage: urikit <COMMAND>"), "{}", run.stdout());
    assert_eq!(urikit(&["help", "frobnicate"]).code, 2);
}

#[test]
fn top_level_help_lists_every_command_spec_and_status() {
    for args in [&["--help"][..], &["help"]] {
        let run = urikit(args);
        assert_eq!(run.code, 0);
        let out = run.stdout();
        for command in COMMANDS {
            assert!(
                out.lines().any(|l| l.trim_start().starts_with(command)),
                "{command}: {out}"
            );
        }
        for spec in Spec::ALL.into_iter() {
            assert!(
                out.contains(spec.name()) && out.contains(spec.title()),
                "{spec:?}: {out}"
            );
        }
        assert!(out.contains("URIKIT_SPEC"), "{out}");
        for status in ["0", "1", "2", "3"] {
            assert!(out.contains(&format!("  {status} ")), "status {status}: {out}");
        }
    }
}

#[test]
fn encode_help_says_what_each_set_encodes() {
    let run = urikit(&["encode", "--help"]);
    let out = run.stdout();
    for set in EncodeSet::ALL {
        let line = out
            .lines()
            .find(|l| {
                l.trim_start_matches([' ', '-'])
                    .starts_with(&format!("{}:", set.name()))
            })
            .unwrap_or_else(|| panic!("no line for {}: {out}", set.name()));
        // Every printable ASCII octet it encodes is listed, and none other.
        let (_, listed) = line.split_once("encodes ").unwrap_or_else(|| panic!("{line}"));
        let listed = listed.split(" and ").next().unwrap();
        for b in 0x21u8..0x7f {
            let shown = listed.contains(b as char);
            assert_eq!(shown, set.encodes(b), "{}: {:?} in {line}", set.name(), b as char);
        }
        assert_eq!(line.contains(" and space,"), set.encodes(b' '), "{line}");
    }
}

#[test]
fn parse_help_lists_the_json_keys_and_scheme_views() {
    let run = urikit(&["parse", "--help"]);
    let out = run.stdout();
    for key in [
        "input",
        "valid",
        "spec",
        "scheme",
        "user",
        "password",
        "host",
        "port",
        "path",
        "query",
        "fragment",
        "errors",
        "scheme_view",
        "offset",
        "rule",
        "message",
        "warnings",
        "url",
        "kind",
        "api",
        "href",
        "protocol",
        "username",
        "hostname",
        "pathname",
        "search",
        "hash",
        "origin",
    ] {
        let mut words = out.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        assert!(words.any(|w| w == key), "{key}: {out}");
    }
    for kind in common::VIEW_KINDS {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(&format!("{kind}:"))),
            "{kind}: {out}"
        );
    }
    assert!(out.contains("schema/parse.schema.json"), "{out}");
}

/// The names a user may type for a command, each said in the help.
const ALIASES: [(&str, &str); 5] = [
    ("validate", "check"),
    ("join", "resolve"),
    ("relativize", "relative"),
    ("normalise", "normalize"),
    ("canonicalize", "normalize"),
];

#[test]
fn aliases_run_their_command_and_are_in_the_help() {
    let help = urikit(&["--help"]).stdout().to_owned();
    for (alias, command) in ALIASES {
        let urls: &[&str] = match command {
            "resolve" | "relative" => &["http://a/b/c", "http://a/b/d", "../x"],
            _ => &["http://a/~x", "HTTP://a/%7e"],
        };
        let by_alias = urikit(&[&[alias], urls].concat());
        let by_name = urikit(&[&[command], urls].concat());
        assert_eq!(
            (by_alias.stdout(), by_alias.stderr.as_str(), by_alias.code),
            (by_name.stdout(), by_name.stderr.as_str(), by_name.code),
            "{alias}"
        );
        // The command's line in the help names the alias.
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{command} ")))
            .unwrap_or_else(|| panic!("{command}: {help}"));
        assert!(line.contains("[alias") && line.contains(alias), "{alias}: {line}");
        // Its help is the command's.
        assert_eq!(
            urikit(&["help", alias]).stdout,
            urikit(&["help", command]).stdout,
            "{alias}"
        );
    }
}
