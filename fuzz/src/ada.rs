//! urikit's `Spec::Whatwg` against ada (the `ada-url` crate), as
//! `new URL(input)`.

use urikit::{Spec, Url};

/// The `URL` API's ten string getters, or `None` for failure.
type Getters = Option<[String; 10]>;

fn ours(s: &str) -> Getters {
    let (url, _) = Url::parse_lenient_with(s, Spec::Whatwg).ok()?;
    let a = url.api().expect("a WHATWG URL");
    Some(
        [
            a.href(),
            a.protocol(),
            a.username(),
            a.password(),
            a.host(),
            a.hostname(),
            a.port(),
            a.pathname(),
            a.search(),
            a.hash(),
        ]
        .map(str::to_owned),
    )
}

fn theirs(s: &str) -> Getters {
    let u = ada_url::Url::parse(s, None).ok()?;
    Some(
        [
            u.href(),
            u.protocol(),
            u.username(),
            u.password(),
            u.host(),
            u.hostname(),
            u.port(),
            u.pathname(),
            u.search(),
            u.hash(),
        ]
        .map(str::to_owned),
    )
}

/// Why urikit and ada may differ on `s`, as `bench/whatwg-differences.tsv`
/// lists it, or `None`.
///
/// * `idna-label-cap`: urikit fails at `domain-to-ASCII` where ada gives a
///   host with a label of more than 1000 octets, the Punycode of a label
///   longer than the idna crate encodes (1000 code points).
/// * `ada-bidi`: urikit fails at `domain-to-ASCII` on a bidi domain name
///   (one with a right-to-left character, as given or in an `xn--` label)
///   that ada accepts. The URL
///   Standard runs UTS #46 with CheckBidi, so RFC 5893's Bidi Rule holds
///   (a label that starts left-to-right holds no right-to-left character);
///   ada lets some such labels pass, and the WPT IDNA data, made with
///   `--exclude-bidi`, tests none. Found by this target:
///   `https://цامه\u{200c}ای/x` (`fuzz_regressions.rs`), and a label that
///   starts with a digit beside `xn--5ybt` (Bidi Rule 1).
/// * `ada-ace-labels`: in a domain that is not ASCII (so that UTS #46
///   runs), ada keeps as given an `xn--` label that UTS #46 Processing step
///   4 refuses (its Punycode does not decode to a valid label); urikit fails
///   at `domain-to-ASCII`. Found by this target (`fuzz_regressions.rs`),
///   also with a tab or newline inside the label, which the parser skips,
///   or a code point UTS #46 ignores (a soft hyphen).
/// * `idna-crate-tables`: urikit accepts a host with a code point of plane 3
///   (the Tertiary Ideographic Plane) that ada fails: the idna crate maps
///   through ICU4X data of Unicode 18.0, where it is valid, and ada's tables
///   are older. Found by this target: `file://loC𝐀\u{3f40b}𝐇𝐨𝐬𝐭/usrn`.
/// * `ada-bidi-class`: urikit accepts a bidi domain name with a code point
///   of a right-to-left block added in Unicode 14.0 or later (U+08B5, the
///   Arabic Extended-B block, ...) that ada fails: ada's Bidi_Class data
///   is older and reads such a code point as left-to-right, so that a label
///   holding it beside an Arabic letter breaks the Bidi Rule for ada only.
///   ada itself accepts U+08B5 alone (`https://\u{8b5}.м/x`), so its
///   mapping data knows the code point. Found by this target:
///   `https://\u{642}\u{8b5}.м/x` (`fuzz_regressions.rs`).
fn listed(s: &str, ours: &Getters, theirs: &Getters) -> Option<&'static str> {
    match (ours, theirs) {
        (Some(o), None) => {
            if s.chars().any(|c| ('\u{30000}'..='\u{3ffff}').contains(&c)) {
                Some("idna-crate-tables")
            } else if idna::domain_to_unicode(&o[5]).0.chars().any(is_new_right_to_left) {
                Some("ada-bidi-class")
            } else {
                None
            }
        }
        (None, Some(t)) => {
            let e = Url::parse_lenient_with(s, Spec::Whatwg).expect_err("urikit fails");
            // The input as the parser reads it: lowered, without the tabs
            // and newlines it skips and the code points UTS #46 ignores
            // (an `xn--` label may hold them).
            let as_read: String = s
                .chars()
                .filter(|&c| !matches!(c, '\t' | '\n' | '\r') && !uts46_ignored(c))
                .collect::<String>()
                .to_lowercase();
            if e.rule != "domain-to-ASCII" {
                None
            } else if t[5].split('.').any(|label| label.len() > 1000) {
                Some("idna-label-cap")
            } else if t[5]
                .split('.')
                .any(|l| l.starts_with("xn--") && as_read.contains(l) && !uts46_accepts(l))
            {
                Some("ada-ace-labels")
            } else if s
                .chars()
                .chain(idna::domain_to_unicode(&t[5]).0.chars())
                .any(is_right_to_left)
            {
                Some("ada-bidi")
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether `c` is a code point of a right-to-left script added in Unicode
/// 14.0 or later (the Unicode Character Database's `DerivedAge.txt`).
fn is_new_right_to_left(c: char) -> bool {
    matches!(
        c,
        '\u{0870}'..='\u{089f}'
            | '\u{08b5}'
            | '\u{08c8}'..='\u{08d2}'
            | '\u{fbc2}'
            | '\u{fd40}'..='\u{fd4f}'
            | '\u{fdcf}'
            | '\u{fdfe}'..='\u{fdff}'
            | '\u{10d40}'..='\u{10d8f}'
            | '\u{10ec2}'..='\u{10ec4}'
            | '\u{10efc}'..='\u{10eff}'
            | '\u{10f70}'..='\u{10f89}'
    )
}

/// Whether UTS #46 maps `c` to nothing (status `ignored` in its mapping
/// table): the soft hyphen, the combining grapheme joiner, the Mongolian
/// free variation selectors, U+200B, U+2060, U+2064, the variation
/// selectors, U+FEFF and the shorthand format controls.
fn uts46_ignored(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{34f}'
            | '\u{180b}'..='\u{180d}'
            | '\u{180f}'
            | '\u{200b}'
            | '\u{2060}'
            | '\u{2064}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{e0100}'..='\u{e01ef}'
    )
}

/// Whether `c` is in a block of right-to-left scripts (Hebrew, Arabic,
/// Syriac, Thaana, NKo and their supplements and presentation forms; the
/// right-to-left blocks of the SMP): a stand-in for Bidi_Class R or AL.
fn is_right_to_left(c: char) -> bool {
    matches!(
        c,
        '\u{0590}'..='\u{08ff}'
            | '\u{fb1d}'..='\u{fdff}'
            | '\u{fe70}'..='\u{feff}'
            | '\u{10800}'..='\u{10fff}'
            | '\u{1e800}'..='\u{1efff}'
    )
}

/// `whatwg_ada`: urikit and ada agree on whether `s` is a URL and on every
/// getter of the `URL` API, but for the listed differences.
pub fn check_against_ada(s: &str) {
    let (a, b) = (ours(s), theirs(s));
    if a != b && listed(s, &a, &b).is_none() {
        panic!("{s:?}: urikit {a:?}, ada {b:?}");
    }
}

/// UTS #46 ToASCII as the URL Standard runs it (*beStrict* false) accepts
/// `label`.
fn uts46_accepts(label: &str) -> bool {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    Uts46::new()
        .to_ascii(
            label.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .is_ok()
}
