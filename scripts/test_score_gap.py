"""Tests of scripts/score_gap.py (run with pytest)."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAP = os.path.join(ROOT, "scripts", "score_gap.py")

# Two games of "eng" against "ref", scores from the mover's point of view as
# scripts/sprt.py writes them. Game 1, eng White: its scores +0.50 and +1.00, the
# reference's replies -0.20 and -0.60 (eng's view: +0.20, +0.60): gaps 30 and 40.
# Game 2, eng Black: it says +0.10 (its view) after 1. e4, the reference then says
# +0.40 (White's view, so -0.40 for eng): gap 50; a mate score is skipped.
PGN = """[White "eng"]
[Black "ref"]
[Result "0-1"]

1. e4 { +0.50/10 0.1s } 1... e5 { -0.20/12 0.1s } 2. Nf3 { +1.00/10 0.1s }
2... Nc6 { -0.60/12 0.1s } 0-1

[White "ref"]
[Black "eng"]
[Result "1/2-1/2"]

1. e4 { +0.30/12 0.1s } 1... c5 { +0.10/10 0.1s } 2. Nf3 { +0.40/12 0.1s }
2... d6 { #3/10 0.1s } 3. d4 { -0.10/12 0.1s } 1/2-1/2
"""


def run(tmp_path, *args):
    pgn = tmp_path / "games.pgn"
    pgn.write_text(PGN)
    return subprocess.run([sys.executable, GAP, str(pgn), *args],
                          capture_output=True, text=True, timeout=60)


def test_gaps_are_taken_from_the_engine_s_point_of_view(tmp_path):
    r = run(tmp_path, "eng", "--from-ply", "0")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("2 games of eng")
    # Gaps 30, 40 (game 1) and 50 (game 2): mean 40, all more optimistic.
    assert "all: 3 pairs, mean gap +40 cp, median +40 cp, more optimistic in 100 %" in lines[1]
    assert any(line.strip().startswith("losses: 2 pairs, mean gap +35 cp") for line in lines)
    assert any(line.strip().startswith("draws: 1 pairs, mean gap +50 cp") for line in lines)


def test_the_other_side_sees_the_opposite_gap(tmp_path):
    r = run(tmp_path, "ref", "--from-ply", "0")
    assert r.returncode == 0, r.stderr
    # Game 1, ref Black: its -0.20 against eng's next +1.00 (White's view, -100 for
    # ref): gap +80. Game 2, ref White: its +0.30 against eng's +0.10 (Black's view,
    # -10 for ref): gap +40; its +0.40 against eng's mate score: skipped.
    assert "all: 2 pairs, mean gap +60 cp" in r.stdout


def test_a_missing_engine_or_file_is_a_one_line_error(tmp_path):
    r = run(tmp_path, "nobody")
    assert r.returncode != 0 and r.stderr.strip() == f"score_gap.py: no game of 'nobody' in {tmp_path / 'games.pgn'}"
    r = subprocess.run([sys.executable, GAP, str(tmp_path / "none.pgn"), "eng"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "none.pgn" in r.stderr and len(r.stderr.strip().splitlines()) == 1
