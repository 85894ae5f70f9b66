//! Reading the self-play file of `rig/datagen.py` and keeping the quiet positions.
//!
//! Line format: `<FEN> | <result> | <score> | <game>`, result 1.0 / 0.5 / 0.0 for White;
//! lines starting with `#` and blank lines are skipped.
//!
//! A position is kept when the side to move is not in check and its static evaluation
//! (the hand-set terms, [`wingtip::eval::hand_crafted`], so the filter does not depend on
//! the network built into the library) equals its quiescence score (captures and promotions, alpha-beta with stand pat, see
//! [`quiescence`]): the evaluation the tuner fits is then the one the search's leaves
//! see.

use anyhow::{bail, Context, Result};
use wingtip::eval::{hand_crafted, trace, Trace};
use wingtip::{Board, Move};

/// One line of the data file.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The position.
    pub board: Board,
    /// The game result for White: 1, ½ or 0.
    pub result: f64,
    /// The engine's search score, centipawns, White's point of view.
    pub score: i32,
    /// The game number.
    pub game: u64,
}

/// Parses one data line; `Ok(None)` for a comment or blank line.
pub fn parse_line(line: &str) -> Result<Option<Record>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    if fields.len() != 4 {
        bail!(
            "expected `FEN | result | score | game`, got {} field(s)",
            fields.len()
        );
    }
    let board = Board::from_fen(fields[0]).map_err(|e| anyhow::anyhow!("bad FEN: {e:?}"))?;
    let result: f64 = fields[1].parse().context("bad result")?;
    if result != 0.0 && result != 0.5 && result != 1.0 {
        bail!("result {result} is not 1.0, 0.5 or 0.0");
    }
    let score: i32 = fields[2].parse().context("bad score")?;
    let game: u64 = fields[3].parse().context("bad game number")?;
    Ok(Some(Record {
        board,
        result,
        score,
        game,
    }))
}

/// Whether `path` names a packed data file ([`crate::packed`]): its extension is
/// `.bin`. Other files are read as text lines.
pub fn is_packed(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| e == "bin")
}

/// Where record `n` of `path` is, for messages: `path:n` (a text line, 1-based) or
/// `path: record n` (a packed record, 0-based).
pub fn location(path: &std::path::Path, n: usize) -> String {
    if is_packed(path) {
        format!("{}: record {n}", path.display())
    } else {
        format!("{}:{n}", path.display())
    }
}

/// What [`records`] returns: each record's number and the record (or why not).
pub type Records = Box<dyn Iterator<Item = (usize, Result<Option<Record>>)>>;

/// The records of a data file, text or packed ([`is_packed`]), each with its number
/// for [`location`]: `Ok(None)` for a text comment or blank line, an error for a line
/// or record that does not parse (and, for a packed file, for a last record cut short).
///
/// # Errors
/// The file cannot be opened.
pub fn records(path: &std::path::Path) -> Result<Records> {
    use std::io::{BufRead, Read};
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    if is_packed(path) {
        let mut n = 0;
        let mut done = false;
        return Ok(Box::new(std::iter::from_fn(move || {
            if done {
                return None;
            }
            let mut buf = [0u8; crate::packed::RECORD_BYTES];
            let mut got = 0;
            while got < buf.len() {
                match reader.read(&mut buf[got..]) {
                    Ok(0) => break,
                    Ok(k) => got += k,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        done = true;
                        return Some((n, Err(anyhow::Error::new(e).context("cannot read"))));
                    }
                }
            }
            let item = match got {
                0 => return None,
                32 => crate::packed::decode(&buf).map(|p| Some(p.record)),
                _ => {
                    done = true;
                    Err(anyhow::anyhow!(
                        "the last record is cut off after {got} of 32 bytes"
                    ))
                }
            };
            n += 1;
            Some((n - 1, item))
        })));
    }
    Ok(Box::new(reader.lines().enumerate().map(|(i, line)| {
        let item = line
            .context("cannot read")
            .and_then(|line| parse_line(&line));
        (i + 1, item)
    })))
}

/// Value of a captured or promoted-to piece for ordering, pawn … king.
const ORDER: [i32; 6] = [1, 3, 3, 5, 9, 0];

/// Returns the capture-and-promotion quiescence score of `board` (side to move's view)
/// in the window (`alpha`, `beta`), with stand pat on the static evaluation; `nodes`
/// counts the positions visited and the search gives up (returns the stand-pat score)
/// past `max_nodes`.
pub fn quiescence(
    board: &Board,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
    max_nodes: u64,
) -> i32 {
    *nodes += 1;
    let stand = hand_crafted(board);
    if stand >= beta || *nodes > max_nodes {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut moves: Vec<Move> = board.legal_captures().iter().copied().collect();
    let value = |mv: &Move| {
        let victim = board
            .piece_on(mv.target())
            .map_or(if mv.is_en_passant() { 1 } else { 0 }, |p| {
                ORDER[p.role().index()]
            });
        let promo = mv.promoted().map_or(0, |p| ORDER[p.role().index()]);
        10 * (victim + promo) - ORDER[mv.piece().role().index()]
    };
    moves.sort_by_key(|mv| -value(mv));
    let mut best = stand;
    for mv in moves {
        let mut child = *board;
        child.make_move(mv);
        let score = -quiescence(&child, -beta, -alpha, nodes, max_nodes);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// Returns whether `board` is quiet: not in check, and the quiescence search cannot
/// improve on the static evaluation (nor does it need more than 100 000 nodes).
pub fn is_quiet(board: &Board) -> bool {
    if board.in_check() {
        return false;
    }
    let mut nodes = 0;
    let q = quiescence(board, -30_000, 30_000, &mut nodes, 100_000);
    nodes <= 100_000 && q == hand_crafted(board)
}

/// A tuning position: the trace of its evaluation in compact form, and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// Non-zero tapered-term coefficients (White's count minus Black's): (term, count).
    pub terms: Vec<(u16, i16)>,
    /// King-zone hits per role (knight … queen) by White, then by Black.
    pub zone_hits: [[i16; 4]; 2],
    /// The number of pieces hitting the enemy king zone, White, Black.
    pub zone_attackers: [u8; 2],
    /// The game phase 0 … 24.
    pub phase: u8,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// What the evaluation is fitted to: the game result for White (Texel's method),
    /// or a blend with the search score (see the tuner's `--score-weight`).
    pub result: f64,
    /// The search score of the data file, centipawns, White's point of view.
    pub score: i32,
    /// The game number (for the training/validation split).
    pub game: u64,
}

impl Position {
    /// Builds the tuning position of `record`.
    pub fn new(record: &Record) -> Position {
        Position::from_trace(
            &trace(&record.board),
            record.result,
            record.score,
            record.game,
        )
    }

    /// Compacts `t`.
    pub fn from_trace(t: &Trace, result: f64, score: i32, game: u64) -> Position {
        let terms = t
            .pairs
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c as i16))
            .collect();
        let hits = |c: usize| t.zone_hits[c].map(|h| h as i16);
        Position {
            terms,
            zone_hits: [hits(0), hits(1)],
            zone_attackers: [t.zone_attackers[0] as u8, t.zone_attackers[1] as u8],
            phase: t.phase as u8,
            white_to_move: t.side_to_move == wingtip::Color::White,
            result,
            score,
            game,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_and_bad_lines_are_errors() {
        let r = parse_line("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 1.0 | 512 | 7")
            .unwrap()
            .unwrap();
        assert_eq!(r.result, 1.0);
        assert_eq!(r.game, 7);
        assert!(parse_line("# game 7 result 1-0").unwrap().is_none());
        assert!(parse_line("   ").unwrap().is_none());
        assert!(parse_line("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 2.0 | 5 | 7").is_err());
        assert!(parse_line("not a fen | 1.0 | 5 | 7").is_err());
        assert!(parse_line("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 1.0").is_err());
    }

    #[test]
    fn quiet_filter() {
        // Nothing to capture: quiet.
        assert!(is_quiet(&Board::startpos()));
        // A hanging queen for the side to move to take: not quiet.
        let b = Board::from_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert!(!is_quiet(&b));
        // In check: not quiet.
        let b = Board::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
        assert!(!is_quiet(&b));
    }

    #[test]
    fn quiescence_wins_the_hanging_queen() {
        let b = Board::from_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let mut nodes = 0;
        let q = quiescence(&b, -30_000, 30_000, &mut nodes, 1_000_000);
        assert!(q > hand_crafted(&b) + 800, "{q}");
    }
}
