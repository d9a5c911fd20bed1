//! Inputs the fuzz targets in `fuzz/` found, minimized, each asserting the
//! property that failed. The target that found it is named on each test.

use urikit::{ParseErrorKind, Spec, Url};

/// Parses `input` by `spec`, checking the value's invariants.
#[track_caller]
fn parse(input: &str, spec: Spec) -> Url {
    let url = Url::parse_with(input, spec).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    url.check_invariants();
    url
}

/// `parse_rfc1738`, `parse_rfc1630`, `lenient`: a URL whose scheme is `url`
/// would serialize as `url:...`, which parsing reads as the optional `URL:`
/// prefix and drops; `url` is the prefix, so it is refused as a scheme.
///
/// RFC 1808 and RFC 3986 have no `URL:` prefix (RFC 3986 Appendix C: "no
/// longer recommended"): there `url` is an ordinary scheme.
#[test]
fn url_is_the_prefix_not_a_scheme() {
    for spec in [Spec::Rfc1808, Spec::Rfc3986] {
        assert_eq!(parse("URL:URL:", spec).scheme(), "url");
    }
    for spec in Spec::ALL.into_iter().filter(|s| s.is_1994()) {
        for input in ["URL:URL:", "URL:url:x", "url:url:news:x"] {
            let err = Url::parse_with(input, spec).expect_err(input);
            assert_eq!(
                (err.offset, err.kind),
                (4, ParseErrorKind::PrefixScheme),
                "{input:?} by {spec}"
            );
        }
        assert_eq!(parse("URL:news:x", spec).as_str(), "news:x");
    }
}

/// `parse_rfc1630`, `normalize`: the RFC 1630 host check accepts a `%` that
/// starts no escape (`xalpha` allows `%` only in `escape = "%" hex hex`), so
/// a "valid" URL holds octets `pct::decode` and `pct::lower` refuse.
#[test]
fn rfc1630_host_percent_must_start_an_escape() {
    for (input, offset) in [("m://g%", 5), ("magic://a%-/g", 9), ("m://a%4/", 5)] {
        match Url::parse_with(input, Spec::Rfc1630) {
            Ok(url) => panic!(
                "{input:?} parses ({:?}), yet pct::decode says {:?}",
                url.host(),
                urikit::pct::decode(input).unwrap_err()
            ),
            Err(e) => {
                assert_eq!(e.offset, offset, "{input:?}: {e}");
                assert!(matches!(e.kind, ParseErrorKind::BadEscape { .. }), "{input:?}: {e}");
            }
        }
    }
}

/// `normalize`: the canonical form decodes `%2E` in an RFC 1630 host to `.`,
/// which can leave an empty label (`x://a.`), so the canonical form does not
/// parse again by its own spec, as the `normalize` docs promise it does.
#[test]
fn rfc1630_canonical_form_parses_again() {
    for input in ["x://a%2e", "http://iftpnfoe%2E/", "x://a%2E%2Eb/"] {
        let url = parse(input, Spec::Rfc1630);
        let c = url.canonical();
        c.check_invariants();
        assert_eq!(
            Url::parse_with(c.as_str(), Spec::Rfc1630),
            Ok(c.clone()),
            "{input:?}: canonical form {:?}",
            c.as_str()
        );
    }
}

/// `lenient`: by RFC 3986, lenient parsing drops one `:` of `h::`, which
/// leaves `h:` (an empty port, valid there); with a tolerated violation in
/// the same URL, parsing that output leniently drops the second `:` too, so
/// what lenient parsing makes is not left as it is by lenient parsing.
#[test]
fn lenient_rfc3986_output_needs_no_more_repairs() {
    let (url, _) = Url::parse_lenient_with("x://a@@h::/", Spec::Rfc3986).unwrap();
    url.check_invariants();
    let (again, warnings) = Url::parse_lenient_with(url.as_str(), Spec::Rfc3986).unwrap();
    assert_eq!(
        again,
        url,
        "{:?} is repaired again to {:?}",
        url.as_str(),
        again.as_str()
    );
    assert!(
        warnings
            .iter()
            .all(|w| matches!(w.repair, urikit::Repair::Tolerated(_))),
        "{:?}: {warnings:?}",
        url.as_str()
    );
}

/// `lenient`: for schemes other than `http` and `wais`, lenient parsing reads
/// the authority on past a `?` to the next `/`, though the generic grammar
/// ends it at the `?`; a `:` just before that `/`, inside the search part, is
/// then "dropped as an empty port". The search part loses an octet, and the
/// output, parsed leniently again, loses the next one.
#[test]
fn lenient_keeps_colons_in_a_search_part() {
    let (url, warnings) = Url::parse_lenient_with("x://h?a:/~", Spec::Rfc1738).unwrap();
    url.check_invariants();
    assert_eq!(url.query(), Some("a:/%7E"), "{warnings:?}");
    for (input, spec) in [("x://h_?::/", Spec::Rfc1738), ("x://h?a::/", Spec::Rfc1630)] {
        let (url, _) = Url::parse_lenient_with(input, spec).unwrap();
        let (again, _) = Url::parse_lenient_with(url.as_str(), spec).unwrap();
        assert_eq!(
            again,
            url,
            "{input:?}: {:?} is repaired again to {:?}",
            url.as_str(),
            again.as_str()
        );
    }
}

/// `lenient`: in a URL of a scheme with no authority (`news:`), lenient
/// parsing still takes a leading `//` for one, and drops a `:` at its end as
/// an empty port: the path loses an octet, and the output, parsed leniently
/// again, loses the next one.
#[test]
fn lenient_keeps_colons_in_a_news_path() {
    let (url, warnings) = Url::parse_lenient_with("news://h:", Spec::Rfc1738).unwrap();
    url.check_invariants();
    assert_eq!(url.path(), "//h:", "{warnings:?}");
    let (url, _) = Url::parse_lenient_with("news://h::", Spec::Rfc1738).unwrap();
    let (again, _) = Url::parse_lenient_with(url.as_str(), Spec::Rfc1738).unwrap();
    assert_eq!(
        again,
        url,
        "{:?} is repaired again to {:?}",
        url.as_str(),
        again.as_str()
    );
}

/// `scheme`: parsing drops a `URL:` prefix without a warning, and `lint`
/// reports the offsets of the URL it parsed as offsets in the input
/// ([`Finding::offset`](urikit::lint::Finding::offset) is "byte offset in
/// the input"), so each points four bytes early.
#[test]
fn lint_offsets_are_in_the_input() {
    for spec in [Spec::Rfc1738, Spec::Rfc1630] {
        let input = "URL:gopher://h/0a%0D";
        let findings = urikit::lint::lint(input, spec);
        let f = findings
            .iter()
            .find(|f| f.code == "encoded-delimiter")
            .unwrap_or_else(|| panic!("{input:?} by {spec}: {findings:?}"));
        assert_eq!(f.offset, Some(input.find('%').unwrap()), "{input:?} by {spec}: {f}");
        let input = "url:http://h:25/";
        let findings = urikit::lint::lint(input, spec);
        for f in &findings {
            assert_eq!(f.offset, Some(input.find("25").unwrap()), "{input:?} by {spec}: {f}");
        }
    }
}

/// `text`: `Found::alternatives` with more than 32 hyphenated line breaks
/// shifts a `u32` mask by each hyphen's index, which overflows (a panic with
/// overflow checks on); the docs promise one alternative, all of them
/// dropped.
#[test]
fn alternatives_of_more_than_32_hyphens() {
    let text = format!("<http://h/{}>", "a-\n".repeat(34));
    let found = urikit::text::find_urls(&text).next().unwrap();
    assert_eq!(found.hyphens.len(), 33);
    assert_eq!(found.alternatives(), [format!("http://h/{}a-", "a".repeat(33))]);
}

/// `parse_rfc3986`: by RFC 1808 the port is what follows the last `:` of the
/// `net_loc` when that is all digits, so a host may hold `:`: `h::` is the
/// host `h:` and an empty port, `:%35` the host `:%35`. The canonical form
/// drops the empty port (`http://h:/`) or decodes `%35` (`l://:5`), and then
/// the text after the host's `:` reads as a port: the canonical form parses
/// to another URL, and is not its own canonical form.
#[test]
fn rfc1808_canonical_form_keeps_the_host() {
    for input in [
        "http://h::/",
        "http://h:1:/",
        "x://u@h:08:/",
        "l://:%35",
        "ltt://h:65:%35/",
    ] {
        let url = parse(input, Spec::Rfc1808);
        let c = url.canonical();
        c.check_invariants();
        assert_eq!(c.host(), url.host(), "{input:?}: canonical form {:?}", c.as_str());
        assert_eq!(
            Url::parse_with(c.as_str(), Spec::Rfc1808),
            Ok(c.clone()),
            "{input:?}: canonical form {:?}",
            c.as_str()
        );
        assert_eq!(c.canonical(), c, "{input:?}: canonical form {:?}", c.as_str());
    }
}

/// `parse_rfc3986`: an RFC 1808 host may hold `:` (the port is what follows
/// the last `:` of the `net_loc`, when all digits). The canonical form drops
/// a default port after such a host (`http://::80` becomes `http://:/`,
/// `http://u:448:80/` becomes `http://u:448/`), and the text after the
/// host's last `:` then reads as a port: the canonical form parses to
/// another URL, and is not its own canonical form.
#[test]
fn rfc1808_canonical_form_keeps_a_host_colon_before_a_default_port() {
    for input in ["http://::80", "http://u:448:80/b/c/dq#f", "https://h:1:443/"] {
        let url = parse(input, Spec::Rfc1808);
        let c = url.canonical();
        c.check_invariants();
        assert_eq!(
            Url::parse_with(c.as_str(), Spec::Rfc1808),
            Ok(c.clone()),
            "{input:?}: canonical form {:?}",
            c.as_str()
        );
        assert_eq!(c.canonical(), c, "{input:?}: canonical form {:?}", c.as_str());
    }
}

/// `relative`: an RFC 1630 scheme is an `ialpha`, which may hold `,`, `$`,
/// `!` and the like, but resolution's rule 1 takes only an RFC 1738 scheme
/// (letters, digits, `+`, `-`, `.`) for an absolute form. So the target
/// `m,:` is resolved as a partial form (`c:m,:`), and `relative`, having no
/// candidate that resolves back, returns the target's own text, which does
/// not either; the docs promise that the target itself "resolves to itself
/// since it names a scheme".
#[test]
fn relative_to_an_rfc1630_scheme_resolves_back() {
    let spec = Spec::Rfc1630;
    for (base, target) in [("c:", "m,:"), ("magic://a/b/c//d/e/f", "a$b:x")] {
        let (base, target) = (parse(base, spec), parse(target, spec));
        let r = urikit::relative(&base, &target, spec);
        assert_eq!(
            base.resolve_with(&r, spec).map(Url::into_string),
            Ok(target.as_str().to_owned()),
            "{:?} to {:?}: {r:?}",
            base.as_str(),
            target.as_str()
        );
    }
}

/// `resolve` (authority kept, by RFC 1808): params against a base with a
/// `net_loc` and no path were written straight after the `net_loc`
/// (`htp://cb` with `;z` gave `htp://cb;z`, whose `net_loc` is `cb;z`); the
/// empty path under a `net_loc` is read as `/`, as step 6 already does.
#[test]
fn rfc1808_params_after_a_bare_net_loc_keep_the_host() {
    let base = parse("htp://cb", Spec::Rfc1808);
    let url = base.resolve_with(";z", Spec::Rfc1808).unwrap();
    url.check_invariants();
    assert_eq!(url.as_str(), "htp://cb/;z");
    assert_eq!(url.host(), Some("cb"));
}

/// `whatwg_ada`: ada accepts `цامه\u{200c}ای`, a label that starts with a
/// left-to-right letter and holds Arabic ones; the URL Standard runs UTS
/// #46 with CheckBidi, whose Bidi Rule (RFC 5893, rule 5) refuses it, and
/// so does urikit (the WPT IDNA data has no bidi case to say so).
#[cfg(feature = "idna")]
#[test]
fn whatwg_bidi_rule_refuses_a_mixed_label() {
    let e = Url::parse_lenient_with("https://цامه\u{200c}ای/x", Spec::Whatwg).unwrap_err();
    assert_eq!((e.offset, e.rule), (8, "domain-to-ASCII"));
}

/// `whatwg_ada`: a host with U+3F40B (plane 3), which the idna crate's
/// ICU4X data of Unicode 18.0 takes as valid and ada refuses: urikit gives
/// the Punycode of the mapped label (listed as `idna-crate-tables`).
#[cfg(feature = "idna")]
#[test]
fn whatwg_plane_3_host_by_the_idna_tables() {
    let (url, _) = Url::parse_lenient_with("file://loC𝐀\u{3f40b}𝐇𝐨𝐬𝐭/usrn", Spec::Whatwg).unwrap();
    url.check_invariants();
    assert_eq!(url.as_str(), "file://xn--locahost-ts61q/usrn");
}

/// `whatwg_ada`: hosts with code points that Unicode 18.0 added (U+1DB06, the
/// Hebrew point U+05C8, U+058B, which UTS #46 maps to U+056B, and U+3FA08,
/// given as the label `xn--sw6s`, which UTS #46 decodes in a domain that is
/// not ASCII), valid in the idna crate's ICU4X data of Unicode 18.0; ada's
/// tables, of Unicode 17.0, refuse them (listed as `idna-crate-tables`).
#[cfg(feature = "idna")]
#[test]
fn whatwg_unicode_18_code_points_by_the_idna_tables() {
    for (input, href) in [
        ("file://loC𝐀𝐋𝐇𝐨\u{1db06}𝐭/u&sr/b", "file://xn--localhot-or60g/u&sr/b"),
        ("http://a\u{1db06}/", "http://xn--a-wl2r/"),
        ("http://ab\u{5c8}/", "http://xn--ab-7kd/"),
        ("http://a\u{58b}/", "http://xn--a-8bc/"),
        ("http://a\u{56b}/", "http://xn--a-8bc/"),
        ("https://xn--sw6s.м/x", "https://xn--sw6s.xn--l1a/x"),
        ("https://\u{3fa08}.x/x", "https://xn--sw6s.x/x"),
    ] {
        let (url, _) = Url::parse_lenient_with(input, Spec::Whatwg).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        url.check_invariants();
        assert_eq!(url.as_str(), href, "{input:?}");
    }
}

/// `whatwg_ada`: in a domain that is not ASCII, UTS #46 decodes each `xn--`
/// label and refuses one whose Punycode gives no valid label (here
/// `xn---1uoxpao`); ada keeps it as given, urikit fails.
#[cfg(feature = "idna")]
#[test]
fn whatwg_invalid_ace_label_in_a_non_ascii_domain() {
    let e = Url::parse_lenient_with("https://a.xn---1uOxpao.xn--1uO.сом/x", Spec::Whatwg).unwrap_err();
    assert_eq!(e.rule, "domain-to-ASCII");
    assert!(Url::parse_lenient_with("https://a.xn---1uOxpao.xn--1uO.com/x", Spec::Whatwg).is_ok());
}

/// `whatwg_ada`: U+08B5 (Arabic, Bidi_Class AL, Unicode 14.0) beside U+0642
/// is a right-to-left label, valid by the Bidi Rule; ada, whose Bidi_Class
/// data is older, reads U+08B5 as left-to-right and fails the host (listed
/// as `ada-bidi-class`). U+08B5 after a Latin letter breaks the rule.
#[cfg(feature = "idna")]
#[test]
fn whatwg_bidi_class_of_a_unicode_14_letter() {
    let (url, _) = Url::parse_lenient_with("https://\u{642}\u{8b5}.м/x", Spec::Whatwg).unwrap();
    url.check_invariants();
    assert_eq!(url.as_str(), "https://xn--ehb86j.xn--l1a/x");
    let e = Url::parse_lenient_with("https://a\u{8b5}.м/x", Spec::Whatwg).unwrap_err();
    assert_eq!(e.rule, "domain-to-ASCII");
}

/// `whatwg_ada`: the marks of Unicode 14.0 (U+08CA to U+08D2, Bidi_Class
/// NSM) after an Arabic letter are a right-to-left label, valid by the Bidi
/// Rule, given as they are or as an `xn--` label; ada, whose Bidi_Class
/// data is older, reads them as left-to-right and fails the host (listed as
/// `ada-bidi-class`). A label that starts with a mark is refused.
#[cfg(feature = "idna")]
#[test]
fn whatwg_bidi_class_of_unicode_14_marks() {
    let (url, _) = Url::parse_lenient_with("https://\u{628}\u{8cd}.м/x", Spec::Whatwg).unwrap();
    url.check_invariants();
    assert_eq!(url.as_str(), "https://xn--ngb86k.xn--l1a/x");
    let (url, _) = Url::parse_lenient_with("https://qqq....xn--5yb\nssqssssLL.....м/x", Spec::Whatwg).unwrap();
    assert_eq!(url.as_str(), "https://qqq....xn--5ybssqssssll.....xn--l1a/x");
    let e = Url::parse_lenient_with("https://\u{8cd}\u{628}.м/x", Spec::Whatwg).unwrap_err();
    assert_eq!(e.rule, "domain-to-ASCII");
}

/// `whatwg_ada`: UTS #46 drops a soft hyphen (U+00AD) before it decodes the
/// `xn--` labels, so `xn--\u{ad}-qqs...` is the label `xn---qqs...`, whose
/// Punycode gives no valid label: urikit fails at `domain-to-ASCII`, ada
/// keeps the label (listed as `ada-ace-labels`), also when an octet of it
/// is percent-encoded, with a newline inside the escape that the parser
/// removes first.
#[cfg(feature = "idna")]
#[test]
fn whatwg_soft_hyphen_inside_an_ace_label() {
    let e = Url::parse_lenient_with("file://xn--\u{ad}-QQSQQQQQQJQGQ..clxn--5...z", Spec::Whatwg).unwrap_err();
    assert_eq!(e.rule, "domain-to-ASCII");
    // The host parser percent-decodes first: `%44` is a `D` of the label.
    let e = Url::parse_lenient_with("file://xn--\u{ad}-4%44w/sa/p://r\0\0\0.:", Spec::Whatwg).unwrap_err();
    assert_eq!(e.rule, "domain-to-ASCII");
    let e = Url::parse_lenient_with("file://xn--\u{ad}-4%4\r4w/", Spec::Whatwg).unwrap_err();
    assert_eq!(e.rule, "domain-to-ASCII");
    let (url, _) = Url::parse_lenient_with("file://a\u{ad}b.example/", Spec::Whatwg).unwrap();
    assert_eq!(url.as_str(), "file://ab.example/");
}

/// `whatwg_ada`: UTS #46 maps a label before it decodes it, so in the
/// domain `xn---8dwǌ`, not ASCII, the `ǌ` (U+01CC) is `nj` and the label is
/// `xn---8dwnj`, whose Punycode gives no valid label: urikit fails at
/// `domain-to-ASCII`, ada keeps the mapped label (listed as
/// `ada-ace-labels`). The same label given in ASCII is lowered as it is,
/// as the domain parser does for every ASCII domain when not strict.
#[cfg(feature = "idna")]
#[test]
fn whatwg_mapped_code_point_inside_an_ace_label() {
    for input in ["https://xn---8dwǌ/", "file://xn--\u{ad}-8%44wǌ\\\\:"] {
        let e = Url::parse_lenient_with(input, Spec::Whatwg).unwrap_err();
        assert_eq!(e.rule, "domain-to-ASCII", "{input:?}");
    }
    let (url, _) = Url::parse_lenient_with("https://XN---8dwnj/", Spec::Whatwg).unwrap();
    assert_eq!(url.as_str(), "https://xn---8dwnj/");
    let (url, _) = Url::parse_lenient_with("https://aǌ/", Spec::Whatwg).unwrap();
    assert_eq!(url.as_str(), "https://anj/");
}

/// `whatwg_ada`: a ZERO WIDTH NON-JOINER between a dual-joining Arabic
/// letter and U+07E7 (NKo, dual-joining) meets RFC 5892's ContextJ rule,
/// so UTS #46 with CheckJoiners accepts the label; ada, whose table of
/// joining types has no NKo letter, fails the host (listed as
/// `ada-joiners`). A ZWNJ between letters that do not join is refused.
#[cfg(feature = "idna")]
#[test]
fn whatwg_zwnj_before_a_letter_ada_does_not_list() {
    let (url, _) = Url::parse_lenient_with("https://نامه\u{200c}ߧ/x", Spec::Whatwg).unwrap();
    url.check_invariants();
    assert_eq!(url.as_str(), "https://xn--mgb4dbg49ruw5d/x");
    let e = Url::parse_lenient_with("https://a\u{200c}b/x", Spec::Whatwg).unwrap_err();
    assert_eq!(e.rule, "domain-to-ASCII");
}
