#!/usr/bin/env python3
"""Reference SAN data for wingtip/tests/san_differential.rs, computed by python-chess.

Plays seeded random games, from the start position and from every FEN of
wingtip/tests/data/perftsuite.epd and cpw.epd, favouring captures,
promotions, castling, en passant and checks, and samples positions (more often
those where a move needs disambiguation, promotes, castles, takes en passant,
checks or mates). Two kinds of line, `|`-separated:

    P|<chess960>|<fen>|<uci> <san>|<uci> <san>|...

one per position, with every legal move in UCI and python-chess's SAN; and

    A|<chess960>|<fen>|<text>|<result>

for other spellings of some of the moves (no `x`, long algebraic, coordinates,
lower-case or `=`-less promotion, zeros for castling, over- and
under-disambiguation, a pawn capture without its file, a missing promotion
piece, `K` plus the castling target) and for random one-character mutations of
the SAN, with what python-chess's parse_san makes of them: the move in UCI, or
`!invalid`, `!illegal`, `!ambiguous` or `!null` (a null move).

<chess960> is 0 for standard chess and 1 for Chess960 positions (FEN in X-FEN,
UCI castling as king-takes-rook, as python-chess prints with chess960=True).
`--chess960 N` adds N Chess960 positions from random start positions; the
default is 0 until wingtip plays Chess960.

Usage: python3 wingtip/tests/oracle/san_differential.py [--seed N] [--positions N] [--chess960 N]
Needs `pip install chess` (python-chess).
"""

import argparse
import os
import random
import sys

import chess

# wingtip/tests/, the folder of this one (oracle/) and of the perft suites (data/).
TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITES = ["data/perftsuite.epd", "data/cpw.epd"]
# Characters for mutations: SAN's own plus some that SAN never has. No `|` (the
# field separator) and no `!`/`?` (annotations, which wingtip accepts and
# python-chess's parse_san leaves to its PGN reader).
MUTATION_CHARS = "NBRQKPnbrqkpabcdefghi0123456789xX=+#-Oo @,Z."


def weight(board, move):
    if board.is_castling(move):
        return 25.0
    if board.is_en_passant(move):
        return 40.0
    if move.promotion:
        return 15.0
    if board.gives_check(move):
        return 6.0
    if board.is_capture(move):
        return 5.0
    if board.piece_type_at(move.from_square) == chess.PAWN:
        return 3.0
    return 1.0


def interesting(board, sans):
    """Whether a SAN of this position disambiguates, promotes, castles, takes en
    passant, checks or mates, or the side to move is in check."""
    if board.is_check():
        return True
    for move, san in sans:
        if move.promotion or board.is_castling(move) or board.is_en_passant(move):
            return True
        if san[-1] in "+#":
            return True
        piece = board.piece_type_at(move.from_square)
        if piece != chess.PAWN and len(san.rstrip("+#").replace("x", "")) > 3:
            return True
    return False


def parse_result(board, text):
    try:
        move = board.parse_san(text)
    except chess.InvalidMoveError:
        return "!invalid"
    except chess.AmbiguousMoveError:
        return "!ambiguous"
    except chess.IllegalMoveError:
        return "!illegal"
    if not move:
        return "!null"
    return move.uci()


def alternates(board, move, san, rng):
    """Other spellings of `move`, some valid, some not."""
    out = set()
    bare = san.rstrip("+#")
    out.add(bare)
    out.add(bare + "+")
    out.add(bare + "#")
    out.add(board.lan(move))
    out.add(board.lan(move).replace("-", "", 1))
    out.add(move.uci())
    if "x" in bare:
        out.add(bare.replace("x", ""))
        out.add(bare.replace("x", "-"))
    if move.promotion:
        letter = chess.piece_symbol(move.promotion)
        out.add(bare.replace("=", ""))
        out.add(bare.replace("=" + letter.upper(), "=" + letter))
        out.add(bare.replace("=" + letter.upper(), letter))
        out.add(bare.split("=")[0])  # no promotion piece
        out.add(move.uci()[:4])  # coordinates without the piece
        out.add(bare.split("=")[0] + "=K")
    if board.is_castling(move):
        out.add(bare.replace("O", "0"))
    if board.is_castling(move) and not board.chess960:
        # The king's two-square move with a king letter (not castling in SAN), and
        # king-takes-rook coordinates (castling, as python-chess reads them).
        king_to = chess.square_name(move.to_square)
        out.add("K" + king_to)
        out.add("K" + chess.square_name(move.from_square) + king_to)
        rook_side = "h" if chess.square_file(move.to_square) > chess.square_file(move.from_square) else "a"
        out.add(chess.square_name(move.from_square) + rook_side + king_to[1])
    piece = board.piece_type_at(move.from_square)
    from_name = chess.square_name(move.from_square)
    to_name = chess.square_name(move.to_square)
    capture = "x" if board.is_capture(move) else ""
    if piece == chess.PAWN:
        if capture:
            out.add(to_name)  # a pawn capture without its file: a push, if any
            out.add(from_name[1] + capture + to_name)  # rank instead of file
    elif not board.is_castling(move):
        letter = chess.piece_symbol(piece).upper()
        out.add(letter + from_name[0] + capture + to_name)
        out.add(letter + from_name[1] + capture + to_name)
        out.add(letter + capture + to_name)  # ambiguous when disambiguation was needed
        out.add(letter.lower() + capture + to_name)
    for _ in range(3):
        chars = list(san)
        op = rng.randrange(3)
        i = rng.randrange(len(chars) + (1 if op == 1 else 0))
        if op == 0 and len(chars) > 1:
            del chars[i]
        elif op == 1:
            chars.insert(i, rng.choice(MUTATION_CHARS))
        else:
            chars[min(i, len(chars) - 1)] = rng.choice(MUTATION_CHARS)
        out.add("".join(chars))
    out.discard("")
    return sorted(out)


def emit(board, chess960, rng, out):
    fen = board.fen()
    sans = [(move, board.san(move)) for move in board.legal_moves]
    flag = "1" if chess960 else "0"
    out.write("|".join(["P", flag, fen] + [f"{m.uci()} {s}" for m, s in sans]) + "\n")
    for move, san in rng.sample(sans, min(6, len(sans))):
        for text in alternates(board, move, san, rng):
            out.write(f"A|{flag}|{fen}|{text}|{parse_result(board, text)}\n")


def starts():
    fens = [chess.STARTING_FEN]
    for suite in SUITES:
        with open(os.path.join(TESTS, suite)) as f:
            for line in f:
                if line.strip():
                    fens.append(line.split(";")[0].strip())
    return fens


def play(board, rng, seen, chess960, budget, out):
    """Random game from `board`, emitting up to `budget` sampled positions."""
    emitted = 0
    for _ply in range(rng.randrange(10, 250)):
        moves = list(board.legal_moves)
        if not moves or emitted >= budget:
            break
        board.push(rng.choices(moves, [weight(board, m) for m in moves])[0])
        if board.is_insufficient_material() or not any(board.legal_moves):
            break
        fen = board.fen()
        if fen in seen:
            continue
        sans = [(m, board.san(m)) for m in board.legal_moves]
        if rng.random() < (0.5 if interesting(board, sans) else 0.03):
            seen.add(fen)
            emit(board, chess960, rng, out)
            emitted += 1
    return emitted


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--positions", type=int, default=1200, help="standard positions")
    parser.add_argument("--chess960", type=int, default=0, help="Chess960 positions")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    seen = set()
    fens = starts()
    # The suite positions themselves first (every legal move of each).
    count = 0
    for fen in fens:
        if count >= args.positions:
            break
        board = chess.Board(fen)
        if board.fen() not in seen and any(board.legal_moves):
            seen.add(board.fen())
            emit(board, False, rng, out)
            count += 1
    while count < args.positions:
        # Half the games from the start position, for middlegames with many moves.
        board = chess.Board(fens[0] if rng.random() < 0.5 else rng.choice(fens))
        count += play(board, rng, seen, False, min(8, args.positions - count), out)
    count = 0
    while count < args.chess960:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        count += play(board, rng, seen, True, min(8, args.chess960 - count), out)
    out.flush()


if __name__ == "__main__":
    main()
