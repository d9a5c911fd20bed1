//! `urikit compare`: equivalence of two URLs.

use urikit::Url;

use super::SpecArg;
use crate::output::Output;

/// Print the canonical forms of A and B, then whether they are equivalent.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: SpecArg,
    /// The first URL
    #[arg(value_name = "A")]
    a: String,
    /// The second URL
    #[arg(value_name = "B")]
    b: String,
}

/// Runs `compare`: exit status 0 when equivalent, 1 when not or when either
/// URL is invalid.
pub fn run(args: Args, out: &mut Output) -> anyhow::Result<()> {
    let spec = args.spec.spec;
    let mut urls = Vec::with_capacity(2);
    for input in [&args.a, &args.b] {
        match Url::parse_with(input, spec) {
            Ok(url) => {
                let canonical = url.canonical();
                out.line(&canonical)?;
                urls.push(canonical);
            }
            Err(e) => out.parse_error(input, &e)?,
        }
    }
    if let [a, b] = &urls[..] {
        if a.equivalent(b) {
            out.line("equivalent")?;
        } else {
            out.fail();
            out.line("not equivalent")?;
        }
    }
    Ok(())
}
