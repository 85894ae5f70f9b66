//! The deterministic generators behind every search and every Zobrist key.
//!
//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
//! generators", OOPSLA 2014; constants as published there and in Java's
//! `SplittableRandom`). It is tiny, passes BigCrush, and any 64-bit seed works.

/// A SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// Creates a generator from `seed`.
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// Returns the next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Returns a sparse random number (about 8 of 64 bits set), the usual magic
    /// candidate shape (chessprogramming wiki, "Looking for Magics").
    pub fn sparse_u64(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}

/// Derives an independent stream seed for one `(seed, family, square)` job, so each
/// square's search is reproducible on its own, in any order and on any thread.
pub fn stream_seed(seed: u64, family: u8, sq: u8) -> u64 {
    let mut g = SplitMix64::new(seed ^ ((family as u64) << 56) ^ ((sq as u64) << 48));
    g.next_u64()
}
