//! Attack lookups: one API, several indexing schemes.
//!
//! Each backend is a module with the same functions, `rook_attacks(sq, occupied)`,
//! `bishop_attacks` and `queen_attacks` (by name, the modules are public with the
//! `internals` feature only; the benches compare them):
//!
//! | module | scheme | table |
//! |---|---|---|
//! | `plain` | Kirin's magics, fixed rows | `[64][4096]` + `[64][512]`, 2.25 MiB |
//! | `compact` | the same magics, per-square offsets (Kannan's fancy layout) | 92,793 entries (hunted magics), 725.0 KiB |
//! | `fixed` | fixed-shift magics (12 bits rook, 9 bishop), the compact layout | 123,701 entries, 966.4 KiB |
//! | `kindergarten` | Winglet's sign-bit line magics, rook = rank \| file | 4 × 32 KiB |
//! | `pext` | BMI2 `pext` into a pext-order compact table (bmi2 targets only) | 841 KiB |
//! | `classical` | obstruction difference, no table at all | none |
//!
//! # Which backend the crate uses
//!
//! The choice is made once, here: [`rook_attacks`], [`bishop_attacks`] and
//! [`queen_attacks`] (also re-exported at the crate root) go through the module
//! `backend`, and so does every caller inside the crate: board, move generation,
//! evaluation, SEE and search. [`BACKEND`] names it at run time.
//!
//! Without configuration the target decides, from figures measured on each (the
//! repository's `docs/embedding.md`):
//!
//! | target | default | why |
//! |---|---|---|
//! | x86-64 with BMI2 | `pext` | fastest |
//! | x86-64 without BMI2 | `fixed` | a constant index shift: random lookups 0.95× shakmaty's (`compact` 1.12×); perft level with `compact` on x86-64-v2 |
//! | wasm32, 32-bit ARM (`thumb*`), `riscv32*` | `kindergarten` | 128 KiB of tables instead of 725.0 KiB (`compact`) or 2.25 MiB (`plain`), 9–19 % behind `plain` |
//! | anything else (aarch64, riscv64, …) | `compact` | a third of `plain`'s memory and three quarters of `fixed`'s; a shift by a register is one instruction there (unmeasured) |
//!
//! A build picks another with a `--cfg` flag, for example in the embedding project's
//! `.cargo/config.toml`:
//!
//! ```toml
//! [build]
//! rustflags = ["--cfg", "wingtip_backend=\"kindergarten\""]
//! ```
//!
//! The values are `plain`, `compact`, `fixed`, `kindergarten`, `classical` and `pext` (the
//! last only on targets compiled with BMI2; elsewhere the build fails with a message
//! saying so). It is a cfg rather than a Cargo feature because features are additive
//! and a backend choice is not: two crates in one build asking for two backends
//! would otherwise silently get one of them (the same reasoning as getrandom's
//! `getrandom_backend`). Tables a backend does not read are not linked into the
//! final binary (see README, "Footprint").
//!
//! Leapers and rays have one table each: [`knight_attacks`], [`king_attacks`],
//! [`pawn_attacks`], [`between`], [`line`](fn@line).
//!
//! # Examples
//! ```
//! use wingtip::{attacks, bitboard, Bitboard, Square};
//! let occupied = bitboard! {
//!     . . . . . . . .
//!     . . . . X . . .
//!     . . . . . . . .
//!     . . . . . . . .
//!     . . . . . . . .
//!     . . . . . . . .
//!     . . . . . . . .
//!     . X . . . . . .
//! };
//! let expected = bitboard! {
//!     . . . . . . . .
//!     . . . . X . . .
//!     . . . . X . . .
//!     . . . . X . . .
//!     . . . . X . . .
//!     . . . . X . . .
//!     . . . . X . . .
//!     . X X X . X X X
//! };
//! assert_eq!(attacks::rook_attacks(Square::E1, occupied), expected);
//! assert_eq!(attacks::kindergarten::rook_attacks(Square::E1, occupied), expected);
//! assert_eq!(attacks::classical::rook_attacks(Square::E1, occupied), expected);
//! ```

use crate::tables;
use crate::{Bitboard, Color, Square};

// Each backend by name is tool-facing (the benches compare them): public only with
// the `internals` feature. The lookups below are everyone's.
macro_rules! backends {
    ($($(#[$attr:meta])* $name:ident;)*) => {$(
        #[cfg(feature = "internals")]
        $(#[$attr])*
        pub mod $name;
        #[cfg(not(feature = "internals"))]
        #[allow(dead_code)]
        $(#[$attr])*
        mod $name;
    )*};
}
backends! {
    classical;
    compact;
    fixed;
    kindergarten;
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    pext;
    plain;
}

// The backend selection: an explicit `--cfg wingtip_backend="…"` wins, otherwise
// the target decides. Exactly one `use … as backend` survives the cfgs.
#[cfg(wingtip_backend = "classical")]
use classical as backend;
#[cfg(wingtip_backend = "compact")]
use compact as backend;
#[cfg(wingtip_backend = "fixed")]
use fixed as backend;
#[cfg(wingtip_backend = "kindergarten")]
use kindergarten as backend;
#[cfg(all(
    wingtip_backend = "pext",
    target_arch = "x86_64",
    target_feature = "bmi2"
))]
use pext as backend;
#[cfg(wingtip_backend = "plain")]
use plain as backend;
#[cfg(all(
    wingtip_backend = "pext",
    not(all(target_arch = "x86_64", target_feature = "bmi2"))
))]
compile_error!(
    "wingtip_backend=\"pext\" needs an x86-64 target with BMI2 (e.g. RUSTFLAGS=\"-C target-cpu=native\" on a BMI2 CPU)"
);

/// Keeps its items only when no `--cfg wingtip_backend` is set: then the target
/// picks the backend.
macro_rules! by_target {
    ($($item:item)*) => {$(
        #[cfg(not(any(
            wingtip_backend = "plain",
            wingtip_backend = "compact",
            wingtip_backend = "fixed",
            wingtip_backend = "kindergarten",
            wingtip_backend = "classical",
            wingtip_backend = "pext"
        )))]
        $item
    )*};
}
by_target! {
    // x86-64 with BMI2: `pext`, the fastest everywhere it exists.
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    use pext as backend;
    // wasm32 and 32-bit embedded targets: the smallest tables that stay near the
    // fastest (128 KiB of line tables against compact's 725.0 KiB and plain's
    // 2.25 MiB; see README, "Footprint").
    #[cfg(any(target_arch = "wasm32", target_arch = "arm", target_arch = "riscv32"))]
    use kindergarten as backend;
    // x86-64 without BMI2: `fixed`, whose constant shift avoids `shr r64, cl` (two
    // micro-operations): random lookups 0.95x shakmaty's where `compact` takes 1.12x,
    // perft level with `compact` on x86-64-v2 (docs/embedding.md).
    #[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2")))]
    use fixed as backend;
    // Everything else (aarch64, riscv64, …): `compact`, a quarter smaller than `fixed`;
    // there a shift by a register is one instruction. Unmeasured.
    #[cfg(not(any(
        target_arch = "x86_64",
        target_arch = "wasm32",
        target_arch = "arm",
        target_arch = "riscv32"
    )))]
    use compact as backend;
}

/// The name of the slider backend this build uses (`"plain"`, `"compact"`,
/// `"fixed"`, `"kindergarten"`, `"classical"` or `"pext"`).
///
/// # Examples
/// ```
/// let names = ["plain", "compact", "fixed", "kindergarten", "classical", "pext"];
/// assert!(names.contains(&wingtip::attacks::BACKEND));
/// ```
pub const BACKEND: &str = backend::NAME;

/// Returns the squares a rook on `sq` attacks, given every `occupied` square (the
/// first blocker on each ray is included; own pieces are not removed).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    backend::rook_attacks(sq, occupied)
}

/// Returns the squares a bishop on `sq` attacks.
///
/// # Examples
/// ```
/// use wingtip::{attacks, Bitboard, Square};
/// assert_eq!(attacks::bishop_attacks(Square::A1, Bitboard::EMPTY).len(), 7);
/// ```
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    backend::bishop_attacks(sq, occupied)
}

/// Returns the squares a queen on `sq` attacks.
///
/// # Examples
/// ```
/// use wingtip::{attacks, Bitboard, Square};
/// assert_eq!(attacks::queen_attacks(Square::D4, Bitboard::EMPTY).len(), 27);
/// ```
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Returns the squares a knight on `sq` attacks.
///
/// # Examples
/// ```
/// use wingtip::{attacks, Square};
/// assert_eq!(attacks::knight_attacks(Square::A1).len(), 2);
/// ```
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(tables::KNIGHT_ATTACKS[sq.index()])
}

/// Returns the squares a king on `sq` attacks.
///
/// # Examples
/// ```
/// use wingtip::{attacks, Square};
/// assert_eq!(attacks::king_attacks(Square::E4).len(), 8);
/// ```
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(tables::KING_ATTACKS[sq.index()])
}

/// Returns the squares a pawn of `color` on `sq` attacks.
///
/// # Examples
/// ```
/// use wingtip::{attacks, Bitboard, Color, Square};
/// assert_eq!(attacks::pawn_attacks(Color::White, Square::E2),
///            Bitboard::from(Square::D3) | Square::F3.into());
/// ```
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(tables::PAWN_ATTACKS[color.index()][sq.index()])
}

/// Returns the squares strictly between `a` and `b` when they share a rank, file or
/// diagonal, and the empty set otherwise.
///
/// # Examples
/// ```
/// use wingtip::{attacks, Square};
/// assert_eq!(attacks::between(Square::A1, Square::D4).len(), 2);
/// assert!(attacks::between(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::BETWEEN[a.index()][b.index()])
}

/// Returns the whole line (edge to edge, `a` and `b` included) through `a` and `b`
/// when they share a rank, file or diagonal, and the empty set otherwise.
///
/// # Examples
/// ```
/// use wingtip::{attacks, Square};
/// assert_eq!(attacks::line(Square::A1, Square::C3).len(), 8);
/// ```
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::LINE[a.index()][b.index()])
}
