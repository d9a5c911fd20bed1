//! The smallest stdin validator on fluent-uri, the peer of `urikit check` in
//! `benches/cli.rs`: one URL per line, read into one reused buffer, each
//! invalid one printed, the count of
//! lines on stderr at the end.
//!
//! `fluent_check < urls.txt > invalid.txt`

use std::io::{self, BufRead, BufReader, BufWriter, Write};

fn main() -> io::Result<()> {
    let mut stdin = BufReader::with_capacity(64 << 10, io::stdin().lock());
    let mut stdout = BufWriter::with_capacity(64 << 10, io::stdout().lock());
    let mut line = Vec::new();
    let (mut lines, mut invalid) = (0u64, 0u64);
    loop {
        line.clear();
        if stdin.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        lines += 1;
        let url = line.strip_suffix(b"\n").unwrap_or(&line);
        let url = url.strip_suffix(b"\r").unwrap_or(url);
        // A line that is not UTF-8 is no URI either.
        let valid = std::str::from_utf8(url).is_ok_and(|url| fluent_uri::Uri::parse(url).is_ok());
        if !valid {
            invalid += 1;
            stdout.write_all(url)?;
            stdout.write_all(b"\n")?;
        }
    }
    stdout.flush()?;
    eprintln!("{lines} lines, {invalid} invalid");
    Ok(())
}
