#!/usr/bin/env bash
# Same-run perft speed of two wingtip binaries (e.g. before and after a change):
# runs `perft` on the six CPW positions with each binary in turn, interleaved
# (A B A B …), RUNS times (default 5), and prints per position the median user CPU
# time of each and the ratio B/A (CPU time, because the machines are shared).
#
# Usage: measure/perft-ab.sh <binary-A> <binary-B>
set -euo pipefail
a="$1"; b="$2"; runs="${RUNS:-5}"
positions=(
  "startpos|6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "kiwipete|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "pos3|7|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "pos4|5|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  "pos5|5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
  "pos6|5|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)
median() { sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
cpu() { /usr/bin/env TIMEFORMAT=%U bash -c 'time "$0" perft "$1" --fen "$2" >/dev/null 2>&1' "$@" 2>&1 | tail -1; }
total_a=0; total_b=0
for p in "${positions[@]}"; do
  IFS='|' read -r name depth fen <<<"$p"
  ta=(); tb=()
  for _ in $(seq "$runs"); do
    ta+=("$(cpu "$a" "$depth" "$fen")")
    tb+=("$(cpu "$b" "$depth" "$fen")")
  done
  ma=$(printf '%s\n' "${ta[@]}" | median); mb=$(printf '%s\n' "${tb[@]}" | median)
  total_a=$(echo "$total_a + $ma" | bc -l); total_b=$(echo "$total_b + $mb" | bc -l)
  printf '%-9s A %6.3f s  B %6.3f s  B/A %.3f\n' "$name" "$ma" "$mb" "$(echo "$mb / $ma" | bc -l)"
done
printf '%-9s A %6.3f s  B %6.3f s  B/A %.3f\n' total "$total_a" "$total_b" "$(echo "$total_b / $total_a" | bc -l)"
