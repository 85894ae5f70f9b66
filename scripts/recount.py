#!/usr/bin/env python3
"""Recounts a test of the rig (scripts/sprt.py) from its PGN, each opening's pair once.

Usage:
    python3 scripts/recount.py GAMES.pgn [--name A] [--elo0 0] [--elo1 10]

At a node budget two deterministic engines replay a game exactly when the rig comes back to
an opening it has played (a book of N positions gives 2N distinct games). A test that ran
past that counted the replays as new evidence. This script groups the games into pairs by
their `Round` header (`pair.game`), keeps the first pair of each `Opening` and drops the
later ones, and prints the pentanomial statistics of the kept pairs (the rig's own
functions: Elo with its 95 % interval, and the GSPRT LLR) next to those of every pair.
It also says how many dropped pairs were move-for-move copies of the kept one.

`--name` is engine A's name (the first engine of the test); by default the White player of
the first game.
"""

import argparse
import os
import sys

import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sprt  # noqa: E402  (the rig's statistics)

def read_pairs(path):
    """{(run, pair number): (opening, [(white, result, moves), ...])} from a rig PGN.

    A file may hold several runs one after another (a test continued with --prior-pgn,
    its games appended to the first run's): each run numbers its pairs from 1. A game
    `p.g` joins the earliest pair `p` that has the same opening and no game `g` yet, and
    starts a new run's pair `p` otherwise, so the runs' pairs are never merged."""
    pairs = {}
    runs = {}  # pair number -> how many runs have used it
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            h = game.headers
            try:
                pair, number = (int(x) for x in h["Round"].split("."))
            except (KeyError, ValueError):
                raise SystemExit(f"recount.py: {path}: a game without a rig Round header "
                                 f"({h.get('Round')!r})")
            opening = h.get("Opening", "")
            moves = " ".join(m.uci() for m in game.mainline_moves())
            key = None
            for run in range(runs.get(pair, 0)):
                entry = pairs[(run, pair)]
                if entry[0] == opening and number not in entry[2]:
                    key = (run, pair)
                    break
            if key is None:
                key = (runs.get(pair, 0), pair)
                runs[pair] = key[0] + 1
                pairs[key] = (opening, [], set())
            pairs[key][1].append((h["White"], h["Result"], moves))
            pairs[key][2].add(number)
    return {key: (opening, games) for key, (opening, games, _) in pairs.items()}


def stats(penta, elo0, elo1):
    elo, lo, hi = sprt.elo_interval(sprt.PENTANOMIAL_VALUES, penta)
    return sprt.fmt_elo(elo, lo, hi), sprt.llr_pentanomial(penta, elo0, elo1)


def walk(pairs, name):
    """Yields (opening, A's two scores, first) for each finished pair in order; `first`
    is False for a pair whose opening an earlier pair played (then also yields whether
    it was a move-for-move copy of that one)."""
    seen = {}
    for number in sorted(pairs):
        opening, games = pairs[number]
        if len(games) != 2 or any(r not in sprt.RESULT_POINTS for _, r, _ in games):
            continue  # an unfinished pair
        scores = tuple(sprt.RESULT_POINTS[r] if white == name else 1.0 - sprt.RESULT_POINTS[r]
                       for white, r, _ in games)
        if opening in seen:
            yield opening, scores, False, seen[opening] == games
        else:
            seen[opening] = games
            yield opening, scores, True, False


def distinct(pairs, name):
    """[(opening, A's two scores)] of the first pair of each opening."""
    return [(o, s) for o, s, first, _ in walk(pairs, name) if first]


def recount(pairs, name):
    """Returns (all_penta, unique_penta, dropped, copies)."""
    every, unique = [0] * 5, [0] * 5
    dropped = copies = 0
    for _, scores, first, copy in walk(pairs, name):
        index = sprt.pair_index(*scores)
        every[index] += 1
        if first:
            unique[index] += 1
        else:
            dropped += 1
            copies += copy
    return every, unique, dropped, copies


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--name", help="engine A's name (default: White of the first game)")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=10.0)
    args = ap.parse_args(argv)
    if not os.path.exists(args.pgn):
        raise SystemExit(f"recount.py: {args.pgn}: no such file")
    pairs = read_pairs(args.pgn)
    if not pairs:
        raise SystemExit(f"recount.py: {args.pgn}: no games")
    name = args.name or pairs[min(pairs)][1][0][0]
    every, unique, dropped, copies = recount(pairs, name)
    for label, penta in (("all pairs", every), ("first pair of each opening", unique)):
        elo, value = stats(penta, args.elo0, args.elo1)
        print(f"{label}: {2 * sum(penta)} games, penta {penta}, Elo {elo}, "
              f"LLR {value:.2f} ({args.elo0:g}, {args.elo1:g})")
    print(f"dropped {dropped} pairs that replayed an opening; {copies} of them were "
          "move-for-move copies")


if __name__ == "__main__":
    main()
