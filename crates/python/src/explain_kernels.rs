//! An Arrow kernel over a column of URLs: the verdicts of
//! [`urikit::explain`] for each row, the answer to "which of these URLs do
//! two parsers read differently?".
//!
//! As in [`crate::kernels`], nothing here knows Python, values are read in
//! place, and a null row gives a null row.

use std::sync::Arc;

use arrow_array::builder::{ListBuilder, StringBuilder, StructBuilder};
use arrow_array::{Array, ListArray};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use urikit::explain::Verdict;

use crate::kernels::{for_each_value, Value};

/// The fields of one verdict: `code` (its name, `host-differs`, ...),
/// `specs` (the names of the specs it concerns) and `message`, as
/// `urikit explain --json` writes a verdict.
pub fn verdict_fields() -> Fields {
    Fields::from(vec![
        Field::new("code", DataType::Utf8, true),
        Field::new(
            "specs",
            DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true))),
            true,
        ),
        Field::new("message", DataType::Utf8, true),
    ])
}

/// The type of [`explain_verdicts`]' result: a list of verdict structs.
pub fn verdicts_type() -> DataType {
    DataType::List(Arc::new(Field::new_list_field(
        DataType::Struct(verdict_fields()),
        true,
    )))
}

/// The verdicts of each row read under every spec (against `base`, when
/// given), most serious first, as [`urikit::explain::verdicts`] gives them:
/// an empty list where the specs agree; null where the row is null, not
/// UTF-8, or longer than any spec reads.
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn explain_verdicts(array: &dyn Array, base: Option<&str>) -> Result<ListArray, ArrowError> {
    let verdict = StructBuilder::new(
        verdict_fields(),
        vec![
            Box::new(StringBuilder::new()),
            Box::new(ListBuilder::new(StringBuilder::new())),
            Box::new(StringBuilder::new()),
        ],
    );
    let mut out = ListBuilder::with_capacity(verdict, array.len());
    for_each_value(array, |value| {
        let verdicts = match value {
            Value::Text(text) => urikit::explain::verdicts(text, base).ok(),
            Value::Null | Value::NotUtf8(_) => None,
        };
        match verdicts {
            Some(verdicts) => {
                for v in &verdicts {
                    append_verdict(out.values(), v);
                }
                out.append(true);
            }
            None => out.append(false),
        }
    })?;
    Ok(out.finish())
}

/// Appends `v` as one struct to `out`, built with [`verdict_fields`].
fn append_verdict(out: &mut StructBuilder, v: &Verdict) {
    // The builders are those `explain_verdicts` gave, in that order.
    if let Some(code) = out.field_builder::<StringBuilder>(0) {
        code.append_value(v.code.name());
    }
    if let Some(specs) = out.field_builder::<ListBuilder<StringBuilder>>(1) {
        for spec in &v.specs {
            specs.values().append_value(spec.name());
        }
        specs.append(true);
    }
    if let Some(message) = out.field_builder::<StringBuilder>(2) {
        message.append_value(&v.message);
    }
    out.append(true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{cast::AsArray, StringArray};

    #[test]
    fn verdicts_per_row_and_nulls() {
        let urls = StringArray::from(vec![Some("https://example.com/"), Some("http://0x7f.1/"), None]);
        let got = explain_verdicts(&urls, None).unwrap();
        assert_eq!(got.data_type(), &verdicts_type());
        assert_eq!(got.value(0).len(), 0);
        assert!(got.is_valid(0) && got.is_null(2));
        let second = got.value(1);
        let codes: Vec<&str> = second
            .as_struct()
            .column(0)
            .as_string::<i32>()
            .iter()
            .flatten()
            .collect();
        assert!(
            codes.contains(&"host-differs") && codes.contains(&"ip-internal"),
            "{codes:?}"
        );
    }
}
