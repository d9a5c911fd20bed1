//! URLs in plain text: the examples of RFC 1738's appendix and draft-03's
//! "Wrappers for URIs in plain text", the rules of bare URLs, and the seed
//! texts themselves as input (expected findings in `tests/data/text/`, read
//! off the texts by hand).

use std::fs;
use std::path::PathBuf;

use urikit::text::{find_urls, Found, Wrapper, KNOWN_SCHEMES, MAX_URL_LEN};

#[track_caller]
fn urls(text: &str) -> Vec<String> {
    find_urls(text).map(|f| f.url).collect()
}

#[track_caller]
fn one(text: &str) -> Found {
    let found: Vec<Found> = find_urls(text).collect();
    let urls: Vec<String> = found.iter().map(|f| short(&f.url)).collect();
    assert_eq!(found.len(), 1, "{:?} gives {urls:?}", short(text));
    found.into_iter().next().unwrap()
}

/// A bare URL found in `text`, trimmed to `want`, that ends where its
/// characters do.
#[track_caller]
fn bare(text: &str, want: &str) {
    let f = one(text);
    assert_eq!(f.cut, None, "in {:?}", short(text));
    let (got, want) = ((short(&f.url), f.wrapper), (short(want), Wrapper::Bare));
    assert_eq!(got, want, "in {:?}", short(text));
    assert_eq!(short(f.as_written(text)), want.0, "in {:?}", short(text));
}

#[track_caller]
fn none(text: &str) {
    let found = urls(text);
    assert!(
        found.is_empty(),
        "in {:?}: {:?}",
        short(text),
        found.iter().map(|u| short(u)).collect::<Vec<_>>()
    );
}

/// `s`, or its ends when it is long, for messages.
fn short(s: &str) -> String {
    if s.len() <= 200 {
        s.to_owned()
    } else {
        format!("{}...({} bytes)...{}", &s[..100], s.len(), &s[s.len() - 100..])
    }
}

// RFC 1738, appendix "Recommendations for URLs in Context", as published
// (this example is among what the seed copy lost in conversion).
#[test]
fn rfc1738_appendix_example() {
    let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;type=d>\n\
                but you can probably pick it up from <URL:ftp://ds.internic.net/rfc>.\n\
                Note the warning in <URL:http://ds.internic.net/instructions/overview.html#WARNING>.\n";
    let found: Vec<Found> = find_urls(text).collect();
    let got: Vec<(&str, Wrapper, u64, u64)> = found
        .iter()
        .map(|f| (f.url.as_str(), f.wrapper, f.line, f.column))
        .collect();
    assert_eq!(
        got,
        [
            ("ftp://info.cern.ch/pub/www/doc;type=d", Wrapper::Url, 1, 28),
            ("ftp://ds.internic.net/rfc", Wrapper::Url, 2, 38),
            (
                "http://ds.internic.net/instructions/overview.html#WARNING",
                Wrapper::Url,
                3,
                21
            ),
        ]
    );
    assert_eq!(found[0].as_written(text), "<URL:ftp://info.cern.ch/pub/www/doc;type=d>");
    assert!(found
        .iter()
        .all(|f| f.hyphens.is_empty() && f.alternatives().is_empty()));
    // "The whitespace should be ignored when extracting the URL."
    let broken = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>\n\
                  but you can probably pick it up from <URL:ftp://ds.in\n      ternic.net/rfc>.\n\
                  Note the warning in <URL:http://ds.internic.\n      net/instructions/overview.html#WARNING>.";
    assert_eq!(urls(broken), urls(text));
}

// The prefix alone, and its case.
#[test]
fn rfc1738_url_prefix_examples() {
    let f = one("E.g., <URL:ftp://@host.com/> has an empty user name");
    assert_eq!(
        (f.url.as_str(), f.wrapper, f.range.clone()),
        ("ftp://@host.com/", Wrapper::Url, 6..28)
    );
    assert_eq!(
        urls("<url:news:*> <Url: mailto:timbl@info.cern.ch >"),
        ["news:*", "mailto:timbl@info.cern.ch"]
    );
    // A fragment goes inside the brackets too.
    assert_eq!(urls("<URL:http://h/p#frag>"), ["http://h/p#frag"]);
}

// draft-03, "Wrappers for URIs in plain text".
#[test]
fn draft03_wrapper_example() {
    let text = "Yes, Jim, I found it under <ftp://ftp.w3.org/pub/www/doc> but\n    \
                you can probably pick it up from <ftp://ds.internic.net/rfc>.";
    let found: Vec<Found> = find_urls(text).collect();
    let got: Vec<(&str, Wrapper, u64, u64)> = found
        .iter()
        .map(|f| (f.url.as_str(), f.wrapper, f.line, f.column))
        .collect();
    assert_eq!(
        got,
        [
            ("ftp://ftp.w3.org/pub/www/doc", Wrapper::Angle, 1, 28),
            ("ftp://ds.internic.net/rfc", Wrapper::Angle, 2, 38),
        ]
    );
    assert_eq!(found[1].as_written(text), "<ftp://ds.internic.net/rfc>");
}

#[test]
fn hyphen_at_a_line_break() {
    let text = "<URL:http://www.example.com/a-\n    very/long/path>";
    let f = one(text);
    assert_eq!(f.url, "http://www.example.com/a-very/long/path");
    assert_eq!(f.hyphens, [24]);
    assert_eq!(f.alternatives(), ["http://www.example.com/avery/long/path"]);
    assert_eq!((f.range.clone(), f.line, f.column), (0..text.len() as u64, 1, 1));
    // Whitespace on both sides of the break, CR LF, and the angle wrapper.
    let f = one("<http://www.example.com/a-  \r\n\t  very/long/path>");
    assert_eq!(f.url, "http://www.example.com/a-very/long/path");
    assert_eq!(f.alternatives(), ["http://www.example.com/avery/long/path"]);
    // A hyphen before a space that is not a line break is not ambiguous.
    assert!(one("<URL:http://h/a- b>").hyphens.is_empty());
    // Nor is one that the wrapper's end follows.
    assert!(one("<URL:http://h/a-\n>").hyphens.is_empty());
}

#[test]
fn alternatives_of_several_breaks() {
    let f = one("<URL:http://a-\n b-\n c/>");
    assert_eq!(f.url, "http://a-b-c/");
    assert_eq!(f.alternatives(), ["http://ab-c/", "http://a-bc/", "http://abc/"]);
    // Past MAX_ALTERNATIVE_BREAKS, only the reading with every hyphen dropped.
    let f = one("<URL:http://a-\nb-\nc-\nd-\ne-\nf/>");
    assert_eq!(f.hyphens.len(), 5);
    assert_eq!(f.alternatives(), ["http://abcdef/"]);
}

#[test]
fn broken_after_a_slash_comes_back_whole() {
    let f = one("see <URL:ftp://ds.internic.net/internet-drafts/\n     draft-ietf-uri-irl-fun-req-02.txt>.");
    assert_eq!(
        f.url,
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt"
    );
    assert!(f.hyphens.is_empty());
    assert_eq!(
        urls("<ftp://boombox.micro.umn.edu/pub/gopher/\n\u{a0}\u{a0}gopher_protocol>"),
        ["ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol"]
    );
    // Broken between the scheme's colon and its slashes, with an unknown scheme.
    assert_eq!(
        urls("<ftp:\n   //quake.think.com/x> <foo:\n //bar/>"),
        ["ftp://quake.think.com/x", "foo://bar/"]
    );
}

#[test]
fn wrappers_that_are_not() {
    // Not a scheme and a colon: text.
    none("<scheme>:<scheme-specific-part> <uri@bunyip.com> a < b: c > d <foo:bar>");
    // Unclosed: the content is text, where a bare URL may be found.
    let f = one("<URL:http://h/a no close");
    assert_eq!(
        (f.url.as_str(), f.wrapper, f.range.clone()),
        ("http://h/a", Wrapper::Bare, 5..15)
    );
    let f = one("<http://h/a");
    assert_eq!((f.url.as_str(), f.wrapper), ("http://h/a", Wrapper::Bare));
    // A second `<` before the `>`: the first wrapper was never closed.
    let found: Vec<Found> = find_urls("<URL:http://a/ x <URL:http://b/>").collect();
    let got: Vec<(&str, Wrapper)> = found.iter().map(|f| (f.url.as_str(), f.wrapper)).collect();
    assert_eq!(got, [("http://a/", Wrapper::Bare), ("http://b/", Wrapper::Url)]);
    // Empty.
    none("<URL:> <URL: \n >");
}

#[test]
fn bare_urls_end_at_whitespace_and_delimiters() {
    bare(
        "at http://info.cern.ch/hypertext/WWW/TheProject.html\nnext",
        "http://info.cern.ch/hypertext/WWW/TheProject.html",
    );
    bare("\"http://h/a\"", "http://h/a");
    bare("`http://h/a`", "http://h/a");
    bare("<p>http://h/a</p>", "http://h/a");
    bare("http://h/a\u{a0}b", "http://h/a");
    cut("http://h/caf\u{e9}", "http://h/caf", '\u{e9}', "http://h/caf\u{e9}");
    bare("URL:http://h/a", "http://h/a");
    // RFC 1738 unsafe characters that real URLs carry are kept.
    bare("http://h/~user/{x}|y^[z]", "http://h/~user/{x}|y^[z]");
}

#[test]
fn bare_urls_lose_trailing_punctuation() {
    for p in [".", ",", ";", ":", "!", "?", "'", "...", "!?", ".)", "'."] {
        bare(&format!("It is http://h/a/b{p} yes"), "http://h/a/b");
    }
    bare("'http://h/a'", "http://h/a");
    bare("Is it ftp://h/a;type=i? Yes.", "ftp://h/a;type=i");
    bare("http://h/a?q=1&r=2.", "http://h/a?q=1&r=2");
    bare("http://h/#frag.", "http://h/#frag");
    // Punctuation inside stays.
    bare("http://h/a.b,c;d:e!f?g'h", "http://h/a.b,c;d:e!f?g'h");
}

#[test]
fn bare_urls_and_brackets() {
    bare("(see http://h/a)", "http://h/a");
    bare("(see http://h/a).", "http://h/a");
    bare(
        "https://en.wikipedia.org/wiki/Foo_(bar)",
        "https://en.wikipedia.org/wiki/Foo_(bar)",
    );
    bare(
        "(https://en.wikipedia.org/wiki/Foo_(bar))",
        "https://en.wikipedia.org/wiki/Foo_(bar)",
    );
    bare(
        "see https://en.wikipedia.org/wiki/Foo_(bar).",
        "https://en.wikipedia.org/wiki/Foo_(bar)",
    );
    bare("[http://h/a]", "http://h/a");
    bare("{http://h/a}", "http://h/a");
    bare("[link](http://h/a)", "http://h/a");
    bare("http://[::1]/", "http://[::1]/");
    bare("(http://h/a_(b)_c)", "http://h/a_(b)_c");
}

#[test]
fn bare_schemes() {
    for scheme in KNOWN_SCHEMES {
        bare(&format!("x {scheme}:rest y"), &format!("{scheme}:rest"));
        let upper = scheme.to_ascii_uppercase();
        bare(&format!("({upper}://h/p)"), &format!("{upper}://h/p"));
    }
    // Any other scheme needs `//`.
    bare("svn+ssh://h/repo", "svn+ssh://h/repo");
    bare("x-exec://h/", "x-exec://h/");
    none("fxqn:/us/va/reston g:a Note: this 12:30 a:b::c");
    // A no-break space after the colon ends the URL there, as a space does;
    // another character outside US-ASCII starts its run.
    none("Note:\u{a0}this, http:\u{a0}x and news:\u{a0}\u{a0}y");
    cut("see http:\u{b7}x", "http:", '\u{b7}', "http:\u{b7}x");
    assert_eq!(urls("<URL:\u{a0}http://h/a>"), ["http://h/a"]);
    // A scheme starts with a letter: what comes before the first is not part of it.
    bare("3http://h/", "http://h/");
    bare("--http://h/", "http://h/");
    // Nothing after the scheme (and its slashes): text.
    none("The ftp: prefix, the news: form, \"http://\" and http://.");
    // A scheme longer than MAX_SCHEME_LEN is not one.
    let long = "a".repeat(33);
    none(&format!("{long}://h/"));
    bare(&format!("{}://h/", "a".repeat(32)), &format!("{}://h/", "a".repeat(32)));
}

#[test]
fn positions() {
    let text = "caf\u{e9} ftp://a/\r\n\r\n  x <URL:http://b/>\nend http://c/";
    let found: Vec<Found> = find_urls(text).collect();
    let got: Vec<(u64, u64, &str)> = found.iter().map(|f| (f.line, f.column, f.as_written(text))).collect();
    // Columns count bytes: "é" is two.
    assert_eq!(
        got,
        [(1, 7, "ftp://a/"), (3, 5, "<URL:http://b/>"), (4, 5, "http://c/")]
    );
}

#[test]
fn limits() {
    let path = "a".repeat(MAX_URL_LEN - "<URL:http://h/>".len());
    let fits = format!("x <URL:http://h/{path}> y");
    let f = one(&fits);
    assert_eq!(f.range.end - f.range.start, MAX_URL_LEN as u64);
    // One byte more: the wrapper is abandoned, and its text is scanned as text.
    let f = one(&format!("x <URL:http://h/a{path}> y"));
    assert_eq!(
        (f.wrapper, f.range.start, f.url.len()),
        (Wrapper::Bare, 7, MAX_URL_LEN - 5)
    );
    let path = "a".repeat(MAX_URL_LEN - "http://h/".len());
    bare(&format!("x http://h/{path} y"), &format!("http://h/{path}"));
    // A bare run one byte too long is skipped whole, URL-like parts included.
    let text = format!("x http://h/a{path}:http://i/ http://j/");
    assert_eq!(urls(&text), ["http://j/"]);
}

/// The seed texts, beside the repository.
fn seed(prefix: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/seeds");
    let entry = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_str().unwrap().starts_with(prefix))
        .unwrap_or_else(|| panic!("no seed {prefix}_*.txt in {}", dir.display()));
    fs::read_to_string(entry).unwrap()
}

fn data(name: &str) -> String {
    fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/text")
            .join(name),
    )
    .unwrap()
}

/// The rows of a `line TAB wrapper TAB url` file.
fn expected(name: &str) -> Vec<(u64, String, String)> {
    data(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut cols = l.split('\t');
            let line = cols.next().unwrap().parse().unwrap();
            let (wrapper, url) = (cols.next().unwrap(), cols.next().unwrap());
            (line, wrapper.to_owned(), url.to_owned())
        })
        .collect()
}

fn rows(text: &str) -> Vec<(u64, String, String)> {
    find_urls(text)
        .map(|f| (f.line, f.wrapper.name().to_owned(), f.url))
        .collect()
}

#[test]
fn seed_rfc1738_references_are_all_found() {
    let text = seed("002");
    let found = urls(&text);
    let references: Vec<String> = data("rfc1738-references.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_owned)
        .collect();
    assert_eq!(references.len(), 16);
    let missing: Vec<&String> = references.iter().filter(|r| !found.contains(r)).collect();
    assert!(missing.is_empty(), "not found: {missing:#?}");
    // And every one is a valid RFC 1738 URL once extracted.
    for r in &references {
        assert!(urikit::UrlRef::parse(r).is_ok(), "{r}");
    }
}

#[test]
fn seed_rfc1738_every_url() {
    assert_eq!(rows(&seed("002")), expected("002.tsv"));
}

#[test]
fn seed_draft03_every_url() {
    assert_eq!(rows(&seed("004")), expected("004.tsv"));
}

/// The RFC 1630 draft as the seed holds it has the dump's line numbers
/// ("  1207. ") before every line; they are no part of the draft.
fn without_line_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let rest = line.trim_start_matches(' ');
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        match rest[digits..].strip_prefix(". ") {
            Some(body) if digits > 0 => out.push_str(body),
            _ => out.push_str(line),
        }
    }
    out
}

#[test]
fn seed_rfc1630_draft_every_url() {
    let text = without_line_numbers(&seed("000"));
    assert_eq!(rows(&text), expected("000.tsv"));
}

#[test]
fn seed_rfc1630_draft_as_dumped() {
    // Over the raw dump, the wrapped URLs broken across lines leave the
    // next lines' numbers out: the findings are those of the text without
    // them, at the same lines.
    assert_eq!(rows(&seed("000")), expected("000.tsv"));
}

/// The wrappers of the RFC 1630 draft's references broken across numbered
/// lines, as the seed dump holds them (its spaces are U+00A0).
#[test]
fn line_numbers_of_a_listing_are_not_joined_to_a_url() {
    let listed = |lines: &[&str], first: u32| -> String {
        let mut text = String::new();
        for (n, line) in (first..).zip(lines) {
            text.push_str(&format!("{n:>6}. \u{a0}{line}\n"));
        }
        text
    };
    let cases: [(&[&str], u32, &str); 6] = [
        (
            &["Age\",", "<ftp:", "//quake.think.com/pub/wais/doc/doc-ids.txt> "],
            1245,
            "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        ),
        (
            &["<ftp://info.cern.ch/pub/www/doc/http-spec.txt", "> "],
            1220,
            "ftp://info.cern.ch/pub/www/doc/http-spec.txt",
        ),
        (
            &["<ftp://quake.think.com/pub/wa", "is/doc/protspec.txt> "],
            1230,
            "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        ),
        (
            &[
                "<ftp://boombox.micro.umn.edu/pub/gopher/",
                "gopher_protocol> . See also ",
            ],
            1207,
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
        ),
        (
            &["<wais://quake.think.com/wais-discussion-ar", "chives?lynch> "],
            1258,
            "wais://quake.think.com/wais-discussion-archives?lynch",
        ),
        // Over a line of its own, and numbers of up to six digits.
        (&["<URL:http://h/a", "", "b>"], 99998, "http://h/ab"),
    ];
    for (lines, first, want) in cases {
        let text = listed(lines, first);
        assert_eq!(urls(&text), [want], "in {text:?}");
    }
    // Numbers that do not follow on from the wrapper's line are text.
    assert_eq!(urls("  12. <URL:http://h/a\n  14. b>"), ["http://h/a14.b"]);
    assert_eq!(urls("<URL:http://h/a\n  13. b>"), ["http://h/a13.b"]);
}

/// A bare URL in `text` that goes on past US-ASCII at `char`: its US-ASCII
/// part is `url`, and taken whole it is `whole`.
#[track_caller]
fn cut(text: &str, url: &str, char: char, whole: &str) {
    let f = one(text);
    assert_eq!((f.url.as_str(), f.wrapper), (url, Wrapper::Bare), "in {text:?}");
    assert_eq!(f.as_written(text), url);
    let cut = f.cut.unwrap_or_else(|| panic!("{text:?}: {url} is not said to be cut"));
    assert_eq!((cut.char, cut.whole.as_str()), (char, whole), "in {text:?}");
    let offset = text.find(char).unwrap();
    assert_eq!(cut.offset, offset as u64, "in {text:?}");
    assert_eq!(cut.column, f.column + (offset as u64 - f.range.start));
    assert_eq!(cut.range.start, f.range.start);
    assert_eq!(&text[cut.range.start as usize..cut.range.end as usize], whole);
}

#[test]
fn a_bare_url_that_goes_on_past_us_ascii_says_so() {
    cut(
        "see https://example.com/naïve",
        "https://example.com/na",
        'ï',
        "https://example.com/naïve",
    );
    cut("(http://bücher.de/a).", "http://b", 'ü', "http://bücher.de/a");
    cut(
        "mailto:jürgen@example.com, or",
        "mailto:j",
        'ü',
        "mailto:jürgen@example.com",
    );
    // The US-ASCII part is trimmed as a URL that ends there would be.
    cut("http://h/a.é.", "http://h/a", 'é', "http://h/a.é");
    // Nothing but the scheme before it: a finding all the same.
    cut("http://é.example/", "http://", 'é', "http://é.example/");
    cut("news:é", "news:", 'é', "news:é");
    // Letters of any script, symbols, format characters, astral ones.
    cut("http://h/ü/維基", "http://h/", 'ü', "http://h/ü/維基");
    cut(
        "http://example.com/获取",
        "http://example.com/",
        '获',
        "http://example.com/获取",
    );
    cut("http://h/a\u{200b}b", "http://h/a", '\u{200b}', "http://h/a\u{200b}b");
    cut("http://h/\u{1f600}", "http://h/", '\u{1f600}', "http://h/\u{1f600}");
    cut(
        "http://evil/\u{202e}moc.knab",
        "http://evil/",
        '\u{202e}',
        "http://evil/\u{202e}moc.knab",
    );
    // A URL in it is part of the whole, not another finding.
    cut("http://a/é/http://b/ x", "http://a/", 'é', "http://a/é/http://b/");
    // Sentence punctuation that more of the URL follows is part of it.
    cut("http://example．com/", "http://example", '．', "http://example．com/");
    cut("http://h/a。b", "http://h/a", '。', "http://h/a。b");
    cut("http://h/a…b", "http://h/a", '…', "http://h/a…b");
}

#[test]
fn prose_punctuation_outside_us_ascii_ends_a_bare_url() {
    let ends = [
        "\u{a0}", "\u{2007}", "\u{202f}", "\u{3000}", "\u{2028}", "\u{85}", "»", "«", "”", "“", "’", "‘", "„", "›",
        "」", "』", "）", "（", "】", "〉", "⟩", "］", "＞", "＂", "–", "—",
    ];
    for delimiter in ends {
        for after in ["", "b", " b", "é"] {
            let text = format!("see http://h/a{delimiter}{after}");
            let f = one(&text);
            assert_eq!((f.url.as_str(), &f.cut), ("http://h/a", &None), "in {text:?}");
        }
        // Before it, the sentence punctuation of US-ASCII is taken off.
        let f = one(&format!("(see http://h/a).{delimiter}"));
        assert_eq!((f.url.as_str(), &f.cut), ("http://h/a", &None));
    }
    // Sentence punctuation ends it unless more of the URL follows.
    for punctuation in ["。", "、", "…", "！", "，", "．", "：", "；", "？", "｡", "､"] {
        for after in ["", " more", "谢谢", "\n", "»", "。", ".", ". x"] {
            let text = format!("访问http://example.com/a{punctuation}{after}");
            let f = one(&text);
            assert_eq!((f.url.as_str(), &f.cut), ("http://example.com/a", &None), "in {text:?}");
        }
    }
    // A quotation mark in CJK text, and the seeds' no-break space.
    bare("请看「http://example.com/a」。", "http://example.com/a");
    bare("magic://a/g\u{a0}\u{a0}(RFC 1630)", "magic://a/g");
}

#[test]
fn line_breaks_and_wrappers_end_a_url_before_what_follows() {
    for text in [
        "http://h/a\nüber",
        "http://h/a\r\nüber",
        "http://h/a\u{2028}über",
        "http://h/a\u{85}über",
    ] {
        let f = one(text);
        assert_eq!((f.url.as_str(), &f.cut), ("http://h/a", &None), "in {text:?}");
    }
    // A wrapper says where its URL ends: taken whole, whatever it holds.
    for (text, want) in [
        ("<URL:http://h/a>über", "http://h/a"),
        ("<URL:http://h/naïve>", "http://h/naïve"),
        ("<URL:http://h/na-\n   ïve>", "http://h/na-ïve"),
        ("<http://h/a\n\u{a0}\u{a0}ü/b>", "http://h/aü/b"),
    ] {
        let f = one(text);
        assert_eq!((f.url.as_str(), &f.cut), (want, &None), "in {text:?}");
    }
    // An unclosed wrapper's content is text: a bare URL there says so.
    cut("<URL:http://h/naïve no close", "http://h/na", 'ï', "http://h/naïve");
}

#[test]
fn a_url_taken_whole_is_bounded_as_any_finding() {
    // Whole, it is as long as a finding may be.
    let path = format!("{}é", "a".repeat(MAX_URL_LEN - "http://h/".len() - 2));
    let text = format!("x http://h/{path} y");
    let f = one(&text);
    let cut = f.cut.unwrap();
    assert_eq!(cut.range.end - cut.range.start, MAX_URL_LEN as u64);
    // One byte more, and it is skipped whole, what follows the é included.
    let text = format!("x http://h/a{path}http://i/ http://j/");
    assert_eq!(urls(&text), ["http://j/"]);
}
