// worker.js: runs a wingtip Engine (wingtip.js) inside a Web Worker so that a page
// never blocks while the engine searches. Start it through createWorker() in
// wingtip.js, which speaks this protocol:
//
//   page → worker  { id, op, args }     op: init | newGame | position | play |
//                                           legalMoves | fen | status | perft | go
//   worker → page  { id, result }       on success
//                  { id, error: { code, message } }   on a WingtipError
//                  { id, info }         progress of a running go (any number)
//
// 'init' takes { module: WebAssembly.Module, hashMiB, stopFlag } and answers
// { backend, network }. Messages are handled one at a time, in order.
import { Engine, ERRORS } from './wingtip.js';

let engine = null;

const ops = {
  init({ module, hashMiB, stopFlag }) {
    engine = new Engine(module, stopFlag ?? undefined);
    engine.newGame(hashMiB);
    return { backend: engine.backend, network: engine.network };
  },
  newGame({ hashMiB }) { engine.newGame(hashMiB); },
  position({ spec, moves }) { engine.position(spec, moves); },
  play({ uci }) { engine.play(uci); },
  legalMoves() { return engine.legalMoves(); },
  fen() { return engine.fen(); },
  status() { return engine.status(); },
  perft({ depth }) {
    const t = performance.now();
    const nodes = engine.perft(depth);
    return { nodes, ms: performance.now() - t };
  },
  go({ depth, nodes, movetimeMs }, id) {
    return engine.go({ depth, nodes, movetimeMs, onInfo: (info) => postMessage({ id, info }) });
  },
};

self.onmessage = ({ data: { id, op, args } }) => {
  try {
    if (!ops[op]) throw Object.assign(new Error(`unknown op ${op}`), { code: ERRORS.SYNTAX });
    if (!engine && op !== 'init') {
      throw Object.assign(new Error('engine not initialised'), { code: ERRORS.STATE });
    }
    postMessage({ id, result: ops[op](args ?? {}, id) });
  } catch (e) {
    postMessage({ id, error: { code: e.code ?? ERRORS.STATE, message: e.message } });
  }
};
