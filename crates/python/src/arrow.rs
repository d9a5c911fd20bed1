//! The Arrow kernels of [`crate::kernels`] as Python functions over one
//! array; `urikit.arrow` (Python) handles chunked arrays and streams.

use std::sync::Arc;

use crate::domain_kernels::{self, SuffixPart};
use crate::domains::rules_of;
use crate::explain_kernels;
use crate::kernels::{self, Component};
use crate::scalar::parsing_of;
use crate::template::Getter;
use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::PyArray;

/// The threads to use: `threads`, or every core.
fn threads_of(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// Runs `kernel` over `array` with the GIL released, and returns the result
/// as a pyarrow array.
fn run<'py>(
    py: Python<'py>,
    array: PyArray,
    threads: Option<usize>,
    kernel: impl Fn(&dyn Array) -> Result<ArrayRef, ArrowError> + Sync + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = threads_of(threads)?;
    let (array, _field) = array.into_inner();
    let result = py
        .detach(|| kernels::parallel(&array, threads, kernel))
        .map_err(|e| PyTypeError::new_err(e.to_string()))?;
    let result = Bound::new(py, PyArray::from_array_ref(result))?;
    py.import("pyarrow")?.getattr("array")?.call1((result,))
}

fn arc<A: Array + 'static>(result: Result<A, ArrowError>) -> Result<ArrayRef, ArrowError> {
    result.map(|a| Arc::new(a) as ArrayRef)
}

/// `urikit.arrow.is_valid` over one array: strictly unless `lenient`, as
/// `urikit.is_valid`.
#[pyfunction]
#[pyo3(signature = (array, spec = None, threads = None, lenient = None, base = None))]
pub fn arrow_is_valid<'py>(
    py: Python<'py>,
    array: PyArray,
    spec: Option<&str>,
    threads: Option<usize>,
    lenient: Option<bool>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let parsing = parsing_of(py, spec, Some(lenient.unwrap_or(false)), base)?;
    run(py, array, threads, move |a| arc(kernels::is_valid(a, &parsing)))
}

/// `urikit.arrow.parse` over one array.
#[pyfunction]
#[pyo3(signature = (array, spec = None, threads = None, scheme_view = false, lenient = None, base = None))]
pub fn arrow_parse<'py>(
    py: Python<'py>,
    array: PyArray,
    spec: Option<&str>,
    threads: Option<usize>,
    scheme_view: bool,
    lenient: Option<bool>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let parsing = parsing_of(py, spec, lenient, base)?;
    run(py, array, threads, move |a| {
        arc(kernels::parse_with(a, &parsing, scheme_view))
    })
}

/// `urikit.arrow.normalize` over one array.
#[pyfunction]
#[pyo3(signature = (array, spec = None, threads = None, lenient = None, base = None))]
pub fn arrow_normalize<'py>(
    py: Python<'py>,
    array: PyArray,
    spec: Option<&str>,
    threads: Option<usize>,
    lenient: Option<bool>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let parsing = parsing_of(py, spec, lenient, base)?;
    run(py, array, threads, move |a| arc(kernels::normalize(a, &parsing)))
}

/// `urikit.arrow.get` over one array.
#[pyfunction]
#[pyo3(signature = (array, component, spec = None, threads = None, lenient = None, base = None))]
pub fn arrow_get<'py>(
    py: Python<'py>,
    array: PyArray,
    component: &str,
    spec: Option<&str>,
    threads: Option<usize>,
    lenient: Option<bool>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let parsing = parsing_of(py, spec, lenient, base)?;
    let component = kernels::component_named(component).ok_or_else(|| {
        let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        PyValueError::new_err(format!(
            "unknown component {component:?}, expected one of: {}",
            names.join(", ")
        ))
    })?;
    run(py, array, threads, move |a| arc(kernels::get(a, component, &parsing)))
}

/// `urikit.arrow.get_template` over one array: `template` filled in from
/// each row.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (array, template, spec = None, threads = None, lenient = None, base = None, query_separator = "&", suffix_list = None, icann_only = false))]
pub fn arrow_get_template<'py>(
    py: Python<'py>,
    array: PyArray,
    template: &str,
    spec: Option<&str>,
    threads: Option<usize>,
    lenient: Option<bool>,
    base: Option<&str>,
    query_separator: &str,
    suffix_list: Option<&Bound<'py, PyAny>>,
    icann_only: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let parsing = parsing_of(py, spec, lenient, base)?;
    let getter = Getter::new(py, template, query_separator, suffix_list, icann_only)?;
    run(py, array, threads, move |a| {
        arc(kernels::render(a, getter.template(), &getter.options(), &parsing))
    })
}

/// `urikit.arrow.public_suffix`, `registrable_domain` and `subdomain` over
/// one array: `part` is `"suffix"`, `"domain"` or `"subdomain"`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (array, part, spec = None, threads = None, hosts = false, icann_only = false, suffix_list = None, lenient = None, base = None))]
pub fn arrow_suffix_part<'py>(
    py: Python<'py>,
    array: PyArray,
    part: &str,
    spec: Option<&str>,
    threads: Option<usize>,
    hosts: bool,
    icann_only: bool,
    suffix_list: Option<&Bound<'py, PyAny>>,
    lenient: Option<bool>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let part = match part {
        "suffix" => SuffixPart::Suffix,
        "domain" => SuffixPart::Domain,
        "subdomain" => SuffixPart::Subdomain,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown part {part:?}, expected suffix, domain or subdomain"
            )))
        }
    };
    let parsing = match hosts {
        true => None,
        false => Some(parsing_of(py, spec, lenient, base)?),
    };
    let rules = rules_of(suffix_list, icann_only)?;
    run(py, array, threads, move |a| {
        arc(domain_kernels::suffix_part(a, part, &rules, parsing.as_ref()))
    })
}

/// `urikit.arrow.explain_verdicts` over one array (`_spec` is not read:
/// each row is read under every spec).
#[pyfunction]
#[pyo3(signature = (array, _spec = None, threads = None, base = None))]
pub fn arrow_explain_verdicts<'py>(
    py: Python<'py>,
    array: PyArray,
    _spec: Option<&str>,
    threads: Option<usize>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let base = base.map(str::to_owned);
    run(py, array, threads, move |a| {
        arc(explain_kernels::explain_verdicts(a, base.as_deref()))
    })
}

/// `urikit.arrow.domain_to_ascii` over one array (`_spec` is not read: the
/// rows are domains).
#[pyfunction]
#[pyo3(signature = (array, _spec = None, threads = None, strict = false))]
pub fn arrow_domain_to_ascii<'py>(
    py: Python<'py>,
    array: PyArray,
    _spec: Option<&str>,
    threads: Option<usize>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    run(py, array, threads, move |a| {
        arc(domain_kernels::domain_to_ascii(a, strict))
    })
}

/// `urikit.arrow.match` over one array: whether each row matches `pattern`
/// (a `URLPattern`, a constructor string with `base_url`, or a dict).
#[pyfunction]
#[pyo3(signature = (array, pattern, base_url = None, threads = None))]
pub fn arrow_match<'py>(
    py: Python<'py>,
    array: PyArray,
    pattern: &Bound<'py, PyAny>,
    base_url: Option<&str>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let pattern = crate::pattern::pattern_of(py, pattern, base_url)?;
    run(py, array, threads, move |a| arc(crate::pattern::matches(a, &pattern)))
}
