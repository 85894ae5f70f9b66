"""Endgame positions wingtip had to convert: a book for conversion tests.

Reads match PGNs (plain or .xz) written by rig/sprt.py and keeps, from each game,
the first position, with at most --max-men men on the board, from which wingtip (a
player whose name starts with "wingtip") played a move it scored at least --min-score
centipawns for itself. One position per game, wingtip to move, written as EPD (four
fields) in the order read, duplicates dropped.

Usage:
    python3 -m rig.endgame_book lab/data/games-stockfish2400-*.pgn.xz --out endings.epd

(the reference games against Stockfish 2400 are restored into lab/data/ by
`python3 lab/data/restore.py NAME`; lab/data/README.md lists them).

Played with both colours from each position (`python3 -m rig.sprt --book endings.epd`), two
builds show which one converts a won-looking ending more often; the side that stands
worse is played by the same build in the other game of the pair.
"""
import argparse
import lzma
import re
import sys

import chess
import chess.pgn

SCORE = re.compile(r"\s*([+-]?\d+(?:\.\d+)?)/\d+")


def open_pgn(path):
    return lzma.open(path, "rt") if path.endswith(".xz") else open(path)


def positions(path, min_score, max_men):
    """Yields the EPD of the first qualifying position of each game in `path`."""
    with open_pgn(path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            white = game.headers.get("White", "").startswith("wingtip")
            black = game.headers.get("Black", "").startswith("wingtip")
            if white == black:
                continue
            us = chess.WHITE if white else chess.BLACK
            board = game.board()
            for node in game.mainline():
                mover = board.turn
                before = board.copy(stack=False)
                board.push(node.move)
                m = SCORE.match(node.comment or "")
                if mover != us or not m:
                    continue
                if float(m.group(1)) * 100 >= min_score and chess.popcount(before.occupied) <= max_men:
                    yield before.epd()
                    break


def main():
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.endgame_book", description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--min-score", type=int, default=150, help="centipawns (default 150)")
    ap.add_argument("--max-men", type=int, default=12, help="pieces and pawns, kings included")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    seen = {}  # insertion-ordered: the book keeps the order read
    for path in args.pgn:
        try:
            for epd in positions(path, args.min_score, args.max_men):
                seen.setdefault(epd)
        except OSError as e:
            sys.exit(f"endgame_book: {path}: {e}")
    with open(args.out, "w") as out:
        for epd in seen:
            out.write(epd + "\n")
    print(f"{len(seen)} positions written to {args.out}")


if __name__ == "__main__":
    main()
