//! How a verdict's message quotes what it is about: a host, a path, what a
//! naive split finds.
//!
//! A message is one line, whatever the input: a text longer than
//! [`WHOLE`] chars is quoted by its start and its end, `…` between, and its
//! length after the quote (`'/aaaa…/x/../b' (1000016 bytes)`): the end of a
//! path or host is where a `..`, a port or a dot that matters usually is,
//! and the readings hold the whole text.

use std::borrow::Cow;

/// The longest text quoted whole, in chars.
const WHOLE: usize = 100;

/// How many chars of a longer text are quoted before the `…` ...
const HEAD: usize = 40;

/// ... and after it.
const TAIL: usize = 40;

/// The start and the end of `s` a message quotes, when it is longer than
/// [`WHOLE`] chars; `None` for a text quoted whole.
fn ends(s: &str) -> Option<(&str, &str)> {
    if s.len() <= WHOLE || s.chars().count() <= WHOLE {
        return None;
    }
    let head = s.char_indices().nth(HEAD).map_or(s.len(), |(i, _)| i);
    let tail = s.char_indices().rev().nth(TAIL - 1).map_or(0, |(i, _)| i);
    Some((&s[..head], &s[tail..]))
}

/// `s`, or its start and end with `…` between and its length after, when
/// it is longer than [`WHOLE`] chars.
pub(super) fn cut(s: &str) -> Cow<'_, str> {
    match ends(s) {
        None => Cow::Borrowed(s),
        Some(ends) => Cow::Owned(quote(s, ends, "")),
    }
}

/// A text in a message, quoted (`''` when empty); a long one cut, its
/// length after the quote.
pub(super) fn shown(s: &str) -> String {
    match ends(s) {
        None => format!("'{s}'"),
        Some(ends) => quote(s, ends, "'"),
    }
}

/// The `ends` of `s` between `mark`s, `…` between them, and the length of
/// `s` after: `'head…tail' (N bytes)`.
fn quote(s: &str, (head, tail): (&str, &str), mark: &str) -> String {
    format!("{mark}{head}…{tail}{mark} ({} bytes)", s.len())
}

#[cfg(test)]
mod tests {
    use super::{cut, shown};

    #[test]
    fn short_texts_whole_long_ones_by_their_ends() {
        let long = format!("/{}/x/../b", "a".repeat(1_000_000));
        let long_ends = format!("/{}…{}/x/../b", "a".repeat(39), "a".repeat(33));
        // Each text, its `cut` and its `shown`; a wide one is cut between
        // chars.
        for (text, cut_as, shown_as) in [
            ("", String::new(), "''".to_owned()),
            ("h", "h".to_owned(), "'h'".to_owned()),
            (&"é".repeat(100), "é".repeat(100), format!("'{}'", "é".repeat(100))),
            (
                &long,
                format!("{long_ends} (1000008 bytes)"),
                format!("'{long_ends}' (1000008 bytes)"),
            ),
            (
                &"é".repeat(101),
                format!("{0}…{0} (202 bytes)", "é".repeat(40)),
                format!("'{0}…{0}' (202 bytes)", "é".repeat(40)),
            ),
        ] {
            assert_eq!(cut(text), cut_as);
            assert_eq!(shown(text), shown_as);
        }
    }
}
