#!/usr/bin/env python3
"""Reference data for wingtip/tests/differential.rs, computed by python-chess.

Plays seeded random games that favour captures, promotions, castling, en passant
and double pushes (which set up en passant), and prints one line per sampled
position:

    <fen>|<perft 2>|<uci> <child fen>|<uci> <child fen>|...

with one `<uci> <child fen>` entry per legal move, sorted by move text. FENs use
python-chess's X-FEN en-passant rule (the square only when a pawn can take), the
rule wingtip prints. differential.rs parses each FEN with wingtip and checks
the round trip, the legal move set, every child position and perft(2).

With `--chess960` the games start from random Chess960 start positions (the 960
of the standard numbering) and each line is

    <x-fen>|<shredder-fen>|<perft 2>|<uci> <child x-fen>|...

with moves in UCI_Chess960 text (castling as king takes rook, `e1h1`).

With `--fens` the positions come from standard input instead, one FEN a line
(wingtip's own seeded playouts, some with a castling field rewritten), read as
standard chess, and each answer line is

    <fen as given>|<fen as python-chess reads it>|<uci> <child fen>|...

python-chess drops a castling right standard chess cannot have (king off e1/e8 or
no rook in the corner), so the second FEN shows what it kept.

Usage: python3 wingtip/tests/oracle/differential.py [--seed N] [--positions N] [--chess960]
       python3 wingtip/tests/oracle/differential.py --fens < fens.txt
Needs `pip install chess` (python-chess).
"""

import argparse
import random
import sys

import chess


def weight(board, move):
    if board.is_castling(move):
        return 25.0
    if board.is_en_passant(move):
        return 40.0
    if move.promotion:
        return 15.0
    if board.is_capture(move):
        return 5.0
    if board.piece_type_at(move.from_square) == chess.PAWN:
        return 3.0  # pushes set up en passant and promotions
    return 1.0


def has_special(board):
    """Whether a legal move is castling, en passant or a promotion, or the side
    to move is in check."""
    if board.is_check():
        return True
    return any(
        m.promotion or board.is_castling(m) or board.is_en_passant(m)
        for m in board.legal_moves
    )


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def xfen(board):
    return board.fen(en_passant="xfen")


def line_for(board):
    children = []
    for move in board.legal_moves:
        text = board.uci(move, chess960=board.chess960)
        board.push(move)
        children.append((text, xfen(board)))
        board.pop()
    children.sort()
    parts = [xfen(board)]
    if board.chess960:
        parts.append(board.fen(shredder=True, en_passant="xfen"))
    parts.append(str(perft(board, 2)))
    parts += [f"{uci} {fen}" for uci, fen in children]
    return "|".join(parts)


def answer_fens(lines, out):
    """The `--fens` mode: each FEN read as standard chess, its moves and children."""
    for fen in lines:
        fen = fen.strip()
        if not fen:
            continue
        board = chess.Board(fen)
        children = []
        for move in board.legal_moves:
            text = board.uci(move)
            board.push(move)
            children.append((text, xfen(board)))
            board.pop()
        children.sort()
        out.write("|".join([fen, xfen(board)] + [f"{uci} {child}" for uci, child in children]))
        out.write("\n")
    out.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--positions", type=int, default=1200)
    parser.add_argument("--chess960", action="store_true")
    parser.add_argument("--fens", action="store_true",
                        help="read FENs from standard input (standard chess)")
    args = parser.parse_args()
    if args.fens:
        answer_fens(sys.stdin, sys.stdout)
        return
    rng = random.Random(args.seed)
    seen = set()
    out = sys.stdout
    count = 0
    while count < args.positions:
        if args.chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
            board.chess960 = True
        else:
            board = chess.Board()
        # Chess960 games are shorter: castling rights live in the opening.
        length = rng.randrange(6, 120) if args.chess960 else rng.randrange(20, 300)
        for _ply in range(length):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choices(moves, [weight(board, m) for m in moves])[0])
            if board.is_insufficient_material():
                break
            # Sample positions with a special move on the board much more often.
            if rng.random() < (0.6 if has_special(board) else 0.04):
                fen = xfen(board)
                if fen in seen:
                    continue
                seen.add(fen)
                out.write(line_for(board) + "\n")
                count += 1
                if count >= args.positions:
                    break
    out.flush()


if __name__ == "__main__":
    main()
