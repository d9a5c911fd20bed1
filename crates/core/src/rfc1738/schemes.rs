//! The scheme productions of RFC 1738 §5.

use super::host;
use super::scan;
use super::Login;
use crate::ascii::rfc1738;
use crate::engine::{Parser, Sink, Stop, Table};
use crate::error::ParseErrorKind;
use crate::offsets::Offsets;

/// A scheme RFC 1738 gives a production of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Known {
    Ftp,
    Http,
    Gopher,
    Mailto,
    News,
    Nntp,
    Telnet,
    Wais,
    File,
    Prospero,
}

impl Known {
    /// The scheme named `scheme`, compared without regard to case.
    pub(crate) fn of(scheme: &[u8]) -> Option<Known> {
        Known::of_key(crate::ascii::name_key(scheme)?)
    }

    /// The scheme whose lowered name has the [`name_key`] `key`.
    ///
    /// [`name_key`]: crate::ascii::name_key
    #[inline]
    pub(crate) fn of_key(key: u64) -> Option<Known> {
        let k = crate::ascii::key;
        Some(match key {
            x if x == k(b"http") => Known::Http,
            x if x == k(b"ftp") => Known::Ftp,
            x if x == k(b"file") => Known::File,
            x if x == k(b"gopher") => Known::Gopher,
            x if x == k(b"mailto") => Known::Mailto,
            x if x == k(b"news") => Known::News,
            x if x == k(b"nntp") => Known::Nntp,
            x if x == k(b"telnet") => Known::Telnet,
            x if x == k(b"wais") => Known::Wais,
            x if x == k(b"prospero") => Known::Prospero,
            _ => return None,
        })
    }
}

const HOSTPORT: Login = Login {
    user: false,
    port: true,
    empty_host: false,
    ends_at_query: false,
};
const LOGIN: Login = Login { user: true, ..HOSTPORT };

impl<S: Sink> Parser<'_, '_, S> {
    pub(super) fn known(&mut self, known: Known, o: &mut Offsets, end: usize) -> Result<(), Stop> {
        let start = o.scheme_len() + 1;
        match known {
            Known::Http => self.http(o),
            Known::Ftp => self.ftp(o, start, end),
            Known::Gopher => self.gopher(o, start, end),
            Known::Mailto => {
                // mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar
                if start == end {
                    return Err(self.fatal(start, ParseErrorKind::MissingPart, "encoded822addr"));
                }
                self.scan(start, end, &scan::XCHAR, "encoded822addr")
            }
            Known::News => self.news(start, end),
            Known::Nntp => self.nntp(o, start, end),
            Known::Telnet => {
                // telneturl = "telnet://" login [ "/" ]
                let p = self.authority(o, start, end, LOGIN)?;
                if end > p + 1 {
                    self.error(p + 1, ParseErrorKind::InvalidChar { byte: self.s[p + 1] }, "telneturl")?;
                }
                Ok(())
            }
            Known::Wais => self.wais(o, start, end),
            Known::File => {
                // fileurl = "file://" [ host | "localhost" ] "/" fpath
                let login = Login {
                    user: false,
                    port: false,
                    empty_host: true,
                    ends_at_query: false,
                };
                let p = self.authority(o, start, end, login)?;
                if p == end {
                    return Err(self.fatal(p, ParseErrorKind::MissingPart, "fileurl"));
                }
                self.scan(p + 1, end, &scan::FPATH, "fpath")
            }
            Known::Prospero => self.prospero(o, start, end),
        }
    }

    /// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`, and a
    /// fragment: parsed to the end of the input.
    pub(super) fn http(&mut self, o: &mut Offsets) -> Result<(), Stop> {
        let start = o.scheme_len() + 1;
        let end = self.s.len();
        let login = Login {
            ends_at_query: true,
            ..HOSTPORT
        };
        let p = self.authority(o, start, end, login)?;
        let stop = if p < end && self.s[p] == b'/' {
            self.scan_to(p + 1, end, &scan::HPATH, "hpath", b"?#")?
        } else {
            p
        };
        if stop == p && stop < end && self.s[stop] == b'?' {
            self.error(stop, ParseErrorKind::UnexpectedSearch, "httpurl")?;
        }
        self.search_and_fragment(o, stop, &scan::SEARCH)
    }

    /// `gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search
    /// [ "%09" gopher+_string ] ] ] ] ]`, with `gtype = xchar`, `selector =
    /// *xchar`, `gopher+_string = *xchar` and `search` the production §5
    /// defines once, for http. The selector ends at the first `%09`.
    fn gopher(&mut self, o: &mut Offsets, start: usize, end: usize) -> Result<(), Stop> {
        let p = self.authority(o, start, end, HOSTPORT)?;
        if end <= p + 1 {
            return Ok(());
        }
        let s = self.s;
        let gtype = p + 1;
        let selector = if s[gtype] == b'%' { gtype + 3 } else { gtype + 1 }.min(end);
        self.scan(gtype, selector, &scan::XCHAR, "gtype")?;
        let tab = |from: usize| memchr::memmem::find(&s[from..end], b"%09").map(|i| from + i);
        let Some(tab1) = tab(selector) else {
            return self.scan(selector, end, &scan::XCHAR, "selector");
        };
        self.scan(selector, tab1, &scan::XCHAR, "selector")?;
        let Some(tab2) = tab(tab1 + 3) else {
            return self.scan(tab1 + 3, end, &scan::SEARCH, "search");
        };
        self.scan(tab1 + 3, tab2, &scan::SEARCH, "search")?;
        self.scan(tab2 + 3, end, &scan::XCHAR, "gopher+_string")
    }

    /// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
    fn ftp(&mut self, o: &mut Offsets, start: usize, end: usize) -> Result<(), Stop> {
        let p = self.authority(o, start, end, LOGIN)?;
        if p == end {
            return Ok(());
        }
        let semi = self.scan_to(p + 1, end, &scan::FPATH, "fpath", b";")?;
        if semi < end {
            self.ftptype(semi, end)?;
        }
        Ok(())
    }

    /// `";type=" ftptype`, `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`,
    /// from the `;` at `semi` to `end`.
    fn ftptype(&mut self, semi: usize, end: usize) -> Result<(), Stop> {
        let rest = &self.s[semi..end];
        if rest.len() < 6 || !rest[..6].eq_ignore_ascii_case(b";type=") {
            return self.error(semi, ParseErrorKind::InvalidChar { byte: b';' }, "fsegment");
        }
        match rest.get(6) {
            None => self.error(end, ParseErrorKind::MissingPart, "ftptype"),
            Some(code) if !b"AIDaid".contains(code) => self.error(semi + 6, ParseErrorKind::InvalidFtpType, "ftptype"),
            Some(_) if rest.len() > 7 => self.error(semi + 7, ParseErrorKind::InvalidChar { byte: rest[7] }, "ftptype"),
            Some(_) => Ok(()),
        }
    }

    /// `newsurl = "news:" grouppart`; `grouppart = "*" | group | article`
    fn news(&mut self, start: usize, end: usize) -> Result<(), Stop> {
        let s = self.s;
        if start == end {
            return Err(self.fatal(start, ParseErrorKind::MissingPart, "grouppart"));
        }
        if &s[start..end] == b"*" {
            return Ok(());
        }
        match memchr::memrchr(b'@', &s[start..end]).map(|i| start + i) {
            Some(at) => {
                // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
                if at == start {
                    self.error(start, ParseErrorKind::MissingPart, "article")?;
                }
                self.scan(start, at, &scan::ARTICLE, "article")?;
                if let Err((i, kind, rule)) = host::check_rfc1738(&s[at + 1..end]) {
                    self.error(at + 1 + i, kind, rule)?;
                }
                Ok(())
            }
            None => self.group(start, end),
        }
    }

    /// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`
    fn group(&mut self, start: usize, end: usize) -> Result<(), Stop> {
        if start == end {
            return self.error(start, ParseErrorKind::MissingPart, "group");
        }
        let first = self.s[start];
        if !rfc1738::ALPHA.contains(first) {
            self.error(start, ParseErrorKind::InvalidChar { byte: first }, "group")?;
        }
        self.scan(start + 1, end, &scan::GROUP, "group")
    }

    /// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`
    fn nntp(&mut self, o: &mut Offsets, start: usize, end: usize) -> Result<(), Stop> {
        let p = self.authority(o, start, end, HOSTPORT)?;
        if p == end {
            return Err(self.fatal(p, ParseErrorKind::MissingPart, "nntpurl"));
        }
        let group_end = memchr::memchr(b'/', &self.s[p + 1..end]).map_or(end, |i| p + 1 + i);
        self.group(p + 1, group_end)?;
        if group_end < end {
            let digits = group_end + 1;
            if digits == end {
                self.error(digits, ParseErrorKind::MissingPart, "digits")?;
            }
            for i in digits..end {
                if !self.s[i].is_ascii_digit() {
                    self.error(i, ParseErrorKind::InvalidChar { byte: self.s[i] }, "digits")?;
                }
            }
        }
        Ok(())
    }

    /// `waisurl = waisdatabase | waisindex | waisdoc`:
    /// `"wais://" hostport "/" database [ "?" search | "/" wtype "/" wpath ]`
    fn wais(&mut self, o: &mut Offsets, start: usize, end: usize) -> Result<(), Stop> {
        let login = Login {
            ends_at_query: true,
            ..HOSTPORT
        };
        let p = self.authority(o, start, end, login)?;
        let s = self.s;
        let q = memchr::memchr(b'?', &s[p..end]).map(|i| p + i);
        o.query_start = q.map(|q| q as u32);
        let path_end = q.unwrap_or(end);
        if p == path_end || s[p] != b'/' {
            return Err(self.fatal(p, ParseErrorKind::MissingPart, "database"));
        }
        let db_end = memchr::memchr(b'/', &s[p + 1..path_end]).map_or(path_end, |i| p + 1 + i);
        self.scan(p + 1, db_end, &scan::UCHAR, "database")?;
        if db_end < path_end {
            // waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath
            self.pair(db_end + 1, path_end, b'/', &scan::UCHAR, ["wtype", "wpath", "waisdoc"])?;
            if q.is_some() {
                self.error(path_end, ParseErrorKind::UnexpectedSearch, "waisdoc")?;
            }
        }
        if let Some(q) = q {
            self.scan(q + 1, end, &scan::SEARCH, "search")?;
        }
        Ok(())
    }

    /// `s[start..end]` as two productions of `table`'s octets divided by
    /// the first `divider` (`wtype "/" wpath`, `fieldname "=" fieldvalue`):
    /// `rules` names the first, the second, and the whole, which lacks a
    /// part where there is no divider.
    fn pair(
        &mut self,
        start: usize,
        end: usize,
        divider: u8,
        table: &Table,
        rules: [&'static str; 3],
    ) -> Result<(), Stop> {
        let [first, second, whole] = rules;
        match memchr::memchr(divider, &self.s[start..end]) {
            Some(i) => {
                self.scan(start, start + i, table, first)?;
                self.scan(start + i + 1, end, table, second)
            }
            None => self.error(end, ParseErrorKind::MissingPart, whole),
        }
    }

    /// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`;
    /// `fieldspec = ";" fieldname "=" fieldvalue`
    fn prospero(&mut self, o: &mut Offsets, start: usize, end: usize) -> Result<(), Stop> {
        let p = self.authority(o, start, end, HOSTPORT)?;
        if p == end {
            return Err(self.fatal(p, ParseErrorKind::MissingPart, "prosperourl"));
        }
        let s = self.s;
        let mut field = memchr::memchr(b';', &s[p..end]).map_or(end, |i| p + i);
        self.scan(p + 1, field, &scan::PPATH, "ppath")?;
        while field < end {
            let next = memchr::memchr(b';', &s[field + 1..end]).map_or(end, |i| field + 1 + i);
            self.pair(
                field + 1,
                next,
                b'=',
                &scan::FIELD,
                ["fieldname", "fieldvalue", "fieldspec"],
            )?;
            field = next;
        }
        Ok(())
    }
}
