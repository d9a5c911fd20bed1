//! The fixed texts every input a component matches holds, in order: the
//! text it starts with, the text it ends with, and those between. A test
//! of these (string comparisons and substring searches) refuses most
//! inputs that do not match before any matcher runs, and the start of a
//! pathname or of a hostname is what a [`PatternSet`](super::PatternSet)
//! files a pattern under.

use memchr::memmem::Finder;

use super::parser::{Modifier, Part, PartType};

/// The fixed texts of a part list.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fixed {
    /// What every match starts with.
    pub(crate) starts: String,
    /// What every match ends with, after `starts` (unless the part list
    /// is fixed texts alone, when both are the whole text).
    pub(crate) ends: String,
    /// What every match holds between the two, in this order, each with
    /// its searcher built once.
    inner: Vec<Finder<'static>>,
    /// Whether something not fixed lies between `starts` and `ends`.
    open: bool,
}

/// A piece of a part list as far as fixed texts go: a text that must be
/// there, or something that varies.
enum Piece<'p> {
    Text(&'p str),
    Varies,
}

impl Fixed {
    /// The fixed texts of `parts` (none when `ignore_case`: a text then
    /// matches in either case).
    pub(crate) fn of(parts: &[Part], ignore_case: bool) -> Fixed {
        if ignore_case {
            return Fixed::default();
        }
        let mut pieces = Vec::new();
        for p in parts {
            // A group's prefix and suffix must be there once it is: `+`
            // repeats them, `?` and `*` may leave the group out.
            let must = matches!(p.modifier, Modifier::None | Modifier::OneOrMore);
            match p.ty {
                PartType::FixedText if p.modifier == Modifier::None => pieces.push(Piece::Text(&p.value)),
                PartType::FixedText => pieces.push(Piece::Varies),
                _ if must => pieces.extend([Piece::Text(&p.prefix), Piece::Varies, Piece::Text(&p.suffix)]),
                _ => pieces.push(Piece::Varies),
            }
        }
        // Runs of texts, each between two pieces that vary.
        let mut runs = vec![String::new()];
        for piece in pieces {
            match piece {
                Piece::Text(t) => runs.last_mut().expect("a run").push_str(t),
                Piece::Varies => runs.push(String::new()),
            }
        }
        let open = runs.len() > 1;
        let starts = runs.remove(0);
        let ends = if open {
            runs.pop().unwrap_or_default()
        } else {
            starts.clone()
        };
        Fixed {
            starts,
            ends,
            inner: runs
                .iter()
                .filter(|r| !r.is_empty())
                .map(|r| Finder::new(r).into_owned())
                .collect(),
            open,
        }
    }

    /// Whether every input holds the fixed texts (there are none).
    pub(crate) fn is_empty(&self) -> bool {
        self.starts.is_empty() && self.ends.is_empty() && self.inner.is_empty() && self.open
    }

    /// Whether `input` holds the fixed texts: `false` when it cannot match.
    pub(crate) fn may_match(&self, input: &str) -> bool {
        let (input_bytes, starts, ends) = (input.as_bytes(), self.starts.as_bytes(), self.ends.as_bytes());
        let head = input_bytes.get(..starts.len());
        let tail = input_bytes.get(input_bytes.len().wrapping_sub(ends.len())..);
        if !head.is_some_and(|h| same(h, starts)) || !tail.is_some_and(|t| same(t, ends)) {
            return false;
        }
        if !self.open {
            return true;
        }
        let Some(mut between) = input.get(self.starts.len()..input.len().saturating_sub(self.ends.len())) else {
            // The start and the end overlap.
            return false;
        };
        for text in &self.inner {
            match text.find(between.as_bytes()) {
                Some(i) => between = &between[i + text.needle().len()..],
                None => return false,
            }
        }
        true
    }
}

/// Whether `a` and `b` are the same bytes, compared here eight at a time:
/// the texts of patterns are short, and a call to the C library's `memcmp`
/// for each costs more than the comparison (on some machines, whose
/// `memcmp` takes the AVX-512 path, several times more: `PatternSet`
/// lookups ran six times slower through it).
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut a8, mut b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let word = |c: &[u8]| u64::from_ne_bytes(c.try_into().unwrap_or([0; 8]));
    if !a8.by_ref().zip(b8.by_ref()).all(|(x, y)| word(x) == word(y)) {
        return false;
    }
    let (ra, rb) = (a8.remainder(), b8.remainder());
    let mut i = 0;
    while i < ra.len() {
        if ra[i] != rb[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::parser::{parse_pattern_string, Options};
    use super::*;

    fn fixed(pattern: &str, options: &Options) -> Fixed {
        let id = |s: &str| Ok(s.to_owned());
        Fixed::of(&parse_pattern_string(pattern, options, &id).unwrap(), false)
    }

    #[test]
    fn starts_inner_and_ends() {
        let f = fixed("/api/:v/users/:id/x", &Options::PATHNAME);
        assert_eq!((f.starts.as_str(), f.ends.as_str()), ("/api/", "/x"));
        let inner: Vec<&[u8]> = f.inner.iter().map(Finder::needle).collect();
        assert_eq!(inner, [b"/users/"]);
        assert!(f.may_match("/api/v1/users/7/x"));
        assert!(!f.may_match("/api/v1/user/7/x"));
        assert!(!f.may_match("/api/x"));
        let f = fixed("/books{/old}?/:id?", &Options::PATHNAME);
        assert_eq!((f.starts.as_str(), f.ends.as_str(), f.inner.len()), ("/books", "", 0));
        let f = fixed("/a/b", &Options::PATHNAME);
        assert_eq!((f.starts.as_str(), f.ends.as_str(), f.open), ("/a/b", "/a/b", false));
        assert!(f.may_match("/a/b"));
        let f = fixed("{x:a}+y", &Options::DEFAULT);
        assert_eq!((f.starts.as_str(), f.ends.as_str()), ("x", "y"));
        assert!(f.may_match("xay") && !f.may_match("xa"));
        let f = fixed("ab:x(.*)ba", &Options::DEFAULT);
        assert!(!f.may_match("aba"), "the start and the end overlap");
        assert!(Fixed::of(&[], true).may_match("anything"));
    }

    #[test]
    fn same_bytes() {
        let text = "0123456789abcdefghij";
        for i in 0..=text.len() {
            let a = &text.as_bytes()[..i];
            assert!(same(a, a));
            for j in 0..i {
                let mut b = a.to_vec();
                b[j] ^= 1;
                assert!(!same(a, &b), "{i} {j}");
            }
            assert!(!same(a, &text.as_bytes()[..(i + 1).min(text.len())]) || i == text.len());
        }
    }
}
