//! The matcher of a component without regexp groups: its part list run
//! directly on the input, no regular expression engine involved.
//!
//! It answers as the regular expression of §2.4 does, group for group: it
//! tries the same alternatives in the same order (a segment wildcard
//! `[^d]+?` from the shortest, a full wildcard `.*` from the longest, an
//! optional part with it first, a repeat as many times as it can, and an
//! iteration of a `?`, `*` or `+` (past the first) that matches nothing
//! refused, as ECMAScript's RepeatMatcher refuses it), so the first match
//! it finds is the engine's. What differs
//! is the cost: a state (a step of the part list and the iterations so far,
//! at a position of the input) that has failed once is remembered, so no
//! state is tried twice, and a pattern with nested repeats (`:a*` is
//! `((?:[^]+?)*)`) takes time polynomial in the input where a backtracking
//! engine takes exponential time.
//!
//! With `ignoreCase`, a component whose fixed texts are all ASCII matches
//! an ASCII input; the rest goes to the regular expression (Unicode simple
//! case folding matches `k` with U+212A KELVIN SIGN).

use std::collections::HashSet;

use super::fixed::same;
use super::parser::{Modifier, Options, Part, PartType};

/// What a group matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    /// `[^d]+?`, lazily (with no delimiter, `[^]+?`: any code point).
    Segment,
    /// `.*`, greedily (no line terminator).
    Full,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Fixed {
        text: String,
        modifier: Modifier,
    },
    Group {
        prefix: String,
        value: Value,
        suffix: String,
        modifier: Modifier,
        group: usize,
    },
}

/// A part list whose answer needs no search.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shape {
    /// Fixed texts alone: the input is their concatenation.
    Exact(String),
    /// `*` alone: any input without a line terminator, in group 0.
    Any,
    /// Anything else: the search of [`Run`].
    Search,
}

/// A component's part list, ready to match.
#[derive(Clone, Debug)]
pub(crate) struct Direct {
    steps: Vec<Step>,
    shape: Shape,
    delimiter: Option<char>,
    ignore_case: bool,
    groups: usize,
}

/// A group's span of the input.
type Span = Option<(usize, usize)>;

impl Direct {
    /// The matcher of `parts`, or `None` when it must be the regular
    /// expression (a regexp group; with `ignoreCase`, a fixed text that is
    /// not ASCII).
    pub(crate) fn new(parts: &[Part], options: &Options) -> Option<Direct> {
        let mut steps = Vec::with_capacity(parts.len());
        let mut groups = 0;
        for p in parts {
            let ascii = p.value.is_ascii() && p.prefix.is_ascii() && p.suffix.is_ascii();
            if options.ignore_case && !ascii {
                return None;
            }
            let value = match p.ty {
                PartType::FixedText => {
                    steps.push(Step::Fixed {
                        text: p.value.clone(),
                        modifier: p.modifier,
                    });
                    continue;
                }
                PartType::Regexp => return None,
                PartType::SegmentWildcard => Value::Segment,
                PartType::FullWildcard => Value::Full,
            };
            steps.push(Step::Group {
                prefix: p.prefix.clone(),
                value,
                suffix: p.suffix.clone(),
                modifier: p.modifier,
                group: groups,
            });
            groups += 1;
        }
        let shape = match steps.as_slice() {
            [Step::Group {
                prefix,
                value: Value::Full,
                suffix,
                modifier: Modifier::None,
                ..
            }] if prefix.is_empty() && suffix.is_empty() => Shape::Any,
            _ if steps.iter().all(|s| {
                matches!(
                    s,
                    Step::Fixed {
                        modifier: Modifier::None,
                        ..
                    }
                )
            }) =>
            {
                Shape::Exact(
                    steps
                        .iter()
                        .map(|s| match s {
                            Step::Fixed { text, .. } => text.as_str(),
                            Step::Group { .. } => "",
                        })
                        .collect(),
                )
            }
            _ => Shape::Search,
        };
        Some(Direct {
            steps,
            shape,
            delimiter: options.delimiter,
            ignore_case: options.ignore_case,
            groups,
        })
    }

    /// Whether the part list is `*` alone.
    pub(crate) fn is_any(&self) -> bool {
        self.shape == Shape::Any
    }

    /// Whether this matcher takes `input` (with `ignoreCase`, ASCII only).
    pub(crate) fn takes(&self, input: &str) -> bool {
        !self.ignore_case || input.is_ascii()
    }

    /// What each group matched, or `None` when `input` does not match.
    #[cfg(test)]
    pub(crate) fn exec<'i>(&self, input: &'i str) -> Option<Vec<Option<&'i str>>> {
        let mut groups = Vec::new();
        self.exec_into(input, &mut groups).then_some(groups)
    }

    /// What each group matched, appended to `groups`: whether `input`
    /// matches.
    pub(crate) fn exec_into<'i>(&self, input: &'i str, groups: &mut Vec<Option<&'i str>>) -> bool {
        match &self.shape {
            Shape::Exact(text) => self.same(input, text),
            Shape::Any if input.contains(is_line_terminator) => false,
            Shape::Any => {
                groups.push(Some(input));
                true
            }
            Shape::Search => match self.run(input).0 {
                Some(found) => {
                    groups.extend(found);
                    true
                }
                None => false,
            },
        }
    }

    /// Whether `input` matches, without collecting its groups.
    pub(crate) fn test(&self, input: &str) -> bool {
        match &self.shape {
            Shape::Exact(text) => self.same(input, text),
            Shape::Any => !input.contains(is_line_terminator),
            Shape::Search => self.run(input).0.is_some(),
        }
    }

    /// Whether `a` is `b` (with `ignoreCase`, as ASCII letters of either
    /// case).
    fn same(&self, a: &str, b: &str) -> bool {
        if self.ignore_case {
            a.eq_ignore_ascii_case(b)
        } else {
            same(a.as_bytes(), b.as_bytes())
        }
    }

    /// What each group matched (`None` when `input` does not match), and
    /// how many steps it ran.
    fn run<'i>(&self, input: &'i str) -> (Option<Vec<Option<&'i str>>>, usize) {
        let mut run = Run {
            d: self,
            input,
            caps: vec![None; self.groups],
            failed: Memo::new(self.steps.len(), input.len()),
            work: 0,
        };
        if !run.steps(0, 0) {
            return (None, run.work);
        }
        let groups = run.caps.iter().map(|c| c.map(|(a, b)| &input[a..b])).collect();
        (Some(groups), run.work)
    }
}

/// One match: the input, the groups so far, and the states known to fail.
struct Run<'d, 'i> {
    d: &'d Direct,
    input: &'i str,
    caps: Vec<Span>,
    /// (step, phase, position) that have failed.
    failed: Memo,
    /// The steps run (a test's measure of the work).
    work: usize,
}

/// The states known to fail, (step, phase, position): bits in a table of
/// every state, on the stack for a small one; a set for an input so long
/// that the table would be large. The table on the stack is the point of
/// the first variant: most runs fail small and allocate nothing.
#[allow(clippy::large_enum_variant)]
enum Memo {
    Inline([u64; 32], usize),
    Heap(Vec<u64>, usize),
    Set(HashSet<(usize, u8, usize)>),
}

/// The most states a table holds on the heap (128 KiB).
const MAX_TABLE_BITS: usize = 1 << 20;

impl Memo {
    fn new(steps: usize, len: usize) -> Memo {
        let bits = steps.saturating_mul(4).saturating_mul(len + 1);
        if bits <= 32 * 64 {
            Memo::Inline([0; 32], len + 1)
        } else if bits <= MAX_TABLE_BITS {
            Memo::Heap(Vec::new(), len + 1)
        } else {
            Memo::Set(HashSet::new())
        }
    }

    fn bit(width: usize, (step, phase, pos): (usize, u8, usize)) -> (usize, u64) {
        let n = (step * 4 + usize::from(phase)) * width + pos;
        (n / 64, 1 << (n % 64))
    }

    fn contains(&self, key: (usize, u8, usize)) -> bool {
        match self {
            Memo::Inline(bits, width) => {
                let (word, mask) = Memo::bit(*width, key);
                bits[word] & mask != 0
            }
            Memo::Heap(bits, width) => {
                let (word, mask) = Memo::bit(*width, key);
                bits.get(word).is_some_and(|w| w & mask != 0)
            }
            Memo::Set(set) => set.contains(&key),
        }
    }

    fn insert(&mut self, key: (usize, u8, usize)) {
        match self {
            Memo::Inline(bits, width) => {
                let (word, mask) = Memo::bit(*width, key);
                bits[word] |= mask;
            }
            Memo::Heap(bits, width) => {
                let (word, mask) = Memo::bit(*width, key);
                if bits.len() <= word {
                    bits.resize(word + 1, 0);
                }
                bits[word] |= mask;
            }
            Memo::Set(set) => {
                set.insert(key);
            }
        }
    }
}

/// Phases of a step, for the memo: its start, and its repeats after an
/// iteration (of a fixed text, of a group without prefix and suffix, of a
/// group with them).
const START: u8 = 0;
const REPEAT: u8 = 1;
const BARE: u8 = 2;
const INNER: u8 = 3;

/// A line terminator of ECMAScript, which `.` does not match.
pub(crate) fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

/// The ends of a value, as [`Run::ends`] gives them.
enum Ends<'i> {
    /// From the shortest (one code point) to the delimiter.
    Segment {
        chars: std::str::CharIndices<'i>,
        at: usize,
        delimiter: Option<char>,
    },
    /// From the longest (the line terminator) to the empty.
    Full {
        text: &'i str,
        at: usize,
        next: Option<usize>,
    },
}

impl Iterator for Ends<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            Ends::Segment { chars, at, delimiter } => {
                let (i, c) = chars.next()?;
                if Some(c) == *delimiter {
                    *chars = "".char_indices();
                    return None;
                }
                Some(*at + i + c.len_utf8())
            }
            Ends::Full { text, at, next } => {
                let end = (*next)?;
                *next = text[..end].chars().next_back().map(|c| end - c.len_utf8());
                Some(*at + end)
            }
        }
    }
}

impl<'i> Run<'_, 'i> {
    /// Whether `text` is at `at`; where it ends.
    fn literal(&self, at: usize, text: &str) -> Option<usize> {
        let rest = self.input.get(at..)?;
        let head = rest.get(..text.len())?;
        self.d.same(head, text).then_some(at + text.len())
    }

    /// The ends a value may take from `at`, in the order the regular
    /// expression tries them.
    fn ends(&self, value: Value, at: usize) -> Ends<'i> {
        let input: &'i str = self.input;
        let rest = &input[at..];
        match value {
            Value::Segment => Ends::Segment {
                chars: rest.char_indices(),
                at,
                delimiter: self.d.delimiter,
            },
            Value::Full => {
                let end = rest.find(is_line_terminator).unwrap_or(rest.len());
                Ends::Full {
                    text: &rest[..end],
                    at,
                    next: Some(end),
                }
            }
        }
    }

    /// The steps from `i` at `pos`, to the end of the input.
    fn steps(&mut self, i: usize, pos: usize) -> bool {
        self.work += 1;
        let Some(step) = self.d.steps.get(i) else {
            return pos == self.input.len();
        };
        if self.failed.contains((i, START, pos)) {
            return false;
        }
        let ok = match step {
            Step::Fixed { text, modifier } => self.fixed(i, text, *modifier, pos),
            Step::Group {
                prefix,
                value,
                suffix,
                modifier,
                group,
            } => self.group(i, prefix, *value, suffix, *modifier, *group, pos),
        };
        if !ok {
            self.failed.insert((i, START, pos));
        }
        ok
    }

    fn fixed(&mut self, i: usize, text: &str, modifier: Modifier, pos: usize) -> bool {
        match modifier {
            Modifier::None => self.literal(pos, text).is_some_and(|e| self.steps(i + 1, e)),
            // `(?:t)?` refuses an iteration that matches nothing.
            Modifier::Optional => {
                self.literal(pos, text)
                    .is_some_and(|e| e != pos && self.steps(i + 1, e))
                    || self.steps(i + 1, pos)
            }
            Modifier::ZeroOrMore => self.fixed_repeat(i, text, pos, false),
            Modifier::OneOrMore => match self.literal(pos, text) {
                // The first iteration may be empty (an empty text).
                Some(e) => self.fixed_repeat(i, text, e, e == pos),
                None => false,
            },
        }
    }

    /// `(?:text)*` from `pos`, greedily; `done` when the empty text has
    /// been taken once (a second empty iteration is refused).
    fn fixed_repeat(&mut self, i: usize, text: &str, pos: usize, done: bool) -> bool {
        if self.failed.contains((i, REPEAT, pos)) {
            return false;
        }
        let again = !text.is_empty() && !done;
        let ok = (again
            && self
                .literal(pos, text)
                .is_some_and(|e| self.fixed_repeat(i, text, e, false)))
            || self.steps(i + 1, pos);
        if !ok {
            self.failed.insert((i, REPEAT, pos));
        }
        ok
    }

    #[allow(clippy::too_many_arguments)]
    fn group(
        &mut self,
        i: usize,
        prefix: &str,
        value: Value,
        suffix: &str,
        modifier: Modifier,
        group: usize,
        pos: usize,
    ) -> bool {
        let single = matches!(modifier, Modifier::None | Modifier::Optional);
        let taken = if prefix.is_empty() && suffix.is_empty() && !single {
            // `((?:V)+)` or `((?:V)*)`: the group spans the iterations.
            let first_may_be_empty = modifier == Modifier::OneOrMore;
            self.bare_repeat(
                i,
                value,
                pos,
                pos,
                group,
                first_may_be_empty,
                modifier == Modifier::OneOrMore,
            )
        } else if let Some(p1) = self.literal(pos, prefix) {
            if single {
                // `(?:p(V)s)` and `(?:p(V)s)?`.
                let mut found = false;
                for e in self.ends(value, p1) {
                    if let Some(s1) = self.literal(e, suffix) {
                        // `(...)?` refuses an iteration that matches nothing.
                        if modifier == Modifier::Optional && s1 == pos {
                            continue;
                        }
                        self.caps[group] = Some((p1, e));
                        if self.steps(i + 1, s1) {
                            found = true;
                            break;
                        }
                    }
                }
                found
            } else {
                // `(?:p((?:V)(?:s p (?:V))*)s)`, then `?` for `*`.
                let mut found = false;
                for e in self.ends(value, p1) {
                    if self.inner_repeat(i, value, prefix, suffix, p1, e, group) {
                        found = true;
                        break;
                    }
                }
                found
            }
        } else {
            false
        };
        if taken {
            return true;
        }
        self.caps[group] = None;
        if matches!(modifier, Modifier::Optional | Modifier::ZeroOrMore) {
            return self.steps(i + 1, pos);
        }
        false
    }

    /// `((?:V)*)` or `((?:V)+)` from `pos` (the group started at `start`),
    /// greedily: another iteration when it matches something (or, with
    /// `must`, the first iteration of `+`, which may be empty), else the
    /// group ends and the next step runs.
    #[allow(clippy::too_many_arguments)]
    fn bare_repeat(
        &mut self,
        i: usize,
        value: Value,
        start: usize,
        pos: usize,
        group: usize,
        first_may_be_empty: bool,
        must: bool,
    ) -> bool {
        let first = pos == start && must;
        let key = (i, BARE, pos);
        if pos != start && self.failed.contains(key) {
            return false;
        }
        for e in self.ends(value, pos) {
            if e == pos && !(first && first_may_be_empty) {
                continue;
            }
            if self.bare_repeat(i, value, start, e, group, false, false) {
                return true;
            }
        }
        if !first {
            self.caps[group] = Some((start, pos));
            if self.steps(i + 1, pos) {
                return true;
            }
        }
        if pos != start {
            self.failed.insert(key);
        }
        false
    }

    /// `(?:s p (?:V))*` after an iteration that ended at `pos`, then `)s`
    /// and the next step; the group started at `start`.
    #[allow(clippy::too_many_arguments)]
    fn inner_repeat(
        &mut self,
        i: usize,
        value: Value,
        prefix: &str,
        suffix: &str,
        start: usize,
        pos: usize,
        group: usize,
    ) -> bool {
        let key = (i, INNER, pos);
        if self.failed.contains(key) {
            return false;
        }
        if let Some(p1) = self.literal(pos, suffix).and_then(|s1| self.literal(s1, prefix)) {
            for e in self.ends(value, p1) {
                // An iteration that matches nothing is refused.
                if e == pos {
                    continue;
                }
                if self.inner_repeat(i, value, prefix, suffix, start, e, group) {
                    return true;
                }
            }
        }
        if let Some(s1) = self.literal(pos, suffix) {
            self.caps[group] = Some((start, pos));
            if self.steps(i + 1, s1) {
                return true;
            }
        }
        self.failed.insert(key);
        false
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::{PatternComponent, PatternInput, PatternOptions, UrlPattern, UrlPatternInit};
    use super::*;

    fn init_of(v: &serde_json::Value) -> UrlPatternInit {
        let mut init = UrlPatternInit::default();
        for c in PatternComponent::ALL {
            init.set(c, v[c.name()].as_str());
        }
        init.base_url = v["baseURL"].as_str().map(str::to_owned);
        init
    }

    /// Every pattern of the web-platform-tests that builds, with its
    /// options.
    fn wpt_patterns() -> Vec<UrlPattern> {
        let text = include_str!("../../../../testdata/wpt-urlpattern/urlpatterntestdata.json");
        // A lone surrogate is no Rust string: each becomes U+FFFD, as the
        // WPT runner reads it (WebIDL's USVString).
        let surrogate = |i: usize| {
            let hex = text.get(i + 2..i + 6).and_then(|h| u16::from_str_radix(h, 16).ok());
            hex.filter(|u| text[i..].starts_with("\\u") && (0xd800..0xe000).contains(u))
        };
        let mut fixed = String::with_capacity(text.len());
        let mut i = 0;
        while i < text.len() {
            match surrogate(i) {
                Some(hi) if hi < 0xdc00 && surrogate(i + 6).is_some_and(|lo| lo >= 0xdc00) => {
                    fixed.push_str(&text[i..i + 12]);
                    i += 12;
                }
                Some(_) => {
                    fixed.push_str("\\uFFFD");
                    i += 6;
                }
                None => {
                    let c = text[i..].chars().next().unwrap();
                    fixed.push(c);
                    i += c.len_utf8();
                }
            }
        }
        let entries: Vec<serde_json::Value> = serde_json::from_str(&fixed).unwrap();
        let mut out = Vec::new();
        for e in &entries {
            let args = e["pattern"].as_array().unwrap();
            let options = PatternOptions {
                ignore_case: args.iter().any(|a| a["ignoreCase"] == true),
            };
            let base = args.get(1).and_then(|b| b.as_str());
            let init = args.first().filter(|a| a.is_object()).map(init_of).unwrap_or_default();
            let input = match args.first().and_then(|a| a.as_str()) {
                Some(s) => PatternInput::Url(s),
                None => PatternInput::Init(&init),
            };
            if let Ok(p) = UrlPattern::new(input, base, options) {
                out.push(p);
            }
        }
        out
    }

    /// Inputs made of the pieces of the component's parts and a few more,
    /// up to three pieces long.
    fn inputs(d: &Direct) -> Vec<String> {
        let mut pieces: BTreeSet<String> = ["", "a", "bc", "/", ".", "-", "%20", "A"]
            .into_iter()
            .map(str::to_owned)
            .collect();
        for s in &d.steps {
            match s {
                Step::Fixed { text, .. } => {
                    pieces.insert(text.clone());
                }
                Step::Group { prefix, suffix, .. } => {
                    pieces.insert(prefix.clone());
                    pieces.insert(suffix.clone());
                }
            }
        }
        let pieces: Vec<String> = pieces.into_iter().take(12).collect();
        let mut out = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..3 {
            let next: Vec<String> = last
                .iter()
                .flat_map(|s| pieces.iter().map(move |p| format!("{s}{p}")))
                .collect();
            out.extend(next.iter().cloned());
            last = next;
        }
        // Line terminators, which `.*` does not match.
        out.extend(["\n", "a\u{2028}b", "/a\rb/", "x.\u{2029}"].map(str::to_owned));
        out.sort();
        out.dedup();
        out
    }

    /// The direct matcher answers as the regular expression, groups and
    /// all, on every component of the WPT patterns it takes.
    #[test]
    fn direct_matcher_answers_as_the_regular_expression() {
        let mut seen = BTreeSet::new();
        let (mut components, mut compared) = (0, 0);
        for p in wpt_patterns() {
            for c in &p.components {
                let Some(d) = &c.direct else { continue };
                if !seen.insert((c.pattern.clone(), d.delimiter, d.ignore_case)) {
                    continue;
                }
                components += 1;
                for input in inputs(d) {
                    if !d.takes(&input) {
                        continue;
                    }
                    let options = Options {
                        delimiter: d.delimiter,
                        prefix: None,
                        ignore_case: d.ignore_case,
                    };
                    assert_eq!(
                        d.exec(&input),
                        c.exec_by_regexp(&options, &input),
                        "pattern {:?} on {input:?}",
                        c.pattern
                    );
                    compared += 1;
                }
            }
        }
        println!("{components} components, {compared} inputs compared");
        assert!(
            components > 50 && compared > 10_000,
            "{components} components, {compared} inputs"
        );
    }

    /// Each kind of memo (a table on the stack, on the heap, a set for a
    /// long input) gives the answer of the regular expression.
    #[test]
    fn every_memo_answers_as_the_regular_expression() {
        let p = UrlPattern::parse("https://h/:a/x:b*", None).unwrap();
        let c = &p.components[PatternComponent::Pathname as usize];
        let d = c.direct.as_ref().unwrap();
        let options = Options::PATHNAME;
        for n in [4, 200, 200_000] {
            assert!(matches!(
                (n, Memo::new(d.steps.len(), n + 3)),
                (4, Memo::Inline(..)) | (200, Memo::Heap(..)) | (200_000, Memo::Set(_))
            ));
            for input in [format!("/{}/x", "a".repeat(n)), format!("/{}/y", "a".repeat(n))] {
                assert_eq!(d.exec(&input), c.exec_by_regexp(&options, &input), "{n}");
            }
        }
    }

    /// Nested repeats take polynomial time: `:a*` is `((?:[^]+?)*)`, on
    /// which a backtracking engine tries every split of a long input
    /// before it fails.
    #[test]
    fn nested_repeats_are_not_exponential() {
        let p = UrlPattern::parse("https://h/:a*:b*x", None).unwrap();
        let c = &p.components[PatternComponent::Pathname as usize];
        let d = c.direct.as_ref().unwrap();
        let work = |n: usize| d.run(&format!("/{}", "a".repeat(n))).1;
        // Twice the input, at most eight times the work (cubic at worst);
        // without the memo, eight more octets are thousands of times the work.
        let (w8, w16) = (work(8), work(16));
        assert!(w16 <= 8 * w8, "{w8} {w16}");
        let w160 = work(160);
        assert!(w160 <= 1_000 * w16, "{w16} {w160}");
        assert_eq!(d.exec(&"a".repeat(400)), None);
    }
}
