//! The scalar API: one URL at a time, as Python objects.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use urikit::scheme::Field;
use urikit::{Repair, Spec};

use crate::parsing::{BadParsing, Failure, Parsing};

pyo3::create_exception!(
    urikit,
    ParseError,
    PyValueError,
    "A URL that is not valid by its spec: `offset`, `rule`, `spec` and `message` say where and why."
);
pyo3::create_exception!(
    urikit,
    ResolveError,
    PyValueError,
    "A reference that does not resolve: `offset`, `result` (the absolute form, when one was made) and `message`."
);
pyo3::create_exception!(
    urikit,
    SchemeError,
    PyValueError,
    "A valid URL whose scheme's view or access plan cannot be made: `offset` and `message`."
);

/// The environment variable that sets the default spec, as for the command.
pub const SPEC_VAR: &str = "URIKIT_SPEC";

/// The spec named `name`, or the default: `URIKIT_SPEC` when it is set and
/// not empty, else RFC 1738.
pub fn spec_of(name: Option<&str>) -> PyResult<Spec> {
    if let Some(name) = name {
        return name
            .parse()
            .map_err(|e: urikit::UnknownSpec| PyValueError::new_err(e.to_string()));
    }
    match std::env::var(SPEC_VAR) {
        Ok(value) if !value.is_empty() => value
            .parse()
            .map_err(|e: urikit::UnknownSpec| PyValueError::new_err(format!("{SPEC_VAR}: {e}"))),
        _ => Ok(Spec::default()),
    }
}

/// A `ParseError` exception value for `e`, with its attributes set.
pub fn parse_error<'py>(py: Python<'py>, e: &urikit::ParseError) -> PyResult<Bound<'py, PyAny>> {
    let err = ParseError::new_err(e.to_string());
    let value = err.value(py);
    value.setattr("offset", e.offset)?;
    value.setattr("rule", e.rule)?;
    value.setattr("spec", e.spec.name())?;
    value.setattr("message", e.message())?;
    Ok(value.clone().into_any())
}

/// `e` raised as a `ParseError`.
pub fn raise_parse(py: Python<'_>, e: &urikit::ParseError) -> PyErr {
    match parse_error(py, e) {
        Ok(value) => PyErr::from_value(value),
        Err(err) => err,
    }
}

fn raise_resolve(py: Python<'_>, e: &urikit::ResolveError) -> PyErr {
    let err = ResolveError::new_err(e.to_string());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("offset", e.offset())?;
        value.setattr("result", e.result())?;
        value.setattr("message", e.to_string())?;
        Ok(())
    };
    set().err().unwrap_or(err)
}

/// `e`, an error about `url`, raised as a `SchemeError`; its message names
/// what the offset points at where that says more (a port's digits).
fn raise_scheme(py: Python<'_>, e: &urikit::SchemeError, url: &str) -> PyErr {
    let message = e.message_in(url);
    let err = SchemeError::new_err(format!("{message} at offset {}", e.offset));
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("offset", e.offset)?;
        value.setattr("message", &message)?;
        Ok(())
    };
    set().err().unwrap_or(err)
}

/// How to parse: `spec` (or the default), `lenient` (`None`: the spec's
/// default), against `base`; a base that is not a URL raises `ParseError`
/// here, once.
pub fn parsing_of(py: Python<'_>, spec: Option<&str>, lenient: Option<bool>, base: Option<&str>) -> PyResult<Parsing> {
    Parsing::new(spec_of(spec)?, lenient, base).map_err(|e| raise_bad_parsing(py, &e))
}

/// `e` raised: the base's `ParseError` (its message says it is the base's),
/// or a `ValueError`.
pub fn raise_bad_parsing(py: Python<'_>, e: &BadParsing) -> PyErr {
    match e {
        BadParsing::Base(error) => {
            let err = raise_parse(py, error);
            let value = err.value(py);
            let set = || -> PyResult<()> {
                value.setattr("args", (e.to_string(),))?;
                value.setattr("message", format!("the base is not a valid URL: {}", error.message()))
            };
            set().err().unwrap_or(err)
        }
        BadParsing::LenientBase(_) => PyValueError::new_err(e.to_string()),
    }
}

/// `e` raised: a `ParseError`, or by an RFC with a base a `ResolveError`.
pub fn raise_failure(py: Python<'_>, e: &Failure) -> PyErr {
    match e {
        Failure::Parse(e) => raise_parse(py, e),
        Failure::Resolve(e) => raise_resolve(py, e),
    }
}

/// `text` parsed as `parsing` says, raised as `ParseError` (or, by an RFC
/// with a base, `ResolveError`).
fn parse_url(py: Python<'_>, text: &str, parsing: &Parsing) -> PyResult<PyUrl> {
    let (url, warnings) = parsing.parse(text).map_err(|e| raise_failure(py, &e))?;
    Ok(PyUrl::with_warnings(url, &warnings))
}

/// `text` parsed by `spec` as `parse` parses by default (strict by an RFC,
/// the basic URL parser by WHATWG).
fn parse_default(py: Python<'_>, text: &str, spec: Option<&str>) -> PyResult<urikit::Url> {
    Ok(parse_url(py, text, &parsing_of(py, spec, None, None)?)?.url)
}

/// What a lenient parse repaired or let pass, at one offset.
#[pyclass(frozen, module = "urikit", name = "ParseWarning", get_all)]
pub struct PyParseWarning {
    /// Byte offset in the input (in UTF-8).
    offset: usize,
    /// What was done (`"accepted: ..."` for a violation let pass).
    message: String,
    /// For a violation let pass, the production or the WHATWG validation
    /// error's name (`"IPv4-non-decimal-part"`); `None` for a repair.
    rule: Option<String>,
}

#[pymethods]
impl PyParseWarning {
    fn __str__(&self) -> String {
        format!("{} at offset {}", self.message, self.offset)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let rule = match &self.rule {
            Some(rule) => py_repr(py, rule)?,
            None => "None".to_owned(),
        };
        Ok(format!(
            "urikit.ParseWarning(offset={}, rule={rule}, message={})",
            self.offset,
            py_repr(py, &self.message)?
        ))
    }
}

/// A parsed URL: one string and the offsets of its components. `==` and
/// `hash`: the same serialization and spec (the warnings aside); `<`: by
/// the serialization, then the spec's name. It pickles and copies.
#[pyclass(frozen, module = "urikit", name = "Url")]
pub struct PyUrl {
    pub(crate) url: urikit::Url,
    /// Offset, message and rule of each warning of the parse that made it
    /// (strings, as a pickled URL brings them back).
    warnings: Vec<(usize, String, Option<String>)>,
}

impl PyUrl {
    pub(crate) fn of(url: urikit::Url) -> PyUrl {
        PyUrl {
            url,
            warnings: Vec::new(),
        }
    }

    fn with_warnings(url: urikit::Url, warnings: &[urikit::Warning]) -> PyUrl {
        let warnings = warnings
            .iter()
            .map(|w| {
                let rule = match w.repair {
                    Repair::Tolerated(e) => Some(e.rule.to_owned()),
                    _ => None,
                };
                (w.offset, w.repair.to_string(), rule)
            })
            .collect();
        PyUrl { url, warnings }
    }
}

#[pymethods]
impl PyUrl {
    #[new]
    #[pyo3(signature = (text, spec = None, lenient = None, *, base = None))]
    fn new(
        py: Python<'_>,
        text: &str,
        spec: Option<&str>,
        lenient: Option<bool>,
        base: Option<&str>,
    ) -> PyResult<PyUrl> {
        parse_url(py, text, &parsing_of(py, spec, lenient, base)?)
    }

    /// What the parse that made this URL repaired or let pass: by WHATWG
    /// each validation error (the parser's default), by the RFCs what a
    /// lenient parse repaired; empty for a strict parse.
    #[getter]
    fn warnings(&self) -> Vec<PyParseWarning> {
        self.warnings
            .iter()
            .map(|(offset, message, rule)| PyParseWarning {
                offset: *offset,
                message: message.clone(),
                rule: rule.clone(),
            })
            .collect()
    }

    /// The getters of the URL Standard's `URL` class (§6.1), as a dict of
    /// strings exactly as JavaScript returns them: `href`, `protocol`,
    /// `username`, `password`, `host`, `hostname`, `port`, `pathname`,
    /// `search`, `hash`, `origin`. Only for a URL parsed by WHATWG.
    fn api<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let Some(api) = self.url.api() else {
            return Err(PyValueError::new_err(format!(
                "the URL API's getters are those of a WHATWG URL, and this one was parsed by {}: parse it with spec=\"whatwg\"",
                self.url.spec().name()
            )));
        };
        let dict = PyDict::new(py);
        dict.set_item("href", api.href())?;
        dict.set_item("protocol", api.protocol())?;
        dict.set_item("username", api.username())?;
        dict.set_item("password", api.password())?;
        dict.set_item("host", api.host())?;
        dict.set_item("hostname", api.hostname())?;
        dict.set_item("port", api.port())?;
        dict.set_item("pathname", api.pathname())?;
        dict.set_item("search", api.search())?;
        dict.set_item("hash", api.hash())?;
        dict.set_item("origin", api.origin())?;
        Ok(dict)
    }

    /// `href` of the URL API: the serialization, `str(url)`.
    #[getter]
    fn href(&self) -> &str {
        self.url.as_str()
    }

    /// The spec the URL was parsed by (`"rfc1738"`).
    #[getter]
    fn spec(&self) -> &'static str {
        self.url.spec().name()
    }

    /// The scheme, lower-case.
    #[getter]
    fn scheme(&self) -> &str {
        self.url.scheme()
    }

    /// The user name; `None` when absent, `""` when empty.
    #[getter]
    fn user(&self) -> Option<&str> {
        self.url.user()
    }

    /// The password; `None` when absent, `""` when empty.
    #[getter]
    fn password(&self) -> Option<&str> {
        self.url.password()
    }

    /// The host as written; `None` when the URL has no authority.
    #[getter]
    fn host(&self) -> Option<&str> {
        self.url.host()
    }

    /// The explicit port: an `int` when its digits have a 16-bit value; the
    /// digits as written, a `str`, when none does (over 65535, or `""` for an
    /// empty port: RFC 1808 and RFC 3986 allow any digits); `None` only when
    /// absent. So a port over 65535 is never mistaken for no port, which
    /// would mean the default.
    #[getter]
    fn port<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(match (self.url.port(), self.url.port_str()) {
            (Some(port), _) => Some(port.into_pyobject(py)?.into_any()),
            (None, Some(digits)) => Some(digits.into_pyobject(py)?.into_any()),
            (None, None) => None,
        })
    }

    /// The port as written, without its `:`: `""` when empty, `None` when
    /// absent.
    #[getter]
    fn port_str(&self) -> Option<&str> {
        self.url.port_str()
    }

    /// The path, with its leading `/`.
    #[getter]
    fn path(&self) -> &str {
        self.url.path()
    }

    /// The query (search part), without `?`.
    #[getter]
    fn query(&self) -> Option<&str> {
        self.url.query()
    }

    /// The fragment, without `#`.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.url.fragment()
    }

    /// The scheme's typed view as a dict: `kind` and the scheme's fields,
    /// or `error` when the view cannot be made.
    #[getter]
    fn scheme_view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let view = match self.url.view() {
            Ok(view) => view,
            Err(e) => {
                dict.set_item("error", e.to_string())?;
                return Ok(dict);
            }
        };
        dict.set_item("kind", view.kind())?;
        for (name, field) in view.fields() {
            match field {
                Field::Text(t) => dict.set_item(name, t)?,
                Field::Number(n) => dict.set_item(name, n)?,
                Field::Bool(b) => dict.set_item(name, b)?,
                Field::List(l) => dict.set_item(name, l)?,
                Field::Pairs(pairs) => {
                    let list = PyList::empty(py);
                    for (k, v) in pairs {
                        list.append((k, v))?;
                    }
                    dict.set_item(name, list)?;
                }
                _ => dict.set_item(name, py.None())?,
            }
        }
        Ok(dict)
    }

    /// The canonical form (see `urikit.normalize`).
    fn normalize(&self) -> PyUrl {
        PyUrl::of(self.url.canonical())
    }

    /// Whether `other` has the same canonical form.
    fn equivalent(&self, other: &PyUrl) -> bool {
        self.url.equivalent(&other.url)
    }

    /// Resolves the partial form `reference` with this URL as its context,
    /// by the algorithm of this URL's spec.
    fn resolve(&self, py: Python<'_>, reference: &str) -> PyResult<PyUrl> {
        if self.url.spec() == Spec::Whatwg {
            return resolve_whatwg(py, &self.url, reference);
        }
        let url = self.url.resolve(reference).map_err(|e| raise_resolve(py, &e))?;
        Ok(PyUrl::of(url))
    }

    /// This URL with `component` set to `value` (`None` removes it), as a
    /// new URL; see `crate::editing`.
    #[pyo3(signature = (component, value))]
    fn set(&self, py: Python<'_>, component: &str, value: Option<&str>) -> PyResult<PyUrl> {
        crate::editing::set(py, self, component, value)
    }

    /// The template filled in from this URL, as `urikit get` writes it;
    /// see `crate::template`.
    #[pyo3(signature = (template, *, query_separator = "&", suffix_list = None, icann_only = false))]
    fn get(
        &self,
        py: Python<'_>,
        template: &str,
        query_separator: &str,
        suffix_list: Option<&Bound<'_, PyAny>>,
        icann_only: bool,
    ) -> PyResult<String> {
        crate::template::url_get(py, self, template, query_separator, suffix_list, icann_only)
    }

    /// The query's name–value pairs, as URLSearchParams decodes them.
    #[getter]
    fn search_params(&self) -> Vec<(String, String)> {
        crate::editing::pairs_of(self)
    }

    /// This URL with its query made of `params`, as a new URL.
    fn with_search_params(&self, py: Python<'_>, params: &Bound<'_, PyAny>) -> PyResult<PyUrl> {
        crate::editing::with_params(py, self, params)
    }

    fn __str__(&self) -> &str {
        self.url.as_str()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "urikit.Url({}, spec={})",
            py_repr(py, self.url.as_str())?,
            py_repr(py, self.url.spec().name())?
        ))
    }

    /// `==` and `<`: by the serialization, then the spec's name (so a `Url`
    /// equals another of the same string and spec, whatever its warnings);
    /// a `Url` and anything else, a `str` too, are never equal.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyUrl>() else {
            return Ok(py.NotImplemented());
        };
        let ordering = self.key().cmp(&other.get().key());
        Ok(op.matches(ordering).into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.key().hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles as the serialization, the spec and the warnings, which
    /// `_rebuild` parses again (no offsets cross: the parser makes them).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let rebuild = py.get_type::<PyUrl>().getattr("_rebuild")?;
        let state = (self.url.as_str(), self.url.spec().name(), self.warnings.clone());
        Ok((rebuild, state.into_pyobject(py)?.into_any()))
    }

    /// The URL whose serialization is `text` by `spec`: a strict parse, or
    /// a lenient one for what a lenient parse let pass (and by WHATWG), the
    /// same string or an error; `warnings` are those of the first parse.
    #[classmethod]
    fn _rebuild(
        cls: &Bound<'_, pyo3::types::PyType>,
        text: &str,
        spec: &str,
        warnings: Vec<(usize, String, Option<String>)>,
    ) -> PyResult<PyUrl> {
        let (py, spec) = (cls.py(), spec_of(Some(spec))?);
        let url = match urikit::Url::parse_with(text, spec) {
            Ok(url) => url,
            Err(_) => {
                urikit::Url::parse_lenient_with(text, spec)
                    .map_err(|e| raise_parse(py, &e))?
                    .0
            }
        };
        if url.as_str() != text {
            return Err(PyValueError::new_err(format!(
                "{text:?} is not a URL's serialization by {}",
                spec.name()
            )));
        }
        Ok(PyUrl { url, warnings })
    }

    /// A `Url` is immutable: its copy is itself.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

impl PyUrl {
    /// What `==`, `<` and `hash` compare.
    fn key(&self) -> (&str, &'static str) {
        (self.url.as_str(), self.url.spec().name())
    }
}

/// Parses `text` by `spec`, against `base` when given; with `lenient`,
/// repairs what browsers repair first (`None`: the spec's default, lenient
/// by WHATWG only).
#[pyfunction]
#[pyo3(signature = (text, spec = None, lenient = None, *, base = None))]
pub fn parse(
    py: Python<'_>,
    text: &str,
    spec: Option<&str>,
    lenient: Option<bool>,
    base: Option<&str>,
) -> PyResult<PyUrl> {
    PyUrl::new(py, text, spec, lenient, base)
}

/// Whether `text` is a valid URL by `spec`, as `urikit check` says:
/// strictly unless `lenient` (by WHATWG, no validation error; with
/// `lenient`, whether the parser does not fail). Unlike `parse`, whose
/// WHATWG default is lenient, `lenient` is `False` unless given.
#[pyfunction]
#[pyo3(signature = (text, spec = None, *, lenient = None, base = None))]
pub fn is_valid(
    py: Python<'_>,
    text: &str,
    spec: Option<&str>,
    lenient: Option<bool>,
    base: Option<&str>,
) -> PyResult<bool> {
    Ok(parsing_of(py, spec, Some(lenient.unwrap_or(false)), base)?.is_valid(text))
}

/// Every violation of `text` against `spec`, in input order, as `ParseError`
/// values (not raised); empty when it is valid.
#[pyfunction]
#[pyo3(signature = (text, spec = None))]
pub fn validate<'py>(py: Python<'py>, text: &str, spec: Option<&str>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    urikit::validate(text, spec_of(spec)?)
        .iter()
        .map(|e| parse_error(py, e))
        .collect()
}

/// The canonical form of `text` (by WHATWG, its `href`), parsed as `parse`
/// parses it.
#[pyfunction]
#[pyo3(signature = (text, spec = None, *, lenient = None, base = None))]
pub fn normalize(
    py: Python<'_>,
    text: &str,
    spec: Option<&str>,
    lenient: Option<bool>,
    base: Option<&str>,
) -> PyResult<String> {
    let url = parse_url(py, text, &parsing_of(py, spec, lenient, base)?)?;
    Ok(url.url.canonical().into_string())
}

/// Whether `a` and `b` have the same canonical form.
#[pyfunction]
#[pyo3(signature = (a, b, spec = None))]
pub fn equivalent(py: Python<'_>, a: &str, b: &str, spec: Option<&str>) -> PyResult<bool> {
    let parsing = parsing_of(py, spec, None, None)?;
    Ok(parse_url(py, a, &parsing)?
        .url
        .equivalent(&parse_url(py, b, &parsing)?.url))
}

/// `reference` parsed by the basic URL parser against `base` (`new
/// URL(reference, base)`), its warnings kept; a failure is a
/// `ResolveError`, as for the other specs.
fn resolve_whatwg(py: Python<'_>, base: &urikit::Url, reference: &str) -> PyResult<PyUrl> {
    match urikit::Url::parse_lenient_with_base(reference, base) {
        Ok((url, warnings)) => Ok(PyUrl::with_warnings(url, &warnings)),
        // The same parse again, for the error in resolve's own words.
        Err(e) => Err(match base.resolve_with(reference, Spec::Whatwg) {
            Err(e) => raise_resolve(py, &e),
            Ok(_) => raise_parse(py, &e),
        }),
    }
}

/// Resolves `reference` with `base` as its context (WHATWG: `new
/// URL(reference, base)`).
#[pyfunction]
#[pyo3(signature = (base, reference, spec = None))]
pub fn resolve(py: Python<'_>, base: &str, reference: &str, spec: Option<&str>) -> PyResult<PyUrl> {
    let spec = spec_of(spec)?;
    let base = parse_default(py, base, Some(spec.name()))?;
    if spec == Spec::Whatwg {
        return resolve_whatwg(py, &base, reference);
    }
    let url = base.resolve_with(reference, spec).map_err(|e| raise_resolve(py, &e))?;
    Ok(PyUrl::of(url))
}

/// The shortest reference that resolves against `base` to `target`.
#[pyfunction]
#[pyo3(signature = (base, target, spec = None))]
pub fn relative(py: Python<'_>, base: &str, target: &str, spec: Option<&str>) -> PyResult<String> {
    let spec = spec_of(spec)?;
    let base = parse_default(py, base, Some(spec.name()))?;
    let target = parse_default(py, target, Some(spec.name()))?;
    Ok(urikit::relative(&base, &target, spec))
}

/// The access plan of `text` as a transcript: `> ` lines are sent, `# `
/// lines are comments.
#[pyfunction]
#[pyo3(signature = (text, spec = None))]
pub fn plan(py: Python<'_>, text: &str, spec: Option<&str>) -> PyResult<String> {
    let url = parse_default(py, text, spec)?;
    let plan = url
        .view()
        .and_then(|view| view.plan())
        .map_err(|e| raise_scheme(py, &e, url.as_str()))?;
    Ok(plan.to_string())
}

/// A URL found in text.
#[pyclass(frozen, module = "urikit", name = "Found", get_all)]
pub struct PyFound {
    /// The URL, wrapper and line-break whitespace removed.
    url: String,
    /// Line of its first byte, from 1.
    line: u64,
    /// Column of its first byte, in bytes from 1.
    column: u64,
    /// Byte offset of its start in the text, wrapper included.
    start: u64,
    /// Byte offset of its end in the text, wrapper included.
    end: u64,
    /// `"url"`, `"angle"` or `"bare"`.
    wrapper: &'static str,
    /// For a bare URL that goes on past US-ASCII: the byte offset of the
    /// first character outside it, where `url` stops short.
    cut: Option<u64>,
    /// Then the URL as written, taken whole (`None` otherwise).
    whole: Option<String>,
}

#[pymethods]
impl PyFound {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        // A URL cut short says so in its repr too.
        let cut = match (self.cut, &self.whole) {
            (Some(cut), Some(whole)) => format!(", cut={cut}, whole={}", py_repr(py, whole)?),
            _ => String::new(),
        };
        Ok(format!(
            "urikit.Found(url={}, line={}, column={}, wrapper={}{cut})",
            py_repr(py, &self.url)?,
            self.line,
            self.column,
            py_repr(py, self.wrapper)?
        ))
    }
}

/// The URLs in `text`, in order.
#[pyfunction]
pub fn extract(text: &str) -> Vec<PyFound> {
    urikit::text::find_urls(text)
        .map(|f| PyFound {
            line: f.line,
            column: f.column,
            start: f.range.start,
            end: f.range.end,
            wrapper: f.wrapper.name(),
            cut: f.cut.as_ref().map(|cut| cut.offset),
            whole: f.cut.map(|cut| cut.whole),
            url: f.url,
        })
        .collect()
}

/// One hazard `lint` found.
#[pyclass(frozen, module = "urikit", name = "Finding", get_all)]
pub struct PyFinding {
    /// A stable short name (`"port-not-default"`).
    code: &'static str,
    /// `"info"`, `"warning"` or `"error"`.
    severity: String,
    /// Where the hazard is described (`"RFC 1738 §6"`).
    section: &'static str,
    /// Byte offset in the URL, where there is one.
    offset: Option<usize>,
    /// What was found.
    message: String,
}

#[pymethods]
impl PyFinding {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let offset = match self.offset {
            Some(offset) => offset.to_string(),
            None => "None".to_owned(),
        };
        Ok(format!(
            "urikit.Finding(code={}, severity={}, offset={offset})",
            py_repr(py, self.code)?,
            py_repr(py, &self.severity)?
        ))
    }

    fn __str__(&self) -> String {
        match self.offset {
            Some(offset) => format!("{}[{}]: {} at offset {offset}", self.severity, self.code, self.message),
            None => format!("{}[{}]: {}", self.severity, self.code, self.message),
        }
    }
}

/// The hazards the specifications warn of in `text`.
#[pyfunction]
#[pyo3(signature = (text, spec = None))]
pub fn lint(text: &str, spec: Option<&str>) -> PyResult<Vec<PyFinding>> {
    Ok(urikit::lint::lint(text, spec_of(spec)?)
        .into_iter()
        .map(|f| PyFinding {
            code: f.code,
            severity: f.severity.to_string(),
            section: f.section,
            offset: f.offset,
            message: f.message,
        })
        .collect())
}

/// `text` percent-encoded by the encode set named `set` (`urikit encode
/// --help` lists them: `uchar`, `search`, ...).
#[pyfunction]
#[pyo3(signature = (text, set = "uchar"))]
pub fn encode(text: &str, set: &str) -> PyResult<String> {
    let Some(set) = urikit::pct::EncodeSet::by_name(set) else {
        let names: Vec<&str> = urikit::pct::EncodeSet::ALL.iter().map(|s| s.name()).collect();
        return Err(PyValueError::new_err(format!(
            "no encode set is named {set:?}; the sets are {}",
            names.join(", ")
        )));
    };
    Ok(urikit::pct::encode(text, &set).into_owned())
}

/// The octets `text` percent-decodes to (`form`: `+` is a space too, as in
/// a search string or a form); a `%` without two hex digits is a
/// `ValueError` whose `offset` is the `%`'s.
#[pyfunction]
#[pyo3(signature = (text, form = false))]
pub fn decode<'py>(py: Python<'py>, text: &str, form: bool) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let decoded = if form {
        urikit::pct::decode_form(text)
    } else {
        urikit::pct::decode(text)
    };
    match decoded {
        Ok(octets) => Ok(pyo3::types::PyBytes::new(py, &octets)),
        Err(e) => {
            let err = PyValueError::new_err(e.to_string());
            err.value(py).setattr("offset", e.offset)?;
            Err(err)
        }
    }
}

/// `text` (against `base`) under every spec, side by side, and the
/// verdicts where they disagree: the dict `urikit explain --json` writes.
#[pyfunction]
#[pyo3(signature = (text, base = None))]
pub fn explain<'py>(py: Python<'py>, text: &str, base: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
    let e = urikit::explain::explain(text, base).map_err(|e| raise_parse(py, &e))?;
    let json = serde_json::to_string(&e).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (json,))
}

/// The default spec's name: `URIKIT_SPEC`, or `"rfc1738"`.
#[pyfunction]
pub fn default_spec() -> PyResult<&'static str> {
    Ok(spec_of(None)?.name())
}

/// The name of the spec `spec` names (any case), or of the default.
#[pyfunction]
#[pyo3(signature = (spec = None))]
pub fn spec_name(spec: Option<&str>) -> PyResult<&'static str> {
    Ok(spec_of(spec)?.name())
}

/// `s` as Python's `repr` writes a `str` (quotes and escapes), so that a
/// value's repr reads as Python, not as Rust's `Debug`.
fn py_repr(py: Python<'_>, s: &str) -> PyResult<String> {
    Ok(pyo3::types::PyString::new(py, s).repr()?.to_string())
}
