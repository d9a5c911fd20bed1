//! URLPattern Standard §1.3 "Internals": one component of a URL pattern,
//! compiled ("compile a component"): its pattern string, its regular
//! expression and group names, and whether it has regexp groups.
//!
//! The regular expression is ECMAScript's with the `v` flag (and `i` when
//! the pattern ignores case), compiled by `regress`, a backtracking engine.

use super::canonicalize::{canonicalize, Canon};
use super::direct::Direct;
use super::error::{PatternError, PatternErrorKind, MAX_PATTERN_LEN};
use super::generate::{pattern_string, regular_expression_and_names};
use super::parser::{parse_pattern_string, Options, PartType};

/// A compiled component.
#[derive(Debug, Clone)]
pub(crate) struct Component {
    /// The normalized pattern string.
    pub(crate) pattern: String,
    pub(crate) regexp: regress::Regex,
    pub(crate) names: Vec<String>,
    pub(crate) has_regexp_groups: bool,
    /// The matcher that runs no regular expression, where there is one.
    pub(crate) direct: Option<Direct>,
}

/// §1.3 "compile a component": `input` parsed with the encoding callback
/// `canon` and `options`, then its regular expression and pattern string.
///
/// # Errors
///
/// Those of parsing the pattern string, and a regular expression that does
/// not compile (the offset is then that of its first regexp group).
pub(crate) fn compile(input: &str, canon: Canon, options: &Options) -> Result<Component, PatternError> {
    if input.len() > MAX_PATTERN_LEN {
        return Err(PatternError::new(
            MAX_PATTERN_LEN,
            PatternErrorKind::TooLong,
            "compile a component",
        ));
    }
    let encode = |s: &str| canonicalize(canon, s, None);
    let parts = parse_pattern_string(input, options, &encode).map_err(|e| PatternError {
        rule: match e.kind {
            PatternErrorKind::Invalid { .. } => canon.rule(),
            _ => e.rule,
        },
        ..e
    })?;
    let (source, names) = regular_expression_and_names(&parts, options);
    // The `v` flag is the `u` flag's semantics (strict escapes, Unicode
    // case folding) and its own class syntax; `regress` reads the two
    // apart, so both are set.
    let flags = regress::Flags {
        icase: options.ignore_case,
        unicode: true,
        unicode_sets: true,
        ..regress::Flags::default()
    };
    let regexp = regress::Regex::with_flags(&source, flags).map_err(|e| {
        let at = parts.iter().find(|p| p.ty == PartType::Regexp).map_or(0, |p| p.at);
        PatternError::new(
            at,
            PatternErrorKind::InvalidRegexp { message: e.text },
            "compile a component",
        )
    })?;
    Ok(Component {
        pattern: pattern_string(&parts, options),
        regexp,
        names,
        has_regexp_groups: parts.iter().any(|p| p.ty == PartType::Regexp),
        direct: Direct::new(&parts, options),
    })
}

impl Component {
    /// Runs the regular expression on `input`: for each group, in the order
    /// of the name list, what it matched (`None`: nothing, an optional group
    /// that did not take part); `None` when `input` does not match.
    pub(crate) fn exec<'i>(&self, input: &'i str) -> Option<Vec<Option<&'i str>>> {
        match &self.direct {
            Some(d) if d.takes(input) => d.exec(input),
            _ => self.exec_regexp(input),
        }
    }

    /// [`exec`](Self::exec) by the regular expression.
    pub(crate) fn exec_regexp<'i>(&self, input: &'i str) -> Option<Vec<Option<&'i str>>> {
        let m = self.regexp.find(input)?;
        Some(
            (0..self.names.len())
                .map(|i| m.group(i + 1).map(|r| &input[r]))
                .collect(),
        )
    }

    /// Whether `input` matches.
    pub(crate) fn test(&self, input: &str) -> bool {
        match &self.direct {
            Some(d) if d.takes(input) => d.exec(input).is_some(),
            _ => self.regexp.find(input).is_some(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiles_and_matches() {
        let c = compile("/books/:id(\\d+)", Canon::Pathname, &Options::PATHNAME).unwrap();
        assert_eq!(c.pattern, "/books/:id(\\d+)");
        assert_eq!(c.names, ["id"]);
        assert!(c.has_regexp_groups);
        assert_eq!(c.exec("/books/12"), Some(vec![Some("12")]));
        assert_eq!(c.exec("/books/x"), None);
        let e = compile("/:x([)", Canon::Pathname, &Options::PATHNAME).unwrap_err();
        assert!(matches!(e.kind, PatternErrorKind::InvalidRegexp { .. }), "{e}");
        assert_eq!(e.offset, 0);
    }
}
