// wingtip against the npm `stockfish` package (Stockfish 19 as WASM, GPL-3.0) in the
// same headless Chromium, same run: bytes downloaded, page load → ready, page load →
// first bestmove at a fixed movetime. Stockfish is only downloaded and served by this
// benchmark (into wasm/target/peer/, never into wasm/www/): nothing of it is shipped.
//
//   scripts/web.sh build
//   npm install --prefix wasm/target/peer --ignore-scripts --no-save stockfish@19.0.0   # ~160 MB
//   node wasm/test/peer-bench.mjs [movetime_ms=500] [rounds=3] [flavour=lite-single]
//
// Each round loads each engine's minimal harness page in a fresh browser context
// (empty cache), interleaved; medians are printed as a Markdown table. The harness
// pages are generated here: wingtip through wingtip.js's createWorker(), Stockfish
// through its own worker script speaking UCI (uci → uciok, isready → readyok).
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const movetime = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 3);
const flavour = process.argv[4] ?? 'lite-single';
const here = dirname(fileURLToPath(import.meta.url));
const www = join(here, '..', 'www');
const peer = join(here, '..', 'target', 'peer', 'node_modules', 'stockfish', 'bin');
const sfJs = `stockfish-19-${flavour}.js`;
if (!existsSync(join(peer, sfJs))) {
  console.error(`${join(peer, sfJs)} is missing; install the peer first (see the top of this file)`);
  process.exit(2);
}
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

const pages = {
  '/bench-wingtip.html': `<!doctype html><title>wingtip</title><script type="module">
    const { createWorker } = await import('./wingtip.js');
    const w = await createWorker({ wasm: 'wingtip.wasm', hashMiB: 16 });
    const ready = performance.now();
    await w.position('startpos');
    const r = await w.go({ movetimeMs: ${movetime} });
    window.result = { ready, first: performance.now(), bestmove: r.bestmove };
  </script>`,
  '/bench-stockfish.html': `<!doctype html><title>stockfish</title><script>
    const w = new Worker('/peer/${sfJs}');
    let ready = 0;
    w.onmessage = (e) => {
      const line = String(e.data);
      if (line === 'uciok') w.postMessage('isready');
      else if (line === 'readyok' && !ready) {
        ready = performance.now();
        w.postMessage('position startpos');
        w.postMessage('go movetime ${movetime}');
      } else if (line.startsWith('bestmove')) {
        window.result = { ready, first: performance.now(), bestmove: line.split(' ')[1] };
      }
    };
    w.postMessage('uci');
  </script>`,
};

let served = 0; // engine bytes served since the last reset (harness pages not counted)
const server = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (pages[path]) { res.writeHead(200, { 'content-type': 'text/html' }).end(pages[path]); return; }
  const file = path.startsWith('/peer/') ? join(peer, path.slice(6)) : join(www, path);
  try {
    const body = await readFile(file);
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
  served = 0;
  await page.goto(`${base}/bench-${name}.html`);
  await page.waitForFunction(() => window.result, { timeout: 120000, polling: 5 });
  const r = await page.evaluate(() => window.result);
  await context.close();
  return { ...r, bytes: served };
}

const runs = { wingtip: [], stockfish: [] };
for (let i = 0; i < rounds; i++) {
  for (const name of ['wingtip', 'stockfish']) runs[name].push(await load(name));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (name, label) => {
  const r = runs[name];
  return `| ${label} | ${median(r.map((x) => x.bytes)).toLocaleString('en-US')} | ${median(r.map((x) => x.ready)).toFixed(0)} `
    + `| ${median(r.map((x) => x.first)).toFixed(0)} |`;
};
console.log(`${await browser.version()}, movetime ${movetime} ms, median of ${rounds} cold loads each, interleaved`);
console.log('| engine | bytes downloaded | load → ready (ms) | load → first bestmove (ms) |');
console.log('|---|---|---|---|');
console.log(row('wingtip', 'wingtip (wingtip.js + worker.js + wingtip.wasm)'));
console.log(row('stockfish', `Stockfish 19 npm \`${sfJs}\` + .wasm`));
const ratio = median(runs.stockfish.map((x) => x.ready)) / median(runs.wingtip.map((x) => x.ready));
console.log(`ready: wingtip ${ratio.toFixed(1)}x sooner`);
console.log(`bestmoves: wingtip ${runs.wingtip.map((x) => x.bestmove).join(' ')}; stockfish ${runs.stockfish.map((x) => x.bestmove).join(' ')}`);
await browser.close();
server.close();
await rm(userDataDir, { recursive: true, force: true });
