#!/usr/bin/env bash
# Builds `wingtip` once per slider backend (--cfg wingtip_backend="<name>") and runs
# the perft suites through each build (engine/tests/perft_suite.py), so a backend is
# tested through the move generator, board, eval and search that use it, not only
# through the table cross-checks. `pext` is included when the CPU has BMI2.
#
# Usage: engine/tests/backends-perft.sh [max-nodes]   (default 2,000,000 per entry)
set -euo pipefail
cd "$(dirname "$0")/../.."
max="${1:-2000000}"
backends=(plain compact fixed kindergarten classical)
grep -qw bmi2 /proc/cpuinfo && backends+=(pext)
for b in "${backends[@]}"; do
  flags="--cfg wingtip_backend=\"$b\""
  [ "$b" = pext ] && flags="$flags -C target-feature=+bmi2"
  dir="${CARGO_TARGET_DIR:-target}/backend-$b"
  RUSTFLAGS="$flags" CARGO_TARGET_DIR="$dir" cargo build -q --release --bin wingtip
  used=$("$dir/release/wingtip" tables | sed -n 's/^slider backend: //p')
  if [ "$used" != "$b" ]; then
    echo "backend $b: the build reports '$used'" >&2
    exit 1
  fi
  echo "backend $b:"
  python3 engine/tests/perft_suite.py "$dir/release/wingtip" --max-nodes "$max"
done
