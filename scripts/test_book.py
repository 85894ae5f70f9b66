"""Tests of scripts/book.py's --extend mode (needs Debian's stockfish; run with pytest)."""

import os
import shutil
import subprocess
import sys

import chess
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOK = os.path.join(ROOT, "scripts", "book.py")
STOCKFISH = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")

BASE = (
    'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c0 "e2e4 e7e5"; id "b 1";\n'
    'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - c0 "d2d4 d7d5"; id "b 2";\n'
)


@pytest.mark.skipif(STOCKFISH is None, reason="needs stockfish")
def test_extend_adds_two_picked_plies_to_book_lines(tmp_path):
    base, out = tmp_path / "base.epd", tmp_path / "out.epd"
    base.write_text(BASE)
    run = subprocess.run(
        [sys.executable, BOOK, "--extend", str(base), "--extra-plies", "2", "--count", "3",
         "--seed", "5", "--depth", "6", "--pick-depth", "4", "--window", "300",
         "--stockfish", STOCKFISH, "--id-prefix", "ext", "--out", str(out), "--quiet"],
        capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    bases = [line.split('c0 "')[1].split('"')[0].split() for line in BASE.splitlines()]
    seen = set()
    lines = out.read_text().splitlines()
    assert len(lines) == 3
    for number, text in enumerate(lines, 1):
        board, ops = chess.Board.from_epd(text)
        moves = ops["c0"].split()
        assert moves[:2] in bases and len(moves) == 4, moves
        replay = chess.Board()
        for m in moves:
            replay.push_uci(m)
        assert replay.epd() == board.epd()
        assert abs(ops["ce"]) <= 300 and ops["acd"] == 6
        assert ops["id"] == f"ext {number}"
        assert board.epd() not in seen
        seen.add(board.epd())


def test_extend_names_the_bad_line(tmp_path):
    base = tmp_path / "bad.epd"
    base.write_text(BASE + 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "no line";\n')
    run = subprocess.run(
        [sys.executable, BOOK, "--extend", str(base), "--count", "1", "--stockfish",
         "no-such-engine", "--out", str(tmp_path / "out.epd")],
        capture_output=True, text=True, timeout=60)
    assert run.returncode != 0
    assert f"{base}:3: not a book line with a c0 move list" in run.stderr
