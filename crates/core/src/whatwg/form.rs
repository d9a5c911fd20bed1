//! URL Standard §5 "`application/x-www-form-urlencoded`": the parser
//! (§5.1) and the serializer (§5.2) of the list of name–value tuples that
//! `URLSearchParams` holds and HTML forms send.
//!
//! * The parser is the one urikit reads every query's pairs with
//!   ([`QueryPairs`]): split on `&`, empty sequences skipped, name and value
//!   split at the first `=`, `+` a space, then the percent-decoding read by
//!   "UTF-8 decode without BOM" ([`decode_form_lossy`]). A name or value
//!   with no `+` and no `%XX` is borrowed from the input, so that reading
//!   the pairs of a plain query allocates nothing.
//! * The serializer writes each name and value with [`encode_form`] (the
//!   `application/x-www-form-urlencoded` percent-encode set, a space as
//!   `+`), joined by `=` and `&`. Only UTF-8 is spoken: the standard's
//!   optional *encoding* argument is always UTF-8.
//!
//! [`decode_form_lossy`]: crate::pct::decode_form_lossy

use crate::query::{encode_form, QueryPairs};

/// The `application/x-www-form-urlencoded` string parser (URL Standard
/// §5.3, over the parser of §5.1): the name–value tuples of `input`, in
/// order, each decoded and borrowed where nothing needed decoding.
///
/// # Examples
///
/// ```
/// use std::borrow::Cow;
/// use urikit::whatwg::form;
///
/// let pairs: Vec<_> = form::parse("a=1&&b=x+y%21&=v&c").collect();
/// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "x y!".into()), ("".into(), "v".into()), ("c".into(), "".into())]);
/// // Nothing to decode: borrowed.
/// assert!(matches!(form::parse("a=1").next(), Some((Cow::Borrowed("a"), Cow::Borrowed("1")))));
/// ```
pub fn parse(input: &str) -> QueryPairs<'_> {
    QueryPairs::new(input)
}

/// The `application/x-www-form-urlencoded` serializer (URL Standard §5.2)
/// with UTF-8: `name=value` for each tuple, joined by `&`; an ASCII string.
///
/// # Examples
///
/// ```
/// use urikit::whatwg::form;
///
/// assert_eq!(form::serialize([("q", "a b&c"), ("é", "~")]), "q=a+b%26c&%C3%A9=%7E");
/// assert_eq!(form::serialize::<&str, &str>([]), "");
/// ```
pub fn serialize<N: AsRef<str>, V: AsRef<str>>(tuples: impl IntoIterator<Item = (N, V)>) -> String {
    let mut output = String::new();
    for (name, value) in tuples {
        // 3.4.
        if !output.is_empty() {
            output.push('&');
        }
        // 3.2, 3.3, 3.5.
        output.push_str(&encode_form(name.as_ref()));
        output.push('=');
        output.push_str(&encode_form(value.as_ref()));
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whatwg::encode_sets::FORM_URLENCODED;

    /// The serializer's encoding is the percent-encode set of §1.3 with a
    /// space as `+`, byte for byte.
    #[test]
    fn encode_form_is_the_form_urlencoded_set() {
        for b in 0u8..0x80 {
            let s = (b as char).to_string();
            let want = if b == b' ' {
                "+".to_owned()
            } else if FORM_URLENCODED.contains(b) {
                format!("%{b:02X}")
            } else {
                s.clone()
            };
            assert_eq!(encode_form(&s), want, "{b:#x}");
        }
        assert_eq!(encode_form("\u{80}\u{10FFFF}"), "%C2%80%F4%8F%BF%BF");
    }
}
