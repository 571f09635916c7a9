//! Helpers for bitboards: a set of squares held in the bits of an unsigned integer.

/// Iterates over the indices of the set bits of a `u64`, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits64(pub u64);

impl Iterator for Bits64 {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// Iterates over the indices of the set bits of a `u128`, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits128(pub u128);

impl Iterator for Bits128 {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_set_bits_in_order() {
        assert_eq!(Bits64(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(Bits128(1 << 100 | 2).collect::<Vec<_>>(), vec![1, 100]);
        assert_eq!(Bits64(0).count(), 0);
    }
}
