// Perft speed of the minimal embedder compiled to wasm32-unknown-unknown, in node.
//
// Usage: node scripts/wasm-perft.mjs <wingtip_footprint.wasm> [runs]
// Runs perft(6) from the start position and perft(5) from kiwipete `runs` times each
// (default 3), checks the counts and prints the median user CPU time as Mnps (CPU
// time, as scripts/perft-backends.sh does, because the machines we measure on are
// shared):
//   startpos 6 119060324 nodes: 912 ms median of 3 (130.5 Mnps)
import { readFileSync } from "node:fs";

const [file, runsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/wasm-perft.mjs <wasm> [runs]");
  process.exit(2);
}
const runs = Number(runsArg ?? 3);
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const { memory, wt_input, wt_perft, wt_legal_moves } = instance.exports;

const positions = [
  ["startpos", 6, 119060324n, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
  ["kiwipete", 5, 193690690n, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"],
];

function load(fen) {
  const bytes = new TextEncoder().encode(fen);
  new Uint8Array(memory.buffer, wt_input(), bytes.length).set(bytes);
  return bytes.length;
}

let failed = false;
if (wt_legal_moves(load("not a fen")) !== -1) {
  console.error("a malformed FEN was accepted");
  failed = true;
}
for (const [name, depth, expected, fen] of positions) {
  const len = load(fen);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage().user;
    const nodes = wt_perft(len, depth);
    times.push((process.cpuUsage().user - t0) / 1000);
    if (BigInt.asUintN(64, nodes) !== expected) {
      console.error(`${name} ${depth}: ${nodes} nodes, expected ${expected}`);
      failed = true;
    }
  }
  times.sort((a, b) => a - b);
  const median = times[(runs - 1) >> 1];
  const mnps = Number(expected) / median / 1000;
  console.log(`${name} ${depth} ${expected} nodes: ${median.toFixed(0)} ms median of ${runs} (${mnps.toFixed(1)} Mnps)`);
}
process.exit(failed ? 1 : 0);
