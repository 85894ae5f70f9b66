// Node test of the WebAssembly module through wingtip.js (the same module the page
// uses): perft counts, a self-play game replayed by chess.js, the bad-input codes.
// Run: wasm/web.sh build && node --test wasm/test/*.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { Chess } from 'chess.js';
import { create, ERRORS, WingtipError } from '../www/wingtip.js';

const wasmUrl = new URL('../www/wingtip.wasm', import.meta.url);
const bytes = await readFile(wasmUrl).catch(() => {
  throw new Error('wasm/www/wingtip.wasm is missing: run wasm/web.sh build first');
});
const module = await WebAssembly.compile(bytes);
// The lean module for embedders: the same source without the evaluation network.
const leanBytes = await readFile(new URL('../www/wingtip-lean.wasm', import.meta.url));
const leanModule = await WebAssembly.compile(leanBytes);
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

function code(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof WingtipError, `expected a WingtipError, got ${e}`);
    assert.ok(e.message.length > 0, 'an error carries a message');
    return e.code;
  }
  assert.fail('expected an error');
}

test('the lean module within the 400 KiB budget', () => {
  assert.ok(leanBytes.length <= 400 * 1024, `${leanBytes.length} bytes`);
  console.log(`module sizes: page ${bytes.length} bytes, lean ${leanBytes.length} bytes`);
});

test("the page's module carries the network, the lean one does not", async () => {
  const page = await create({ wasm: module, hashMiB: 0 });
  const lean = await create({ wasm: leanModule, hashMiB: 0 });
  assert.match(page.network, /^network 768-2x\d+-\d+$/);
  assert.equal(lean.network, 'hand-set terms (no network)');
  // The network's weights (over 190,000 bytes in net.bin) are linked into the page's.
  assert.ok(bytes.length - leanBytes.length > 150_000, `${bytes.length} vs ${leanBytes.length}`);
  // Same rules, different evaluations: equal perft, different scores at depth 1.
  for (const e of [page, lean]) e.position('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1');
  assert.deepEqual([page.perft(3), lean.perft(3)], [2812, 2812]);
  const scores = [page, lean].map((e) => e.go({ depth: 1 }).score.cp);
  assert.ok(scores.every(Number.isInteger), JSON.stringify(scores));
  assert.notEqual(scores[0], scores[1]);
});

test('perft: start position depths 1-4, kiwipete depths 1-3', async () => {
  const e = await create({ wasm: module, hashMiB: 1 });
  assert.deepEqual([0, 1, 2, 3, 4].map((d) => e.perft(d)), [1, 20, 400, 8902, 197281]);
  e.position(KIWIPETE);
  assert.deepEqual([1, 2, 3].map((d) => e.perft(d)), [48, 2039, 97862]);
  assert.equal(e.legalMoves().length, 48);
});

test('position from startpos + moves, fen, legal moves, play, status', async () => {
  const e = await create({ wasm: new URL(wasmUrl), hashMiB: 1 }); // loads from a file: URL
  assert.ok(['plain', 'compact', 'kindergarten', 'classical'].includes(e.backend), e.backend);
  e.position('startpos', ['e2e4', 'e7e5', 'g1f3']);
  assert.equal(e.fen(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  assert.equal(e.legalMoves().length, 29);
  e.play('b8c6');
  assert.deepEqual(e.status(), { state: 'ongoing', code: 0, whiteToMove: true, over: false });
  // Fool's mate.
  e.position('startpos', ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  assert.equal(e.status().state, 'checkmate');
  assert.deepEqual(e.legalMoves(), []);
  const r = e.go({ depth: 3 });
  assert.equal(r.bestmove, null);
  assert.deepEqual(r.score, { mate: 0 });
  e.position('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
  assert.equal(e.status().state, 'stalemate');
  // Threefold repetition by knight shuffles.
  const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
  e.position('startpos', [...shuffle, ...shuffle]);
  assert.equal(e.status().state, 'threefold repetition');
  e.position('8/8/8/4k3/8/8/8/4K3 w - - 0 1');
  assert.equal(e.status().state, 'insufficient material');
});

test('search: mate in one, budgets, info callbacks, stop from onInfo', async () => {
  const e = await create({ wasm: module, hashMiB: 4 });
  e.position('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
  const infos = [];
  const r = e.go({ depth: 4, onInfo: (i) => infos.push(i) });
  assert.equal(r.bestmove, 'a1a8');
  assert.deepEqual(r.score, { mate: 1 });
  assert.equal(r.pv[0], 'a1a8');
  assert.deepEqual(infos.map((i) => i.depth), [1, 2, 3, 4]);
  assert.ok(infos.every((i) => i.pv[0] === 'a1a8' && i.nodes > 0));

  e.position('startpos');
  const byNodes = e.go({ nodes: 5000 });
  assert.ok(e.legalMoves().includes(byNodes.bestmove));
  assert.ok(byNodes.nodes < 5000 + 4096, `nodes ${byNodes.nodes}`);

  const t = performance.now();
  const byTime = e.go({ movetimeMs: 150 });
  const took = performance.now() - t;
  assert.ok(took < 400, `a 150 ms search took ${took} ms`);
  assert.ok(e.legalMoves().includes(byTime.bestmove));

  // No budget at all: runs until stopped from the info callback.
  const unbounded = e.go({ onInfo: (i) => { if (i.depth >= 6) e.stop(); } });
  assert.ok(unbounded.depth >= 6 && unbounded.depth <= 7, `depth ${unbounded.depth}`);
  // A budget of a year with a depth limit ends at the depth.
  assert.equal(e.go({ depth: 5, movetimeMs: 365 * 24 * 3600 * 1000 }).depth, 5);
  // Budgets of 1 node and of depth 1 still give a legal move.
  assert.ok(e.legalMoves().includes(e.go({ nodes: 1 }).bestmove));
  assert.ok(e.legalMoves().includes(e.go({ depth: 1 }).bestmove));
  assert.ok(e.legalMoves().includes(e.go({ depth: 100000, nodes: 2000 }).bestmove));
});

test('self-play: a short game, every move legal (replayed by chess.js)', async () => {
  const e = await create({ wasm: module, hashMiB: 4 });
  const replay = new Chess();
  const moves = [];
  for (let ply = 0; ply < 40 && !e.status().over; ply++) {
    const legal = e.legalMoves();
    const r = e.go({ nodes: 3000 });
    assert.ok(legal.includes(r.bestmove), `ply ${ply}: ${r.bestmove} not in ${legal}`);
    // chess.js throws on an illegal move.
    replay.move({ from: r.bestmove.slice(0, 2), to: r.bestmove.slice(2, 4), promotion: r.bestmove[4] });
    e.play(r.bestmove);
    moves.push(r.bestmove);
    assert.equal(e.fen().split(' ').slice(0, 4).join(' '), replay.fen().split(' ').slice(0, 4).join(' '));
  }
  assert.ok(moves.length >= 10, `only ${moves.length} plies`);
  // The same game set in one call gives the same position.
  const fen = e.fen();
  e.position('startpos', moves);
  assert.equal(e.fen(), fen);
});

test('bad input: error codes and messages, and the engine keeps working', async () => {
  const e = await create({ wasm: module, hashMiB: 1 });
  e.position('startpos', ['d2d4']);
  const fen = e.fen();
  const cases = [
    [() => e.position('not a fen'), ERRORS.FEN],
    [() => e.position('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'), ERRORS.FEN],
    [() => e.position('8/8/8/8/8/8/8/8 w - - 0 1'), ERRORS.FEN], // no kings
    [() => e.position('rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'), ERRORS.FEN],
    [() => e.position(''), ERRORS.SYNTAX],
    [() => e.position('startpos', ['e2e5']), ERRORS.MOVE],
    [() => e.position('startpos', ['e2e4', 'zz']), ERRORS.MOVE],
    [() => e.position('startpos', 'e2e4'), ERRORS.SYNTAX],
    [() => e.position('x'.repeat(20000)), ERRORS.TOO_LONG],
    [() => e.position('\u{1F600}/\u0000 w - -'), ERRORS.FEN],
    [() => e.play('e7e5e'), ERRORS.MOVE],
    [() => e.play('e2e4'), ERRORS.MOVE], // illegal: d2d4 was played, black to move
    [() => e.play(''), ERRORS.MOVE],
    [() => e.play('a1'), ERRORS.MOVE],
    [() => e.play('é'.repeat(3)), ERRORS.MOVE],
    [() => e.perft(11), ERRORS.RANGE],
    [() => e.perft(-1), ERRORS.RANGE],
    [() => e.perft(2.5), ERRORS.RANGE],
    [() => e.go({ nodes: -1 }), ERRORS.RANGE],
    [() => e.go({ nodes: NaN }), ERRORS.RANGE],
    [() => e.go({ movetimeMs: Infinity }), ERRORS.RANGE],
    [() => e.go({ depth: -3 }), ERRORS.RANGE],
    [() => e.newGame(4096), ERRORS.RANGE],
  ];
  for (const [fn, expected] of cases) {
    assert.equal(code(fn), expected, fn.toString());
    assert.equal(e.fen(), fen, `position kept after ${fn}`);
  }
  let message = '';
  try { e.position('startpos', ['e2e4', 'e7e5', 'e1e3']); } catch (err) { message = err.message; }
  assert.equal(message, "move 3 'e1e3': illegal move in this position");
  // A second go (or any call) from inside a running search: BUSY, and the search ends normally.
  let inner = null;
  const r = e.go({ depth: 3, onInfo: () => { if (!inner) inner = code(() => e.go({ depth: 1 })); } });
  assert.equal(inner, ERRORS.BUSY);
  assert.ok(e.legalMoves().includes(r.bestmove));
  // An exception thrown by onInfo stops the search and comes out of go(); the engine goes on.
  assert.throws(() => e.go({ depth: 20, onInfo: () => { throw new Error('boom'); } }), /boom/);
  assert.equal(e.fen(), fen);
  e.position('startpos');
  assert.equal(e.perft(3), 8902);
});

test('a game longer than the kept history (600 plies) still plays and sees repetitions', async () => {
  const e = await create({ wasm: module, hashMiB: 1 });
  const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
  e.position('startpos', Array(150).fill(shuffle).flat());
  assert.equal(e.status().state, 'threefold repetition');
  for (const m of shuffle) e.play(m);
  assert.equal(e.status().state, 'threefold repetition');
  const r = e.go({ depth: 4 });
  assert.ok(e.legalMoves().includes(r.bestmove));
});

test('bad input: random text never traps', async () => {
  const e = await create({ wasm: module, hashMiB: 1 });
  let seed = 12345;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n; };
  const alphabet = 'pnbrqkPNBRQK12345678/ -wbKQkqa-h0123456789moves\u00e9\u0000fenstartpos';
  for (let i = 0; i < 3000; i++) {
    const len = rand(80);
    let s = '';
    for (let j = 0; j < len; j++) s += alphabet[rand(alphabet.length)];
    for (const fn of [() => e.position(s), () => e.play(s), () => e.position('startpos', s.split(' '))]) {
      try { fn(); } catch (err) { assert.ok(err instanceof WingtipError, String(err)); }
    }
    if (i % 500 === 0) e.legalMoves();
  }
  e.position('startpos');
  assert.equal(e.perft(3), 8902);
});

test('calls before creation answer STATE, not a trap', async () => {
  const noop = () => 0;
  const instance = new WebAssembly.Instance(module, { env: { now_ms: noop, should_stop: noop, on_info: noop } });
  const x = instance.exports;
  assert.equal(x.wt_position(0), ERRORS.STATE);
  assert.equal(x.wt_play(0), ERRORS.STATE);
  assert.equal(x.wt_legal_moves(), ERRORS.STATE);
  assert.equal(x.wt_fen(), ERRORS.STATE);
  assert.equal(x.wt_status(), ERRORS.STATE);
  assert.equal(x.wt_perft(3), ERRORS.STATE);
  assert.equal(x.wt_go(1, 0, 0), ERRORS.STATE);
  assert.equal(x.wt_position(0xffffffff), ERRORS.TOO_LONG);
  x.wt_stop();
  // The raw position command 'fen' without a FEN is a syntax error.
  const text = new TextEncoder().encode('fen ');
  new Uint8Array(x.memory.buffer, x.wt_in_ptr(), text.length).set(text);
  assert.equal(x.wt_new(0), 0); // no hash table at all
  assert.equal(x.wt_position(text.length), ERRORS.SYNTAX);
  assert.equal(x.wt_perft(3), 8902);
  assert.equal(x.wt_go(3, 0, 0), 0);
  assert.equal(x.wt_new(4096), ERRORS.RANGE);
  assert.equal(x.wt_perft(1), 20);
  assert.equal(x.wt_new(1), 0);
  assert.equal(x.wt_perft(2), 400);
});
