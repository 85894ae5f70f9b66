//! `wingtip tables`: prints the size of every static table.

use wingtip::tables;

fn row(name: &str, entries: usize, bytes: usize) {
    outln!(
        "{name:<34} {entries:>9} {:>10.1} KiB",
        bytes as f64 / 1024.0
    );
}

/// Prints one line per table: name, entries, KiB; then the total and the slider
/// backend this build uses.
pub fn run() -> anyhow::Result<()> {
    use core::mem::size_of_val;
    outln!("{:<34} {:>9} {:>14}", "table", "entries", "size");
    let mut total = 0;
    let mut add = |name: &str, entries: usize, bytes: usize| {
        row(name, entries, bytes);
        total += bytes;
    };
    add(
        "ROOK_PLAIN [64][4096]",
        tables::ROOK_PLAIN.len(),
        size_of_val(tables::ROOK_PLAIN),
    );
    add(
        "BISHOP_PLAIN [64][512]",
        tables::BISHOP_PLAIN.len(),
        size_of_val(tables::BISHOP_PLAIN),
    );
    add(
        "SLIDER_ATTACKS (compact)",
        tables::SLIDER_ATTACKS.len(),
        size_of_val(tables::SLIDER_ATTACKS),
    );
    add(
        "FIXED_ATTACKS (fixed shift)",
        tables::FIXED_ATTACKS.len(),
        size_of_val(tables::FIXED_ATTACKS),
    );
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    add(
        "PEXT_ATTACKS",
        tables::PEXT_ATTACKS.len(),
        size_of_val(tables::PEXT_ATTACKS),
    );
    add(
        "LINE_ATTACKS [4][64][64]",
        tables::LINE_ATTACKS.len(),
        size_of_val(tables::LINE_ATTACKS),
    );
    add(
        "ROOK/BISHOP_MAGICS",
        128,
        size_of_val(&tables::ROOK_MAGICS) + size_of_val(&tables::BISHOP_MAGICS),
    );
    add(
        "ROOK/BISHOP_FIXED_MAGICS",
        128,
        size_of_val(&tables::ROOK_FIXED_MAGICS) + size_of_val(&tables::BISHOP_FIXED_MAGICS),
    );
    add(
        "RANK/FILE/DIAG/ANTI_MAGICS",
        256,
        4 * size_of_val(&tables::RANK_MAGICS),
    );
    add("PEXT_OFFSETS", 128, size_of_val(&tables::PEXT_OFFSETS));
    add(
        "PAWN_ATTACKS [2][64]",
        128,
        size_of_val(&tables::PAWN_ATTACKS),
    );
    add(
        "KNIGHT_ATTACKS [64]",
        64,
        size_of_val(&tables::KNIGHT_ATTACKS),
    );
    add("KING_ATTACKS [64]", 64, size_of_val(&tables::KING_ATTACKS));
    add("BETWEEN [64][64]", 4096, size_of_val(&tables::BETWEEN));
    add("LINE [64][64]", 4096, size_of_val(&tables::LINE));
    add(
        "ZOBRIST (piece, castle, ep, side)",
        12 * 64 + 16 + 8 + 1,
        size_of_val(&tables::ZOBRIST_PIECE)
            + size_of_val(&tables::ZOBRIST_CASTLING)
            + size_of_val(&tables::ZOBRIST_EN_PASSANT)
            + 8,
    );
    outln!(
        "{:<34} {:>9} {:>10.1} KiB",
        "total",
        "",
        total as f64 / 1024.0
    );
    outln!("slider backend: {}", wingtip::attacks::BACKEND);
    Ok(())
}
