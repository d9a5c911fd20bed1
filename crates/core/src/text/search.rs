//! The byte searches of the scanner: `:` and the wrapper ends.

use memchr::{memchr, memchr2};

/// `memchr` for `:`, and `memchr2` for `>` and `<`, with their AVX2
/// searches chosen once where the processor has them: `memchr` itself
/// chooses at each call, through a pointer, which costs a text with a colon
/// every few hundred bytes about as much as the search between them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Searchers {
    #[cfg(target_arch = "x86_64")]
    colon: Option<memchr::arch::x86_64::avx2::memchr::One>,
    #[cfg(target_arch = "x86_64")]
    angle: Option<memchr::arch::x86_64::avx2::memchr::Two>,
}

impl Searchers {
    pub(super) fn new() -> Searchers {
        Searchers {
            #[cfg(target_arch = "x86_64")]
            colon: memchr::arch::x86_64::avx2::memchr::One::new(b':'),
            #[cfg(target_arch = "x86_64")]
            angle: memchr::arch::x86_64::avx2::memchr::Two::new(b'>', b'<'),
        }
    }

    /// The offset of the first `:` in `haystack`.
    #[inline(always)]
    pub(super) fn colon(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(one) = &self.colon {
            return one.find(haystack);
        }
        memchr(b':', haystack)
    }

    /// The offset of the first `>` or `<` in `haystack`.
    #[inline(always)]
    pub(super) fn angle(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(two) = &self.angle {
            return two.find(haystack);
        }
        memchr2(b'>', b'<', haystack)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searchers_find_what_memchr_finds() {
        let search = Searchers::new();
        for len in 0..100 {
            for at in 0..=len {
                for b in [b':', b'<', b'>'] {
                    let mut hay = vec![b'a'; len];
                    if at < len {
                        hay[at] = b;
                    }
                    for from in 0..=len {
                        let h = &hay[from..];
                        assert_eq!(search.colon(h), memchr(b':', h), "{len} {at} {from}");
                        assert_eq!(search.angle(h), memchr2(b'>', b'<', h), "{len} {at} {from}");
                    }
                }
            }
        }
    }
}
