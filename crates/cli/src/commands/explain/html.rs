//! `explain --html`: one self-contained page, the table of each URL and its
//! verdicts, as `explain --serve` also serves it.
//!
//! The page loads nothing: its style is inline, it has no script, and its
//! own Content-Security-Policy (`default-src 'none'`) says so to the
//! browser. Every text that comes from the input (the URL, the base, each
//! cell, each message) is escaped ([`text`], [`attribute`]): `<`, `>`,
//! `&` and the quotes as entities, and every char that [`Shown`] names (the
//! controls, the bidirectional and invisible chars) and every octet that is
//! not UTF-8 as that name in a `ctl` span, as the text output shows them.
//! So the page holds no raw control octet, and nothing of the input is lost.
//!
//! [`Shown`]: crate::term::Shown

use std::io::{self, Write};

use urikit::explain::{Code, Explanation, Verdict};

use super::table;
use crate::term::{self, Window};

/// The Content-Security-Policy of the page: nothing is loaded, the inline
/// style applies, and a form is sent only to where the page came from.
pub const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'";

/// The page's style: a clear table in monospace, the differing cells
/// outlined (a dashed border and the row's `≠`, not colour alone).
const STYLE: &str = "
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, 'DejaVu Sans', sans-serif; color: #1b1f24; background: #fff;
  margin: 1.5rem auto; max-width: 84rem; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .3rem; }
h2 { font-size: 1.15rem; margin: 2.2rem 0 .4rem; overflow-wrap: anywhere; }
h2 .n { color: #57606a; font-weight: normal; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
p { margin: .3rem 0; }
code, td, input[type=text] { font-family: ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', monospace; }
.intro { color: #424a53; max-width: 60rem; }
.base { color: #424a53; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; font-size: 13px; margin: .4rem 0; }
th, td { border: 1px solid #c8ccd2; padding: .3rem .45rem; text-align: left; vertical-align: top;
  overflow-wrap: anywhere; }
thead th { background: #eaeef2; font-family: ui-monospace, 'DejaVu Sans Mono', monospace; }
thead th.rejects { color: #6e7781; }
tbody th { width: 8.5rem; background: #f6f8fa; font-weight: 600; white-space: nowrap; }
tr.differs th { background: #fff1c2; }
.mark { display: inline-block; width: 1.1em; font-weight: bold; color: #7d4e00; }
td.differs { background: #fff8db; outline: 2px dashed #9a6700; outline-offset: -3px; }
td.rejected { color: #8c959f; }
.ctl { border: 1px solid #cf222e; border-radius: 3px; color: #a40e26; padding: 0 1px; font-size: 90%; }
ol.verdicts { padding-left: 1.6rem; margin: .3rem 0; }
li.verdict { margin: .45rem 0; padding: .35rem .6rem; border-left: 4px solid #cf222e; background: #fff5f5; }
li.verdict .code { font-weight: bold; }
li.verdict .specs { color: #424a53; }
li.verdict .meaning { color: #424a53; font-size: 14px; }
.none { color: #1a7f37; }
.failure { border-left: 4px solid #cf222e; background: #fff5f5; padding: .35rem .6rem; }
form { display: grid; grid-template-columns: auto 1fr; gap: .4rem .6rem; align-items: center;
  background: #f6f8fa; border: 1px solid #c8ccd2; padding: .8rem; margin: 1rem 0; }
form input[type=text] { font-size: 14px; padding: .3rem; border: 1px solid #8c959f; }
form button { grid-column: 2; justify-self: start; font-size: 14px; padding: .3rem 1rem; }
footer { margin-top: 2.5rem; color: #57606a; font-size: 13px; border-top: 1px solid #c8ccd2; padding-top: .5rem; }
";

/// What the page says of itself, under its title.
const INTRO: &str = "Each URL read by rfc1738, rfc1630, rfc1808 and rfc3986 strictly, and by whatwg as \
                     browsers read it. A row marked \u{2260} has cells that differ between the specs that \
                     accept the URL (outlined). The verdicts follow the table, most serious first.";

/// The form of the served page, filled with what was asked.
#[derive(Debug, Clone, Copy, Default)]
pub struct Form<'a> {
    /// The URL typed into it.
    pub url: &'a str,
    /// The base typed into it.
    pub base: &'a str,
}

/// Writes the start of the page, up to where the URLs go: the form too,
/// when the page is served.
///
/// # Errors
///
/// What writing gave.
pub fn head(w: &mut dyn Write, form: Option<Form<'_>>) -> io::Result<()> {
    write!(
        w,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">\n\
         <meta name=\"referrer\" content=\"no-referrer\">\n\
         <title>urikit explain</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <header>\n<h1>urikit explain</h1>\n<p class=\"intro\">{INTRO}</p>\n</header>\n"
    )?;
    if let Some(form) = form {
        w.write_all(
            b"<form method=\"get\" action=\"/\" accept-charset=\"utf-8\">\n\
              <label for=\"url\">URL</label>\n<input type=\"text\" id=\"url\" name=\"url\" value=\"",
        )?;
        attribute(w, form.url)?;
        w.write_all(
            b"\" autofocus spellcheck=\"false\">\n\
              <label for=\"base\">base</label>\n<input type=\"text\" id=\"base\" name=\"base\" value=\"",
        )?;
        attribute(w, form.base)?;
        w.write_all(
            b"\" placeholder=\"(none: the URL alone)\" spellcheck=\"false\">\n\
              <button type=\"submit\">Explain</button>\n</form>\n",
        )?;
    }
    w.write_all(b"<main>\n")
}

/// Writes the end of the page: the verdicts' legend.
///
/// # Errors
///
/// What writing gave.
pub fn foot(w: &mut dyn Write) -> io::Result<()> {
    w.write_all(b"</main>\n<footer>\n<p>The verdicts, most serious first:</p>\n<dl>\n")?;
    for code in Code::ALL {
        write!(w, "<dt><code>{}</code></dt><dd>", code.name())?;
        text(w, code.meaning())?;
        w.write_all(b"</dd>\n")?;
    }
    w.write_all(b"</dl>\n<p>Written by urikit explain.</p>\n</footer>\n</body>\n</html>\n")
}

/// Writes the section of one URL, the `n`th of the page (from 1): its
/// heading, the base, the table, the verdicts.
///
/// # Errors
///
/// What writing gave.
pub fn explanation(w: &mut dyn Write, n: usize, e: &Explanation) -> io::Result<()> {
    section_start(w, n, e.input.as_bytes(), table::input_focus(e))?;
    if let Some(base) = &e.base {
        w.write_all(b"<p class=\"base\">against <code class=\"base-url\">")?;
        text(w, &table::cut(base, 0))?;
        w.write_all(b"</code></p>\n")?;
    }
    w.write_all(b"<table>\n<thead><tr><th scope=\"col\">component</th>")?;
    for reading in &e.readings {
        let class = if reading.url.is_some() { "accepts" } else { "rejects" };
        write!(w, "<th scope=\"col\" class=\"{class}\">{}</th>", reading.spec.name())?;
    }
    w.write_all(b"</tr></thead>\n<tbody>\n")?;
    for row in table::rows(e) {
        if row.differs {
            write!(
                w,
                "<tr class=\"differs\"><th scope=\"row\"><span class=\"mark\" title=\"differs between specs that \
                 accept the URL\">\u{2260}</span>{}</th>",
                row.name
            )?;
        } else {
            write!(w, "<tr><th scope=\"row\"><span class=\"mark\"></span>{}</th>", row.name)?;
        }
        for (cell, reading) in row.cells.iter().zip(&e.readings) {
            let class = match (reading.url.is_some(), row.differs) {
                (false, _) => " class=\"rejected\"",
                (true, true) => " class=\"differs\"",
                (true, false) => "",
            };
            write!(w, "<td{class}>")?;
            text(w, cell)?;
            w.write_all(b"</td>")?;
        }
        w.write_all(b"</tr>\n")?;
    }
    w.write_all(b"</tbody>\n</table>\n")?;
    verdicts(w, &e.verdicts)?;
    w.write_all(b"</section>\n")
}

/// Writes the section of an input that has no table: its heading and what
/// is wrong with it (not UTF-8, too long, a query the server cannot read).
///
/// # Errors
///
/// What writing gave.
pub fn failure(w: &mut dyn Write, n: usize, input: &[u8], message: &str) -> io::Result<()> {
    section_start(w, n, input, 0)?;
    w.write_all(b"<p class=\"failure\">")?;
    text(w, message)?;
    w.write_all(b"</p>\n</section>\n")
}

/// The start of the section of the `n`th input: its heading, the input cut
/// around octet `focus` when it is long (as the table's cells are).
fn section_start(w: &mut dyn Write, n: usize, input: &[u8], focus: usize) -> io::Result<()> {
    write!(
        w,
        "<section class=\"url\" id=\"url-{n}\">\n<h2><span class=\"n\">{n}.</span> <code class=\"input\">"
    )?;
    let window = Window::around(input, focus);
    if window.start > 0 {
        w.write_all("…".as_bytes())?;
    }
    shown(w, &input[window.start..window.end])?;
    if window.end < input.len() {
        w.write_all("…".as_bytes())?;
    }
    w.write_all(b"</code>")?;
    if window.is_cut(input) {
        write!(w, " (bytes {}..{} of {})", window.start, window.end, input.len())?;
    }
    w.write_all(b"</h2>\n")
}

/// The verdicts, most serious first (the order the library gives), each
/// with its code, its specs, its message, its meaning and its spec section.
fn verdicts(w: &mut dyn Write, verdicts: &[Verdict]) -> io::Result<()> {
    if verdicts.is_empty() {
        return w.write_all(
            b"<h3>Verdicts</h3>\n<p class=\"none\">No verdict: the specs that accept this URL agree on it, \
              and it raises none of the concerns below.</p>\n",
        );
    }
    write!(w, "<h3>Verdicts ({})</h3>\n<ol class=\"verdicts\">\n", verdicts.len())?;
    for v in verdicts {
        let specs: Vec<&str> = v.specs.iter().map(|s| s.name()).collect();
        let (title, href) = v.code.reference();
        write!(
            w,
            "<li class=\"verdict\" data-code=\"{0}\"><code class=\"code\">{0}</code> <span class=\"specs\">[{1}]</span>: \
             <span class=\"message\">",
            v.code.name(),
            specs.join(", ")
        )?;
        text(w, &v.message)?;
        w.write_all(b"</span><br><span class=\"meaning\">")?;
        text(w, v.code.meaning())?;
        w.write_all(b" (<a class=\"reference\" href=\"")?;
        attribute(w, href)?;
        w.write_all(b"\" rel=\"noreferrer\">")?;
        text(w, title)?;
        w.write_all(b"</a>)</span></li>\n")?;
    }
    w.write_all(b"</ol>\n")
}

/// Writes `s` as the text of an element: see [`shown`].
///
/// # Errors
///
/// What writing gave.
pub fn text(w: &mut dyn Write, s: &str) -> io::Result<()> {
    shown(w, s.as_bytes())
}

/// Writes `bytes` as the text of an element: `&`, `<`, `>` and the quotes
/// as entities, and each char that [`term::Shown`] names, and each octet
/// that is not UTF-8, as its name in a `ctl` span (`<0x1B>`, `<U+202E>`,
/// `<0xFF>`).
///
/// # Errors
///
/// What writing gave.
pub fn shown(w: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        let mut start = 0;
        for (i, c) in valid.char_indices() {
            let name = term::name_of(c);
            let entity = entity(c);
            if name.is_none() && entity.is_none() {
                continue;
            }
            w.write_all(&valid.as_bytes()[start..i])?;
            start = i + c.len_utf8();
            match (name, entity) {
                (Some(name), _) => write!(w, "<span class=\"ctl\">{}</span>", Entities(&name.to_string()))?,
                (None, Some(entity)) => w.write_all(entity.as_bytes())?,
                (None, None) => {}
            }
        }
        w.write_all(&valid.as_bytes()[start..])?;
        for b in chunk.invalid() {
            write!(w, "<span class=\"ctl\">&lt;0x{b:02X}&gt;</span>")?;
        }
    }
    Ok(())
}

/// Writes `s` as the value of an attribute in double quotes: `&`, `<`, `>`
/// and the quotes as entities, and each char that [`term::Shown`] names as
/// a numeric character reference (`&#x1B;`), so that the page holds none
/// as it is and a form keeps the text it was given.
///
/// # Errors
///
/// What writing gave.
pub fn attribute(w: &mut dyn Write, s: &str) -> io::Result<()> {
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let named = term::name_of(c).is_some();
        let entity = entity(c);
        if !named && entity.is_none() {
            continue;
        }
        w.write_all(&s.as_bytes()[start..i])?;
        start = i + c.len_utf8();
        match entity {
            Some(entity) => w.write_all(entity.as_bytes())?,
            None => write!(w, "&#x{:X};", u32::from(c))?,
        }
    }
    w.write_all(&s.as_bytes()[start..])
}

/// The entity of a char that HTML gives a meaning to.
fn entity(c: char) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        '\'' => Some("&#39;"),
        _ => None,
    }
}

/// Text, with HTML's own chars as entities (a control's name holds `<`
/// and `>`).
struct Entities<'a>(&'a str);

impl std::fmt::Display for Entities<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for c in self.0.chars() {
            match entity(c) {
                Some(entity) => f.write_str(entity)?,
                None => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{attribute, shown};

    fn html(bytes: &[u8]) -> String {
        let mut out = Vec::new();
        shown(&mut out, bytes).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn attr(s: &str) -> String {
        let mut out = Vec::new();
        attribute(&mut out, s).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn text_escapes_markup_and_names_controls() {
        assert_eq!(
            html(b"<script>alert('x')</script>"),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
        );
        assert_eq!(html(b"a&b\"c"), "a&amp;b&quot;c");
        assert_eq!(
            html(b"x\x1b[2J\ty"),
            "x<span class=\"ctl\">&lt;0x1B&gt;</span>[2J<span class=\"ctl\">&lt;TAB&gt;</span>y"
        );
        assert_eq!(
            html("caf\u{e9}\u{202e}".as_bytes()),
            "caf\u{e9}<span class=\"ctl\">&lt;U+202E&gt;</span>"
        );
        // Not UTF-8: each octet named, the text around kept.
        assert_eq!(
            html(b"a\xff\xfe<b"),
            "a<span class=\"ctl\">&lt;0xFF&gt;</span><span class=\"ctl\">&lt;0xFE&gt;</span>&lt;b"
        );
        assert_eq!(html(b"http://example.com/"), "http://example.com/");
    }

    #[test]
    fn attributes_hold_no_quote_markup_or_control() {
        assert_eq!(attr("\"><script>&'"), "&quot;&gt;&lt;script&gt;&amp;&#39;");
        assert_eq!(attr("a\x00b\x1b\u{202e}c"), "a&#x0;b&#x1B;&#x202E;c");
        assert_eq!(attr("http://h/?a=1"), "http://h/?a=1");
    }

    /// No byte of any one-byte or two-byte input comes out as markup or a
    /// control: the text has no `<` but those of the spans, no `"`, no `'`,
    /// no raw `&` and no control.
    #[test]
    fn no_input_octet_escapes() {
        for a in 0..=255u8 {
            for b in [b'x', b'<', 0xc3, 0xa9, 0x1b, a] {
                let out = html(&[a, b]);
                let bare = out.replace("<span class=\"ctl\">", "").replace("</span>", "");
                assert!(!bare.contains(['<', '>', '"', '\'']), "{a:#x} {b:#x}: {out}");
                assert!(!bare.chars().any(|c| c.is_control()), "{a:#x} {b:#x}: {out}");
                for (i, _) in bare.match_indices('&') {
                    let rest = &bare[i..];
                    assert!(
                        ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                            .iter()
                            .any(|e| rest.starts_with(e)),
                        "{a:#x} {b:#x}: {out}"
                    );
                }
            }
        }
    }
}
