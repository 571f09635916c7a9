// What a player does on the game page besides moves: resign, offer or agree a draw, take
// back, answer the other seat's offers, ask for a rematch, start a new game; and the
// banner of a finished game.

import * as api from './api.js';
import { $, $of, errorText } from './dom.js';
import { message } from './play-announce.js';
import { acceptState, actingSeat } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */
/** @typedef {import('./types.js').GameState} GameState */

/**
 * Whether a seat this page holds has played a move in the game.
 * @param {PlayPage} page
 * @returns {boolean}
 */
function hasMoved(page) {
  const { state, mySeats } = page;
  for (let ply = 0; ply < state.ply; ply++) {
    // Ply 0 is the first mover's; the seats alternate from there.
    const mover = ply % 2 === 0 ? state.first : 3 - state.first;
    if (mySeats.includes(mover)) return true;
  }
  return false;
}

/**
 * The banner of a finished game, the resign button, and takeback, draw and rematch: the
 * buttons, and the other seat's offers with their answers.
 * @param {PlayPage} page
 */
export function renderActions(page) {
  const { state, mySeats } = page;
  const banner = $('#banner');
  banner.hidden = !state.result;
  if (state.result) {
    $('#banner-text').textContent = state.result.text;
    $('#banner-score').textContent = state.result.score;
  }
  $of('#resign', HTMLButtonElement).disabled = !!state.result || mySeats.length === 0;

  const player = mySeats.length > 0;
  const over = !!state.result;
  const friend = state.mode === 'friend' && mySeats.length === 1;
  const me = mySeats[0];
  const other = 3 - me;
  const takeback = $of('#takeback', HTMLButtonElement);
  takeback.hidden = !player;
  // Nothing to take back before this page's side has moved (at ply 0, or while the first
  // move was the other side's): the button stays in its place, disabled.
  takeback.disabled = over || !hasMoved(page) || page.sending;
  takeback.textContent = friend ? 'Ask to take back' : 'Take back';
  const draw = $of('#draw', HTMLButtonElement);
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

/**
 * Runs a seat action (draw, takeback, decline) and shows the new state or the error.
 * @param {PlayPage} page
 * @param {import('./api.js').SeatCall<GameState>} call
 */
async function seatAction(page, call) {
  const seat = actingSeat(page);
  try {
    page.picker.clear();
    page.hints = null;
    acceptState(page, await call(page.id, seat, page.tokens[seat]));
  } catch (e) {
    message(errorText(e), true);
  }
}

/**
 * Starts a game like this one (the same game, opponent, side, rules and time control) and
 * goes to it.
 * @param {PlayPage} page
 */
async function newGame(page) {
  const { state, mySeats } = page;
  const side = mySeats.length === 1 ? String(mySeats[0]) : '1';
  /** @type {Record<string, unknown>} */
  const request = { game: state.game, opponent: state.mode, side, rules: state.rules };
  if (state.bot_level) request.level = state.bot_level;
  if (state.clock) request.clock = state.clock.control;
  try {
    const created = await api.createGame(request);
    if (created.links.invite) sessionStorage.setItem(`invite:${created.id}`, created.links.invite);
    location.href = created.links.play;
  } catch (e) {
    message(`No new game: ${errorText(e)}`, true);
  }
}

/**
 * Listens to the action buttons.
 * @param {PlayPage} page
 */
export function attachActions(page) {
  $('#new-game').addEventListener('click', () => newGame(page));
  $('#banner-new').addEventListener('click', () => newGame(page));
  $('#takeback').addEventListener('click', () => seatAction(page, api.takeback));
  $('#draw').addEventListener('click', () => seatAction(page, api.offerDraw));
  $('#offer-accept').addEventListener('click', () =>
    seatAction(page, $('#offer').dataset.accept === 'draw' ? api.offerDraw : api.takeback));
  $('#offer-decline').addEventListener('click', () => seatAction(page, api.decline));
  $('#rematch').addEventListener('click', async () => {
    const seat = page.mySeats[0];
    try {
      const next = await api.rematch(page.id, seat, page.tokens[seat]);
      location.href = next.link;
    } catch (e) {
      message(errorText(e), true);
    }
  });
  $('#resign').addEventListener('click', async () => {
    const seat = actingSeat(page);
    if (!confirm(`Resign for ${page.state.names[seat]}?`)) return;
    try {
      acceptState(page, await api.resign(page.id, seat, page.tokens[seat]));
    } catch (e) {
      message(errorText(e), true);
    }
  });
}
