#!/usr/bin/env bash
# Build-time figures for README: prints medians.
#  1. What wingtip/build.rs does (wingtip_codegen::emit, timed by
#     codegen/examples/emit_timing.rs), verify-only (committed wingtip/magics/) and
#     search-from-scratch (empty folder), with the generator at opt-level 0 (what a
#     downstream user's build script gets) and 3 (this workspace's profile).
#  2. Clean `cargo build --release --lib` of wingtip beside a clean release build of
#     cozy-chess, in the same run (scratch crates outside the repo, fresh target dirs;
#     crate sources come from the local registry cache).
# Usage: measure/build-times.sh [emit-runs]
set -euo pipefail
runs=${1:-5}
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
empty=$(mktemp -d)
scratch=$(mktemp -d)
trap 'rm -rf "$empty" "$scratch"' EXIT

echo "== build.rs work (wingtip_codegen::emit), median of $runs"
for opt in 0 3; do
  for dir in wingtip/magics "$empty"; do
    label=$([ "$dir" = wingtip/magics ] && echo "verify-only   " || echo "search-scratch")
    printf 'opt-level %s %s ' "$opt" "$label"
    CARGO_TARGET_DIR="$scratch/emit-opt$opt" cargo run -q -p wingtip-codegen --example emit_timing \
      --config "profile.dev.package.wingtip-codegen.opt-level=$opt" -- "$dir" "$runs"
  done
done

echo "== clean release builds (same run)"
mk() { # name, dependency line
  mkdir -p "$scratch/$1/src"
  printf '[package]\nname = "probe-%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n[dependencies]\n%s\n[workspace]\n' "$1" "$2" > "$scratch/$1/Cargo.toml"
  echo 'pub fn f() {}' > "$scratch/$1/src/lib.rs"
  (cd "$scratch/$1" && cargo fetch -q)
}
mk wingtip "wingtip = { path = \"$repo/wingtip\", default-features = false }"
mk cozy "cozy-chess = \"0.3\""
for name in wingtip cozy; do
  start=$(date +%s.%N)
  (cd "$scratch/$name" && CARGO_TARGET_DIR="$scratch/$name/target" cargo build -q --release)
  end=$(date +%s.%N)
  python3 -c "print(f'{\"$name\":<8} clean release build: {$end - $start:.1f} s')"
done
