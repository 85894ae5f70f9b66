#!/usr/bin/env bash
# The reference report: one build of wingtip against every reference engine, on a
# fresh book of openings the project has never played, with the same adjudication in
# every run, and one table at the end.
#
# Steps:
#   1. builds wingtip (cargo build --release) and notes its commit and bench;
#   2. builds the book, unless BOOK names one: COUNT (default 100) balanced openings
#      from `python3 -m rig.book --seed BOOKSEED` (Stockfish picks and scores them),
#      less any position already in rig/books/*.epd, so none of them was ever used to
#      test or tune the engine;
#   3. plays each reference (the rig's presets; default: ethereal stockfish2600
#      stockfish2400) GAMES games (default 200: every opening with both colours) at
#      TC (default 10+0.1), one thread and 16 MiB each, CONCURRENCY games at once
#      (default 2), fishtest adjudication;
#   4. prints one row per reference: games, +W =D -L, score, Elo with its 95 % interval
#      and the abnormal endings of either side (time forfeits, illegal moves, crashes).
#
# Everything goes to OUT (default lab/data/reference-<date>-<commit>/): the book, one
# PGN and one log per reference, and report.md. A run that was stopped continues
# where it stopped when started again with the same OUT: each reference's PGN is
# passed back with --prior-pgn, so its finished games count and their openings are
# not replayed, and its log is appended to (the table reads each log's last result
# line, so a finished reference keeps its row). Ctrl-C stops the current match after
# its games in flight.
#
# Usage: measure/reference.sh [PRESET…]
#   GAMES, TC, CONCURRENCY, BOOK, COUNT, BOOKSEED (default 3001), OUT.
# Needs the engines in /usr/games (apt-get install stockfish ethereal-chess toga2
# glaurung) and python-chess (pip install chess). Run it on an otherwise idle machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
games=${GAMES:-200}
tc=${TC:-10+0.1}
concurrency=${CONCURRENCY:-2}
count=${COUNT:-100}
bookseed=${BOOKSEED:-3001}
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(ethereal stockfish2600 stockfish2400)
export PATH="/usr/games:$PATH"
for p in "${presets[@]}"; do
  [[ $p =~ ^[a-z0-9]+$ ]] || { echo "error: bad preset name \"$p\"" >&2; exit 1; }
done
[[ $games =~ ^[0-9]+$ && $((games % 2)) -eq 0 && $games -gt 0 ]] \
  || { echo "error: GAMES must be a positive even number, not \"$games\"" >&2; exit 1; }
command -v stockfish >/dev/null || { echo "error: stockfish not found (apt-get install stockfish)" >&2; exit 1; }

cargo build --release --quiet
engine=target/release/wingtip
commit=$(git rev-parse --short HEAD)
bench=$("$engine" bench 2>/dev/null | tail -1 | cut -d' ' -f1)
out=${OUT:-lab/data/reference-$(date -u +%F)-$commit}
mkdir -p "$out"
# The binary the report is about, kept beside its games so a resumed run uses it.
[ -x "$out/wingtip" ] || cp "$engine" "$out/wingtip"

if [ -n "${BOOK:-}" ]; then
  [ -f "$BOOK" ] || { echo "error: BOOK $BOOK: no such file" >&2; exit 1; }
  book=$BOOK
else
  book=$out/book.epd
  if [ ! -f "$book" ]; then
    # A few more than needed, since positions of the project's books are dropped.
    python3 -m rig.book --count $((count + count / 4)) --seed "$bookseed" --out "$out/book-all.epd"
    python3 - "$out/book-all.epd" "$book" "$count" rig/books/*.epd <<'EOF'
import sys
src, dst, count, used = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
key = lambda line: " ".join(line.split()[:4])
seen = {key(l) for f in used for l in open(f) if l.strip()}
fresh = [l for l in open(src) if l.strip() and key(l) not in seen][:count]
if len(fresh) < count:
    sys.exit(f"error: only {len(fresh)} fresh openings; raise COUNT's margin or pick another BOOKSEED")
open(dst, "w").writelines(fresh)
print(f"book: {len(fresh)} fresh openings in {dst}")
EOF
  fi
fi

for p in "${presets[@]}"; do
  pgn=$out/$p.pgn
  prior=()
  if [ -s "$pgn" ]; then
    cp "$pgn" "$out/$p.prior.pgn"
    prior=(--prior-pgn "$out/$p.prior.pgn")
  fi
  python3 -m rig.sprt "name=wingtip,cmd=$out/wingtip" "$p" --tc "$tc" --games "$games" --no-sprt \
    --book "$book" --concurrency "$concurrency" --name "reference-$p" --no-log \
    --resign-moves 3 --resign-score 700 --draw-movenumber 40 --draw-moves 8 --draw-score 8 \
    "${prior[@]}" --pgn "$pgn.new" | tee -a "$out/$p.log" | grep -E "^result:" || true
  # The new games join the earlier ones only once the match has ended.
  if [ -s "$pgn.new" ]; then
    cat "$pgn.new" >> "$pgn"
    rm "$pgn.new"
  fi
  rm -f "$out/$p.prior.pgn"
done

{
  echo "wingtip $commit (bench $bench), $tc, one thread and 16 MiB each, $concurrency games at once,"
  echo "fishtest adjudication, book $(basename "$book") ($(grep -c . "$book") openings), $(date -u +%F):"
  echo
  echo "| opponent | games | result | score | Elo (95 %) | abnormal endings |"
  echo "|---|---|---|---|---|---|"
  for p in "${presets[@]}"; do
    line=$(grep -E "^result:" "$out/$p.log" | tail -1 || true)
    [ -n "$line" ] || { echo "| $p | – | no result | | | |"; continue; }
    n=$(sed -E 's/.*; ([0-9]+) games.*/\1/' <<<"$line")
    wdl=$(grep -oE '\+[0-9]+ =[0-9]+ -[0-9]+' <<<"$line" | head -1)
    read -r w d l <<<"$(tr -d '+=-' <<<"$wdl")"
    score=$(python3 -c "print(f'{100 * ($w + $d / 2) / max(1, $w + $d + $l):.1f} %')")
    elo_text=$(sed -E 's/.*Elo ([^,(]*).*/\1/' <<<"$line")
    abnormal=$(sed -nE 's/.*abnormal endings: (.*)$/\1/p' <<<"$line")
    echo "| $p | $n | $wdl | $score | $elo_text | ${abnormal:-none} |"
  done
} | tee "$out/report.md"
