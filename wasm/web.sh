#!/usr/bin/env bash
# Builds wingtip's WebAssembly module and page, then serves it on localhost.
#
#   wasm/web.sh            build, then serve http://127.0.0.1:8000/
#   wasm/web.sh build      build only (wasm/www/wingtip.wasm and wasm/www/vendor/)
#   wasm/web.sh serve 8080 serve only, on another port
#
# Needs cargo with the wasm32-unknown-unknown target (added here), npm (once, for
# the board UI package) and python3. The page then works offline from wasm/www/.
set -euo pipefail
cd "$(dirname "$0")"
# The embedder's builds leave the evaluation network out (wingtip/src/eval/none.bin, all
# zeros: no weights linked, no per-ply accumulators); set WINGTIP_NET to build one in
# (a path from the wingtip crate's folder, wingtip/).
export WINGTIP_NET="${WINGTIP_NET-src/eval/none.bin}"
what=${1:-all}
port=${2:-8000}

build() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown
  # wasm/.cargo/config.toml sets the target and the slider backend (kindergarten).
  cargo build --release --quiet
  cp target/wasm32-unknown-unknown/release/wingtip_wasm.wasm www/wingtip.wasm
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
  echo "built wasm/www/wingtip.wasm: $(wc -c < www/wingtip.wasm) bytes, $(gzip -9c www/wingtip.wasm | wc -c) gzipped"
}

case $what in
  build) build ;;
  serve) exec python3 -m http.server --bind 127.0.0.1 "$port" --directory www ;;
  all) build; echo "serving http://127.0.0.1:$port/ (Ctrl-C to stop)"
       exec python3 -m http.server --bind 127.0.0.1 "$port" --directory www ;;
  *) echo "usage: wasm/web.sh [all|build|serve] [port]" >&2; exit 2 ;;
esac
