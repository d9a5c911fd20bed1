//! What the unit tests share: a table of inputs and the answers a function
//! must give for them, checked in one place.

use std::fmt::Debug;

/// Checks that `f` gives, for the input of each row of `table`, the answer
/// of that row (`String` answers against `&str` rows, for example); a
/// failure names the row and its input.
#[track_caller]
pub(crate) fn answers<I, R, W>(f: impl Fn(I) -> R, table: &[(I, W)])
where
    I: Copy + Debug,
    R: PartialEq<W> + Debug,
    W: Debug,
{
    for (row, (input, want)) in table.iter().enumerate() {
        assert_eq!(f(*input), *want, "row {row}: {input:?}");
    }
}
