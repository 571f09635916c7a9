// Draws the whole game page from its state object: each part by its module, and here the
// line that says whose turn it is, the game's status lines and the page's data attributes
// (which the browser tests read).

import { $ } from './dom.js';
import { renderActions } from './play-actions.js';
import { renderAnalysis } from './play-analysis.js';
import { renderBoard, renderBoardText, renderOpenSquares, renderReserves } from './play-board.js';
import { renderClocks } from './play-clocks.js';
import { renderMoveList } from './play-movelist.js';
import { renderInvite } from './play-links.js';
import { renderPlayers } from './play-players.js';
import { canMove, currentView, seatWord } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * Draws the page again from `page`.
 * @param {PlayPage} page
 */
export function render(page) {
  const state = page.state;
  const view = currentView(page);
  document.body.dataset.ply = String(state.ply);
  document.body.dataset.toMove = String(state.view.to_move);
  document.body.dataset.result = state.result ? state.result.score : '';
  document.body.dataset.canMove = canMove(page) ? 'yes' : 'no';
  renderBoard(page, view);
  renderReserves(page, view);
  renderMoveList(page);

  const turn = $('#turn');
  if (state.result) {
    turn.textContent = 'Game over';
  } else {
    const who = state.view.to_move;
    // With the connection lost nobody knows whether the bot still thinks.
    const thinking = state.bot_seat === who && !page.connection.offline ? ' \u2014 thinking\u2026' : '';
    turn.textContent = `${state.names[who]} to move \u2014 ${seatWord(page, who)}${thinking}`;
  }
  turn.dataset.seat = String(state.view.to_move);
  // The tab says whose turn it is, for a player with the game in another tab.
  const mine = !state.result && page.mySeats.length === 1 && page.mySeats[0] === state.view.to_move;
  document.title = `${mine ? '(Your turn) ' : ''}${page.game.title} \u2014 boardlab`;

  renderPlayers(page);
  renderOpenSquares(page, view);
  renderActions(page);
  renderInvite(page);
  renderClocks(page);
  renderAnalysis(page);
  renderBoardText(page, view);
  const status = $('#status');
  status.replaceChildren();
  for (const line of view.status) {
    const li = document.createElement('li');
    li.textContent = line;
    status.appendChild(li);
  }
}
