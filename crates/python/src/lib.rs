//! The `urikit` Python module (`urikit._urikit`): the scalar API
//! ([`scalar`]), editing and query parameters ([`editing`]), domains
//! ([`domains`]: IDNA, the Public Suffix List), templates of components
//! ([`template`]: `urikit get`'s engine) and the Arrow kernels
//! ([`kernels`], [`domain_kernels`], [`explain_kernels`]) behind
//! `urikit.arrow`, and the Polars expression plugin behind `urikit.polars`
//! (the crate's one module with unsafe code: Polars' plugin interface is
//! C functions).
//!
//! The Python package around it (`python/urikit/`) adds the `Spec` enum,
//! chunked arrays and streams, and the Spark front end.

pub mod arrow;
pub mod domain_kernels;
pub mod domains;
pub mod editing;
pub mod explain_kernels;
pub mod kernels;
pub mod parsing;
pub mod pattern;
mod polars_plugin;
pub mod scalar;
pub mod template;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _urikit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // The crate's version is the package's: pyproject.toml takes it from
    // Cargo.toml (`dynamic = ["version"]`).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ParseError", py.get_type::<scalar::ParseError>())?;
    m.add("ResolveError", py.get_type::<scalar::ResolveError>())?;
    m.add("SchemeError", py.get_type::<scalar::SchemeError>())?;
    m.add("TemplateError", py.get_type::<template::TemplateError>())?;
    m.add("PartIgnoredWarning", py.get_type::<editing::PartIgnoredWarning>())?;
    m.add("URLPatternError", py.get_type::<pattern::URLPatternError>())?;
    m.add_class::<scalar::PyUrl>()?;
    m.add_class::<scalar::PyParseWarning>()?;
    m.add_class::<scalar::PyFound>()?;
    m.add_class::<scalar::PyFinding>()?;
    m.add_class::<editing::PySearchParams>()?;
    m.add_class::<domains::PySuffixList>()?;
    m.add_class::<pattern::PyUrlPattern>()?;
    m.add_function(wrap_pyfunction!(domains::domain_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(domains::domain_to_unicode, m)?)?;
    m.add_function(wrap_pyfunction!(domains::host, m)?)?;
    m.add_function(wrap_pyfunction!(domains::public_suffix, m)?)?;
    m.add_function(wrap_pyfunction!(domains::registrable_domain, m)?)?;
    m.add_function(wrap_pyfunction!(domains::subdomain, m)?)?;
    m.add_function(wrap_pyfunction!(template::get, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::parse, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::validate, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::relative, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::plan, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::extract, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::lint, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::explain, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::encode, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::decode, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::default_spec, m)?)?;
    m.add_function(wrap_pyfunction!(scalar::spec_name, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_parse, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_get, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_get_template, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_suffix_part, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_domain_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_explain_verdicts, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_match, m)?)?;
    Ok(())
}
