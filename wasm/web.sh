#!/usr/bin/env bash
# Builds wingtip's WebAssembly module and page, then serves it on localhost.
#
#   wasm/web.sh            build, then serve http://127.0.0.1:8000/
#   wasm/web.sh build      build only (wasm/www/wingtip.wasm, wingtip-lean.wasm, vendor/)
#   wasm/web.sh serve 8080 serve only, on another port
#
# Needs cargo with the wasm32-unknown-unknown target (added here), npm (once, for
# the board UI package) and python3. The page then works offline from wasm/www/.
set -euo pipefail
cd "$(dirname "$0")"
# Two modules from one source:
#  - www/wingtip.wasm, the page's: the evaluation network the native engine ships
#    (wingtip/src/eval/net.bin), or WINGTIP_NET's (a path from wingtip/);
#  - www/wingtip-lean.wasm, the embedder's: no network (wingtip/src/eval/none.bin, all
#    zeros: no weights linked, no per-ply accumulators), within its 400 KiB budget.
# Each has a target folder of its own, so neither rebuild undoes the other.
page_net="${WINGTIP_NET-}"
unset WINGTIP_NET
what=${1:-all}
port=${2:-8000}

build() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown
  # wasm/.cargo/config.toml sets the target and the slider backend (kindergarten).
  WINGTIP_NET=src/eval/none.bin cargo build --release --quiet
  cp target/wasm32-unknown-unknown/release/wingtip_wasm.wasm www/wingtip-lean.wasm
  WINGTIP_NET="$page_net" CARGO_TARGET_DIR=target/with-net cargo build --release --quiet
  cp target/with-net/wasm32-unknown-unknown/release/wingtip_wasm.wasm www/wingtip.wasm
  [ -d node_modules/cm-chessboard ] || npm ci --no-audit --no-fund --loglevel=error
  # Vendor the board UI (MIT): its ES modules, the CSS and sprites the page uses, the licence.
  local from=node_modules/cm-chessboard to=www/vendor/cm-chessboard
  rm -rf "$to"
  mkdir -p "$to/assets/pieces" "$to/assets/extensions/markers" "$to/assets/extensions/promotion-dialog"
  cp -r "$from/src" "$from/LICENSE" "$to/"
  cp "$from/assets/chessboard.css" "$to/assets/"
  cp "$from/assets/pieces/standard.svg" "$to/assets/pieces/"
  cp "$from/assets/extensions/markers/markers.css" "$from/assets/extensions/markers/markers.svg" \
    "$to/assets/extensions/markers/"
  cp "$from/assets/extensions/promotion-dialog/promotion-dialog.css" "$to/assets/extensions/promotion-dialog/"
  for m in wingtip wingtip-lean; do
    echo "built wasm/www/$m.wasm: $(wc -c < "www/$m.wasm") bytes, $(gzip -9c "www/$m.wasm" | wc -c) gzipped"
  done
}

case $what in
  build) build ;;
  serve) exec python3 -m http.server --bind 127.0.0.1 "$port" --directory www ;;
  all) build; echo "serving http://127.0.0.1:$port/ (Ctrl-C to stop)"
       exec python3 -m http.server --bind 127.0.0.1 "$port" --directory www ;;
  *) echo "usage: wasm/web.sh [all|build|serve] [port]" >&2; exit 2 ;;
esac
