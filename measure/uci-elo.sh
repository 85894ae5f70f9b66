#!/usr/bin/env bash
# Calibrates UCI_Elo against Stockfish's own: at each setting, wingtip with
# UCI_LimitStrength and that UCI_Elo plays Stockfish 15.1 with the same UCI_Elo (the
# rig's preset stockfishNNNN), each opening with both colours, and the script prints
# one row per setting: games, +wins =draws -losses, score and Elo with its interval.
# A setting is calibrated when the score lies within 35-65 %.
#
# Usage: measure/uci-elo.sh [ELO…]            (default 1500 2000 2400)
#   GAMES (default 100), TC (default 5+0.05), SEED (--book-seed, default 31),
#   TIMEMARGIN (ms a side may overstep its clock, default 100),
#   CONCURRENCY (default 2); adjudication as in docs/engine.md's strength runs. Needs Stockfish in /usr/games (apt-get install stockfish)
#   and python-chess (pip install chess). Run it on an otherwise idle machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
games=${GAMES:-100}
tc=${TC:-5+0.05}
timemargin=${TIMEMARGIN:-100}
seed=${SEED:-31}
concurrency=${CONCURRENCY:-2}
settings=("$@")
[ ${#settings[@]} -gt 0 ] || settings=(1500 2000 2400)
export PATH="/usr/games:$PATH"
command -v stockfish >/dev/null || { echo "error: stockfish not found (apt-get install stockfish)" >&2; exit 1; }
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for elo in "${settings[@]}"; do
  [[ $elo =~ ^[0-9]+$ ]] || { echo "error: bad Elo setting \"$elo\"" >&2; exit 1; }
  python3 -m rig.sprt \
    "name=wingtip$elo,cmd=target/release/wingtip,opt.UCI_LimitStrength=true,opt.UCI_Elo=$elo" \
    "stockfish$elo" --tc "$tc" --timemargin "$timemargin" --games "$games" --no-sprt --book-seed "$seed" \
    --concurrency "$concurrency" --name "uci-elo-$elo" \
    --resign-moves 3 --resign-score 700 --draw-movenumber 40 --draw-moves 8 --draw-score 8 \
    --pgn "$work/uci-elo-$elo.pgn" | tee "$work/$elo.log" | grep -E "^result:" || true
done
echo
echo "| UCI_Elo | games | result | score | Elo (95 %) |"
echo "|---|---|---|---|---|"
for elo in "${settings[@]}"; do
  line=$(grep -E "^result:" "$work/$elo.log" | tail -1)
  # result: <outcome>; N games +W =D -L, Elo X ± Y ...
  n=$(sed -E 's/.*; ([0-9]+) games.*/\1/' <<<"$line")
  wdl=$(grep -oE '\+[0-9]+ =[0-9]+ -[0-9]+' <<<"$line")
  read -r w d l <<<"$(tr -d '+=-' <<<"$wdl")"
  score=$(python3 -c "print(f'{100 * ($w + $d / 2) / max(1, $w + $d + $l):.1f} %')")
  elo_text=$(sed -E 's/.*Elo ([^,(]*).*/\1/' <<<"$line")
  echo "| $elo | $n | $wdl | $score | $elo_text |"
done
