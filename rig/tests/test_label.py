"""Tests of the relabelling command (rig/label.py): scores turned to White's point of
view, mate and out-of-range scores dropped, results and game numbers kept, chunks resumed.

A fake UCI engine (written by the test) answers every `go` with a score chosen from the FEN,
so the expected output is known exactly and no real engine is needed.

Run: python3 -m pytest -q rig/tests/test_label.py
"""

import os
import stat
import sys

from rig.tests import run

# Scores from the side to move's view, by the halfmove clock of the FEN (field 5):
# 0 -> cp 120, 1 -> cp -30, 2 -> mate 3, 3 -> cp 5000 (beyond --max-score).
FAKE = r'''#!/usr/bin/env python3
import sys
fen = ""
calls = 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name fake\nuciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position":
        fen = " ".join(words[2:8])
    elif words[0] == "go":
        calls += 1
        with open(sys.argv[1], "a") as log:
            log.write(fen + "\n")
        clock = int(fen.split()[4])
        score = {0: "cp 120", 1: "cp -30", 2: "mate 3", 3: "cp 5000"}[clock]
        print(f"info depth 1 score cp 0 pv e2e4", flush=True)
        print(f"info depth 2 score {score} pv e2e4", flush=True)
        print("bestmove e2e4", flush=True)
    elif words[0] == "quit":
        break
'''

ROWS = [
    ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "1.0", 7),   # cp 120, White to move -> 120
    ("4k3/8/8/8/8/8/8/4K2R b K - 0 1", "1.0", 7),   # cp 120, Black to move -> -120
    ("4k3/8/8/8/8/8/8/4K2R b K - 1 1", "0.5", 8),   # cp -30, Black to move -> 30
    ("4k3/8/8/8/8/8/8/4K2R w K - 2 1", "0.0", 9),   # mate: dropped
    ("4k3/8/8/8/8/8/8/4K2R w K - 3 1", "0.0", 9),   # beyond --max-score: dropped
]


def setup(tmp_path):
    engine = tmp_path / "fake_engine.py"
    log = tmp_path / "calls.log"
    engine.write_text(FAKE)
    wrapper = tmp_path / "fake"
    wrapper.write_text(f"#!/bin/sh\nexec {sys.executable} {engine} {log}\n")
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    data = tmp_path / "in.txt"
    data.write_text("# a comment line\n" + "".join(f"{fen} | {r} | 17 | {g}\n" for fen, r, g in ROWS))
    return wrapper, log, data


def label(wrapper, data, out, *extra):
    return run("label", "--in", data, "--out", out, "--engine", wrapper, "--chunk", "2", *extra,
               timeout=60)


def test_scores_turn_to_whites_view_and_mates_are_dropped(tmp_path):
    wrapper, log, data = setup(tmp_path)
    out = tmp_path / "out.txt"
    proc = label(wrapper, data, out, "--concurrency", "2")
    assert proc.returncode == 0, proc.stderr
    lines = [l for l in out.read_text().splitlines() if not l.startswith("#")]
    assert lines == [
        f"{ROWS[0][0]} | 1.0 | 120 | 7",
        f"{ROWS[1][0]} | 1.0 | -120 | 7",
        f"{ROWS[2][0]} | 0.5 | 30 | 8",
    ]
    assert "wrote 3 of 5 positions" in proc.stderr


def test_a_rerun_skips_finished_chunks(tmp_path):
    wrapper, log, data = setup(tmp_path)
    out = tmp_path / "out.txt"
    assert label(wrapper, data, out).returncode == 0
    first = out.read_text()
    assert len(log.read_text().splitlines()) == 5
    # Lose the second chunk (positions 3 and 4): only those two are searched again.
    os.remove(tmp_path / "out.txt.chunks" / "1.txt")
    assert label(wrapper, data, out).returncode == 0
    assert len(log.read_text().splitlines()) == 7
    assert out.read_text() == first


def test_a_malformed_line_is_named(tmp_path):
    data = tmp_path / "bad.txt"
    data.write_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1 | 1.0\n")
    proc = run("label", "--in", data, "--out", tmp_path / "o", "--engine", "/nonexistent",
               timeout=30)
    assert proc.returncode != 0
    assert "bad.txt:1:" in proc.stderr and "2 field(s)" in proc.stderr


def test_games_are_read_from_a_pgn(tmp_path):
    # Halfmove clocks 0, 0, 1, 2 after 1. e4, 1... e5, 2. Nf3, 2... Nc6: the fake engine
    # answers cp 120, cp 120, cp -30 and a mate (dropped). The start position is before
    # --from-ply 1, the position after 3. Bb5 ends the game (no move from it), and the
    # unfinished second game is left out.
    wrapper, log, _ = setup(tmp_path)
    pgn = tmp_path / "games.pgn"
    pgn.write_text('[Result "1/2-1/2"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1/2-1/2\n\n'
                   '[Result "*"]\n\n1. d4 *\n')
    out = tmp_path / "out.txt"
    proc = label(wrapper, pgn, out, "--first-game", "40", "--from-ply", "1")
    assert proc.returncode == 0, proc.stderr
    lines = [l for l in out.read_text().splitlines() if not l.startswith("#")]
    assert lines == [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 0.5 | -120 | 40",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 0.5 | 120 | 40",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | 0.5 | 30 | 40",
    ]
    assert "wrote 3 of 4 positions" in proc.stderr


def test_a_pgn_without_a_finished_game_is_an_error(tmp_path):
    wrapper, _, _ = setup(tmp_path)
    pgn = tmp_path / "games.pgn"
    pgn.write_text('[Result "*"]\n\n1. d4 *\n')
    proc = label(wrapper, pgn, tmp_path / "out.txt")
    assert proc.returncode != 0
    assert proc.stderr.strip() == f"{pgn}: no position of a finished game"
