#!/usr/bin/env bash
# The downstream proof: what a user of the published crates gets.
#
# Packages the crates (`cargo package`), unpacks them outside the repository, and
#  1. builds a scratch program that depends on the unpacked `wingtip` alone (its
#     build dependency `wingtip-codegen` patched to the unpacked package), runs it
#     (FEN, legal moves, perft 3, a depth-5 search), and fails if the packaged build
#     script searched magics instead of verifying the committed ones, or if the
#     program's dependency tree holds anything but wingtip;
#  2. damages the packaged magics and checks that the build fails with file, line and
#     reason, and that a missing file is searched with a warning saying so, as in the
#     repository;
#  3. installs the engine from its unpacked package (`cargo install --path`) and
#     checks a `uci` / `isready` round trip.
# Prints each package's size and the build script's verify time (median of 5 runs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "downstream: $*" >&2; exit 1; }

cd "$root"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
cargo package --quiet --allow-dirty --no-verify --target-dir "$work/target" \
  -p wingtip-codegen -p wingtip -p wingtip-engine -p wingtip-magics 2>&1 \
  | { grep -v "is not included in the published package" || true; }
mkdir -p "$work/pkgs"
echo "packages:"
for crate in "$work"/target/package/*.crate; do
  printf '  %-28s %8d bytes\n' "$(basename "$crate")" "$(stat -c %s "$crate")"
  tar xzf "$crate" -C "$work/pkgs"
done
lib="$work/pkgs/wingtip-$version"
codegen="$work/pkgs/wingtip-codegen-$version"
engine="$work/pkgs/wingtip-engine-$version"
[ -f "$lib/magics/rook.txt" ] || fail "the wingtip package lacks magics/rook.txt"
[ -f "$lib/src/eval/net.bin" ] || fail "the wingtip package lacks src/eval/net.bin"

# 1. A program of the embedder's, outside the repository.
app="$work/app"
mkdir -p "$app/src"
cat > "$app/Cargo.toml" <<TOML
[package]
name = "downstream"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
wingtip = { version = "$version", default-features = false }

[patch.crates-io]
wingtip = { path = "$lib" }
wingtip-codegen = { path = "$codegen" }

[workspace]
TOML
cat > "$app/src/main.rs" <<'RUST'
use wingtip::search::{Limits, NoHooks, SearchRequest, Searcher, TtEntry};
use wingtip::{perft, Board};

fn main() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let board = Board::from_fen(fen).expect("Kiwipete parses");
    let moves = board.legal_moves();
    assert_eq!(moves.len(), 48, "Kiwipete has 48 legal moves");
    assert_eq!(perft(&board, 3), 97_862, "Kiwipete perft 3");
    let table = vec![TtEntry::EMPTY; 1 << 16];
    let limits = Limits { depth: 5, ..Limits::NONE };
    let result = Searcher::new().search(SearchRequest::new(&board, &table).limits(limits), &mut NoHooks);
    let best = result.best_move.expect("a move");
    assert!(moves.iter().any(|&m| m == best), "the best move is legal");
    assert_eq!(result.depth, 5);
    println!("downstream: 48 moves, perft 3 = 97862, depth 5 best move {best}");
}
RUST
cd "$app"
cargo build --offline -vv > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "the scratch program does not build"; }
if grep -E '^\[wingtip [^]]*\] cargo::?warning' "$work/build.log"; then
  fail "the packaged build script warned (it searched instead of verifying the committed magics)"
fi
cargo run --offline --quiet
tree=$(cargo tree --offline -e normal --prefix none | sort -u)
[ "$(echo "$tree" | wc -l)" -eq 2 ] || fail "the program's dependency tree is not wingtip alone: $tree"
echo "dependency tree (normal): $(echo "$tree" | tr '\n' ' ')"

# The build script's own time, verify path (what every downstream clean build pays).
script=$(ls -d target/debug/build/wingtip-*/build-script-build | head -1)
out=$(mktemp -d -p "$work")
times=()
for _ in 1 2 3 4 5; do
  t0=$(date +%s%N)
  CARGO_MANIFEST_DIR="$lib" OUT_DIR="$out" CARGO_CFG_TARGET_ENDIAN=little CARGO_CFG_TARGET_FEATURE="" \
    "$script" > "$work/script.out"
  times+=($(( ($(date +%s%N) - t0) / 1000000 )))
done
grep -q "warning" "$work/script.out" && fail "the build script warned when rerun"
echo "build script (verify, debug build of the script): median $(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p) ms of 5 runs"

# 2. A damaged and a missing magics file, in a copy of the unpacked package.
broken="$work/broken"
cp -r "$lib" "$broken"
sed -i 's/^e4 \([0-9]*\) 0x[0-9a-fA-F]*/e4 10 0x0000000000000001/' "$broken/magics/rook.txt"
sed -i "s|$lib|$broken|" Cargo.toml
if cargo build --offline > "$work/broken.log" 2>&1; then
  fail "a colliding magic in the packaged rook.txt did not fail the build"
fi
grep -Eq 'magics/rook\.txt:[0-9]+: family rook, square e4: collision' "$work/broken.log" \
  || { cat "$work/broken.log"; fail "the failed build does not name file, line, square and reason"; }
echo "damaged rook.txt: the build fails with $(grep -Eo 'magics/rook\.txt:[0-9]+: family rook, square e4: collision' "$work/broken.log" | head -1)"
cp "$lib/magics/rook.txt" "$broken/magics/rook.txt"
rm "$broken/magics/bishop.txt"
cargo build --offline -vv > "$work/missing.log" 2>&1 || { cat "$work/missing.log"; fail "a missing bishop.txt failed the build"; }
grep -q 'magics/bishop.txt is missing: searching it from seed' "$work/missing.log" \
  || fail "a missing bishop.txt was searched without the warning that says so"
echo "missing bishop.txt: searched from the fixed seed, with a warning"
cargo run --offline --quiet

# 3. The engine, installed from its package.
cd "$work"
cargo install --offline --quiet --path "$engine" --root "$work/inst" \
  --config "patch.crates-io.wingtip.path='$lib'" \
  --config "patch.crates-io.wingtip-codegen.path='$codegen'"
reply=$(printf 'uci\nisready\nquit\n' | timeout 20 "$work/inst/bin/wingtip")
echo "$reply" | grep -qx uciok || fail "the installed engine did not answer uciok"
echo "$reply" | grep -qx readyok || fail "the installed engine did not answer readyok"
echo "installed engine: $(echo "$reply" | grep '^id name') answers uciok and readyok"
echo "downstream: all checks passed"
