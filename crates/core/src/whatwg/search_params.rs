//! URL Standard §6.2 "URLSearchParams class": the list of name–value
//! tuples of a query, with the methods of the JavaScript `URLSearchParams`
//! (`append`, `delete`, `get`, `getAll`, `has`, `set`, `size`, `sort`,
//! iteration and `toString`), and its update steps against a [`Url`].
//!
//! * [`UrlSearchParams`] is the object on its own (`new
//!   URLSearchParams(init)`): the list, with names and values borrowed from
//!   the input where nothing needed decoding ([`form`]).
//! * [`Url::search_params`] is the URL's query object as `url.searchParams`
//!   reads it; [`Url::search_params_mut`] edits it, and every change runs
//!   the update steps, so that the URL's query is always the serialization
//!   of the list, as in a browser.
//! * The update steps work on a URL of every spec: an empty list removes
//!   the query (`?` and all). A WHATWG URL's query is set as the standard
//!   sets the URL record's, with no parser run; under the other specs the
//!   query is written through [`Url::set_query`], and a spec that allows
//!   the URL no such query refuses the change with its error, the URL and
//!   the list left as they were. Under WHATWG no URL keeps a space before
//!   its query (the opaque path state writes it `%20`), so removing the
//!   query leaves no trailing space to strip: the standard no longer has
//!   the step that stripped it.
//!
//! Rust strings are already scalar value strings: the conversions of
//! WebIDL's `USVString` have nothing left to do. The `sequence` and
//! `record` forms of the constructor's *init* are [`FromIterator`].

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

use super::form;
use crate::error::{ParseError, ParseErrorKind, MAX_INPUT_LEN};
use crate::url::Url;
use crate::Spec;

/// A `URLSearchParams`: a list of name–value tuples.
///
/// # Comparison
///
/// Two lists are equal when they hold the same tuples in the same order,
/// whether borrowed or owned.
///
/// # Examples
///
/// ```
/// use urikit::whatwg::search_params::UrlSearchParams;
///
/// let mut params = UrlSearchParams::parse("?b=2&a=1&b=3");
/// params.append("c", "x y");
/// assert_eq!(params.get("b"), Some("2"));
/// assert_eq!(params.get_all("b").collect::<Vec<_>>(), ["2", "3"]);
/// params.delete("b", Some("3"));
/// params.sort();
/// assert_eq!(params.to_string(), "a=1&b=2&c=x+y");
/// assert_eq!(params.len(), 3);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UrlSearchParams<'a> {
    list: Vec<(Cow<'a, str>, Cow<'a, str>)>,
}

impl<'a> UrlSearchParams<'a> {
    /// An empty list (`new URLSearchParams()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// assert!(UrlSearchParams::new().is_empty());
    /// ```
    pub fn new() -> UrlSearchParams<'a> {
        UrlSearchParams { list: Vec::new() }
    }

    /// `new URLSearchParams(init)` with a string: a leading `?` removed,
    /// then the `application/x-www-form-urlencoded` string parser.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("?q=%F0%9F%98%80&x");
    /// assert_eq!(params.iter().collect::<Vec<_>>(), [("q", "😀"), ("x", "")]);
    /// // Only the first `?` is the constructor's.
    /// assert_eq!(UrlSearchParams::parse("??a=b").get("?a"), Some("b"));
    /// ```
    pub fn parse(init: &'a str) -> UrlSearchParams<'a> {
        // Constructor step 1, then "initialize" step 3.
        let init = init.strip_prefix('?').unwrap_or(init);
        UrlSearchParams {
            list: form::parse(init).collect(),
        }
    }

    /// `size`: the number of tuples.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// assert_eq!(UrlSearchParams::parse("a=1&a=2&&b").len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the list is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// assert!(UrlSearchParams::parse("&&").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// `append(name, value)`: adds a tuple at the end.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let mut params = UrlSearchParams::parse("a=1");
    /// params.append("a", String::from("2"));
    /// assert_eq!(params.to_string(), "a=1&a=2");
    /// ```
    pub fn append(&mut self, name: impl Into<Cow<'a, str>>, value: impl Into<Cow<'a, str>>) {
        self.list.push((name.into(), value.into()));
    }

    /// `delete(name, value)`: removes every tuple named `name`, or, with a
    /// value, every tuple with that name and that value.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let mut params = UrlSearchParams::parse("a=b&a=c&b=b&a=b");
    /// params.delete("a", Some("b"));
    /// assert_eq!(params.to_string(), "a=c&b=b");
    /// params.delete("a", None);
    /// assert_eq!(params.to_string(), "b=b");
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        match value {
            // 1.
            Some(value) => self.list.retain(|(n, v)| !(n == name && v == value)),
            // 2.
            None => self.list.retain(|(n, _)| n != name),
        }
    }

    /// `get(name)`: the value of the first tuple named `name`.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=1&a=2&b");
    /// assert_eq!((params.get("a"), params.get("b"), params.get("c")), (Some("1"), Some(""), None));
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_ref())
    }

    /// `getAll(name)`: the values of the tuples named `name`, in list order.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=1&b=2&a=3");
    /// assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["1", "3"]);
    /// assert_eq!(params.get_all("c").count(), 0);
    /// ```
    pub fn get_all<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s str> + 's {
        self.list
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_ref())
    }

    /// `has(name, value)`: whether a tuple is named `name` (and, with a
    /// value, has that value).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=b&a=d");
    /// assert!(params.has("a", None) && params.has("a", Some("d")));
    /// assert!(!params.has("a", Some("c")) && !params.has("b", None));
    /// ```
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        match value {
            Some(value) => self.list.iter().any(|(n, v)| n == name && v == value),
            None => self.list.iter().any(|(n, _)| n == name),
        }
    }

    /// `set(name, value)`: the first tuple named `name` takes `value` and
    /// the others are removed; appended when there is none.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let mut params = UrlSearchParams::parse("a=1&b=2&a=3");
    /// params.set("a", "x");
    /// params.set("c", "y");
    /// assert_eq!(params.to_string(), "a=x&b=2&c=y");
    /// ```
    pub fn set(&mut self, name: impl Into<Cow<'a, str>>, value: impl Into<Cow<'a, str>>) {
        let name = name.into();
        let value = value.into();
        // 1.
        if let Some(first) = self.list.iter().position(|(n, _)| *n == name) {
            let mut i = 0;
            self.list.retain(|(n, _)| {
                let keep = i <= first || *n != name;
                i += 1;
                keep
            });
            self.list[first].1 = value;
        } else {
            // 2.
            self.list.push((name, value));
        }
    }

    /// `sort()`: sorts the tuples by name, stably, comparing names by
    /// UTF-16 code units as JavaScript does (not by code points: U+FFFD
    /// comes after U+1F600, whose first code unit is a surrogate).
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let mut params = UrlSearchParams::parse("z=b&a=b&z=a&a=a");
    /// params.sort();
    /// assert_eq!(params.to_string(), "a=b&a=a&z=b&z=a");
    /// let mut params = UrlSearchParams::parse("%EF%BF%BD=1&%F0%9F%98%80=2");
    /// params.sort();
    /// assert_eq!(params.iter().map(|(n, _)| n).collect::<Vec<_>>(), ["😀", "\u{FFFD}"]);
    /// ```
    pub fn sort(&mut self) {
        // `sort_by` is stable: tuples of one name keep their order.
        self.list.sort_by(|a, b| code_unit_cmp(&a.0, &b.0));
    }

    /// The tuples in order, as `for (name, value) of params` gives them.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=1&b=%20");
    /// assert_eq!(params.iter().collect::<Vec<_>>(), [("a", "1"), ("b", " ")]);
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.list.iter().map(|(n, v)| (n.as_ref(), v.as_ref()))
    }

    /// The tuples as stored: each name and value borrowed from the input
    /// where nothing needed decoding.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("a=1&b=x+y");
    /// assert!(matches!(params.pairs()[0], (Cow::Borrowed("a"), Cow::Borrowed("1"))));
    /// assert!(matches!(params.pairs()[1].1, Cow::Owned(_)));
    /// ```
    pub fn pairs(&self) -> &[(Cow<'a, str>, Cow<'a, str>)] {
        &self.list
    }

    /// The same list, owning its strings.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    ///
    /// let owned: UrlSearchParams<'static> = UrlSearchParams::parse(&String::from("a=1")).into_owned();
    /// assert_eq!(owned.get("a"), Some("1"));
    /// ```
    pub fn into_owned(self) -> UrlSearchParams<'static> {
        UrlSearchParams {
            list: self
                .list
                .into_iter()
                .map(|(n, v)| (Cow::Owned(n.into_owned()), Cow::Owned(v.into_owned())))
                .collect(),
        }
    }

    /// The update steps with `url` as the URL object: the URL's query
    /// becomes the serialization of the list, or is removed (`?` and all)
    /// when the serialization is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::whatwg::search_params::UrlSearchParams;
    /// use urikit::{Spec, Url};
    ///
    /// let mut url = Url::parse_lenient_with("https://example.com/?a=b ~#f", Spec::Whatwg)?.0;
    /// let mut params = UrlSearchParams::parse("a=b ~");
    /// params.update(&mut url)?;
    /// assert_eq!(url.as_str(), "https://example.com/?a=b+%7E#f");
    /// UrlSearchParams::new().update(&mut url)?;
    /// assert_eq!(url.as_str(), "https://example.com/#f");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no such query ([`Url::set_query`]); the
    /// URL is then unchanged.
    pub fn update(&self, url: &mut Url) -> Result<(), ParseError> {
        // 2.
        let serialized = self.to_string();
        // 3.
        let query = (!serialized.is_empty()).then_some(serialized.as_str());
        // 4.
        match url.spec() {
            Spec::Whatwg => set_query_record(url, query),
            Spec::Rfc1738 | Spec::Rfc1630 | Spec::Rfc1808 | Spec::Rfc3986 => url.set_query(query),
        }
    }
}

/// Update step 4 on a WHATWG URL: the URL record's query is set, as the
/// standard says, with no parser run (the `search` setter's would leave
/// the serialization as it is anyway: it is ASCII letters, digits, `*-._`,
/// `+`, `%XX`, `=` and `&`, none of which the query state encodes). The
/// rest of the URL is kept byte for byte, validation errors and all.
fn set_query_record(url: &mut Url, query: Option<&str>) -> Result<(), ParseError> {
    let s = url.as_str();
    let o = *url.offsets();
    let end = o.fragment_start.map_or(s.len(), |f| f as usize);
    let start = o.query_start.map_or(end, |q| q as usize);
    let new_len = start + query.map_or(0, |q| q.len() + 1) + (s.len() - end);
    if new_len > MAX_INPUT_LEN {
        return Err(ParseError::new(
            MAX_INPUT_LEN,
            ParseErrorKind::TooLong,
            "url",
            Spec::Whatwg,
        ));
    }
    let mut out = String::with_capacity(new_len);
    out.push_str(&s[..start]);
    let mut new = o;
    new.query_start = None;
    if let Some(query) = query {
        new.query_start = Some(out.len() as u32);
        out.push('?');
        out.push_str(query);
    }
    new.fragment_start = o.fragment_start.map(|_| out.len() as u32);
    out.push_str(&s[end..]);
    *url = Url::from_parts(out, new, Spec::Whatwg);
    debug_assert!(
        {
            url.check_invariants();
            true
        },
        "invariants"
    );
    Ok(())
}

/// "Code unit less than" (Infra): the order of the strings' UTF-16 code
/// units. It is the order of code points except that a code point above
/// U+FFFF (two surrogates, 0xD800 to 0xDFFF) sorts before U+E000 to U+FFFF.
fn code_unit_cmp(a: &str, b: &str) -> Ordering {
    // Equal prefixes compare equal either way: start at the first
    // difference, a char boundary in both.
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let start = (0..=common).rev().find(|&i| a.is_char_boundary(i)).unwrap_or(0);
    a[start..].encode_utf16().cmp(b[start..].encode_utf16())
}

/// The stringification behavior: the urlencoded serialization of the list.
impl fmt::Display for UrlSearchParams<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&form::serialize(self.iter()))
    }
}

/// `new URLSearchParams(init)` with a sequence of pairs or a record.
impl<'a, N: Into<Cow<'a, str>>, V: Into<Cow<'a, str>>> FromIterator<(N, V)> for UrlSearchParams<'a> {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(pairs: I) -> Self {
        UrlSearchParams {
            list: pairs.into_iter().map(|(n, v)| (n.into(), v.into())).collect(),
        }
    }
}

impl<'a> IntoIterator for UrlSearchParams<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);
    type IntoIter = std::vec::IntoIter<(Cow<'a, str>, Cow<'a, str>)>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl Url {
    /// The URL's query object, as `url.searchParams` reads it: the tuples
    /// of the query (empty when there is none), borrowed from the URL.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let url = Url::parse_lenient_with("https://example.com/?a=~&b=%7E", Spec::Whatwg)?.0;
    /// let params = url.search_params();
    /// assert_eq!((params.get("a"), params.get("b")), (Some("~"), Some("~")));
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn search_params(&self) -> UrlSearchParams<'_> {
        // URL "initialize" steps 1 and 4: no `?` to remove here.
        UrlSearchParams {
            list: form::parse(self.query().unwrap_or("")).collect(),
        }
    }

    /// The URL's query object for editing: each change to the list runs
    /// the update steps on the URL.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let mut url = Url::parse_lenient_with("https://example.org/?q=🏳️‍🌈&key=e1f7bc78", Spec::Whatwg)?.0;
    /// url.search_params_mut().sort()?;
    /// assert_eq!(url.api().unwrap().search(), "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88");
    /// let mut params = url.search_params_mut();
    /// params.delete("key", None)?;
    /// params.delete("q", None)?;
    /// assert_eq!(url.as_str(), "https://example.org/");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    pub fn search_params_mut(&mut self) -> SearchParamsMut<'_> {
        let params = self.search_params().into_owned();
        SearchParamsMut { url: self, params }
    }
}

/// A URL's query object being edited ([`Url::search_params_mut`]): the
/// read methods of [`UrlSearchParams`] (through `Deref`), and its changes,
/// each followed by the update steps.
///
/// # Examples
///
/// ```
/// use urikit::Url;
///
/// // RFC 1738 and RFC 3986 URLs have query objects too.
/// let mut url = Url::parse("http://host/p?a=1")?;
/// let mut params = url.search_params_mut();
/// params.append("b", "x&y")?;
/// assert_eq!(params.get("b"), Some("x&y"));
/// assert_eq!(url.as_str(), "http://host/p?a=1&b=x%26y");
/// # Ok::<(), urikit::ParseError>(())
/// ```
#[derive(Debug)]
pub struct SearchParamsMut<'u> {
    url: &'u mut Url,
    params: UrlSearchParams<'static>,
}

impl SearchParamsMut<'_> {
    /// Runs `change` on the list and then the update steps; when the URL
    /// refuses the new query, the list goes back to what it was.
    fn change(&mut self, change: impl FnOnce(&mut UrlSearchParams<'static>)) -> Result<(), ParseError> {
        let before = self.params.clone();
        change(&mut self.params);
        self.params.update(self.url).inspect_err(|_| self.params = before)
    }

    /// [`UrlSearchParams::append`], then the update steps.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::Url;
    ///
    /// // RFC 1738: an ftp URL has no search part; nothing changes.
    /// let mut url = Url::parse("ftp://host/f")?;
    /// assert!(url.search_params_mut().append("a", "b").is_err());
    /// assert_eq!(url.as_str(), "ftp://host/f");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no such query ([`Url::set_query`]).
    pub fn append(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        let (name, value) = (name.to_owned(), value.to_owned());
        self.change(|p| p.append(name, value))
    }

    /// [`UrlSearchParams::delete`], then the update steps.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let mut url = Url::parse_lenient_with("https://h/?a=1&b=2&a=3", Spec::Whatwg)?.0;
    /// url.search_params_mut().delete("a", Some("3"))?;
    /// assert_eq!(url.as_str(), "https://h/?a=1&b=2");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no such query ([`Url::set_query`]).
    pub fn delete(&mut self, name: &str, value: Option<&str>) -> Result<(), ParseError> {
        self.change(|p| p.delete(name, value))
    }

    /// [`UrlSearchParams::set`], then the update steps.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let mut url = Url::parse_lenient_with("https://h/?a=1&b=2&a=3", Spec::Whatwg)?.0;
    /// url.search_params_mut().set("a", "é")?;
    /// assert_eq!(url.as_str(), "https://h/?a=%C3%A9&b=2");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no such query ([`Url::set_query`]).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        let (name, value) = (name.to_owned(), value.to_owned());
        self.change(|p| p.set(name, value))
    }

    /// [`UrlSearchParams::sort`], then the update steps.
    ///
    /// # Examples
    ///
    /// ```
    /// use urikit::{Spec, Url};
    ///
    /// let mut url = Url::parse_lenient_with("https://example.com/?a=b ~", Spec::Whatwg)?.0;
    /// assert_eq!(url.as_str(), "https://example.com/?a=b%20~");
    /// url.search_params_mut().sort()?;
    /// assert_eq!(url.as_str(), "https://example.com/?a=b+%7E");
    /// # Ok::<(), urikit::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// When the URL's spec allows it no such query ([`Url::set_query`]).
    pub fn sort(&mut self) -> Result<(), ParseError> {
        self.change(UrlSearchParams::sort)
    }
}

impl std::ops::Deref for SearchParamsMut<'_> {
    type Target = UrlSearchParams<'static>;

    fn deref(&self) -> &Self::Target {
        &self.params
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive reading of "code unit less than": compare the UTF-16
    /// sequences whole.
    fn naive(a: &str, b: &str) -> Ordering {
        a.encode_utf16().cmp(b.encode_utf16())
    }

    #[test]
    fn code_unit_order() {
        let words = [
            "",
            "a",
            "ab",
            "b",
            "é",
            "\u{FFFD}",
            "\u{FFFD}a",
            "😀",
            "😀a",
            "\u{E000}",
            "a\u{FFFD}",
            "a😀",
            "\u{10000}",
            "\u{10FFFF}",
            "\u{D7FF}",
            "éa",
            "eb",
        ];
        for a in words {
            for b in words {
                assert_eq!(code_unit_cmp(a, b), naive(a, b), "{a:?} {b:?}");
            }
        }
        // The order differs from code point (and UTF-8 byte) order.
        assert_eq!(code_unit_cmp("😀", "\u{FFFD}"), Ordering::Less);
        assert_eq!("😀".cmp("\u{FFFD}"), Ordering::Greater);
    }
}
