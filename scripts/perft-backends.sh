#!/usr/bin/env bash
# Perft speed of wingtip's move generator with each slider attack backend.
#
# The generator's backend is attacks::default_backend unless the build sets
# --cfg wingtip_backend="<name>" (src/movegen.rs). Each backend is built in its own
# target dir under ${CARGO_TARGET_DIR:-target}/backends and timed with
# benches/perft_peers.rs (wingtip column only, median of PERFT_PEERS_RUNS runs).
#
# Usage: scripts/perft-backends.sh [default|native]...   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
base="${CARGO_TARGET_DIR:-target}/backends"
flagsets=("$@")
[ ${#flagsets[@]} -eq 0 ] && flagsets=(default native)
for flags in "${flagsets[@]}"; do
  case "$flags" in
    default) extra=""; backends="plain compact kindergarten classical" ;;
    native) extra="-C target-cpu=native"; backends="pext plain compact kindergarten classical" ;;
    *) echo "unknown flag set $flags (default|native)" >&2; exit 2 ;;
  esac
  for b in $backends; do
    echo "== flags: ${flags} ${extra:+($extra)} backend: $b"
    RUSTFLAGS="$extra --cfg wingtip_backend=\"$b\"" CARGO_TARGET_DIR="$base/$flags-$b" \
      PERFT_PEERS_ONLY=wingtip cargo bench -q --no-default-features --bench perft_peers 2>/dev/null \
      | grep -E '^(startpos|kiwipete|pos[0-9])' | awk '{printf "%-9s %s Mnps\n", $1, $4}'
  done
done
