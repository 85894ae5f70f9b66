//! Move ordering: every move of a node gets a score, and [`Picker`] hands the moves
//! out best first (a selection sort that stops as soon as a cutoff ends the node).
//!
//! The order, from the top:
//! 1. the transposition-table move;
//! 2. captures and queen promotions that do not lose material by [`see`](super::see), most
//!    valuable victim first, least valuable attacker next (MVV-LVA);
//! 3. the two killer moves of the ply (quiet moves that caused a cutoff at the same
//!    ply elsewhere in the tree);
//! 4. the counter-move: the quiet reply that last refuted the previous move;
//! 5. the other quiet moves by their history score;
//! 6. losing captures and under-promotions, by MVV-LVA.

use super::see::see_of_victim_at_least;
use crate::eval::SEE_VALUES;
use crate::movegen::{generate, generate_captures, MoveVisitor};
use crate::{Board, Move, Role, MAX_MOVES};
use core::mem::MaybeUninit;

/// The score of the transposition-table move.
const TT_MOVE: i32 = 4_000_000;
/// The base score of a capture or queen promotion that does not lose material.
const GOOD_CAPTURE: i32 = 2_000_000;
/// The score of the first killer move.
const KILLER_1: i32 = 1_000_002;
/// The score of the second killer move; every killer scores at least this.
pub(super) const KILLER_2: i32 = 1_000_001;
/// The score of the counter-move (the quiet reply that last refuted the previous
/// move), below the killers and above every history score.
const COUNTER: i32 = 1_000_000;
/// The base score of a losing capture or an under-promotion.
const BAD_CAPTURE: i32 = -2_000_000;
/// Every move scoring below this is a losing capture, an under-promotion or a
/// quiet move (MVV-LVA terms are far smaller than the gap).
pub(super) const GOOD_CAPTURE_FLOOR: i32 = GOOD_CAPTURE - 100_000;
/// History scores stay within ±`HISTORY_MAX`, far below the killer scores.
const HISTORY_MAX: i32 = 16_384;
/// A capture's history score is divided by this before it is added to its MVV-LVA
/// score (±2,048 at most: it reorders captures of victims of near values).
const CAPTURE_HISTORY_SCALE: i32 = 8;

/// One continuation-history row: the scores of every (piece, target square) reply
/// after one earlier move.
pub(super) type ContRow = [i16; 768];

/// Continuation history: how often each quiet reply, by piece and target square,
/// caused a cutoff after an earlier move of the search path (one and two plies
/// before), by that move's piece and target square; `[earlier][reply]`, indices
/// `piece.index() * 64 + square.index()`. It orders quiet moves beside the plain
/// history.
///
/// At [`CONTINUATION_HISTORY_BYTES`] (1.125 MiB) it is the caller's, like the
/// transposition table, so that the [`Searcher`](super::Searcher) stays small for
/// embedded targets: give one to a search with
/// [`SearchRequest::continuation`](super::SearchRequest::continuation), or none where
/// the memory is not there. All zeros is the empty history; on the heap,
/// `vec![[0; 768]; 768].into_boxed_slice().try_into()` gets one without a 1.1 MiB
/// stack temporary.
pub type ContinuationHistory = [[i16; 768]; 768];

/// The size of a [`ContinuationHistory`] in bytes.
pub const CONTINUATION_HISTORY_BYTES: usize = core::mem::size_of::<ContinuationHistory>();

/// The row of zeros used where there is no earlier move (root, null move).
pub(super) static NO_CONT: ContRow = [0; 768];

/// Returns the continuation-history index of `mv`: its piece and target square.
pub(super) fn cont_index(mv: Move) -> usize {
    mv.piece().index() * 64 + mv.target().index()
}

/// Adds `bonus` (negative for a malus) to the `i16` score `h` (capture or
/// continuation history) with the history's gravity: less the more `h` already
/// leans that way, so it never leaves ±[`HISTORY_MAX`].
pub(super) fn update_i16(h: &mut i16, bonus: i32) {
    let v = *h as i32;
    *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

/// How often each move caused a cutoff, less how often it was tried before another
/// move did: quiet moves by moving piece and target square; captures and
/// promotions by moving role, target square and victim (role, or the king's slot
/// for a promotion that captures nothing), 4.5 KiB of `i16`.
#[derive(Clone)]
pub(super) struct History {
    quiet: [[i32; 64]; 12],
    capture: [[[i16; 6]; 64]; 6],
}

impl History {
    /// Returns an empty history.
    pub(super) const fn new() -> History {
        History {
            quiet: [[0; 64]; 12],
            capture: [[[0; 6]; 64]; 6],
        }
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        *self = History::new();
    }

    /// Halves every score, so that a new search weighs its own findings more.
    pub(super) fn age(&mut self) {
        for h in self.quiet.iter_mut().flatten() {
            *h /= 2;
        }
        for h in self.capture.iter_mut().flatten().flatten() {
            *h /= 2;
        }
    }

    /// Returns the score of `mv`.
    fn get(&self, mv: Move) -> i32 {
        self.quiet[mv.piece().index()][mv.target().index()]
    }

    /// Returns the score of the capture or promotion `mv`, which takes `captured`
    /// (see [`captured`]).
    fn capture_of(&self, mv: Move, captured: Option<Role>) -> i32 {
        let (role, target, victim) = capture_index(mv, captured);
        self.capture[role][target][victim] as i32
    }

    /// Adds `bonus` (negative for a malus) to `mv`'s score, less the more the score
    /// already leans that way (so it never leaves ±[`HISTORY_MAX`]).
    pub(super) fn update(&mut self, mv: Move, bonus: i32) {
        let h = &mut self.quiet[mv.piece().index()][mv.target().index()];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Like [`History::update`], for the capture or promotion `mv` of `board`.
    pub(super) fn update_capture(&mut self, board: &Board, mv: Move, bonus: i32) {
        let (role, target, victim) = capture_index(mv, captured(board, mv));
        update_i16(&mut self.capture[role][target][victim], bonus);
    }
}

/// The role `mv` captures on `board` (a pawn en passant); `None` for a promotion
/// that captures nothing.
fn captured(board: &Board, mv: Move) -> Option<Role> {
    if !mv.is_capture() {
        None
    } else if mv.is_en_passant() {
        Some(Role::Pawn)
    } else {
        Some(board.piece_on(mv.target()).map_or(Role::Pawn, |p| p.role()))
    }
}

/// The capture-history indices of `mv` taking `captured`: moving role, target
/// square, victim role (the king's slot, never captured, when nothing is taken).
fn capture_index(mv: Move, captured: Option<Role>) -> (usize, usize, usize) {
    let victim = captured.unwrap_or(Role::King);
    (
        mv.piece().role().index(),
        mv.target().index(),
        victim.index(),
    )
}

/// How many moves a quiescence node out of check keeps: its good captures and queen
/// promotions, the best [`QS_CAPACITY`] of them. Positions from play have far fewer:
/// at most 14 captures and promotions of any kind in the 144,320 positions (out of
/// check) of 1,174 games of this project's test runs (counted with python-chess).
/// When a constructed position has more good ones, the lowest-ordered are left out,
/// which only makes that quiescence search more selective (it can stand pat, so no
/// result depends on trying every capture).
pub(super) const QS_CAPACITY: usize = 32;

/// Which moves a [`Picker`] takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Take {
    /// Every legal move (a full-width node, or a quiescence node in check).
    All,
    /// Captures and promotions that do not lose material by [`see`](super::see) (under-promotions
    /// count as losing), plus the table move if it is a capture or promotion: what a
    /// quiescence node out of check tries.
    GoodCaptures,
}

/// Moves of one node with their ordering scores, picked best first; holds at most
/// `N` moves.
///
/// The capacity is a parameter because a search frame's size is what an embedded
/// target's stack pays per ply: a full-width node needs room for every legal move
/// ([`MAX_MOVES`], 2 KiB with the scores), a quiescence node out of check only for
/// its good captures ([`QS_CAPACITY`], 256 bytes).
///
/// The arrays are left uninitialised beyond `len`: filling them would store 1.7 KiB
/// per full-width node for nothing.
pub(super) struct Picker<const N: usize> {
    moves: [MaybeUninit<Move>; N],
    scores: [MaybeUninit<i32>; N],
    len: usize,
    next: usize,
}

/// The picker of a full-width node.
pub(super) type NodePicker = Picker<MAX_MOVES>;

impl<const N: usize> Picker<N> {
    /// Generates, filters by `take` and scores the legal moves of `board` for a node
    /// whose table move is `tt_move` ([`Move::NULL`] if none) and whose ply has
    /// `killers` and whose previous move's known refutation is `counter`
    /// ([`Move::NULL`] if none). When more moves qualify than `N`, the best-scored
    /// `N` are kept.
    ///
    /// Never inlined, and the list is generated here rather than passed in: the
    /// caller's frame then holds the picker alone (one move list, no copy).
    #[inline(never)]
    pub(super) fn new(
        board: &Board,
        take: Take,
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        history: &History,
        conts: [&ContRow; 2],
    ) -> Picker<N> {
        let mut picker = Picker {
            moves: [MaybeUninit::uninit(); N],
            scores: [MaybeUninit::uninit(); N],
            len: 0,
            next: 0,
        };
        let mut visit = |mv: Move| {
            let score = if mv == tt_move {
                TT_MOVE
            } else if mv.is_capture() || mv.promoted().is_some() {
                capture_score(board, mv, history)
            } else if mv == killers[0] {
                KILLER_1
            } else if mv == killers[1] {
                KILLER_2
            } else if mv == counter {
                COUNTER
            } else {
                let i = cont_index(mv);
                history.get(mv) + conts[0][i] as i32 + conts[1][i] as i32
            };
            if take == Take::GoodCaptures && score < GOOD_CAPTURE_FLOOR {
                return;
            }
            picker.push(mv, score);
        };
        match take {
            Take::All => generate(board, &mut MoveVisitor(&mut visit)),
            Take::GoodCaptures => generate_captures(board, &mut MoveVisitor(&mut visit)),
        }
        picker
    }

    /// Adds `mv` with its ordering `score`; when the picker is full, `mv` replaces
    /// the lowest-scored move if it scores higher, and is dropped otherwise.
    fn push(&mut self, mv: Move, score: i32) {
        if self.len < N {
            self.moves[self.len] = MaybeUninit::new(mv);
            self.scores[self.len] = MaybeUninit::new(score);
            self.len += 1;
            return;
        }
        let (moves, scores) = self.filled();
        let Some(lowest) = (0..scores.len()).min_by_key(|&i| scores[i]) else {
            return; // N = 0 holds nothing
        };
        if score > scores[lowest] {
            moves[lowest] = mv;
            scores[lowest] = score;
        }
    }

    /// The moves and scores pushed so far (the first `len` of each array).
    #[inline(always)]
    fn filled(&mut self) -> (&mut [Move], &mut [i32]) {
        // SAFETY: `push` writes entry `len` of both arrays before it counts it, and
        // `len` never exceeds `N` (its write is bounds-checked); `MaybeUninit<T>` has
        // the layout of `T`.
        unsafe {
            (
                core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len),
                core::slice::from_raw_parts_mut(self.scores.as_mut_ptr().cast::<i32>(), self.len),
            )
        }
    }

    /// Returns true when the node has no move to pick.
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Returns the best-scored move not yet returned, with its score.
    pub(super) fn next(&mut self) -> Option<(Move, i32)> {
        let next = self.next;
        if next >= self.len {
            return None;
        }
        let (moves, scores) = self.filled();
        // The first of the highest-scored moves left: the maximum first (a loop
        // without a carried index, which the compiler vectorises), then its first
        // position.
        let left = &scores[next..];
        let top = left.iter().copied().fold(i32::MIN, i32::max);
        let best = next + left.iter().position(|&s| s == top).unwrap_or(0);
        moves.swap(next, best);
        scores.swap(next, best);
        let item = (moves[next], scores[next]);
        self.next += 1;
        Some(item)
    }
}

/// Scores a capture or promotion: MVV-LVA and its capture history on top of the
/// good or bad base.
fn capture_score(board: &Board, mv: Move, history: &History) -> i32 {
    let captured = captured(board, mv);
    let victim_value = captured.map_or(0, |r| SEE_VALUES[r.index()]);
    let promo = mv.promoted().map_or(0, |p| {
        SEE_VALUES[p.role().index()] - SEE_VALUES[Role::Pawn.index()]
    });
    let mvv_lva = 10 * (victim_value + promo) - mv.piece().role().index() as i32;
    let order = mvv_lva + history.capture_of(mv, captured) / CAPTURE_HISTORY_SCALE;
    let under = mv.promoted().is_some_and(|p| p.role() != Role::Queen);
    if !under && see_of_victim_at_least(board, mv, victim_value, 0) {
        GOOD_CAPTURE + order
    } else {
        BAD_CAPTURE + order
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::{String, ToString};
    use std::vec::Vec;

    /// Returns the moves of `fen` in picking order, as text, with their scores
    /// (an empty move text stands for no move).
    fn picked(
        fen: &str,
        tt: &str,
        killers: [&str; 2],
        counter: &str,
        history: &History,
    ) -> Vec<(String, i32)> {
        let board = Board::from_fen(fen).unwrap();
        let mv = |text: &str| match text {
            "" => Move::NULL,
            _ => board.parse_uci_move(text).unwrap(),
        };
        let legal = board.legal_moves();
        let mut picker = NodePicker::new(
            &board,
            Take::All,
            mv(tt),
            [mv(killers[0]), mv(killers[1])],
            mv(counter),
            history,
            [&NO_CONT, &NO_CONT],
        );
        let mut out = Vec::new();
        while let Some((m, score)) = picker.next() {
            out.push((m.to_string(), score));
        }
        assert_eq!(out.len(), legal.len(), "every move is picked once");
        out
    }

    // White: Ka1, Rd2, Nf3. Black: Ke8, pawns c6 d5, Ng5, Qh4 (all undefended
    // except d5). Captures: Nxh4 and Nxg5 win material, Rxd5 loses the rook.
    const FEN: &str = "4k3/8/2p5/3p2n1/7q/5N2/3R4/K7 w - - 0 1";

    #[test]
    fn table_move_then_good_captures_then_killers_then_quiets_then_bad_captures() {
        let board = Board::from_fen(FEN).unwrap();
        let mut history = History::new();
        history.update(board.parse_uci_move("a1a2").unwrap(), 300);
        history.update(board.parse_uci_move("d2h2").unwrap(), -300);
        let order = picked(FEN, "d2d4", ["a1b1", "d2d3"], "d2e2", &history);
        let names: Vec<&str> = order.iter().map(|(m, _)| m.as_str()).collect();
        // The table move, then the bigger victim first, then killers in order,
        // then the counter-move, then the quiet move with the best history.
        assert_eq!(
            names[..7],
            ["d2d4", "f3h4", "f3g5", "a1b1", "d2d3", "d2e2", "a1a2"]
        );
        assert_eq!(names.last(), Some(&"d2d5"), "the losing capture comes last");
        assert_eq!(
            names[names.len() - 2],
            "d2h2",
            "a quiet move with a bad history comes after the other quiets"
        );
        // The search relies on these bounds.
        let score = |name: &str| order.iter().find(|(m, _)| m == name).unwrap().1;
        assert!(score("f3g5") >= GOOD_CAPTURE_FLOOR);
        assert!(score("d2d5") < GOOD_CAPTURE_FLOOR);
        assert!(score("a1b1") >= KILLER_2 && score("d2d3") >= KILLER_2);
        assert!(score("d2e2") < KILLER_2 && score("d2e2") > HISTORY_MAX);
        assert!(score("a1a2") < KILLER_2);
    }

    #[test]
    fn a_capture_is_never_scored_as_killer_and_the_table_move_wins_over_all() {
        // The losing capture as the table move comes first; a capture given as
        // a killer keeps its capture score.
        let order = picked(FEN, "d2d5", ["f3g5", "d2d3"], "f3h4", &History::new());
        assert_eq!(order[0].0, "d2d5");
        assert_eq!(order[1].0, "f3h4");
        assert_eq!(order[2].0, "f3g5");
        assert_eq!(order[3].0, "d2d3");
    }

    #[test]
    fn a_quiescence_picker_keeps_the_best_good_captures_that_fit() {
        /// The good captures a picker of capacity `N` hands out, in order.
        fn good<const N: usize>(board: &Board, tt_move: Move) -> Vec<String> {
            let none = [Move::NULL; 2];
            let history = History::new();
            let mut p = Picker::<N>::new(
                board,
                Take::GoodCaptures,
                tt_move,
                none,
                Move::NULL,
                &history,
                [&NO_CONT, &NO_CONT],
            );
            core::iter::from_fn(|| p.next().map(|(m, _)| m.to_string())).collect()
        }
        let board = Board::from_fen(FEN).unwrap();
        // Rxd5 loses the rook: left out. The two winning captures, best first.
        assert_eq!(good::<QS_CAPACITY>(&board, Move::NULL), ["f3h4", "f3g5"]);
        // Room for one: the queen capture stays, whatever the generation order.
        assert_eq!(good::<1>(&board, Move::NULL), ["f3h4"]);
        // The table move counts even when it loses material.
        let rxd5 = board.parse_uci_move("d2d5").unwrap();
        assert_eq!(good::<QS_CAPACITY>(&board, rxd5), ["d2d5", "f3h4", "f3g5"]);
    }

    #[test]
    fn under_promotions_count_as_bad_captures() {
        let fen = "4k3/P7/8/8/8/8/8/K7 w - - 0 1";
        let order = picked(fen, "", ["", ""], "", &History::new());
        assert_eq!(order[0].0, "a7a8q");
        let under: Vec<&str> = order[order.len() - 3..]
            .iter()
            .map(|(m, _)| m.as_str())
            .collect();
        // By the promoted piece's value, below every quiet move.
        assert_eq!(under, ["a7a8r", "a7a8b", "a7a8n"]);
        assert!(order[order.len() - 3..].iter().all(|&(_, score)| score < 0));
    }

    #[test]
    fn capture_history_orders_captures_of_equal_value() {
        // Nxc5 and Nxe5 take an undefended pawn each: equal by MVV-LVA, so the
        // capture history decides, whichever of the two it favours.
        let fen = "4k3/8/8/2p1p3/8/3N4/8/4K3 w - - 0 1";
        let board = Board::from_fen(fen).unwrap();
        for (rewarded, other) in [("d3c5", "d3e5"), ("d3e5", "d3c5")] {
            let mut history = History::new();
            let mv = board.parse_uci_move(rewarded).unwrap();
            history.update_capture(&board, mv, 400);
            history.update_capture(&board, board.parse_uci_move(other).unwrap(), -400);
            let order = picked(fen, "", ["", ""], "", &history);
            assert_eq!(
                (order[0].0.as_str(), order[1].0.as_str()),
                (rewarded, other)
            );
            assert!(order[1].1 >= GOOD_CAPTURE_FLOOR, "both are good captures");
        }
        // Bounded like the quiet history, and aged with it.
        let mut history = History::new();
        let mv = board.parse_uci_move("d3c5").unwrap();
        for _ in 0..1000 {
            history.update_capture(&board, mv, 400);
        }
        let of = |h: &History| h.capture_of(mv, captured(&board, mv));
        let h = of(&history);
        assert!(h <= HISTORY_MAX && h > HISTORY_MAX / 2, "{h}");
        history.age();
        assert_eq!(of(&history), h / 2);
    }

    #[test]
    fn continuation_history_orders_quiet_moves_after_the_earlier_moves() {
        // Both rows (one and two plies back) add to the plain history: a quiet move
        // they favour overtakes one the plain history favours a little.
        let board = Board::from_fen(FEN).unwrap();
        let mv = |text: &str| board.parse_uci_move(text).unwrap();
        let mut history = History::new();
        history.update(mv("a1a2"), 300);
        let (mut one, mut two) = ([0i16; 768], [0i16; 768]);
        update_i16(&mut one[cont_index(mv("f3e5"))], 200);
        update_i16(&mut two[cont_index(mv("f3e5"))], 200);
        let quiets = |conts: [&ContRow; 2]| {
            let mut picker = NodePicker::new(
                &board,
                Take::All,
                Move::NULL,
                [Move::NULL; 2],
                Move::NULL,
                &history,
                conts,
            );
            let mut out = Vec::new();
            while let Some((m, score)) = picker.next() {
                if !m.is_capture() {
                    out.push((m.to_string(), score));
                }
            }
            out
        };
        assert_eq!(quiets([&NO_CONT, &NO_CONT])[0].0, "a1a2");
        assert_eq!(quiets([&one, &NO_CONT])[0].0, "a1a2", "200 < 300");
        let both = quiets([&one, &two]);
        assert_eq!(both[0], ("f3e5".to_string(), 400));
        assert_eq!(both[1].0, "a1a2");
        // Bounded like the plain history.
        for _ in 0..10_000 {
            update_i16(&mut one[0], 4_000);
            update_i16(&mut two[0], -4_000);
        }
        assert!(one[0] as i32 <= HISTORY_MAX && one[0] as i32 > HISTORY_MAX / 2);
        assert!(two[0] as i32 >= -HISTORY_MAX && (two[0] as i32) < -HISTORY_MAX / 2);
    }

    #[test]
    fn history_stays_bounded_and_ages() {
        let board = Board::startpos();
        let mv = board.parse_uci_move("g1f3").unwrap();
        let mut history = History::new();
        for _ in 0..1000 {
            history.update(mv, 400);
        }
        assert!(history.get(mv) <= HISTORY_MAX && history.get(mv) > HISTORY_MAX / 2);
        let before = history.get(mv);
        history.age();
        assert_eq!(history.get(mv), before / 2);
        history.clear();
        assert_eq!(history.get(mv), 0);
    }
}
