#!/usr/bin/env bash
# Perft speed of wingtip's move generator with each slider attack backend.
#
# The generator's backend is the target's default unless the build sets
# --cfg wingtip_backend="<name>" (wingtip/src/attacks.rs). Each backend gets its own
# target dir under ${CARGO_TARGET_DIR:-target}/backends. Every backend of a flag set is
# built first; then each round runs `wingtip perft` on the six CPW positions with every
# backend in turn (position by position, the backends alternated), RUNS rounds
# (default 5), so a slow spell of a shared host falls on all backends alike. The
# median user CPU time of each cell gives Mnps (CPU time, because the machines we
# measure on are shared), and the last column is the geometric mean over the six
# positions of the cell's time against the first backend's in the list.
#
# "default" is the build the workspace ships on x86-64 (x86-64-v2, as .cargo/config.toml
# sets: RUSTFLAGS replaces that file's flags, so the script repeats them); "native"
# targets this CPU.
#
# Usage: measure/perft-backends.sh [default|native]...   (default: both)
# Environment: RUNS=5 rounds; BACKENDS="…" to measure only some (first one = reference).
set -euo pipefail
cd "$(dirname "$0")/.."
base="${CARGO_TARGET_DIR:-target}/backends"
runs="${RUNS:-5}"
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
median() { printf '%s\n' $1 | sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }
scratch="$(mktemp)"
trap 'rm -f "$scratch"' EXIT
TIMEFORMAT=%U
for flags in "${flagsets[@]}"; do
  case "$flags" in
    default) extra="-C target-cpu=x86-64-v2"; backends="${BACKENDS:-fixed compact plain kindergarten classical}" ;;
    native) extra="-C target-cpu=native"; backends="${BACKENDS:-pext fixed compact plain kindergarten classical}" ;;
    *) echo "perft-backends: error: unknown flag set $flags (default|native)" >&2; exit 2 ;;
  esac
  read -r -a list <<<"$backends"
  for b in "${list[@]}"; do
    RUSTFLAGS="$extra --cfg wingtip_backend=\"$b\"" CARGO_TARGET_DIR="$base/$flags-$b" \
      cargo build -q --release --bin wingtip
  done
  declare -A times=() nodes=()
  for _ in $(seq "$runs"); do
    for p in "${positions[@]}"; do
      IFS='|' read -r name depth fen <<<"$p"
      for b in "${list[@]}"; do
        t=$( { time "$base/$flags-$b/release/wingtip" perft "$depth" --fen "$fen" >"$scratch" 2>/dev/null; } 2>&1 )
        n=$(sed -n 's/^Nodes searched: //p' "$scratch")
        if [[ -n "${nodes[$name]:-}" && "${nodes[$name]}" != "$n" ]]; then
          echo "perft-backends: error: $b counts $n nodes on $name, another backend ${nodes[$name]}" >&2
          exit 1
        fi
        nodes[$name]=$n
        times[$b.$name]+="$t "
      done
    done
  done
  echo "flags=$flags, Mnps on ${positions[*]%%|*}; median of $runs rounds, backends alternated"
  for b in "${list[@]}"; do
    line="  $b:"
    logsum=0
    for p in "${positions[@]}"; do
      name="${p%%|*}"
      t=$(median "${times[$b.$name]}")
      ref=$(median "${times[${list[0]}.$name]}")
      line+=" $name $(awk -v n="${nodes[$name]}" -v t="$t" 'BEGIN { printf "%.0f", n / t / 1e6 }')"
      logsum=$(awk -v s="$logsum" -v a="$t" -v r="$ref" 'BEGIN { printf "%.9f", s + log(a / r) }')
    done
    echo "$line; time against ${list[0]}: $(awk -v s="$logsum" -v k="${#positions[@]}" 'BEGIN { printf "%.3f", exp(s / k) }')"
  done
  unset times nodes
done
