//! Arrow kernels over columns of URLs: validity, components, templates of
//! components, the canonical form.
//!
//! Nothing here knows Python: the kernels take any Arrow array of text
//! (`Utf8`, `LargeUtf8`, `Utf8View`, or their binary twins) and return
//! Arrow arrays, so every front end that holds Arrow data (the Python module
//! today, a query engine's UDF later) calls the same code.
//!
//! # Input
//!
//! Values are read in place from the input's buffers; nothing is copied in.
//! A null input row gives a null output row. Each value is checked to be
//! UTF-8 before it is parsed, whatever its type says: an Arrow `Utf8` array
//! that came over the C data interface is not checked by the importer, and a
//! value that is not UTF-8 is reported as invalid, never passed on.
//!
//! # Threads
//!
//! [`parallel`] splits an array into contiguous slices, runs a kernel on
//! each in its own thread and concatenates the results in order.

use std::fmt::{self, Write as _};
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, StringBuilder, UInt16Builder};
use arrow_array::{
    Array, ArrayRef, BinaryViewArray, BooleanArray, GenericBinaryArray, GenericStringArray, OffsetSizeTrait,
    StringArray, StringViewArray, StructArray,
};
use arrow_buffer::NullBufferBuilder;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use urikit::scheme::Field as ViewField;
use urikit::template::{Options, Template};
use urikit::UrlRef;

use crate::parsing::Parsing;

/// Fewest rows a thread of [`parallel`] is given: below this, starting a
/// thread costs more than it saves.
pub const MIN_ROWS_PER_THREAD: usize = 16 * 1024;

/// A component of a URL, as [`get`] extracts it: the core's own.
pub use urikit::Component;

/// The component called `name` (`"host"`), as [`Component`]'s `FromStr`
/// reads it.
pub fn component_named(name: &str) -> Option<Component> {
    name.parse().ok()
}

/// Appends `component` of `url` to `out` (null when absent); the scheme in
/// lower case, as [`urikit::Url::scheme`] gives it.
fn append_component(component: Component, url: &UrlRef<'_>, out: &mut StringBuilder) {
    match url.get(component) {
        Some(scheme) if component == Component::Scheme && scheme.bytes().any(|b| b.is_ascii_uppercase()) => {
            out.append_value(scheme.to_ascii_lowercase())
        }
        part => out.append_option(part),
    }
}

/// A value that is not UTF-8: the offset of the first octet that is not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotUtf8 {
    /// Byte offset of the octet.
    pub offset: usize,
    /// The octet.
    pub byte: u8,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "octet 0x{:02X} is not UTF-8, expected UTF-8 text at offset {}",
            self.byte, self.offset
        )
    }
}

/// One row of input: null, text, or octets that are not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value<'a> {
    /// A null row.
    Null,
    /// A UTF-8 value.
    Text(&'a str),
    /// A value that is not UTF-8.
    NotUtf8(NotUtf8),
}

impl<'a> Value<'a> {
    fn of(bytes: &'a [u8]) -> Value<'a> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Value::Text(text),
            Err(e) => Value::NotUtf8(NotUtf8 {
                offset: e.valid_up_to(),
                byte: bytes[e.valid_up_to()],
            }),
        }
    }
}

/// Calls `f` with each row of `array`, in order.
///
/// # Errors
///
/// When `array` is not an array of text or octets, or its offsets point
/// outside its data.
pub fn for_each_value(array: &dyn Array, f: impl FnMut(Value<'_>)) -> Result<(), ArrowError> {
    let any = array.as_any();
    match array.data_type() {
        DataType::Utf8 => offsets(
            any.downcast_ref::<GenericStringArray<i32>>()
                .map(|a| (a.value_offsets(), a.values().as_slice(), a.nulls())),
            f,
        ),
        DataType::LargeUtf8 => offsets(
            any.downcast_ref::<GenericStringArray<i64>>()
                .map(|a| (a.value_offsets(), a.values().as_slice(), a.nulls())),
            f,
        ),
        DataType::Binary => offsets(
            any.downcast_ref::<GenericBinaryArray<i32>>()
                .map(|a| (a.value_offsets(), a.values().as_slice(), a.nulls())),
            f,
        ),
        DataType::LargeBinary => offsets(
            any.downcast_ref::<GenericBinaryArray<i64>>()
                .map(|a| (a.value_offsets(), a.values().as_slice(), a.nulls())),
            f,
        ),
        DataType::Utf8View => {
            let a = any.downcast_ref::<StringViewArray>().ok_or_else(|| unexpected(array))?;
            views(&a.clone().to_binary_view(), f);
            Ok(())
        }
        DataType::BinaryView => {
            let a = any.downcast_ref::<BinaryViewArray>().ok_or_else(|| unexpected(array))?;
            views(a, f);
            Ok(())
        }
        _ => Err(unexpected(array)),
    }
}

fn unexpected(array: &dyn Array) -> ArrowError {
    ArrowError::InvalidArgumentError(format!(
        "expected an array of strings (string, large_string, string_view) or binary, found {}",
        array.data_type()
    ))
}

/// Rows of an array with an offsets buffer, read with bounds checked: a
/// malformed array from a foreign producer is an error, not a crash.
fn offsets<O: OffsetSizeTrait>(
    parts: Option<(&[O], &[u8], Option<&arrow_buffer::NullBuffer>)>,
    mut f: impl FnMut(Value<'_>),
) -> Result<(), ArrowError> {
    let (offsets, values, nulls) =
        parts.ok_or_else(|| ArrowError::InvalidArgumentError("array does not match its type".into()))?;
    for (i, pair) in offsets.windows(2).enumerate() {
        if nulls.is_some_and(|n| n.is_null(i)) {
            f(Value::Null);
            continue;
        }
        let bytes = pair[0]
            .to_usize()
            .zip(pair[1].to_usize())
            .and_then(|(start, end)| values.get(start..end))
            .ok_or_else(|| ArrowError::InvalidArgumentError(format!("offsets of row {i} are out of bounds")))?;
        f(Value::of(bytes));
    }
    Ok(())
}

fn views(array: &BinaryViewArray, mut f: impl FnMut(Value<'_>)) {
    for i in 0..array.len() {
        if array.is_null(i) {
            f(Value::Null);
        } else {
            f(Value::of(array.value(i)));
        }
    }
}

/// Total bytes of data behind `array`, to size output buffers.
fn data_len(array: &dyn Array) -> usize {
    array.get_buffer_memory_size()
}

/// Whether each row is a valid URL as `parsing` parses it (by its spec,
/// against its base); null where the row is null.
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn is_valid(array: &dyn Array, parsing: &Parsing) -> Result<BooleanArray, ArrowError> {
    let mut out = BooleanBuilder::with_capacity(array.len());
    for_each_value(array, |value| match value {
        Value::Null => out.append_null(),
        Value::Text(text) => out.append_value(parsing.is_valid(text)),
        Value::NotUtf8(_) => out.append_value(false),
    })?;
    Ok(out.finish())
}

/// One component of each row; null where the row is null, not a valid URL,
/// or has no such component.
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn get(array: &dyn Array, component: Component, parsing: &Parsing) -> Result<StringArray, ArrowError> {
    let mut out = StringBuilder::with_capacity(array.len(), data_len(array));
    for_each_value(array, |value| match value {
        Value::Text(text) => parsing.with(text, |url| match url {
            Ok(url) => append_component(component, &url, &mut out),
            Err(_) => out.append_null(),
        }),
        Value::Null | Value::NotUtf8(_) => out.append_null(),
    })?;
    Ok(out.finish())
}

/// `template` filled in from each row, read by `options`; null where the
/// row is null, not a valid URL, or refused by a field of the template
/// (`{must:...}`, `{strict:...}`, a host UTS #46 refuses).
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn render(
    array: &dyn Array,
    template: &Template,
    options: &Options<'_>,
    parsing: &Parsing,
) -> Result<StringArray, ArrowError> {
    let mut out = StringBuilder::with_capacity(array.len(), data_len(array));
    let mut line = Vec::new();
    for_each_value(array, |value| match value {
        Value::Text(text) => parsing.with(text, |url| {
            line.clear();
            let rendered = url
                .ok()
                .filter(|url| template.render_into(url, options, &mut line).is_ok());
            // A rendering is UTF-8.
            match rendered.and_then(|_| std::str::from_utf8(&line).ok()) {
                Some(s) => out.append_value(s),
                None => out.append_null(),
            }
        }),
        Value::Null | Value::NotUtf8(_) => out.append_null(),
    })?;
    Ok(out.finish())
}

/// The canonical form of each row (see [`urikit::Url::canonical`]; by
/// WHATWG the `href`); null where the row is null or not a valid URL.
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn normalize(array: &dyn Array, parsing: &Parsing) -> Result<StringArray, ArrowError> {
    let mut out = StringBuilder::with_capacity(array.len(), data_len(array));
    for_each_value(array, |value| match value {
        Value::Text(text) => match parsing.parse(text) {
            Ok((url, _)) => out.append_value(url.canonical().as_str()),
            Err(_) => out.append_null(),
        },
        Value::Null | Value::NotUtf8(_) => out.append_null(),
    })?;
    Ok(out.finish())
}

/// The fields of [`parse`]'s struct: the eight components (`port` as
/// `uint16`, the others as `utf8`) with `port_str` after `port` (`utf8`: the
/// port as written, which tells a port no 16-bit number holds, `port` null,
/// from an absent one), then `valid` (`bool`) and `error` (`utf8`, the first
/// violation).
pub fn parse_fields() -> Fields {
    parse_fields_with(false)
}

/// [`parse_fields`], and with `scheme_view` an eleventh field,
/// `scheme_view` (`utf8`: the scheme's typed view as JSON).
pub fn parse_fields_with(scheme_view: bool) -> Fields {
    let mut fields: Vec<Field> = Vec::with_capacity(Component::ALL.len() + 4);
    for c in Component::ALL {
        if c == Component::Port {
            fields.push(Field::new(c.name(), DataType::UInt16, true));
            fields.push(Field::new(PORT_STR, DataType::Utf8, true));
        } else {
            fields.push(Field::new(c.name(), DataType::Utf8, true));
        }
    }
    fields.push(Field::new("valid", DataType::Boolean, true));
    fields.push(Field::new("error", DataType::Utf8, true));
    if scheme_view {
        fields.push(Field::new("scheme_view", DataType::Utf8, true));
    }
    Fields::from(fields)
}

/// The field after `port` in [`parse`]'s struct: the port as written.
pub const PORT_STR: &str = "port_str";

/// Parses each row into a struct of [`parse_fields`], as `parsing` says
/// (by its spec, against its base).
///
/// A null row is a null struct (every field null). A valid row has `valid`
/// true, its components (null where absent, `""` where empty) and a null
/// `error`; an invalid one has `valid` false, null components and the first
/// violation in `error`, as [`urikit::ParseError`]'s message. A port over
/// 65535 (RFC 1808 and RFC 3986 allow any digits) has a null `port` and its
/// digits in `port_str`; an absent port has both null.
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn parse(array: &dyn Array, parsing: &Parsing) -> Result<StructArray, ArrowError> {
    parse_with(array, parsing, false)
}

/// [`parse`], and with `scheme_view` the field of that name: for a valid
/// row, the scheme's typed view as a JSON object (`{"kind": ..., <field>:
/// ...}`, or `{"error": ...}` where the scheme's view cannot be made), as
/// `urikit parse --json` writes it; null for a null or invalid row.
///
/// # Errors
///
/// When `array` holds neither text nor octets.
pub fn parse_with(array: &dyn Array, parsing: &Parsing, scheme_view: bool) -> Result<StructArray, ArrowError> {
    let mut out = ParseBuilder::new(array.len(), data_len(array), scheme_view);
    for_each_value(array, |value| match value {
        Value::Null => out.null(),
        Value::NotUtf8(e) => out.invalid(e),
        Value::Text(text) => parsing.with(text, |url| match url {
            Ok(url) => out.valid(&url),
            Err(e) => out.invalid(e),
        }),
    })?;
    out.finish()
}

/// The columns of [`parse`]'s struct, filled row by row.
struct ParseBuilder {
    /// One per [`Component`] but the port.
    parts: Vec<StringBuilder>,
    port: UInt16Builder,
    /// The port as written.
    port_str: StringBuilder,
    valid: BooleanBuilder,
    error: StringBuilder,
    /// The `scheme_view` column, when asked for.
    view: Option<StringBuilder>,
    nulls: NullBufferBuilder,
}

impl ParseBuilder {
    fn new(rows: usize, bytes: usize, scheme_view: bool) -> ParseBuilder {
        let parts = Component::ALL
            .into_iter()
            .filter(|&c| c != Component::Port)
            .map(|c| {
                // The path and the host hold most of the bytes.
                let share = match c {
                    Component::Path | Component::Host => bytes / 2,
                    _ => bytes / 16,
                };
                StringBuilder::with_capacity(rows, share)
            })
            .collect();
        ParseBuilder {
            parts,
            port: UInt16Builder::with_capacity(rows),
            port_str: StringBuilder::with_capacity(rows, rows * 2),
            valid: BooleanBuilder::with_capacity(rows),
            error: StringBuilder::with_capacity(rows, 0),
            view: scheme_view.then(|| StringBuilder::with_capacity(rows, bytes * 2)),
            nulls: NullBufferBuilder::new(rows),
        }
    }

    fn components_null(&mut self) {
        for part in &mut self.parts {
            part.append_null();
        }
        self.port.append_null();
        self.port_str.append_null();
        if let Some(view) = &mut self.view {
            view.append_null();
        }
    }

    fn null(&mut self) {
        self.components_null();
        self.valid.append_null();
        self.error.append_null();
        self.nulls.append_null();
    }

    fn invalid(&mut self, e: impl fmt::Display) {
        self.components_null();
        self.valid.append_value(false);
        // Written straight into the column's buffer, then closed as one value.
        let _ = write!(self.error, "{e}");
        self.error.append_value("");
        self.nulls.append_non_null();
    }

    fn valid(&mut self, url: &UrlRef<'_>) {
        let texts = Component::ALL.into_iter().filter(|&c| c != Component::Port);
        for (part, component) in self.parts.iter_mut().zip(texts) {
            append_component(component, url, part);
        }
        self.port.append_option(url.port());
        self.port_str.append_option(url.port_str());
        if let Some(view) = &mut self.view {
            // Written straight into the column's buffer, then closed as one value.
            let _ = write_view(view, url);
            view.append_value("");
        }
        self.valid.append_value(true);
        self.error.append_null();
        self.nulls.append_non_null();
    }

    fn finish(mut self) -> Result<StructArray, ArrowError> {
        let mut columns: Vec<ArrayRef> = self
            .parts
            .iter_mut()
            .map(|p| Arc::new(p.finish()) as ArrayRef)
            .collect();
        columns.insert(4, Arc::new(self.port.finish()));
        columns.insert(5, Arc::new(self.port_str.finish()));
        columns.push(Arc::new(self.valid.finish()));
        columns.push(Arc::new(self.error.finish()));
        let scheme_view = self.view.is_some();
        if let Some(view) = &mut self.view {
            columns.push(Arc::new(view.finish()));
        }
        StructArray::try_new(parse_fields_with(scheme_view), columns, self.nulls.finish())
    }
}

/// Writes the scheme view of `url` as a JSON object: `{"kind": ...,
/// <field>: ...}` in the view's order, or `{"error": ...}`.
fn write_view(out: &mut impl fmt::Write, url: &UrlRef<'_>) -> fmt::Result {
    let view = match url.view() {
        Ok(view) => view,
        Err(e) => {
            out.write_str("{\"error\":")?;
            json_string(out, &e.to_string())?;
            return out.write_char('}');
        }
    };
    out.write_str("{\"kind\":")?;
    json_string(out, view.kind())?;
    for (name, field) in view.fields() {
        out.write_char(',')?;
        json_string(out, name)?;
        out.write_char(':')?;
        match field {
            ViewField::Text(text) => json_string(out, &text)?,
            ViewField::Number(n) => write!(out, "{n}")?,
            ViewField::Bool(b) => write!(out, "{b}")?,
            ViewField::List(list) => json_list(out, list.iter().map(String::as_str))?,
            ViewField::Pairs(pairs) => {
                out.write_char('[')?;
                for (i, (name, value)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    json_list(out, [name.as_str(), value.as_str()])?;
                }
                out.write_char(']')?;
            }
            _ => out.write_str("null")?,
        }
    }
    out.write_char('}')
}

/// A JSON array of strings.
fn json_list<'a>(out: &mut impl fmt::Write, items: impl IntoIterator<Item = &'a str>) -> fmt::Result {
    out.write_char('[')?;
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        json_string(out, item)?;
    }
    out.write_char(']')
}

/// A JSON string: quotes, backslashes and control characters escaped.
fn json_string(out: &mut impl fmt::Write, text: &str) -> fmt::Result {
    out.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            c if u32::from(c) < 0x20 || c == '\u{7f}' => write!(out, "\\u{:04x}", u32::from(c))?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

/// Runs `kernel` over `array` on up to `threads` threads, each given a
/// contiguous slice of at least [`MIN_ROWS_PER_THREAD`] rows, and
/// concatenates the results in order.
///
/// # Errors
///
/// The first error of a slice.
pub fn parallel<F>(array: &ArrayRef, threads: usize, kernel: F) -> Result<ArrayRef, ArrowError>
where
    F: Fn(&dyn Array) -> Result<ArrayRef, ArrowError> + Sync,
{
    let rows = array.len();
    let threads = threads.clamp(1, rows.div_ceil(MIN_ROWS_PER_THREAD).max(1));
    if threads == 1 {
        return kernel(array.as_ref());
    }
    let per = rows.div_ceil(threads);
    let results: Vec<Result<ArrayRef, ArrowError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let start = t * per;
                let slice = array.slice(start, per.min(rows - start));
                let kernel = &kernel;
                scope.spawn(move || kernel(slice.as_ref()))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(ArrowError::ComputeError("a kernel thread panicked".into())))
            })
            .collect()
    });
    let parts = results.into_iter().collect::<Result<Vec<ArrayRef>, ArrowError>>()?;
    let refs: Vec<&dyn Array> = parts.iter().map(|a| a.as_ref()).collect();
    arrow_select::concat::concat(&refs)
}
