//! SAN speed: wingtip's writer and parser against shakmaty's, on every legal move
//! of the perft suite positions (tests/data/perftsuite.epd and cpw.epd), in one run.
//!
//! Run with `cargo bench --manifest-path bench/Cargo.toml --bench san`. Throughput is in moves (elements) per
//! second. Both sides write the full SAN with its `+`/`#` suffix and check that
//! the move is legal (shakmaty's `SanPlus::from_move` checks it among its
//! candidate moves); shakmaty's text goes into a reused `String`. Before timing,
//! the bench asserts that both write the same text for every move and that both
//! parsers give the move back.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use shakmaty::{san::SanPlus, CastlingMode, Chess};
use wingtip::{Board, Move};

struct Case {
    board: Board,
    moves: Vec<Move>,
    sk: Chess,
    sk_moves: Vec<shakmaty::Move>,
    texts: Vec<String>,
}

fn cases() -> Vec<Case> {
    let suites = [
        include_str!("../../wingtip/tests/data/perftsuite.epd"),
        include_str!("../../wingtip/tests/data/cpw.epd"),
    ];
    let mut cases = Vec::new();
    for line in suites.iter().flat_map(|s| s.lines()) {
        let fen = line.split(';').next().unwrap().trim();
        if fen.is_empty() {
            continue;
        }
        let board = Board::from_fen(fen).unwrap();
        let sk: Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .or_else(|e| e.ignore_impossible_check().map_err(|_| "illegal"))
            .unwrap();
        // The same moves in the same order on both sides, matched by UCI text.
        let moves: Vec<Move> = board.legal_moves().to_vec();
        let sk_moves: Vec<shakmaty::Move> = moves
            .iter()
            .map(|mv| {
                let uci: shakmaty::uci::UciMove = mv.to_string().parse().unwrap();
                uci.to_move(&sk).unwrap()
            })
            .collect();
        let texts: Vec<String> = moves.iter().map(|&mv| board.san(mv).to_string()).collect();
        for ((mv, sk_mv), text) in moves.iter().zip(&sk_moves).zip(&texts) {
            assert_eq!(
                SanPlus::from_move(sk.clone(), *sk_mv).to_string(),
                *text,
                "{fen}"
            );
            assert_eq!(board.parse_san(text), Ok(*mv), "{fen} {text}");
            let parsed = SanPlus::from_ascii(text.as_bytes()).unwrap();
            assert_eq!(parsed.san.to_move(&sk).unwrap(), *sk_mv, "{fen} {text}");
        }
        cases.push(Case {
            board,
            moves,
            sk,
            sk_moves,
            texts,
        });
    }
    cases
}

fn bench_san(c: &mut Criterion) {
    let cases = cases();
    let total: usize = cases.iter().map(|c| c.moves.len()).sum();
    eprintln!("{} positions, {total} moves", cases.len());

    let mut group = c.benchmark_group("san_write");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("wingtip", |b| {
        b.iter(|| {
            let mut len = 0;
            for case in &cases {
                for &mv in &case.moves {
                    len += black_box(case.board.san(black_box(mv))).as_str().len();
                }
            }
            len
        })
    });
    group.bench_function("shakmaty", |b| {
        let mut text = String::new();
        b.iter(|| {
            let mut len = 0;
            for case in &cases {
                for &mv in &case.sk_moves {
                    text.clear();
                    SanPlus::from_move(case.sk.clone(), black_box(mv)).append_to_string(&mut text);
                    len += black_box(&text).len();
                }
            }
            len
        })
    });
    group.finish();

    let mut group = c.benchmark_group("san_parse");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("wingtip", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for case in &cases {
                for text in &case.texts {
                    sum ^= case.board.parse_san(black_box(text)).unwrap().0;
                }
            }
            sum
        })
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for case in &cases {
                for text in &case.texts {
                    let san = SanPlus::from_ascii(black_box(text.as_bytes())).unwrap().san;
                    n += san.to_move(&case.sk).unwrap().to().to_u32() as usize;
                }
            }
            n
        })
    });
    group.finish();
}

criterion_group!(benches, bench_san);
criterion_main!(benches);
