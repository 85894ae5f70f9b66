//! The evaluation network: the engine's static weights are exactly the committed file,
//! the engine's scales are the file format's, and the evaluation with the network is
//! colour-symmetric.

use wingtip::eval::{self, net};
use wingtip::Board;
use wingtip_magics::net::{self as format, NetFile};

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
    let w2: Vec<i16> = net::NET.w2.iter().flatten().copied().collect();
    assert_eq!(w2, file.w2);
    assert_eq!(net::NET.b2, file.b2);
    assert_eq!(net::NET.squared, file.squared);
    assert_eq!(net::FULL, file.full && !file.is_zero());
}

#[test]
fn engine_and_file_format_agree_on_the_scales() {
    assert_eq!(net::QA, format::QA);
    assert_eq!(net::QB, format::QB);
    assert_eq!(net::INPUTS, format::INPUTS);
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
