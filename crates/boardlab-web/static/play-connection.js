// The game page's connection to the server: the first state and the game's card, then live
// updates by server-sent events. The browser reconnects on its own; meanwhile the page says
// so, and it says when the connection is back (the first event then brings the state up to
// date).

import * as api from './api.js';
import { $ } from './dom.js';
import { clearError } from './play-announce.js';
import { acceptState } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */
/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Card} Card */

/**
 * The game's state now and its card.
 * @param {string} id
 * @returns {Promise<{ state: GameState, game: Card }>}
 */
export async function loadGame(id) {
  const state = await api.gameState(id);
  const game = await api.card(state.game);
  return { state, game };
}

/**
 * Follows the game live: each `state` event is taken, and the loss of the connection and
 * its return are shown.
 * @param {PlayPage} page
 * @returns {EventSource}
 */
export function followGame(page) {
  const events = new EventSource(`/api/games/${page.id}/events`);
  events.addEventListener('state', (e) => acceptState(page, JSON.parse(/** @type {MessageEvent} */ (e).data)));
  events.addEventListener('error', () => {
    if (page.connection.offline) return;
    page.connection.offline = true;
    document.body.dataset.connection = 'lost';
    $('#connection').hidden = false;
    page.render();
  });
  events.addEventListener('open', () => {
    if (!page.connection.offline) return;
    page.connection.offline = false;
    // "Could not reach the server" is stale once the connection is back.
    clearError();
    document.body.dataset.connection = 'ok';
    $('#connection').hidden = true;
    page.render();
  });
  return events;
}
