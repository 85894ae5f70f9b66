#!/usr/bin/env bash
# The library's public surface, compared with the committed listing
# wingtip/public-api.txt, so that a change to it is deliberate.
#
#   bash .ci/public-api.sh           # fails, with the difference, when they differ
#   bash .ci/public-api.sh --bless   # rewrites the listing after a deliberate change
#
# The listing is cargo-public-api's (rustdoc's JSON output, hence a pinned nightly
# that this cargo-public-api version reads), without blanket and auto-trait impls,
# for the default features: the API an embedder sees. The `internals` feature's
# modules are left out on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
NIGHTLY=nightly-2026-05-20
TOOL_VERSION=0.52.0
rustup toolchain install "$NIGHTLY" --profile minimal >/dev/null 2>&1
if ! cargo public-api --version 2>/dev/null | grep -q "$TOOL_VERSION"; then
  cargo install --quiet --locked cargo-public-api --version "$TOOL_VERSION"
fi
now=$(mktemp)
trap 'rm -f "$now"' EXIT
cargo "+$NIGHTLY" public-api -p wingtip -ss > "$now"
if [ "${1:-}" = "--bless" ]; then
  cp "$now" wingtip/public-api.txt
  echo "wingtip/public-api.txt: $(wc -l < "$now") lines written"
elif diff -u wingtip/public-api.txt "$now"; then
  echo "public API: unchanged ($(wc -l < "$now") lines, wingtip/public-api.txt)"
else
  echo "public API: the library's public surface changed (diff above, - committed, + now);" \
       "if it is deliberate, run bash .ci/public-api.sh --bless and commit wingtip/public-api.txt" >&2
  exit 1
fi
