//! A question asked of every octet of a text, 16 octets at a time: for the
//! common case of a text with no octet to look at (nothing to escape,
//! nothing to show by name), answered in a few vector compares.

/// Whether `hit` is true of some octet of `bytes`.
///
/// Each window of 16 octets is folded without stopping early, which the
/// compiler makes vector compares. The last window of a longer text
/// overlaps the one before; a shorter text fills one window with copies of
/// its parts that cover every octet (its first and last 8, or 4, or its
/// first, middle and last octet), each copy of a fixed size.
#[inline(always)]
pub fn any(bytes: &[u8], hit: impl Fn(u8) -> bool + Copy) -> bool {
    let len = bytes.len();
    let mut window = [0; 16];
    match len {
        0 => return false,
        1..4 => {
            window = [bytes[0]; 16];
            window[1] = bytes[len / 2];
            window[2] = bytes[len - 1];
        }
        4..8 => {
            let (first, last) = (&bytes[..4], &bytes[len - 4..]);
            for quarter in window.chunks_exact_mut(8) {
                quarter[..4].copy_from_slice(first);
                quarter[4..].copy_from_slice(last);
            }
        }
        8..16 => {
            window[..8].copy_from_slice(&bytes[..8]);
            window[8..].copy_from_slice(&bytes[len - 8..]);
        }
        _ => {
            let mut chunks = bytes.chunks_exact(16);
            for chunk in &mut chunks {
                if chunk.iter().fold(false, |any, &b| any | hit(b)) {
                    return true;
                }
            }
            if chunks.remainder().is_empty() {
                return false;
            }
            window.copy_from_slice(&bytes[len - 16..]);
        }
    }
    window_hits(&window, hit)
}

/// Whether `hit` is true of some octet of `window`: not inlined, so that the
/// window stays in memory and is compared as a vector, not octet by octet.
#[inline(never)]
fn window_hits(window: &[u8; 16], hit: impl Fn(u8) -> bool) -> bool {
    window.iter().fold(false, |any, &b| any | hit(b))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_position_of_every_length_is_looked_at() {
        for len in 0..70 {
            assert!(!super::any(&vec![b'a'; len], |b| b == b'x'));
            for at in 0..len {
                let mut bytes = vec![b'a'; len];
                bytes[at] = b'x';
                assert!(super::any(&bytes, |b| b == b'x'), "{len} {at}");
            }
        }
    }
}
