#!/usr/bin/env bash
# Builds the Cortex-M4 firmware (embedded/) in release and runs it on QEMU's
# mps2-an386 board: CPW perft counts, a fixed-depth search, RAM use. Fails when the
# firmware exits non-zero (a wrong count, a failed check, a panic), when QEMU does
# not finish within the timeout, or when the firmware's RAM use (statics + stack
# high-water mark) is over the RAM budget.
#
# Usage: embedded/embedded.sh [--backend NAME] [--ram-budget BYTES] [--timeout SECONDS]
#   --backend NAME      build with --cfg wingtip_backend="NAME" (default: none set)
#   --ram-budget BYTES  RAM allowed besides the hash table (default 65536)
#   --timeout SECONDS   QEMU wall-clock limit (default 120)
# Needs qemu-system-arm and the thumbv7em-none-eabihf target (.ci/run installs both).
set -euo pipefail
cd "$(dirname "$0")/.."
# The embedder's builds leave the evaluation network out (wingtip/src/eval/none.bin, all
# zeros: no weights linked, no per-ply accumulators); set WINGTIP_NET to build one in
# (a path from the wingtip crate's folder, wingtip/).
export WINGTIP_NET="${WINGTIP_NET-src/eval/none.bin}"
backend=""
ram_budget=65536
timeout_s=120
while [ $# -gt 0 ]; do
  case "$1" in
    --backend) backend="$2"; shift 2 ;;
    --ram-budget) ram_budget="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    *) echo "embedded.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

target=thumbv7em-none-eabihf
flags="${RUSTFLAGS:-}"
dir="embedded/target"
if [ -n "$backend" ]; then
  flags="$flags --cfg wingtip_backend=\"$backend\""
  dir="embedded/target/backend-$backend"
fi
RUSTFLAGS="$flags" CARGO_TARGET_DIR="$dir" \
  cargo build -q --release --manifest-path embedded/Cargo.toml --target "$target"
elf="$dir/$target/release/wingtip-firmware"
log="$dir/qemu.log"

status=0
timeout "$timeout_s" qemu-system-arm -machine mps2-an386 -cpu cortex-m4 -nographic \
  -semihosting-config enable=on,target=native -kernel "$elf" </dev/null | tee "$log" || status=$?
# stdin is /dev/null: -nographic puts QEMU's monitor on stdio, and QEMU refuses to
# start when stdin is closed (as it may be in CI). With pipefail the status is
# QEMU's (timeout's 124 when it ran too long): tee's is 0.
if [ "$status" -ne 0 ]; then
  echo "embedded.sh: firmware run failed (exit $status; 124 = timeout)" >&2
  exit 1
fi
grep -qx "result ok" "$log" || { echo "embedded.sh: no 'result ok' line" >&2; exit 1; }

total=$(sed -n 's/^ram statics [0-9]* stack-peak [0-9]* total \([0-9]*\) .*/\1/p' "$log")
if [ -z "$total" ]; then
  echo "embedded.sh: no ram line in the firmware's output" >&2
  exit 1
fi
if [ "$total" -gt "$ram_budget" ]; then
  echo "embedded.sh: RAM besides the hash table is $total bytes, over the budget of $ram_budget" >&2
  exit 1
fi
echo "embedded.sh: ok (RAM besides the hash table $total of $ram_budget bytes)"
