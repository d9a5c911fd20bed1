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
///   also with a tab or newline inside the label, which the parser skips
///   (inside a percent-encoded octet too: `%4\rD` is `M`),
///   or a code point UTS #46 ignores (a soft hyphen) or maps (`ǌ` to `nj`:
///   `https://xn---8dwǌ/` is ada's `https://xn---8dwnj/`), or a
///   percent-encoded octet, which the host parser decodes
///   (`file://xn--\u{ad}-4%44w/`).
/// * `idna-crate-tables`: urikit accepts a host with a code point that
///   Unicode 18.0 added, which ada fails: the idna crate maps through ICU4X
///   data of Unicode 18.0 (icu_normalizer_data 2.4), where it is valid or
///   mapped, and ada 4.0's tables are of Unicode 17.0, where it is
///   unassigned. The code point is in the host as given, or in an `xn--`
///   label that ada decodes because the domain is not ASCII (`xn--sw6s`,
///   U+3FA08 of the Small Seal block). Found by this target:
///   `file://loC𝐀\u{3f40b}𝐇𝐨𝐬𝐭/usrn` (plane 3), U+1DB06, U+05C8 (a Hebrew
///   point), U+058B (mapped to U+056B) (`fuzz_regressions.rs`).
/// * `ada-bidi-class`: urikit accepts a bidi domain name with a code point
///   of Bidi_Class R, AL, AN or NSM that Unicode 14.0 to 17.0 added (U+08B5,
///   Arabic Extended-B, the marks U+08CA to U+08D2, ...) that ada fails:
///   ada's mapping data knows the
///   code point, but its Bidi_Class data is older and reads it as
///   left-to-right, so that a label holding it beside an Arabic letter
///   breaks the Bidi Rule for ada only. ada itself accepts U+08B5 alone
///   (`https://\u{8b5}.м/x`). Found by this target:
///   `https://\u{642}\u{8b5}.м/x` (`fuzz_regressions.rs`), and an `xn--`
///   label of Arabic letters with U+08CD, U+08CF to U+08D1 (marks).
/// * `ada-joiners`: urikit accepts a label with a ZERO WIDTH NON-JOINER
///   or JOINER whose context holds (RFC 5892 Appendix A.1 and A.2, which
///   UTS #46's CheckJoiners runs: after a virama, or a ZWNJ between a
///   left- or dual-joining and a right- or dual-joining letter, Joining_Type
///   T between) that ada fails: ada reads the viramas and Joining_Types
///   from short tables of its own (Arabic, Syriac, Mongolian, Phags-pa and
///   a few more), so a context made by a code point they miss (an NKo,
///   Adlam or Mandaic letter, most of Arabic Extended-A and B) fails for
///   ada only. Found by this target: `https://نامه\u{200c}ߧ/x` (U+07E7, NKo,
///   dual-joining; `fuzz_regressions.rs`).
fn listed(s: &str, ours: &Getters, theirs: &Getters) -> Option<&'static str> {
    match (ours, theirs) {
        (Some(o), None) => {
            let host = idna::domain_to_unicode(&o[5]).0;
            // A new code point of the input counts where it is in the host,
            // as UTS #46 maps it (U+058B is U+056B there).
            if s.chars()
                .chain(host.chars())
                .any(|c| is_new_in_unicode_18(c) && host.contains(uts46_mapping(c).as_str()))
            {
                Some("idna-crate-tables")
            } else if host.chars().any(is_new_right_to_left) {
                Some("ada-bidi-class")
            } else if host.split('.').any(joiner_past_ada_tables) {
                Some("ada-joiners")
            } else {
                None
            }
        }
        (None, Some(t)) => {
            let e = Url::parse_lenient_with(s, Spec::Whatwg).expect_err("urikit fails");
            // The input as the parser reads it: without the tabs and
            // newlines it removes before anything else (`%4\rD` is `%4D`),
            // percent-decoded (as the host parser decodes a host), without
            // the code points UTS #46 ignores and with those it maps mapped
            // (an `xn--` label may hold them: `ǌ` is `nj` there), lowered.
            let kept: String = s.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
            let as_read: String = percent_decode(&kept)
                .chars()
                .filter(|&c| !uts46_ignored(c))
                .map(|c| if c.is_ascii() { c.to_string() } else { uts46_mapping(c) })
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

/// Whether Unicode 18.0 added `c` (`DerivedAge.txt` of the Unicode
/// Character Database 18.0, the ranges of age 18.0). Checked code point by
/// code point, in `https://a{c}/` (after U+0628 ARABIC LETTER BEH for one
/// of Bidi_Class R, AL or AN): urikit accepts every one of these and ada
/// 4.0 none, and of the code points assigned before, ada fails none that
/// urikit accepts but those `is_new_right_to_left` lists.
fn is_new_in_unicode_18(c: char) -> bool {
    matches!(
        c,
        '\u{558}'
            | '\u{58b}'..='\u{58c}'
            | '\u{5c8}'..='\u{5c9}'
            | '\u{b53}'..='\u{b54}'
            | '\u{1ade}'..='\u{1adf}'
            | '\u{1aec}'..='\u{1af0}'
            | '\u{208f}'
            | '\u{209d}'..='\u{209f}'
            | '\u{20c2}'..='\u{20c4}'
            | '\u{2e60}'..='\u{2e63}'
            | '\u{a7dd}'
            | '\u{a7e2}'
            | '\u{ab6c}'..='\u{ab6d}'
            | '\u{107bb}'..='\u{107bf}'
            | '\u{10ec9}'..='\u{10ecf}'
            | '\u{10ed9}'..='\u{10eee}'
            | '\u{10ef0}'..='\u{10ef9}'
            | '\u{11b0a}'
            | '\u{11df0}'..='\u{11df1}'
            | '\u{1246f}'
            | '\u{12475}'..='\u{1247f}'
            | '\u{12550}'..='\u{12686}'
            | '\u{18cd6}'..='\u{18cda}'
            | '\u{18d1f}'..='\u{18d20}'
            | '\u{18e00}'..='\u{19191}'
            | '\u{191a0}'..='\u{191d2}'
            | '\u{1b123}'..='\u{1b128}'
            | '\u{1b168}'
            | '\u{1ced2}'..='\u{1ced4}'
            | '\u{1cedd}'..='\u{1cedf}'
            | '\u{1cef1}'..='\u{1cefd}'
            | '\u{1d127}'..='\u{1d128}'
            | '\u{1d1eb}'..='\u{1d1ff}'
            | '\u{1d250}'..='\u{1d281}'
            | '\u{1d6a6}'
            | '\u{1db00}'..='\u{1db1c}'
            | '\u{1df1f}'..='\u{1df24}'
            | '\u{1df2b}'..='\u{1df81}'
            | '\u{1df90}'..='\u{1df96}'
            | '\u{1dfcd}'..='\u{1dfff}'
            | '\u{1f1ae}'
            | '\u{1f6d9}'
            | '\u{1f7da}'..='\u{1f7db}'
            | '\u{1f7f1}'..='\u{1f7ff}'
            | '\u{1fa8b}'..='\u{1fa8d}'
            | '\u{1facc}'
            | '\u{1fadd}'
            | '\u{1faeb}'
            | '\u{1faf9}'..='\u{1fafa}'
            | '\u{2b81e}'
            | '\u{3d000}'..='\u{3fc3f}'
    )
}

/// What UTS #46 maps `c` to, alone: itself where a label of `c` alone is
/// refused (a combining mark) or maps to nothing.
fn uts46_mapping(c: char) -> String {
    match idna::domain_to_unicode(c.encode_utf8(&mut [0; 4])) {
        (m, Ok(())) if !m.is_empty() => m,
        _ => c.to_string(),
    }
}

/// URL Standard §1.3 "percent-decode": each `%` and two hex digits as the
/// octet they give, anything else as it is; then UTF-8 without failure.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| char::from(c).to_digit(16);
        match (
            b[i],
            b.get(i + 1).and_then(|&c| hex(c)),
            b.get(i + 2).and_then(|&c| hex(c)),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether `c` has Bidi_Class R, AL, AN or NSM and was added in Unicode
/// 14.0 to 17.0 (`DerivedAge.txt` and `DerivedBidiClass.txt` of the Unicode
/// Character Database 18.0): the code points that ada 4.0 knows (it
/// accepts each R and AL one alone) but reads as left-to-right (it fails
/// each after U+0628 ARABIC LETTER BEH, where urikit accepts it: all R, AL
/// and AN ones, and 221 of the 222 NSM ones, the last refused by both); it
/// reads those of Unicode 13.0 and earlier right.
fn is_new_right_to_left(c: char) -> bool {
    matches!(
        c,
        '\u{61d}'
            | '\u{870}'..='\u{891}'
            | '\u{897}'..='\u{89f}'
            | '\u{8b5}'
            | '\u{8c8}'..='\u{8d2}'
            | '\u{c3c}'
            | '\u{ece}'
            | '\u{180f}'
            | '\u{1ac1}'..='\u{1add}'
            | '\u{1ae0}'..='\u{1aeb}'
            | '\u{1dfa}'
            | '\u{fbc2}'
            | '\u{10940}'..='\u{10959}'
            | '\u{10d40}'..='\u{10d65}'
            | '\u{10d69}'..='\u{10d6d}'
            | '\u{10d6f}'..='\u{10d85}'
            | '\u{10d8e}'..='\u{10d8f}'
            | '\u{10ec2}'..='\u{10ec7}'
            | '\u{10efa}'..='\u{10eff}'
            | '\u{10f70}'..='\u{10f89}'
            | '\u{11070}'
            | '\u{11073}'..='\u{11074}'
            | '\u{110c2}'
            | '\u{11241}'
            | '\u{113bb}'..='\u{113c0}'
            | '\u{113ce}'
            | '\u{113d0}'
            | '\u{113d2}'
            | '\u{113e1}'..='\u{113e2}'
            | '\u{11b60}'
            | '\u{11b62}'..='\u{11b64}'
            | '\u{11b66}'
            | '\u{11f00}'..='\u{11f01}'
            | '\u{11f36}'..='\u{11f3a}'
            | '\u{11f40}'
            | '\u{11f42}'
            | '\u{11f5a}'
            | '\u{13440}'
            | '\u{13447}'..='\u{13455}'
            | '\u{1611e}'..='\u{16129}'
            | '\u{1612d}'..='\u{1612f}'
            | '\u{1cf00}'..='\u{1cf2d}'
            | '\u{1cf30}'..='\u{1cf46}'
            | '\u{1e08f}'
            | '\u{1e2ae}'
            | '\u{1e4ec}'..='\u{1e4ef}'
            | '\u{1e5ee}'..='\u{1e5ef}'
            | '\u{1e6e3}'
            | '\u{1e6e6}'
            | '\u{1e6ee}'..='\u{1e6ef}'
            | '\u{1e6f5}'
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

/// Whether `label` has a ZWNJ or ZWJ whose context (RFC 5892 Appendix A.1,
/// A.2) holds through a code point that ada's tables miss: a virama
/// before it, or for a ZWNJ the nearest code point on either side that is
/// not of Joining_Type T, when it joins on that side.
fn joiner_past_ada_tables(label: &str) -> bool {
    use icu_properties::props::{CanonicalCombiningClass as Ccc, JoiningType as Jt};
    use icu_properties::CodePointMapData;
    let jt = |c| CodePointMapData::<Jt>::new().get(c);
    let ccc = |c| CodePointMapData::<Ccc>::new().get(c);
    let cps: Vec<char> = label.chars().collect();
    cps.iter().enumerate().any(|(i, &c)| {
        if c != '\u{200c}' && c != '\u{200d}' {
            return false;
        }
        if i > 0 && ccc(cps[i - 1]) == Ccc::Virama && !ada_virama(cps[i - 1]) {
            return true;
        }
        if c != '\u{200c}' {
            return false;
        }
        let before = cps[..i].iter().rev().find(|&&b| jt(b) != Jt::Transparent);
        let after = cps[i + 1..].iter().find(|&&a| jt(a) != Jt::Transparent);
        before.is_some_and(|&b| matches!(jt(b), Jt::LeftJoining | Jt::DualJoining) && !ada_left_or_dual(b))
            || after.is_some_and(|&a| matches!(jt(a), Jt::RightJoining | Jt::DualJoining) && !ada_right_or_dual(a))
    })
}

/// The viramas of ada 4.0's `is_label_valid` (`ada.cpp`).
fn ada_virama(c: char) -> bool {
    matches!(
        c,
        '\u{94d}'
            | '\u{9cd}'
            | '\u{a4d}'
            | '\u{acd}'
            | '\u{b4d}'
            | '\u{bcd}'
            | '\u{c4d}'
            | '\u{ccd}'
            | '\u{d3b}'..='\u{d3c}'
            | '\u{d4d}'
            | '\u{dca}'
            | '\u{e3a}'
            | '\u{eba}'
            | '\u{f84}'
            | '\u{1039}'..='\u{103a}'
            | '\u{1714}'
            | '\u{1734}'
            | '\u{17d2}'
            | '\u{1a60}'
            | '\u{1b44}'
            | '\u{1baa}'..='\u{1bab}'
            | '\u{1bf2}'..='\u{1bf3}'
            | '\u{2d7f}'
            | '\u{a806}'
            | '\u{a82c}'
            | '\u{a8c4}'
            | '\u{a953}'
            | '\u{a9c0}'
            | '\u{aaf6}'
            | '\u{abed}'
            | '\u{10a3f}'
            | '\u{11046}'
            | '\u{1107f}'
            | '\u{110b9}'
            | '\u{11133}'..='\u{11134}'
            | '\u{111c0}'
            | '\u{11235}'
            | '\u{112ea}'
            | '\u{1134d}'
            | '\u{11442}'
            | '\u{114c2}'
            | '\u{115bf}'
            | '\u{1163f}'
            | '\u{116b6}'
            | '\u{1172b}'
            | '\u{11839}'
            | '\u{1193d}'..='\u{1193e}'
            | '\u{119e0}'
            | '\u{11a34}'
            | '\u{11a47}'
            | '\u{11a99}'
            | '\u{11c3f}'
            | '\u{11d44}'..='\u{11d45}'
            | '\u{11d97}'
    )
}

/// The dual-joining code points of ada 4.0's `is_label_valid`
/// (`ada.cpp`), where it looks for one of Joining_Type D or R after a ZWNJ
/// or D or L before it.
fn ada_dual(c: char) -> bool {
    matches!(
        c,
        '\u{620}'
            | '\u{626}'
            | '\u{628}'
            | '\u{62a}'..='\u{62e}'
            | '\u{633}'..='\u{63f}'
            | '\u{641}'..='\u{647}'
            | '\u{649}'..='\u{64a}'
            | '\u{66e}'..='\u{66f}'
            | '\u{678}'..='\u{687}'
            | '\u{69a}'..='\u{6bf}'
            | '\u{6c1}'..='\u{6c2}'
            | '\u{6cc}'
            | '\u{6ce}'
            | '\u{6d0}'..='\u{6d1}'
            | '\u{6fa}'..='\u{6fc}'
            | '\u{6ff}'
            | '\u{712}'..='\u{714}'
            | '\u{71a}'..='\u{71d}'
            | '\u{71f}'..='\u{727}'
            | '\u{729}'
            | '\u{72b}'
            | '\u{72d}'..='\u{72e}'
            | '\u{74e}'..='\u{758}'
            | '\u{75c}'..='\u{766}'
            | '\u{850}'..='\u{853}'
            | '\u{855}'
            | '\u{8a0}'
            | '\u{8a2}'..='\u{8a9}'
            | '\u{1807}'
            | '\u{1820}'..='\u{1877}'
            | '\u{1887}'..='\u{18a8}'
            | '\u{18aa}'
            | '\u{a840}'..='\u{a871}'
    )
}

/// Left- or dual-joining for ada 4.0 (its only left-joining code point is
/// U+A872).
fn ada_left_or_dual(c: char) -> bool {
    c == '\u{a872}' || ada_dual(c)
}

/// Right- or dual-joining for ada 4.0.
fn ada_right_or_dual(c: char) -> bool {
    ada_dual(c)
        || matches!(
            c,
            '\u{622}'..='\u{625}'
                | '\u{627}'
                | '\u{629}'
                | '\u{62f}'..='\u{632}'
                | '\u{648}'
                | '\u{671}'..='\u{673}'
                | '\u{675}'..='\u{677}'
                | '\u{688}'..='\u{699}'
                | '\u{6c0}'
                | '\u{6c3}'..='\u{6cb}'
                | '\u{6cd}'
                | '\u{6cf}'
                | '\u{6d2}'..='\u{6d3}'
                | '\u{6d5}'
                | '\u{6ee}'..='\u{6ef}'
                | '\u{710}'
                | '\u{715}'..='\u{719}'
                | '\u{71e}'
                | '\u{728}'
                | '\u{72a}'
                | '\u{72c}'
                | '\u{72f}'
                | '\u{74d}'
                | '\u{759}'..='\u{75b}'
                | '\u{854}'
                | '\u{8aa}'..='\u{8ac}'
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
