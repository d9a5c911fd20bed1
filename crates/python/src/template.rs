//! Templates of components (`urikit.get(url, "{host}")`, `Url.get`), the
//! engine of `urikit get` ([`urikit::template`]).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urikit::public_suffix::SuffixList;
use urikit::template::{Options, RenderError, Template};
use urikit::UrlRef;

use crate::domains::{builtin_rules, rules_of, Rules};
use crate::scalar::{parsing_of, raise_failure, PyUrl};

pyo3::create_exception!(
    urikit,
    TemplateError,
    PyValueError,
    "A template that is not one, or a URL that a field of the template refuses ({must:...}, {strict:...}, \
     a host UTS #46 refuses): `offset` (into the template), `field` (the field that refused, or None) and `message`."
);

/// `e` raised as a `TemplateError`.
fn raise_template(py: Python<'_>, e: &urikit::template::TemplateError) -> PyErr {
    let err = TemplateError::new_err(e.to_string());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("offset", e.offset)?;
        value.setattr("field", py.None())?;
        value.setattr("message", e.kind.to_string())?;
        Ok(())
    };
    set().err().unwrap_or(err)
}

/// `e` raised as a `TemplateError`.
fn raise_render(py: Python<'_>, e: &RenderError) -> PyErr {
    let err = TemplateError::new_err(e.to_string());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("offset", e.offset)?;
        value.setattr("field", &e.field)?;
        value.setattr("message", e.kind.to_string())?;
        Ok(())
    };
    set().err().unwrap_or(err)
}

/// A template and what its fields read: parsed once, for a call or a
/// column.
pub struct Getter {
    template: Template,
    sep: u8,
    /// The Public Suffix List, when a field reads it.
    rules: Option<Rules>,
}

impl Getter {
    /// `template` with `query_separator` (one ASCII character) and the
    /// list `suffix_list` gives (`None`: the compiled-in one), its ICANN
    /// section only with `icann_only`.
    pub fn new(
        py: Python<'_>,
        template: &str,
        query_separator: &str,
        suffix_list: Option<&Bound<'_, PyAny>>,
        icann_only: bool,
    ) -> PyResult<Getter> {
        let template = Template::parse(template).map_err(|e| raise_template(py, &e))?;
        let sep = separator(query_separator).map_err(PyValueError::new_err)?;
        let rules = match template.uses_suffix_list() {
            true => Some(rules_of(suffix_list, icann_only)?),
            false => None,
        };
        Ok(Getter { template, sep, rules })
    }

    /// [`Getter::new`] with the compiled-in list, made without Python (the
    /// Polars plugin runs on Polars' threads).
    ///
    /// # Errors
    ///
    /// What is wrong with the template or the separator, in words.
    pub fn with_builtin_list(template: &str, query_separator: &str, icann_only: bool) -> Result<Getter, String> {
        let template = Template::parse(template).map_err(|e| e.to_string())?;
        let sep = separator(query_separator)?;
        let rules = template.uses_suffix_list().then(|| builtin_rules(icann_only));
        Ok(Getter { template, sep, rules })
    }

    /// The template.
    pub fn template(&self) -> &Template {
        &self.template
    }

    /// How the template reads a URL.
    pub fn options(&self) -> Options<'_> {
        let options = Options::new().query_separator(self.sep);
        match &self.rules {
            Some(rules) => {
                let list: &SuffixList = rules;
                options.suffix_list(list)
            }
            None => options,
        }
    }

    /// The template filled in from `url`.
    ///
    /// # Errors
    ///
    /// The field that refuses the URL.
    pub fn render(&self, url: &UrlRef<'_>) -> Result<String, RenderError> {
        self.template.render_with(url, &self.options())
    }
}

/// `query_separator` as the octet it is: one ASCII character.
fn separator(query_separator: &str) -> Result<u8, String> {
    match query_separator.as_bytes() {
        [b] if b.is_ascii() => Ok(*b),
        _ => Err(format!(
            "query_separator is one ASCII character, found {query_separator:?}"
        )),
    }
}

/// `urikit.get`: the template filled in from `text` parsed as `parse`
/// parses it.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (text, template, spec = None, lenient = None, *, base = None, query_separator = "&", suffix_list = None, icann_only = false))]
pub fn get(
    py: Python<'_>,
    text: &str,
    template: &str,
    spec: Option<&str>,
    lenient: Option<bool>,
    base: Option<&str>,
    query_separator: &str,
    suffix_list: Option<&Bound<'_, PyAny>>,
    icann_only: bool,
) -> PyResult<String> {
    let parsing = parsing_of(py, spec, lenient, base)?;
    let getter = Getter::new(py, template, query_separator, suffix_list, icann_only)?;
    parsing.with(text, |url| match url {
        Ok(url) => getter.render(&url).map_err(|e| raise_render(py, &e)),
        Err(e) => Err(raise_failure(py, &e)),
    })
}

/// `Url.get`: the template filled in from `url`.
pub fn url_get(
    py: Python<'_>,
    url: &PyUrl,
    template: &str,
    query_separator: &str,
    suffix_list: Option<&Bound<'_, PyAny>>,
    icann_only: bool,
) -> PyResult<String> {
    let getter = Getter::new(py, template, query_separator, suffix_list, icann_only)?;
    getter.render(&url.url.as_url_ref()).map_err(|e| raise_render(py, &e))
}
