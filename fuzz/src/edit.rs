//! The setters: `set` (one value spliced into the serialization),
//! `set_all` and `UrlBuilder` (the parts put together and parsed once), and
//! the query-pair edits.

use urikit::{Component, Spec, Url, UrlBuilder};

/// One edit, as a line of the fuzz input reads it.
#[derive(Debug, Clone, Copy)]
pub enum Edit<'a> {
    /// `0`..`7` then the value: sets component `Component::ALL[n]`.
    Set(Component, &'a str),
    /// `a`..`h`: removes component `Component::ALL[n]`.
    Clear(Component),
    /// `Q` name `=` value: `append_query_pair`.
    Append(&'a str, &'a str),
    /// `R` name `=` value: `set_query_pair`.
    Replace(&'a str, &'a str),
    /// `X` pattern: `remove_query_pairs`.
    Remove(&'a str),
    /// `S`: `sort_query_pairs`.
    Sort,
}

impl<'a> Edit<'a> {
    /// The edit a line names; `None` for a line that names none.
    pub fn read(line: &'a str) -> Option<Edit<'a>> {
        let (&first, _) = line.as_bytes().split_first()?;
        if !first.is_ascii() {
            return None;
        }
        let rest = &line[1..];
        let pair = || rest.split_once('=').unwrap_or((rest, ""));
        Some(match first {
            b'0'..=b'7' => Edit::Set(Component::ALL[usize::from(first - b'0')], rest),
            b'a'..=b'h' => Edit::Clear(Component::ALL[usize::from(first - b'a')]),
            b'Q' => Edit::Append(pair().0, pair().1),
            b'R' => Edit::Replace(pair().0, pair().1),
            b'X' => Edit::Remove(rest),
            b'S' => Edit::Sort,
            _ => return None,
        })
    }

    fn change(self) -> Option<(Component, Option<&'a str>)> {
        match self {
            Edit::Set(c, v) => Some((c, Some(v))),
            Edit::Clear(c) => Some((c, None)),
            _ => None,
        }
    }
}

/// What a component reads as after `value` was set: the scheme in lower
/// case, an absent scheme or path empty.
fn expected(c: Component, value: Option<&str>) -> Option<String> {
    match c {
        Component::Scheme => Some(value.unwrap_or("").to_ascii_lowercase()),
        Component::Path => Some(value.unwrap_or("").to_owned()),
        _ => value.map(str::to_owned),
    }
}

/// The URL is whole: its offsets hold, and it parses, by its spec, to itself.
fn check_whole(url: &Url, spec: Spec, what: &str) {
    url.check_invariants();
    assert_eq!(url.spec(), spec, "{what}");
    assert_eq!(
        Url::parse_with(url.as_str(), spec).as_ref(),
        Ok(url),
        "{what}: {url} does not parse to itself"
    );
}

/// `set` removes more than the component named: the host takes user,
/// password and port with it, the user the password.
fn cascades(url: &Url, c: Component, value: Option<&str>) -> bool {
    value.is_none()
        && match c {
            Component::Host => [Component::User, Component::Password, Component::Port]
                .iter()
                .any(|&o| url.get(o).is_some()),
            Component::User => url.get(Component::Password).is_some(),
            _ => false,
        }
}

/// The component edits in `edits`, applied to `url` by `set_all`, by
/// `UrlBuilder` and one at a time by `set`; then the query edits.
pub fn check_edits(url: &Url, spec: Spec, edits: &[Edit<'_>]) {
    let changes: Vec<_> = edits.iter().filter_map(|e| e.change()).collect();
    let what = format!("{url} {changes:?}");

    // set_all: the changes read back, nothing else moves; or nothing at all.
    let mut all = url.clone();
    let by_all = all.set_all(changes.iter().copied());
    match &by_all {
        Ok(()) => {
            check_whole(&all, spec, &what);
            for c in Component::ALL {
                let want = match changes.iter().rev().find(|(d, _)| *d == c) {
                    Some(&(_, v)) => expected(c, v),
                    None => url.get(c).map(str::to_owned),
                };
                assert_eq!(all.get(c).map(str::to_owned), want, "{what}: {c} of {all}");
            }
        }
        Err(e) => {
            assert_eq!(&all, url, "{what}: a refused change changes nothing");
            assert_eq!(e.error().spec, spec, "{what}");
            assert!(e.error().offset <= e.url().len(), "{what}: {e:?}");
        }
    }

    // UrlBuilder from the URL, with the same changes, makes the same URL
    // or fails the same way.
    let built = changes
        .iter()
        .fold(UrlBuilder::from_url(url), |b, &(c, v)| b.set(c, v))
        .build();
    match (&built, &by_all) {
        (Ok(b), Ok(())) => assert_eq!(b, &all, "{what}"),
        (Err(b), Err(a)) => assert_eq!(b, a, "{what}"),
        _ => panic!("{what}: the builder gives {built:?}, set_all {by_all:?}"),
    }

    // `set`, one change at a time: where each is accepted and removes only
    // what it names, set_all accepts them together with the same result;
    // a single change is accepted by one exactly when by the other.
    let mut one = url.clone();
    let mut each = true;
    for &(c, v) in &changes {
        if cascades(&one, c, v) {
            return;
        }
        // `set` cannot remove the scheme or the path; set_all empties them.
        let v = match c {
            Component::Scheme | Component::Path => Some(v.unwrap_or("")),
            _ => v,
        };
        let before = one.clone();
        match one.set(c, v) {
            Ok(()) => check_whole(&one, spec, &what),
            Err(e) => {
                assert_eq!(one, before, "{what}: a refused value changes nothing");
                assert_eq!(e.spec, spec, "{what}");
                each = false;
                break;
            }
        }
    }
    if each {
        assert!(
            by_all.is_ok(),
            "{what}: set accepts each change, set_all refuses: {by_all:?}"
        );
        assert_eq!(all, one, "{what}");
    } else if changes.len() == 1 {
        assert!(by_all.is_err(), "{what}: set refuses, set_all accepts");
    }
    if by_all.is_ok() {
        check_query_edits(&all, spec, edits);
    }
}

/// The query edits, each on the result of the last one accepted.
fn check_query_edits(url: &Url, spec: Spec, edits: &[Edit<'_>]) {
    let mut url = url.clone();
    for &edit in edits {
        let before = url.clone();
        let pairs = |u: &Url| -> Vec<(String, String)> { u.query_pairs().map(|(n, v)| (n.into(), v.into())).collect() };
        let old = pairs(&url);
        let what = format!("{before} {edit:?}");
        let result = match edit {
            Edit::Append(name, value) => url.append_query_pair(name, value).map(|()| {
                let new = pairs(&url);
                assert!(new.starts_with(&old), "{what}: {url}");
                assert_eq!(new.len(), old.len() + 1, "{what}: {url}");
                assert_eq!(new.last(), Some(&(name.to_owned(), value.to_owned())), "{what}: {url}");
            }),
            Edit::Replace(name, value) => url.set_query_pair(name, value).map(|()| {
                let values: Vec<_> = pairs(&url)
                    .into_iter()
                    .filter(|(n, _)| n == name)
                    .map(|(_, v)| v)
                    .collect();
                assert_eq!(values, [value], "{what}: {url}");
            }),
            Edit::Remove(pattern) => url.remove_query_pairs(pattern).map(|n| {
                let new = pairs(&url);
                let kept = old.iter().filter(|(name, _)| !urikit::query::glob_match(pattern, name));
                assert_eq!(n, old.len() - kept.clone().count(), "{what}: {url}");
                let kept: Vec<_> = kept.filter(|(n, v)| !(n.is_empty() && v.is_empty())).cloned().collect();
                let new_kept: Vec<_> = new
                    .into_iter()
                    .filter(|(n, v)| !(n.is_empty() && v.is_empty()))
                    .collect();
                assert_eq!(new_kept, kept, "{what}: {url}");
            }),
            Edit::Sort => url.sort_query_pairs().map(|()| {
                let mut want = old.clone();
                want.sort_by(|a, b| a.0.cmp(&b.0));
                assert_eq!(pairs(&url), want, "{what}: {url}");
            }),
            Edit::Set(..) | Edit::Clear(_) => continue,
        };
        match result {
            Ok(()) => check_whole(&url, spec, &what),
            Err(e) => {
                assert_eq!(url, before, "{what}: a refused edit changes nothing");
                assert_eq!(e.spec, spec, "{what}");
            }
        }
    }
}
