// boot.js: starts the engine as early as the page can, before the board UI's modules
// load. launch() (wingtip.js) compiles the module on this thread as it downloads and
// creates an engine here as soon as it is compiled: that engine answers the game's
// legal moves, moves, FEN and status, so the page is ready without waiting for a Web
// Worker to start. The worker (for searches and perft) starts in parallel and gets
// the compiled module. app.js picks both up from here.
import { launch } from './wingtip.js';

const url = new URL('wingtip.wasm', location.href).href;

/**
 * The starting engine and the moments of its start (performance.now() values):
 * `response` when the module's response headers came in; `timings.compiled` and
 * `timings.ready` (the engine on this thread answered a legal-move call) from launch().
 */
export const boot = { url, started: performance.now(), response: 0 };

const started = launch({
  wasm: fetch(url).then((r) => {
    if (!r.ok) throw new Error(`wingtip.wasm: HTTP ${r.status} (run wasm/web.sh build)`);
    boot.response = performance.now();
    return r;
  }),
  hashMiB: 16,
});
/** Promise of the Engine on this thread (wingtip.js Engine). */
boot.engine = started.engine;
/** The WorkerEngine for searches (its `ready` resolves when the worker answers). */
boot.worker = started.worker;
/** Promise of the compiled WebAssembly.Module. */
boot.module = started.module;
boot.timings = started.timings;
boot.engine.then(() => performance.mark('wingtip-ready'), () => {});
