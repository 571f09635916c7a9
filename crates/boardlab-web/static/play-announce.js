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
 * Says what happened between two states to people who cannot see the board, and plays its
 * sound: a move (a capture), the end of the game.
 * @param {GameState} before
 * @param {GameState} next
 */
export function announceChange(before, next) {
  if (next.ply === before.ply + 1) {
    const mover = next.first === 1 ? (before.ply % 2 === 0 ? 1 : 2) : before.ply % 2 === 0 ? 2 : 1;
    const capture = boardCount(next.view) < boardCount(before.view);
    playSound(capture ? 'capture' : 'move');
    say(`${next.names[mover]} played ${next.moves[next.ply - 1]}${capture ? ', a capture' : ''}.`);
  }
  if (next.result && !before.result) say(`Game over: ${next.result.text}.`);
}
