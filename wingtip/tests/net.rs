//! The evaluation network: the engine's static weights are exactly the committed file,
//! the engine's scales are the file format's, and the evaluation with the network is
//! colour-symmetric.

use wingtip::eval::{self, net};
use wingtip::Board;
use wingtip_codegen::net::{self as format, NetFile};

#[test]
fn the_compiled_network_is_the_committed_file() {
    // Or the file WINGTIP_NET named at build time (build.rs).
    let file = option_env!("WINGTIP_NET")
        .filter(|p| !p.is_empty())
        .unwrap_or("src/eval/net.bin");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let file = NetFile::read(&path).unwrap();
    assert_eq!(file.hidden, net::HIDDEN);
    let w1: Vec<i16> = net::NET.w1.iter().flatten().copied().collect();
    assert_eq!(w1, file.w1);
    assert_eq!(net::NET.b1.to_vec(), file.b1);
    // Every output bucket holds the file's row for it (a one-output file's row in all).
    assert_eq!(net::FILE_BUCKETS, file.buckets);
    let h = file.hidden;
    for b in 0..net::BUCKETS {
        let at = (b % file.buckets) * 2 * h;
        let w2: Vec<i16> = net::NET.w2[b].iter().flatten().copied().collect();
        assert_eq!(w2, file.w2[at..at + 2 * h], "bucket {b}");
        assert_eq!(net::NET.b2[b], file.b2[b % file.buckets], "bucket {b}");
    }
    assert_eq!(net::NET.squared, file.squared);
    assert_eq!(net::FULL, file.full && !file.is_zero());
    // King buckets: the map as the file has it (all zeros for plain inputs).
    assert_eq!(net::KING_BUCKETS, file.kings());
    assert_eq!(net::INPUTS, file.inputs());
    assert_eq!(net::NET.king_map, file.king_map.unwrap_or([0; 64]));
    assert_eq!(net::KING_MAPPED, file.king_map.is_some() && !file.is_zero());
}

#[test]
fn engine_and_file_format_agree_on_the_scales() {
    assert_eq!(net::QA, format::QA);
    assert_eq!(net::QB, format::QB);
    assert_eq!(net::FEATURES, format::INPUTS);
    assert_eq!(net::INPUTS, format::INPUTS * net::KING_BUCKETS);
    assert_eq!(net::MIRROR, format::MIRROR);
    assert_eq!(net::BUCKETS, format::BUCKETS);
}

#[test]
fn buckets_follow_the_piece_count() {
    let expected = [
        (2, 0),
        (5, 0),
        (6, 1),
        (17, 3),
        (18, 4),
        (29, 6),
        (30, 7),
        (32, 7),
    ];
    for (pieces, b) in expected {
        assert_eq!(net::bucket(pieces), b, "{pieces} pieces");
    }
    // Out-of-range counts still give a valid bucket.
    assert_eq!(net::bucket(0), 0);
    assert_eq!(net::bucket(64), net::BUCKETS - 1);
}

/// The colour-flipped mirror of a FEN (ranks reversed, case swapped, side swapped).
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    let swap = |s: &str| {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect::<String>()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let mut castle: Vec<char> = swap(f[2]).chars().collect();
    castle.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
    let castle: String = castle.into_iter().collect();
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, (b'9' - (b[1] - b'0')) as char)
    };
    format!("{} {side} {castle} {ep} {} {}", board.join("/"), f[4], f[5])
}

#[test]
fn mirrored_positions_get_the_same_correction_and_evaluation() {
    // Every position within 2 plies of these roots, and its mirror.
    let roots = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    let mut count = 0;
    for fen in roots {
        let root = Board::from_fen(fen).unwrap();
        let mut boards = vec![root];
        for mv in root.legal_moves().iter() {
            let mut b = root;
            b.make_move(*mv);
            for mv2 in b.legal_moves().iter() {
                let mut c = b;
                c.make_move(*mv2);
                boards.push(c);
            }
            boards.push(b);
        }
        for b in boards {
            let m = Board::from_fen(&mirror(&b.fen().to_string())).unwrap();
            assert_eq!(
                net::correction(&net::NET, &b),
                net::correction(&net::NET, &m),
                "{}",
                b.fen()
            );
            assert_eq!(eval::evaluate(&b), eval::evaluate(&m), "{}", b.fen());
            count += 1;
        }
    }
    assert!(count > 1_000, "{count}");
}

/// A small xorshift generator, so the checks below are reproducible.
fn rng(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The output layer's definition, term by term in `i64`: what `net::output` must equal.
fn output_reference<const H: usize>(
    n: &net::Network<H>,
    acc: &net::Accumulator<H>,
    us: usize,
    bucket: usize,
) -> i32 {
    let mut out = i64::from(n.b2[bucket]);
    for (a, w) in [
        (&acc[us], &n.w2[bucket][0]),
        (&acc[1 - us], &n.w2[bucket][1]),
    ] {
        let mut sum = 0i64;
        for i in 0..H {
            let c = i64::from(a[i]).clamp(0, i64::from(net::QA));
            sum += if n.squared { c * c } else { c } * i64::from(w[i]);
        }
        out += if n.squared {
            sum / i64::from(net::QA)
        } else {
            sum
        };
    }
    (out * 100 / i64::from(net::QA * net::QB)) as i32
}

/// Exact for every `i16` input, the extremes included: the chunked `i32` sums never
/// overflow and round as the `i64` definition does. (The final scaling drops the low
/// bits of the raw sums, so an off-by-one inside them would not change a score; an
/// overflow, or a wrong split of the square, does, and fails here.) Widths 1, 33 and 100 leave a
/// partial chunk; 128 is the shipped width.
fn output_is_exact<const H: usize>(seed: u64) {
    let mut s = seed;
    let mut n = Box::new(net::Network::<H> {
        w1: [[0; H]; net::INPUTS],
        b1: [0; H],
        w2: [[[0; H]; 2]; net::BUCKETS],
        b2: [0; net::BUCKETS],
        squared: true,
        king_map: [0; 64],
    });
    for trial in 0..400 {
        // Every fourth trial saturates: all weights and sums at an extreme.
        let extreme = trial % 4 == 3;
        let pick = |s: &mut u64, lo: i16, hi: i16| {
            let r = rng(s);
            if extreme {
                if r & 1 == 0 {
                    lo
                } else {
                    hi
                }
            } else {
                (i64::from(lo) + (r % (i64::from(hi) - i64::from(lo) + 1) as u64) as i64) as i16
            }
        };
        let mut acc = [[0i16; H]; 2];
        for a in &mut acc {
            for a in a.iter_mut() {
                *a = pick(&mut s, -2048, 2048);
            }
        }
        for w in n.w2.iter_mut().flatten().flatten() {
            *w = pick(&mut s, i16::MIN, i16::MAX);
        }
        if extreme && trial % 8 == 7 {
            // The largest sum of all: every unit saturated, every weight the same sign.
            n.w2 = [[[i16::MIN; H]; 2]; net::BUCKETS];
            acc = [[net::QA as i16; H]; 2];
        }
        for b in &mut n.b2 {
            *b = (rng(&mut s) % 2_000_001) as i32 - 1_000_000;
        }
        n.squared = trial % 2 == 0;
        let pieces = (rng(&mut s) % 33) as u32;
        for us in 0..2 {
            let color = if us == 0 {
                wingtip::Color::White
            } else {
                wingtip::Color::Black
            };
            assert_eq!(
                net::output(&n, &acc, color, pieces),
                output_reference(&n, &acc, us, net::bucket(pieces)),
                "width {H}, trial {trial}, squared {}, {pieces} pieces",
                n.squared
            );
        }
    }
}

#[test]
fn the_output_layer_is_exact_for_any_weights() {
    output_is_exact::<1>(1);
    output_is_exact::<33>(2);
    output_is_exact::<100>(3);
    output_is_exact::<128>(4);
}

#[test]
fn a_fused_update_equals_copying_then_adding_and_removing() {
    use wingtip::Piece;
    let n = &net::NET;
    let board =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let prev = net::refresh(n, &board);
    let slots = n.king_slots(&board);
    let mut s = 99u64;
    for _ in 0..2000 {
        let mut pairs = [(Piece::ALL[0], 0usize); 4];
        for p in &mut pairs {
            let r = rng(&mut s);
            *p = (Piece::ALL[(r % 12) as usize], ((r >> 8) % 64) as usize);
        }
        let r = rng(&mut s);
        let (na, nr) = ((r % 3) as usize, ((r >> 4) % 3) as usize);
        let (added, removed) = (&pairs[..na], &pairs[2..2 + nr]);
        let mut expected = prev;
        for &(piece, sq) in added {
            net::add(n, &mut expected, slots, piece, sq);
        }
        for &(piece, sq) in removed {
            net::remove(n, &mut expected, slots, piece, sq);
        }
        let mut got = [[0; net::HIDDEN]; 2];
        net::update(n, &prev, &mut got, slots, added, removed);
        assert_eq!(got, expected, "added {added:?}, removed {removed:?}");
    }
}

/// A two-bucket network with random first-layer weights: the king on its home rank
/// reads bucket 0, elsewhere bucket 1, and a king on files e–h mirrors its view.
fn kinged_network() -> Box<net::Network<4, { 2 * net::FEATURES }>> {
    let mut map = [0u8; 64];
    for (sq, b) in map.iter_mut().enumerate() {
        *b = u8::from(sq / 8 != 7) | if sq % 8 >= 4 { net::MIRROR } else { 0 };
    }
    let mut s = 7u64;
    let mut n = Box::new(net::Network::<4, { 2 * net::FEATURES }> {
        w1: [[0; 4]; 2 * net::FEATURES],
        b1: [100, -50, 300, 0],
        w2: [[[0; 4]; 2]; net::BUCKETS],
        b2: [1_000; net::BUCKETS],
        squared: true,
        king_map: map,
    });
    for w in n.w1.iter_mut().flatten() {
        *w = (rng(&mut s) % 401) as i16 - 200;
    }
    for w in n.w2.iter_mut().flatten().flatten() {
        *w = (rng(&mut s) % 2_001) as i16 - 1_000;
    }
    n
}

#[test]
fn king_slots_follow_the_map_in_each_view() {
    use wingtip::{Color, Piece};
    let n = kinged_network();
    // White's king on g1 (index 62): home rank, files e-h: bucket 0, mirrored.
    let g1 = n.king_slot(Color::White, 62);
    // Black's king on g8 (index 6) is on its own home rank too, seen as g1.
    assert_eq!(n.king_slot(Color::Black, 6), g1);
    // b1 (index 57) is the same bucket unmirrored; b3 (index 41) the other bucket.
    let b1 = n.king_slot(Color::White, 57);
    assert_ne!(b1, g1);
    assert_eq!(b1, net::KingSlot::PLAIN);
    let b3 = n.king_slot(Color::White, 41);
    // The feature of a white knight on c3 (index 42), seen by White:
    let knight = Piece::WhiteKnight;
    let plain = net::feature(Color::White, knight, 42);
    assert_eq!(net::feature_in(b1, Color::White, knight, 42), plain);
    // mirrored: f3 (index 45) in the first set;
    assert_eq!(
        net::feature_in(g1, Color::White, knight, 42),
        net::feature(Color::White, knight, 45)
    );
    // with the king on b3: the second set.
    assert_eq!(
        net::feature_in(b3, Color::White, knight, 42),
        net::FEATURES + plain
    );
}

#[test]
fn a_king_bucketed_network_is_colour_and_file_symmetric() {
    // Mirroring on files e-h with a map that is symmetric between the a-d and e-h
    // halves makes a position and its file-mirrored twin (no castling rights) score
    // the same; swapping colours gives the same score too. Each pair reads other
    // weight rows, so both would fail if a view read the wrong set or square.
    let n = kinged_network();
    let positions = [
        "6k1/5ppp/8/3n4/2B5/8/5PPP/6K1 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/8/8/8/8/8/3K4/8 b - - 0 1",
    ];
    let mut differs = 0;
    for fen in positions {
        let board = Board::from_fen(fen).unwrap();
        let score = net::correction(&*n, &board);
        let (placement, rest) = fen.split_once(' ').unwrap();
        let mirrored: Vec<String> = placement
            .split('/')
            .map(|rank| {
                let mut squares = String::new();
                for c in rank.chars() {
                    match c.to_digit(10) {
                        Some(d) => squares.push_str(&".".repeat(d as usize)),
                        None => squares.push(c),
                    }
                }
                squares.chars().rev().collect()
            })
            .collect();
        let squeeze = |rank: &str| {
            let mut out = String::new();
            let mut run = 0;
            for c in rank.chars() {
                if c == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(c);
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        };
        let mirrored: Vec<String> = mirrored.iter().map(|r| squeeze(r)).collect();
        let twin = Board::from_fen(&format!("{} {rest}", mirrored.join("/"))).unwrap();
        assert_eq!(net::correction(&*n, &twin), score, "{fen}");
        // The colour-flipped twin: ranks reversed, colours swapped, the other side to move.
        let flipped: Vec<String> = placement
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if rest.starts_with('w') { "b" } else { "w" };
        let flip = Board::from_fen(&format!("{} {side} - - 0 1", flipped.join("/"))).unwrap();
        assert_eq!(net::correction(&*n, &flip), score, "{fen}");
        // And the plain reading of the same weights (the first set, never mirrored)
        // differs: the king map matters.
        let mut plain = kinged_network();
        plain.king_map = [0; 64];
        differs += usize::from(net::correction(&*plain, &board) != score);
    }
    assert!(differs >= 3, "{differs}");
}
