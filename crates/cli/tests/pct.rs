//! `encode` and `decode`: octets in, octets out, and the `+` of a search.

mod common;

use std::process::Command;

use common::{urikit, urikit_with_stdin};

/// Runs a shell pipeline in which `urikit` is the built binary.
fn sh(script: &str, stdin: &[u8]) -> Vec<u8> {
    let script = script.replace("urikit", "\"$URIKIT\"");
    let path = std::env::temp_dir().join(format!("urikit-pct-{}-{}", std::process::id(), stdin.len()));
    std::fs::write(&path, stdin).unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {script}; }} < \"$IN\""))
        .env("URIKIT", env!("CARGO_BIN_EXE_urikit"))
        .env("IN", &path)
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn encode_reads_octets_not_text() {
    let run = urikit_with_stdin(&["encode"], b"\xff\xfe a\n\xc3\xa4\xc3\n");
    assert_eq!(run.stdout(), "%FF%FE%20a\n%C3%A4%C3\n", "{}", run.stderr);
    assert_eq!(run.code, 0);
    assert_eq!(sh("urikit decode | urikit encode", b"%FF\n"), b"%FF\n");
}

#[test]
fn decode_then_encode_round_trips_every_octet() {
    // Every octet but the line feed that ends the line.
    let octets: Vec<u8> = (0..=255u8).filter(|&b| b != b'\n').collect();
    for set in urikit::pct::EncodeSet::ALL.map(|set| set.name()) {
        let encoded = urikit_with_stdin(&["encode", "--set", set], &[&octets[..], b"\n"].concat());
        assert_eq!(encoded.code, 0, "{set}: {}", encoded.stderr);
        let decoder = if set == "search" || set == "form-value" {
            "urikit decode --form"
        } else {
            "urikit decode"
        };
        assert_eq!(sh(decoder, &encoded.stdout), [&octets[..], b"\n"].concat(), "{set}");
        let again = sh(&format!("{decoder} | urikit encode --set {set}"), &encoded.stdout);
        assert_eq!(again, encoded.stdout, "{set}");
    }
}

#[test]
fn decode_form_reads_plus_as_space() {
    let run = urikit(&["decode", "--form", "1%2B1+=+2", "a+b%20c"]);
    assert_eq!(run.stdout(), "1+1 = 2\na b c\n", "{}", run.stderr);
    assert_eq!(run.code, 0);
    // Without --form a `+` is a `+`.
    assert_eq!(urikit(&["decode", "a+b"]).stdout(), "a+b\n");
    assert_eq!(
        sh("urikit encode --set search | urikit decode --form", b"1+1 = 2/3\n"),
        b"1+1 = 2/3\n"
    );
}
