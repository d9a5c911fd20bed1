//! `edit`'s edits of the query and the path: `--append`, `--replace`,
//! `--remove-query` and `--sort-query`, in the order the command line gives
//! them.

use anyhow::bail;
use clap::ArgMatches;
use urikit::pct::{encode, EncodeSet};
use urikit::Url;

use super::{option, Args, Failed};

/// An `--append`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Append {
    /// A name, and its value when there is an `=` (a bare name has none).
    Query(String, Option<String>),
    Path(String),
}

/// The `--append` (or `--replace`) `arg`: `query=NAME=VALUE`,
/// `query=NAME`, or `path=SEGMENT`.
fn append(arg: &str) -> anyhow::Result<Append> {
    match arg.split_once('=') {
        Some(("query", pair)) => Ok(match pair.split_once('=') {
            Some((name, value)) => Append::Query(name.to_owned(), Some(value.to_owned())),
            None => Append::Query(pair.to_owned(), None),
        }),
        Some(("path", segment)) => Ok(Append::Path(segment.to_owned())),
        _ => bail!("--append {arg:?}: expected query=NAME=VALUE or path=SEGMENT"),
    }
}

/// An edit of the query or the path, and the option as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum QueryEdit {
    /// `--append`.
    Append(Append, String),
    /// `--replace`: the name and the value.
    Replace(String, String, String),
    /// `--remove-query`: the name or pattern.
    Remove(String, String),
    /// `--sort-query`.
    Sort,
}

impl QueryEdit {
    /// The option, as messages name it.
    fn option(&self) -> &str {
        match self {
            QueryEdit::Append(_, given) | QueryEdit::Replace(_, _, given) | QueryEdit::Remove(_, given) => given,
            QueryEdit::Sort => "--sort-query",
        }
    }
}

/// The `--append`, `--replace`, `--remove-query` and `--sort-query` options
/// of `args`, in the order of the command line (`matches`, as clap read
/// it, says where each was).
pub(super) fn edits(args: &Args, matches: &ArgMatches) -> anyhow::Result<Vec<QueryEdit>> {
    let mut edits = Vec::new();
    // One index per value: each of these options takes one.
    let at = |id: &str| -> Vec<usize> { matches.indices_of(id).map(Iterator::collect).unwrap_or_default() };
    for (a, i) in args.append.iter().zip(at("append")) {
        edits.push((i, QueryEdit::Append(append(a)?, option("--append", a))));
    }
    for (r, i) in args.replace.iter().zip(at("replace")) {
        let edit = match append(r)? {
            Append::Query(name, value) => QueryEdit::Replace(name, value.unwrap_or_default(), option("--replace", r)),
            Append::Path(_) => bail!("--replace {r:?}: expected query=NAME=VALUE"),
        };
        edits.push((i, edit));
    }
    for (pattern, i) in args.remove_query.iter().zip(at("remove_query")) {
        edits.push((i, QueryEdit::Remove(pattern.clone(), option("--remove-query", pattern))));
    }
    if args.sort_query {
        edits.push((at("sort_query").first().copied().unwrap_or(usize::MAX), QueryEdit::Sort));
    }
    edits.sort_by_key(|(i, _)| *i);
    Ok(edits.into_iter().map(|(_, edit)| edit).collect())
}

/// Runs `edits` on `url` one after the other, the query's pairs separated
/// by `sep`.
///
/// # Errors
///
/// The first edit that fails, and why; `url` is as that edit found it.
pub(super) fn apply(url: &mut Url, edits: &[QueryEdit], sep: u8) -> Result<(), Failed> {
    for edit in edits {
        match edit {
            QueryEdit::Append(Append::Query(name, value), _) => url.append_query_pair_by(name, value.as_deref(), sep),
            QueryEdit::Append(Append::Path(segment), _) => {
                let path = url.path().trim_end_matches('/');
                let path = format!("{path}/{}", encode(segment, &EncodeSet::UCHAR));
                url.set_path(&path)
            }
            QueryEdit::Replace(name, value, _) => url.set_query_pair_by(name, value, sep),
            QueryEdit::Remove(pattern, _) => url.remove_query_pairs_by(pattern, sep).map(|_| ()),
            QueryEdit::Sort => url.sort_query_pairs_by(sep),
        }
        .map_err(|e| Failed::parse(edit.option(), &e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{append, Append};

    #[test]
    fn appends() {
        assert_eq!(
            append("query=a=b=c").unwrap(),
            Append::Query("a".into(), Some("b=c".into()))
        );
        assert_eq!(append("query=flag").unwrap(), Append::Query("flag".into(), None));
        assert_eq!(
            append("query=flag=").unwrap(),
            Append::Query("flag".into(), Some(String::new()))
        );
        assert_eq!(append("path=x y").unwrap(), Append::Path("x y".into()));
        assert!(append("host=x").is_err());
    }
}
