//! `urikit completions` and `urikit man`: the shell completion scripts and
//! the man pages, generated from the clap definitions the command line is
//! parsed by, so that they name every command and option there is.

use std::ffi::OsString;
use std::io::Write;

use anyhow::bail;
use clap::builder::EnumValueParser;
use clap_complete::Shell;

use super::utf8;
use crate::output::Output;
use crate::term::Shown;

/// The arguments of `completions`, which prints the completion script of a shell, to be sourced by it.
#[derive(Debug, clap::Args)]
#[command(after_long_help = INSTALL)]
pub struct CompletionsArgs {
    /// The shell the script is for
    #[arg(value_name = "SHELL", ignore_case = true, value_parser = utf8(EnumValueParser::<Shell>::new()))]
    shell: Shell,
}

/// What `completions --help` says of where each script goes.
const INSTALL: &str = "\
Install the script where the shell looks for completions, or source it at start-up:
  bash        urikit completions bash > ~/.local/share/bash-completion/completions/urikit
  zsh         urikit completions zsh > ~/.zfunc/_urikit
              (with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc)
  fish        urikit completions fish > ~/.config/fish/completions/urikit.fish
  powershell  urikit completions powershell >> $PROFILE
  elvish      urikit completions elvish >> ~/.config/elvish/rc.elv

A new shell completes urikit's commands, options and the values of the options
that take one of a list (--spec SPEC among them).";

/// The arguments of `man`, which prints the man page of urikit, or of one of its commands, in roff.
#[derive(Debug, clap::Args)]
#[command(after_long_help = VIEW)]
pub struct ManArgs {
    /// The command whose page to print (urikit's own when none is given)
    #[arg(value_name = "COMMAND")]
    command: Option<OsString>,
}

/// What `man --help` says of how to read the page.
const VIEW: &str = "\
To read a page, or to install it where man finds it:
  urikit man | man -l -
  urikit man check | man -l -
  urikit man > ~/.local/share/man/man1/urikit.1
  urikit man check > ~/.local/share/man/man1/urikit-check.1";

/// Runs `completions`: the script of `args.shell` for `cli`, the whole
/// command line.
pub fn completions(args: CompletionsArgs, mut cli: clap::Command, out: &mut Output) -> anyhow::Result<()> {
    // clap_complete gives up (panics) on a failed write: the script is made
    // in memory, and stdout's errors (a closed pipe) are returned.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "urikit", &mut script);
    out.writer().write_all(&script)?;
    Ok(())
}

/// Runs `man`: the page of `cli`, the whole command line, or of the command
/// `args.command` names (as `urikit help` finds it: by name or alias).
///
/// # Errors
///
/// A name that is no command's, as `urikit help` says it (exit status 2),
/// and stdout's errors.
pub fn man(args: ManArgs, mut cli: clap::Command, out: &mut Output) -> anyhow::Result<()> {
    // Built, so that a command's synopsis starts with `urikit` and its page
    // is named urikit-COMMAND.
    cli.build();
    let page = match &args.command {
        None => cli,
        Some(name) => match name.to_str().and_then(|name| cli.find_subcommand(name)) {
            Some(command) => command.clone(),
            None => bail!(
                "no command {}; `urikit --help` lists them",
                Shown(name.as_encoded_bytes())
            ),
        },
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .source(format!("urikit {}", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)?;
    out.writer()
        .write_all(ascii_roff(&String::from_utf8_lossy(&roff)).as_bytes())?;
    Ok(())
}

/// `roff` with every char past ASCII written as a groff escape (`…` as
/// `\[u2026]`): groff reads its input as Latin-1 unless told otherwise
/// (`man` tells it, `groff -man` alone does not), and would print `…` as
/// three wrong chars and warn of one; the escape is read alike by groff,
/// mandoc and `man`.
fn ascii_roff(roff: &str) -> String {
    let mut ascii = String::with_capacity(roff.len());
    for c in roff.chars() {
        if c.is_ascii() {
            ascii.push(c);
        } else {
            ascii.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    ascii
}

#[cfg(test)]
mod tests {
    use super::ascii_roff;

    #[test]
    fn chars_past_ascii_become_groff_escapes() {
        assert_eq!(ascii_roff("a\\-b"), "a\\-b");
        assert_eq!(ascii_roff("cut with \u{2026}, é"), "cut with \\[u2026], \\[u00E9]");
        assert_eq!(ascii_roff("\u{1F600}"), "\\[u1F600]");
    }
}
