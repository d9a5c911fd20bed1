//! `file` (RFC 1738 §3.10): a file of this machine, or a directory's
//! entries, one per line.

use std::fs;

use urikit::scheme::{Plan, Step};

use crate::conn::{Sink, Trace};
use crate::Error;

pub(crate) fn fetch(plan: &Plan, sink: &mut Sink<'_>, trace: &mut Trace<'_>) -> Result<(), Error> {
    let [Step::OpenLocal(path)] = &plan.steps[..] else {
        return Err(Error::Protocol("a file plan opens one local file".into()));
    };
    trace.comment(&format!("open the local file {path}"));
    let meta = fs::metadata(path).map_err(|e| Error::io(format!("opening {path}"), e))?;
    if meta.is_dir() {
        let mut names: Vec<Vec<u8>> = fs::read_dir(path)
            .map_err(|e| Error::io(format!("listing {path}"), e))?
            .map(|entry| entry.map(|e| e.file_name().into_encoded_bytes()))
            .collect::<Result<_, _>>()
            .map_err(|e| Error::io(format!("listing {path}"), e))?;
        names.sort();
        for mut name in names {
            name.push(b'\n');
            sink.write(&name)?;
        }
        return Ok(());
    }
    let mut file = fs::File::open(path).map_err(|e| Error::io(format!("opening {path}"), e))?;
    sink.copy(&mut file, path)
}
