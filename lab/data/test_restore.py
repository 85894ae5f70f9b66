"""Tests of lab/data/restore.py: run with `python3 -m pytest -q lab/data/test_restore.py`.

They restore a small file listed in the manifest from git history and check its
SHA-256 both against the manifest and against an independent `git show`; then
the failures: an unknown name, a checksum mismatch, a missing commit, git not
on PATH, and an existing file with other content, which must be left alone.
"""

import csv
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "restore.py"
MANIFEST = HERE / "MANIFEST.tsv"
REPO = HERE.parent.parent
SMALL = "spsa-state.json"


def manifest_rows(path=MANIFEST):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def row(name):
    matches = [r for r in manifest_rows() if r["name"] == name]
    assert len(matches) == 1, f"{name} should be listed once"
    return matches[0]


def write_manifest(path, rows):
    header = ["name", "path", "commit", "sha256", "bytes", "recipe"]
    lines = ["\t".join(header)] + ["\t".join(r[h] for h in header) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run(*args, env=None):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)],
                          capture_output=True, text=True, env=env, cwd=REPO)


def one_error_line(result, name):
    assert result.returncode == 1, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"restore.py: {name}: "), lines[0]
    assert "Traceback" not in result.stderr
    return lines[0]


def test_manifest_is_well_formed():
    rows = manifest_rows()
    assert len(rows) > 40
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names))
    for r in rows:
        assert len(r["commit"]) == 40 and len(r["sha256"]) == 64
        assert int(r["bytes"]) > 0
        assert r["recipe"].strip()
        # Plain, lower-case names without work-period tags such as "-s20" or "_s27".
        assert re.fullmatch(r"[a-z0-9][a-z0-9.-]*", r["name"]), r["name"]
        assert not re.search(r"(^|[-_])s\d+([-_.]|$)", r["name"]), r["name"]


def test_restores_a_small_file_with_the_right_checksum(tmp_path):
    r = row(SMALL)
    assert int(r["bytes"]) < 10_000, "pick a small file for this test"
    result = run(SMALL, "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    data = (tmp_path / SMALL).read_bytes()
    independent = subprocess.run(["git", "-C", str(REPO), "show", f"{r['commit']}:{r['path']}"],
                                 capture_output=True, check=True).stdout
    assert hashlib.sha256(data).hexdigest() == hashlib.sha256(independent).hexdigest()
    assert hashlib.sha256(data).hexdigest() == r["sha256"]
    assert len(data) == int(r["bytes"])
    # No temporary file is left behind.
    assert sorted(p.name for p in tmp_path.iterdir()) == [SMALL]
    # A second run finds it there and succeeds.
    again = run(SMALL, "--out", tmp_path)
    assert again.returncode == 0 and "already there" in again.stdout


def test_list_prints_every_name():
    result = run("--list")
    assert result.returncode == 0
    listed = [line.split("\t")[0] for line in result.stdout.splitlines()[1:]]
    assert listed == [r["name"] for r in manifest_rows()]


def test_unknown_name_is_an_error_and_restores_nothing(tmp_path):
    result = run(SMALL, "no-such-file.xz", "--out", tmp_path)
    line = one_error_line(result, "no-such-file.xz")
    assert "not in the manifest" in line
    assert list(tmp_path.iterdir()) == []


def test_checksum_mismatch_is_an_error_and_writes_nothing(tmp_path):
    r = dict(row(SMALL))
    r["sha256"] = "0" * 64
    manifest = write_manifest(tmp_path / "bad.tsv", [r])
    out = tmp_path / "out"
    result = run(SMALL, "--out", out, "--manifest", manifest)
    line = one_error_line(result, SMALL)
    assert "sha256" in line
    assert not (out / SMALL).exists()
    assert not out.exists() or list(out.iterdir()) == []


def test_size_mismatch_is_an_error(tmp_path):
    r = dict(row(SMALL))
    r["bytes"] = str(int(r["bytes"]) + 1)
    manifest = write_manifest(tmp_path / "bad.tsv", [r])
    result = run(SMALL, "--out", tmp_path / "out", "--manifest", manifest)
    assert "bytes" in one_error_line(result, SMALL)
    assert not (tmp_path / "out" / SMALL).exists()


def test_missing_commit_is_an_error(tmp_path):
    r = dict(row(SMALL))
    r["commit"] = "0123456789abcdef0123456789abcdef01234567"
    manifest = write_manifest(tmp_path / "gone.tsv", [r])
    result = run(SMALL, "--out", tmp_path / "out", "--manifest", manifest)
    line = one_error_line(result, SMALL)
    assert "not in this clone" in line
    assert not (tmp_path / "out" / SMALL).exists()


def test_git_missing_is_an_error(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path))  # an empty folder: no git
    result = run(SMALL, "--out", tmp_path / "out", env=env)
    assert "git not found" in one_error_line(result, SMALL)


def test_existing_different_file_is_not_overwritten(tmp_path):
    target = tmp_path / SMALL
    target.write_bytes(b"someone else's file\n")
    result = run(SMALL, "--out", tmp_path)
    line = one_error_line(result, SMALL)
    assert "different checksum" in line
    assert target.read_bytes() == b"someone else's file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [SMALL]


def test_bad_manifest_is_one_line(tmp_path):
    manifest = tmp_path / "m.tsv"
    manifest.write_text("name\tpath\n", encoding="utf-8")
    result = run(SMALL, "--manifest", manifest)
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_no_arguments_is_a_usage_error():
    result = run()
    assert result.returncode == 2 and "usage" in result.stderr


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
