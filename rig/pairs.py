"""The game pairs of a rig PGN (written by rig/sprt.py): games grouped into pairs by their
`Round` header (`pair.game`), A's scores per pair, and the first pair of each opening.

At a node budget two deterministic engines replay a game exactly when the rig comes back to
an opening it has played, so only the first pair of each opening is evidence: rig/recount.py
recounts a test that way, and `rig.sprt --prior-pgn` continues a test from those pairs.
"""

import chess.pgn

from rig import stats

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
                raise SystemExit(f"rig: {path}: a game without a rig Round header "
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



def walk(pairs, name):
    """Yields (opening, A's two scores, first) for each finished pair in order; `first`
    is False for a pair whose opening an earlier pair played (then also yields whether
    it was a move-for-move copy of that one)."""
    seen = {}
    for number in sorted(pairs):
        opening, games = pairs[number]
        if len(games) != 2 or any(r not in stats.RESULT_POINTS for _, r, _ in games):
            continue  # an unfinished pair
        scores = tuple(stats.RESULT_POINTS[r] if white == name else 1.0 - stats.RESULT_POINTS[r]
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
        index = stats.pair_index(*scores)
        every[index] += 1
        if first:
            unique[index] += 1
        else:
            dropped += 1
            copies += copy
    return every, unique, dropped, copies
