"""SPSA tuning of wingtip's search parameters by self-play (the fishtest / OpenBench method).

Usage:
    PATH=/usr/games:$PATH python3 -m rig.spsa ENGINE --params engine/spsa_params.txt \\
        --iterations 20000 --nodes 8000 --concurrency 2 --state /tmp/spsa.json

ENGINE is an engine description as in rig/sprt.py (a path, or key=value,... with cmd=)
whose UCI options include every parameter: for wingtip, a build with the `tune` feature
(`cargo build --release --features tune`), which lists the search parameters as options.

The parameter file (wingtip's: engine/spsa_params.txt, checked against the search's tunables
by engine/tests/spsa_params.rs) has one line per parameter in OpenBench's SPSA format, so the
same text can be pasted into an OpenBench tuning session:
    NAME, int, DEFAULT, MIN, MAX, C_END, R_END
C_END is the perturbation at the last iteration (in the parameter's units) and R_END the
learning rate at the last iteration (a_end / c_end^2). Blank lines and lines starting with
`#` are skipped.

The method (J. C. Spall, "Implementation of the simultaneous perturbation algorithm for
stochastic optimization", IEEE Trans. Aerospace and Electronic Systems 34(3), 1998; the
gains and their decay as fishtest and OpenBench use them):
    alpha = 0.602, gamma = 0.101, A = 0.1 * iterations
    c = c_end * iterations^gamma;  a_end = r_end * c_end^2;  a = a_end * (A + iterations)^alpha
    at iteration k (0-based):  c_k = c / (k + 1)^gamma;  a_k = a / (A + k + 1)^alpha
    delta_i = +-1 at random; theta+ = theta + c_k delta; theta- = theta - c_k delta
    (each clamped to [MIN, MAX]; the engine gets them rounded to integers)
    one game pair from a book opening, theta+ with White then with Black;
    result = (wins - losses of theta+) over the pair, in -2 .. 2
    theta_i <- clamp(theta_i + a_k / c_k * result * delta_i)
The state (iteration, theta, the parameter lines) is written to --state after every pair,
so a stopped run resumes where it was; the summary line prints theta every 50 pairs.

At the end (or on Ctrl-C) it prints the tuned values as OpenBench lines and as an engine
description for rig/sprt.py (name=tuned,cmd=...,opt.NAME=VALUE,...): a tuned set is
kept only when an SPRT against the defaults says it gains.
"""

import argparse
import json
import os
import random
import sys
import threading

import chess.engine

from rig import engines, games, openings, paths, workers

ALPHA = 0.602
GAMMA = 0.101


class Param:
    """One tuned parameter: its OpenBench line and the SPSA gains derived from it."""

    def __init__(self, name, default, lo, hi, c_end, r_end):
        if not lo <= default <= hi:
            raise ValueError(f"{name}: default {default} is outside [{lo}, {hi}]")
        if c_end <= 0 or r_end <= 0:
            raise ValueError(f"{name}: C_END and R_END must be positive")
        self.name, self.default, self.lo, self.hi = name, default, lo, hi
        self.c_end, self.r_end = c_end, r_end

    def line(self, value=None):
        value = self.default if value is None else value
        return (f"{self.name}, int, {value:g}, {self.lo:g}, {self.hi:g}, {self.c_end:g}, "
                f"{self.r_end:g}")

    def clamp(self, value):
        return min(max(value, self.lo), self.hi)


def parse_params(text, source="params"):
    """Parses OpenBench SPSA lines; raises ValueError naming the line on bad input."""
    params = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7:
            raise ValueError(f"{source}:{number}: want NAME, int, DEFAULT, MIN, MAX, C_END, "
                             f"R_END (7 fields), got {len(fields)}")
        name, kind = fields[0], fields[1]
        if not name or any(c.isspace() for c in name):
            raise ValueError(f"{source}:{number}: bad parameter name {name!r}")
        if kind != "int":
            raise ValueError(f"{source}:{number}: type {kind!r}: only int parameters")
        try:
            default, lo, hi, c_end, r_end = (float(f) for f in fields[2:])
        except ValueError:
            raise ValueError(f"{source}:{number}: a number field is not a number") from None
        try:
            params.append(Param(name, default, lo, hi, c_end, r_end))
        except ValueError as err:
            raise ValueError(f"{source}:{number}: {err}") from None
    if not params:
        raise ValueError(f"{source}: no parameters")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise ValueError(f"{source}: a parameter name appears twice")
    return params


class Schedule:
    """The SPSA gain sequences for a run of `iterations` pairs."""

    def __init__(self, params, iterations):
        self.params = params
        self.n = iterations
        self.big_a = 0.1 * iterations
        self.c = [p.c_end * iterations ** GAMMA for p in params]
        self.a = [p.r_end * p.c_end ** 2 * (self.big_a + iterations) ** ALPHA for p in params]

    def c_k(self, i, k):
        return self.c[i] / (k + 1) ** GAMMA

    def a_k(self, i, k):
        return self.a[i] / (self.big_a + k + 1) ** ALPHA

    def perturb(self, theta, k, rng):
        """Returns (delta, theta_plus, theta_minus) for iteration k."""
        delta = [rng.choice((-1, 1)) for _ in self.params]
        plus, minus = [], []
        for i, p in enumerate(self.params):
            step = self.c_k(i, k) * delta[i]
            plus.append(p.clamp(theta[i] + step))
            minus.append(p.clamp(theta[i] - step))
        return delta, plus, minus

    def update(self, theta, k, delta, result):
        """Returns theta after a pair whose result (theta+ wins - losses) is `result`."""
        return [p.clamp(theta[i] + self.a_k(i, k) / self.c_k(i, k) * result * delta[i])
                for i, p in enumerate(self.params)]


def engine_spec(base, params, values, name):
    spec = engines.EngineSpec(base.cmd, base.proto, dict(base.options), name)
    for p, v in zip(params, values):
        spec.options[p.name] = int(round(v))
    return spec


def load_state(path, params, iterations):
    if not path or not os.path.exists(path):
        return 0, [p.default for p in params]
    try:
        with open(path) as f:
            state = json.load(f)
        lines = state["params"]
        k, theta = int(state["iteration"]), [float(v) for v in state["theta"]]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise SystemExit(f"spsa.py: cannot resume from {path}: {err}")
    if lines != [p.line() for p in params] or state.get("iterations") != iterations:
        raise SystemExit(f"spsa.py: {path} belongs to another run (parameters or --iterations "
                         "differ); give a new --state")
    return k, theta


def save_state(path, params, iterations, k, theta):
    if not path:
        return
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"iterations": iterations, "iteration": k, "theta": theta,
                   "params": [p.line() for p in params]}, f, indent=1)
    os.replace(tmp, path)  # never a half-written state file


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.spsa", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine", help="engine description (see rig/sprt.py)")
    ap.add_argument("--params", required=True, help="OpenBench-format parameter file")
    ap.add_argument("--iterations", type=int, default=20000, help="game pairs (default 20000)")
    ap.add_argument("--nodes", type=int, default=8000, help="node budget per move")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--book", default=paths.BOOK_LARGE,
                    help="EPD book (default rig/books/book_large.epd)")
    ap.add_argument("--seed", type=int, default=1, help="perturbation and book order seed")
    ap.add_argument("--state", help="JSON state file: written after every pair, resumed from")
    ap.add_argument("--max-plies", type=int, default=600)
    args = ap.parse_args(argv)
    if args.iterations < 1 or args.nodes < 1 or args.concurrency < 1:
        ap.error("--iterations, --nodes and --concurrency must be positive")
    try:
        with open(args.params) as f:
            params = parse_params(f.read(), args.params)
        base = engines.parse_spec(args.engine, {})
    except (OSError, ValueError) as err:
        ap.error(str(err))

    probe = engines.Player(base)
    try:
        probe.new_game()
        missing = [p.name for p in params if p.name not in probe.engine.options]
    except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError) as err:
        raise SystemExit(f"spsa.py: the engine does not start: {err}")
    finally:
        probe.close()
    if missing:
        raise SystemExit(f"spsa.py: the engine has no option {', '.join(missing)} (for wingtip: "
                         "build with --features tune)")

    schedule = Schedule(params, args.iterations)
    k0, theta = load_state(args.state, params, args.iterations)
    book = openings.read_book(args.book)
    order = list(range(len(book)))
    random.Random(args.seed).shuffle(order)
    # No clock (a node budget); the rig's fishtest-like adjudication.
    settings = games.Settings(argparse.Namespace(
        tc=None, nodes=args.nodes, timemargin=0, max_plies=args.max_plies, resign_moves=3,
        resign_score=700, draw_movenumber=40, draw_moves=8, draw_score=8))
    lock = threading.Lock()
    stop = threading.Event()
    state = {"next": k0, "theta": theta, "done": k0}
    print(f"SPSA: {len(params)} parameters, iterations {k0}..{args.iterations}, nodes "
          f"{args.nodes}, concurrency {args.concurrency}", flush=True)

    def worker():
        while not stop.is_set():
            with lock:
                k = state["next"]
                if k >= args.iterations:
                    return
                state["next"] += 1
                rng = random.Random(args.seed * 1_000_003 + k)
                delta, plus, minus = schedule.perturb(state["theta"], k, rng)
            players = {"+": engines.Player(engine_spec(base, params, plus, "plus")),
                       "-": engines.Player(engine_spec(base, params, minus, "minus"))}
            start, opening = book[order[k % len(order)]]
            result = 0
            try:
                for plus_white in (True, False):
                    white, black = ("+", "-") if plus_white else ("-", "+")
                    _, res, _ = games.play_game(players[white], players[black], start, settings,
                                               {"Event": "spsa", "Opening": opening})
                    points = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[res]
                    result += points if plus_white else -points
            finally:
                for p in players.values():
                    p.close()
            with lock:
                state["theta"] = schedule.update(state["theta"], k, delta, result)
                state["done"] += 1
                save_state(args.state, params, args.iterations, state["done"], state["theta"])
                if state["done"] % 50 == 0 or state["done"] == args.iterations:
                    values = " ".join(f"{p.name}={v:.1f}"
                                      for p, v in zip(params, state["theta"]))
                    print(f"pair {state['done']}/{args.iterations}: {values}", flush=True)

    def on_interrupt():
        stop.set()
        print("interrupted: finishing the pairs in progress", file=sys.stderr, flush=True)

    workers.run_workers(worker, args.concurrency, on_interrupt)
    theta = state["theta"]
    print(f"\nafter {state['done']} pairs:")
    for p, v in zip(params, theta):
        print(p.line(int(round(v))))
    opts = ",".join(f"opt.{p.name}={int(round(v))}" for p, v in zip(params, theta))
    print(f"\nname=tuned,cmd={' '.join(base.cmd)},{opts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
