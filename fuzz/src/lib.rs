//! What the fuzz targets share: the positions the move-text targets start from, and
//! the checks several targets make.

use wingtip::Board;

/// Positions for the `san` and `uci_move` targets, picked by the input's first byte:
/// each is there for a rule of move text (disambiguation, promotion, en passant,
/// castling in standard chess and Chess960, check and mate suffixes).
pub const POSITIONS: [&str; 16] = [
    // The start.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Kiwipete: castling both ways, pins, en passant after a double push.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // CPW position 3: a horizontal pin across an en-passant capture after e2e4.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // CPW position 4: promotions by capture, castling out of reach.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    // CPW position 5: a promotion that captures and checks.
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // En passant available.
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    // Pawns that promote straight and by capture, for both sides' castling rooks.
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    // Three queens: file, rank and full-square disambiguation (Qa4d4, Q1d4).
    "5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1",
    // Four knights that reach d4.
    "k7/8/8/1N3N2/8/1N3N2/8/4K3 w - - 0 1",
    // Chess960 in X-FEN: inner rooks named by file.
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    // Chess960: king f1 and rook g1, castling is f1g1 both ways.
    "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
    // Two black pawns can take en passant.
    "rnbqkbnr/ppp1p1pp/8/8/3pPp2/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    // In check by a rook: evasions only, castling rights that cannot be used.
    "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
    // Mate in one (Ra8#).
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    // Black castles either way.
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    // En passant that would expose the king along the rank (not legal).
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
];

/// Returns the position the first byte picks, and the rest of the input as text;
/// `None` when the input is empty or the rest is not UTF-8.
pub fn position_and_text(data: &[u8]) -> Option<(Board, &str)> {
    let (&first, rest) = data.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    let fen = POSITIONS[usize::from(first) % POSITIONS.len()];
    let board = Board::from_fen(fen).expect("the fixed positions are legal");
    Some((board, text))
}

/// Whether `line` holds a control character (C0, DEL or C1): a reply line with one
/// could end early, be split, or move a terminal's cursor in a GUI's log window.
pub fn has_control(line: &str) -> bool {
    line.chars().any(char::is_control)
}

/// Panics unless `line`, a line the engine would write, is free of control
/// characters.
///
/// `WINGTIP_FUZZ_ALLOW_CONTROL=1` in the environment turns this check off, to look
/// for other faults while a known control-character leak is being fixed.
#[track_caller]
pub fn assert_printable(line: &str) {
    static ALLOW: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let allow = *ALLOW
        .get_or_init(|| std::env::var_os("WINGTIP_FUZZ_ALLOW_CONTROL").is_some_and(|v| v == "1"));
    assert!(
        allow || !has_control(line),
        "a reply line holds a control character: {line:?}"
    );
}

/// Splits the input into lines as the engine reads standard input: at `\n`, each
/// decoded lossily as UTF-8 and without its trailing `\n`/`\r` characters.
pub fn engine_lines(data: &[u8]) -> impl Iterator<Item = String> + '_ {
    data.split(|&b| b == b'\n').map(|raw| {
        String::from_utf8_lossy(raw)
            .trim_end_matches(['\n', '\r'])
            .to_string()
    })
}
