"""wingtip's test rig: plays engine A against engine B from a book of balanced openings
and stops by a sequential probability ratio test (GSPRT) or after a number of games.

Usage:
    PATH=/usr/games:$PATH python3 -m rig.sprt A B [options]     (from the repository root)

    # a change against the previous build, 8+0.08, SPRT [0, 5]:
    python3 -m rig.sprt target/release/wingtip name=base,cmd=/tmp/wingtip-old --tc 8+0.08
    # two revisions built on the fly (git archive + cargo build --release):
    python3 -m rig.sprt @new @base --build new=HEAD --build base=HEAD~1 --nodes 20000
    # against a reference engine, fixed number of games, no SPRT stop:
    python3 -m rig.sprt target/release/wingtip toga2 --tc 10+0.1 --games 100 --no-sprt

Engines (A and B) are given as
    a path or command name           a UCI engine (e.g. target/release/wingtip)
    a preset                         stockfish, stockfishNNNN (UCI_LimitStrength, UCI_Elo NNNN),
                                     glaurung, toga2, ethereal (UCI); phalanx, sjeng,
                                     gnuchess (xboard); with PATH including /usr/games
    @LABEL                           the binary built by --build LABEL=REV
    key=value,...                    cmd=PATH (required), name=NAME, proto=uci|xboard,
                                     arg=ARG (repeatable), opt.NAME=VALUE (engine option,
                                     repeatable), nodes=N (this engine's own node budget);
                                     a preset or @LABEL may stand in for cmd
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
exhausted") unless --allow-replays is given; `python3 -m rig.recount` recounts an old test's PGN
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

Statistics (all from A's point of view): the logistic Elo with its 95 % interval from the
    pentanomial distribution of game pairs (default) or the trinomial distribution of
    games, and fishtest's generalized SPRT on the multinomial distribution of outcomes;
    rig/stats.py states the formulas. References: M. Van den Bergh,
    "A practical introduction to the GSPRT" and "Comments on Normalized Elo"
    (https://www.cantate.be/Fishtest/), the fishtest documentation
    (https://github.com/official-stockfish/fishtest/wiki/Fishtest-mathematics); the code
    here is written from those formulas (fishtest's LLR_logistic; fishtest's default is now
    normalized Elo, not implemented here). The test is built for small differences: in a
    lopsided match where some outcomes never occur (no LL pair), the unseen outcomes'
    regularised counts let both hypotheses fit almost equally well and the LLR grows
    slowly (e.g. +200 Elo over 84 games gave LLR 0.6 on [0, 5]); use wider bounds (or
    --games with --no-sprt) to measure large gaps.

Output: the PGN (--pgn, default lab/data/sprt_games.pgn, appended; lab/data/ is
git-ignored), a progress line per finished pair, and one row appended to the markdown log
(--log, default lab/test-log.md): date, test name, engines, TC, games, W/D/L, Elo +- , LLR,
result, abnormal endings.

The command only: the statistics are in rig/stats.py, engine descriptions and processes in
rig/engines.py, the game loop in rig/games.py, book reading in rig/openings.py, the pairs of
an earlier test's PGN in rig/pairs.py and the worker threads in rig/workers.py.
"""

import argparse
import datetime
import logging
import os
import queue
import random
import subprocess
import sys
import threading

import chess
import chess.engine

from rig import engines, games, openings, pairs, paths, stats, workers

LOG_HEADER = ("| date (UTC) | test | A | B | TC | games | W/D/L (A) | Elo (A−B) ± 95 % | "
              "LLR [bounds] (elo0, elo1) | result | abnormal endings |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|\n")


def append_log(path, row):
    """Appends a row to the markdown log, writing its title and table header first when the
    log is new."""
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a") as f:
        if new:
            f.write("# wingtip test log\n\nOne row per run of `python3 -m rig.sprt` "
                    "(see its docstring for the statistics).\n\n" + LOG_HEADER)
        f.write(row + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.sprt", description=__doc__,
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
    ap.add_argument("--book", default=paths.BOOK, help="EPD book (default rig/books/book.epd)")
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
    ap.add_argument("--pgn", default=os.path.join(paths.DATA, "sprt_games.pgn"),
                    help="PGN the games are appended to (default lab/data/sprt_games.pgn)")
    ap.add_argument("--log", default=paths.TEST_LOG,
                    help="markdown log a row is appended to (default lab/test-log.md)")
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
    settings = games.Settings(args)
    for path in (args.pgn, args.log):  # lab/data/ holds only what was restored or written
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)

    repo = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(__file__)), "rev-parse",
                           "--show-toplevel"], capture_output=True, text=True).stdout.strip()
    builds, revs = {}, {}
    for item in args.build:
        if "=" not in item:
            ap.error(f"--build {item}: want LABEL=REV")
        label, rev = item.split("=", 1)
        builds[label], sha = engines.build_revision(label, rev, repo or ".")
        revs[label] = f"{label}@{sha[:10]}"
    try:
        specs = {"A": engines.parse_spec(args.a, builds), "B": engines.parse_spec(args.b, builds)}
    except engines.SpecError as err:
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
        probe = engines.Player(spec)
        try:
            probe.new_game()
        except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError,
                TimeoutError) as err:
            raise SystemExit(f"sprt.py: engine {key} ({' '.join(spec.cmd)}) does not start: "
                             f"{str(err) or type(err).__name__}")
        finally:
            probe.close()

    book = openings.read_book(args.book)
    order = list(range(len(book)))
    if args.book_seed is not None:
        random.Random(args.book_seed).shuffle(order)
    order = order[args.book_start % len(order):] + order[:args.book_start % len(order)]

    lower, upper = stats.sprt_bounds(args.alpha, args.beta)
    tally = stats.Tally()
    if args.prior_pgn:
        # Continue a test: its distinct pairs count first, and their openings are not
        # played again.
        if not os.path.exists(args.prior_pgn):
            raise SystemExit(f"sprt.py: --prior-pgn {args.prior_pgn}: no such file")
        prior = pairs.distinct(pairs.read_pairs(args.prior_pgn), names["A"])
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
        players = {"A": engines.Player(specs["A"]), "B": engines.Player(specs["B"])}
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
                    game, result, bad = games.play_game(players[white], players[black], start,
                                                        settings, headers)
                    for color, kind in bad.items():
                        abnormal.append((white if color == chess.WHITE else black, kind))
                    points = stats.RESULT_POINTS[result]
                    scores.append(points if a_white else 1.0 - points)
                    results.append(f"{result} ({game.headers['Termination']})")
                    with pgn_lock:
                        with open(args.pgn, "a") as f:
                            print(game, file=f, end="\n\n")
                tally.add_pair(scores, abnormal)
                with tally.lock:
                    elo, lo, hi, value = tally.stats(args)
                    n_games = tally.games()
                    w, d, l = tally.wdl
                    print(f"pair {pair + 1} [{opening}]: A white {results[0]}, A black "
                          f"{results[1]} | {n_games} games +{w} ={d} -{l} | Elo "
                          f"{stats.fmt_elo(elo, lo, hi)} | LLR {value:.2f} "
                          f"[{lower:.2f}, {upper:.2f}] | penta {tally.penta}", flush=True)
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
    interrupted = workers.run_workers(worker, args.concurrency, on_interrupt)

    elo, lo, hi, value = tally.stats(args)
    w, d, l = tally.wdl
    n_games = tally.games()
    if decision["text"]:
        outcome = decision["text"]
    elif interrupted:
        outcome = "interrupted"
    else:
        outcome = f"stopped after {n_games} games" + ("" if args.no_sprt else " (no decision)")
        if book_end and n_games == args.games:
            outcome += ", book exhausted"
    abnormal = tally.abnormal_text(names)
    print(f"\nresult: {outcome}; {n_games} games +{w} ={d} -{l}, Elo {stats.fmt_elo(elo, lo, hi)} "
          f"(95 %), LLR {value:.2f} [{lower:.2f}, {upper:.2f}], penta {tally.penta}; "
          f"abnormal endings: {abnormal}", flush=True)
    if not args.no_log:
        llr_text = (f"{value:.2f} [{lower:.2f}, {upper:.2f}] ({args.elo0:g}, {args.elo1:g})"
                    if not args.no_sprt else f"({value:.2f}, no SPRT)")
        row = (f"| {started_at:%Y-%m-%d %H:%M} | {test_name} | {names['A']} | {names['B']} | "
               f"{settings.tc_label()}, c{args.concurrency} | {n_games} | {w}/{d}/{l} | "
               f"{stats.fmt_elo(elo, lo, hi)} | {llr_text} | {outcome} | {abnormal} |")
        append_log(args.log, row)
    return 0 if not any(tally.abnormal[k] for k in ("A", "B")) else 1


if __name__ == "__main__":
    sys.exit(main())
