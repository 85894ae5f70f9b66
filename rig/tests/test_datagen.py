"""Tests of the self-play data generator (rig/datagen.py): output format, the quiet
filter, resuming after an interrupted write, and determinism.

Run: python3 -m pytest -q rig/tests/test_datagen.py   (needs target/release/wingtip)
"""

import chess

from rig.tests import run


def generate(engine, out, games, *extra):
    proc = run("datagen", "--engine", engine, "--games", games, "--nodes", "1500", "--out", out,
               "--no-progress", *extra, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stderr


def games_in(path):
    return sorted(int(line.split()[2]) for line in path.read_text().splitlines()
                  if line.startswith("# game "))


def test_format_resume_and_determinism(tmp_path, wingtip):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    generate(wingtip, a, 2)
    assert games_in(a) == [0, 1]
    # An interrupted write: a position line and half a line after the last marker.
    with open(a, "a") as f:
        f.write("8/8/8/8/8/8/8/K6k w - - 0 1 | 0.5 | 0 | 2\nrnbqk")
    err = generate(wingtip, a, 3)
    assert "cut" in err and "2 games already" in err
    assert games_in(a) == [0, 1, 2]
    generate(wingtip, b, 3, "--concurrency", "2")
    assert sorted(a.read_text().splitlines()) == sorted(b.read_text().splitlines())

    positions = 0
    for line in a.read_text().splitlines():
        if line.startswith("#"):
            continue
        fen, result, score, game = (field.strip() for field in line.split("|"))
        board = chess.Board(fen)
        assert board.is_valid() and not board.is_check()
        assert result in ("1.0", "0.5", "0.0") and abs(int(score)) <= 2000
        assert int(game) in (0, 1, 2)
        positions += 1
    assert positions > 20
    # Each game's marker counts its positions and the results agree with the marker.
    for line in a.read_text().splitlines():
        if line.startswith("# game "):
            parts = line.split()
            number, result, count = int(parts[2]), parts[4], int(parts[-1])
            mine = [x for x in a.read_text().splitlines()
                    if not x.startswith("#") and x.endswith(f"| {number}")]
            assert len(mine) == count
            value = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}[result]
            assert all(f"| {value} |" in x for x in mine)
