//! urikit for the JVM: the native half of `io.urikit.spark.Host` and
//! `HostOctets`, Spark SQL UDFs that give the host of a URL by the letter of
//! its spec, and of `HostExpression` and `ParseExpression`, Spark
//! expressions that give its host, or every component.
//!
//! The Java side hands over the URL as its UTF-8 octets (`HostOctets`, a
//! UDF on Spark's binary values) or as its chars (`Host`, a UDF on strings:
//! a reused `char[]`, which `String.getChars` fills at the speed of a copy),
//! and gets back where the host lies in them, packed in one `long`, so that
//! no Java string is made on this side: the Java side cuts the host out of
//! what it already holds. See `java/io/urikit/spark/`.

use std::cell::RefCell;

use jni::objects::{JByteArray, JCharArray, JClass, JIntArray};
use jni::sys::{jbyteArray, jint, jlong};
use jni::JNIEnv;
use urikit::{Spec, UrlRef};

/// How an input becomes a URL (a spec, leniency, a base): the Python
/// package's own module, shared as source so that both parse alike.
#[path = "../../python/src/parsing.rs"]
pub mod parsing;

use parsing::Parsing;

/// What [`host`] and the native method return for a URL that is not valid
/// by its spec, has no host, or is not UTF-8.
pub const NO_HOST: i64 = -1;

/// The spec numbered `code` on the Java side, its place in [`Spec::ALL`],
/// for the host UDFs: the RFC grammars alone. They cut the host out of
/// their input, which a WHATWG URL, a new string, does not hold.
pub fn spec_of(code: i32) -> Option<Spec> {
    any_spec_of(code).filter(|&spec| spec != Spec::Whatwg)
}

/// The number of [`Spec::Whatwg`] on the Java side: its place in
/// [`Spec::ALL`].
pub const WHATWG: i32 = {
    let mut i = 0;
    while !matches!(Spec::ALL[i], Spec::Whatwg) {
        i += 1;
    }
    i as i32
};

/// The spec numbered `code` for [`parts`]: its place in [`Spec::ALL`].
pub fn any_spec_of(code: i32) -> Option<Spec> {
    usize::try_from(code).ok().and_then(|i| Spec::ALL.get(i).copied())
}

/// The [`Parsing`] of spec number `spec`, `lenient` (-1: the spec's
/// default, 0 strict, 1 lenient) and `base` (UTF-8 octets), or why there is
/// none, in words.
pub fn parsing_of(spec: i32, lenient: i32, base: Option<&[u8]>) -> Result<Parsing, String> {
    let spec = any_spec_of(spec).ok_or_else(|| format!("no spec numbered {spec}"))?;
    let lenient = match lenient {
        -1 => None,
        0 => Some(false),
        1 => Some(true),
        n => return Err(format!("leniency {n} is not -1, 0 or 1")),
    };
    let base = match base {
        Some(octets) => Some(std::str::from_utf8(octets).map_err(|_| "the base is not UTF-8".to_owned())?),
        None => None,
    };
    Parsing::new(spec, lenient, base).map_err(|e| e.to_string())
}

/// Where the host of `input` lies in it (a range of octets), when `input` is
/// UTF-8 and a valid URL by `spec` with a host; `None` otherwise.
pub fn host_range(input: &[u8], spec: Spec) -> Option<(usize, usize)> {
    let text = std::str::from_utf8(input).ok()?;
    let host = UrlRef::parse_with(text, spec).ok()?.host()?;
    // The host is a slice of `text`: its offset is the distance between the
    // two starts.
    let start = (host.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let end = start.checked_add(host.len())?;
    (end <= text.len() && text.get(start..end) == Some(host)).then_some((start, end))
}

/// How many ints [`parts`] writes: a start and an end for each of the seven
/// text components (scheme, user, password, host, path, query, fragment, in
/// that order), then the port, then a start and an end for the port as
/// written.
pub const PARTS: usize = 17;

/// Where the native `parse` says what its ranges point into, after the
/// [`PARTS`]: [`IN_INPUT`], [`IN_RESULT`] or [`INVALID`].
pub const STATUS: usize = PARTS;

/// A valid URL whose components are ranges of the input.
pub const IN_INPUT: i32 = 0;
/// A valid URL whose components are ranges of its own serialization,
/// which the call returns (WHATWG, a base, a lenient parse: a new string).
pub const IN_RESULT: i32 = 1;
/// Not a valid URL: the call returns the error.
pub const INVALID: i32 = 2;

/// Where [`parts`] writes the port's value.
const PORT: usize = 14;

/// The components of `input`, when it is UTF-8 and a valid URL by `spec`,
/// as `parts` holds them: each text component's range of octets in `input`
/// (`-1, -1` when absent), then the port (`-1` when absent, or when no
/// 16-bit number holds its digits, which RFC 1808 and RFC 3986 allow), then
/// the range of the port as written (`-1, -1` when absent), which tells the
/// two apart. Otherwise the error, as `urikit.arrow.parse` words it.
pub fn parts(input: &[u8], spec: Spec, parts: &mut [i32; PARTS]) -> Result<(), String> {
    let text = utf8(input)?;
    let url = UrlRef::parse_with(text, spec).map_err(|e| e.to_string())?;
    ranges(text, &url, parts);
    Ok(())
}

/// `input` as text, or the error `urikit.arrow.parse` gives a value that is
/// not UTF-8.
fn utf8(input: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(input).map_err(|e| {
        let offset = e.valid_up_to();
        format!(
            "octet 0x{:02X} is not UTF-8, expected UTF-8 text at offset {offset}",
            input[offset]
        )
    })
}

/// [`parts`] of `input` parsed as `parsing` says: `Ok(None)` when the
/// ranges are of `input`; `Ok(Some(serialization))` when the URL is a new
/// string (WHATWG, a base, a lenient parse) and the ranges are of it.
pub fn parts_with(input: &[u8], parsing: &Parsing, parts: &mut [i32; PARTS]) -> Result<Option<String>, String> {
    let text = utf8(input)?;
    parsing.with(text, |url| {
        let url = url.map_err(|e| e.to_string())?;
        let s = url.as_str();
        // A strict parse by an RFC borrows the input (less a `URL:` prefix).
        let borrowed = (s.as_ptr() as usize)
            .checked_sub(text.as_ptr() as usize)
            .is_some_and(|start| start + s.len() <= text.len() && text.get(start..start + s.len()) == Some(s));
        if borrowed {
            ranges(text, &url, parts);
            Ok(None)
        } else {
            ranges(s, &url, parts);
            Ok(Some(s.to_owned()))
        }
    })
}

/// Writes into `parts` the ranges of the components of `url` in `text`,
/// which holds them.
fn ranges(text: &str, url: &UrlRef<'_>, parts: &mut [i32; PARTS]) {
    let range = |part: Option<&str>| {
        part.and_then(|part| {
            // A slice of `text`: its offset is the distance between the starts.
            let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
            Some((i32::try_from(start).ok()?, i32::try_from(start + part.len()).ok()?))
        })
        .unwrap_or((-1, -1))
    };
    let texts = [
        Some(url.scheme()),
        url.user(),
        url.password(),
        url.host(),
        Some(url.path()),
        url.query(),
        url.fragment(),
    ];
    for (pair, part) in parts[..PORT].chunks_exact_mut(2).zip(texts) {
        (pair[0], pair[1]) = range(part);
    }
    parts[PORT] = url.port().map_or(-1, i32::from);
    (parts[PORT + 1], parts[PORT + 2]) = range(url.port_str());
}

/// [`host_range`] packed as the Java side reads it: `start << 32 | end`, or
/// [`NO_HOST`]; `NO_HOST` too for an unknown spec code or an input of 2 GiB
/// or more (a Java array holds less).
pub fn host(input: &[u8], spec_code: i32) -> i64 {
    let Some(spec) = spec_of(spec_code) else {
        return NO_HOST;
    };
    match host_range(input, spec) {
        Some((start, end)) => match (i64::try_from(start), i64::try_from(end)) {
            (Ok(start), Ok(end)) if end <= i64::from(i32::MAX) => (start << 32) | end,
            _ => NO_HOST,
        },
        None => NO_HOST,
    }
}

/// [`host`] of a URL given as UTF-16 code units (a Java string's chars), packed
/// the same way but in code units, as `String.substring` takes them;
/// [`NO_HOST`] too for units that are not Unicode (a lone surrogate).
/// `octets` is scratch space, kept by the caller between calls.
pub fn host_utf16(units: &[u16], spec_code: i32, octets: &mut Vec<u8>) -> i64 {
    octets.clear();
    if units.iter().all(|&unit| unit < 0x80) {
        // ASCII, nearly every URL: an octet offset is a unit offset.
        octets.extend(units.iter().map(|&unit| unit as u8));
        return host(octets, spec_code);
    }
    let Ok(text) = char::decode_utf16(units.iter().copied()).collect::<Result<String, _>>() else {
        return NO_HOST;
    };
    let Some(spec) = spec_of(spec_code) else {
        return NO_HOST;
    };
    let Some((start, end)) = host_range(text.as_bytes(), spec) else {
        return NO_HOST;
    };
    let before = text[..start].encode_utf16().count();
    let within = text[start..end].encode_utf16().count();
    match (i64::try_from(before), i64::try_from(before + within)) {
        (Ok(start), Ok(end)) if end <= i64::from(i32::MAX) => (start << 32) | end,
        _ => NO_HOST,
    }
}

/// Scratch space of a thread, kept between calls so that a row costs no
/// allocation: the URL's chars or octets as the JVM copies them, and its
/// octets.
struct Scratch {
    units: Vec<u16>,
    signed: Vec<i8>,
    octets: Vec<u8>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = const { RefCell::new(Scratch { units: Vec::new(), signed: Vec::new(), octets: Vec::new() }) };
}

/// Longest URL whose scratch space a thread keeps for the rows after it.
const KEPT: usize = 1 << 16;

/// `f` of a row of `length` units, with this thread's scratch space;
/// [`NO_HOST`] for a negative `length`. What grew for a long URL is not kept.
fn with_scratch(length: jint, f: impl FnOnce(usize, &mut Scratch) -> i64) -> i64 {
    let Ok(length) = usize::try_from(length) else {
        return NO_HOST;
    };
    SCRATCH.with(|scratch| {
        let Ok(mut scratch) = scratch.try_borrow_mut() else {
            return NO_HOST;
        };
        let result = f(length, &mut scratch);
        let Scratch { units, signed, octets } = &mut *scratch;
        if units.capacity() > KEPT {
            *units = Vec::new();
        }
        if signed.capacity() > KEPT {
            *signed = Vec::new();
        }
        if octets.capacity() > 4 * KEPT {
            *octets = Vec::new();
        }
        result
    })
}

/// The `length` octets of `url` from index `from`, copied into `signed`
/// (scratch space) and read as octets; `None` on a failure of the JVM
/// interface (a range beyond the array: an exception is then pending and is
/// thrown in Java).
fn read_octets<'s>(
    env: &JNIEnv<'_>,
    url: &JByteArray<'_>,
    from: jint,
    length: usize,
    signed: &'s mut Vec<i8>,
) -> Option<&'s [u8]> {
    signed.clear();
    signed.resize(length, 0);
    env.get_byte_array_region(url, from, signed).ok()?;
    Some(bytemuck::cast_slice(signed))
}

/// `static native long host(char[] url, int length, int spec)` of
/// `io.urikit.spark.Native`: [`host_utf16`] of the first `length` chars of
/// `url` (the Java side reuses its array between rows). A failure of the JVM
/// interface (a `length` beyond the array: an exception is then pending and
/// is thrown in Java) returns [`NO_HOST`].
// The JVM binds a native method to the exported symbol of its name; exporting
// it is what `unsafe_code` flags, and the only thing in this crate it does.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "system" fn Java_io_urikit_spark_Native_host<'local>(
    env: JNIEnv<'local>,
    _class: JClass<'local>,
    url: JCharArray<'local>,
    length: jint,
    spec: jint,
) -> jlong {
    with_scratch(length, |length, scratch| {
        let Scratch { units, octets, .. } = scratch;
        units.clear();
        units.resize(length, 0);
        if env.get_char_array_region(&url, 0, units).is_err() {
            return NO_HOST;
        }
        host_utf16(units, spec, octets)
    })
}

/// `static native long hostOctets(byte[] url, int from, int length, int spec)`
/// of `io.urikit.spark.Native`: [`host`] of the `length` octets of `url`
/// (UTF-8) from index `from`, where `url` may hold more than one value (a
/// row of Spark's), its place in them. A failure of the JVM interface (a
/// range beyond the array: an exception is then pending and is thrown in
/// Java) returns [`NO_HOST`].
// Exported for the JVM, as above.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "system" fn Java_io_urikit_spark_Native_hostOctets<'local>(
    env: JNIEnv<'local>,
    _class: JClass<'local>,
    url: JByteArray<'local>,
    from: jint,
    length: jint,
    spec: jint,
) -> jlong {
    with_scratch(length, |length, scratch| {
        read_octets(&env, &url, from, length, &mut scratch.signed).map_or(NO_HOST, |octets| host(octets, spec))
    })
}

/// A [`Parsing`] and what it was made of: spec, leniency, base.
type Made = (i32, i32, Option<Vec<u8>>, Parsing);

thread_local! {
    /// The last [`Parsing`] a thread made, so that a column with one base
    /// reads it once.
    static PARSING: RefCell<Option<Made>> = const { RefCell::new(None) };
}

/// `f` of the [`Parsing`] of `spec`, `lenient` and `base`, made once per
/// thread while they stay the same.
fn with_parsing<T>(spec: i32, lenient: i32, base: Option<&[u8]>, f: impl FnOnce(&Parsing) -> T) -> Result<T, String> {
    PARSING.with(|cell| {
        let mut cell = cell
            .try_borrow_mut()
            .map_err(|_| "the parsing of this thread is in use".to_owned())?;
        let same = matches!(&*cell, Some((s, l, b, _)) if *s == spec && *l == lenient && b.as_deref() == base);
        if !same {
            *cell = Some((
                spec,
                lenient,
                base.map(<[u8]>::to_vec),
                parsing_of(spec, lenient, base)?,
            ));
        }
        match &*cell {
            Some((_, _, _, parsing)) => Ok(f(parsing)),
            None => Err("no parsing".to_owned()),
        }
    })
}

/// `static native byte[] parse(byte[] url, int from, int length, int spec,
/// int lenient, byte[] base, int[] parts)` of `io.urikit.spark.Native`:
/// [`parts_with`] of the `length` octets of `url` from index `from`, parsed
/// by spec number `spec` ([`any_spec_of`]), `lenient` (-1 for the spec's
/// default, 0, 1) and against `base` (UTF-8, or null for none). `parts` (at
/// least [`PARTS`] + 1 ints) gets the ranges and, at [`STATUS`], what they
/// are of: [`IN_INPUT`] (the call returns null), [`IN_RESULT`] (it returns
/// the URL's serialization as UTF-8) or [`INVALID`] (it returns the error
/// as UTF-8; so does a base that is not a URL, for every row). A failure of
/// the JVM interface (an exception is then pending and is thrown in Java)
/// returns null.
// Exported for the JVM, as above.
#[allow(unsafe_code)]
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_io_urikit_spark_Native_parse<'local>(
    env: JNIEnv<'local>,
    _class: JClass<'local>,
    url: JByteArray<'local>,
    from: jint,
    length: jint,
    spec: jint,
    lenient: jint,
    base: JByteArray<'local>,
    out: JIntArray<'local>,
) -> jbyteArray {
    let base = if base.is_null() {
        None
    } else {
        match env.convert_byte_array(&base) {
            Ok(octets) => Some(octets),
            Err(_) => return std::ptr::null_mut(),
        }
    };
    let mut found = [0; PARTS];
    let mut result: Result<Option<String>, String> = Ok(None);
    let read = with_scratch(length, |length, scratch| {
        let Some(octets) = read_octets(&env, &url, from, length, &mut scratch.signed) else {
            return NO_HOST;
        };
        result = with_parsing(spec, lenient, base.as_deref(), |parsing| {
            parts_with(octets, parsing, &mut found)
        })
        .and_then(|r| r);
        0
    });
    if read == NO_HOST {
        return std::ptr::null_mut();
    }
    let (status, octets) = match &result {
        Ok(None) => (IN_INPUT, None),
        Ok(Some(href)) => (IN_RESULT, Some(href.as_bytes())),
        Err(message) => (INVALID, Some(message.as_bytes())),
    };
    // On a failure an exception is pending: Java throws it.
    if status != INVALID && env.set_int_array_region(&out, 0, &found).is_err() {
        return std::ptr::null_mut();
    }
    if env.set_int_array_region(&out, STATUS as jint, &[status]).is_err() {
        return std::ptr::null_mut();
    }
    match octets {
        None => std::ptr::null_mut(),
        Some(octets) => env
            .byte_array_from_slice(octets)
            .map_or(std::ptr::null_mut(), |array| array.into_raw()),
    }
}

/// `static native byte[] check(int spec, int lenient, byte[] base)` of
/// `io.urikit.spark.Native`: null when [`parsing_of`] can be made of them
/// (`base` null for none), otherwise why not, as UTF-8; for the driver to
/// refuse a bad base once, before any row.
// Exported for the JVM, as above.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "system" fn Java_io_urikit_spark_Native_check<'local>(
    env: JNIEnv<'local>,
    _class: JClass<'local>,
    spec: jint,
    lenient: jint,
    base: JByteArray<'local>,
) -> jbyteArray {
    let base = if base.is_null() {
        None
    } else {
        match env.convert_byte_array(&base) {
            Ok(octets) => Some(octets),
            Err(_) => return std::ptr::null_mut(),
        }
    };
    match parsing_of(spec, lenient, base.as_deref()) {
        Ok(_) => std::ptr::null_mut(),
        Err(message) => env
            .byte_array_from_slice(message.as_bytes())
            .map_or(std::ptr::null_mut(), |array| array.into_raw()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The components [`parts`] finds in `input`, as texts, the port as
    /// written last.
    fn texts(input: &str, spec: Spec) -> Result<(Vec<Option<&str>>, i32), String> {
        let mut found = [0; PARTS];
        parts(input.as_bytes(), spec, &mut found)?;
        let cut = |r: &[i32]| (r[0] >= 0).then(|| &input[r[0] as usize..r[1] as usize]);
        let mut texts: Vec<Option<&str>> = found[..PORT].chunks_exact(2).map(cut).collect();
        texts.push(cut(&found[PORT + 1..]));
        Ok((texts, found[PORT]))
    }

    #[test]
    fn parts_of_valid_and_invalid_urls() {
        assert_eq!(
            texts("HTTP://u:p@Example.COM:8080/a?b#c", Spec::Rfc3986),
            Ok((
                vec![
                    Some("HTTP"),
                    Some("u"),
                    Some("p"),
                    Some("Example.COM"),
                    Some("/a"),
                    Some("b"),
                    Some("c"),
                    Some("8080")
                ],
                8080
            ))
        );
        assert_eq!(
            texts("mailto:a@b.org", Spec::Rfc1738),
            Ok((
                vec![Some("mailto"), None, None, None, Some("a@b.org"), None, None, None],
                -1
            ))
        );
        // A port no 16-bit number holds has no value, and its digits.
        for spec in [Spec::Rfc1808, Spec::Rfc3986] {
            let (found, port) = texts("http://h:99999/", spec).unwrap();
            assert_eq!((found[3], found[7], port), (Some("h"), Some("99999"), -1));
            let (found, port) = texts("http://h:/", spec).unwrap();
            assert_eq!((found[7], port), (Some(""), -1));
        }
        let error = texts("http://a b/", Spec::Rfc1738).unwrap_err();
        assert_eq!(
            error,
            UrlRef::parse_with("http://a b/", Spec::Rfc1738)
                .unwrap_err()
                .to_string()
        );
        let mut found = [0; PARTS];
        assert_eq!(
            parts(b"http://a/\xff", Spec::Rfc1738, &mut found),
            Err("octet 0xFF is not UTF-8, expected UTF-8 text at offset 9".to_owned())
        );
    }

    fn cut(input: &str, spec: i32) -> Option<&str> {
        match host(input.as_bytes(), spec) {
            NO_HOST => None,
            packed => Some(&input[(packed >> 32) as usize..(packed & 0xffff_ffff) as usize]),
        }
    }

    #[test]
    fn hosts_by_spec() {
        assert_eq!(cut("http://Example.COM:80/a?b", 0), Some("Example.COM"));
        assert_eq!(cut("ftp://u:p@ftp.x.org/f", 0), Some("ftp.x.org"));
        assert_eq!(cut("mailto:a@b.org", 0), None);
        assert_eq!(cut("http://a b/", 0), None);
        assert_eq!(cut("", 0), None);
        // RFC 3986 takes an IP literal; RFC 1738 does not.
        assert_eq!(cut("http://[::1]/", 3), Some("[::1]"));
        assert_eq!(cut("http://[::1]/", 0), None);
    }

    #[test]
    fn unknown_spec_and_non_utf8() {
        assert_eq!(host(b"http://a/", 4), NO_HOST);
        assert_eq!(host(b"http://a/", -1), NO_HOST);
        assert_eq!(host(b"http://\xff/", 0), NO_HOST);
        assert_eq!(spec_of(0), Some(Spec::Rfc1738));
        assert_eq!(spec_of(3), Some(Spec::Rfc3986));
    }

    fn cut16(input: &str, spec: i32) -> Option<String> {
        let units: Vec<u16> = input.encode_utf16().collect();
        match host_utf16(&units, spec, &mut Vec::new()) {
            NO_HOST => None,
            packed => {
                Some(String::from_utf16(&units[(packed >> 32) as usize..(packed & 0xffff_ffff) as usize]).unwrap())
            }
        }
    }

    #[test]
    fn utf16_in_units() {
        for url in [
            "http://Example.COM:80/a?b",
            "http://[::1]/",
            "mailto:a@b.org",
            "",
            "http://a b/",
        ] {
            for spec in 0..4 {
                assert_eq!(cut16(url, spec).as_deref(), cut(url, spec), "{url} by {spec}");
            }
        }
        // Not ASCII: whatever a spec makes of it, the same as from octets.
        for url in ["http://h\u{e9}.example/", "http://h/\u{1f600}", "http://\u{1f600}.x/"] {
            for spec in 0..4 {
                assert_eq!(cut16(url, spec).as_deref(), cut(url, spec), "{url} by {spec}");
            }
        }
        // A lone surrogate is not Unicode.
        let lone = [u16::from(b'h'), u16::from(b':'), 0xd800];
        assert_eq!(host_utf16(&lone, 0, &mut Vec::new()), NO_HOST);
    }

    #[test]
    fn every_spec_agrees_with_the_parser() {
        let urls = [
            "http://h.example/p",
            "news:comp.x",
            "http://u@h:1/",
            "gopher://g.x:70/1",
            "file:///x",
        ];
        for (code, spec) in Spec::ALL.iter().enumerate().filter(|(_, s)| **s != Spec::Whatwg) {
            for url in urls {
                let want = UrlRef::parse_with(url, *spec).ok().and_then(|u| u.host());
                assert_eq!(cut(url, code as i32), want, "{url} by {spec:?}");
            }
        }
    }

    /// The serialization when it is not the input, the texts of the
    /// ranges, and the port.
    type Found = (Option<String>, Vec<Option<String>>, i32);

    /// [`parts_with`] of `input` as texts of what the ranges are of.
    fn texts_with(input: &str, parsing: &Parsing) -> Result<Found, String> {
        let mut found = [0; PARTS];
        let own = parts_with(input.as_bytes(), parsing, &mut found)?;
        let of = own.clone().unwrap_or_else(|| input.to_owned());
        let cut = |r: &[i32]| (r[0] >= 0).then(|| of[r[0] as usize..r[1] as usize].to_owned());
        let mut texts: Vec<Option<String>> = found[..PORT].chunks_exact(2).map(cut).collect();
        texts.push(cut(&found[PORT + 1..]));
        Ok((own, texts, found[PORT]))
    }

    #[test]
    fn whatwg_parts_are_of_the_href() {
        let whatwg = parsing_of(WHATWG, -1, None).unwrap();
        let (own, texts, port) = texts_with("HTTP://0x7f.1:8080/a/../b", &whatwg).unwrap();
        assert_eq!(own.as_deref(), Some("http://127.0.0.1:8080/b"));
        assert_eq!(texts[0].as_deref(), Some("http"));
        assert_eq!(texts[3].as_deref(), Some("127.0.0.1"));
        assert_eq!(texts[4].as_deref(), Some("/b"));
        assert_eq!(port, 8080);
        assert!(texts_with("http://[::1", &whatwg).unwrap_err().contains("WHATWG"));
        let strict = parsing_of(WHATWG, 0, None).unwrap();
        assert!(texts_with("http://0x7f.1/", &strict).is_err());
        // A strict parse by an RFC: ranges of the input itself.
        let rfc = parsing_of(0, -1, None).unwrap();
        assert_eq!(texts_with("http://h/x", &rfc).unwrap().0, None);
    }

    #[test]
    fn base_applies_to_every_row() {
        let whatwg = parsing_of(WHATWG, -1, Some(b"http://a/b/c")).unwrap();
        let (own, texts, _) = texts_with("../x", &whatwg).unwrap();
        assert_eq!((own.as_deref(), texts[4].as_deref()), (Some("http://a/x"), Some("/x")));
        let rfc = parsing_of(3, -1, Some(b"http://a/b/c/d;p?q")).unwrap();
        assert_eq!(texts_with("../g", &rfc).unwrap().0.as_deref(), Some("http://a/b/g"));
        assert!(parsing_of(WHATWG, -1, Some(b"not a url")).is_err());
        assert!(parsing_of(5, -1, None).is_err());
        assert!(parsing_of(0, 2, None).is_err());
    }
}
