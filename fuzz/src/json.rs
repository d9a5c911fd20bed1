//! `parse --json`: each record says what the library says of its line.

use serde_json::{json, Map, Value};
use urikit::scheme::Field;
use urikit::{Spec, Url};
use urikit_cli::render_json;

/// For `line` (cut at its first `\n`: a line of stdin holds none), by
/// `spec`, strictly and leniently: `parse --json` writes one line of JSON
/// that gives back the line (U+FFFD for what is not UTF-8) and the spec; it
/// is valid exactly when the library parses the line; a valid record's
/// components, port (a number, or the digits as written when no 16-bit
/// number holds them, `null` only when absent) and scheme view are the
/// library's (the view as its owned `fields()` make it), with no errors, and
/// leniently the repaired URL; an invalid one has errors and no components.
pub fn check_json(spec: Spec, line: &[u8]) {
    let line = line.split(|&b| b == b'\n').next().unwrap_or_default();
    for lenient in [false, true] {
        let written = render_json(spec, lenient, line);
        let text = std::str::from_utf8(&written).unwrap_or_else(|e| panic!("not UTF-8 ({e}) for {line:?}"));
        let body = text
            .strip_suffix('\n')
            .unwrap_or_else(|| panic!("no line end for {line:?}: {text:?}"));
        assert!(!body.contains('\n'), "two lines for {line:?}: {text:?}");
        let record: Value =
            serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}) for {line:?}: {body}"));
        let says = |key: &str| format!("{key} of {line:?} (lenient={lenient}, {spec:?}): {body}");
        assert_eq!(
            record["input"].as_str(),
            Some(&*String::from_utf8_lossy(line)),
            "{}",
            says("input")
        );
        assert_eq!(record["spec"].as_str(), Some(spec.name()), "{}", says("spec"));
        let url = std::str::from_utf8(line).ok().and_then(|s| {
            if lenient {
                Url::parse_lenient_with(s, spec).ok().map(|(url, _)| url)
            } else {
                Url::parse_with(s, spec).ok()
            }
        });
        assert_eq!(record["valid"].as_bool(), Some(url.is_some()), "{}", says("valid"));
        let errors = record["errors"]
            .as_array()
            .unwrap_or_else(|| panic!("{}", says("errors")));
        let Some(url) = url else {
            assert!(!errors.is_empty(), "{}", says("errors"));
            for key in ["scheme", "host", "path", "scheme_view"] {
                assert!(record[key].is_null(), "{}", says(key));
            }
            continue;
        };
        assert!(errors.is_empty(), "{}", says("errors"));
        for (key, value) in [
            ("scheme", Some(url.scheme())),
            ("user", url.user()),
            ("password", url.password()),
            ("host", url.host()),
            ("path", Some(url.path())),
            ("query", url.query()),
            ("fragment", url.fragment()),
        ] {
            assert_eq!(record[key].as_str(), value, "{}", says(key));
        }
        // A number when the digits have a 16-bit value; else the digits as
        // written (over 65535, or empty), a string; null only when absent.
        let port = match (url.port(), url.port_str()) {
            (Some(port), _) => Value::from(port),
            (None, Some(digits)) => Value::from(digits),
            (None, None) => Value::Null,
        };
        assert_eq!(record["port"], port, "{}", says("port"));
        assert_eq!(record["scheme_view"], view(&url), "{}", says("scheme_view"));
        if lenient {
            assert_eq!(record["url"].as_str(), Some(url.as_str()), "{}", says("url"));
        }
    }
}

/// The scheme view of `url` as JSON, from the library's owned fields.
fn view(url: &Url) -> Value {
    let view = match url.view() {
        Ok(view) => view,
        Err(e) => return json!({ "error": e.to_string() }),
    };
    let mut object = Map::new();
    object.insert("kind".into(), view.kind().into());
    for (name, field) in view.fields() {
        let value = match field {
            Field::Text(t) => Value::from(t),
            Field::Number(n) => Value::from(n),
            Field::Bool(b) => Value::from(b),
            Field::List(list) => Value::from(list),
            Field::Pairs(pairs) => pairs.into_iter().map(|(k, v)| json!([k, v])).collect(),
            _ => Value::Null,
        };
        object.insert(name.into(), value);
    }
    Value::Object(object)
}
