//! URLs in plain text: the wrappers of RFC 1738's appendix and draft-03, and
//! bare URLs in prose.
//!
//! RFC 1738 (appendix, "Recommendations for URLs in Context") and the URL
//! draft-03 ("Wrappers for URIs in plain text") say how URLs travel in mail,
//! news and print: inside `<URL:` and `>` or plain `<` and `>`, broken across
//! lines with whitespace that "should be ignored when extracting the URL", and
//! with a rule for a line break right after a hyphen. People also paste bare
//! URLs into prose, followed by punctuation that is not part of them.
//! [`find_urls`] finds both in a string, [`read_urls`] in a stream of any
//! size in constant memory; both give the same [`Found`] values for the same
//! bytes.
//!
//! # Examples
//!
//! ```
//! use urikit::text::{find_urls, Wrapper};
//!
//! let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>\n\
//!             (or see http://info.cern.ch/hypertext/WWW/TheProject.html).";
//! let found: Vec<_> = find_urls(text).collect();
//! assert_eq!(found[0].url, "ftp://info.cern.ch/pub/www/doc;type=d");
//! assert_eq!(found[0].wrapper, Wrapper::Url);
//! assert_eq!((found[0].line, found[0].column), (1, 28));
//! assert_eq!(found[1].url, "http://info.cern.ch/hypertext/WWW/TheProject.html");
//! assert_eq!(found[1].wrapper, Wrapper::Bare);
//! assert_eq!(found[1].line, 3);
//! ```
//!
//! # What is found
//!
//! * **`<URL:...>`** ([`Wrapper::Url`]): a `<`, the prefix `URL:` in any case,
//!   and everything up to the next `>`. No scheme is required: the writer
//!   said it is a URL.
//! * **`<scheme:...>`** ([`Wrapper::Angle`]): a `<` directly followed by a
//!   scheme, a letter then up to [`MAX_SCHEME_LEN`] letters, digits, `+`, `-`
//!   or `.` (RFC 1738 §2.1), a `:` and everything up to the next `>`; the
//!   scheme must be one of [`KNOWN_SCHEMES`] (in any case), or be followed by
//!   `//` (whitespace allowed between the two). A `<` with anything else
//!   after it (`<scheme>`, `<user@host>`) is text.
//! * **Bare URLs** ([`Wrapper::Bare`]): a scheme as above (found by looking
//!   back from a `:` over scheme characters, from the first letter), known or
//!   followed by `//`, and the run of URL characters after it. A run is made
//!   of the graphic US-ASCII characters (RFC 1738 §2.2: "URLs are written only
//!   with the graphic printable characters of the US-ASCII coded character
//!   set") except `<`, `>` and `"`, which the same section names as the
//!   delimiters of URLs in free text, and `` ` ``, which quotes words in
//!   plain text; so a bare URL ends at whitespace, at any other octet of
//!   US-ASCII outside that set, and at those four (for the characters
//!   outside US-ASCII, see below). From its end are then taken off, one at
//!   a time, the sentence punctuation `.` `,` `;` `:` `!` `?` `'` and any
//!   `)`, `]` or `}` that has no opening partner in the URL:
//!   `(see http://h/a)` gives `http://h/a`, and
//!   `https://en.wikipedia.org/wiki/Foo_(bar)` keeps its `)`. What is left
//!   must have something after `scheme:` (and after `//` when there is
//!   one): `ftp: prefix` and `"http://"` are text.
//!
//! # Characters outside US-ASCII
//!
//! The RFCs allow no character outside US-ASCII in a URL (the WHATWG
//! parser takes them, and %-encodes them), but text holds URLs written with
//! them (IRIs, RFC 3987: `https://example.com/naïve`) as well as URLs
//! followed by the punctuation of prose in other scripts. A
//! bare URL is never cut short at such a character without a word: after a
//! bare URL, a character outside US-ASCII is one of three kinds.
//!
//! * **It ends the URL**, as a space or `"` does: Unicode's white space
//!   (U+00A0, the no-break space, included), the quotation marks `«` `»`
//!   `‘` `’` `‚` `‛` `“` `”` `„` `‟` `‹` `›` `「` `」` `『` `』` `〝` `〞` `〟` `＂`
//!   `＇` `｢` `｣`, the brackets U+2329 and U+232A, `⟨` `⟩`, `〈` `〉` `《` `》` `【` `】`
//!   `〔` `〕` `〖` `〗` `〘` `〙` `〚` `〛` `（` `）` `［` `］` `｛` `｝` `｟` `｠`
//!   `＜` `＞`, and the en and em dashes `–` `—`.
//! * **Sentence punctuation**: the ellipsis `…` and the CJK and fullwidth
//!   `、` `。` `！` `，` `．` `：` `；` `？` `｡` `､`. It ends the URL unless a
//!   bare-URL character follows it (`http://example.com。谢谢` ends before
//!   `。`), and is taken off the end as `.` is; followed by one, it is part
//!   of the URL, as `.` is in `http://example．com/` (where IDNA would read
//!   a dot).
//! * **Anything else** (a letter, a digit, a symbol, a format character
//!   such as U+200B, and an octet that is not UTF-8): the URL goes on. The
//!   finding's [`url`](Found::url) is then what its US-ASCII holds, and
//!   [`Found::cut`] says where it goes on and gives the URL taken whole
//!   ([`Cut::whole`]: the run of URL characters and of these, trimmed as
//!   above), for the caller to map to a URI (RFC 3987 §3.1), or to report.
//!   A CJK letter right after a URL is such a character: no rule tells it
//!   from a path written in CJK (`http://example.com/维基`).
//!
//! A wrapper says where its URL ends, so a wrapped URL is taken whole,
//! whatever it holds, and is never cut.
//!
//! # Whitespace and the hyphen rule
//!
//! Inside a wrapper every whitespace character is removed: spaces, tabs and
//! line breaks, and Unicode's other white space (the RFC 1630 draft's text
//! among the seeds is spaced with U+00A0). So a URL broken after `/` comes
//! back whole, and so do the spaces that typesetting put into
//! `<gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher>`
//! (draft-03's references), which gives
//! `gopher://gopher.micro.umn.edu/00/InformationAboutGopher/AboutGopher`:
//! RFC 1738 says a space in a URL is written `%20`, and whitespace in a
//! wrapper is layout.
//!
//! So are the line numbers of a numbered listing (the RFC 1630 draft among
//! the seed texts is dumped as `  1246. <ftp:` then
//! `  1247. //quake.think.com/pub/wais/doc/doc-ids.txt>`): a wrapper whose
//! line starts with a number and a `.` (after spaces or tabs, within 256
//! bytes of its `<`) loses, on each next line, the number that follows on
//! from the line before, so the URL is
//! `ftp://quake.think.com/pub/wais/doc/doc-ids.txt` and not
//! `ftp:1247.//quake...`. A number that does not follow on is kept.
//!
//! RFC 1738: "the interpreter of a URL containing a line break immediately
//! after a hyphen should ignore all unencoded whitespace around the line
//! break, and should be aware that the hyphen may or may not actually be part
//! of the URL". [`Found::url`] keeps such a hyphen, [`Found::hyphens`] says
//! where it is, and [`Found::alternatives`] spells out the URL without it. A
//! hyphen counts when it is the last character before whitespace that holds
//! a line break and more of the URL follows. Bare URLs end at whitespace, so
//! only wrapped URLs have them.
//!
//! # Positions
//!
//! [`Found::range`] is the byte range in the input of the whole finding, the
//! wrapper's `<` and `>` included; [`Found::line`] and [`Found::column`] are
//! those of its first byte, both from 1. Lines are counted by `\n` (so CR LF
//! counts once, and a lone CR does not end a line); **columns count bytes**,
//! as `grep -b` and ripgrep's `--column` do, not characters.
//!
//! # Limits and memory
//!
//! A finding spans at most [`MAX_URL_LEN`] bytes (64 KiB), wrapper and
//! whitespace included, and so does a URL taken whole. A `<URL:` or `<scheme:` whose `>` does not come within
//! that many bytes is abandoned, and so is one in which another `<` comes
//! first (`<` is never part of a URL): its text is then scanned as ordinary
//! text, where a bare URL may still be found. A bare run longer than that is
//! skipped whole, without a finding; [`ReadUrls::next_event`] tells each
//! such place ([`TooLong`]). So [`read_urls`] holds at most about
//! `MAX_URL_LEN` plus one read chunk (64 KiB) whatever the input: its memory
//! does not grow with the input's size or the length of its lines.
//!
//! [`read_urls`] reads octets: a wrapped URL that is not UTF-8 is converted
//! with U+FFFD for each invalid sequence, and so is a bare URL taken whole
//! ([`Cut::whole`]), and the octets as written are kept beside
//! ([`Found::octets`], [`Cut::whole_octets`]): a caller that writes the URL
//! it found writes those. A bare URL's [`url`](Found::url) is US-ASCII.

mod prose;
mod read;
mod runs;
mod scan;
mod search;
mod unwrap;

use std::fmt;
use std::ops::Range;

pub use read::{read_urls, ReadUrls};

use scan::{Scanner, Step};

/// A place where the text holds something longer than [`MAX_URL_LEN`] that
/// would otherwise be a URL (a bare run, or a wrapper whose `>` is out of
/// reach): it is skipped, and [`ReadUrls::next_event`] says so.
///
/// # Examples
///
/// ```
/// use urikit::text::{read_urls, Event, MAX_URL_LEN};
///
/// let text = format!("ok http://a/\nsee http://h/{} and http://b/\n", "x".repeat(MAX_URL_LEN));
/// let mut urls = read_urls(text.as_bytes());
/// let mut events = Vec::new();
/// while let Some(event) = urls.next_event() {
///     events.push(match event.unwrap() {
///         Event::Found(found) => found.url,
///         Event::TooLong(t) => format!("too long at line {}, column {}", t.line, t.column),
///         _ => unreachable!(),
///     });
/// }
/// assert_eq!(events, ["http://a/", "too long at line 2, column 5", "http://b/"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TooLong {
    /// Byte offset of its start (the scheme, or the `<`) in the input.
    pub offset: u64,
    /// Line of its start, from 1.
    pub line: u64,
    /// Column of its start, in bytes from 1.
    pub column: u64,
}

/// What [`ReadUrls::next_event`] gives: a URL, or a place where one was too
/// long to be found.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// A URL, as the iterator gives it.
    Found(Found),
    /// Something longer than [`MAX_URL_LEN`], skipped.
    TooLong(TooLong),
}

/// The most bytes one finding spans, wrapper and whitespace included.
///
/// A wrapper whose `>` is further away is abandoned, and a longer bare run is
/// skipped; this is what bounds the memory of [`read_urls`].
pub const MAX_URL_LEN: usize = 64 * 1024;

/// The longest scheme name recognised, in bytes.
pub const MAX_SCHEME_LEN: usize = 32;

/// Schemes recognised even without a `//` after the colon: those of RFC 1738
/// and the RFC 1630 draft (`mid`, `cid`, `urn`, `rlogin`, `tn3270`, `afs` are
/// the draft's), and `https`, which real text is full of. Any other scheme is
/// recognised when `//` follows its colon.
pub const KNOWN_SCHEMES: [&str; 17] = [
    "ftp", "http", "https", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero", "mid", "cid",
    "urn", "rlogin", "tn3270", "afs",
];

/// How many hyphenated line breaks [`Found::alternatives`] combines in every
/// way; past it, it gives one alternative only.
pub const MAX_ALTERNATIVE_BREAKS: usize = 4;

/// How a URL was delimited in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Wrapper {
    /// `<URL:...>`, as RFC 1738's appendix recommends.
    Url,
    /// `<scheme:...>`, as draft-03's "Wrappers for URIs in plain text" does.
    Angle,
    /// No wrapper: a URL in running text.
    Bare,
}

impl Wrapper {
    /// A lower-case name: `url`, `angle` or `bare`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(urikit::text::Wrapper::Angle.name(), "angle");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Wrapper::Url => "url",
            Wrapper::Angle => "angle",
            Wrapper::Bare => "bare",
        }
    }
}

impl fmt::Display for Wrapper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One URL found in text.
///
/// # Examples
///
/// ```
/// use urikit::text::{find_urls, Wrapper};
///
/// let text = "see <URL:http://www.example.com/a-\n    very/long/path>";
/// let found = find_urls(text).next().unwrap();
/// assert_eq!(found.url, "http://www.example.com/a-very/long/path");
/// assert_eq!(found.alternatives(), ["http://www.example.com/avery/long/path"]);
/// assert_eq!(found.wrapper, Wrapper::Url);
/// assert_eq!(found.range, 4..text.len() as u64);
/// assert_eq!(found.as_written(text), &text[4..]);
/// ```
///
/// # Comparison
///
/// Two findings are equal when every field is: the same URL found at another
/// place is another finding.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Found {
    /// Byte range of the finding in the input, wrapper included.
    pub range: Range<u64>,
    /// Line of the finding's first byte, from 1.
    pub line: u64,
    /// Column of the finding's first byte, in bytes from 1.
    pub column: u64,
    /// How it was delimited.
    pub wrapper: Wrapper,
    /// The URL: wrapper removed, whitespace taken out, any hyphen at a line
    /// break kept.
    pub url: String,
    /// Byte offsets in [`url`](Found::url) of each `-` that stood right
    /// before a line break, in order; empty for most URLs.
    pub hyphens: Vec<usize>,
    /// For a bare URL that goes on past US-ASCII, where it does and the URL
    /// taken whole; [`url`](Found::url) and [`range`](Found::range) then
    /// hold only the part before (see the [module docs](self)). `None` for
    /// every other finding.
    pub cut: Option<Box<Cut>>,
    /// The octets of [`url`](Found::url) as written, where they are not
    /// UTF-8 (a wrapped URL read by [`read_urls`]), which `url` holds as
    /// U+FFFD; `None` where `url` is the URL as written.
    pub raw: Option<Vec<u8>>,
}

/// Where a bare URL goes on with a character outside US-ASCII that does
/// not end a URL in prose (`ï` in `https://example.com/naïve`): the URL
/// that the run of US-ASCII holds is then only the start of the one
/// written, which [`whole`](Cut::whole) holds.
///
/// RFC 3987 §3.1 maps such a URL (an IRI) to a URI by writing each
/// character outside US-ASCII as the `%XX` of its UTF-8 octets, which
/// [`pct::encode_non_ascii`](crate::pct::encode_non_ascii) does; the RFCs
/// allow the characters only so encoded, and the WHATWG parser
/// ([`Spec::Whatwg`](crate::Spec::Whatwg)) takes the URL as written and
/// gives what it gives for the mapping.
///
/// # Examples
///
/// ```
/// use urikit::pct::encode_non_ascii;
/// use urikit::text::find_urls;
/// use urikit::{Spec, Url};
///
/// let text = "see https://example.com/naïve.";
/// let found = find_urls(text).next().unwrap();
/// assert_eq!(found.url, "https://example.com/na");
/// let cut = found.cut.unwrap();
/// assert_eq!((cut.offset, cut.column, cut.char), (26, 27, 'ï'));
/// assert_eq!(cut.whole, "https://example.com/naïve");
/// assert_eq!(&text[cut.range.start as usize..cut.range.end as usize], cut.whole);
/// assert_eq!(encode_non_ascii(&cut.whole), "https://example.com/na%C3%AFve");
/// // The WHATWG parser takes it as written, to the same URL.
/// let href = |s: &str| Url::parse_lenient_with(s, Spec::Whatwg).unwrap().0.as_str().to_owned();
/// assert_eq!(href(&cut.whole), href(&encode_non_ascii(&cut.whole)));
///
/// // A no-break space or a closing quote ends a URL: nothing is cut.
/// let text = "«https://example.com/naive» and https://example.com/\u{a0}";
/// assert!(find_urls(text).all(|found| found.cut.is_none()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Cut {
    /// Byte offset in the input of the first character outside US-ASCII.
    pub offset: u64,
    /// Its column, in bytes from 1, on the finding's line.
    pub column: u64,
    /// That character; U+FFFD for octets that are not UTF-8 (from
    /// [`read_urls`]).
    pub char: char,
    /// The URL as written, taken whole: the run of URL characters that goes
    /// on past US-ASCII, trimmed as any bare URL is. Octets that are not
    /// UTF-8 are U+FFFD here, and [`raw`](Cut::raw) holds them.
    pub whole: String,
    /// The octets of [`whole`](Cut::whole) as written, where they are not
    /// UTF-8 (from [`read_urls`]); `None` where `whole` is the URL as
    /// written.
    pub raw: Option<Vec<u8>>,
    /// Byte range of [`whole`](Cut::whole) in the input; it starts where the
    /// finding does.
    pub range: Range<u64>,
}

impl Cut {
    /// The URL taken whole, as written: [`raw`](Cut::raw), or the octets of
    /// [`whole`](Cut::whole).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::io::Cursor;
    ///
    /// let text = &b"see https://example.com/na\xefve now"[..];
    /// let found = urikit::text::read_urls(Cursor::new(text)).next().unwrap()?;
    /// let cut = found.cut.unwrap();
    /// assert_eq!(cut.whole, "https://example.com/na\u{fffd}ve");
    /// assert_eq!(cut.whole_octets(), b"https://example.com/na\xefve");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn whole_octets(&self) -> &[u8] {
        self.raw.as_deref().unwrap_or(self.whole.as_bytes())
    }
}

impl Found {
    /// The URL as written: [`raw`](Found::raw), or the octets of
    /// [`url`](Found::url).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::io::Cursor;
    ///
    /// let text = &b"<URL:http://a/b\xffc>"[..];
    /// let found = urikit::text::read_urls(Cursor::new(text)).next().unwrap()?;
    /// assert_eq!(found.url, "http://a/b\u{fffd}c");
    /// assert_eq!(found.octets(), b"http://a/b\xffc");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn octets(&self) -> &[u8] {
        self.raw.as_deref().unwrap_or(self.url.as_bytes())
    }

    /// The URL without the hyphens of [`hyphens`](Found::hyphens), the other
    /// readings RFC 1738 asks the interpreter to be aware of; empty when
    /// there are none.
    ///
    /// With up to [`MAX_ALTERNATIVE_BREAKS`] such hyphens, every way of
    /// dropping some of them, in the order of a binary count where the first
    /// hyphen is the lowest bit (one hyphen: one alternative; two: three).
    /// With more, only the URL with all of them dropped.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = "<URL:http://x-\n y-\n z/>";
    /// let found = urikit::text::find_urls(text).next().unwrap();
    /// assert_eq!(found.url, "http://x-y-z/");
    /// assert_eq!(found.alternatives(), ["http://xy-z/", "http://x-yz/", "http://xyz/"]);
    /// ```
    pub fn alternatives(&self) -> Vec<String> {
        let k = self.hyphens.len();
        if k == 0 {
            return Vec::new();
        }
        let without = |mask: u32| {
            let mut s = String::with_capacity(self.url.len());
            let mut from = 0;
            for (i, &h) in self.hyphens.iter().enumerate() {
                // `u32::MAX` drops every hyphen, however many there are.
                if mask == u32::MAX || (i < 32 && mask & (1 << i) != 0) {
                    s.push_str(&self.url[from..h]);
                    from = h + 1;
                }
            }
            s.push_str(&self.url[from..]);
            s
        };
        if k > MAX_ALTERNATIVE_BREAKS {
            return vec![without(u32::MAX)];
        }
        (1..1u32 << k).map(without).collect()
    }

    /// The finding as written in `text`, the string it was found in: the
    /// wrapper and any whitespace included.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = "See <URL:http://x/a\n b> now.";
    /// let found = urikit::text::find_urls(text).next().unwrap();
    /// assert_eq!(found.url, "http://x/ab");
    /// assert_eq!(found.as_written(text), "<URL:http://x/a\n b>");
    /// ```
    ///
    /// # Panics
    ///
    /// If `text` is not the string the finding came from and its
    /// [`range`](Found::range) is not a range of `text` on character
    /// boundaries.
    pub fn as_written<'t>(&self, text: &'t str) -> &'t str {
        let start = usize::try_from(self.range.start).expect("a range of a string fits in usize");
        let end = usize::try_from(self.range.end).expect("a range of a string fits in usize");
        &text[start..end]
    }
}

/// Finds the URLs in `text`, wrapped or bare, in order.
///
/// The iterator is lazy: each call scans on to the next URL. See the
/// [module docs](self) for what counts as a URL.
///
/// # Examples
///
/// ```
/// let text = "Yes, Jim, I found it under <ftp://ftp.w3.org/pub/www/doc> but\n    \
///             you can probably pick it up from <ftp://ds.internic.net/rfc>.";
/// let urls: Vec<String> = urikit::text::find_urls(text).map(|f| f.url).collect();
/// assert_eq!(urls, ["ftp://ftp.w3.org/pub/www/doc", "ftp://ds.internic.net/rfc"]);
/// ```
pub fn find_urls(text: &str) -> FindUrls<'_> {
    FindUrls {
        text,
        scanner: Scanner::new(),
    }
}

/// The iterator of [`find_urls`].
#[derive(Debug, Clone)]
pub struct FindUrls<'a> {
    text: &'a str,
    scanner: Scanner,
}

impl Iterator for FindUrls<'_> {
    type Item = Found;

    fn next(&mut self) -> Option<Found> {
        loop {
            match self.scanner.next(self.text.as_bytes(), true, Some(self.text)) {
                Step::Found(found) => return Some(found),
                Step::TooLong(_) => {}
                // With the whole input at hand there is never more to wait for.
                Step::More | Step::Done => return None,
            }
        }
    }
}

impl std::iter::FusedIterator for FindUrls<'_> {}
