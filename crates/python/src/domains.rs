//! Domains: IDNA as the URL Standard runs it (`domain_to_ascii`,
//! `domain_to_unicode`), bare hosts by its host parser (`host`), and the
//! Public Suffix List (`SuffixList`,
//! `public_suffix`, `registrable_domain`, `subdomain`).

use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use urikit::public_suffix::{Section, SuffixList, BUILTIN_VERSION};

use crate::scalar::raise_parse;

/// The URL Standard's domain parser: `domain` in ASCII (Punycode), by UTS
/// #46 with the standard's flags; with `strict`, the strict test of a valid
/// domain. Raises `ParseError` (rule `domain-to-ASCII`).
#[pyfunction]
#[pyo3(signature = (domain, strict = false))]
pub fn domain_to_ascii(py: Python<'_>, domain: &str, strict: bool) -> PyResult<String> {
    urikit::whatwg::domain_to_ascii(domain, strict)
        .map(|d| d.into_owned())
        .map_err(|e| raise_parse(py, &e))
}

/// The URL Standard's domain to Unicode: `domain` with its Punycode labels
/// decoded (as given when one does not decode).
#[pyfunction]
pub fn domain_to_unicode(py: Python<'_>, domain: &str) -> PyResult<String> {
    urikit::whatwg::domain_to_unicode(domain)
        .map(|d| d.into_owned())
        .map_err(|e| raise_parse(py, &e))
}

/// The URL Standard's host parser on a host by itself (as the host of a
/// URL with a special scheme): the serialized host (a domain in ASCII, an
/// IPv4 address in any form as dotted decimal, an IPv6 address compressed in
/// brackets), or with `unicode` the form a browser displays. Raises
/// `ParseError` naming the validation error that failed.
#[pyfunction]
#[pyo3(signature = (text, *, unicode = false))]
pub fn host(py: Python<'_>, text: &str, unicode: bool) -> PyResult<String> {
    let host = urikit::whatwg::host::parse(text).map_err(|e| raise_parse(py, &e))?;
    Ok(if unicode {
        host.to_unicode().into_owned()
    } else {
        host.into_string()
    })
}

/// A list's rules: the compiled-in list's, or a list of the caller's.
#[derive(Debug, Clone)]
pub enum Rules {
    /// [`SuffixList::builtin`] or [`SuffixList::builtin_icann`].
    Builtin(&'static SuffixList),
    /// A list parsed from text.
    Shared(Arc<SuffixList>),
}

impl Deref for Rules {
    type Target = SuffixList;

    fn deref(&self) -> &SuffixList {
        match self {
            Rules::Builtin(list) => list,
            Rules::Shared(list) => list,
        }
    }
}

/// A Public Suffix List: the compiled-in copy (`SuffixList()`), or one
/// parsed from the text of a `public_suffix_list.dat` (`SuffixList(text)`),
/// both sections or the ICANN section only.
#[pyclass(frozen, module = "urikit", name = "SuffixList")]
pub struct PySuffixList {
    rules: Rules,
    /// The ICANN section's view of a list of both, made on first use.
    icann: OnceLock<Rules>,
}

impl PySuffixList {
    /// The rules to answer by: this list's, or its ICANN section's.
    pub fn rules(&self, icann_only: bool) -> Rules {
        if !icann_only || self.rules.is_icann_only() {
            return self.rules.clone();
        }
        self.icann
            .get_or_init(|| match &self.rules {
                Rules::Builtin(_) => Rules::Builtin(SuffixList::builtin_icann()),
                Rules::Shared(list) => Rules::Shared(Arc::new(list.as_ref().clone().icann_only())),
            })
            .clone()
    }
}

/// The list that `text` (a `str` or `bytes`) holds, its ICANN section only
/// with `icann_only`; raises `ValueError` naming the line at fault.
fn parse_list(text: &Bound<'_, PyAny>, icann_only: bool) -> PyResult<SuffixList> {
    let parsed = if let Ok(s) = text.cast::<PyString>() {
        s.to_cow()?.parse::<SuffixList>()
    } else if let Ok(b) = text.cast::<PyBytes>() {
        SuffixList::from_bytes(b.as_bytes())
    } else {
        return Err(PyTypeError::new_err(format!(
            "a suffix list is a SuffixList, or its text as str or bytes, found {}",
            text.get_type().name()?
        )));
    };
    let py = text.py();
    let list = parsed.map_err(|e| {
        let err = PyValueError::new_err(e.to_string());
        match err.value(py).setattr("line", e.line) {
            Ok(()) => err,
            Err(other) => other,
        }
    })?;
    Ok(if icann_only { list.icann_only() } else { list })
}

#[pymethods]
impl PySuffixList {
    #[new]
    #[pyo3(signature = (text = None, *, icann_only = false))]
    fn new(text: Option<&Bound<'_, PyAny>>, icann_only: bool) -> PyResult<PySuffixList> {
        let rules = match text {
            None if icann_only => Rules::Builtin(SuffixList::builtin_icann()),
            None => Rules::Builtin(SuffixList::builtin()),
            Some(text) => Rules::Shared(Arc::new(parse_list(text, icann_only)?)),
        };
        Ok(PySuffixList {
            rules,
            icann: OnceLock::new(),
        })
    }

    /// The version of the compiled-in list (its `// VERSION:` line).
    #[classattr]
    const BUILTIN_VERSION: &'static str = BUILTIN_VERSION;

    /// Whether the list answers by its ICANN section only.
    #[getter]
    fn icann_only(&self) -> bool {
        self.rules.is_icann_only()
    }

    /// The public suffix of `host`; `None` for an IP address, an empty
    /// host or one with an empty label.
    fn public_suffix(&self, host: &str) -> Option<String> {
        self.rules.suffix(host).map(str::to_owned)
    }

    /// The registrable domain of `host`: its public suffix and the label
    /// before it; `None` when the host is a public suffix itself.
    fn registrable_domain(&self, host: &str) -> Option<String> {
        self.rules.registrable_domain(host).map(str::to_owned)
    }

    /// The labels of `host` before its registrable domain: `""` when the
    /// host is the registrable domain, `None` when it has none.
    fn subdomain(&self, host: &str) -> Option<String> {
        self.rules.subdomain(host).map(str::to_owned)
    }

    /// `(suffix, registrable_domain, subdomain, section)` of `host`, the
    /// section `"icann"`, `"private"` or `"unlisted"` (the default rule);
    /// `None` when it has no public suffix.
    #[allow(clippy::type_complexity)]
    fn parts(&self, host: &str) -> Option<(String, Option<String>, Option<String>, &'static str)> {
        self.rules.parts(host).map(|p| {
            let section = match p.section {
                Section::Icann => "icann",
                Section::Private => "private",
                Section::Unlisted => "unlisted",
            };
            (
                p.suffix.to_owned(),
                p.domain.map(str::to_owned),
                p.subdomain.map(str::to_owned),
                section,
            )
        })
    }

    fn __repr__(&self) -> String {
        let which = match self.rules {
            Rules::Builtin(_) => format!("the compiled-in list of {}", BUILTIN_VERSION),
            Rules::Shared(_) => "a list given as text".to_owned(),
        };
        let icann = if self.rules.is_icann_only() {
            ", ICANN section only"
        } else {
            ""
        };
        format!("<urikit.SuffixList: {which}{icann}>")
    }
}

/// The rules `suffix_list` (a `SuffixList`, its text, or `None` for the
/// compiled-in list) gives, its ICANN section only with `icann_only`.
pub fn rules_of(suffix_list: Option<&Bound<'_, PyAny>>, icann_only: bool) -> PyResult<Rules> {
    Ok(match suffix_list {
        None => builtin_rules(icann_only),
        Some(list) => match list.cast::<PySuffixList>() {
            Ok(list) => list.get().rules(icann_only),
            Err(_) => Rules::Shared(Arc::new(parse_list(list, icann_only)?)),
        },
    })
}

/// The compiled-in list's rules, its ICANN section's only with `icann_only`.
pub fn builtin_rules(icann_only: bool) -> Rules {
    match icann_only {
        true => Rules::Builtin(SuffixList::builtin_icann()),
        false => Rules::Builtin(SuffixList::builtin()),
    }
}

/// The public suffix of `host` by the Public Suffix List.
#[pyfunction]
#[pyo3(signature = (host, icann_only = false, *, suffix_list = None))]
pub fn public_suffix(host: &str, icann_only: bool, suffix_list: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    Ok(rules_of(suffix_list, icann_only)?.suffix(host).map(str::to_owned))
}

/// The registrable domain of `host` by the Public Suffix List.
#[pyfunction]
#[pyo3(signature = (host, icann_only = false, *, suffix_list = None))]
pub fn registrable_domain(
    host: &str,
    icann_only: bool,
    suffix_list: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<String>> {
    Ok(rules_of(suffix_list, icann_only)?
        .registrable_domain(host)
        .map(str::to_owned))
}

/// The subdomain of `host` by the Public Suffix List.
#[pyfunction]
#[pyo3(signature = (host, icann_only = false, *, suffix_list = None))]
pub fn subdomain(host: &str, icann_only: bool, suffix_list: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    Ok(rules_of(suffix_list, icann_only)?.subdomain(host).map(str::to_owned))
}
