// wingtip.js: the wingtip chess engine (WebAssembly) as an ES module.
//
// Two ways to use it:
//
// 1. Directly, in the calling thread (Node, a worker of your own, or a page that
//    accepts being blocked while the engine searches):
//
//      import { create } from './wingtip.js';
//      const engine = await create({ wasm: new URL('./wingtip.wasm', import.meta.url) });
//      engine.position('startpos', ['e2e4', 'e7e5']);
//      engine.legalMoves();                  // ['a2a3', 'b2b3', …] (white to move)
//      engine.play('g1f3');
//      engine.perft(3);                      // a number
//      const r = engine.go({ movetimeMs: 200, onInfo: (i) => console.log(i) });
//      // r = { bestmove: 'b8c6', ponder, score: { cp: 12 }, depth, nodes, timeMs, pv: [...] }
//
// 2. On a page, the fast way: launch() compiles the module once (streaming) and makes
//    an Engine on the page's thread as soon as it is compiled, for the game's
//    bookkeeping (legal moves, play, FEN, status: microseconds each), while a Web
//    Worker starts in parallel with the same compiled module for searches:
//
//      import { launch } from './wingtip.js';
//      const { engine, worker } = launch({ wasm: fetch('./wingtip.wasm') });
//      const game = await engine;            // ready: a few ms after the download
//      game.legalMoves();                    // the page is usable now
//      await worker.position('startpos', ['e2e4']);   // waits for the worker if needed
//      const { bestmove } = await worker.go({ movetimeMs: 500 });
//
// 3. Through a Web Worker only, so the page never blocks (see worker.js):
//
//      import { createWorker } from './wingtip.js';
//      const engine = await createWorker({ wasm: './wingtip.wasm' });
//      await engine.position('startpos', ['e2e4']);
//      const r = await engine.go({ movetimeMs: 500, onInfo });
//      const analysis = engine.go({ onInfo });   // no budget: runs until stop()
//      setTimeout(() => engine.stop(), 2000);    // resolves it with the best move so far
//      const { bestmove, pv } = await analysis;
//
// Every call that takes text (a FEN, a move) throws a WingtipError with a numeric
// `code` (see ERRORS) and a one-line message on bad input; the engine keeps its
// previous state and stays usable. The module's exports and imports are documented
// in wasm/src/lib.rs.

/** The module's error codes (negative return values), by name. */
export const ERRORS = Object.freeze({
  STATE: -1, // a call before the engine was created
  TOO_LONG: -2, // input longer than the module's input buffer (16 KiB)
  UTF8: -3, // input not UTF-8 (cannot happen from JS strings)
  FEN: -4, // malformed FEN or illegal position
  MOVE: -5, // malformed or illegal move
  SYNTAX: -6, // a position that is neither 'startpos', 'fen …' nor a FEN
  RANGE: -7, // a number out of range (perft depth, budgets, hash size)
  MEMORY: -8, // linear memory could not grow for the hash table
  BUSY: -9, // a call made while a search runs (from inside onInfo)
  STOPPED: -10, // (worker only) the call was cancelled by stop() or terminate()
});

/** Game states reported by status(). */
export const STATES = ['ongoing', 'checkmate', 'stalemate', 'threefold repetition',
  'fifty-move rule', 'insufficient material'];

/** An error from the engine: `code` is one of ERRORS, `message` says why. */
export class WingtipError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'WingtipError';
    this.code = code;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function compile(wasm) {
  if (wasm instanceof WebAssembly.Module) return wasm;
  if (wasm instanceof ArrayBuffer || ArrayBuffer.isView(wasm)) return WebAssembly.compile(wasm);
  if (typeof Response !== 'undefined' && wasm instanceof Response) {
    // Streaming compilation needs the application/wasm type; some servers send another.
    if ((wasm.headers.get('content-type') ?? '').startsWith('application/wasm')) {
      return WebAssembly.compileStreaming(Promise.resolve(wasm));
    }
    return WebAssembly.compile(await wasm.arrayBuffer());
  }
  // A URL or a path: fetch it (browsers), or read it from disk (Node, file: URLs).
  const url = new URL(String(wasm), globalThis.location?.href ?? import.meta.url);
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  return compile(await fetch(url));
}

/**
 * Loads the module and creates an engine.
 * @param {object} options
 * @param {WebAssembly.Module|ArrayBuffer|Uint8Array|Response|URL|string} options.wasm
 *   the module, its bytes, or where to load it from
 * @param {number} [options.hashMiB=16] hash table size in MiB (0 to 2048)
 * @param {Int32Array} [options.stopFlag] a flag (element 0) that another thread may
 *   set to 1 to stop a search; backed by a SharedArrayBuffer where the page is
 *   cross-origin isolated. Cleared when a search starts.
 * @returns {Promise<Engine>}
 */
export async function create({ wasm, hashMiB = 16, stopFlag } = {}) {
  const module = await compile(wasm);
  const engine = new Engine(module, stopFlag);
  engine.newGame(hashMiB);
  return engine;
}

/** One engine instance; created by create(). Every method is synchronous. */
export class Engine {
  constructor(module, stopFlag) {
    let onInfo = null;
    let stopRequested = false;
    this._setOnInfo = (f) => { onInfo = f; };
    this._stop = () => { stopRequested = true; };
    this._clearStop = () => {
      stopRequested = false;
      if (stopFlag) Atomics.store(stopFlag, 0, 0);
    };
    const imports = {
      env: {
        now_ms: () => performance.now(),
        should_stop: () => (stopRequested || (stopFlag && Atomics.load(stopFlag, 0) !== 0) ? 1 : 0),
        on_info: (depth, seldepth, mate, score, nodes, timeMs, hashfull, pvPtr, pvLen) => {
          if (!onInfo || this._infoError) return;
          const pv = this._text(pvPtr, pvLen);
          try {
            onInfo({
              depth, seldepth, score: mate ? { mate: score } : { cp: score }, nodes, timeMs,
              hashfull, pv: pv ? pv.split(' ') : [],
            });
          } catch (e) {
            // An exception must not unwind through the module's frames (it would
            // leave the search half done): stop the search and rethrow from go().
            this._infoError = { error: e };
            stopRequested = true;
          }
        },
      },
    };
    this._x = new WebAssembly.Instance(module, imports).exports;
    /** The slider backend compiled into the module (e.g. 'kindergarten'). */
    this.backend = '';
    /**
     * The evaluation compiled into the module: 'network 768-2x128-8' (inputs, hidden
     * units per side, output buckets) for the page's module, 'hand-set terms (no
     * network)' for the lean one.
     */
    this.network = this._text(this._x.wt_out_ptr(), this._x.wt_network());
  }

  _text(ptr, len) {
    return decoder.decode(new Uint8Array(this._x.memory.buffer, ptr, len));
  }

  _out() {
    return this._text(this._x.wt_out_ptr(), this._x.wt_out_len());
  }

  _check(code) {
    if (code < 0) throw new WingtipError(code, this._out());
    return code;
  }

  _input(text) {
    const bytes = encoder.encode(String(text));
    const cap = this._x.wt_in_cap();
    if (bytes.length > cap) return cap + 1; // the module answers TOO_LONG
    new Uint8Array(this._x.memory.buffer, this._x.wt_in_ptr(), bytes.length).set(bytes);
    return bytes.length;
  }

  /** Starts a new game from the start position; optionally resizes the hash table. */
  newGame(hashMiB = this._hashMiB ?? 16) {
    if (!Number.isInteger(hashMiB) || hashMiB < 0) {
      throw new WingtipError(ERRORS.RANGE, `hashMiB must be an integer >= 0, got ${hashMiB}`);
    }
    this._check(this._x.wt_new(Math.min(hashMiB, 0xffffffff)));
    this.backend = this._out();
    this._hashMiB = hashMiB;
  }

  /**
   * Sets the position: `spec` is 'startpos' or a FEN; `moves` are UCI moves played
   * from it. On error the previous position is kept.
   */
  position(spec = 'startpos', moves = []) {
    if (!Array.isArray(moves)) {
      throw new WingtipError(ERRORS.SYNTAX, 'moves must be an array of UCI strings');
    }
    const head = String(spec).trim() === 'startpos' ? 'startpos' : `fen ${spec}`;
    const text = moves.length ? `${head} moves ${moves.join(' ')}` : head;
    this._check(this._x.wt_position(this._input(text)));
  }

  /** Returns the legal moves in UCI notation. */
  legalMoves() {
    const n = this._check(this._x.wt_legal_moves());
    return n === 0 ? [] : this._out().split(' ');
  }

  /** Plays one UCI move; throws (code MOVE) when it is malformed or illegal. */
  play(uci) {
    this._check(this._x.wt_play(this._input(uci)));
  }

  /** Returns the current position as FEN. */
  fen() {
    this._check(this._x.wt_fen());
    return this._out();
  }

  /**
   * Returns the game state: { state, code, whiteToMove, over } where state is one of
   * STATES (repetition, fifty-move and material draws are reported, not enforced).
   */
  status() {
    const v = this._check(this._x.wt_status());
    const code = v & 7;
    return { state: STATES[code], code, whiteToMove: (v & 8) !== 0, over: code !== 0 };
  }

  /** Counts leaf nodes `depth` (0 to 10) plies below the current position. */
  perft(depth) {
    if (!Number.isInteger(depth) || depth < 0) {
      throw new WingtipError(ERRORS.RANGE, `perft depth must be an integer 0 to 10, got ${depth}`);
    }
    const n = this._x.wt_perft(Math.min(depth, 0xffffffff));
    if (n < 0) throw new WingtipError(n, this._out());
    return n;
  }

  /**
   * Searches the current position. Budgets: `depth` (plies), `nodes`, `movetimeMs`;
   * any left out (or 0) is no limit of that kind, and with none at all the search
   * runs until stop() (from onInfo or via stopFlag) or its deepest iteration.
   * `onInfo` receives { depth, seldepth, score, nodes, timeMs, hashfull, pv } after
   * every iteration. Returns { bestmove, ponder, score: {cp}|{mate}, depth, nodes,
   * timeMs, pv }; bestmove is null only when the side to move has no legal move.
   */
  go({ depth = 0, nodes = 0, movetimeMs = 0, onInfo = null } = {}) {
    if (!Number.isInteger(depth) || depth < 0) {
      throw new WingtipError(ERRORS.RANGE, `depth must be an integer >= 0, got ${depth}`);
    }
    this._setOnInfo(onInfo);
    this._clearStop();
    this._infoError = null;
    try {
      this._check(this._x.wt_go(Math.min(depth, 1000), Number(nodes), Number(movetimeMs)));
    } finally {
      this._setOnInfo(null);
    }
    if (this._infoError) throw this._infoError.error;
    return parseResult(this._out());
  }

  /** Stops a running search (call it from onInfo; other threads use stopFlag). */
  stop() {
    this._stop();
    this._x.wt_stop();
  }
}

/** Parses the module's `bestmove … pv …` line. */
export function parseResult(line) {
  const w = line.split(' ');
  const at = (key) => w[w.indexOf(key) + 1];
  const move = (m) => (m === '(none)' ? null : m);
  const kind = at('score');
  const value = Number(w[w.indexOf('score') + 2]);
  const pvAt = w.indexOf('pv');
  return {
    bestmove: move(at('bestmove')),
    ponder: move(at('ponder')),
    score: kind === 'mate' ? { mate: value } : { cp: value },
    depth: Number(at('depth')),
    nodes: Number(at('nodes')),
    timeMs: Number(at('time')),
    pv: w.slice(pvAt + 1).filter((m) => m),
  };
}

/**
 * Starts wingtip on a page without waiting for a Web Worker to start. The module is
 * compiled once, on this thread (streaming where the response allows it); as soon as
 * it is compiled an Engine is created on this thread, and a WorkerEngine (started at
 * once, in parallel) receives the same compiled module for searches.
 *
 * The Engine on this thread is for calls that take microseconds (position, legal
 * moves, play, FEN, status, a small perft); searches and deep perfts belong in the
 * worker, or they block the page. Needs Web Workers (a browser); elsewhere use
 * create() and createWorker().
 *
 * @param {object} options
 * @param {WebAssembly.Module|ArrayBuffer|Uint8Array|Response|URL|string|Promise} options.wasm
 *   anything create() accepts, or a Promise of one (e.g. a pending fetch())
 * @param {number} [options.hashMiB=16] the worker's hash table size in MiB
 * @param {number} [options.mainHashMiB=0] the hash of the Engine on this thread
 * @param {string|URL} [options.workerUrl] where worker.js is (default: beside this module)
 * @returns {{ module: Promise<WebAssembly.Module>, engine: Promise<Engine>,
 *   worker: WorkerEngine, timings: { compiled?: number, ready?: number } }}
 *   `timings` receives performance.now() when the module was compiled and when the
 *   Engine on this thread answered its first legal-move call (`ready`).
 */
export function launch({ wasm, hashMiB = 16, mainHashMiB = 0, workerUrl } = {}) {
  const timings = {};
  const module = Promise.resolve(wasm).then(compile).then((m) => {
    timings.compiled = performance.now();
    return m;
  });
  // The worker first: its thread starts while the module downloads and compiles.
  const worker = new WorkerEngine({ wasm: module, hashMiB, workerUrl });
  const engine = module.then((m) => {
    const e = new Engine(m);
    e.newGame(mainHashMiB);
    e.legalMoves(); // the tables answer: the engine is ready
    timings.ready = performance.now();
    return e;
  });
  // A failure reaches whoever awaits engine or worker.ready, not as an unhandled rejection.
  worker.ready.catch(() => {});
  return { module, engine, worker, timings };
}

/**
 * Starts the engine in a Web Worker (worker.js beside this file) and returns a
 * WorkerEngine: the same methods as Engine, each returning a Promise.
 * @param {object} options as for create(), plus
 * @param {string|URL} [options.workerUrl] where worker.js is (default: beside this module)
 */
export async function createWorker(options = {}) {
  const w = new WorkerEngine(options);
  await w.ready;
  return w;
}

/**
 * The engine in a Web Worker; every method returns a Promise. `wasm` is anything
 * create() accepts, or a Promise of one (e.g. a pending fetch()).
 */
export class WorkerEngine {
  constructor({ wasm, hashMiB = 16, workerUrl = new URL('./worker.js', import.meta.url) } = {}) {
    this._options = { hashMiB };
    this._workerUrl = workerUrl;
    this._wasm = wasm;
    this._next = 1;
    this._pending = new Map();
    this._moves = null; // the position to restore after a restart: [spec, moves]
    // A stop flag shared with the worker where the page may use SharedArrayBuffer.
    this._stopFlag = globalThis.crossOriginIsolated
      ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.ready = this._start();
  }

  async _start() {
    // The worker starts (fetching worker.js and wingtip.js) while the module
    // downloads and compiles; messages posted before it runs are queued.
    this._worker = new Worker(this._workerUrl, { type: 'module' });
    this._worker.onmessage = (e) => this._onMessage(e.data);
    this._worker.onerror = (e) => this._failAll(new WingtipError(ERRORS.STATE, `worker error: ${e.message}`));
    if (!(this._wasm instanceof WebAssembly.Module)) this._wasm = await compile(await this._wasm);
    /** performance.now() when the module was compiled and when the engine was ready. */
    this.timings = { compiled: performance.now() };
    /** The compiled module (to start more workers without compiling again). */
    this.module = this._wasm;
    const info = await this._call('init', { module: this._wasm, hashMiB: this._options.hashMiB, stopFlag: this._stopFlag });
    this.backend = info.backend;
    /** The evaluation compiled into the module (as Engine.network). */
    this.network = info.network;
    this.timings.ready = performance.now();
    return this;
  }

  _onMessage(msg) {
    const p = this._pending.get(msg.id);
    if (!p) return;
    if (msg.info) {
      p.lastInfo = msg.info;
      if (p.onInfo) p.onInfo(msg.info);
      return;
    }
    this._pending.delete(msg.id);
    if (msg.error) p.reject(new WingtipError(msg.error.code, msg.error.message));
    else p.resolve(msg.result);
  }

  _failAll(err) {
    for (const p of this._pending.values()) p.reject(err);
    this._pending.clear();
  }

  _call(op, args = {}, onInfo = null) {
    const id = this._next++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, onInfo, op, lastInfo: null });
      this._worker.postMessage({ id, op, args });
    });
  }

  /** See Engine.newGame. */
  async newGame(hashMiB = this._options.hashMiB) {
    await this._call('newGame', { hashMiB });
    this._options.hashMiB = hashMiB;
    this._moves = null;
  }

  /** See Engine.position. */
  async position(spec = 'startpos', moves = []) {
    await this._call('position', { spec, moves });
    this._moves = [spec, [...moves]];
  }

  /** See Engine.play. */
  async play(uci) {
    await this._call('play', { uci });
    if (!this._moves) this._moves = ['startpos', []];
    this._moves[1].push(uci);
  }

  /** See Engine.legalMoves. */
  legalMoves() { return this._call('legalMoves'); }

  /** See Engine.fen. */
  fen() { return this._call('fen'); }

  /** See Engine.status. */
  status() { return this._call('status'); }

  /** See Engine.perft; resolves to { nodes, ms }. */
  perft(depth) { return this._call('perft', { depth }); }

  /** See Engine.go. A second go while one runs is refused (code BUSY). */
  go({ depth = 0, nodes = 0, movetimeMs = 0, onInfo = null } = {}) {
    for (const p of this._pending.values()) {
      if (p.op === 'go') {
        return Promise.reject(new WingtipError(ERRORS.BUSY, 'a search is already running'));
      }
    }
    return this._call('go', { depth, nodes, movetimeMs }, onInfo);
  }

  /**
   * Stops a running search. The pending go resolves with the best move found so
   * far. With a SharedArrayBuffer (cross-origin isolated page) the worker's search
   * reads the flag and returns; without one the worker is terminated and restarted
   * (the module is already compiled, so that takes a few milliseconds), the
   * position restored, and the go resolved from the last completed iteration.
   */
  async stop() {
    const go = [...this._pending.entries()].find(([, p]) => p.op === 'go');
    if (!go) return;
    if (this._stopFlag) {
      Atomics.store(this._stopFlag, 0, 1);
      return;
    }
    const [id, p] = go;
    this._pending.delete(id);
    const info = p.lastInfo;
    await this._restart();
    p.resolve({
      bestmove: info?.pv[0] ?? null, ponder: info?.pv[1] ?? null,
      score: info?.score ?? { cp: 0 }, depth: info?.depth ?? 0,
      nodes: info?.nodes ?? 0, timeMs: info?.timeMs ?? 0, pv: info?.pv ?? [], stopped: true,
    });
  }

  async _restart() {
    this._worker.terminate();
    this._failAll(new WingtipError(ERRORS.STOPPED, 'cancelled by stop()'));
    this.ready = this._start();
    await this.ready;
    if (this._moves) await this._call('position', { spec: this._moves[0], moves: this._moves[1] });
  }

  /** Ends the worker; pending calls reject with code STOPPED. */
  terminate() {
    this._worker.terminate();
    this._failAll(new WingtipError(ERRORS.STOPPED, 'terminated'));
  }
}
