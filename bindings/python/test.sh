#!/usr/bin/env bash
# The Python wheel end to end: makes a fresh virtual environment in a temporary
# folder, installs maturin, NumPy, python-chess and pytest into it, builds the wheel
# (release), checks its size (at most 1.5 MiB), installs it and runs the pytest suite
# in tests/ against the installed package. Fails on any failed, skipped or xfailed
# test. Needs CPython 3.9+ with venv (Debian: python3-venv) and a Rust toolchain.
#   bash bindings/python/test.sh                # PYTHON=python3.13 to pick another interpreter
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! "$python" -m venv "$work/venv" 2>"$work/venv.err"; then
  # Debian's python3 ships venv separately; root (as in CI) can install it.
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "--- $python -m venv failed; installing Debian's python3-venv"
    apt-get install -y -qq python3-venv >/dev/null
    rm -rf "$work/venv"
    "$python" -m venv "$work/venv"
  else
    cat "$work/venv.err" >&2
    echo "error: $python -m venv failed (on Debian: apt-get install python3-venv)" >&2
    exit 1
  fi
fi
venv="$work/venv/bin"
echo "--- $("$venv/python" --version): installing maturin, numpy, chess, pytest"
"$venv/python" -m pip install --quiet --disable-pip-version-check maturin numpy chess pytest

echo "--- building the wheel (release)"
"$venv/maturin" build --release --manifest-path "$here/Cargo.toml" --out "$work/wheels"
wheel=$(ls "$work"/wheels/wingtip-*.whl)
size=$(stat -c %s "$wheel")
limit=$((3 * 1024 * 1024 / 2))
awk -v s="$size" -v l="$limit" -v n="$(basename "$wheel")" \
  'BEGIN { printf "wheel %s: %d bytes (%.2f MiB), limit %d bytes (1.5 MiB)\n", n, s, s / 1048576, l }'
if [ "$size" -gt "$limit" ]; then
  echo "error: the wheel is larger than 1.5 MiB" >&2
  exit 1
fi
"$venv/python" -m pip install --quiet --disable-pip-version-check "$wheel"

echo "--- pytest"
# From the temporary folder, so that `import wingtip` finds the installed wheel and
# not the sources.
cd "$work"
set +e
"$venv/python" -m pytest -p no:cacheprovider -rsxX --strict-markers "$here/tests" 2>&1 | tee "$work/pytest.log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
summary=$(tail -n 1 "$work/pytest.log")
if echo "$summary" | grep -Eq 'skipped|xfailed|xpassed|deselected|no tests ran'; then
  echo "error: every test must run and pass: $summary" >&2
  exit 1
fi
