//! The side-by-side table of one explanation, as both the text output and
//! the HTML page show it: a row per component, a cell per spec.

use urikit::explain::{self, Explanation, FailedIn, Port, Reading};
use urikit::UrlRef;

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
            Row { name, cells, differs }
        })
        .collect()
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
    let named: Vec<String> = r
        .warnings
        .iter()
        .filter_map(|w| match &w.repair {
            urikit::Repair::Tolerated(e) => Some(format!("{} at {}", e.rule, w.offset)),
            _ => None,
        })
        .collect();
    if named.is_empty() {
        "(none)".to_owned()
    } else {
        named.join(", ")
    }
}
