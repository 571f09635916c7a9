//! Deterministic pseudo-random keys for Zobrist hashing, computable at compile time.

/// One step of the SplitMix64 generator: advances `state` and returns the next value.
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` pseudo-random keys derived from `seed`: the same seed always gives the same keys.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut state = seed;
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(&mut state);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_repeatable() {
        let a: [u64; 64] = keys(7);
        let b: [u64; 64] = keys(7);
        assert_eq!(a, b);
        let mut sorted = a.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 64);
    }
}
