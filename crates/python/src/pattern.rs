//! `urikit.URLPattern`: the URLPattern Standard's class, over
//! `urikit::pattern`, with JavaScript's names and results (`exec` gives a
//! dict like `URLPatternResult`); and the kernels of `urikit.arrow.match`
//! and `urikit.arrow.match_groups`.

use std::sync::Arc;

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use urikit::pattern::{
    PatternComponent, PatternError, PatternInput, PatternMatch, PatternOptions, UrlPattern, UrlPatternInit,
};

use crate::kernels::{for_each_value, Value};

pyo3::create_exception!(
    urikit,
    URLPatternError,
    PyValueError,
    "A pattern that does not compile, or a call the URLPattern Standard refuses (an init with a base URL): `offset`, `rule`, `component` and `message` say where and why."
);

/// `e` raised as a `URLPatternError`.
fn raise(py: Python<'_>, e: &PatternError) -> PyErr {
    let err = URLPatternError::new_err(e.to_string());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("offset", e.offset)?;
        value.setattr("rule", e.rule)?;
        value.setattr("component", e.component.map(|c| c.name()))?;
        value.setattr("message", e.kind.to_string())?;
        Ok(())
    };
    set().err().unwrap_or(err)
}

/// The keys of a `URLPatternInit` dict: the eight components, and the base
/// URL as JavaScript (`baseURL`) or Python (`base_url`) writes it.
const INIT_KEYS: &str = "protocol, username, password, hostname, port, pathname, search, hash, baseURL (or base_url)";

/// A `URLPatternInit` from a dict. A key it does not know is refused
/// (where WebIDL ignores it): a misspelt component would otherwise match
/// every URL.
fn init_of(dict: &Bound<'_, PyDict>) -> PyResult<UrlPatternInit> {
    let mut init = UrlPatternInit::default();
    for (key, value) in dict.iter() {
        let key: String = key
            .extract()
            .map_err(|_| PyTypeError::new_err("a URLPatternInit's keys are strings"))?;
        let text: String = value
            .extract()
            .map_err(|_| PyTypeError::new_err(format!("the URLPatternInit's {key} must be a str")))?;
        match key.as_str() {
            "baseURL" | "base_url" => init.base_url = Some(text),
            name => match PatternComponent::from_name(name) {
                Some(c) => init.set(c, Some(&text)),
                None => {
                    return Err(PyTypeError::new_err(format!(
                        "unknown URLPatternInit key {key:?}, expected one of: {INIT_KEYS}"
                    )))
                }
            },
        }
    }
    Ok(init)
}

/// What a pattern or an input is: a string, or an init made from a dict
/// (`None` is the empty init, as JavaScript's `new URLPattern()`).
enum Given {
    Text(String),
    Init(UrlPatternInit),
}

impl Given {
    fn of(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Given> {
        let Some(value) = value else {
            return Ok(Given::Init(UrlPatternInit::default()));
        };
        if let Ok(text) = value.cast::<PyString>() {
            return Ok(Given::Text(text.to_cow()?.into_owned()));
        }
        if let Ok(dict) = value.cast::<PyDict>() {
            return init_of(dict).map(Given::Init);
        }
        Err(PyTypeError::new_err(format!(
            "{what} must be a str or a dict (a URLPatternInit), found {}",
            value.get_type().name()?
        )))
    }

    fn input(&self) -> PatternInput<'_> {
        match self {
            Given::Text(s) => PatternInput::Url(s),
            Given::Init(init) => PatternInput::Init(init),
        }
    }
}

/// A URL pattern of the URLPattern Standard, as JavaScript's `URLPattern`:
/// made from a constructor string (with an optional base URL) or a dict of
/// components; `test` and `exec` on a URL string (with an optional base)
/// or a dict.
#[pyclass(module = "urikit", name = "URLPattern", frozen)]
pub struct PyUrlPattern {
    pub(crate) pattern: UrlPattern,
}

#[pymethods]
impl PyUrlPattern {
    #[new]
    #[pyo3(signature = (pattern = None, base_url = None, *, ignore_case = false))]
    fn new(
        py: Python<'_>,
        pattern: Option<&Bound<'_, PyAny>>,
        base_url: Option<&str>,
        ignore_case: bool,
    ) -> PyResult<PyUrlPattern> {
        let given = Given::of(pattern, "the pattern")?;
        let options = PatternOptions { ignore_case };
        let pattern = UrlPattern::new(given.input(), base_url, options).map_err(|e| raise(py, &e))?;
        Ok(PyUrlPattern { pattern })
    }

    /// Whether `input` (a URL string, against `base_url` when given, or a
    /// dict of components) matches.
    #[pyo3(signature = (input = None, base_url = None))]
    fn test(&self, py: Python<'_>, input: Option<&Bound<'_, PyAny>>, base_url: Option<&str>) -> PyResult<bool> {
        let given = Given::of(input, "the input")?;
        self.pattern.test(given.input(), base_url).map_err(|e| raise(py, &e))
    }

    /// The match of `input`, as JavaScript's `URLPatternResult`: a dict of
    /// `inputs` (what was given) and, for each component, its `input` and
    /// its `groups` (a dict; a group that matched nothing is `None`);
    /// `None` when `input` does not match.
    #[pyo3(signature = (input = None, base_url = None))]
    fn exec<'py>(
        &self,
        py: Python<'py>,
        input: Option<&Bound<'py, PyAny>>,
        base_url: Option<&str>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let given = Given::of(input, "the input")?;
        let Some(m) = self.pattern.exec(given.input(), base_url).map_err(|e| raise(py, &e))? else {
            return Ok(None);
        };
        let result = result_dict(py, &m)?;
        let inputs = PyList::empty(py);
        match input {
            Some(input) => inputs.append(input)?,
            None => inputs.append(PyDict::new(py))?,
        }
        if let Some(base) = base_url {
            inputs.append(base)?;
        }
        result.set_item("inputs", inputs)?;
        Ok(Some(result))
    }

    #[getter]
    fn protocol(&self) -> &str {
        self.pattern.protocol()
    }

    #[getter]
    fn username(&self) -> &str {
        self.pattern.username()
    }

    #[getter]
    fn password(&self) -> &str {
        self.pattern.password()
    }

    #[getter]
    fn hostname(&self) -> &str {
        self.pattern.hostname()
    }

    #[getter]
    fn port(&self) -> &str {
        self.pattern.port()
    }

    #[getter]
    fn pathname(&self) -> &str {
        self.pattern.pathname()
    }

    #[getter]
    fn search(&self) -> &str {
        self.pattern.search()
    }

    #[getter]
    fn hash(&self) -> &str {
        self.pattern.hash()
    }

    /// Whether a component's pattern has a custom regular expression group
    /// (`:id(\d+)`).
    #[getter]
    fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }

    /// The `ignore_case` option the pattern was made with.
    #[getter]
    fn ignore_case(&self) -> bool {
        self.pattern.ignore_case()
    }

    /// `urikit.URLPattern({...})` with the eight component patterns: the
    /// call that makes an equal pattern.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let components = PyDict::new(py);
        for c in PatternComponent::ALL {
            components.set_item(c.name(), self.pattern.pattern(c))?;
        }
        let case = if self.pattern.ignore_case() {
            ", ignore_case=True"
        } else {
            ""
        };
        Ok(format!("urikit.URLPattern({}{case})", components.repr()?))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyUrlPattern>() else {
            return Ok(py.NotImplemented());
        };
        crate::editing::equality(py, self.pattern == other.get().pattern, op)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        Hash::hash(&self.pattern, &mut h);
        h.finish()
    }
}

/// The components of a match as a dict, without `inputs`.
fn result_dict<'py>(py: Python<'py>, m: &PatternMatch) -> PyResult<Bound<'py, PyDict>> {
    let result = PyDict::new(py);
    for c in PatternComponent::ALL {
        let part = m.get(c);
        let groups = PyDict::new(py);
        for (name, value) in &part.groups {
            groups.set_item(name, value.as_deref())?;
        }
        let one = PyDict::new(py);
        one.set_item("input", &part.input)?;
        one.set_item("groups", groups)?;
        result.set_item(c.name(), one)?;
    }
    Ok(result)
}

/// The pattern a kernel matches: a `URLPattern`, or what makes one.
pub fn pattern_of(py: Python<'_>, pattern: &Bound<'_, PyAny>, base_url: Option<&str>) -> PyResult<Arc<UrlPattern>> {
    if let Ok(p) = pattern.cast::<PyUrlPattern>() {
        if base_url.is_some() {
            return Err(PyTypeError::new_err(
                "base_url is the constructor's: give it to URLPattern, not with a URLPattern",
            ));
        }
        return Ok(Arc::new(p.get().pattern.clone()));
    }
    let given = Given::of(Some(pattern), "the pattern")?;
    UrlPattern::new(given.input(), base_url, PatternOptions::default())
        .map(Arc::new)
        .map_err(|e| raise(py, &e))
}

/// Whether each row matches `pattern` (a URL string, as `test` takes it);
/// null where the row is null; false where it is not UTF-8 or not a URL.
pub fn matches(
    array: &dyn arrow_array::Array,
    pattern: &UrlPattern,
) -> Result<arrow_array::BooleanArray, arrow_schema::ArrowError> {
    let mut out = arrow_array::builder::BooleanBuilder::with_capacity(array.len());
    for_each_value(array, |value| match value {
        Value::Null => out.append_null(),
        Value::Text(text) => out.append_value(pattern.test(text, None).unwrap_or(false)),
        Value::NotUtf8(_) => out.append_value(false),
    })?;
    Ok(out.finish())
}
