//! URLPattern Standard §2.2 "Parsing pattern strings": a component's
//! pattern string as a part list (fixed texts, and groups with their name,
//! regexp, prefix, suffix and modifier), each fixed text passed through the
//! component's encoding callback (its canonicalization by the URL parser).

use super::error::{PatternError, PatternErrorKind, MAX_PARTS};
use super::tokenizer::{tokenize, Policy, Token, TokenType};

/// A part's type (§2.2 "part").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PartType {
    /// Text matched as it is.
    FixedText,
    /// A group with a custom regexp.
    Regexp,
    /// A group matching one or more code points but the delimiter,
    /// lazily: `:name` alone.
    SegmentWildcard,
    /// A group matching anything, greedily: `*`.
    FullWildcard,
}

/// A part's modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Modifier {
    None,
    /// `?`
    Optional,
    /// `*`
    ZeroOrMore,
    /// `+`
    OneOrMore,
}

impl Modifier {
    /// §2.4 "convert a modifier to a string".
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Modifier::None => "",
            Modifier::Optional => "?",
            Modifier::ZeroOrMore => "*",
            Modifier::OneOrMore => "+",
        }
    }
}

/// A part (§2.2): for a fixed text, `value` is the text; for a regexp
/// group, the regexp; for the wildcards, empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) ty: PartType,
    pub(crate) value: String,
    pub(crate) modifier: Modifier,
    pub(crate) name: String,
    pub(crate) prefix: String,
    pub(crate) suffix: String,
    /// Where the part starts in the pattern string (for errors).
    pub(crate) at: usize,
    /// Where its regexp or wildcard starts (for errors): its `(` or `*`,
    /// else where the part starts.
    pub(crate) value_at: usize,
}

/// §2.2 "options": the delimiter and prefix code points of a component,
/// and whether it ignores case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    pub(crate) delimiter: Option<char>,
    pub(crate) prefix: Option<char>,
    pub(crate) ignore_case: bool,
}

impl Options {
    /// "default options": no delimiter, no prefix.
    pub(crate) const DEFAULT: Options = Options {
        delimiter: None,
        prefix: None,
        ignore_case: false,
    };
    /// "hostname options": `.` delimits, nothing prefixes.
    pub(crate) const HOSTNAME: Options = Options {
        delimiter: Some('.'),
        prefix: None,
        ignore_case: false,
    };
    /// "pathname options": `/` delimits and prefixes.
    pub(crate) const PATHNAME: Options = Options {
        delimiter: Some('/'),
        prefix: Some('/'),
        ignore_case: false,
    };

    /// Whether `s` is the prefix code point (and nothing else).
    pub(crate) fn is_prefix(&self, s: &str) -> bool {
        let mut chars = s.chars();
        self.prefix.is_some() && chars.next() == self.prefix && chars.next().is_none()
    }
}

/// A component's encoding callback: the canonical form of a fixed text, or
/// why the URL parser refuses it.
pub(crate) type Encode<'a> = &'a dyn Fn(&str) -> Result<String, PatternErrorKind>;

/// The parser of §2.2.
struct Parser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    encode: Encode<'a>,
    parts: Vec<Part>,
    pending: String,
    /// Where the pending fixed value starts.
    pending_at: usize,
    index: usize,
    next_numeric_name: u32,
}

/// §2.2 "parse a pattern string".
///
/// # Errors
///
/// A tokenizing error, a token the grammar does not allow, a duplicate
/// name, or a fixed text the encoding callback refuses; more than
/// [`MAX_PARTS`] parts.
pub(crate) fn parse_pattern_string(
    input: &str,
    options: &Options,
    encode: Encode<'_>,
) -> Result<Vec<Part>, PatternError> {
    let mut p = Parser {
        input,
        tokens: tokenize(input, Policy::Strict)?,
        encode,
        parts: Vec::new(),
        pending: String::new(),
        pending_at: 0,
        index: 0,
        next_numeric_name: 0,
    };
    while p.index < p.tokens.len() {
        if p.parts.len() > MAX_PARTS {
            let at = p.parts[MAX_PARTS].at;
            return Err(PatternError::new(
                at,
                PatternErrorKind::TooManyParts,
                "parse a pattern string",
            ));
        }
        let char_token = p.try_consume(TokenType::Char);
        let name_token = p.try_consume(TokenType::Name);
        let regexp_or_wildcard = p.try_consume_regexp_or_wildcard(name_token);
        if name_token.is_some() || regexp_or_wildcard.is_some() {
            let mut prefix = char_token.map_or("", |t| t.value(input));
            if !prefix.is_empty() && !options.is_prefix(prefix) {
                p.push_pending(prefix, char_token.map_or(0, |t| t.index));
                prefix = "";
            }
            p.maybe_add_part_from_pending()?;
            let modifier = p.try_consume_modifier();
            let at = char_token.or(name_token).or(regexp_or_wildcard).map_or(0, |t| t.index);
            p.add_part(prefix, name_token, regexp_or_wildcard, "", modifier, options, at)?;
            continue;
        }
        let fixed = char_token.or_else(|| p.try_consume(TokenType::EscapedChar));
        if let Some(t) = fixed {
            p.push_pending(t.value(input), t.index);
            continue;
        }
        if let Some(open) = p.try_consume(TokenType::Open) {
            let prefix = p.consume_text();
            let name_token = p.try_consume(TokenType::Name);
            let regexp_or_wildcard = p.try_consume_regexp_or_wildcard(name_token);
            let suffix = p.consume_text();
            p.consume_required(TokenType::Close)?;
            let modifier = p.try_consume_modifier();
            p.add_part(
                &prefix,
                name_token,
                regexp_or_wildcard,
                &suffix,
                modifier,
                options,
                open.index,
            )?;
            continue;
        }
        p.maybe_add_part_from_pending()?;
        p.consume_required(TokenType::End)?;
    }
    Ok(p.parts)
}

impl Parser<'_> {
    fn try_consume(&mut self, ty: TokenType) -> Option<Token> {
        let t = *self.tokens.get(self.index)?;
        if t.ty != ty {
            return None;
        }
        self.index += 1;
        Some(t)
    }

    fn try_consume_modifier(&mut self) -> Option<Token> {
        self.try_consume(TokenType::OtherModifier)
            .or_else(|| self.try_consume(TokenType::Asterisk))
    }

    fn try_consume_regexp_or_wildcard(&mut self, name: Option<Token>) -> Option<Token> {
        let t = self.try_consume(TokenType::Regexp);
        if name.is_none() && t.is_none() {
            return self.try_consume(TokenType::Asterisk);
        }
        t
    }

    fn consume_required(&mut self, ty: TokenType) -> Result<Token, PatternError> {
        if let Some(t) = self.try_consume(ty) {
            return Ok(t);
        }
        let t = self.tokens[self.index.min(self.tokens.len() - 1)];
        let found = match t.ty {
            TokenType::Open => "'{'",
            TokenType::Close => "'}'",
            TokenType::Regexp => "a regexp group",
            TokenType::Name => "a named group",
            TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar => "a fixed text",
            TokenType::OtherModifier | TokenType::Asterisk => "a modifier",
            TokenType::End => "the end",
        };
        let expected = match ty {
            TokenType::Close => "'}'",
            _ => "a group or a fixed text, not a modifier or '}'",
        };
        Err(PatternError::new(
            t.index,
            PatternErrorKind::Unexpected { found, expected },
            "parse a pattern string",
        ))
    }

    /// "consume text": the chars and escaped chars that follow.
    fn consume_text(&mut self) -> String {
        let mut out = String::new();
        while let Some(t) = self
            .try_consume(TokenType::Char)
            .or_else(|| self.try_consume(TokenType::EscapedChar))
        {
            out.push_str(t.value(self.input));
        }
        out
    }

    fn push_pending(&mut self, s: &str, at: usize) {
        if self.pending.is_empty() {
            self.pending_at = at;
        }
        self.pending.push_str(s);
    }

    fn encode(&self, s: &str, at: usize) -> Result<String, PatternError> {
        (self.encode)(s).map_err(|kind| PatternError::new(at, kind, "parse a pattern string"))
    }

    /// "maybe add a part from the pending fixed value".
    fn maybe_add_part_from_pending(&mut self) -> Result<(), PatternError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let value = self.encode(&self.pending, self.pending_at)?;
        self.pending.clear();
        self.parts.push(Part {
            ty: PartType::FixedText,
            value,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
            at: self.pending_at,
            value_at: self.pending_at,
        });
        Ok(())
    }

    /// "add a part".
    #[allow(clippy::too_many_arguments)]
    fn add_part(
        &mut self,
        prefix: &str,
        name: Option<Token>,
        regexp_or_wildcard: Option<Token>,
        suffix: &str,
        modifier: Option<Token>,
        options: &Options,
        at: usize,
    ) -> Result<(), PatternError> {
        let modifier = match modifier.map(|t| t.value(self.input)) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        if name.is_none() && regexp_or_wildcard.is_none() && modifier == Modifier::None {
            self.push_pending(prefix, at);
            return Ok(());
        }
        self.maybe_add_part_from_pending()?;
        if name.is_none() && regexp_or_wildcard.is_none() {
            debug_assert!(suffix.is_empty());
            if prefix.is_empty() {
                return Ok(());
            }
            let value = self.encode(prefix, at)?;
            self.parts.push(Part {
                ty: PartType::FixedText,
                value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
                at,
                value_at: at,
            });
            return Ok(());
        }
        let (ty, value) = match regexp_or_wildcard {
            None => (PartType::SegmentWildcard, String::new()),
            Some(t) if t.ty == TokenType::Asterisk => (PartType::FullWildcard, String::new()),
            Some(t) => {
                let v = t.value(self.input);
                if v == segment_wildcard_regexp(options) {
                    (PartType::SegmentWildcard, String::new())
                } else if v == FULL_WILDCARD_REGEXP {
                    (PartType::FullWildcard, String::new())
                } else {
                    (PartType::Regexp, v.to_owned())
                }
            }
        };
        let name = match name {
            Some(t) => t.value(self.input).to_owned(),
            None => {
                let n = self.next_numeric_name.to_string();
                self.next_numeric_name += 1;
                n
            }
        };
        if self.parts.iter().any(|p| p.name == name) {
            return Err(PatternError::new(
                at,
                PatternErrorKind::DuplicateName,
                "parse a pattern string",
            ));
        }
        let prefix = self.encode(prefix, at)?;
        let suffix = self.encode(suffix, at)?;
        self.parts.push(Part {
            ty,
            value,
            modifier,
            name,
            prefix,
            suffix,
            at,
            value_at: regexp_or_wildcard.map_or(at, |t| t.index),
        });
        Ok(())
    }
}

/// §2.4 "full wildcard regexp value".
pub(crate) const FULL_WILDCARD_REGEXP: &str = ".*";

/// §2.4 "generate a segment wildcard regexp": one or more code points but
/// the delimiter, lazily.
pub(crate) fn segment_wildcard_regexp(options: &Options) -> String {
    let mut out = String::from("[^");
    if let Some(d) = options.delimiter {
        escape_regexp_string_into(&mut out, d.encode_utf8(&mut [0; 4]));
    }
    out.push_str("]+?");
    out
}

/// §2.4 "escape a regexp string", appended to `out`.
pub(crate) fn escape_regexp_string_into(out: &mut String, s: &str) {
    for c in s.chars() {
        if matches!(
            c,
            '.' | '+' | '*' | '?' | '^' | '$' | '{' | '}' | '(' | ')' | '[' | ']' | '|' | '/' | '\\'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// §2.4 "escape a pattern string", appended to `out`.
pub(crate) fn escape_pattern_string_into(out: &mut String, s: &str) {
    for c in s.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
}

/// §2.4 "escape a pattern string".
pub(crate) fn escape_pattern_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_pattern_string_into(&mut out, s);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(input: &str, options: &Options) -> Vec<(PartType, String, Modifier, String, String, String)> {
        let id = |s: &str| Ok(s.to_owned());
        parse_pattern_string(input, options, &id)
            .unwrap()
            .into_iter()
            .map(|p| (p.ty, p.value, p.modifier, p.name, p.prefix, p.suffix))
            .collect()
    }

    #[test]
    fn prefix_name_regexp_modifier() {
        let s = String::from;
        assert_eq!(
            parts("/books/:id(\\d+)?", &Options::PATHNAME),
            [
                (PartType::FixedText, s("/books"), Modifier::None, s(""), s(""), s("")),
                (PartType::Regexp, s("\\d+"), Modifier::Optional, s("id"), s("/"), s("")),
            ]
        );
        assert_eq!(
            parts("{a:x.b}*", &Options::DEFAULT),
            [(
                PartType::SegmentWildcard,
                s(""),
                Modifier::ZeroOrMore,
                s("x"),
                s("a"),
                s(".b")
            )]
        );
        assert_eq!(
            parts("*", &Options::DEFAULT),
            [(PartType::FullWildcard, s(""), Modifier::None, s("0"), s(""), s(""))]
        );
    }

    #[test]
    fn errors() {
        let id = |s: &str| Ok(s.to_owned());
        for (input, offset) in [("a?", 1), ("{a", 2), ("}", 0), (":a:a", 2), ("{*{b}}", 2)] {
            let e = parse_pattern_string(input, &Options::DEFAULT, &id).unwrap_err();
            assert_eq!(e.offset, offset, "{input}: {e}");
        }
    }
}
