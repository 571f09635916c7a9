// The game page: the board, the move list, live updates, and moves chosen by clicks.

import * as api from './api.js';
import { drawBoard, tokenSvg } from './board.js';
import { describe, pieceOf } from './pieces.js';
import { playSound, setSound, soundOn } from './sound.js';
import { rememberMyGame } from './mygames.js';
import { parseMove, touchedSquares, Picker } from './moves.js';

const $ = (sel) => document.querySelector(sel);
const id = location.pathname.split('/')[2];
const tokens = {};
for (const part of location.hash.replace(/^#/, '').split('&')) {
  const [seat, token] = part.split('=');
  if ((seat === '1' || seat === '2') && token) tokens[Number(seat)] = token;
}
const mySeats = Object.keys(tokens).map(Number);

let state = null;
/** The game's entry in the catalog: its title and look (names, tokens, board, pieces). */
let game = null;
let shownPly = null; // null: follow the game live
let shownView = null;
let picker = new Picker([]);
let flipped = mySeats.length === 1 && mySeats[0] === 2;
let sending = false;

const live = () => shownPly === null || (state && shownPly === state.ply);
const currentView = () => (live() ? state.view : shownView);
const canMove = () =>
  state && live() && !state.result && !sending && tokens[state.view.to_move] !== undefined;

/** Squares to ring after a click on a piece that cannot move (the pieces that can). */
let hints = null;

/** Whether the live connection to the server is lost (the browser is reconnecting). */
let offline = false;

function message(text, isError = false) {
  const box = $('#message');
  box.textContent = text || '';
  box.classList.toggle('error', isError);
}

/** The number of pieces on the board of a view. */
const boardCount = (view) => view.cells.filter((c) => c.piece).length;

/** Says what happened to people who cannot see the board, and plays its sound. */
function announceChange(before, next) {
  if (next.ply === before.ply + 1) {
    const mover = next.first === 1 ? (before.ply % 2 === 0 ? 1 : 2) : before.ply % 2 === 0 ? 2 : 1;
    const capture = boardCount(next.view) < boardCount(before.view);
    playSound(capture ? 'capture' : 'move');
    say(`${next.names[mover]} played ${next.moves[next.ply - 1]}${capture ? ', a capture' : ''}.`);
  }
  if (next.result && !before.result) say(`Game over: ${next.result.text}.`);
}

function say(text) {
  $('#announce').textContent = text;
}

function setState(next) {
  if (state && next.version < state.version) return; // an older update arriving late
  if (state) announceChange(state, next);
  stateArrived = performance.now();
  const changed = !state || next.ply !== state.ply || next.moves.join() !== state.moves.join() || !!next.result !== !!state.result;
  state = next;
  if (changed) {
    picker = new Picker(state.legal.map(parseMove));
    analysedPly = null;
    if (shownPly !== null && shownPly >= state.ply - 1) shownPly = null;
    if (hints) message('');
    hints = null;
  }
  render();
}

function seatWord(seat) {
  if (!state) return '';
  if (tokens[seat] !== undefined) return mySeats.length === 2 ? 'this screen' : 'you';
  return state.seats[seat];
}

function renderReserves(view) {
  const top = $('#reserve-top');
  const bottom = $('#reserve-bottom');
  top.replaceChildren();
  bottom.replaceChildren();
  top.hidden = bottom.hidden = !view.reserves;
  $('.board-area').classList.toggle('with-reserves', !!view.reserves);
  if (!view.reserves) return;
  for (const owner of [1, 2]) {
    const box = (owner === 1) !== flipped ? bottom : top;
    const label = document.createElement('div');
    label.className = 'reserve-label';
    label.textContent = `${state.names[owner]} reserve \u2014 ${seatWord(owner)}`;
    box.appendChild(label);
    const list = document.createElement('div');
    list.className = 'reserve-list';
    const entries = view.reserves[owner - 1];
    if (entries.length === 0) {
      const empty = document.createElement('span');
      empty.className = 'reserve-empty';
      empty.textContent = 'empty';
      list.appendChild(empty);
    }
    for (const { letter, count } of entries) {
      const item = document.createElement('button');
      item.className = 'reserve-piece';
      item.dataset.drop = letter;
      item.dataset.owner = owner;
      const droppable = canMove() && owner === view.to_move && picker.canPickDrop(letter);
      item.disabled = !droppable;
      if (picker.drop === letter.toUpperCase() && droppable) item.classList.add('selected');
      item.appendChild(tokenSvg(game.look, letter, owner, 42));
      const badge = document.createElement('span');
      badge.className = 'count';
      badge.textContent = `\u00d7${count}`;
      item.appendChild(badge);
      item.title = `${letter}, ${describe(game.look, letter)}. ${count} in reserve; click it, then an empty square to drop it`;
      item.setAttribute('aria-label', `${pieceOf(game.look, letter)?.kind.name ?? letter} (${letter}), ${count} in reserve`);
      item.addEventListener('click', () => {
        picker.pickDrop(letter);
        render();
      });
      list.appendChild(item);
    }
    box.appendChild(list);
  }
}

function renderMoveList() {
  const list = $('#movelist');
  list.replaceChildren();
  const ply = shownPly ?? state.ply;
  if (state.moves.length === 0) {
    const none = document.createElement('span');
    none.className = 'none';
    none.textContent = 'No moves yet.';
    list.appendChild(none);
  }
  // When Player 2 moved first (Parity draws who starts), the first move sits in
  // Player 2's column: "1... b5b4 2. a1a2", as the record writes it.
  const offset = state.first === 2 ? 1 : 0;
  state.moves.forEach((mv, i) => {
    const slot = i + offset;
    if (slot % 2 === 0 || i === 0) {
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = slot % 2 === 0 ? `${slot / 2 + 1}.` : `${(slot + 1) / 2}...`;
      list.appendChild(num);
    }
    const b = document.createElement('button');
    b.className = 'mv';
    b.textContent = mv;
    b.dataset.ply = i + 1;
    if (i + 1 === ply) b.classList.add('current');
    b.addEventListener('click', () => showPly(i + 1));
    list.appendChild(b);
  });
  const cur = list.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

function render() {
  if (!state || !game) return;
  const view = currentView();
  const ply = shownPly ?? state.ply;
  document.body.dataset.ply = state.ply;
  document.body.dataset.toMove = state.view.to_move;
  document.body.dataset.result = state.result ? state.result.score : '';
  document.body.dataset.canMove = canMove() ? 'yes' : 'no';
  const movable = canMove();
  const targets = movable ? picker.targets() : { next: new Set(), final: new Set() };
  drawBoard($('#board'), view, {
    look: game.look,
    flipped,
    last: ply > 0 ? touchedSquares(state.moves[ply - 1]) : [],
    selected: movable ? picker.from : null,
    cursor: keyboardCursor && document.activeElement === $('#board') ? cursor : null,
    steps: movable ? picker.steps : [],
    targets,
    hints: movable ? hints : null,
  });
  $('#board').classList.toggle('movable', movable);
  $('.board-area').style.setProperty('--ratio', String((view.width + 0.8) / (view.height + 0.8)));
  renderReserves(view);
  renderMoveList();

  const turn = $('#turn');
  if (state.result) {
    turn.textContent = 'Game over';
  } else {
    const who = state.view.to_move;
    // With the connection lost nobody knows whether the bot still thinks.
    const thinking = state.bot_seat === who && !offline ? ' \u2014 thinking\u2026' : '';
    turn.textContent = `${state.names[who]} to move (${seatWord(who)})${thinking}`;
  }
  turn.dataset.seat = state.view.to_move;

  renderOpenSquares(view);

  const banner = $('#banner');
  banner.hidden = !state.result;
  if (state.result) {
    $('#banner-text').textContent = state.result.text;
    $('#banner-score').textContent = state.result.score;
  }
  $('#resign').disabled = !!state.result || mySeats.length === 0;
  renderOffers();
  renderClocks();
  renderAnalysis();
  renderBoardText(view);
  $('#ply-label').textContent = ply === state.ply ? `move ${ply} of ${state.ply} (live)` : `move ${ply} of ${state.ply}`;
  const status = $('#status');
  status.replaceChildren();
  for (const line of view.status) {
    const li = document.createElement('li');
    li.textContent = line;
    status.appendChild(li);
  }
}

/** Which of the squares that open and close are open now (Parity's red or blue spaces). */
function renderOpenSquares(view) {
  const open = $('#open');
  const kinds = game.look.board.marks.filter((m) => m.opens);
  const now = kinds.find((m) => m.mark === view.open_colour);
  open.hidden = !now;
  if (!now) return;
  open.replaceChildren();
  open.style.borderColor = now.fill;
  const swatch = document.createElement('span');
  swatch.className = 'swatch';
  swatch.style.background = now.fill;
  open.appendChild(swatch);
  const text = document.createElement('span');
  const bold = document.createElement('b');
  const name = now.name[0].toUpperCase() + now.name.slice(1);
  bold.textContent = `${name}s are open`;
  text.appendChild(bold);
  text.appendChild(document.createElement('br'));
  const closed = kinds.filter((m) => m !== now).map((m) => `${m.name}s`).join(', ');
  const pieces = `${view.piece_count} ${view.piece_count === 1 ? 'piece' : 'pieces'}`;
  text.appendChild(document.createTextNode(`${pieces} on the board; ${closed} are closed (hatched).`));
  open.appendChild(text);
}

/** Whether the analysis is shown: always for finished games, on demand at one screen. */
let analysing = false;
/** The ply whose analysis is shown or asked for. */
let analysedPly = null;

function analysisOpen() {
  return !!state.result || (state.mode === 'local' && analysing);
}

/** Shows the analysis of the position on the board, asking the server when it changes. */
async function renderAnalysis() {
  const open = analysisOpen();
  $('#analyse').hidden = state.mode !== 'local' || !!state.result;
  $('#analyse').textContent = analysing ? 'Hide analysis' : 'Analyse';
  const box = $('#analysis');
  box.hidden = !open;
  if (!open) return;
  const ply = shownPly ?? state.ply;
  if (ply === analysedPly) return;
  analysedPly = ply;
  box.dataset.ply = '';
  $('#eval-text').textContent = 'analysing\u2026';
  $('#eval-exact').textContent = '';
  $('#eval-line').textContent = '';
  let answer;
  try {
    answer = await api.analysis(id, ply);
  } catch (e) {
    $('#eval-text').textContent = e.message;
    return;
  }
  if (answer.ply !== (shownPly ?? state.ply)) return; // the board moved on meanwhile
  const a = answer.analysis;
  if (!a) {
    $('#eval-text').textContent = state.result && ply === state.ply ? state.result.text : 'The game is over here.';
    box.dataset.ply = String(ply);
    return;
  }
  $('#eval-fill').style.width = `${(a.bar * 100).toFixed(1)}%`;
  $('#eval-text').textContent = `${a.text} (depth ${a.depth})`;
  $('#eval-exact').textContent = a.exact ? `Exact value for the side to move: ${a.exact}` : '';
  $('#eval-line').textContent = a.line.length ? `Best line: ${a.line.join(' ')}` : '';
  box.dataset.ply = String(ply);
}

/** When the last state arrived (performance.now()), for the clocks that tick on the page. */
let stateArrived = 0;

/** A time on a clock: `m:ss`, with tenths under ten seconds. */
function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `0:0${s.toFixed(1)}`;
  const whole = Math.floor(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The clocks: each side's time, the running one counting down since the state came. */
function renderClocks() {
  const box = $('#clocks');
  const clock = state && state.clock;
  box.hidden = !clock;
  if (!clock) return;
  // The side at the bottom of the board shows last, next to it.
  const bottomSeat = flipped ? 2 : 1;
  box.style.flexDirection = 'row';
  for (const seat of [1, 2]) {
    const el = $(`#clock-${seat}`);
    el.style.order = seat === bottomSeat ? 2 : 1;
    let left = clock.left[seat];
    if (clock.running === seat) left -= performance.now() - stateArrived;
    el.querySelector('.who').textContent = `${state.names[seat]} (${seatWord(seat)})`;
    el.querySelector('.time').textContent = clockText(left);
    el.classList.toggle('running', clock.running === seat);
    el.classList.toggle('low', left < 10000);
    el.dataset.ms = String(Math.max(0, Math.round(left)));
  }
}

/** The seat this page acts for in offers and takebacks: the one to move if it holds it. */
function actingSeat() {
  return tokens[state.view.to_move] !== undefined ? state.view.to_move : mySeats[0];
}

/** Takeback, draw and rematch: the buttons, and the other seat's offers with their answers. */
function renderOffers() {
  const player = mySeats.length > 0;
  const over = !!state.result;
  const friend = state.mode === 'friend' && mySeats.length === 1;
  const me = mySeats[0];
  const other = 3 - me;
  const takeback = $('#takeback');
  takeback.hidden = !player;
  takeback.disabled = over || state.ply === 0 || sending;
  takeback.textContent = friend ? 'Ask to take back' : 'Take back';
  const draw = $('#draw');
  draw.hidden = !player || state.mode === 'bot';
  draw.disabled = over || (friend && state.offers.draw === me);
  draw.textContent = friend && state.offers.draw === me ? 'Draw offered' : state.mode === 'local' ? 'Agree a draw' : 'Offer draw';

  const box = $('#offer');
  let text = '';
  let accept = null;
  if (friend && !over) {
    if (state.offers.draw === other) {
      text = 'Your opponent offers a draw.';
      accept = 'draw';
    } else if (state.offers.takeback === other) {
      text = 'Your opponent asks to take back their last move.';
      accept = 'takeback';
    } else if (state.offers.draw === me) {
      text = 'You offered a draw: waiting for the answer.';
    } else if (state.offers.takeback === me) {
      text = 'You asked to take back your last move: waiting for the answer.';
    }
  }
  box.hidden = !text;
  box.dataset.accept = accept || '';
  $('#offer-text').textContent = text;
  $('#offer-accept').hidden = !accept;
  $('#offer-decline').textContent = accept ? 'Decline' : 'Withdraw';

  const rematch = $('#rematch');
  rematch.hidden = !player || !over;
  rematch.textContent = state.rematch ? 'Join the rematch' : 'Rematch (seats swapped)';
  $('#rematch-note').hidden = !player || !state.rematch;
}

/** Runs a seat action (draw, takeback, decline) and shows the new state or the error. */
async function seatAction(call) {
  const seat = actingSeat();
  try {
    picker.clear();
    hints = null;
    setState(await call(id, seat, tokens[seat]));
  } catch (e) {
    message(e.message, true);
  }
}

/** Remembers this game's seat links in this browser, for the start page's "My games". */
function rememberGame() {
  if (mySeats.length === 0) return;
  rememberMyGame({ id, game: state.game, title: game.title, hash: location.hash, seats: mySeats, mode: state.mode, at: Date.now() });
}

/** The legend of the game's pieces: each token with its name and how it moves. */
function renderLegend() {
  const list = $('#legend-list');
  list.replaceChildren();
  for (const kind of game.look.pieces) {
    const item = document.createElement('li');
    item.className = 'legend-item';
    const tokens = document.createElement('span');
    tokens.className = 'legend-tokens';
    tokens.appendChild(tokenSvg(game.look, kind.letters[0], 1, 34));
    tokens.appendChild(tokenSvg(game.look, kind.letters[1], 2, 34));
    item.appendChild(tokens);
    const words = document.createElement('span');
    const name = document.createElement('b');
    name.textContent = `${kind.name} (${kind.letters.join(' ')})`;
    words.appendChild(name);
    words.appendChild(document.createTextNode(` ${kind.moves}${kind.note ? `; ${kind.note}` : ''}.`));
    item.appendChild(words);
    list.appendChild(item);
  }
}

async function showPly(ply) {
  if (!state) return;
  ply = Math.max(0, Math.min(state.ply, ply));
  if (ply === state.ply) {
    shownPly = null;
  } else {
    shownView = await api.gameView(id, ply);
    shownPly = ply;
  }
  picker.clear();
  render();
}

async function submit(text) {
  const seat = state.view.to_move;
  sending = true;
  message('');
  try {
    const next = await api.playMove(id, seat, tokens[seat], text);
    sending = false;
    setState(next);
  } catch (e) {
    sending = false;
    message(e.message, true);
    setState(await api.gameState(id));
  }
  picker.clear();
  render();
}

// Dragging: pressing on a piece picks it at once; releasing over a target plays there.
let dragFrom = null;
let skipClick = false;

function squareAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  const sq = hit && hit.closest && hit.closest('#board [data-sq]');
  return sq ? sq.dataset.sq : null;
}

function onPointerDown(event) {
  // The board is redrawn on a pick, so the click that follows a press may never come:
  // every press starts afresh.
  skipClick = false;
  const sq = squareAt(event.clientX, event.clientY);
  if (!sq || !canMove() || sq === picker.from || !picker.canPickSquare(sq)) return;
  picker.pickSquare(sq);
  dragFrom = sq;
  skipClick = true;
  render();
}

function onPointerUp(event) {
  const from = dragFrom;
  dragFrom = null;
  const sq = squareAt(event.clientX, event.clientY);
  if (!from || !sq || sq === from || !canMove()) return;
  skipClick = true;
  const result = picker.click(sq);
  if (result && result !== 'more') submit(result);
  else render();
}

function onBoardClick(event) {
  if (skipClick) {
    skipClick = false;
    return;
  }
  const hit = event.target.closest('[data-sq]');
  if (!hit) return;
  cursor = hit.dataset.sq;
  squareAction(hit.dataset.sq);
}

/** A square chosen by a click or by the keyboard: pick, step or play there. */
function squareAction(sq) {
  if (!canMove()) return;
  if (picker.active) {
    const result = picker.click(sq);
    if (result === 'more') return render();
    if (result) return submit(result);
    if (picker.canPickSquare(sq) && picker.from !== sq) picker.pickSquare(sq);
    else picker.clear();
    return render();
  }
  if (picker.canPickSquare(sq)) {
    picker.pickSquare(sq);
    hints = null;
  } else if (ownPieceAt(sq)) {
    // A piece of the side to move that cannot move: say why, and mark those that can.
    hints = new Set(picker.moves.map((m) => m.from).filter(Boolean));
    const why = state.restriction ? `: ${state.restriction}` : '';
    message(`This piece cannot move now${why}. The pieces that can move are ringed.`);
  }
  render();
}

/** The keyboard's square on the board. */
let cursor = 'a1';
/** Whether the cursor is shown: the board is played with the keys, not the mouse. */
let keyboardCursor = false;

/** What is on a square, in words: `b2: White (Player 1) man`, and what it offers now. */
function squareWords(sq) {
  const view = currentView();
  const cell = view.cells.find((c) => c.sq === sq);
  if (!cell) return sq;
  let words = cell.piece
    ? `${sq}: ${state.names[cell.owner]} ${pieceOf(game.look, cell.piece)?.kind.name ?? cell.piece}`
    : `${sq}: empty`;
  if (canMove()) {
    const targets = picker.targets();
    if (picker.from === sq) words += ', picked';
    else if (targets.next.has(sq) || targets.final.has(sq)) words += ', a target';
    else if (!picker.active && picker.canPickSquare(sq)) words += ', can move';
  }
  return words;
}

/** The arrow keys move the cursor (up is up on the screen), Enter or Space acts there. */
function onBoardKey(event) {
  keyboardCursor = true;
  const view = currentView();
  const file = cursor.charCodeAt(0) - 97;
  const rank = Number(cursor.slice(1)) - 1;
  const flip = flipped ? -1 : 1;
  const steps = { ArrowUp: [0, flip], ArrowDown: [0, -flip], ArrowLeft: [-flip, 0], ArrowRight: [flip, 0] };
  if (steps[event.key]) {
    const [df, dr] = steps[event.key];
    const f = Math.min(view.width - 1, Math.max(0, file + df));
    const r = Math.min(view.height - 1, Math.max(0, rank + dr));
    cursor = `${String.fromCharCode(97 + f)}${r + 1}`;
    say(squareWords(cursor));
  } else if (event.key === 'Enter' || event.key === ' ') {
    squareAction(cursor);
    say(squareWords(cursor));
  } else if (event.key === 'Escape') {
    picker.clear();
    say('Pick dropped.');
  } else {
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  render();
}

/** A list of the pieces on the board per side, for screen readers. */
function renderBoardText(view) {
  const list = $('#board-text');
  list.replaceChildren();
  for (const owner of [1, 2]) {
    const pieces = view.cells
      .filter((c) => c.owner === owner)
      .map((c) => `${pieceOf(game.look, c.piece)?.kind.name ?? c.piece} on ${c.sq}`);
    const li = document.createElement('li');
    li.textContent = `${state.names[owner]}: ${pieces.length ? pieces.join(', ') : 'no pieces'}`;
    list.appendChild(li);
  }
  $('#board').setAttribute('aria-label', `${game.title} board, ${state.result ? 'game over' : `${state.names[view.to_move]} to move`}`);
}

/** Whether a piece of the side to move stands on `sq` in the position now. */
function ownPieceAt(sq) {
  const cell = state.view.cells.find((c) => c.sq === sq);
  return !!cell && cell.owner === state.view.to_move;
}

async function setupLinks() {
  const links = $('#links');
  const base = location.origin;
  const add = (label, href, testid) => {
    const row = document.createElement('div');
    row.className = 'link-row';
    row.innerHTML = `<span>${label}</span>`;
    const input = document.createElement('input');
    input.readOnly = true;
    input.value = base + href;
    input.dataset.testid = testid;
    input.addEventListener('focus', () => input.select());
    row.appendChild(input);
    links.appendChild(row);
  };
  // The invite link comes from this tab's storage, or, in another tab or browser, from the
  // server for the holder of a seat.
  let invite = sessionStorage.getItem(`invite:${id}`);
  if (!invite && state.mode === 'friend' && mySeats.length === 1) {
    try {
      invite = (await api.invite(id, mySeats[0], tokens[mySeats[0]])).invite;
    } catch (e) {
      invite = null;
    }
  }
  if (invite) add('Send this link to your friend:', invite, 'invite-link');
  add('Watch link:', `/g/${id}`, 'watch-link');
}

async function newGame() {
  const side = mySeats.length === 1 ? String(mySeats[0]) : '1';
  const request = { game: state.game, opponent: state.mode, side, rules: state.rules };
  if (state.bot_level) request.level = state.bot_level;
  const created = await api.createGame(request);
  if (created.links.invite) sessionStorage.setItem(`invite:${created.id}`, created.links.invite);
  location.href = created.links.play;
}

async function main() {
  $('#board').addEventListener('click', onBoardClick);
  $('#board').addEventListener('pointerdown', onPointerDown);
  document.addEventListener('pointerup', onPointerUp);
  $('#first').addEventListener('click', () => showPly(0));
  $('#prev').addEventListener('click', () => showPly((shownPly ?? state.ply) - 1));
  $('#next').addEventListener('click', () => showPly((shownPly ?? state.ply) + 1));
  $('#last').addEventListener('click', () => showPly(state.ply));
  $('#flip').addEventListener('click', () => { flipped = !flipped; render(); });
  $('#new-game').addEventListener('click', newGame);
  $('#banner-new').addEventListener('click', newGame);
  $('#analyse').addEventListener('click', () => {
    analysing = !analysing;
    analysedPly = null;
    render();
  });
  $('#takeback').addEventListener('click', () => seatAction(api.takeback));
  $('#draw').addEventListener('click', () => seatAction(api.offerDraw));
  $('#offer-accept').addEventListener('click', () =>
    seatAction($('#offer').dataset.accept === 'draw' ? api.offerDraw : api.takeback));
  $('#offer-decline').addEventListener('click', () => seatAction(api.decline));
  $('#rematch').addEventListener('click', async () => {
    const seat = mySeats[0];
    try {
      const next = await api.rematch(id, seat, tokens[seat]);
      location.href = next.link;
    } catch (e) {
      message(e.message, true);
    }
  });
  $('#resign').addEventListener('click', async () => {
    const seat = tokens[state.view.to_move] !== undefined ? state.view.to_move : mySeats[0];
    if (!confirm(`Resign for ${state.names[seat]}?`)) return;
    try {
      setState(await api.resign(id, seat, tokens[seat]));
    } catch (e) {
      message(e.message, true);
    }
  });
  $('#board').addEventListener('keydown', onBoardKey);
  // No redraw on focus: a press that focuses the board must not replace the square it is on
  // before its click arrives.
  $('#board').addEventListener('focus', () => say(squareWords(cursor)));
  $('#board').addEventListener('pointerdown', () => { keyboardCursor = false; }, true);
  $('#board').addEventListener('blur', () => { if (keyboardCursor) render(); });
  const sound = $('#sound');
  const showSound = () => {
    sound.textContent = soundOn() ? 'Sound on' : 'Sound off';
    sound.setAttribute('aria-pressed', String(soundOn()));
  };
  showSound();
  sound.addEventListener('click', () => { setSound(!soundOn()); showSound(); });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') showPly((shownPly ?? state.ply) - 1);
    if (e.key === 'ArrowRight') showPly((shownPly ?? state.ply) + 1);
  });
  $('#record').href = `/api/games/${id}/record`;
  try {
    const first = await api.gameState(id);
    game = await api.card(first.game);
    setState(first);
  } catch (e) {
    message(e.message, true);
    return;
  }
  renderLegend();
  rememberGame();
  setInterval(renderClocks, 100);
  await setupLinks();
  const title = game.title;
  document.title = `${title} \u2014 boardlab`;
  $('#title').textContent = title;
  $('#rules-link').href = `/rules/${encodeURIComponent(state.game)}`;
  if (mySeats.length === 0) message('You are watching this game.');
  const events = new EventSource(`/api/games/${id}/events`);
  events.addEventListener('state', (e) => setState(JSON.parse(e.data)));
  // The browser reconnects on its own; meanwhile the page says so, and it says when the
  // connection is back (the first event then brings the state up to date).
  events.addEventListener('error', () => {
    if (offline) return;
    offline = true;
    document.body.dataset.connection = 'lost';
    $('#connection').hidden = false;
    render();
  });
  events.addEventListener('open', () => {
    if (!offline) return;
    offline = false;
    document.body.dataset.connection = 'ok';
    $('#connection').hidden = true;
    render();
  });
  document.body.dataset.ready = 'yes';
}

main();
