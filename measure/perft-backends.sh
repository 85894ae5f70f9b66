#!/usr/bin/env bash
# Perft speed of wingtip's move generator with each slider attack backend.
#
# The generator's backend is the target's default unless the build sets
# --cfg wingtip_backend="<name>" (wingtip/src/attacks.rs). Each backend gets its own
# target dir under ${CARGO_TARGET_DIR:-target}/backends; `wingtip perft` runs the six CPW
# positions RUNS times (default 3) and the median user CPU time gives Mnps (CPU time,
# because the machines we measure on are shared).
#
# "default" is the build the workspace ships on x86-64 (x86-64-v2, as .cargo/config.toml
# sets: RUSTFLAGS replaces that file's flags, so the script repeats them); "native"
# targets this CPU.
#
# Usage: measure/perft-backends.sh [default|native]...   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
base="${CARGO_TARGET_DIR:-target}/backends"
runs="${RUNS:-3}"
flagsets=("$@")
[ ${#flagsets[@]} -eq 0 ] && flagsets=(default native)
positions=(
  "startpos|6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "kiwipete|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "pos3|7|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "pos4|5|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  "pos5|5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
  "pos6|5|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)
TIMEFORMAT=%U
for flags in "${flagsets[@]}"; do
  case "$flags" in
    default) extra="-C target-cpu=x86-64-v2"; backends="plain compact fixed kindergarten classical" ;;
    native) extra="-C target-cpu=native"; backends="pext plain compact fixed kindergarten classical" ;;
    *) echo "unknown flag set $flags (default|native)" >&2; exit 2 ;;
  esac
  for b in $backends; do
    dir="$base/$flags-$b"
    RUSTFLAGS="$extra --cfg wingtip_backend=\"$b\"" CARGO_TARGET_DIR="$dir" \
      cargo build -q --release --bin wingtip
    line="flags=$flags backend=$b:"
    for p in "${positions[@]}"; do
      IFS='|' read -r name depth fen <<<"$p"
      times=()
      for _ in $(seq "$runs"); do
        t=$( { time "$dir/release/wingtip" perft "$depth" --fen "$fen" >/tmp/perft-backends.$$ 2>/dev/null; } 2>&1 )
        nodes=$(sed -n 's/^Nodes searched: //p' /tmp/perft-backends.$$)
        times+=("$t")
      done
      median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
      line+=" $name $(awk -v n="$nodes" -v t="$median" 'BEGIN { printf "%.0f", n / t / 1e6 }')"
    done
    echo "$line Mnps"
  done
done
rm -f /tmp/perft-backends.$$
