#!/usr/bin/env bash
# Single-threaded perft speed of wingtip against ellxor/perft (a C++ perft program with
# bulk counting and no hashing, a specialist known for its speed), in one interleaved run.
#
# ellxor/perft is not fetched by this script: pass the path of a checkout of
# https://github.com/ellxor/perft. It is built outside the repository, in $WORK
# (default /tmp/perft-ellxor), as its README says: clang, the unity build
# src/unity_build.cc, `-O3 -flto -fno-exceptions -fno-rtti -march=native`, then its PGO
# build: `-fprofile-generate`, a training run of `perft --bench`, `llvm-profdata merge`,
# and `-fprofile-use`. ellxor runs one thread per online CPU (sysconf) and has no
# option for fewer; a wrapper translation unit made in $WORK includes <unistd.h>, defines
# sysconf(name) as 1 and then includes unity_build.cc, so its perft runs on exactly one
# thread (its source is not changed). wingtip is the shipped native build:
# RUSTFLAGS="-C target-cpu=native" cargo build --release --target-dir target/native.
#
# On the six CPW positions (FENs and published counts from wingtip/tests/data/cpw.epd),
# each sample runs one program, then the other (wingtip, ellxor, wingtip, ellxor, …),
# RUNS times (default 5), timed as the children's user+sys CPU time. Every count must
# equal the published one. Prints a Markdown table of the median CPU seconds per perft,
# the ratio ellxor ÷ wingtip (above 1: wingtip is faster), their geometric mean and the
# lowest ratio, with the compilers and commits used.
#
# Usage: measure/perft-ellxor.sh <ellxor-perft-checkout>     (or ELLXOR_DIR=<path>)
# Environment:
#   RUNS=5                     samples of each program per position
#   DEPTHS="7 6 8 6x2 5x30 6"  depths in CPW order (startpos kiwipete pos3 pos4 pos5
#                              pos6). DxK times K perfts in a row as one sample and
#                              reports the time of one: pos4 at depth 6 takes ~0.85 s
#                              and pos5's deepest published count (depth 5) ~0.05 s.
#                              The defaults keep every sample ≥ 1 s of wingtip CPU on a
#                              2-core EPYC (~30 s of wingtip, ~20 s of ellxor a round).
#   WORK=/tmp/perft-ellxor     build outputs and scratch files (outside the repository)
#   CXX=clang++                the C++ compiler (clang; apt-get install clang)
#   ELLXOR_FLAGS="-O3 -flto -fno-exceptions -fno-rtti -march=native"
#   WINGTIP_PGO=1              measure wingtip's profile-guided native build instead:
#                              instrumented (-Cprofile-generate), trained on perft of
#                              the six positions one ply shallower than measured,
#                              merged with rustup's llvm-profdata (rustup component add
#                              llvm-tools), rebuilt with -Cprofile-use, in $WORK
set -euo pipefail

die() { echo "perft-ellxor: error: $*" >&2; exit 1; }
say() { echo "perft-ellxor: $*" >&2; }

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
ellxor_dir="${1:-${ELLXOR_DIR:-}}"
runs="${RUNS:-5}"
depths_spec="${DEPTHS:-7 6 8 6x2 5x30 6}"
work="${WORK:-/tmp/perft-ellxor}"
cxx="${CXX:-clang++}"
flags="${ELLXOR_FLAGS:--O3 -flto -fno-exceptions -fno-rtti -march=native}"
epd="$repo/wingtip/tests/data/cpw.epd"
names=(startpos kiwipete pos3 pos4 pos5 pos6)

# ---- input checks ----------------------------------------------------------------------
[[ -n "$ellxor_dir" ]] || die "no ellxor/perft checkout given (usage: $0 <path>, or ELLXOR_DIR=<path>; get it with: git clone https://github.com/ellxor/perft)"
[[ -f "$ellxor_dir/src/unity_build.cc" ]] || die "$ellxor_dir is not an ellxor/perft checkout (no src/unity_build.cc)"
ellxor_dir="$(cd "$ellxor_dir" && pwd -P)"
work="$(realpath -m "$work")"
for d in "$ellxor_dir" "$work"; do
  case "$d/" in "$repo"/*) die "$d is inside the repository; keep ellxor/perft and WORK outside it" ;; esac
done
mkdir -p "$work" || die "cannot create WORK=$work"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer, not '$runs'"
read -r -a depths <<<"$depths_spec"
[[ ${#depths[@]} -eq 6 ]] || die "DEPTHS needs six entries (startpos kiwipete pos3 pos4 pos5 pos6), got '$depths_spec'"
for d in "${depths[@]}"; do [[ "$d" =~ ^[1-9][0-9]*(x[1-9][0-9]*)?$ ]] || die "bad DEPTHS entry '$d' (want D or DxK)"; done
[[ -f "$epd" ]] || die "missing $epd"
grep -qw bmi2 /proc/cpuinfo || die "this CPU has no BMI2 (pext), which ellxor/perft requires"
command -v "$cxx" >/dev/null || die "$cxx not found (install clang: apt-get install clang)"
"$cxx" --version 2>/dev/null | head -1 | grep -qi clang || die "$cxx is not clang (install clang: apt-get install clang, or set CXX=clang++)"
command -v cargo >/dev/null || die "cargo not found"

# llvm-profdata of the same LLVM as the compiler: beside the real clang binary first.
cxx_major="$("$cxx" -dumpversion | cut -d. -f1)"
profdata=""
for c in "$(dirname "$(readlink -f "$(command -v "$cxx")")")/llvm-profdata" "llvm-profdata-$cxx_major" llvm-profdata; do
  if command -v "$c" >/dev/null 2>&1; then profdata="$(command -v "$c")"; break; fi
done
[[ -n "$profdata" ]] || die "llvm-profdata not found (apt-get install llvm-$cxx_major or llvm)"

# ---- the positions ---------------------------------------------------------------------
# fens[i], depth[i], reps[i], expected[i] (published count at that depth)
fens=(); dep=(); reps=(); expected=()
mapfile -t lines < <(grep -v '^[[:space:]]*$' "$epd")
[[ ${#lines[@]} -eq 6 ]] || die "$epd should hold the six CPW positions, it has ${#lines[@]} lines"
for i in "${!lines[@]}"; do
  d="${depths[$i]%%x*}"; k=1; [[ "${depths[$i]}" == *x* ]] && k="${depths[$i]#*x}"
  fen="${lines[$i]%% ;*}"
  count="$(grep -o ";D$d [0-9]*" <<<"${lines[$i]}" | awk '{print $2}' || true)"
  [[ -n "$count" ]] || die "${names[$i]}: no published count at depth $d in $epd"
  fens+=("$fen"); dep+=("$d"); reps+=("$k"); expected+=("$count")
done

# ---- build ellxor/perft: one thread, README flags, clang PGO ---------------------------
eb="$work/ellxor"
rm -rf "$eb"; mkdir -p "$eb/pgo"
cat >"$eb/one-thread.cc" <<EOF
// Built by wingtip's measure/perft-ellxor.sh: ellxor/perft on exactly one thread.
// perft.cc sizes its thread pool with sysconf(_SC_NPROCESSORS_ONLN); <unistd.h> is
// included first (its include guard makes perft.cc's own #include a no-op), then every
// later sysconf call answers 1.
#include <unistd.h>
static long wingtip_one_cpu(int) { return 1; }
#define sysconf(name) wingtip_one_cpu(name)
#include "$ellxor_dir/src/unity_build.cc"
EOF
read -r -a flag_arr <<<"$flags"
say "building ellxor/perft (instrumented) in $eb"
"$cxx" "${flag_arr[@]}" -fprofile-generate="$eb/pgo" -o "$eb/perft-instrumented" "$eb/one-thread.cc" >"$eb/build-instrumented.log" 2>&1 \
  || die "ellxor/perft instrumented build failed (see $eb/build-instrumented.log)"
say "training run: perft --bench (one thread)"
(cd "$eb" && ./perft-instrumented --bench) >"$eb/training.log" 2>&1 \
  || die "ellxor/perft training run (--bench) failed (see $eb/training.log)"
"$profdata" merge "$eb"/pgo/*.profraw -o "$eb/default.profdata" >"$eb/profdata.log" 2>&1 \
  || die "llvm-profdata merge failed (see $eb/profdata.log)"
say "building ellxor/perft (profile-guided)"
"$cxx" "${flag_arr[@]}" -fprofile-use="$eb/default.profdata" -Werror=profile-instr-out-of-date \
  -o "$eb/perft" "$eb/one-thread.cc" >"$eb/build-pgo.log" 2>&1 \
  || die "ellxor/perft PGO build failed (see $eb/build-pgo.log)"
ellxor="$eb/perft"

# ---- build wingtip, the shipped native build (or its profile-guided build) -----------------
if [[ "${WINGTIP_PGO:-0}" == 1 ]]; then
  rust_profdata="$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-profdata 2>/dev/null | head -1 || true)"
  [[ -x "$rust_profdata" ]] || die "rustup's llvm-profdata not found (rustup component add llvm-tools)"
  wp="$work/wingtip-pgo"; rm -rf "$wp/profiles"; mkdir -p "$wp/profiles"
  say "building wingtip (instrumented, target-cpu=native) in $wp"
  (cd "$repo" && RUSTFLAGS="-C target-cpu=native -Cprofile-generate=$wp/profiles" \
    cargo build --release --target-dir "$wp/instrumented") >"$work/wingtip-build.log" 2>&1 \
    || die "wingtip instrumented build failed (see $work/wingtip-build.log)"
  say "training run: perft of the six positions, one ply shallower"
  for i in "${!fens[@]}"; do
    "$wp/instrumented/release/wingtip" perft "$((dep[$i] - 1))" --fen "${fens[$i]}" >/dev/null \
      || die "wingtip training run failed on ${names[$i]}"
  done
  "$rust_profdata" merge -o "$wp/wingtip.profdata" "$wp"/profiles/*.profraw >>"$work/wingtip-build.log" 2>&1 \
    || die "llvm-profdata merge failed (see $work/wingtip-build.log)"
  say "building wingtip (profile-guided, target-cpu=native)"
  rm -rf "$wp/pgo"   # cargo does not track the profile file: always a fresh build
  (cd "$repo" && RUSTFLAGS="-C target-cpu=native -Cprofile-use=$wp/wingtip.profdata" \
    cargo build --release --target-dir "$wp/pgo") >>"$work/wingtip-build.log" 2>&1 \
    || die "wingtip PGO build failed (see $work/wingtip-build.log)"
  wingtip="$wp/pgo/release/wingtip"
  wingtip_build="RUSTFLAGS=\"-C target-cpu=native\" plus -Cprofile-generate, perft training one ply shallower, -Cprofile-use (WINGTIP_PGO=1)"
else
  say "building wingtip (target-cpu=native, target/native)"
  (cd "$repo" && RUSTFLAGS="-C target-cpu=native" cargo build --release --target-dir target/native) \
    >"$work/wingtip-build.log" 2>&1 || die "wingtip native build failed (see $work/wingtip-build.log)"
  wingtip="$repo/target/native/release/wingtip"
  wingtip_build="RUSTFLAGS=\"-C target-cpu=native\" cargo build --release --target-dir target/native"
fi
[[ -x "$wingtip" ]] || die "no $wingtip after the build"

# ---- measuring -------------------------------------------------------------------------
# sample PROG I: runs PROG's perft K times on position I, checks every count, prints the
# CPU seconds (user+sys of the children, summed) of one perft.
sample() {
  local prog="$1" i="$2" j out got t TIMEFORMAT='%3U %3S'
  local d="${dep[$i]}" k="${reps[$i]}" fen="${fens[$i]}"
  out="$work/out.$prog"
  t="$( { time {
      for ((j = 0; j < k; j++)); do
        if [[ "$prog" == wingtip ]]; then "$wingtip" perft "$d" --fen "$fen" >"$out.$j" 2>/dev/null || exit 1
        else "$ellxor" "$fen" "$d" >"$out.$j" 2>&1 || exit 1; fi
      done; } ; } 2>&1 )" || die "$prog failed on ${names[$i]} at depth $d (output in $out.*)"
  for ((j = 0; j < k; j++)); do
    if [[ "$prog" == wingtip ]]; then got="$(tail -1 "$out.$j" | sed -n 's/^Nodes searched: \([0-9]*\)$/\1/p')"
    else
      got="$(sed -n 's/^Result: *\([0-9]*\)$/\1/p' "$out.$j")"
      if ((d >= 3)) && ! grep -q '^Running multi-threaded perft on 1 threads\.' "$out.$j"; then
        die "ellxor did not run on one thread on ${names[$i]}: $(head -1 "$out.$j")"
      fi
    fi
    [[ "$got" == "${expected[$i]}" ]] || die "$prog counted '${got:-nothing}' on ${names[$i]} at depth $d, published ${expected[$i]} (output in $out.$j)"
  done
  awk -v t="$t" -v k="$k" 'BEGIN { split(t, a, " "); printf "%.3f\n", (a[1] + a[2]) / k }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.3f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

say "measuring: RUNS=$runs, DEPTHS=\"$depths_spec\", interleaved wingtip/ellxor"
rows=(); ratios=()
for i in "${!names[@]}"; do
  tw=(); te=()
  for ((r = 1; r <= runs; r++)); do
    tw+=("$(sample wingtip "$i")")
    te+=("$(sample ellxor "$i")")
    say "  ${names[$i]} run $r/$runs: wingtip ${tw[-1]} s, ellxor ${te[-1]} s"
  done
  mw="$(printf '%s\n' "${tw[@]}" | median)"; me="$(printf '%s\n' "${te[@]}" | median)"
  awk -v e="$me" -v w="$mw" 'BEGIN { exit !(e > 0 && w > 0) }' \
    || die "${names[$i]}: a median CPU time of 0 s (wingtip $mw, ellxor $me); choose deeper DEPTHS"
  ratio="$(awk -v e="$me" -v w="$mw" 'BEGIN { printf "%.3f\n", e / w }')"
  ratios+=("$ratio")
  dcol="${dep[$i]}"; ((reps[i] > 1)) && dcol="${dep[$i]} (×${reps[$i]})"
  rows+=("| ${names[$i]} | $dcol | ${expected[$i]} | $mw | $me | $ratio |")
done

geo="$(printf '%s\n' "${ratios[@]}" | awk '{ s += log($1) } END { printf "%.3f\n", exp(s / NR) }')"
worst_i=0
for i in "${!ratios[@]}"; do
  awk -v a="${ratios[$i]}" -v b="${ratios[$worst_i]}" 'BEGIN { exit !(a < b) }' && worst_i=$i
done

ellxor_commit="$(git -C "$ellxor_dir" rev-parse HEAD 2>/dev/null || echo "unknown (not a git checkout)")"
ellxor_dirty="$(GIT_OPTIONAL_LOCKS=0 git -C "$ellxor_dir" status --porcelain --untracked-files=no 2>/dev/null | head -1)"
wingtip_commit="$(git -C "$repo" rev-parse HEAD 2>/dev/null || echo unknown)"
wingtip_dirty="$(GIT_OPTIONAL_LOCKS=0 git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null | head -1)"

echo "Perft, one thread, CPU seconds (user+sys) per perft, median of $runs interleaved runs; $(date -u +%Y-%m-%d)"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) online; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| position | depth | nodes | wingtip CPU s | ellxor CPU s | ellxor ÷ wingtip |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "Geometric mean of ellxor ÷ wingtip: $geo; lowest: ${ratios[$worst_i]} (${names[$worst_i]}). Above 1: wingtip is faster."
echo
echo "- ellxor/perft $ellxor_commit${ellxor_dirty:+ (modified)}: $("$cxx" --version | head -1), $flags, PGO (--bench training, $("$profdata" merge --version 2>&1 | grep -m1 -i 'llvm version' | sed 's/^ *//')), one thread"
echo "- wingtip $wingtip_commit${wingtip_dirty:+ (modified)}: $(rustc -V), $wingtip_build"
