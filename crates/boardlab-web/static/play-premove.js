// Premoves: while the opponent thinks, the player may choose their next move (a click on
// their piece, then on its target). It is shown on the board and played as soon as the
// turn comes, if it is legal then (and lets the opponent win at once in no way);
// otherwise it is dropped with a note. Escape or a right-button press cancels it.

import { message } from './play-announce.js';
import { isLive } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * The seat this page could premove for: one seat held, live, the opponent to move, the game
 * going on (not at one screen, where both seats move here).
 * @param {PlayPage} page
 * @returns {number | null}
 */
export function premoveSeat(page) {
  const mine = page.mySeats.length === 1 ? page.mySeats[0] : null;
  if (mine === null || !isLive(page) || page.state.result || page.state.view.to_move === mine) return null;
  return mine;
}

/**
 * A click on `sq` while the opponent is to move: picks one's own piece, then its target
 * (another of one's pieces picks that one instead); true when the click was taken.
 * @param {PlayPage} page
 * @param {string} sq
 * @returns {boolean}
 */
export function premoveClick(page, sq) {
  const seat = premoveSeat(page);
  if (seat === null) return false;
  const cell = page.state.view.cells.find((c) => c.sq === sq);
  const own = !!cell && cell.owner === seat;
  const pending = page.premove;
  if (pending && !pending.to && !own) {
    page.premove = { from: pending.from, to: sq };
    message(`Premove ${pending.from} to ${sq}: played when your turn comes, if it is legal then.`);
  } else if (own && pending?.from !== sq) {
    page.premove = { from: sq, to: null };
  } else {
    page.premove = null;
  }
  page.render();
  return true;
}

/**
 * Cancels the premove, if any.
 * @param {PlayPage} page
 */
export function cancelPremove(page) {
  if (!page.premove) return;
  page.premove = null;
  message('Premove cancelled.');
  page.render();
}

/**
 * On one's turn, the legal move the premove chose (the only one from its square to its
 * target), or null, with a note on why it is dropped.
 * @param {PlayPage} page
 * @returns {string | null}
 */
export function takePremove(page) {
  const wanted = page.premove;
  page.premove = null;
  if (!wanted || !wanted.to) return null;
  const fitting = page.state.legal_moves.filter((m) => m.from === wanted.from && m.path[m.path.length - 1] === wanted.to);
  if (fitting.length !== 1) {
    message(`Premove ${wanted.from} to ${wanted.to} dropped: ${fitting.length ? 'more than one move fits it' : 'not a legal move now'}.`);
    return null;
  }
  const text = fitting[0].text;
  if (page.state.warnings?.[text]) {
    message(`Premove ${text} not played: ${page.state.warnings[text]}.`);
    return null;
  }
  return text;
}
