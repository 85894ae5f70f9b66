//! `genfens`, as OpenBench's client runs it: `wingtip "genfens N seed S book B" quit`,
//! every line `info string genfens <FEN>` one opening. Checked through the binary:
//! the count, legality and balance (by the library), the same openings for a seed,
//! distinct ones, books, bad requests, the same command on stdin, and that the
//! arguments that are not UCI commands still reach the subcommands.

use std::collections::HashSet;
use std::io::Write;
use std::process::{Command, Stdio};

use wingtip::search::{Limits, NoHooks, Score, SearchRequest, Searcher, TtEntry};
use wingtip::Board;

/// Runs the binary with `args` and `stdin`; returns its stdout lines (stderr, where
/// `perft` writes its timing, is not read).
fn run(args: &[&str], stdin: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wingtip"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wingtip");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "{args:?}: {:?}", out.status);
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The openings in `lines`, as OpenBench's client reads them.
fn openings(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info string genfens "))
        .map(|fen| fen.trim_end().to_string())
        .collect()
}

/// Runs `genfens` as OpenBench does (its format leaves a space for the extra
/// arguments) and returns the openings.
fn genfens(count: u32, seed: u64, book: &str) -> Vec<String> {
    let request = format!("genfens {count} seed {seed} book {book} ");
    openings(&run(&[&request, "quit"], ""))
}

/// The score of `board` by the search `genfens` judges with: depth 5, a fresh
/// 1 MiB table and fresh history.
fn score(board: &Board) -> Score {
    let table = vec![TtEntry::EMPTY; 1 << 16];
    let limits = Limits {
        depth: 5,
        ..Limits::NONE
    };
    Searcher::new()
        .search(
            SearchRequest::new(board, &table).limits(limits),
            &mut NoHooks,
        )
        .score
}

#[test]
fn openings_are_legal_balanced_distinct_and_the_same_for_a_seed() {
    let fens = genfens(8, 2_147_483_647, "None");
    assert_eq!(fens.len(), 8);
    let mut positions = HashSet::new();
    for fen in &fens {
        // Six fields, as OpenBench's FEN-to-EPD conversion needs.
        assert_eq!(fen.split(' ').count(), 6, "{fen}");
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.fen().to_string(), *fen);
        assert!(!board.legal_moves().is_empty(), "{fen}");
        // 8 or 9 plies from the start: move 5 with White or Black to move.
        assert_eq!(board.fullmove_number(), 5, "{fen}");
        assert!(
            matches!(score(&board), Score::Cp(cp) if cp.abs() <= 200),
            "{fen}: {:?}",
            score(&board)
        );
        assert!(positions.insert(board.hash()), "{fen} twice");
    }
    // Both sides to move appear (8 and 9 random plies).
    assert!(fens.iter().any(|f| f.contains(" w ")) && fens.iter().any(|f| f.contains(" b ")));
    assert_eq!(genfens(8, 2_147_483_647, "None"), fens);
    // A smaller request is the start of the same sequence; another seed differs.
    assert_eq!(genfens(3, 2_147_483_647, "None"), fens[..3]);
    let other = genfens(3, 1, "None");
    assert_eq!(other.len(), 3);
    assert_ne!(other, fens[..3]);
}

#[test]
fn book_positions_are_the_starts() {
    let dir = std::env::temp_dir().join(format!("wingtip-genfens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // EPD with operations, and FEN with counters.
    let epd = dir.join("book.epd");
    std::fs::write(
        &epd,
        "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - hmvc 1; fmvn 2;\n\
         rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\n",
    )
    .unwrap();
    let fens = genfens(4, 3, epd.to_str().unwrap());
    assert_eq!(fens.len(), 4);
    for fen in &fens {
        let board = Board::from_fen(fen).unwrap();
        // From move 2, 8 or 9 plies: move 6.
        assert_eq!(board.fullmove_number(), 6, "{fen}");
    }
    // A PGN book: each game's final position.
    let pgn = dir.join("book.pgn");
    std::fs::write(&pgn, "[Event \"?\"]\n\n1. d4 d5 2. c4 e6 *\n").unwrap();
    let fens = genfens(2, 3, pgn.to_str().unwrap());
    assert_eq!(fens.len(), 2);
    assert!(fens
        .iter()
        .all(|f| Board::from_fen(f).unwrap().fullmove_number() == 7));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_requests_get_one_line_and_the_engine_goes_on() {
    for request in [
        "genfens 0 seed 1 book None",
        "genfens many seed 1 book None",
        "genfens 3 seed -4 book None",
        "genfens 3 seed 1",
        "genfens 3 seed 1 book /no/such/book.epd",
    ] {
        let lines = run(&[request, "isready", "quit"], "");
        assert_eq!(lines.len(), 2, "{request}: {lines:?}");
        assert!(
            lines[0].starts_with("info string bad genfens request: "),
            "{request}: {lines:?}"
        );
        assert_eq!(lines[1], "readyok");
    }
    // Extra words are noted, never in a line OpenBench would read as an opening.
    let lines = run(&["genfens 2 seed 1 book None some extra", "quit"], "");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(openings(&lines).len(), 2);
    for line in &lines {
        if let Some(fen) = line.strip_prefix("info string genfens ") {
            Board::from_fen(fen).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
}

#[test]
fn the_same_command_works_on_stdin_and_subcommands_still_parse() {
    let from_args = genfens(2, 9, "None");
    let lines = run(&[], "genfens 2 seed 9 book None\nquit\n");
    assert_eq!(openings(&lines), from_args);
    // Arguments go on to stdin when there is no `quit`.
    let lines = run(&["genfens 2 seed 9 book None"], "isready\n");
    assert_eq!(openings(&lines), from_args);
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    // Several UCI commands as arguments, one per argument.
    let lines = run(&["position startpos moves e2e4", "d", "quit"], "");
    assert!(
        lines.contains(&"Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into()),
        "{lines:?}"
    );
    // The subcommands are not UCI commands.
    assert_eq!(
        run(&["perft", "2"], "").last().map(String::as_str),
        Some("Nodes searched: 400")
    );
    let help = run(&["--help"], "").join("\n");
    assert!(
        help.contains("no arguments") && help.contains("xboard"),
        "{help}"
    );
    assert!(help.contains("genfens"), "{help}");
}
