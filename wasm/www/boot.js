// boot.js: starts the engine as early as the page can, before the board UI's modules
// load: the module download and compile and the worker's start run in parallel with
// them. app.js picks the engine up from here.
import { WorkerEngine } from './wingtip.js';

const url = new URL('wingtip.wasm', location.href).href;

/** The starting engine and the moments of its start (performance.now() values). */
export const boot = { url, started: performance.now(), response: 0, engine: null };

boot.engine = new WorkerEngine({
  wasm: fetch(url).then((r) => {
    if (!r.ok) throw new Error(`wingtip.wasm: HTTP ${r.status} (run scripts/web.sh build)`);
    boot.response = performance.now();
    return r;
  }),
  hashMiB: 16,
});
