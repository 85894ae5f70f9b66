"""Tests of rig/book.py's --extend mode (needs Debian's stockfish; run with pytest), and of
the committed books (rig/books/*.epd) the rig's commands read."""

import os

import chess
import pytest

from rig import openings, paths
from rig.tests import run

BASE = (
    'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c0 "e2e4 e7e5"; id "b 1";\n'
    'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - c0 "d2d4 d7d5"; id "b 2";\n'
)


def test_extend_adds_two_picked_plies_to_book_lines(tmp_path, stockfish):
    base, out = tmp_path / "base.epd", tmp_path / "out.epd"
    base.write_text(BASE)
    proc = run("book", "--extend", base, "--extra-plies", "2", "--count", "3", "--seed", "5",
               "--depth", "6", "--pick-depth", "4", "--window", "300", "--stockfish", stockfish,
               "--id-prefix", "ext", "--out", out, "--quiet", timeout=300)
    assert proc.returncode == 0, proc.stderr
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
    proc = run("book", "--extend", base, "--count", "1", "--stockfish", "no-such-engine",
               "--out", tmp_path / "out.epd", timeout=60)
    assert proc.returncode != 0
    assert f"{base}:3: not a book line with a c0 move list" in proc.stderr


@pytest.mark.parametrize("name", ["book.epd", "book_large.epd", "book_xl.epd"])
def test_the_committed_books_replay_their_lines(name):
    # Every position of the rig's books comes with the line that reaches it (c0), so a
    # game starts with its history (rig/openings.py).
    book = openings.read_book(os.path.join(paths.BOOKS, name))
    assert len(book) >= 400
    assert all(board.move_stack for board, _ in book)
    assert len({board.epd() for board, _ in book}) == len(book)
