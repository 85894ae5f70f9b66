#!/usr/bin/env bash
# Writes the seed corpora of the fuzz targets into fuzz/corpus/<target>/ (git-ignored)
# from the repository's own suites: FENs of the EPD files and the opening book, the
# end-to-end tests' UCI and xboard command lines, the committed magics files and the
# small test networks. Existing corpus files are kept (the fuzzer's finds among them).
#
# Usage: fuzz/seed-corpus.sh
set -euo pipefail
fuzz=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$fuzz")
corpus="$fuzz/corpus"

# seed TARGET NAME: stdin becomes corpus/TARGET/seed-NAME.
seed() {
  mkdir -p "$corpus/$1"
  cat > "$corpus/$1/seed-$2"
}

# The position part of an EPD or FEN line: its first four fields.
fens() {
  grep -hv '^#' "$@" | awk 'NF >= 4 { print $1, $2, $3, $4 }'
}

# fen: every FEN of the test suites and the book (as EPD: four fields), and with
# the counters a FEN has.
n=0
while read -r fen; do
  n=$((n + 1))
  printf '%s' "$fen" | seed fen "$n"
  printf '%s 0 1' "$fen" | seed fen "$n-counters"
done < <(fens "$root"/wingtip/tests/data/*.epd "$root/rig/books/book.epd" | sort -u)

# san and uci_move: each fixed position (the first byte picks it, see src/lib.rs)
# paired with move texts that are legal in some of them.
for i in $(seq 0 15); do
  byte=$(printf '\\x%02x' "$i")
  for text in e4 Nf3 exd5 O-O O-O-O 0-0 e8=Q bxa8=N Qa4d4 Q1d4 Nbd4 Ra8# Kf2 d5 Nc3+ exd6; do
    printf "$byte%s" "$text" | seed san "$i-$text"
  done
  for text in e2e4 g1f3 e5d6 e1g1 e1h1 e1c1 e1a1 f1g1 b7a8q b7b8n g7h8r a1a8 d4e3 e8g8 e8h8 a2a1b; do
    printf "$byte%s" "$text" | seed uci_move "$i-$text"
  done
done

# uci_commands and xboard_commands: the command lines the end-to-end tests send,
# one per file, and each protocol's lines together as one session.
# (Every string literal right after `(`: the sent lines, and some expected replies,
# which make fine seeds too.)
commands=$(grep -oE '\("[^"]+"' "$root/engine/tests/e2e/run.py" \
  | sed -E 's/^\("//; s/"$//' | sort -u)
uci='^(uci|isready|ucinewgame|setoption|position|go|stop|ponderhit|quit|debug|register|d)( |$)'
n=0
while IFS= read -r line; do
  n=$((n + 1))
  if printf '%s\n' "$line" | grep -qE "$uci"; then
    printf '%s\n' "$line" | seed uci_commands "$n"
  fi
  printf '%s\n' "$line" | seed xboard_commands "$n"
done <<< "$commands"
printf '%s\n' "$commands" | grep -E "$uci" | seed uci_commands session
printf '%s\n' "$commands" | seed xboard_commands session
printf 'setoption name UCI_Chess960 value true\nposition fen %s moves e1h1\nd\n' \
  'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' | seed uci_commands chess960
printf 'xboard\nprotover 2\nvariant fischerandom\nsetboard %s\nO-O\nping 1\nlevel 40 5 0\nst 2.5\nsd 7\ntime 100\nmemory 32\n' \
  'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' | seed xboard_commands chess960

# magics_file: the committed files, each as it is.
for file in "$root"/wingtip/magics/*.txt; do
  seed magics_file "$(basename "$file" .txt)" < "$file"
done

# net_file: the small test networks (25-50 KB each; the shipped 201 KB one would set
# libFuzzer's -max_len that high for every input).
for file in "$root"/wingtip/tests/data/*.bin; do
  seed net_file "$(basename "$file" .bin)" < "$file"
done

# wasm_boundary: call scripts (see fuzz_targets/wasm_boundary.rs: op % 8 picks
# position, play, legal_moves, status, perft, go, stop, fen).
printf '\x02\x00startpos moves e2e4 e7e5\x00\x01g1f3\x00\x02\x03\x04\x02\x05\x20\x07' \
  | seed wasm_boundary game
printf '\x02\x00fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\x00\x01e1g1\x00\x02\x04\x03\x07' \
  | seed wasm_boundary castling
printf '\x02\x00fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\x00\x05\x02\x01a1a8\x00\x03\x05\x01' \
  | seed wasm_boundary mate
printf '\x01\x00bogus\x00\x01e2e5\x00\xf1e2e4\x00\x04\x0b\x05\x0d\x05\x0e\x06\x07' \
  | seed wasm_boundary errors

for dir in "$corpus"/*/; do
  printf '%-16s %5d files\n' "$(basename "$dir")" "$(find "$dir" -type f | wc -l)"
done
