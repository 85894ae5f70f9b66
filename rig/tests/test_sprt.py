"""Tests of the test rig's statistics (rig/stats.py), adjudication (rig/games.py), engine
descriptions (rig/engines.py), PGN pairs (rig/pairs.py) and the SPRT command (rig/sprt.py,
rig/recount.py) end to end.

Run: python3 -m pytest -q rig/tests/test_sprt.py   (needs `pip install pytest chess`; the
end-to-end tests need target/release/wingtip)

The reference values are computed here by other means than rig/stats.py's: closed forms
(Elo of a score, SPRT bounds, the binomial LLR) and a direct numerical maximisation of the
constrained likelihood instead of the secular-equation root rig/stats.py solves.
"""

import math
import random

import pytest

from rig import engines, games, pairs, stats
from rig.tests import run


def test_elo_of_known_scores():
    # 75 %: -400 log10(1/0.75 - 1) = 400 log10(3) = 190.8485...
    assert stats.elo_from_score(0.75) == pytest.approx(190.84850188786497, abs=1e-9)
    assert stats.elo_from_score(0.5) == 0.0
    assert stats.elo_from_score(0.25) == pytest.approx(-190.84850188786497, abs=1e-9)
    assert stats.elo_from_score(1.0) == math.inf and stats.elo_from_score(0.0) == -math.inf
    # +100 Elo: 1 / (1 + 10^-0.25) = 0.6400649998...
    assert stats.score_from_elo(100) == pytest.approx(0.6400649998028851, abs=1e-12)
    for elo in (-300, -5, 0, 3.5, 250):
        assert stats.elo_from_score(stats.score_from_elo(elo)) == pytest.approx(elo, abs=1e-9)


def test_sprt_bounds():
    lower, upper = stats.sprt_bounds(0.05, 0.05)
    assert upper == pytest.approx(math.log(19), abs=1e-12)  # 2.944...
    assert lower == pytest.approx(-math.log(19), abs=1e-12)
    lower, upper = stats.sprt_bounds(0.05, 0.10)
    assert lower == pytest.approx(math.log(0.10 / 0.95))
    assert upper == pytest.approx(math.log(0.90 / 0.05))


def brute_force_trinomial_loglik(counts, mean):
    """max over (pL, pD, pW) with pW + pD/2 = mean of sum n log p, by golden-section search
    on pD (the likelihood is concave along the feasible segment)."""
    n_l, n_d, n_w = counts
    lo, hi = max(0.0, 2 * mean - 2), min(1.0, 2 * mean, 2 - 2 * mean)
    lo, hi = lo + 1e-15, hi - 1e-15

    def f(pd):
        pw = mean - pd / 2
        pl = 1 - pw - pd
        return n_l * math.log(pl) + n_d * math.log(pd) + n_w * math.log(pw)

    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    for _ in range(300):
        c, d = b - g * (b - a), a + g * (b - a)
        if f(c) < f(d):
            a = c
        else:
            b = d
    return f((a + b) / 2)


@pytest.mark.parametrize("wdl", [(30, 100, 25), (512, 1503, 470), (7, 12, 11), (1, 1, 1)])
def test_trinomial_llr_matches_direct_maximisation(wdl):
    w, d, l = wdl
    s0, s1 = stats.score_from_elo(0), stats.score_from_elo(5)
    expected = (brute_force_trinomial_loglik((l, d, w), s1)
                - brute_force_trinomial_loglik((l, d, w), s0))
    assert stats.llr_trinomial(w, d, l, 0, 5) == pytest.approx(expected, abs=1e-7)


def test_binomial_closed_form():
    # Without draws the constrained MLE puts pW = s, so LLR = W log(s1/s0) + L log((1-s1)/(1-s0)).
    # rig/stats.py gives unseen outcomes a count of 1e-3, hence the tolerance.
    w, l = 620, 560
    s0, s1 = stats.score_from_elo(-3), stats.score_from_elo(7)
    closed = w * math.log(s1 / s0) + l * math.log((1 - s1) / (1 - s0))
    assert stats.llr_trinomial(w, 0, l, -3, 7) == pytest.approx(closed, abs=5e-3)


def test_pentanomial_mle_is_the_constrained_maximum():
    rng = random.Random(7)
    counts = [23, 410, 1290, 452, 31]
    values = stats.PENTANOMIAL_VALUES
    for mean in (0.49, 0.5, 0.5072, 0.53):
        p = stats.mle_with_mean(values, counts, mean)
        assert sum(p) == pytest.approx(1.0, abs=1e-12)
        assert sum(a * q for a, q in zip(values, p)) == pytest.approx(mean, abs=1e-10)

        def loglik(q):
            return sum(n * math.log(x) for n, x in zip(counts, q))

        best = loglik(p)
        # Directions that keep both constraints: orthogonal to (1,...,1) and to the values.
        basis = [(1, -2, 1, 0, 0), (0, 1, -2, 1, 0), (0, 0, 1, -2, 1)]
        for _ in range(200):
            coef = [rng.uniform(-1, 1) for _ in basis]
            v = [sum(c * b[i] for c, b in zip(coef, basis)) for i in range(5)]
            step = 1e-3 * min(p)
            q = [x + step * y for x, y in zip(p, v)]
            assert loglik(q) <= best + 1e-9


def test_pentanomial_llr_close_to_normal_approximation():
    # With many pairs the GSPRT LLR approaches N (s1-s0)(2 shat - s0 - s1) / (2 var).
    counts = [230, 4100, 12900, 4520, 310]
    exact = stats.llr_pentanomial(counts, 0, 5)
    approx = stats.llr_normal_approx(stats.PENTANOMIAL_VALUES, counts, 0, 5)
    assert exact == pytest.approx(approx, rel=0.01)
    assert exact > 2.94  # this sample (+4.7 Elo, 44 000 games) passes [0, 5]


def test_llr_signs_and_empty():
    assert stats.llr_pentanomial([0, 0, 0, 0, 0], 0, 5) == 0.0
    assert stats.llr_trinomial(60, 100, 20, 0, 5) > 0
    assert stats.llr_trinomial(20, 100, 60, 0, 5) < 0
    # Identical engines with deterministic play: every pair scores 1 (a win and a loss).
    assert stats.llr_pentanomial([0, 0, 50, 0, 0], 0, 5) < 0
    assert stats.mle_with_mean((0.0, 0.5, 1.0), [1, 2, 3], 1.0) is None


def test_elo_interval_trinomial_by_hand():
    # 40 W, 40 D, 20 L: mean 0.6, per-game variance 0.4*0.16 + 0.4*0.01 + 0.2*0.36 = 0.14
    elo, lo, hi = stats.elo_interval(stats.TRINOMIAL_VALUES, [20, 40, 40])
    se = math.sqrt(0.14 / 100)
    assert elo == pytest.approx(-400 * math.log10(1 / 0.6 - 1))
    assert lo == pytest.approx(-400 * math.log10(1 / (0.6 - 1.959963984540054 * se) - 1))
    assert hi == pytest.approx(-400 * math.log10(1 / (0.6 + 1.959963984540054 * se) - 1))


def test_elo_interval_pentanomial_by_hand():
    # 10 pairs: 1 LD, 4 DD/WL, 3 WD, 2 WW -> pair means 0.25, 0.5, 0.75, 1.0.
    # mean = (0.25 + 2 + 2.25 + 2) / 10 = 0.65; variance per pair
    # = (0.16 + 4 * 0.0225 + 3 * 0.01 + 2 * 0.1225) / 10 = 0.0525
    elo, lo, hi = stats.elo_interval(stats.PENTANOMIAL_VALUES, [0, 1, 4, 3, 2])
    se = math.sqrt(0.0525 / 10)
    assert elo == pytest.approx(-400 * math.log10(1 / 0.65 - 1))
    assert lo == pytest.approx(-400 * math.log10(1 / (0.65 - 1.959963984540054 * se) - 1))
    assert hi == pytest.approx(-400 * math.log10(1 / (0.65 + 1.959963984540054 * se) - 1))


def test_pair_index():
    assert stats.pair_index(0.0, 0.0) == 0
    assert stats.pair_index(0.5, 0.0) == 1
    assert stats.pair_index(1.0, 0.0) == 2 and stats.pair_index(0.5, 0.5) == 2
    assert stats.pair_index(1.0, 0.5) == 3
    assert stats.pair_index(1.0, 1.0) == 4


class _Args:
    tc, nodes, timemargin, max_plies = "8+0.08", None, 0, 600
    resign_moves, resign_score = 2, 1000
    draw_movenumber, draw_moves, draw_score = 40, 2, 10


def test_adjudication_rules():
    st = games.Settings(_Args())
    assert games.adjudicate([1200, 1100, 1500], 30, st) is None  # 3 plies < 2 * 2
    assert games.adjudicate([1200, 1100, 1500, 1000], 30, st)[0] == "1-0"
    assert games.adjudicate([-1200, -1100, -1500, -100000], 30, st)[0] == "0-1"
    assert games.adjudicate([1200, 999, 1500, 1000], 30, st) is None
    assert games.adjudicate([1200, None, 1500, 1000], 30, st) is None
    assert games.adjudicate([0, 5, -10, 3], 39, st) is None  # before move 40
    assert games.adjudicate([0, 5, -10, 3], 40, st)[0] == "1/2-1/2"
    assert games.adjudicate([0, 5, -11, 3], 40, st) is None


def test_parse_spec():
    s = engines.parse_spec("stockfish2400,name=sf", {})
    assert s.cmd == ["stockfish"] and s.options["UCI_Elo"] == 2400 and s.label() == "sf"
    s = engines.parse_spec("phalanx", {})
    assert s.proto == "xboard"
    s = engines.parse_spec("cmd=/x/wt,opt.Hash=64,arg=--quiet,nodes=500", {})
    assert s.cmd == ["/x/wt", "--quiet"] and s.options == {"Hash": "64"} and s.nodes == 500
    s = engines.parse_spec("@base", {"base": "/tmp/wingtip-base"})
    assert s.cmd == ["/tmp/wingtip-base"] and s.label() == "base"
    for bad in ("", "name=x", "a,b", "cmd=x,proto=ucci", "x,nodes=0", "@nobuild", "x,colour=1"):
        with pytest.raises(engines.SpecError):
            engines.parse_spec(bad, {})


def test_two_games_end_to_end(tmp_path, wingtip):
    log, pgn = tmp_path / "log.md", tmp_path / "games.pgn"
    out = run("sprt", wingtip, wingtip, "--nodes", "2000", "--games", "2", "--max-plies", "60",
              "--log", log, "--pgn", pgn, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "result: stopped after 2 games" in out.stdout
    assert pgn.read_text().count("[Event ") == 2
    rows = [r for r in log.read_text().splitlines() if r.startswith("| 20")]
    assert len(rows) == 1 and "| 2 |" in rows[0] and "none |" in rows[0]


def test_node_budget_test_stops_at_the_books_distinct_games(tmp_path, wingtip):
    # A one-position book gives two distinct games at a node budget: the test stops there
    # instead of counting replays; rig.recount then finds nothing to drop.
    book = tmp_path / "book.epd"
    book.write_text(
        'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c0 "e2e4 e7e5"; id "t 1";\n')
    log, pgn = tmp_path / "log.md", tmp_path / "games.pgn"
    out = run("sprt", wingtip, wingtip, "--nodes", "1000", "--games", "6", "--max-plies", "40",
              "--book", book, "--log", log, "--pgn", pgn, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "1 openings give 2 distinct games" in out.stderr
    assert "stopped after 2 games (no decision), book exhausted" in out.stdout
    counted = run("recount", pgn, timeout=60)
    assert counted.returncode == 0, counted.stderr
    assert "first pair of each opening: 2 games" in counted.stdout
    assert "dropped 0 pairs" in counted.stdout
    # Continuing the test on a larger book plays only the opening not played yet.
    book.write_text(book.read_text() + 'rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - '
                    'c0 "d2d4 e7e5"; id "t 2";\n')
    pgn2 = tmp_path / "more.pgn"
    out = run("sprt", wingtip, wingtip, "--nodes", "1000", "--max-plies", "40", "--book", book,
              "--prior-pgn", pgn, "--log", log, "--pgn", pgn2, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "continuing from" in out.stderr and "1 openings not played yet" in out.stderr
    assert "stopped after 4 games (no decision), book exhausted" in out.stdout
    assert pgn2.read_text().count("[Event ") == 2 and '"t 2"' in pgn2.read_text()


def test_recount_keeps_the_first_pair_of_each_opening():
    win, loss, draw = "1-0", "0-1", "1/2-1/2"
    by_round = {
        1: ("o1", [("A", win, "m"), ("B", draw, "n")]),   # A: 1 + 0.5 -> WD (index 3)
        2: ("o2", [("A", loss, "m"), ("B", win, "n")]),   # A: 0 + 0 -> LL (index 0)
        3: ("o1", [("A", win, "m"), ("B", draw, "n")]),   # a copy of pair 1
        4: ("o2", [("A", draw, "x"), ("B", draw, "y")]),  # o2 again, a different game
        5: ("o3", [("A", win, "m")]),                     # unfinished: ignored
    }
    every, unique, dropped, copies = pairs.recount(by_round, "A")
    assert every == [1, 0, 1, 2, 0]
    assert unique == [1, 0, 0, 1, 0]
    assert (dropped, copies) == (2, 1)


def test_recount_reads_a_continued_tests_runs_apart(tmp_path):
    # A test continued with --prior-pgn appends a second run whose pairs are numbered
    # from 1 again: its pair 1 must not merge with the first run's pair 1.
    def game(round_, opening, white, black, result):
        return (f'[Event "t"]\n[White "{white}"]\n[Black "{black}"]\n[Round "{round_}"]\n'
                f'[Opening "{opening}"]\n[Result "{result}"]\n\n1. e4 e5 {result}\n\n')

    pgn = tmp_path / "both.pgn"
    pgn.write_text(
        game("1.1", "o1", "A", "B", "1-0") + game("1.2", "o1", "B", "A", "1-0")
        + game("2.1", "o2", "A", "B", "1-0") + game("2.2", "o2", "B", "A", "0-1")
        # the continuation: pair 1 again, on another opening
        + game("1.1", "o3", "A", "B", "1/2-1/2") + game("1.2", "o3", "B", "A", "1/2-1/2"))
    by_round = pairs.read_pairs(str(pgn))
    assert len(by_round) == 3
    assert sorted(o for o, _ in by_round.values()) == ["o1", "o2", "o3"]
    assert all(len(played) == 2 for _, played in by_round.values())
    every, unique, dropped, copies = pairs.recount(by_round, "A")
    # A's pairs: o1 1+0 (index 2), o2 1+1 (index 4), o3 0.5+0.5 (index 2)
    assert every == unique == [0, 0, 2, 0, 1]
    assert (dropped, copies) == (0, 0)
