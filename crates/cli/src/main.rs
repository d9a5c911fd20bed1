//! `urikit`: see the [`urikit_cli`] crate.

use std::process::ExitCode;

fn main() -> ExitCode {
    urikit_cli::main()
}
