// Perft speed of the page's module in headless Chromium against the native binary,
// interleaved in one run (not a test: prints a table).
//
//   cargo build --release && wasm/web.sh build
//   node wasm/test/perft-speed.mjs [depth=6] [rounds=3]
//
// Chromium runs perft through the page's own perft button (a Web Worker, the module
// of wasm/www/); native is `target/release/wingtip perft <depth>` (its default
// backend for this build, printed). Each round runs both once; medians are reported.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const depth = Number(process.argv[2] ?? 6);
const rounds = Number(process.argv[3] ?? 3);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', 'www');
const native = join(here, '..', '..', 'target', 'release', 'wingtip');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };

const server = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch { res.writeHead(404).end(); }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const userDataDir = await mkdtemp(join(tmpdir(), 'wingtip-chromium-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, userDataDir,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForFunction(() => document.body.dataset.state === 'ready');
await page.$eval('#perft-depth', (e, d) => {
  if (![...e.options].some((o) => o.value === String(d))) e.add(new Option(String(d)));
  e.value = String(d);
}, depth);

async function browserRun() {
  await page.$eval('#perft-result', (e) => { e.textContent = ''; });
  await page.click('#perft');
  await page.waitForFunction(() => /=/.test(document.querySelector('#perft-result').textContent), { timeout: 600000 });
  const text = await page.$eval('#perft-result', (e) => e.textContent);
  const [, nodes, ms] = text.match(/= ([\d,]+) in (\d+) ms/);
  return { nodes: Number(nodes.replaceAll(',', '')), ms: Number(ms) };
}

function nativeRun() {
  const run = spawnSync(native, ['perft', String(depth)], { encoding: 'utf8' });
  const out = run.stdout + run.stderr; // the speed line goes to stderr
  const nodes = Number(out.match(/Nodes searched: (\d+)/)[1]);
  const secs = Number(out.match(/time ([\d.]+) s/)[1]);
  return { nodes, ms: secs * 1000 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const chromium = [];
const nat = [];
await browserRun(); // warm-up (the perft worker starts, the module tiers up)
for (let i = 0; i < rounds; i++) {
  const b = await browserRun();
  const n = nativeRun();
  if (b.nodes !== n.nodes) throw new Error(`node counts differ: ${b.nodes} vs ${n.nodes}`);
  chromium.push(b.nodes / b.ms / 1000);
  nat.push(n.nodes / n.ms / 1000);
}
const backend = await page.$eval('#f-backend', (e) => e.textContent);
const version = await browser.version();
console.log(`perft(${depth}) from the start position, median of ${rounds} interleaved rounds`);
console.log(`| where | backend | Mnps |`);
console.log(`|---|---|---|`);
console.log(`| ${version}, Web Worker | ${backend} | ${median(chromium).toFixed(1)} |`);
console.log(`| native (target/release/wingtip) | default of the build | ${median(nat).toFixed(1)} |`);
console.log(`ratio Chromium/native: ${(median(chromium) / median(nat)).toFixed(2)}`);
console.log(`all runs: chromium ${chromium.map((x) => x.toFixed(1)).join(' ')}; native ${nat.map((x) => x.toFixed(1)).join(' ')}`);
await browser.close();
server.close();
await rm(userDataDir, { recursive: true, force: true });
