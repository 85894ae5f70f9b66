"""Tests of the stream pooler (rig/pool.py): the last pair line of each stream's output
counts, the streams' pentanomial counts are summed, and the pooled LLR and Elo are the rig's
own statistics of the sum.

Run: python3 -m pytest -q rig/tests/test_pool.py
"""

from rig import pool, stats
from rig.tests import run


def stream(tmp_path, name, pentas):
    lines = ["x: a vs b, 3+0.03, up to 20000 games, SPRT ..."]
    for i, p in enumerate(pentas):
        lines.append(f"pair {i + 1} [book 1]: A white 1-0 (checkmate), A black 0-1 (checkmate) "
                     f"| 2 games +1 =0 -1 | Elo +0.0 ± 0.0 | LLR 0.00 [-2.94, 2.94] "
                     f"| penta [{', '.join(map(str, p))}]")
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_the_last_pair_line_counts(tmp_path):
    path = stream(tmp_path, "a.out", [[0, 0, 1, 0, 0], [3, 9, 40, 12, 4]])
    assert pool.last_penta(path) == [3, 9, 40, 12, 4]
    assert pool.last_penta(stream(tmp_path, "empty.out", [])) is None


def test_streams_are_summed_and_scored_by_the_rig(tmp_path):
    a = stream(tmp_path, "a.out", [[2, 10, 50, 20, 6]])
    b = stream(tmp_path, "b.out", [[1, 14, 44, 15, 2]])
    out = run("pool", a, b, check=True).stdout
    total = [3, 24, 94, 35, 8]
    llr = stats.llr_pentanomial(total, 0.0, 10.0)
    elo, lo, hi = stats.elo_interval(stats.PENTANOMIAL_VALUES, total)
    last = out.strip().splitlines()[-1]
    assert last.startswith(f"pooled: {2 * sum(total)} games, penta {total}")
    assert f"LLR {llr:.2f}" in last
    assert stats.fmt_elo(elo, lo, hi) in last
    assert last.endswith("running")


def test_a_missing_file_is_a_one_line_error(tmp_path):
    proc = run("pool", tmp_path / "nope.out")
    assert proc.returncode != 0
    assert "nope.out" in proc.stderr and "Traceback" not in proc.stderr
