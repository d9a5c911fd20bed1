//! URLPattern Standard §2.1 "Tokenizing": a pattern string as a list of
//! tokens, each with its position in the string. The strict policy (a
//! component's pattern) refuses what does not tokenize; the lenient one
//! (the constructor string, read first only to find its components) makes
//! an `invalid-char` token of it and goes on.

use super::error::{PatternError, PatternErrorKind};

/// A token's type (§2.1 "token").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenType {
    /// `{`.
    Open,
    /// `}`.
    Close,
    /// `(` regexp `)`: the value is the regexp.
    Regexp,
    /// `:` name: the value is the name.
    Name,
    /// Any other code point.
    Char,
    /// `\` and a code point: the value is the code point.
    EscapedChar,
    /// `?` or `+`.
    OtherModifier,
    /// `*`.
    Asterisk,
    /// The end of the input.
    End,
    /// What the lenient policy keeps of what does not tokenize.
    InvalidChar,
}

/// A token: its type, where it starts in the input, and its value (a range
/// of the input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) ty: TokenType,
    pub(crate) index: usize,
    pub(crate) value: (usize, usize),
}

impl Token {
    pub(crate) fn value<'a>(&self, input: &'a str) -> &'a str {
        &input[self.value.0..self.value.1]
    }
}

/// The tokenize policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Policy {
    Strict,
    Lenient,
}

/// The code point at byte `at` of `s` (`at` is on a boundary, before the end).
fn char_at(s: &str, at: usize) -> char {
    s[at..].chars().next().unwrap_or('\0')
}

/// §2.1 "tokenize": `input` as tokens, the last of type `End`.
///
/// # Errors
///
/// Under the strict policy, the first tokenizing error.
pub(crate) fn tokenize(input: &str, policy: Policy) -> Result<Vec<Token>, PatternError> {
    let len = input.len();
    let mut tokens = Vec::with_capacity(len / 2 + 1);
    let mut index = 0;
    // "process a tokenizing error": throw under the strict policy, else an
    // invalid-char token from `at` to `next`, and go on at `next`.
    let error = |tokens: &mut Vec<Token>, at: usize, next: usize, kind: PatternErrorKind, where_: usize| match policy {
        Policy::Strict => Err(PatternError::new(where_, kind, "tokenize")),
        Policy::Lenient => {
            tokens.push(Token {
                ty: TokenType::InvalidChar,
                index: at,
                value: (at, next),
            });
            Ok(next)
        }
    };
    while index < len {
        let c = char_at(input, index);
        let next = index + c.len_utf8();
        let simple = |ty| Token {
            ty,
            index,
            value: (index, next),
        };
        match c {
            '*' => tokens.push(simple(TokenType::Asterisk)),
            '+' | '?' => tokens.push(simple(TokenType::OtherModifier)),
            '{' => tokens.push(simple(TokenType::Open)),
            '}' => tokens.push(simple(TokenType::Close)),
            '\\' => {
                if next == len {
                    index = error(&mut tokens, index, next, PatternErrorKind::TrailingBackslash, index)?;
                    continue;
                }
                let escaped = next + char_at(input, next).len_utf8();
                index = push(&mut tokens, TokenType::EscapedChar, index, (next, escaped));
                continue;
            }
            ':' => {
                let mut end = next;
                while end < len {
                    let n = char_at(input, end);
                    if !is_valid_name_code_point(n, end == next) {
                        break;
                    }
                    end += n.len_utf8();
                }
                if end == next {
                    index = error(&mut tokens, index, next, PatternErrorKind::MissingName, index)?;
                    continue;
                }
                index = push(&mut tokens, TokenType::Name, index, (next, end));
                continue;
            }
            '(' => {
                match regexp_end(input, next) {
                    Ok(end) => {
                        tokens.push(Token {
                            ty: TokenType::Regexp,
                            index,
                            value: (next, end - 1),
                        });
                        index = end;
                    }
                    Err((kind, at)) => index = error(&mut tokens, index, next, kind, at)?,
                }
                continue;
            }
            _ => tokens.push(simple(TokenType::Char)),
        }
        index = next;
    }
    tokens.push(Token {
        ty: TokenType::End,
        index: len,
        value: (len, len),
    });
    Ok(tokens)
}

/// Appends a token of type `ty` at `index` whose value spans `value`:
/// where the next token starts (the end of the value).
fn push(tokens: &mut Vec<Token>, ty: TokenType, index: usize, value: (usize, usize)) -> usize {
    tokens.push(Token { ty, index, value });
    value.1
}

/// The regexp steps of "tokenize" from `start` (after a `(`): where the
/// regexp group ends (after its `)`), or what is wrong, and where.
fn regexp_end(input: &str, start: usize) -> Result<usize, (PatternErrorKind, usize)> {
    let b = input.as_bytes();
    let len = b.len();
    let mut depth = 1usize;
    let mut pos = start;
    while pos < len {
        let c = b[pos];
        if !c.is_ascii() {
            return Err((PatternErrorKind::RegexpNotAscii, pos));
        }
        if pos == start && c == b'?' {
            return Err((PatternErrorKind::RegexpStartsWithQuestionMark, pos));
        }
        match c {
            b'\\' => {
                if pos == len - 1 {
                    return Err((PatternErrorKind::TrailingBackslash, pos));
                }
                if !b[pos + 1].is_ascii() {
                    return Err((PatternErrorKind::RegexpNotAscii, pos + 1));
                }
                pos += 2;
                continue;
            }
            b')' => {
                depth -= 1;
                if depth == 0 {
                    pos += 1;
                    break;
                }
            }
            b'(' => {
                depth += 1;
                if pos == len - 1 {
                    return Err((PatternErrorKind::UnclosedRegexp, start - 1));
                }
                if b[pos + 1] != b'?' {
                    return Err((PatternErrorKind::RegexpCapturingGroup, pos));
                }
            }
            _ => {}
        }
        pos += 1;
    }
    if depth != 0 {
        return Err((PatternErrorKind::UnclosedRegexp, start - 1));
    }
    if pos - start - 1 == 0 {
        return Err((PatternErrorKind::EmptyRegexp, start - 1));
    }
    Ok(pos)
}

/// §2.1 "is a valid name code point": a code point that may start a
/// JavaScript identifier (ID_Start, `$`, `_`) when `first`, else one that
/// may continue it (ID_Continue, `$`, ZWNJ, ZWJ). Unicode's XID properties
/// stand for ID_Start and ID_Continue: they differ in a handful of code
/// points that NFKC changes (U+037A, U+0E33, U+FF9E, ...), which no name
/// uses.
pub(crate) fn is_valid_name_code_point(c: char, first: bool) -> bool {
    if first {
        c == '$' || c == '_' || unicode_ident::is_xid_start(c)
    } else {
        c == '$' || c == '\u{200C}' || c == '\u{200D}' || unicode_ident::is_xid_continue(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(input: &str, policy: Policy) -> Vec<(TokenType, &str)> {
        tokenize(input, policy)
            .unwrap()
            .into_iter()
            .map(|t| (t.ty, t.value(input)))
            .collect()
    }

    #[test]
    fn tokens() {
        use TokenType::*;
        assert_eq!(
            types("/:id(\\d+)?{x}*\\:", Policy::Strict),
            [
                (Char, "/"),
                (Name, "id"),
                (Regexp, "\\d+"),
                (OtherModifier, "?"),
                (Open, "{"),
                (Char, "x"),
                (Close, "}"),
                (Asterisk, "*"),
                (EscapedChar, ":"),
                (End, "")
            ]
        );
        assert_eq!(types("(a(?:b))", Policy::Strict), [(Regexp, "a(?:b)"), (End, "")]);
        assert_eq!(types(":café", Policy::Strict), [(Name, "café"), (End, "")]);
    }

    #[test]
    fn errors_strict_and_lenient() {
        for (input, kind, at) in [
            ("a\\", PatternErrorKind::TrailingBackslash, 1),
            (":", PatternErrorKind::MissingName, 0),
            ("(é)", PatternErrorKind::RegexpNotAscii, 1),
            ("(?x)", PatternErrorKind::RegexpStartsWithQuestionMark, 1),
            ("(a(b))", PatternErrorKind::RegexpCapturingGroup, 2),
            ("(a", PatternErrorKind::UnclosedRegexp, 0),
            ("()", PatternErrorKind::EmptyRegexp, 0),
        ] {
            let e = tokenize(input, Policy::Strict).unwrap_err();
            assert_eq!((e.kind, e.offset), (kind, at), "{input}");
            let lenient = tokenize(input, Policy::Lenient).unwrap();
            assert!(lenient.iter().any(|t| t.ty == TokenType::InvalidChar), "{input}");
        }
    }
}
