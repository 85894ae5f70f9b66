"""How each engine spent its clock in a match: the time-management report of a rig PGN.

Reads a PGN written by rig/sprt.py (a `TimeControl` header such as `3+0.03`, each
move commented `{score/depth 0.123s}` or `{0.123s}` with the wall time the rig charged)
and replays every game's clocks the way the rig keeps them: the move's time taken from
the mover's clock, then the increment added; the lowest clock is taken after a move's
time and before its increment. The move that lost on time is not in the PGN (the rig
does not keep it), so a forfeited game shows in the forfeits, not in the lowest
clocks. For each engine (a White/Black name) it prints:

- games, moves, time forfeits;
- the lowest clock each game reached: median, 5th percentile, and how many games went
  below 0.25, 0.1 and 0.05 of the increment-free base (e.g. 750, 300 and 150 ms at 3 s);
- the clock left when the game ended (median);
- the mean time per move for moves 1-10, 11-20, 21-40 and 41 on (full-move numbers of
  the game, so a book opening's moves are not counted).

Games at a node budget (`TimeControl "-"` or no times in the comments) are skipped. All
timed games must share one time control (the thresholds and the time a move depend on
it): a mix is refused with the file named.

Usage:
    python3 -m rig.clocks GAMES.pgn [GAMES.pgn ...]
"""

import argparse
import os
import re
import statistics
import sys

import chess.pgn

SECONDS = re.compile(r"(\d+(?:\.\d+)?)s\b")
BUCKETS = ((1, 10), (11, 20), (21, 40), (41, None))


def parse_tc(text):
    """`base+inc` (seconds) as floats, or None for a node-budget or unknown control."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?\s*", text or "")
    if not m:
        return None
    return float(m.group(1)), float(m.group(2) or 0.0)


def game_clocks(game):
    """Per side (chess.WHITE/BLACK): a dict with the lowest clock, final clock, moves and
    the (full-move number, seconds) of each move; None when the game has no clock."""
    tc = parse_tc(game.headers.get("TimeControl"))
    if tc is None:
        return None
    base, inc = tc
    sides = {
        colour: {"clock": base, "lowest": base, "moves": []}
        for colour in (chess.WHITE, chess.BLACK)
    }
    board = game.board()
    timed = False
    for node in game.mainline():
        mover = board.turn
        number = board.fullmove_number
        m = SECONDS.search(node.comment or "")
        if m:
            timed = True
            used = float(m.group(1))
            side = sides[mover]
            side["clock"] -= used
            side["lowest"] = min(side["lowest"], side["clock"])
            side["clock"] += inc
            side["moves"].append((number, used))
        board.push(node.move)
    if not timed:
        return None
    termination = game.headers.get("Termination", "")
    forfeit = None
    if termination.startswith("time forfeit"):
        forfeit = board.turn  # the side to move lost on time before moving
    for colour, side in sides.items():
        side["forfeit"] = forfeit == colour
    return sides


def percentile(values, q):
    """The q-quantile (0..1) of values by nearest rank."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))
    return ordered[index]


def report(paths, out=sys.stdout):
    """Reads the PGNs and prints one block per engine; returns the per-engine summary."""
    engines = {}
    control = None  # (base, inc) of the first timed game
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as handle:
            while True:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                sides = game_clocks(game)
                if sides is None:
                    continue
                tc = parse_tc(game.headers.get("TimeControl"))
                if control is None:
                    control = tc
                elif tc != control:
                    raise ValueError(
                        f"{path}: a game at {game.headers['TimeControl']} after games at "
                        f"{control[0]:g}+{control[1]:g}: report one time control at a time")
                for colour, name in ((chess.WHITE, "White"), (chess.BLACK, "Black")):
                    engine = engines.setdefault(
                        game.headers.get(name, "?"),
                        {"games": 0, "forfeits": 0, "lowest": [], "final": [], "moves": []},
                    )
                    side = sides[colour]
                    engine["games"] += 1
                    engine["forfeits"] += side["forfeit"]
                    engine["lowest"].append(side["lowest"])
                    engine["final"].append(side["clock"])
                    engine["moves"].extend(side["moves"])
    summary = {}
    base = control[0] if control else None
    for name in sorted(engines):
        e = engines[name]
        lows = e["lowest"]
        below = {f: sum(1 for v in lows if v < f * base) for f in (0.25, 0.1, 0.05)}
        per_bucket = {}
        for lo, hi in BUCKETS:
            times = [t for n, t in e["moves"] if n >= lo and (hi is None or n <= hi)]
            per_bucket[(lo, hi)] = statistics.mean(times) if times else None
        summary[name] = {
            "games": e["games"],
            "moves": len(e["moves"]),
            "forfeits": e["forfeits"],
            "lowest_median": statistics.median(lows),
            "lowest_p5": percentile(lows, 0.05),
            "below": below,
            "final_median": statistics.median(e["final"]),
            "per_bucket": per_bucket,
        }
        s = summary[name]
        print(f"{name}: {s['games']} games, {s['moves']} moves, "
              f"{s['forfeits']} time forfeit(s)", file=out)
        print(f"  lowest clock in a game: median {s['lowest_median']:.3f} s, 5th percentile "
              f"{s['lowest_p5']:.3f} s; games below {0.25 * base:.3f} / {0.1 * base:.3f} / "
              f"{0.05 * base:.3f} s: {below[0.25]} / {below[0.1]} / {below[0.05]}", file=out)
        print(f"  clock left at the end: median {s['final_median']:.3f} s", file=out)
        cells = []
        for (lo, hi), mean in per_bucket.items():
            label = f"{lo}-{hi}" if hi else f"{lo}+"
            cells.append(f"{label}: {mean:.3f}" if mean is not None else f"{label}: -")
        print("  mean s/move by move number: " + ", ".join(cells), file=out)
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python3 -m rig.clocks", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", nargs="+", help="PGN files written by rig/sprt.py")
    args = parser.parse_args(argv)
    try:
        summary = report(args.pgn)
    except BrokenPipeError:
        # The reader went away (`python3 -m rig.clocks … | head`): not an error of the input.
        # Point stdout at /dev/null so the interpreter's final flush stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:
        print(f"clocks.py: cannot read {err.filename}: {err.strerror}", file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"clocks.py: {err}", file=sys.stderr)
        return 2
    if not summary:
        print("clocks.py: no timed games in the input", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
