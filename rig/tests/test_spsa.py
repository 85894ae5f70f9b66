"""Unit tests of rig/spsa.py's parameter parsing and SPSA arithmetic (pytest)."""

import random

import pytest

from rig import paths, spsa

LINES = """
# comment
RfpMargin, int, 85, 40, 150, 8, 0.002
LmpBase, int, 3, 1, 8, 0.5, 0.002
"""


def test_parses_openbench_lines():
    params = spsa.parse_params(LINES)
    assert [p.name for p in params] == ["RfpMargin", "LmpBase"]
    assert (params[0].default, params[0].lo, params[0].hi) == (85, 40, 150)
    assert params[1].line() == "LmpBase, int, 3, 1, 8, 0.5, 0.002"


@pytest.mark.parametrize("text, needle", [
    ("A, int, 1, 0, 2, 1", "7 fields"),
    ("A, float, 1, 0, 2, 1, 0.002", "only int"),
    ("A, int, x, 0, 2, 1, 0.002", "not a number"),
    ("A, int, 5, 0, 2, 1, 0.002", "outside"),
    ("A, int, 1, 0, 2, 0, 0.002", "positive"),
    ("A, int, 1, 0, 2, 1, 0.002\nA, int, 1, 0, 2, 1, 0.002", "twice"),
    ("# only a comment", "no parameters"),
])
def test_bad_lines_name_the_problem(text, needle):
    with pytest.raises(ValueError, match=needle):
        spsa.parse_params(text, "p.txt")


def test_bad_line_number_is_reported():
    with pytest.raises(ValueError, match=r"p\.txt:3:"):
        spsa.parse_params("A, int, 1, 0, 2, 1, 0.002\n\nB, int, 1\n", "p.txt")


def test_gains_reach_c_end_and_r_end_at_the_last_iteration():
    params = spsa.parse_params(LINES)
    n = 10000
    s = spsa.Schedule(params, n)
    for i, p in enumerate(params):
        # c_k at k = n - 1 is c_end; a_k / c_k^2 there is r_end (up to A's 1 / n shift).
        assert s.c_k(i, n - 1) == pytest.approx(p.c_end)
        assert s.a_k(i, n - 1) / s.c_k(i, n - 1) ** 2 == pytest.approx(p.r_end)
        # Both decay: larger steps early on.
        assert s.c_k(i, 0) > s.c_k(i, n // 2) > s.c_k(i, n - 1)
        assert s.a_k(i, 0) > s.a_k(i, n - 1)


def test_update_moves_towards_the_winning_side_and_clamps():
    params = spsa.parse_params(LINES)
    s = spsa.Schedule(params, 1000)
    theta = [p.default for p in params]
    delta, plus, minus = s.perturb(theta, 0, random.Random(3))
    for i in range(len(params)):
        assert plus[i] - theta[i] == pytest.approx(-(minus[i] - theta[i]))
    won = s.update(theta, 0, delta, 2)  # theta+ won both games
    lost = s.update(theta, 0, delta, -2)
    for i in range(len(params)):
        assert (won[i] - theta[i]) * delta[i] > 0
        assert (lost[i] - theta[i]) * delta[i] < 0
    assert s.update(theta, 0, delta, 0) == theta
    # A huge result cannot leave [MIN, MAX].
    far = s.update(theta, 0, delta, 10**9)
    assert all(p.lo <= v <= p.hi for p, v in zip(params, far))


def test_state_round_trips_and_refuses_another_run(tmp_path):
    params = spsa.parse_params(LINES)
    path = str(tmp_path / "state.json")
    assert spsa.load_state(path, params, 100) == (0, [85, 3])
    spsa.save_state(path, params, 100, 7, [90.5, 2.5])
    assert spsa.load_state(path, params, 100) == (7, [90.5, 2.5])
    with pytest.raises(SystemExit, match="another run"):
        spsa.load_state(path, params, 200)
    with open(path, "w") as f:
        f.write("{not json")
    with pytest.raises(SystemExit, match="cannot resume"):
        spsa.load_state(path, params, 100)


def test_the_engines_parameter_file_parses():
    # engine/spsa_params.txt, the lines `rig.spsa --params` and OpenBench take (its names
    # and defaults are checked against the search's tunables by engine/tests/spsa_params.rs).
    with open(f"{paths.ROOT}/engine/spsa_params.txt") as f:
        params = spsa.parse_params(f.read(), "engine/spsa_params.txt")
    assert params and all(p.lo <= p.default <= p.hi for p in params)
