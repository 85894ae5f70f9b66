//! Self-play games at a fixed node budget, in-process: the data generator behind
//! `wingtip-datagen` (the native counterpart of `rig/datagen.py`, which drives the
//! engine over UCI). Measured here on the idle 2-core machine: 20 games at 5,000 nodes
//! a move on 2 threads wrote 1,588 positions in 3.7 s (430 a second), where README
//! records about 60 a second for `datagen.py` at 2,000 nodes on both cores.
//!
//! A game is fully determined by its number, the seed, the opening and the library build:
//! the opening's position, then `random_plies` uniformly random legal moves drawn from a
//! generator seeded with (seed, number), then the search at `nodes` per move with the
//! searcher, continuation history and transposition table cleared at the game's start
//! (as `ucinewgame` does). So an interrupted run that resumes writes the same games.
//!
//! Positions kept, and the game's end, follow `rig/datagen.py`: the side to move is
//! not in check; the move chosen is not a capture, a promotion or a check; the score is
//! not a mate score and within ±`max_score`; the position is at least `skip_plies` plies
//! after the random plies. Games end by the rules (checkmate, stalemate, insufficient
//! material, threefold repetition, fifty moves), at `max_plies` (a draw), or by
//! adjudication (`win_plies` plies all at least `win_score` for one side; after
//! `draw_ply` plies, `draw_plies` plies all within ±`draw_score`).

use core::sync::atomic::AtomicBool;
use std::fmt::Write as _;

use wingtip::search::{
    ContinuationHistory, Limits, NoHooks, Score, SearchRequest, Searcher, TtEntry,
};
use wingtip::{Board, Color};
use wingtip_codegen::rng::SplitMix64;

/// How games are played and which positions are kept.
#[derive(Clone, Debug)]
pub struct Config {
    /// Node budget per move.
    pub nodes: u64,
    /// Seed of the random opening moves.
    pub seed: u64,
    /// Random legal moves after the opening position.
    pub random_plies: u32,
    /// Plies after the random moves before positions are kept.
    pub skip_plies: u32,
    /// Largest absolute score (centipawns) of a kept position.
    pub max_score: i32,
    /// A game still going after this many plies is drawn.
    pub max_plies: u32,
    /// Win adjudication: this score for one side …
    pub win_score: i32,
    /// … on this many consecutive plies.
    pub win_plies: usize,
    /// Draw adjudication starts after this many plies …
    pub draw_ply: u32,
    /// … when this many consecutive plies …
    pub draw_plies: usize,
    /// … all score within ± this.
    pub draw_score: i32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            nodes: 5000,
            seed: 1,
            random_plies: 4,
            skip_plies: 8,
            max_score: 2000,
            max_plies: 400,
            win_score: 1500,
            win_plies: 6,
            draw_ply: 80,
            draw_plies: 12,
            draw_score: 10,
        }
    }
}

/// The score a mate counts as in White-relative scores (as `rig/datagen.py`).
const MATE_SCORE: i32 = 100_000;

/// One game's outcome and kept positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The game number.
    pub number: u64,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Why it ended: `checkmate`, `stalemate`, `insufficient_material`,
    /// `threefold_repetition`, `fifty_moves`, `max_plies` or `adjudicated`.
    pub reason: &'static str,
    /// Kept positions: FEN and the search score, centipawns, White's point of view.
    pub positions: Vec<(String, i32)>,
    /// Plies played after the random moves.
    pub plies: u32,
}

impl Game {
    /// The game's block of the data file: one `FEN | result | score | game` line per
    /// kept position, then the `# game …` marker line that closes it.
    pub fn block(&self) -> String {
        let value = match self.result {
            "1-0" => "1.0",
            "0-1" => "0.0",
            _ => "0.5",
        };
        let mut out = String::with_capacity(self.positions.len() * 80 + 80);
        for (fen, cp) in &self.positions {
            let _ = writeln!(out, "{fen} | {value} | {cp} | {}", self.number);
        }
        let _ = writeln!(
            out,
            "# game {} result {} reason {} positions {}",
            self.number,
            self.result,
            self.reason,
            self.positions.len()
        );
        out
    }
}

impl Game {
    /// The game's records in the packed format ([`crate::packed`]), the last one
    /// marked as its game's last.
    ///
    /// # Errors
    /// A kept position whose FEN or score cannot be packed (not expected: the
    /// positions are the game's own and scores are bounded by `max_score`).
    pub fn packed(&self) -> anyhow::Result<Vec<u8>> {
        let result = match self.result {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        let mut out = Vec::with_capacity(self.positions.len() * crate::packed::RECORD_BYTES);
        for (i, (fen, score)) in self.positions.iter().enumerate() {
            let board = Board::from_fen(fen).map_err(|e| anyhow::anyhow!("{fen}: {e}"))?;
            let record = crate::data::Record {
                board,
                result,
                score: *score,
                game: self.number,
            };
            let last = i + 1 == self.positions.len();
            out.extend_from_slice(&crate::packed::encode(&record, last)?);
        }
        Ok(out)
    }
}

/// The memory one playing thread reuses from game to game.
pub struct Player {
    searcher: Box<Searcher>,
    cont: Box<ContinuationHistory>,
    table: Vec<TtEntry>,
}

impl Player {
    /// A player with a transposition table of `table_entries` entries (16 bytes each).
    pub fn new(table_entries: usize) -> Player {
        Player {
            searcher: Box::new(Searcher::new()),
            cont: vec![[0i16; 768]; 768]
                .into_boxed_slice()
                .try_into()
                .expect("768 rows"),
            table: vec![TtEntry::EMPTY; table_entries.max(1)],
        }
    }

    /// Plays game `number` from `start` (see the module docs).
    pub fn play(&mut self, start: &Board, number: u64, cfg: &Config) -> Game {
        self.searcher.clear();
        for row in self.cont.iter_mut() {
            row.fill(0);
        }
        self.table.fill(TtEntry::EMPTY);

        // The random opening moves: the magic search's generator, seeded per game.
        let mut rng = SplitMix64::new(cfg.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ number);
        let mut board = *start;
        let mut keys: Vec<u64> = Vec::with_capacity(512);
        for _ in 0..cfg.random_plies {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            keys.push(board.hash());
            board.make_move(mv);
        }

        let stop = AtomicBool::new(false);
        let limits = Limits {
            nodes: cfg.nodes,
            ..Limits::NONE
        };
        let mut positions = Vec::new();
        let mut scores: Vec<i32> = Vec::new();
        let mut plies = 0u32;
        let (result, reason) = loop {
            if let Some(end) = rules_end(&board, &keys) {
                break end;
            }
            if plies >= cfg.max_plies {
                break ("1/2-1/2", "max_plies");
            }
            let found = self.searcher.search(
                SearchRequest::new(&board, &self.table)
                    .history(&keys)
                    .continuation(&mut self.cont)
                    .limits(limits)
                    .stop(&stop),
                &mut NoHooks,
            );
            let Some(mv) = found.best_move else {
                // rules_end saw a legal move; the search always returns one then.
                break ("1/2-1/2", "max_plies");
            };
            let own = match found.score {
                Score::Cp(cp) => cp,
                Score::Mate(n) if n > 0 => MATE_SCORE,
                Score::Mate(_) => -MATE_SCORE,
            };
            let white = if board.side_to_move() == Color::White {
                own
            } else {
                -own
            };
            scores.push(white);
            let mut after = board;
            after.make_move(mv);
            if white.abs() <= cfg.max_score
                && plies >= cfg.skip_plies
                && !board.in_check()
                && !mv.is_capture()
                && mv.promoted().is_none()
                && !after.in_check()
            {
                positions.push((board.fen().to_string(), white));
            }
            keys.push(board.hash());
            board = after;
            plies += 1;

            if scores.len() >= cfg.win_plies {
                let last = &scores[scores.len() - cfg.win_plies..];
                if last.iter().all(|&s| s >= cfg.win_score) {
                    break ("1-0", "adjudicated");
                }
                if last.iter().all(|&s| s <= -cfg.win_score) {
                    break ("0-1", "adjudicated");
                }
            }
            if plies >= cfg.draw_ply && scores.len() >= cfg.draw_plies {
                let last = &scores[scores.len() - cfg.draw_plies..];
                if last.iter().all(|&s| s.abs() <= cfg.draw_score) {
                    break ("1/2-1/2", "adjudicated");
                }
            }
        };
        Game {
            number,
            result,
            reason,
            positions,
            plies,
        }
    }
}

/// The game's end by the rules, if it is over: checkmate, stalemate, insufficient
/// material, threefold repetition (`keys` holds the earlier positions' hashes) or the
/// fifty-move rule.
pub fn rules_end(board: &Board, keys: &[u64]) -> Option<(&'static str, &'static str)> {
    if board.legal_moves().is_empty() {
        if board.in_check() {
            let result = if board.side_to_move() == Color::White {
                "0-1"
            } else {
                "1-0"
            };
            return Some((result, "checkmate"));
        }
        return Some(("1/2-1/2", "stalemate"));
    }
    if board.is_insufficient_material() {
        return Some(("1/2-1/2", "insufficient_material"));
    }
    let window = (board.halfmove_clock() as usize).min(keys.len());
    let hash = board.hash();
    let seen = keys[keys.len() - window..]
        .iter()
        .filter(|&&k| k == hash)
        .count();
    if seen >= 2 {
        return Some(("1/2-1/2", "threefold_repetition"));
    }
    if board.halfmove_clock() >= 100 {
        return Some(("1/2-1/2", "fifty_moves"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick() -> Config {
        Config {
            nodes: 300,
            max_plies: 60,
            ..Config::default()
        }
    }

    #[test]
    fn a_game_is_determined_by_its_number_and_seed() {
        let start = Board::startpos();
        let mut a = Player::new(1 << 12);
        let mut b = Player::new(1 << 12);
        let g1 = a.play(&start, 7, &quick());
        // b plays another game first: the state it leaves must not matter.
        b.play(&start, 3, &quick());
        let g2 = b.play(&start, 7, &quick());
        assert_eq!(g1, g2);
        let other = a.play(&start, 8, &quick());
        assert_ne!(
            g1.positions, other.positions,
            "game 8 should open differently"
        );
    }

    #[test]
    fn kept_positions_are_quiet_and_within_the_score_bound() {
        let cfg = quick();
        let game = Player::new(1 << 12).play(&Board::startpos(), 1, &cfg);
        assert!(!game.positions.is_empty());
        for (fen, cp) in &game.positions {
            let board = Board::from_fen(fen).unwrap();
            assert!(!board.in_check(), "{fen}");
            assert!(cp.abs() <= cfg.max_score, "{fen} {cp}");
        }
        let block = game.block();
        let last = block.lines().last().unwrap();
        assert!(last.starts_with("# game 1 result "), "{last}");
        assert_eq!(block.lines().count(), game.positions.len() + 1);
    }

    #[test]
    fn the_rules_end_games() {
        let mated = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(rules_end(&mated, &[]), Some(("1-0", "checkmate")));
        let stalemate = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(rules_end(&stalemate, &[]), Some(("1/2-1/2", "stalemate")));
        let bare = Board::from_fen("7k/8/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        assert_eq!(
            rules_end(&bare, &[]),
            Some(("1/2-1/2", "insufficient_material"))
        );
        let fifty = Board::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 100 80").unwrap();
        assert_eq!(rules_end(&fifty, &[]), Some(("1/2-1/2", "fifty_moves")));
        let rook = Board::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 8 80").unwrap();
        let h = rook.hash();
        assert_eq!(rules_end(&rook, &[1, h]), None);
        assert_eq!(
            rules_end(&rook, &[h, 2, h, 3]),
            Some(("1/2-1/2", "threefold_repetition"))
        );
    }
}
