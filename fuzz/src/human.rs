//! The human output of the command line: no control byte of the input
//! reaches a terminal.

use urikit::Spec;
use urikit_cli::{render, Human};

/// For every command with human output, by `spec`, strictly and leniently:
/// what `line` makes the command write to stdout and stderr is UTF-8 and
/// holds no control char but tab and newline (no C0 control, DEL or C1
/// control), and a rejected line gives one diagnostic.
pub fn check_human(spec: Spec, line: &[u8]) {
    for command in [Human::Check, Human::Parse, Human::Lint, Human::Normalize] {
        for lenient in [false, true] {
            let (stdout, stderr) = render(command, spec, lenient, line);
            for (name, bytes) in [("stdout", &stdout), ("stderr", &stderr)] {
                let text = std::str::from_utf8(bytes)
                    .unwrap_or_else(|e| panic!("{command:?} {name} is not UTF-8 ({e}) for {line:?}"));
                if let Some(c) = text.chars().find(|&c| c.is_control() && c != '\t' && c != '\n') {
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
        }
    }
}
