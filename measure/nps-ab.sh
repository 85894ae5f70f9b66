#!/usr/bin/env bash
# Same-run search speed of two or more wingtip binaries (e.g. before and after a
# change that leaves the bench count alone): runs `wingtip bench DEPTH` with each
# binary in turn, interleaved (A B A B …), RUNS times (default 7), and prints per
# binary the median nodes per second and the median over rounds of its ratio to A's
# (a round's ratio compares two runs a few seconds apart, which cancels most of a
# shared machine's drift). The node counts must agree: a binary whose count differs
# searches another tree and is reported as such.
#
# Usage: measure/nps-ab.sh <binary-A> <binary-B> [<binary-C> …]   (DEPTH, default 11)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: measure/nps-ab.sh <binary-A> <binary-B> [...]" >&2; exit 1; }
runs=${RUNS:-7}
depth=${DEPTH:-11}
for b in "$@"; do
  [ -x "$b" ] || { echo "error: $b: not an executable" >&2; exit 1; }
done
for i in $(seq "$runs"); do
  for j in $(seq $#); do
    b=${!j}
    # The last line is OpenBench's `<nodes> nodes <nps> nps`.
    read -r nodes _ nps _ < <("$b" bench "$depth" 2>/dev/null | tail -1)
    echo "$i $j $nodes $nps"
  done
done | python3 -c '
import statistics, sys
names = sys.argv[1:]
runs = {}
for line in sys.stdin:
    i, j, nodes, nps = line.split()
    runs.setdefault(int(j), []).append((int(i), int(nodes), int(nps)))
base = {i: nps for i, _, nps in runs[1]}
base_nodes = runs[1][0][1]
for j, name in enumerate(names, 1):
    counts = {n for _, n, _ in runs[j]}
    median = statistics.median(nps for _, _, nps in runs[j])
    ratio = statistics.median(nps / base[i] for i, _, nps in runs[j])
    note = "" if counts == {base_nodes} else f"  (nodes {sorted(counts)}: another tree)"
    print(f"{name}: {median:,.0f} nodes/s, {ratio:.3f}x A{note}")
' "$@"
