//! URL Standard §1.1 "Validation": the named validation errors, and which of
//! them are failures (the table's "Failure" column).
//!
//! A validation error becomes a [`ParseError`](crate::ParseError) whose
//! `rule` is the name below and whose `kind` is the closest
//! [`ParseErrorKind`](crate::ParseErrorKind): `invalid-URL-unit` is an
//! `InvalidChar` (or a `BadEscape` for a `%` without two hex digits),
//! `host-missing` an `EmptyHost`, `port-out-of-range` a `PortOutOfRange`,
//! and so on. A strict parse stops at the first; [`validate`](crate::validate)
//! lists them all; lenient parsing returns those that are not failures as
//! warnings.

/// Whether a validation error ends the parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The parser goes on (the table's "·").
    No,
    /// The parser returns failure ("Yes").
    Yes,
    /// A failure in some cases only: `domain-to-ASCII` when the
    /// non-strict domain parser fails too, `IPv4-out-of-range-part` for a
    /// part other than the last (or a last part too large).
    Sometimes,
}

/// Every validation error of the standard, by its name, with its "Failure"
/// column, in the order of the standard's table.
pub const TABLE: [(&str, Failure); 31] = [
    ("domain-to-ASCII", Failure::Sometimes),
    ("domain-percent-encoded", Failure::No),
    ("host-invalid-code-point", Failure::Yes),
    ("IPv4-empty-part", Failure::No),
    ("IPv4-too-few-parts", Failure::No),
    ("IPv4-too-many-parts", Failure::Yes),
    ("IPv4-non-numeric-part", Failure::Yes),
    ("IPv4-non-decimal-part", Failure::No),
    ("IPv4-out-of-range-part", Failure::Sometimes),
    ("IPv4-non-ASCII-input", Failure::No),
    ("IPv6-unclosed", Failure::Yes),
    ("IPv6-invalid-compression", Failure::Yes),
    ("IPv6-too-many-pieces", Failure::Yes),
    ("IPv6-multiple-compression", Failure::Yes),
    ("IPv6-invalid-code-point", Failure::Yes),
    ("IPv6-too-few-pieces", Failure::Yes),
    ("IPv6-piece-leading-zero", Failure::No),
    ("IPv4-in-IPv6-too-many-pieces", Failure::Yes),
    ("IPv4-in-IPv6-invalid-code-point", Failure::Yes),
    ("IPv4-in-IPv6-out-of-range-part", Failure::Yes),
    ("IPv4-in-IPv6-too-few-parts", Failure::Yes),
    ("invalid-URL-unit", Failure::No),
    ("special-scheme-missing-following-solidus", Failure::No),
    ("missing-scheme-non-relative-URL", Failure::Yes),
    ("invalid-reverse-solidus", Failure::No),
    ("invalid-credentials", Failure::No),
    ("host-missing", Failure::Yes),
    ("port-out-of-range", Failure::Yes),
    ("port-invalid", Failure::Yes),
    ("file-invalid-Windows-drive-letter", Failure::No),
    ("file-invalid-Windows-drive-letter-host", Failure::No),
];

/// The "Failure" column of the validation error `name`.
pub fn failure(name: &str) -> Option<Failure> {
    TABLE.iter().find(|(n, _)| *n == name).map(|&(_, f)| f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        for (i, (name, _)) in TABLE.iter().enumerate() {
            assert!(TABLE[..i].iter().all(|(n, _)| n != name), "{name}");
            assert_eq!(failure(name), Some(TABLE[i].1));
        }
    }
}
