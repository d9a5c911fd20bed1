//! `urikit completions SHELL` and `urikit man [COMMAND]`: made from the
//! command line's own definitions, they name every command there is, and
//! the shells and groff read them.

mod common;

use std::process::{Command, Stdio};

use common::urikit;
use urikit::Spec;

/// The commands the top-level help lists, as the user types them: every
/// command there is.
fn commands() -> Vec<String> {
    let run = urikit(&["--help"]);
    let help = run.stdout();
    let listed: Vec<String> = help
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect();
    for command in ["parse", "check", "get", "edit", "explain", "completions", "man", "help"] {
        assert!(listed.iter().any(|c| c == command), "{command}: {help}");
    }
    listed
}

/// Whether `program` runs here (`program --version` succeeds).
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Runs `program args`, `input` on its stdin: its exit status and stderr.
fn run_with(program: &str, args: &[&str], input: &[u8]) -> (bool, String) {
    use std::io::Write;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn help_lists_completions_and_man() {
    for args in [&["--help"][..], &["help"]] {
        let run = urikit(args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        for command in ["completions", "man"] {
            assert!(
                run.stdout().lines().any(|l| l.trim_start().starts_with(command)),
                "{command}: {}",
                run.stdout()
            );
        }
    }
    for command in ["completions", "man"] {
        let run = urikit(&["help", command]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            run.stdout().contains(&format!("Usage: urikit {command}")),
            "{}",
            run.stdout()
        );
    }
}

#[test]
fn each_script_names_every_command_and_the_values_of_spec() {
    let commands = commands();
    let specs: Vec<&str> = Spec::ALL.iter().map(|s| s.name()).collect();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = urikit(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(run.stderr.is_empty(), "{shell}: {}", run.stderr);
        let script = run.stdout();
        assert!(!script.trim().is_empty(), "{shell}");
        for command in &commands {
            // How each script names a command: the case that completes
            // after it, or the list the command is completed from.
            let named = match shell {
                "bash" => format!("urikit,{command})"),
                "zsh" => format!("'{command}:"),
                "fish" => format!("-a \"{command}\""),
                "powershell" => format!("'urikit;{command}'"),
                _ => format!("&'urikit;{command}'="),
            };
            assert!(script.contains(&named), "{shell}: no {named}");
        }
        let spec = match shell {
            "fish" => "-l spec",
            _ => "--spec",
        };
        assert!(script.contains(spec), "{shell}: no {spec}");
        // The formats that list an option's values: --spec's, all of them,
        // as one list.
        let listed = match shell {
            "bash" => Some(format!("compgen -W \"{}\"", specs.join(" "))),
            "zsh" => Some(format!(":SPEC:({})", specs.join(" "))),
            "fish" => Some(format!(
                "-a \"{}",
                specs.iter().map(|s| format!("{s}\\t''")).collect::<Vec<_>>().join("\n")
            )),
            _ => None,
        };
        if let Some(listed) = listed {
            assert!(script.contains(&listed), "{shell}: no {listed}");
        }
    }
}

#[test]
fn the_shells_read_their_scripts() {
    // bash is there wherever the tests run; the others only where installed.
    let checks: [(&str, &[&str]); 3] = [("bash", &["-n"]), ("zsh", &["-n"]), ("fish", &["--no-execute"])];
    for (shell, args) in checks {
        if shell != "bash" && !installed(shell) {
            continue;
        }
        let run = urikit(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(!run.stdout.is_empty(), "{shell}");
        let (ok, stderr) = run_with(shell, args, &run.stdout);
        assert!(ok && stderr.is_empty(), "{shell} {args:?}: {stderr}");
    }
}

#[test]
fn completions_refuses_a_shell_it_does_not_know() {
    let run = urikit(&["completions", "tcsh"]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("invalid value 'tcsh'"), "{}", run.stderr);
    assert!(
        run.stderr.contains("bash") && run.stderr.contains("powershell"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_man_page_of_urikit_names_every_command() {
    let run = urikit(&["man"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = run.stdout();
    // Only the definitions of the apostrophe string come before the title.
    let mut lines = page
        .lines()
        .skip_while(|l| l.starts_with(".ie ") || l.starts_with(".el "));
    assert_eq!(
        lines.next(),
        Some(format!(".TH urikit 1  \"urikit {}\" ", env!("CARGO_PKG_VERSION")).as_str())
    );
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "SUBCOMMANDS"] {
        assert!(page.lines().any(|l| l == format!(".SH {section}")), "{section}: {page}");
    }
    for command in commands() {
        let escaped = command.replace('-', "\\-");
        assert!(page.contains(&format!("urikit\\-{escaped}(1)")), "{command}: {page}");
    }
    // The exit statuses, from the help's closing text.
    assert!(page.contains("Exit status:"), "{page}");
}

#[test]
fn the_man_page_of_check_documents_spec() {
    for name in ["check", "validate"] {
        let run = urikit(&["man", name]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let page = run.stdout();
        assert!(page.contains("\n.TH urikit-check 1 "), "{page}");
        assert!(page.contains("\n\\fBurikit check\\fR "), "{page}");
        assert!(
            page.contains("\\fB\\-\\-spec\\fR \\fI<SPEC>\\fR\nThe grammar to apply"),
            "{page}"
        );
        for spec in Spec::ALL {
            assert!(page.contains(&format!("\n{}\n", spec.name())), "{spec:?}: {page}");
        }
    }
}

/// Every page is ASCII, its chars past ASCII written as groff escapes, in
/// the shape of a man page; groff, where installed, renders it without a
/// warning (`-ww`: all of them).
#[test]
fn every_page_renders_without_warnings() {
    let groff = installed("groff");
    for command in std::iter::once(None).chain(commands().into_iter().map(Some)) {
        let args: Vec<&str> = std::iter::once("man").chain(command.as_deref()).collect();
        let run = urikit(&args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let page = run.stdout();
        assert!(page.is_ascii(), "{args:?}: {page}");
        let title = match &command {
            None => ".TH urikit 1 ".to_owned(),
            Some(command) => format!(".TH urikit-{command} 1 "),
        };
        assert_eq!(page.lines().filter(|l| l.starts_with(".TH ")).count(), 1, "{args:?}");
        assert!(page.contains(&format!("\n{title}")), "{args:?}: {page}");
        let (th, name, synopsis) = (
            page.find("\n.TH ").unwrap(),
            page.find("\n.SH NAME\n").expect("NAME"),
            page.find("\n.SH SYNOPSIS\n").expect("SYNOPSIS"),
        );
        assert!(th < name && name < synopsis, "{args:?}: {page}");
        if groff {
            let (ok, warnings) = run_with("groff", &["-man", "-Tutf8", "-ww", "-z"], page.as_bytes());
            assert!(ok && warnings.is_empty(), "{args:?}: {warnings}");
        }
    }
}

#[test]
fn man_of_no_command_is_a_usage_error_as_help_says_it() {
    for name in ["nosuch", "x\u{1b}[2Jy"] {
        let man = urikit(&["man", name]);
        let help = urikit(&["help", name]);
        assert_eq!(man.code, 2);
        assert!(man.stdout.is_empty());
        assert!(man.stderr.starts_with("urikit: error: no command "), "{}", man.stderr);
        assert!(!man.stderr.contains('\u{1b}'), "{}", man.stderr);
        assert_eq!(man.stderr, help.stderr);
        assert_eq!(man.code, help.code);
    }
}

/// A reader gone before the first write (`urikit man | true`) ends the run
/// quietly, with exit status 0.
#[test]
fn a_closed_pipe_ends_completions_and_man_quietly() {
    for args in ["man", "man check", "completions bash", "completions powershell"] {
        // urikit's stderr goes where the script's stdout goes (fd 3).
        let script =
            format!("exec 3>&1; {{ sleep 0.2; \"$URIKIT\" {args} 2>&3; }} | true; echo \"status ${{PIPESTATUS[0]}}\"");
        let out = Command::new("bash")
            .arg("-c")
            .arg(script)
            .env("URIKIT", env!("CARGO_BIN_EXE_urikit"))
            .output()
            .expect("bash runs");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "status 0\n",
            "urikit {args} | true"
        );
    }
}
