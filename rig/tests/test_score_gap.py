"""Tests of rig/score_gap.py (need Debian's stockfish as the reference; run with pytest)."""

import re

from rig.tests import run

# Scores are from the mover's point of view, as rig/sprt.py writes them. Game 1:
# "eng" (White) claims +4.00 at the start, then +0.20 after 1. e4 e5: far too
# optimistic, then about right. Game 2: "eng" (Black) is a knight up and claims -2.00:
# far too pessimistic. The reference's scores are never read from the PGN.
PGN = """[White "eng"]
[Black "ref"]
[Result "1-0"]

1. e4 { +4.00/10 0.1s } 1... e5 { -9.00/12 0.1s } 2. Nf3 { +0.20/10 0.1s }
2... Nc6 { -9.00/12 0.1s } 1-0

[White "ref"]
[Black "eng"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"]

1. Nc3 { +9.00/12 0.1s } 1... Nc6 { -2.00/10 0.1s } 1/2-1/2
"""


def gap(tmp_path, *args):
    pgn = tmp_path / "games.pgn"
    pgn.write_text(PGN)
    return run("score_gap", pgn, *args, timeout=120)


def mean_of(text, label):
    m = re.search(rf"{label}: (\d+) positions, mean gap ([+-]\d+) cp", text)
    assert m, text
    return int(m.group(1)), int(m.group(2))


def test_the_engine_s_scores_are_compared_with_the_reference_s_on_the_same_positions(
        tmp_path, stockfish):
    r = gap(tmp_path, "eng", "--from-ply", "0", "--depth", "8", "--cap", "1500",
            "--reference", stockfish)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("2 games of eng")
    assert mean_of(r.stdout, "all")[0] == 3
    # The win holds the +4.00 (about +3.7 over the truth) and the +0.20 (about right).
    n, wins = mean_of(r.stdout, "wins")
    assert n == 2 and 120 < wins < 250, r.stdout
    # The draw: a knight up (about +3) but claiming -2.00.
    n, draws = mean_of(r.stdout, "draws")
    assert n == 1 and draws < -350, r.stdout


def test_every_and_the_ply_range_select_positions(tmp_path, stockfish):
    r = gap(tmp_path, "eng", "--from-ply", "0", "--every", "2", "--depth", "6",
            "--cap", "1500", "--reference", stockfish)
    assert r.returncode == 0, r.stderr
    # Game 1's first position (its second is skipped) and game 2's only one.
    assert mean_of(r.stdout, "all")[0] == 2
    r = gap(tmp_path, "eng", "--from-ply", "1", "--depth", "6", "--cap", "1500",
            "--reference", stockfish)
    assert mean_of(r.stdout, "all")[0] == 2  # the start position (ply 0) is left out
    # With the default cap (500 cp) the knight-up position's reference score is too
    # large, and that position is skipped.
    r = gap(tmp_path, "eng", "--from-ply", "0", "--depth", "6", "--reference", stockfish)
    assert mean_of(r.stdout, "all")[0] == 2


def test_bad_input_is_a_one_line_error(tmp_path):
    r = gap(tmp_path, "nobody")
    assert r.returncode != 0
    assert r.stderr.strip() == f"score_gap.py: no game of 'nobody' in {tmp_path / 'games.pgn'}"
    r = gap(tmp_path, "eng", "--reference", "no-such-engine-here")
    assert r.returncode != 0
    assert r.stderr.strip() == "score_gap.py: reference engine not found: no-such-engine-here"
    r = run("score_gap", tmp_path / "none.pgn", "eng", timeout=60)
    assert r.returncode != 0 and "none.pgn" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
