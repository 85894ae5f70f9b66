// Perft speed of the minimal embedder (embedded/footprint) compiled to
// wasm32-unknown-unknown, in node (measure/backend-speed.sh runs it): one module per
// attack backend, compared in one process with the runs interleaved (round 1 of every
// module, then round 2, ...), so that a change in the machine's load hits every module
// alike.
//
// Usage: node wasm/wasm-perft.mjs <runs> <name>=<file.wasm>...
// Each round runs perft(6) from the start position and perft(5) from kiwipete once
// per module and checks the counts. Prints, per module and position, the median and
// the best of the user CPU times (CPU time, as measure/perft-backends.sh, because
// the machines we measure on are shared) as Mnps:
//   plain startpos 6 119060324 nodes: median 451 ms 263.7 Mnps, best 440 ms 270.6 Mnps
// Exits 1 on a wrong count or when a malformed FEN is accepted.
import { readFileSync } from "node:fs";

const [runsArg, ...specs] = process.argv.slice(2);
const runs = Number(runsArg);
if (!(runs > 0) || specs.length === 0) {
  console.error("usage: node wasm/wasm-perft.mjs <runs> <name>=<file.wasm>...");
  process.exit(2);
}

const positions = [
  ["startpos", 6, 119060324n, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
  ["kiwipete", 5, 193690690n, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"],
];

let failed = false;
const modules = [];
for (const spec of specs) {
  const [name, file] = spec.split("=");
  const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
  const m = { name, ...instance.exports, times: positions.map(() => []) };
  // The FEN goes into the module's input buffer; returns its length.
  m.load = (fen) => {
    const bytes = new TextEncoder().encode(fen);
    new Uint8Array(m.memory.buffer, m.wt_input(), bytes.length).set(bytes);
    return bytes.length;
  };
  if (m.wt_legal_moves(m.load("not a fen")) !== -1) {
    console.error(`${name}: a malformed FEN was accepted`);
    failed = true;
  }
  modules.push(m);
}

for (let round = 0; round < runs; round++) {
  for (const m of modules) {
    positions.forEach(([pos, depth, expected, fen], i) => {
      const len = m.load(fen);
      const t0 = process.cpuUsage().user;
      const nodes = m.wt_perft(len, depth);
      m.times[i].push((process.cpuUsage().user - t0) / 1000);
      if (BigInt.asUintN(64, nodes) !== expected) {
        console.error(`${m.name} ${pos} ${depth}: ${nodes} nodes, expected ${expected}`);
        failed = true;
      }
    });
  }
}

for (const m of modules) {
  positions.forEach(([pos, depth, expected], i) => {
    const t = [...m.times[i]].sort((a, b) => a - b);
    const median = t[(t.length - 1) >> 1];
    const best = t[0];
    const mnps = (ms) => (Number(expected) / ms / 1000).toFixed(1);
    console.log(
      `${m.name} ${pos} ${depth} ${expected} nodes: median ${median.toFixed(0)} ms ${mnps(median)} Mnps, ` +
        `best ${best.toFixed(0)} ms ${mnps(best)} Mnps`,
    );
  });
}
process.exit(failed ? 1 : 0);
