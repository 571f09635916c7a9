// What the game page says: the message line, and the announcements for people who cannot
// see the board (read by screen readers), with the sound of each move.

import { $ } from './dom.js';
import { playSound } from './sound.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').View} View */

/**
 * Shows a message under the actions (an error in red); an empty text clears it.
 * @param {string} text
 * @param {boolean} [isError]
 */
export function message(text, isError = false) {
  const box = $('#message');
  box.textContent = text || '';
  box.classList.toggle('error', isError);
}

/**
 * Clears the message line if it shows an error: called when a newer state (a move, the
 * connection back) makes the error stale. Other messages (a watcher's note) stay.
 */
export function clearError() {
  const box = $('#message');
  if (!box.classList.contains('error')) return;
  box.textContent = '';
  box.classList.remove('error');
}

/**
 * Says something to screen readers (the polite live region under the board).
 * @param {string} text
 */
export function say(text) {
  $('#announce').textContent = text;
}

/**
 * The number of pieces on the board of a view.
 * @param {View} view
 * @returns {number}
 */
const boardCount = (view) => view.cells.filter((c) => c.piece).length;

/**
 * What one event of the game says, in words (a move is told with its capture, which only
 * the boards before and after show).
 * @param {import('./types.js').GameEvent} event
 * @param {GameState} next
 * @param {boolean} capture
 * @returns {string}
 */
function eventWords(event, next, capture) {
  switch (event.kind) {
    case 'moved': return `${next.names[event.seat]} played ${event.text}${capture ? ', a capture' : ''}.`;
    case 'ended': return `Game over: ${event.text}.`;
    case 'draw_offered': return `${next.names[event.by]} offers a draw.`;
    case 'takeback_asked': return `${next.names[event.by]} asks to take back their last move.`;
    case 'offers_withdrawn': return 'The offer was withdrawn or declined.';
    case 'taken_back': return `Moves taken back: the game is at move ${event.ply} again.`;
    case 'rematch_made': return 'A rematch is ready.';
  }
}

/**
 * Says what happened between two states to people who cannot see the board, and plays its
 * sound: from the events the server sent with the new state (a move, a capture, an offer,
 * a takeback, the end of the game), or, for a state without them, from the two states.
 * @param {GameState} before
 * @param {GameState} next
 */
export function announceChange(before, next) {
  const events = next.version > before.version ? next.events ?? [] : [];
  if (events.length > 0) {
    const capture = boardCount(next.view) < boardCount(before.view);
    const moved = events.some((e) => e.kind === 'moved');
    if (moved) playSound(capture ? 'capture' : 'move');
    say(events.map((e) => eventWords(e, next, capture && e.kind === 'moved')).join(' '));
    return;
  }
  if (next.ply === before.ply + 1) {
    const mover = next.first === 1 ? (before.ply % 2 === 0 ? 1 : 2) : before.ply % 2 === 0 ? 2 : 1;
    const capture = boardCount(next.view) < boardCount(before.view);
    playSound(capture ? 'capture' : 'move');
    say(`${next.names[mover]} played ${next.moves[next.ply - 1]}${capture ? ', a capture' : ''}.`);
  }
  if (next.result && !before.result) say(`Game over: ${next.result.text}.`);
}
