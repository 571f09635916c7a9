// Choosing and playing a move on the game page: clicks, drags and the keyboard on the board
// pick a piece (or a reserve letter) and its squares, then the move is sent to the server.

import * as api from './api.js';
import { $, errorText } from './dom.js';
import { pieceOf } from './pieces.js';
import { message, say } from './play-announce.js';
import { boardElement, squareAt } from './play-board.js';
import { acceptState, canMove, currentView } from './play-page.js';
import { cancelPremove, premoveClick, takePremove } from './play-premove.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * Asks the player whether to play a move that lets the opponent win at once (`words` say
 * how), in a warning under the board: true to play it anyway.
 * @param {string} words
 * @returns {Promise<boolean>}
 */
function confirmRisk(words) {
  const box = $('#risk');
  $('#risk-text').textContent = `Careful: after this move ${words}.`;
  box.hidden = false;
  const cancel = $('#risk-cancel');
  cancel.focus();
  return new Promise((resolve) => {
    /** @param {boolean} play */
    const answer = (play) => {
      box.hidden = true;
      $('#risk-play').removeEventListener('click', yes);
      cancel.removeEventListener('click', no);
      resolve(play);
    };
    const yes = () => answer(true);
    const no = () => answer(false);
    $('#risk-play').addEventListener('click', yes);
    cancel.addEventListener('click', no);
  });
}

/**
 * Sends the move `text` for the seat to move, and shows the new state (or the error, and
 * the state as the server has it). A move that lets the opponent win at once, where
 * another would not, is played only once the player confirms it.
 * @param {PlayPage} page
 * @param {string} text
 */
async function submit(page, text) {
  // Asked only where another move would not lose at once: a forced loss needs no question.
  const warnings = page.state.warnings ?? {};
  const risk = warnings[text];
  const avoidable = page.state.legal.some((m) => !(m in warnings));
  if (risk && avoidable && !(await confirmRisk(risk))) {
    page.picker.clear();
    page.render();
    say('Move not played.');
    return;
  }
  const seat = page.state.view.to_move;
  page.sending = true;
  page.sentMove = text;
  message('');
  try {
    const next = await api.playMove(page.id, seat, page.tokens[seat], text);
    page.sending = false;
    acceptState(page, next);
  } catch (e) {
    page.sending = false;
    // The state as the server has it first, then the error: a state that moved on clears
    // the errors said before it, not this one.
    try {
      acceptState(page, await api.gameState(page.id));
    } catch {
      // The server cannot be reached: the live connection brings the state back.
    }
    message(errorText(e), true);
  }
  page.picker.clear();
  page.render();
}

/**
 * Whether a piece of the side to move stands on `sq` in the position now.
 * @param {PlayPage} page
 * @param {string} sq
 * @returns {boolean}
 */
function ownPieceAt(page, sq) {
  const cell = page.state.view.cells.find((c) => c.sq === sq);
  return !!cell && cell.owner === page.state.view.to_move;
}

/**
 * A square chosen by a click or by the keyboard: pick, step or play there.
 * @param {PlayPage} page
 * @param {string} sq
 */
function squareAction(page, sq) {
  if (premoveClick(page, sq)) return;
  if (!canMove(page)) return;
  const picker = page.picker;
  if (picker.active) {
    const result = picker.click(sq);
    if (result === 'more') return page.render();
    if (result) return submit(page, result);
    if (picker.canPickSquare(sq) && picker.from !== sq) picker.pickSquare(sq);
    else picker.clear();
    return page.render();
  }
  if (picker.canPickSquare(sq)) {
    picker.pickSquare(sq);
    page.hints = null;
  } else if (ownPieceAt(page, sq)) {
    // A piece of the side to move that cannot move: say why, and mark those that can.
    page.hints = new Set(picker.moves.map((m) => m.from).filter((from) => from !== null));
    const why = page.state.restriction ? `: ${page.state.restriction}` : '';
    message(`This piece cannot move now${why}. The pieces that can move are ringed.`);
  }
  page.render();
}

/**
 * What is on a square, in words: `b2: White (Player 1) man`, and what it offers now.
 * @param {PlayPage} page
 * @param {string} sq
 * @returns {string}
 */
function squareWords(page, sq) {
  const view = currentView(page);
  const cell = view.cells.find((c) => c.sq === sq);
  if (!cell) return sq;
  let words = cell.piece
    ? `${sq}: ${page.state.names[cell.owner ?? 0]} ${pieceOf(page.game.look, cell.piece)?.kind.name ?? cell.piece}`
    : `${sq}: empty`;
  if (canMove(page)) {
    const picker = page.picker;
    const targets = picker.targets();
    if (picker.from === sq) words += ', picked';
    else if (targets.next.has(sq) || targets.final.has(sq)) words += ', a target';
    else if (!picker.active && picker.canPickSquare(sq)) words += ', can move';
  }
  return words;
}

/**
 * Pressing on a piece picks it at once (dragging starts).
 * @param {PlayPage} page
 * @param {PointerEvent} event
 */
function onPointerDown(page, event) {
  // The board is redrawn on a pick, so the click that follows a press may never come:
  // every press starts afresh.
  page.drag.skipClick = false;
  // Only the primary button picks: a right or middle press (a context menu, a paste) plays nothing.
  if (event.button !== 0) return;
  const sq = squareAt(event.clientX, event.clientY);
  const picker = page.picker;
  if (!sq || !canMove(page) || sq === picker.from || !picker.canPickSquare(sq)) return;
  picker.pickSquare(sq);
  page.drag.from = sq;
  page.drag.skipClick = true;
  page.render();
}

/**
 * Releasing a dragged piece over a target plays there.
 * @param {PlayPage} page
 * @param {PointerEvent} event
 */
function onPointerUp(page, event) {
  if (event.button !== 0) return;
  const from = page.drag.from;
  page.drag.from = null;
  const sq = squareAt(event.clientX, event.clientY);
  if (!from || !sq || sq === from || !canMove(page)) return;
  page.drag.skipClick = true;
  const result = page.picker.click(sq);
  if (result && result !== 'more') submit(page, result);
  else page.render();
}

/**
 * A click on a square (unless a press or a release has already acted on it).
 * @param {PlayPage} page
 * @param {MouseEvent} event
 */
function onBoardClick(page, event) {
  if (event.button !== 0) return;
  if (page.drag.skipClick) {
    page.drag.skipClick = false;
    return;
  }
  const hit = event.target instanceof Element ? event.target.closest('[data-sq]') : null;
  if (!(hit instanceof SVGElement) || hit.dataset.sq === undefined) return;
  page.cursor.square = hit.dataset.sq;
  squareAction(page, hit.dataset.sq);
}

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * The arrow keys move the cursor (up is up on the screen), Enter or Space acts there,
 * Escape drops the pick.
 * @param {PlayPage} page
 * @param {KeyboardEvent} event
 */
function onBoardKey(page, event) {
  const cursor = page.cursor;
  cursor.shown = true;
  const view = currentView(page);
  const file = cursor.square.charCodeAt(0) - 97;
  const rank = Number(cursor.square.slice(1)) - 1;
  const flip = page.flipped ? -1 : 1;
  const step = ARROWS[event.key];
  if (step) {
    const [df, dr] = step;
    const f = Math.min(view.width - 1, Math.max(0, file + df * flip));
    const r = Math.min(view.height - 1, Math.max(0, rank + dr * flip));
    cursor.square = `${String.fromCharCode(97 + f)}${r + 1}`;
    say(squareWords(page, cursor.square));
  } else if (event.key === 'Enter' || event.key === ' ') {
    squareAction(page, cursor.square);
    say(squareWords(page, cursor.square));
  } else if (event.key === 'Escape') {
    page.picker.clear();
    cancelPremove(page);
    say('Pick dropped.');
  } else {
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  page.render();
}

/**
 * Listens to the board: clicks, drags and keys.
 * @param {PlayPage} page
 */
export function attachBoardInput(page) {
  const board = boardElement();
  board.addEventListener('click', (e) => onBoardClick(page, e));
  board.addEventListener('pointerdown', (e) => onPointerDown(page, e));
  document.addEventListener('pointerup', (e) => onPointerUp(page, e));
  board.addEventListener('keydown', (e) => onBoardKey(page, e));
  // No redraw on focus: a press that focuses the board must not replace the square it is on
  // before its click arrives.
  board.addEventListener('focus', () => say(squareWords(page, page.cursor.square)));
  board.addEventListener('pointerdown', () => { page.cursor.shown = false; }, true);
  board.addEventListener('pointerdown', (e) => { if (e.button === 2) cancelPremove(page); });
  // When the turn comes, a premove waiting is played (if it still fits).
  page.onTurn = () => {
    const text = takePremove(page);
    if (text) submit(page, text);
  };
  board.addEventListener('blur', () => { if (page.cursor.shown) page.render(); });
}
