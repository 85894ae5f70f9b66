#!/usr/bin/env python3
"""wingtip's test rig: plays engine A against engine B from a book of balanced openings
and stops by a sequential probability ratio test (GSPRT) or after a number of games.

Usage:
    PATH=/usr/games:$PATH python3 scripts/sprt.py A B [options]

    # a change against the previous build, 8+0.08, SPRT [0, 5]:
    python3 scripts/sprt.py target/release/wingtip name=base,cmd=/tmp/wingtip-old --tc 8+0.08
    # two revisions built on the fly (git worktree + cargo build --release):
    python3 scripts/sprt.py @new @base --build new=HEAD --build base=HEAD~1 --nodes 20000
    # against a reference engine, fixed number of games, no SPRT stop:
    python3 scripts/sprt.py target/release/wingtip toga2 --tc 10+0.1 --games 100 --no-sprt

Engines (A and B) are given as
    a path or command name           a UCI engine (e.g. target/release/wingtip)
    a preset                         stockfish, stockfishNNNN (UCI_LimitStrength, UCI_Elo NNNN),
                                     glaurung, toga2, ethereal (UCI); phalanx, sjeng,
                                     gnuchess (xboard); with PATH including /usr/games
    @LABEL                           the binary built by --build LABEL=REV
    key=value,...                    cmd=PATH (required), name=NAME, proto=uci|xboard,
                                     arg=ARG (repeatable), opt.NAME=VALUE (engine option,
                                     repeatable); a preset or @LABEL may stand in for cmd
                                     (e.g. "stockfish2400,name=sf2400")
UCI engines keep one process per worker for the whole run (a ucinewgame before each game);
xboard engines get a fresh process for every game (sjeng once replayed an old game's move
after `new`). A crashed engine is restarted for the next game.

Games: each book position is played twice, A with White then A with Black, by the same
worker (a "pair"; the pentanomial statistics count pairs). The clock is kept here: the wall
time of each move is taken from the mover's clock, the increment added after the move, and a
side whose clock is below -timemargin after its move loses on time. With --nodes N both
engines get `go nodes N` (UCI; xboard engines that lack node limits are refused) and there is
no clock. At a node budget two deterministic engines replay a game exactly when they come
back to an opening, so such a test stops after the book's 2N distinct games (outcome "book
exhausted") unless --allow-replays is given; scripts/recount.py recounts an old test's PGN
without its replays, and --prior-pgn continues a test on the openings it has not played.
Every abnormal ending is recorded per engine and shown in the summary and the log: illegal
move, crash (process died or protocol error) and time forfeit; a crash or an illegal move
loses the game.

Adjudication is off by default and logged in the PGN's Termination header when it fires:
    --resign-moves M --resign-score S   both engines' last M scores (2M plies) say the same
                                        side wins by >= S cp (a mate score counts as huge)
    --draw-movenumber N --draw-moves M --draw-score S
                                        from move N, both engines' last M scores are within
                                        +-S cp
Games reaching --max-plies (default 600) are drawn and logged as adjudicated.

Statistics (all from A's point of view):
    Elo is the logistic Elo -400 log10(1/s - 1) of the mean score s. Its 95 % interval maps
    s +- 1.96 standard errors through the same function; the standard error comes from the
    pentanomial distribution of game pairs (default) or the trinomial distribution of games.
    The SPRT is the generalized SPRT on the multinomial distribution of outcomes, as used by
    fishtest: for each hypothesis elo_k (k = 0, 1, logistic Elo) the score s_k is fixed and
    the outcome probabilities are the maximum-likelihood ones among distributions with mean
    s_k, p_i = phat_i / (1 + lambda (a_i - s_k)), with lambda the root of
    sum_i phat_i (a_i - s_k) / (1 + lambda (a_i - s_k)) = 0. The log-likelihood ratio is
    LLR = sum_i n_i log(p1_i / p0_i); the test accepts H1 when LLR >= log((1 - beta) / alpha)
    and H0 when LLR <= log(beta / (1 - alpha)). Outcomes never seen get a count of 1e-3 so
    that the root exists (fishtest's regularisation). References: M. Van den Bergh,
    "A practical introduction to the GSPRT" and "Comments on Normalized Elo"
    (https://www.cantate.be/Fishtest/), the fishtest documentation
    (https://github.com/official-stockfish/fishtest/wiki/Fishtest-mathematics); the code
    here is written from those formulas (fishtest's LLR_logistic; fishtest's default is now
    normalized Elo, not implemented here). The test is built for small differences: in a
    lopsided match where some outcomes never occur (no LL pair), the unseen outcomes'
    regularised counts let both hypotheses fit almost equally well and the LLR grows
    slowly (e.g. +200 Elo over 84 games gave LLR 0.6 on [0, 5]); use wider bounds (or
    --games with --no-sprt) to measure large gaps.

Output: the PGN (--pgn, default scripts/data/sprt_games.pgn, appended), a progress line per
finished pair, and one row appended to the markdown log (--log, default
scripts/tests_log.md): date, test name, engines, TC, games, W/D/L, Elo +- , LLR, result,
abnormal endings.
"""

import argparse
import atexit
import datetime
import logging
import math
import os
import queue
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import chess
import chess.engine
import chess.pgn

# ---------------------------------------------------------------------------------------------
# Statistics (pure functions, unit-tested by scripts/test_sprt.py)
# ---------------------------------------------------------------------------------------------

#: Scores per game of the trinomial outcomes (loss, draw, win).
TRINOMIAL_VALUES = (0.0, 0.5, 1.0)
#: Mean score per game of the pentanomial pair outcomes (LL, LD, DD or WL, WD, WW).
PENTANOMIAL_VALUES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: White's points for each game result.
RESULT_POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
#: Count given to outcomes never seen, so the constrained maximum-likelihood problem has a root.
REGULARISATION = 1e-3


def score_from_elo(elo):
    """Expected score of a side that is `elo` logistic Elo stronger: 1 / (1 + 10^(-elo/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score):
    """Logistic Elo difference of a mean score in [0, 1]; +-inf at the ends."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def sprt_bounds(alpha, beta):
    """(lower, upper) LLR bounds of Wald's SPRT: log(beta/(1-alpha)), log((1-beta)/alpha)."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _regularised(counts):
    return [c if c > 0 else REGULARISATION for c in counts]


def mle_with_mean(values, counts, mean):
    """Maximum-likelihood outcome probabilities given the observed `counts`, under the
    constraint that the expected value is `mean`: p_i = phat_i / (1 + lam (a_i - mean)).

    Returns None when `mean` is not strictly inside (min(values), max(values)).
    """
    counts = _regularised(counts)
    total = sum(counts)
    phat = [c / total for c in counts]
    d = [a - mean for a in values]
    if not (min(d) < 0.0 < max(d)):
        return None
    # g(lam) = sum phat_i d_i / (1 + lam d_i) decreases on (-1/max d, -1/min d): bisection.
    lo, hi = -1.0 / max(d), -1.0 / min(d)

    def g(lam):
        return sum(p * di / (1.0 + lam * di) for p, di in zip(phat, d))

    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if g(mid) > 0.0:
            lo = mid
        else:
            hi = mid
    lam = 0.5 * (lo + hi)
    probs = [p / (1.0 + lam * di) for p, di in zip(phat, d)]
    norm = sum(probs)
    return [p / norm for p in probs]


def llr(values, counts, elo0, elo1):
    """GSPRT log-likelihood ratio of H1 (logistic Elo elo1) against H0 (elo0)."""
    if sum(counts) == 0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    p0 = mle_with_mean(values, counts, s0)
    p1 = mle_with_mean(values, counts, s1)
    if p0 is None or p1 is None:
        return 0.0
    return sum(n * math.log(b / a) for n, a, b in zip(_regularised(counts), p0, p1) if n > 0)


def llr_trinomial(wins, draws, losses, elo0, elo1):
    """GSPRT LLR from game counts (A's wins, draws, losses)."""
    return llr(TRINOMIAL_VALUES, [losses, draws, wins], elo0, elo1)


def llr_pentanomial(penta, elo0, elo1):
    """GSPRT LLR from pair counts [LL, LD, DD+WL, WD, WW] (A's point of view)."""
    return llr(PENTANOMIAL_VALUES, list(penta), elo0, elo1)


def llr_normal_approx(values, counts, elo0, elo1):
    """The normal approximation of the same LLR: N (s1-s0) (2 shat - s0 - s1) / (2 var),
    with shat and var the sample mean and variance per unit (game or pair). Used as a
    cross-check only."""
    n = sum(counts)
    if n == 0:
        return 0.0
    mean = sum(a * c for a, c in zip(values, counts)) / n
    var = sum(c * (a - mean) ** 2 for a, c in zip(values, counts)) / n
    if var <= 0.0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)


def elo_interval(values, counts, z=1.959963984540054):
    """(elo, lower, upper) of the mean score with a z-sigma interval (default 95 %)."""
    n = sum(counts)
    if n == 0:
        return 0.0, -math.inf, math.inf
    mean = sum(a * c for a, c in zip(values, counts)) / n
    var = sum(c * (a - mean) ** 2 for a, c in zip(values, counts)) / n
    se = math.sqrt(var / n)
    return (elo_from_score(mean), elo_from_score(mean - z * se),
            elo_from_score(mean + z * se))


def pair_index(first, second):
    """Pentanomial index (0..4) of a pair of A's game scores (each 0, 0.5 or 1)."""
    return int(round(2 * (first + second)))


# ---------------------------------------------------------------------------------------------
# Engines
# ---------------------------------------------------------------------------------------------

PRESETS = {
    "stockfish": (["stockfish"], "uci", {"Threads": 1, "Hash": 16}),
    "glaurung": (["glaurung"], "uci", {"Threads": 1, "Hash": 16}),
    "toga2": (["toga2"], "uci", {"Hash": 16}),
    "ethereal": (["ethereal-chess"], "uci", {"Threads": 1, "Hash": 16}),
    "phalanx": (["phalanx", "-l-"], "xboard", {}),
    "sjeng": (["sjeng"], "xboard", {}),
    "gnuchess": (["gnuchessx"], "xboard", {}),
}


class SpecError(ValueError):
    """A bad engine description on the command line."""


class EngineSpec:
    """How to start one engine: command, protocol, options and a display name."""

    def __init__(self, cmd, proto="uci", options=None, name=None):
        self.nodes = None  # a node budget of this engine's own (overrides --nodes)
        self.cmd = list(cmd)
        self.proto = proto
        self.options = dict(options or {})
        self.name = name

    def label(self):
        return self.name or os.path.basename(self.cmd[0])


def parse_spec(text, builds):
    """Parses an engine description (see the module doc); `builds` maps @labels to binaries."""

    def base(token):
        if token.startswith("@"):
            label = token[1:]
            if label not in builds:
                raise SpecError(f"{token}: no --build {label}=REV given")
            return EngineSpec([builds[label]], "uci", {}, label)
        m = token
        if m.startswith("stockfish") and m[len("stockfish"):].isdigit():
            cmd, proto, opts = PRESETS["stockfish"]
            opts = dict(opts, UCI_LimitStrength=True, UCI_Elo=int(m[len("stockfish"):]))
            return EngineSpec(cmd, proto, opts, m)
        if m in PRESETS:
            cmd, proto, opts = PRESETS[m]
            return EngineSpec(cmd, proto, opts, m)
        return EngineSpec([m], "uci", {}, None)

    parts = [p for p in text.split(",") if p]
    if not parts:
        raise SpecError("empty engine description")
    spec = None
    extra_args, opts, name, proto, nodes = [], {}, None, None, None
    for part in parts:
        if "=" not in part:
            if spec is not None:
                raise SpecError(f"{text}: more than one engine command")
            spec = base(part)
            continue
        key, value = part.split("=", 1)
        if key == "cmd":
            if spec is not None:
                raise SpecError(f"{text}: more than one engine command")
            spec = base(value)
        elif key == "name":
            name = value
        elif key == "proto":
            if value not in ("uci", "xboard"):
                raise SpecError(f"{text}: proto must be uci or xboard")
            proto = value
        elif key == "arg":
            extra_args.append(value)
        elif key == "nodes":
            if not value.isdigit() or int(value) < 1:
                raise SpecError(f"{text}: nodes must be a positive integer")
            nodes = int(value)
        elif key.startswith("opt."):
            opts[key[4:]] = value
        else:
            raise SpecError(f"{text}: unknown key {key!r}")
    if spec is None:
        raise SpecError(f"{text}: no engine command (cmd=...)")
    spec.cmd += extra_args
    spec.options.update(opts)
    if proto:
        spec.proto = proto
    if name:
        spec.name = name
    spec.nodes = nodes
    return spec


class Player:
    """One engine process owned by one worker thread."""

    def __init__(self, spec):
        self.spec = spec
        self.engine = None

    def new_game(self):
        if self.engine is not None and self.spec.proto == "xboard":
            self.close()
        if self.engine is None:
            popen = (chess.engine.SimpleEngine.popen_uci if self.spec.proto == "uci"
                     else chess.engine.SimpleEngine.popen_xboard)
            self.engine = popen(self.spec.cmd, stderr=subprocess.DEVNULL)
            options = {}
            for key, value in self.spec.options.items():
                if key in self.engine.options:
                    options[key] = value
            if options:
                self.engine.configure(options)

    def close(self):
        if self.engine is not None:
            try:
                self.engine.quit()
            except Exception:  # noqa: BLE001 - a dead engine cannot quit cleanly
                try:
                    self.engine.close()
                except Exception:  # noqa: BLE001
                    pass
            self.engine = None


# ---------------------------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------------------------

class Settings:
    """Match settings shared by the workers (filled from the command line)."""

    def __init__(self, args):
        self.base, self.inc = (None, None)
        if args.nodes is None:
            try:
                base, inc = args.tc.split("+") if "+" in args.tc else (args.tc, "0")
                self.base, self.inc = float(base), float(inc)
            except ValueError:
                raise SystemExit(f"sprt.py: bad --tc {args.tc!r} (want BASE+INC in seconds)")
        self.nodes = args.nodes
        self.per_engine = None  # {"A": nodes, "B": nodes} when games are played by nodes
        self.timemargin = args.timemargin / 1000.0
        self.max_plies = args.max_plies
        self.resign_moves, self.resign_score = args.resign_moves, args.resign_score
        self.draw_movenumber = args.draw_movenumber
        self.draw_moves, self.draw_score = args.draw_moves, args.draw_score

    def tc_label(self):
        if self.per_engine:
            a, b = self.per_engine["A"], self.per_engine["B"]
            return f"nodes {a}" if a == b else f"nodes {a} vs {b}"
        return f"{self.base:g}+{self.inc:g}"


def _score_cp(info):
    """Mover's score in centipawns (mate scores as +-100000), or None."""
    score = info.get("score") if info else None
    if score is None:
        return None
    return score.relative.score(mate_score=100000)


def adjudicate(white_scores, fullmove, settings):
    """Returns (result, reason) if an adjudication rule fires, else None.

    `white_scores` holds one score per ply (White's point of view, None when the mover sent
    none), the most recent last."""
    m = settings.resign_moves
    if m and len(white_scores) >= 2 * m:
        last = white_scores[-2 * m:]
        if all(s is not None for s in last):
            if all(s >= settings.resign_score for s in last):
                return "1-0", f"adjudication: both engines score >= {settings.resign_score} cp"
            if all(s <= -settings.resign_score for s in last):
                return "0-1", f"adjudication: both engines score <= -{settings.resign_score} cp"
    m = settings.draw_moves
    if m and fullmove >= settings.draw_movenumber and len(white_scores) >= 2 * m:
        last = white_scores[-2 * m:]
        if all(s is not None and abs(s) <= settings.draw_score for s in last):
            return "1/2-1/2", f"adjudication: draw, |score| <= {settings.draw_score} cp"
    return None


def play_game(white, black, start, settings, headers):
    """Plays one game; returns (pgn game, result string, abnormal: dict color -> kind or {})."""

    board = start.copy()
    game = chess.pgn.Game()
    game.setup(board)
    game.headers.update(headers)
    node = game
    players = {chess.WHITE: white, chess.BLACK: black}
    clocks = {chess.WHITE: settings.base, chess.BLACK: settings.base}
    token = object()
    abnormal = {}
    white_scores = []
    result = reason = None
    for color, player in players.items():
        try:
            player.new_game()
        except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError,
                TimeoutError) as err:
            player.close()
            abnormal[color] = "crash"
            result = "0-1" if color == chess.WHITE else "1-0"
            reason = f"{player.spec.label()} failed to start: {err}"
            break
    while result is None:
        if board.is_game_over(claim_draw=True):
            outcome = board.outcome(claim_draw=True)
            result, reason = outcome.result(), outcome.termination.name.lower()
            break
        if board.ply() - start.ply() >= settings.max_plies:
            result, reason = "1/2-1/2", f"adjudication: {settings.max_plies} plies"
            break
        side = board.turn
        player = players[side]
        nodes = player.spec.nodes or settings.nodes
        if nodes is not None:
            limit = chess.engine.Limit(nodes=nodes)
        else:
            limit = chess.engine.Limit(white_clock=max(clocks[chess.WHITE], 0.001),
                                       black_clock=max(clocks[chess.BLACK], 0.001),
                                       white_inc=settings.inc, black_inc=settings.inc,
                                       clock_id=token)
        lose = "0-1" if side == chess.WHITE else "1-0"
        started = time.monotonic()
        try:
            played = player.engine.play(board, limit, game=token, info=chess.engine.INFO_SCORE)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError,
                OSError) as err:
            player.close()
            abnormal[side] = "crash"
            result, reason = lose, f"{player.spec.label()} crashed or broke the protocol: {err}"
            break
        used = time.monotonic() - started
        if played.resigned:
            result, reason = lose, f"{player.spec.label()} resigned"
            break
        move = played.move
        if move is None or move not in board.legal_moves:
            abnormal[side] = "illegal"
            result, reason = lose, f"illegal move {move} by {player.spec.label()}"
            break
        if nodes is None:
            clocks[side] -= used
            if clocks[side] < -settings.timemargin:
                abnormal[side] = "time"
                result, reason = lose, f"time forfeit by {player.spec.label()}"
                break
            clocks[side] += settings.inc
        cp = _score_cp(played.info)
        white_scores.append(None if cp is None else (cp if side == chess.WHITE else -cp))
        node = node.add_variation(move)
        comment = f"{used:.3f}s"
        if cp is not None:
            comment = f"{cp / 100:+.2f}/{played.info.get('depth', 0)} " + comment
        node.comment = comment
        board.push(move)
        verdict = adjudicate(white_scores, board.fullmove_number, settings)
        if verdict:
            result, reason = verdict
            break
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    game.headers["PlyCount"] = str(board.ply() - start.ply())
    return game, result, abnormal


# ---------------------------------------------------------------------------------------------
# The match
# ---------------------------------------------------------------------------------------------

class Tally:
    """Results from A's point of view, updated under a lock by the workers."""

    def __init__(self):
        self.lock = threading.Lock()
        self.wdl = [0, 0, 0]  # A's wins, draws, losses
        self.penta = [0, 0, 0, 0, 0]
        self.abnormal = {"A": {}, "B": {}}
        self.pairs = 0

    def add_pair(self, scores, abnormal):
        with self.lock:
            for s in scores:
                self.wdl[0 if s == 1.0 else 1 if s == 0.5 else 2] += 1
            if len(scores) == 2:
                self.penta[pair_index(*scores)] += 1
                self.pairs += 1
            for who, kind in abnormal:
                self.abnormal[who][kind] = self.abnormal[who].get(kind, 0) + 1

    def games(self):
        return sum(self.wdl)

    def stats(self, args):
        w, d, l = self.wdl
        if args.model == "pentanomial":
            values, counts = PENTANOMIAL_VALUES, self.penta
        else:
            values, counts = TRINOMIAL_VALUES, [l, d, w]
        elo, lo, hi = elo_interval(values, counts)
        value = llr(values, counts, args.elo0, args.elo1)
        return elo, lo, hi, value

    def abnormal_text(self, names):
        parts = []
        for who in ("A", "B"):
            for kind, n in sorted(self.abnormal[who].items()):
                parts.append(f"{names[who]} {kind} {n}")
        return ", ".join(parts) or "none"


def fmt_elo(elo, lo, hi):
    """Elo with its interval: "+12.3 ± 20.1", or "+301.3 [+110, +inf]" when unbounded."""
    if not math.isfinite(elo):
        return f"{elo + 0.0:+.0f}"
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return f"{elo + 0.0:+.1f} [{lo:+.0f}, {hi:+.0f}]"
    return f"{elo + 0.0:+.1f} ± {(hi - lo) / 2:.1f}"


def _replay_line(board, line):
    """The book position with its game history when the EPD's c0 holds the line from the
    start position (so move numbers, the fifty-move counter and repetitions are right);
    the bare EPD position otherwise."""
    if not isinstance(line, str):
        return board
    replay = chess.Board()
    try:
        for uci in line.split():
            replay.push_uci(uci)
    except ValueError:
        return board
    return replay if replay.epd() == board.epd() else board


def read_book(path):
    positions = []
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                try:
                    board, ops = chess.Board.from_epd(line)
                except ValueError as err:
                    raise SystemExit(f"sprt.py: {path}:{number}: bad EPD: {err}")
                board = _replay_line(board, ops.get("c0"))
                positions.append((board, str(ops.get("id", f"{os.path.basename(path)}:{number}"))))
    except OSError as err:
        raise SystemExit(f"sprt.py: cannot read book {path}: {err}")
    if not positions:
        raise SystemExit(f"sprt.py: book {path} is empty")
    return positions


def build_revision(label, rev, repo):
    """Builds wingtip at git revision `rev` from a `git archive` export in a temporary
    directory (the repository's worktrees are not touched); returns the binary, kept in that
    directory until the run ends, and the commit id. Cargo's target directory is `target/rig`
    of the repository, so dependencies are compiled once for all builds; the export's files
    get the current time (`tar -m`) so that cargo, which compares modification times, cannot
    take an older revision's build for this one."""
    tmp = tempfile.mkdtemp(prefix=f"wingtip-{label}-")
    tree = os.path.join(tmp, "src")
    try:
        sha = subprocess.run(["git", "-C", repo, "rev-parse", "--verify", f"{rev}^{{commit}}"],
                             check=True, capture_output=True, text=True).stdout.strip()
        os.makedirs(tree)
        archive = subprocess.run(["git", "-C", repo, "archive", "--format=tar", sha], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-m", "-C", tree], input=archive, check=True, capture_output=True)
        print(f"building {label} = {rev} ({sha[:10]}) in {tree}", flush=True)
        target = os.path.join(repo, "target", "rig")
        env = dict(os.environ, CARGO_TARGET_DIR=target)
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "wingtip"], cwd=tree,
                       check=True, env=env)
        binary = os.path.join(tmp, f"wingtip-{label}")
        shutil.copy2(os.path.join(target, "release", "wingtip"), binary)
    except subprocess.CalledProcessError as err:
        shutil.rmtree(tmp, ignore_errors=True)
        detail = err.stderr or b""
        detail = (detail.decode("utf-8", "replace") if isinstance(detail, bytes) else detail)
        detail = detail.strip().splitlines()
        raise SystemExit(f"sprt.py: --build {label}={rev} failed: {' '.join(err.cmd[:3])}"
                         f"{': ' + detail[-1] if detail else ''}")
    finally:
        shutil.rmtree(tree, ignore_errors=True)
    atexit.register(shutil.rmtree, tmp, True)
    return binary, sha


LOG_HEADER = ("| date (UTC) | test | A | B | TC | games | W/D/L (A) | Elo (A−B) ± 95 % | "
              "LLR [bounds] (elo0, elo1) | result | abnormal endings |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|\n")


def append_log(path, row):
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a") as f:
        if new:
            f.write("# wingtip test log\n\nOne row per run of `scripts/sprt.py` "
                    "(see its docstring for the statistics).\n\n" + LOG_HEADER)
        f.write(row + "\n")


def run_workers(worker, count, on_interrupt):
    """Runs `count` threads of `worker` until they end. Ctrl-C and `kill` (TERM, or INT even
    when started in the background, where the shell ignores INT) call `on_interrupt()`, then
    the threads are joined so work in progress finishes (a second Ctrl-C abandons it).
    Returns True when interrupted."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    except KeyboardInterrupt:
        on_interrupt()
        try:
            for t in threads:
                t.join()
        except KeyboardInterrupt:
            pass
        return True
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", help="engine A (the one under test)")
    ap.add_argument("b", help="engine B (the baseline or reference)")
    ap.add_argument("--build", action="append", default=[], metavar="LABEL=REV",
                    help="build wingtip at git revision REV; use it as @LABEL")
    ap.add_argument("--tc", default="8+0.08", help="BASE+INC seconds (default 8+0.08)")
    ap.add_argument("--nodes", type=int, help="node budget per move instead of a clock")
    ap.add_argument("--timemargin", type=int, default=0,
                    help="ms a clock may go below zero before a time forfeit (default 0)")
    ap.add_argument("--games", type=int, default=20000,
                    help="stop after this many games (even; default 20000)")
    ap.add_argument("--no-sprt", action="store_true", help="play --games games, no SPRT stop")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=5.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--model", choices=["pentanomial", "trinomial"], default="pentanomial")
    ap.add_argument("--concurrency", type=int, default=1, help="games at once (default 1)")
    ap.add_argument("--book", default=os.path.join(os.path.dirname(__file__), "data", "book.epd"))
    ap.add_argument("--allow-replays", action="store_true",
                    help="at a node budget, play past the book's 2N distinct games (replays "
                         "of deterministic engines are copies, not evidence)")
    ap.add_argument("--prior-pgn", metavar="PGN",
                    help="continue the test of this PGN (same names): its distinct pairs "
                         "count first and their openings are skipped")
    ap.add_argument("--book-start", type=int, default=0, help="first book position (0-based)")
    ap.add_argument("--book-seed", type=int, default=None,
                    help="shuffle the book with this seed (default: file order)")
    ap.add_argument("--max-plies", type=int, default=600)
    ap.add_argument("--resign-moves", type=int, default=0, help="resign adjudication (0 = off)")
    ap.add_argument("--resign-score", type=int, default=1000)
    ap.add_argument("--draw-moves", type=int, default=0, help="draw adjudication (0 = off)")
    ap.add_argument("--draw-movenumber", type=int, default=40)
    ap.add_argument("--draw-score", type=int, default=10)
    ap.add_argument("--pgn", default=os.path.join(os.path.dirname(__file__), "data",
                                                  "sprt_games.pgn"))
    ap.add_argument("--log", default=os.path.join(os.path.dirname(__file__), "tests_log.md"))
    ap.add_argument("--no-log", action="store_true", help="do not append to the log")
    ap.add_argument("--name", default=None, help="test name in the log")
    ap.add_argument("--verbose", action="store_true",
                    help="show python-chess's warnings (e.g. unexpected engine output)")
    args = ap.parse_args(argv)


    if not args.verbose:  # xboard engines chat (e.g. phalanx's "tellics whisper ...")
        logging.getLogger("chess.engine").setLevel(logging.ERROR)
    if args.games < 2 or args.games % 2:
        ap.error("--games must be even and at least 2")
    if args.concurrency < 1:
        ap.error("--concurrency must be at least 1")
    if not (0 < args.alpha < 1 and 0 < args.beta < 1) or args.elo1 <= args.elo0:
        ap.error("need 0 < alpha, beta < 1 and elo0 < elo1")
    if args.nodes is not None and args.nodes < 1:
        ap.error("--nodes must be positive")
    settings = Settings(args)

    repo = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(__file__)), "rev-parse",
                           "--show-toplevel"], capture_output=True, text=True).stdout.strip()
    builds, revs = {}, {}
    for item in args.build:
        if "=" not in item:
            ap.error(f"--build {item}: want LABEL=REV")
        label, rev = item.split("=", 1)
        builds[label], sha = build_revision(label, rev, repo or ".")
        revs[label] = f"{label}@{sha[:10]}"
    try:
        specs = {"A": parse_spec(args.a, builds), "B": parse_spec(args.b, builds)}
    except SpecError as err:
        ap.error(str(err))
    with_nodes = [s.nodes is not None or settings.nodes is not None for s in specs.values()]
    if any(with_nodes) and not all(with_nodes):
        ap.error("an engine with nodes=N needs --nodes or nodes=N on the other engine too")
    if all(with_nodes):
        settings.per_engine = {k: s.nodes or settings.nodes for k, s in specs.items()}
        settings.nodes = settings.nodes or "per engine"  # marks a game without clocks
    for spec in specs.values():
        if spec.name in revs:
            spec.name = revs[spec.name]
        if settings.nodes is not None and spec.proto == "xboard":
            print(f"warning: {spec.label()} is an xboard engine; node limits may be refused",
                  file=sys.stderr)
    if specs["A"].label() == specs["B"].label():
        specs["A"].name, specs["B"].name = specs["A"].label() + "-A", specs["B"].label() + "-B"
    names = {k: s.label() for k, s in specs.items()}

    for key, spec in specs.items():  # fail fast on an engine that does not start
        probe = Player(spec)
        try:
            probe.new_game()
        except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError,
                TimeoutError) as err:
            raise SystemExit(f"sprt.py: engine {key} ({' '.join(spec.cmd)}) does not start: "
                             f"{str(err) or type(err).__name__}")
        finally:
            probe.close()

    book = read_book(args.book)
    order = list(range(len(book)))
    if args.book_seed is not None:
        random.Random(args.book_seed).shuffle(order)
    order = order[args.book_start % len(order):] + order[:args.book_start % len(order)]

    lower, upper = sprt_bounds(args.alpha, args.beta)
    tally = Tally()
    if args.prior_pgn:
        # Continue a test: its distinct pairs count first, and their openings are not
        # played again.
        import recount  # here, not at the top: recount imports this module
        if not os.path.exists(args.prior_pgn):
            raise SystemExit(f"sprt.py: --prior-pgn {args.prior_pgn}: no such file")
        prior = recount.distinct(recount.read_pairs(args.prior_pgn), names["A"])
        if not prior:
            raise SystemExit(f"sprt.py: {args.prior_pgn}: no finished pair with {names['A']}")
        for _, scores in prior:
            tally.add_pair(list(scores), [])
        played = {o for o, _ in prior}
        order = [i for i in order if book[i][1] not in played]
        if not order:
            raise SystemExit("sprt.py: every book opening was played in --prior-pgn")
        print(f"continuing from {args.prior_pgn}: {tally.games()} distinct games, penta "
              f"{tally.penta}; {len(order)} openings not played yet", file=sys.stderr)
    new_pairs = max(args.games // 2 - tally.pairs, 0)
    book_end = False
    if settings.nodes is not None and new_pairs > len(order) and not args.allow_replays:
        # At a node budget a deterministic engine pair replays a game exactly when it
        # comes back to an opening: the statistics would count the copy as new evidence.
        print(f"note: at a node budget the book's {len(order)} openings give "
              f"{2 * len(order)} distinct games; the test stops there (was --games "
              f"{args.games})", file=sys.stderr)
        new_pairs = len(order)
        args.games = 2 * (tally.pairs + new_pairs)
        book_end = True
    stop = threading.Event()
    decision = {"text": None}
    jobs = queue.Queue()
    for pair in range(new_pairs):
        jobs.put(pair)
    pgn_lock = threading.Lock()
    started_at = datetime.datetime.now(datetime.timezone.utc)
    test_name = args.name or f"{names['A']} vs {names['B']}"
    sprt_text = (f"SPRT elo0={args.elo0:g} elo1={args.elo1:g} alpha={args.alpha:g} "
                 f"beta={args.beta:g} ({args.model})" if not args.no_sprt else "no SPRT")
    print(f"{test_name}: {names['A']} vs {names['B']}, {settings.tc_label()}, up to {args.games} "
          f"games, {sprt_text}, bounds [{lower:.2f}, {upper:.2f}], concurrency "
          f"{args.concurrency}, book {args.book} ({len(book)} positions)", flush=True)

    def worker():
        players = {"A": Player(specs["A"]), "B": Player(specs["B"])}
        try:
            while not stop.is_set():
                try:
                    pair = jobs.get_nowait()
                except queue.Empty:
                    return
                start, opening = book[order[pair % len(order)]]
                scores, abnormal, results = [], [], []
                for game_in_pair, a_white in enumerate((True, False)):
                    white, black = ("A", "B") if a_white else ("B", "A")
                    headers = {
                        "Event": test_name, "Site": "wingtip rig",
                        "Date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y.%m.%d"),
                        "Round": f"{pair + 1}.{game_in_pair + 1}",
                        "White": names[white], "Black": names[black],
                        "TimeControl": (f"{settings.base:g}+{settings.inc:g}"
                                        if settings.nodes is None else "-"),
                        "Opening": opening,
                    }
                    if settings.per_engine:
                        headers["WhiteNodes"] = str(settings.per_engine[white])
                        headers["BlackNodes"] = str(settings.per_engine[black])
                    game, result, bad = play_game(players[white], players[black], start,
                                                  settings, headers)
                    for color, kind in bad.items():
                        abnormal.append((white if color == chess.WHITE else black, kind))
                    points = RESULT_POINTS[result]
                    scores.append(points if a_white else 1.0 - points)
                    results.append(f"{result} ({game.headers['Termination']})")
                    with pgn_lock:
                        with open(args.pgn, "a") as f:
                            print(game, file=f, end="\n\n")
                tally.add_pair(scores, abnormal)
                with tally.lock:
                    elo, lo, hi, value = tally.stats(args)
                    games = tally.games()
                    w, d, l = tally.wdl
                    print(f"pair {pair + 1} [{opening}]: A white {results[0]}, A black "
                          f"{results[1]} | {games} games +{w} ={d} -{l} | Elo "
                          f"{fmt_elo(elo, lo, hi)} | LLR {value:.2f} [{lower:.2f}, {upper:.2f}] "
                          f"| penta {tally.penta}", flush=True)
                    if not args.no_sprt and decision["text"] is None:
                        if value >= upper:
                            decision["text"] = "H1 accepted"
                        elif value <= lower:
                            decision["text"] = "H0 accepted"
                        if decision["text"]:
                            stop.set()
        finally:
            for p in players.values():
                p.close()

    def on_interrupt():
        stop.set()
        print("interrupted: finishing the games in progress (Ctrl-C again to abandon them)",
              file=sys.stderr, flush=True)

    # An interrupted run still writes its log row.
    interrupted = run_workers(worker, args.concurrency, on_interrupt)

    elo, lo, hi, value = tally.stats(args)
    w, d, l = tally.wdl
    games = tally.games()
    if decision["text"]:
        outcome = decision["text"]
    elif interrupted:
        outcome = "interrupted"
    else:
        outcome = f"stopped after {games} games" + ("" if args.no_sprt else " (no decision)")
        if book_end and games == args.games:
            outcome += ", book exhausted"
    abnormal = tally.abnormal_text(names)
    print(f"\nresult: {outcome}; {games} games +{w} ={d} -{l}, Elo {fmt_elo(elo, lo, hi)} "
          f"(95 %), LLR {value:.2f} [{lower:.2f}, {upper:.2f}], penta {tally.penta}; "
          f"abnormal endings: {abnormal}", flush=True)
    if not args.no_log:
        llr_text = (f"{value:.2f} [{lower:.2f}, {upper:.2f}] ({args.elo0:g}, {args.elo1:g})"
                    if not args.no_sprt else f"({value:.2f}, no SPRT)")
        row = (f"| {started_at:%Y-%m-%d %H:%M} | {test_name} | {names['A']} | {names['B']} | "
               f"{settings.tc_label()}, c{args.concurrency} | {games} | {w}/{d}/{l} | "
               f"{fmt_elo(elo, lo, hi)} | {llr_text} | {outcome} | {abnormal} |")
        append_log(args.log, row)
    return 0 if not any(tally.abnormal[k] for k in ("A", "B")) else 1


if __name__ == "__main__":
    sys.exit(main())
