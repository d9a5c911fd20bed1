//! `urikit plan`: the protocol exchange a client performs for each URL.

use std::ffi::OsString;

use super::{parse_url, LenientArg, SpecArg, UrlFileArg};
use crate::input::{self, Inputs};
use crate::output::Output;

/// The arguments of `plan`, which prints the access plan of each URL as a transcript: `> ` for what the client sends (control characters shown as `<CR>`, `<LF>`, `<TAB>`, and bidirectional and invisible ones by name, `<U+202E>`), `# ` for the rest.
#[derive(Debug, clap::Args)]
#[command(after_long_help = PORTS)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    #[command(flatten)]
    lenient: LenientArg,
    #[command(flatten)]
    url_file: UrlFileArg,
    /// The URLs; read one per line from stdin when none are given
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// What `--help` says of the port a plan connects to.
const PORTS: &str = "\
A plan connects to the port the URL writes, or to the scheme's default when it writes none.
A port over 65535, which RFC 1808 and RFC 3986 allow, is refused with an error naming it:
no 16-bit port holds it, and no other port is put in its place.

By whatwg, the plan is that of the URL the parser gives (http://0x7f.1/ connects to 127.0.0.1);
strictly, a URL with a validation error is refused, and --lenient plans it as browsers read it
(http:\\\\evil.com connects to evil.com). The parser refuses a port over 65535.";

/// Runs `plan`. With more than one URL (or URLs from stdin or a file), each transcript
/// starts with a `# plan for <url>` line and ends with a blank line.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.get();
    let inputs = args.url_file.inputs(&args.urls)?;
    let headed = !matches!(inputs, Inputs::Args([_]));
    input::for_each(inputs, out, |out, input| {
        let url = match parse_url(input, spec, args.lenient.get()) {
            Ok((url, _)) => url,
            Err(e) => return out.parse_error(input, &e),
        };
        if headed {
            out.shown_line(format_args!("# plan for {input}"))?;
        }
        match url.view().and_then(|view| view.plan()) {
            // A step holds decoded octets (a selector, a path): each line
            // is shown as every report's is, a bidirectional control or a
            // C1 control by name too (the plan names the C0 controls).
            Ok(plan) => {
                for step in &plan.steps {
                    out.shown_line(step)?;
                }
            }
            // A port over 65535 is named, digits and all.
            Err(e) => out.error_at(
                url.as_str(),
                e.offset,
                format_args!("{} at offset {}", e.message_in(url.as_str()), e.offset),
            )?,
        }
        if headed {
            out.line("")?;
        }
        Ok(())
    })
}
