#!/usr/bin/env bash
# Footprint of the minimal embedder (embedded/footprint: FEN + legal moves + perft +
# a fixed-depth search) for each attack backend on each target, and which tables
# each build links.
#
#   x86_64-unknown-linux-gnu   the embedder as a no_std cdylib (.so)
#   wasm32-unknown-unknown     the embedder as a no_std cdylib (.wasm)
#   thumbv7em-none-eabihf      the embedder as Cortex-M firmware (footprint-thumb)
#
# Backends: none set (the target's default), then each `--cfg wingtip_backend="…"`:
# plain, compact, fixed, kindergarten, classical, and pext on x86-64 (built with +bmi2).
#
# Table bytes are the sizes of the linked symbols of `wingtip::tables` (llvm-nm on
# the ELF files, wasm-ld's link map for wasm); each build's slider tables are listed
# by name, so a table a build does not use shows up by its absence. Sizes:
#   x86-64   file size of the .so, and its .text and .rodata
#   wasm32   file size of the .wasm, and its code and data sections
#   thumb    flash = .vector_table + .text + .rodata + .data; RAM = .data + .bss
#            (the hash table is in its own .tt section and not counted; the stack is
#            measured by embedded/embedded.sh)
#
# Usage: embedded/footprint.sh [--check] [--targets "t1 t2"] [--backends "b1 b2"]
#   --check   build only the default backend for wasm32 and thumbv7em and fail when
#             over budget: wasm ≤ 400 KiB, thumb flash ≤ 512 KiB, thumb RAM ≤ 64 KiB
#   --backends / --targets restrict the matrix ("default" is the no-cfg build).
set -euo pipefail
cd "$(dirname "$0")/.."
# The embedder's builds leave the evaluation network out (wingtip/src/eval/none.bin, all
# zeros: no weights linked, no per-ply accumulators); set WINGTIP_NET to build one in
# (a path from the wingtip crate's folder, wingtip/).
export WINGTIP_NET="${WINGTIP_NET-src/eval/none.bin}"

check=0
targets="x86_64-unknown-linux-gnu wasm32-unknown-unknown thumbv7em-none-eabihf"
backends="default plain compact fixed kindergarten classical pext"
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=1; shift ;;
    --targets) targets="$2"; shift 2 ;;
    --backends) backends="$2"; shift 2 ;;
    *) echo "footprint.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ "$check" = 1 ]; then
  targets="wasm32-unknown-unknown thumbv7em-none-eabihf"
  backends="default"
fi

# LLVM's nm/size: rustup's llvm-tools when installed, else whatever is on PATH.
tools="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"
nm="$tools/llvm-nm"; [ -x "$nm" ] || nm=llvm-nm
size="$tools/llvm-size"; [ -x "$size" ] || size=llvm-size

base="embedded/target/footprint"
out="$base/report.tsv"
mkdir -p "$base"
: >"$out"

for backend in $backends; do
  for target in $targets; do
    flags=""
    [ "$backend" != default ] && flags="--cfg wingtip_backend=\"$backend\""
    if [ "$backend" = pext ]; then
      [ "$target" = x86_64-unknown-linux-gnu ] || continue
      flags="$flags -C target-feature=+bmi2"
    fi
    dir="$base/$backend"
    case "$target" in
      thumbv7em-none-eabihf)
        RUSTFLAGS="$flags" CARGO_TARGET_DIR="$dir" cargo build -q --release \
          --manifest-path embedded/Cargo.toml -p wingtip-footprint --features thumb \
          --bin footprint-thumb --target "$target"
        artifact="$dir/$target/release/footprint-thumb"
        "$nm" -S "$artifact" >"$dir/$target.syms"
        "$size" -A "$artifact" >"$dir/$target.size"
        ;;
      wasm32-unknown-unknown)
        map="$(pwd)/$dir/$target.map"
        RUSTFLAGS="$flags -C link-arg=-Map=$map" CARGO_TARGET_DIR="$dir" cargo rustc -q \
          --release --manifest-path embedded/Cargo.toml -p wingtip-footprint --lib \
          --crate-type cdylib --target "$target"
        artifact="$dir/$target/release/wingtip_footprint.wasm"
        ;;
      *)
        RUSTFLAGS="$flags" CARGO_TARGET_DIR="$dir" cargo rustc -q --release \
          --manifest-path embedded/Cargo.toml -p wingtip-footprint --lib \
          --crate-type cdylib --target "$target"
        artifact="$dir/$target/release/libwingtip_footprint.so"
        "$nm" -S "$artifact" >"$dir/$target.syms"
        "$size" -A "$artifact" >"$dir/$target.size"
        ;;
    esac
    printf '%s\t%s\t%s\t%s\n' "$backend" "$target" "$artifact" "$dir" >>"$out"
  done
done

python3 - "$out" "$check" <<'PY'
import os, re, sys

report, check = sys.argv[1], sys.argv[2] == "1"
KIB = 1024
# The slider tables, by the static that holds them.
SLIDERS = {
    "ROOK_PLAIN": "plain rook", "BISHOP_PLAIN": "plain bishop",
    "SLIDER_ATTACKS": "compact", "FIXED_ATTACKS": "fixed", "LINE_ATTACKS": "kindergarten",
    "PEXT_ATTACKS": "pext",
}

def table_name(symbol):
    """The `wingtip::tables` static a (legacy or v0 mangled) symbol belongs to."""
    m = re.search(r"7wingtip6tables(\d+)", symbol)
    if not m:
        return None
    n, start = int(m.group(1)), m.end()
    return symbol[start:start + n]

def elf_tables(syms):
    tables = {}
    for line in open(syms):
        parts = line.split()
        if len(parts) == 4:  # address size type name
            name = table_name(parts[3])
            if name:
                tables[name] = tables.get(name, 0) + int(parts[1], 16)
    return tables

def elf_sections(sizes):
    sections = {}
    for line in open(sizes):
        parts = line.split()
        if len(parts) == 3 and parts[0].startswith("."):
            sections[parts[0]] = int(parts[1])
    return sections

def wasm_map(path):
    """Tables and section sizes from wasm-ld's -Map output."""
    tables, sections = {}, {}
    for line in open(path):
        parts = line.split()
        if len(parts) == 4 and parts[0] == "-" and re.fullmatch(r"[A-Z]+", parts[3]):
            sections[parts[3]] = int(parts[2], 16)  # "- offset size SECTION"
        elif len(parts) == 4 and ":(" not in parts[3]:
            name = table_name(parts[3])
            if name:
                tables[name] = tables.get(name, 0) + int(parts[2], 16)
    return tables, sections

def kib(n):
    return f"{n / KIB:,.1f}"

rows, failures = [], []
for line in open(report):
    backend, target, artifact, d = line.rstrip("\n").split("\t")
    if target.startswith("wasm32"):
        tables, sections = wasm_map(os.path.join(d, target + ".map"))
        total = os.path.getsize(artifact)
        detail = f"code {kib(sections.get('CODE', 0))} + data {kib(sections.get('DATA', 0))}"
        ram = None
        if check and total > 400 * KIB:
            failures.append(f"wasm32 default embedder is {total} bytes, over 400 KiB")
    elif target.startswith("thumb"):
        tables = elf_tables(os.path.join(d, target + ".syms"))
        s = elf_sections(os.path.join(d, target + ".size"))
        total = sum(s.get(k, 0) for k in (".vector_table", ".text", ".rodata", ".data"))
        ram = s.get(".data", 0) + s.get(".bss", 0)
        detail = f"text {kib(s.get('.vector_table', 0) + s.get('.text', 0))} + rodata {kib(s.get('.rodata', 0))}"
        if check and total > 512 * KIB:
            failures.append(f"thumbv7em default flash is {total} bytes, over 512 KiB")
        if check and ram > 64 * KIB:
            failures.append(f"thumbv7em default static RAM is {ram} bytes, over 64 KiB")
    else:
        tables = elf_tables(os.path.join(d, target + ".syms"))
        s = elf_sections(os.path.join(d, target + ".size"))
        total = os.path.getsize(artifact)
        detail = f"text {kib(s.get('.text', 0))} + rodata {kib(s.get('.rodata', 0))}"
        ram = None
    sliders = [f"{SLIDERS[k]} {kib(v)}" for k, v in sorted(tables.items()) if k in SLIDERS]
    rows.append((backend, target, ", ".join(sliders) or "none", kib(sum(tables.values())),
                 kib(total), detail, "" if ram is None else kib(ram)))

print()
print("| backend | target | slider tables linked (KiB) | all tables (KiB) | total (KiB) | of which (KiB) | static RAM (KiB) |")
print("|---|---|---|---|---|---|---|")
for r in rows:
    print("| " + " | ".join(r) + " |")
print()
print("total: x86-64 = .so file size; wasm32 = .wasm file size; thumbv7em = flash (vector table + text + rodata + data).")
print("static RAM (thumbv7em) = .data + .bss, the 64 KiB hash table (section .tt) excluded; stack: embedded/embedded.sh.")
if check:
    if failures:
        for f in failures:
            print("footprint.sh: " + f, file=sys.stderr)
        sys.exit(1)
    print("footprint.sh: budgets ok (wasm32 ≤ 400 KiB, thumbv7em flash ≤ 512 KiB, static RAM ≤ 64 KiB)")
PY
