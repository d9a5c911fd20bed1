//! `edit --if COMPONENT=GLOB`: the conditions a URL must meet to be
//! edited, and the glob they match with.
//!
//! A condition names a component by the names `--set` takes and matches
//! it, as it is written in the URL (%-encoded, never decoded), against a
//! glob: `*` any run of characters (none included), `?` one character,
//! `[...]` one character of a set (`[a-z0-9]`, `[!...]` or `[^...]` one
//! that is not in it, a `]` first in the set stands for itself), `\` takes
//! the next character as itself; every other character stands for itself,
//! case and all. An absent component matches no glob; an empty one matches
//! a glob that matches the empty string (`''` or `*`).

use anyhow::{anyhow, bail};
use urikit::whatwg::api::Setter;
use urikit::{Component, Spec, Url};

/// One `--if`.
#[derive(Debug, Clone)]
pub struct Cond {
    what: What,
    glob: Glob,
}

/// What a condition reads of a URL.
#[derive(Debug, Clone, Copy)]
enum What {
    /// A component as urikit's getter gives it (`get`'s field of that
    /// name), `None` when absent: under every spec.
    Component(Component),
    /// By whatwg, the URL API's getter of a setter's name that is not one
    /// of urikit's (href, protocol, username, hostname, pathname, search,
    /// hash): the string it returns, `""` for an absent part.
    Getter(Setter),
}

impl Cond {
    /// The condition `arg`, `COMPONENT=GLOB`, under `spec`.
    ///
    /// # Errors
    ///
    /// A usage error: no `=`, a name `--set` does not take under `spec`, a
    /// glob with a `[` not closed or a `\` at its end.
    pub fn parse(arg: &str, spec: Spec) -> anyhow::Result<Cond> {
        let (name, glob) = arg
            .split_once('=')
            .ok_or_else(|| anyhow!("--if {arg:?}: expected COMPONENT=GLOB"))?;
        let what = match (name.parse::<Component>(), spec) {
            (Ok(c), _) => What::Component(c),
            (Err(_), Spec::Whatwg) => match Setter::from_name(name) {
                Some(setter) => What::Getter(setter),
                None => {
                    let names: Vec<&str> = Setter::ALL.iter().map(|s| s.name()).collect();
                    bail!(
                        "--if {arg:?}: unknown component {name:?}, expected one of: scheme, user, password, host, port, path, query, fragment, or {}",
                        names.join(", ")
                    )
                }
            },
            (Err(e), _) => bail!("--if {arg:?}: {e}"),
        };
        let glob = Glob::new(glob).map_err(|why| anyhow!("--if {arg:?}: {why}"))?;
        Ok(Cond { what, glob })
    }

    /// Whether `url` meets the condition.
    pub fn holds(&self, url: &Url) -> bool {
        match self.what {
            What::Component(c) => url.get(c).is_some_and(|value| self.glob.matches(value)),
            What::Getter(setter) => url.api().is_some_and(|api| self.glob.matches(api.get(setter))),
        }
    }
}

/// One element of a glob.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// A character that stands for itself.
    Char(char),
    /// `?`: any one character.
    Any,
    /// `*`: any run of characters.
    Star,
    /// `[...]`: one character in (or, negated, not in) the ranges.
    Set { negated: bool, ranges: Vec<(char, char)> },
}

impl Token {
    /// Whether this token, not a `*`, takes `c`.
    fn takes(&self, c: char) -> bool {
        match self {
            Token::Char(x) => *x == c,
            Token::Any => true,
            Token::Star => false,
            Token::Set { negated, ranges } => ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&c)) != *negated,
        }
    }
}

/// A compiled glob: see the [module docs](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glob {
    tokens: Vec<Token>,
}

/// The ranges of a set's characters: `a-z` a range, a `-` first or last
/// (or escaped) itself.
fn ranges(items: &[(char, bool)], at: usize) -> Result<Vec<(char, char)>, String> {
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < items.len() {
        let lo = items[i].0;
        if i + 2 < items.len() && items[i + 1] == ('-', false) {
            let hi = items[i + 2].0;
            if hi < lo {
                return Err(format!("the range {lo}-{hi} in the set at offset {at} is empty"));
            }
            ranges.push((lo, hi));
            i += 3;
        } else {
            ranges.push((lo, lo));
            i += 1;
        }
    }
    Ok(ranges)
}

impl Glob {
    /// Compiles `pattern`.
    ///
    /// # Errors
    ///
    /// Why the pattern is not a glob: a `[` with no `]` after it, a `\` at
    /// its end, a range whose ends are in the wrong order.
    pub fn new(pattern: &str) -> Result<Glob, String> {
        let mut tokens = Vec::new();
        let mut chars = pattern.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            tokens.push(match c {
                '*' => {
                    // `**` is `*`: one is enough for the matcher.
                    if tokens.last() == Some(&Token::Star) {
                        continue;
                    }
                    Token::Star
                }
                '?' => Token::Any,
                '\\' => match chars.next() {
                    Some((_, next)) => Token::Char(next),
                    None => return Err("'\\' at the end of the glob: write '\\\\' for a backslash".to_owned()),
                },
                '[' => {
                    let negated = chars.next_if(|&(_, c)| c == '!' || c == '^').is_some();
                    // The set's characters, each with whether it was
                    // escaped (an escaped '-' makes no range).
                    let mut items: Vec<(char, bool)> = Vec::new();
                    let mut closed = false;
                    while let Some((_, c)) = chars.next() {
                        match c {
                            // A ']' first in the set stands for itself.
                            ']' if !items.is_empty() => {
                                closed = true;
                                break;
                            }
                            '\\' => match chars.next() {
                                Some((_, next)) => items.push((next, true)),
                                None => break,
                            },
                            c => items.push((c, false)),
                        }
                    }
                    if !closed {
                        return Err(format!("'[' at offset {at} has no ']' after it"));
                    }
                    Token::Set {
                        negated,
                        ranges: ranges(&items, at)?,
                    }
                }
                c => Token::Char(c),
            });
        }
        Ok(Glob { tokens })
    }

    /// Whether `text` matches the whole glob.
    ///
    /// One pass over `text` that goes back only to just after the last
    /// `*` seen: a later `*` can take whatever an earlier one could, so no
    /// other choice needs trying. The time is at most the text's length
    /// times the glob's, never exponential, whatever the input.
    pub fn matches(&self, text: &str) -> bool {
        let tokens = &self.tokens;
        let (mut p, mut rest) = (0, text);
        // The token after the last `*`, and the text that `*` stopped at.
        let mut star: Option<(usize, &str)> = None;
        while let Some(c) = rest.chars().next() {
            if tokens.get(p) == Some(&Token::Star) {
                star = Some((p + 1, rest));
                p += 1;
            } else if tokens.get(p).is_some_and(|t| t.takes(c)) {
                p += 1;
                rest = &rest[c.len_utf8()..];
            } else if let Some((after, from)) = star {
                // The `*` takes one more character.
                let Some(taken) = from.chars().next() else {
                    return false;
                };
                let from = &from[taken.len_utf8()..];
                star = Some((after, from));
                p = after;
                rest = from;
            } else {
                return false;
            }
        }
        tokens[p..].iter().all(|t| *t == Token::Star)
    }
}

#[cfg(test)]
mod tests {
    use super::Glob;

    #[track_caller]
    fn matches(glob: &str, text: &str) -> bool {
        Glob::new(glob).unwrap().matches(text)
    }

    #[test]
    fn each_element() {
        assert!(matches("http", "http") && !matches("http", "https") && !matches("http", "HTTP"));
        assert!(matches("http*", "https") && matches("http*", "http"));
        assert!(matches("*.example.com", "a.b.example.com") && !matches("*.example.com", "example.com"));
        assert!(matches("a?c", "abc") && !matches("a?c", "ac") && matches("a?c", "aéc"));
        assert!(matches("[a-c]x", "bx") && !matches("[a-c]x", "dx"));
        assert!(matches("[!a-c]x", "dx") && !matches("[^a-c]x", "ax"));
        assert!(matches("[]]", "]") && matches("[a-]", "-") && matches("[-a]", "-"));
        assert!(matches("\\*", "*") && !matches("\\*", "x") && matches("[\\]]", "]"));
        assert!(matches("", "") && !matches("", "x") && matches("*", ""));
        assert!(matches("/a*/*.html", "/a/b/c.html") && !matches("/a*/*.html", "/a/b/c.htm"));
    }

    #[test]
    fn malformed_globs_are_refused() {
        for glob in ["[abc", "[", "a\\", "[z-a]", "[!"] {
            assert!(Glob::new(glob).is_err(), "{glob}");
        }
    }

    /// A text and a glob made to make a backtracking matcher try every way
    /// of splitting: answered at once.
    #[test]
    fn no_exponential_time() {
        let text = "a".repeat(20_000);
        let glob = format!("{}b", "*a".repeat(30));
        let start = std::time::Instant::now();
        assert!(!matches(&glob, &text));
        assert!(matches(&"*a".repeat(30), &text));
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }
}
