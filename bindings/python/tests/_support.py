"""Shared data and helpers of the wingtip Python tests (not a test module)."""

import random

import chess

import wingtip

# The chessprogramming wiki's six perft positions with published leaf counts.
CPW_PERFT = [
    ("startpos", wingtip.STARTING_FEN, {1: 20, 2: 400, 3: 8902, 4: 197281}),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        {1: 48, 2: 2039, 3: 97862},
    ),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {1: 14, 2: 191, 3: 2812, 4: 43238, 5: 674624}),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        {1: 6, 2: 264, 3: 9467, 4: 422333},
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        {1: 44, 2: 1486, 3: 62379, 4: 2103487},
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        {1: 46, 2: 2079, 3: 89890, 4: 3894594},
    ),
]

# Starting points for random games besides the perft positions: promotions, en
# passant with a pinned pawn, castling through attacked squares, bare endings.
EXTRA_STARTS = [
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
    "8/1P6/8/8/8/8/6p1/k6K w - - 0 1",
]


def random_game_starts(rng, count):
    """`count` (fen, chess960) pairs: CPW positions, the extra starts, Chess960 starts."""
    starts = [(fen, False) for _, fen, _ in CPW_PERFT] + [(fen, False) for fen in EXTRA_STARTS]
    chosen = []
    for i in range(count):
        if i % 4 == 3:
            chosen.append((chess.Board.from_chess960_pos(rng.randrange(960)).fen(), True))
        else:
            chosen.append(starts[rng.randrange(len(starts))])
    return chosen


def pick_move(rng, board, moves):
    """A random legal move of python-chess `board`, favouring the rare kinds (en
    passant, castling, under-promotion) and, now and then, the move that undoes the
    same side's previous move, so that games repeat positions."""
    rare = [m for m in moves if board.is_en_passant(m) or board.is_castling(m) or m.promotion == chess.KNIGHT]
    if rare and rng.random() < 0.5:
        return rng.choice(rare)
    if len(board.move_stack) >= 2 and rng.random() < 0.3:
        earlier = board.move_stack[-2]
        back = chess.Move(earlier.to_square, earlier.from_square)
        if back in moves and not board.is_zeroing(back):
            return back
    return rng.choice(moves)


def random_fens(seed, count, max_plies=120):
    """`count` positions from seeded random games from the standard start."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = chess.Board()
        for _ in range(rng.randrange(max_plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        fens.append(board.fen())
    return fens
