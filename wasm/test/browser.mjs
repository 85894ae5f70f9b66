// Browser test: loads wasm/www/ in headless Chromium (Debian's /usr/bin/chromium,
// driven by puppeteer-core) over a local HTTP server and plays on the page as a
// person would: clicks and drags on the board, the FEN box, the perft button, an
// engine-vs-engine game replayed independently by chess.js.
//
// Run: wasm/web.sh build && node --test wasm/test/browser.mjs
// Env: CHROMIUM (default /usr/bin/chromium), SCREENSHOT (default wasm/target/web.png),
//      FIGURES (a JSON file to write the measured figures to, optional),
//      LONG_TASK_MS (the longest main-thread task allowed during a search, default 100).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm, mkdir, writeFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { Chess } from 'chess.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', 'www');
const screenshot = process.env.SCREENSHOT ?? join(here, '..', 'target', 'web.png');
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm', '.png': 'image/png',
};

let server;
let browser;
let page;
let base;
let userDataDir;
const consoleErrors = [];
const figures = {};

/**
 * A static file server for wasm/www on 127.0.0.1 (a free port); `isolated` adds the
 * headers that make a page cross-origin isolated (SharedArrayBuffer available);
 * `delays` maps paths to milliseconds to wait before answering them.
 */
function serve({ isolated = false, delays = {} } = {}) {
  const extra = isolated
    ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } : {};
  return new Promise((resolve) => {
    const s = createServer(async (req, res) => {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (delays[path]) await new Promise((r) => setTimeout(r, delays[path]));
      const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
      if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...extra });
        res.end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    });
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
}

const moves = () => page.$eval('#moves', (e) => (e.dataset.moves ? e.dataset.moves.split(' ') : []));
const message = () => page.$eval('#message', (e) => ({ text: e.textContent, error: e.classList.contains('error') }));
const state = () => page.$eval('body', (e) => e.dataset.state);

async function square(sq) {
  const box = await page.$eval(`#board [data-square="${sq}"]`, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  return box;
}

async function clickMove(from, to) {
  const a = await square(from);
  const b = await square(to);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
}

async function dragMove(from, to) {
  const a = await square(from);
  const b = await square(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

/** Waits until the game has `n` moves and it is the person's turn again (or the game is over). */
async function waitForMoves(n, timeout) {
  await page.waitForFunction(
    (n) => {
      const m = document.querySelector('#moves').dataset.moves;
      const count = m ? m.split(' ').length : 0;
      return count >= n && ['ready', 'over'].includes(document.body.dataset.state);
    },
    { timeout, polling: 10 }, n,
  );
}

/** Replays UCI moves from the start with chess.js; throws on the first illegal one. */
function replay(list) {
  const chess = new Chess();
  for (const [i, m] of list.entries()) {
    try {
      chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
    } catch {
      throw new Error(`ply ${i + 1}: ${m} is illegal after ${list.slice(0, i).join(' ')}`);
    }
  }
  return chess;
}

before(async () => {
  server = await serve();
  base = `http://127.0.0.1:${server.address().port}/`;
  userDataDir = await mkdtemp(join(tmpdir(), 'wingtip-chromium-'));
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    userDataDir,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
  page = await browser.newPage();
  await page.setViewport({ width: 1060, height: 1000 });
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => consoleErrors.push(`request failed: ${r.url()}`));
  // Long tasks on the main thread, recorded from the start.
  await page.evaluateOnNewDocument(() => {
    window.longTasks = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(base, { waitUntil: 'load' });
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && window.wingtipFigures?.boardReady,
    { timeout: 10000 });
  await page.waitForFunction(() => window.wingtipFigures.workerReady, { timeout: 10000 });
  Object.assign(figures, await page.evaluate(() => {
    const f = window.wingtipFigures;
    return {
      moduleBytes: f.bytes,
      loadToModuleResponseEndMs: f.responseEnd,
      loadToBootScriptMs: f.bootStarted,
      loadToDownloadedMs: f.downloaded,
      loadToReadyMs: f.ready,
      downloadedToCompiledMs: f.compiled - f.downloaded,
      downloadedToReadyMs: f.ready - f.downloaded,
      responseEndToReadyMs: f.ready - f.responseEnd,
      loadToBoardReadyMs: f.boardReady,
      loadToWorkerReadyMs: f.workerReady,
    };
  }));
});

after(async () => {
  await browser?.close();
  server?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  console.log(`figures: ${JSON.stringify(figures)}`);
  if (process.env.FIGURES) await writeFile(process.env.FIGURES, JSON.stringify(figures, null, 2));
});

test('the page loads and gets ready', async () => {
  assert.equal(await state(), 'ready');
  // The page's module carries the network: its budget is the lean module's 400 KiB
  // plus the network file's size.
  const netBytes = (await stat(new URL('../../wingtip/src/eval/net.bin', import.meta.url))).size;
  assert.ok(figures.moduleBytes > 0 && figures.moduleBytes <= 400 * 1024 + netBytes, `${figures.moduleBytes} bytes`);
  assert.equal((await message()).error, false);
  // The engine on the page's thread was ready once the module was in and compiled,
  // and the page says when.
  assert.ok(figures.loadToDownloadedMs > 0 && figures.downloadedToCompiledMs >= 0
    && figures.loadToReadyMs >= figures.loadToDownloadedMs + figures.downloadedToCompiledMs, JSON.stringify(figures));
  assert.match(await page.$eval('#f-ready', (e) => e.textContent), /^\d+ ms$/);
  assert.match(await page.$eval('#f-compile', (e) => e.textContent), /^\d+\.\d ms \(compile \d/);
  assert.match(await page.$eval('#f-worker', (e) => e.textContent), /^\d+ ms/);
  assert.equal(await page.$eval('#f-backend', (e) => e.textContent), 'kindergarten');
  assert.match(await page.$eval('#f-network', (e) => e.textContent), /^network 768-2x\d+-\d+$/);
});

test('the page is ready and playable before its search worker starts', async () => {
  // worker.js is held back 3 s by the server: the engine on the page's thread alone
  // makes the page ready, shows legal targets, accepts e2e4 and refuses e2e5; the
  // engine's answer comes once the worker is up.
  const HOLD = 3000;
  const slow = await serve({ delays: { '/worker.js': HOLD } });
  const context = await browser.createBrowserContext();
  const p = await context.newPage();
  await p.setViewport({ width: 1060, height: 1000 });
  p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`slow-worker page: ${m.text()}`); });
  p.on('pageerror', (e) => consoleErrors.push(`slow-worker page error: ${e.message}`));
  try {
    const t = Date.now();
    await p.goto(`http://127.0.0.1:${slow.address().port}/`, { waitUntil: 'load' });
    await p.waitForFunction(() => document.body.dataset.state === 'ready', { timeout: HOLD - 500 });
    assert.ok(Date.now() - t < HOLD, 'ready before the worker could start');
    const early = await p.evaluate(() => ({
      worker: window.wingtipFigures.workerReady ?? null,
      ready: window.wingtipFigures.ready,
    }));
    assert.equal(early.worker, null, 'the worker is not up yet');
    assert.ok(early.ready > 0);
    const at = async (sq) => p.$eval(`#board [data-square="${sq}"]`, (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    // An illegal move is refused by the engine on the page's thread.
    await p.type('#move-input', 'e2e5');
    await p.click('#move-play');
    await p.waitForFunction(() => /illegal move in this position/.test(document.querySelector('#message').textContent),
      { timeout: 1000 });
    // A legal one by clicks is accepted at once.
    const [a, b] = [await at('e2'), await at('e4')];
    await p.mouse.click(a.x, a.y);
    await p.waitForFunction(() => document.querySelectorAll('#board .marker-dot').length === 2, { timeout: 1000 });
    await p.mouse.click(b.x, b.y);
    await p.waitForFunction(() => document.querySelector('#moves').dataset.moves === 'e2e4', { timeout: 1000 });
    assert.equal(await p.evaluate(() => window.wingtipFigures.workerReady ?? null), null, 'accepted before the worker was up');
    // Then the worker starts and the engine answers.
    await p.waitForFunction(() => document.querySelector('#moves').dataset.moves.split(' ').length === 2
      && document.body.dataset.state === 'ready', { timeout: HOLD + 5000 });
    const list = await p.$eval('#moves', (e) => e.dataset.moves.split(' '));
    replay(list);
    assert.ok(await p.evaluate(() => window.wingtipFigures.workerReady > 0));
  } finally {
    await context.close();
    slow.close();
  }
});

test("a person's e2e4 by clicks is accepted and the engine answers within 2 s", async () => {
  const t = Date.now();
  await clickMove('e2', 'e4');
  await waitForMoves(2, 2000 + 500);
  const answered = Date.now() - t;
  const list = await moves();
  assert.equal(list[0], 'e2e4');
  assert.equal(list.length, 2);
  replay(list);
  assert.ok(answered < 2000 + 500, `answered after ${answered} ms`);
  figures.firstMoveText = await page.$eval('#f-first', (e) => e.textContent);
  figures.firstAnswerMs = await page.evaluate(() => window.wingtipFigures.figures.firstMove.answer);
  figures.loadToFirstEngineMoveMs = await page.evaluate(() => window.wingtipFigures.figures.firstMove.sinceLoad);
  assert.ok(figures.firstAnswerMs < 2000);
});

test('a move by dragging is accepted too', async () => {
  const before = await moves();
  const legal = replay(before).moves({ verbose: true }).map((m) => m.from + m.to);
  const pick = ['g1f3', 'b1c3', 'd2d3', 'a2a3'].find((m) => legal.includes(m));
  await dragMove(pick.slice(0, 2), pick.slice(2, 4));
  await waitForMoves(before.length + 2, 3000);
  const list = await moves();
  assert.equal(list[before.length], pick);
  replay(list);
});

test('an illegal move attempt shows a message and the game stays playable', async () => {
  const before = await moves();
  await dragMove('a2', 'a6'); // a pawn cannot go three squares
  await page.waitForFunction(() => document.querySelector('#message').classList.contains('error'), { timeout: 2000 });
  const m = await message();
  assert.match(m.text, /illegal/i);
  assert.deepEqual(await moves(), before);
  // The typed-move box refuses an illegal move with the engine's message.
  await page.type('#move-input', 'e1e3');
  await page.click('#move-play');
  await page.waitForFunction(() => /illegal move in this position/.test(document.querySelector('#message').textContent), { timeout: 2000 });
  assert.deepEqual(await moves(), before);
  // Still playable: a legal move is accepted and answered.
  const legal = replay(before).moves({ verbose: true }).map((x) => x.from + x.to);
  const pick = ['a2a3', 'h2h3', 'a2a4', 'h2h4'].find((x) => legal.includes(x));
  await clickMove(pick.slice(0, 2), pick.slice(2, 4));
  await waitForMoves(before.length + 2, 3000);
  replay(await moves());
  assert.equal((await message()).error, false);
});

test('a malformed FEN shows a message and the game stays playable', async () => {
  const before = await moves();
  await page.$eval('#fen', (e) => { e.value = ''; });
  await page.type('#fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 banana');
  await page.click('#fen-set');
  await page.waitForFunction(() => /Bad FEN/.test(document.querySelector('#message').textContent), { timeout: 2000 });
  assert.equal((await message()).error, true);
  await page.waitForFunction(() => document.body.dataset.state === 'ready', { timeout: 2000 });
  assert.deepEqual(await moves(), before);
  const legal = replay(before).moves({ verbose: true }).map((x) => x.from + x.to);
  const pick = ['b2b3', 'g2g3', 'b2b4', 'g2g4'].find((x) => legal.includes(x));
  await clickMove(pick.slice(0, 2), pick.slice(2, 4));
  await waitForMoves(before.length + 2, 3000);
  replay(await moves());
});

test('undo takes back the last move pair; new game resets', async () => {
  const before = await moves();
  await page.click('#undo');
  await page.waitForFunction((n) => document.querySelector('#moves').dataset.moves.split(' ').length === n
    && document.body.dataset.state === 'ready', { timeout: 2000 }, before.length - 2);
  assert.deepEqual(await moves(), before.slice(0, -2));
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelector('#moves').dataset.moves === ''
    && document.body.dataset.state === 'ready', { timeout: 2000 });
});

test('playing Black: the engine opens, the board turns', async () => {
  await page.select('#side', 'b');
  await waitForMoves(1, 3000);
  const list = await moves();
  assert.equal(list.length, 1, `${list} ${JSON.stringify(await message())} ${await page.$eval('#side', (e) => e.value)}`);
  replay(list);
  const bottomLeft = await page.$eval('#board [data-square="h8"]', (e) => e.getBoundingClientRect().bottom);
  const topRight = await page.$eval('#board [data-square="a1"]', (e) => e.getBoundingClientRect().bottom);
  assert.ok(bottomLeft > topRight, 'h8 is at the bottom');
  await page.select('#side', 'w');
  await page.waitForFunction(() => document.querySelector('#moves').dataset.moves === ''
    && document.body.dataset.state === 'ready', { timeout: 3000 });
});

test('a promotion asks for the piece (a knight here) from a FEN position', async () => {
  await page.$eval('#fen', (e) => { e.value = '7k/P7/8/8/8/8/7P/K7 w - - 0 1'; });
  await page.click('#fen-set');
  await page.waitForFunction(() => document.querySelector('#message').textContent === 'Position set.', { timeout: 2000 });
  await dragMove('a7', 'a8');
  await page.waitForSelector('[data-piece="wn"]', { timeout: 2000 });
  await page.click('[data-piece="wn"]');
  await waitForMoves(2, 3000);
  const list = await moves();
  assert.equal(list[0], 'a7a8n');
  const chess = new Chess('7k/P7/8/8/8/8/7P/K7 w - - 0 1');
  for (const m of list) chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  assert.equal(chess.get('a8')?.type, 'n');
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelector('#moves').dataset.moves === ''
    && document.body.dataset.state === 'ready', { timeout: 3000 });
});

test('perft(5) from the start position reports 4,865,609', async () => {
  await page.select('#perft-depth', '5');
  await page.click('#perft');
  await page.waitForFunction(() => /=/.test(document.querySelector('#perft-result').textContent), { timeout: 30000 });
  const text = await page.$eval('#perft-result', (e) => e.textContent);
  assert.match(text, /^perft\(5\) = 4,865,609 in \d+ ms$/);
  const ms = Number(text.match(/in (\d+) ms/)[1]);
  figures.perft5Ms = ms;
  figures.perft5Mnps = Number((4865609 / ms / 1000).toFixed(1));
});

test('a 40-ply engine-vs-engine game on the page has only legal moves', async () => {
  await page.select('#movetime', '50');
  await page.$eval('#self-plies', (e) => { e.value = '40'; });
  const taskMark = await page.evaluate(() => performance.now());
  await page.click('#self-play');
  await page.waitForFunction(() => {
    const m = document.querySelector('#moves').dataset.moves;
    return document.body.dataset.state === 'over'
      || (m && m.split(' ').length >= 40 && document.body.dataset.state === 'ready');
  }, { timeout: 60000, polling: 50 });
  const list = await moves();
  const chess = replay(list);
  if (list.length < 40) assert.ok(chess.isGameOver(), `stopped after ${list.length} plies without the game being over`);
  else assert.equal(list.length, 40);
  const fen = await page.$eval('#fen', (e) => e.value);
  assert.equal(fen.split(' ').slice(0, 4).join(' '), chess.fen().split(' ').slice(0, 4).join(' '));
  figures.selfPlayPlies = list.length;
  // The page stayed responsive: no main-thread task over 100 ms (LONG_TASK_MS) while
  // the engine played. (Tasks are wall time: a machine busy with other work stretches them.)
  const limit = Number(process.env.LONG_TASK_MS ?? 100);
  const long = await page.evaluate((t) => window.longTasks.filter((x) => x.start >= t), taskMark);
  figures.longTasksDuringSelfPlay = long.map((x) => Math.round(x.duration));
  assert.ok(long.every((x) => x.duration <= limit), `tasks over ${limit} ms: ${JSON.stringify(long)}`);
});

/** Drives createWorker() inside `p`: a second go, stop() of an unbounded search, bad input after it. */
async function workerApi(p) {
  const r = await p.evaluate(async () => {
    const { createWorker, ERRORS } = await import('./wingtip.js');
    const w = await createWorker({ wasm: 'wingtip.wasm', hashMiB: 1 });
    const out = { isolated: globalThis.crossOriginIsolated === true };
    await w.position('startpos', ['e2e4']);
    let infos = 0;
    const go = w.go({ onInfo: () => { infos++; } }); // no budget: runs until stop()
    out.second = await w.go({ depth: 1 }).then(() => 'accepted', (e) => e.code === ERRORS.BUSY);
    await new Promise((res) => setTimeout(res, 300));
    const t = performance.now();
    await w.stop();
    const result = await go;
    out.stopMs = performance.now() - t;
    out.bestmove = result.bestmove;
    out.restarted = result.stopped === true;
    out.infos = infos;
    out.legal = await w.legalMoves();
    out.fen = await w.fen();
    out.badPosition = await w.position('startpos', ['e2e5']).then(() => 'accepted', (e) => e.code === ERRORS.MOVE);
    out.afterBad = await w.fen();
    out.perft = (await w.perft(3)).nodes;
    w.terminate();
    return out;
  });
  assert.equal(r.second, true);
  assert.ok(r.infos > 0);
  assert.ok(r.legal.length === 20 && r.legal.includes(r.bestmove), JSON.stringify(r));
  assert.equal(r.fen, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  assert.equal(r.badPosition, true);
  assert.equal(r.afterBad, r.fen);
  assert.equal(r.perft, 13160); // perft(3) after 1.e4
  return r;
}

test('the worker API: a second go is refused, stop() answers with a move, the engine goes on', async () => {
  const r = await workerApi(page);
  assert.equal(r.isolated, false);
  assert.equal(r.restarted, true); // without SharedArrayBuffer, stop() restarts the worker
  figures.workerStopRestartMs = Math.round(r.stopMs);
});

test('the worker API on a cross-origin isolated page: stop() through a SharedArrayBuffer flag', async () => {
  const isolatedServer = await serve({ isolated: true });
  const p = await browser.newPage();
  p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`isolated page: ${m.text()}`); });
  p.on('pageerror', (e) => consoleErrors.push(`isolated page error: ${e.message}`));
  try {
    await p.goto(`http://127.0.0.1:${isolatedServer.address().port}/`, { waitUntil: 'load' });
    await p.waitForFunction(() => document.body.dataset.state === 'ready', { timeout: 10000 });
    const r = await workerApi(p);
    assert.equal(r.isolated, true);
    assert.equal(r.restarted, false); // the search itself saw the flag and returned
    figures.workerStopFlagMs = Math.round(r.stopMs);
  } finally {
    await p.close();
    isolatedServer.close();
  }
});

test('screenshot, and no console error during the whole session', async () => {
  await mkdir(dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot, fullPage: true });
  figures.gzipBytes = await page.evaluate(() => window.wingtipFigures.gzipBytes);
  assert.deepEqual(consoleErrors, []);
});
