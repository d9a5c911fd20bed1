//! `URLSearchParams` (URL Standard §6.2) and the update steps against a URL:
//! the standard's own examples, and the behaviours web-platform-tests'
//! `urlsearchparams-*.any.js` check that need no data file (the parser's
//! cases are `wpt-url/urlencoded-parser-data.json`, in the conformance
//! runner).

use urikit::whatwg::form;
use urikit::whatwg::search_params::UrlSearchParams;
use urikit::{Spec, Url};

fn whatwg(input: &str) -> Url {
    let url = Url::parse_lenient_with(input, Spec::Whatwg).unwrap().0;
    url.check_invariants();
    url
}

/// The tuples of a list, owned, for comparison.
fn tuples(params: &UrlSearchParams<'_>) -> Vec<(String, String)> {
    params.iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect()
}

fn want(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()
}

// --- The standard's examples ---------------------------------------------

#[test]
fn constructing_and_stringifying() {
    let params: UrlSearchParams = [("key", "730d67")].into_iter().collect();
    assert_eq!(params.to_string(), "key=730d67");
}

#[test]
fn the_query_object_encodes_by_form_rules() {
    let mut url = whatwg("https://example.com/?a=b ~");
    assert_eq!(url.as_str(), "https://example.com/?a=b%20~");
    url.search_params_mut().sort().unwrap();
    assert_eq!(url.as_str(), "https://example.com/?a=b+%7E");

    let url = whatwg("https://example.com/?a=~&b=%7E");
    assert_eq!(url.api().unwrap().search(), "?a=~&b=%7E");
    let params = url.search_params();
    assert_eq!((params.get("a"), params.get("b")), (Some("~"), Some("~")));
}

#[test]
fn sorting_the_example_of_the_standard() {
    let mut url = whatwg("https://example.org/?q=🏳️‍🌈&key=e1f7bc78");
    url.search_params_mut().sort().unwrap();
    assert_eq!(
        url.api().unwrap().search(),
        "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"
    );
    // A new object from the search, to compare without changing the URL.
    let mut sorted = UrlSearchParams::parse(url.api().unwrap().search());
    sorted.sort();
    assert_eq!(sorted.to_string(), url.query().unwrap());
}

// --- sort (urlsearchparams-sort.any.js) ----------------------------------

/// Each case: parse and sort, and the same through a URL's query object.
#[test]
fn sort_is_stable_and_by_utf16_code_units() {
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("z=b&a=b&z=a&a=a", &[("a", "b"), ("a", "a"), ("z", "b"), ("z", "a")]),
        (
            "\u{FFFD}=x&\u{FFFC}&\u{FFFD}=a",
            &[("\u{FFFC}", ""), ("\u{FFFD}", "x"), ("\u{FFFD}", "a")],
        ),
        // U+1F308 is above U+FB03 by code point, below it by code unit.
        ("\u{FB03}&🌈", &[("🌈", ""), ("\u{FB03}", "")]),
        (
            "é&e\u{FFFD}&e\u{301}",
            &[("e\u{301}", ""), ("e\u{FFFD}", ""), ("é", "")],
        ),
        (
            "z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
            &[
                ("a", "a"),
                ("a", "b"),
                ("a", "c"),
                ("a", "d"),
                ("a", "e"),
                ("a", "f"),
                ("a", "g"),
                ("z", "z"),
                ("z", "y"),
                ("z", "x"),
                ("z", "w"),
                ("z", "v"),
                ("z", "u"),
                ("z", "t"),
            ],
        ),
        (
            "bbb&bb&aaa&aa=x&aa=y",
            &[("aa", "x"), ("aa", "y"), ("aaa", ""), ("bb", ""), ("bbb", "")],
        ),
        ("z=z&=f&=t&=x", &[("", "f"), ("", "t"), ("", "x"), ("z", "z")]),
        ("a🌈&a💩", &[("a🌈", ""), ("a💩", "")]),
        // U+FFFD against U+1F600: code points say U+FFFD first, code units
        // (0xD83D 0xDE00) say U+1F600 first.
        ("%EF%BF%BD=1&%F0%9F%98%80=2", &[("😀", "2"), ("\u{FFFD}", "1")]),
    ];
    for (input, output) in cases {
        let mut params = UrlSearchParams::parse(input);
        params.sort();
        assert_eq!(tuples(&params), want(output), "parse and sort: {input}");

        let mut url = Url::parse_lenient_with("https://example/", Spec::Whatwg)
            .unwrap()
            .0
            .resolve_with(&format!("?{input}"), Spec::Whatwg)
            .unwrap();
        url.search_params_mut().sort().unwrap();
        let again = UrlSearchParams::parse(url.api().unwrap().search());
        assert_eq!(tuples(&again), want(output), "URL parse and sort: {input}");
    }
}

#[test]
fn sorting_non_existent_params_removes_the_question_mark() {
    let mut url = whatwg("http://example.com/?");
    url.search_params_mut().sort().unwrap();
    assert_eq!(url.as_str(), "http://example.com/");
    assert_eq!(url.api().unwrap().search(), "");
}

// --- delete (urlsearchparams-delete.any.js) ------------------------------

#[test]
fn delete_basics() {
    for (input, name, after) in [
        ("a=b&c=d", "a", "c=d"),
        ("a=a&b=b&a=a&c=c", "a", "b=b&c=c"),
        ("a=a&=&b=b&c=c", "", "a=a&b=b&c=c"),
        ("a=a&null=null&b=b", "null", "a=a&b=b"),
    ] {
        let mut params = UrlSearchParams::parse(input);
        params.delete(name, None);
        assert_eq!(params.to_string(), after, "{input} delete {name}");
    }
    let mut params = UrlSearchParams::new();
    params.append("first", "1");
    assert!(params.has("first", None) && params.get("first") == Some("1"));
    params.delete("first", None);
    assert!(!params.has("first", None));
    params.append("first", "1");
    params.append("first", "10");
    params.delete("first", None);
    assert!(!params.has("first", None));
}

#[test]
fn two_argument_delete() {
    let mut params = UrlSearchParams::new();
    for v in ["b", "c", "d"] {
        params.append("a", v);
    }
    params.delete("a", Some("c"));
    assert_eq!(params.to_string(), "a=b&a=d");

    let mut params: UrlSearchParams = [("a", "b"), ("a", "c"), ("b", "c"), ("b", "d")].into_iter().collect();
    params.delete("b", Some("c"));
    params.delete("a", None);
    assert_eq!(params.to_string(), "b=d");
}

#[test]
fn deleting_all_params_removes_the_question_mark() {
    let mut url = whatwg("http://example.com/?param1&param2");
    url.search_params_mut().delete("param1", None).unwrap();
    // Every tuple serializes with its `=`.
    assert_eq!(url.as_str(), "http://example.com/?param2=");
    url.search_params_mut().delete("param2", None).unwrap();
    assert_eq!(url.as_str(), "http://example.com/");
    assert_eq!(url.api().unwrap().search(), "");

    let mut url = whatwg("http://example.com/?");
    url.search_params_mut().delete("param1", None).unwrap();
    assert_eq!(url.as_str(), "http://example.com/");
}

/// The opaque path keeps its last space as `%20` (the opaque path state
/// writes it so before a `?` or `#`): removing the query leaves no
/// trailing space.
#[test]
fn changing_the_query_of_a_url_with_an_opaque_path_with_trailing_spaces() {
    let mut url = whatwg("data:space    ?test");
    assert!(url.search_params().has("test", None));
    url.search_params_mut().delete("test", None).unwrap();
    assert!(!url.search_params().has("test", None));
    let api = url.api().unwrap();
    assert_eq!(
        (api.search(), api.pathname(), api.href()),
        ("", "space   %20", "data:space   %20")
    );

    let mut url = whatwg("data:space    ?test#test");
    url.search_params_mut().delete("test", None).unwrap();
    let api = url.api().unwrap();
    assert_eq!(
        (api.search(), api.pathname(), api.href()),
        ("", "space   %20", "data:space   %20#test")
    );
    url.check_invariants();
}

// --- has, get, getAll, set, size, append ---------------------------------

#[test]
fn has_with_and_without_a_value() {
    let params = UrlSearchParams::parse("a=b&a=d&c&e&");
    assert!(params.has("a", None) && params.has("c", None) && params.has("e", None));
    assert!(!params.has("d", None) && !params.has("", None));
    assert!(params.has("a", Some("b")) && params.has("a", Some("d")) && params.has("c", Some("")));
    assert!(!params.has("a", Some("c")) && !params.has("c", Some("x")));
}

#[test]
fn get_and_get_all() {
    let params = UrlSearchParams::parse("a=b&c=d&a=e&a");
    assert_eq!(params.get("a"), Some("b"));
    assert_eq!(params.get("c"), Some("d"));
    assert_eq!(params.get("x"), None);
    assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["b", "e", ""]);
    assert_eq!(params.get_all("x").count(), 0);
    let params = UrlSearchParams::parse("first=second&third&&");
    assert_eq!((params.get("first"), params.get("third")), (Some("second"), Some("")));
}

#[test]
fn set_replaces_the_first_and_removes_the_others() {
    let mut params = UrlSearchParams::parse("a=b&c=d&a=e&f=g&a=h");
    params.set("a", "B");
    assert_eq!(params.to_string(), "a=B&c=d&f=g");
    params.set("z", "1");
    assert_eq!(params.to_string(), "a=B&c=d&f=g&z=1");

    let mut url = whatwg("http://h/?x=1&x=2");
    url.search_params_mut().set("x", "a b").unwrap();
    assert_eq!(url.as_str(), "http://h/?x=a+b");
}

#[test]
fn size_follows_the_list() {
    let mut params = UrlSearchParams::parse("a=1&b=2&a=3");
    assert_eq!(params.len(), 3);
    params.delete("a", None);
    assert_eq!(params.len(), 1);
    params.append("b", "4");
    assert_eq!(params.len(), 2);

    let mut url = whatwg("http://localhost/query?a=1&b=2&a=3");
    assert_eq!(url.search_params().len(), 3);
    let mut params = url.search_params_mut();
    params.delete("a", None).unwrap();
    assert_eq!(params.len(), 1);
    params.append("b", "4").unwrap();
    assert_eq!(params.len(), 2);
    assert_eq!(url.as_str(), "http://localhost/query?b=2&b=4");
}

// --- stringifier (urlsearchparams-stringifier.any.js) --------------------

#[test]
fn stringifier_encodes_by_the_form_set() {
    for (name, value, want) in [
        ("a", "b c", "a=b+c"),
        ("a b", "c", "a+b=c"),
        ("a", "", "a="),
        ("", "", "="),
        ("a", "b=c", "a=b%3Dc"),
        ("a=b", "c", "a%3Db=c"),
        ("a", "b&c", "a=b%26c"),
        ("a&b", "c", "a%26b=c"),
        ("a", "b+c", "a=b%2Bc"),
        ("a", "b\0c", "a=b%00c"),
        ("a", "b💩c", "a=b%F0%9F%92%A9c"),
        ("a", "*-._~!'()", "a=*-._%7E%21%27%28%29"),
    ] {
        let mut params = UrlSearchParams::new();
        params.append(name, value);
        assert_eq!(params.to_string(), want, "{name:?}={value:?}");
    }
    for (input, want) in [
        ("a=&a=b", "a=&a=b"),
        ("b=%2sf%2a", "b=%252sf*"),
        ("b=%2%2af%2a", "b=%252*f*"),
        ("b=%%2a", "b=%25*"),
        ("a=b+c", "a=b+c"),
    ] {
        assert_eq!(UrlSearchParams::parse(input).to_string(), want, "{input}");
    }
}

// --- The update steps on URLs of every spec ------------------------------

#[test]
fn update_steps_on_urls_of_every_spec() {
    for spec in Spec::ALL {
        let mut url = Url::parse_with("http://host/p", spec).unwrap();
        let mut params = url.search_params_mut();
        match params.append("b", "2") {
            Ok(()) => {
                params.append("a", "1").unwrap();
                params.append("c", "x y").unwrap();
                params.sort().unwrap();
                assert_eq!(url.as_str(), "http://host/p?a=1&b=2&c=x+y", "{spec}");
                let mut params = url.search_params_mut();
                for name in ["a", "b", "c"] {
                    params.delete(name, None).unwrap();
                }
                assert_eq!(url.as_str(), "http://host/p", "{spec}");
            }
            // The RFC 1630 draft's search part has no `=`: refused, and
            // neither the URL nor the list changes.
            Err(e) => {
                assert_eq!(spec, Spec::Rfc1630, "{spec}: {e}");
                assert!(params.is_empty());
                assert_eq!(url.as_str(), "http://host/p");
            }
        }
        url.check_invariants();
    }
    // RFC 1738: an ftp URL has no search part.
    let mut url = Url::parse("ftp://host/f").unwrap();
    let mut params = url.search_params_mut();
    assert!(params.set("a", "b").is_err());
    assert!(params.is_empty());
    assert_eq!(url.as_str(), "ftp://host/f");
}

#[test]
fn an_empty_list_removes_the_query_and_keeps_the_fragment() {
    let mut url = whatwg("https://h/p?a=1#frag");
    UrlSearchParams::new().update(&mut url).unwrap();
    assert_eq!(url.as_str(), "https://h/p#frag");
    UrlSearchParams::parse("x=é").update(&mut url).unwrap();
    assert_eq!(url.as_str(), "https://h/p?x=%C3%A9#frag");
    url.check_invariants();
}

/// A list made from the URL's query and written back is the query in form
/// encoding, and reading it again gives the same tuples.
#[test]
fn query_object_round_trips() {
    for input in [
        "https://h/?a=1&b=%20x&c=%F0%9F%98%80&d=%zz&&e",
        "https://h/?%EF%BB%BF=%EF%BB%BF",
        "https://h/?+=+&%2B=%2B",
    ] {
        let mut url = whatwg(input);
        let before = tuples(&url.search_params());
        url.search_params().into_owned().update(&mut url).unwrap();
        assert_eq!(tuples(&url.search_params()), before, "{input}");
        assert_eq!(form::serialize(url.search_params().iter()), url.query().unwrap());
    }
}
