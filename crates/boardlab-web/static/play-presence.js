// Whether each player is on the game's page: this page says so for its seat every few
// seconds and when it leaves (a watcher only asks), and a dot beside each player's line shows it (green:
// online, grey: away), with the words for screen readers. Games against a bot or at one
// screen show no dots: nobody is waiting for someone there.

import * as api from './api.js';
import { $ } from './dom.js';
import { sideAndSeat } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/**
 * Draws each seat's line with its presence dot.
 * @param {PlayPage} page
 * @param {Record<number, boolean>} online
 */
function renderPresence(page, online) {
  const list = $('#players');
  list.hidden = false;
  // The side at the bottom of the board is listed last, next to it.
  const order = page.flipped ? [1, 2] : [2, 1];
  list.replaceChildren(...order.map((seat) => {
    const item = document.createElement('li');
    item.dataset.seat = String(seat);
    item.dataset.online = online[seat] ? 'yes' : 'no';
    const dot = document.createElement('span');
    dot.className = `presence ${online[seat] ? 'online' : 'away'}`;
    dot.setAttribute('aria-hidden', 'true');
    const words = document.createElement('span');
    words.className = 'sr-only';
    words.textContent = online[seat] ? ' (online)' : ' (away)';
    item.append(dot, sideAndSeat(page, seat), words);
    item.title = online[seat] ? 'on this game\u2019s page now' : 'not on this game\u2019s page';
    return item;
  }));
}

/**
 * Says this page's player is here and shows both players' presence, now and every few
 * seconds, in games between people.
 * @param {PlayPage} page
 */
export function attachPresence(page) {
  if (page.state.mode !== 'friend') return;
  /** @type {Record<number, boolean>} */
  let online = { 1: false, 2: false };
  let every = 10000;
  const seat = page.mySeats.length === 1 ? page.mySeats[0] : null;
  const tell = async () => {
    try {
      const answer = await api.presence(page.id, seat === null ? null : { seat, token: page.tokens[seat] });
      online = answer.online;
      every = answer.every_ms;
    } catch {
      // The connection's own notice says when the server cannot be reached.
    }
    renderPresence(page, online);
    setTimeout(tell, every);
  };
  tell();
  // Leaving the page says so at once (a beacon outlives the page).
  if (seat !== null) {
    window.addEventListener('pagehide', () => {
      const body = JSON.stringify({ seat, token: page.tokens[seat], here: false });
      navigator.sendBeacon(`/api/games/${page.id}/presence`, new Blob([body], { type: 'application/json' }));
    });
  }
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) renderPresence(page, online);
  });
  $('#flip').addEventListener('click', () => renderPresence(page, online));
}
