//! Scheme views, access plans and the hazard lint.

use urikit::lint::{lint, Finding};
use urikit::pct;
use urikit::scheme::{Field, GopherPlus, Plan, SchemeView, Step};
use urikit::{validate, SchemeError, SchemeErrorKind, Spec, Url};

/// The octets no protocol line may carry: they end or split it.
const LINE_BREAKERS: &[u8] = b"\r\n\0";

/// What `SchemeErrorKind::Smuggling` may name: a line breaker, or a TAB
/// (which splits a gopher line).
const SMUGGLED: &[u8] = b"\r\n\0\t";

/// The lint codes of a violation of the grammar: the lint reports each one.
const VIOLATIONS: [&str; 4] = ["invalid", "grammar", "repaired", "unsafe-character"];

/// The octet of the `%XX` escape at `at` in `s`, when there is one.
fn escape_at(s: &str, at: usize) -> Option<u8> {
    let hex = s.get(at..at + 3)?.strip_prefix('%')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u8::from_str_radix(hex, 16).ok()
}

/// A telnet, rlogin or tn3270 view gives its user and password decoded:
/// each field is the `%`-decoding of the URL's raw part (as UTF-8, invalid
/// sequences replaced), and the decoded accessors hold those octets.
fn check_login_decoded(s: &str, view: &SchemeView<'_>, fields: &[(&'static str, Field)]) {
    let SchemeView::Telnet(t) = view else { return };
    let field = |name| fields.iter().find(|(n, _)| *n == name).map(|(_, f)| f.clone());
    for (name, raw, decoded) in [
        ("user", t.user(), t.decoded_user()),
        ("password", t.password(), t.decoded_password()),
    ] {
        let want = raw.map(|r| pct::decode(r).unwrap_or_else(|e| panic!("{s:?}: {name} {r:?}: {e}")));
        assert_eq!(decoded.as_ref().map(|d| d.as_bytes()), want.as_deref(), "{s:?}: {name}");
        let text = want.map_or(Field::Null, |w| Field::Text(String::from_utf8_lossy(&w).into_owned()));
        assert_eq!(field(name), Some(text), "{s:?}: the {name} field");
    }
}

/// The port a plan of `url` may connect to, read from the digits as
/// written (not from the library's reading of them): their value, or the
/// scheme's default when there are none or they are empty; `None` when no
/// 16-bit number holds them (RFC 1808 and RFC 3986 allow any digits).
fn allowed_port(url: &Url) -> Option<Option<u16>> {
    let default = urikit::ports::default_port(url.scheme(), url.spec());
    match url.port_str() {
        None | Some("") => Some(default),
        Some(digits) => {
            let significant = digits.trim_start_matches('0');
            if significant.len() > 5 {
                return None;
            }
            let value: u32 = significant.parse().unwrap_or(0);
            u16::try_from(value).ok().map(Some)
        }
    }
}

/// Where the digits of `url`'s port start.
fn port_offset(url: &Url) -> usize {
    let u = url.as_str();
    let digits = url.port_str().unwrap_or_default();
    let path = url.path().as_ptr() as usize - u.as_ptr() as usize;
    path - digits.len()
}

/// The lint on any input, and for a URL that parses by `spec`: its view,
/// whose fields never panic; its plan, which sends whole lines or names the
/// escape that would smuggle one, and connects to exactly the port the URL
/// writes, or the scheme's default when it writes none, or refuses a port
/// over 65535 at its digits; the lint's `encoded-delimiter`, found exactly
/// when the plan refuses for smuggling; and its `port-out-of-range`, found
/// exactly when the port is over 65535.
pub fn check_scheme(s: &str, spec: Spec) {
    let findings = check_lint(s, spec);
    let Ok(url) = Url::parse_with(s, spec) else {
        return;
    };
    let allowed = allowed_port(&url);
    match allowed {
        Some(port) => assert_eq!(url.port_or_default(), Ok(port), "{s:?} by {spec}"),
        None => assert_eq!(
            url.port_or_default().map_err(|e| (e.offset, e.kind)),
            Err((port_offset(&url), SchemeErrorKind::PortOutOfRange)),
            "{s:?} by {spec}"
        ),
    }
    // The URL may have lost a `URL:` prefix of the input.
    let shift = s.len() - url.as_str().len();
    let out_of_range: Vec<Option<usize>> = findings
        .iter()
        .filter(|f| f.code == "port-out-of-range")
        .map(|f| f.offset)
        .collect();
    let want: Vec<Option<usize>> = match allowed {
        Some(_) => Vec::new(),
        None => vec![Some(port_offset(&url) + shift)],
    };
    assert_eq!(out_of_range, want, "{s:?} by {spec}: {findings:?}");
    let smuggling = match url.view() {
        Ok(view) => {
            let fields = view.fields();
            check_login_decoded(s, &view, &fields);
            match view.plan() {
                Ok(plan) => {
                    check_plan(s, &view, &plan);
                    check_connection(s, &url, allowed, &plan);
                    None
                }
                Err(e) => {
                    check_plan_error(s, &url, &view, e);
                    matches!(e.kind, SchemeErrorKind::Smuggling { .. }).then_some(e)
                }
            }
        }
        Err(e) => {
            let u = url.as_str();
            assert!(e.offset <= u.len(), "{s:?}: view error {e} past the end of {u:?}");
            if e.kind == SchemeErrorKind::MissingHost {
                assert_eq!(e.offset, url.scheme().len() + 1, "{s:?}: {e} is not after ':'");
                assert_eq!(url.host(), None, "{s:?}: {e}, yet it has a host");
            }
            None
        }
    };
    // lint reads the input leniently; for a valid URL that is the URL itself,
    // with nothing repaired.
    let violations: Vec<&Finding> = findings.iter().filter(|f| VIOLATIONS.contains(&f.code)).collect();
    assert_eq!(violations, Vec::<&Finding>::new(), "{s:?} is valid by {spec}");
    let delimiters: Vec<&Finding> = findings.iter().filter(|f| f.code == "encoded-delimiter").collect();
    match smuggling {
        None => assert_eq!(
            delimiters,
            Vec::<&Finding>::new(),
            "{s:?}: lint finds an encoded delimiter, the plan does not"
        ),
        Some(e) => {
            let offsets: Vec<Option<usize>> = delimiters.iter().map(|f| f.offset).collect();
            assert_eq!(
                offsets,
                [Some(e.offset + shift)],
                "{s:?}: the plan refuses ({e}), lint says {delimiters:?}"
            );
        }
    }
}

/// `lint` on any input: every offset is in the input, an escape's offset is
/// that escape's, and a violation of the grammar is a finding.
pub fn check_lint(s: &str, spec: Spec) -> Vec<Finding> {
    let findings = lint(s, spec);
    for f in &findings {
        let Some(offset) = f.offset else { continue };
        assert!(offset <= s.len(), "{s:?}: {f} is past the end");
        match f.code {
            "encoded-delimiter" => assert!(
                escape_at(s, offset).is_some_and(|b| SMUGGLED.contains(&b)),
                "{s:?}: {f} is not at an escape of a delimiter"
            ),
            "nul-escape" => assert_eq!(escape_at(s, offset), Some(0), "{s:?}: {f} is not at %00"),
            _ => {}
        }
    }
    if !validate(s, spec).is_empty() {
        assert!(
            findings.iter().any(|f| VIOLATIONS.contains(&f.code)),
            "{s:?} is not valid by {spec}, yet lint finds no violation: {findings:?}"
        );
    }
    findings
}

/// Every line sent ends with CR LF and holds no other CR, LF or NUL, but in
/// the ASK form data of a Gopher+ string, which is sent as written.
fn check_plan(s: &str, view: &SchemeView<'_>, plan: &Plan) {
    let ask_data = match view {
        SchemeView::Gopher(g) if g.gopher_plus() == Some(GopherPlus::AskData) => {
            g.gopher_plus_string().map_or(0, |p| p.as_bytes().len())
        }
        _ => 0,
    };
    for step in &plan.steps {
        if let Step::Send(line) = step {
            let body = line
                .strip_suffix(b"\r\n")
                .unwrap_or_else(|| panic!("{s:?}: {step} does not end with CR LF"));
            let checked = &body[..body.len().saturating_sub(ask_data)];
            assert!(
                !checked.iter().any(|b| LINE_BREAKERS.contains(b)),
                "{s:?}: {step} holds a line breaker before its CR LF"
            );
        }
    }
}

/// A plan connects to exactly the port the URL writes, or to the scheme's
/// default when it writes none (where the spec defines none, the port
/// registered for the scheme, saying so: https by RFC 1738): never to
/// another, and to none when no 16-bit number holds the digits written.
fn check_connection(s: &str, url: &Url, allowed: Option<Option<u16>>, plan: &Plan) {
    for step in &plan.steps {
        if let Step::Connect { port, registered, .. } = step {
            let registered_port = || urikit::ports::known(url.scheme(), url.spec()).map(|d| d.port);
            let want = allowed.map(|p| p.or_else(registered_port));
            assert_eq!(
                want,
                Some(Some(*port)),
                "{s:?}: the plan connects to port {port}, the URL allows {allowed:?}"
            );
            assert_eq!(
                registered.is_some(),
                allowed == Some(None),
                "{s:?}: port {port} is said to be registered: {registered:?}"
            );
        }
    }
}

/// A plan fails only as its docs say: at an escape of a delimiter, at the
/// host of a `file` URL of another machine, after the `:` of an https URL
/// with no host, or at the digits of a port over 65535.
fn check_plan_error(s: &str, url: &Url, view: &SchemeView<'_>, e: SchemeError) {
    let u = url.as_str();
    assert!(e.offset < u.len(), "{s:?}: plan error {e} is not inside {u:?}");
    match e.kind {
        SchemeErrorKind::Smuggling { byte } => {
            assert!(SMUGGLED.contains(&byte), "{s:?}: {e} names no delimiter");
            assert_eq!(
                escape_at(u, e.offset),
                Some(byte),
                "{s:?}: {e} is not at its escape in {u:?}"
            );
        }
        SchemeErrorKind::RemoteFile => {
            assert!(
                matches!(view, SchemeView::File(_)),
                "{s:?}: {e} for a {} view",
                view.kind()
            );
            let host = url.host().unwrap_or_default();
            assert!(!host.is_empty(), "{s:?}: {e} without a host");
            assert_eq!(
                e.offset,
                host.as_ptr() as usize - u.as_ptr() as usize,
                "{s:?}: {e} is not at the host"
            );
        }
        // https has the generic view; its plan needs a host.
        SchemeErrorKind::MissingHost => {
            assert!(
                url.scheme().eq_ignore_ascii_case("https"),
                "{s:?}: {e} for {}:",
                url.scheme()
            );
            assert_eq!(url.host(), None, "{s:?}: {e}, yet it has a host");
            assert_eq!(e.offset, url.scheme().len() + 1, "{s:?}: {e} is not after ':'");
        }
        SchemeErrorKind::PortOutOfRange => {
            assert_eq!(allowed_port(url), None, "{s:?}: {e}, yet the port fits 16 bits");
            assert_eq!(e.offset, port_offset(url), "{s:?}: {e} is not at the port's digits");
        }
        other => panic!("{s:?}: the plan fails with {other:?}, which its docs do not name"),
    }
}
