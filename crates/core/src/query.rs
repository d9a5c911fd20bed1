//! Name–value pairs in the search part (the query) of a [`Url`].
//!
//! The pairs are read by `application/x-www-form-urlencoded` rules: pairs are
//! separated by `&`, a name from its value by the first `=`, `+` is a space
//! (as RFC 1630 says of search strings) and `%XX` an octet; empty pairs are
//! skipped. Decoded octets that are not UTF-8 read as U+FFFD, and a `%` not
//! followed by two hex digits reads as itself: the rules of the URL
//! Standard's `application/x-www-form-urlencoded` parser, whose
//! `URLSearchParams` ([`crate::whatwg::search_params`]) reads the same pairs.
//!
//! Whether a URL may have a search part at all is the spec's to say: the
//! editing methods write the new query through [`Url::set_query`], so under
//! RFC 1738 an `ftp` URL refuses a pair as it refuses any search, and under
//! the RFC 1630 draft, whose search part reserves `=` and `&`, every URL
//! refuses a `name=value` pair (pairs are still read). Names and
//! values given to them are encoded with [`encode_form`], whose output (ASCII
//! letters, digits, `*-._`, `+` and `%XX`) fits the search part of every
//! spec. Pairs the methods do not touch keep their encoding as written.

use std::borrow::Cow;

use crate::error::ParseError;
use crate::pct::decode_form_lossy;
use crate::url::Url;

/// The decoded pairs of a query, in order: see [`Url::query_pairs`].
#[derive(Debug, Clone)]
pub struct QueryPairs<'a> {
    rest: Option<&'a str>,
}

impl<'a> QueryPairs<'a> {
    /// The pairs of `query` (a query as written, without its `?`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::query::QueryPairs;
    ///
    /// let pairs: Vec<_> = QueryPairs::new("a=1&b").collect();
    /// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "".into())]);
    /// ```
    pub fn new(query: &'a str) -> QueryPairs<'a> {
        QueryPairs { rest: Some(query) }
    }

    /// The next pair as written: its name and value split at the first
    /// `=`, not decoded (`+` and `%XX` as they are), empty pairs skipped;
    /// the pair that [`Iterator::next`] gives decoded. For a reader that
    /// must know what the decoding was made from: whether its octets were
    /// UTF-8, say.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::query::QueryPairs;
    ///
    /// let mut pairs = QueryPairs::new("a=x+y&&b=%FF&c");
    /// assert_eq!(pairs.next_written(), Some(("a", "x+y")));
    /// assert_eq!(pairs.next_written(), Some(("b", "%FF")));
    /// // The rest, decoded.
    /// assert_eq!(pairs.next(), Some(("c".into(), "".into())));
    /// assert_eq!(pairs.next_written(), None);
    /// ```
    pub fn next_written(&mut self) -> Option<(&'a str, &'a str)> {
        loop {
            let rest = self.rest?;
            let (pair, next) = match memchr::memchr(b'&', rest.as_bytes()) {
                Some(i) => (&rest[..i], Some(&rest[i + 1..])),
                None => (rest, None),
            };
            self.rest = next;
            if pair.is_empty() {
                continue;
            }
            return Some(split_pair(pair));
        }
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let (name, value) = self.next_written()?;
        Some((decode(name), decode(value)))
    }
}

/// A pair's name and value as written: split at the first `=`.
fn split_pair(pair: &str) -> (&str, &str) {
    match memchr::memchr(b'=', pair.as_bytes()) {
        Some(i) => (&pair[..i], &pair[i + 1..]),
        None => (pair, ""),
    }
}

/// Decodes a name or value by form rules, borrowing when nothing changes:
/// the one decoder of the URL Standard's urlencoded parser
/// ([`decode_form_lossy`]), which a query of any spec is read by.
fn decode(text: &str) -> Cow<'_, str> {
    decode_form_lossy(text)
}

/// Encodes a name or value by `application/x-www-form-urlencoded` rules:
/// ASCII letters, digits and `*-._` stay, a space becomes `+`, every other
/// octet `%XX`. [`pct::decode_form`](crate::pct::decode_form) is its inverse.
/// It is what the URL Standard's urlencoded serializer (§5.2) does to each
/// name and value: percent-encode after encoding (UTF-8) with the
/// `application/x-www-form-urlencoded` percent-encode set, a space as `+`.
///
/// # Examples
///
/// ```
/// use urikit::query::encode_form;
///
/// assert_eq!(encode_form("a b&c=d+é"), "a+b%26c%3Dd%2B%C3%A9");
/// assert_eq!(encode_form("plain"), "plain");
/// ```
pub fn encode_form(text: &str) -> Cow<'_, str> {
    encode_form_but(text, b'&')
}

/// [`encode_form`], with `sep` (a pair separator other than `&`) encoded
/// too.
fn encode_form_but(text: &str, sep: u8) -> Cow<'_, str> {
    let keep = |b: u8| (b.is_ascii_alphanumeric() || matches!(b, b'*' | b'-' | b'.' | b'_')) && b != sep;
    if text.bytes().all(keep) {
        return Cow::Borrowed(text);
    }
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len() + 16);
    for b in text.bytes() {
        if keep(b) {
            out.push(b as char);
        } else if b == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 15)] as char);
        }
    }
    Cow::Owned(out)
}

/// A pair `name=value` (a name alone for `None`), both by
/// [`encode_form`], with `sep` encoded too.
fn encode_pair(name: &str, value: Option<&str>, sep: u8) -> String {
    match value {
        Some(value) => format!("{}={}", encode_form_but(name, sep), encode_form_but(value, sep)),
        None => encode_form_but(name, sep).into_owned(),
    }
}

/// Whether `name` matches `pattern`, where `*` stands for any run of
/// characters (none included) and every other character for itself.
///
/// # Examples
///
/// ```
/// use urikit::query::glob_match;
///
/// assert!(glob_match("utm_*", "utm_source"));
/// assert!(glob_match("*id", "sessionid"));
/// assert!(glob_match("a*c*e", "abcde"));
/// assert!(!glob_match("utm_*", "xutm_a"));
/// assert!(glob_match("ref", "ref") && !glob_match("ref", "refs"));
/// ```
pub fn glob_match(pattern: &str, name: &str) -> bool {
    let (p, n) = (pattern.as_bytes(), name.as_bytes());
    // Iterative matching with one backtrack point: linear in practice,
    // O(len(p) * len(n)) at worst, never exponential.
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, ni));
            pi += 1;
        } else if pi < p.len() && p[pi] == n[ni] {
            pi += 1;
            ni += 1;
        } else if let Some((sp, sn)) = star {
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&b| b == b'*')
}

impl Url {
    /// The decoded name–value pairs of the query, in order; empty when there
    /// is no query. Names and values borrow from the URL when they hold no
    /// `+` and no `%XX`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use urikit::Url;
    ///
    /// let url = Url::parse("http://host/s?q=a+b%26c&lang=en&flag")?;
    /// let pairs: Vec<(String, String)> =
    ///     url.query_pairs().map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
    /// assert_eq!(pairs, [("q".into(), "a b&c".into()), ("lang".into(), "en".into()), ("flag".into(), "".into())]);
    /// assert!(matches!(url.query_pairs().nth(1), Some((Cow::Borrowed("lang"), Cow::Borrowed("en")))));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn query_pairs(&self) -> QueryPairs<'_> {
        QueryPairs {
            rest: self.query().filter(|q| !q.is_empty()),
        }
    }

    /// The decoded value of the first pair named `name`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let url = Url::parse("http://host/s?a=1&b=x+y&a=2")?;
    /// assert_eq!(url.query_value("b").as_deref(), Some("x y"));
    /// assert_eq!(url.query_value("a").as_deref(), Some("1"));
    /// assert_eq!(url.query_value("c"), None);
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn query_value(&self, name: &str) -> Option<Cow<'_, str>> {
        self.query_pairs().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Appends the pair `name=value`, both encoded with [`encode_form`].
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/s")?;
    /// url.append_query_pair("q", "rust & url")?;
    /// url.append_query_pair("page", "2")?;
    /// assert_eq!(url.as_str(), "http://host/s?q=rust+%26+url&page=2");
    /// // RFC 1738: an ftp URL has no search part.
    /// assert!(Url::parse("ftp://host/f")?.append_query_pair("a", "b").is_err());
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no query ([`Url::set_query`]).
    pub fn append_query_pair(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        self.append_query_pair_by(name, Some(value), b'&')
    }

    /// [`append_query_pair`](Url::append_query_pair) with the pairs
    /// separated by `sep` (trurl's `--query-separator`; `sep` is encoded in
    /// the name and the value too), and `value` `None` for a name alone
    /// (`?flag`). A letter or digit as `sep` also splits the `%XX` escapes
    /// that hold it: the choice of the caller.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/s?a=1;b=2")?;
    /// url.append_query_pair_by("c", Some("x;y"), b';')?;
    /// url.append_query_pair_by("flag", None, b';')?;
    /// assert_eq!(url.as_str(), "http://host/s?a=1;b=2;c=x%3By;flag");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no query ([`Url::set_query`]).
    pub fn append_query_pair_by(&mut self, name: &str, value: Option<&str>, sep: u8) -> Result<(), ParseError> {
        let pair = encode_pair(name, value, sep);
        let query = match self.query() {
            None | Some("") => pair,
            Some(q) if q.as_bytes().last() == Some(&sep) => format!("{q}{pair}"),
            Some(q) => format!("{q}{}{pair}", char::from(sep)),
        };
        self.set_query(Some(&query))
    }

    /// Sets the value of the pair named `name`: the first such pair takes
    /// the new value (encoded with [`encode_form`]) and the others are
    /// removed; the pair is appended when there is none.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/s?a=1&b=2&a=3")?;
    /// url.set_query_pair("a", "x y")?;
    /// assert_eq!(url.as_str(), "http://host/s?a=x+y&b=2");
    /// url.set_query_pair("c", "4")?;
    /// assert_eq!(url.as_str(), "http://host/s?a=x+y&b=2&c=4");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no query ([`Url::set_query`]).
    pub fn set_query_pair(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        self.set_query_pair_by(name, value, b'&')
    }

    /// [`set_query_pair`](Url::set_query_pair) with the pairs separated by
    /// `sep`, as [`append_query_pair_by`](Url::append_query_pair_by).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/s?a=1;b=2&c;a=3")?;
    /// url.set_query_pair_by("a", "x", b';')?;
    /// assert_eq!(url.as_str(), "http://host/s?a=x;b=2&c");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no query ([`Url::set_query`]).
    pub fn set_query_pair_by(&mut self, name: &str, value: &str, sep: u8) -> Result<(), ParseError> {
        let new_pair = encode_pair(name, Some(value), sep);
        let mut found = false;
        let mut kept: Vec<&str> = Vec::new();
        for raw in self.raw_pairs(sep) {
            if decode(split_pair(raw).0) == name {
                if !found {
                    found = true;
                    kept.push(&new_pair);
                }
            } else {
                kept.push(raw);
            }
        }
        if !found {
            kept.push(&new_pair);
        }
        let query = kept.join(char::from(sep).encode_utf8(&mut [0; 4]));
        self.set_query(Some(&query))
    }

    /// Removes every pair whose decoded name matches `pattern` (a name, or a
    /// [`glob_match`] pattern with `*`), and returns how many were removed.
    /// When no pair is left the query is removed, `?` and all; empty pairs
    /// (`a=1&&b=2`) are dropped when anything is removed.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/p?utm_source=x&id=7&utm_medium=y#f")?;
    /// assert_eq!(url.remove_query_pairs("utm_*")?, 2);
    /// assert_eq!(url.as_str(), "http://host/p?id=7#f");
    /// assert_eq!(url.remove_query_pairs("id")?, 1);
    /// assert_eq!(url.as_str(), "http://host/p#f");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// None in practice: what is left of a valid query is valid.
    pub fn remove_query_pairs(&mut self, pattern: &str) -> Result<usize, ParseError> {
        self.remove_query_pairs_by(pattern, b'&')
    }

    /// [`remove_query_pairs`](Url::remove_query_pairs) with the pairs
    /// separated by `sep`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/s?a=bCd=eCe=f")?;
    /// assert_eq!(url.remove_query_pairs_by("d", b'C')?, 1);
    /// assert_eq!(url.as_str(), "http://host/s?a=bCe=f");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// None in practice: what is left of a valid query is valid.
    pub fn remove_query_pairs_by(&mut self, pattern: &str, sep: u8) -> Result<usize, ParseError> {
        let mut removed = 0;
        let mut kept: Vec<&str> = Vec::new();
        for raw in self.raw_pairs(sep) {
            if glob_match(pattern, &decode(split_pair(raw).0)) {
                removed += 1;
            } else {
                kept.push(raw);
            }
        }
        if removed == 0 {
            return Ok(0);
        }
        let query = kept.join(char::from(sep).encode_utf8(&mut [0; 4]));
        self.set_query((!query.is_empty()).then_some(query.as_str()))?;
        Ok(removed)
    }

    /// Sorts the pairs by decoded name, stably: pairs of one name keep their
    /// order, and every pair keeps its encoding. Empty pairs are dropped.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/p?b=2&a=1&c=3&a=0")?;
    /// url.sort_query_pairs()?;
    /// assert_eq!(url.as_str(), "http://host/p?a=1&a=0&b=2&c=3");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// None in practice: the pairs of a valid query in another order are valid.
    pub fn sort_query_pairs(&mut self) -> Result<(), ParseError> {
        self.sort_query_pairs_by(b'&')
    }

    /// [`sort_query_pairs`](Url::sort_query_pairs) with the pairs separated
    /// by `sep`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// let mut url = Url::parse("http://host/p?b=2:a=1&z")?;
    /// url.sort_query_pairs_by(b':')?;
    /// assert_eq!(url.as_str(), "http://host/p?a=1&z:b=2");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// None in practice: the pairs of a valid query in another order are valid.
    pub fn sort_query_pairs_by(&mut self, sep: u8) -> Result<(), ParseError> {
        if self.query().is_none() {
            return Ok(());
        }
        let query = {
            let mut pairs: Vec<(Cow<'_, str>, &str)> = self
                .raw_pairs(sep)
                .map(|raw| (decode(split_pair(raw).0), raw))
                .collect();
            pairs.sort_by(|a, b| a.0.cmp(&b.0));
            let sep = char::from(sep);
            pairs
                .iter()
                .map(|(_, raw)| *raw)
                .collect::<Vec<_>>()
                .join(sep.encode_utf8(&mut [0; 4]))
        };
        self.set_query(Some(&query))
    }

    /// The non-empty pairs of the query as written, separated by `sep`.
    fn raw_pairs(&self, sep: u8) -> impl Iterator<Item = &str> {
        self.query()
            .unwrap_or("")
            .split(char::from(sep))
            .filter(|p| !p.is_empty())
    }
}
