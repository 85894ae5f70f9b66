// app.js: the page of index.html. A person plays against wingtip. The game itself
// (legal moves, moves played, FEN, status) lives in an engine on the page's thread,
// ready a few milliseconds after the module's download (boot.js); searches run in a
// Web Worker (worker.js through wingtip.js), so the page never blocks. The board is
// cm-chessboard (MIT), vendored into vendor/ by wasm/web.sh.
//
// State shown in the DOM for people and for the browser test (wasm/test/browser.mjs):
// #message (class "error" on bad input), #moves[data-moves] (the game's UCI moves),
// body[data-state] ("loading", "ready", "thinking", "busy", "over"), #perft-result,
// #figures.
import { Chessboard, COLOR, INPUT_EVENT_TYPE } from './vendor/cm-chessboard/src/Chessboard.js';
import { Markers } from './vendor/cm-chessboard/src/extensions/markers/Markers.js';
import { PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE }
  from './vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js';
import { WorkerEngine } from './wingtip.js';
import { boot } from './boot.js';

const $ = (id) => document.getElementById(id);
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const fmt = (n) => n.toLocaleString('en-US');

const game = {
  startFen: START,
  moves: [], // UCI moves from startFen
  fen: START,
  legal: [],
  status: { state: 'ongoing', over: false },
  human: 'w',
  mode: 'human', // 'human': the engine answers the person; 'self': engine vs engine
  selfTarget: 0, // ply count at which self-play stops
};
let engine = null; // Engine on this thread: the game's position, legal moves, status
let worker = null; // WorkerEngine for searches (its own copy of the position)
let workerUp = false; // the search worker has answered
let perftEngine = null; // a second worker, without hash, for perft
let module = null; // the compiled WebAssembly.Module
let thinking = false;
let generation = 0; // bumped by every change that makes a pending engine answer stale
const figures = { firstMove: null };

const board = new Chessboard($('board'), {
  position: START,
  assetsUrl: './vendor/cm-chessboard/assets/',
  style: { cssClass: 'default', animationDuration: 150 },
  extensions: [{ class: Markers }, { class: PromotionDialog }],
});

function setState(s) { document.body.dataset.state = s; }

function say(text, isError = false) {
  const m = $('message');
  m.textContent = text;
  m.classList.toggle('error', isError);
}

function sideToMove() { return game.fen.split(' ')[1]; }
function humanTurn() {
  return game.mode === 'human' && !thinking && !game.status.over && sideToMove() === game.human;
}

function showMoves() {
  const list = $('moves');
  list.dataset.moves = game.moves.join(' ');
  const blackFirst = game.startFen.split(' ')[1] === 'b';
  const plies = blackFirst ? ['…', ...game.moves] : game.moves;
  const first = Number(game.startFen.split(' ')[5]) || 1;
  const parts = [];
  for (let i = 0; i < plies.length; i += 2) parts.push(`${first + i / 2}.\u00a0${plies.slice(i, i + 2).join('\u00a0')}`);
  list.textContent = parts.join('  ');
  list.scrollTop = list.scrollHeight;
}

function scoreText(score, blackToMove) {
  // The engine reports from the side to move's view; show it from White's.
  const sign = blackToMove ? -1 : 1;
  if (score.mate !== undefined) return `#${sign * score.mate}`;
  const cp = (sign * score.cp) / 100;
  return (cp > 0 ? '+' : '') + cp.toFixed(2);
}

let pendingInfo = null;
/** Shows the latest search info at the next frame (several may arrive per frame). */
function queueInfo(info, blackToMove) {
  if (!pendingInfo) requestAnimationFrame(() => { showInfo(...pendingInfo); pendingInfo = null; });
  pendingInfo = [info, blackToMove];
}

function showInfo(info, blackToMove) {
  $('t-depth').textContent = `${info.depth}/${info.seldepth}`;
  $('t-score').textContent = scoreText(info.score, blackToMove);
  const nps = info.timeMs > 0 ? ` (${fmt(Math.round(info.nodes / info.timeMs))} kn/s)` : '';
  $('t-nodes').textContent = fmt(info.nodes) + nps;
  $('t-pv').textContent = info.pv.join(' ');
}

const RESULT = {
  checkmate: (stm) => `Checkmate: ${stm === 'w' ? 'Black' : 'White'} wins.`,
  stalemate: () => 'Stalemate: draw.',
  'threefold repetition': () => 'Draw by threefold repetition.',
  'fifty-move rule': () => 'Draw by the fifty-move rule.',
  'insufficient material': () => 'Draw: insufficient material.',
};

/** Reads the engine's position into the page, then lets the engine move if it is its turn. */
async function sync({ animated = true, autoplay = true } = {}) {
  const gen = generation;
  const [fen, legal, status] = [engine.fen(), engine.legalMoves(), engine.status()];
  Object.assign(game, { fen, legal, status });
  $('fen').value = fen;
  showMoves();
  await board.setPosition(fen, animated && game.mode === 'human');
  if (gen !== generation) return; // a new game, undo or position came in meanwhile
  if (status.over) {
    game.mode = 'human';
    setState('over');
    say(RESULT[status.state](sideToMove()));
    return;
  }
  setState('ready');
  if (!autoplay) return;
  if (game.mode === 'self') {
    if (game.moves.length < game.selfTarget) engineMove().catch((e) => say(e.message, true));
    else {
      game.mode = 'human';
      say(`Engine vs engine: ${game.selfTarget} plies played.`);
    }
  } else if (sideToMove() !== game.human) {
    engineMove().catch((e) => say(e.message, true));
  }
}

async function engineMove() {
  if (thinking) return;
  const gen = generation;
  const blackToMove = sideToMove() === 'b';
  const movetimeMs = Number($('movetime').value);
  thinking = true;
  setState('thinking');
  const asked = performance.now();
  let r;
  try {
    if (!workerUp) say('The engine is starting…');
    await worker.ready; // at once, unless the worker is still starting
    if (gen !== generation) return;
    await worker.position(game.startFen, game.moves);
    if (gen !== generation) return; // interrupt() came before the search started
    r = await worker.go({ movetimeMs, onInfo: (i) => { if (gen === generation) queueInfo(i, blackToMove); } });
  } catch (e) {
    if (gen === generation) { thinking = false; say(e.message, true); setState('ready'); }
    return;
  }
  if (gen !== generation) return;
  thinking = false;
  if (!figures.firstMove) {
    const now = performance.now();
    figures.firstMove = { sinceLoad: now, answer: now - asked, movetimeMs };
    $('f-first').textContent = `${Math.round(now)} ms after page load; answered in ${Math.round(now - asked)} ms `
      + `(budget ${movetimeMs} ms)`;
  }
  if (!r.bestmove) { await sync(); return; }
  try {
    engine.play(r.bestmove);
  } catch (e) {
    say(`engine move ${r.bestmove} refused: ${e.message}`, true);
    return;
  }
  game.moves.push(r.bestmove);
  if (game.mode === 'human') say(`wingtip played ${r.bestmove}. Your move.`);
  await sync();
}

async function humanMove(uci) {
  if (!humanTurn()) {
    say(thinking ? 'Wait: the engine is thinking.' : 'It is not your turn.', true);
    return;
  }
  try {
    engine.play(uci);
  } catch (e) {
    say(`${e.message}`, true);
    await sync({ animated: false, autoplay: false });
    return;
  }
  game.moves.push(uci);
  say(`You played ${uci}.`);
  await sync();
}

function onBoardInput(event) {
  switch (event.type) {
    case INPUT_EVENT_TYPE.moveInputStarted: {
      if (!humanTurn()) {
        if (!game.status.over) say(thinking ? 'Wait: the engine is thinking.' : 'It is not your turn.', true);
        return false;
      }
      const from = event.squareFrom;
      const mine = game.legal.filter((m) => m.startsWith(from));
      if (mine.length === 0) {
        say(`No legal move from ${from}.`, true);
        return false;
      }
      event.chessboard.addLegalMovesMarkers(mine.map((m) => ({ to: m.slice(2, 4), promotion: m[4] })));
      return true;
    }
    case INPUT_EVENT_TYPE.validateMoveInput: {
      const uci = event.squareFrom + event.squareTo;
      const candidates = game.legal.filter((m) => m.slice(0, 4) === uci);
      if (candidates.length === 0) {
        say(`Illegal move ${uci}: try again.`, true);
        return false;
      }
      if (candidates.length > 1) {
        // A promotion: ask which piece.
        const color = game.human === 'w' ? COLOR.white : COLOR.black;
        event.chessboard.showPromotionDialog(event.squareTo, color, (result) => {
          if (result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) {
            humanMove(uci + result.piece.charAt(1)).catch((e) => say(e.message, true));
          } else {
            board.setPosition(game.fen, false);
          }
        });
        return true;
      }
      humanMove(uci).catch((e) => say(e.message, true));
      return true;
    }
    case INPUT_EVENT_TYPE.moveInputCanceled:
    case INPUT_EVENT_TYPE.moveInputFinished:
      event.chessboard.removeLegalMovesMarkers();
      return true;
    default:
      return true;
  }
}

/** Stops a pending search and makes its answer stale. */
async function interrupt() {
  generation++;
  setState('busy');
  if (thinking) {
    thinking = false;
    await worker.stop();
  }
}

async function newGame() {
  await interrupt();
  game.human = $('side').value;
  game.mode = 'human';
  game.startFen = START;
  game.moves = [];
  engine.newGame();
  if (workerUp) await worker.newGame(); // a fresh hash table for the new game
  await board.setOrientation(game.human === 'w' ? COLOR.white : COLOR.black);
  for (const id of ['t-depth', 't-score', 't-nodes', 't-pv']) $(id).textContent = '–';
  say(game.human === 'w' ? 'New game: you play White. Your move.' : 'New game: you play Black.');
  await sync();
}

async function undo() {
  await interrupt();
  game.mode = 'human';
  const startSide = game.startFen.split(' ')[1] || 'w';
  const sideAfter = (n) => ((n % 2 === 0) === (startSide === 'w') ? 'w' : 'b');
  if (game.moves.length === 0) { say('Nothing to undo.'); await sync(); return; }
  game.moves.pop();
  if (game.moves.length > 0 && sideAfter(game.moves.length) !== game.human) game.moves.pop();
  engine.position(game.startFen, game.moves);
  say('Move taken back.');
  await sync();
}

async function setFen() {
  const fen = $('fen').value.trim();
  await interrupt();
  try {
    engine.position(fen);
  } catch (e) {
    say(`Bad FEN: ${e.message}. The game goes on.`, true);
    await sync({ animated: false });
    return;
  }
  game.mode = 'human';
  game.startFen = fen;
  game.moves = [];
  say('Position set.');
  await sync();
}

async function selfPlay() {
  await interrupt();
  game.mode = 'self';
  const plies = Math.max(1, Math.min(400, Number($('self-plies').value) || 40));
  game.selfTarget = game.moves.length + plies;
  say(`Engine vs engine: ${plies} plies.`);
  await sync();
}

async function stop() {
  if (game.mode === 'self') game.mode = 'human';
  if (thinking) await worker.stop(); // the pending go resolves with the best move so far
}

async function perft() {
  const depth = Number($('perft-depth').value);
  const out = $('perft-result');
  out.textContent = `perft(${depth}) running…`;
  try {
    if (!perftEngine) {
      perftEngine = new WorkerEngine({ wasm: module, hashMiB: 0 });
      await perftEngine.ready;
    }
    await perftEngine.position(game.fen);
    const { nodes, ms } = await perftEngine.perft(depth);
    const mnps = nodes / ms / 1000;
    out.textContent = `perft(${depth}) = ${fmt(nodes)} in ${Math.round(ms)} ms`;
    if (ms >= 20) $('f-perft').textContent = `${mnps.toFixed(1)} Mnps (perft ${depth}, ${Math.round(ms)} ms)`;
  } catch (e) {
    out.textContent = `perft failed: ${e.message}`;
  }
}

async function playTyped() {
  const text = $('move-input').value.trim();
  if (!text) return;
  $('move-input').value = '';
  await humanMove(text);
}

async function start() {
  setState('loading');
  const { url, timings } = boot;
  worker = boot.worker;
  engine = await boot.engine; // the engine on this thread answers: ready
  module = await boot.module;
  const timing = performance.getEntriesByName(url)[0];
  const bytes = timing?.decodedBodySize || (await (await fetch(url)).arrayBuffer()).byteLength;
  // The bytes are there for the engine when both the download has ended (maybe early,
  // through the preload) and boot.js has asked for them.
  const downloaded = Math.max(timing?.responseEnd ?? 0, boot.response);
  const { ready, compiled } = timings;
  $('f-size').textContent = `${fmt(bytes)} bytes (${(bytes / 1024).toFixed(0)} KiB)`;
  const responseEnd = timing?.responseEnd ?? 0;
  $('f-download').textContent = `${Math.round(downloaded)} ms` + (responseEnd < downloaded - 1
    ? ` (preloaded by ${Math.round(responseEnd)} ms, before boot.js asked)` : '');
  $('f-ready').textContent = `${Math.round(ready)} ms`;
  $('f-compile').textContent = `${(ready - downloaded).toFixed(1)} ms (compile ${(compiled - downloaded).toFixed(1)}, `
    + `instance + first legal moves ${(ready - compiled).toFixed(1)})`;
  $('f-backend').textContent = engine.backend;
  $('f-network').textContent = engine.network;
  window.wingtipFigures = {
    bytes, downloaded, compiled, ready, figures, bootStarted: boot.started, response: boot.response,
    responseEnd,
  };
  worker.ready.then(() => {
    workerUp = true;
    const t = worker.timings.ready;
    window.wingtipFigures.workerReady = t;
    $('f-worker').textContent = `${Math.round(t)} ms (engine ready + ${Math.round(t - ready)} ms)`;
  }, (e) => say(`The search worker failed to start: ${e.message}`, true));
  board.enableMoveInput(onBoardInput);
  // Every handler's failure is shown on the page (and is never an unhandled rejection).
  const guard = (f) => () => f().catch((e) => say(`${e.message}`, true));
  $('new-game').onclick = guard(newGame);
  $('undo').onclick = guard(undo);
  $('side').onchange = guard(newGame);
  $('fen-set').onclick = guard(setFen);
  $('fen').onkeydown = (e) => { if (e.key === 'Enter') guard(setFen)(); };
  $('perft').onclick = guard(perft);
  $('self-play').onclick = guard(selfPlay);
  $('stop').onclick = guard(stop);
  $('move-play').onclick = guard(playTyped);
  $('move-input').onkeydown = (e) => { if (e.key === 'Enter') guard(playTyped)(); };
  say('Ready: you play White. Drag or click a piece.');
  await sync({ animated: false });
  const boardReady = performance.now();
  window.wingtipFigures.boardReady = boardReady;
  $('f-board').textContent = `${Math.round(boardReady)} ms`;
  const wasmBytes = await (await fetch(url)).arrayBuffer();
  const gz = await gzipSize(wasmBytes);
  if (gz) $('f-size').textContent += `, ${fmt(gz)} gzipped`;
  window.wingtipFigures.gzipBytes = gz;
}

async function gzipSize(bytes) {
  if (typeof CompressionStream === 'undefined') return 0;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

start().catch((e) => {
  say(`Could not start the engine: ${e.message}`, true);
  setState('failed');
});

