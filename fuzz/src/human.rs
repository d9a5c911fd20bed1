//! The human output of the command line: no control byte of the input
//! reaches a terminal.

use urikit::Spec;
use urikit_cli::{render, Human};

/// For every command with human output, by `spec`, strictly and leniently:
/// what `line` makes the command write to stdout and stderr is UTF-8 and
/// holds no control char but tab and newline (no C0 control, DEL or C1
/// control) and no char for which [`reorders_or_hides`], a rejected line
/// gives one diagnostic, and the diagnostic of `check` and `normalize` (a
/// caret form, whose echo of a long line is a window) is at most 1 KiB.
pub fn check_human(spec: Spec, line: &[u8]) {
    for command in [Human::Check, Human::Parse, Human::Lint, Human::Normalize] {
        for lenient in [false, true] {
            let (stdout, stderr) = render(command, spec, lenient, line);
            for (name, bytes) in [("stdout", &stdout), ("stderr", &stderr)] {
                let text = std::str::from_utf8(bytes)
                    .unwrap_or_else(|e| panic!("{command:?} {name} is not UTF-8 ({e}) for {line:?}"));
                if let Some(c) = text
                    .chars()
                    .find(|&c| (c.is_control() && c != '\t' && c != '\n') || reorders_or_hides(c))
                {
                    panic!("{command:?} {spec:?} lenient={lenient} {name} holds {c:?} for {line:?}: {text:?}");
                }
            }
            let diagnostics = stderr
                .split(|&b| b == b'\n')
                .filter(|l| l.starts_with(b"urikit: "))
                .count();
            assert!(
                diagnostics <= 1,
                "{command:?} wrote {diagnostics} diagnostics for {line:?}"
            );
            // A caret form echoes a window of a long line: its size does not
            // grow with the line's.
            let diagnostic = match command {
                Human::Check => &stdout,
                Human::Normalize => &stderr,
                Human::Parse | Human::Lint => continue,
            };
            assert!(
                diagnostic.len() <= 1024,
                "{command:?} wrote a diagnostic of {} bytes for a line of {}",
                diagnostic.len(),
                line.len()
            );
        }
    }
}

/// The Unicode bidirectional controls (the Bidi_Control property), the
/// zero-width and word-joining chars, the byte order mark and the line and
/// paragraph separators: chars that make a terminal show text in another
/// order than its octets, or hide part of it.
fn reorders_or_hides(c: char) -> bool {
    matches!(
        c,
        '\u{61c}'
            | '\u{200b}'
            | '\u{200c}'
            | '\u{200d}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}'
    )
}
