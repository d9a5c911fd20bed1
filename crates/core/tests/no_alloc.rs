//! Validating and splitting with `UrlRef` performs no heap allocation.
//!
//! A counting global allocator (`stats_alloc`) wraps the system one. It counts
//! for the whole process, so this binary holds a single test that runs its
//! checks one after another.

use std::alloc::System;

use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::borrow::Cow;

use urikit::rfc3986::Reference;
use urikit::whatwg::form;
use urikit::{validate, Spec, UrlRef};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn allocations_during(f: impl FnOnce()) -> usize {
    let region = Region::new(GLOBAL);
    f();
    let change = region.change();
    change.allocations + change.reallocations
}

const VALID: &[&str] = &[
    "http://info.cern.ch/albert/bertram/marie%2Dclaude",
    "URL:ftp://myname:secret@host.dom:2121/%2Fetc/motd;type=i",
    "gopher://host:70/0a_gopher_selector%09%09+application/postscript%20Es_ES",
    "news:12345667123%41sdghfh@info.cern.ch",
    "nntp://news.cern.ch/comp.infosystems.www/1234",
    "wais://quake.think.com/wais-discussion-archives?lynch",
    "prospero://host.dom//pros/name;OBJECT-VERSION=2",
    "file:///etc/motd",
    "mailto:timbl@info.cern.ch",
    "magic://a/b/c//d/e/f#frag",
];

/// Valid by the RFC 1630 draft's generic grammar too (which has no `=`).
const VALID_RFC1630: &[&str] = &[
    "http://info.cern.ch/albert/bertram/marie%2Dclaude",
    "magic://a/b/c//d/e/f#frag",
    "wais://quake.think.com/wais-discussion-archives?lynch",
    "urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3",
];

/// Valid by RFC 3986 (and, where no `~`, `[` or `]` is in them, RFC 1808).
const VALID_RFC3986: &[&str] = &[
    "http://info.cern.ch/albert/bertram/marie%2Dclaude",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "http://[::ffff:192.0.2.1]:8080/~user/?q#f",
    "x://[v7.a:b]/",
    "foo://u:p@example.com:8042/over/there?name=ferret#nose",
    "urn:example:animal:ferret:nose",
    "http://h:99999/",
    "mailto:John.Doe@example.com",
];

const VALID_RFC1808: &[&str] = &[
    "http://a/b/c/d;p?q#f",
    "ftp://u:p@host:21/pub/file;type=a",
    "news:comp.infosystems.www",
];

/// URI references, relative ones among them.
const REFERENCES: &[&str] = &["../g", "//g/h?y#s", "?y", "#s", "", "g;x?y#s", "http://a/b"];

const INVALID: &[&str] = &[
    "news:12345667123%asdghfh@info.cern.ch",
    "http://user@host/",
    "http://host/~user/a b",
    "ftp://host.com/a;b",
    "http://1.2.3.999/",
    "no scheme here",
];

#[test]
fn parsing_validating_and_splitting_do_not_allocate() {
    // Guards the guard: an allocation is seen.
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 16]))) >= 1);

    for (spec, inputs) in [
        (Spec::Rfc1738, VALID),
        (Spec::Rfc1630, VALID_RFC1630),
        (Spec::Rfc3986, VALID_RFC3986),
        (Spec::Rfc1808, VALID_RFC1808),
    ] {
        for input in inputs {
            let n = allocations_during(|| {
                let url = UrlRef::parse_with(input, spec).unwrap();
                let parts = (
                    url.scheme(),
                    url.user(),
                    url.password(),
                    url.host(),
                    url.port_or_default(),
                    url.path(),
                    url.query(),
                    url.fragment(),
                );
                let _ = std::hint::black_box(parts);
            });
            assert_eq!(n, 0, "parsing {input} ({spec}) allocated");
        }
    }
    for input in INVALID {
        let n = allocations_during(|| {
            std::hint::black_box(UrlRef::parse(input).unwrap_err());
        });
        assert_eq!(n, 0, "rejecting {input} allocated");
    }
    for input in VALID {
        let n = allocations_during(|| assert!(validate(input, Spec::Rfc1738).is_empty()));
        assert_eq!(n, 0, "validating {input} allocated");
    }
    for input in VALID_RFC3986 {
        let n = allocations_during(|| assert!(validate(input, Spec::Rfc3986).is_empty()));
        assert_eq!(n, 0, "validating {input} (rfc3986) allocated");
    }
    for input in ["http://[::1/", "http://a b/", "x:%zz", "1a:b"] {
        let n = allocations_during(|| {
            std::hint::black_box(UrlRef::parse_with(input, Spec::Rfc3986).unwrap_err());
        });
        assert_eq!(n, 0, "rejecting {input} (rfc3986) allocated");
    }
    // The urlencoded parser borrows a name or value with nothing to decode
    // (no `+`, no `%XX`; a `%` without two hex digits reads as itself).
    for query in ["a=1&b=two&c", "q=rust&lang=en&&flag&=x", "p=100%&%zz"] {
        let n = allocations_during(|| {
            for (name, value) in form::parse(query) {
                assert!(
                    matches!((&name, &value), (Cow::Borrowed(_), Cow::Borrowed(_))),
                    "{query}"
                );
                std::hint::black_box((name, value));
            }
        });
        assert_eq!(n, 0, "reading the pairs of {query} allocated");
    }
    // Guards the guard: decoding is seen.
    assert!(allocations_during(|| assert_eq!(std::hint::black_box(form::parse("a=x+y")).count(), 1)) >= 1);
    for spec in [Spec::Rfc3986, Spec::Rfc1808] {
        for input in REFERENCES {
            let n = allocations_during(|| {
                let r = Reference::parse_with(input, spec).unwrap();
                std::hint::black_box((r.scheme(), r.authority(), r.host(), r.path(), r.query(), r.fragment()));
            });
            assert_eq!(n, 0, "parsing the reference {input:?} ({spec}) allocated");
        }
    }
}
