"""Tests for rig/clocks.py: clocks replayed from a rig PGN."""

import io
import os
import subprocess

import chess.pgn

from rig import clocks
from rig.tests import run

GAMES = """[Event "t"]
[White "alpha"]
[Black "beta"]
[Result "0-1"]
[TimeControl "1+0.1"]
[Termination "time forfeit by alpha"]

1. e4 { +0.10/5 0.500s } 1... e5 { -0.10/5 0.200s } 2. Nf3 { 0.550s } 2... Nc6 { 0.300s } 0-1

[Event "t"]
[White "beta"]
[Black "alpha"]
[Result "1/2-1/2"]
[TimeControl "1+0.1"]
[Termination "adjudication"]

1. d4 { 0.100s } 1... d5 { 0.050s } 1/2-1/2

[Event "t"]
[White "beta"]
[Black "alpha"]
[Result "1/2-1/2"]
[TimeControl "-"]

1. c4 { 0.100s } 1/2-1/2
"""


def write(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(GAMES)
    return str(path)


def test_tc_parsing():
    assert clocks.parse_tc("3+0.03") == (3.0, 0.03)
    assert clocks.parse_tc("60") == (60.0, 0.0)
    assert clocks.parse_tc("-") is None
    assert clocks.parse_tc(None) is None


def test_clock_replay_and_forfeit():
    game = chess.pgn.read_game(io.StringIO(GAMES))
    sides = clocks.game_clocks(game)
    white, black = sides[chess.WHITE], sides[chess.BLACK]
    # White: 1.0 - 0.5 = 0.5 (+0.1) -> 0.6 - 0.55 = 0.05 (lowest) + 0.1 = 0.15.
    assert abs(white["lowest"] - 0.05) < 1e-9
    assert abs(white["clock"] - 0.15) < 1e-9
    # Black: 1.0 - 0.2 = 0.8 (+0.1) -> 0.9 - 0.3 = 0.6 (lowest) + 0.1 = 0.7.
    assert abs(black["lowest"] - 0.6) < 1e-9
    # After 2... Nc6 White is to move: White lost on time.
    assert white["forfeit"] and not black["forfeit"]
    assert [n for n, _ in white["moves"]] == [1, 2]


def test_report_per_engine(tmp_path):
    out = io.StringIO()
    summary = clocks.report([write(tmp_path)], out=out)
    # The node-budget game is skipped: two timed games per engine.
    assert summary["alpha"]["games"] == 2 and summary["beta"]["games"] == 2
    assert summary["alpha"]["forfeits"] == 1 and summary["beta"]["forfeits"] == 0
    assert summary["alpha"]["moves"] == 3
    # alpha's lowest clocks: 0.05 (game 1) and 0.95 (game 2, 1.0 - 0.05).
    assert abs(summary["alpha"]["lowest_median"] - 0.5) < 1e-9
    assert summary["alpha"]["below"][0.1] == 1  # 0.05 < 0.1 s
    assert abs(summary["alpha"]["per_bucket"][(1, 10)] - (0.5 + 0.55 + 0.05) / 3) < 1e-9
    assert "alpha: 2 games, 3 moves, 1 time forfeit(s)" in out.getvalue()


def test_no_timed_games_is_an_error(tmp_path, capsys):
    path = tmp_path / "nodes.pgn"
    path.write_text('[White "a"]\n[Black "b"]\n[TimeControl "-"]\n\n1. e4 { 0.1s } *\n')
    assert clocks.main([str(path)]) == 1
    assert "no timed games" in capsys.readouterr().err
    assert clocks.main([str(tmp_path / "missing.pgn")]) == 2


def test_mixed_time_controls_are_refused(tmp_path, capsys):
    first = write(tmp_path)
    other = tmp_path / "other.pgn"
    other.write_text(GAMES.replace('"1+0.1"', '"10+0.1"'))
    assert clocks.main([first, str(other)]) == 2
    err = capsys.readouterr().err
    assert "other.pgn" in err and "10+0.1" in err and "1+0.1" in err
    # One control alone is still reported.
    assert clocks.main([str(other)]) == 0


def test_closed_reader_is_not_an_error(tmp_path):
    """`python3 -m rig.clocks … | head` closing the pipe early: no traceback, no "cannot
    read"."""
    path = write(tmp_path)
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write to the pipe now fails with EPIPE
    proc = run("clocks", path, stdout=write_end, stderr=subprocess.PIPE, check=False)
    os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == 0
