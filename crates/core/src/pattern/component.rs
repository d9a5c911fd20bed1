//! URLPattern Standard §1.3 "Internals": one component of a URL pattern,
//! compiled ("compile a component"): its pattern string, its regular
//! expression and group names, and whether it has regexp groups.
//!
//! The regular expression is ECMAScript's with the `v` flag (and `i` when
//! the pattern ignores case), compiled by `regress`, a backtracking engine.

use super::canonicalize::{canonicalize, Canon};
use super::direct::Direct;
use super::error::{PatternError, PatternErrorKind, MAX_PATTERN_LEN};
use super::fixed::Fixed;
use super::generate::{pattern_string, regular_expression_and_names};
use super::parser::{parse_pattern_string, Options, PartType};

/// A compiled component.
#[derive(Debug, Clone)]
pub(crate) struct Component {
    /// The normalized pattern string.
    pub(crate) pattern: String,
    /// The regular expression, where it may run (see [`compile`]).
    pub(crate) regexp: Option<regress::Regex>,
    /// The regular expression's source, for the tests of the direct
    /// matcher.
    #[cfg(test)]
    pub(crate) source: String,
    pub(crate) names: Vec<String>,
    pub(crate) has_regexp_groups: bool,
    /// The matcher that runs no regular expression, where there is one.
    pub(crate) direct: Option<Direct>,
    /// The fixed texts every input it matches holds.
    pub(crate) fixed: Fixed,
}

/// §1.3 "compile a component": `input` parsed with the encoding callback
/// `canon` and `options`, then its regular expression and pattern string.
///
/// # Errors
///
/// Those of parsing the pattern string, and a regular expression that does
/// not compile (the offset is then the `(` of its first regexp group).
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
    let direct = Direct::new(&parts, options);
    // The direct matcher takes every input but, with `ignoreCase`, one that
    // is not ASCII: the regular expression is compiled only where it may
    // run (and where it may not compile: a regexp group).
    let regexp = match direct {
        Some(_) if !options.ignore_case => None,
        _ => Some(regular_expression(&source, options).map_err(|message| {
            let at = parts
                .iter()
                .find(|p| p.ty == PartType::Regexp)
                .map_or(0, |p| p.value_at);
            PatternError::new(at, PatternErrorKind::InvalidRegexp { message }, "compile a component")
        })?),
    };
    Ok(Component {
        fixed: Fixed::of(&parts, options.ignore_case),
        pattern: pattern_string(&parts, options),
        regexp,
        #[cfg(test)]
        source,
        names,
        has_regexp_groups: parts.iter().any(|p| p.ty == PartType::Regexp),
        direct,
    })
}

/// The regular expression of `source` (§1.3 "compile a component" steps
/// 3-6): ECMAScript's, with the `v` flag, and `i` to ignore case.
fn regular_expression(source: &str, options: &Options) -> Result<regress::Regex, String> {
    // The `v` flag is the `u` flag's semantics (strict escapes, Unicode
    // case folding) and its own class syntax; `regress` reads the two
    // apart, so both are set.
    let flags = regress::Flags {
        icase: options.ignore_case,
        unicode: true,
        unicode_sets: true,
        ..regress::Flags::default()
    };
    regress::Regex::with_flags(source, flags).map_err(|e| e.text)
}

impl Component {
    /// Runs the component's matcher on `input`: for each group, in the
    /// order of the name list, what it matched (`None`: nothing, an
    /// optional group that did not take part); `None` when `input` does
    /// not match.
    #[cfg(test)]
    pub(crate) fn exec<'i>(&self, input: &'i str) -> Option<Vec<Option<&'i str>>> {
        let mut groups = Vec::new();
        self.exec_into(input, &mut groups).then_some(groups)
    }

    /// The component's matcher on `input`, what each group matched (in the
    /// order of the name list) appended to `groups`: whether `input`
    /// matches (when it does not, `groups` may hold more).
    pub(crate) fn exec_into<'i>(&self, input: &'i str, groups: &mut Vec<Option<&'i str>>) -> bool {
        if !self.may_match(input) {
            return false;
        }
        match (&self.direct, &self.regexp) {
            (Some(d), _) if d.takes(input) => d.exec_into(input, groups),
            (_, Some(re)) => self.exec_regexp(re, input, groups),
            // Not reached: without a regular expression, the direct
            // matcher takes every input.
            (_, None) => false,
        }
    }

    /// Whether the component is `*` alone: it matches any input without a
    /// line terminator.
    pub(crate) fn is_any(&self) -> bool {
        self.direct.as_ref().is_some_and(Direct::is_any)
    }

    /// Whether `input` holds the fixed texts every match holds.
    pub(crate) fn may_match(&self, input: &str) -> bool {
        self.fixed.may_match(input)
    }

    /// [`exec_into`](Self::exec_into) by the regular expression `re`.
    fn exec_regexp<'i>(&self, re: &regress::Regex, input: &'i str, groups: &mut Vec<Option<&'i str>>) -> bool {
        let Some(m) = re.find(input) else {
            return false;
        };
        groups.extend((0..self.names.len()).map(|i| m.group(i + 1).map(|r| &input[r])));
        true
    }

    /// [`exec`](Self::exec) by the regular expression, compiled anew, for
    /// the tests of the direct matcher.
    #[cfg(test)]
    pub(crate) fn exec_by_regexp<'i>(&self, options: &Options, input: &'i str) -> Option<Vec<Option<&'i str>>> {
        let re = regular_expression(&self.source, options).unwrap();
        let mut groups = Vec::new();
        self.exec_regexp(&re, input, &mut groups).then_some(groups)
    }

    /// Whether `input` matches.
    pub(crate) fn test(&self, input: &str) -> bool {
        if !self.may_match(input) {
            return false;
        }
        match (&self.direct, &self.regexp) {
            (Some(d), _) if d.takes(input) => d.test(input),
            (_, Some(re)) => re.find(input).is_some(),
            (_, None) => false,
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
        assert_eq!(e.offset, 3);
    }
}
