"""Tests of rig/siblings.py: every legal non-checking child of each parent, one group
number per parent, parents in check skipped, bad input named with file and line.

Run: python3 -m pytest -q rig/tests/test_siblings.py
"""

import chess

from rig.tests import run


def siblings(tmp_path, lines, *extra):
    data = tmp_path / "in.txt"
    data.write_text("".join(l + "\n" for l in lines))
    out = tmp_path / "out.txt"
    proc = run("siblings", "--in", data, "--out", out, *extra)
    return proc, out


def test_children_grouped_by_parent(tmp_path):
    start = chess.STARTING_FEN
    check = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"  # White in check: skipped
    kq = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
    proc, out = siblings(tmp_path, ["# comment", f"{start} | 0.5 | 10 | 1", f"{check} | 0.0 | -900 | 2",
                               f"{kq} | 1.0 | 900 | 3"], "--parents", "3", "--first-group", "7")
    assert proc.returncode == 0, proc.stderr
    rows = [l.split(" | ") for l in out.read_text().splitlines()]
    by_group = {}
    for fen, result, score, group in rows:
        assert (result, score) == ("0.5", "0")
        by_group.setdefault(int(group), []).append(fen)
    assert len(by_group) == 2  # the parent in check has no group
    sizes = sorted(len(v) for v in by_group.values())
    # The start position: 20 children, none gives check. K+Q v K: every legal move that
    # does not give check.
    b = chess.Board(kq)
    quiet = 0
    for m in b.legal_moves:
        b.push(m)
        quiet += not b.is_check()
        b.pop()
    assert sizes == sorted([20, quiet])
    assert all(7 <= g < 10 for g in by_group)


def test_same_seed_same_output(tmp_path):
    lines = [f"{chess.STARTING_FEN} | 0.5 | 0 | {i}" for i in range(5)]
    lines[2] = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 0.5 | 0 | 2"
    _, a = siblings(tmp_path, lines, "--parents", "2", "--seed", "4")
    first = a.read_text()
    _, b = siblings(tmp_path, lines, "--parents", "2", "--seed", "4")
    assert b.read_text() == first


def test_bad_fen_names_file_and_line(tmp_path):
    proc, _ = siblings(tmp_path, ["# header", "not a fen | 0.5 | 0 | 1"], "--parents", "1")
    assert proc.returncode != 0
    assert "in.txt:2: bad FEN" in proc.stderr
