#!/usr/bin/env bash
# Tests wingtip in the browser: installs what it needs (the wasm32 target, Debian's
# chromium, the npm packages of wasm/package-lock.json), builds the module and the
# page (wasm/web.sh build), then runs
#   - wasm/test/engine.test.mjs: the module through wingtip.js in Node (perft, a
#     self-play game replayed by chess.js, bad-input codes, the 400 KiB budget);
#   - wasm/test/browser.mjs: the page in headless Chromium (clicks and drags, bad
#     input, perft(5), a 40-ply engine game replayed by chess.js, a screenshot).
# The browser test's figures go to wasm/target/web-figures.json and its screenshot to
# wasm/target/web.png.
set -euo pipefail
cd "$(dirname "$0")/.."
# wasm/web.sh build makes the page's module with the shipped network (or WINGTIP_NET's)
# and the lean embedder's module without one.

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
if ! command -v chromium >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
(cd wasm && npm ci --no-audit --no-fund --loglevel=error)

(cd wasm && export WINGTIP_NET=src/eval/none.bin && cargo fmt --check && cargo clippy --release --quiet -- -D warnings \
  && RUSTDOCFLAGS="-D warnings" cargo doc --release --no-deps --quiet)
wasm/web.sh build

node --test wasm/test/engine.test.mjs
mkdir -p wasm/target
FIGURES=wasm/target/web-figures.json SCREENSHOT=wasm/target/web.png CHROMIUM=$(command -v chromium) \
  node --test wasm/test/browser.mjs
