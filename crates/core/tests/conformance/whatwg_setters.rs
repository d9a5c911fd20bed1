//! The `URL` API's setters under [`Spec::Whatwg`]: web-platform-tests'
//! `setters_tests.json` and ada's `ada_extra_setters_tests.json`.
//!
//! A case is `href`, a setter and `new_value`: the URL parsed from `href`,
//! the setter run with the value ([`Url::set_api`]), and every getter of
//! `expected` compared, each a check of its own. Besides, for every case:
//! a setter that gives an error leaves the URL byte for byte as it was, the
//! URL after it is its own serialization, and the same setter with the
//! same value again changes nothing.

use serde_json::Value;
use urikit::whatwg::api::Setter;
use urikit::{Spec, Url};

use super::{read, Suite};

/// The getters of the `URL` API a case may give, and urikit's value of each.
fn getter(url: &Url, name: &str) -> Option<String> {
    let api = url.api().expect("a WHATWG URL");
    match urikit::whatwg::api::Setter::from_name(name) {
        Some(setter) => Some(api.get(setter).to_owned()),
        None => (name == "origin").then(|| api.origin()),
    }
}

/// Runs one `setters_tests`-shaped file, and prints how many of its cases
/// pass every check.
fn run_setters(suite: &mut Suite, file: &str) {
    let data = read(file);
    let groups = data.as_object().expect("cases by setter");
    let (mut cases_run, mut cases_passed) = (0, 0);
    for (name, cases) in groups {
        if name == "comment" {
            continue;
        }
        let setter = Setter::from_name(name).unwrap_or_else(|| panic!("a setter: {name}"));
        for c in cases.as_array().expect("an array of cases") {
            let failed = suite.failed.len();
            run_case(suite, setter, c);
            cases_run += 1;
            cases_passed += usize::from(suite.failed.len() == failed);
        }
    }
    println!("{file}: {cases_passed}/{cases_run} cases pass every check");
}

fn run_case(suite: &mut Suite, setter: Setter, c: &Value) {
    let href = c["href"].as_str().expect("href");
    let value = c["new_value"].as_str().expect("new_value");
    let key = format!("<{href}> {setter} = {value:?}");
    let mut url = match Url::parse_lenient_with(href, Spec::Whatwg) {
        Ok((url, _)) => url,
        Err(e) => {
            suite.check_that(format!("{key} href parses"), false, || e.to_string());
            return;
        }
    };
    let before = url.as_str().to_owned();
    let result = url.set_api(setter, value);
    url.check_invariants();
    let expected = c["expected"].as_object().expect("expected getters");
    assert!(!expected.is_empty(), "{key}: a case checks a getter");
    for (name, want) in expected {
        let want = want.as_str().expect("a getter's value");
        let got = getter(&url, name).unwrap_or_else(|| panic!("{key}: unknown getter {name}"));
        suite.check_that(format!("{key} {name}"), got == want, || {
            format!("got {got:?}, want {want:?} ({result:?})")
        });
    }
    if let Err(e) = &result {
        suite.check_that(format!("{key} unchanged on error"), url.as_str() == before, || {
            format!("{e}, but the URL became {:?}", url.as_str())
        });
    }
    let again = Url::parse_lenient_with(url.as_str(), Spec::Whatwg).map(|(u, _)| u.into_string());
    suite.check_that(
        format!("{key} href reparses"),
        again.as_deref() == Ok(url.as_str()),
        || format!("{again:?}"),
    );
    let mut twice = url.clone();
    let _ = twice.set_api(setter, value);
    suite.check_that(format!("{key} twice"), twice == url, || {
        format!("{:?} then {:?}", url.as_str(), twice.as_str())
    });
}

#[test]
fn wpt_setters() {
    let mut suite = Suite::new("wpt-url/setters_tests");
    run_setters(&mut suite, "wpt-url/setters_tests.json");
    suite.finish();

    let mut suite = Suite::new("ada-extra/ada_extra_setters_tests");
    run_setters(&mut suite, "ada-extra/ada_extra_setters_tests.json");
    suite.finish();
}
