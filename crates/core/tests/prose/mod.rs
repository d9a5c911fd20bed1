//! URLs in prose, for the hostile-input runners of the core and the command
//! line: the prose an input is put in, and a naive transcription of where
//! the `text` module docs say a bare URL ends.
#![allow(dead_code)]

/// The prose each hostile input is put in for text extraction (`{}` is the
/// input): alone, in a sentence, between quotation marks of several
/// scripts, in a wrapper, and before characters outside US-ASCII of each
/// kind the `text` module docs name (one that ends a URL, sentence
/// punctuation, letters, an invisible one), after a line break too.
pub const PROSE: [&str; 16] = [
    "{}",
    "see {}.",
    "«{}»",
    "“{}”, or",
    "({}) x",
    "{}\u{a0}x",
    "<URL:{}>ü",
    "{}ï",
    "{}。谢谢",
    "{}。x",
    "{}…",
    "{}\u{200b}",
    "访问{}",
    "{}\nüber",
    "{}\u{1f600}",
    "{}—{}",
];

/// Whether `c` may be part of a bare URL: graphic US-ASCII but `<>"` and
/// the backquote.
pub fn is_bare(c: char) -> bool {
    c.is_ascii_graphic() && !"<>\"`".contains(c)
}

/// What a character outside US-ASCII is after a bare URL, transcribed from
/// the `text` module docs: it ends the URL, it is sentence punctuation, or
/// the URL goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Ends,
    Trailing,
    Part,
}

pub fn kind(c: char) -> Kind {
    const ENDS: &str =
        "«»‘’‚‛“”„‟‹›「」『』〝〞〟＂＇｢｣\u{2329}\u{232a}⟨⟩〈〉《》【】〔〕〖〗〘〙〚〛（）［］｛｝｟｠＜＞–—";
    const TRAILING: &str = "…、。！，．：；？｡､";
    if c.is_whitespace() || ENDS.contains(c) {
        Kind::Ends
    } else if TRAILING.contains(c) {
        Kind::Trailing
    } else {
        Kind::Part
    }
}

/// Whether the characters of a bare URL end at byte `at` of `text`, past
/// the punctuation taken off a URL's end.
pub fn run_ends(text: &str, at: usize) -> bool {
    let mut rest = text[at..].chars().peekable();
    while let Some(c) = rest.next() {
        match (c.is_ascii(), kind(c)) {
            (true, _) if !is_bare(c) => return true,
            (true, _) if ".,;:!?')]}".contains(c) => {}
            (true, _) => return false,
            (false, Kind::Ends) => return true,
            (false, Kind::Trailing) if !rest.peek().copied().is_some_and(is_bare) => return true,
            (false, Kind::Trailing) => {}
            (false, Kind::Part) => return false,
        }
    }
    true
}
