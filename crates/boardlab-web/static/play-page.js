// The game page's state: one object that every part of the page reads and changes, passed to
// each explicitly (no module keeps state of its own), and the questions asked of it.

import { notifyTurn } from './notify.js';
import { Picker } from './moves.js';
import { announceChange, clearError, message } from './play-announce.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Card} Card */

/**
 * Who this page plays for: the game, and the seats whose links it was opened with.
 * @typedef {object} Seats
 * @property {string} id The game's id.
 * @property {Record<number, string>} tokens The token of each seat held, by seat number.
 * @property {number[]} mySeats The seats held: none for a watcher, both at one screen.
 */

/**
 * Everything the game page knows and has chosen.
 * @typedef {object} PlayPage
 * @property {string} id The game's id.
 * @property {Record<number, string>} tokens The token of each seat held.
 * @property {number[]} mySeats The seats held.
 * @property {GameState} state The newest state of the game the server sent.
 * @property {Card} game The game's entry in the catalog: its title and look.
 * @property {number | null} shownPly The ply shown, when going through the moves; null: follow the game live.
 * @property {View | null} shownView The board at `shownPly`.
 * @property {boolean} flipped Whether Player 2 sits at the bottom.
 * @property {Picker} picker The move being chosen, among the legal moves.
 * @property {Set<string> | null} hints Squares to ring after a click on a piece that cannot move (the pieces that can).
 * @property {boolean} sending Whether a move is on its way to the server.
 * @property {{ square: string, shown: boolean }} cursor The keyboard's square, and whether it is shown (the board is played with the keys, not the mouse).
 * @property {{ from: string | null, skipClick: boolean }} drag The square a press picked, and whether the click that follows is spent.
 * @property {{ asked: boolean, ply: number | null }} analysis Whether the analysis was asked for (at one screen), and the ply shown or asked for.
 * @property {{ arrows: string[], marks: string[] }} annotations The player's arrows (`e2-e4`) and marked squares, drawn with the right button.
 * @property {import('./types.js').MoveShape | null} slide A move that arrived, to animate at the next drawing.
 * @property {string | null} sentMove The last move this page sent (it lands where the player put it: no slide).
 * @property {{ from: string, to: string | null } | null} premove The move chosen while the opponent is to move, played when the turn comes.
 * @property {(() => void) | null} onTurn Called when a state makes it this page's turn (to play a premove).
 * @property {Record<number, boolean> | null} online Whether each seat's player is on the game's page (games between people; null elsewhere or before the first answer).
 * @property {{ offline: boolean, stateArrived: number }} connection Whether the live connection is lost (the browser reconnects), and when the last state arrived (performance.now()), for the clocks.
 * @property {() => void} render Draws the page again from this object.
 */

/**
 * The game and seats of the page's address: `/g/{id}#1=token&2=token`.
 * @param {Location} location
 * @returns {Seats}
 */
export function seatsOf(location) {
  const id = location.pathname.split('/')[2];
  /** @type {Record<number, string>} */
  const tokens = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const [seat, token] = part.split('=');
    if ((seat === '1' || seat === '2') && token) tokens[Number(seat)] = token;
  }
  return { id, tokens, mySeats: Object.keys(tokens).map(Number) };
}

/**
 * The page's state for the game's first state and its card; `render` draws it.
 * @param {Seats} seats
 * @param {GameState} state
 * @param {Card} game
 * @param {(page: PlayPage) => void} render
 * @returns {PlayPage}
 */
export function createPage(seats, state, game, render) {
  /** @type {PlayPage} */
  const page = {
    ...seats,
    state,
    game,
    shownPly: null,
    shownView: null,
    flipped: seats.mySeats.length === 1 && seats.mySeats[0] === 2,
    picker: new Picker(state.legal_moves),
    hints: null,
    sending: false,
    cursor: { square: 'a1', shown: false },
    drag: { from: null, skipClick: false },
    analysis: { asked: false, ply: null },
    annotations: { arrows: [], marks: [] },
    premove: null,
    onTurn: null,
    slide: null,
    sentMove: null,
    online: null,
    connection: { offline: false, stateArrived: performance.now() },
    render: () => render(page),
  };
  return page;
}

/**
 * Whether the page follows the game live (no earlier position shown).
 * @param {PlayPage} page
 * @returns {boolean}
 */
export const isLive = (page) => page.shownPly === null || page.shownPly === page.state.ply;

/**
 * The ply shown: the live one unless the moves are gone through.
 * @param {PlayPage} page
 * @returns {number}
 */
export const shownPly = (page) => page.shownPly ?? page.state.ply;

/**
 * The board shown.
 * @param {PlayPage} page
 * @returns {View}
 */
export const currentView = (page) =>
  isLive(page) ? page.state.view : /** @type {View} */ (page.shownView);

/**
 * Whether this page may play a move now: live, the game on, no move on its way, and the
 * seat to move held.
 * @param {PlayPage} page
 * @returns {boolean}
 */
export const canMove = (page) =>
  isLive(page) && !page.state.result && !page.sending && page.tokens[page.state.view.to_move] !== undefined;

/**
 * Who sits in a seat, as this page says it: `you`, `this screen`, or the seat's label with
 * its brackets read out (`bot (level 15)` → `bot, level 15`), so that it never nests in the
 * side's name (`Black (Player 2)`).
 * @param {PlayPage} page
 * @param {number} seat
 * @returns {string}
 */
export function seatWord(page, seat) {
  if (page.tokens[seat] !== undefined) return page.mySeats.length === 2 ? 'this screen' : 'you';
  return page.state.seats[seat].replace(/\s*\(([^()]*)\)/g, ', $1');
}

/**
 * A side and who plays it, in one readable line: `Black (Player 2) — bot, level 15`.
 * @param {PlayPage} page
 * @param {number} seat
 * @returns {string}
 */
export const sideAndSeat = (page, seat) => `${page.state.names[seat]} \u2014 ${seatWord(page, seat)}`;

/**
 * The seat this page acts for in offers and takebacks: the one to move if it holds it.
 * @param {PlayPage} page
 * @returns {number}
 */
export function actingSeat(page) {
  const toMove = page.state.view.to_move;
  return page.tokens[toMove] !== undefined ? toMove : page.mySeats[0];
}

/**
 * Takes a state from the server (an answer or a live update) unless it is older than the
 * one shown; says what happened, and draws the page.
 * @param {PlayPage} page
 * @param {GameState} next
 */
export function acceptState(page, next) {
  const state = page.state;
  if (next.version < state.version) return; // an older update arriving late
  announceChange(state, next);
  const mine = page.mySeats.length === 1 ? page.mySeats[0] : null;
  if (document.hidden && mine !== null && !next.result && next.view.to_move === mine && state.view.to_move !== mine) {
    notifyTurn(`Your turn: ${page.game.title}`, location.href);
  }
  page.connection.stateArrived = performance.now();
  const changed = next.ply !== state.ply || next.moves.join() !== state.moves.join() || !!next.result !== !!state.result;
  page.state = next;
  if (changed) {
    const last = next.played_moves[next.ply - 1];
    page.slide = next.ply === state.ply + 1 && last && last.text !== page.sentMove ? last : null;
    page.sentMove = null;
    page.annotations = { arrows: [], marks: [] };
    page.picker = new Picker(next.legal_moves);
    page.analysis.ply = null;
    if (page.shownPly !== null && page.shownPly >= next.ply - 1) page.shownPly = null;
    if (page.hints) message('');
    // An error said before this move (a refused move, a lost connection) is stale now.
    clearError();
    page.hints = null;
  }
  page.render();
  if (changed && page.premove && canMove(page)) page.onTurn?.();
}
