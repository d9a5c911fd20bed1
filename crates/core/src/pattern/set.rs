//! [`PatternSet`]: many URL patterns matched at once, as a router table
//! matches them.
//!
//! A loop over the patterns parses the URL once per pattern and runs every
//! pattern; a set parses it once, and runs only the patterns that may
//! match. Each pattern is filed under one fixed text that every URL it
//! matches has: the start of its pathname (`/api/v1/users/` of
//! `/api/v1/users/:id`) when it is more than `/`, else the start or the end
//! of its hostname (`.example.com` of `*.example.com`), else its protocol.
//! Those texts are keys of byte tries; a URL walks
//! the tries with its own pathname, hostname (forward and backward) and
//! protocol, and finds every key it starts (or ends) with in time that
//! grows with the length of the URL, not with the number of patterns. The
//! patterns that have no such text (`*`, `/:lang/*` on any host) are tried
//! on every URL.

use super::matching::parse_input;
use super::{PatternComponent, PatternError, PatternInput, PatternMatch, PatternOptions, UrlPattern};

/// A router table: URL patterns in the order they were added, and, for a
/// URL, the patterns that match it (the first, or all), as a loop over the
/// patterns in that order would answer, in time that grows far slower than
/// the number of patterns.
///
/// A pattern's id is its place in the order it was added, from 0.
///
/// # Examples
///
/// ```
/// use urikit::pattern::{PatternOptions, PatternSet};
///
/// let mut routes = PatternSet::new();
/// let base = Some("https://example.com");
/// let options = PatternOptions::default();
/// let user = routes.add("/users/:id".into(), base, options)?;
/// let files = routes.add("/static/*".into(), base, options)?;
/// let any = routes.add("https://example.com/*".into(), None, options)?;
///
/// let (id, m) = routes.first("https://example.com/users/7", None)?.unwrap();
/// assert_eq!((id, m.pathname.group("id")), (user, Some("7")));
/// assert_eq!(routes.matches("https://example.com/static/a.css", None)?, [files, any]);
/// assert_eq!(routes.matches("https://other.example/", None)?, []);
/// # Ok::<(), urikit::pattern::PatternError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct PatternSet {
    patterns: Vec<UrlPattern>,
    /// Patterns by the start of their pathname, protocol, hostname, and by
    /// the end of their hostname (its bytes from the last).
    pathname: Trie,
    protocol: Trie,
    hostname_start: Trie,
    hostname_end: Trie,
    /// The patterns filed under no text.
    rest: Vec<u32>,
}

/// Where a pattern is filed.
enum Key<'p> {
    Pathname(&'p str),
    Protocol(&'p str),
    HostnameStart(&'p str),
    HostnameEnd(&'p str),
    None,
}

impl PatternSet {
    /// An empty set.
    ///
    /// # Examples
    ///
    /// ```
    /// let set = urikit::pattern::PatternSet::new();
    /// assert!(set.is_empty());
    /// assert_eq!(set.matches("https://example.com/", None)?, []);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    pub fn new() -> PatternSet {
        PatternSet::default()
    }

    /// Builds a pattern ([`UrlPattern::new`]) and adds it: its id.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternOptions, PatternSet, UrlPatternInit};
    ///
    /// let mut set = PatternSet::new();
    /// let init = UrlPatternInit { pathname: Some("/Docs/*".into()), ..Default::default() };
    /// let id = set.add((&init).into(), None, PatternOptions { ignore_case: true })?;
    /// assert_eq!(set.matches("ftp://h/docs/a", None)?, [id]);
    /// assert!(set.add("/relative".into(), None, PatternOptions::default()).is_err());
    /// assert_eq!(set.len(), 1);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Those of [`UrlPattern::new`]; the set is then unchanged.
    pub fn add(
        &mut self,
        input: PatternInput<'_>,
        base_url: Option<&str>,
        options: PatternOptions,
    ) -> Result<usize, PatternError> {
        Ok(self.push(UrlPattern::new(input, base_url, options)?))
    }

    /// Adds a pattern built before: its id.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternSet, UrlPattern};
    ///
    /// let mut set = PatternSet::new();
    /// assert_eq!(set.push(UrlPattern::parse("https://*.example.com", None)?), 0);
    /// assert_eq!(set.get(0).unwrap().hostname(), "*.example.com");
    /// assert!(set.test("https://www.example.com/", None)?);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When the set already holds `u32::MAX` patterns.
    pub fn push(&mut self, pattern: UrlPattern) -> usize {
        let id = self.patterns.len();
        let id32 = u32::try_from(id).expect("fewer than u32::MAX patterns");
        match key(&pattern) {
            Key::Pathname(k) => self.pathname.insert(forward(k), id32),
            Key::Protocol(k) => self.protocol.insert(forward(k), id32),
            Key::HostnameStart(k) => self.hostname_start.insert(forward(k), id32),
            Key::HostnameEnd(k) => self.hostname_end.insert(backward(k), id32),
            Key::None => self.rest.push(id32),
        }
        self.patterns.push(pattern);
        id
    }

    /// How many patterns the set holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternSet, UrlPattern};
    ///
    /// let set: PatternSet = [UrlPattern::parse("https://h/*", None)?].into_iter().collect();
    /// assert_eq!(set.len(), 1);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether the set holds no pattern.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(urikit::pattern::PatternSet::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The pattern of id `id`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternOptions, PatternSet};
    ///
    /// let mut set = PatternSet::new();
    /// let id = set.add("https://h/books/:id".into(), None, PatternOptions::default())?;
    /// assert_eq!(set.get(id).map(|p| p.pathname()), Some("/books/:id"));
    /// assert!(set.get(id + 1).is_none());
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    pub fn get(&self, id: usize) -> Option<&UrlPattern> {
        self.patterns.get(id)
    }

    /// The patterns, in the order they were added (their ids).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternSet, UrlPattern};
    ///
    /// let set: PatternSet = ["https://a/*", "https://b/*"]
    ///     .iter()
    ///     .map(|p| UrlPattern::parse(p, None))
    ///     .collect::<Result<_, _>>()?;
    /// let hosts: Vec<&str> = set.iter().map(|p| p.hostname()).collect();
    /// assert_eq!(hosts, ["a", "b"]);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    pub fn iter(&self) -> std::slice::Iter<'_, UrlPattern> {
        self.patterns.iter()
    }

    /// Whether some pattern matches `input` ([`UrlPattern::test`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternErrorKind, PatternOptions, PatternSet, UrlPatternInit};
    ///
    /// let mut set = PatternSet::new();
    /// set.add("https://*.example.com/*".into(), None, PatternOptions::default())?;
    /// assert!(set.test("https://www.example.com/a", None)?);
    /// assert!(!set.test("https://example.org/a", None)?);
    /// let init = UrlPatternInit::default();
    /// let err = set.test(&init, Some("https://example.com")).unwrap_err();
    /// assert_eq!(err.kind, PatternErrorKind::BaseWithInit);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An init given together with a base URL.
    pub fn test<'a>(&self, input: impl Into<PatternInput<'a>>, base_url: Option<&str>) -> Result<bool, PatternError> {
        let found = self.each(input.into(), base_url, true, |p, values| {
            p.test_values(values).then_some(())
        })?;
        Ok(!found.is_empty())
    }

    /// The ids of the patterns that match `input`, in the order they were
    /// added.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternOptions, PatternSet};
    ///
    /// let mut set = PatternSet::new();
    /// for p in ["https://*/a/*", "https://h/*", "http://h/*"] {
    ///     set.add(p.into(), None, PatternOptions::default())?;
    /// }
    /// assert_eq!(set.matches("https://h/a/b", None)?, [0, 1]);
    /// assert_eq!(set.matches("/b", Some("http://h"))?, [2]);
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`PatternSet::test`].
    pub fn matches<'a>(
        &self,
        input: impl Into<PatternInput<'a>>,
        base_url: Option<&str>,
    ) -> Result<Vec<usize>, PatternError> {
        let found = self.each(input.into(), base_url, false, |p, values| {
            p.test_values(values).then_some(())
        })?;
        Ok(found.into_iter().map(|(id, ())| id).collect())
    }

    /// The first pattern, in the order they were added, that matches
    /// `input`: its id and what it matched ([`UrlPattern::exec`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternOptions, PatternSet};
    ///
    /// let mut set = PatternSet::new();
    /// let base = Some("https://example.com");
    /// set.add("/:lang/docs/:page".into(), base, PatternOptions::default())?;
    /// set.add("/en/*".into(), base, PatternOptions::default())?;
    /// let (id, m) = set.first("https://example.com/en/docs/intro", None)?.unwrap();
    /// assert_eq!((id, m.pathname.group("page")), (0, Some("intro")));
    /// assert_eq!(set.first("https://example.com/en/blog", None)?.map(|(id, _)| id), Some(1));
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`PatternSet::test`].
    pub fn first<'a>(
        &self,
        input: impl Into<PatternInput<'a>>,
        base_url: Option<&str>,
    ) -> Result<Option<(usize, PatternMatch)>, PatternError> {
        Ok(self.each(input.into(), base_url, true, UrlPattern::exec_values)?.pop())
    }

    /// Every pattern that matches `input`, in the order they were added:
    /// its id and what it matched.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::pattern::{PatternOptions, PatternSet};
    ///
    /// let mut set = PatternSet::new();
    /// set.add("https://:sub.example.com/*".into(), None, PatternOptions::default())?;
    /// set.add("https://*/:file.css".into(), None, PatternOptions::default())?;
    /// let all = set.exec_all("https://cdn.example.com/site.css", None)?;
    /// assert_eq!(all.len(), 2);
    /// assert_eq!(all[0].1.hostname.group("sub"), Some("cdn"));
    /// assert_eq!(all[1].1.pathname.group("file"), Some("site"));
    /// # Ok::<(), urikit::pattern::PatternError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`PatternSet::test`].
    pub fn exec_all<'a>(
        &self,
        input: impl Into<PatternInput<'a>>,
        base_url: Option<&str>,
    ) -> Result<Vec<(usize, PatternMatch)>, PatternError> {
        self.each(input.into(), base_url, false, UrlPattern::exec_values)
    }

    /// What `found` gives for each pattern that it finds matching `input`
    /// (parsed once), with its id, in the order they were added: the
    /// patterns filed under a text the URL has, and those under none;
    /// with `first`, the first alone.
    fn each<T>(
        &self,
        input: PatternInput<'_>,
        base_url: Option<&str>,
        first: bool,
        found: impl Fn(&UrlPattern, &[&str; 8]) -> Option<T>,
    ) -> Result<Vec<(usize, T)>, PatternError> {
        let Some(parsed) = parse_input(input, base_url)? else {
            return Ok(Vec::new());
        };
        let values = parsed.values();
        let mut out = Vec::new();
        for id in self.candidates(&values) {
            if let Some(t) = found(&self.patterns[id as usize], &values) {
                out.push((id as usize, t));
                if first {
                    break;
                }
            }
        }
        Ok(out)
    }

    /// The ids of the patterns whose key the component values `values`
    /// have, and of those without one, in the order they were added.
    fn candidates(&self, values: &[&str; 8]) -> Vec<u32> {
        let value = |c: PatternComponent| values[c as usize];
        let mut out = self.rest.clone();
        self.pathname.find(forward(value(PatternComponent::Pathname)), &mut out);
        self.protocol.find(forward(value(PatternComponent::Protocol)), &mut out);
        let hostname = value(PatternComponent::Hostname);
        self.hostname_start.find(forward(hostname), &mut out);
        self.hostname_end.find(backward(hostname), &mut out);
        out.sort_unstable();
        out
    }
}

impl FromIterator<UrlPattern> for PatternSet {
    fn from_iter<I: IntoIterator<Item = UrlPattern>>(iter: I) -> PatternSet {
        let mut set = PatternSet::new();
        for p in iter {
            set.push(p);
        }
        set
    }
}

impl Extend<UrlPattern> for PatternSet {
    fn extend<I: IntoIterator<Item = UrlPattern>>(&mut self, iter: I) {
        for p in iter {
            self.push(p);
        }
    }
}

fn forward(s: &str) -> Text<'_> {
    Text {
        bytes: s.as_bytes(),
        backward: false,
    }
}

fn backward(s: &str) -> Text<'_> {
    Text {
        bytes: s.as_bytes(),
        backward: true,
    }
}

/// The text `pattern` is filed under: its pathname's start when it has
/// more than the `/` every special URL has (the routes of one site share a
/// host and differ by path), else the longer of its hostname's start and
/// end, else its protocol (which tells few URLs apart).
fn key(pattern: &UrlPattern) -> Key<'_> {
    let part = |c: PatternComponent| pattern.component(c);
    let pathname = part(PatternComponent::Pathname).fixed.starts.as_str();
    let hostname = &part(PatternComponent::Hostname).fixed;
    let protocol = part(PatternComponent::Protocol).fixed.starts.as_str();
    if pathname.len() > 1 {
        Key::Pathname(pathname)
    } else if !hostname.starts.is_empty() && hostname.starts.len() >= hostname.ends.len() {
        Key::HostnameStart(&hostname.starts)
    } else if !hostname.ends.is_empty() {
        Key::HostnameEnd(&hostname.ends)
    } else if !protocol.is_empty() {
        Key::Protocol(protocol)
    } else {
        Key::None
    }
}

/// A trie of byte strings, each with the ids filed under it; a run of
/// bytes with no branch is one node (a radix tree), so that a walk takes a
/// step per branch, not per byte.
#[derive(Debug, Clone, Default)]
struct Trie {
    nodes: Vec<Node>,
}

#[derive(Debug, Clone, Default)]
struct Node {
    /// The bytes from the parent to this node (none for the root).
    label: Vec<u8>,
    /// The children, each with the first byte of its label, sorted by it.
    children: Vec<(u8, u32)>,
    ids: Vec<u32>,
}

/// A text a trie is walked with: its bytes, forward or from the last.
#[derive(Clone, Copy)]
struct Text<'t> {
    bytes: &'t [u8],
    backward: bool,
}

impl Text<'_> {
    fn len(&self) -> usize {
        self.bytes.len()
    }

    fn at(&self, i: usize) -> u8 {
        if self.backward {
            self.bytes[self.bytes.len() - 1 - i]
        } else {
            self.bytes[i]
        }
    }

    /// Whether `label` is at `pos`.
    fn has(&self, pos: usize, label: &[u8]) -> bool {
        if self.backward {
            let Some(end) = self.bytes.len().checked_sub(pos) else {
                return false;
            };
            let Some(start) = end.checked_sub(label.len()) else {
                return false;
            };
            self.bytes[start..end].iter().rev().eq(label.iter())
        } else {
            self.bytes
                .get(pos..pos + label.len())
                .is_some_and(|b| super::fixed::same(b, label))
        }
    }
}

impl Trie {
    /// The child of `node` whose label starts with `b`, or where it goes.
    fn child(&self, node: usize, b: u8) -> Result<usize, usize> {
        self.nodes[node].children.binary_search_by_key(&b, |c| c.0)
    }

    /// Files `id` under `key`.
    fn insert(&mut self, key: Text<'_>, id: u32) {
        if self.nodes.is_empty() {
            self.nodes.push(Node::default());
        }
        let (mut at, mut pos) = (0, 0);
        while pos < key.len() {
            let slot = match self.child(at, key.at(pos)) {
                Ok(slot) => slot,
                Err(slot) => {
                    let label = (pos..key.len()).map(|i| key.at(i)).collect();
                    let next = self.new_node(label);
                    self.nodes[at].children.insert(slot, (key.at(pos), next));
                    at = next as usize;
                    break;
                }
            };
            let child = self.nodes[at].children[slot].1 as usize;
            let label = &self.nodes[child].label;
            let common = (0..label.len())
                .take_while(|&i| pos + i < key.len() && label[i] == key.at(pos + i))
                .count();
            if common < label.len() {
                // Split the label where the key leaves it.
                let rest = self.nodes[child].label.split_off(common);
                let head = std::mem::replace(&mut self.nodes[child].label, rest);
                let first = self.nodes[child].label[0];
                let middle = self.new_node(head);
                self.nodes[middle as usize].children.push((first, child as u32));
                self.nodes[at].children[slot].1 = middle;
                at = middle as usize;
            } else {
                at = child;
            }
            pos += common;
        }
        self.nodes[at].ids.push(id);
    }

    fn new_node(&mut self, label: Vec<u8>) -> u32 {
        self.nodes.push(Node {
            label,
            ..Node::default()
        });
        // Fewer nodes than patterns, twice over: u32 holds them.
        (self.nodes.len() - 1) as u32
    }

    /// Appends to `out` the ids filed under every key that `text` starts
    /// with.
    fn find(&self, text: Text<'_>, out: &mut Vec<u32>) {
        let Some(root) = self.nodes.first() else {
            return;
        };
        out.extend_from_slice(&root.ids);
        let (mut at, mut pos) = (0, 0);
        while pos < text.len() {
            let Ok(slot) = self.child(at, text.at(pos)) else {
                return;
            };
            let child = self.nodes[at].children[slot].1 as usize;
            let label = &self.nodes[child].label;
            if !text.has(pos, label) {
                return;
            }
            out.extend_from_slice(&self.nodes[child].ids);
            at = child;
            pos += label.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trie_finds_every_key_a_text_starts_with() {
        let mut t = Trie::default();
        let keys = ["/abc", "/ab", "/a", "/b", "", "/a", "/abd/e", "/x/y", "/x/z"];
        for (i, k) in keys.iter().enumerate() {
            t.insert(forward(k), i as u32);
        }
        let find = |s: &str| {
            let mut out = Vec::new();
            t.find(forward(s), &mut out);
            out.sort_unstable();
            out
        };
        assert_eq!(find("/abd"), [1, 2, 4, 5]);
        assert_eq!(find("/abd/ef"), [1, 2, 4, 5, 6]);
        assert_eq!(find("/abc"), [0, 1, 2, 4, 5]);
        assert_eq!(find("/b"), [3, 4]);
        assert_eq!(find("/x/"), [4]);
        assert_eq!(find("/x/z"), [4, 8]);
        assert_eq!(find("x"), [4]);
        // A text that leaves a run of bytes after its first.
        assert_eq!(find("/x-z"), [4]);
        assert_eq!(find("/abd-e"), [1, 2, 4, 5]);
        // Every key a text starts with, and no other, whatever the order
        // keys came in.
        let mut words: Vec<String> = Vec::new();
        for a in ["", "a", "ab", "b"] {
            for b in ["", "a", "ba", "c"] {
                words.push(format!("{a}{b}"));
            }
        }
        for order in [false, true] {
            let mut t = Trie::default();
            let ks: Vec<&String> = if order {
                words.iter().rev().collect()
            } else {
                words.iter().collect()
            };
            for (i, k) in ks.iter().enumerate() {
                t.insert(forward(k), i as u32);
            }
            for text in &words {
                let mut got = Vec::new();
                t.find(forward(text), &mut got);
                got.sort_unstable();
                let want: Vec<u32> = (0..ks.len() as u32)
                    .filter(|&i| text.starts_with(ks[i as usize].as_str()))
                    .collect();
                assert_eq!(got, want, "{text}");
            }
        }
        let mut t = Trie::default();
        t.insert(backward(".example.com"), 0);
        let mut got = Vec::new();
        t.find(backward("www.example.com"), &mut got);
        t.find(backward("example.com"), &mut got);
        assert_eq!(got, [0]);
    }

    #[test]
    fn patterns_are_filed_under_a_fixed_text() {
        let key_of = |p: &str| {
            let p = UrlPattern::parse(p, None).unwrap();
            match key(&p) {
                Key::Pathname(k) => format!("pathname {k}"),
                Key::Protocol(k) => format!("protocol {k}"),
                Key::HostnameStart(k) => format!("hostname start {k}"),
                Key::HostnameEnd(k) => format!("hostname end {k}"),
                Key::None => "none".to_owned(),
            }
        };
        assert_eq!(key_of("https://h/api/v1/users/:id"), "pathname /api/v1/users/");
        assert_eq!(key_of("https://*.example.com/*"), "hostname end .example.com");
        assert_eq!(key_of("https://api.example.com/:x"), "hostname start api.example.com");
        assert_eq!(key_of("https://api.example.com/blog/:x"), "pathname /blog/");
        assert_eq!(key_of("https://*/:lang/docs"), "protocol https");
        assert_eq!(key_of("*://*/:lang/docs"), "none");
        assert_eq!(key_of("https://*/:a?/docs"), "protocol https");
    }
}
