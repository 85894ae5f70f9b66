//! `genfens N seed S book <None|path> [extra…]`: OpenBench's request for opening
//! positions (its datagen workloads start every game from one). OpenBench's client
//! runs `wingtip "genfens N seed S book B <extra>" quit` once per worker thread with a
//! seed of its own, and reads each line `info string genfens <FEN>` as one opening,
//! exactly N of them, a full six-field FEN each.
//!
//! Each opening is a start position, then 8 or 9 uniformly random legal moves, kept
//! when the side to move has a legal move, the position is new in this run and a
//! depth-[`CHECK_DEPTH`] search (fresh table and history, so the verdict depends on
//! the position alone) scores it within ±[`MAX_SCORE_CP`] for the side to move.
//! The start position is the standard one, or one drawn from the book: an EPD or
//! FEN file (one position a line; `hmvc`/`fmvn` operations or the two counters
//! after the four EPD fields are read) or a PGN file (each game's final position).
//! Everything is drawn from one SplitMix64 generator seeded with S, so a seed and a
//! book give the same openings, in the same order, on every run and build of one
//! search.

use std::collections::HashSet;

use wingtip::search::{Limits, NoHooks, Score, SearchRequest, Searcher, TtEntry};
use wingtip::Board;
use wingtip_codegen::rng::SplitMix64;

use super::truncate;

/// The most openings one request may ask for.
pub const MAX_COUNT: u64 = 1_000_000;
/// Random plies after the start position: this many, or one more.
pub const RANDOM_PLIES: u32 = 8;
/// The depth of the search that judges an opening's balance.
pub const CHECK_DEPTH: u32 = 5;
/// The largest score, in centipawns for the side to move, an opening may have.
pub const MAX_SCORE_CP: i32 = 200;
/// Hash-table entries of the balance search (1 MiB).
const TABLE_ENTRIES: usize = 1 << 16;

/// A checked `genfens` request.
#[derive(Debug, PartialEq, Eq)]
pub struct Request {
    /// How many openings to print.
    pub count: u64,
    /// The generator's seed.
    pub seed: u64,
    /// The book's path; `None` for OpenBench's `book None` (the start position).
    pub book: Option<String>,
    /// Words after the book, which OpenBench passes on from the workload's
    /// "genfens arguments" (none are used).
    pub extra: Vec<String>,
}

/// Parses the words after `genfens`.
///
/// # Errors
/// A missing or malformed count, seed or book, as one line of text.
pub fn parse(args: &[&str]) -> Result<Request, String> {
    const USAGE: &str = "expected genfens <count> seed <seed> book <None|path>";
    let (count, rest) = args.split_first().ok_or(USAGE)?;
    let count = match count.parse::<u64>() {
        Ok(n) if (1..=MAX_COUNT).contains(&n) => n,
        _ => {
            return Err(format!(
                "the count must be a number from 1 to {MAX_COUNT}: {}",
                truncate(count)
            ))
        }
    };
    let [key, seed, rest @ ..] = rest else {
        return Err(USAGE.to_string());
    };
    if *key != "seed" {
        return Err(format!("{USAGE}; found {}", truncate(key)));
    }
    let seed = seed.parse::<u64>().map_err(|_| {
        format!(
            "the seed must be a number from 0 to {}: {}",
            u64::MAX,
            truncate(seed)
        )
    })?;
    let [key, book, extra @ ..] = rest else {
        return Err(USAGE.to_string());
    };
    if *key != "book" {
        return Err(format!("{USAGE}; found {}", truncate(key)));
    }
    let book = (!book.eq_ignore_ascii_case("none")).then(|| book.to_string());
    Ok(Request {
        count,
        seed,
        book,
        extra: extra.iter().map(|s| s.to_string()).collect(),
    })
}

/// The start positions: the standard one, or a book's entries (read on demand, so
/// that a book of millions of lines costs its text and an index, not millions of
/// boards).
enum Starts {
    Startpos,
    /// EPD or FEN lines.
    Epd(Vec<String>),
    /// PGN games' move text, each with the FEN of its `[FEN "…"]` tag if any.
    Pgn(Vec<(Option<String>, String)>),
}

impl Starts {
    fn load(path: &str) -> Result<Starts, String> {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("cannot read the book {}: {e}", truncate(path)))?;
        let text = String::from_utf8_lossy(&bytes);
        let pgn = path.to_ascii_lowercase().ends_with(".pgn") || text.trim_start().starts_with('[');
        let starts = if pgn {
            Starts::Pgn(pgn_games(&text))
        } else {
            Starts::Epd(
                text.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(str::to_string)
                    .collect(),
            )
        };
        let empty = match &starts {
            Starts::Startpos => false,
            Starts::Epd(lines) => lines.is_empty(),
            Starts::Pgn(games) => games.is_empty(),
        };
        if empty {
            return Err(format!("the book {} has no positions", truncate(path)));
        }
        // A book whose first entries are not positions is not a book.
        let checked = match &starts {
            Starts::Epd(lines) => lines.len().min(8),
            Starts::Pgn(games) => games.len().min(8),
            Starts::Startpos => 0,
        };
        for i in 0..checked {
            if let Err(e) = starts.get(i) {
                return Err(format!("the book {}, entry {}: {e}", truncate(path), i + 1));
            }
        }
        Ok(starts)
    }

    fn len(&self) -> usize {
        match self {
            Starts::Startpos => 1,
            Starts::Epd(lines) => lines.len(),
            Starts::Pgn(games) => games.len(),
        }
    }

    /// Returns start position `i`, or why entry `i` is not one.
    fn get(&self, i: usize) -> Result<Board, String> {
        match self {
            Starts::Startpos => Ok(Board::startpos()),
            Starts::Epd(lines) => epd_board(&lines[i]),
            Starts::Pgn(games) => {
                let (fen, moves) = &games[i];
                pgn_board(fen.as_deref(), moves)
            }
        }
    }
}

/// Reads one EPD or FEN line: the four position fields, then either the two
/// counters or EPD operations (`hmvc 3; fmvn 12; c0 "…";`).
fn epd_board(line: &str) -> Result<Board, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err(format!("not a position: {}", truncate(line)));
    }
    let numeric = |i: usize| fields.get(i).is_some_and(|f| f.parse::<u32>().is_ok());
    let (halfmove, fullmove) = if numeric(4) && numeric(5) {
        (fields[4].to_string(), fields[5].to_string())
    } else {
        let operation = |name: &str| {
            fields
                .windows(2)
                .skip(3)
                .find(|w| w[0] == name)
                .map(|w| w[1].trim_end_matches(';').to_string())
        };
        (
            operation("hmvc").unwrap_or_else(|| "0".into()),
            operation("fmvn").unwrap_or_else(|| "1".into()),
        )
    };
    let fen = format!("{} {halfmove} {fullmove}", fields[..4].join(" "));
    Board::from_fen(&fen).map_err(|e| format!("{e}: {}", truncate(line)))
}

/// Splits PGN text into games: each game's `[FEN "…"]` tag, if any, and its move
/// text.
fn pgn_games(text: &str) -> Vec<(Option<String>, String)> {
    let mut games = Vec::new();
    let mut fen = None;
    let mut moves = String::new();
    let mut in_moves = false;
    for line in text.lines().map(str::trim) {
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                games.push((fen.take(), std::mem::take(&mut moves)));
                in_moves = false;
            }
            if let Some(value) = tag.strip_prefix("FEN ") {
                fen = Some(
                    value
                        .trim_end_matches(']')
                        .trim()
                        .trim_matches('"')
                        .to_string(),
                );
            }
        } else if !line.is_empty() {
            in_moves = true;
            moves.push_str(line);
            moves.push(' ');
        }
    }
    if in_moves {
        games.push((fen, moves));
    }
    games
}

/// Plays a PGN game's move text (comments, variations, move numbers, annotations
/// and the result skipped) from `fen` or the start position.
fn pgn_board(fen: Option<&str>, moves: &str) -> Result<Board, String> {
    let mut board = match fen {
        Some(fen) => Board::from_fen(fen).map_err(|e| format!("{e}: {}", truncate(fen)))?,
        None => Board::startpos(),
    };
    // Comments `{…}` and `;…` to the line's end were joined with spaces; variations
    // `(…)` nest.
    let mut depth = 0usize;
    let mut comment = false;
    let mut clean = String::with_capacity(moves.len());
    for c in moves.chars() {
        match c {
            '{' if depth == 0 => comment = true,
            '}' => comment = false,
            '(' if !comment => depth += 1,
            ')' if !comment => depth = depth.saturating_sub(1),
            _ if comment || depth > 0 => {}
            c => clean.push(c),
        }
    }
    for token in clean.split_whitespace() {
        if token.starts_with('$') || matches!(token, "*" | "1-0" | "0-1" | "1/2-1/2") {
            continue;
        }
        // "12." and "12..." numbers, also glued to the move ("12.e4").
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() {
            continue;
        }
        let mv = board
            .parse_san(token)
            .map_err(|e| format!("move {}: {e}", truncate(token)))?;
        board.make_move(mv);
    }
    Ok(board)
}

/// Runs `request`, passing each opening's FEN to `emit` (`count` of them), and
/// notes to `note` (extra words ignored; book entries skipped).
///
/// # Errors
/// An unreadable or empty book, or too few distinct balanced openings found (after
/// 1,000 tries per opening asked for), as one line of text.
pub fn run(
    request: &Request,
    mut emit: impl FnMut(&str),
    mut note: impl FnMut(&str),
) -> Result<(), String> {
    if !request.extra.is_empty() {
        // Never worded "genfens …": OpenBench reads `info string genfens <x>` as an
        // opening.
        note(&format!(
            "extra genfens arguments ignored: {}",
            truncate(&request.extra.join(" "))
        ));
    }
    let starts = match &request.book {
        None => Starts::Startpos,
        Some(path) => Starts::load(path)?,
    };
    let mut rng = SplitMix64::new(request.seed);
    let mut seen = HashSet::new();
    let mut table = vec![TtEntry::EMPTY; TABLE_ENTRIES];
    let mut searcher = Box::new(Searcher::new());
    let limits = Limits {
        depth: CHECK_DEPTH,
        ..Limits::NONE
    };
    let tries = request.count.saturating_mul(1000).max(10_000);
    let (mut found, mut skipped) = (0u64, 0u64);
    for _ in 0..tries {
        if found == request.count {
            break;
        }
        let index = (rng.next_u64() % starts.len() as u64) as usize;
        let Ok(mut board) = starts.get(index) else {
            skipped += 1;
            continue;
        };
        let plies = RANDOM_PLIES + (rng.next_u64() % 2) as u32;
        let mut ended = false;
        for _ in 0..plies {
            let moves = board.legal_moves();
            if moves.is_empty() {
                ended = true;
                break;
            }
            board.make_move(moves[(rng.next_u64() % moves.len() as u64) as usize]);
        }
        if ended || board.legal_moves().is_empty() || !seen.insert(board.hash()) {
            continue;
        }
        table.fill(TtEntry::EMPTY);
        searcher.clear();
        let result = searcher.search(
            SearchRequest::new(&board, &table).limits(limits),
            &mut NoHooks,
        );
        if matches!(result.score, Score::Cp(cp) if cp.abs() <= MAX_SCORE_CP) {
            emit(&board.fen().to_string());
            found += 1;
        }
    }
    if skipped > 0 {
        note(&format!(
            "the book had {skipped} unreadable entries among those drawn; they were skipped"
        ));
    }
    if found < request.count {
        return Err(format!(
            "found {found} of {} distinct balanced openings in {tries} tries",
            request.count
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_parse_as_openbench_writes_them() {
        assert_eq!(
            parse(&["16", "seed", "42", "book", "None"]),
            Ok(Request {
                count: 16,
                seed: 42,
                book: None,
                extra: vec![],
            })
        );
        let r = parse(&["1", "seed", "0", "book", "Books/x.epd", "a", "b"]).unwrap();
        assert_eq!(r.book.as_deref(), Some("Books/x.epd"));
        assert_eq!(r.extra, ["a", "b"]);
        for bad in [
            &[][..],
            &["0", "seed", "1", "book", "None"],
            &["x", "seed", "1", "book", "None"],
            &["-3", "seed", "1", "book", "None"],
            &["5", "seed", "-1", "book", "None"],
            &["5", "seed", "x", "book", "None"],
            &["5", "seed"],
            &["5", "seed", "1"],
            &["5", "seed", "1", "book"],
            &["5", "sed", "1", "book", "None"],
            &["5", "seed", "1", "bok", "None"],
        ] {
            let e = parse(bad).unwrap_err();
            assert!(!e.starts_with("genfens "), "{e}");
        }
    }

    #[test]
    fn epd_lines_with_counters_or_operations() {
        for (line, fen) in [
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            ),
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            ),
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c0 \"x\"; fmvn 3; hmvc 2;",
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            ),
        ] {
            assert_eq!(epd_board(line).unwrap().fen().to_string(), fen, "{line}");
        }
        assert!(epd_board("not a position").is_err());
        assert!(epd_board("8/8/8/8/8/8/8/8 w - -").is_err());
    }

    #[test]
    fn pgn_games_play_to_their_last_position() {
        let text = "[Event \"a\"]\n[Site \"?\"]\n\n1. e4 {best by test} e5 2.Nf3 (2. f4 exf4) \
                    Nc6 $1 3. Bb5 a6 *\n\n[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\
                    \n1. e4 Kd7 1/2-1/2\n";
        let games = pgn_games(text);
        assert_eq!(games.len(), 2);
        let first = pgn_board(games[0].0.as_deref(), &games[0].1).unwrap();
        assert_eq!(
            first.fen().to_string(),
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
        );
        let second = pgn_board(games[1].0.as_deref(), &games[1].1).unwrap();
        assert_eq!(second.fen().to_string(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
        assert!(pgn_board(None, "1. e5").is_err());
    }

    #[test]
    fn openings_are_distinct_balanced_and_the_same_for_a_seed() {
        let request = parse(&["6", "seed", "7", "book", "None"]).unwrap();
        let collect = |request: &Request| {
            let mut fens = Vec::new();
            run(request, |f| fens.push(f.to_string()), |n| panic!("{n}")).unwrap();
            fens
        };
        let fens = collect(&request);
        assert_eq!(fens.len(), 6);
        assert_eq!(fens, collect(&request));
        let other = collect(&parse(&["6", "seed", "8", "book", "None"]).unwrap());
        assert_ne!(fens, other);
        let positions: HashSet<&str> = fens
            .iter()
            .map(|f| f.rsplitn(3, ' ').nth(2).unwrap())
            .collect();
        assert_eq!(positions.len(), 6);
        for fen in &fens {
            let board = Board::from_fen(fen).unwrap();
            assert!(!board.legal_moves().is_empty());
            assert!(board.fullmove_number() >= 5, "{fen}");
        }
    }
}
