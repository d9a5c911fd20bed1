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
        Some((head, tail)) => Cow::Owned(format!("{head}…{tail} ({} bytes)", s.len())),
    }
}

/// A text in a message, quoted (`''` when empty); a long one cut, its
/// length after the quote.
pub(super) fn shown(s: &str) -> String {
    match ends(s) {
        None => format!("'{s}'"),
        Some((head, tail)) => format!("'{head}…{tail}' ({} bytes)", s.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::{cut, shown};

    #[test]
    fn short_texts_whole_long_ones_by_their_ends() {
        assert_eq!(shown(""), "''");
        assert_eq!(shown("h"), "'h'");
        let whole = "é".repeat(100);
        assert_eq!(cut(&whole), whole.as_str());
        let long = format!("/{}/x/../b", "a".repeat(1_000_000));
        let quoted = shown(&long);
        assert_eq!(
            quoted,
            format!("'/{}…{}/x/../b' (1000008 bytes)", "a".repeat(39), "a".repeat(33))
        );
        assert_eq!(cut(&long), quoted[1..].replacen("' (", " (", 1));
        // Cut between chars.
        let wide = "é".repeat(101);
        assert_eq!(cut(&wide), format!("{}…{} (202 bytes)", "é".repeat(40), "é".repeat(40)));
    }
}
