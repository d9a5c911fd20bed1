//! Editing a URL: `Url.set` (a component by urikit's name, or by the URL
//! API's setter for a WHATWG URL), the URL's query as URLSearchParams reads
//! it, and the `SearchParams` class (`URLSearchParams`).
//!
//! A `Url` stays immutable: each edit returns a new one, and a refused edit
//! raises `ParseError` with the original untouched.

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PyString, PyTuple};
use urikit::whatwg::api::Taken;
use urikit::whatwg::search_params::UrlSearchParams;
use urikit::{Edit, Target};

use crate::scalar::{raise_parse, PyUrl};

/// `Url.set`: `url` with `component` set to `value` (`None` removes it
/// where the spec allows), as a new URL. The name is read as the command
/// line's `edit --set` reads it ([`Target::parse`]).
pub fn set(py: Python<'_>, url: &PyUrl, component: &str, value: Option<&str>) -> PyResult<PyUrl> {
    let target = Target::parse(component, url.url.spec()).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let edit = match value {
        Some(value) => Edit::set(target, value),
        None => Edit::remove(target),
    };
    let mut new = url.url.clone();
    let taken = new.apply(&edit).map_err(|e| raise_parse(py, &e))?;
    if let Taken::Part { why, .. } = taken {
        // The URL changes as the standard says; what it left out is said,
        // as the command says it.
        let value = value.unwrap_or("");
        let message = format!(
            "the {} setter took {:?} and ignored {:?}: {why}",
            target.setter(),
            taken.used(value),
            taken.ignored(value).unwrap_or_default()
        );
        let message = std::ffi::CString::new(message).map_err(|e| PyValueError::new_err(e.to_string()))?;
        PyErr::warn(py, &py.get_type::<PartIgnoredWarning>(), &message, 1)?;
    }
    Ok(PyUrl::of(new))
}

pyo3::create_exception!(
    urikit,
    PartIgnoredWarning,
    pyo3::exceptions::PyUserWarning,
    "A URL API setter took a part of its value and ignored the rest, as the URL Standard says (a port of \"8080abc\" sets 8080)."
);

/// `url.search_params`: the query's name–value pairs, decoded as
/// URLSearchParams decodes them.
pub fn pairs_of(url: &PyUrl) -> Vec<(String, String)> {
    url.url
        .search_params()
        .iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

/// `Url.with_search_params`: `url` whose query is `params` serialized (an
/// empty list removes the query), as a new URL.
pub fn with_params(py: Python<'_>, url: &PyUrl, params: &Bound<'_, PyAny>) -> PyResult<PyUrl> {
    let params = params_of(params)?;
    let mut new = url.url.clone();
    params.update(&mut new).map_err(|e| raise_parse(py, &e))?;
    Ok(PyUrl::of(new))
}

/// A list of name–value pairs from `init`, as `new URLSearchParams(init)`
/// takes it: a string (a leading `?` dropped), a `Url` (its query), a
/// `SearchParams`, a mapping (a record), or an iterable of pairs.
fn params_of(init: &Bound<'_, PyAny>) -> PyResult<UrlSearchParams<'static>> {
    if let Ok(text) = init.cast::<PyString>() {
        return Ok(UrlSearchParams::parse(&text.to_cow()?).into_owned());
    }
    if let Ok(url) = init.cast::<PyUrl>() {
        return Ok(url.get().url.search_params().into_owned());
    }
    if let Ok(params) = init.cast::<PySearchParams>() {
        return Ok(params.borrow().params.clone());
    }
    if let Ok(dict) = init.cast::<PyDict>() {
        let mut list = Vec::with_capacity(dict.len());
        for (name, value) in dict.iter() {
            list.push((text_of(&name, "a name")?, text_of(&value, "a value")?));
        }
        return Ok(list.into_iter().collect());
    }
    let Ok(items) = PyIterator::from_object(init) else {
        return Err(PyTypeError::new_err(format!(
            "expected a str, a Url, a SearchParams, a dict or an iterable of (name, value) pairs, found {}",
            init.get_type().name()?
        )));
    };
    let mut list = Vec::new();
    for (i, item) in items.enumerate() {
        let item = item?;
        let pair: Vec<Bound<'_, PyAny>> = match item.cast::<PyString>() {
            // A str is iterable too, but is no pair.
            Ok(_) => Vec::new(),
            Err(_) => item.try_iter().and_then(|it| it.collect()).unwrap_or_default(),
        };
        let [name, value] = pair.as_slice() else {
            return Err(PyTypeError::new_err(format!(
                "item {i} is not a (name, value) pair, found {}",
                item.repr()?
            )));
        };
        list.push((text_of(name, "a name")?, text_of(value, "a value")?));
    }
    Ok(list.into_iter().collect())
}

fn text_of(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be a str, found {}",
            value.get_type().name()?
        ))),
    }
}

/// A list of name–value pairs, as JavaScript's `URLSearchParams`: made from
/// a query string, a URL, a dict or pairs; `str()` is its
/// `application/x-www-form-urlencoded` serialization.
#[pyclass(module = "urikit", name = "SearchParams")]
pub struct PySearchParams {
    params: UrlSearchParams<'static>,
}

#[pymethods]
impl PySearchParams {
    #[new]
    #[pyo3(signature = (init = None))]
    fn new(init: Option<&Bound<'_, PyAny>>) -> PyResult<PySearchParams> {
        let params = match init {
            Some(init) => params_of(init)?,
            None => UrlSearchParams::new(),
        };
        Ok(PySearchParams { params })
    }

    /// Appends a pair.
    fn append(&mut self, name: String, value: String) {
        self.params.append(name, value);
    }

    /// Removes every pair named `name` (with `value`, only those with that
    /// value).
    #[pyo3(signature = (name, value = None))]
    fn delete(&mut self, name: &str, value: Option<&str>) {
        self.params.delete(name, value);
    }

    /// Whether a pair is named `name` (with `value`, and has that value).
    #[pyo3(signature = (name, value = None))]
    fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.params.has(name, value)
    }

    /// The value of the first pair named `name`; `None` when there is none.
    fn get(&self, name: &str) -> Option<String> {
        self.params.get(name).map(str::to_owned)
    }

    /// The values of the pairs named `name`, in order.
    fn get_all(&self, name: &str) -> Vec<String> {
        self.params.get_all(name).map(str::to_owned).collect()
    }

    /// Sets the first pair named `name` to `value` and removes the others
    /// of that name; appends the pair when there is none.
    fn set(&mut self, name: String, value: String) {
        self.params.set(name, value);
    }

    /// Sorts the pairs by name, by UTF-16 code units, keeping the order of
    /// pairs of the same name.
    fn sort(&mut self) {
        self.params.sort();
    }

    fn __len__(&self) -> usize {
        self.params.len()
    }

    fn __contains__(&self, name: &str) -> bool {
        self.params.has(name, None)
    }

    /// The pairs as they are now, as `(name, value)` tuples.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let pairs = PyList::empty(py);
        for (name, value) in self.params.iter() {
            pairs.append(PyTuple::new(py, [name, value])?)?;
        }
        pairs.try_iter()
    }

    fn __str__(&self) -> String {
        self.params.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &self.params.to_string()).repr()?;
        Ok(format!("urikit.SearchParams({text})"))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PySearchParams>() else {
            return Ok(py.NotImplemented());
        };
        equality(py, self.params == other.borrow().params, op)
    }
}

/// `==` and `!=` of a value with no order, `equal` saying whether the two
/// are equal; `NotImplemented` for `<` and the others.
pub(crate) fn equality(py: Python<'_>, equal: bool, op: CompareOp) -> PyResult<Py<PyAny>> {
    match op {
        CompareOp::Eq => Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind()),
        CompareOp::Ne => Ok((!equal).into_pyobject(py)?.to_owned().into_any().unbind()),
        _ => Ok(py.NotImplemented()),
    }
}
