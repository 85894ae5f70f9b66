#!/usr/bin/env bash
# How fast each hunting method narrows a square by one bit: `wingtip-magics hunt`
# with --method scan, dfs and classic, one thread, the same seed, on squares one
# bit below full width (a fresh seed-7 full-width set), each capped at CAP seconds
# (default 60). The time is the hunt log's own clock at the first improvement (so
# start-up is not counted); "-" means not found within the cap. The methods
# alternate square by square. Run it on an idle machine.
#
# Usage: measure/magics-methods.sh [SQUARES...]
#   default squares: rook a1 b1 c1 d1 e1 h1, bishop a8 b8 (family:square)
# Environment: CAP (seconds, default 60), SEED (default 1),
#   METHODS (default "scan dfs classic")
set -euo pipefail
cd "$(dirname "$0")/.."
cap="${CAP:-60}"
seed="${SEED:-1}"
squares=("$@")
[ ${#squares[@]} -eq 0 ] && squares=(rook:a1 rook:d1 rook:h1 rook:b2 rook:d2 rook:a2 rook:h2 bishop:a8 bishop:b8)
read -r -a methods <<<"${METHODS:-scan dfs classic}"
cargo build --release --quiet -p wingtip-magics
bin=${CARGO_TARGET_DIR:-target}/release/wingtip-magics
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" search --seed 7 --out "$tmp/full" >/dev/null
printf '%-7s %-4s %5s' family sq bits
printf ' %12s' "${methods[@]/%/ (s)}"
printf '\n'
for item in "${squares[@]}"; do
    family=${item%%:*}
    sq=${item#*:}
    bits=$(awk -v s="$sq" '$1 == s { print $2 - 1 }' "$tmp/full/$family.txt")
    row=()
    for method in "${methods[@]}"; do
        out="$tmp/$family-$sq-$method"
        "$bin" hunt --family "$family" --squares "$sq" --method "$method" --time "${cap}s" \
            --threads 1 --seed "$seed" --from "$tmp/full" --out "$out" >/dev/null 2>&1
        # The first improvement of this square in the log: "seconds square bits compact".
        t=$(awk -v s="$sq" '$2 == s { print $1; exit }' "$out/.hunt-$family.log")
        row+=("${t:--}")
    done
    printf '%-7s %-4s %5s' "$family" "$sq" "$bits"
    printf ' %12s' "${row[@]}"
    printf '\n'
done
