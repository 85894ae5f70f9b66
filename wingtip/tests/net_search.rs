//! The evaluation with the network built in, against references written here.
//!
//! - The search keeps each ply's first-layer sums and updates them from the pieces a
//!   move changes; in builds with debug assertions every such evaluation is compared
//!   with [`eval::evaluate`], which sums from the board. This file's searches run that
//!   comparison over many nodes; the search's unit test
//!   `incremental_evaluation_equals_the_from_scratch_one_on_random_trees` asserts the
//!   same on random trees in every build.
//! - [`eval::evaluate`] itself against a forward pass written here from the network
//!   file's documented format (read with `wingtip_codegen::net`), so the feature
//!   indices, the views, the output buckets and the scaling are checked against a
//!   second implementation rather than against themselves.
//!
//! The committed network decides which path is compiled, so CI also builds these tests
//! with small networks under test, one of each kind (the third with eight output
//! buckets chosen by the piece count, the fourth with king buckets and mirroring too):
//!
//! ```text
//! WINGTIP_NET=tests/data/full16_squared.bin cargo test --test net_search
//! WINGTIP_NET=tests/data/corr16_squared.bin cargo test --test net_search
//! WINGTIP_NET=tests/data/full16_squared_buckets8.bin cargo test --test net_search
//! WINGTIP_NET=tests/data/full8_squared_kings4.bin cargo test --test net_search
//! WINGTIP_NET=tests/data/full16_squared.bin cargo test --lib incremental_evaluation
//! ```

use core::sync::atomic::AtomicBool;
use wingtip::eval::{self, net};
use wingtip::search::{ContinuationHistory, Limits, NoHooks, SearchRequest, Searcher, TtEntry};
use wingtip::Board;
use wingtip_codegen::net::{NetFile, BUCKETS, INPUTS, QA, QB};

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // En passant, promotions and castling on the path.
    "r3k2r/1P4P1/8/3pP3/8/8/p5p1/R3K2R w KQkq d6 0 1",
];

#[test]
fn searches_evaluate_incrementally_as_from_scratch() {
    let table = vec![TtEntry::EMPTY; 1 << 14];
    let mut cont: Box<ContinuationHistory> =
        vec![[0; 768]; 768].into_boxed_slice().try_into().unwrap();
    let mut searcher = Box::new(Searcher::new());
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    for fen in POSITIONS {
        let board = Board::from_fen(fen).unwrap();
        for depth in [1, 6] {
            let limits = Limits {
                depth,
                nodes: 60_000,
                ..Limits::NONE
            };
            let r = searcher.search(
                SearchRequest::new(&board, &table)
                    .continuation(&mut cont)
                    .limits(limits)
                    .stop(&stop),
                &mut NoHooks,
            );
            assert!(r.best_move.is_some(), "{fen}");
            nodes += r.nodes;
        }
    }
    // Depth 6 from six positions reaches well past the table's stored evaluations.
    assert!(nodes > 10_000, "{nodes}");
}

/// The network file built in: the one WINGTIP_NET named at build time (relative to
/// the crate), else the committed one.
fn built_in_file() -> NetFile {
    let file = option_env!("WINGTIP_NET")
        .filter(|p| !p.is_empty())
        .unwrap_or("src/eval/net.bin");
    NetFile::read(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap()
}

/// The network's output for `board`, in centipawns for the side to move, from the
/// file's weights by the format's definition: each side's view sums the first-layer
/// rows of the pieces (input `own/other × 384 + role × 64 + square`, squares a8 = 0 …
/// h1 = 63, Black's view with the ranks reversed and the colours swapped) onto the
/// biases, kept as 16-bit wrapping sums (with a king map: the byte of the view's own
/// king square, as the view sees it, picks the set of 768 rows, and its top bit
/// mirrors the files of every square in that view); a unit is `clamp(x, 0, QA)`, squared and
/// divided by `QA` per view for squared units; the output bucket's weights read the
/// side to move's view first; the total times 100 / (QA · QB), truncated.
fn reference_output(file: &NetFile, board: &Board) -> i32 {
    let h = file.hidden;
    let fen = board.fen().to_string();
    let mut fields = fen.split(' ');
    let placement = fields.next().unwrap();
    let white_to_move = fields.next() == Some("w");
    // (is white, role P N B R Q K = 0 … 5, square) from the FEN text.
    let mut pieces = Vec::new();
    let mut sq = 0usize;
    for c in placement.chars() {
        match c {
            '/' => {}
            '1'..='8' => sq += c.to_digit(10).unwrap() as usize,
            _ => {
                let role = "pnbrqk".find(c.to_ascii_lowercase()).unwrap();
                pieces.push((c.is_ascii_uppercase(), role, sq));
                sq += 1;
            }
        }
    }
    // views[0]: White's, views[1]: Black's.
    let views: Vec<Vec<i16>> = [true, false]
        .iter()
        .map(|&white_view| {
            let mut sums: Vec<i64> = file.b1.iter().map(|&b| i64::from(b)).collect();
            let see = |sq: usize| {
                let (file_of, rank_row) = (sq % 8, sq / 8);
                if white_view {
                    sq
                } else {
                    (7 - rank_row) * 8 + file_of
                }
            };
            let king = pieces
                .iter()
                .find(|&&(white, role, _)| white == white_view && role == 5)
                .map(|&(_, _, sq)| see(sq))
                .unwrap();
            let entry = file.king_map.map_or(0, |map| map[king]);
            let (set, mirrored) = (usize::from(entry & 0x7f), entry & 0x80 != 0);
            for &(white, role, sq) in &pieces {
                let own = white == white_view;
                let mut seen = see(sq);
                if mirrored {
                    seen = seen / 8 * 8 + (7 - seen % 8);
                }
                let input = set * INPUTS + if own { 0 } else { INPUTS / 2 } + role * 64 + seen;
                for (i, s) in sums.iter_mut().enumerate() {
                    *s += i64::from(file.w1[input * h + i]);
                }
            }
            sums.iter().map(|&s| s as i16).collect()
        })
        .collect();
    let bucket = if file.buckets == 1 {
        0
    } else {
        ((pieces.len() - 2) / 4).min(BUCKETS - 1)
    };
    let stm = usize::from(!white_to_move);
    let mut out = i64::from(file.b2[bucket]);
    for (k, view) in [&views[stm], &views[1 - stm]].into_iter().enumerate() {
        let weights = &file.w2[(bucket * 2 + k) * h..(bucket * 2 + k + 1) * h];
        let mut sum = 0i64;
        for (&x, &w) in view.iter().zip(weights) {
            let unit = i64::from(x).clamp(0, i64::from(QA));
            sum += if file.squared { unit * unit } else { unit } * i64::from(w);
        }
        out += if file.squared {
            sum / i64::from(QA)
        } else {
            sum
        };
    }
    (out * 100 / i64::from(QA * QB)) as i32
}

#[test]
fn the_evaluation_is_the_network_files_forward_pass() {
    let file = built_in_file();
    let mut checked = 0;
    let mut differs_from_hand_set = 0;
    for fen in POSITIONS {
        let root = Board::from_fen(fen).unwrap();
        let mut boards = vec![root];
        for mv in root.legal_moves().iter() {
            let mut child = root;
            child.make_move(*mv);
            boards.push(child);
            for mv2 in child.legal_moves().iter().step_by(3) {
                let mut grandchild = child;
                grandchild.make_move(*mv2);
                boards.push(grandchild);
            }
        }
        for b in boards {
            let expected = if file.is_zero() {
                eval::hand_crafted(&b)
            } else if file.full {
                reference_output(&file, &b).clamp(-net::LIMIT, net::LIMIT)
            } else {
                eval::hand_crafted(&b) + reference_output(&file, &b)
            };
            assert_eq!(eval::evaluate(&b), expected, "{}", b.fen());
            checked += 1;
            differs_from_hand_set += usize::from(expected != eval::hand_crafted(&b));
        }
    }
    assert!(checked > 1_000, "{checked}");
    // Not vacuous: a network built in changes most evaluations.
    if !file.is_zero() {
        assert!(
            differs_from_hand_set > checked / 2,
            "{differs_from_hand_set} of {checked}"
        );
    }
}
