//! How long a run of URL characters is, eight bytes at a time.
//!
//! The bytes of a URL in text are read as one `u64` per eight (SWAR: SIMD
//! within a register, in safe code); each test below sets the top bit of
//! every byte lane it matches, and the lowest set bit is exact (a borrow or
//! carry only ever spreads upwards from a lane that matched). The tail of
//! fewer than eight bytes is read one byte at a time.

/// `0x01` in every byte lane.
const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
/// `0x80` in every byte lane.
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The lanes of `x` that hold a zero byte.
const fn zero_lanes(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The lanes of `x` that are not graphic US-ASCII (`0x21..=0x7e`).
const fn not_graphic(x: u64) -> u64 {
    // Below 0x21: the subtraction borrows into the top bit of a lane that
    // had it clear.
    let below = x.wrapping_sub(ONES * 0x21) & !x;
    // Above 0x7e: adding 1 reaches 0x80, or the lane had the top bit set.
    let above = x.wrapping_add(ONES) | x;
    (below | above) & HIGHS
}

/// The lanes of `x` that hold `b`.
const fn lanes_of(x: u64, b: u8) -> u64 {
    zero_lanes(x ^ (ONES * b as u64))
}

/// The length of the run of graphic US-ASCII at the start of `bytes`.
pub(super) fn graphic(bytes: &[u8]) -> usize {
    run(bytes, not_graphic, u8::is_ascii_graphic)
}

/// Whether `b` may be part of a bare URL: graphic US-ASCII but the
/// delimiters of URLs in free text (`<`, `>`, `"`, RFC 1738 §2.2) and the
/// backquote, which quotes words in plain text.
pub(super) fn is_bare(b: u8) -> bool {
    b.is_ascii_graphic() && !matches!(b, b'<' | b'>' | b'"' | b'`')
}

/// The length of the run of bare-URL characters ([`is_bare`]) at the start
/// of `bytes`.
pub(super) fn bare(bytes: &[u8]) -> usize {
    run(
        bytes,
        |x| not_graphic(x) | lanes_of(x, b'<') | lanes_of(x, b'>') | lanes_of(x, b'"') | lanes_of(x, b'`'),
        |&b| is_bare(b),
    )
}

/// The length of the run at the start of `bytes` of the bytes `stop` does
/// not mark (eight at a time) and `keep` keeps (one at a time).
#[inline(always)]
fn run(bytes: &[u8], stop: impl Fn(u64) -> u64, keep: impl Fn(&u8) -> bool) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut n = 0;
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let stops = stop(x);
        if stops != 0 {
            return n + (stops.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + chunks.remainder().iter().take_while(|b| keep(b)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(bytes: &[u8], keep: impl Fn(&u8) -> bool) -> usize {
        bytes.iter().take_while(|b| keep(b)).count()
    }

    #[test]
    fn every_byte_at_every_lane_and_length() {
        let is_bare = |b: &u8| is_bare(*b);
        for len in 0..=20 {
            for at in 0..len {
                for stop in 0..=255u8 {
                    // A run of 'a', with `stop` at `at`, and bytes that stop
                    // after it (a borrow must not hide the first).
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = stop;
                    if at + 1 < len {
                        bytes[at + 1] = 0;
                    }
                    assert_eq!(graphic(&bytes), naive(&bytes, u8::is_ascii_graphic), "{bytes:?}");
                    assert_eq!(bare(&bytes), naive(&bytes, is_bare), "{bytes:?}");
                }
            }
            let bytes = vec![b'~'; len];
            assert_eq!(graphic(&bytes), len);
        }
    }

    #[test]
    fn pairs_of_bytes_in_one_word() {
        let is_bare = |b: &u8| is_bare(*b);
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let bytes = [b'x', b'y', a, b, b'z', b'!', b'~', b'/', b'q'];
                assert_eq!(graphic(&bytes), naive(&bytes, u8::is_ascii_graphic), "{bytes:?}");
                assert_eq!(bare(&bytes), naive(&bytes, is_bare), "{bytes:?}");
            }
        }
    }
}
