//! URLPattern Standard §2.4 "Converting part lists to regular expressions"
//! and §2.5 "Converting part lists to pattern strings": a part list as the
//! regular expression a component matches with, and as its normalized
//! pattern string.

use super::parser::{
    escape_pattern_string_into, escape_regexp_string_into, segment_wildcard_regexp, Modifier, Options, Part, PartType,
    FULL_WILDCARD_REGEXP,
};
use super::tokenizer::is_valid_name_code_point;

/// A fixed-text part appended to `out`, escaped by `escape`: as it is
/// without a modifier, else in the group `open`...`close` and the modifier
/// (`(?:...)?` in a regular expression, `{...}?` in a pattern string).
fn fixed_text_into(out: &mut String, part: &Part, (open, close): (&str, &str), escape: fn(&mut String, &str)) {
    if part.modifier == Modifier::None {
        escape(out, &part.value);
    } else {
        out.push_str(open);
        escape(out, &part.value);
        out.push_str(close);
        out.push_str(part.modifier.as_str());
    }
}

/// §2.4 "generate a regular expression and name list".
pub(crate) fn regular_expression_and_names(parts: &[Part], options: &Options) -> (String, Vec<String>) {
    let mut re = String::from("^");
    let mut names = Vec::new();
    let segment = segment_wildcard_regexp(options);
    for part in parts {
        if part.ty == PartType::FixedText {
            fixed_text_into(&mut re, part, ("(?:", ")"), escape_regexp_string_into);
            continue;
        }
        names.push(part.name.clone());
        let value = match part.ty {
            PartType::SegmentWildcard => segment.as_str(),
            PartType::FullWildcard => FULL_WILDCARD_REGEXP,
            PartType::Regexp | PartType::FixedText => part.value.as_str(),
        };
        let single = matches!(part.modifier, Modifier::None | Modifier::Optional);
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if single {
                re.push('(');
                re.push_str(value);
                re.push(')');
            } else {
                re.push_str("((?:");
                re.push_str(value);
                re.push(')');
                re.push_str(part.modifier.as_str());
                re.push(')');
            }
            re.push_str(if single { part.modifier.as_str() } else { "" });
            continue;
        }
        if single {
            re.push_str("(?:");
            escape_regexp_string_into(&mut re, &part.prefix);
            re.push('(');
            re.push_str(value);
            re.push(')');
            escape_regexp_string_into(&mut re, &part.suffix);
            re.push(')');
            re.push_str(part.modifier.as_str());
            continue;
        }
        re.push_str("(?:");
        escape_regexp_string_into(&mut re, &part.prefix);
        re.push_str("((?:");
        re.push_str(value);
        re.push_str(")(?:");
        escape_regexp_string_into(&mut re, &part.suffix);
        escape_regexp_string_into(&mut re, &part.prefix);
        re.push_str("(?:");
        re.push_str(value);
        re.push_str("))*)");
        escape_regexp_string_into(&mut re, &part.suffix);
        re.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            re.push('?');
        }
    }
    re.push('$');
    (re, names)
}

/// Whether a part's name is one the parser numbered (a group without a
/// name of its own).
fn is_numeric_name(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// §2.5 "generate a pattern string".
pub(crate) fn pattern_string(parts: &[Part], options: &Options) -> String {
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        let previous = i.checked_sub(1).map(|j| &parts[j]);
        let next = parts.get(i + 1);
        if part.ty == PartType::FixedText {
            fixed_text_into(&mut out, part, ("{", "}"), escape_pattern_string_into);
            continue;
        }
        let custom_name = !is_numeric_name(&part.name);
        let mut needs_grouping =
            !part.suffix.is_empty() || (!part.prefix.is_empty() && !options.is_prefix(&part.prefix));
        if !needs_grouping && custom_name && part.ty == PartType::SegmentWildcard && part.modifier == Modifier::None {
            if let Some(next) = next.filter(|n| n.prefix.is_empty() && n.suffix.is_empty()) {
                needs_grouping = if next.ty == PartType::FixedText {
                    next.value
                        .chars()
                        .next()
                        .is_some_and(|c| is_valid_name_code_point(c, false))
                } else {
                    is_numeric_name(&next.name)
                };
            }
        }
        if !needs_grouping
            && part.prefix.is_empty()
            && previous.is_some_and(|p| {
                p.ty == PartType::FixedText
                    && p.value.chars().next_back().is_some()
                    && p.value.chars().next_back() == options.prefix
            })
        {
            needs_grouping = true;
        }
        if needs_grouping {
            out.push('{');
        }
        escape_pattern_string_into(&mut out, &part.prefix);
        if custom_name {
            out.push(':');
            out.push_str(&part.name);
        }
        match part.ty {
            PartType::Regexp => {
                out.push('(');
                out.push_str(&part.value);
                out.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                out.push('(');
                out.push_str(&segment_wildcard_regexp(options));
                out.push(')');
            }
            PartType::FullWildcard => {
                if !custom_name
                    && (previous.is_none_or(|p| p.ty == PartType::FixedText || p.modifier != Modifier::None)
                        || needs_grouping
                        || !part.prefix.is_empty())
                {
                    out.push('*');
                } else {
                    out.push('(');
                    out.push_str(FULL_WILDCARD_REGEXP);
                    out.push(')');
                }
            }
            PartType::SegmentWildcard | PartType::FixedText => {}
        }
        if part.ty == PartType::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| is_valid_name_code_point(c, false))
        {
            out.push('\\');
        }
        escape_pattern_string_into(&mut out, &part.suffix);
        if needs_grouping {
            out.push('}');
        }
        out.push_str(part.modifier.as_str());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::parser::parse_pattern_string;
    use super::*;

    fn both(input: &str, options: &Options) -> (String, String) {
        let id = |s: &str| Ok(s.to_owned());
        let parts = parse_pattern_string(input, options, &id).unwrap();
        (
            regular_expression_and_names(&parts, options).0,
            pattern_string(&parts, options),
        )
    }

    #[test]
    fn regexp_and_pattern_string() {
        assert_eq!(
            both("/foo/:bar+", &Options::PATHNAME),
            (
                "^\\/foo(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))$".to_owned(),
                "/foo/:bar+".to_owned()
            )
        );
        assert_eq!(
            both("/(.*)", &Options::PATHNAME),
            ("^(?:\\/(.*))$".to_owned(), "/*".to_owned())
        );
        assert_eq!(
            both("{a}?", &Options::DEFAULT),
            ("^(?:a)?$".to_owned(), "{a}?".to_owned())
        );
        assert_eq!(both(":a\\b", &Options::DEFAULT).1, "{:a}b");
    }
}
