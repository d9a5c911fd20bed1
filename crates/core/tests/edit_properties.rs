//! Properties of the setters, for every component and spec: what is set is
//! what is read back; the edited URL parses to itself; no other component
//! changes; a refused value leaves the URL as it was.

use proptest::prelude::*;
use urikit::{Component, Spec, Url};

/// URLs with many components, valid by at least one spec each.
const BASES: &[&str] = &[
    "s://u:p@h.example:21/a/b?q#f",
    "s://u:p@h.example:21/a/b?q=1&r=2#f",
    "ftp://u:p@h.example:21/a/b;type=i",
    "http://h.example:8080/a/b?q+r#f",
    "gopher://h.example/1sel",
    "news:comp.infosystems.www",
    "mailto:a@b.example",
    "file:///etc/motd",
    "wais://h.example/db?s",
    "http://[::1]:8/p?q#f",
    "urn:isbn:0451450523",
    "s:/p",
];

/// The RFC grammars: the properties here are theirs. The URL Standard's
/// parser writes a new string and its setters are the standard's, which its
/// own suites (WPT) and tests hold.
fn spec() -> impl Strategy<Value = Spec> {
    prop::sample::select(Spec::ALL.into_iter().filter(|&s| s != Spec::Whatwg).collect::<Vec<_>>())
}

fn component() -> impl Strategy<Value = Component> {
    prop::sample::select(Component::ALL.to_vec())
}

/// A value for `c`, from characters its productions use (and some they do not).
fn value(c: Component) -> BoxedStrategy<Option<String>> {
    let text = match c {
        Component::Scheme => "[a-zA-Z][a-zA-Z0-9+.-]{0,5}",
        Component::User | Component::Password => "[a-z0-9;&=%.~:]{0,6}",
        Component::Host => "([a-z][a-z0-9-]{0,4}\\.){0,2}[a-z][a-z0-9]{0,3}|[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[::[0-9]\\]",
        Component::Port => "[0-9]{0,6}",
        Component::Path => "(/[a-z0-9%;:@&=.~+]{0,4}){0,3}|[a-z0-9:.]{1,6}",
        Component::Query => "[a-z0-9=&+%/?:@]{0,8}",
        Component::Fragment => "[a-z0-9#=&+%/?]{0,8}",
        _ => unreachable!("a component this test does not know"),
    };
    let strategy = proptest::string::string_regex(text).expect("a valid regex");
    if c.is_optional() {
        prop::option::weighted(0.8, strategy).boxed()
    } else {
        strategy.prop_map(Some).boxed()
    }
}

fn case() -> impl Strategy<Value = (String, Spec, Component, Option<String>)> {
    (prop::sample::select(BASES), spec(), component())
        .prop_flat_map(|(base, spec, c)| (Just(base.to_owned()), Just(spec), Just(c), value(c)))
}

/// Whether setting `c` to `v` removes `other` by design.
fn removed_with(c: Component, v: Option<&str>, other: Component) -> bool {
    match (c, v) {
        (Component::Host, None) => matches!(other, Component::User | Component::Password | Component::Port),
        (Component::User, None) => other == Component::Password,
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    #[test]
    fn set_then_get((base, spec, c, v) in case()) {
        let Ok(mut url) = Url::parse_with(&base, spec) else { return Ok(()) };
        let before = url.clone();
        match url.set(c, v.as_deref()) {
            Ok(()) => {
                url.check_invariants();
                let got = url.get(c);
                if c == Component::Scheme {
                    prop_assert_eq!(got.map(str::to_owned), v.as_deref().map(str::to_ascii_lowercase));
                } else {
                    prop_assert_eq!(got, v.as_deref(), "{} set {}={:?} gave {}", before, c, v, url);
                }
                prop_assert_eq!(Url::parse_with(url.as_str(), spec), Ok(url.clone()));
                for other in Component::ALL {
                    if other != c && !removed_with(c, v.as_deref(), other) {
                        prop_assert_eq!(url.get(other), before.get(other), "{} set {}={:?} changed {}", before, c, v, other);
                    }
                }
            }
            Err(e) => {
                prop_assert_eq!(&url, &before, "a refused value changes nothing");
                prop_assert_eq!(e.spec, spec);
                prop_assert!(e.offset <= v.as_deref().map_or(0, str::len), "{:?} offset past the value {:?}", e, v);
            }
        }
    }

    /// `set_all` (the parts put together and parsed once) agrees with `set`
    /// (one value spliced into the serialization) on every single change
    /// but the removals `set` extends to the parts that need the removed one.
    #[test]
    fn set_all_of_one_change_is_set((base, spec, c, v) in case()) {
        let Ok(url) = Url::parse_with(&base, spec) else { return Ok(()) };
        let cascades = Component::ALL.iter().any(|&o| removed_with(c, v.as_deref(), o) && url.get(o).is_some());
        prop_assume!(!cascades);
        let (mut one, mut all) = (url.clone(), url.clone());
        let by_set = one.set(c, v.as_deref());
        let by_all = all.set_all([(c, v.as_deref())]);
        prop_assert_eq!(by_set.is_ok(), by_all.is_ok(), "{} {}={:?}: set {:?}, set_all {:?}", url, c, v, by_set, by_all);
        all.check_invariants();
        prop_assert_eq!(&all, &one);
        if let Err(e) = by_all {
            prop_assert_eq!(&all, &url, "a refused change changes nothing");
            prop_assert_eq!(e.error().spec, spec);
        }
    }

    /// Two changes that `set` accepts one after the other, `set_all`
    /// accepts together, with the same result.
    #[test]
    fn set_all_of_two_changes_is_two_sets(((base, spec, c, v), (d, w)) in case().prop_flat_map(|first| {
        let c = first.2;
        (Just(first), component().prop_filter("another component", move |&d| d != c).prop_flat_map(|d| (Just(d), value(d))))
    })) {
        let Ok(url) = Url::parse_with(&base, spec) else { return Ok(()) };
        let mut one = url.clone();
        let cascades = |c: Component, v: Option<&str>| Component::ALL.iter().any(|&o| removed_with(c, v, o));
        if cascades(c, v.as_deref()) || cascades(d, w.as_deref()) {
            return Ok(());
        }
        if one.set(c, v.as_deref()).is_err() || one.set(d, w.as_deref()).is_err() {
            return Ok(());
        }
        let mut all = url.clone();
        let by_all = all.set_all([(c, v.as_deref()), (d, w.as_deref())]);
        prop_assert!(by_all.is_ok(), "{} {}={:?} {}={:?}: {:?}", url, c, v, d, w, by_all);
        prop_assert_eq!(&all, &one);
    }

    #[test]
    fn query_edits_keep_the_other_pairs(
        base in prop::sample::select(&["http://h/p", "http://h/p?a=1&b=2", "s://h/?x=%20&y#f"][..]),
        spec in spec(),
        name in "[a-z_ ]{1,4}",
        value in "[a-z &=+%]{0,4}",
    ) {
        let Ok(mut url) = Url::parse_with(base, spec) else { return Ok(()) };
        let before: Vec<(String, String)> = url.query_pairs().map(|(n, v)| (n.into(), v.into())).collect();
        if url.append_query_pair(&name, &value).is_ok() {
            url.check_invariants();
            let after: Vec<(String, String)> = url.query_pairs().map(|(n, v)| (n.into(), v.into())).collect();
            prop_assert_eq!(&after[..before.len()], &before[..]);
            prop_assert_eq!(&after[before.len()..], &[(name.clone(), value.clone())][..]);
            let n = url.remove_query_pairs(&name).unwrap();
            url.check_invariants();
            prop_assert!(n >= 1);
            prop_assert!(url.query_pairs().all(|(n, _)| n != name));
            url.sort_query_pairs().unwrap();
            url.check_invariants();
            let names: Vec<String> = url.query_pairs().map(|(n, _)| n.into()).collect();
            prop_assert!(names.windows(2).all(|w| w[0] <= w[1]));
        }
    }
}

/// The properties above are not vacuous: for every spec and component some
/// value is accepted on some base.
#[test]
fn every_component_can_be_set_under_every_spec() {
    let values: &[(Component, &str)] = &[
        (Component::Scheme, "x"),
        (Component::User, "me"),
        (Component::Password, "pw"),
        (Component::Host, "other.example"),
        (Component::Port, "99"),
        (Component::Path, "/c"),
        (Component::Query, "y"),
        (Component::Fragment, "g"),
    ];
    for spec in Spec::ALL {
        for &(c, v) in values {
            let accepted = BASES.iter().any(|base| {
                Url::parse_with(base, spec).is_ok_and(|mut url| url.set(c, Some(v)).is_ok() && url.get(c) == Some(v))
            });
            assert!(accepted, "{c}={v} accepted on no base under {spec}");
        }
    }
}
