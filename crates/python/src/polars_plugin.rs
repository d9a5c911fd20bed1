//! The Polars expression plugin behind `urikit.polars`
//! (`pl.col("url").urikit.host()`): functions that Polars loads from this
//! library and calls on its own threads, one chunk of a column at a time,
//! with no Python in the loop.
//!
//! Each function only converts columns: a chunk goes from Polars' Arrow
//! arrays to arrow-rs's through the Arrow C data interface (its buffers read
//! in place), through the same kernel as `urikit.arrow` ([`crate::kernels`],
//! [`crate::domain_kernels`], [`crate::explain_kernels`]), and back. The
//! options come as the keyword arguments `urikit.polars` pickles, checked
//! there before any row is read (a spec, a base or a template that is not
//! one raises in Python); the spec is always named (`urikit.polars` reads
//! `URIKIT_SPEC` when the expression is made, not here).
//!
//! Polars' plugin interface is C functions (`#[polars_expr]` writes them)
//! and C structs, so this module holds the crate's unsafe code: the
//! conversion between the two Rust types of the C data interface's structs,
//! each block with its `SAFETY` comment, and what the macro writes.
#![allow(unsafe_code)]

use arrow_array::ffi::FFI_ArrowArray;
use arrow_array::{Array, ArrayRef};
use arrow_schema::ffi::FFI_ArrowSchema;
use arrow_schema::{ArrowError, DataType as ArrowType};
use pyo3_polars::derive::polars_expr;
use pyo3_polars::export::polars_arrow;
use pyo3_polars::export::polars_arrow::ffi::{ArrowArray as PolarsArray, ArrowSchema as PolarsSchema};
use pyo3_polars::export::polars_core::prelude::*;
use serde::Deserialize;

use crate::domain_kernels::{self, SuffixPart};
use crate::domains::builtin_rules;
use crate::explain_kernels;
use crate::kernels::{self, Component};
use crate::parsing::Parsing;
use crate::template::Getter;

/// How each row is read: the keyword arguments every function but
/// `explain_verdicts` takes.
#[derive(Debug, Deserialize)]
struct Reading {
    /// A spec's name, as `urikit.spec_name` gives it.
    spec: String,
    lenient: Option<bool>,
    base: Option<String>,
}

impl Reading {
    fn parsing(&self) -> PolarsResult<Parsing> {
        let spec = self.spec.parse().map_err(|e: urikit::UnknownSpec| compute(e))?;
        Parsing::new(spec, self.lenient, self.base.as_deref()).map_err(compute)
    }
}

/// `parse`'s keyword arguments.
#[derive(Debug, Deserialize)]
struct ParseKwargs {
    #[serde(flatten)]
    reading: Reading,
    scheme_view: bool,
}

/// `get`'s keyword arguments.
#[derive(Debug, Deserialize)]
struct GetKwargs {
    #[serde(flatten)]
    reading: Reading,
    template: String,
    query_separator: String,
    icann_only: bool,
}

/// `registrable_domain`'s keyword arguments.
#[derive(Debug, Deserialize)]
struct DomainKwargs {
    #[serde(flatten)]
    reading: Reading,
    hosts: bool,
    icann_only: bool,
}

/// `explain_verdicts`' keyword arguments.
#[derive(Debug, Deserialize)]
struct ExplainKwargs {
    base: Option<String>,
}

fn compute(e: impl std::fmt::Display) -> PolarsError {
    PolarsError::ComputeError(e.to_string().into())
}

/// The host of each row (null where the row is null, not a valid URL, or
/// has none): `urikit.arrow.get(array, "host")`.
#[polars_expr(output_type=String)]
fn host(inputs: &[Series], kwargs: Reading) -> PolarsResult<Series> {
    let parsing = kwargs.parsing()?;
    each_chunk(&inputs[0], |a| {
        kernels::get(a, Component::Host, &parsing).map(|r| std::sync::Arc::new(r) as ArrayRef)
    })
}

/// Whether each row is a valid URL: `urikit.arrow.is_valid`.
#[polars_expr(output_type=Boolean)]
fn is_valid(inputs: &[Series], kwargs: Reading) -> PolarsResult<Series> {
    // Strict unless asked, under every spec, as `urikit check`.
    let reading = Reading {
        lenient: Some(kwargs.lenient.unwrap_or(false)),
        ..kwargs
    };
    let parsing = reading.parsing()?;
    each_chunk(&inputs[0], |a| {
        kernels::is_valid(a, &parsing).map(|r| std::sync::Arc::new(r) as ArrayRef)
    })
}

/// Each row parsed into `urikit.arrow.parse`'s struct.
#[polars_expr(output_type_func_with_kwargs=parse_type)]
fn parse(inputs: &[Series], kwargs: ParseKwargs) -> PolarsResult<Series> {
    let parsing = kwargs.reading.parsing()?;
    each_chunk(&inputs[0], |a| {
        kernels::parse_with(a, &parsing, kwargs.scheme_view).map(|r| std::sync::Arc::new(r) as ArrayRef)
    })
}

fn parse_type(inputs: &[Field], kwargs: ParseKwargs) -> PolarsResult<Field> {
    let fields = kernels::parse_fields_with(kwargs.scheme_view);
    output_field(&inputs[0], ArrowType::Struct(fields))
}

/// The template filled in from each row: `urikit.arrow.get_template`.
#[polars_expr(output_type=String)]
fn get(inputs: &[Series], kwargs: GetKwargs) -> PolarsResult<Series> {
    let parsing = kwargs.reading.parsing()?;
    let getter =
        Getter::with_builtin_list(&kwargs.template, &kwargs.query_separator, kwargs.icann_only).map_err(compute)?;
    each_chunk(&inputs[0], |a| {
        kernels::render(a, getter.template(), &getter.options(), &parsing).map(|r| std::sync::Arc::new(r) as ArrayRef)
    })
}

/// The registrable domain of each row's host by the compiled-in Public
/// Suffix List: `urikit.arrow.registrable_domain`.
#[polars_expr(output_type=String)]
fn registrable_domain(inputs: &[Series], kwargs: DomainKwargs) -> PolarsResult<Series> {
    let parsing = match kwargs.hosts {
        true => None,
        false => Some(kwargs.reading.parsing()?),
    };
    let rules = builtin_rules(kwargs.icann_only);
    each_chunk(&inputs[0], |a| {
        domain_kernels::suffix_part(a, SuffixPart::Domain, &rules, parsing.as_ref())
            .map(|r| std::sync::Arc::new(r) as ArrayRef)
    })
}

/// The verdicts of each row under every spec: `urikit.arrow.explain_verdicts`.
#[polars_expr(output_type_func=verdicts_type)]
fn explain_verdicts(inputs: &[Series], kwargs: ExplainKwargs) -> PolarsResult<Series> {
    let base = kwargs.base.as_deref();
    each_chunk(&inputs[0], |a| {
        explain_kernels::explain_verdicts(a, base).map(|r| std::sync::Arc::new(r) as ArrayRef)
    })
}

fn verdicts_type(inputs: &[Field]) -> PolarsResult<Field> {
    output_field(&inputs[0], explain_kernels::verdicts_type())
}

/// The output field: the input's name, and Polars' type for `arrow` (an
/// arrow-rs type, carried over the C data interface as a schema).
fn output_field(input: &Field, arrow: ArrowType) -> PolarsResult<Field> {
    let field = arrow_schema::Field::new(input.name().as_str(), arrow, true);
    let schema = FFI_ArrowSchema::try_from(&field).map_err(compute)?;
    // SAFETY: `FFI_ArrowSchema` and `polars_arrow::ffi::ArrowSchema` are both
    // the C data interface's `struct ArrowSchema` (`#[repr(C)]`, the same
    // fields in the same order); the value moves, so its release callback
    // runs once, when Polars' copy is dropped.
    let schema = unsafe { std::mem::transmute::<FFI_ArrowSchema, PolarsSchema>(schema) };
    // SAFETY: a schema arrow-rs has just exported, valid by the interface.
    let field = unsafe { polars_arrow::ffi::import_field_from_c(&schema) }?;
    Ok(Field::from(&field))
}

/// `kernel` over each chunk of `series` (a column of strings, or of
/// binary; all nulls is a column of strings), the results as one series of
/// the same name and as many chunks.
fn each_chunk(series: &Series, kernel: impl Fn(&dyn Array) -> Result<ArrayRef, ArrowError>) -> PolarsResult<Series> {
    let series = match series.dtype() {
        DataType::String | DataType::Binary => series.clone(),
        DataType::Null => series.cast(&DataType::String)?,
        other => polars_bail!(InvalidOperation: "urikit reads a column of strings (or binary), found {}", other),
    };
    let chunks = series
        .chunks()
        .iter()
        .map(|chunk| to_polars(kernel(to_arrow_rs(chunk.clone())?.as_ref()).map_err(compute)?.as_ref()))
        .collect::<PolarsResult<Vec<_>>>()?;
    Series::try_from((series.name().clone(), chunks))
}

/// A Polars array as an arrow-rs array over the same buffers.
fn to_arrow_rs(array: Box<dyn polars_arrow::array::Array>) -> PolarsResult<ArrayRef> {
    let field = polars_arrow::datatypes::Field::new("".into(), array.dtype().clone(), true);
    let schema = polars_arrow::ffi::export_field_to_c(&field);
    let array = polars_arrow::ffi::export_array_to_c(array);
    // SAFETY: the two crates' structs are both the C data interface's
    // `struct ArrowSchema` and `struct ArrowArray` (`#[repr(C)]`, the same
    // fields in the same order); each value moves, so each release callback
    // runs once, when arrow-rs drops what it imported.
    let schema = unsafe { std::mem::transmute::<PolarsSchema, FFI_ArrowSchema>(schema) };
    // SAFETY: as for the schema.
    let array = unsafe { std::mem::transmute::<PolarsArray, FFI_ArrowArray>(array) };
    // SAFETY: an array and its schema that Polars has just exported, valid
    // by the interface.
    let data = unsafe { arrow_array::ffi::from_ffi(array, &schema) }.map_err(compute)?;
    Ok(arrow_array::make_array(data))
}

/// An arrow-rs array as a Polars array over the same buffers.
fn to_polars(array: &dyn Array) -> PolarsResult<Box<dyn polars_arrow::array::Array>> {
    let (array, schema) = arrow_array::ffi::to_ffi(&array.to_data()).map_err(compute)?;
    // SAFETY: as in `to_arrow_rs`, the other way.
    let array = unsafe { std::mem::transmute::<FFI_ArrowArray, PolarsArray>(array) };
    // SAFETY: as in `to_arrow_rs`, the other way.
    let schema = unsafe { std::mem::transmute::<FFI_ArrowSchema, PolarsSchema>(schema) };
    // SAFETY: an array and its schema that arrow-rs has just exported, valid
    // by the interface.
    unsafe {
        let field = polars_arrow::ffi::import_field_from_c(&schema)?;
        polars_arrow::ffi::import_array_from_c(array, field.dtype)
    }
}
