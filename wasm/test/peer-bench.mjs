// wingtip against the npm `stockfish` package (Stockfish 19 as WASM, GPL-3.0) in the
// same headless Chromium, same run: bytes downloaded, page load → ready, module
// downloaded → ready, page load → first bestmove at a fixed movetime. Stockfish is
// only downloaded and served by this benchmark (into wasm/target/peer/, never into
// wasm/www/): nothing of it is shipped.
//
//   wasm/web.sh build
//   npm install --prefix wasm/target/peer --ignore-scripts --no-save stockfish@19.0.0   # ~200 MB
//   node wasm/test/peer-bench.mjs [movetime_ms=500] [rounds=10] [flavour=lite-single]
//
// Each round loads each page cold in a fresh browser context (empty cache), in turn:
//   - wingtip: a minimal harness page that calls wingtip.js's launch() (what the
//     page's boot.js does): "ready" is when the engine on the page's thread has
//     answered its first legal-move call; the first bestmove comes from the search
//     worker (position startpos, go movetime);
//   - Stockfish: a minimal harness page that starts the package's worker script and
//     speaks UCI: "ready" is its `readyok` (uci → uciok, isready → readyok); then
//     position startpos, go movetime → bestmove. The worker is started through a
//     two-line wrapper that records when the .wasm's download ended (the worker's
//     Resource Timing) and then loads the package's script unchanged;
//   - the wingtip page itself (wasm/www/index.html, with its board UI): its own
//     figures (engine ready; no engine move, the person plays first);
//   - an empty page whose only inline script notes the time: the floor under any
//     "load → ready" on this machine (starting a fresh page's renderer).
// "Downloaded" is the engine's .wasm responseEnd (Resource Timing), on the page's
// clock (the worker's via performance.timeOrigin); on the wingtip page, which
// preloads the module, the later of that and boot.js's fetch() resolving. Medians
// (and min–max) are printed as a Markdown table; FIGURES=<file> also writes them as
// JSON.
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const movetime = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 10);
const flavour = process.argv[4] ?? 'lite-single';
const here = dirname(fileURLToPath(import.meta.url));
const www = join(here, '..', 'www');
const peer = join(here, '..', 'target', 'peer', 'node_modules', 'stockfish', 'bin');
const sfJs = `stockfish-19-${flavour}.js`;
const sfWasm = `stockfish-19-${flavour}.wasm`;
if (!existsSync(join(peer, sfJs))) {
  console.error(`${join(peer, sfJs)} is missing; install the peer first (see the top of this file)`);
  process.exit(2);
}
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

const pages = {
  '/bench-wingtip.html': ['text/html', `<!doctype html><title>wingtip</title><script type="module">
    import { launch } from './wingtip.js';
    const url = new URL('wingtip.wasm', location.href).href;
    const { engine, worker, timings } = launch({ wasm: fetch(url), hashMiB: 16 });
    const e = await engine;
    const legal = e.legalMoves().length;
    const downloaded = performance.getEntriesByName(url)[0].responseEnd;
    await worker.position('startpos');
    const r = await worker.go({ movetimeMs: ${movetime} });
    window.result = { ready: timings.ready, compiled: timings.compiled, downloaded, first: performance.now(),
      workerReady: worker.timings.ready, bestmove: r.bestmove, legal };
  </script>`],
  '/bench-stockfish.html': ['text/html', `<!doctype html><title>stockfish</title><script>
    // The wrapper passes the .wasm's URL in the hash, as the package's script reads it.
    const w = new Worker('/peer/timed.js#' + encodeURIComponent(location.origin + '/peer/${sfWasm}'));
    let ready = 0;
    let downloaded = 0;
    w.onmessage = (e) => {
      if (typeof e.data === 'object' && e.data.wasmEnd) {
        downloaded = e.data.wasmEnd - performance.timeOrigin;
        return;
      }
      const line = String(e.data);
      if (line === 'uciok') w.postMessage('isready');
      else if (line === 'readyok' && !ready) {
        ready = performance.now();
        w.postMessage('position startpos');
        w.postMessage('go movetime ${movetime}');
      } else if (line.startsWith('bestmove')) {
        window.result = { ready, downloaded, first: performance.now(), bestmove: line.split(' ')[1] };
      }
    };
    w.postMessage('uci');
  </script>`],
  // The floor: when a page's first script runs (no engine at all).
  '/bench-empty.html': ['text/html', `<!doctype html><title>empty</title><script>
    window.result = { ready: performance.now(), downloaded: 0, first: 0 };
  </script>`],
  // Records when the .wasm's download ended (on the page's clock via timeOrigin), then
  // runs the package's worker script as it is.
  '/peer/timed.js': ['text/javascript', `new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name.endsWith('.wasm')) postMessage({ wasmEnd: performance.timeOrigin + e.responseEnd });
      }
    }).observe({ type: 'resource', buffered: true });
    importScripts('${sfJs}');`],
};

let served = 0; // engine and page bytes served since the last reset (harness pages not counted)
const cache = new Map(); // files are read from disk once, then served from memory
const server = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (pages[path]) {
    res.writeHead(200, { 'content-type': pages[path][0] }).end(pages[path][1]);
    return;
  }
  const file = path.startsWith('/peer/') ? join(peer, path.slice(6))
    : join(www, path.endsWith('/') ? `${path}index.html` : path);
  try {
    if (!cache.has(file)) cache.set(file, await readFile(file));
    const body = cache.get(file);
    served += body.length;
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch { res.writeHead(404).end(); }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const userDataDir = await mkdtemp(join(tmpdir(), 'wingtip-chromium-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, userDataDir,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});

async function load(name) {
  const context = await browser.createBrowserContext(); // fresh cache
  const page = await context.newPage();
  // (The pages note their own times; polling only decides when this script reads them.)
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  served = 0;
  let r;
  if (name === 'page') {
    await page.goto(`${base}/`);
    await page.waitForFunction(() => window.wingtipFigures?.gzipBytes !== undefined
      && window.wingtipFigures.workerReady, { timeout: 120000, polling: 50 });
    // The page preloads the module, which may arrive before the page's scripts: its
    // engine has the bytes when both the download has ended and boot.js's fetch()
    // has resolved (window.wingtipFigures.downloaded).
    r = await page.evaluate(() => ({
      ready: window.wingtipFigures.ready, downloaded: window.wingtipFigures.downloaded,
      responseEnd: window.wingtipFigures.responseEnd,
      boardReady: window.wingtipFigures.boardReady, workerReady: window.wingtipFigures.workerReady,
    }));
  } else {
    await page.goto(`${base}/bench-${name}.html`);
    await page.waitForFunction(() => window.result, { timeout: 120000, polling: 50 });
    r = await page.evaluate(() => window.result);
  }
  await context.close();
  if (errors.length) throw new Error(`${name}: ${errors.join('; ')}`);
  return { ...r, bytes: served };
}

const names = ['wingtip', 'stockfish', 'page', 'empty'];
const runs = Object.fromEntries(names.map((n) => [n, []]));
for (let i = 0; i < rounds; i++) {
  for (const name of names) runs[name].push(await load(name));
}
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const stat = (name, f) => {
  const xs = runs[name].map(f);
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
};
const ms = (s, digits = 0) => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
const figures = {};
for (const name of names) {
  figures[name] = {
    bytes: stat(name, (x) => x.bytes),
    loadToReadyMs: stat(name, (x) => x.ready),
    downloadedToReadyMs: stat(name, (x) => x.ready - x.downloaded),
    ...(name === 'page' ? {
      loadToBoardReadyMs: stat(name, (x) => x.boardReady),
      responseEndToReadyMs: stat(name, (x) => x.ready - x.responseEnd),
    } : { loadToFirstBestmoveMs: stat(name, (x) => x.first) }),
  };
}
figures.wingtip.downloadedToCompiledMs = stat('wingtip', (x) => x.compiled - x.downloaded);
figures.wingtip.compiledToReadyMs = stat('wingtip', (x) => x.ready - x.compiled);
delete figures.empty.downloadedToReadyMs;
delete figures.empty.loadToFirstBestmoveMs;
const w = figures.wingtip;
const s = figures.stockfish;
const p = figures.page;
figures.ratios = {
  loadToReady: s.loadToReadyMs.median / w.loadToReadyMs.median,
  downloadedToReady: s.downloadedToReadyMs.median / w.downloadedToReadyMs.median,
  loadToFirstBestmove: s.loadToFirstBestmoveMs.median / w.loadToFirstBestmoveMs.median,
  pageLoadToReady: s.loadToReadyMs.median / p.loadToReadyMs.median,
};
figures.browser = await browser.version();
figures.movetimeMs = movetime;
figures.rounds = rounds;
figures.stockfish.file = sfJs;

console.log(`${figures.browser}, movetime ${movetime} ms, ${rounds} cold loads of each page, interleaved; `
  + 'median (min–max), ms from the page\'s navigation start');
console.log('| engine | bytes downloaded | load → ready | .wasm downloaded → ready | load → first bestmove |');
console.log('|---|---|---|---|---|');
console.log(`| wingtip (\`launch()\`: wingtip.js + worker.js + wingtip.wasm) | ${w.bytes.median.toLocaleString('en-US')} `
  + `| ${ms(w.loadToReadyMs)} | ${ms(w.downloadedToReadyMs, 1)} | ${ms(w.loadToFirstBestmoveMs)} |`);
console.log(`| Stockfish 19 npm \`${sfJs}\` + .wasm | ${s.bytes.median.toLocaleString('en-US')} `
  + `| ${ms(s.loadToReadyMs)} | ${ms(s.downloadedToReadyMs, 1)} | ${ms(s.loadToFirstBestmoveMs)} |`);
console.log(`| wingtip's page (index.html, board UI; board playable at ${ms(p.loadToBoardReadyMs)}) `
  + `| ${p.bytes.median.toLocaleString('en-US')} | ${ms(p.loadToReadyMs)} | ${ms(p.downloadedToReadyMs, 1)} `
  + `(from the .wasm's responseEnd: ${ms(p.responseEndToReadyMs, 1)}) | – |`);
console.log(`| an empty page (its first inline script runs) | – | ${ms(figures.empty.loadToReadyMs)} | – | – |`);
console.log(`wingtip: .wasm downloaded → compiled ${ms(w.downloadedToCompiledMs, 1)}, `
  + `compiled → ready (instance, wt_new, first legal moves) ${ms(w.compiledToReadyMs, 1)}`);
const r = figures.ratios;
console.log(`wingtip ready ${r.loadToReady.toFixed(1)}x sooner than Stockfish from page load `
  + `(its page: ${r.pageLoadToReady.toFixed(1)}x), ${r.downloadedToReady.toFixed(1)}x from the module's download; `
  + `first bestmove ${r.loadToFirstBestmove.toFixed(1)}x sooner`);
console.log(`bestmoves: wingtip ${runs.wingtip.map((x) => x.bestmove).join(' ')}; `
  + `stockfish ${runs.stockfish.map((x) => x.bestmove).join(' ')}`);
if (process.env.FIGURES) await writeFile(process.env.FIGURES, JSON.stringify(figures, null, 2));
await browser.close();
server.close();
await rm(userDataDir, { recursive: true, force: true });
