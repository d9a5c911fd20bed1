//! Properties over generated URLs: parse and validate agree, values round
//! trip, canonical forms are idempotent, equivalence follows the specs' rules
//! for edits whose effect they state, lenient parsing is stable, the
//! RFC 1630 algorithm matches a literal transcription, and percent-encoding
//! round trips without touching reserved characters.

use proptest::prelude::*;
use urikit::ascii::rfc1738;
use urikit::pct::{self, EncodeSet, NEVER_TOUCHED};
use urikit::resolve::rfc1630;
use urikit::{validate, Repair, Spec, Url, UrlRef};

/// Strings shaped like URLs, good and bad, across every scheme production.
fn url_like() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(vec![
        "http", "HTTP", "ftp", "gopher", "news", "nntp", "mailto", "file", "wais", "prospero", "telnet", "magic",
        "x-y", "9p",
    ]);
    let sep = prop::sample::select(vec!["://", ":", ":/", ":///", "://u@", "://u:p@", "://@"]);
    let host = "([a-z0-9]{1,4}(\\.[a-z][a-z0-9-]{0,3})?|1\\.2\\.3\\.4|[a-z_-]{0,3})(:[0-9]{0,6})?";
    let path = "(/[a-z0-9%;:@&=+$,!*'()~ .?_-]{0,6}){0,4}";
    let tail = "(\\?[a-z0-9%;:@&=+/ ?]{0,6})?(#[a-z0-9%#/ ]{0,4})?";
    (scheme, sep, host, path, tail).prop_map(|(s, sep, h, p, t)| format!("{s}{sep}{h}{p}{t}"))
}

/// Anything at all, or something URL-shaped.
fn input() -> impl Strategy<Value = String> {
    prop_oneof![url_like(), url_like(), any::<String>(), "[ -~]{0,30}"]
}

/// The RFC grammars: the properties here are theirs. The URL Standard's
/// parser writes a new string and its setters are the standard's, which its
/// own suites (WPT) and tests hold.
fn spec() -> impl Strategy<Value = Spec> {
    prop::sample::select(Spec::ALL.into_iter().filter(|&s| s != Spec::Whatwg).collect::<Vec<_>>())
}

/// The RFC 1630 algorithm transcribed as literally as possible: string
/// searches and removals repeated until nothing changes, on the path only
/// (the reading the `resolve` module documents: the context's scheme and
/// authority are never consumed).
fn naive_rfc1630(context: &str, reference: &str) -> String {
    let scheme = rfc1738::SCHEME.union(urikit::ascii::rfc1630::SCHEME);
    let scheme_end = reference.find(|c: char| !scheme.contains(c as u8) || !c.is_ascii());
    if scheme_end.is_some_and(|i| i > 0 && reference[i..].starts_with(':')) {
        return reference.to_owned();
    }
    let (body, fragment) = reference.split_at(reference.find('#').unwrap_or(reference.len()));
    let document = &context[..context.find('#').unwrap_or(context.len())];
    if body.is_empty() {
        return format!("{document}{fragment}");
    }
    let context = &document[..document.find('?').unwrap_or(document.len())];
    let colon = context.find(':').map_or(0, |i| i + 1);
    // The safe reading (CERN libwww's HTParse): `//` after the scheme starts
    // an authority, which ends at the next slash; the rules below never
    // consume it unless the reference has two slashes or more.
    let root = match context[colon..].strip_prefix("//") {
        Some(rest) => colon + 2 + rest.find('/').unwrap_or(rest.len()),
        None => colon,
    };
    let n = body.len() - body.trim_start_matches('/').len();
    if n > 0 {
        let run = "/".repeat(n);
        let at = (0..context.len()).find(|&i| {
            context[i..].starts_with(&run)
                && (i == 0 || !context[..i].ends_with('/'))
                && !context[i + n..].starts_with('/')
        });
        let fallback = if n == 1 { root } else { colon };
        return format!("{}{body}{fragment}", &context[..at.unwrap_or(fallback)]);
    }
    let joined = match context[root..].rfind('/') {
        Some(i) => format!("{}{body}", &context[..root + i + 1]),
        None if root > colon => format!("{}/{body}", &context[..root]),
        None => format!("{}{body}", &context[..colon]),
    };
    let query = joined[root..].find('?').map_or(joined.len(), |i| root + i);
    let mut path = joined[root..query].to_owned();
    let rooted = path.starts_with('/');
    // Remove the leftmost occurrence of either form until there is none.
    loop {
        // "/." where "." is a complete element: (start, end).
        let dot = (0..path.len())
            .find(|&j| path[j..].starts_with("/.") && (j + 2 == path.len() || path[j + 2..].starts_with('/')))
            .map(|j| (j, j + 2));
        // "xxx/../" where xxx is a complete element other than "..".
        let dot_dot = (0..path.len()).find_map(|j| {
            // A path's root (j = 0 in a path that starts with '/') is no
            // element: ".." stops there.
            if (j == 0 && rooted) || !path[j..].starts_with("/../") {
                return None;
            }
            let k = path[..j].rfind('/').map_or(0, |i| i + 1);
            (&path[k..j] != "..").then_some((k, j + 4))
        });
        match (dot, dot_dot) {
            (Some(a), Some(b)) => path.replace_range(if a.0 < b.0 { a.0..a.1 } else { b.0..b.1 }, ""),
            (Some((a, b)), None) | (None, Some((a, b))) => path.replace_range(a..b, ""),
            (None, None) => break,
        }
    }
    // Without an authority, a path starting "//" would read as one.
    if root == colon && path.starts_with("//") {
        path.insert_str(0, "/.");
    }
    format!("{}{path}{}{fragment}", &joined[..root], &joined[query..])
}

fn reference() -> impl Strategy<Value = String> {
    let slashes = prop::sample::select(vec!["", "", "", "/", "//", "///"]);
    let segment = prop::sample::select(vec!["g", "..", ".", "", "a", "b.c", "..g", "g.."]);
    let tail = prop::sample::select(vec!["", "", "?q", "?a/../b", "#f", "?q#f"]);
    (slashes, prop::collection::vec(segment, 0..5), tail).prop_map(|(s, segs, t)| format!("{s}{}{t}", segs.join("/")))
}

fn context() -> impl Strategy<Value = String> {
    let segment = prop::sample::select(vec!["a", "b", "", "..", ".", "c.d"]);
    let scheme = prop::sample::select(vec!["magic://h", "magic:", "http://h", "news:x"]);
    let tail = prop::sample::select(vec!["", "?x//y", "#f//g", "?q#f"]);
    (scheme, prop::collection::vec(segment, 0..6), tail).prop_map(|(s, segs, t)| {
        let mut out = s.to_owned();
        for seg in segs {
            out.push('/');
            out.push_str(seg);
        }
        out.push_str(t);
        out
    })
}

/// What the spec's resolution algorithm makes of `r` against `base`, as a
/// string: `None` when the spec refuses the reference itself.
fn algorithm(base: &Url, r: &str, spec: Spec) -> Option<String> {
    use urikit::resolve::{rfc1808, rfc3986};
    use urikit::rfc3986::Reference;
    let r = match spec {
        Spec::Rfc1738 | Spec::Rfc1630 => return Some(rfc1630(base.as_str(), r)),
        _ => Reference::parse_with(r, spec).ok()?,
    };
    Some(match spec {
        Spec::Rfc1808 => rfc1808::resolve_relative_url(base, &r),
        _ => rfc3986::transform_references(base, &r, rfc3986::Strictness::Strict),
    })
}

/// A URL built from parts, for the equivalence oracle: every path character
/// is `unreserved` by RFC 1738 and by RFC 3986 (letters, digits, `-._`).
#[derive(Clone, Debug)]
struct OracleUrl {
    scheme: &'static str,
    host: String,
    path: String,
}

impl OracleUrl {
    fn text(&self) -> String {
        format!("{}://{}{}", self.scheme, self.host, self.path)
    }

    fn with_path(&self, path: String) -> String {
        format!("{}://{}{path}", self.scheme, self.host)
    }
}

fn oracle_url() -> impl Strategy<Value = OracleUrl> {
    let scheme = prop::sample::select(vec!["http", "ftp"]);
    let host = "[a-z][a-z0-9]{0,4}(\\.[a-z]{1,3}){0,2}";
    // No `.` or `..` segment: RFC 3986 removes them, RFC 1738 does not.
    let path = "(/[a-z0-9_-][a-z0-9._-]{0,5}){1,4}";
    (scheme, host, path).prop_map(|(scheme, host, path)| OracleUrl { scheme, host, path })
}

/// Two URLs, most often `u` and `u` with one edit at a place `at` picks, and
/// whether the specs say they are equivalent:
///
/// 0. an unreserved path octet percent-encoded: equivalent (RFC 1738 §2.2,
///    RFC 3986 §2.3);
/// 1. a reserved octet added to the path, against the same with it
///    percent-encoded: not equivalent (RFC 1738 §2.2, RFC 3986 §2.2);
/// 2. scheme and host in upper case: equivalent (RFC 1738 §2.1 and §3.1,
///    RFC 3986 §6.2.2.1);
/// 3. a path letter in upper case: not equivalent (paths are
///    case-sensitive);
/// 4. the scheme's default port written out: equivalent (RFC 3986 §6.2.3;
///    RFC 1738 §3.1 "the default port for the scheme is used");
/// 5. another port: not equivalent;
/// 6. percent-encoded reserved octets with lower-case hex digits, against
///    upper case: equivalent (RFC 1738 §2.2, RFC 3986 §6.2.2.1);
/// 7. one path octet replaced by another unreserved one: not equivalent;
/// 8. (RFC 3986) a `.` segment added: equivalent (§6.2.2.3);
/// 9. (RFC 3986) a `x/..` pair added: equivalent (§6.2.2.3).
fn edit_url(u: &OracleUrl, at: prop::sample::Index, which: usize, spec: Spec) -> (String, String, bool) {
    let path = &u.path;
    // A character of the path other than a '/'.
    let chars: Vec<usize> = path
        .bytes()
        .enumerate()
        .filter(|&(_, c)| c != b'/')
        .map(|(i, _)| i)
        .collect();
    let i = chars[at.index(chars.len())];
    let reserved: &[u8] = if spec == Spec::Rfc3986 {
        b"/:@!$&'()*+,;="
    } else {
        b"/:@&="
    };
    let (b, want) = match which {
        0 => (
            u.with_path(format!("{}%{:02X}{}", &path[..i], path.as_bytes()[i], &path[i + 1..])),
            true,
        ),
        1 => {
            let r = reserved[at.index(reserved.len())];
            let a = u.with_path(format!("{}{}{}", &path[..i], r as char, &path[i..]));
            return (a, u.with_path(format!("{}%{r:02X}{}", &path[..i], &path[i..])), false);
        }
        2 => (
            format!("{}://{}{path}", u.scheme.to_uppercase(), u.host.to_uppercase()),
            true,
        ),
        3 => match chars.iter().copied().find(|&j| path.as_bytes()[j].is_ascii_lowercase()) {
            Some(j) => (
                u.with_path(format!(
                    "{}{}{}",
                    &path[..j],
                    path[j..=j].to_uppercase(),
                    &path[j + 1..]
                )),
                false,
            ),
            None => (u.text(), true),
        },
        4 => {
            let port = if u.scheme == "http" { 80 } else { 21 };
            (format!("{}://{}:{port}{path}", u.scheme, u.host), true)
        }
        5 => (format!("{}://{}:8021{path}", u.scheme, u.host), false),
        6 => {
            return (
                u.with_path(format!("{path}/%2f%3a")),
                u.with_path(format!("{path}/%2F%3A")),
                true,
            )
        }
        7 => {
            let c = path.as_bytes()[i];
            let other = if c == b'z' {
                'y'
            } else if c.is_ascii_alphanumeric() {
                'z'
            } else {
                'q'
            };
            (u.with_path(format!("{}{other}{}", &path[..i], &path[i + 1..])), false)
        }
        8 => {
            let slash = path[..=i].rfind('/').unwrap_or(0);
            (u.with_path(format!("{}/.{}", &path[..slash], &path[slash..])), true)
        }
        _ => {
            let slash = path[..=i].rfind('/').unwrap_or(0);
            (u.with_path(format!("{}/x/..{}", &path[..slash], &path[slash..])), true)
        }
    };
    (u.text(), b, want)
}

/// The octets of `s` that raising and lowering must leave alone, in order.
fn untouched(s: &str) -> Vec<u8> {
    s.bytes().filter(|&b| NEVER_TOUCHED.contains(b) && b != b'%').collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parse_and_validate_agree(s in input(), spec in spec()) {
        let errors = validate(&s, spec);
        match UrlRef::parse_with(&s, spec) {
            Ok(_) => prop_assert!(errors.is_empty(), "{:?}", errors),
            Err(e) => {
                prop_assert_eq!(errors.first(), Some(&e));
                prop_assert!(e.offset <= s.len());
                prop_assert!(errors.windows(2).all(|w| w[0].offset <= w[1].offset));
            }
        }
    }

    #[test]
    fn values_round_trip(s in input(), spec in spec()) {
        if let Ok(r) = UrlRef::parse_with(&s, spec) {
            let url = r.to_url();
            url.check_invariants();
            prop_assert_eq!(Url::parse_with(url.as_str(), spec), Ok(url.clone()));
            prop_assert!(r.scheme().eq_ignore_ascii_case(url.scheme()));
            prop_assert_eq!(
                (r.user(), r.password(), r.host(), r.port(), r.path(), r.query(), r.fragment()),
                (url.user(), url.password(), url.host(), url.port(), url.path(), url.query(), url.fragment())
            );
        }
    }

    #[test]
    fn canonical_forms_are_idempotent_and_valid(s in input(), spec in spec()) {
        if let Ok(url) = Url::parse_with(&s, spec) {
            let c = url.canonical();
            c.check_invariants();
            prop_assert_eq!(c.canonical(), c.clone());
            prop_assert_eq!(Url::parse_with(c.as_str(), spec), Ok(c.clone()));
            prop_assert!(url.equivalent(&c));
        }
    }

    #[test]
    fn equivalence_follows_the_encoding_rules(u in oracle_url(), edit in any::<prop::sample::Index>(), which in 0usize..8) {
        // Each edit is one the specs rule on, so whether `a` and `b` are
        // equivalent is known without asking the library's canonical form.
        let (a, b, want) = edit_url(&u, edit, which, Spec::Rfc1738);
        let a = Url::parse(&a).unwrap_or_else(|e| panic!("{a}: {e}"));
        let b = Url::parse(&b).unwrap_or_else(|e| panic!("{b}: {e}"));
        prop_assert_eq!(a.equivalent(&b), want, "{} vs {}", a.as_str(), b.as_str());
        prop_assert_eq!(b.equivalent(&a), want);
    }

    #[test]
    fn rfc3986_equivalence_follows_the_encoding_rules(u in oracle_url(), edit in any::<prop::sample::Index>(), which in 0usize..10) {
        let (a, b, want) = edit_url(&u, edit, which, Spec::Rfc3986);
        let a = Url::parse_with(&a, Spec::Rfc3986).unwrap_or_else(|e| panic!("{a}: {e}"));
        let b = Url::parse_with(&b, Spec::Rfc3986).unwrap_or_else(|e| panic!("{b}: {e}"));
        prop_assert_eq!(a.equivalent(&b), want, "{} vs {}", a.as_str(), b.as_str());
        prop_assert_eq!(b.equivalent(&a), want);
    }

    #[test]
    fn lenient_parsing_is_stable(s in input(), spec in spec()) {
        if let Ok((url, warnings)) = Url::parse_lenient_with(&s, spec) {
            url.check_invariants();
            prop_assert!(warnings.iter().all(|w| w.offset <= s.len()));
            let (again, more) = Url::parse_lenient_with(url.as_str(), spec).unwrap();
            prop_assert_eq!(&again, &url);
            prop_assert!(more.iter().all(|w| matches!(w.repair, Repair::Tolerated(_))), "{:?}", more);
            if let Ok(strict) = Url::parse_with(&s, spec) {
                prop_assert_eq!(strict, url);
                prop_assert!(warnings.is_empty());
            }
        }
    }

    #[test]
    fn rfc1630_matches_a_literal_transcription(c in context(), r in reference()) {
        prop_assert_eq!(rfc1630(&c, &r), naive_rfc1630(&c, &r));
    }

    #[test]
    fn resolution_parses_what_the_algorithm_gives(c in url_like(), r in reference(), spec in spec()) {
        if let Ok(base) = Url::parse_with(&c, spec) {
            let Some(result) = algorithm(&base, &r, spec) else {
                prop_assert!(base.resolve_with(&r, spec).is_err());
                return Ok(());
            };
            let want = Url::parse_with(&result, spec);
            match base.resolve_with(&r, spec) {
                Ok(url) => prop_assert_eq!(Ok(url), want),
                Err(e) => prop_assert_eq!(Some(e.offset()), want.err().map(|w| w.offset)),
            }
        }
    }

    #[test]
    fn encoding_round_trips(s in any::<String>()) {
        for set in EncodeSet::ALL {
            let encoded = pct::encode(&s, &set);
            prop_assert!(encoded.is_ascii());
            // A set that leaves the space writes it '+' (search, form-value),
            // and encodes a real '+'.
            let encoded = if set.encodes(b' ') { encoded.into_owned() } else { encoded.replace('+', "%20") };
            prop_assert_eq!(pct::decode(&encoded).unwrap(), s.as_bytes());
        }
    }

    #[test]
    fn raising_and_lowering_leave_reserved_characters(s in url_like()) {
        for set in EncodeSet::ALL {
            prop_assert_eq!(untouched(&pct::raise(&s, &set)), untouched(&s));
        }
        if let Ok(low) = pct::lower(&s, &urikit::ascii::ByteSet::from_range(0, 127)) {
            prop_assert_eq!(untouched(&low), untouched(&s));
        }
    }
}
