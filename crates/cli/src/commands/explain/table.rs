//! The side-by-side table of one explanation, as both the text output and
//! the HTML page show it: a row per component, a cell per spec.
//!
//! A long cell is cut, as a diagnostic cuts a long input ([`Window`]):
//! about 72 columns around what matters in it, `…` where text is left out,
//! and a note of the octets shown and the full length (`…aaa/x/../b (bytes
//! 1000003..1000016 of 1000016)`). What matters in a cell is where it
//! differs: the first octet at which it differs from another cell of its
//! row (of a spec that accepts the URL), the earliest of those; a cell like
//! every other is shown from its start. The input above the table is cut
//! around the first place a spec objects to: the earliest offset of an
//! error, or of a WHATWG validation error let pass. A megabyte URL makes a
//! table of a few kilobytes, which still shows where the specs part.

use std::fmt::{self, Write as _};
use std::io;

use urikit::explain::{self, Explanation, FailedIn, Port, Reading};
use urikit::UrlRef;

use crate::term::{self, Window};

/// One row of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// What the row shows (`host`, `port used`, ...).
    pub name: &'static str,
    /// A cell per reading, in [`explain::SPECS`] order: its text, not yet
    /// shown (controls are as in the input).
    pub cells: Vec<String>,
    /// Whether the cells of the specs that accept the URL are not all the
    /// same.
    pub differs: bool,
}

/// The rows of the table of `e`: valid, errors, the components, the
/// canonical form, and where a request would go.
pub fn rows(e: &Explanation) -> Vec<Row> {
    let cells = |f: &dyn Fn(&Reading) -> String| e.readings.iter().map(f).collect::<Vec<_>>();
    let part = |f: &dyn Fn(UrlRef<'_>) -> Option<&str>| {
        cells(&|r| match &r.url {
            Some(url) => text(f(url.as_url_ref())),
            None => "-".to_owned(),
        })
    };
    let target =
        |f: &dyn Fn(&explain::Target) -> String| cells(&|r| r.target.as_ref().map_or_else(|| "-".to_owned(), f));
    let rows = [
        (
            "valid",
            cells(&|r| if r.url.is_some() { "yes" } else { "no" }.to_owned()),
        ),
        ("errors", cells(&errors)),
        ("scheme", part(&|u| Some(u.scheme()))),
        ("user", part(&|u| u.user())),
        ("password", part(&|u| u.password())),
        ("host", part(&|u| u.host())),
        ("port", part(&|u| u.port_str())),
        ("path", part(&|u| Some(u.path()))),
        ("query", part(&|u| u.query())),
        ("fragment", part(&|u| u.fragment())),
        ("canonical", part(&|u| Some(u.as_str()))),
        (
            "reaches",
            target(&|t| t.host.clone().unwrap_or_else(|| "(no host)".to_owned())),
        ),
        (
            "port used",
            target(&|t| match &t.port {
                Some(Port::Number(n)) => n.to_string(),
                Some(Port::Digits(d)) => format!("{d} (over 65535)"),
                None => "(none)".to_owned(),
            }),
        ),
        (
            "address",
            target(&|t| match (t.ip, t.class) {
                (Some(ip), Some(class)) => format!("{ip} {class}"),
                // `localhost` and the names under it.
                (None, Some(class)) => format!("(a name) {class}"),
                _ => "(a name)".to_owned(),
            }),
        ),
    ];
    rows.into_iter()
        .map(|(name, cells)| {
            let accepted: Vec<&String> = cells
                .iter()
                .zip(&e.readings)
                .filter(|(_, r)| r.url.is_some())
                .map(|(c, _)| c)
                .collect();
            let differs = accepted.windows(2).any(|w| w[0] != w[1]);
            let cells = cells
                .iter()
                .map(|cell| {
                    if term::width(cell.as_bytes()) <= term::ECHO_WHOLE {
                        return cell.clone();
                    }
                    // The first octet at which the cell differs from
                    // another of its row that accepts.
                    let focus = accepted
                        .iter()
                        .filter(|other| **other != cell)
                        .map(|other| common_prefix(cell, other))
                        .min()
                        .unwrap_or(0);
                    cut(cell, focus)
                })
                .collect();
            Row { name, cells, differs }
        })
        .collect()
}

/// The length of the longest prefix `a` and `b` share, in octets.
fn common_prefix(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

/// `text` whole when it is short, else its [`Window`] around octet
/// `focus`, with `…` where text is left out, and a note of the octets
/// shown and of its length.
pub fn cut(text: &str, focus: usize) -> String {
    let window = Window::around(text.as_bytes(), focus);
    if !window.is_cut(text.as_bytes()) {
        return text.to_owned();
    }
    let mut cell = String::with_capacity(window.end - window.start + 40);
    if window.start > 0 {
        cell.push('…');
    }
    // A window cuts between chars.
    cell.push_str(text.get(window.start..window.end).unwrap_or_default());
    if window.end < text.len() {
        cell.push('…');
    }
    let _ = write!(cell, "{}", Note(window, text.len()));
    cell
}

/// What [`Shown`](term::Shown) writes for [`cut`]`(text, focus)`, then a
/// line end, written as it goes: a line of input above its verdicts or its
/// table, which most often needs neither a cut nor a name.
pub fn write_cut_line(w: &mut impl io::Write, text: &str, focus: usize) -> io::Result<()> {
    let window = Window::around(text.as_bytes(), focus);
    window.write(w, text.as_bytes(), focus)?;
    if window.is_cut(text.as_bytes()) {
        write!(w, "{}", Note(window, text.len()))?;
    }
    w.write_all(b"\n")
}

/// The note after a cut text: ` (bytes START..END of LEN)`.
struct Note(Window, usize);

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, " (bytes {}..{} of {})", self.0.start, self.0.end, self.1)
    }
}

/// Where the input is cut above the table: the first offset any spec
/// objects to (an error, or a WHATWG validation error let pass), else its
/// start.
pub fn input_focus(e: &Explanation) -> usize {
    let errors = e
        .readings
        .iter()
        .filter(|r| r.failed_in == FailedIn::Input)
        .filter_map(|r| r.errors.first().map(|e| e.offset));
    let warnings = e.readings.iter().flat_map(|r| r.warnings.first().map(|w| w.offset));
    errors.chain(warnings).min().unwrap_or(0)
}

/// A component's cell: `(none)` when absent, `""` when empty.
fn text(part: Option<&str>) -> String {
    match part {
        None => "(none)".to_owned(),
        Some("") => "\"\"".to_owned(),
        Some(s) => s.to_owned(),
    }
}

/// The errors cell: the first error (`rule at N`), or WHATWG's validation
/// errors let pass.
fn errors(r: &Reading) -> String {
    if let Some(e) = r.errors.first() {
        let place = match &r.failed_in {
            FailedIn::Input => "",
            FailedIn::Base => " in the base",
            FailedIn::Resolved(_) => " in the result",
            _ => "",
        };
        return format!("{} at {}{place}", e.rule, e.offset);
    }
    // The first few, and how many more: a long input may have one at
    // every octet.
    const SHOWN: usize = 8;
    let mut named = r.warnings.iter().filter_map(|w| match &w.repair {
        urikit::Repair::Tolerated(e) => Some((e.rule, w.offset)),
        _ => None,
    });
    let mut cell = String::new();
    for (rule, offset) in named.by_ref().take(SHOWN) {
        if !cell.is_empty() {
            cell.push_str(", ");
        }
        let _ = write!(cell, "{rule} at {offset}");
    }
    let more = named.count();
    if more > 0 {
        let _ = write!(cell, " and {more} more");
    }
    if cell.is_empty() {
        "(none)".to_owned()
    } else {
        cell
    }
}
