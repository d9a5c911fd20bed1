//! What the basic URL parser writes to, and what it knows of its base: the
//! parser is generic over both, so that the same states that build a URL
//! answer `URL.canParse` by writing nothing.
//!
//! * [`Out`] is the output: a `String` (the URL's serialization, as
//!   [`parse`](super::parse) and the setters build it), or [`Nothing`],
//!   which keeps only a length. A parser writing nothing stops where the
//!   path starts, since nothing after that can fail, and runs the host
//!   parser's checks over the host's octets as they stream past
//!   (`can_parse`) instead of writing the host.
//! * [`BaseRef`] is the base URL: a parsed [`UrlRef`] (whose parts a
//!   relative URL copies), or, for a parse that writes nothing, only what
//!   decides whether it fails: the base's scheme and whether its path is
//!   opaque.

use super::SchemeType;
use crate::url::UrlRef;

/// The output of the basic URL parser.
pub(crate) trait Out {
    /// Whether what is written is kept: `false` for [`Nothing`], which
    /// asks the parser to stop at the path, where nothing can fail.
    const KEEPS: bool;
    /// How many octets have been written.
    fn len(&self) -> usize;
    fn push(&mut self, c: char);
    fn push_str(&mut self, s: &str);
    fn truncate(&mut self, len: usize);
    fn insert(&mut self, at: usize, c: char);
    /// What is written: `""` when nothing is kept.
    fn text(&self) -> &str;
    /// The string written to, when it is kept.
    fn kept(&mut self) -> Option<&mut String>;

    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Out for String {
    const KEEPS: bool = true;

    #[inline]
    fn len(&self) -> usize {
        String::len(self)
    }

    #[inline]
    fn push(&mut self, c: char) {
        String::push(self, c);
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        String::truncate(self, len);
    }

    #[inline]
    fn insert(&mut self, at: usize, c: char) {
        String::insert(self, at, c);
    }

    #[inline]
    fn text(&self) -> &str {
        self
    }

    #[inline]
    fn kept(&mut self) -> Option<&mut String> {
        Some(self)
    }
}

/// An output that keeps nothing but its length.
#[derive(Default)]
pub(crate) struct Nothing(usize);

impl Out for Nothing {
    const KEEPS: bool = false;

    fn len(&self) -> usize {
        self.0
    }

    fn push(&mut self, c: char) {
        self.0 += c.len_utf8();
    }

    fn push_str(&mut self, s: &str) {
        self.0 += s.len();
    }

    fn truncate(&mut self, len: usize) {
        self.0 = self.0.min(len);
    }

    fn insert(&mut self, _: usize, c: char) {
        self.0 += c.len_utf8();
    }

    fn text(&self) -> &str {
        ""
    }

    fn kept(&mut self) -> Option<&mut String> {
        None
    }
}

/// The base URL of a parse.
#[derive(Clone, Copy)]
pub(crate) enum BaseRef<'b> {
    /// A URL the parser's output copies parts of.
    Url(UrlRef<'b>),
    /// A base parsed by a parser that writes nothing: its scheme as
    /// written (tabs and newlines inside, any case), its kind, and whether
    /// its path is opaque.
    Scheme {
        raw: &'b str,
        kind: SchemeType,
        opaque_path: bool,
    },
}

impl<'b> BaseRef<'b> {
    /// The base's scheme as written: lower case for a URL, else as the
    /// input has it.
    pub(crate) fn scheme(self) -> &'b str {
        match self {
            BaseRef::Url(u) => u.scheme(),
            BaseRef::Scheme { raw, .. } => raw,
        }
    }

    pub(crate) fn kind(self) -> SchemeType {
        match self {
            BaseRef::Url(u) => SchemeType::of(u.scheme()),
            BaseRef::Scheme { kind, .. } => kind,
        }
    }

    pub(crate) fn has_opaque_path(self) -> bool {
        match self {
            BaseRef::Url(u) => u.has_opaque_path(),
            BaseRef::Scheme { opaque_path, .. } => opaque_path,
        }
    }

    /// Whether the base's scheme is `raw` (a scheme as written).
    pub(crate) fn same_scheme(self, raw: &str) -> bool {
        fn lowered(s: &str) -> impl Iterator<Item = u8> + '_ {
            s.bytes()
                .filter(|&c| !super::is_tab_or_newline(c))
                .map(|c| c.to_ascii_lowercase())
        }
        lowered(self.scheme()).eq(lowered(raw))
    }

    /// The base as a URL whose parts may be copied; `None` when only its
    /// scheme is known.
    pub(crate) fn url(self) -> Option<UrlRef<'b>> {
        match self {
            BaseRef::Url(u) => Some(u),
            BaseRef::Scheme { .. } => None,
        }
    }
}
