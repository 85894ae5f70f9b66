#!/usr/bin/env bash
# Perft speed of each attack backend on each target, for choosing the per-target
# default backend. Median and best of RUNS runs (default 3), rounds
# interleaved (run 1 of every backend, then run 2, ...) so that a change in the
# machine's load hits every backend alike; the best run is the one least disturbed
# by other work on a shared machine.
#
#   x86-64 (no BMI2)  the `wingtip` binary: perft 6 startpos, perft 5 kiwipete,
#                     user CPU time (as measure/perft-backends.sh)
#   wasm32 in node    the minimal embedder (embedded/footprint): same perfts, user
#                     CPU time of node, all backends in one process
#                     (wasm/wasm-perft.mjs)
#   thumbv7em (QEMU)  the firmware (embedded/): perft 5 startpos, perft 4 kiwipete
#                     - with -icount shift=0 (one guest instruction = 1 ns of virtual
#                       time), giving guest instructions per node: deterministic,
#                       independent of the host; run once
#                     - in real time: QEMU's emulated core, as fast as the host
#                       translates it (host-load dependent), SysTick milliseconds
#
# Usage: RUNS=3 measure/backend-speed.sh [backend...]   (default: plain compact
#        kindergarten classical)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
backends=("$@")
[ ${#backends[@]} -eq 0 ] && backends=(plain compact kindergarten classical)
out="embedded/target/speed"
mkdir -p "$out"
rm -f "$out"/*.txt

start_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kiwi_fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
qemu=(qemu-system-arm -machine mps2-an386 -cpu cortex-m4 -nographic
  -semihosting-config enable=on,target=native)

echo "building ${backends[*]} for x86-64, wasm32 and thumbv7em" >&2
for b in "${backends[@]}"; do
  cfg="--cfg wingtip_backend=\"$b\""
  # x86-64-v2 as in .cargo/config.toml, whose flags RUSTFLAGS replaces
  RUSTFLAGS="-C target-cpu=x86-64-v2 $cfg" CARGO_TARGET_DIR="target/backends/default-$b" \
    cargo build -q --release --bin wingtip
  embedded/footprint.sh --targets wasm32-unknown-unknown --backends "$b" >/dev/null
  RUSTFLAGS="$cfg" CARGO_TARGET_DIR="embedded/target/backend-$b" \
    cargo build -q --release --manifest-path embedded/Cargo.toml --target thumbv7em-none-eabihf
done

TIMEFORMAT=%U
for b in "${backends[@]}"; do
  elf="embedded/target/backend-$b/thumbv7em-none-eabihf/release/wingtip-firmware"
  "${qemu[@]}" -icount shift=0 -kernel "$elf" </dev/null >"$out/$b.icount.txt"
done
echo "wasm32 in node: $runs interleaved rounds" >&2
specs=()
for b in "${backends[@]}"; do
  specs+=("$b=embedded/target/footprint/$b/wasm32-unknown-unknown/release/wingtip_footprint.wasm")
done
node wasm/wasm-perft.mjs "$runs" "${specs[@]}" >"$out/wasm.txt"
for round in $(seq "$runs"); do
  echo "x86-64 and QEMU: round $round of $runs" >&2
  for b in "${backends[@]}"; do
    bin="target/backends/default-$b/release/wingtip"
    for p in "startpos|6|$start_fen" "kiwipete|5|$kiwi_fen"; do
      IFS='|' read -r name depth fen <<<"$p"
      t=$( { time "$bin" perft "$depth" --fen "$fen" >"$out/native.tmp" 2>/dev/null; } 2>&1 )
      nodes=$(sed -n 's/^Nodes searched: //p' "$out/native.tmp")
      echo "$name $nodes $t" >>"$out/$b.native.txt"
    done
    elf="embedded/target/backend-$b/thumbv7em-none-eabihf/release/wingtip-firmware"
    "${qemu[@]}" -kernel "$elf" </dev/null >>"$out/$b.qemu.txt"
  done
done
rm -f "$out/native.tmp"

python3 - "$out" "${backends[@]}" <<'PY'
import re, statistics, sys

out, backends = sys.argv[1], sys.argv[2:]

def fmt(xs, digits=0):
    """Median (best) of rates."""
    if not xs:
        return "-"
    return f"{statistics.median(xs):.{digits}f} ({max(xs):.{digits}f})"

def native(b):
    r = {}
    for line in open(f"{out}/{b}.native.txt"):
        name, nodes, secs = line.split()
        r.setdefault(name, []).append(int(nodes) / float(secs) / 1e6)
    return r

WASM = re.compile(r"(\w+) (\w+) \d+ \d+ nodes: median \d+ ms ([\d.]+) Mnps, best \d+ ms ([\d.]+) Mnps")

def wasm(b):
    r = {}
    for line in open(f"{out}/wasm.txt"):
        m = WASM.match(line)
        if m and m.group(1) == b:
            r[m.group(2)] = f"{float(m.group(3)):.0f} ({float(m.group(4)):.0f})"
    return r

PERFT = re.compile(r"perft (startpos depth 5|kiwipete depth 4) nodes (\d+) expected \d+ ms (\d+) .* ok$")

def qemu(path):
    r = {}
    for line in open(path):
        m = PERFT.match(line.strip())
        if m:
            r.setdefault(m.group(1).split()[0], []).append((int(m.group(2)), int(m.group(3))))
    return r

print()
print("| backend | x86-64 startpos 6 | x86-64 kiwipete 5 | wasm32 startpos 6 | wasm32 kiwipete 5 "
      "| thumb instr/node startpos 5 | thumb instr/node kiwipete 4 | QEMU startpos 5 | QEMU kiwipete 4 |")
print("|---|---|---|---|---|---|---|---|---|")
for b in backends:
    n, w = native(b), wasm(b)
    ic = qemu(f"{out}/{b}.icount.txt")
    rt = qemu(f"{out}/{b}.qemu.txt")
    # -icount shift=0: 1 ms of virtual time is 10^6 guest instructions.
    ipn = {k: v[0][1] * 1e6 / v[0][0] for k, v in ic.items()}
    qm = {k: [nodes / ms / 1e3 for nodes, ms in v] for k, v in rt.items()}
    cells = [fmt(n.get("startpos", [])), fmt(n.get("kiwipete", [])),
             w.get("startpos", "-"), w.get("kiwipete", "-"),
             f"{ipn.get('startpos', 0):.1f}", f"{ipn.get('kiwipete', 0):.1f}",
             fmt(qm.get("startpos", []), 1), fmt(qm.get("kiwipete", []), 1)]
    print(f"| {b} | " + " | ".join(cells) + " |")
print()
print("Mnps, median (best) of the runs, except 'instr/node': guest instructions per perft leaf")
print("under QEMU -icount shift=0 (deterministic). QEMU columns: the emulated core in real time")
print("(as fast as the host translates it: not a real M4's speed).")
PY
