//! Moves as 32-bit numbers, so that tables shared by several search threads can hold them in
//! atomic words.

/// A move that fits in 32 bits.
pub trait MoveBits: Copy {
    /// The move's bits.
    fn to_bits(self) -> u32;

    /// The move whose bits are `bits`. Bits that [`to_bits`](MoveBits::to_bits) gave give that
    /// move back; other bits give some move, which a caller must check (against the legal
    /// moves) before playing it.
    fn from_bits(bits: u32) -> Self;
}
