#!/bin/sh
# Checks the sharded hunt end to end on this machine, in seconds: shards that are
# killed and rerun end byte for byte where uninterrupted ones do, the merge keeps the
# best entry of each square with the note that reproduces it, `reproduce` reruns every
# entry, and `plot` draws the logs. CI runs it.
#
# Usage: tools/magics/cluster/check.sh [WINGTIP_MAGICS]   (default: builds it)
set -eu
cd "$(dirname "$0")/../../.."
if [ $# -ge 1 ]; then
    bin=$1
else
    cargo build --release --quiet -p wingtip-magics
    bin=${CARGO_TARGET_DIR:-target}/release/wingtip-magics
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { # A shard's bishop file under the rook file's name: refused by its header.
mkdir "$tmp/swapped" && cp "$tmp/whole/shard-1/bishop.txt" "$tmp/swapped/rook.txt"
if "$bin" merge "$tmp/swapped" --out "$tmp/z" 2>"$tmp/err.txt"; then fail "a bishop file named rook.txt accepted"; fi
grep -q 'rook.txt:1: the header says family bishop' "$tmp/err.txt" || fail "swapped shard: unclear error: $(cat "$tmp/err.txt")"
echo "cluster check: $*" >&2; exit 1; }

# Start from a fresh full-width bishop set, which a small budget narrows.
"$bin" search --seed 7 --families bishop --out "$tmp/full" >/dev/null
# The classic method: its chunks take milliseconds, so the check stays quick (the
# depth-first method's determinism is checked by tools/magics/tests/workflow.rs).
export WINGTIP_MAGICS="$bin" FROM="$tmp/full" FAMILIES=bishop TRIES=1M METHOD=classic
for seed in 1 2; do
    RESULTS="$tmp/whole" sh tools/magics/cluster/shard.sh "$seed" >/dev/null 2>&1
done
# Seed 1 again, killed (SIGKILL: no chance to clean up) once it has logged two
# improvements, then rerun to the end.
log="$tmp/killed/shard-1/.hunt-bishop.log"
RESULTS="$tmp/killed" "$bin" hunt --family bishop --method classic --tries 1M --threads 1 --seed 1 \
    --from "$tmp/full" --out "$tmp/killed/shard-1" >/dev/null 2>&1 &
pid=$!
i=0
while [ "$(cat "$log" 2>/dev/null | wc -l)" -lt 3 ] && [ $i -lt 1000 ]; do
    sleep 0.01
    i=$((i + 1))
done
kill -9 $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
if grep -q ' end ' "$log"; then fail "the shard finished before it could be killed: raise TRIES"; fi
RESULTS="$tmp/killed" sh tools/magics/cluster/shard.sh 1 >/dev/null 2>&1
cmp "$tmp/whole/shard-1/bishop.txt" "$tmp/killed/shard-1/bishop.txt" ||
    fail "a killed and resumed shard differs from an uninterrupted one"
grep -q '# hunt seed 1 chunk ' "$tmp/whole/shard-1/bishop.txt" ||
    fail "the shard found nothing to note (budget too small?)"

"$bin" merge "$tmp/whole/shard-1" "$tmp/whole/shard-2" --out "$tmp/merged" >/dev/null
grep -q '# hunt seed 2 chunk ' "$tmp/merged/bishop.txt" || grep -q '# hunt seed 1 chunk ' "$tmp/merged/bishop.txt" ||
    fail "the merge lost the notes"
"$bin" reproduce "$tmp/merged" --family bishop >"$tmp/reproduce.txt" ||
    fail "reproduce failed: $(grep NOT "$tmp/reproduce.txt" | head -3)"
# Merging is deterministic: the same shards in the same order give the same entries
# and notes (the header names the --out folder, so it is left out).
"$bin" merge "$tmp/whole/shard-1" "$tmp/whole/shard-2" --out "$tmp/merged-again" >/dev/null
tail -n +2 "$tmp/merged/bishop.txt" >"$tmp/a.txt"
tail -n +2 "$tmp/merged-again/bishop.txt" >"$tmp/b.txt"
cmp "$tmp/a.txt" "$tmp/b.txt" || fail "merge is not deterministic"
"$bin" plot "$tmp/whole/shard-1" "$tmp/whole/shard-2" --out "$tmp/hunt.svg" >/dev/null
grep -q '<svg' "$tmp/hunt.svg" || fail "plot wrote no SVG"
# Bad input: no folder for merge, a damaged shard file.
if "$bin" merge --out "$tmp/x" >/dev/null 2>&1; then fail "merge of zero folders accepted"; fi
sed 's/^b8 .*/b8 4 0x12345/' "$tmp/whole/shard-2/bishop.txt" >"$tmp/bad.txt"
mkdir "$tmp/bad" && mv "$tmp/bad.txt" "$tmp/bad/bishop.txt"
if "$bin" merge "$tmp/bad" --out "$tmp/y" 2>"$tmp/err.txt"; then fail "damaged shard accepted"; fi
grep -q 'bishop.txt:4: square b8: magic' "$tmp/err.txt" || fail "damaged shard: unclear error: $(cat "$tmp/err.txt")"
echo "cluster check: killed-and-resumed shard identical, merge deterministic with notes, every entry reproduced, plot drawn, bad shards refused"
